//! Procedural generation for roguelikes: every generator is a pure function of a
//! [`Seed`](torchlit_rng::Seed) and its parameters.
//!
//! | generator | source | returns |
//! |---|---|---|
//! | [`maze`] | ICMaze (CS-107 mini-project "Maze Games", EPFL) §3.2, recursive division | `Grid<u8>` of [`PATH`] / [`WALL`] |
//! | [`cave`], [`cave_bitwise`] | CaveGame (Freddy Heppell's AQA Computer Science NEA) §2.4.1, Johnson, Yannakakis & Togelius 2010 | `Grid<`[`CaveCell`]`>` |
//! | [`Overworld`] | CaveGame §2.2, §2.4: an infinite world of regions | [`Region`]s, [`Overworld::spawn`] |
//! | [`cave_levels`] | the roguelike tutorial (Trystan, 2011) part 07: levels joined by stairs | [`CaveLevels`] of `TileMap<`[`LevelCell`]`>`s |
//! | [`level_chain`] | ICMaze §4.3, `generateLine` | [`LevelChain`] |
//! | [`rooms_layout`] | the DM503 Rogue project (University of Southern Denmark, 2010): rooms and hallways, nothing placed | [`RoomsLayout`]: `TileMap<`[`RoomCell`]`>` and the rooms |
//!
//! # Conventions
//!
//! - **No game inside**: a generator returns its own cells ([`CaveCell`], [`LevelCell`],
//!   [`RoomCell`], each a `torchlit_map::Terrain`) and places no player, monster or item;
//!   map the cells to your terrain with `TileMap::map` and place what you like (the
//!   layouts say where there is room).
//! - **Coordinates** are map space (`torchlit-geom`): `(0, 0)` is the top-left cell, `x`
//!   grows east, `y` grows south, one unit is one cell. The infinite world adds region
//!   coordinates ([`RegionCoord`], [`world_to_region`]).
//! - **Randomness** comes only from `torchlit_rng`: each generator derives its own
//!   sub-seed with `Seed::derive(label, ids)` and draws from `Rng`; where a value must not
//!   depend on generation order (the starting noise of a world cell, a chest), it is a
//!   hash of a derived key and the cell's coordinates. Same seed and parameters, same
//!   output, on every machine; `tests/seed_catalog.txt` pins it.
//! - **Errors**: bad parameters give a [`GenError`], never a panic; every retry loop is
//!   capped.
//!
//! ```
//! use torchlit_geom::Size;
//! use torchlit_procgen::{cave, cave_bitwise, maze, CaveParams, Difficulty, PATH};
//! use torchlit_rng::Seed;
//!
//! let seed = Seed::from_text("hello");
//! let m = maze(seed, 21, 11, Difficulty::HARDEST)?;
//! assert_eq!(m.values().filter(|&&c| c == PATH).count() > 100, true);
//!
//! let params = CaveParams::default(); // r = 0.5, T = 5, a = 4
//! let c = cave(seed, Size::new(80, 40), &params)?;
//! assert_eq!(c, cave_bitwise(seed, Size::new(80, 40), &params)?);
//! # Ok::<(), torchlit_procgen::GenError>(())
//! ```

mod cave;
mod chain;
mod components;
mod error;
mod levels;
mod maze;
mod noise;
mod region;
mod rooms;
mod spiral;

pub use cave::{
    CaRule, CaveCell, CaveParams, MAX_ITERATIONS, RockBits, cave, cave_bitwise, label_walls,
};
pub use chain::{AreaKind, ChainArea, LevelChain, MAX_CHAIN_LENGTH, chain_difficulty, level_chain};
pub use error::{GenError, MAX_AREA, MAX_SIDE};
pub use levels::{CaveLevels, CaveLevelsParams, LevelCell, MAX_DEPTH, cave_levels};
pub use maze::{Difficulty, PATH, WALL, maze};
pub use region::{
    DEFAULT_REGION_SIZE, MAX_REGION_SIZE, MAX_SPAWN_RADIUS, MIN_REGION_SIZE, Overworld,
    OverworldParams, Region, RegionCoord, region_to_world, world_to_region,
};
pub use rooms::{
    MAX_DUNGEON_SIDE, RoomCell, RoomsLayout, RoomsParams, rooms_layout, rooms_layout_with,
};
pub use spiral::{spiral, spiral_offsets};
