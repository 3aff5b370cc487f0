//! Hostile surroundings for the binary: no terminal, an unwritable data dir, broken
//! configs, endless inputs.

mod common;

use std::process::{Command, Output};

use common::{stderr, torchlit};

fn scratch() -> tempfile::TempDir {
    tempfile::tempdir().expect("a temporary directory")
}

/// Runs `torchlit ARGS` with stdin from /dev/null (no terminal anywhere).
fn run(args: &[&str]) -> Output {
    let home = scratch();
    Command::new(env!("CARGO_BIN_EXE_torchlit"))
        .args(args)
        .env("XDG_CONFIG_HOME", home.path().join("config"))
        .env("XDG_DATA_HOME", home.path().join("data"))
        .env("HOME", home.path())
        .stdin(std::process::Stdio::null())
        .output()
        .expect("the binary runs")
}

#[test]
fn play_without_a_terminal_says_it_needs_one() {
    let dir = scratch();
    let data = dir.path().to_string_lossy().into_owned();
    for mode in ["ultima", "maze", "caves", "overworld"] {
        let out = run(&["--data-dir", &data, "play", mode]);
        assert_eq!(out.status.code(), Some(2), "{mode}");
        assert!(stderr(&out).contains("`play` needs a terminal"), "{mode}: {}", stderr(&out));
    }
    let out = run(&["--data-dir", &data]);
    assert!(stderr(&out).contains("`play` needs a terminal"), "{}", stderr(&out));
}

#[test]
fn an_unwritable_data_dir_warns_and_goes_on_with_the_defaults() {
    let dir = scratch();
    let file = dir.path().join("plain-file");
    std::fs::write(&file, "x").expect("written");
    let data = file.join("data").to_string_lossy().into_owned();
    let out = run(&["--data-dir", &data, "play", "maze"]);
    let err = stderr(&out);
    assert!(err.contains("warning") && err.contains("built-in settings"), "{err}");
    assert!(err.contains("`play` needs a terminal"), "it went on: {err}");
    let out = run(&["--data-dir", &data, "gen", "overworld", "--size", "30", "--seed", "1"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("warning"));
}

#[test]
fn play_ultima_reads_the_config_file() {
    let dir = scratch();
    let data = dir.path().to_string_lossy().into_owned();
    let config = dir.path().join("c.toml");
    let config_arg = config.to_string_lossy().into_owned();
    std::fs::write(&config, "[keys.ultima]\nnorth = [\"Alt-x\"]\n").expect("written");
    let out = run(&["--data-dir", &data, "--config", &config_arg, "play", "ultima"]);
    assert!(stderr(&out).contains("c.toml:2:10: keys.ultima.north: key Alt-x"), "{}", stderr(&out));
    std::fs::write(&config, "[keys.ultima]\nnorht = [\"x\"]\n").expect("written");
    let out = run(&["--data-dir", &data, "--config", &config_arg, "play", "ultima"]);
    assert!(
        stderr(&out).contains("c.toml:2:1: keys.ultima: unknown ultima action"),
        "{}",
        stderr(&out)
    );
    std::fs::write(&config, "[play]\nsave_frequency = 0\n").expect("written");
    let out = run(&["--data-dir", &data, "--config", &config_arg, "play", "ultima"]);
    assert!(stderr(&out).contains("c.toml:2:18"), "{}", stderr(&out));
    let _ = torchlit; // the shared runner is for the other files
}
