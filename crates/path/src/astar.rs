//! A*: the cheapest walk between two cells, with a reusable search context.

use torchlit_geom::{Point, Size};

use crate::grid::{BLOCKED_CELL, MAX_DISTANCE, WEIGHT_MASK};
use crate::queue::Queue;
use crate::{Cost, PathError, PathGrid, Rule};

/// A walk found by A*: its cells from start to goal, both included, and its cost.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Path {
    /// The cells, from the start to the goal (one cell when they are the same).
    pub cells: Vec<Point>,
    /// The sum of the steps' costs ([`Rule::step`]); equals the [`crate::DijkstraMap`]
    /// value between the two ends.
    pub cost: Cost,
}

/// Per-cell search state: `stamp` is `2·epoch` while open, `2·epoch + 1` once closed;
/// anything else means untouched in this search.
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    stamp: u32,
    g: u32,
}

/// A reusable A* context: the per-cell state of a search, kept between queries.
///
/// The arrays are sized to the grid once (O(area), on the first query or when the grid's
/// size changes); after that a query costs what it explores, nothing proportional to the
/// map: cells are marked with a generation stamp instead of being cleared, and the open
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
    nodes: Vec<Node>,
    parent: Vec<u8>,
    epoch: u32,
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
        let (open, closed) = (self.epoch * 2, self.epoch * 2 + 1);
        let stride = grid.stride();
        let grid_cells = grid.cells();
        let table = rule.table(stride);
        let min_weight = u64::from(grid.min_weight());
        let (gx, gy) = ((goal % stride) as i32, (goal / stride) as i32);
        let h = |x: i32, y: i32| -> u32 {
            let raw = rule.raw_heuristic(x.abs_diff(gx), y.abs_diff(gy)) * min_weight;
            raw.min(u64::from(MAX_DISTANCE)) as u32
        };
        let (sx, sy) = ((start % stride) as i32, (start / stride) as i32);
        let h0 = h(sx, sy);
        self.queue.reset(2 * rule.max_step(grid) + 1, h0);
        self.nodes[start] = Node { stamp: open, g: 0 };
        self.queue.push(h0, start as u32);
        let mut found = None;
        while let Some((_, i)) = self.queue.pop() {
            let i = i as usize;
            let node = self.nodes[i];
            if node.stamp == closed {
                continue;
            }
            if i == goal {
                found = Some(node.g);
                break;
            }
            self.nodes[i].stamp = closed;
            let (x, y) = ((i % stride) as i32, (i / stride) as i32);
            let here = grid_cells[i];
            for (k, dir) in table[..rule.dir_count(here)].iter().enumerate() {
                let j = i.wrapping_add_signed(dir.offset);
                let cell = grid_cells[j];
                if cell == BLOCKED_CELL {
                    continue;
                }
                let next = self.nodes[j];
                if next.stamp == closed {
                    continue;
                }
                let g = node.g.saturating_add(dir.step * (cell & WEIGHT_MASK)).min(MAX_DISTANCE);
                if next.stamp != open || g < next.g {
                    self.nodes[j] = Node { stamp: open, g };
                    self.parent[j] = k as u8;
                    let f = g.saturating_add(h(x + dir.dx, y + dir.dy)).min(MAX_DISTANCE);
                    self.queue.push(f, j as u32);
                }
            }
        }
        let Some(cost) = found else { return Ok(None) };
        let mut i = goal;
        cells.push(to);
        while i != start {
            let k = usize::from(self.parent[i]);
            i = i.wrapping_add_signed(-table[k].offset);
            cells.push(grid.point(i));
        }
        cells.reverse();
        Ok(Some(Cost(cost)))
    }

    /// Sizes the arrays for `grid` (only when its size changed) and starts a new
    /// generation of stamps.
    fn prepare(&mut self, grid: &PathGrid) {
        let n = grid.cells().len();
        if self.size != grid.size() || self.nodes.len() != n {
            self.size = grid.size();
            self.nodes.clear();
            self.nodes.resize(n, Node::default());
            self.parent.clear();
            self.parent.resize(n, 0);
            self.epoch = 0;
        }
        self.epoch += 1;
        if self.epoch >= u32::MAX / 2 {
            // Stamps would alias after ~2³¹ searches: clear them once.
            self.nodes.fill(Node::default());
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
