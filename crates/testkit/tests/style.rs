//! House rules the compiler does not check, over every crate's `src/` (tests excluded).

use std::path::{Path, PathBuf};

/// The longest a function may be, in lines, outside `#[cfg(test)]` modules.
const MAX_FN_LINES: usize = 80;

/// The longest a source file in a crate's `src/` may be, in lines, tests included: a
/// longer one holds several concerns (split it into modules by page or concern).
const MAX_FILE_LINES: usize = 800;

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The name of the function declared on `line` (`fn`, `pub fn`, `pub(crate) const fn`...).
fn declared_fn(line: &str) -> Option<&str> {
    let mut rest = line.trim_start();
    for prefix in ["pub(crate) ", "pub(super) ", "pub ", "const ", "async "] {
        rest = rest.strip_prefix(prefix).unwrap_or(rest);
    }
    let rest = rest.strip_prefix("fn ")?;
    let end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(rest.len());
    Some(&rest[..end])
}

/// Functions over [`MAX_FN_LINES`] in `text`, before its `#[cfg(test)]` line: (lines, name).
/// A function ends at the first line that is its indentation followed by `}`.
fn long_functions(text: &str) -> Vec<(usize, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let cut = lines.iter().position(|l| l.trim() == "#[cfg(test)]").unwrap_or(lines.len());
    let mut long = Vec::new();
    let mut i = 0;
    while i < cut {
        if let Some(name) = declared_fn(lines[i]) {
            // A declaration without a body (a trait's required method) ends at its `;`.
            let head =
                (i..cut).find(|&j| lines[j].contains('{') || lines[j].trim_end().ends_with(';'));
            if let Some(j) = head.filter(|&j| !lines[j].contains('{')) {
                i = j + 1;
                continue;
            }
            let indent = &lines[i][..lines[i].len() - lines[i].trim_start().len()];
            let close = format!("{indent}}}");
            let end = (i + 1..cut).find(|&j| lines[j].trim_end() == close).unwrap_or(cut);
            if end - i + 1 > MAX_FN_LINES {
                long.push((end - i + 1, name.to_string()));
            }
            i = end;
        }
        i += 1;
    }
    long
}

/// Every `.rs` file under `crates/*/src`.
fn source_files() -> Vec<PathBuf> {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for entry in std::fs::read_dir(&crates).expect("the crates folder").flatten() {
        rust_files(&entry.path().join("src"), &mut files);
    }
    assert!(files.len() > 50, "found only {} source files", files.len());
    files
}

#[test]
fn no_source_file_is_over_800_lines() {
    let mut long: Vec<String> = source_files()
        .into_iter()
        .filter_map(|file| {
            let n = std::fs::read_to_string(&file).expect("a source file").lines().count();
            (n > MAX_FILE_LINES).then(|| format!("{n} lines: {}", file.display()))
        })
        .collect();
    long.sort();
    assert!(long.is_empty(), "source files over {MAX_FILE_LINES} lines:\n{}", long.join("\n"));
}

#[test]
fn no_function_outside_tests_is_over_80_lines() {
    let files = source_files();
    let mut long = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a source file");
        for (n, name) in long_functions(&text) {
            long.push(format!("{n} lines: {} {name}", file.display()));
        }
    }
    assert!(long.is_empty(), "functions over {MAX_FN_LINES} lines:\n{}", long.join("\n"));
}

#[test]
fn the_length_check_counts_a_long_function_and_skips_tests() {
    let body = "    let x = 1;\n".repeat(80);
    let text = format!("pub(crate) fn long() {{\n{body}}}\nfn short() {{\n}}\n");
    assert_eq!(long_functions(&text), vec![(82, "long".to_string())]);
    let declared = "trait T {\n    fn a(&self)\n        -> u8;\n".to_string()
        + &"    fn b(&self);\n".repeat(90)
        + "}\n";
    assert!(long_functions(&declared).is_empty(), "declarations have no body to measure");
    let tested = format!("#[cfg(test)]\n{text}");
    assert!(long_functions(&tested).is_empty());
}
