//! Plays an `overworld` world without a screen, the way a player does: random steps
//! (chests opened, fights fought), autosaving every `save_frequency` steps through the
//! background saver. After each autosave is written it prints `committed MOVES`.
//!
//! `tests/overworld_kill.rs` kills it with SIGKILL at random moments and checks that the
//! world always loads, no earlier than the last save printed, with the player record and
//! the regions from the same save.
//!
//! ```text
//! cargo run -p torchlit-ui --example overworld_walk -- DATA_DIR [--steps N]
//! ```
//!
//! It opens the most recently played world of `DATA_DIR`, or creates one named `walker`.

use std::io::Write;
use std::path::PathBuf;

use torchlit_geom::CardinalDirection;
use torchlit_rng::{Rng, Seed};
use torchlit_save::{Config, Paths, Store};
use torchlit_sim::modes::overworld::Action;
use torchlit_ui::overworld::{OverworldSession, Worlds};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let dir = PathBuf::from(args.next().ok_or("usage: overworld_walk DATA_DIR [--steps N]")?);
    let mut steps = u64::MAX;
    while let Some(a) = args.next() {
        if a == "--steps" {
            steps = args.next().ok_or("--steps N")?.parse()?;
        }
    }
    let paths = Paths::in_dir(&dir);
    // CaveGame's rules (`--rules seed`): a random walk never dies for good there, so it
    // walks (and autosaves) until it is killed.
    let worlds =
        Worlds::with_store(Store::new(&paths), Config::load(&paths)?).with_seed_rules(true);
    let mut session = match worlds.list()?.first() {
        Some(row) => OverworldSession::open(&worlds, &row.id)?,
        None => OverworldSession::create(&worlds, "walker", "kill -9")?,
    };
    let every =
        torchlit_ui::overworld::config::PlayConfig::of(worlds.config()).save_frequency.get();
    let mut rng = Rng::new(Seed(session.game().player().moves().0));
    let mut out = std::io::stdout();
    for _ in 0..steps {
        let d = CardinalDirection::ALL[rng.below(4) as usize];
        session.apply(Action::Move(d));
        if session.steps_to_autosave() == every {
            // Just autosaved: wait until it is written, then say so.
            session.flush()?;
            writeln!(out, "committed {}", session.game().player().moves().0)?;
            out.flush()?;
        }
    }
    session.close()?;
    Ok(())
}
