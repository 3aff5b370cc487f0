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
    assert!(
        stderr(&out).contains("c.toml:2:10: keys.ultima.north: key \"Alt-x\" can't be bound"),
        "{}",
        stderr(&out)
    );
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

#[cfg(unix)]
#[test]
fn endless_files_are_refused_at_their_cap() {
    let started = std::time::Instant::now();
    let out = run(&["fov", "/dev/zero", "--from", "0,0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("larger than 16 MiB"), "{}", stderr(&out));
    let out = run(&["--config", "/dev/zero", "play", "maze"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("larger than 1048576 bytes"), "{}", stderr(&out));
    // Not a timing assertion: a guard against reading until memory runs out.
    assert!(started.elapsed() < std::time::Duration::from_secs(60));
}

#[test]
fn a_two_billion_cell_line_streams() {
    use std::io::Read;
    let mut child = Command::new(env!("CARGO_BIN_EXE_torchlit"))
        .args(["line", "0,0", "2000000000,0"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut first = [0u8; 64];
    let mut stdout = child.stdout.take().expect("piped");
    stdout.read_exact(&mut first).expect("the first cells come at once");
    assert!(first.starts_with(b"0,0 1,0 2,0 3,0"), "{}", String::from_utf8_lossy(&first));
    drop(stdout); // the reader stops, like `| head`
    let status = child.wait().expect("it ends");
    let mut err = String::new();
    let _ = child.stderr.take().map(|mut e| e.read_to_string(&mut err));
    assert!(status.success() && err.is_empty(), "{status}: {err}");
}

#[test]
fn a_huge_action_name_is_quoted_short() {
    let dir = scratch();
    let data = dir.path().to_string_lossy().into_owned();
    let config = dir.path().join("c.toml");
    let config_arg = config.to_string_lossy().into_owned();
    for mode in ["caves", "maze", "overworld", "ultima"] {
        let text = format!("[keys.{mode}]\n{} = [\"x\"]\n", "a".repeat(100_000));
        std::fs::write(&config, text).expect("written");
        let out = run(&["--data-dir", &data, "--config", &config_arg, "play", mode]);
        let err = stderr(&out);
        assert!(
            err.contains("c.toml:2:1") && err.len() < 600,
            "{mode}: {} bytes: {err:.300}",
            err.len()
        );
    }
}

#[test]
fn without_a_data_dir_the_config_goes_under_home_so_tests_can_move_it() {
    // The default paths come from HOME (and the XDG variables): a test that sets HOME
    // never touches the real one. `gen overworld` reads the config, so it writes the
    // template where the default paths point.
    let home = scratch();
    let out = Command::new(env!("CARGO_BIN_EXE_torchlit"))
        .args(["gen", "overworld", "--seed", "1", "--regions", "0,0..0,0"])
        .env("HOME", home.path())
        .env_remove("XDG_CONFIG_HOME")
        .env_remove("XDG_DATA_HOME")
        .stdin(std::process::Stdio::null())
        .output()
        .expect("the binary runs");
    assert!(out.status.success(), "{}", stderr(&out));
    let template = home.path().join(".config").join("torchlit").join("torchlit.toml");
    assert!(template.is_file(), "{} was not written", template.display());
}
