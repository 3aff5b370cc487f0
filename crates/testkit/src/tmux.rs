//! A program in a real terminal: tmux on a private socket, driven like a person drives
//! it (wait for the screen, press a key, wait for the screen to change).
//!
//! The program runs as `PROGRAM ARGS; echo EXITED <status> <raw|cooked>; sleep 10`, so
//! after it quits the pane shows its exit status and whether the tty was left in raw
//! mode. Without tmux, [`Tmux::start`] returns `None` after a note (skip), except on CI
//! (`CI` set), where it panics.

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

/// How long to wait for the screen to show something.
pub const TIMEOUT: Duration = Duration::from_secs(5);
/// How often to look at the screen while waiting.
pub const POLL: Duration = Duration::from_millis(20);

/// One detached 80x24 tmux session on its own server; dropping it kills both.
pub struct Tmux {
    socket: String,
    session: String,
    socket_path: Option<PathBuf>,
}

fn sh_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

fn available(test: &str) -> bool {
    match Command::new("tmux").arg("-V").output() {
        Ok(o) if o.status.success() => true,
        _ => {
            assert!(std::env::var_os("CI").is_none(), "{test}: tmux is required on CI");
            eprintln!("note: skipping {test}: tmux is not installed");
            false
        }
    }
}

impl Tmux {
    /// Starts `program args` in a fresh 80x24 session named after `test`.
    pub fn start(test: &str, program: &str, args: &[&str]) -> Option<Tmux> {
        if !available(test) {
            return None;
        }
        let pid = std::process::id();
        let mut t = Tmux {
            socket: format!("torchlit-kit-{pid}-{test}"),
            session: format!("kit-{pid}-{test}"),
            socket_path: None,
        };
        let mut cmd = vec![sh_quote(program)];
        cmd.extend(args.iter().map(|a| sh_quote(a)));
        let shell = format!(
            "{}; s=$?; if stty -a | grep -q -- -icanon; then m=raw; else m=cooked; fi; \
             echo EXITED $s $m; sleep 10",
            cmd.join(" ")
        );
        t.run(&["new-session", "-d", "-s", &t.session, "-x", "80", "-y", "24", &shell]);
        t.socket_path = Some(PathBuf::from(t.display("#{socket_path}")));
        Some(t)
    }

    fn command(&self) -> Command {
        let mut c = Command::new("tmux");
        c.args(["-L", &self.socket, "-f", "/dev/null"])
            .env("TERM", "xterm-256color")
            .env("SHELL", "/bin/sh")
            .env_remove("TMUX");
        c
    }

    /// Runs `tmux ARGS` on this server and returns its stdout; panics if it fails.
    pub fn run(&self, args: &[&str]) -> String {
        let o = self.command().args(args).output().expect("tmux runs");
        assert!(o.status.success(), "tmux {args:?}: {}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8_lossy(&o.stdout).into_owned()
    }

    /// A tmux format expanded for the pane, e.g. `#{alternate_on}`.
    pub fn display(&self, format: &str) -> String {
        self.run(&["display-message", "-p", "-t", &self.session, format]).trim_end().to_owned()
    }

    /// What the pane shows now.
    pub fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", &self.session])
    }

    /// Presses keys, by tmux key name (`w`, `Enter`, `Right`, `C-c`).
    pub fn press(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", &self.session];
        args.extend_from_slice(keys);
        self.run(&args);
    }

    /// Polls the screen until `ready` holds and returns it; panics after [`TIMEOUT`].
    pub fn wait_for(&self, what: &str, ready: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if ready(&screen) {
                return screen;
            }
            assert!(start.elapsed() < TIMEOUT, "timed out waiting for {what}:\n{screen}");
            std::thread::sleep(POLL);
        }
    }

    /// Waits for the program to exit with `status`, the tty out of raw mode, the
    /// alternate screen left and the cursor shown.
    pub fn assert_exited_with(&self, status: i32) {
        let screen = self.wait_for("the exit", |s| s.lines().any(|l| l.starts_with("EXITED ")));
        assert_eq!(screen.trim(), format!("EXITED {status} cooked"), "{screen}");
        assert_eq!(self.display("#{alternate_on}"), "0", "the alternate screen is left");
        assert_eq!(self.display("#{cursor_flag}"), "1", "the cursor is shown again");
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.command().args(["kill-session", "-t", &self.session]).output();
        let _ = self.command().arg("kill-server").output();
        if let Some(path) = &self.socket_path {
            let _ = std::fs::remove_file(path);
        }
    }
}
