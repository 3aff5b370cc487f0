//! Distance fields for strategies, computed on demand and kept while the board allows.

use std::sync::Arc;

use torchlit_geom::Point;
use torchlit_path::{DijkstraMap, Flow, PathError, PathGrid, Rule};

use super::{Board, Solution, SolveError};

/// How many fields are kept; the oldest is recomputed first.
const SLOTS: usize = 8;

/// A handle to a field in [`Paths`], valid until eight more fields are asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FieldId(usize);

/// A small cache of Dijkstra maps over one board's grid, and of the board's
/// [`Solution`], shared by both strategies.
///
/// A cache, not state: it never changes what a strategy decides, only how often a field
/// is computed (the terrain never changes during a chase, so a field is a function of
/// its flow and points). Up to eight fields are kept, oldest replaced first.
#[derive(Clone, Debug, Default)]
pub struct Paths {
    slots: Vec<(Flow, Vec<Point>, DijkstraMap)>,
    next: usize,
    solution: Option<Result<Arc<Solution>, SolveError>>,
}

impl Paths {
    /// An empty cache.
    pub fn new() -> Paths {
        Paths::default()
    }

    /// The field of `flow` for `points` on `grid` under `rule`, computed unless kept.
    ///
    /// The handle stays valid until eight more fields are asked for.
    ///
    /// # Errors
    /// [`PathError::Outside`] if a point is not a cell of the grid.
    pub fn field(
        &mut self,
        grid: &PathGrid,
        rule: Rule,
        flow: Flow,
        points: &[Point],
    ) -> Result<FieldId, PathError> {
        let hit = self.slots.iter().position(|(f, p, m)| {
            *f == flow && p == points && m.rule() == rule && m.size() == grid.size()
        });
        if let Some(i) = hit {
            return Ok(FieldId(i));
        }
        let i = if self.slots.len() < SLOTS {
            self.slots.push((flow, Vec::new(), DijkstraMap::new(grid.size(), rule)));
            self.slots.len() - 1
        } else {
            let i = self.next;
            self.next = (self.next + 1) % SLOTS;
            i
        };
        let slot = &mut self.slots[i];
        slot.0 = flow;
        slot.1.clear();
        if let Err(e) = slot.2.rebuild(grid, rule, flow, points.iter().copied()) {
            slot.1.push(Point::new(i32::MIN, i32::MIN)); // never matches a real query
            return Err(e);
        }
        slot.1.extend_from_slice(points);
        Ok(FieldId(i))
    }

    /// The field behind a handle.
    ///
    /// # Panics
    /// Never for a handle this cache returned (slots are never removed).
    pub fn get(&self, id: FieldId) -> &DijkstraMap {
        &self.slots[id.0].2
    }

    /// The board's solution: solved on first use (the board must be the one of this
    /// chase), `None` if the solver refuses the dungeon.
    pub fn solution(&mut self, board: &Board) -> Option<&Solution> {
        let slot = self.solution.get_or_insert_with(|| Solution::solve(board).map(Arc::new));
        slot.as_ref().ok().map(|s| &**s)
    }

    /// Keeps `solution`, solved beforehand, as the board's solution.
    pub fn set_solution(&mut self, solution: Arc<Solution>) {
        self.solution = Some(Ok(solution));
    }
}
