//! Dijkstra maps (distance fields): the cost between every cell and the nearest of any
//! number of sources or goals.

use std::cmp::Reverse;

use torchlit_geom::{Grid, Point, Size};

use crate::grid::{BLOCKED, BLOCKED_CELL, MAX_DISTANCE, NARROW, UNSEEN, WEIGHT_MASK};
use crate::queue::Queue;
use crate::rule::Dir;
use crate::{Cost, Moves, PathError, PathGrid, Rule};

/// Which way the costs of a [`DijkstraMap`] run.
///
/// The two agree whenever the rule is symmetric and every cell has the same entry cost
/// (4-way and 8-way on unit-cost maps); they differ for [`Moves::Rooms`] (a room may step
/// diagonally onto a hallway, not back) and for cells of different entry costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Flow {
    /// Each cell holds the cost of the cheapest walk *from* the nearest source *to* it:
    /// libtcod's `dijkstra2d`, and how far a walker at the source has to go.
    FromSources,
    /// Each cell holds the cost of the cheapest walk *from* it *to* the nearest goal:
    /// Brian Walker's Dijkstra map, which a walker rolls down to reach a goal.
    ToGoals,
}

/// A Dijkstra map: for every cell, the cost of the cheapest walk between it and the
/// nearest of its sources (or goals), under one [`Rule`].
///
/// - Shape: the grid's [`Size`]; [`DijkstraMap::get`] is `None` for cells no walk
///   reaches (blocked cells, closed-off areas) and outside.
/// - Units: [`Cost`], the sum of the steps' costs (see [`Rule::step`]); sources and goals
///   hold 0. With [`Flow::FromSources`] the values equal python-tcod's
///   `tcod.path.dijkstra2d(distance, cost, cardinal, diagonal)` for the same costs.
/// - Runs in O(cells reached) after an O(area) reset: breadth-first search when every
///   step costs the same (with no branch on the map per neighbour under 4-way moves),
///   otherwise Dijkstra's algorithm on a bucket queue (Dial) or,
///   for very large step costs, a binary heap. [`DijkstraMap::rebuild`] reuses the
///   buffers.
/// - A source on a blocked cell holds 0 and walks out of it (libtcod's behaviour); a
///   goal on a blocked cell can be reached from nowhere else.
///
/// # Source
/// E. W. Dijkstra, "A note on two problems in connexion with graphs", 1959; Brian Walker,
/// "The Incredible Power of Dijkstra Maps" (RogueBasin, 2010), for the multi-source map
/// and rolling downhill; R. B. Dial, "Shortest-path forest with topological ordering",
/// CACM 1969, for the bucket queue.
///
/// ```
/// use torchlit_geom::{Point, Size};
/// use torchlit_path::{Cost, DijkstraMap, PathGrid, Rule};
///
/// let rows = ["....", ".##.", "...."];
/// let grid = PathGrid::from_passable(Size::new(4, 3), |p| {
///     rows[p.y as usize].as_bytes()[p.x as usize] == b'.'
/// })?;
/// let map = DijkstraMap::to_goals(&grid, Rule::FOUR, [Point::new(0, 0)])?;
/// assert_eq!(map.get(Point::new(3, 2)), Some(Cost(5)));
/// assert_eq!(map.get(Point::new(1, 1)), None); // a wall
/// // Roll downhill: the next step toward the goal (ties ranked by the caller).
/// assert_eq!(map.downhill(&grid, Point::new(3, 2), |_| 0), Some(Point::new(3, 1)));
/// # Ok::<(), torchlit_path::PathError>(())
/// ```
#[derive(Clone, Debug)]
pub struct DijkstraMap {
    size: Size,
    stride: usize,
    rule: Rule,
    flow: Flow,
    /// Padded like the grid: `BLOCKED`, `UNSEEN` or a distance.
    dist: Vec<u32>,
    fifo: Vec<u32>,
    queue: Queue,
}

impl DijkstraMap {
    /// An empty map (every cell unreachable) for grids of `size`, to be filled by
    /// [`DijkstraMap::rebuild`].
    pub fn new(size: Size, rule: Rule) -> DijkstraMap {
        DijkstraMap {
            size,
            stride: size.width as usize + 2,
            rule,
            flow: Flow::FromSources,
            dist: Vec::new(),
            fifo: Vec::new(),
            queue: Queue::default(),
        }
    }

    /// The cost of the cheapest walk from the nearest of `sources` to every cell
    /// ([`Flow::FromSources`], libtcod's `dijkstra2d`).
    ///
    /// # Errors
    /// [`PathError::Outside`] if a source is not a cell of the grid.
    pub fn from_sources(
        grid: &PathGrid,
        rule: Rule,
        sources: impl IntoIterator<Item = Point>,
    ) -> Result<DijkstraMap, PathError> {
        let mut map = DijkstraMap::new(grid.size(), rule);
        map.rebuild(grid, rule, Flow::FromSources, sources)?;
        Ok(map)
    }

    /// The cost of the cheapest walk from every cell to the nearest of `goals`
    /// ([`Flow::ToGoals`], a Brogue-style Dijkstra map to roll down).
    ///
    /// # Errors
    /// [`PathError::Outside`] if a goal is not a cell of the grid.
    pub fn to_goals(
        grid: &PathGrid,
        rule: Rule,
        goals: impl IntoIterator<Item = Point>,
    ) -> Result<DijkstraMap, PathError> {
        let mut map = DijkstraMap::new(grid.size(), rule);
        map.rebuild(grid, rule, Flow::ToGoals, goals)?;
        Ok(map)
    }

    /// Recomputes the map for `grid`, `rule`, `flow` and `points` (the sources or goals),
    /// reusing its buffers (no allocation once they have grown to the grid).
    ///
    /// # Errors
    /// [`PathError::Outside`] if a point is not a cell of the grid; the map is then left
    /// with every cell unreachable.
    pub fn rebuild(
        &mut self,
        grid: &PathGrid,
        rule: Rule,
        flow: Flow,
        points: impl IntoIterator<Item = Point>,
    ) -> Result<(), PathError> {
        self.size = grid.size();
        self.stride = grid.stride();
        self.rule = rule;
        self.flow = flow;
        let cells = grid.cells();
        self.dist.clear();
        self.dist.extend(cells.iter().map(|&c| if c == BLOCKED_CELL { BLOCKED } else { UNSEEN }));
        // The queue holds every cell at most once, plus a slot for a speculative write;
        // it keeps its length between rebuilds (no clearing: `sources` says what is live).
        if self.fifo.len() <= self.dist.len() {
            self.fifo.resize(self.dist.len() + 1, 0);
        }
        let mut sources = 0;
        for p in points {
            let Some(i) = grid.index(p) else {
                self.dist.fill(BLOCKED);
                return Err(PathError::Outside { at: p, size: self.size });
            };
            // A blocked goal is entered by nobody: it holds 0 but leads nowhere.
            let leads = flow == Flow::FromSources || cells[i] != BLOCKED_CELL;
            if self.dist[i] != 0 {
                self.dist[i] = 0;
                if leads {
                    self.fifo[sources] = i as u32;
                    sources += 1;
                }
            }
        }
        let table = rule.table(self.stride);
        let costs = rule.costs();
        let uniform = grid.max_weight() == 1
            && (!rule.has_diagonals() || costs.cardinal() == costs.diagonal());
        let reverse = flow == Flow::ToGoals && rule.moves() == Moves::Rooms;
        match (uniform, reverse) {
            (true, false) => {
                bfs_forward(cells, &mut self.dist, &mut self.fifo, sources, rule, &table);
            }
            (true, true) => {
                bfs_rooms_reverse(cells, &mut self.dist, &mut self.fifo, sources, &table)
            }
            (false, _) => {
                let span = rule.max_step(grid);
                self.queue.reset(span, 0);
                for &i in &self.fifo[..sources] {
                    self.queue.push(0, i);
                }
                if flow == Flow::ToGoals {
                    dijkstra_reverse(cells, &mut self.dist, &mut self.queue, rule, &table);
                } else {
                    dijkstra_forward(cells, &mut self.dist, &mut self.queue, rule, &table);
                }
            }
        }
        Ok(())
    }

    /// The map's size in cells.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The rule it was built with.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// Which way its costs run.
    pub fn flow(&self) -> Flow {
        self.flow
    }

    /// The cost at `p`, or `None` if no walk reaches it (or `p` is outside).
    #[inline]
    pub fn get(&self, p: Point) -> Option<Cost> {
        let i = self.index(p)?;
        let d = *self.dist.get(i)?;
        (d <= MAX_DISTANCE).then_some(Cost(d))
    }

    #[inline]
    fn index(&self, p: Point) -> Option<usize> {
        self.size.contains(p).then(|| (p.y as usize + 1) * self.stride + p.x as usize + 1)
    }

    /// The whole map as a grid of costs (`None`: unreachable).
    pub fn to_grid(&self) -> Grid<Option<Cost>> {
        Grid::from_fn(self.size, |p| self.get(p))
    }

    /// The next cell of a cheapest walk from `p` toward the nearest goal: among the legal
    /// steps `p → n` ([`Rule::steps`] on `grid`), those minimising `step cost + value(n)`,
    /// and among those the one whose `rank(n)` is smallest (then the first in
    /// [`torchlit_geom::Direction::ALL`] order). `Some(p)` at a goal (value 0); `None`
    /// when `p` is unreachable, outside, or has no reachable step.
    ///
    /// On a [`Flow::ToGoals`] map every cell so chosen lies on a cheapest walk to a goal
    /// (the value drops by exactly the step's cost). On a [`Flow::FromSources`] map it is
    /// Brogue's "roll downhill", exact for symmetric rules on unit-cost cells.
    ///
    /// `grid` must be the grid the map was built from.
    pub fn downhill<K: Ord>(
        &self,
        grid: &PathGrid,
        p: Point,
        mut rank: impl FnMut(Point) -> K,
    ) -> Option<Point> {
        let here = self.get(p)?;
        if here == Cost::ZERO {
            return Some(p);
        }
        let mut best: Option<(Cost, K, Point)> = None;
        for (n, step) in self.rule.steps(grid, p) {
            let Some(v) = self.get(n) else { continue };
            let total = step + v;
            if best.as_ref().is_some_and(|(t, _, _)| total > *t) {
                continue;
            }
            let k = rank(n);
            if best.as_ref().is_none_or(|(t, bk, _)| total < *t || k < *bk) {
                best = Some((total, k, n));
            }
        }
        best.map(|(_, _, n)| n)
    }

    /// The cell to flee to from `p`: among `p` itself (staying is a move like the others)
    /// and its legal steps on `grid`, the one with the largest value (unreachable counts
    /// as farther than any value), and among those the one whose `rank` is smallest (then
    /// `p`, then [`torchlit_geom::Direction::ALL`] order). `None` only when `p` is outside.
    ///
    /// Brian Walker's "safety map" idea without the negative multiplier: the caller
    /// decides the ranking of equally far cells.
    ///
    /// `grid` must be the grid the map was built from.
    pub fn uphill<K: Ord>(
        &self,
        grid: &PathGrid,
        p: Point,
        mut rank: impl FnMut(Point) -> K,
    ) -> Option<Point> {
        if !self.size.contains(p) {
            return None;
        }
        let value = |n: Point| self.get(n).map_or(u64::MAX, |c| u64::from(c.0));
        let candidates = std::iter::once(p).chain(self.rule.steps(grid, p).map(|(n, _)| n));
        candidates
            .map(|n| ((Reverse(value(n)), rank(n)), n))
            .min_by(|a, b| a.0.cmp(&b.0))
            .map(|(_, n)| n)
    }
}

/// Breadth-first search from the cells in `fifo`, every step costing `table[_].step`
/// (the same for every direction used); forward steps.
///
/// Branch-free per neighbour: each neighbour is written to the queue's tail and its
/// distance rewritten whether or not it is new, and the tail moves on only for a new
/// one, so a maze's unpredictable walls cost no mispredicted branches. The queue is
/// sized up front (every cell enters it at most once, plus one slot for the speculative
/// write); its first `sources` entries are the sources.
fn bfs_forward(
    cells: &[u32],
    dist: &mut [u32],
    fifo: &mut [u32],
    sources: usize,
    rule: Rule,
    table: &[Dir; 8],
) {
    let step = table[0].step;
    let card: [isize; 4] = [table[0].offset, table[1].offset, table[2].offset, table[3].offset];
    let all: [isize; 8] = table.map(|d| d.offset);
    let mut tail = sources;
    let mut head = 0;
    while head < tail {
        let i = fifo[head] as usize;
        head += 1;
        let next = dist[i].saturating_add(step).min(MAX_DISTANCE);
        let eight = match rule.moves() {
            Moves::Four => false,
            Moves::Eight => true,
            Moves::Rooms => cells[i] & NARROW == 0,
        };
        tail = if eight {
            expand_branching(&all, i, next, dist, fifo, tail)
        } else {
            expand(&card, i, next, dist, fifo, tail)
        };
    }
}

/// Visits the neighbours of `i` at `offsets`: each unseen one gets `next` and joins the
/// queue at `tail`; returns the new tail. No branch depends on the map.
#[inline(always)]
fn expand<const N: usize>(
    offsets: &[isize; N],
    i: usize,
    next: u32,
    dist: &mut [u32],
    fifo: &mut [u32],
    mut tail: usize,
) -> usize {
    for &o in offsets {
        let j = i.wrapping_add_signed(o);
        let dj = dist[j];
        let new = dj == UNSEEN;
        dist[j] = if new { next } else { dj };
        fifo[tail] = j as u32;
        tail += usize::from(new);
    }
    tail
}

/// [`expand`] with a branch per neighbour: faster with eight neighbours, whose tests
/// are better predicted (in the open most are already seen) and whose unconditional
/// rewrites would chain each cell's loads to the previous cell's stores.
#[inline(always)]
fn expand_branching<const N: usize>(
    offsets: &[isize; N],
    i: usize,
    next: u32,
    dist: &mut [u32],
    fifo: &mut [u32],
    mut tail: usize,
) -> usize {
    for &o in offsets {
        let j = i.wrapping_add_signed(o);
        if dist[j] == UNSEEN {
            dist[j] = next;
            fifo[tail] = j as u32;
            tail += 1;
        }
    }
    tail
}

/// Breadth-first search backwards under [`Moves::Rooms`]: from each cell `v` taken, the
/// cells `u` that may step onto it (cardinal neighbours, and diagonal ones that are not
/// narrow). A blocked goal is entered by nobody.
fn bfs_rooms_reverse(
    cells: &[u32],
    dist: &mut [u32],
    fifo: &mut [u32],
    sources: usize,
    table: &[Dir; 8],
) {
    let step = table[0].step;
    let (mut head, mut tail) = (0, sources);
    while head < tail {
        let v = fifo[head];
        head += 1;
        let v = v as usize;
        if cells[v] == BLOCKED_CELL {
            continue;
        }
        let next = dist[v].saturating_add(step).min(MAX_DISTANCE);
        for (k, d) in table.iter().enumerate() {
            let u = v.wrapping_add_signed(-d.offset);
            if dist[u] == UNSEEN && (k < 4 || cells[u] & NARROW == 0) {
                dist[u] = next;
                fifo[tail] = u as u32;
                tail += 1;
            }
        }
    }
}

/// Dijkstra's algorithm forwards: a step into `j` costs `step × weight(j)`.
fn dijkstra_forward(
    cells: &[u32],
    dist: &mut [u32],
    queue: &mut Queue,
    rule: Rule,
    table: &[Dir; 8],
) {
    while let Some((d, i)) = queue.pop() {
        let i = i as usize;
        if dist[i] != d {
            continue; // a stale entry
        }
        for dir in &table[..rule.dir_count(cells[i])] {
            let j = i.wrapping_add_signed(dir.offset);
            let dj = dist[j];
            if dj == BLOCKED {
                continue;
            }
            let cost = dir.step * (cells[j] & WEIGHT_MASK);
            let next = d.saturating_add(cost).min(MAX_DISTANCE);
            if next < dj {
                dist[j] = next;
                queue.push(next, j as u32);
            }
        }
    }
}

/// Dijkstra's algorithm backwards: `u` reaches the goals through `v` at
/// `step × weight(v) + dist(v)`, when the rule lets `u` step toward `v`.
fn dijkstra_reverse(
    cells: &[u32],
    dist: &mut [u32],
    queue: &mut Queue,
    rule: Rule,
    table: &[Dir; 8],
) {
    let dirs = if rule.has_diagonals() { 8 } else { 4 };
    while let Some((d, v)) = queue.pop() {
        let v = v as usize;
        if dist[v] != d || cells[v] == BLOCKED_CELL {
            continue;
        }
        let weight = cells[v] & WEIGHT_MASK;
        for (k, dir) in table[..dirs].iter().enumerate() {
            let u = v.wrapping_add_signed(-dir.offset);
            let du = dist[u];
            if du == BLOCKED || (k >= 4 && !rule.allows_from_cell(cells[u], true)) {
                continue;
            }
            let next = d.saturating_add(dir.step * weight).min(MAX_DISTANCE);
            if next < du {
                dist[u] = next;
                queue.push(next, u as u32);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::StepCosts;

    fn grid(rows: &[&str]) -> PathGrid {
        let size = Size::new(rows[0].len() as u32, rows.len() as u32);
        let mut g =
            PathGrid::from_passable(size, |p| rows[p.y as usize].as_bytes()[p.x as usize] != b'#')
                .expect("small");
        for (y, row) in rows.iter().enumerate() {
            for (x, c) in row.bytes().enumerate() {
                if c == b'+' {
                    g.set_narrow(Point::new(x as i32, y as i32), true).expect("inside");
                }
            }
        }
        g
    }

    fn show(m: &DijkstraMap) -> Vec<String> {
        (0..m.size().height as i32)
            .map(|y| {
                (0..m.size().width as i32)
                    .map(|x| {
                        m.get(Point::new(x, y))
                            .map_or('-', |c| char::from_digit(c.0, 36).unwrap_or('*'))
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn bfs_counts_steps_around_walls() {
        let g = grid(&["....", ".##.", "...."]);
        let m = DijkstraMap::from_sources(&g, Rule::FOUR, [Point::new(0, 0)]).expect("inside");
        assert_eq!(show(&m), ["0123", "1--4", "2345"]);
        let m = DijkstraMap::from_sources(&g, Rule::EIGHT, [Point::new(0, 0)]).expect("inside");
        assert_eq!(show(&m), ["0123", "1--3", "2234"]);
    }

    #[test]
    fn many_sources_take_the_nearest() {
        let g = grid(&["......."]);
        let m = DijkstraMap::to_goals(&g, Rule::FOUR, [Point::new(0, 0), Point::new(6, 0)])
            .expect("ok");
        assert_eq!(show(&m), ["0123210"]);
    }

    #[test]
    fn rooms_fields_run_one_way() {
        // A hallway cell at (1, 1) under a room row: the room steps down onto it diagonally,
        // the hallway climbs back only straight up.
        let g = grid(&["...", "#+#"]);
        let from = DijkstraMap::from_sources(&g, Rule::ROOMS, [Point::new(0, 0)]).expect("ok");
        assert_eq!(show(&from), ["012", "-1-"]);
        let to = DijkstraMap::to_goals(&g, Rule::ROOMS, [Point::new(0, 0)]).expect("ok");
        assert_eq!(show(&to), ["012", "-2-"]);
        assert_eq!(to.downhill(&g, Point::new(1, 1), |_| 0), Some(Point::new(1, 0)));
    }

    #[test]
    fn weighted_fields_pay_the_entry_costs() {
        // Entering (1, 0) costs 5: tcod's model charges the cell entered.
        let g = PathGrid::from_costs(Size::new(3, 1), |p| Some(Cost(if p.x == 1 { 5 } else { 1 })))
            .expect("ok");
        let rule = Rule::new(Moves::Four, StepCosts::new(2, 3).expect("valid"));
        let from = DijkstraMap::from_sources(&g, rule, [Point::new(0, 0)]).expect("ok");
        assert_eq!(
            (from.get(Point::new(1, 0)), from.get(Point::new(2, 0))),
            (Some(Cost(10)), Some(Cost(12)))
        );
        let to = DijkstraMap::to_goals(&g, rule, [Point::new(0, 0)]).expect("ok");
        assert_eq!(
            (to.get(Point::new(1, 0)), to.get(Point::new(2, 0))),
            (Some(Cost(2)), Some(Cost(12)))
        );
    }

    #[test]
    fn outside_sources_are_refused() {
        let g = grid(&[".."]);
        let e = DijkstraMap::from_sources(&g, Rule::FOUR, [Point::new(2, 0)]).map(|_| 0);
        assert_eq!(e, Err(PathError::Outside { at: Point::new(2, 0), size: Size::new(2, 1) }));
    }

    #[test]
    fn downhill_ranks_ties_and_uphill_may_stay() {
        let g = grid(&["...", "...", "..."]);
        let m = DijkstraMap::to_goals(&g, Rule::FOUR, [Point::new(2, 2)]).expect("ok");
        // From (0, 0) both east and south are on a shortest walk: the rank decides.
        assert_eq!(m.downhill(&g, Point::new(0, 0), |n| n.y), Some(Point::new(1, 0)));
        assert_eq!(m.downhill(&g, Point::new(0, 0), |n| n.x), Some(Point::new(0, 1)));
        assert_eq!(m.downhill(&g, Point::new(2, 2), |_| 0), Some(Point::new(2, 2)));
        // At the farthest corner staying is best; next to it, stepping there is.
        assert_eq!(m.uphill(&g, Point::new(0, 0), |_| 0), Some(Point::new(0, 0)));
        assert_eq!(m.uphill(&g, Point::new(1, 0), |_| 0), Some(Point::new(0, 0)));
        assert_eq!(m.uphill(&g, Point::new(9, 0), |_| 0), None);
    }
}
