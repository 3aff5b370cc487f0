//! The cell types of an area and whether they can be walked on (seed §2.3).

/// What the ground of one cell is (ICMaze's `ICMazeBehavior` cell types).
///
/// Traversability is ICMaze's table: `NONE` no, `GROUND` yes, `WALL` no, `HOLE` yes.
/// Actors that take cell space block a cell on top of this (see
/// [`Area::is_free`](crate::modes::maze::Area::is_free)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CellType {
    /// Outside any area; never walkable (ICMaze: "should never be used").
    None,
    /// Open floor.
    Ground,
    /// The area's border wall.
    Wall,
    /// A hole: walkable in ICMaze's table (no area uses it yet).
    Hole,
}

impl CellType {
    /// Every cell type.
    pub const ALL: [CellType; 4] =
        [CellType::None, CellType::Ground, CellType::Wall, CellType::Hole];

    /// Whether an actor may stand here (ICMaze's second column: false, true, false, true).
    pub const fn is_traversable(self) -> bool {
        matches!(self, CellType::Ground | CellType::Hole)
    }

    /// ICMaze's colour code for this type in its behaviour images (ARGB as a Java `int`).
    pub const fn seed_code(self) -> i32 {
        match self {
            CellType::None => 0,
            CellType::Ground => -16_777_216,
            CellType::Wall => -14_112_955,
            CellType::Hole => -65_536,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn traversability_is_the_seeds_table() {
        let table: Vec<(i32, bool)> =
            CellType::ALL.iter().map(|c| (c.seed_code(), c.is_traversable())).collect();
        assert_eq!(
            table,
            vec![(0, false), (-16_777_216, true), (-14_112_955, false), (-65_536, true)]
        );
    }
}
