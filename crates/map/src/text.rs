//! The lexing a text map format needs: UTF-8 checking, lines, tokens, numbers, sizes,
//! and errors that point at a line and column ([`ParseError`]).
//!
//! torchlit's own formats (the Ultima world, the DM503 dungeon, the ASCII map, in
//! `torchlit-sim`) are written with these; a format of your own is a few lines more:
//!
//! ```
//! use torchlit_geom::{Point, Size};
//! use torchlit_map::text::{self, Lines};
//! use torchlit_map::{ParseError, ParseErrorKind, TileMap};
//!
//! /// `#` rock, `.` open ground (a `TileMap<bool>`); every row as wide as the first.
//! fn parse(bytes: &[u8]) -> Result<TileMap<bool>, ParseError> {
//!     let text = text::decode(bytes)?;
//!     let rows: Vec<_> = Lines::new(text).filter(|l| !l.is_blank()).collect();
//!     let first = rows.first().ok_or(ParseError::new(1, 1, ParseErrorKind::Empty))?;
//!     let (width, height) = (first.text.chars().count(), rows.len());
//!     if !text::size_fits(width as u64, height as u64) {
//!         return Err(first.error_at(0, text::too_large(width as u64, height as u64)));
//!     }
//!     let mut cells = Vec::with_capacity(width * height);
//!     for row in &rows {
//!         for (at, c) in row.text.char_indices() {
//!             cells.push(match c {
//!                 '.' => true,
//!                 '#' => false,
//!                 _ => {
//!                     let found = c.to_string();
//!                     let kind = ParseErrorKind::UnknownCode { found, expected: "'#' or '.'" };
//!                     return Err(row.error_at(at, kind));
//!                 }
//!             });
//!         }
//!         let found = row.text.chars().count();
//!         if found != width {
//!             let kind = ParseErrorKind::WrongRowLength { expected: width, found };
//!             return Err(row.error_at_end(kind));
//!         }
//!     }
//!     Ok(text::build_map(Size::new(width as u32, height as u32), &cells, false))
//! }
//!
//! let cave = parse(b"#####\n#..##\n#####\n").expect("a cave");
//! assert!(cave.is_passable(Point::new(2, 1)) && !cave.is_passable(Point::new(3, 1)));
//! let e = parse(b"###\n#x#\n").expect_err("x is no cell");
//! assert_eq!(e.in_file("cave.txt").to_string(), "cave.txt:2:2: unknown code \"x\"; expected '#' or '.'");
//! ```

use torchlit_geom::{Grid, Size};

use crate::{MAX_MAP_AREA, MAX_MAP_SIDE, ParseError, ParseErrorKind, Terrain, TileMap};

/// The white space allowed between tokens and at line ends.
const BLANKS: [char; 3] = [' ', '\t', '\r'];

/// `found` text for a missing token at a line's end.
pub const END_OF_LINE: &str = "the end of the line";
/// `found` text for a missing line at the file's end.
pub const END_OF_FILE: &str = "the end of the file";

/// The file as text (without a leading byte-order mark), or [`ParseErrorKind::NotUtf8`]
/// at the first bad byte.
pub fn decode<E>(bytes: &[u8]) -> Result<&str, ParseError<E>> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    std::str::from_utf8(bytes).map_err(|e| {
        let good = bytes.get(..e.valid_up_to()).unwrap_or_default();
        let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = good.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let tail = good.get(line_start..).unwrap_or_default();
        // Count characters: every byte that does not continue a UTF-8 sequence.
        let column = tail.iter().filter(|&&b| b & 0xC0 != 0x80).count() + 1;
        let byte = bytes.get(e.valid_up_to()).copied().unwrap_or_default();
        ParseError::new(line, column, ParseErrorKind::NotUtf8 { byte })
    })
}

/// One line of the file, without its line ending and trailing spaces and tabs.
#[derive(Clone, Copy, Debug)]
pub struct Line<'a> {
    /// 1-based line number.
    pub number: usize,
    /// The text, trailing white space removed.
    pub text: &'a str,
}

impl<'a> Line<'a> {
    /// Whether the line holds nothing but white space.
    pub fn is_blank(&self) -> bool {
        self.text.trim_start_matches(BLANKS).is_empty()
    }

    /// The 1-based column (in characters) of the byte offset `at` in the text.
    pub fn column(&self, at: usize) -> usize {
        self.text.get(..at).map_or(at, |s| s.chars().count()) + 1
    }

    /// The column just past the last character.
    pub fn end_column(&self) -> usize {
        self.text.chars().count() + 1
    }

    /// The white-space separated tokens.
    pub fn tokens(&self) -> Tokens<'a> {
        Tokens { text: self.text, at: 0 }
    }

    /// An error at byte offset `at` of this line.
    pub fn error_at<E>(&self, at: usize, kind: ParseErrorKind<E>) -> ParseError<E> {
        ParseError::new(self.number, self.column(at), kind)
    }

    /// An error just past the end of this line.
    pub fn error_at_end<E>(&self, kind: ParseErrorKind<E>) -> ParseError<E> {
        ParseError::new(self.number, self.end_column(), kind)
    }
}

/// The lines of a text: LF or CRLF endings, a final newline or not.
#[derive(Clone, Debug)]
pub struct Lines<'a> {
    inner: std::str::Lines<'a>,
    number: usize,
}

impl<'a> Lines<'a> {
    /// The lines of `text`, numbered from 1.
    pub fn new(text: &'a str) -> Lines<'a> {
        Lines { inner: text.lines(), number: 0 }
    }

    /// The number of the last line returned (0 before the first).
    pub fn last_number(&self) -> usize {
        self.number
    }

    /// Skips blank lines; the first line with something on it, if any.
    pub fn next_non_blank(&mut self) -> Option<Line<'a>> {
        self.find(|l| !l.is_blank())
    }

    /// Whether every remaining line is blank (without consuming them).
    pub fn rest_is_blank(&self) -> bool {
        self.clone().all(|l| l.is_blank())
    }

    /// Fails with [`ParseErrorKind::TrailingGarbage`] if a remaining line is not blank.
    pub fn expect_only_blank<E>(mut self) -> Result<(), ParseError<E>> {
        match self.next_non_blank() {
            None => Ok(()),
            Some(line) => {
                let rest = line.text.trim_start_matches(BLANKS);
                let at = line.text.len() - rest.len();
                Err(line.error_at(at, ParseErrorKind::TrailingGarbage { found: quote(rest) }))
            }
        }
    }
}

impl<'a> Iterator for Lines<'a> {
    type Item = Line<'a>;

    fn next(&mut self) -> Option<Line<'a>> {
        let text = self.inner.next()?;
        self.number += 1;
        Some(Line { number: self.number, text: text.trim_end_matches(BLANKS) })
    }
}

/// One white-space separated token and its byte offset in the line.
#[derive(Clone, Copy, Debug)]
pub struct Token<'a> {
    /// The byte offset of its first character in the line ([`Line::column`] turns it
    /// into a column).
    pub at: usize,
    /// The token's text.
    pub text: &'a str,
}

/// The tokens of a line; see [`Line::tokens`].
#[derive(Clone, Debug)]
pub struct Tokens<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        let rest = self.text.get(self.at..)?;
        let trimmed = rest.trim_start_matches(BLANKS);
        if trimmed.is_empty() {
            self.at = self.text.len();
            return None;
        }
        let start = self.at + (rest.len() - trimmed.len());
        let len = trimmed.find(BLANKS).unwrap_or(trimmed.len());
        self.at = start + len;
        Some(Token { at: start, text: trimmed.get(..len).unwrap_or(trimmed) })
    }
}

/// A non-negative decimal integer (ASCII digits only), or `None` if `s` is not one or
/// does not fit in a `u64`.
pub fn parse_uint(s: &str) -> Option<u64> {
    if s.is_empty() {
        return None;
    }
    s.bytes().try_fold(0u64, |n, b| {
        let digit = char::from(b).to_digit(10)?;
        n.checked_mul(10)?.checked_add(u64::from(digit))
    })
}

/// Whether `s` looks like an integer: optional sign, then at least one ASCII digit.
pub fn looks_like_integer(s: &[u8]) -> bool {
    let digits = s.strip_prefix(b"-").or_else(|| s.strip_prefix(b"+")).unwrap_or(s);
    !digits.is_empty() && digits.iter().all(u8::is_ascii_digit)
}

/// Reads the integer `token` (or fails with "expected {what}, found ...").
pub fn expect_uint<E>(
    line: &Line<'_>,
    token: Option<Token<'_>>,
    what: &str,
) -> Result<(u64, usize), ParseError<E>> {
    match token {
        None => Err(line.error_at_end(expected(what, END_OF_LINE))),
        Some(t) => match parse_uint(t.text) {
            Some(n) => Ok((n, t.at)),
            None => Err(line.error_at(t.at, expected(what, &quote(t.text)))),
        },
    }
}

/// Fails if `token` exists: the line should have ended after `after`.
pub fn expect_line_end<E>(
    line: &Line<'_>,
    token: Option<Token<'_>>,
    after: &str,
) -> Result<(), ParseError<E>> {
    match token {
        None => Ok(()),
        Some(t) => Err(line.error_at(
            t.at,
            expected(&format!("the end of the line after {after}"), &quote(t.text)),
        )),
    }
}

/// An [`ParseErrorKind::Expected`].
pub fn expected<E>(what: &str, found: &str) -> ParseErrorKind<E> {
    ParseErrorKind::Expected { expected: what.to_owned(), found: found.to_owned() }
}

/// `s` in double quotes (escaped as Rust does), cut to its first 24 characters.
pub fn quote(s: &str) -> String {
    const MAX: usize = 24;
    match s.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{:?}…", s.get(..cut).unwrap_or(s)),
        None => format!("{s:?}"),
    }
}

/// Whether a `width × height` map is within [`MAX_MAP_SIDE`] and [`MAX_MAP_AREA`].
pub fn size_fits(width: u64, height: u64) -> bool {
    let side = u64::from(MAX_MAP_SIDE);
    width <= side
        && height <= side
        && width.checked_mul(height).is_some_and(|a| a <= MAX_MAP_AREA as u64)
}

/// [`ParseErrorKind::TooLarge`] for `width × height`.
pub fn too_large<E>(width: u64, height: u64) -> ParseErrorKind<E> {
    ParseErrorKind::TooLarge { width, height, max: MAX_MAP_SIDE }
}

/// A map of `size` from its cells in row-major order (`y * width + x`); cells missing at
/// the end are `pad`, cells beyond `size.area()` are ignored.
pub fn build_map<T: Terrain>(size: Size, cells: &[T], pad: T) -> TileMap<T> {
    TileMap::from_grid(Grid::from_fn(size, |p| {
        size.index_of(p).and_then(|i| cells.get(i)).copied().unwrap_or(pad)
    }))
}

#[cfg(test)]
mod tests {
    use std::convert::Infallible;

    use super::*;

    #[test]
    fn lines_accept_crlf_trailing_blanks_and_no_final_newline() {
        let lines: Vec<_> = Lines::new("a \t\r\nb\n\n c").map(|l| (l.number, l.text)).collect();
        assert_eq!(lines, vec![(1, "a"), (2, "b"), (3, ""), (4, " c")]);
        assert_eq!(Lines::new("").count(), 0);
        assert_eq!(Lines::new("x\n").count(), 1);
    }

    #[test]
    fn tokens_carry_their_offsets() {
        let line = Line { number: 1, text: " \tab  c\td" };
        let toks: Vec<_> = line.tokens().map(|t| (t.at, t.text)).collect();
        assert_eq!(toks, vec![(2, "ab"), (6, "c"), (8, "d")]);
        assert_eq!(line.column(6), 7);
        let wide = Line { number: 1, text: "éé x" };
        let t = wide.tokens().nth(1).map(|t| wide.column(t.at));
        assert_eq!(t, Some(4));
    }

    #[test]
    fn numbers_are_plain_digits_that_fit() {
        assert_eq!(parse_uint("042"), Some(42));
        assert_eq!(parse_uint(""), None);
        assert_eq!(parse_uint("-1"), None);
        assert_eq!(parse_uint("+1"), None);
        assert_eq!(parse_uint("1.5"), None);
        assert_eq!(parse_uint("99999999999999999999999"), None);
        assert_eq!(parse_uint("٣"), None);
        assert!(looks_like_integer(b"-12"));
        assert!(!looks_like_integer(b"-"));
        assert!(!looks_like_integer(b"1x"));
    }

    #[test]
    fn decode_points_at_the_first_bad_byte() {
        let err: ParseError = decode(b"ab\n\xC3\xA9x\xFFy").expect_err("bad byte");
        assert_eq!((err.line(), err.column()), (2, 3));
        assert_eq!(err.kind(), &ParseErrorKind::NotUtf8 { byte: 0xFF });
        assert_eq!(decode::<Infallible>(b"\xEF\xBB\xBFhi").ok(), Some("hi"));
    }

    #[test]
    fn quote_cuts_long_text() {
        assert_eq!(quote("abc"), "\"abc\"");
        assert_eq!(quote(&"x".repeat(30)), format!("\"{}\"…", "x".repeat(24)));
    }

    #[test]
    fn size_limits() {
        assert!(size_fits(4096, 1024));
        assert!(size_fits(2048, 2048));
        assert!(!size_fits(4097, 1));
        assert!(!size_fits(4096, 1025));
        assert!(!size_fits(u64::MAX, u64::MAX));
    }
}
