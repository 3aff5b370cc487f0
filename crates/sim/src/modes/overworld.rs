//! `overworld`: explore CaveGame's infinite cave world (CaveGame): chests, monsters that
//! fight whoever steps into their sight, turn-based fights, death and respawn.
//!
//! - **World**: regions of `torchlit-procgen`'s [`Overworld`](torchlit_procgen::Overworld)
//!   (cellular-automaton caves, seamless and connected across borders), generated when
//!   first looked at and kept in a small cache. Floor cells hold chests with the configured
//!   probability; each region has one monster, placed by the spiral search nearest its
//!   centre ([`monsters`]).
//! - **Moving**: one cell north, south, west or east ([`Action::Move`]); rock and walls
//!   block. Stepping on a chest opens it: gold or items from the weighted
//!   [`ItemRegistry`]; an opened chest stays opened.
//! - **Monsters** see within their sight radius ([`in_sight_area`]). Stepping into a
//!   living monster's sight with a clear line of sight (CaveGame's Bresenham line that may
//!   not slip through diagonal gaps: [`torchlit_fov::line_of_sight`]) starts a fight
//!   ([`combat`]), fought to the end at once and reported blow by blow for the front end
//!   to show. A won fight kills the monster and gives a reward like a chest's.
//! - **Death**: the player comes back at the nearest safe cell (the spiral search from
//!   where the fight began: floor, no chest, no monster in sight) and, when
//!   [`Rules::death_loses_item`] is on (the default, requirement 7.5), loses one random
//!   item.
//! - **Inventory**: swords and armour by tier ([`items`]), one of each wielded and worn
//!   ([`Action::Equip`]); gold in a purse.
//!
//! The game is a pure value: no I/O, no clock; randomness comes from the world seed
//! (generation, chest contents, monster kinds: sub-seeds by [`Seed::derive`], so nothing
//! depends on the order regions are visited) and from one [`Rng`] in the [`Player`]
//! record (fights). State is split the way it is saved: the [`Player`] record and one
//! [`RegionChanges`] per changed region ([`Overworld::take_changed_regions`] tells which
//! changed since it was last asked); everything else is regenerated from the seed.
//!
//! Coordinates are map space (`y` grows south) in world cells; a region's cells are
//! numbered from its top-left cell (CaveGame (Freddy Heppell's AQA Computer Science NEA) numbers them from the bottom-left with `y`
//! up).
//!
//! ```
//! use torchlit_geom::CardinalDirection;
//! use torchlit_rng::Seed;
//! use torchlit_sim::modes::overworld::{Action, Overworld, Rules};
//!
//! let mut game = Overworld::new(Seed::from_text("abc123"), Rules::default())?;
//! let start = game.player().at();
//! for d in CardinalDirection::ALL {
//!     let _events = game.apply(Action::Move(d));
//! }
//! let changed = game.take_changed_regions(); // what to save with the player record
//! # let _ = (start, changed);
//! # Ok::<(), torchlit_sim::modes::overworld::OverworldError>(())
//! ```

pub mod combat;
mod events;
pub mod items;
pub mod monsters;
mod odds;
mod player;
pub mod quest;
mod regions;

pub use events::{Action, Blocker, Event, FightOutcome, FightReport, Ground, Look};
pub use odds::{ODDS_TRIALS, Odds};
pub use player::Player;

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use torchlit_fov::line_of_sight;
use torchlit_geom::{CardinalDirection, Point, Rect};
use torchlit_procgen::{CaveCell, GenError, Overworld as World, spiral_offsets, world_to_region};
use torchlit_rng::{Rng, Seed};

use crate::Turn;
pub use combat::{CombatRules, CombatTuning};
use combat::{Combatant, FightLog, Hundredths, RngDice, Side, fight};
pub use items::{ArmourTier, Item, ItemRegistry, Pack, Reward, SwordTier};
pub use monsters::{MAX_SIGHT, Monster, MonsterKind, in_sight_area};
use quest::Turned;
pub use quest::{Ending, MAX_GUARDS, PlayerV1, QuestRules, Vitals};
pub use regions::RegionChanges;
use regions::{Area, AreaCache};
pub use torchlit_procgen::{CaRule, CaveParams, OverworldParams, RegionCoord};

/// The player's full health, in whole hit points (CaveGame's `Player.getStartingHealth`).
/// Under `--rules seed` every fight starts at full health (CaveGame's `resetStats`); the
/// default game carries health between fights ([`quest`]).
pub const PLAYER_HEALTH: u32 = 50;

/// Damage of a blow with no sword wielded.
pub const FIST_DAMAGE: u32 = 1;

/// How far (Chebyshev radius, in cells) the spiral looks for a safe cell to spawn or
/// respawn on.
pub const SPAWN_SEARCH_RADIUS: u32 = 256;

/// Everything that shapes a game, from the config (CaveGame's `cavegame.properties`).
#[derive(Clone, Debug, PartialEq)]
pub struct Rules {
    /// The world generator's parameters: region side, cave automaton, chest probability.
    pub world: OverworldParams,
    /// Most drops in one chest or on one slain monster (`iChestMaxItems`).
    pub chest_max_items: u32,
    /// Armour protection, damage multiplier and stun chance.
    pub combat: CombatRules,
    /// Whether dying loses one random item (requirement 7.5; CaveGame's playtest turned it
    /// off as unfair, so it can be).
    pub death_loses_item: bool,
    /// Generated regions kept in memory (`iRegionCacheSize`; at least 1).
    pub region_cache_size: usize,
    /// What chests and slain monsters give.
    pub registry: ItemRegistry,
    /// The default game's hunt (roaming monsters, health that carries over, the shrine,
    /// the artefact, death ends the game); `None` is CaveGame's game exactly.
    pub quest: Option<QuestRules>,
}

impl Default for Rules {
    /// The default game: [`Rules::original`] with the hunt of [`QuestRules::default`].
    fn default() -> Rules {
        Rules { quest: Some(QuestRules::default()), ..Rules::original() }
    }
}

impl Rules {
    /// CaveGame's game exactly (`--rules seed`): regions of 50, chest probability 0.005, at
    /// most 2 drops, `e = 0.3`, `m = 1.2`, stun 0.1, a cache of 8 regions; monsters stand
    /// still, every fight starts at full health, dying respawns and loses an item.
    pub fn original() -> Rules {
        Rules {
            world: OverworldParams::default(),
            chest_max_items: 2,
            combat: CombatRules::default(),
            death_loses_item: true,
            region_cache_size: 8,
            registry: ItemRegistry::default(),
            quest: None,
        }
    }
}

/// What goes wrong making or restoring a game.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum OverworldError {
    /// The world generator refused the parameters.
    #[error("the world can't be generated: {0}")]
    Generation(#[from] GenError),
    /// No cell to stand on near where the player should be.
    #[error("no floor to stand on within {radius} cells of {near}")]
    NoSpawn {
        /// Where the search started.
        near: Point,
        /// How far it looked.
        radius: u32,
    },
}

/// The `overworld` game: the world seed and rules, the player, what changed per region,
/// and a cache of generated regions.
#[derive(Clone, Debug)]
pub struct Overworld {
    seed: Seed,
    rules: Rules,
    world: World,
    player: Player,
    changes: BTreeMap<RegionCoord, RegionChanges>,
    dirty: BTreeSet<RegionCoord>,
    cache: RefCell<AreaCache>,
    shrine: Point,
    artefact: Option<Point>,
}

impl PartialEq for Overworld {
    /// Equal state: seed, rules, player and region changes (the cache does not count).
    fn eq(&self, other: &Overworld) -> bool {
        self.seed == other.seed
            && self.rules == other.rules
            && self.player == other.player
            && self.changes == other.changes
    }
}

impl Overworld {
    /// A new game on the world of `seed`: the player starts at the first safe cell of the
    /// spiral from `(0, 0)` (CaveGame §2.4.4) with the starting kit.
    ///
    /// # Errors
    /// [`OverworldError::Generation`] for bad world parameters;
    /// [`OverworldError::NoSpawn`] when no floor lies within [`SPAWN_SEARCH_RADIUS`].
    pub fn new(seed: Seed, rules: Rules) -> Result<Overworld, OverworldError> {
        let rng = Rng::new(seed.derive("overworld/player", &[]));
        let mut game = Overworld::empty(seed, rules, Player::new(Point::ORIGIN, rng))?;
        game.player.at = game.safe_cell(Point::ORIGIN)?;
        Ok(game)
    }

    /// A saved game: the player record and the changes of every changed region. The
    /// record is made consistent: stacks of zero and equipment not carried are dropped,
    /// and a player standing where nobody can (the generation config changed) is moved to
    /// the nearest safe cell. Region changes are taken as they are, without generating
    /// their regions (so a world with thousands of them opens fast): an "opened chest"
    /// where this world has none shows as nothing, a slain flag where it has no monster
    /// does nothing.
    ///
    /// # Errors
    /// As [`Overworld::new`].
    pub fn restore(
        seed: Seed,
        rules: Rules,
        mut player: Player,
        changes: impl IntoIterator<Item = (RegionCoord, RegionChanges)>,
    ) -> Result<Overworld, OverworldError> {
        player.normalize();
        let mut game = Overworld::empty(seed, rules, player)?;
        let size = i32::try_from(game.world.region_size()).unwrap_or(i32::MAX);
        for (at, mut change) in changes {
            change.opened.retain(|c| (0..size).contains(&c.x) && (0..size).contains(&c.y));
            if !change.is_empty() {
                game.changes.insert(at, change);
            }
        }
        let at = game.player.at;
        if !game.ground(at).is_walkable() || game.monster_at(at).is_some() {
            game.player.at = game.safe_cell(at)?;
        }
        Ok(game)
    }

    fn empty(seed: Seed, rules: Rules, player: Player) -> Result<Overworld, OverworldError> {
        let world = World::new(seed, rules.world)?;
        let cache = RefCell::new(AreaCache::new(rules.region_cache_size));
        let mut game = Overworld {
            seed,
            rules,
            world,
            player,
            changes: BTreeMap::new(),
            dirty: BTreeSet::new(),
            cache,
            shrine: Point::ORIGIN,
            artefact: None,
        };
        if game.rules.quest.is_some() {
            game.shrine = spiral_offsets(SPAWN_SEARCH_RADIUS)
                .map(|o| Point::ORIGIN + o)
                .find(|&p| game.ground(p) == Ground::Floor)
                .ok_or(OverworldError::NoSpawn {
                    near: Point::ORIGIN,
                    radius: SPAWN_SEARCH_RADIUS,
                })?;
            game.artefact = game.place_artefact();
        }
        Ok(game)
    }

    /// The world seed.
    pub fn seed(&self) -> Seed {
        self.seed
    }

    /// The rules in force.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The player record.
    pub fn player(&self) -> &Player {
        &self.player
    }

    /// The side of a region, in cells.
    pub fn region_size(&self) -> u32 {
        self.world.region_size()
    }

    /// The region holding world cell `p`.
    pub fn region_of(&self, p: Point) -> RegionCoord {
        world_to_region(p, self.world.region_size()).0
    }

    /// The changes of every changed region, by region.
    pub fn changes(&self) -> &BTreeMap<RegionCoord, RegionChanges> {
        &self.changes
    }

    /// The regions changed since the last call, with their changes (all of them, not only
    /// the new ones), oldest region first: what the next save must write besides the
    /// player record.
    pub fn take_changed_regions(&mut self) -> Vec<(RegionCoord, RegionChanges)> {
        let dirty = std::mem::take(&mut self.dirty);
        dirty
            .into_iter()
            .map(|at| (at, self.changes.get(&at).cloned().unwrap_or_default()))
            .collect()
    }

    /// Whether a region changed since [`Overworld::take_changed_regions`] was last called.
    pub fn has_unsaved_regions(&self) -> bool {
        !self.dirty.is_empty()
    }

    /// How many regions were generated since the game was made (the cache's misses).
    pub fn regions_generated(&self) -> u64 {
        self.cache.borrow().generated()
    }

    /// How many generated regions are held in the cache.
    pub fn regions_cached(&self) -> usize {
        self.cache.borrow().len()
    }

    fn area(&self, at: RegionCoord) -> Option<Rc<Area>> {
        self.cache.borrow_mut().get(&self.world, self.seed, at)
    }

    /// The ground of world cell `p`.
    pub fn ground(&self, p: Point) -> Ground {
        let (rc, cell) = world_to_region(p, self.world.region_size());
        let Some(area) = self.area(rc) else { return Ground::Void };
        match area.region.cell(cell) {
            Some(CaveCell::Floor) if area.region.has_chest(cell) => {
                let opened = self.changes.get(&rc).is_some_and(|c| c.opened.contains(&cell));
                if opened { Ground::OpenedChest } else { Ground::Chest }
            }
            Some(CaveCell::Floor) if self.quest().is_some() && p == self.shrine => Ground::Shrine,
            Some(CaveCell::Floor) if self.quest().is_some() && self.artefact() == Some(p) => {
                Ground::Artefact
            }
            Some(CaveCell::Floor) => Ground::Floor,
            Some(CaveCell::Wall) => Ground::Wall,
            Some(CaveCell::Rock) => Ground::Rock,
            None => Ground::Void,
        }
    }

    /// The living roaming monster of region `at` (CaveGame's one monster a region), if it
    /// has one.
    pub fn monster_of(&self, at: RegionCoord) -> Option<Monster> {
        let slain = self.changes.get(&at).is_some_and(|c| c.slain & 1 != 0);
        if slain {
            None
        } else {
            self.area(at)?.monster.map(|m| self.tamed(at, self.roamed(at, m)))
        }
    }

    /// Every living monster of region `at`: its roaming monster, then its guards (the
    /// default game's, [`QuestRules::guard_every`]).
    pub fn monsters_of(&self, at: RegionCoord) -> Vec<Monster> {
        let mut out: Vec<Monster> = self.monster_of(at).into_iter().collect();
        let slain = self.changes.get(&at).map_or(0, |c| c.slain);
        for (k, g) in self.guards(at).into_iter().enumerate() {
            if slain & quest::guard_bit(k) == 0 {
                out.push(g);
            }
        }
        out
    }

    /// The living monster standing on `p`.
    pub fn monster_at(&self, p: Point) -> Option<Monster> {
        self.monsters_of(self.region_of(p)).into_iter().find(|m| m.at == p)
    }

    /// What world cell `p` looks like.
    pub fn look(&self, p: Point) -> Look {
        Look { ground: self.ground(p), monster: self.monster_at(p).map(|m| m.kind) }
    }

    /// The living monsters standing in `rect` or able to see into it, region by region.
    pub fn monsters_near(&self, rect: Rect) -> Vec<Monster> {
        let m = MAX_SIGHT as i32;
        let a = Point::new(rect.left().saturating_sub(m), rect.top().saturating_sub(m));
        let b = Point::new(rect.right().saturating_add(m), rect.bottom().saturating_add(m));
        self.regions_between(a, b).into_iter().flat_map(|rc| self.monsters_of(rc)).collect()
    }

    /// The regions overlapping the rectangle of world cells from `a` to `b` (inclusive).
    fn regions_between(&self, a: Point, b: Point) -> Vec<RegionCoord> {
        let s = self.world.region_size();
        let (ra, rb) = (world_to_region(a, s).0, world_to_region(b, s).0);
        let mut out = Vec::new();
        for y in ra.y..=rb.y {
            for x in ra.x..=rb.x {
                out.push(RegionCoord::new(x, y));
            }
        }
        out
    }

    /// Whether `monster` sees world cell `p`: `p` lies in its sight area and the line from
    /// it to `p` crosses no unwalkable cell and slips through no diagonal gap.
    pub fn sees(&self, monster: &Monster, p: Point) -> bool {
        let (dx, dy) =
            (i64::from(p.x) - i64::from(monster.at.x), i64::from(p.y) - i64::from(monster.at.y));
        in_sight_area(dx, dy, monster.kind.sight())
            && line_of_sight(monster.at, p, |q| !self.ground(q).is_walkable())
    }

    /// The cells `monster` sees: where stepping starts a fight (for the front end to show).
    pub fn sight_of(&self, monster: &Monster) -> Vec<Point> {
        let r = monster.kind.sight() as i32;
        let mut out = Vec::new();
        for dy in -r..=r {
            for dx in -r..=r {
                let (Some(x), Some(y)) =
                    (monster.at.x.checked_add(dx), monster.at.y.checked_add(dy))
                else {
                    continue;
                };
                let p = Point::new(x, y);
                if self.ground(p).is_walkable() && self.sees(monster, p) {
                    out.push(p);
                }
            }
        }
        out
    }

    /// The living monster that sees `p`, the nearest first (ties: the first region in
    /// reading order).
    pub fn watcher(&self, p: Point) -> Option<Monster> {
        let near = Rect::new(p, torchlit_geom::Size::new(1, 1));
        self.monsters_near(near).into_iter().filter(|m| self.sees(m, p)).min_by_key(|m| {
            let dx = i64::from(p.x) - i64::from(m.at.x);
            let dy = i64::from(p.y) - i64::from(m.at.y);
            dx.saturating_mul(dx).saturating_add(dy.saturating_mul(dy))
        })
    }

    /// The nearest cell to `near`, in spiral order, where the player may (re)spawn: floor
    /// without a chest (CaveGame's `isSpawnAllowed`), no monster on it, none seeing it.
    fn safe_cell(&self, near: Point) -> Result<Point, OverworldError> {
        spiral_offsets(SPAWN_SEARCH_RADIUS)
            .filter_map(|o| Some(Point::new(near.x.checked_add(o.dx)?, near.y.checked_add(o.dy)?)))
            .find(|&p| {
                self.ground(p) == Ground::Floor
                    && self.monster_at(p).is_none()
                    && self.watcher(p).is_none()
            })
            .ok_or(OverworldError::NoSpawn { near, radius: SPAWN_SEARCH_RADIUS })
    }

    fn change(&mut self, at: RegionCoord) -> &mut RegionChanges {
        self.dirty.insert(at);
        self.changes.entry(at).or_default()
    }

    /// Applies one action and returns what happened. Never fails: a refused step is an
    /// [`Event::Blocked`], a bad equip an [`Event::NotCarried`].
    pub fn apply(&mut self, action: Action) -> Vec<Event> {
        if let Some(ending) = self.ending() {
            return vec![Event::GameOver(ending)];
        }
        match action {
            Action::Move(d) => self.step(d),
            Action::Equip(item) => vec![self.equip(item)],
            Action::Drop(item) => vec![self.drop_item(item)],
            Action::Rest if self.quest().is_none() => vec![Event::CannotRest],
            Action::Rest => {
                self.player.moves.0 = self.player.moves.0.saturating_add(1);
                let mut events = vec![Event::Rested];
                if let Some(monster) = self.pass_turn(Turned::Rested) {
                    self.fight_into(monster, &mut events);
                }
                events
            }
        }
    }

    /// Fights `monster` and reports it, with the end of the game if it came.
    fn fight_into(&mut self, monster: Monster, events: &mut Vec<Event>) {
        let report = self.fight(monster);
        let slain = report.outcome == FightOutcome::Slain;
        events.push(Event::Fight(Box::new(report)));
        if slain {
            events.push(Event::GameOver(Ending::Slain(monster.kind)));
        }
    }

    fn equip(&mut self, item: Item) -> Event {
        if !self.player.pack.contains(item) {
            return Event::NotCarried(item);
        }
        if self.player.is_equipped(item) {
            return Event::AlreadyEquipped(item);
        }
        match item {
            Item::Sword(t) => self.player.weapon = Some(t),
            Item::Armour(t) => self.player.armour = Some(t),
        }
        Event::Equipped(item)
    }

    /// Drops one `item` (no turn passes); what was wielded or worn and is gone is taken
    /// off. The item is left behind for good.
    fn drop_item(&mut self, item: Item) -> Event {
        if !self.player.pack.remove(item) {
            return Event::NotCarried(item);
        }
        self.player.normalize();
        Event::Dropped(item)
    }

    fn step(&mut self, d: CardinalDirection) -> Vec<Event> {
        let from = self.player.at;
        let o = d.offset();
        let (Some(x), Some(y)) = (from.x.checked_add(o.dx), from.y.checked_add(o.dy)) else {
            return vec![Event::Blocked { at: from, by: Blocker::Edge }];
        };
        let to = Point::new(x, y);
        let ground = self.ground(to);
        if ground == Ground::Void {
            return vec![Event::Blocked { at: to, by: Blocker::Edge }];
        }
        if !ground.is_walkable() {
            return vec![Event::Blocked { at: to, by: Blocker::Rock }];
        }
        if let Some(m) = self.monster_at(to) {
            return vec![Event::Blocked { at: to, by: Blocker::Monster(m.kind) }];
        }
        self.player.at = to;
        self.player.moves.0 = self.player.moves.0.saturating_add(1);
        let mut events = vec![Event::Moved { from, to }];
        let (before, after) = (self.region_of(from), self.region_of(to));
        if before != after {
            events.push(Event::EnteredRegion { from: before, to: after });
        }
        if ground == Ground::Chest {
            events.push(self.open_chest(to));
        }
        self.arrive(to, &mut events);
        if self.ending().is_some() {
            return events;
        }
        let mut fought = false;
        if let Some(monster) = self.watcher(to) {
            self.fight_into(monster, &mut events);
            fought = true;
        }
        let turned = if fought { Turned::Fought } else { Turned::Walked };
        if self.ending().is_none()
            && let Some(monster) = self.pass_turn(turned)
            && !fought
        {
            self.fight_into(monster, &mut events);
        }
        events
    }

    /// Opens the chest on `p`: its contents are a pure function of the world seed and the
    /// cell, so a world's chests hold the same things whoever opens them first.
    fn open_chest(&mut self, p: Point) -> Event {
        let (rc, cell) = world_to_region(p, self.world.region_size());
        let mut rng = Rng::new(self.seed.derive("overworld/chest", &[p.x.into(), p.y.into()]));
        let rewards = self.rules.registry.reward(self.rules.chest_max_items, &mut rng);
        self.change(rc).opened.insert(cell);
        self.player.take(&rewards);
        self.player.chests = self.player.chests.saturating_add(1);
        Event::ChestOpened { at: p, rewards }
    }

    fn fight(&mut self, monster: Monster) -> FightReport {
        let mut player = self.player.combatant();
        let quest = self.quest().is_some();
        if quest {
            player.health = self.player.vitals.health;
        }
        let foe = self.monster_combatant(&monster);
        let level = self.monster_level(self.region_of(monster.at));
        let rules = self.rules.combat;
        let mut dice =
            RngDice { rng: &mut self.player.rng, stun_probability: rules.stun_probability };
        let log = fight(player, foe, &rules, &mut dice);
        if quest {
            self.player.vitals.health = log.player_health;
        }
        let outcome = match log.winner {
            Some(Side::Player) => {
                let mut rewards =
                    self.rules.registry.reward(self.rules.chest_max_items, &mut self.player.rng);
                for r in &mut rewards {
                    if let Reward::Gold(g) = r {
                        *g = g.saturating_mul(level.saturating_add(1));
                    }
                }
                self.player.take(&rewards);
                self.player.kills = self.player.kills.saturating_add(1);
                let rc = self.region_of(monster.at);
                let bit = self.slain_bit(rc, &monster);
                self.change(rc).slain |= bit;
                FightOutcome::Won { rewards }
            }
            Some(Side::Monster) if quest => {
                self.player.deaths = self.player.deaths.saturating_add(1);
                self.player.vitals.ending = Some(Ending::Slain(monster.kind));
                FightOutcome::Slain
            }
            Some(Side::Monster) => {
                self.player.deaths = self.player.deaths.saturating_add(1);
                let lost = if self.rules.death_loses_item { self.lose_item() } else { None };
                // Back at the nearest safe cell; with none in reach, where the fight was.
                let respawned_at = self.safe_cell(self.player.at).unwrap_or(self.player.at);
                self.player.at = respawned_at;
                FightOutcome::Lost { respawned_at, lost }
            }
            None => FightOutcome::BrokenOff,
        };
        FightReport { monster, player, foe, log, outcome }
    }

    /// Loses one item chosen uniformly among all carried; what was equipped and is gone
    /// is taken off.
    fn lose_item(&mut self) -> Option<Item> {
        let item = self.player.pack.pick(&mut self.player.rng)?;
        self.player.pack.remove(item);
        self.player.normalize();
        Some(item)
    }

    /// A stable hash of the game's state (player record and region changes): equal
    /// states hash equal on every machine.
    #[cfg(feature = "serde")]
    pub fn state_hash(&self) -> u64 {
        let changes: Vec<((i32, i32), &RegionChanges)> =
            self.changes.iter().map(|(k, v)| ((k.x, k.y), v)).collect();
        // CaveGame's own game (`Rules::original()`) hashes the record as version 1 held it, so its hashes never change.
        if self.quest().is_some() {
            crate::engine::state_hash(&(self.seed, &self.player, changes))
        } else {
            crate::engine::state_hash(&(self.seed, &PlayerV1::from(&self.player), changes))
        }
    }
}

#[cfg(test)]
mod tests;
