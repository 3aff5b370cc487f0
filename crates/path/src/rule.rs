//! Movement rules as values: which steps a walker may take, and what each costs.

use std::fmt;
use std::str::FromStr;

use torchlit_geom::{Direction, Point};

use crate::grid::{BLOCKED_CELL, NARROW, WEIGHT_MASK};
use crate::{Cost, PathError, PathGrid};

/// Which neighbours a walker may step to.
///
/// Diagonal steps follow libtcod's model: a diagonal step needs only its target cell to be
/// passable, never the two cells beside it ("corner cutting" is allowed, as in
/// `tcod.path.dijkstra2d`). No rule here forbids it; a rule that did would say so.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Moves {
    /// North, east, south, west.
    Four,
    /// The four cardinal directions and the four diagonals.
    Eight,
    /// The rule of the DM503 Rogue project (University of Southern Denmark, 2010): from a
    /// room cell 8 neighbours, from a narrow (hallway) cell ([`PathGrid::is_narrow`]) the 4 cardinal ones; never into a blocked cell.
    /// Not symmetric: a room cell may step diagonally onto a hallway cell, not back.
    Rooms,
}

impl Moves {
    /// Every rule, in declaration order.
    pub const ALL: [Moves; 3] = [Moves::Four, Moves::Eight, Moves::Rooms];

    /// The name the command line uses: `4`, `8`, `rooms`.
    pub const fn name(self) -> &'static str {
        match self {
            Moves::Four => "4",
            Moves::Eight => "8",
            Moves::Rooms => "rooms",
        }
    }
}

impl fmt::Display for Moves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Moves {
    type Err = String;
    fn from_str(s: &str) -> Result<Moves, String> {
        Moves::ALL
            .into_iter()
            .find(|m| m.name() == s)
            .ok_or_else(|| format!("unknown moves {s:?}; expected 4, 8 or rooms"))
    }
}

/// The price of one step before the target cell's entry cost multiplies it: one for
/// cardinal steps and one for diagonal steps, each in `1..=65535` movement points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StepCosts {
    cardinal: u32,
    diagonal: u32,
}

impl StepCosts {
    /// Every step costs 1: distances count steps.
    pub const UNIT: StepCosts = StepCosts { cardinal: 1, diagonal: 1 };
    /// The largest step cost.
    pub const MAX: u32 = 0xFFFF;

    /// Step costs of `cardinal` and `diagonal` movement points.
    ///
    /// # Errors
    /// [`PathError::StepCosts`] if either is 0 or above [`StepCosts::MAX`] (zero-cost
    /// steps would make "shortest" meaningless; to forbid diagonals use [`Moves::Four`]).
    pub const fn new(cardinal: u32, diagonal: u32) -> Result<StepCosts, PathError> {
        if cardinal == 0 || diagonal == 0 || cardinal > Self::MAX || diagonal > Self::MAX {
            Err(PathError::StepCosts { cardinal, diagonal })
        } else {
            Ok(StepCosts { cardinal, diagonal })
        }
    }

    /// The cost of a cardinal step.
    pub const fn cardinal(self) -> u32 {
        self.cardinal
    }

    /// The cost of a diagonal step.
    pub const fn diagonal(self) -> u32 {
        self.diagonal
    }
}

impl Default for StepCosts {
    fn default() -> StepCosts {
        StepCosts::UNIT
    }
}

/// A movement rule: which steps ([`Moves`]) and what they cost ([`StepCosts`]).
///
/// A step from `p` in direction `d` is legal when the rule allows `d` from `p` and the
/// target `p + d` is passable; it costs the step cost times the target's entry cost
/// ([`PathGrid::cost`]). The start cell itself need not be passable.
///
/// ```
/// use torchlit_geom::{Point, Size};
/// use torchlit_path::{PathGrid, Rule};
///
/// let mut grid = PathGrid::from_passable(Size::new(3, 3), |_| true)?;
/// grid.set_narrow(Point::new(1, 1), true)?; // a hallway in the middle
/// assert_eq!(Rule::EIGHT.steps(&grid, Point::new(1, 1)).count(), 8);
/// assert_eq!(Rule::ROOMS.steps(&grid, Point::new(1, 1)).count(), 4);
/// assert_eq!(Rule::ROOMS.steps(&grid, Point::new(0, 0)).count(), 3);
/// # Ok::<(), torchlit_path::PathError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rule {
    moves: Moves,
    costs: StepCosts,
}

/// The eight directions ordered cardinals first, then diagonals (the searches' order).
pub(crate) const SEARCH_ORDER: [Direction; 8] = [
    Direction::North,
    Direction::East,
    Direction::South,
    Direction::West,
    Direction::NorthEast,
    Direction::SouthEast,
    Direction::SouthWest,
    Direction::NorthWest,
];

/// One entry of a search's direction table: padded-index offset, `dx`, `dy`, step cost.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Dir {
    pub(crate) offset: isize,
    pub(crate) dx: i32,
    pub(crate) dy: i32,
    pub(crate) step: u32,
}

impl Rule {
    /// 4-way, unit costs.
    pub const FOUR: Rule = Rule { moves: Moves::Four, costs: StepCosts::UNIT };
    /// 8-way, unit costs (diagonals cost as much as cardinal steps).
    pub const EIGHT: Rule = Rule { moves: Moves::Eight, costs: StepCosts::UNIT };
    /// DM503 Rogue's rooms and hallways, unit costs.
    pub const ROOMS: Rule = Rule { moves: Moves::Rooms, costs: StepCosts::UNIT };

    /// A rule from its moves and step costs.
    pub const fn new(moves: Moves, costs: StepCosts) -> Rule {
        Rule { moves, costs }
    }

    /// Which neighbours.
    pub const fn moves(self) -> Moves {
        self.moves
    }

    /// What steps cost.
    pub const fn costs(self) -> StepCosts {
        self.costs
    }

    /// Whether this rule may ever step diagonally.
    pub(crate) const fn has_diagonals(self) -> bool {
        !matches!(self.moves, Moves::Four)
    }

    /// Whether the rule allows stepping in `dir` from a cell holding `cell`.
    #[inline]
    pub(crate) fn allows_from_cell(self, cell: u32, diagonal: bool) -> bool {
        match self.moves {
            Moves::Four => !diagonal,
            Moves::Eight => true,
            Moves::Rooms => !diagonal || cell & NARROW == 0,
        }
    }

    /// The legal step from `from` in `dir`: the cell reached and the step's cost, or
    /// `None` if the rule does not allow `dir` from `from` or the target is blocked.
    pub fn step(self, grid: &PathGrid, from: Point, dir: Direction) -> Option<(Point, Cost)> {
        let to = from + dir.offset();
        let target = grid.index(to)?;
        let cell = grid.cells()[target];
        let here = grid.index(from).map_or(BLOCKED_CELL, |i| grid.cells()[i]);
        if cell == BLOCKED_CELL || !self.allows_from_cell(here, dir.is_diagonal()) {
            return None;
        }
        let step = if dir.is_diagonal() { self.costs.diagonal } else { self.costs.cardinal };
        Some((to, Cost(step * (cell & WEIGHT_MASK))))
    }

    /// Every legal step from `from`, in [`Direction::ALL`] order (north, then clockwise):
    /// the cell reached and the step's cost.
    pub fn steps(self, grid: &PathGrid, from: Point) -> impl Iterator<Item = (Point, Cost)> + '_ {
        Direction::ALL.into_iter().filter_map(move |d| self.step(grid, from, d))
    }

    /// How many legal steps leave `p` (DM503 Rogue's "possible moves").
    pub fn mobility(self, grid: &PathGrid, p: Point) -> usize {
        self.steps(grid, p).count()
    }

    /// The A* heuristic for an offset of `|dx|, |dy|` cells on cells of entry cost 1: a
    /// lower bound on the cost of any legal walk covering it, consistent with the rule
    /// (Amit Patel, "Heuristics", Stanford theory-of-games pages):
    ///
    /// - [`Moves::Four`]: Manhattan, `C·(dx + dy)`;
    /// - [`Moves::Eight`] and [`Moves::Rooms`] (a subset of 8-way moves): octile,
    ///   `C·(dx + dy) + (D − 2C)·min(dx, dy)` when `C <= D < 2C` (Chebyshev `C·max` when
    ///   `D = C`); Manhattan when `D >= 2C` (diagonals never pay); `D·max(dx, dy)` when
    ///   `D < C`.
    ///
    /// `C` and `D` are the cardinal and diagonal step costs. Saturates at [`Cost::MAX`].
    pub fn heuristic(self, dx: u32, dy: u32) -> Cost {
        Cost(self.raw_heuristic(dx, dy).min(u64::from(Cost::MAX.0)) as u32)
    }

    #[inline]
    pub(crate) fn raw_heuristic(self, dx: u32, dy: u32) -> u64 {
        let (c, d) = (u64::from(self.costs.cardinal), u64::from(self.costs.diagonal));
        let (dx, dy) = (u64::from(dx), u64::from(dy));
        let (lo, hi) = (dx.min(dy), dx.max(dy));
        if !self.has_diagonals() || d >= 2 * c {
            c * (dx + dy)
        } else if d >= c {
            c * (hi - lo) + d * lo
        } else {
            d * hi
        }
    }

    /// The search's direction table for a grid of padded row length `stride`: the four
    /// cardinal directions first, then the diagonals.
    pub(crate) fn table(self, stride: usize) -> [Dir; 8] {
        SEARCH_ORDER.map(|d| {
            let o = d.offset();
            Dir {
                offset: o.dx as isize + o.dy as isize * stride as isize,
                dx: o.dx,
                dy: o.dy,
                step: if d.is_diagonal() { self.costs.diagonal } else { self.costs.cardinal },
            }
        })
    }

    /// How many entries of [`Rule::table`] a walker on `cell` may use (4: cardinals only).
    #[inline]
    pub(crate) fn dir_count(self, cell: u32) -> usize {
        if self.allows_from_cell(cell, true) { 8 } else { 4 }
    }

    /// The largest single step's cost on `grid` (an upper bound).
    pub(crate) fn max_step(self, grid: &PathGrid) -> u64 {
        let step = if self.has_diagonals() {
            self.costs.cardinal.max(self.costs.diagonal)
        } else {
            self.costs.cardinal
        };
        u64::from(step) * u64::from(grid.max_weight())
    }
}

impl Default for Rule {
    fn default() -> Rule {
        Rule::FOUR
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use torchlit_geom::Size;

    #[test]
    fn step_costs_refuse_zero_and_huge() {
        assert!(StepCosts::new(0, 1).is_err());
        assert!(StepCosts::new(1, 70_000).is_err());
        assert_eq!(StepCosts::new(10, 14).map(StepCosts::diagonal), Ok(14));
    }

    #[test]
    fn rooms_rule_is_not_symmetric() {
        // A room at (0, 0), a hallway at (1, 1): the room steps onto the hallway, not back.
        let mut g = PathGrid::from_passable(Size::new(2, 2), |p| p.x == p.y).expect("ok");
        g.set_narrow(Point::new(1, 1), true).expect("inside");
        let r = Rule::ROOMS;
        assert!(r.step(&g, Point::new(0, 0), Direction::SouthEast).is_some());
        assert!(r.step(&g, Point::new(1, 1), Direction::NorthWest).is_none());
        assert!(Rule::EIGHT.step(&g, Point::new(1, 1), Direction::NorthWest).is_some());
        assert!(Rule::FOUR.step(&g, Point::new(0, 0), Direction::SouthEast).is_none());
    }

    #[test]
    fn diagonals_cut_corners_like_libtcod() {
        // Walls on both sides of the diagonal: still a legal step.
        let g = PathGrid::from_passable(Size::new(2, 2), |p| p.x == p.y).expect("ok");
        assert_eq!(
            Rule::EIGHT.step(&g, Point::new(0, 0), Direction::SouthEast),
            Some((Point::new(1, 1), Cost(1)))
        );
    }

    #[test]
    fn steps_cost_step_times_entry_cost() {
        let g = PathGrid::from_costs(Size::new(2, 2), |p| Some(Cost(1 + p.x as u32))).expect("ok");
        let r = Rule::new(Moves::Eight, StepCosts::new(10, 14).expect("valid"));
        let steps: Vec<_> = r.steps(&g, Point::new(0, 0)).collect();
        assert_eq!(
            steps,
            vec![
                (Point::new(1, 0), Cost(20)),
                (Point::new(1, 1), Cost(28)),
                (Point::new(0, 1), Cost(10))
            ]
        );
        assert_eq!(r.mobility(&g, Point::new(0, 0)), 3);
    }

    #[test]
    fn heuristics_match_the_rule() {
        let c = |a, b| StepCosts::new(a, b).expect("valid");
        assert_eq!(Rule::FOUR.heuristic(3, 4), Cost(7));
        assert_eq!(Rule::EIGHT.heuristic(3, 4), Cost(4));
        assert_eq!(Rule::new(Moves::Eight, c(10, 14)).heuristic(3, 4), Cost(10 + 42));
        assert_eq!(Rule::new(Moves::Eight, c(2, 5)).heuristic(3, 4), Cost(14));
        assert_eq!(Rule::new(Moves::Rooms, c(3, 1)).heuristic(3, 4), Cost(4));
    }

    #[test]
    fn moves_parse_their_names() {
        for m in Moves::ALL {
            assert_eq!(m.name().parse::<Moves>(), Ok(m));
        }
        assert!("6".parse::<Moves>().is_err());
    }
}
