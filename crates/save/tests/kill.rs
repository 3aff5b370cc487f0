//! A process killed at any moment (SIGKILL) leaves a world that loads, at its last
//! committed save or later.
//!
//! Runs `examples/autosave_loop` (built by `cargo test`), kills it at random moments
//! (during start-up and recovery, mid-loop, with and without the background saver, in
//! checkpoints), and
//! after each kill opens the world: it must load and pass SQLite's full
//! `integrity_check`, its counter must be at least the last
//! one the child printed as committed, and the regions of that save must carry the same
//! counter (the save was one transaction).
#![cfg(feature = "sqlite")]

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use serde::Deserialize;
use torchlit_rng::{Rng, Seed};
use torchlit_save::{RegionKey, Store, WorldId};

mod common;
use common::example;

/// Kills per run: `TORCHLIT_KILLS` (default 20, so CI stays fast; the 200-kill run is
/// `TORCHLIT_KILLS=200 cargo test -p torchlit-save --test kill -- --nocapture`).
fn kills() -> usize {
    std::env::var("TORCHLIT_KILLS").ok().and_then(|n| n.parse().ok()).unwrap_or(20)
}

#[derive(Deserialize)]
struct LoopPlayer {
    counter: u64,
    #[allow(dead_code)]
    pad: Vec<u8>,
}

#[derive(Deserialize)]
struct LoopRegion {
    counter: u64,
    cells: Vec<u8>,
}

/// The regions save `counter` rewrites (as in the example).
fn keys(counter: u64) -> [RegionKey; 3] {
    [
        RegionKey::new(0, 0),
        RegionKey::new((counter % 5) as i32 + 1, 0),
        RegionKey::new((counter % 7) as i32, 1),
    ]
}

#[test]
fn killed_autosaves_always_load_at_their_last_commit() -> Result<(), Box<dyn std::error::Error>> {
    let exe = example();
    let dir = tempfile::tempdir()?;
    let worlds = dir.path().join("worlds");
    let store = Store::at(&worlds);

    // The first run creates the world and names it.
    let out = Command::new(&exe).arg(&worlds).args(["--limit", "3"]).output()?;
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8(out.stdout)?;
    let id = stdout.lines().find_map(|l| l.strip_prefix("world ")).ok_or("no world line")?;
    let id = WorldId::parse(id)?;

    let seed = 0x6b11_1009;
    let mut rng = Rng::new(Seed(seed));
    let started = Instant::now();
    let (mut before_first_commit, mut mid_loop) = (0, 0);
    let mut previous = 3;
    let kill_count = kills();
    for kill in 0..kill_count {
        // Foreground saves, background saves, foreground saves with frequent checkpoints.
        let mode: &[&str] = match kill % 3 {
            0 => &[],
            1 => &["--saver"],
            _ => &["--checkpoint-every", "5"],
        };
        let mut child = Command::new(&exe)
            .arg(&worlds)
            .arg(id.as_str())
            .args(mode)
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
            // During start-up: opening, recovering the log, the first commit.
            std::thread::sleep(Duration::from_micros(rng.below(8_000)));
        } else {
            let deadline = Instant::now() + Duration::from_secs(5);
            while committed.load(Ordering::SeqCst) == 0 && Instant::now() < deadline {
                if let Some(status) = child.try_wait()? {
                    let mut stderr = String::new();
                    if let Some(mut pipe) = child.stderr.take() {
                        std::io::Read::read_to_string(&mut pipe, &mut stderr)?;
                    }
                    return Err(format!(
                        "kill {kill}: the child stopped by itself ({status}): {stderr}"
                    )
                    .into());
                }
                std::thread::sleep(Duration::from_micros(200));
            }
            std::thread::sleep(Duration::from_micros(rng.below(40_000)));
        }
        child.kill()?; // SIGKILL on Unix, TerminateProcess on Windows
        child.wait()?;
        reader.join().map_err(|_| "reader thread")?;
        let reported = committed.load(Ordering::SeqCst);
        if reported == 0 {
            before_first_commit += 1
        } else {
            mid_loop += 1
        }

        let world =
            store.open(&id).map_err(|e| format!("kill {kill}: the world does not open: {e}"))?;
        world.integrity_check().map_err(|e| format!("kill {kill}: {e}"))?;
        let player: LoopPlayer = world.load_player()?;
        assert!(
            player.counter >= reported && player.counter >= previous,
            "kill {kill}: counter {} < reported {reported} / previous {previous}",
            player.counter
        );
        for key in keys(player.counter) {
            let region: LoopRegion = world.load_region(key)?.ok_or("a region of the last save")?;
            assert_eq!(
                region.counter, player.counter,
                "kill {kill}: region {key} from another save"
            );
            assert_eq!(region.cells.len(), 2500);
        }
        for key in world.region_keys()? {
            let region: LoopRegion = world.load_region(key)?.ok_or("listed region")?;
            assert!(region.counter <= player.counter, "kill {kill}: region {key} from the future");
        }
        previous = player.counter;
        world.close()?;
    }
    println!(
        "{kill_count} kills (seed {seed:#x}; {before_first_commit} before the child's first commit, \
         {mid_loop} mid-loop), {kill_count} loads ok, final counter {previous}, {:.1} s",
        started.elapsed().as_secs_f64()
    );
    assert!(mid_loop >= kill_count / 2, "most kills should land mid-loop");
    assert!(previous > 3 + kill_count as u64, "the loop made progress");
    Ok(())
}
