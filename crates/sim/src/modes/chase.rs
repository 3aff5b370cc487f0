//! `chase`: pursuit and evasion on a dungeon (the DM503 Rogue project, University of Southern Denmark, 2010).
//!
//! One hero (`@`) and one monster (`A`–`Z`) on an `N × N` dungeon of rooms (`.`),
//! hallways (`+`) and walls. Each turn the monster moves, then the hero; each may stay or
//! take one legal step under DM503 Rogue's rule ([`Rule::ROOMS`]: 8 neighbours from a room
//! cell, 4 from a hallway cell, never into a wall; a room may step diagonally onto a
//! hallway cell, not back). Stepping onto a speed potion (`s`) drinks it: from the next
//! turn on, a player who drank `k` potions moves `k + 1` steps per turn (the engine's
//! [`Speed`]/[`Energy`]), and its strategy is told how many steps
//! remain after the current one (DM503's `remainingMoves`). The game ends when the
//! two players stand on the same cell (the hero is caught).
//!
//! The players are driven by [`Strategy`] values (a trait, so users add their own); the
//! DM503 Rogue's three are [`Monster`], [`Rogue`] and [`SpeedyRogue`], and [`OptimalHero`] and
//! [`OptimalMonster`] play perfectly from the game's [`Solution`] (retrograde analysis).
//!
//! Two rules end a chase that never ends in a capture, and the [`Outcome`] says which
//! decided. When both strategies are [stateless](Strategy::stateless) (the built-in
//! ones), the game is a function of its state, so a state at the end of a turn (both
//! positions, the potions left and drunk) that repeats proves the chase endless
//! ([`Outcome::Escaped`]). Strategies that keep state (user scripts) may play differently
//! in the same state, so for them only the turn limit ends the game
//! ([`Outcome::TurnLimit`]: the hero survived that many turns).
//!
//! Coordinates are map space: `(0, 0)` top-left, `y` down (DM503's `Position` too).

mod generate;
mod paths;
mod person;
mod solve;
mod strategy;

use std::collections::BTreeMap;
use std::sync::Arc;

use torchlit_geom::{Direction, Point};
use torchlit_map::TileMap;
use torchlit_path::{PathError, PathGrid, Rule, Search};

use crate::Turn;
use crate::engine::{Energy, Speed};
use crate::formats::Dungeon;
use crate::terrain::Tile;

pub use generate::{generate, generate_with_rooms};
pub use paths::{FieldId, Paths};
pub use person::{
    Awaiting, Illegal, PERSON_LIMIT, Person, REVIEW_POSITIONS, Review, direction_name,
};
pub use solve::{MAX_POSITIONS, MAX_POTIONS, Solution, SolveError, Verdict};
pub use strategy::{
    Decision, HeroKind, Monster, MonsterKind, Move, OptimalHero, OptimalMonster, Rogue,
    SpeedyRogue, Strategy, StrategyError, StrategyMaker,
};

/// The dungeons bundled into the program: `(name, file text)`, drawn after DM503 Rogue's
/// figures plus the shared samples, kept in the crate (`crates/sim/dungeons/`, linked from
/// `testdata/dungeons/` where the command line and the docs name them).
pub const BUNDLED: [(&str, &str); 10] = [
    ("hallway_escape", include_str!("../../dungeons/hallway_escape.txt")),
    ("corner_trap", include_str!("../../dungeons/corner_trap.txt")),
    ("potion_field", include_str!("../../dungeons/potion_field.txt")),
    ("monster_choice", include_str!("../../dungeons/monster_choice.txt")),
    ("monster_east", include_str!("../../dungeons/monster_east.txt")),
    ("hero_choice", include_str!("../../dungeons/hero_choice.txt")),
    ("loop", include_str!("../../dungeons/loop.txt")),
    ("corner", include_str!("../../dungeons/corner.txt")),
    ("potion", include_str!("../../dungeons/potion.txt")),
    ("two_rooms", include_str!("../../dungeons/two_rooms.txt")),
];

/// Which player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// The hero `@`, who flees.
    Hero,
    /// The monster, who hunts.
    Monster,
}

impl Role {
    /// The other player.
    pub const fn opponent(self) -> Role {
        match self {
            Role::Hero => Role::Monster,
            Role::Monster => Role::Hero,
        }
    }

    /// `hero` or `monster`.
    pub const fn name(self) -> &'static str {
        match self {
            Role::Hero => "hero",
            Role::Monster => "monster",
        }
    }
}

/// One player: where it stands and how many speed potions it drank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Player {
    /// Its cell, in map space.
    pub at: Point,
    /// Speed potions drunk so far.
    pub potions: u32,
}

impl Player {
    /// Steps per turn: one plus one per potion drunk.
    pub fn steps_per_turn(&self) -> u32 {
        self.potions.saturating_add(1)
    }

    /// As an engine [`Speed`].
    pub fn speed(&self) -> Speed {
        Speed::actions_per_turn(self.steps_per_turn())
    }
}

/// What strategies see: the dungeon as a path grid, both players, the potions left.
#[derive(Clone, Debug)]
pub struct Board {
    map: TileMap<Tile>,
    grid: PathGrid,
    glyph: char,
    hero: Player,
    monster: Player,
    potions: Vec<Point>,
    initial_potions: Vec<Point>,
}

impl Board {
    /// The terrain: rooms, hallways and walls.
    pub fn map(&self) -> &TileMap<Tile> {
        &self.map
    }

    /// The terrain as the pathfinder sees it: rooms and hallways passable at cost 1,
    /// hallways narrow.
    pub fn grid(&self) -> &PathGrid {
        &self.grid
    }

    /// The movement rule: DM503 Rogue's [`Rule::ROOMS`].
    pub fn rule(&self) -> Rule {
        Rule::ROOMS
    }

    /// A player.
    pub fn player(&self, role: Role) -> &Player {
        match role {
            Role::Hero => &self.hero,
            Role::Monster => &self.monster,
        }
    }

    /// The hero.
    pub fn hero(&self) -> &Player {
        &self.hero
    }

    /// The monster.
    pub fn monster(&self) -> &Player {
        &self.monster
    }

    /// The monster's letter in the dungeon file.
    pub fn monster_glyph(&self) -> char {
        self.glyph
    }

    /// The speed potions still on the floor, in reading order.
    pub fn potions(&self) -> &[Point] {
        &self.potions
    }

    /// The speed potions the dungeon started with, in reading order.
    pub fn initial_potions(&self) -> &[Point] {
        &self.initial_potions
    }

    /// Every move `role` may take now: staying first, then the legal steps in
    /// [`Direction::ALL`] order (north, then clockwise).
    pub fn legal_moves(&self, role: Role) -> Vec<Move> {
        let at = self.player(role).at;
        std::iter::once(Move::Stay)
            .chain(
                Direction::ALL
                    .into_iter()
                    .filter(|&d| self.rule().step(&self.grid, at, d).is_some())
                    .map(Move::Step),
            )
            .collect()
    }

    /// Whether `role` may take `mv` now: staying always; a step when [`Rule::ROOMS`]
    /// allows it from the player's cell.
    pub fn is_legal(&self, role: Role, mv: Move) -> bool {
        match mv {
            Move::Stay => true,
            Move::Step(d) => self.rule().step(&self.grid, self.player(role).at, d).is_some(),
        }
    }
}

/// The DM503 Rogue view of a tile map: rooms and hallways passable (cost 1), hallways
/// narrow, everything impassable blocked.
///
/// # Errors
/// [`PathError::TooLarge`] for maps too large to search.
pub fn path_grid(map: &TileMap<Tile>) -> Result<PathGrid, PathError> {
    let mut grid = PathGrid::from_passable(map.size(), |p| map.is_passable(p))?;
    for (p, tile) in map.iter() {
        if tile == Tile::Hallway {
            grid.set_narrow(p, true)?;
        }
    }
    Ok(grid)
}

/// Why a dungeon cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ChaseError {
    /// The chase needs exactly one monster (DM503's rule).
    #[error("the dungeon has {found} monsters; a chase needs exactly one")]
    MonsterCount {
        /// How many the file has.
        found: usize,
    },
    /// The map is too large for the pathfinder.
    #[error("the dungeon is too large: {0}")]
    Path(#[from] PathError),
    /// The dungeon generator refused.
    #[error("cannot generate a dungeon: {0}")]
    Generate(String),
    /// The solver refused.
    #[error("cannot solve the dungeon: {0}")]
    Solve(#[from] SolveError),
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The monster reached the hero (or the hero walked into it) during `turn`.
    Caught {
        /// The turn it happened in (the first turn is 1).
        turn: Turn,
        /// Where.
        at: Point,
    },
    /// The state at the end of `turn` repeats the one at the end of `repeats` (turn 0 is
    /// the start): the strategies are deterministic, so the chase never ends.
    Escaped {
        /// The turn whose state repeated.
        turn: Turn,
        /// The earlier turn with the same state.
        repeats: Turn,
    },
    /// The turn limit was reached with the hero free: it survived `turns` turns (with a
    /// strategy that keeps state, the only rule that ends an endless chase).
    TurnLimit {
        /// The limit.
        turns: Turn,
    },
    /// A strategy failed (a script error or an illegal move) during `turn`; the reason
    /// is [`Chase::error`].
    Failed {
        /// Whose strategy.
        who: Role,
        /// The turn it failed in.
        turn: Turn,
    },
}

impl Outcome {
    /// Whether the hero got away (an endless chase; a turn limit is not counted).
    pub fn hero_escaped(&self) -> bool {
        matches!(self, Outcome::Escaped { .. })
    }

    /// The turns the game lasted.
    pub fn turns(&self) -> Turn {
        match *self {
            Outcome::Caught { turn, .. }
            | Outcome::Escaped { turn, .. }
            | Outcome::Failed { turn, .. } => turn,
            Outcome::TurnLimit { turns } => turns,
        }
    }
}

impl std::fmt::Display for Outcome {
    /// `caught at turn 7`, `the hero escapes (turn 12 repeats turn 8; the repeated-state
    /// rule)`, `the hero survived 100 turns (the turn limit rule)`, `the monster's
    /// strategy failed in turn 3`; each verdict names the rule that decided it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Outcome::Caught { turn, .. } => write!(f, "caught at turn {}", turn.0),
            Outcome::Escaped { turn, repeats } => write!(
                f,
                "the hero escapes (turn {} repeats turn {}; the repeated-state rule for \
                 stateless strategies)",
                turn.0, repeats.0
            ),
            Outcome::TurnLimit { turns } => {
                write!(f, "the hero survived {} turns (the turn limit rule)", turns.0)
            }
            Outcome::Failed { who, turn } => {
                write!(f, "the {}'s strategy failed in turn {}", who.name(), turn.0)
            }
        }
    }
}

/// What happened during a turn, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// A player stepped.
    Moved {
        /// Who.
        who: Role,
        /// From this cell.
        from: Point,
        /// To this one.
        to: Point,
    },
    /// A player stayed where it was (its strategy chose to).
    Stayed {
        /// Who.
        who: Role,
        /// Where.
        at: Point,
    },
    /// A strategy asked for an illegal step; the player stayed.
    Refused {
        /// Who.
        who: Role,
        /// The step asked for.
        direction: Direction,
    },
    /// A player drank a speed potion: from the next turn it moves `steps_per_turn` steps.
    Drank {
        /// Who.
        who: Role,
        /// Where the potion was.
        at: Point,
        /// Its steps per turn from now on.
        steps_per_turn: u32,
    },
    /// The game ended.
    Ended(Outcome),
}

/// The state whose repetition proves an endless chase.
type StateKey = (Player, Player, Vec<Point>);

/// A chase in progress: the board, both strategies, the turn, and the states seen.
pub struct Chase {
    board: Board,
    hero_strategy: Box<dyn Strategy>,
    monster_strategy: Box<dyn Strategy>,
    hero_energy: Energy,
    monster_energy: Energy,
    turn: Turn,
    limit: Option<Turn>,
    outcome: Option<Outcome>,
    error: Option<StrategyError>,
    stateless: bool,
    seen: BTreeMap<StateKey, Turn>,
    paths: Paths,
    search: Search,
    /// The player a person moves (none: both are strategies).
    person: Option<Role>,
    /// Where the turn being played stands (none: between turns).
    cursor: Option<person::Cursor>,
    /// How the person's steps compared with perfect play (a game with a person).
    review: Review,
}

impl std::fmt::Debug for Chase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Chase")
            .field("hero", &self.board.hero)
            .field("monster", &self.board.monster)
            .field("hero_strategy", &self.hero_strategy.name())
            .field("monster_strategy", &self.monster_strategy.name())
            .field("turn", &self.turn)
            .field("outcome", &self.outcome)
            .finish_non_exhaustive()
    }
}

impl Chase {
    /// The default turn limit of [`Chase::new`]: far beyond any repetition on the
    /// DM503 Rogue's dungeons; the rule that ends endless chases of strategies that keep state.
    pub const DEFAULT_LIMIT: Turn = Turn(10_000);

    /// Starts a chase on `dungeon` with the two strategies and the default turn limit.
    ///
    /// # Errors
    /// [`ChaseError::MonsterCount`] unless the dungeon has exactly one monster;
    /// [`ChaseError::Path`] if it is too large to search.
    pub fn new(
        dungeon: &Dungeon,
        hero: Box<dyn Strategy>,
        monster: Box<dyn Strategy>,
    ) -> Result<Chase, ChaseError> {
        let [m] = dungeon.monsters.as_slice() else {
            return Err(ChaseError::MonsterCount { found: dungeon.monsters.len() });
        };
        let grid = path_grid(&dungeon.map)?;
        let mut potions = dungeon.potions.clone();
        potions.sort_by_key(|p| (p.y, p.x));
        potions.dedup();
        let board = Board {
            map: dungeon.map.clone(),
            grid,
            glyph: m.glyph,
            hero: Player { at: dungeon.hero, potions: 0 },
            monster: Player { at: m.at, potions: 0 },
            initial_potions: potions.clone(),
            potions,
        };
        let stateless = hero.stateless() && monster.stateless();
        let mut chase = Chase {
            board,
            hero_strategy: hero,
            monster_strategy: monster,
            hero_energy: Energy::default(),
            monster_energy: Energy::default(),
            turn: Turn(0),
            limit: Some(Chase::DEFAULT_LIMIT),
            outcome: None,
            error: None,
            stateless,
            seen: BTreeMap::new(),
            paths: Paths::new(),
            search: Search::new(),
            person: None,
            cursor: None,
            review: Review::default(),
        };
        if chase.stateless {
            chase.seen.insert(chase.state_key(), Turn(0));
        }
        if chase.board.hero.at == chase.board.monster.at {
            chase.outcome = Some(Outcome::Caught { turn: Turn(0), at: chase.board.hero.at });
        }
        Ok(chase)
    }

    /// Sets the turn limit (`None`: play until caught or repeating; every game of
    /// stateless strategies on a finite board ends one way or the other, but a game of
    /// a strategy that keeps state may then never end).
    pub fn with_limit(mut self, limit: Option<Turn>) -> Chase {
        self.limit = limit;
        self
    }

    /// Gives the chase the dungeon's [`Solution`], solved beforehand (for example once
    /// for many games), so optimal strategies need not solve it again. It must be the
    /// solution of this dungeon.
    pub fn with_solution(mut self, solution: Arc<Solution>) -> Chase {
        self.paths.set_solution(solution);
        self
    }

    /// Whether the repeated-state rule applies: both strategies are stateless.
    pub fn repetition_rule(&self) -> bool {
        self.stateless
    }

    /// Why a strategy failed, once one has ([`Outcome::Failed`]).
    pub fn error(&self) -> Option<&StrategyError> {
        self.error.as_ref()
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Turns played so far.
    pub fn turn(&self) -> Turn {
        self.turn
    }

    /// How the game ended, once it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// A stable, portable hash of the game state (seahash over the postcard bytes of both
    /// players, the potions left, both energies, the turn and whether it ended).
    #[cfg(feature = "serde")]
    pub fn state_hash(&self) -> u64 {
        let (h, m) = (self.board.hero, self.board.monster);
        let state = (
            (h.at, h.potions, m.at, m.potions),
            &self.board.potions,
            (self.hero_energy, self.monster_energy),
            self.turn,
            self.outcome.map(|o| o.turns()),
        );
        match (self.person, self.cursor) {
            // A person's game stops between steps: where in the turn counts too.
            (Some(_), Some(c)) => crate::engine::state_hash(&(state, c.role == Role::Hero, c.left)),
            _ => crate::engine::state_hash(&state),
        }
    }

    /// The name of a player's strategy.
    pub fn strategy_name(&self, role: Role) -> &str {
        match role {
            Role::Hero => self.hero_strategy.name(),
            Role::Monster => self.monster_strategy.name(),
        }
    }

    /// A shortest legal walk from the monster to the hero (both ends included; empty if
    /// there is none), for front ends to draw.
    pub fn monster_path(&mut self) -> Vec<Point> {
        let (from, to) = (self.board.monster.at, self.board.hero.at);
        let mut cells = Vec::new();
        match self.search.astar_into(&self.board.grid, Rule::ROOMS, from, to, &mut cells) {
            Ok(Some(_)) => cells,
            _ => Vec::new(),
        }
    }

    /// Plays one turn (the monster, then the hero) and returns what happened; an empty
    /// list once the game is over. In a game with a person ([`Chase::for_person`]) it
    /// plays on until the person's next step is due, and nothing while it is.
    pub fn play_turn(&mut self) -> Vec<Event> {
        let mut events = Vec::new();
        self.advance(None, &mut events);
        events
    }

    /// Plays until the game ends and returns how (a person, if any, stays at every step).
    pub fn run(&mut self) -> Outcome {
        loop {
            if let Some(o) = self.outcome {
                return o;
            }
            if self.awaiting().is_some() {
                let _ = self.play_person(Move::Stay);
            } else {
                self.play_turn();
            }
        }
    }

    /// Plays on from where the game stands, `person` being the person's next step: stops
    /// when the game ends, when the person's step is due and none is left, or (without a
    /// person) when a turn ends.
    fn advance(&mut self, mut person: Option<Move>, events: &mut Vec<Event>) {
        while self.outcome.is_none() {
            let cursor = match self.cursor {
                Some(c) => c,
                None => {
                    self.turn.0 += 1;
                    self.phase(Role::Monster)
                }
            };
            self.cursor = Some(cursor);
            if cursor.left == 0 {
                if cursor.role == Role::Monster {
                    self.cursor = Some(self.phase(Role::Hero));
                    continue;
                }
                self.cursor = None;
                self.end_turn(events);
                if self.person.is_none() {
                    return;
                }
                continue;
            }
            let remaining = cursor.left - 1;
            let mv = if self.person == Some(cursor.role) {
                match person.take() {
                    Some(mv) => mv,
                    None => return,
                }
            } else {
                match self.ask(cursor.role, remaining) {
                    Ok(mv) => mv,
                    Err(e) => {
                        let outcome = Outcome::Failed { who: cursor.role, turn: self.turn };
                        self.error = Some(e);
                        self.outcome = Some(outcome);
                        events.push(Event::Ended(outcome));
                        return;
                    }
                }
            };
            self.cursor = Some(person::Cursor { left: remaining, ..cursor });
            self.apply(cursor.role, mv, events);
        }
    }

    /// Starts `role`'s share of the turn: its steps from its speed.
    fn phase(&mut self, role: Role) -> person::Cursor {
        let speed = self.board.player(role).speed();
        let energy = match role {
            Role::Hero => &mut self.hero_energy,
            Role::Monster => &mut self.monster_energy,
        };
        person::Cursor { role, left: energy.accrue(speed) }
    }

    /// Asks `role`'s strategy for its step, `remaining` more to come this turn.
    fn ask(&mut self, role: Role, remaining: u32) -> Result<Move, StrategyError> {
        let decision =
            Decision { board: &self.board, me: role, remaining_moves: remaining, turn: self.turn };
        let strategy = match role {
            Role::Hero => &mut self.hero_strategy,
            Role::Monster => &mut self.monster_strategy,
        };
        strategy.choose(&decision, &mut self.paths)
    }

    /// A turn ended with the hero free: the repeated-state rule, then the turn limit.
    fn end_turn(&mut self, events: &mut Vec<Event>) {
        let repeats = if self.stateless {
            let key = self.state_key();
            match self.seen.get(&key) {
                Some(&repeats) => Some(repeats),
                None => {
                    self.seen.insert(key, self.turn);
                    None
                }
            }
        } else {
            None
        };
        let ended = if let Some(repeats) = repeats {
            Some(Outcome::Escaped { turn: self.turn, repeats })
        } else if self.limit.is_some_and(|l| self.turn >= l) {
            Some(Outcome::TurnLimit { turns: self.turn })
        } else {
            None
        };
        if let Some(outcome) = ended {
            self.outcome = Some(outcome);
            events.push(Event::Ended(outcome));
        }
    }

    /// Takes one step of `role`'s (an illegal one is refused and the player stays);
    /// drinks a potion stepped on; ends the game on a capture.
    fn apply(&mut self, role: Role, mv: Move, events: &mut Vec<Event>) {
        let from = self.board.player(role).at;
        match mv {
            Move::Stay => events.push(Event::Stayed { who: role, at: from }),
            Move::Step(direction) if !self.board.is_legal(role, mv) => {
                events.push(Event::Refused { who: role, direction });
            }
            Move::Step(d) => {
                let to = from + d.offset();
                let player = match role {
                    Role::Hero => &mut self.board.hero,
                    Role::Monster => &mut self.board.monster,
                };
                player.at = to;
                events.push(Event::Moved { who: role, from, to });
                if let Ok(k) =
                    self.board.potions.binary_search_by_key(&(to.y, to.x), |p| (p.y, p.x))
                {
                    self.board.potions.remove(k);
                    player.potions = player.potions.saturating_add(1);
                    let steps_per_turn = player.steps_per_turn();
                    events.push(Event::Drank { who: role, at: to, steps_per_turn });
                }
            }
        }
        if self.board.hero.at == self.board.monster.at {
            let outcome = Outcome::Caught { turn: self.turn, at: self.board.hero.at };
            self.outcome = Some(outcome);
            events.push(Event::Ended(outcome));
        }
    }

    fn state_key(&self) -> StateKey {
        (self.board.hero, self.board.monster, self.board.potions.clone())
    }
}

/// Solves `dungeon` ([`Solution::solve`]): who wins every position with perfect play.
///
/// # Errors
/// [`ChaseError::MonsterCount`] unless the dungeon has exactly one monster,
/// [`ChaseError::Path`] or [`ChaseError::Solve`] when it is too large.
pub fn solve(dungeon: &Dungeon) -> Result<Solution, ChaseError> {
    if dungeon.monsters.len() != 1 {
        return Err(ChaseError::MonsterCount { found: dungeon.monsters.len() });
    }
    let grid = path_grid(&dungeon.map)?;
    Ok(Solution::solve_grid(&grid, &dungeon.potions)?)
}

/// Plays `dungeon` to the end with the built-in strategies `hero` and `monster` and at
/// most `limit` turns (`None`: no limit).
///
/// # Errors
/// As [`Chase::new`].
pub fn play(
    dungeon: &Dungeon,
    hero: HeroKind,
    monster: MonsterKind,
    limit: Option<Turn>,
) -> Result<Outcome, ChaseError> {
    Ok(Chase::new(dungeon, hero.strategy(), monster.strategy())?.with_limit(limit).run())
}
