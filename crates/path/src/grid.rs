//! What the pathfinder knows of a map: which cells can be entered, at what cost, and
//! which cells are narrow (hallways).

use torchlit_geom::{Point, Size};

use crate::{Cost, PathError};

/// A cell that cannot be entered.
pub(crate) const BLOCKED_CELL: u32 = 0;
/// The bits of a cell holding its entry cost.
pub(crate) const WEIGHT_MASK: u32 = 0xFFFF;
/// The bit marking a narrow cell (4-way moves only under [`crate::Moves::Rooms`]).
pub(crate) const NARROW: u32 = 1 << 16;

/// Distance sentinels shared by the searches (distances live in `u32`).
pub(crate) const BLOCKED: u32 = u32::MAX;
pub(crate) const UNSEEN: u32 = u32::MAX - 1;
/// The largest distance a search stores; sums saturate here.
pub(crate) const MAX_DISTANCE: u32 = u32::MAX - 2;

/// The pathfinder's view of a map: for each cell, whether it can be entered, the cost of
/// entering it, and whether it is *narrow* (a hallway: under [`crate::Moves::Rooms`] a
/// walker standing there moves 4-way only).
///
/// - Shape: `width × height` cells in map space (`(0, 0)` top-left, `y` down). Stored
///   row-major with a one-cell border of blocked cells, so that the searches never test
///   bounds; that layout stays private.
/// - Units: an entry cost is a multiplier in `1..=65535`: a step into a cell of cost `w`
///   costs `w × cardinal` or `w × diagonal` ([`crate::StepCosts`]), libtcod's
///   `dijkstra2d` model. Most maps use 1 everywhere.
/// - Built once from a closure (the map's own type never reaches this crate), changed
///   cell by cell with [`PathGrid::set`] when the map changes; searches borrow it.
///
/// ```
/// use torchlit_geom::{Point, Size};
/// use torchlit_path::PathGrid;
///
/// let rows = ["#...", "..#."];
/// let grid = PathGrid::from_passable(Size::new(4, 2), |p| {
///     rows[p.y as usize].as_bytes()[p.x as usize] != b'#'
/// })?;
/// assert!(grid.is_passable(Point::new(1, 0)));
/// assert!(!grid.is_passable(Point::new(0, 0)));
/// assert!(!grid.is_passable(Point::new(9, 9))); // outside
/// # Ok::<(), torchlit_path::PathError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathGrid {
    size: Size,
    stride: usize,
    cells: Vec<u32>,
    /// One bit per padded cell, set when it can be entered: what A* asks of most cells,
    /// 32 times smaller than `cells`, so a large map's stays in cache.
    passable: Vec<u64>,
    /// Bounds on the entry costs present: `min_weight` never above the true minimum,
    /// `max_weight` never below the true maximum (they only widen under `set`).
    min_weight: u32,
    max_weight: u32,
}

impl PathGrid {
    /// The largest entry cost a cell may have.
    pub const MAX_CELL_COST: u32 = WEIGHT_MASK;

    /// A grid of `size` with every cell blocked.
    ///
    /// # Errors
    /// [`PathError::TooLarge`] if the map (plus its border) has more than `u32::MAX - 2`
    /// cells.
    pub fn new(size: Size) -> Result<PathGrid, PathError> {
        let stride = size.width as usize + 2;
        let padded = stride.checked_mul(size.height as usize + 2);
        match padded {
            Some(n) if n <= (u32::MAX - 2) as usize => Ok(PathGrid {
                size,
                stride,
                cells: vec![BLOCKED_CELL; n],
                passable: vec![0; n.div_ceil(64)],
                min_weight: 1,
                max_weight: 1,
            }),
            _ => Err(PathError::TooLarge { size }),
        }
    }

    /// A grid where `passable(p)` cells can be entered at cost 1 and the rest are blocked;
    /// no cell is narrow. `passable` is called once per cell, row by row.
    ///
    /// # Errors
    /// [`PathError::TooLarge`] as for [`PathGrid::new`].
    pub fn from_passable(
        size: Size,
        mut passable: impl FnMut(Point) -> bool,
    ) -> Result<PathGrid, PathError> {
        let mut grid = PathGrid::new(size)?;
        grid.fill_with(|p| if passable(p) { 1 } else { BLOCKED_CELL });
        Ok(grid)
    }

    /// A grid from entry costs: `cost(p)` is `None` for a blocked cell, or the cost of
    /// entering `p` (`1..=65535`). No cell is narrow. Called once per cell, row by row.
    ///
    /// # Errors
    /// [`PathError::CellCost`] for a cost of 0 or above [`PathGrid::MAX_CELL_COST`];
    /// [`PathError::TooLarge`] as for [`PathGrid::new`].
    pub fn from_costs(
        size: Size,
        mut cost: impl FnMut(Point) -> Option<Cost>,
    ) -> Result<PathGrid, PathError> {
        let mut grid = PathGrid::new(size)?;
        let mut bad = None;
        grid.fill_with(|p| match cost(p) {
            None => BLOCKED_CELL,
            Some(Cost(c)) if (1..=WEIGHT_MASK).contains(&c) => c,
            Some(Cost(c)) => {
                bad.get_or_insert(PathError::CellCost { at: p, cost: c });
                BLOCKED_CELL
            }
        });
        match bad {
            Some(e) => Err(e),
            None => Ok(grid),
        }
    }

    fn fill_with(&mut self, mut cell: impl FnMut(Point) -> u32) {
        let (w, h) = (self.size.width as usize, self.size.height as usize);
        let (mut lo, mut hi) = (u32::MAX, 1);
        for y in 0..h {
            let row = (y + 1) * self.stride + 1;
            for x in 0..w {
                let c = cell(Point::new(x as i32, y as i32));
                if c != BLOCKED_CELL {
                    lo = lo.min(c);
                    hi = hi.max(c);
                }
                self.cells[row + x] = c;
                self.mark(row + x, c != BLOCKED_CELL);
            }
        }
        self.min_weight = if lo == u32::MAX { 1 } else { lo };
        self.max_weight = hi;
    }

    /// The map's size in cells.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The cost of entering `p`, or `None` if it is blocked or outside.
    #[inline]
    pub fn cost(&self, p: Point) -> Option<Cost> {
        let c = self.index(p).map_or(BLOCKED_CELL, |i| self.cells[i]);
        (c != BLOCKED_CELL).then_some(Cost(c & WEIGHT_MASK))
    }

    /// Whether `p` can be entered (inside and not blocked).
    #[inline]
    pub fn is_passable(&self, p: Point) -> bool {
        self.index(p).is_some_and(|i| self.cells[i] != BLOCKED_CELL)
    }

    /// Whether `p` is narrow (a hallway: 4-way moves only under [`crate::Moves::Rooms`]).
    /// `false` outside.
    #[inline]
    pub fn is_narrow(&self, p: Point) -> bool {
        self.index(p).is_some_and(|i| self.cells[i] & NARROW != 0)
    }

    /// Sets the cell at `p`: `None` blocks it, `Some(cost)` makes it enterable at `cost`;
    /// a narrow cell stays narrow.
    ///
    /// # Errors
    /// [`PathError::Outside`] if `p` is not a cell of the map; [`PathError::CellCost`] for
    /// a cost of 0 or above [`PathGrid::MAX_CELL_COST`]. The grid is unchanged then.
    pub fn set(&mut self, p: Point, cost: Option<Cost>) -> Result<(), PathError> {
        let i = self.index(p).ok_or(PathError::Outside { at: p, size: self.size })?;
        let narrow = self.cells[i] & NARROW;
        self.cells[i] = match cost {
            None => BLOCKED_CELL,
            Some(Cost(c)) if (1..=WEIGHT_MASK).contains(&c) => {
                self.min_weight = self.min_weight.min(c);
                self.max_weight = self.max_weight.max(c);
                c | narrow
            }
            Some(Cost(c)) => return Err(PathError::CellCost { at: p, cost: c }),
        };
        self.mark(i, self.cells[i] != BLOCKED_CELL);
        Ok(())
    }

    /// Sets or clears the passable bit of padded index `i`.
    #[inline]
    fn mark(&mut self, i: usize, passable: bool) {
        let bit = 1u64 << (i % 64);
        let word = &mut self.passable[i / 64];
        *word = if passable { *word | bit } else { *word & !bit };
    }

    /// Marks `p` narrow or not. A blocked cell cannot be narrow: marking one changes
    /// nothing.
    ///
    /// # Errors
    /// [`PathError::Outside`] if `p` is not a cell of the map.
    pub fn set_narrow(&mut self, p: Point, narrow: bool) -> Result<(), PathError> {
        let i = self.index(p).ok_or(PathError::Outside { at: p, size: self.size })?;
        if self.cells[i] != BLOCKED_CELL {
            self.cells[i] = if narrow { self.cells[i] | NARROW } else { self.cells[i] & !NARROW };
        }
        Ok(())
    }

    /// The padded index of `p`, or `None` outside.
    #[inline]
    pub(crate) fn index(&self, p: Point) -> Option<usize> {
        self.size.contains(p).then(|| (p.y as usize + 1) * self.stride + p.x as usize + 1)
    }

    /// The padded index of `p`, or [`PathError::Outside`].
    pub(crate) fn checked_index(&self, p: Point) -> Result<usize, PathError> {
        self.index(p).ok_or(PathError::Outside { at: p, size: self.size })
    }

    /// The point at padded index `i` (which must be inside the map).
    #[inline]
    pub(crate) fn point(&self, i: usize) -> Point {
        Point::new((i % self.stride) as i32 - 1, (i / self.stride) as i32 - 1)
    }

    pub(crate) fn stride(&self) -> usize {
        self.stride
    }

    pub(crate) fn cells(&self) -> &[u32] {
        &self.cells
    }

    /// One bit per padded cell (bit `i % 64` of word `i / 64`): set when passable.
    pub(crate) fn passable_bits(&self) -> &[u64] {
        &self.passable
    }

    /// A lower bound on every passable cell's entry cost (at least 1).
    pub(crate) fn min_weight(&self) -> u32 {
        self.min_weight
    }

    /// An upper bound on every passable cell's entry cost.
    pub(crate) fn max_weight(&self) -> u32 {
        self.max_weight
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_round_trip_and_outside_is_blocked() {
        let mut g = PathGrid::new(Size::new(3, 2)).expect("small");
        assert!(!g.is_passable(Point::new(0, 0)));
        g.set(Point::new(2, 1), Some(Cost(5))).expect("inside");
        g.set_narrow(Point::new(2, 1), true).expect("inside");
        assert_eq!(g.cost(Point::new(2, 1)), Some(Cost(5)));
        assert!(g.is_narrow(Point::new(2, 1)));
        g.set(Point::new(2, 1), Some(Cost(2))).expect("inside");
        assert!(g.is_narrow(Point::new(2, 1)), "a new cost keeps the cell narrow");
        assert_eq!(g.cost(Point::new(3, 1)), None);
        assert_eq!(g.cost(Point::new(-1, 0)), None);
        assert!(matches!(g.set(Point::new(3, 0), None), Err(PathError::Outside { .. })));
        assert!(matches!(
            g.set(Point::new(0, 0), Some(Cost(0))),
            Err(PathError::CellCost { cost: 0, .. })
        ));
        g.set_narrow(Point::new(0, 0), true).expect("inside");
        assert!(!g.is_narrow(Point::new(0, 0)), "blocked cells are not narrow");
    }

    #[test]
    fn passable_bits_follow_the_cells() {
        let mut g =
            PathGrid::from_passable(Size::new(70, 3), |p| (p.x + p.y) % 3 != 0).expect("ok");
        g.set(Point::new(69, 2), None).expect("inside");
        g.set(Point::new(3, 1), Some(Cost(4))).expect("inside");
        let bits = g.passable_bits();
        for (i, &c) in g.cells().iter().enumerate() {
            assert_eq!(bits[i / 64] >> (i % 64) & 1 == 1, c != BLOCKED_CELL, "cell {i}");
        }
    }

    #[test]
    fn bad_costs_and_sizes_are_refused() {
        let e =
            PathGrid::from_costs(Size::new(2, 1), |p| Some(Cost(if p.x == 1 { 70000 } else { 1 })));
        assert_eq!(e, Err(PathError::CellCost { at: Point::new(1, 0), cost: 70000 }));
        let big = Size::new(u32::MAX, 3);
        assert_eq!(PathGrid::new(big), Err(PathError::TooLarge { size: big }));
    }

    #[test]
    fn weight_bounds_cover_the_cells() {
        let g = PathGrid::from_costs(Size::new(3, 1), |p| Some(Cost(p.x as u32 + 2))).expect("ok");
        assert_eq!((g.min_weight(), g.max_weight()), (2, 4));
        let empty = PathGrid::from_passable(Size::new(2, 2), |_| false).expect("ok");
        assert_eq!((empty.min_weight(), empty.max_weight()), (1, 1));
    }
}
