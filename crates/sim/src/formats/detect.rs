//! Telling the map formats apart by their content.

use torchlit_geom::Point;
use torchlit_map::TileMap;
use torchlit_map::text::looks_like_integer;

use super::{AsciiMap, Dungeon, ParseError, UltimaWorld};
use crate::terrain::Tile;

/// A map in any of the formats, as [`parse_any`] read it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AnyMap {
    /// An Ultima world (Ultima 0, CSCI 136, Montana Tech, 2014).
    Ultima(UltimaWorld),
    /// A Rogue dungeon (the DM503 Rogue project, University of Southern Denmark, 2010).
    Dungeon(Dungeon),
    /// A plain ASCII map.
    Ascii(AsciiMap),
}

impl AnyMap {
    /// The terrain, in map space.
    pub fn tiles(&self) -> &TileMap<Tile> {
        match self {
            AnyMap::Ultima(w) => &w.map,
            AnyMap::Dungeon(d) => &d.map,
            AnyMap::Ascii(a) => &a.map,
        }
    }

    /// Where the player starts, in map space: the Ultima avatar, the dungeon's hero, or
    /// the ASCII map's `@` (`None` if it has none).
    pub fn start(&self) -> Option<Point> {
        match self {
            AnyMap::Ultima(w) => Some(w.avatar),
            AnyMap::Dungeon(d) => Some(d.hero),
            AnyMap::Ascii(a) => a.start,
        }
    }

    /// The format's name for messages: `"Ultima world"`, `"dungeon"` or `"ASCII map"`.
    pub fn format_name(&self) -> &'static str {
        match self {
            AnyMap::Ultima(_) => "Ultima world",
            AnyMap::Dungeon(_) => "dungeon",
            AnyMap::Ascii(_) => "ASCII map",
        }
    }
}

/// Reads a map file in whichever format its content shows (no file I/O).
///
/// Looks at the first line that is not blank: if its first token is an integer (digits,
/// maybe signed; no ASCII map glyph is a digit), it is an Ultima world when a second
/// token follows (`W H`) and a dungeon when none does (`N`); anything else is an ASCII
/// map. The chosen format's parser then reads the whole file.
///
/// # Errors
///
/// The chosen parser's [`ParseError`] ([`UltimaWorld::parse`], [`Dungeon::parse`],
/// [`AsciiMap::parse`]); an empty or blank file is [`torchlit_map::ParseErrorKind::Empty`].
pub fn parse_any(bytes: &[u8]) -> Result<AnyMap, ParseError> {
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let is_blank = |b: &u8| matches!(b, b' ' | b'\t' | b'\r');
    let first = body.split(|&b| b == b'\n').find(|line| !line.iter().all(is_blank));
    let mut tokens = first.unwrap_or_default().split(is_blank).filter(|t| !t.is_empty());
    let numeric = tokens.next().is_some_and(looks_like_integer);
    match (numeric, tokens.next().is_some()) {
        (true, true) => UltimaWorld::parse(bytes).map(AnyMap::Ultima),
        (true, false) => Dungeon::parse(bytes).map(AnyMap::Dungeon),
        (false, _) => AsciiMap::parse(bytes).map(AnyMap::Ascii),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::ParseErrorKind;

    #[test]
    fn the_first_line_picks_the_format() {
        let u = parse_any(b"\n2 1\n0 0\nG G\n").expect("ultima");
        assert_eq!(u.format_name(), "Ultima world");
        assert_eq!(u.start(), Some(Point::new(0, 0)));
        let d = parse_any(b"1\n@ \n").expect("dungeon");
        assert_eq!(d.format_name(), "dungeon");
        assert_eq!(d.tiles().size().area(), 1);
        let a = parse_any(b"#.#\n").expect("ascii");
        assert_eq!(a.format_name(), "ASCII map");
        assert_eq!(a.start(), None);
    }

    #[test]
    fn malformed_headers_go_to_the_parser_that_explains_them() {
        let e = parse_any(b"10 five\n").expect_err("bad height");
        assert!(e.to_string().contains("the map height"), "{e}");
        let e = parse_any(b"-3\n").expect_err("negative size");
        assert!(e.to_string().contains("the dungeon size"), "{e}");
        let e = parse_any(b"").expect_err("empty");
        assert_eq!(e.kind(), &ParseErrorKind::Empty);
        let e = parse_any(b"  \r\n\t\n").expect_err("blank");
        assert_eq!(e.kind(), &ParseErrorKind::Empty);
    }
}
