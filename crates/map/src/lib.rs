//! Tiles, tile maps and the torchlit map file formats.
//!
//! - [`Terrain`]: what the toolkit needs to know of a cell's terrain (passable, opaque,
//!   light); implement it for your own terrain.
//! - [`TileMap`]: a grid of any [`Terrain`] in map space (`(0, 0)` top-left, `y` down).
//! - [`Tile`]: the torchlit game's terrain (every mode's kinds), the terrain of its file
//!   formats below.
//! - Formats, each parsed from bytes and written back: the Ultima world of Ultima 0 (CSCI 136, Montana Tech, 2014)
//!   ([`UltimaWorld`]), the dungeon of the DM503 Rogue project (University of Southern Denmark, 2010) ([`Dungeon`]) and a plain ASCII map
//!   ([`AsciiMap`]); [`parse_any`] tells them apart by their content.
//!
//! This crate does no file I/O: callers read the bytes and name the file
//! ([`ParseError::in_file`]) so that errors read `file:line:column: what was expected`.

mod terrain;
mod tile;
mod tile_map;

pub use terrain::Terrain;
pub use tile::Tile;
pub use tile_map::TileMap;

mod ascii;
mod detect;
mod dungeon;
mod error;
mod text;
mod ultima;

pub use ascii::{AsciiMap, glyph_tile, tile_glyph};
pub use detect::{AnyMap, parse_any};
pub use dungeon::{Dungeon, DungeonMonster};
pub use error::{MAX_FILE_BYTES, MAX_MAP_AREA, MAX_MAP_SIDE, ParseError, ParseErrorKind};
pub use ultima::{UltimaWorld, map_to_ultima, ultima_to_map};
