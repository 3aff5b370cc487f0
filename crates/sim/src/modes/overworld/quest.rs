//! The default game's hunt: what makes an `overworld` game something to play for. None
//! of it is in CaveGame (Freddy Heppell's AQA Computer Science NEA); its "further
//! development" section and every roguelike player ask for it, and `--rules seed`
//! ([`Rules::seed`]) turns all of it off.
//!
//! - **Health carries over**: a fight starts at the player's current health and leaves
//!   what the last blow left. One hit point comes back every
//!   [`QuestRules::regen_every`] turns; resting ([`Action::Rest`]) heals one per turn;
//!   a turn with a fight heals nothing (the health after it is the log's last number).
//! - **Monsters roam and hunt**: after each turn (a step or a rest) every living monster
//!   of the loaded regions (the 3×3 regions around the player's) acts, in region reading
//!   order. One that sees the player within [`QuestRules::notice`] cells (the same line
//!   of sight as its fight sight) steps towards the player; otherwise it wanders one cell
//!   with [`QuestRules::roam_percent`] percent chance. A monster never leaves its home
//!   region, and one whose region is unloaded goes back home. Each monster's dice come
//!   from the world seed, its region and the turn, so the game stays a pure function of
//!   its actions. A monster that ends its step seeing the player starts a fight.
//! - **Farther is harder**: a monster `L` levels deep (its region's Chebyshev distance
//!   from the start region divided by [`QuestRules::level_every`]) has `+25 %·L` health
//!   and `+L` damage and armour, and leaves `L + 1` times the gold. A hunting monster of
//!   level [`QuestRules::fast_from`] or deeper runs (two steps a turn). Besides its
//!   roaming monster a region `d` regions out holds `d / guard_every` guards
//!   ([`Overworld::guards`], at most [`MAX_GUARDS`]) that stand still and fight whoever
//!   steps into their sight; the start region has none.
//! - **Gold heals**: the shrine at the start cell heals the player who steps on it, one
//!   hit point per [`QuestRules::heal_price`] gold pieces, as far as the purse goes.
//! - **A goal with an end**: the artefact lies in one region [`QuestRules::artefact_distance`]
//!   regions from the start (direction from the seed), on the floor nearest the centre
//!   after the monster's own cell. Taking it wins; dying ends the game. Either way the
//!   game scores ([`Overworld::score`]) and then refuses every action.

use std::collections::BTreeMap;

use torchlit_fov::line_of_sight;
use torchlit_geom::{CardinalDirection, Point};
use torchlit_procgen::{RegionCoord, region_to_world, spiral_offsets, world_to_region};
use torchlit_rng::Rng;

use super::combat::{Combatant, Hundredths};
use super::items::{ArmourTier, Pack, SwordTier};
use super::monsters::{Monster, MonsterKind};
use super::regions::Area;
use super::{Event, Overworld, PLAYER_HEALTH, Player};
use crate::Turn;

#[cfg(doc)]
use super::{Action, RegionChanges, Rules};

/// The numbers of the default game's hunt (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuestRules {
    /// Turns per hit point healed while walking (resting heals one every turn).
    pub regen_every: u32,
    /// How far (Euclidean radius, in cells) a monster notices and hunts the player.
    pub notice: u32,
    /// The chance, in percent, that a monster not hunting wanders a cell each turn.
    pub roam_percent: u32,
    /// How many regions (Chebyshev) from the start region the artefact lies.
    pub artefact_distance: u32,
    /// Regions of distance from the start per monster level.
    pub level_every: u32,
    /// Gold pieces per hit point healed at the shrine.
    pub heal_price: u32,
    /// Regions of distance from the start per guard: a region `d` regions out holds
    /// `d / guard_every` guards besides its roaming monster, at most [`MAX_GUARDS`] (0:
    /// none).
    pub guard_every: u32,
    /// The level from which a hunting monster runs: two steps a turn (0: never).
    pub fast_from: u32,
}

/// The most guards a region holds ([`QuestRules::guard_every`]).
pub const MAX_GUARDS: u32 = 7;

impl Default for QuestRules {
    /// Heal every 8 turns, notice at 12 cells, wander half the turns, the artefact 4
    /// regions out, a level and a guard per region of distance, hunters from level 1
    /// (outside the start region) run, 2 gold a hit point.
    fn default() -> QuestRules {
        QuestRules {
            regen_every: 8,
            notice: 12,
            roam_percent: 50,
            level_every: 1,
            heal_price: 2,
            guard_every: 1,
            fast_from: 1,
            artefact_distance: 4,
        }
    }
}

/// How a game of the default rules ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Ending {
    /// The player took the artefact.
    Victory,
    /// A monster of this kind killed the player.
    Slain(MonsterKind),
}

impl std::fmt::Display for Ending {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Ending::Victory => f.write_str("took the artefact"),
            Ending::Slain(kind) => write!(f, "slain by a {kind}"),
        }
    }
}

/// The part of the player record the default game adds (record layout version 2):
/// health between fights, the monsters that moved, the farthest region reached and the
/// ending. Under `--rules seed` it stays at full health and is never used.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Vitals {
    /// The record layout's version ([`Vitals::VERSION`]).
    pub version: u32,
    /// Health now.
    pub health: Hundredths,
    /// Turns since the last hit point came back.
    pub regen: u32,
    /// Where the monsters of loaded regions stand, by region `(x, y)`, when not at home.
    pub roaming: BTreeMap<(i32, i32), Point>,
    /// The largest Chebyshev distance, in regions, from the start region reached.
    pub farthest: u32,
    /// How the game ended, once it has.
    pub ending: Option<Ending>,
}

impl Vitals {
    /// The layout version of player records that carry vitals (version 1 records, from
    /// before the hunt, have none: see [`PlayerV1`]).
    pub const VERSION: u32 = 2;

    /// Full health, nothing moved, nothing ended.
    pub fn fresh() -> Vitals {
        Vitals {
            version: Vitals::VERSION,
            health: Hundredths::from_hp(PLAYER_HEALTH),
            regen: 0,
            roaming: BTreeMap::new(),
            farthest: 0,
            ending: None,
        }
    }
}

/// A player record as saved before the default game's hunt (layout version 1: no
/// [`Vitals`]). [`Player::from`] migrates it: full health, nothing moved, the game
/// going on.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PlayerV1 {
    at: Point,
    pack: Pack,
    weapon: Option<SwordTier>,
    armour: Option<ArmourTier>,
    gold: u64,
    moves: Turn,
    kills: u32,
    deaths: u32,
    chests: u32,
    rng: torchlit_rng::Rng,
}

impl From<PlayerV1> for Player {
    fn from(v: PlayerV1) -> Player {
        Player {
            at: v.at,
            pack: v.pack,
            weapon: v.weapon,
            armour: v.armour,
            gold: v.gold,
            moves: v.moves,
            kills: v.kills,
            deaths: v.deaths,
            chests: v.chests,
            rng: v.rng,
            vitals: Vitals::fresh(),
        }
    }
}

impl From<&Player> for PlayerV1 {
    /// The record as a version 1 save held it (for migration tests).
    fn from(p: &Player) -> PlayerV1 {
        PlayerV1 {
            at: p.at,
            pack: p.pack.clone(),
            weapon: p.weapon,
            armour: p.armour,
            gold: p.gold,
            moves: p.moves,
            kills: p.kills,
            deaths: p.deaths,
            chests: p.chests,
            rng: p.rng.clone(),
        }
    }
}

/// How the player spent a turn, for healing with time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Turned {
    /// Rested: a hit point back.
    Rested,
    /// Walked without a fight: towards the next hit point.
    Walked,
    /// Stepped into a monster's sight and fought: no healing this turn.
    Fought,
}

/// The bit of [`RegionChanges::slain`] of guard `k` (bit 0 is the roaming monster's).
pub(super) fn guard_bit(k: usize) -> u8 {
    u32::try_from(k + 1).ok().and_then(|b| 1u8.checked_shl(b)).unwrap_or(0)
}

/// Chebyshev distance between two regions.
fn region_distance(a: RegionCoord, b: RegionCoord) -> u32 {
    let dx = (i64::from(a.x) - i64::from(b.x)).unsigned_abs();
    let dy = (i64::from(a.y) - i64::from(b.y)).unsigned_abs();
    u32::try_from(dx.max(dy)).unwrap_or(u32::MAX)
}

/// Squared Euclidean distance between two cells.
fn distance2(a: Point, b: Point) -> i64 {
    let (dx, dy) = (i64::from(a.x) - i64::from(b.x), i64::from(a.y) - i64::from(b.y));
    dx.saturating_mul(dx).saturating_add(dy.saturating_mul(dy))
}

impl Overworld {
    /// The default game's numbers, `None` under `--rules seed`.
    pub fn quest(&self) -> Option<&QuestRules> {
        self.rules.quest.as_ref()
    }

    /// How the game ended, once it has (never under `--rules seed`).
    pub fn ending(&self) -> Option<Ending> {
        self.player.vitals.ending
    }

    /// The player's health now (always full under `--rules seed`, where every fight
    /// starts afresh).
    pub fn health(&self) -> Hundredths {
        self.player.vitals.health
    }

    /// The shrine's cell (the default game): the first floor cell without a chest of the
    /// spiral from `(0, 0)`, where a new game starts.
    pub fn shrine(&self) -> Option<Point> {
        self.quest().map(|_| self.shrine)
    }

    /// The region holding the artefact (the default game): `artefact_distance` regions
    /// out from the start region in one of eight directions chosen by the world seed.
    pub fn artefact_region(&self) -> Option<RegionCoord> {
        let q = self.quest()?;
        let d = i32::try_from(q.artefact_distance).unwrap_or(i32::MAX / 2).max(1);
        let mut rng = Rng::new(self.seed.derive("overworld/artefact", &[]));
        const DIRS: [(i32, i32); 8] =
            [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];
        let (dx, dy) = DIRS[rng.below(8) as usize];
        Some(RegionCoord::new(dx * d, dy * d))
    }

    /// The artefact's cell while it lies there: the second spawnable cell of the spiral
    /// from its region's centre (the first is the monster's home).
    pub fn artefact(&self) -> Option<Point> {
        if self.ending() == Some(Ending::Victory) {
            return None;
        }
        self.artefact
    }

    /// Where the artefact lies (computed once, when the game is made).
    pub(super) fn place_artefact(&self) -> Option<Point> {
        let rc = self.artefact_region()?;
        let area = self.area(rc)?;
        let s = self.world.region_size();
        let half = i32::try_from(s / 2).unwrap_or(0);
        let centre = Point::new(half, half);
        spiral_offsets(s / 2 + 1)
            .map(|o| centre + o)
            .filter(|&c| area.region.is_spawnable(c))
            .nth(1)
            .and_then(|c| region_to_world(rc, c, s))
    }

    /// The level of the monster of region `rc` (0 near the start; see the module docs);
    /// always 0 under `--rules seed`.
    pub fn monster_level(&self, rc: RegionCoord) -> u32 {
        self.quest()
            .map_or(0, |q| region_distance(rc, self.region_of(self.shrine)) / q.level_every.max(1))
    }

    /// A monster's stats at the start of a fight, with its level's bonus.
    pub fn monster_combatant(&self, m: &Monster) -> Combatant {
        let base = m.kind.combatant();
        let level = self.monster_level(self.region_of(m.at));
        Combatant {
            health: Hundredths(base.health.0.saturating_add(base.health.0 / 4 * level)),
            damage: base.damage.saturating_add(level),
            armour: base.armour.saturating_add(level),
        }
    }

    /// The guards of region `rc` (the default game; none under `--rules seed` and in the
    /// start region): `d / guard_every` of them, at most [`MAX_GUARDS`], for a region `d`
    /// regions from the start. Guard `k` stands on a spawnable cell drawn from the world
    /// seed, the region and `k` (never the roaming monster's home, the artefact or another
    /// guard's cell; a guard that finds no cell in 64 draws is left out); its kind is
    /// rolled like a region's monster. Guards never move.
    pub fn guards(&self, rc: RegionCoord) -> Vec<Monster> {
        let Some(q) = self.quest() else { return Vec::new() };
        let Some(area) = self.area(rc) else { return Vec::new() };
        let count = match q.guard_every {
            0 => 0,
            every => (region_distance(rc, self.region_of(self.shrine)) / every).min(MAX_GUARDS),
        };
        area.guards.get_or_init(|| self.place_guards(rc, &area, count)).clone()
    }

    fn place_guards(&self, rc: RegionCoord, area: &Area, count: u32) -> Vec<Monster> {
        let s = self.world.region_size();
        let home = area.monster.map(|m| m.at);
        let mut out: Vec<Monster> = Vec::new();
        for k in 0..count {
            let mut rng = Rng::new(
                self.seed.derive("overworld/guard", &[rc.x.into(), rc.y.into(), k.into()]),
            );
            let kind = MonsterKind::roll(&mut rng);
            let cell = (0..64).find_map(|_| {
                let c = Point::new(rng.below(u64::from(s)) as i32, rng.below(u64::from(s)) as i32);
                let at = region_to_world(rc, c, s)?;
                let taken =
                    Some(at) == home || Some(at) == self.artefact || out.iter().any(|g| g.at == at);
                (area.region.is_spawnable(c) && !taken).then_some(at)
            });
            if let Some(at) = cell {
                out.push(Monster { kind, at });
            }
        }
        out
    }

    /// The bit of [`RegionChanges::slain`] that records `monster` of region `rc` slain.
    pub(super) fn slain_bit(&self, rc: RegionCoord, monster: &Monster) -> u8 {
        match self.guards(rc).iter().position(|g| g == monster) {
            Some(k) if self.monster_of(rc).as_ref() != Some(monster) => guard_bit(k),
            _ => 1,
        }
    }

    /// The score of the game so far: gold, 20 a kill, 5 a chest, 25 a region of the
    /// farthest distance reached, and 500 for taking the artefact.
    pub fn score(&self) -> u64 {
        let p = &self.player;
        let won = if self.ending() == Some(Ending::Victory) { 500 } else { 0 };
        p.gold
            .saturating_add(20 * u64::from(p.kills))
            .saturating_add(5 * u64::from(p.chests))
            .saturating_add(25 * u64::from(p.vitals.farthest))
            .saturating_add(won)
    }

    /// After the player's step: the shrine, the artefact and the farthest region.
    pub(super) fn arrive(&mut self, at: Point, events: &mut Vec<Event>) {
        if self.quest().is_none() {
            return;
        }
        let start = self.region_of(self.shrine);
        let far = region_distance(self.region_of(at), start);
        let v = &mut self.player.vitals;
        v.farthest = v.farthest.max(far);
        if at == self.shrine {
            events.push(self.heal_at_shrine());
        }
        if self.artefact() == Some(at) {
            self.player.vitals.ending = Some(Ending::Victory);
            events.push(Event::GameOver(Ending::Victory));
        }
    }

    fn heal_at_shrine(&mut self) -> Event {
        let price = u64::from(self.quest().map_or(1, |q| q.heal_price.max(1)));
        let full = Hundredths::from_hp(PLAYER_HEALTH).0;
        let v = &mut self.player.vitals;
        let missing = u64::from(full.saturating_sub(v.health.0).div_ceil(100));
        let hp = missing.min(self.player.gold / price);
        self.player.gold -= hp * price;
        let hp = u32::try_from(hp).unwrap_or(0);
        v.health = Hundredths(v.health.0.saturating_add(hp * 100).min(full));
        Event::Healed { hp, paid: u64::from(hp) * price }
    }

    /// One turn passes for the hunt (after a step or a rest): healing with time (none on
    /// a turn the player fought, so the health after a fight is the fight log's last
    /// number), then the monsters of the loaded regions act. Returns a monster that now
    /// sees the player.
    pub(super) fn pass_turn(&mut self, turned: Turned) -> Option<Monster> {
        let q = *self.quest()?;
        let full = Hundredths::from_hp(PLAYER_HEALTH).0;
        let v = &mut self.player.vitals;
        v.regen = v.regen.saturating_add(match turned {
            Turned::Rested => q.regen_every.max(1),
            Turned::Walked => 1,
            Turned::Fought => 0,
        });
        if turned != Turned::Fought && v.regen >= q.regen_every.max(1) {
            v.regen = 0;
            v.health = Hundredths(v.health.0.saturating_add(100).min(full));
        }
        self.monsters_act(&q)
    }

    /// The loaded regions: the 3×3 around the player's, in reading order.
    fn loaded_regions(&self) -> Vec<RegionCoord> {
        let c = self.region_of(self.player.at);
        let mut out = Vec::with_capacity(9);
        for dy in -1..=1 {
            for dx in -1..=1 {
                if let (Some(x), Some(y)) = (c.x.checked_add(dx), c.y.checked_add(dy)) {
                    out.push(RegionCoord::new(x, y));
                }
            }
        }
        out
    }

    fn monsters_act(&mut self, q: &QuestRules) -> Option<Monster> {
        let loaded = self.loaded_regions();
        // Monsters of unloaded regions go home.
        self.player.vitals.roaming.retain(|&(x, y), _| loaded.contains(&RegionCoord::new(x, y)));
        let mut watcher = None;
        for rc in loaded {
            let Some(m) = self.monster_of(rc) else { continue };
            let mut to = self.monster_step(m, rc, q);
            let fast = q.fast_from > 0 && self.monster_level(rc) >= q.fast_from;
            if fast && self.hunts(&m, q) && !self.sees(&Monster { at: to, ..m }, self.player.at) {
                to = self.monster_step(Monster { at: to, ..m }, rc, q);
            }
            if to != m.at {
                self.player.vitals.roaming.insert((rc.x, rc.y), to);
            }
            let moved = Monster { at: to, ..m };
            if watcher.is_none() && self.sees(&moved, self.player.at) {
                watcher = Some(moved);
            }
        }
        watcher
    }

    /// Whether `m` hunts the player: within [`QuestRules::notice`] cells, in line of sight.
    fn hunts(&self, m: &Monster, q: &QuestRules) -> bool {
        let (player, notice) = (self.player.at, i64::from(q.notice));
        distance2(m.at, player) <= notice * notice
            && line_of_sight(m.at, player, |c| !self.ground(c).is_walkable())
    }

    /// Where monster `m` of region `rc` goes this turn.
    fn monster_step(&self, m: Monster, rc: RegionCoord, q: &QuestRules) -> Point {
        let player = self.player.at;
        let turn = i64::try_from(self.player.moves.0).unwrap_or(i64::MAX);
        let mut rng =
            Rng::new(self.seed.derive("overworld/roam", &[rc.x.into(), rc.y.into(), turn]));
        let guards = self.guards(rc);
        let open = |p: Point| {
            p != player
                && world_to_region(p, self.world.region_size()).0 == rc
                && self.ground(p).is_walkable()
                && !guards.iter().any(|g| g.at == p)
        };
        let steps: Vec<Point> = CardinalDirection::ALL
            .iter()
            .filter_map(|d| {
                let o = d.offset();
                Some(Point::new(m.at.x.checked_add(o.dx)?, m.at.y.checked_add(o.dy)?))
            })
            .filter(|&p| open(p))
            .collect();
        if self.hunts(&m, q) {
            let now = distance2(m.at, player);
            return steps
                .into_iter()
                .filter(|&p| distance2(p, player) < now)
                .min_by_key(|&p| distance2(p, player))
                .unwrap_or(m.at);
        }
        if rng.below(100) < u64::from(q.roam_percent) {
            return rng.choose(&steps).copied().unwrap_or(m.at);
        }
        m.at
    }

    /// Where the monster of region `rc` stands now: where it roamed to, or its home.
    pub(super) fn roamed(&self, rc: RegionCoord, home: Monster) -> Monster {
        match self.player.vitals.roaming.get(&(rc.x, rc.y)) {
            Some(&at) => Monster { at, ..home },
            None => home,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Action, Ground, Rules};
    use super::*;
    use torchlit_rng::Seed;

    fn game(seed: &str) -> Overworld {
        Overworld::new(Seed::from_text(seed), Rules::default()).expect("a world")
    }

    #[test]
    fn the_shrine_is_beside_the_start_and_the_artefact_far_out() {
        for seed in ["a", "b", "c", "d"] {
            let g = game(seed);
            let shrine = g.shrine().expect("the default game has a shrine");
            assert_eq!(g.ground(shrine), Ground::Shrine);
            assert_ne!(g.player().at(), shrine);
            let art = g.artefact().expect("an artefact");
            assert_eq!(g.ground(art), Ground::Artefact);
            let rc = g.region_of(art);
            assert_eq!(Some(rc), g.artefact_region());
            let far = QuestRules::default().artefact_distance;
            assert_eq!(region_distance(rc, RegionCoord::new(0, 0)), far);
            assert!(g.monster_at(art).is_none(), "the monster's home is another cell");
        }
        let seed = Overworld::new(Seed::from_text("a"), Rules::seed()).expect("a world");
        assert_eq!((seed.shrine(), seed.artefact(), seed.quest()), (None, None, None));
    }

    #[test]
    fn monsters_farther_out_are_stronger() {
        let g = game("levels");
        let near = Monster { kind: MonsterKind::Goblin, at: Point::new(10, 10) };
        let far = Monster { kind: MonsterKind::Goblin, at: Point::new(10 + 50 * 6, 10) };
        assert_eq!(g.monster_combatant(&near), MonsterKind::Goblin.combatant());
        let f = g.monster_combatant(&far);
        assert_eq!(g.monster_level(g.region_of(far.at)), 6);
        assert_eq!((f.health, f.damage, f.armour), (Hundredths(2500 + 625 * 6), 9, 6));
    }

    #[test]
    fn resting_heals_and_the_seed_game_cannot_rest() {
        let mut g = game("rest");
        g.player.vitals.health = Hundredths(1000);
        let events = g.apply(Action::Rest);
        assert_eq!(events.first(), Some(&Event::Rested));
        assert_eq!(g.player().moves(), Turn(1));
        if !events.iter().any(|e| matches!(e, Event::Fight(_))) {
            assert_eq!(g.health(), Hundredths(1100));
        }
        let mut seed = Overworld::new(Seed::from_text("rest"), Rules::seed()).expect("a world");
        assert_eq!(seed.apply(Action::Rest), [Event::CannotRest]);
        assert_eq!(seed.player().moves(), Turn(0));
    }

    #[test]
    fn guards_stand_farther_out_and_stay_slain() {
        let mut g = game("guards");
        let start = g.region_of(g.shrine().expect("a shrine"));
        assert!(g.guards(start).is_empty(), "the start region has its wanderer only");
        let far = RegionCoord::new(start.x + 3, start.y);
        let guards = g.guards(far);
        assert_eq!(guards.len(), 3, "a region 3 out holds 3 guards: {guards:?}");
        assert_eq!(guards, game("guards").guards(far), "placed by the seed");
        let home = g.monster_of(far).map(|m| m.at);
        for guard in &guards {
            assert_eq!(g.region_of(guard.at), far);
            assert_eq!(g.ground(guard.at), Ground::Floor);
            assert_ne!(Some(guard.at), home);
            assert_eq!(g.monster_at(guard.at), Some(*guard));
        }
        let art = g.artefact_region().expect("an artefact");
        let at = g.artefact().expect("an artefact");
        assert!(g.guards(art).iter().all(|m| m.at != at), "the artefact is never guarded on");
        assert_eq!(g.guards(RegionCoord::new(start.x + 40, start.y)).len(), MAX_GUARDS as usize);
        // Slaying guard 1 leaves the others and the wanderer.
        let bit = g.slain_bit(far, &guards[1]);
        assert_eq!(bit, 0b100);
        g.change(far).slain |= bit;
        let alive = g.monsters_of(far);
        assert!(!alive.contains(&guards[1]) && alive.contains(&guards[0]), "{alive:?}");
        assert_eq!(alive.len(), guards.len() - 1 + usize::from(home.is_some()));
        let seed = Overworld::new(Seed::from_text("guards"), Rules::seed()).expect("a world");
        assert!(seed.guards(far).is_empty(), "CaveGame's game has one monster a region");
    }

    #[test]
    #[cfg(feature = "serde")]
    fn a_slain_flag_saved_before_the_guards_reads_as_the_wanderers_bit() {
        #[derive(serde::Serialize)]
        struct Before {
            opened: std::collections::BTreeSet<Point>,
            monster_slain: bool,
        }
        for (flag, bits) in [(false, 0), (true, 1)] {
            let old = Before { opened: [Point::new(3, 4)].into(), monster_slain: flag };
            let bytes = postcard::to_allocvec(&old).expect("encodes");
            let now: super::super::RegionChanges = postcard::from_bytes(&bytes).expect("decodes");
            assert_eq!((now.slain, now.opened), (bits, old.opened));
        }
    }

    #[test]
    fn a_fights_turn_heals_nothing() {
        let mut g = game("wounds");
        let spot = g.loaded_regions().into_iter().filter_map(|rc| g.monster_of(rc)).find_map(|m| {
            let watched = g.sight_of(&m);
            watched.iter().find_map(|&p| {
                CardinalDirection::ALL.iter().find_map(|&d| {
                    let o = d.offset();
                    let from = Point::new(p.x - o.dx, p.y - o.dy);
                    let free = g.ground(from) == Ground::Floor && g.ground(p) == Ground::Floor;
                    (free && g.watcher(from).is_none() && g.monster_at(p).is_none())
                        .then_some((from, d))
                })
            })
        });
        let (from, d) = spot.expect("a watched cell with an unwatched neighbour");
        g.player.at = from;
        g.player.vitals.health = Hundredths(4452);
        g.player.vitals.regen = QuestRules::default().regen_every - 1;
        let events = g.apply(Action::Move(d));
        let Some(Event::Fight(report)) = events.iter().find(|e| matches!(e, Event::Fight(_)))
        else {
            panic!("stepping into sight starts a fight: {events:?}")
        };
        assert_eq!(report.player.health, Hundredths(4452), "the fight starts unhealed");
        assert_eq!(g.health(), report.log.player_health, "and ends at the log's number");
    }

    #[test]
    fn the_shrine_heals_for_gold() {
        let mut g = game("shrine");
        g.player.vitals.health = Hundredths(4050);
        g.player.gold = 7;
        assert_eq!(g.heal_at_shrine(), Event::Healed { hp: 3, paid: 6 });
        assert_eq!((g.health(), g.player().gold()), (Hundredths(4350), 1));
        g.player.gold = 100;
        assert_eq!(g.heal_at_shrine(), Event::Healed { hp: 7, paid: 14 });
        assert_eq!(g.health(), Hundredths::from_hp(PLAYER_HEALTH));
        assert_eq!(g.heal_at_shrine(), Event::Healed { hp: 0, paid: 0 });
    }

    #[test]
    #[cfg(feature = "serde")]
    fn monsters_roam_and_hunt_deterministically_and_stay_home() {
        let mut a = game("roam");
        let mut b = game("roam");
        let mut moved = false;
        let homes: Vec<_> = a.loaded_regions().iter().filter_map(|&rc| a.monster_of(rc)).collect();
        for _ in 0..40 {
            let ea = a.apply(Action::Rest);
            assert_eq!(ea, b.apply(Action::Rest));
            if a.ending().is_some() {
                break;
            }
            for (&(x, y), &at) in &a.player().vitals().roaming {
                assert_eq!(a.region_of(at), RegionCoord::new(x, y), "monsters stay home");
                assert!(a.ground(at).is_walkable());
                moved = true;
            }
        }
        assert!(moved || homes.is_empty(), "in 40 turns some monster wanders");
        assert_eq!(a.state_hash(), b.state_hash());
    }

    #[test]
    fn a_hunting_monster_closes_in() {
        let mut g = game("hunt");
        // Put the player near a monster of a loaded region, out of its fight sight but
        // within notice, on a straight open line.
        let found =
            g.loaded_regions().into_iter().filter_map(|rc| g.monster_of(rc)).find_map(|m| {
                CardinalDirection::ALL.iter().find_map(|d| {
                    let o = d.offset();
                    let cells: Vec<Point> =
                        (1..=7).map(|k| Point::new(m.at.x + o.dx * k, m.at.y + o.dy * k)).collect();
                    let open = cells.iter().all(|&c| g.ground(c) == Ground::Floor);
                    let spot = cells[6];
                    (open && !g.sees(&m, spot)).then_some((m, spot))
                })
            });
        let Some((m, spot)) = found else { return };
        g.player.at = spot;
        let rc = g.region_of(m.at);
        let before = distance2(m.at, spot);
        let to = g.monster_step(m, rc, &QuestRules::default());
        assert!(distance2(to, spot) < before, "{m:?} hunts {spot:?}: went to {to:?}");
    }

    #[test]
    fn dying_ends_the_game_and_every_action_then_answers_so() {
        let mut g = game("death");
        g.player.vitals.health = Hundredths(1);
        g.player.weapon = None;
        g.player.armour = None;
        let mut ended = None;
        let mut rng = Rng::new(Seed(5));
        for _ in 0..5000u32 {
            let d = CardinalDirection::ALL[rng.below(4) as usize];
            let events = g.apply(Action::Move(d));
            if let Some(Event::GameOver(e)) = events.last() {
                ended = Some(*e);
                break;
            }
            g.player.vitals.health = Hundredths(1);
        }
        let Some(Ending::Slain(kind)) = ended else { panic!("a monster finds a 0.01 HP player") };
        assert_eq!(g.ending(), Some(Ending::Slain(kind)));
        let moves = g.player().moves();
        assert_eq!(g.apply(Action::Rest), [Event::GameOver(Ending::Slain(kind))]);
        assert_eq!(g.player().moves(), moves);
        assert_eq!(g.player().deaths(), 1);
    }

    #[test]
    fn taking_the_artefact_wins_and_scores() {
        let mut g = game("win");
        let art = g.artefact().expect("an artefact");
        let before = g.score();
        // Stand beside it and step on.
        let (from, d) = CardinalDirection::ALL
            .iter()
            .find_map(|&d| {
                let o = d.offset();
                let from = Point::new(art.x - o.dx, art.y - o.dy);
                g.ground(from).is_walkable().then_some((from, d))
            })
            .expect("the artefact has a walkable neighbour");
        g.player.at = from;
        g.player.vitals.roaming.clear();
        let events = g.apply(Action::Move(d));
        assert_eq!(events.last(), Some(&Event::GameOver(Ending::Victory)), "{events:?}");
        assert_eq!(g.ground(art), Ground::Floor);
        assert!(
            g.score() >= before + 500 + 25 * u64::from(QuestRules::default().artefact_distance)
        );
    }

    #[test]
    #[cfg(feature = "serde")]
    fn an_old_record_migrates_to_full_health() {
        let g = game("old");
        let old = PlayerV1::from(g.player());
        let bytes = postcard::to_allocvec(&old).expect("encodes");
        let back: PlayerV1 = postcard::from_bytes(&bytes).expect("decodes");
        let p = Player::from(back);
        assert_eq!(p.at(), g.player().at());
        assert_eq!(p.vitals(), &Vitals::fresh());
        // A version 1 record is not a version 2 one, and the other way round.
        assert!(postcard::take_from_bytes::<Player>(&bytes).is_err());
        let new = postcard::to_allocvec(g.player()).expect("encodes");
        assert!(!matches!(postcard::take_from_bytes::<PlayerV1>(&new), Ok((_, []))));
    }
}
