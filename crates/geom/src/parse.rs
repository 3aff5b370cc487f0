//! Points and sizes as people type them: `X,Y` and `WxH` (or `N` for `NxN`), the forms
//! [`Point`]'s and [`Size`]'s `Display` print. The command line and the fuzz targets
//! share these parsers.

use std::fmt;
use std::str::FromStr;

use crate::{Point, Size};

/// Why a [`Point`] or [`Size`] typed as text was refused: what was expected, and the
/// text as typed.
///
/// ```
/// use torchlit_geom::Point;
///
/// let e = "3".parse::<Point>().unwrap_err();
/// assert_eq!(e.to_string(), r#"expected X,Y (two integers and a comma), found "3""#);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseTextError {
    expected: &'static str,
    found: String,
}

impl ParseTextError {
    fn new(expected: &'static str, found: &str) -> ParseTextError {
        ParseTextError { expected, found: found.to_string() }
    }

    /// The text that was refused.
    pub fn found(&self) -> &str {
        &self.found
    }
}

impl fmt::Display for ParseTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected {}, found {:?}", self.expected, self.found)
    }
}

impl std::error::Error for ParseTextError {}

const POINT: &str = "X,Y (two integers and a comma)";
const SIZE: &str = "WxH (two positive integers and an x) or N";

impl FromStr for Point {
    type Err = ParseTextError;

    /// Reads `X,Y`: two `i32`s and a comma, spaces around each number allowed.
    ///
    /// # Errors
    /// No comma, or a part that is not an `i32`.
    fn from_str(s: &str) -> Result<Point, ParseTextError> {
        let bad = || ParseTextError::new(POINT, s);
        let (x, y) = s.split_once(',').ok_or_else(bad)?;
        let num = |t: &str| t.trim().parse::<i32>().map_err(|_| bad());
        Ok(Point::new(num(x)?, num(y)?))
    }
}

impl FromStr for Size {
    type Err = ParseTextError;

    /// Reads `WxH` (`x` or `X`) or `N` for `NxN`: `u32`s, spaces around each allowed.
    /// Zero is read; whoever uses the size decides whether it is too small.
    ///
    /// # Errors
    /// A part that is not a `u32`.
    fn from_str(s: &str) -> Result<Size, ParseTextError> {
        let bad = || ParseTextError::new(SIZE, s);
        let num = |t: &str| t.trim().parse::<u32>().map_err(|_| bad());
        let (w, h) = match s.split_once(['x', 'X']) {
            Some((w, h)) => (num(w)?, num(h)?),
            None => {
                let n = num(s)?;
                (n, n)
            }
        };
        Ok(Size::new(w, h))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn points_parse_and_refuse_garbage() {
        assert_eq!("3,-4".parse::<Point>(), Ok(Point::new(3, -4)));
        assert_eq!(" 3 , -4 ".parse::<Point>(), Ok(Point::new(3, -4)));
        for bad in ["3", "a,b", "3,4,5", "", ",", "2147483648,0"] {
            let e = bad.parse::<Point>().expect_err(bad);
            assert_eq!(e.to_string(), format!("expected {POINT}, found {bad:?}"));
            assert_eq!(e.found(), bad);
        }
    }

    #[test]
    fn sizes_parse_wxh_or_n_and_refuse_garbage() {
        assert_eq!("80x40".parse::<Size>(), Ok(Size::new(80, 40)));
        assert_eq!("80X40".parse::<Size>(), Ok(Size::new(80, 40)));
        assert_eq!("7".parse::<Size>(), Ok(Size::new(7, 7)));
        for bad in ["x", "80x", "-1x3", "3x3x3", "", "4294967296"] {
            let e = bad.parse::<Size>().expect_err(bad);
            assert_eq!(e.to_string(), format!("expected {SIZE}, found {bad:?}"));
        }
    }

    proptest! {
        #[test]
        fn what_display_prints_parses_back(x: i32, y: i32, w: u32, h: u32) {
            prop_assert_eq!(Point::new(x, y).to_string().parse::<Point>(), Ok(Point::new(x, y)));
            prop_assert_eq!(Size::new(w, h).to_string().parse::<Size>(), Ok(Size::new(w, h)));
        }
    }
}
