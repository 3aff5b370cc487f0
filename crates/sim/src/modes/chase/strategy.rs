//! Strategies: what a player does with its step. The seed's three, and the trait for more.

use std::cmp::Reverse;

use torchlit_geom::{Direction, Point};
use torchlit_path::{DijkstraMap, Flow};

use super::{Board, Paths, Role};

/// One step of a player: stay, or move one cell. Staying is a move like the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Stay on the current cell.
    Stay,
    /// Step to the neighbour in this direction (refused, and the player stays, if the
    /// rule does not allow it).
    Step(Direction),
}

impl Move {
    /// The move from `from` to `to`: `Stay` when they are equal, a step when they are
    /// neighbours, `Stay` otherwise (no jumps).
    pub fn between(from: Point, to: Point) -> Move {
        Direction::from_offset(to - from).map_or(Move::Stay, Move::Step)
    }
}

/// What a strategy is asked: the board, which player it drives, and how many more steps
/// this player takes this turn after this one (the seed's `remainingMoves`: 0 unless it
/// drank potions).
#[derive(Clone, Copy, Debug)]
pub struct Decision<'a> {
    /// The board as it is now.
    pub board: &'a Board,
    /// The player to move.
    pub me: Role,
    /// Steps left this turn after this one.
    pub remaining_moves: u32,
}

impl Decision<'_> {
    /// The moving player's cell.
    pub fn at(&self) -> Point {
        self.board.player(self.me).at
    }

    /// The other player's cell.
    pub fn opponent(&self) -> Point {
        self.board.player(self.me.opponent()).at
    }
}

/// A way to play one side of a chase (the seed's `AbstractCharacter.move`).
///
/// A strategy must be a pure function of the [`Decision`]: no hidden state, no clocks, no
/// randomness. That is what lets a repeated board prove an endless chase; [`Paths`] is a
/// cache of distance fields, shared by both players, that only saves work.
pub trait Strategy {
    /// The name shown to people (`Rogue`, `Monster`).
    fn name(&self) -> &str;

    /// This player's next step.
    fn choose(&self, decision: &Decision<'_>, paths: &mut Paths) -> Move;
}

impl<S: Strategy + ?Sized> Strategy for Box<S> {
    fn name(&self) -> &str {
        (**self).name()
    }

    fn choose(&self, decision: &Decision<'_>, paths: &mut Paths) -> Move {
        (**self).choose(decision, paths)
    }
}

/// The field of `flow` for `points` on the decision's board, or `None` if a point is off
/// the board (never, for players' cells).
fn field<'p>(
    d: &Decision<'_>,
    paths: &'p mut Paths,
    flow: Flow,
    points: &[Point],
) -> Option<&'p DijkstraMap> {
    let id = paths.field(d.board.grid(), d.board.rule(), flow, points).ok()?;
    Some(paths.get(id))
}

/// Squared Euclidean distance, in cells².
fn euclid2(a: Point, b: Point) -> i64 {
    (b - a).length_squared()
}

/// The seed's monster: one step along a shortest path to the hero; among the steps on a
/// shortest path, the one landing closest to the hero in Euclidean distance.
///
/// Uses the hero's [`Flow::ToGoals`] field (the cost of the monster's walk to the hero)
/// and [`DijkstraMap::downhill`] with the Euclidean distance as the rank. Stays when the
/// hero cannot be reached.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Monster;

impl Strategy for Monster {
    fn name(&self) -> &str {
        "Monster"
    }

    fn choose(&self, d: &Decision<'_>, paths: &mut Paths) -> Move {
        let (me, target) = (d.at(), d.opponent());
        let Some(to_target) = field(d, paths, Flow::ToGoals, &[target]) else { return Move::Stay };
        let next = to_target.downhill(d.board.grid(), me, |n| euclid2(n, target));
        next.map_or(Move::Stay, |n| Move::between(me, n))
    }
}

/// The seed's hero: the cell (staying included) with the largest shortest-path distance
/// to the monster; among those, the one with the most possible moves.
///
/// "Distance to the monster" is the length of the monster's shortest walk to the cell
/// (the monster's [`Flow::FromSources`] field): under seed 003's rule walks are not
/// always reversible, and it is the monster that has to walk. Cells the monster cannot
/// reach count as farthest. [`DijkstraMap::uphill`] with the number of legal steps from
/// the cell as the rank (more first).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rogue;

impl Strategy for Rogue {
    fn name(&self) -> &str {
        "Rogue"
    }

    fn choose(&self, d: &Decision<'_>, paths: &mut Paths) -> Move {
        let (me, hunter) = (d.at(), d.opponent());
        let (grid, rule) = (d.board.grid(), d.board.rule());
        let Some(from_hunter) = field(d, paths, Flow::FromSources, &[hunter]) else {
            return Move::Stay;
        };
        let next = from_hunter.uphill(grid, me, |n| Reverse(rule.mobility(grid, n)));
        next.map_or(Move::Stay, |n| Move::between(me, n))
    }
}

/// The seed's speedy hero: goes for a speed potion when it can get there before the
/// monster, otherwise plays [`Rogue`].
///
/// "Before the monster": counting in turns and the turn order (the monster moves first),
/// with each player's current steps per turn; the hero has `remaining_moves + 1` steps
/// left in this turn. Among the potions it can reach first, it heads for the nearest
/// (then the one farther from the monster, then reading order), one step down that
/// potion's field; ties between steps go to the cell farther from the monster, then the
/// one with more possible moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SpeedyRogue;

impl SpeedyRogue {
    /// The potion to go for, if any can be reached before the monster.
    fn target(d: &Decision<'_>, paths: &mut Paths) -> Option<Point> {
        let board = d.board;
        let (me, hunter) = (d.at(), d.opponent());
        let mine = paths.field(board.grid(), board.rule(), Flow::FromSources, &[me]).ok()?;
        let theirs = paths.field(board.grid(), board.rule(), Flow::FromSources, &[hunter]).ok()?;
        let (mine, theirs) = (paths.get(mine), paths.get(theirs));
        let my_speed = u64::from(board.player(d.me).steps_per_turn());
        let their_speed = u64::from(board.player(d.me.opponent()).steps_per_turn());
        let left_now = u64::from(d.remaining_moves) + 1;
        board
            .potions()
            .iter()
            .filter_map(|&q| {
                let mine = u64::from(mine.get(q)?.0);
                // Turns from now: 0 = during this turn; the monster's first chance is next turn.
                let my_turns = mine.saturating_sub(left_now).div_ceil(my_speed);
                let their_turns =
                    theirs.get(q).map_or(u64::MAX, |c| u64::from(c.0).div_ceil(their_speed));
                (my_turns < their_turns).then_some((mine, Reverse(their_turns), (q.y, q.x), q))
            })
            .min()
            .map(|(.., q)| q)
    }
}

impl Strategy for SpeedyRogue {
    fn name(&self) -> &str {
        "SpeedyRogue"
    }

    fn choose(&self, d: &Decision<'_>, paths: &mut Paths) -> Move {
        let Some(potion) = SpeedyRogue::target(d, paths) else { return Rogue.choose(d, paths) };
        let (me, hunter) = (d.at(), d.opponent());
        let (grid, rule) = (d.board.grid(), d.board.rule());
        let Ok(from_hunter) = paths.field(grid, rule, Flow::FromSources, &[hunter]) else {
            return Move::Stay;
        };
        let Ok(to_potion) = paths.field(grid, rule, Flow::ToGoals, &[potion]) else {
            return Move::Stay;
        };
        let (from_hunter, to_potion) = (paths.get(from_hunter), paths.get(to_potion));
        let next = to_potion.downhill(grid, me, |n| {
            let far = from_hunter.get(n).map_or(u64::MAX, |c| u64::from(c.0));
            (Reverse(far), Reverse(rule.mobility(grid, n)))
        });
        next.map_or(Move::Stay, |n| Move::between(me, n))
    }
}

/// The seed's hero strategies, by name (`rogue`, `speedy`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HeroKind {
    /// [`Rogue`].
    Rogue,
    /// [`SpeedyRogue`].
    Speedy,
}

impl HeroKind {
    /// Both, in order.
    pub const ALL: [HeroKind; 2] = [HeroKind::Rogue, HeroKind::Speedy];

    /// The command-line name: `rogue`, `speedy`.
    pub const fn name(self) -> &'static str {
        match self {
            HeroKind::Rogue => "rogue",
            HeroKind::Speedy => "speedy",
        }
    }

    /// A new strategy of this kind.
    pub fn strategy(self) -> Box<dyn Strategy> {
        match self {
            HeroKind::Rogue => Box::new(Rogue),
            HeroKind::Speedy => Box::new(SpeedyRogue),
        }
    }
}

impl std::str::FromStr for HeroKind {
    type Err = String;
    fn from_str(s: &str) -> Result<HeroKind, String> {
        HeroKind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| format!("unknown hero strategy {s:?}; expected rogue or speedy"))
    }
}

/// The seed's monster strategies, by name (`monster`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MonsterKind {
    /// [`Monster`].
    Monster,
}

impl MonsterKind {
    /// All of them, in order.
    pub const ALL: [MonsterKind; 1] = [MonsterKind::Monster];

    /// The command-line name: `monster`.
    pub const fn name(self) -> &'static str {
        match self {
            MonsterKind::Monster => "monster",
        }
    }

    /// A new strategy of this kind.
    pub fn strategy(self) -> Box<dyn Strategy> {
        match self {
            MonsterKind::Monster => Box::new(Monster),
        }
    }
}

impl std::str::FromStr for MonsterKind {
    type Err = String;
    fn from_str(s: &str) -> Result<MonsterKind, String> {
        MonsterKind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| format!("unknown monster strategy {s:?}; expected monster"))
    }
}
