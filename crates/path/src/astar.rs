//! A*: the cheapest walk between two cells, with a reusable search context.

use torchlit_geom::{Point, Size};

use crate::grid::{BLOCKED_CELL, MAX_DISTANCE, WEIGHT_MASK};
use crate::queue::Queue;
use crate::{Cost, Moves, PathError, PathGrid, Rule};

/// A walk found by A*: its cells from start to goal, both included, and its cost.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Path {
    /// The cells, from the start to the goal (one cell when they are the same).
    pub cells: Vec<Point>,
    /// The sum of the steps' costs ([`Rule::step`]); equals the [`crate::DijkstraMap`]
    /// value between the two ends.
    pub cost: Cost,
}

/// A cell's search state is a one-byte stamp, `epoch << 4 | state << 3 | dir`: `state` 0
/// while open, 1 once closed; `dir` the index in [`Rule::table`] of the step that reached
/// the cell (its parent, for the walk back). A stamp of another epoch means untouched in
/// this search. One byte a cell keeps a large map's stamps in cache; the price is a
/// clearing pass every [`EPOCHS`] searches.
const CLOSED: u8 = 1 << 3;
/// The bits of a stamp that name the epoch and state, not the direction.
const TAG: u8 = !7;
/// Epochs `1..=EPOCHS` fit a stamp's high four bits.
const EPOCHS: u8 = 15;

/// The octile distance for step costs `c <= d < 2c` ([`Rule::heuristic`]).
#[inline(always)]
fn octile(c: u64, d: u64, dx: u64, dy: u64) -> u64 {
    let (lo, hi) = (dx.min(dy), dx.max(dy));
    c * (hi - lo) + d * lo
}

/// Exact `n / d` for 32-bit `n` and `d >= 2` by one multiplication (D. Lemire, O. Kaser,
/// N. Kurz, "Faster Remainder by Direct Computation", 2019): a search needs the
/// coordinates of every cell it expands, and a hardware division costs several times more.
#[derive(Clone, Copy, Debug)]
struct Divider {
    magic: u64,
}

impl Divider {
    fn new(d: u32) -> Divider {
        debug_assert!(d >= 2);
        Divider { magic: u64::MAX / u64::from(d) + 1 }
    }

    #[inline(always)]
    fn div(self, n: u32) -> u32 {
        ((u128::from(self.magic) * u128::from(n)) >> 64) as u32
    }
}

/// A reusable A* context: the per-cell state of a search, kept between queries.
///
/// The arrays are sized to the grid once (O(area), on the first query or when the grid's
/// size changes); after that a query costs what it explores plus, one query in fifteen,
/// a clearing pass over one byte per cell: cells are marked with a generation stamp
/// instead of being cleared, and the open
/// set is a ring of buckets keyed by `f = g + h` (Dial's queue; a binary heap only for
/// very large step costs), last in first out among equal `f`.
///
/// # Source
/// P. E. Hart, N. J. Nilsson and B. Raphael, "A Formal Basis for the Heuristic
/// Determination of Minimum Cost Paths", IEEE Trans. SSC 4(2), 1968. The heuristics are
/// Amit Patel's ([`Rule::heuristic`]); they are consistent, so no cell is opened twice
/// after it is closed and the walk found is a cheapest one.
///
/// ```
/// use torchlit_geom::{Point, Size};
/// use torchlit_path::{Cost, PathGrid, Rule, Search};
///
/// let rows = ["....", ".##.", "...."];
/// let grid = PathGrid::from_passable(Size::new(4, 3), |p| {
///     rows[p.y as usize].as_bytes()[p.x as usize] == b'.'
/// })?;
/// let mut search = Search::new();
/// let path = search.astar(&grid, Rule::FOUR, Point::new(0, 1), Point::new(3, 1))?;
/// let path = path.expect("reachable");
/// assert_eq!(path.cost, Cost(5));
/// assert_eq!(path.cells.first(), Some(&Point::new(0, 1)));
/// assert_eq!(path.cells.last(), Some(&Point::new(3, 1)));
/// # Ok::<(), torchlit_path::PathError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Search {
    size: Size,
    /// One byte a cell: epoch, state, parent direction (see [`CLOSED`]).
    stamps: Vec<u8>,
    /// The cost of the best walk found so far to each cell opened in this epoch.
    g: Vec<u32>,
    epoch: u8,
    queue: Queue,
}

impl Search {
    /// An empty context; it sizes itself to the first grid it searches.
    pub fn new() -> Search {
        Search::default()
    }

    /// The cheapest walk from `from` to `to` under `rule` on `grid`, or `None` if no
    /// legal walk exists. `from == to` gives the one-cell path of cost 0; a blocked `to`
    /// is unreachable from anywhere else; `from` itself may be blocked.
    ///
    /// # Errors
    /// [`PathError::Outside`] if either end is not a cell of the grid.
    pub fn astar(
        &mut self,
        grid: &PathGrid,
        rule: Rule,
        from: Point,
        to: Point,
    ) -> Result<Option<Path>, PathError> {
        let mut cells = Vec::new();
        Ok(self.astar_into(grid, rule, from, to, &mut cells)?.map(|cost| Path { cells, cost }))
    }

    /// [`Search::astar`] writing the cells into `cells` (cleared first) instead of a new
    /// vector; returns the cost. With a reused `cells`, a query allocates nothing.
    ///
    /// # Errors
    /// [`PathError::Outside`] if either end is not a cell of the grid.
    pub fn astar_into(
        &mut self,
        grid: &PathGrid,
        rule: Rule,
        from: Point,
        to: Point,
        cells: &mut Vec<Point>,
    ) -> Result<Option<Cost>, PathError> {
        cells.clear();
        let start = grid.checked_index(from)?;
        let goal = grid.checked_index(to)?;
        if start == goal {
            cells.push(from);
            return Ok(Some(Cost::ZERO));
        }
        if grid.cells()[goal] == BLOCKED_CELL {
            return Ok(None);
        }
        self.prepare(grid);
        // The heuristic's shape is chosen once per query (see `Rule::raw_heuristic`), so
        // the loop below is compiled once per shape with no branch on the rule inside.
        let (c, d) = (u64::from(rule.costs().cardinal()), u64::from(rule.costs().diagonal()));
        let w = u64::from(grid.min_weight());
        let found = match (grid.max_weight() == 1, !rule.has_diagonals() || d >= 2 * c, d >= c) {
            (true, true, _) => {
                self.run::<true>(grid, rule, start, goal, move |dx, dy| w * c * (dx + dy))
            }
            (false, true, _) => {
                self.run::<false>(grid, rule, start, goal, move |dx, dy| w * c * (dx + dy))
            }
            (true, false, true) => {
                self.run::<true>(grid, rule, start, goal, move |dx, dy| w * octile(c, d, dx, dy))
            }
            (false, false, true) => {
                self.run::<false>(grid, rule, start, goal, move |dx, dy| w * octile(c, d, dx, dy))
            }
            (true, false, false) => {
                self.run::<true>(grid, rule, start, goal, move |dx, dy| w * d * dx.max(dy))
            }
            (false, false, false) => {
                self.run::<false>(grid, rule, start, goal, move |dx, dy| w * d * dx.max(dy))
            }
        };
        let Some(cost) = found else { return Ok(None) };
        let table = rule.table(grid.stride());
        let mut i = goal;
        cells.push(to);
        while i != start {
            let k = usize::from(self.stamps[i] & 7);
            i = i.wrapping_add_signed(-table[k].offset);
            cells.push(grid.point(i));
        }
        cells.reverse();
        Ok(Some(Cost(cost)))
    }

    /// The search itself, from padded index `start` to `goal` with heuristic `h(|dx|,
    /// |dy|)` (already multiplied by the cheapest entry cost); returns the goal's cost.
    ///
    /// Each neighbour is handled without a branch that depends on the map: its node is
    /// rewritten (with itself when nothing changes) and it is pushed with a condition
    /// ([`Queue::push_if`]). Which cells are opened, with which `g`, parent and `f`, and
    /// in which order, is exactly the textbook loop's: skip blocked and closed cells, open
    /// a cell when it is new or its `g` improves.
    ///
    /// `UNIFORM`: every passable cell's entry cost is 1, so the search reads only the
    /// grid's passable bits (and a cell's narrow flag under [`crate::Moves::Rooms`]).
    #[inline(always)]
    fn run<const UNIFORM: bool>(
        &mut self,
        grid: &PathGrid,
        rule: Rule,
        start: usize,
        goal: usize,
        h: impl Fn(u64, u64) -> u64,
    ) -> Option<u32> {
        let (open, closed) = (self.epoch << 4, self.epoch << 4 | CLOSED);
        let stride = grid.stride();
        let div = Divider::new(stride as u32);
        let (grid_cells, bits) = (grid.cells(), grid.passable_bits());
        let table = rule.table(stride);
        let (gy, gx) = (goal / stride, goal % stride);
        let (gx, gy) = (gx as i64, gy as i64);
        let hf =
            |x: i64, y: i64| h(x.abs_diff(gx), y.abs_diff(gy)).min(u64::from(MAX_DISTANCE)) as u32;
        let (sy, sx) = (start / stride, start % stride);
        let h0 = hf(sx as i64, sy as i64);
        self.queue.reset(2 * rule.max_step(grid) + 1, h0);
        self.stamps[start] = open;
        self.g[start] = 0;
        self.queue.push(h0, start as u32);
        while let Some((_, i)) = self.queue.pop() {
            let stamp = self.stamps[i as usize];
            if stamp & TAG == closed {
                continue;
            }
            let gi = self.g[i as usize];
            if i as usize == goal {
                return Some(gi);
            }
            self.stamps[i as usize] = stamp | CLOSED;
            let y = div.div(i);
            let (x, y) = (i64::from(i - y * stride as u32), i64::from(y));
            let dirs = match rule.moves() {
                Moves::Four => 4,
                Moves::Eight => 8,
                Moves::Rooms => rule.dir_count(grid_cells[i as usize]),
            };
            for (k, dir) in table[..dirs].iter().enumerate() {
                let j = (i as usize).wrapping_add_signed(dir.offset);
                if bits[j / 64] >> (j % 64) & 1 == 0 {
                    continue;
                }
                let tag = self.stamps[j] & TAG;
                if tag == closed {
                    continue;
                }
                let weight = if UNIFORM { 1 } else { grid_cells[j] & WEIGHT_MASK };
                let g = gi.saturating_add(dir.step * weight).min(MAX_DISTANCE);
                if tag != open || g < self.g[j] {
                    let f = g.saturating_add(hf(x + i64::from(dir.dx), y + i64::from(dir.dy)));
                    self.stamps[j] = open | k as u8;
                    self.g[j] = g;
                    self.queue.push(f.min(MAX_DISTANCE), j as u32);
                }
            }
        }
        None
    }

    /// Sizes the arrays for `grid` (only when its size changed) and starts a new
    /// generation of stamps.
    fn prepare(&mut self, grid: &PathGrid) {
        let n = grid.cells().len();
        if self.size != grid.size() || self.stamps.len() != n {
            self.size = grid.size();
            self.stamps.clear();
            self.stamps.resize(n, 0);
            self.g.clear();
            self.g.resize(n, 0);
            self.epoch = 0;
        }
        self.epoch += 1;
        if self.epoch > EPOCHS {
            // The next epoch would alias the oldest stamps: clear them.
            self.stamps.fill(0);
            self.epoch = 1;
        }
    }
}

/// A* with a fresh [`Search`] (which allocates arrays the size of the map: keep a
/// `Search` for repeated queries).
///
/// # Errors
/// [`PathError::Outside`] if either end is not a cell of the grid.
pub fn astar(
    grid: &PathGrid,
    rule: Rule,
    from: Point,
    to: Point,
) -> Result<Option<Path>, PathError> {
    Search::new().astar(grid, rule, from, to)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Moves, StepCosts};

    fn grid(rows: &[&str]) -> PathGrid {
        let size = Size::new(rows[0].len() as u32, rows.len() as u32);
        PathGrid::from_passable(size, |p| rows[p.y as usize].as_bytes()[p.x as usize] != b'#')
            .expect("small")
    }

    #[test]
    fn finds_the_way_around_and_returns_both_ends() {
        let g = grid(&[".#...", ".#.#.", "...#."]);
        let p = astar(&g, Rule::FOUR, Point::new(0, 0), Point::new(4, 0))
            .expect("inside")
            .expect("reachable");
        assert_eq!(p.cost, Cost(8));
        assert_eq!(p.cells.len(), 9);
        assert_eq!(p.cells[0], Point::new(0, 0));
        assert_eq!(p.cells[8], Point::new(4, 0));
        let p = astar(&g, Rule::EIGHT, Point::new(0, 0), Point::new(4, 0))
            .expect("inside")
            .expect("reachable");
        assert_eq!(p.cost, Cost(5));
    }

    #[test]
    fn unreachable_same_cell_and_outside() {
        let g = grid(&[".#."]);
        let mut s = Search::new();
        assert_eq!(s.astar(&g, Rule::EIGHT, Point::new(0, 0), Point::new(2, 0)), Ok(None));
        assert_eq!(s.astar(&g, Rule::EIGHT, Point::new(0, 0), Point::new(1, 0)), Ok(None));
        let same = s.astar(&g, Rule::EIGHT, Point::new(1, 0), Point::new(1, 0)).expect("inside");
        assert_eq!(same, Some(Path { cells: vec![Point::new(1, 0)], cost: Cost::ZERO }));
        assert!(matches!(
            s.astar(&g, Rule::FOUR, Point::new(0, 0), Point::new(3, 0)),
            Err(PathError::Outside { .. })
        ));
    }

    #[test]
    fn a_context_is_reused_across_queries_and_grids() {
        let a = grid(&["....", "....", "...."]);
        let b = grid(&["..", ".."]);
        let mut s = Search::new();
        for _ in 0..3 {
            let p = s.astar(&a, Rule::FOUR, Point::new(0, 0), Point::new(3, 2)).expect("ok");
            assert_eq!(p.map(|p| p.cost), Some(Cost(5)));
            let p = s.astar(&b, Rule::EIGHT, Point::new(0, 0), Point::new(1, 1)).expect("ok");
            assert_eq!(p.map(|p| p.cost), Some(Cost(1)));
        }
    }

    #[test]
    fn weighted_costs_use_octile_steps() {
        let g = grid(&["....", "....", "...."]);
        let rule = Rule::new(Moves::Eight, StepCosts::new(10, 14).expect("valid"));
        let p =
            astar(&g, rule, Point::new(0, 0), Point::new(3, 2)).expect("ok").expect("reachable");
        assert_eq!(p.cost, Cost(2 * 14 + 10));
        // Very large costs fall back to the heap and still agree.
        let big = Rule::new(Moves::Eight, StepCosts::new(60_000, 65_000).expect("valid"));
        let p = astar(&g, big, Point::new(0, 0), Point::new(3, 2)).expect("ok").expect("reachable");
        assert_eq!(p.cost, Cost(2 * 65_000 + 60_000));
    }
}
