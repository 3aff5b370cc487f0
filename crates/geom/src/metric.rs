//! Distance metrics and radii, with each "within radius" rule defined once.

use std::fmt;

use crate::Offset;

/// A distance metric on the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Metric {
    /// `|dx| + |dy|`: steps of a 4-way walker.
    Manhattan,
    /// `max(|dx|, |dy|)`: steps of an 8-way walker.
    Chebyshev,
    /// `sqrt(dx² + dy²)`.
    Euclidean,
}

impl Metric {
    /// The length of `offset` under this metric, in cells.
    pub fn distance(self, offset: Offset) -> f64 {
        let (dx, dy) = (f64::from(offset.dx.unsigned_abs()), f64::from(offset.dy.unsigned_abs()));
        match self {
            Metric::Manhattan => dx + dy,
            Metric::Chebyshev => dx.max(dy),
            Metric::Euclidean => (dx * dx + dy * dy).sqrt(),
        }
    }
}

/// A radius in cells: finite and not negative. "Unlimited" is `Option::<Radius>::None`.
///
/// Two "within radius" rules exist in this field, and both live here:
/// - [`Radius::contains`]: `dx² + dy² < r²` (strict). The Ultima torch of Ultima 0 (CSCI 136, Montana Tech, 2014)
///   ("outside if the distance is >= r") and libtcod's FOV radius use it.
/// - [`Radius::contains_inclusive`]: `dx² + dy² <= r²`. The raycasting FOV of
///   Trystan's roguelike tutorial (2011, part 08) uses it.
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "f64", into = "f64"))]
pub struct Radius(f64);

/// A radius that is negative, infinite or not a number.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RadiusError(pub f64);

impl fmt::Display for RadiusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "radius {} is not a finite number >= 0", self.0)
    }
}

impl std::error::Error for RadiusError {}

impl Radius {
    /// A radius of `cells` cells.
    ///
    /// # Errors
    /// [`RadiusError`] if `cells` is negative, infinite or NaN.
    pub fn new(cells: f64) -> Result<Radius, RadiusError> {
        if cells.is_finite() && cells >= 0.0 { Ok(Radius(cells)) } else { Err(RadiusError(cells)) }
    }

    /// The radius in cells.
    pub const fn get(self) -> f64 {
        self.0
    }

    /// `r²`, in cells².
    pub fn squared(self) -> f64 {
        self.0 * self.0
    }

    /// Strict rule: `dx² + dy² < r²` (Ultima 0 torch, libtcod FOV).
    #[inline]
    pub fn contains(self, offset: Offset) -> bool {
        (offset.length_squared() as f64) < self.squared()
    }

    /// Inclusive rule: `dx² + dy² <= r²` (the roguelike tutorial raycasting).
    #[inline]
    pub fn contains_inclusive(self, offset: Offset) -> bool {
        (offset.length_squared() as f64) <= self.squared()
    }

    /// The largest `|dx|` or `|dy|` any contained offset can have, in cells (a bounding
    /// box half-width for loops over the disc; covers both rules).
    pub fn reach(self) -> i32 {
        // Saturates for huge radii instead of overflowing.
        self.0.floor().min(f64::from(i32::MAX / 2)) as i32
    }
}

impl TryFrom<f64> for Radius {
    type Error = RadiusError;
    fn try_from(cells: f64) -> Result<Radius, RadiusError> {
        Radius::new(cells)
    }
}

impl From<Radius> for f64 {
    fn from(r: Radius) -> f64 {
        r.0
    }
}

impl fmt::Display for Radius {
    /// Formats with at least one decimal (`4.0`, `2.5`), as the Ultima 0 prints radii.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.fract() == 0.0 { write!(f, "{:.1}", self.0) } else { write!(f, "{}", self.0) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_two_radius_rules_differ_only_on_the_circle() {
        let r = Radius::new(5.0).expect("valid");
        let on_circle = Offset::new(3, 4);
        assert!(!r.contains(on_circle));
        assert!(r.contains_inclusive(on_circle));
        assert!(r.contains(Offset::new(4, 2)));
        assert!(!r.contains_inclusive(Offset::new(4, 4)));
    }

    #[test]
    fn bad_radii_are_refused() {
        assert!(Radius::new(-0.5).is_err());
        assert!(Radius::new(f64::NAN).is_err());
        assert!(Radius::new(f64::INFINITY).is_err());
        assert_eq!(Radius::new(2.5).map(Radius::reach), Ok(2));
    }

    #[test]
    fn radii_print_like_the_seed() {
        assert_eq!(Radius::new(4.0).expect("valid").to_string(), "4.0");
        assert_eq!(Radius::new(2.5).expect("valid").to_string(), "2.5");
    }

    #[test]
    fn metrics() {
        let o = Offset::new(-3, 4);
        assert_eq!(Metric::Manhattan.distance(o), 7.0);
        assert_eq!(Metric::Chebyshev.distance(o), 4.0);
        assert_eq!(Metric::Euclidean.distance(o), 5.0);
    }
}
