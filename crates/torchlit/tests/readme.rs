//! The project README's "Use the libraries" example is the crate README's, which is
//! compiled and run as a doctest: this keeps the two the same.

/// The first ```rust block of a markdown text.
fn rust_block(markdown: &str) -> Option<&str> {
    let start = markdown.find("```rust\n")? + "```rust\n".len();
    let len = markdown[start..].find("```")?;
    Some(&markdown[start..start + len])
}

#[test]
fn the_project_readme_shows_the_compiled_example() {
    let crate_readme = include_str!("../README.md");
    let project_readme = include_str!("../../../README.md");
    let code = rust_block(crate_readme).expect("the crate README has a rust block");
    assert_eq!(rust_block(project_readme), Some(code), "README.md 'Use the libraries'");
}
