//! What can go wrong asking for a path.

use torchlit_geom::{Point, Size};

/// Why a pathfinding call was refused. Nothing here panics on bad input: every call that
/// takes points or costs from a caller checks them and answers with one of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PathError {
    /// A start, goal or source is not a cell of the map.
    #[error("{at} is outside the {size} map")]
    Outside {
        /// The point asked about.
        at: Point,
        /// The map's size.
        size: Size,
    },
    /// A cell's entry cost is not in `1..=65535` ([`crate::PathGrid::MAX_CELL_COST`]).
    #[error("the entry cost {cost} at {at} is not between 1 and 65535")]
    CellCost {
        /// The cell.
        at: Point,
        /// The cost given.
        cost: u32,
    },
    /// A step cost is not in `1..=65535` ([`crate::StepCosts::MAX`]).
    #[error("step costs must be between 1 and 65535, found {cardinal},{diagonal}")]
    StepCosts {
        /// The cardinal step cost given.
        cardinal: u32,
        /// The diagonal step cost given.
        diagonal: u32,
    },
    /// The map has more cells than a search can index (about 4 billion).
    #[error("a {size} map is too large to search")]
    TooLarge {
        /// The size asked for.
        size: Size,
    },
    /// A [`crate::DijkstraMap`] or [`crate::Search`] was used with a grid of another size.
    #[error("built for a {expected} map, used with a {found} map")]
    SizeMismatch {
        /// The size it was built for.
        expected: Size,
        /// The size of the grid passed.
        found: Size,
    },
}
