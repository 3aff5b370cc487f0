//! The one error type every generator returns for parameters it cannot honour.

/// The largest width or height, in cells, that any generator accepts.
pub const MAX_SIDE: u32 = 16_384;

/// The largest number of cells (`width × height`, times the depth for multi-level caves)
/// that any generator accepts: 64 Mi cells.
pub const MAX_AREA: usize = 1 << 26;

/// Why a generator refused its parameters (or, rarely, gave up after a capped number of
/// attempts). Generators never panic on user input; they return one of these.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum GenError {
    /// The map is too small for the generator to place what it promises.
    #[error("a {width}x{height} {what} is too small; expected at least {min_width}x{min_height}")]
    TooSmall {
        /// What was being generated (`"maze"`, `"cave"`...).
        what: &'static str,
        /// The requested width in cells.
        width: u32,
        /// The requested height in cells.
        height: u32,
        /// The smallest width accepted.
        min_width: u32,
        /// The smallest height accepted.
        min_height: u32,
    },
    /// The map is larger than [`MAX_SIDE`] on a side or [`MAX_AREA`] in all.
    #[error(
        "a {width}x{height}x{depth} {what} is too large; expected at most {max_side} cells \
         on a side and {max_area} cells in all",
        max_side = MAX_SIDE,
        max_area = MAX_AREA
    )]
    TooLarge {
        /// What was being generated.
        what: &'static str,
        /// The requested width in cells.
        width: u64,
        /// The requested height in cells.
        height: u64,
        /// The requested number of levels (1 for single maps).
        depth: u64,
    },
    /// A parameter outside its legal range (a probability above 1, a depth of 0...).
    #[error("{name} must be {expected}, found {found}")]
    BadParameter {
        /// The parameter's name, as documented on its field or argument.
        name: &'static str,
        /// The legal range, in words.
        expected: &'static str,
        /// The value given.
        found: String,
    },
    /// A region whose cells would not fit in `i32` world coordinates.
    #[error(
        "region ({x}, {y}) lies outside the world: its cells do not fit in 32-bit world \
         coordinates"
    )]
    RegionOutOfRange {
        /// The region's x.
        x: i32,
        /// The region's y.
        y: i32,
    },
    /// The spiral search found no spawnable cell within its radius.
    #[error("no spawnable cell within {radius} cells of ({x}, {y})")]
    NoSpawn {
        /// Where the search started (world x).
        x: i32,
        /// Where the search started (world y).
        y: i32,
        /// How far it looked (Chebyshev distance, in cells).
        radius: u32,
    },
    /// A capped retry loop ran out of attempts.
    #[error("gave up after {attempts} attempts to {what}")]
    GaveUp {
        /// What was being attempted.
        what: &'static str,
        /// How many attempts were made.
        attempts: u32,
    },
}

impl GenError {
    pub(crate) fn bad(name: &'static str, expected: &'static str, found: impl ToString) -> Self {
        GenError::BadParameter { name, expected, found: found.to_string() }
    }
}

/// Checks `width × height × depth` against [`MAX_SIDE`] and [`MAX_AREA`].
pub(crate) fn check_size(
    what: &'static str,
    width: u32,
    height: u32,
    depth: u32,
    min: (u32, u32),
) -> Result<(), GenError> {
    let area = u64::from(width) * u64::from(height) * u64::from(depth);
    if width > MAX_SIDE || height > MAX_SIDE || area > MAX_AREA as u64 {
        return Err(GenError::TooLarge {
            what,
            width: u64::from(width),
            height: u64::from(height),
            depth: u64::from(depth),
        });
    }
    if width < min.0 || height < min.1 {
        return Err(GenError::TooSmall {
            what,
            width,
            height,
            min_width: min.0,
            min_height: min.1,
        });
    }
    Ok(())
}

/// Checks that `p` is a probability (finite, in `[0, 1]`).
pub(crate) fn check_probability(name: &'static str, p: f64) -> Result<(), GenError> {
    if p.is_finite() && (0.0..=1.0).contains(&p) {
        Ok(())
    } else {
        Err(GenError::bad(name, "a probability from 0 to 1", p))
    }
}
