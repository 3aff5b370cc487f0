//! Every chapter of the tutorial played as a program in a real terminal (tmux): the
//! dungeon shows, keys walk, `q` quits and gives the terminal back with exit code 0.
//! (`tutorial_chapters.rs` plays the same code headless.)
#![cfg(unix)]

use std::path::PathBuf;

use torchlit_testkit::tmux::Tmux;

/// `target/<profile>/examples/NAME`: `cargo test` builds every example (as a plain
/// program) beside the test binaries (`target/<profile>/deps`).
fn example(name: &str) -> Option<String> {
    let exe = std::env::current_exe().ok()?;
    let dir: PathBuf = exe.parent()?.parent()?.join("examples");
    let path = dir.join(name);
    path.is_file().then(|| path.to_string_lossy().into_owned())
}

/// The HP on the status row, if shown.
fn hp(screen: &str) -> Option<&str> {
    let line = screen.lines().find(|l| l.contains("HP: "))?;
    line.split("HP: ").nth(1)?.split_whitespace().next()
}

/// Plays example `name` with seed 7 in tmux: `first` is text of the first screen.
fn play(name: &str, first: &str) {
    let Some(program) = example(name) else {
        assert!(std::env::var_os("CI").is_none(), "the {name} example was not built");
        eprintln!("note: skipping {name}: build the example first (cargo test builds it)");
        return;
    };
    let Some(t) = Tmux::start(name, &program, &["--seed", "7"]) else { return };
    let screen = t.wait_for(first, |s| s.contains(first));
    assert!(screen.contains('@'), "{name}: the player is drawn:\n{screen}");
    if first.starts_with("HP") {
        assert_eq!(hp(&screen), Some("30/30"), "{screen}");
    }
    // Walk about: every key answers (a step, a fight or "That way is blocked.").
    for key in ["h", "h", "k", "k", "l", "j", "5"] {
        t.press(&[key]);
    }
    t.wait_for("the game to answer", |s| s.contains('@') || s.contains("You died!"));
    t.press(&["q"]);
    t.assert_exited_with(0);
}

#[test]
fn every_chapter_plays_in_a_terminal_and_quits_cleanly() {
    play("tutorial_1_map", "q quits");
    play("tutorial_2_fov", "q quits");
    play("tutorial_3_monsters", "q quits");
    play("tutorial_4_combat", "HP: ");
    play("tutorial", "yet another dungeon");
}
