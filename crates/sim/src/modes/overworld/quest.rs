//! The default game's hunt: what makes an `overworld` game something to play for. None
//! of it is in CaveGame (Freddy Heppell's AQA Computer Science NEA); its "further
//! development" section and every roguelike player ask for it, and `--rules seed`
//! ([`Rules::seed`]) turns all of it off.
//!
//! - **Health carries over**: a fight starts at the player's current health and leaves
//!   what the last blow left. One hit point comes back every
//!   [`QuestRules::regen_every`] turns; resting ([`Action::Rest`]) heals one per turn.
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
//!   and `+L` damage and armour, and leaves `L + 1` times the gold.
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
use super::{Event, Overworld, PLAYER_HEALTH, Player};
use crate::Turn;

#[cfg(doc)]
use super::{Action, Rules};

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
}

impl Default for QuestRules {
    /// Heal every 4 turns, notice at 8 cells, wander half the turns, the artefact 5
    /// regions out, a level every 2 regions, 2 gold a hit point.
    fn default() -> QuestRules {
        QuestRules {
            regen_every: 4,
            notice: 8,
            roam_percent: 50,
            artefact_distance: 5,
            level_every: 2,
            heal_price: 2,
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

    /// One turn passes for the hunt (after a step or a rest): healing with time, then the
    /// monsters of the loaded regions act. Returns a monster that now sees the player.
    pub(super) fn pass_turn(&mut self, resting: bool) -> Option<Monster> {
        let q = *self.quest()?;
        let full = Hundredths::from_hp(PLAYER_HEALTH).0;
        let v = &mut self.player.vitals;
        v.regen = v.regen.saturating_add(if resting { q.regen_every.max(1) } else { 1 });
        if v.regen >= q.regen_every.max(1) {
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
            let to = self.monster_step(m, rc, q);
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

    /// Where monster `m` of region `rc` goes this turn.
    fn monster_step(&self, m: Monster, rc: RegionCoord, q: &QuestRules) -> Point {
        let player = self.player.at;
        let turn = i64::try_from(self.player.moves.0).unwrap_or(i64::MAX);
        let mut rng =
            Rng::new(self.seed.derive("overworld/roam", &[rc.x.into(), rc.y.into(), turn]));
        let open = |p: Point| {
            p != player
                && world_to_region(p, self.world.region_size()).0 == rc
                && self.ground(p).is_walkable()
        };
        let steps: Vec<Point> = CardinalDirection::ALL
            .iter()
            .filter_map(|d| {
                let o = d.offset();
                Some(Point::new(m.at.x.checked_add(o.dx)?, m.at.y.checked_add(o.dy)?))
            })
            .filter(|&p| open(p))
            .collect();
        let notice = i64::from(q.notice);
        let hunts = distance2(m.at, player) <= notice * notice
            && line_of_sight(m.at, player, |c| !self.ground(c).is_walkable());
        if hunts {
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
            assert_eq!(region_distance(rc, RegionCoord::new(0, 0)), 5);
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
        assert_eq!(g.monster_level(g.region_of(far.at)), 3);
        assert_eq!((f.health, f.damage, f.armour), (Hundredths(2500 + 625 * 3), 6, 3));
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
        assert!(g.score() >= before + 500 + 25 * 5);
    }

    #[test]
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
