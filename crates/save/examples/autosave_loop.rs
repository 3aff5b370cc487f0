//! Autosaves a world in a loop, the way the overworld autosaves during play: each save is
//! one transaction that bumps a counter in the player record and rewrites three regions
//! stamped with the same counter. After each commit it prints `committed N`.
//!
//! `tests/kill.rs` kills it with SIGKILL at random moments and checks that the world
//! always loads, at a counter no lower than the last one printed.
//!
//! ```text
//! cargo run -p torchlit-save --example autosave_loop -- WORLDS_DIR [WORLD_ID] [--saver]
//!     [--checkpoint-every N] [--limit N] [--keep-going]
//! ```
//!
//! Without `WORLD_ID` it creates a world and prints `world ID` first. `--saver` saves
//! through the background [`Saver`]; `--checkpoint-every N` folds the log into the main
//! file after every N saves (so kills land in checkpoints too); `--limit N` stops after N
//! saves; `--keep-going` prints `failed REASON` for a save that fails (a full disk) and
//! goes on playing instead of stopping.

use std::io::Write;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use torchlit_rng::Seed;
use torchlit_save::{
    ConfigHash, RegionKey, Save, SaveError, Saver, Store, WorldDb, WorldId, WorldSpec,
};

/// The player record: the counter, plus some bulk like a real inventory.
#[derive(Serialize, Deserialize, Debug)]
pub struct LoopPlayer {
    /// Saves committed so far.
    pub counter: u64,
    /// Filler.
    pub pad: Vec<u8>,
}

/// A 50x50 region stamped with the counter of the save that wrote it.
#[derive(Serialize, Deserialize, Debug)]
pub struct LoopRegion {
    /// The save that wrote it.
    pub counter: u64,
    /// 2500 cells.
    pub cells: Vec<u8>,
}

/// The three regions save `counter` rewrites (`tests/kill.rs` has the same function).
fn keys(counter: u64) -> [RegionKey; 3] {
    [
        RegionKey::new(0, 0),
        RegionKey::new((counter % 5) as i32 + 1, 0),
        RegionKey::new((counter % 7) as i32, 1),
    ]
}

fn save_for(counter: u64) -> Result<Save, SaveError> {
    let mut save = Save::new();
    save.set_player(&LoopPlayer { counter, pad: vec![(counter % 251) as u8; 200] })?;
    for key in keys(counter) {
        let cells = (0..2500u64).map(|i| ((i * 31 + counter) % 4) as u8).collect();
        save.set_region(key, &LoopRegion { counter, cells })?;
    }
    Ok(save)
}

fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    // The parent may be gone; nothing to do about it here.
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let mut dir = None;
    let mut id = None;
    let mut saver = false;
    let mut limit = u64::MAX;
    let mut checkpoint_every = 0;
    let mut keep_going = false;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--saver" => saver = true,
            "--keep-going" => keep_going = true,
            "--limit" => limit = args.next().ok_or("--limit needs a number")?.parse()?,
            "--checkpoint-every" => {
                checkpoint_every =
                    args.next().ok_or("--checkpoint-every needs a number")?.parse()?;
            }
            _ if dir.is_none() => dir = Some(PathBuf::from(arg)),
            _ if id.is_none() => id = Some(WorldId::parse(&arg)?),
            _ => return Err(format!("unexpected argument {arg:?}").into()),
        }
    }
    let store =
        Store::at(dir.ok_or("usage: autosave_loop WORLDS_DIR [WORLD_ID] [--saver] [--limit N]")?);
    let world = match id {
        Some(id) => store.open(&id)?,
        None => {
            let world = store.create(&WorldSpec {
                name: "autosave loop".to_owned(),
                mode: "overworld".to_owned(),
                seed: Seed(2),
                seed_text: "2".to_owned(),
                config_hash: ConfigHash(0),
            })?;
            say(&format!("world {}", world.id()));
            world
        }
    };
    let start = match world.load_player::<LoopPlayer>() {
        Ok(player) => player.counter,
        Err(SaveError::NoSave { .. }) => 0,
        Err(e) => return Err(e.into()),
    };
    if saver {
        in_background(world, start, limit)
    } else {
        in_foreground(world, start, limit, checkpoint_every, keep_going)
    }
}

fn in_foreground(
    mut world: WorldDb,
    start: u64,
    limit: u64,
    checkpoint_every: u64,
    keep_going: bool,
) -> Result<(), Box<dyn std::error::Error>> {
    for counter in (start + 1..).take_while(|c| c - start <= limit) {
        match world.commit(&save_for(counter)?) {
            Ok(_) => say(&format!("committed {counter}")),
            Err(e) if keep_going => {
                say(&format!("failed {e}"));
                continue;
            }
            Err(e) => return Err(e.into()),
        }
        if checkpoint_every > 0 && counter % checkpoint_every == 0 {
            world.checkpoint()?;
        }
    }
    Ok(())
}

fn in_background(world: WorldDb, start: u64, limit: u64) -> Result<(), Box<dyn std::error::Error>> {
    let mut saver = Saver::spawn(world)?;
    let report = |saver: &mut Saver| -> Result<(), SaveError> {
        for report in saver.poll() {
            report.result?;
            say(&format!("committed {}", start + report.through.0));
        }
        Ok(())
    };
    for counter in (start + 1..).take_while(|c| c - start <= limit) {
        saver.submit(save_for(counter)?)?;
        report(&mut saver)?;
        while saver.pending() > 4 {
            std::thread::sleep(std::time::Duration::from_micros(200));
            report(&mut saver)?;
        }
    }
    saver.flush()?;
    say(&format!("committed {}", start + saver.reported().0));
    saver.finish()?;
    Ok(())
}
