//! Tile maps of any terrain, and what a text map format needs.
//!
//! - [`Terrain`]: what the toolkit needs to know of a cell's terrain (passable, opaque,
//!   light); implement it for your own terrain.
//! - [`TileMap`]: a grid of any [`Terrain`] in map space (`(0, 0)` top-left, `y` down).
//! - [`text`]: the lexing a text map format needs (UTF-8, lines, tokens, numbers, size
//!   limits) and [`ParseError`], which says what was expected and found at a line and a
//!   column ([`ParseErrorKind`]: the kinds every grid format shares, and the format's own).
//!
//! The torchlit game's terrain and file formats (the Ultima world, the DM503 dungeon, the
//! ASCII map) are the game's: they live in `torchlit-sim` (`terrain` and `formats`), built
//! on this crate.
//!
//! This crate does no file I/O: callers read the bytes and name the file
//! ([`ParseError::in_file`]) so that errors read `file:line:column: what was expected`.

mod error;
mod terrain;
mod tile_map;

pub mod text;

pub use error::{MAX_FILE_BYTES, MAX_MAP_AREA, MAX_MAP_SIDE, ParseError, ParseErrorKind};
pub use terrain::Terrain;
pub use tile_map::TileMap;
