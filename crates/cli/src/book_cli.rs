//! The book's command-line reference (`docs/book/src/reference/cli.md`) is every
//! subcommand's long `--help`, rendered from the clap definitions in `args.rs`: this test
//! fails when the committed page differs, and `TORCHLIT_BLESS=1` rewrites it.

use std::fmt::Write as _;
use std::path::PathBuf;

use clap::CommandFactory;

use crate::args::Cli;

/// The page: a heading and a fenced block per command, the top-level command first, then
/// every subcommand (depth first, in clap's order).
fn render_page() -> String {
    let mut out = String::from(
        "# Command line\n\n\
         <!-- Generated from the clap definitions (crates/cli/src/args.rs) by\n\
         `cargo test -p torchlit-cli --bin torchlit book_cli`; do not edit.\n\
         `TORCHLIT_BLESS=1` on that command rewrites this page. -->\n\n\
         Every command's `--help`, as `torchlit` prints it. The [command-line overview]\
         (cli-overview.md) shows them with examples.\n",
    );
    let mut root = Cli::command().term_width(100);
    root.build();
    let mut stack = vec![(String::from("torchlit"), root)];
    while let Some((path, mut cmd)) = stack.pop() {
        let help = cmd.render_long_help().to_string();
        let _ = write!(out, "\n## `{path}`\n\n```text\n{}\n```\n", help.trim_end());
        let subs: Vec<_> = cmd
            .get_subcommands()
            .filter(|s| s.get_name() != "help")
            .map(|s| (format!("{path} {}", s.get_name()), s.clone()))
            .collect();
        stack.extend(subs.into_iter().rev());
    }
    out
}

#[test]
fn the_books_command_line_page_is_what_clap_renders() {
    let page =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/book/src/reference/cli.md");
    let want = render_page();
    if std::env::var_os("TORCHLIT_BLESS").is_some() {
        std::fs::write(&page, &want).expect("write the command-line page");
        return;
    }
    let have = std::fs::read_to_string(&page).unwrap_or_default();
    assert!(
        have == want,
        "{} differs from the clap definitions; rerun with TORCHLIT_BLESS=1 to rewrite it",
        page.display()
    );
}
