//! What the command-line tests share: running the binary as a user would, in scratch
//! config and data directories so no test writes into the user's own.

#![allow(dead_code)] // Each test file uses its own subset.

use std::path::PathBuf;
use std::process::{Command, Output};

/// Runs `torchlit ARGS` with `HOME`, `XDG_CONFIG_HOME` and `XDG_DATA_HOME` in a scratch
/// place of its own (removed after the run), so the default paths never reach the real
/// home.
pub fn torchlit(args: &[&str]) -> Output {
    let scratch =
        tempfile::Builder::new().prefix("torchlit-cli-tests-").tempdir().expect("a scratch home");
    let home = scratch.path();
    Command::new(env!("CARGO_BIN_EXE_torchlit"))
        .args(args)
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .output()
        .expect("the binary runs")
}

/// The path of `testdata/REL` in the repository.
pub fn data(rel: &str) -> String {
    let p: PathBuf = [env!("CARGO_MANIFEST_DIR"), "..", "..", "testdata", rel].iter().collect();
    p.to_string_lossy().into_owned()
}

/// What the run printed on stdout.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// What the run printed on stderr.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}
