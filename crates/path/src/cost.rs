//! Movement costs.

use std::fmt;
use std::ops::Add;

/// A movement cost in movement points: a step's price, a path's total, a distance in a
/// [`crate::DijkstraMap`].
///
/// Integer units chosen by the caller through [`crate::StepCosts`] (with unit costs one
/// step costs 1; with the classic `10, 14` a cardinal step costs 10 and a diagonal 14).
/// Sums saturate at [`Cost::MAX`] instead of wrapping.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cost(pub u32);

impl Cost {
    /// Nothing to pay: where a walk starts.
    pub const ZERO: Cost = Cost(0);
    /// The largest cost a search reports; totals saturate here.
    pub const MAX: Cost = Cost(crate::grid::MAX_DISTANCE);

    /// The cost as a plain integer.
    pub const fn get(self) -> u32 {
        self.0
    }
}

impl Add for Cost {
    type Output = Cost;
    /// Saturates at [`Cost::MAX`].
    fn add(self, other: Cost) -> Cost {
        Cost(self.0.saturating_add(other.0).min(Cost::MAX.0))
    }
}

impl fmt::Display for Cost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_saturate() {
        assert_eq!(Cost(2) + Cost(3), Cost(5));
        assert_eq!(Cost::MAX + Cost(1), Cost::MAX);
        assert_eq!(Cost(7).to_string(), "7");
    }
}
