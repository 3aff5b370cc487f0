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
    /// The scratch home (config and data), removed after the server is killed.
    _home: tempfile::TempDir,
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
        Tmux::start_after(test, "", args)
    }

    /// [`Tmux::start`] with shell commands (`setup`, ending in `;`) run first, in the
    /// shell that then runs torchlit (a `trap` or `ulimit` torchlit inherits).
    fn start_after(test: &str, setup: &str, args: &[&str]) -> Option<Tmux> {
        if !tmux_available(test) {
            return None;
        }
        let pid = std::process::id();
        // Config and data live in a scratch place, so no test writes into the user's own
        // directories (tests that save pass --data-dir too); removed when dropped, also
        // after a failed assertion.
        let scratch = tempfile::Builder::new()
            .prefix(&format!("torchlit-tmux-{test}-"))
            .tempdir()
            .expect("a scratch home");
        let home = scratch.path().to_path_buf();
        let mut tmux = Tmux {
            socket: format!("torchlit-test-{pid}-{test}"),
            session: format!("torchlit-{pid}-{test}"),
            socket_path: None,
            _home: scratch,
        };
        let env =
            |var: &str, sub: &str| format!("{var}={}", sh_quote(&home.join(sub).to_string_lossy()));
        let mut cmd = vec![
            env("HOME", "."),
            env("XDG_CONFIG_HOME", "config"),
            env("XDG_DATA_HOME", "data"),
            sh_quote(env!("CARGO_BIN_EXE_torchlit")),
        ];
        cmd.extend(args.iter().map(|a| sh_quote(a)));
        let shell = format!(
            "{setup}{}; s=$?; if stty -a | grep -q -- -icanon; then m=raw; else m=cooked; fi; \
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
        self.assert_exited_with(0);
    }

    /// [`Tmux::assert_exited_cleanly`] with exit status `status`.
    fn assert_exited_with(&self, status: i32) {
        let screen =
            self.wait_for("torchlit to exit", |s| s.lines().any(|l| l.starts_with("EXITED ")));
        // A saved caves run leaves one line for the shell (wrapped by the pane): the
        // screen holds that farewell, if any, and the exit line.
        let flat: String = screen.lines().map(str::trim_end).collect();
        let (before, exit) = flat.split_at(flat.find("EXITED ").unwrap_or(0));
        let farewell = before.is_empty()
            || (before.starts_with("The caves run is saved (")
                && before.ends_with("continues it."));
        assert!(
            farewell && exit == format!("EXITED {status} cooked"),
            "exit status 0, tty out of raw mode, and nothing of the game left on the \
             restored screen; the screen:\n{screen}"
        );
        assert_eq!(self.display("#{alternate_on}"), "0", "the alternate screen is left");
        assert_eq!(self.display("#{cursor_flag}"), "1", "the cursor is shown again");
    }
}

impl Tmux {
    /// Sends `signal` (`TERM`, `HUP`, `TSTP`...) to torchlit, the pane shell's child, as
    /// another program (a closing terminal window, `kill`) would.
    fn signal(&self, signal: &str) {
        let shell = self.display("#{pane_pid}");
        let o = Command::new("pkill")
            .args([&format!("-{signal}"), "-P", &shell, "torchlit"])
            .output()
            .expect("pkill runs");
        assert!(o.status.success(), "pkill -{signal} -P {shell} torchlit found no process");
    }
}

impl Tmux {
    /// The pid of torchlit, the pane shell's only child.
    fn torchlit_pid(&self) -> String {
        let shell = self.display("#{pane_pid}");
        let children = std::fs::read_to_string(format!("/proc/{shell}/task/{shell}/children"))
            .unwrap_or_default();
        let pid = children.split_whitespace().next().unwrap_or_default().to_owned();
        assert!(!pid.is_empty(), "the pane shell {shell} has no child");
        pid
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

/// The row (from the top) where the maze hero `@` is drawn, if on screen.
fn hero_row(screen: &str) -> Option<usize> {
    screen.lines().take(22).position(|l| l.contains('@'))
}

/// The `maze` status line (the bottom row: the area title first).
fn maze_status(screen: &str) -> Option<&str> {
    screen.lines().find(|l| l.starts_with("icmaze/"))
}

#[test]
fn maze_first_seconds_dialog_walk_pickaxe_and_reset() {
    let Some(t) =
        Tmux::start("maze_first_seconds", &["play", "maze", "--level", "fixed", "--seed", "1"])
    else {
        return;
    };
    // The welcome dialog, paged with Enter.
    t.wait_for("the welcome dialog", |s| s.contains("Welcome to the maze!") && s.contains("(1/3)"));
    t.press(&["Enter"]);
    t.wait_for("page 2", |s| s.contains("(2/3)") && s.contains("Controls"));
    t.press(&["Enter"]);
    t.wait_for("page 3", |s| s.contains("(3/3)"));
    t.press(&["Enter"]);
    let screen = t.wait_for("the dialog to close", |s| !s.contains("Enter: next"));
    let status = maze_status(&screen).expect("the maze status line");
    assert!(status.contains("icmaze/Spawn") && status.contains("♥♥♥♥♥"), "{status:?}");
    assert!(!status.contains("pickaxe"), "{status:?}");

    // Walk south three cells (two rows each: Spawn is drawn at scale 2) onto the pickaxe.
    let mut row = hero_row(&screen).expect("the hero is drawn");
    for step in 1..=3 {
        t.press(&["s"]);
        let screen = t.wait_for(&format!("step {step} south"), |s| hero_row(s) == Some(row + 2));
        row = hero_row(&screen).expect("the hero");
    }
    let screen = t.wait_for("the pickaxe on the status line", |s| {
        maze_status(s).is_some_and(|l| l.contains("pickaxe"))
    });
    assert!(screen.contains("You take the pickaxe."), "{screen}");

    // Reset: asked first; then the game starts over, the welcome dialog again, empty hands.
    t.press(&["r"]);
    t.wait_for("the reset question", |s| s.contains("Restart the whole game?"));
    t.press(&["y"]);
    let screen = t.wait_for("the dialog after a reset", |s| s.contains("Welcome to the maze!"));
    assert!(maze_status(&screen).is_some_and(|l| !l.contains("pickaxe")), "{screen}");

    // Leaving asks first (a maze run can't be continued): y quits.
    t.press(&["q"]);
    t.wait_for("the quit question", |s| s.contains("y: quit"));
    t.press(&["y"]);
    t.assert_exited_cleanly();
}

#[test]
fn chase_watch_steps_auto_plays_and_quits_restoring_the_terminal() {
    let dungeon = testdata("dungeons/hallway_escape.txt");
    let Some(t) = Tmux::start("chase_watch", &["chase", &dungeon, "--watch"]) else { return };
    let chase_status =
        |s: &str| s.lines().find(|l| l.starts_with("chase  hallway_escape")).map(str::to_owned);
    let screen = t.wait_for("the chase status line", |s| chase_status(s).is_some());
    let status = chase_status(&screen).expect("just seen");
    // The status names each side's letter: "@ Rogue vs B Monster".
    assert!(status.contains("Rogue vs B Monster") && status.contains("turn 0"), "{status:?}");

    t.press(&["Space"]);
    let screen = t
        .wait_for("turn 1 after space", |s| chase_status(s).is_some_and(|l| l.contains("turn 1 ")));
    assert!(screen.contains("Turn 1:"), "the turn is told:\n{screen}");

    // Auto-play runs to the end: the hero escapes around the hallway loop.
    t.press(&["+", "+", "+", "p"]);
    t.wait_for("the hero to escape", |s| s.contains("The hero escapes"));

    t.press(&["q"]);
    t.assert_exited_cleanly();
}

/// The `caves` status line (the bottom row), if the play screen is up.
fn caves_status(screen: &str) -> Option<&str> {
    screen.lines().find(|l| l.starts_with("Depth "))
}

/// The turn on the `caves` status line.
fn caves_turn(screen: &str) -> Option<u64> {
    let status = caves_status(screen)?;
    let rest = status.split("Turn ").nth(1)?;
    rest.split_whitespace().next()?.parse().ok()
}

/// A fresh, empty data directory for one test (removed when dropped, also after a failed
/// assertion).
struct DataDir(tempfile::TempDir);

impl DataDir {
    fn new(test: &str) -> DataDir {
        let dir = tempfile::Builder::new()
            .prefix(&format!("torchlit-e2e-{test}-"))
            .tempdir()
            .expect("a temporary data directory");
        DataDir(dir)
    }

    fn arg(&self) -> &str {
        self.0.path().to_str().expect("the temporary path is UTF-8")
    }
}

#[test]
fn caves_explores_looks_saves_and_continues_from_the_title() {
    let data = DataDir::new("caves_save");
    let args = ["--data-dir", data.arg(), "play", "caves", "--seed", "42"];
    let Some(t) = Tmux::start("caves_play", &args) else { return };
    let screen = t.wait_for("the caves status line", |s| caves_status(s).is_some());
    let status = caves_status(&screen).expect("just seen");
    assert!(status.contains("Depth 1/5") && status.contains("Seed 42"), "{status:?}");
    assert!(status.contains("HP 100/100") && status.contains("Turn 0"), "{status:?}");

    // A step east, then auto-explore until it stops by itself.
    t.press(&["l"]);
    t.wait_for("turn 1", |s| caves_turn(s) == Some(1));
    t.press(&["o"]);
    let screen = t.wait_for("auto-explore to walk", |s| caves_turn(s).is_some_and(|n| n > 1));
    assert!(caves_status(&screen).is_some());
    // Auto-explore runs on ticks until something stops it; a key pressed while it runs
    // only stops it. Wait until the turn holds still.
    let start = Instant::now();
    let mut last = caves_turn(&screen);
    loop {
        std::thread::sleep(Duration::from_millis(300));
        let now = caves_turn(&t.screen());
        if now == last {
            break;
        }
        assert!(start.elapsed() < TIMEOUT * 4, "auto-explore never stopped");
        last = now;
    }

    // The screens of the brief: inventory, help, look, history.
    t.press(&["i"]);
    t.wait_for("the inventory", |s| s.contains("You are carrying"));
    // (Esc and the next key are pressed apart: together a terminal reads them as Alt.)
    let closed = |s: &str| caves_status(s).is_some() && !s.contains("You are carrying");
    t.press(&["Escape"]);
    t.wait_for("the inventory to close", closed);
    t.press(&["?"]);
    t.wait_for("the help", |s| s.contains("caves keys") && s.contains("Ctrl-P"));
    t.press(&["Escape"]);
    t.wait_for("the help to close", |s| caves_status(s).is_some());
    t.press(&["x"]);
    t.wait_for("look mode", |s| s.contains("Look: move the cursor"));
    t.press(&["Escape"]);
    t.wait_for("look mode to end", |s| !s.contains("Look: move the cursor"));
    t.press(&["C-p"]);
    t.wait_for("the message history", |s| s.contains("Message history"));
    t.press(&["Escape"]);
    let screen = t.wait_for("the play screen again", |s| caves_status(s).is_some());
    let turn = caves_turn(&screen).expect("a turn");

    // S saves and quits (started with `play`: back to the shell).
    t.press(&["S"]);
    t.assert_exited_cleanly();
    drop(t);

    // Continue from the title menu: the same run, at the same turn.
    let Some(t) = Tmux::start("caves_continue", &["--data-dir", data.arg()]) else { return };
    t.wait_for("the title menu with caves", |s| {
        s.contains("c) caves") && s.contains("r) continue")
    });
    t.press(&["r"]);
    let screen = t.wait_for("the continued run", |s| caves_status(s).is_some());
    assert_eq!(caves_turn(&screen), Some(turn), "continued at the saved turn:\n{screen}");
    assert!(screen.contains("Welcome back"), "{screen}");
    t.press(&["S"]);
    t.wait_for("the title menu after saving", |s| {
        s.contains("r) continue") && caves_status(s).is_none()
    });
    t.press(&["q"]);
    t.assert_exited_cleanly();
}

/// The `overworld` status line (the bottom row of the play screen), if it is up.
fn overworld_status(screen: &str) -> Option<&str> {
    screen.lines().rev().find(|l| l.contains(")  region (") && l.contains("  gold "))
}

/// The player's cell and region on the `overworld` status line: `(x, y)  region (rx, ry)`.
fn overworld_place(screen: &str) -> Option<String> {
    let status = overworld_status(screen)?;
    let start = status.find(" (")? + 1;
    let end = status.find("  gold ")?;
    Some(status[start..end].to_owned())
}

/// The region part of a place: `(rx, ry)`.
fn region_of(place: &str) -> &str {
    place.split("  region ").nth(1).unwrap_or("")
}

#[test]
fn overworld_creates_walks_across_a_border_quits_and_loads_at_the_same_place() {
    let data = DataDir::new("overworld");
    // CaveGame's rules: the status line keeps the region at 80 columns (the default
    // game's health and way to the artefact take its place), and a world keeps its rules.
    let args = ["--data-dir", data.arg(), "play", "overworld", "--seed", "tmux", "--rules", "seed"];
    let Some(t) = Tmux::start("overworld_new", &args) else { return };
    // The new-world prompts: a name, then the seed from --seed.
    t.wait_for("the new-world prompts", |s| s.contains("A new world") && s.contains("Seed: tmux"));
    t.press(&["e2e"]);
    t.wait_for("the name typed", |s| s.contains("Name: e2e"));
    t.press(&["Enter"]);
    t.press(&["Enter"]);
    let screen = t.wait_for("the play screen", |s| overworld_status(s).is_some());
    assert!(screen.contains("Welcome to e2e!"), "{screen}");
    let start = overworld_place(&screen).expect("a place");
    assert!(start.ends_with("region (0, 0)"), "seed tmux starts in region (0, 0): {start}");

    // North across the border into region (0, -1): one key per step, no Enter.
    let mut place = start.clone();
    let mut crossed = false;
    for _ in 0..3 {
        t.press(&["w"]);
        let before = place.clone();
        let screen = t.wait_for("a step north", |s| {
            overworld_place(s).is_some_and(|p| p != before) || s.contains("blocks your way")
        });
        place = overworld_place(&screen).expect("a place");
        if region_of(&place) != region_of(&before) {
            // The step that crosses says so (and the next step's line replaces it).
            assert!(screen.contains("You enter region (0, -1)."), "{screen}");
            crossed = true;
        }
    }
    assert!(crossed && region_of(&place) == "(0, -1)", "walked across the border: {place}");
    // The arrows walk too: down and back up.
    t.press(&["Down"]);
    let back = place.clone();
    t.wait_for("a step down", |s| overworld_place(s).is_some_and(|p| p != back));
    t.press(&["Up"]);
    t.wait_for("a step up", |s| overworld_place(s).as_deref() == Some(place.as_str()));

    // x saves and leaves the world; Esc leaves torchlit.
    t.press(&["x"]);
    t.wait_for("the world menu", |s| s.contains("e2e was saved.") && s.contains("l) load a world"));
    t.press(&["Escape"]);
    t.assert_exited_cleanly();
    drop(t);

    // Load it again, by number, in a new process: the same place.
    let args = ["--data-dir", data.arg(), "play", "overworld"];
    let Some(t) = Tmux::start("overworld_load", &args) else { return };
    t.wait_for("the world menu", |s| s.contains("n) new world") && s.contains("l) load a world"));
    t.press(&["l"]);
    let list = t.wait_for("the world list", |s| s.contains("Load a world") && s.contains("e2e"));
    assert!(list.contains("\"tmux\"") && list.contains(" UTC"), "seed and last played: {list}");
    t.press(&["1"]);
    t.press(&["Enter"]);
    let screen = t.wait_for("the loaded world", |s| overworld_status(s).is_some());
    assert!(screen.contains("Welcome back to e2e."), "{screen}");
    assert_eq!(overworld_place(&screen).as_deref(), Some(place.as_str()), "the same place");
    t.press(&["x"]);
    t.wait_for("the world menu", |s| s.contains("e2e was saved."));
    t.press(&["Escape"]);
    t.assert_exited_cleanly();
}

/// SIGTERM and SIGHUP (the terminal window closed) during a caves run: the run is saved,
/// the terminal given back, and the exit status is 128 + the signal; continuing resumes
/// at the same turn.
#[test]
fn signals_save_the_caves_run_and_restore_the_terminal() {
    for (signal, status) in [("TERM", 143), ("HUP", 129)] {
        let data = DataDir::new(&format!("caves_sig_{signal}"));
        let args = ["--data-dir", data.arg(), "play", "caves", "--seed", "42"];
        let Some(t) = Tmux::start(&format!("caves_sig_{signal}"), &args) else { return };
        t.wait_for("the caves status line", |s| caves_status(s).is_some());
        t.press(&["l"]);
        t.wait_for("turn 1", |s| caves_turn(s) == Some(1));
        t.press(&["l"]);
        t.wait_for("turn 2", |s| caves_turn(s) == Some(2));
        t.signal(signal);
        t.assert_exited_with(status);
        drop(t);

        let Some(t) = Tmux::start(&format!("caves_sig_{signal}_on"), &["--data-dir", data.arg()])
        else {
            return;
        };
        t.wait_for("the title menu", |s| s.contains("r) continue"));
        t.press(&["r"]);
        let screen = t.wait_for("the continued run", |s| caves_status(s).is_some());
        assert_eq!(caves_turn(&screen), Some(2), "SIG{signal} saved turn 2:\n{screen}");
        t.press(&["C-c"]);
        t.assert_exited_cleanly();
    }
}

/// Whether process `pid` has ended (gone, or a zombie its parent has not reaped yet).
fn has_ended(pid: &str) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        // `pid (comm) S ...`: the state follows the last `)`.
        Ok(stat) => stat.rsplit(')').next().is_some_and(|rest| rest.trim_start().starts_with('Z')),
        Err(_) => true,
    }
}

/// The terminal closed with no SIGHUP reaching torchlit (the tmux server killed while the
/// pane's shell ignores SIGHUP, so the kernel's hang-up goes no further): torchlit ended
/// within seconds instead of spinning on the dead tty, and the caves run was saved, as
/// after a SIGHUP. A ticking maze ends the same way.
#[test]
fn a_terminal_gone_without_sighup_ends_torchlit_and_saves_the_run() {
    let data = DataDir::new("caves_gone");
    let caves = ["--data-dir", data.arg(), "play", "caves", "--seed", "42"];
    let maze_data = DataDir::new("maze_gone");
    let maze = ["--data-dir", maze_data.arg(), "play", "maze", "--level", "fixed", "--seed", "1"];
    for (test, args) in [("caves_gone", &caves[..]), ("maze_gone", &maze[..])] {
        let Some(t) = Tmux::start_after(test, "trap '' HUP; ", args) else { return };
        if test == "caves_gone" {
            t.wait_for("the caves status line", |s| caves_status(s).is_some());
            t.press(&["l"]);
            t.wait_for("turn 1", |s| caves_turn(s) == Some(1));
            t.press(&["l"]);
            t.wait_for("turn 2", |s| caves_turn(s) == Some(2));
        } else {
            t.wait_for("the maze status line", |s| maze_status(s).is_some());
        }
        let pid = t.torchlit_pid();
        let server = t.display("#{pid}");
        let o = Command::new("kill").args(["-KILL", &server]).output().expect("kill runs");
        assert!(o.status.success(), "kill -KILL {server} (the tmux server)");
        let start = Instant::now();
        while !has_ended(&pid) {
            assert!(
                start.elapsed() < 2 * TIMEOUT,
                "{test}: torchlit ({pid}) still runs {:?} after its terminal closed",
                start.elapsed()
            );
            std::thread::sleep(POLL);
        }
        drop(t);
    }

    let Some(t) = Tmux::start("caves_gone_on", &["--data-dir", data.arg()]) else { return };
    t.wait_for("the title menu", |s| s.contains("r) continue"));
    t.press(&["r"]);
    let screen = t.wait_for("the continued run", |s| caves_status(s).is_some());
    assert_eq!(caves_turn(&screen), Some(2), "the closed terminal saved turn 2:\n{screen}");
    t.press(&["C-c"]);
    t.assert_exited_cleanly();
}

/// SIGTSTP from outside gives the terminal back before stopping; SIGCONT takes it again
/// (raw mode: a single key press moves the avatar) and redraws.
#[test]
fn suspend_and_continue_give_the_terminal_back_and_take_it_again() {
    let Some(t) = play_10x5("play_tstp_cont") else { return };
    t.wait_for_status("(3, 1) on the status line", |l| l.contains("(3, 1)"));
    t.signal("TSTP");
    t.wait_for("the shell screen while stopped", |s| status_line(s).is_none());
    let start = Instant::now();
    while t.display("#{alternate_on}") != "0" {
        assert!(start.elapsed() < TIMEOUT, "the alternate screen is left while stopped");
        std::thread::sleep(POLL);
    }
    t.signal("CONT");
    t.wait_for_status("the game redrawn after SIGCONT", |l| l.contains("(3, 1)"));
    t.press(&["w"]);
    t.wait_for_status("(3, 2) after w: raw mode again", |l| l.contains("(3, 2)"));
    t.press(&["q"]);
    t.assert_exited_cleanly();
}

/// A caves seed whose first zombie finds a player who only waits, and kills them within
/// [`DEATH_WAITS`] turns (40 waits, in the sim's tests of this walk-through).
const DEATH_SEED: u64 = 7;
/// The most waits before the zombie of [`DEATH_SEED`] has killed the player.
const DEATH_WAITS: u64 = 80;

/// The replay screen's status line (the bottom row), if it is up.
fn replay_status(screen: &str) -> Option<&str> {
    screen.lines().rev().find(|l| l.starts_with("replay "))
}

/// The step on the replay status line: `step N/LEN`.
fn replay_step(screen: &str) -> Option<(u64, u64)> {
    let rest = replay_status(screen)?.split("step ").nth(1)?;
    let (n, len) = rest.split_whitespace().next()?.split_once('/')?;
    Some((n.parse().ok()?, len.parse().ok()?))
}

/// The issue's walk-through, as a new user: die in caves (waiting in the first cave of
/// seed [`DEATH_SEED`] until a monster comes), read the morgue file, replay the recording
/// it names, pause, seek, speed up and see the game to its end.
#[test]
fn a_caves_death_is_replayed_from_the_recording_its_morgue_file_names() {
    let data = DataDir::new("caves_death_replay");
    let seed = DEATH_SEED.to_string();
    let args = ["--data-dir", data.arg(), "play", "caves", "--seed", &seed];
    let Some(t) = Tmux::start("caves_death", &args) else { return };
    t.wait_for("the caves status line", |s| caves_status(s).is_some());
    let dead = |s: &str| s.contains("Morgue file:");
    for _ in 0..DEATH_WAITS.div_ceil(10) {
        if dead(&t.screen()) {
            break;
        }
        let turn = caves_turn(&t.screen()).unwrap_or(0);
        t.press(&["."; 10]);
        // Ten turns later, or dead on the way (the end screen ignores `.`).
        t.wait_for("ten turns", |s| dead(s) || caves_turn(s).is_some_and(|n| n >= turn + 10));
    }
    let screen = t.wait_for("the end screen", dead);
    assert!(screen.contains("Recording:"), "the end screen names the recording:\n{screen}");
    t.press(&["Enter"]);
    t.assert_exited_cleanly();
    drop(t);

    // The morgue file names the recording and the command to watch it.
    let worlds = data.0.path().join("worlds");
    let morgue = std::fs::read_dir(&worlds)
        .expect("the worlds directory")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.to_string_lossy().ends_with(".morgue.txt"))
        .expect("a morgue file");
    let text = std::fs::read_to_string(&morgue).expect("readable");
    let line = text.lines().find(|l| l.starts_with("Watch it with: ")).expect("a replay line");
    let file = line.trim_start_matches("Watch it with: torchlit replay ").to_string();
    assert!(file.ends_with("-died.tlrec") && Path::new(&file).is_file(), "{line}");

    let Some(t) = Tmux::start("caves_replay", &["replay", &file]) else { return };
    let screen = t.wait_for("the replay status line", |s| replay_status(s).is_some());
    let status = replay_status(&screen).expect("just seen");
    assert!(status.contains(&format!("replay caves  seed {seed}  ")), "{status}");
    let (_, len) = replay_step(&screen).expect("a step");
    // Pause, then seek to the middle: `g`, the step, Enter.
    t.press(&["Space"]);
    t.wait_for("paused", |s| replay_status(s).is_some_and(|l| l.contains("paused")));
    let middle = (len / 2).to_string();
    t.press(&["g"]);
    for c in middle.chars() {
        t.press(&[&c.to_string()]);
    }
    t.press(&["Enter"]);
    t.wait_for("the middle", |s| replay_step(s).is_some_and(|(n, _)| n == len / 2));
    // Faster (16x), play on, and see the end: the player's own death.
    t.press(&["+", "+", "+", "+", "Space"]);
    let end = t.wait_for("the end of the game", |s| {
        replay_status(s).is_some_and(|l| l.contains("16x") && l.contains("at the end"))
    });
    assert_eq!(replay_step(&end), Some((len, len)), "{end}");
    assert!(end.contains("died"), "the end shows the death:\n{end}");
    t.press(&["q"]);
    t.assert_exited_cleanly();
}

/// Ctrl-C in overworld when the save fails (here: files may not grow past one byte, set
/// on the running process with `prlimit`, SIGXFSZ ignored as a full disk would give
/// ENOSPC): the binary says why and exits 2, the terminal given back.
#[test]
fn an_overworld_ctrl_c_whose_save_fails_says_so_and_exits_non_zero() {
    let data = DataDir::new("overworld_unsaved");
    // CaveGame's rules: the status line keeps the region at 80 columns (see above).
    let args = ["--data-dir", data.arg(), "play", "overworld", "--seed", "tmux", "--rules", "seed"];
    let Some(t) = Tmux::start_after("overworld_unsaved", "trap '' XFSZ; ", &args) else {
        return;
    };
    t.wait_for("the new-world prompts", |s| s.contains("A new world") && s.contains("Seed: tmux"));
    t.press(&["e2e"]);
    t.wait_for("the name typed", |s| s.contains("Name: e2e"));
    t.press(&["Enter"]);
    t.press(&["Enter"]);
    let screen = t.wait_for("the play screen", |s| overworld_status(s).is_some());
    let start = overworld_place(&screen).expect("a place");
    let pid = t.torchlit_pid();
    let limited =
        Command::new("prlimit").args(["--pid", &pid, "--fsize=1"]).output().expect("prlimit runs");
    assert!(limited.status.success(), "prlimit: {}", String::from_utf8_lossy(&limited.stderr));
    t.press(&["s"]);
    t.wait_for("a step", |s| {
        overworld_place(s).is_some_and(|p| p != start) || s.contains("blocks your way")
    });
    t.press(&["C-c"]);
    let screen = t.wait_for("torchlit to exit", |s| s.lines().any(|l| l.starts_with("EXITED ")));
    assert!(screen.contains("could not save the world: "), "{screen}");
    assert!(screen.contains("EXITED 2 cooked"), "exit status 2, tty cooked:\n{screen}");
    assert_eq!(t.display("#{alternate_on}"), "0", "the alternate screen is left");
}
