//! A `caves` run killed at any moment (SIGKILL) loads again, at its last completed save
//! or later, from a database that passes SQLite's `integrity_check`: during play, during
//! a save, during save-and-quit, and between continuing a run and its next save.
//!
//! Runs `examples/caves_session` (built by `cargo test`) and kills it at random moments.
//! Kills per run: `TORCHLIT_KILLS` (default 20, so CI stays fast; the 200-kill run is
//! `TORCHLIT_KILLS=200 cargo test -p torchlit-ui --test caves_kill -- --nocapture`).
#![cfg(unix)]

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use torchlit_rng::{Rng, Seed};
use torchlit_save::{Config, Paths, Store};
use torchlit_ui::caves::{CavesStore, WorldsStore};

fn kills() -> usize {
    std::env::var("TORCHLIT_KILLS").ok().and_then(|n| n.parse().ok()).unwrap_or(20)
}

fn example() -> PathBuf {
    let exe = std::env::current_exe().unwrap_or_default();
    let profile =
        exe.parent().and_then(|deps| deps.parent()).map(PathBuf::from).unwrap_or_default();
    let path =
        profile.join("examples").join(format!("caves_session{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.exists(),
        "{} is missing: run `cargo test -p torchlit-ui` (which builds the examples) or \
         `cargo build -p torchlit-ui --example caves_session` first",
        path.display()
    );
    path
}

/// What a child printed: the last committed turn, whether its run ended.
#[derive(Default)]
struct Seen {
    committed: AtomicU64,
    ended: AtomicBool,
}

/// How many morgue files the data dir holds (one per ended run).
fn morgues(dir: &std::path::Path) -> usize {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter(|e| e.file_name().to_string_lossy().ends_with(".morgue.txt"))
                .count()
        })
        .unwrap_or(0)
}

/// Every world of the data dir passes `integrity_check`.
fn check_integrity(paths: &Paths, kill: usize) -> Result<(), Box<dyn std::error::Error>> {
    let store = Store::new(paths);
    for entry in store.list()? {
        let db = store.open(&entry.id).map_err(|e| format!("kill {kill}: {e}"))?;
        db.integrity_check().map_err(|e| format!("kill {kill}: {e}"))?;
        db.close()?;
    }
    Ok(())
}

#[test]
fn a_killed_caves_run_loads_at_its_last_save() -> Result<(), Box<dyn std::error::Error>> {
    let exe = example();
    let dir = tempfile::tempdir()?;
    let paths = Paths::in_dir(dir.path());
    let out = Command::new(&exe).arg(dir.path()).args(["--actions", "10"]).output()?;
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // Whether a save exists: a run that ended is deleted, and the next child's new run
    // has none until its first save (a kill before that rightly finds no run).
    let mut saved = !String::from_utf8_lossy(&out.stdout).lines().any(|l| l == "ended");

    let mut rng = Rng::new(Seed(0x000c_a7e5));
    let started = Instant::now();
    let mut previous = 0;
    let (mut mid_play, mut quit_by_themselves, mut ended) = (0, 0, 0);
    let kill_count = kills();
    for kill in 0..kill_count {
        // Mostly endless play; every fourth child saves and quits after a few actions,
        // so some kills land in or after save-and-quit.
        let mut child = Command::new(&exe);
        child.arg(dir.path()).args(["--save-every", &(1 + rng.below(6)).to_string()]);
        if kill % 4 == 3 {
            child.args(["--actions", &(1 + rng.below(30)).to_string()]);
        }
        let mut child =
            child.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn()?;
        let seen = Arc::new(Seen::default());
        let morgues_before = morgues(Store::new(&paths).dir());
        let stdout = child.stdout.take().ok_or("child stdout")?;
        let lines = Arc::clone(&seen);
        let log = Arc::new(Mutex::new(Vec::new()));
        let kept = Arc::clone(&log);
        let reader = std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if let Some(n) = line.strip_prefix("committed ").and_then(|n| n.parse().ok()) {
                    lines.committed.fetch_max(n, Ordering::SeqCst);
                } else if line == "ended" {
                    lines.ended.store(true, Ordering::SeqCst);
                }
                if let Ok(mut log) = kept.lock() {
                    log.push(line);
                }
            }
        });
        if rng.below(4) == 0 {
            // During start-up: opening and loading the run, before its first save.
            std::thread::sleep(Duration::from_micros(rng.below(20_000)));
        } else {
            let deadline = Instant::now() + Duration::from_secs(10);
            while seen.committed.load(Ordering::SeqCst) == 0 && Instant::now() < deadline {
                if child.try_wait()?.is_some() {
                    break;
                }
                std::thread::sleep(Duration::from_micros(200));
            }
            std::thread::sleep(Duration::from_micros(rng.below(30_000)));
        }
        let finished = child.try_wait()?;
        if finished.is_none() {
            child.kill()?; // SIGKILL
        }
        let status = child.wait()?;
        reader.join().map_err(|_| "reader thread")?;
        if finished.is_some() {
            assert!(status.success(), "kill {kill}: the child failed: {status} {:?}", log.lock());
            quit_by_themselves += 1;
        } else if seen.committed.load(Ordering::SeqCst) > 0 {
            mid_play += 1;
        }
        // The run ended (the save is gone by design; its morgue is written before the
        // save is deleted, so a kill between the two and the `ended` line shows as a new
        // morgue); the next child starts a new one.
        if seen.ended.load(Ordering::SeqCst) || morgues(Store::new(&paths).dir()) > morgues_before {
            ended += 1;
            previous = 0;
            saved = false;
            continue;
        }

        check_integrity(&paths, kill)?;
        let reported = seen.committed.load(Ordering::SeqCst);
        saved |= reported > 0;
        let mut store = WorldsStore::new(Store::new(&paths), &Config::defaults());
        let run = store.load().map_err(|e| format!("kill {kill}: the run does not load: {e}"))?;
        let Some(run) = run else {
            // No save since the last run ended, and this child made none before its kill.
            if saved {
                let files: Vec<_> = std::fs::read_dir(Store::new(&paths).dir())?
                    .filter_map(Result::ok)
                    .map(|e| e.file_name())
                    .collect();
                panic!(
                    "kill {kill}: the run is gone (committed {reported}); worlds dir: {files:?}; \
                     the child printed {:?}",
                    log.lock()
                );
            }
            previous = 0;
            continue;
        };
        let turn = run.turn().0;
        assert!(
            turn >= reported && turn >= previous,
            "kill {kill}: turn {turn} < committed {reported} / previous {previous}"
        );
        previous = turn;
    }
    println!(
        "{kill_count} kills ({mid_play} mid-play after a save, {quit_by_themselves} after \
         save-and-quit, {ended} runs ended), {} loads ok, turn {previous}, {:.1} s",
        kill_count - ended,
        started.elapsed().as_secs_f64()
    );
    assert!(mid_play >= kill_count / 3, "most kills should land mid-play");
    Ok(())
}
