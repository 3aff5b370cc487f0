//! The Ultima world format of Ultima 0 (CSCI 136, Montana Tech, 2014).

use torchlit_geom::{Point, Size};
use torchlit_map::text::{
    END_OF_FILE, Line, Lines, build_map, decode, expect_line_end, expect_uint, expected, size_fits,
    too_large,
};
use torchlit_map::{MAX_MAP_AREA, TileMap};

use super::{FormatErrorKind, ParseError, ParseErrorKind};
use crate::terrain::Tile;

/// Each Ultima tile code and its tile.
const CODES: [(char, Tile); 7] = [
    ('B', Tile::BrickFloor),
    ('L', Tile::Lava),
    ('W', Tile::Water),
    ('F', Tile::Forest),
    ('G', Tile::Grass),
    ('M', Tile::Mountains),
    ('S', Tile::StoneWall),
];

/// The legal codes, for [`torchlit_map::ParseErrorKind::UnknownCode`].
const EXPECTED_CODES: &str = "a tile code: B, L, W, F, G, M or S";

/// The tile of an Ultima code.
fn code_tile(code: &str) -> Option<Tile> {
    let mut chars = code.chars();
    let c = chars.next()?;
    if chars.next().is_some() {
        return None;
    }
    CODES.iter().find(|&&(k, _)| k == c).map(|&(_, t)| t)
}

/// The Ultima code written for a tile; tiles the format lacks get their closest code.
fn tile_code(tile: Tile) -> char {
    match CODES.iter().find(|&&(_, t)| t == tile) {
        Some(&(c, _)) => c,
        None if tile.is_passable() => 'B',
        None => 'S',
    }
}

/// An Ultima world (Ultima 0): the terrain and where the avatar starts.
///
/// # File format
///
/// ```text
/// W H          the width and height in cells (1..=4096 each, W×H at most 4 194 304)
/// x y          the avatar, in Ultima coordinates: (0, 0) bottom-left, y up
/// G G W ...    H rows of W tile codes, the top row first
/// ```
///
/// Tile codes: `B` brick floor, `L` lava, `W` water, `F` forest, `G` grasslands,
/// `M` mountains, `S` stone wall. Tokens are separated by any number of spaces or tabs;
/// lines end in LF or CRLF, trailing white space and blank lines after the last row are
/// ignored, and so are blank lines before the first one.
///
/// # Coordinates
///
/// [`UltimaWorld::avatar`] is in map space (`(0, 0)` top-left, `y` down), converted from
/// the file's Ultima coordinates with [`ultima_to_map`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct UltimaWorld {
    /// The terrain; row 0 is the file's first (top) row.
    pub map: TileMap<Tile>,
    /// Where the avatar starts, in map space (`y` down).
    pub avatar: Point,
}

impl UltimaWorld {
    /// Reads a world from the bytes of its file (no file I/O).
    ///
    /// # Errors
    ///
    /// A [`ParseError`] at the first problem: not UTF-8, an empty file, a missing,
    /// negative or non-integer number, a zero or [too large](torchlit_map::ParseErrorKind::TooLarge)
    /// size (refused before anything is allocated), the wrong number of rows or of codes
    /// in a row, an unknown code, the avatar off the map or on an impassable tile, or
    /// text after the last row.
    pub fn parse(bytes: &[u8]) -> Result<UltimaWorld, ParseError> {
        let text = decode(bytes)?;
        let mut lines = Lines::new(text);

        let header =
            lines.next_non_blank().ok_or_else(|| ParseError::new(1, 1, ParseErrorKind::Empty))?;
        let mut tokens = header.tokens();
        let width_what = "the map width (an integer from 1 to 4096)";
        let height_what = "the map height (an integer from 1 to 4096)";
        let (width, width_at) = expect_uint(&header, tokens.next(), width_what)?;
        let (height, height_at) = expect_uint(&header, tokens.next(), height_what)?;
        expect_line_end(&header, tokens.next(), "the map height")?;
        if width == 0 {
            return Err(header.error_at(width_at, expected(width_what, "\"0\"")));
        }
        if height == 0 {
            return Err(header.error_at(height_at, expected(height_what, "\"0\"")));
        }
        if !size_fits(width, height) {
            return Err(header.error_at(width_at, too_large(width, height)));
        }
        // Both fit in 1..=4096 now.
        let (w, h) = (width as usize, height as usize);
        let size = Size::new(width as u32, height as u32);

        let avatar_line = lines.next().ok_or_else(|| {
            ParseError::new(
                header.number + 1,
                1,
                expected("the avatar's position \"x y\" on the line after the size", END_OF_FILE),
            )
        })?;
        let mut tokens = avatar_line.tokens();
        let (x, x_at) =
            expect_uint(&avatar_line, tokens.next(), "the avatar's x (a non-negative integer)")?;
        let (y, y_at) =
            expect_uint(&avatar_line, tokens.next(), "the avatar's y (a non-negative integer)")?;
        expect_line_end(&avatar_line, tokens.next(), "the avatar's y")?;
        if x >= width || y >= height {
            let at = if x >= width { x_at } else { y_at };
            let kind = ParseErrorKind::Format(FormatErrorKind::AvatarOffMap {
                x,
                y,
                width: size.width,
                height: size.height,
            });
            return Err(avatar_line.error_at(at, kind));
        }

        // Grows with the input: a file cannot make us allocate more than it holds.
        let mut cells = Vec::with_capacity(w.saturating_mul(h).min(text.len()).min(MAX_MAP_AREA));
        for row in 0..h {
            let Some(line) = lines.next() else {
                let kind = ParseErrorKind::WrongRowCount { expected: h, found: row };
                return Err(ParseError::new(lines.last_number() + 1, 1, kind));
            };
            if line.is_blank() && lines.rest_is_blank() {
                let kind = ParseErrorKind::WrongRowCount { expected: h, found: row };
                return Err(ParseError::new(line.number, 1, kind));
            }
            read_row(&line, w, &mut cells)?;
        }
        lines.expect_only_blank()?;

        let map = build_map(size, &cells, Tile::Wall);
        // x < width ≤ 4096 and y < height ≤ 4096.
        let avatar = ultima_to_map(Point::new(x as i32, y as i32), size.height);
        if let Some(tile) = map.tile(avatar)
            && !tile.is_passable()
        {
            let kind =
                ParseErrorKind::Format(FormatErrorKind::AvatarBlocked { x, y, tile: tile.name() });
            return Err(avatar_line.error_at(x_at, kind));
        }
        Ok(UltimaWorld { map, avatar })
    }

    /// Writes the world in its file format: `W H`, then the avatar in Ultima coordinates,
    /// then the rows top first, each code followed by a space, every line ending in `\n`.
    ///
    /// `UltimaWorld::parse(world.to_text().as_bytes())` gives back `world` for every world
    /// that `parse` can return. Tiles outside the Ultima set are written as `B` if
    /// passable and `S` if not, so a map holding them does not round-trip.
    pub fn to_text(&self) -> String {
        let size = self.map.size();
        let avatar = map_to_ultima(self.avatar, size.height);
        let mut out = format!("{} {}\n{} {}\n", size.width, size.height, avatar.x, avatar.y);
        out.reserve(size.area() * 2 + size.height as usize);
        for y in 0..size.height {
            let row = i32::try_from(y).ok().and_then(|y| self.map.grid().row(y));
            for &tile in row.into_iter().flatten() {
                out.push(tile_code(tile));
                out.push(' ');
            }
            out.push('\n');
        }
        out
    }
}

/// Converts a point from Ultima coordinates (`(0, 0)` bottom-left, `y` up) to map space
/// (`(0, 0)` top-left, `y` down) on a map `height` cells tall: `y_map = height - 1 - y`.
///
/// `x` is unchanged. Its own inverse ([`map_to_ultima`] is the same formula); points
/// outside the map convert by the same formula (saturating at the `i32` range).
pub fn ultima_to_map(p: Point, height: u32) -> Point {
    let top = i32::try_from(height).unwrap_or(i32::MAX).saturating_sub(1);
    Point::new(p.x, top.saturating_sub(p.y))
}

/// Converts a point from map space (`(0, 0)` top-left, `y` down) to Ultima coordinates
/// (`(0, 0)` bottom-left, `y` up) on a map `height` cells tall: `y_ultima = height - 1 - y`.
///
/// The inverse of [`ultima_to_map`].
pub fn map_to_ultima(p: Point, height: u32) -> Point {
    ultima_to_map(p, height)
}

/// Reads one row of `w` codes into `cells`.
fn read_row(line: &Line<'_>, w: usize, cells: &mut Vec<Tile>) -> Result<(), ParseError> {
    let mut tokens = line.tokens();
    let mut count = 0;
    while let Some(token) = tokens.next() {
        if count == w {
            let found = w + 1 + tokens.count();
            let kind = ParseErrorKind::WrongRowLength { expected: w, found };
            return Err(line.error_at(token.at, kind));
        }
        let tile = code_tile(token.text).ok_or_else(|| {
            let kind = ParseErrorKind::UnknownCode {
                found: token.text.to_owned(),
                expected: EXPECTED_CODES,
            };
            line.error_at(token.at, kind)
        })?;
        cells.push(tile);
        count += 1;
    }
    if count < w {
        let kind = ParseErrorKind::WrongRowLength { expected: w, found: count };
        return Err(line.error_at_end(kind));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = "3 2\n0 1\nG W F \nB L S \n";

    fn err(text: &str) -> ParseError {
        match UltimaWorld::parse(text.as_bytes()) {
            Ok(w) => panic!("parsed {text:?} as {w:?}"),
            Err(e) => e,
        }
    }

    #[test]
    fn parses_rows_top_first_and_flips_the_avatar() {
        let w = UltimaWorld::parse(SMALL.as_bytes()).expect("valid");
        assert_eq!(w.map.size(), Size::new(3, 2));
        assert_eq!(w.avatar, Point::new(0, 0));
        assert_eq!(w.map.tile(Point::new(1, 0)), Some(Tile::Water));
        assert_eq!(w.map.tile(Point::new(2, 1)), Some(Tile::StoneWall));
        assert_eq!(w.to_text(), SMALL);
    }

    #[test]
    fn coordinate_helpers_are_inverse() {
        assert_eq!(ultima_to_map(Point::new(3, 1), 5), Point::new(3, 3));
        assert_eq!(map_to_ultima(Point::new(3, 3), 5), Point::new(3, 1));
        assert_eq!(ultima_to_map(Point::new(0, 0), 1), Point::new(0, 0));
        assert_eq!(ultima_to_map(Point::new(0, i32::MIN), u32::MAX).y, i32::MAX);
    }

    #[test]
    fn every_code_maps_to_its_tile() {
        for (c, t) in CODES {
            assert_eq!(code_tile(&c.to_string()), Some(t));
            assert_eq!(tile_code(t), c);
            assert!(EXPECTED_CODES.contains(c));
        }
        assert_eq!(code_tile("GG"), None);
        assert_eq!(code_tile("g"), None);
        assert_eq!(tile_code(Tile::Floor), 'B');
        assert_eq!(tile_code(Tile::Wall), 'S');
    }

    #[test]
    fn tabs_and_runs_of_spaces_separate_tokens() {
        let w = UltimaWorld::parse(b"  3\t 2 \n0\t\t1\nG   W\tF\n\tB L  S").expect("valid");
        assert_eq!(w, UltimaWorld::parse(SMALL.as_bytes()).expect("valid"));
    }

    #[test]
    fn header_errors() {
        let e = err("abc 5\n");
        assert_eq!((e.line(), e.column()), (1, 1));
        assert_eq!(e.kind(), &expected("the map width (an integer from 1 to 4096)", "\"abc\""));
        let e = err("10\n");
        assert_eq!((e.line(), e.column()), (1, 3));
        assert!(e.to_string().contains("the map height"), "{e}");
        let e = err("10 5 7\n");
        assert_eq!((e.line(), e.column()), (1, 6));
        let e = err("0 5\n");
        assert_eq!((e.line(), e.column()), (1, 1));
        let e = err("5 0\n");
        assert_eq!((e.line(), e.column()), (1, 3));
        let e = err("4097 1\n");
        assert!(matches!(e.kind(), ParseErrorKind::TooLarge { width: 4097, height: 1, .. }));
    }

    #[test]
    fn avatar_line_errors() {
        let e = err("3 2\n");
        assert_eq!((e.line(), e.column()), (2, 1));
        assert!(e.to_string().ends_with("found the end of the file"), "{e}");
        let e = err("3 2\n-1 0\n");
        assert_eq!((e.line(), e.column()), (2, 1));
        assert_eq!(e.kind(), &expected("the avatar's x (a non-negative integer)", "\"-1\""));
        let e = err("3 2\n1 1.5\n");
        assert_eq!((e.line(), e.column()), (2, 3));
        let e = err("3 2\n1\n");
        assert_eq!((e.line(), e.column()), (2, 2));
        let e = err("3 2\n1 1 1\n");
        assert_eq!((e.line(), e.column()), (2, 5));
        let e = err("3 2\n1 2\nG G G\nG G G\n");
        assert_eq!((e.line(), e.column()), (2, 3));
        assert_eq!(
            e.kind(),
            &ParseErrorKind::Format(FormatErrorKind::AvatarOffMap {
                x: 1,
                y: 2,
                width: 3,
                height: 2
            })
        );
    }

    #[test]
    fn row_errors() {
        let e = err("3 2\n0 0\nG G G\n");
        assert_eq!((e.line(), e.column()), (4, 1));
        assert_eq!(e.kind(), &ParseErrorKind::WrongRowCount { expected: 2, found: 1 });
        let e = err("3 2\n0 0\nG G G\n\n\n");
        assert_eq!((e.line(), e.column()), (4, 1));
        let e = err("3 2\n0 0\nG G\nG G G\n");
        assert_eq!((e.line(), e.column()), (3, 4));
        assert_eq!(e.kind(), &ParseErrorKind::WrongRowLength { expected: 3, found: 2 });
        let e = err("3 2\n0 0\nG G G G G\nG G G\n");
        assert_eq!((e.line(), e.column()), (3, 7));
        assert_eq!(e.kind(), &ParseErrorKind::WrongRowLength { expected: 3, found: 5 });
        let e = err("3 2\n0 0\nG G G\nG x G\n");
        assert_eq!((e.line(), e.column()), (4, 3));
        let e = err("3 2\n0 0\nG G G\nG G G\nG\n");
        assert_eq!((e.line(), e.column()), (5, 1));
        assert_eq!(e.kind(), &ParseErrorKind::TrailingGarbage { found: "\"G\"".into() });
    }

    #[test]
    fn avatar_must_stand_on_passable_ground() {
        // (1, 1) in Ultima coordinates is the top row here: water.
        let e = err("3 2\n1 1\nG W G\nG G G\n");
        assert_eq!((e.line(), e.column()), (2, 1));
        assert_eq!(
            e.kind(),
            &ParseErrorKind::Format(FormatErrorKind::AvatarBlocked { x: 1, y: 1, tile: "water" })
        );
    }

    #[test]
    fn to_text_writes_foreign_tiles_as_near_codes() {
        let mut w = UltimaWorld::parse(SMALL.as_bytes()).expect("valid");
        w.map.set(Point::new(0, 0), Tile::Floor);
        assert!(w.to_text().contains("\nB W F \n"));
    }
}
