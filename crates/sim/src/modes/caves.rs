//! `caves`: descend the multi-level caves of Trystan's roguelike tutorial (2011, parts
//! 05 to 13), find the teddy bear on the deepest level and bring it back up the exit
//! stairs.
//!
//! - **World** ([`world`]): 5 levels of 90×32 caves joined by stairs; the player starts on
//!   the top level, which also holds the exit. Walking into a wall digs through it
//!   (10 food).
//! - **Creatures** ([`ai`]): fungi (stationary, spread 5 times at most), bats (two moves
//!   a turn, wander, never attack each other), zombies (hunt the player they can see
//!   along an A* path, otherwise wander, idle one turn in five). Per level: 8 fungi,
//!   20 bats, `depth + 3` zombies; deeper ones are stronger ([`CreatureKind::stats`]).
//! - **Combat** ([`combat::damage`]): 1 to `attack - defense` damage, at least 1; death
//!   leaves a corpse.
//! - **Items**: one per cell; an inventory of 20 lettered slots ([`Inventory`]); eat,
//!   wear or wield, drop. **Hunger** ([`Stomach`]): one food a turn, 10 per dig,
//!   starvation kills, overeating stretches the stomach.
//! - **Vision**: raycast field of view of radius 9 and a memory of what was seen; the
//!   player hears only of what he sees ([`Event`]).
//! - **Automation**: [`Action::Explore`] and [`Action::Travel`] take one step each along
//!   a Dijkstra map; the front end repeats them until an [`Event::AutoStopped`].
//!
//! **Rules** ([`Rules`]): [`Rules::original`] plays the tutorial as written; the default
//! ruleset adds per-depth monster scaling, 1 hit point every [`REGEN_TURNS`] turns (as
//! Brogue and DCSS players expect) and simulates only the levels the player has reached.
//! Everything else is the tutorial's, with its open choices settled in the docs of each item.
//!
//! The game is a pure value: `Caves::apply(Action) -> Vec<Event>`, deterministic from
//! the seed and the actions; its randomness is a [`Rng`] inside the state, levels are
//! generated from sub-seeds ([`Seed::derive`]). With the `serde` feature the state
//! serializes (caches are rebuilt on load, and a loaded state is checked) and
//! `Caves::state_hash` (with the `serde` feature) is a stable hash of it.
//!
//! ```
//! use torchlit_sim::modes::caves::{Action, Caves};
//! use torchlit_rng::Seed;
//!
//! let mut game = Caves::new(Seed(42))?;
//! let events = game.apply(Action::Wait);
//! assert_eq!(game.turn().0, 1);
//! # let _ = events;
//! # Ok::<(), torchlit_sim::modes::caves::CavesError>(())
//! ```

pub mod ai;
mod auto;
pub mod combat;
mod creature;
mod events;
mod fixture;
mod hunger;
mod inventory;
mod item;
mod level;
mod migrate;
mod record;
mod rules;
mod stairs;
mod turn;
mod vision;
pub mod world;

use std::fmt;

use torchlit_fov::Viewshed;
use torchlit_geom::{Grid, Point, Size};
use torchlit_path::{Cost, DijkstraMap, PathGrid, Search};
use torchlit_rng::Rng;

use crate::Turn;
use crate::engine::{ActorId, Actors};
use crate::terrain::Tile;

pub use auto::{AutoPickup, REST_NEAR, REST_TURNS};
pub use creature::{Creature, CreatureKind, Stats};
pub use events::{Action, Cause, Event, Outcome, Refusal, Stairs, Stop, Who};
pub use fixture::FIXTURE_LEGEND;
pub use hunger::{Digestion, FOOD_PER_DIG, FOOD_PER_TURN, Hunger, MAX_FOOD, Stomach};
pub use inventory::{INVENTORY_SLOTS, Inventory, Slot};
pub use item::{Item, ItemKind};
pub use level::Level;
pub use migrate::FORMAT_1_RULES;
#[cfg(feature = "serde")]
pub use migrate::{CavesV1, CavesV2, RulesV2};
pub use record::{Entry, Hero, Record, Summary};
pub use rules::{ARRIVAL_CLEARANCE, ActiveLevels, Rules};
pub use stairs::{Beyond, KnownStairs};
pub use torchlit_rng::Seed;
pub use world::WorldSpec;

/// Turns between two hit points regained under the default [`Rules`] (not in the tutorial).
pub const REGEN_TURNS: u64 = 10;

/// How many events the journal (the message history) keeps.
pub const JOURNAL_LENGTH: usize = 500;

/// What the player remembers of a cell: the tile and item last seen there (part 08's
/// "what tile the player saw at each location", plus the item, as Brogue remembers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Remembered {
    /// The tile seen.
    pub tile: Tile,
    /// The item seen lying there, if any.
    pub item: Option<ItemKind>,
}

/// A 1×1 grid with nothing to enter (stands in for a level the path grid can't hold).
fn empty_grid() -> PathGrid {
    match PathGrid::new(Size::new(1, 1)) {
        Ok(g) => g,
        Err(_) => unreachable!("a 1x1 grid fits"),
    }
}

fn kill_index(kind: CreatureKind) -> Option<usize> {
    CreatureKind::MONSTERS.iter().position(|&k| k == kind)
}

/// Why a game could not be built or loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CavesError {
    /// The world spec asks for no levels or empty levels.
    EmptyWorld,
    /// No free floor for the player on the top level.
    NoRoomForPlayer,
    /// A fixture row holds an unknown glyph.
    BadGlyph {
        /// The level (0 is the top).
        depth: usize,
        /// The cell.
        at: Point,
        /// The glyph.
        glyph: char,
    },
    /// A fixture has no `@` or more than one.
    PlayerCount(usize),
    /// A saved game is inconsistent (what is wrong).
    Corrupt(&'static str),
    /// The caves generator refused the spec (too small, too large, too deep).
    Generation(String),
}

impl fmt::Display for CavesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CavesError::EmptyWorld => write!(f, "the caves need at least one non-empty level"),
            CavesError::NoRoomForPlayer => write!(f, "no free floor for the player"),
            CavesError::BadGlyph { depth, at, glyph } => {
                write!(f, "level {depth}, cell {at}: unknown glyph {glyph:?} ({FIXTURE_LEGEND})")
            }
            CavesError::PlayerCount(n) => write!(f, "a fixture needs exactly one @, found {n}"),
            CavesError::Corrupt(what) => write!(f, "the saved caves are damaged: {what}"),
            CavesError::Generation(why) => write!(f, "the caves could not be generated: {why}"),
        }
    }
}

impl std::error::Error for CavesError {}

/// Caches rebuilt from the state, never saved.
#[derive(Clone, Debug, Default)]
struct Cache {
    /// Who stands where, per level.
    occupant: Vec<Grid<Option<ActorId>>>,
    /// The player's field of view now.
    fov: Viewshed,
    /// Per level, where a creature may step: ground without a creature (zombies' A*).
    walk: Vec<PathGrid>,
    /// The A* context, reused by every search.
    search: Search,
    /// The cells of the last A* path.
    path: Vec<Point>,
    /// The Dijkstra map of auto-explore and travel, reused.
    field: Option<DijkstraMap>,
    /// The path the current press of explore or travel follows.
    plan: Option<auto::Plan>,
    /// The turn the last rest ended on and how long the rest has lasted.
    rest: (Turn, u32),
    /// What auto-explore picks up (the player's choice, set by the front end).
    pickup: AutoPickup,
    /// Cells (level, x, y) where the player dropped something: auto-explore leaves it.
    dropped: std::collections::BTreeSet<(usize, i32, i32)>,
}

/// The `caves` game state.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "Saved"))]
pub struct Caves {
    seed: Seed,
    rng: Rng,
    levels: Vec<Level>,
    creatures: Actors<Creature>,
    player: ActorId,
    hero: Hero,
    memory: Vec<Grid<Option<Remembered>>>,
    turn: Turn,
    record: Record,
    outcome: Option<Outcome>,
    journal: std::collections::VecDeque<Entry>,
    noticed: std::collections::BTreeSet<ActorId>,
    rules: Rules,
    #[cfg_attr(feature = "serde", serde(skip))]
    cache: Cache,
}

/// The saved fields of [`Caves`], checked before they become a game.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct Saved {
    seed: Seed,
    rng: Rng,
    levels: Vec<Level>,
    creatures: Actors<Creature>,
    player: ActorId,
    hero: Hero,
    memory: Vec<Grid<Option<Remembered>>>,
    turn: Turn,
    record: Record,
    outcome: Option<Outcome>,
    journal: std::collections::VecDeque<Entry>,
    noticed: std::collections::BTreeSet<ActorId>,
    rules: Rules,
}

#[cfg(feature = "serde")]
impl TryFrom<Saved> for Caves {
    type Error = CavesError;

    fn try_from(s: Saved) -> Result<Caves, CavesError> {
        let game = Caves {
            seed: s.seed,
            rng: s.rng,
            levels: s.levels,
            creatures: s.creatures,
            player: s.player,
            hero: s.hero,
            memory: s.memory,
            turn: s.turn,
            record: s.record,
            outcome: s.outcome,
            journal: s.journal,
            noticed: s.noticed,
            rules: s.rules,
            cache: Cache::default(),
        };
        game.check()?;
        Ok(game.rebuilt())
    }
}

impl PartialEq for Caves {
    /// Games are equal when their saved states are (caches aside).
    fn eq(&self, other: &Caves) -> bool {
        self.seed == other.seed
            && self.rng == other.rng
            && self.levels == other.levels
            && self.creatures == other.creatures
            && self.player == other.player
            && self.hero == other.hero
            && self.memory == other.memory
            && self.turn == other.turn
            && self.record == other.record
            && self.outcome == other.outcome
            && self.journal == other.journal
            && self.noticed == other.noticed
            && self.rules == other.rules
    }
}

impl Caves {
    /// A new game on the tutorial's caves (90×32, 5 levels) from `seed`.
    ///
    /// # Errors
    /// [`CavesError::NoRoomForPlayer`] if the top level has no floor (no seed is known to
    /// do that).
    pub fn new(seed: Seed) -> Result<Caves, CavesError> {
        Caves::with_spec(seed, WorldSpec::default())
    }

    /// A new game on caves of `spec` from `seed`.
    ///
    /// # Errors
    /// [`CavesError::EmptyWorld`] for a spec without cells; [`CavesError::Generation`]
    /// for a spec the generator refuses (under 8×8, over 256 levels);
    /// [`CavesError::NoRoomForPlayer`] if the top level has no floor.
    pub fn with_spec(seed: Seed, spec: WorldSpec) -> Result<Caves, CavesError> {
        Caves::with_rules(seed, spec, Rules::default())
    }

    /// A new game on caves of `spec` from `seed`, played by `rules`.
    ///
    /// # Errors
    /// As [`Caves::with_spec`].
    pub fn with_rules(seed: Seed, spec: WorldSpec, rules: Rules) -> Result<Caves, CavesError> {
        if spec.depth == 0 || spec.size.area() == 0 {
            return Err(CavesError::EmptyWorld);
        }
        let levels: Vec<Level> = world::build_caves(seed, spec)
            .map_err(|e| CavesError::Generation(e.to_string()))?
            .into_iter()
            .map(Level::new)
            .collect();
        let mut game = Caves::empty(seed, levels)?;
        game.rules = rules;
        game.populate()?;
        game.refresh_view(None);
        Ok(game)
    }

    /// A game on hand-drawn levels (tests, benchmarks, tutorials): one slice of rows per
    /// level, top level first, every level the size of the first. See [`FIXTURE_LEGEND`]
    /// for the glyphs; exactly one `@` places the player. Nothing else is added.
    ///
    /// # Errors
    /// [`CavesError::BadGlyph`], [`CavesError::PlayerCount`], [`CavesError::EmptyWorld`].
    pub fn from_ascii(levels: &[&[&str]], seed: Seed) -> Result<Caves, CavesError> {
        fixture::build(levels, seed)
    }

    /// This game played by `rules` from now on (for games built by [`Caves::from_ascii`]:
    /// the monsters keep the stats they were made with).
    pub fn under_rules(mut self, rules: Rules) -> Caves {
        self.rules = rules;
        self
    }

    /// A game with these levels, no creature but a player to be placed, empty memory.
    fn empty(seed: Seed, levels: Vec<Level>) -> Result<Caves, CavesError> {
        let size = levels.first().map(Level::size).ok_or(CavesError::EmptyWorld)?;
        if size.area() == 0 || levels.iter().any(|l| l.size() != size) {
            return Err(CavesError::EmptyWorld);
        }
        let mut creatures = Actors::new();
        let player = creatures.insert(Creature::new(CreatureKind::Player, 0, Point::ORIGIN));
        let memory = levels.iter().map(|_| Grid::new(size, None)).collect();
        let game = Caves {
            seed,
            rng: Rng::new(seed.derive("caves/play", &[])),
            levels,
            creatures,
            player,
            hero: Hero {
                inventory: Inventory::new(),
                weapon: None,
                armor: None,
                stomach: Stomach::default(),
            },
            memory,
            turn: Turn(0),
            record: Record::default(),
            outcome: None,
            journal: std::collections::VecDeque::new(),
            noticed: std::collections::BTreeSet::new(),
            rules: Rules::default(),
            cache: Cache::default(),
        };
        Ok(game.rebuilt())
    }

    /// Fills the levels with the tutorial's creatures and items, and places the player.
    fn populate(&mut self) -> Result<(), CavesError> {
        let depth = self.levels.len();
        let mut rng = Rng::new(self.seed.derive("caves/player", &[]));
        let start =
            self.random_empty_cell(0, &mut rng, |_| true).ok_or(CavesError::NoRoomForPlayer)?;
        self.move_creature(self.player, 0, start);
        for z in 0..depth {
            let mut rng = Rng::new(self.seed.derive("caves/creatures", &[z as i64]));
            let clear = self.arrivals(z, start);
            for (kind, count) in world::population(z) {
                let cleared = kind == CreatureKind::Zombie && self.rules.arrival_clearance;
                for _ in 0..count {
                    let far = |p: Point| {
                        !cleared
                            || clear.iter().all(|a| {
                                (a.x - p.x).abs().max((a.y - p.y).abs()) >= rules::ARRIVAL_CLEARANCE
                            })
                    };
                    if let Some(p) = self.random_empty_cell(z, &mut rng, far) {
                        self.spawn(kind, z, p);
                    }
                }
            }
            let mut rng = Rng::new(self.seed.derive("caves/items", &[z as i64]));
            let size = self.levels[z].size();
            for kind in world::items_for_level(size, &mut rng) {
                self.drop_at_random(z, kind.item(), &mut rng);
            }
        }
        let mut rng = Rng::new(self.seed.derive("caves/treasure", &[]));
        self.drop_at_random(depth - 1, ItemKind::TeddyBear.item(), &mut rng);
        Ok(())
    }

    /// Where the player may arrive on level `depth`: its stairs, and `start` on the top.
    fn arrivals(&self, depth: usize, start: Point) -> Vec<Point> {
        let level = &self.levels[depth];
        let stairs = level
            .tiles()
            .iter()
            .filter(|&(_, t)| matches!(t, Tile::StairsUp | Tile::StairsDown))
            .map(|(p, _)| p);
        stairs.chain((depth == 0).then_some(start)).collect()
    }

    /// Part 07's `addAtEmptyLocation`: a random ground cell without a creature (and one
    /// `allowed` accepts); tries 1000 random cells, then takes the first free one in a
    /// shuffled scan.
    fn random_empty_cell(
        &self,
        depth: usize,
        rng: &mut Rng,
        allowed: impl Fn(Point) -> bool,
    ) -> Option<Point> {
        let level = &self.levels[depth];
        let size = level.size();
        let free = |p: Point| level.is_ground(p) && self.occupant(depth, p).is_none() && allowed(p);
        for _ in 0..1000 {
            let p = size.point_at(rng.below(size.area() as u64) as usize);
            if free(p) {
                return Some(p);
            }
        }
        let mut all: Vec<Point> = Grid::new(size, ()).points().filter(|&p| free(p)).collect();
        rng.shuffle(&mut all);
        all.first().copied()
    }

    /// Part 10's `addAtEmptyLocation` for items: a random ground cell without an item.
    fn drop_at_random(&mut self, depth: usize, item: Item, rng: &mut Rng) {
        let size = self.levels[depth].size();
        for _ in 0..1000 {
            let p = size.point_at(rng.below(size.area() as u64) as usize);
            if self.levels[depth].put_item(p, item).is_ok() {
                return;
            }
        }
        let cells: Vec<Point> = Grid::new(size, ()).points().collect();
        for p in cells {
            if self.levels[depth].put_item(p, item).is_ok() {
                return;
            }
        }
    }

    /// Adds a monster of `kind` at `p` on level `depth` (no checks).
    fn spawn(&mut self, kind: CreatureKind, depth: usize, at: Point) -> ActorId {
        let mut creature = Creature::new(kind, depth, at);
        if !self.rules.depth_scaling {
            creature.stats = kind.stats(0);
            creature.hp = creature.stats.max_hp;
        }
        let id = self.creatures.insert(creature);
        if let Some(cell) = self.cache.occupant.get_mut(depth).and_then(|g| g.get_mut(at)) {
            *cell = Some(id);
        }
        self.sync_walk(depth, at);
        id
    }

    /// Moves a creature, keeping the occupancy cache right.
    fn move_creature(&mut self, id: ActorId, depth: usize, to: Point) {
        let Some(c) = self.creatures.get_mut(id) else { return };
        let (old_depth, old_at) = (c.depth, c.at);
        c.depth = depth;
        c.at = to;
        if let Some(cell) = self.cache.occupant.get_mut(old_depth).and_then(|g| g.get_mut(old_at))
            && *cell == Some(id)
        {
            *cell = None;
        }
        if let Some(cell) = self.cache.occupant.get_mut(depth).and_then(|g| g.get_mut(to)) {
            *cell = Some(id);
        }
        self.sync_walk(old_depth, old_at);
        self.sync_walk(depth, to);
    }

    /// Brings the walk grid's cell `p` of level `depth` in line with the level and who
    /// stands there.
    fn sync_walk(&mut self, depth: usize, p: Point) {
        let free = self.levels.get(depth).is_some_and(|l| l.is_ground(p))
            && self.occupant(depth, p).is_none();
        if let Some(grid) = self.cache.walk.get_mut(depth) {
            let _ = grid.set(p, free.then_some(Cost(1)));
        }
    }

    /// Who stands at `p` on level `depth`.
    fn occupant(&self, depth: usize, p: Point) -> Option<ActorId> {
        self.cache.occupant.get(depth).and_then(|g| g.get(p)).copied().flatten()
    }

    /// Checks a loaded state for everything that could make the game misbehave.
    #[cfg(feature = "serde")]
    fn check(&self) -> Result<(), CavesError> {
        use CavesError::Corrupt;
        let size = self.levels.first().map(Level::size).ok_or(Corrupt("no levels"))?;
        if size.area() == 0 {
            return Err(Corrupt("empty levels"));
        }
        if !self.levels.iter().all(|l| l.size() == size && l.is_well_formed()) {
            return Err(Corrupt("levels of different sizes"));
        }
        if self.memory.len() != self.levels.len()
            || !self.memory.iter().all(|m| m.size() == size && m.values().len() == size.area())
        {
            return Err(Corrupt("map memory does not match the levels"));
        }
        if !self.creatures.is_consistent() {
            return Err(Corrupt("creature store"));
        }
        let mut seen = std::collections::BTreeSet::new();
        for (id, c) in self.creatures.iter() {
            if c.depth >= self.levels.len() || !size.contains(c.at) {
                return Err(Corrupt("a creature outside the caves"));
            }
            if !seen.insert((c.depth, c.at.y, c.at.x)) {
                return Err(Corrupt("two creatures on one cell"));
            }
            if c.energy.0 > 10 * crate::engine::ACTION_COST {
                return Err(Corrupt("a creature's energy"));
            }
            if (c.kind == CreatureKind::Player) != (id == self.player) {
                return Err(Corrupt("the player"));
            }
        }
        if !self.creatures.contains(self.player) {
            return Err(Corrupt("no player"));
        }
        let inv = &self.hero.inventory;
        if !inv.is_well_formed() {
            return Err(Corrupt("inventory size"));
        }
        for slot in [self.hero.weapon, self.hero.armor].into_iter().flatten() {
            if inv.get(slot).is_none() {
                return Err(Corrupt("equipment not in the pack"));
            }
        }
        if self.hero.stomach.max_food() < 1 {
            return Err(Corrupt("stomach"));
        }
        Ok(())
    }

    /// Rebuilds the caches from the state.
    fn rebuilt(mut self) -> Caves {
        let size = self.levels.first().map_or(Size::new(0, 0), Level::size);
        self.cache.occupant = self.levels.iter().map(|_| Grid::new(size, None)).collect();
        let placed: Vec<(ActorId, usize, Point)> =
            self.creatures.iter().map(|(id, c)| (id, c.depth, c.at)).collect();
        for (id, depth, at) in placed {
            if let Some(cell) = self.cache.occupant.get_mut(depth).and_then(|g| g.get_mut(at)) {
                *cell = Some(id);
            }
        }
        self.cache.walk = Vec::with_capacity(self.levels.len());
        for (depth, level) in self.levels.iter().enumerate() {
            let occupant = &self.cache.occupant[depth];
            let grid = PathGrid::from_passable(size, |p| {
                level.is_ground(p) && occupant.get(p).is_some_and(Option::is_none)
            });
            // A level too large for the path grid: zombies then only wander.
            self.cache.walk.push(grid.unwrap_or_else(|_| empty_grid()));
        }
        self.cache.fov = Viewshed::new(size);
        self.compute_fov();
        self
    }

    /// Applies one player action and lets every other creature act; returns what the
    /// player perceived. Never panics on any action; refused actions take no time.
    pub fn apply(&mut self, action: Action) -> Vec<Event> {
        let mut out = Vec::new();
        if self.outcome.is_some() {
            out.push(Event::Refused(Refusal::GameOver));
            return out;
        }
        let travels = matches!(
            action,
            Action::Explore | Action::Travel(_) | Action::TravelToItem | Action::TravelTo(_)
        );
        if !travels {
            self.cache.plan = None;
        }
        match action {
            Action::Explore => self.auto_step(auto::Goal::Explore, &mut out),
            Action::Travel(way) => self.auto_step(auto::Goal::Stairs(way), &mut out),
            Action::TravelToItem => self.auto_step(auto::Goal::Item, &mut out),
            Action::TravelTo(p) => self.auto_step(auto::Goal::Cell(p), &mut out),
            Action::Rest => {
                let (last, rested) = self.cache.rest;
                let rested = if last == self.turn && rested > 0 { rested } else { 0 };
                self.rest_step(rested, &mut out);
                self.cache.rest = (self.turn, rested + 1);
                if out.iter().any(|e| matches!(e, Event::AutoStopped(_))) {
                    self.cache.rest = (Turn(0), 0);
                }
            }
            other => {
                if self.act_player(other, &mut out) {
                    self.end_turn(&mut out);
                }
            }
        }
        for &event in &out {
            if !matches!(event, Event::Moved { .. }) {
                if self.journal.len() == JOURNAL_LENGTH {
                    self.journal.pop_front();
                }
                self.journal.push_back(Entry { turn: self.turn, event });
            }
        }
        out
    }

    /// Sets which items auto-explore walks to and picks up (a preference of the player,
    /// not part of the saved game; [`AutoPickup::default`] until set).
    pub fn set_auto_pickup(&mut self, pickup: AutoPickup) {
        self.cache.pickup = pickup;
    }

    /// The run's seed.
    pub fn seed(&self) -> Seed {
        self.seed
    }

    /// The rules the run is played by.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Turns played.
    pub fn turn(&self) -> Turn {
        self.turn
    }

    /// How many levels the caves have.
    pub fn depth_count(&self) -> usize {
        self.levels.len()
    }

    /// The level the player is on (0 is the top).
    pub fn depth(&self) -> usize {
        self.player().depth
    }

    /// A level (0 is the top).
    pub fn level(&self, depth: usize) -> Option<&Level> {
        self.levels.get(depth)
    }

    /// The level the player is on.
    pub fn current_level(&self) -> &Level {
        &self.levels[self.depth().min(self.levels.len() - 1)]
    }

    /// The player.
    pub fn player(&self) -> &Creature {
        match self.creatures.get(self.player) {
            Some(c) => c,
            None => unreachable!("the player stays in the store (checked on load)"),
        }
    }

    /// The player's belongings and belly.
    pub fn hero(&self) -> &Hero {
        &self.hero
    }

    /// The player's attack value with weapon and armour.
    pub fn attack(&self) -> i32 {
        self.player().stats.attack.saturating_add(self.hero.bonus(|i| i.attack))
    }

    /// The player's defense value with weapon and armour.
    pub fn defense(&self) -> i32 {
        self.player().stats.defense.saturating_add(self.hero.bonus(|i| i.defense))
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The run so far.
    pub fn record(&self) -> &Record {
        &self.record
    }

    /// The message history: what the player perceived, oldest first (at most
    /// [`JOURNAL_LENGTH`] events).
    pub fn journal(&self) -> impl ExactSizeIterator<Item = &Entry> + DoubleEndedIterator {
        self.journal.iter()
    }

    /// Whether the player sees `p` on his level now.
    pub fn is_visible(&self, p: Point) -> bool {
        self.cache.fov.contains(p)
    }

    /// What the player remembers of `p` on his level.
    pub fn remembered(&self, p: Point) -> Option<Remembered> {
        self.memory.get(self.depth()).and_then(|m| m.get(p)).copied().flatten()
    }

    /// The creature at `p` on the player's level, only if the player sees it.
    pub fn visible_creature(&self, p: Point) -> Option<&Creature> {
        if !self.is_visible(p) {
            return None;
        }
        self.occupant(self.depth(), p).and_then(|id| self.creatures.get(id))
    }

    /// The creature at `p` on level `depth`, seen or not (tests and tools).
    pub fn creature_at(&self, depth: usize, p: Point) -> Option<&Creature> {
        self.occupant(depth, p).and_then(|id| self.creatures.get(id))
    }

    /// Every creature, the player included, in id order.
    pub fn creatures(&self) -> impl Iterator<Item = &Creature> {
        self.creatures.iter().map(|(_, c)| c)
    }

    /// The end screen's (and morgue file's) summary of the run.
    pub fn summary(&self) -> Summary {
        let p = self.player();
        Summary {
            seed: self.seed,
            turns: self.turn,
            deepest_level: self.record.deepest.saturating_add(1),
            levels: self.levels.len(),
            record: self.record.clone(),
            outcome: self.outcome,
            hp: (p.hp, p.stats.max_hp),
            food: (self.hero.stomach.food(), self.hero.stomach.max_food()),
            pack: self
                .hero
                .inventory
                .iter()
                .map(|(s, i)| (s, i.kind, self.hero.is_equipped(s)))
                .collect(),
        }
    }

    /// A stable hash of the whole state (seahash over its canonical postcard
    /// serialization; caches excluded): equal games hash equal on every machine. A game
    /// whose rules fit snapshot format 2 ([`Rules::is_format_2`]) hashes its format-2
    /// encoding (without the bytes format 3 added at the end), so recordings made before
    /// format 3 verify.
    #[cfg(feature = "serde")]
    pub fn state_hash(&self) -> u64 {
        if !self.rules.is_format_2() {
            return crate::engine::state_hash(self);
        }
        crate::engine::state_hash_without_tail(self, migrate::format_3_tail(self.rules).len())
    }
}
