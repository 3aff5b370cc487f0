//! Plays `caves` without a screen through the store the terminal uses
//! ([`WorldsStore`] over the SQLite `Store`): continues the saved run of `DATA_DIR` (or starts seed 1), plays
//! random turns (auto-explore, steps, rests), saves every `--save-every` actions and, after
//! `--actions`, saves and quits. It prints `loaded TURN` after loading, `committed TURN`
//! after each save is written and `ended` when the run ends (the save is then deleted).
//!
//! `tests/caves_kill.rs` kills it with SIGKILL at random moments and checks that the run
//! always loads, no earlier than the last save printed.
//!
//! ```text
//! cargo run -p torchlit-ui --example caves_session -- DATA_DIR [--actions N] [--save-every K]
//! ```

use std::io::Write;
use std::path::PathBuf;

use torchlit_geom::Direction;
use torchlit_rng::{Rng, Seed};
use torchlit_save::{Config, Paths, Store};
use torchlit_sim::modes::caves::{Action, Caves};
use torchlit_ui::caves::{CavesStore, WorldsStore};

const USAGE: &str = "usage: caves_session DATA_DIR [--actions N] [--save-every K]";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let dir = PathBuf::from(args.next().ok_or(USAGE)?);
    let (mut actions, mut every) = (u64::MAX, 5u64);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--actions" => actions = args.next().ok_or(USAGE)?.parse()?,
            "--save-every" => every = args.next().ok_or(USAGE)?.parse::<u64>()?.max(1),
            _ => return Err(USAGE.into()),
        }
    }
    let paths = Paths::in_dir(&dir);
    let mut store = WorldsStore::new(Store::new(&paths), &Config::load(&paths)?);
    let mut game = match store.load()? {
        Some(game) => game,
        None => Caves::new(Seed(1))?,
    };
    let mut out = std::io::stdout();
    writeln!(out, "loaded {}", game.turn().0)?;
    out.flush()?;
    let mut rng = Rng::new(Seed(game.turn().0));
    for done in 1..=actions {
        game.apply(match rng.below(6) {
            0 => Action::Move(Direction::ALL[rng.below(8) as usize]),
            1 => Action::Rest,
            _ => Action::Explore,
        });
        if game.outcome().is_some() {
            store.finish(&game, "the end")?;
            writeln!(out, "ended")?;
            return Ok(());
        }
        if done % every == 0 || done == actions {
            store.save(&game)?;
            writeln!(out, "committed {}", game.turn().0)?;
            out.flush()?;
        }
    }
    Ok(())
}
