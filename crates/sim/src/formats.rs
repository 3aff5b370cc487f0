//! The game's map files, each parsed from bytes and written back: the Ultima world of
//! Ultima 0 (CSCI 136, Montana Tech, 2014) ([`UltimaWorld`]), the dungeon of the DM503
//! Rogue project (University of Southern Denmark, 2010) ([`Dungeon`]) and a plain ASCII
//! map ([`AsciiMap`]); [`parse_any`] tells them apart by their content. Each produces a
//! `TileMap<`[`Tile`](crate::terrain::Tile)`>`.
//!
//! Built on `torchlit-map`'s `text` lexing; their errors are its `ParseError` (file, line,
//! column) with the kinds only these formats have ([`FormatErrorKind`]: the avatar off the
//! map, a second hero...). No file I/O: callers read the bytes and name the file
//! (`ParseError::in_file`).

mod ascii;
mod detect;
mod dungeon;
mod ultima;

pub use ascii::{AsciiMap, glyph_tile, tile_glyph};
pub use detect::{AnyMap, parse_any};
pub use dungeon::{Dungeon, DungeonMonster};
pub use ultima::{UltimaWorld, map_to_ultima, ultima_to_map};

/// Why a game map file could not be read, and where: `torchlit-map`'s error with the
/// game formats' own kinds.
///
/// ```
/// use torchlit_sim::formats::{FormatErrorKind, ParseErrorKind, UltimaWorld};
///
/// let err = UltimaWorld::parse(b"2 1\n0 0\nG X\n").expect_err("X is no code");
/// assert_eq!((err.line(), err.column()), (3, 3));
/// assert!(matches!(err.kind(), ParseErrorKind::UnknownCode { .. }));
/// assert_eq!(
///     err.in_file("world.txt").to_string(),
///     "world.txt:3:3: unknown code \"X\"; expected a tile code: B, L, W, F, G, M or S",
/// );
/// let err = UltimaWorld::parse(b"2 1\n5 0\nG G\n").expect_err("off the map");
/// assert!(matches!(err.kind(), ParseErrorKind::Format(FormatErrorKind::AvatarOffMap { .. })));
/// ```
pub type ParseError = torchlit_map::ParseError<FormatErrorKind>;

/// What went wrong while reading a game map file: the kinds every grid format shares, or
/// [`FormatErrorKind`] (`ParseErrorKind::Format`).
pub type ParseErrorKind = torchlit_map::ParseErrorKind<FormatErrorKind>;

/// What only the game's formats refuse (`torchlit_map::ParseErrorKind::Format`); the
/// position is the [`ParseError`]'s.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FormatErrorKind {
    /// The Ultima avatar lies outside the map (coordinates as written: Ultima, y up);
    /// reported at the coordinate that is too large.
    #[error(
        "the avatar at ({x}, {y}) (Ultima coordinates, y up) is off the {width}x{height} \
         map; expected x below {width} and y below {height}"
    )]
    AvatarOffMap {
        /// The avatar's x, as written.
        x: u64,
        /// The avatar's y (Ultima: counted up from the bottom row), as written.
        y: u64,
        /// The map's width in cells.
        width: u32,
        /// The map's height in cells.
        height: u32,
    },
    /// The Ultima avatar stands on an impassable tile (coordinates as written); reported
    /// at the avatar's x.
    #[error(
        "the avatar at ({x}, {y}) (Ultima coordinates, y up) stands on {tile}, which is \
         impassable; expected a passable tile"
    )]
    AvatarBlocked {
        /// The avatar's x, as written.
        x: u64,
        /// The avatar's y (Ultima: counted up from the bottom row), as written.
        y: u64,
        /// The tile's name ([`Tile::name`](crate::terrain::Tile::name)).
        tile: &'static str,
    },
    /// A dungeon without a hero `@`; reported at the size `N`.
    #[error("expected exactly one hero '@' in the dungeon, found none")]
    NoHero,
    /// A second `@` (the hero of a dungeon, the start of an ASCII map); reported at the
    /// second one.
    #[error(
        "expected exactly one '@', found a second one (the first is at line {first_line}, \
         column {first_column})"
    )]
    TwoHeroes {
        /// The line of the first `@`.
        first_line: usize,
        /// The column of the first `@`.
        first_column: usize,
    },
    /// A chase dungeon without a monster `A`–`Z` ([`Dungeon::parse_chase`]); reported at
    /// the size `N`.
    #[error("expected exactly one monster 'A'-'Z' in the dungeon, found none")]
    NoMonster,
    /// A second monster in a chase dungeon ([`Dungeon::parse_chase`]); reported at the
    /// second one.
    #[error(
        "expected exactly one monster, found a second one '{glyph}' (the first is at line \
         {first_line}, column {first_column})"
    )]
    TwoMonsters {
        /// The second monster's letter.
        glyph: char,
        /// The line of the first monster.
        first_line: usize,
        /// The column of the first monster.
        first_column: usize,
    },
}
