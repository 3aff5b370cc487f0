//! The book's config page (`docs/book/src/playing/config.md`) lists every key of the
//! config file with its default and the comment above it, generated from the same
//! `defaults.toml` the file's own template is made of (`Config::template`), so the two
//! can't drift: this test fails when the committed page differs, and `TORCHLIT_BLESS=1`
//! rewrites it.

use std::fmt::Write as _;
use std::path::PathBuf;

use torchlit_save::DEFAULTS_TOML;

/// One table of the page: its header text, its introduction and its keys.
#[derive(Default)]
struct Section {
    name: String,
    intro: Vec<String>,
    keys: Vec<(String, String, Vec<String>)>,
}

/// Splits `defaults.toml` into its preamble and its sections. A comment block directly
/// above a key describes it; a block followed by a blank line introduces the section.
fn sections(text: &str) -> (Vec<String>, Vec<Section>) {
    let mut preamble = Vec::new();
    let mut out: Vec<Section> = Vec::new();
    let mut comments: Vec<String> = Vec::new();
    for line in text.lines() {
        let line = line.trim_end();
        if let Some(c) = line.strip_prefix('#') {
            comments.push(c.trim_start().to_string());
        } else if line.is_empty() {
            match out.last_mut() {
                Some(s) => s.intro.append(&mut comments),
                None => preamble.append(&mut comments),
            }
        } else if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            preamble.append(&mut comments);
            out.push(Section { name: name.to_string(), ..Section::default() });
        } else if let Some((key, value)) = line.split_once('=') {
            let section = out.last_mut().expect("defaults.toml: a key before any [section]");
            let doc = std::mem::take(&mut comments);
            section.keys.push((key.trim().to_string(), value.trim().to_string(), doc));
        }
    }
    (preamble, out)
}

/// Markdown table cells may not hold a `|` or a line break.
fn cell(text: &str) -> String {
    text.replace('|', "\\|")
}

fn render_page() -> String {
    let (preamble, sections) = sections(DEFAULTS_TOML);
    let mut out = String::from(
        "# The config file\n\n\
         <!-- Generated from crates/save/src/defaults.toml (the source of the config file's\n\
         own comments) by `cargo test -p torchlit-save --test config_page`; do not edit.\n\
         `TORCHLIT_BLESS=1` on that command rewrites this page. -->\n\n\
         `torchlit.toml` lives in the OS config directory (`~/.config/torchlit/torchlit.toml` \
         on Linux; `<data dir>/torchlit.toml` with `--data-dir`; or the file given with \
         `--config FILE`). torchlit creates it on first run with every setting below \
         commented out at its default: remove the leading `# ` and edit the value to change \
         one. A bad value is an error naming the file, line and column.\n\n",
    );
    let intro: Vec<&str> =
        preamble.iter().skip(1).map(String::as_str).filter(|l| !l.is_empty()).collect();
    let _ = writeln!(out, "{}\n", intro.join(" "));
    for s in &sections {
        let _ = writeln!(out, "## `[{}]`\n", s.name);
        if !s.intro.is_empty() {
            let _ = writeln!(out, "{}\n", s.intro.join(" "));
        }
        let documented = s.keys.iter().any(|(_, _, doc)| !doc.is_empty());
        if documented {
            out.push_str("| key | default | what it does |\n|---|---|---|\n");
        } else {
            out.push_str("| action | default keys |\n|---|---|\n");
        }
        for (key, value, doc) in &s.keys {
            if documented {
                let _ = writeln!(out, "| `{key}` | `{}` | {} |", cell(value), cell(&doc.join(" ")));
            } else {
                let _ = writeln!(out, "| `{key}` | `{}` |", cell(value));
            }
        }
        out.push('\n');
    }
    out.push_str(
        "A `[keys.MODE]` table for another mode (`[keys.caves]`, for one) takes that mode's \
         action names, listed in its chapter ([caves](caves.md), [maze](maze.md)); an entry \
         replaces that action's default keys.\n",
    );
    out
}

#[test]
fn every_key_of_the_template_is_on_the_page_with_its_comment() {
    let template = torchlit_save::Config::template();
    let (_, sections) = sections(DEFAULTS_TOML);
    for s in &sections {
        for (key, value, doc) in &s.keys {
            assert!(template.contains(&format!("# {key} = {value}")), "{key} in the template");
            for line in doc {
                assert!(template.contains(line.as_str()), "{key}'s comment in the template");
            }
        }
    }
    assert!(sections.iter().map(|s| s.keys.len()).sum::<usize>() > 20, "the keys were read");
}

#[test]
fn the_books_config_page_is_what_defaults_toml_says() {
    let page =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/book/src/playing/config.md");
    let want = render_page();
    if std::env::var_os("TORCHLIT_BLESS").is_some() {
        std::fs::write(&page, &want).expect("write the config page");
        return;
    }
    let have = std::fs::read_to_string(&page).unwrap_or_default();
    assert!(
        have == want,
        "{} differs from crates/save/src/defaults.toml; rerun with TORCHLIT_BLESS=1 to rewrite it",
        page.display()
    );
}
