//! The tutorial example played in a real terminal (tmux): the dungeon and the log show,
//! a key walks, `q` quits and gives the terminal back.
#![cfg(unix)]

use std::path::PathBuf;

use torchlit_testkit::tmux::Tmux;

/// The example's own code, compiled into this test so its unit tests (`game::tests`) run
/// without a terminal. (An example with `test = true` is built only as a test harness, and then
/// `cargo test` leaves no runnable `examples/tutorial` for the tmux test below.)
#[allow(dead_code)]
#[path = "../examples/tutorial.rs"]
mod game;

/// `target/<profile>/examples/tutorial`: `cargo test` builds every example (as a plain
/// program) beside the test binaries (`target/<profile>/deps`).
fn tutorial() -> Option<String> {
    let exe = std::env::current_exe().ok()?;
    let dir: PathBuf = exe.parent()?.parent()?.join("examples");
    let path = dir.join("tutorial");
    path.is_file().then(|| path.to_string_lossy().into_owned())
}

/// The HP on the status row, if shown.
fn hp(screen: &str) -> Option<&str> {
    let line = screen.lines().find(|l| l.contains("HP: "))?;
    line.split("HP: ").nth(1)?.split_whitespace().next()
}

#[test]
fn the_tutorial_plays_in_a_terminal_and_quits_cleanly() {
    let Some(program) = tutorial() else {
        assert!(std::env::var_os("CI").is_none(), "the tutorial example was not built");
        eprintln!("note: skipping: build the example first (cargo test builds it)");
        return;
    };
    let Some(t) = Tmux::start("tutorial", &program, &["--seed", "7"]) else { return };
    let screen = t.wait_for("the welcome message", |s| s.contains("yet another dungeon"));
    assert_eq!(hp(&screen), Some("30/30"), "{screen}");
    assert!(screen.contains('@'), "the player is drawn:\n{screen}");
    // Walk about: every key answers (a step, a fight or "That way is blocked.").
    for key in ["h", "h", "k", "k", "l", "j", "5"] {
        t.press(&[key]);
    }
    t.wait_for("the game to answer", |s| s.contains('@') || s.contains("You died!"));
    t.press(&["q"]);
    t.assert_exited_with(0);
}
