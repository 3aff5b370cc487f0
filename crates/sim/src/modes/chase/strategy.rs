//! Strategies: what a player does with its step. DM503 Rogue's three, the two optimal ones,
//! and the trait for more.

use std::cmp::Reverse;
use std::sync::Arc;

use torchlit_geom::{Direction, Point};
use torchlit_path::{DijkstraMap, Flow};

use super::{Board, Paths, Role, Verdict};
use crate::Turn;

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
/// this player takes this turn after this one (DM503's `remainingMoves`: 0 unless it
/// drank potions).
#[derive(Clone, Copy, Debug)]
pub struct Decision<'a> {
    /// The board as it is now.
    pub board: &'a Board,
    /// The player to move.
    pub me: Role,
    /// Steps left this turn after this one.
    pub remaining_moves: u32,
    /// The turn being played (the first is 1).
    pub turn: Turn,
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

/// Why a strategy could not move: a script error, an illegal move, a runaway script.
/// The text says where (file, line, turn) as far as the strategy knows.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct StrategyError(pub String);

/// A way to play one side of a chase (DM503's `AbstractCharacter.move`).
///
/// A strategy may keep state between moves (user scripts do); one that is a pure
/// function of the [`Decision`] (no hidden state, no clocks, no randomness) says so with
/// [`Strategy::stateless`], and only when both players' strategies are stateless does a
/// repeated board prove an endless chase. [`Paths`] is a cache of distance fields and of
/// the game's solution, shared by both players, that only saves work.
pub trait Strategy {
    /// The name shown to people (`Rogue`, `Monster`).
    fn name(&self) -> &str;

    /// This player's next step.
    ///
    /// # Errors
    /// A [`StrategyError`] ends the game ([`super::Outcome::Failed`]).
    fn choose(&mut self, decision: &Decision<'_>, paths: &mut Paths)
    -> Result<Move, StrategyError>;

    /// Whether every choice is a pure function of the decision (the same board, mover
    /// and remaining steps give the same move). `false` unless a strategy promises it.
    fn stateless(&self) -> bool {
        false
    }
}

impl<S: Strategy + ?Sized> Strategy for Box<S> {
    fn name(&self) -> &str {
        (**self).name()
    }

    fn choose(
        &mut self,
        decision: &Decision<'_>,
        paths: &mut Paths,
    ) -> Result<Move, StrategyError> {
        (**self).choose(decision, paths)
    }

    fn stateless(&self) -> bool {
        (**self).stateless()
    }
}

/// Makes fresh strategies of one kind for new games (a built-in kind or one a front end
/// supplies, such as a user's script), shareable between threads.
#[derive(Clone)]
pub struct StrategyMaker {
    name: String,
    make: Arc<dyn Fn() -> Box<dyn Strategy> + Send + Sync>,
    /// The script's source text, for a maker of a user's script (kept so a recording can
    /// hold it and a replay can play the same script).
    source: Option<Arc<str>>,
}

impl StrategyMaker {
    /// A maker named `name` (as shown to people) calling `make` for each game.
    pub fn new(
        name: impl Into<String>,
        make: impl Fn() -> Box<dyn Strategy> + Send + Sync + 'static,
    ) -> StrategyMaker {
        StrategyMaker { name: name.into(), make: Arc::new(make), source: None }
    }

    /// The same maker, noting that its strategies run the script `source` (the whole
    /// text of the file), so a recording can keep it.
    #[must_use]
    pub fn with_source(mut self, source: impl Into<Arc<str>>) -> StrategyMaker {
        self.source = Some(source.into());
        self
    }

    /// The script text its strategies run (`None`: not a script, such as a built-in).
    pub fn source(&self) -> Option<&str> {
        self.source.as_deref()
    }

    /// The name of the strategies it makes.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// A new strategy for a new game.
    pub fn make(&self) -> Box<dyn Strategy> {
        (self.make)()
    }
}

impl std::fmt::Debug for StrategyMaker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("StrategyMaker").field(&self.name).finish()
    }
}

impl From<HeroKind> for StrategyMaker {
    fn from(kind: HeroKind) -> StrategyMaker {
        StrategyMaker::new(kind.strategy().name().to_string(), move || kind.strategy())
    }
}

impl From<MonsterKind> for StrategyMaker {
    fn from(kind: MonsterKind) -> StrategyMaker {
        StrategyMaker::new(kind.strategy().name().to_string(), move || kind.strategy())
    }
}

/// Implements [`Strategy`] for a built-in, stateless strategy with an inherent
/// `pick(d, paths) -> Move`.
macro_rules! builtin {
    ($t:ty, $name:literal) => {
        impl Strategy for $t {
            fn name(&self) -> &str {
                $name
            }

            fn choose(
                &mut self,
                d: &Decision<'_>,
                paths: &mut Paths,
            ) -> Result<Move, StrategyError> {
                Ok(<$t>::pick(d, paths))
            }

            fn stateless(&self) -> bool {
                true
            }
        }
    };
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

/// DM503 Rogue's monster: one step along a shortest path to the hero; among the steps on a
/// shortest path, the one landing closest to the hero in Euclidean distance.
///
/// Uses the hero's [`Flow::ToGoals`] field (the cost of the monster's walk to the hero)
/// and [`DijkstraMap::downhill`] with the Euclidean distance as the rank. Stays when the
/// hero cannot be reached.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Monster;

builtin!(Monster, "Monster");

impl Monster {
    /// DM503 Rogue's monster's step.
    pub fn pick(d: &Decision<'_>, paths: &mut Paths) -> Move {
        let (me, target) = (d.at(), d.opponent());
        let Some(to_target) = field(d, paths, Flow::ToGoals, &[target]) else { return Move::Stay };
        let next = to_target.downhill(d.board.grid(), me, |n| euclid2(n, target));
        next.map_or(Move::Stay, |n| Move::between(me, n))
    }
}

/// DM503 Rogue's hero: the cell (staying included) with the largest shortest-path distance
/// to the monster; among those, the one with the most possible moves.
///
/// "Distance to the monster" is the length of the monster's shortest walk to the cell
/// (the monster's [`Flow::FromSources`] field): under DM503 Rogue's rule walks are not
/// always reversible, and it is the monster that has to walk. Cells the monster cannot
/// reach count as farthest. [`DijkstraMap::uphill`] with the number of legal steps from
/// the cell as the rank (more first).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rogue;

builtin!(Rogue, "Rogue");

impl Rogue {
    /// DM503 Rogue's hero's step.
    pub fn pick(d: &Decision<'_>, paths: &mut Paths) -> Move {
        let (me, hunter) = (d.at(), d.opponent());
        let (grid, rule) = (d.board.grid(), d.board.rule());
        let Some(from_hunter) = field(d, paths, Flow::FromSources, &[hunter]) else {
            return Move::Stay;
        };
        let next = from_hunter.uphill(grid, me, |n| Reverse(rule.mobility(grid, n)));
        next.map_or(Move::Stay, |n| Move::between(me, n))
    }
}

/// DM503 Rogue's speedy hero: goes for a speed potion when it can get there before the
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

builtin!(SpeedyRogue, "SpeedyRogue");

impl SpeedyRogue {
    /// DM503 Rogue's speedy hero's step.
    pub fn pick(d: &Decision<'_>, paths: &mut Paths) -> Move {
        let Some(potion) = SpeedyRogue::target(d, paths) else { return Rogue::pick(d, paths) };
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

/// The cell a move leads to from `at`.
fn target(at: Point, mv: Move) -> Point {
    match mv {
        Move::Stay => at,
        Move::Step(d) => at + d.offset(),
    }
}

/// Among `options` (cells and verdicts), the cell of the best score, preferring
/// `preferred` among equals, then the first.
fn best_of(
    options: &[(Point, Verdict)],
    preferred: Point,
    score: impl Fn(Verdict) -> u64,
) -> Option<Point> {
    let best = options.iter().map(|&(_, v)| score(v)).max()?;
    let good = |&&(p, v): &&(Point, Verdict)| score(v) == best && p == preferred;
    options
        .iter()
        .find(good)
        .or_else(|| options.iter().find(|&&(_, v)| score(v) == best))
        .map(|&(p, _)| p)
}

/// The perfect hero, from the game's [`super::Solution`]: where escape is possible it
/// takes a step that keeps it possible (the [`Rogue`]'s step when that one does), so it
/// escapes forever; where it is not, a step that puts off the capture longest (again
/// the Rogue's among equals). Plays the Rogue where the dungeon cannot be solved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OptimalHero;

builtin!(OptimalHero, "OptimalHero");

impl OptimalHero {
    /// The perfect hero's step.
    pub fn pick(d: &Decision<'_>, paths: &mut Paths) -> Move {
        let options =
            paths.solution(d.board).and_then(|s| s.options(d.board, d.me, d.remaining_moves));
        let rogue = Rogue::pick(d, paths);
        let Some(options) = options else { return rogue };
        let at = d.at();
        let score = |v: Verdict| match v {
            Verdict::HeroEscapes => u64::MAX,
            Verdict::MonsterWins { turns } => turns,
        };
        best_of(&options, target(at, rogue), score).map_or(rogue, |p| Move::between(at, p))
    }
}

/// The perfect monster, from the game's [`super::Solution`]: where it can force a
/// capture, a step that forces it in the fewest turns (DM503's [`Monster`]'s step
/// among equals); where it cannot, it plays DM503's monster.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OptimalMonster;

builtin!(OptimalMonster, "OptimalMonster");

impl OptimalMonster {
    /// The perfect monster's step.
    pub fn pick(d: &Decision<'_>, paths: &mut Paths) -> Move {
        let options =
            paths.solution(d.board).and_then(|s| s.options(d.board, d.me, d.remaining_moves));
        let greedy = Monster::pick(d, paths);
        let Some(options) = options else { return greedy };
        if !options.iter().any(|(_, v)| v.monster_wins()) {
            return greedy;
        }
        let at = d.at();
        let score = |v: Verdict| match v {
            Verdict::HeroEscapes => 0,
            Verdict::MonsterWins { turns } => u64::MAX - turns,
        };
        best_of(&options, target(at, greedy), score).map_or(greedy, |p| Move::between(at, p))
    }
}

/// Compares a typed name with a strategy's names: case, `-`, `_` and spaces ignored.
fn same_name(typed: &str, name: &str) -> bool {
    let clean = |s: &str| -> String {
        s.chars().filter(|c| !matches!(c, '-' | '_' | ' ')).flat_map(char::to_lowercase).collect()
    };
    clean(typed) == clean(name)
}

/// The built-in hero strategies, by name (`rogue`, `speedy`, `optimal`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HeroKind {
    /// [`Rogue`].
    Rogue,
    /// [`SpeedyRogue`].
    Speedy,
    /// [`OptimalHero`].
    Optimal,
}

impl HeroKind {
    /// All of them, in order.
    pub const ALL: [HeroKind; 3] = [HeroKind::Rogue, HeroKind::Speedy, HeroKind::Optimal];

    /// The command-line name: `rogue`, `speedy`, `optimal`.
    pub const fn name(self) -> &'static str {
        match self {
            HeroKind::Rogue => "rogue",
            HeroKind::Speedy => "speedy",
            HeroKind::Optimal => "optimal",
        }
    }

    /// A new strategy of this kind.
    pub fn strategy(self) -> Box<dyn Strategy> {
        match self {
            HeroKind::Rogue => Box::new(Rogue),
            HeroKind::Speedy => Box::new(SpeedyRogue),
            HeroKind::Optimal => Box::new(OptimalHero),
        }
    }
}

impl std::str::FromStr for HeroKind {
    type Err = String;
    /// The command-line name or the name shown on screens (`SpeedyRogue`), in any case.
    fn from_str(s: &str) -> Result<HeroKind, String> {
        HeroKind::ALL
            .into_iter()
            .find(|k| same_name(s, k.name()) || same_name(s, k.strategy().name()))
            .ok_or_else(|| {
                format!(
                    "unknown hero strategy {s:?}; expected rogue, speedy (SpeedyRogue), optimal \
                     or a script FILE.rhai"
                )
            })
    }
}

/// The built-in monster strategies, by name (`monster`, `optimal`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MonsterKind {
    /// [`Monster`].
    Monster,
    /// [`OptimalMonster`].
    Optimal,
}

impl MonsterKind {
    /// All of them, in order.
    pub const ALL: [MonsterKind; 2] = [MonsterKind::Monster, MonsterKind::Optimal];

    /// The command-line name: `monster`, `optimal`.
    pub const fn name(self) -> &'static str {
        match self {
            MonsterKind::Monster => "monster",
            MonsterKind::Optimal => "optimal",
        }
    }

    /// A new strategy of this kind.
    pub fn strategy(self) -> Box<dyn Strategy> {
        match self {
            MonsterKind::Monster => Box::new(Monster),
            MonsterKind::Optimal => Box::new(OptimalMonster),
        }
    }
}

impl std::str::FromStr for MonsterKind {
    type Err = String;
    /// The command-line name or the name shown on screens (`OptimalMonster`), in any case.
    fn from_str(s: &str) -> Result<MonsterKind, String> {
        MonsterKind::ALL
            .into_iter()
            .find(|k| same_name(s, k.name()) || same_name(s, k.strategy().name()))
            .ok_or_else(|| {
                format!(
                    "unknown monster strategy {s:?}; expected monster, optimal or a script \
                     FILE.rhai"
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_in_any_case_and_as_shown_on_screens() {
        for (typed, kind) in [
            ("SpeedyRogue", HeroKind::Speedy),
            ("speedyrogue", HeroKind::Speedy),
            ("SPEEDY", HeroKind::Speedy),
            ("Rogue", HeroKind::Rogue),
            ("optimal", HeroKind::Optimal),
            ("OptimalHero", HeroKind::Optimal),
        ] {
            assert_eq!(typed.parse::<HeroKind>(), Ok(kind), "{typed}");
        }
        assert_eq!("Monster".parse::<MonsterKind>(), Ok(MonsterKind::Monster));
        assert_eq!("optimal-monster".parse::<MonsterKind>(), Ok(MonsterKind::Optimal));
        assert!("wizard".parse::<HeroKind>().is_err());
        assert!("rogue".parse::<MonsterKind>().is_err());
    }
}
