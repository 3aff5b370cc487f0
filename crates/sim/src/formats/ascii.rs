//! A plain ASCII map: one character per cell, one line per row.

use torchlit_geom::{Point, Size};
use torchlit_map::text::{Lines, build_map, decode, size_fits, too_large};
use torchlit_map::{MAX_MAP_SIDE, TileMap};

use super::{FormatErrorKind, ParseError, ParseErrorKind};
use crate::terrain::Tile;

/// The glyph of the start cell (a [`Tile::Floor`]).
const START: char = '@';

/// The legal glyphs, for [`torchlit_map::ParseErrorKind::UnknownCode`].
const EXPECTED_GLYPHS: &str = "a map glyph: # . ~ = + ' < > B T ^ \" % : @ or a space (a wall)";

/// The ASCII glyph of each tile; [`glyph_tile`] reads the same table backwards.
///
/// | glyph | tile | glyph | tile |
/// |---|---|---|---|
/// | `#` | [`Tile::Wall`] | `B` | [`Tile::BrickFloor`] |
/// | `.` | [`Tile::Floor`] | `T` | [`Tile::Forest`] |
/// | `:` | [`Tile::Hallway`] | `^` | [`Tile::Mountains`] |
/// | `~` | [`Tile::Water`] | `"` | [`Tile::Grass`] |
/// | `=` | [`Tile::Lava`] | `%` | [`Tile::StoneWall`] |
/// | `+` | [`Tile::DoorClosed`] | `<` | [`Tile::StairsUp`] |
/// | `'` | [`Tile::DoorOpen`] | `>` | [`Tile::StairsDown`] |
///
/// Every tile has a glyph and no two share one (checked when the crate compiles); `@`
/// (the start, on floor) and the space (a wall, when reading) are not in this table.
pub const fn tile_glyph(tile: Tile) -> char {
    match tile {
        Tile::Wall => '#',
        Tile::Floor => '.',
        Tile::Hallway => ':',
        Tile::Water => '~',
        Tile::Lava => '=',
        Tile::DoorClosed => '+',
        Tile::DoorOpen => '\'',
        Tile::StairsUp => '<',
        Tile::StairsDown => '>',
        Tile::BrickFloor => 'B',
        Tile::Forest => 'T',
        Tile::Mountains => '^',
        Tile::Grass => '"',
        Tile::StoneWall => '%',
    }
}

/// [`tile_glyph`] inverted, indexed by ASCII code; built at compile time, which fails on
/// a glyph that is not ASCII, is used twice, or is `@` or a space.
const GLYPH_TILES: [Option<Tile>; 128] = {
    let mut table = [None; 128];
    let mut i = 0;
    while i < Tile::ALL.len() {
        let tile = Tile::ALL[i];
        let glyph = tile_glyph(tile);
        assert!(glyph != START && glyph != ' ', "'@' and ' ' are reserved");
        let slot = glyph as usize;
        assert!(table[slot].is_none(), "two tiles share an ASCII glyph");
        table[slot] = Some(tile);
        i += 1;
    }
    table
};

/// The tile of an ASCII glyph (see [`tile_glyph`] for the table), or `None` for any
/// other character, `@` and the space included.
pub fn glyph_tile(c: char) -> Option<Tile> {
    GLYPH_TILES.get(c as usize).copied().flatten()
}

/// A plain ASCII map: one glyph per cell, one line per row, and an optional start `@`.
///
/// # File format
///
/// Each line is a row, the first line on top; each character is a cell, glyphs as in
/// [`tile_glyph`] (`#` wall, `.` floor, `:` hallway, `~` water, `=` lava, `+` closed
/// door, `'` open door, `<` stairs up, `>` stairs down, `B` brick floor, `T` forest,
/// `^` mountains, `"` grass, `%` stone wall), plus `@`, the start, on floor, and the
/// space, a wall. The width is the longest row's; shorter rows are padded with walls.
/// Lines end in LF or CRLF; trailing spaces and tabs and trailing blank lines are
/// ignored (a blank line before the last row is a row of walls).
///
/// # Coordinates
///
/// Map space: the first character of the first line is `(0, 0)`, `x` right, `y` down.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct AsciiMap {
    /// The terrain.
    pub map: TileMap<Tile>,
    /// The `@`, if the map has one.
    pub start: Option<Point>,
}

impl AsciiMap {
    /// Reads a map from the bytes of its file (no file I/O).
    ///
    /// # Errors
    ///
    /// A [`ParseError`] at the first problem: not UTF-8, nothing but blank lines, more
    /// than [`MAX_MAP_SIDE`] rows or columns or [`torchlit_map::MAX_MAP_AREA`] cells
    /// ([`torchlit_map::ParseErrorKind::TooLarge`], found before the map is allocated), an unknown
    /// glyph, or a second `@` ([`FormatErrorKind::TwoHeroes`]).
    pub fn parse(bytes: &[u8]) -> Result<AsciiMap, ParseError> {
        let text = decode(bytes)?;

        // First pass: the size. Rows run to the last line that is not blank.
        let (mut width, mut height) = (0usize, 0usize);
        let mut first_long_line = None;
        for line in Lines::new(text) {
            let len = line.text.chars().count();
            if len > 0 {
                height = line.number;
            }
            if len > MAX_MAP_SIDE as usize && first_long_line.is_none() {
                first_long_line = Some(line.number);
            }
            width = width.max(len);
        }
        if height == 0 {
            return Err(ParseError::new(1, 1, ParseErrorKind::Empty));
        }
        let (w, h) = (width as u64, height as u64);
        if !size_fits(w, h) {
            let (line, column) = match first_long_line {
                Some(line) => (line, MAX_MAP_SIDE as usize + 1),
                None if height > MAX_MAP_SIDE as usize => (MAX_MAP_SIDE as usize + 1, 1),
                None => (1, 1),
            };
            return Err(ParseError::new(line, column, too_large(w, h)));
        }
        // Both within 1..=4096 now.
        let size = Size::new(width as u32, height as u32);

        // Second pass: the cells.
        let mut cells = Vec::with_capacity(width * height);
        let mut start: Option<(Point, usize, usize)> = None;
        for (y, line) in Lines::new(text).take(height).enumerate() {
            let mut row_len = 0;
            for (x, c) in line.text.chars().enumerate() {
                let column = x + 1;
                let tile = match c {
                    START => {
                        if let Some((_, first_line, first_column)) = start {
                            let kind = ParseErrorKind::Format(FormatErrorKind::TwoHeroes {
                                first_line,
                                first_column,
                            });
                            return Err(ParseError::new(line.number, column, kind));
                        }
                        start = Some((Point::new(x as i32, y as i32), line.number, column));
                        Tile::Floor
                    }
                    ' ' => Tile::Wall,
                    _ => glyph_tile(c).ok_or_else(|| {
                        let kind = ParseErrorKind::UnknownCode {
                            found: c.to_string(),
                            expected: EXPECTED_GLYPHS,
                        };
                        ParseError::new(line.number, column, kind)
                    })?,
                };
                cells.push(tile);
                row_len += 1;
            }
            cells.resize(cells.len() + (width - row_len), Tile::Wall);
        }
        Ok(AsciiMap { map: build_map(size, &cells, Tile::Wall), start: start.map(|(p, _, _)| p) })
    }

    /// Writes the map: one line per row, every row full width (walls as `#`), each line
    /// ending in `\n`, with `@` at the start if it lies inside the map.
    ///
    /// `AsciiMap::parse(m.to_text().as_bytes())` gives back `m` for every map that
    /// `parse` can return (the start on a floor tile, at least one row and column).
    pub fn to_text(&self) -> String {
        let size = self.map.size();
        let mut out = String::with_capacity(size.area() + size.height as usize);
        for (p, tile) in self.map.iter() {
            out.push(if Some(p) == self.start { START } else { tile_glyph(tile) });
            if p.x as u32 + 1 == size.width {
                out.push('\n');
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> ParseError {
        match AsciiMap::parse(text.as_bytes()) {
            Ok(m) => panic!("parsed {text:?} as {m:?}"),
            Err(e) => e,
        }
    }

    #[test]
    fn every_tile_has_a_glyph_that_reads_back() {
        for t in Tile::ALL {
            let g = tile_glyph(t);
            assert_eq!(glyph_tile(g), Some(t), "{t:?} {g:?}");
            assert!(EXPECTED_GLYPHS.contains(g), "{g:?} missing from the error message");
        }
        assert_eq!(glyph_tile('@'), None);
        assert_eq!(glyph_tile(' '), None);
        assert_eq!(glyph_tile('é'), None);
        assert_eq!(glyph_tile('\u{10FFFF}'), None);
    }

    #[test]
    fn rows_are_padded_to_the_longest() {
        let m = AsciiMap::parse(b"#####\n#@.~\n\n#  >#\n\n\n").expect("valid");
        assert_eq!(m.map.size(), Size::new(5, 4));
        assert_eq!(m.start, Some(Point::new(1, 1)));
        assert_eq!(m.map.tile(Point::new(1, 1)), Some(Tile::Floor));
        assert_eq!(m.map.tile(Point::new(4, 1)), Some(Tile::Wall));
        assert_eq!(m.map.tile(Point::new(2, 2)), Some(Tile::Wall));
        assert_eq!(m.map.tile(Point::new(1, 3)), Some(Tile::Wall));
        assert_eq!(m.map.tile(Point::new(3, 3)), Some(Tile::StairsDown));
        assert_eq!(m.to_text(), "#####\n#@.~#\n#####\n###>#\n");
    }

    #[test]
    fn no_start_is_fine() {
        let m = AsciiMap::parse(b"..\r\n~~\r\n").expect("valid");
        assert_eq!(m.start, None);
        assert_eq!(m.to_text(), "..\n~~\n");
    }

    #[test]
    fn errors() {
        let e = err("");
        assert_eq!((e.line(), e.column(), e.kind()), (1, 1, &ParseErrorKind::Empty));
        let e = err(" \n\t\n\r\n");
        assert_eq!((e.line(), e.column(), e.kind()), (1, 1, &ParseErrorKind::Empty));
        let e = err("##\n#X#\n");
        assert_eq!((e.line(), e.column()), (2, 2));
        assert!(matches!(e.kind(), ParseErrorKind::UnknownCode { found, .. } if found == "X"));
        let e = err("ééé\n.é?\n");
        assert_eq!((e.line(), e.column()), (1, 1));
        let e = err("#.\t.\n");
        assert_eq!((e.line(), e.column()), (1, 3));
        let e = err("@.\n.@\n");
        assert_eq!((e.line(), e.column()), (2, 2));
        assert_eq!(
            e.kind(),
            &ParseErrorKind::Format(FormatErrorKind::TwoHeroes { first_line: 1, first_column: 1 })
        );
    }

    #[test]
    fn too_large_is_found_before_allocating() {
        let e = err(&".".repeat(4097));
        assert_eq!((e.line(), e.column()), (1, 4097));
        assert!(matches!(e.kind(), ParseErrorKind::TooLarge { width: 4097, height: 1, .. }));
        let e = err(&".\n".repeat(4097));
        assert_eq!((e.line(), e.column()), (4097, 1));
        let mut wide = ".".repeat(2049);
        wide.push_str(&"\n.".repeat(2047));
        let e = err(&wide);
        assert!(matches!(e.kind(), ParseErrorKind::TooLarge { width: 2049, height: 2048, .. }));
    }
}
