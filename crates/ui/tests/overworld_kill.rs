//! A player's game killed at any moment (SIGKILL) passes SQLite's `integrity_check` and
//! loads again, at its last written
//! autosave or later, with the player record and the regions of one and the same save
//! (chests opened = chests recorded opened, kills = monsters recorded slain).
//!
//! Runs `examples/overworld_walk` (built by `cargo test`) and kills it at random moments.
#![cfg(unix)]

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use torchlit_rng::{Rng, Seed};
use torchlit_save::{Config, Paths, Store};
use torchlit_ui::overworld::{OverworldSession, Worlds};

const KILLS: usize = 40;

fn example() -> PathBuf {
    let exe = std::env::current_exe().unwrap_or_default();
    let profile =
        exe.parent().and_then(|deps| deps.parent()).map(PathBuf::from).unwrap_or_default();
    let path =
        profile.join("examples").join(format!("overworld_walk{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.exists(),
        "{} is missing: run `cargo test -p torchlit-ui` (which builds the examples) or \
         `cargo build -p torchlit-ui --example overworld_walk` first",
        path.display()
    );
    path
}

#[test]
fn a_killed_game_loads_at_its_last_autosave() -> Result<(), Box<dyn std::error::Error>> {
    let exe = example();
    let dir = tempfile::tempdir()?;
    let out = Command::new(&exe).arg(dir.path()).args(["--steps", "20"]).output()?;
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let paths = Paths::in_dir(dir.path());
    let worlds = Worlds::with_store(Store::new(&paths), Config::load(&paths)?);

    let mut rng = Rng::new(Seed(0x0b5e_55ed));
    let started = Instant::now();
    // What the first walk saved (a blocked step is not a move, so it may be under 20).
    let mut previous = {
        let row = worlds.list()?.into_iter().next().ok_or("the world is listed")?;
        OverworldSession::open(&worlds, &row.id)?.game().player().moves().0
    };
    assert!(previous > 0, "the first walk moved");
    let mut mid_walk = 0;
    for kill in 0..KILLS {
        let mut child = Command::new(&exe)
            .arg(dir.path())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        let committed = Arc::new(AtomicU64::new(0));
        let stdout = child.stdout.take().ok_or("child stdout")?;
        let seen = Arc::clone(&committed);
        let reader = std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if let Some(n) = line.strip_prefix("committed ").and_then(|n| n.parse().ok()) {
                    seen.fetch_max(n, Ordering::SeqCst);
                }
            }
        });
        if rng.below(4) == 0 {
            // During start-up: opening, loading the regions, the first saves.
            std::thread::sleep(Duration::from_micros(rng.below(10_000)));
        } else {
            let deadline = Instant::now() + Duration::from_secs(5);
            while committed.load(Ordering::SeqCst) == 0 && Instant::now() < deadline {
                if let Some(status) = child.try_wait()? {
                    return Err(
                        format!("kill {kill}: the walker stopped by itself ({status})").into()
                    );
                }
                std::thread::sleep(Duration::from_micros(200));
            }
            std::thread::sleep(Duration::from_micros(rng.below(30_000)));
        }
        child.kill()?;
        child.wait()?;
        reader.join().map_err(|_| "reader thread")?;
        let reported = committed.load(Ordering::SeqCst);
        if reported > 0 {
            mid_walk += 1;
        }

        let row = worlds.list()?.into_iter().next().ok_or("the world is listed")?;
        assert_eq!(row.problem, None, "kill {kill}: {row:?}");
        let db = torchlit_save::Store::new(&paths).open(&row.id)?;
        db.integrity_check().map_err(|e| format!("kill {kill}: {e}"))?;
        db.close()?;
        let session = OverworldSession::open(&worlds, &row.id)
            .map_err(|e| format!("kill {kill}: the world does not load: {e}"))?;
        let game = session.game();
        let moves = game.player().moves().0;
        assert!(
            moves >= reported && moves >= previous,
            "kill {kill}: {moves} moves < reported {reported} / previous {previous}"
        );
        let opened: usize = game.changes().values().map(|c| c.opened.len()).sum();
        let slain = game.changes().values().filter(|c| c.slain != 0).count();
        assert_eq!(
            game.player().chests() as usize,
            opened,
            "kill {kill}: chests from another save"
        );
        assert_eq!(game.player().kills() as usize, slain, "kill {kill}: kills from another save");
        previous = moves;
        session.close()?;
    }
    println!(
        "{KILLS} kills ({mid_walk} mid-walk), {KILLS} loads ok, {previous} moves, {:.1} s",
        started.elapsed().as_secs_f64()
    );
    assert!(mid_walk >= KILLS / 2, "most kills should land mid-walk");
    assert!(previous > 20, "the walks made progress");
    Ok(())
}
