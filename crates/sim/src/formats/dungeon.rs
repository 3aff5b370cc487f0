//! The Rogue dungeon format of the DM503 Rogue project (University of Southern Denmark, 2010).

use torchlit_geom::{Point, Size};
use torchlit_map::text::{
    Line, Lines, build_map, decode, expect_line_end, expect_uint, expected, quote, size_fits,
    too_large,
};
use torchlit_map::{MAX_MAP_AREA, TileMap};

use super::{FormatErrorKind, ParseError, ParseErrorKind};
use crate::terrain::Tile;

/// The legal cell characters, for [`torchlit_map::ParseErrorKind::UnknownCode`].
const EXPECTED_CELLS: &str =
    "a cell: '.' room, '+' hallway, ' ' wall, '@' hero, 'A'-'Z' monster or 's' speed potion";

/// A monster in a [`Dungeon`]: its letter and where it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DungeonMonster {
    /// The monster's letter, `'A'`–`'Z'`.
    pub glyph: char,
    /// Where it starts, in map space.
    pub at: Point,
}

/// A Rogue playing field (DM503 Rogue): an `N × N` map of rooms, hallways and walls, the
/// hero, the monsters and the speed potions.
///
/// # File format
///
/// ```text
/// N                       the side in cells (1..=2048)
/// ␠ ␠ . . @ . + + ␠ ␠     N lines of 2N characters: a cell character, then a space
/// ```
///
/// The cell of column `x` is character `2x` of its line (0-based), the top line is row 0.
/// Cell characters: `.` room ([`Tile::Floor`]), `+` hallway ([`Tile::Hallway`]), space
/// wall ([`Tile::Wall`]), `@` the hero, `A`–`Z` a monster, `s` a speed potion; the hero,
/// monsters and potions stand on room cells. Lines end in LF or CRLF; a line cut short
/// (editors trim trailing spaces) is padded with walls; blank lines before the size
/// and after the last row are ignored.
///
/// # Coordinates
///
/// Every point is in map space: `(0, 0)` top-left, `x` right, `y` down (DM503's
/// `Position` uses the same axes).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Dungeon {
    /// The terrain: rooms, hallways and walls; `N × N`.
    pub map: TileMap<Tile>,
    /// Where the hero `@` starts.
    pub hero: Point,
    /// The monsters, in reading order (row by row from the top, left to right).
    pub monsters: Vec<DungeonMonster>,
    /// The speed potions `s`, in reading order.
    pub potions: Vec<Point>,
}

impl Dungeon {
    /// Reads a dungeon from the bytes of its file (no file I/O).
    ///
    /// # Errors
    ///
    /// A [`ParseError`] at the first problem: not UTF-8, an empty file, a size that is
    /// not an integer, zero or [too large](torchlit_map::ParseErrorKind::TooLarge) (refused before
    /// anything is allocated), fewer than `N` rows, a row longer than `2N` characters
    /// (trailing white space aside), a cell not followed by a space, an unknown cell
    /// character, no hero or a second hero, or text after the last row.
    pub fn parse(bytes: &[u8]) -> Result<Dungeon, ParseError> {
        Dungeon::parse_with(bytes, false)
    }

    /// Reads a dungeon for a chase: as [`Dungeon::parse`], and it must hold exactly one
    /// monster (DM503's rule: one hero and one monster per playing field).
    ///
    /// # Errors
    ///
    /// As [`Dungeon::parse`]; also [`FormatErrorKind::TwoMonsters`] at the second monster
    /// and [`FormatErrorKind::NoMonster`] at the size `N` when there is none.
    pub fn parse_chase(bytes: &[u8]) -> Result<Dungeon, ParseError> {
        Dungeon::parse_with(bytes, true)
    }

    fn parse_with(bytes: &[u8], one_monster: bool) -> Result<Dungeon, ParseError> {
        let text = decode(bytes)?;
        let mut lines = Lines::new(text);

        let header =
            lines.next_non_blank().ok_or_else(|| ParseError::new(1, 1, ParseErrorKind::Empty))?;
        let mut tokens = header.tokens();
        let what = "the dungeon size N (an integer from 1 to 2048)";
        let (n, n_at) = expect_uint(&header, tokens.next(), what)?;
        expect_line_end(&header, tokens.next(), "the dungeon size")?;
        if n == 0 {
            return Err(header.error_at(n_at, expected(what, "\"0\"")));
        }
        if !size_fits(n, n) {
            return Err(header.error_at(n_at, too_large(n, n)));
        }
        // 1 ≤ n ≤ 2048 now.
        let side = n as usize;
        let mut read = Reading {
            one_monster,
            cells: Vec::with_capacity(side.saturating_mul(side).min(MAX_MAP_AREA)),
            hero: None,
            monsters: Vec::new(),
            first_monster: None,
            potions: Vec::new(),
        };
        for y in 0..side {
            let Some(line) = lines.next() else {
                let kind = ParseErrorKind::WrongRowCount { expected: side, found: y };
                return Err(ParseError::new(lines.last_number() + 1, 1, kind));
            };
            read.row(&line, y, side)?;
        }
        lines.expect_only_blank()?;

        let Some((hero, _, _)) = read.hero else {
            return Err(header.error_at(n_at, ParseErrorKind::Format(FormatErrorKind::NoHero)));
        };
        if one_monster && read.monsters.is_empty() {
            return Err(header.error_at(n_at, ParseErrorKind::Format(FormatErrorKind::NoMonster)));
        }
        let map = build_map(Size::new(n as u32, n as u32), &read.cells, Tile::Wall);
        Ok(Dungeon { map, hero, monsters: read.monsters, potions: read.potions })
    }

    /// Writes the dungeon in its file format: `N`, then `N` lines of exactly `2N`
    /// characters (each cell then a space), every line ending in `\n`.
    ///
    /// `N` is the larger of the map's width and height; cells outside the map are written
    /// as walls. Potions, then monsters, then the hero are drawn over the terrain where
    /// they lie inside. Tiles other than floor, hallway and wall are written as `.` if
    /// passable and as a wall if not.
    ///
    /// `Dungeon::parse(d.to_text().as_bytes())` gives back `d` for every dungeon that
    /// `parse` can return.
    pub fn to_text(&self) -> String {
        let size = self.map.size();
        let n = size.width.max(size.height);
        let side = n as usize;
        let mut glyphs: Vec<char> = (0..side.saturating_mul(side))
            .map(|i| {
                let p = Point::new((i % side) as i32, (i / side) as i32);
                match self.map.tile(p) {
                    Some(Tile::Floor) => '.',
                    Some(Tile::Hallway) => '+',
                    Some(Tile::Wall) | None => ' ',
                    Some(t) if t.is_passable() => '.',
                    Some(_) => ' ',
                }
            })
            .collect();
        let mut put = |p: Point, c: char| {
            if p.x >= 0
                && p.y >= 0
                && (p.x as usize) < side
                && (p.y as usize) < side
                && let Some(g) = glyphs.get_mut(p.y as usize * side + p.x as usize)
            {
                *g = c;
            }
        };
        for &p in &self.potions {
            put(p, 's');
        }
        for m in &self.monsters {
            put(m.at, m.glyph);
        }
        put(self.hero, '@');

        let mut out = format!("{n}\n");
        out.reserve(side * (2 * side + 1));
        for row in glyphs.chunks(side.max(1)) {
            for &c in row {
                out.push(c);
                out.push(' ');
            }
            out.push('\n');
        }
        out
    }
}

/// A dungeon file's rows read so far.
struct Reading {
    /// Whether a second monster is an error (a chase's dungeon).
    one_monster: bool,
    /// The tiles, row by row.
    cells: Vec<Tile>,
    /// The hero, and the line and column where it was written.
    hero: Option<(Point, usize, usize)>,
    monsters: Vec<DungeonMonster>,
    /// The line and column of the first monster.
    first_monster: Option<(usize, usize)>,
    potions: Vec<Point>,
}

impl Reading {
    /// Reads row `y` of a dungeon `side` cells wide; a line cut short is padded with wall.
    fn row(&mut self, line: &Line<'_>, y: usize, side: usize) -> Result<(), ParseError> {
        let mut row_len = 0;
        for (i, c) in line.text.chars().enumerate() {
            let column = i + 1;
            if i >= 2 * side {
                let found = line.text.chars().count().div_ceil(2);
                let kind = ParseErrorKind::WrongRowLength { expected: side, found };
                return Err(ParseError::new(line.number, column, kind));
            }
            if i % 2 == 1 {
                if c != ' ' {
                    let kind = expected("a space after each cell", &quote(&c.to_string()));
                    return Err(ParseError::new(line.number, column, kind));
                }
                continue;
            }
            // i / 2 < side ≤ 2048 and y < side.
            let at = Point::new((i / 2) as i32, y as i32);
            let tile = self.cell(c, at, line.number, column)?;
            self.cells.push(tile);
            row_len += 1;
        }
        // A line cut short: the rest of the row is wall.
        self.cells.resize(self.cells.len() + (side - row_len), Tile::Wall);
        Ok(())
    }

    /// The tile of cell character `c` at `at` (written at `line`, `column`), noting the
    /// hero, a monster or a potion standing there.
    fn cell(&mut self, c: char, at: Point, line: usize, column: usize) -> Result<Tile, ParseError> {
        Ok(match c {
            '.' => Tile::Floor,
            '+' => Tile::Hallway,
            ' ' => Tile::Wall,
            '@' => {
                if let Some((_, first_line, first_column)) = self.hero {
                    let kind = ParseErrorKind::Format(FormatErrorKind::TwoHeroes {
                        first_line,
                        first_column,
                    });
                    return Err(ParseError::new(line, column, kind));
                }
                self.hero = Some((at, line, column));
                Tile::Floor
            }
            'A'..='Z' => {
                if self.one_monster
                    && let Some((first_line, first_column)) = self.first_monster
                {
                    let kind = ParseErrorKind::Format(FormatErrorKind::TwoMonsters {
                        glyph: c,
                        first_line,
                        first_column,
                    });
                    return Err(ParseError::new(line, column, kind));
                }
                self.first_monster.get_or_insert((line, column));
                self.monsters.push(DungeonMonster { glyph: c, at });
                Tile::Floor
            }
            's' => {
                self.potions.push(at);
                Tile::Floor
            }
            _ => {
                let kind =
                    ParseErrorKind::UnknownCode { found: c.to_string(), expected: EXPECTED_CELLS };
                return Err(ParseError::new(line, column, kind));
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> ParseError {
        match Dungeon::parse(text.as_bytes()) {
            Ok(d) => panic!("parsed {text:?} as {d:?}"),
            Err(e) => e,
        }
    }

    #[test]
    fn parses_cells_at_even_columns() {
        let d = Dungeon::parse(b"3\n. @ + \nA s   \n. . B \n").expect("valid");
        assert_eq!(d.map.size(), Size::new(3, 3));
        assert_eq!(d.hero, Point::new(1, 0));
        assert_eq!(d.map.tile(Point::new(1, 0)), Some(Tile::Floor));
        assert_eq!(d.map.tile(Point::new(2, 0)), Some(Tile::Hallway));
        assert_eq!(d.map.tile(Point::new(2, 1)), Some(Tile::Wall));
        assert_eq!(
            d.monsters,
            vec![
                DungeonMonster { glyph: 'A', at: Point::new(0, 1) },
                DungeonMonster { glyph: 'B', at: Point::new(2, 2) },
            ]
        );
        assert_eq!(d.potions, vec![Point::new(1, 1)]);
        assert_eq!(d.to_text(), "3\n. @ + \nA s   \n. . B \n");
    }

    #[test]
    fn short_lines_are_padded_with_walls() {
        let full = Dungeon::parse(b"3\n. @   \n      \n. . . \n").expect("valid");
        let cut = Dungeon::parse(b"3\n. @\n\n. . .").expect("valid");
        assert_eq!(full, cut);
        assert_eq!(cut.map.tile(Point::new(2, 0)), Some(Tile::Wall));
        assert_eq!(cut.map.tile(Point::new(0, 1)), Some(Tile::Wall));
    }

    #[test]
    fn header_errors() {
        let e = err("ten\n");
        assert_eq!((e.line(), e.column()), (1, 1));
        let e = err("0\n");
        assert_eq!((e.line(), e.column()), (1, 1));
        let e = err("3 3\n");
        assert_eq!((e.line(), e.column()), (1, 3));
        let e = err("2049\n");
        assert!(matches!(e.kind(), ParseErrorKind::TooLarge { width: 2049, height: 2049, .. }));
        let e = err("");
        assert_eq!(e.kind(), &ParseErrorKind::Empty);
    }

    #[test]
    fn row_errors() {
        let e = err("2\n@ . \n");
        assert_eq!((e.line(), e.column()), (3, 1));
        assert_eq!(e.kind(), &ParseErrorKind::WrongRowCount { expected: 2, found: 1 });
        let e = err("2\n@ . . \n. . \n");
        assert_eq!((e.line(), e.column()), (2, 5));
        assert_eq!(e.kind(), &ParseErrorKind::WrongRowLength { expected: 2, found: 3 });
        let e = err("2\n@.\n. . \n");
        assert_eq!((e.line(), e.column()), (2, 2));
        assert_eq!(e.kind(), &expected("a space after each cell", "\".\""));
        let e = err("2\n@ . \n. x \n");
        assert_eq!((e.line(), e.column()), (3, 3));
        assert!(matches!(e.kind(), ParseErrorKind::UnknownCode { found, .. } if found == "x"));
        let e = err("2\n@ . \n. . \nA\n");
        assert_eq!((e.line(), e.column()), (4, 1));
        assert!(matches!(e.kind(), ParseErrorKind::TrailingGarbage { .. }));
    }

    #[test]
    fn exactly_one_hero() {
        let e = err("2\n. . \n. . \n");
        assert_eq!((e.line(), e.column()), (1, 1));
        assert_eq!(e.kind(), &ParseErrorKind::Format(FormatErrorKind::NoHero));
        let e = err("2\n@ . \n. @ \n");
        assert_eq!((e.line(), e.column()), (3, 3));
        assert_eq!(
            e.kind(),
            &ParseErrorKind::Format(FormatErrorKind::TwoHeroes { first_line: 2, first_column: 1 })
        );
    }

    #[test]
    fn a_chase_dungeon_has_exactly_one_monster() {
        let two = "2\n@ A \n. B \n";
        assert_eq!(Dungeon::parse(two.as_bytes()).map(|d| d.monsters.len()), Ok(2));
        let e = Dungeon::parse_chase(two.as_bytes()).expect_err("two monsters");
        assert_eq!((e.line(), e.column()), (3, 3), "at the second monster");
        assert_eq!(
            e.kind(),
            &ParseErrorKind::Format(FormatErrorKind::TwoMonsters {
                glyph: 'B',
                first_line: 2,
                first_column: 3
            })
        );
        let e = Dungeon::parse_chase(b"\n2\n@ . \n. . \n").expect_err("no monster");
        assert_eq!((e.line(), e.column()), (2, 1), "at the size");
        assert_eq!(e.kind(), &ParseErrorKind::Format(FormatErrorKind::NoMonster));
        assert!(Dungeon::parse_chase(b"2\n@ A \n. . \n").is_ok());
    }

    #[test]
    fn to_text_pads_non_square_maps_and_keeps_lines_full() {
        let d = Dungeon {
            map: TileMap::new(Size::new(2, 1), Tile::Floor),
            hero: Point::new(1, 0),
            monsters: vec![DungeonMonster { glyph: 'Q', at: Point::new(9, 9) }],
            potions: vec![],
        };
        assert_eq!(d.to_text(), "2\n. @ \n    \n");
    }
}
