//! The error every map parser returns: a position in the file and what went wrong there.

use std::convert::Infallible;
use std::fmt;

/// The largest width or height, in cells, that any map format accepts.
pub const MAX_MAP_SIDE: u32 = 4096;

/// The largest number of cells (`width × height`) that any map format accepts.
///
/// Smaller than `MAX_MAP_SIDE²`: a square map may be at most 2048 cells on a side.
pub const MAX_MAP_AREA: usize = 4_194_304;

/// The largest map file, in bytes, that torchlit reads (16 MiB): enough for the largest
/// map ([`MAX_MAP_AREA`] cells) in any format with generous white space. Callers that
/// read files stop reading there and refuse the file, so an endless input (`/dev/zero`)
/// costs at most this much memory.
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// Why a map file could not be read, and where.
///
/// The position is 1-based: `line` counts lines from the top of the file (a CRLF or LF
/// ends a line) and `column` counts characters (not bytes) from the start of the line,
/// so both match what an editor shows. It points at the offending token or character;
/// for something missing it points just past the end of the line or at the line where
/// the missing thing was expected.
///
/// `E` is what a format adds to the kinds every grid format shares
/// ([`ParseErrorKind::Format`]); a format with nothing of its own leaves it at
/// [`Infallible`].
///
/// Displays as `file:line:column: what was expected, what was found`, without the
/// `file:` part until the caller names the file with [`ParseError::in_file`]:
///
/// ```
/// use torchlit_map::{ParseError, ParseErrorKind};
///
/// let err: ParseError = ParseError::new(3, 3, ParseErrorKind::UnknownCode {
///     found: "X".into(),
///     expected: "a cell: '#' or '.'",
/// });
/// assert_eq!((err.line(), err.column()), (3, 3));
/// assert_eq!(
///     err.in_file("cave.txt").to_string(),
///     "cave.txt:3:3: unknown code \"X\"; expected a cell: '#' or '.'",
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}{line}:{column}: {kind}", FilePrefix(.file))]
pub struct ParseError<E = Infallible> {
    file: Option<String>,
    line: usize,
    column: usize,
    kind: ParseErrorKind<E>,
}

impl<E> ParseError<E> {
    /// An error at `line` and `column` (both 1-based, the column in characters; see
    /// [`text::Line::error_at`](crate::text::Line::error_at) to compute them from a
    /// line and a byte offset).
    pub fn new(line: usize, column: usize, kind: ParseErrorKind<E>) -> ParseError<E> {
        ParseError { file: None, line, column, kind }
    }

    /// The same error, naming the file it was found in (shown before the line number).
    #[must_use]
    pub fn in_file(self, name: impl Into<String>) -> Self {
        ParseError { file: Some(name.into()), ..self }
    }

    /// The file's name, if the caller gave one with [`ParseError::in_file`].
    pub fn file(&self) -> Option<&str> {
        self.file.as_deref()
    }

    /// The line, counted from 1 at the top of the file.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The column, counted in characters from 1 at the start of the line.
    pub fn column(&self) -> usize {
        self.column
    }

    /// What went wrong.
    pub fn kind(&self) -> &ParseErrorKind<E> {
        &self.kind
    }
}

/// Writes `file:` when there is a file name, nothing otherwise.
struct FilePrefix<'a>(&'a Option<String>);

impl fmt::Display for FilePrefix<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(name) => write!(f, "{name}:"),
            None => Ok(()),
        }
    }
}

/// What went wrong while reading a map file; see [`ParseError`] for where.
///
/// The kinds every grid format shares, and [`ParseErrorKind::Format`] for what one
/// format adds (`E`: torchlit's game formats add the avatar off the map, a second hero).
/// Each message says what was expected and what was found. Quoted text in `found`
/// fields is shortened to its first 24 characters.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseErrorKind<E = Infallible> {
    /// The file is empty or holds only white space.
    #[error("the file is empty or holds only white space; expected a map")]
    Empty,
    /// The file is not UTF-8 text; the position is that of the first bad byte.
    #[error("expected UTF-8 text, found the byte 0x{byte:02X}, which is not valid UTF-8 here")]
    NotUtf8 {
        /// The first byte that is not valid UTF-8.
        byte: u8,
    },
    /// A token or character is not the one the format requires here.
    #[error("expected {expected}, found {found}")]
    Expected {
        /// What the format requires, e.g. `the map width (an integer from 1 to 4096)`.
        expected: String,
        /// What the file holds instead: quoted text, or `the end of the line` /
        /// `the end of the file`.
        found: String,
    },
    /// The file ends before all the rows its header announced.
    #[error("expected {expected} rows, found {found}")]
    WrongRowCount {
        /// Rows announced by the header.
        expected: usize,
        /// Rows present.
        found: usize,
    },
    /// A row has more or fewer cells than the map's width.
    #[error("expected {expected} cells in this row, found {found}")]
    WrongRowLength {
        /// The map's width in cells.
        expected: usize,
        /// Cells in the row.
        found: usize,
    },
    /// A tile code or cell character that the format does not know. The message quotes
    /// at most its first 24 characters.
    #[error("unknown code {}; expected {expected}", crate::text::quote(found))]
    UnknownCode {
        /// The code as written (whole).
        found: String,
        /// The legal codes.
        expected: &'static str,
    },
    /// The map is larger than [`MAX_MAP_SIDE`] on a side or [`MAX_MAP_AREA`] in all.
    #[error(
        "a {width}x{height} map is too large; expected at most {max} cells on a side \
         and {max_area} cells in all",
        max_area = MAX_MAP_AREA
    )]
    TooLarge {
        /// The width in cells, as written.
        width: u64,
        /// The height in cells, as written.
        height: u64,
        /// [`MAX_MAP_SIDE`].
        max: u32,
    },
    /// Text after the last row.
    #[error("expected the end of the file after the last row, found {found}")]
    TrailingGarbage {
        /// The start of the extra text, quoted.
        found: String,
    },
    /// What a format adds to these kinds (its own rules: where the start may be, how
    /// many heroes); displayed as `E` is.
    #[error("{0}")]
    Format(E),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_adds_the_file_only_when_named() {
        let e: ParseError =
            ParseError::new(4, 7, ParseErrorKind::WrongRowCount { expected: 5, found: 2 });
        assert_eq!(e.to_string(), "4:7: expected 5 rows, found 2");
        assert_eq!(e.file(), None);
        let e = e.in_file("maps/10x5.txt");
        assert_eq!(e.to_string(), "maps/10x5.txt:4:7: expected 5 rows, found 2");
        assert_eq!(e.file(), Some("maps/10x5.txt"));
        assert_eq!((e.line(), e.column()), (4, 7));
    }

    #[test]
    fn messages_say_what_was_expected_and_found() {
        let e: ParseError = ParseError::new(
            1,
            1,
            ParseErrorKind::Expected {
                expected: "the map width (an integer)".into(),
                found: "\"abc\"".into(),
            },
        );
        assert_eq!(e.to_string(), "1:1: expected the map width (an integer), found \"abc\"");
        let big: ParseErrorKind =
            ParseErrorKind::TooLarge { width: 100_000, height: 5, max: MAX_MAP_SIDE };
        assert_eq!(
            big.to_string(),
            "a 100000x5 map is too large; expected at most 4096 cells on a side and \
             4194304 cells in all"
        );
        let bad: ParseErrorKind = ParseErrorKind::NotUtf8 { byte: 0xff };
        assert!(bad.to_string().contains("0xFF"), "{bad}");
    }

    #[test]
    fn a_format_kind_of_its_own_displays_as_itself() {
        #[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
        #[error("expected one exit '>', found a second one")]
        struct TwoExits;
        let e = ParseError::new(2, 5, ParseErrorKind::Format(TwoExits)).in_file("level.txt");
        assert_eq!(e.to_string(), "level.txt:2:5: expected one exit '>', found a second one");
        assert_eq!(e.kind(), &ParseErrorKind::Format(TwoExits));
    }

    #[test]
    fn an_unknown_code_is_quoted_short() {
        // Found by fuzzing (corpus world/crash-world-2): a 120-character token of control
        // characters was quoted whole, six bytes each.
        let found = format!("W{}", "\u{14}".repeat(200));
        let e: ParseErrorKind = ParseErrorKind::UnknownCode { found: found.clone(), expected: "B" };
        assert!(e.to_string().len() < 80 + 24 * 10, "{e}");
        let short: ParseErrorKind =
            ParseErrorKind::UnknownCode { found: "X".into(), expected: "B" };
        assert_eq!(short.to_string(), "unknown code \"X\"; expected B");
    }
}
