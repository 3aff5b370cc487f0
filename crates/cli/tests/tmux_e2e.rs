//! End to end: the real `torchlit` binary in a real terminal (tmux), driven like a person
//! drives it: wait for the screen, press a key, wait for the screen to change.
//!
//! Each test runs its own tmux server on a private socket (`tmux -L`), so a user's tmux is
//! never touched and parallel tests never share a server. The game runs as
//! `torchlit ...; echo EXITED <status> <raw|cooked>; sleep 10`, so after it quits the pane
//! stays up showing its exit status and whether the tty was left in raw mode.
//!
//! Without tmux the tests are skipped with a note, except on CI (`CI` set), where they fail.
#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// How long to wait for the screen to show something.
const TIMEOUT: Duration = Duration::from_secs(5);
/// How often to look at the screen while waiting.
const POLL: Duration = Duration::from_millis(20);
/// The start of the `ultima` status line (the bottom row of the play screen).
const STATUS: &str = "ultima  (";

/// A tmux server on a private socket with one detached 80x24 session running a command;
/// dropping it kills the session and the server and removes the socket.
struct Tmux {
    socket: String,
    session: String,
    socket_path: Option<PathBuf>,
}

/// Whether tmux can run here; `false` means skip (after a note), and on CI it panics.
fn tmux_available(test: &str) -> bool {
    match Command::new("tmux").arg("-V").output() {
        Ok(o) if o.status.success() => true,
        other => {
            let why = match other {
                Ok(o) => format!("`tmux -V` failed: {}", String::from_utf8_lossy(&o.stderr)),
                Err(e) => format!("cannot run `tmux`: {e}"),
            };
            assert!(
                std::env::var_os("CI").is_none(),
                "{test}: tmux is required on CI (CI is set) but {why}; install tmux \
                 (apt-get install -y tmux)"
            );
            eprintln!("note: skipping {test}: {why} (install tmux to run the terminal tests)");
            false
        }
    }
}

/// Quotes `s` for `sh`.
fn sh_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

/// The absolute path of a file under the workspace's `testdata`.
fn testdata(rel: &str) -> String {
    let p: PathBuf = [env!("CARGO_MANIFEST_DIR"), "..", "..", "testdata", rel].iter().collect();
    let p = p.canonicalize().unwrap_or_else(|e| panic!("testdata {}: {e}", p.display()));
    p.to_str().expect("the testdata path is UTF-8").to_owned()
}

/// The row of `screen` that is the `ultima` status line, if the play screen is up.
fn status_line(screen: &str) -> Option<&str> {
    screen.lines().find(|l| l.starts_with(STATUS))
}

/// Whether `screen` is the title menu.
fn is_title(screen: &str) -> bool {
    screen.contains("u) ultima") && screen.contains("q) quit") && status_line(screen).is_none()
}

impl Tmux {
    /// Starts `torchlit ARGS` in a fresh 80x24 session; `None` when tmux is missing (skip).
    fn start(test: &str, args: &[&str]) -> Option<Tmux> {
        if !tmux_available(test) {
            return None;
        }
        let pid = std::process::id();
        let mut tmux = Tmux {
            socket: format!("torchlit-test-{pid}-{test}"),
            session: format!("torchlit-{pid}-{test}"),
            socket_path: None,
        };
        let mut cmd = vec![sh_quote(env!("CARGO_BIN_EXE_torchlit"))];
        cmd.extend(args.iter().map(|a| sh_quote(a)));
        let shell = format!(
            "{}; s=$?; if stty -a | grep -q -- -icanon; then m=raw; else m=cooked; fi; \
             echo EXITED $s $m; sleep 10",
            cmd.join(" ")
        );
        tmux.run(&["new-session", "-d", "-s", &tmux.session, "-x", "80", "-y", "24", &shell]);
        tmux.socket_path = Some(PathBuf::from(tmux.display("#{socket_path}")));
        assert_eq!(tmux.display("#{pane_width}x#{pane_height}"), "80x24", "the pane size");
        Some(tmux)
    }

    /// A tmux command on this test's server: no user configuration, a known terminal and
    /// shell, and no `$TMUX` from a tmux the tests may be running in.
    fn command(&self) -> Command {
        let mut c = Command::new("tmux");
        c.args(["-L", &self.socket, "-f", "/dev/null"])
            .env("TERM", "xterm-256color")
            .env("SHELL", "/bin/sh")
            .env_remove("TMUX");
        c
    }

    /// Runs `tmux ARGS` and returns its stdout; panics if it fails.
    fn run(&self, args: &[&str]) -> String {
        let o: Output = self
            .command()
            .args(args)
            .output()
            .unwrap_or_else(|e| panic!("cannot run tmux {args:?}: {e}"));
        assert!(
            o.status.success(),
            "tmux {args:?} failed ({}): {}",
            o.status,
            String::from_utf8_lossy(&o.stderr)
        );
        String::from_utf8_lossy(&o.stdout).into_owned()
    }

    /// A tmux format expanded for the session's pane, e.g. `#{alternate_on}`.
    fn display(&self, format: &str) -> String {
        self.run(&["display-message", "-p", "-t", &self.session, format]).trim_end().to_owned()
    }

    /// What the pane shows now (the alternate screen while the game is up).
    fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", &self.session])
    }

    /// Presses keys, by tmux key name (`w`, `+`, `Enter`, `Right`, `C-c`).
    fn press(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", &self.session];
        args.extend_from_slice(keys);
        self.run(&args);
    }

    /// Polls the screen until `ready` holds and returns it; panics with the screen after
    /// [`TIMEOUT`].
    fn wait_for(&self, what: &str, ready: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if ready(&screen) {
                return screen;
            }
            assert!(
                start.elapsed() < TIMEOUT,
                "timed out after {TIMEOUT:?} waiting for {what}; the screen:\n{screen}"
            );
            std::thread::sleep(POLL);
        }
    }

    /// Waits for the play screen's status line to satisfy `ready` and returns that line.
    fn wait_for_status(&self, what: &str, ready: impl Fn(&str) -> bool) -> String {
        let screen = self.wait_for(what, |s| status_line(s).is_some_and(&ready));
        status_line(&screen).expect("the status line was just seen").to_owned()
    }

    /// Waits for torchlit to exit, then checks it exited 0 and gave the terminal back:
    /// the tty is out of raw mode, the alternate screen is off (the shell's screen is back,
    /// holding nothing but the exit line), and the cursor is visible.
    fn assert_exited_cleanly(&self) {
        let screen =
            self.wait_for("torchlit to exit", |s| s.lines().any(|l| l.starts_with("EXITED ")));
        assert_eq!(
            screen.trim(),
            "EXITED 0 cooked",
            "exit status 0, tty out of raw mode, and nothing of the game left on the \
             restored screen; the screen:\n{screen}"
        );
        assert_eq!(self.display("#{alternate_on}"), "0", "the alternate screen is left");
        assert_eq!(self.display("#{cursor_flag}"), "1", "the cursor is shown again");
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        // Best effort, and never a panic while unwinding from a failed assertion.
        let _ = self.command().args(["kill-session", "-t", &self.session]).output();
        let _ = self.command().arg("kill-server").output();
        if let Some(path) = &self.socket_path {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// `play ultima` on the 10x5 seed world.
fn play_10x5(test: &str) -> Option<Tmux> {
    let world = testdata("ultima/10x5.txt");
    assert!(Path::new(&world).is_file(), "{world} exists");
    Tmux::start(test, &["play", "ultima", &world])
}

#[test]
fn play_walks_raises_the_torch_and_quits_restoring_the_terminal() {
    let Some(t) = play_10x5("play_walk_torch_quit") else { return };
    let status = t.wait_for_status("the status line", |_| true);
    assert!(status.contains("(3, 1)"), "the avatar starts at (3, 1): {status:?}");
    assert!(status.contains("torch 4.0"), "the torch starts at 4.0: {status:?}");
    assert!(status.contains("turn 0"), "no turn has passed: {status:?}");

    t.press(&["w"]);
    let status = t.wait_for_status("(3, 2) after w", |l| l.contains("(3, 2)"));
    assert!(status.contains("turn 1"), "a step takes a turn: {status:?}");

    t.press(&["+"]);
    let status = t.wait_for_status("torch 4.5 after +", |l| l.contains("torch 4.5"));
    assert!(status.contains("(3, 2)"), "the torch does not move the avatar: {status:?}");

    t.press(&["q"]);
    t.assert_exited_cleanly();
}

#[test]
fn title_menu_plays_goes_back_and_quits_restoring_the_terminal() {
    let Some(t) = Tmux::start("title_play_back_quit", &[]) else { return };
    t.wait_for("the title menu with ultima and quit", is_title);

    t.press(&["Enter"]);
    let status = t.wait_for_status("the play screen after Enter", |_| true);
    assert!(status.contains("torch 4.0"), "a fresh game: {status:?}");
    assert!(status.contains("turn 0"), "a fresh game: {status:?}");

    t.press(&["q"]);
    t.wait_for("the title menu again after q", is_title);

    t.press(&["q"]);
    t.assert_exited_cleanly();
}

#[test]
fn ctrl_c_quits_play_restoring_the_terminal() {
    let Some(t) = play_10x5("play_ctrl_c") else { return };
    t.wait_for_status("(3, 1) on the status line", |l| l.contains("(3, 1)"));

    // East twice: an arrow key steps onto grass, `d` then bumps into the stone wall.
    t.press(&["Right"]);
    t.wait_for_status("(4, 1) after Right", |l| l.contains("(4, 1)"));
    t.press(&["d"]);
    let screen =
        t.wait_for("the wall to block d", |s| s.contains("The stone wall blocks your way."));
    let status = status_line(&screen).expect("the play screen is up");
    assert!(status.contains("(4, 1)"), "the wall does not let the avatar by: {status:?}");
    assert!(status.contains("turn 1"), "a bump takes no turn: {status:?}");

    t.press(&["C-c"]);
    t.assert_exited_cleanly();
}

#[test]
fn ctrl_c_in_a_game_from_the_title_quits_instead_of_going_back() {
    let Some(t) = Tmux::start("title_ctrl_c", &[]) else { return };
    t.wait_for("the title menu", is_title);
    t.press(&["Enter"]);
    t.wait_for_status("the play screen after Enter", |_| true);

    // `q` would go back to the title; Ctrl-C leaves torchlit at once.
    t.press(&["C-c"]);
    t.assert_exited_cleanly();
}
