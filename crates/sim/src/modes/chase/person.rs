//! A chase with a person on one side: the game stops before each of the person's steps
//! ([`Chase::awaiting`]) and takes it from [`Chase::play_person`]; illegal steps are
//! refused with the reason ([`Illegal`]), and every step is judged against perfect play
//! from the game's [`super::Solution`] ([`Review`]).

use torchlit_geom::Direction;

use super::{Chase, ChaseError, Decision, Event, Move, Paths, Role, Strategy, StrategyError};
use super::{Verdict, solve::Solution};
use crate::Turn;
use crate::formats::Dungeon;
use crate::terrain::Tile;

/// The turn limit of a game with a person ([`Chase::for_person`]): a hero still free
/// after this many turns has survived (a person, unlike the built-in strategies, is not
/// a function of the board, so a repeated position proves nothing).
pub const PERSON_LIMIT: Turn = Turn(100);

/// The most positions ([`Solution::positions`]: open cells squared, times 2 without
/// potions) solved for the review of a person's game, about half a second of solving;
/// larger dungeons are played without a verdict (unless an optimal opponent solves them).
pub const REVIEW_POSITIONS: u64 = 6_000_000;

/// Where a turn stands: whose share it is and how many of its steps are left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Cursor {
    /// The player whose steps these are.
    pub(super) role: Role,
    /// Steps left in its share of the turn.
    pub(super) left: u32,
}

/// The placeholder strategy of the person's side: its steps come from
/// [`Chase::play_person`], never from [`Strategy::choose`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Person;

impl Strategy for Person {
    fn name(&self) -> &str {
        "you"
    }

    fn choose(&mut self, _: &Decision<'_>, _: &mut Paths) -> Result<Move, StrategyError> {
        Err(StrategyError("a person's step comes from Chase::play_person".to_string()))
    }
}

/// The person's step is due.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Awaiting {
    /// The person's player.
    pub role: Role,
    /// Steps left this turn after this one (0 unless the person drank potions).
    pub remaining: u32,
}

/// Why the person's step was refused (the game is unchanged).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// The game has ended.
    #[error("the game is over")]
    Over,
    /// The game has no person, or it is not the person's step.
    #[error("it is not your step")]
    NotYourStep,
    /// The step leads into a wall or off the map.
    #[error("a wall is {}", direction_name(*.0))]
    Wall(Direction),
    /// A diagonal step from a hallway cell (hallways allow four directions).
    #[error("from a hallway you step only north, south, east or west")]
    HallwayDiagonal(Direction),
}

/// `north`, `north-east`, ... .
pub fn direction_name(d: Direction) -> &'static str {
    match d {
        Direction::North => "north",
        Direction::NorthEast => "north-east",
        Direction::East => "east",
        Direction::SouthEast => "south-east",
        Direction::South => "south",
        Direction::SouthWest => "south-west",
        Direction::West => "west",
        Direction::NorthWest => "north-west",
    }
}

/// How the person's steps compared with perfect play (judged from the game's
/// solution; nothing is judged when the dungeon could not be solved).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Review {
    /// Who wins from the start with perfect play on both sides (`None`: the solver
    /// refused the dungeon).
    pub start: Option<Verdict>,
    /// The person's steps so far (staying included).
    pub steps: u32,
    /// The steps the solver could judge.
    pub judged: u32,
    /// Of those, the ones as good as perfect play (the hero: escape, else the latest
    /// capture; the monster: the earliest capture).
    pub perfect: u32,
    /// The first turn in which a step gave away a won game (the hero's escape, the
    /// monster's capture).
    pub lost_win: Option<Turn>,
}

/// How good a verdict is for `role` (higher is better).
fn score(role: Role, v: Verdict) -> u64 {
    match (role, v) {
        (Role::Hero, Verdict::HeroEscapes) => u64::MAX,
        (Role::Hero, Verdict::MonsterWins { turns }) => turns,
        (Role::Monster, Verdict::HeroEscapes) => 0,
        (Role::Monster, Verdict::MonsterWins { turns }) => u64::MAX - turns,
    }
}

/// Whether `v` is a win for `role`.
fn wins(role: Role, v: Verdict) -> bool {
    v.monster_wins() == (role == Role::Monster)
}

impl Chase {
    /// A game on `dungeon` in which a person moves `person` and `opponent` the other
    /// side, with the turn limit [`PERSON_LIMIT`]. It starts between turns:
    /// [`Chase::play_turn`] plays up to the person's first step (the monster's first
    /// step when the person is the hero). The dungeon is solved for the review when it
    /// has at most [`REVIEW_POSITIONS`] positions.
    ///
    /// # Errors
    /// As [`Chase::new`].
    pub fn for_person(
        dungeon: &Dungeon,
        person: Role,
        opponent: Box<dyn Strategy>,
    ) -> Result<Chase, ChaseError> {
        let (hero, monster): (Box<dyn Strategy>, Box<dyn Strategy>) = match person {
            Role::Hero => (Box::new(Person), opponent),
            Role::Monster => (opponent, Box::new(Person)),
        };
        let mut chase = Chase::new(dungeon, hero, monster)?.with_limit(Some(PERSON_LIMIT));
        chase.person = Some(person);
        let (h, m) = (chase.board.hero.at, chase.board.monster.at);
        let map = &chase.board.map;
        let cells = map.iter().filter(|&(p, _)| map.is_passable(p)).count() as u64;
        if cells.saturating_mul(cells).saturating_mul(2) <= REVIEW_POSITIONS {
            chase.review.start = chase.paths.solution(&chase.board).and_then(|s| s.verdict(h, m));
        }
        Ok(chase)
    }

    /// The player a person moves, if any.
    pub fn person(&self) -> Option<Role> {
        self.person
    }

    /// The person's step, when it is due (the game waits for it).
    pub fn awaiting(&self) -> Option<Awaiting> {
        let (role, cursor) = (self.person?, self.cursor?);
        (self.outcome.is_none() && cursor.role == role && cursor.left > 0)
            .then(|| Awaiting { role, remaining: cursor.left - 1 })
    }

    /// How the person's steps so far compare with perfect play.
    pub fn review(&self) -> Review {
        self.review
    }

    /// The solver's verdict on the board as it stands before the person's step (`None`:
    /// not the person's step, or the dungeon is not solved).
    pub fn verdict_now(&mut self) -> Option<Verdict> {
        let a = self.awaiting()?;
        let board = &self.board;
        self.paths.solution(board)?.verdict_of(board, a.role, a.remaining)
    }

    /// Whether the person may take `mv` now, and why not.
    ///
    /// # Errors
    /// [`Illegal`]: the game is over, it is not the person's step, or the step is
    /// against the movement rule.
    pub fn check_person(&self, mv: Move) -> Result<Awaiting, Illegal> {
        if self.outcome.is_some() {
            return Err(Illegal::Over);
        }
        let a = self.awaiting().ok_or(Illegal::NotYourStep)?;
        match mv {
            Move::Step(d) if !self.board.is_legal(a.role, mv) => {
                let at = self.board.player(a.role).at;
                let open = self.board.map.is_passable(at + d.offset());
                let hallway = self.board.map.tile(at) == Some(Tile::Hallway);
                Err(if open && hallway && d.is_diagonal() {
                    Illegal::HallwayDiagonal(d)
                } else {
                    Illegal::Wall(d)
                })
            }
            _ => Ok(a),
        }
    }

    /// Takes the person's step, then plays on until the person's next step is due or
    /// the game ends; returns what happened.
    ///
    /// # Errors
    /// As [`Chase::check_person`]; a refused step changes nothing.
    pub fn play_person(&mut self, mv: Move) -> Result<Vec<Event>, Illegal> {
        let a = self.check_person(mv)?;
        self.judge(a, mv);
        let mut events = Vec::new();
        self.advance(Some(mv), &mut events);
        Ok(events)
    }

    /// Adds the person's step `mv` to the review.
    fn judge(&mut self, a: Awaiting, mv: Move) {
        self.review.steps += 1;
        if self.review.start.is_none() {
            return;
        }
        let at = self.board.player(a.role).at;
        let to = match mv {
            Move::Stay => at,
            Move::Step(d) => at + d.offset(),
        };
        let board = &self.board;
        let Some(solution) = self.paths.solution(board) else { return };
        let Some(options) = Solution::options(solution, board, a.role, a.remaining) else {
            return;
        };
        let best = options.iter().map(|&(_, v)| score(a.role, v)).max();
        let Some(&(_, chosen)) = options.iter().find(|(p, _)| *p == to) else { return };
        self.review.judged += 1;
        if best == Some(score(a.role, chosen)) {
            self.review.perfect += 1;
        } else if self.review.lost_win.is_none()
            && !wins(a.role, chosen)
            && options.iter().any(|&(_, v)| wins(a.role, v))
        {
            self.review.lost_win = Some(self.turn);
        }
    }
}
