//! `maze`: real-time mazes, keys, portals, a pickaxe, log monsters and a boss (ICMaze,
//! "Maze Games", mini-project 2 of EPFL's CS-107).
//!
//! # Time
//!
//! The game runs at a fixed 24 ticks per second ([`crate::TICKS_PER_SECOND`]) and
//! [`Maze::tick`] advances exactly one tick with the buttons held and pressed during it
//! ([`TickInput`]). The sim never reads a clock: the front end owns it. Seconds in the
//! seed are ticks here (0.75 s = 18, 3 s = 72) and ICMaze's "frames" are ticks; every
//! number is in [`rules`]. Same [`MazeConfig`] + same tick inputs = same game, checked by
//! `Maze::state_hash` (with the `serde` feature; seahash over the whole state).
//!
//! # Coordinates
//!
//! Map space, like all of torchlit: `(0, 0)` top-left, `y` down. ICMaze uses `y` up
//! with `(0, 0)` bottom-left; [`geometry`] converts its positions (an area of side
//! `size` is a `(size + 2)²` grid, seed `(x, y)` = map `(x, size + 1 - y)`) and lists
//! them converted.
//!
//! # Interactions
//!
//! Contact interactions (walking over a collectable, crossing a portal, a projectile
//! touching the hero) and distance interactions (the cell in front of the hero while it
//! interacts or swings the pickaxe, a log monster's perception square) go through a
//! double-dispatch visitor ([`interaction`]): the target calls back the interactor's
//! handler method for its own kind, so no rule asks what type anything is.
//!
//! # Areas and signals
//!
//! A level is `Spawn`, maze areas (`SmallArea` 8, `MediumArea` 16, `LargeArea` 32) and
//! `BossArea`, each an [`Area`] with four portals ([`Portal`]). Each area is a logic
//! signal ([`Challenge`]): `BossArea` turns on when the boss is dead and its key taken;
//! the others follow it (by signal number, never knowing the area). Then mazes vanish,
//! their monsters sleep, and a treasure appears in `Spawn`; taking it wins the game.
//!
//! ```
//! use torchlit_sim::modes::maze::{Button, Maze, MazeConfig, Seed, TickInput};
//!
//! let mut game = Maze::new(MazeConfig::fixed(Seed(7)))?;
//! game.tick(&TickInput::IDLE); // the welcome dialog opens
//! assert!(game.dialog().is_some());
//! for _ in 0..3 {
//!     game.tick(&TickInput::press(Button::NextDialog));
//! }
//! assert!(game.dialog().is_none());
//! game.tick(&TickInput::press(Button::Down)); // a step south takes 8 ticks
//! assert_eq!(game.area().title(), "icmaze/Spawn");
//! # Ok::<(), torchlit_sim::modes::maze::MazeError>(())
//! ```

mod area;
mod body;
mod boss;
mod cell;
mod collectable;
mod dialog;
mod event;
mod game;
mod input;
mod level;
mod monster;
mod player;
mod portal;
mod rock;
mod thing;

pub mod geometry;
pub mod interaction;
pub mod rules;

pub use area::{Area, AreaId, Challenge, SignalId, grid_name};
pub use body::{Countdown, Life, Motion};
pub use boss::{Boss, BossHit, Projectile};
pub use cell::CellType;
pub use collectable::{Heart, Key, Pickaxe, Treasure};
pub use dialog::{Dialog, DialogHandler, DialogId};
pub use event::{Event, Pickup};
pub use game::{Maze, MazeConfig, Rules, Stats, Wizard};
pub use geometry::Side;
pub use input::{Button, Buttons, TickInput};
pub use level::LevelKind;
pub use monster::{LogMonster, MonsterState};
pub use player::{Player, PlayerState};
pub use portal::{Link, Portal, PortalState};
pub use rock::Rock;
pub use rules::{DEFAULT_LEVEL_LENGTH, KeyNumber};
pub use thing::Thing;
pub use torchlit_procgen::{AreaKind, Difficulty, GenError};
pub use torchlit_rng::Seed;

/// Why a game could not start.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum MazeError {
    /// A generated level asked for more maze areas than allowed.
    LevelTooLong {
        /// The length asked for.
        length: u32,
        /// The most accepted.
        max: u32,
    },
    /// The generator refused a maze or a chain.
    Generation(GenError),
}

impl std::fmt::Display for MazeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MazeError::LevelTooLong { length, max } => {
                write!(f, "a level of {length} maze areas is too long (at most {max})")
            }
            MazeError::Generation(e) => write!(f, "level generation failed: {e}"),
        }
    }
}

impl std::error::Error for MazeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            MazeError::Generation(e) => Some(e),
            MazeError::LevelTooLong { .. } => None,
        }
    }
}
