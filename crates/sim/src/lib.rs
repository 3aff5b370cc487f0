//! The torchlit game: pure and deterministic.
//!
//! `(world, action) -> (world', events)`. Nothing in this crate reads a clock, a file, the
//! environment or an ambient random source (`clippy.toml` forbids them): front ends send
//! actions and draw state; saves serialize state.
//!
//! # The model shared by every mode
//!
//! - **Actions** go in (a player's intent: `Move(North)`), **events** come out (facts for
//!   the front end to show: `Moved { to }`, `Blocked { at, tile }`). A rejected action is
//!   an event or a typed outcome, never a panic.
//! - **Time** is counted, never measured: turn-based modes ([`modes::ultima`], later
//!   `caves`, `overworld`, `chase`) advance a [`Turn`] when the player acts; the real-time
//!   [`modes::maze`] advances one [`Tick`] (1/24 s) per call with the input held during
//!   it. See `ARCHITECTURE.md` for how actors, speeds and cool-downs fit both.
//!
//! # Terrain and map files
//!
//! [`terrain::Tile`] is the game's terrain (every mode's kinds), a `torchlit_map::Terrain`
//! held in the toolkit's `TileMap<T>`; [`formats`] reads and writes the game's map files
//! (the Ultima world, the DM503 dungeon, the ASCII map) from and to bytes.
//!
//! # Modes
//!
//! - [`modes::ultima`]: Ultima 0 (CSCI 136, Montana Tech, 2014), a torch-lit tile world at night.
//! - [`modes::maze`]: ICMaze (CS-107 mini-project "Maze Games", EPFL), real-time mazes, keys, portals, log monsters and a boss.
//! - [`modes::caves`]: the roguelike tutorial (Trystan, 2011), multi-level caves: fungi, bats, zombies, items, hunger,
//!   the teddy bear to bring back up.

mod mode_id;
mod time;

pub mod engine;
pub mod formats;
pub mod modes;
pub mod terrain;

pub use mode_id::{ModeId, UnknownMode};
pub use terrain::Tile;
pub use time::{TICKS_PER_SECOND, Tick, Turn};

/// The version of the game rules, kept in every recording: a change that makes a recorded
/// game play out differently (a rule, a generator, a random draw) bumps it, and the
/// committed recording catalog's final hashes change with it.
pub const RULES_VERSION: u32 = 3;
