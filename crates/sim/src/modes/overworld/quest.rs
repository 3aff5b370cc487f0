//! The default game's hunt: what makes an `overworld` game something to play for. None
//! of it is in CaveGame (Freddy Heppell's AQA Computer Science NEA); its "further
//! development" section and every roguelike player ask for it, and `--rules seed`
//! ([`Rules::original`]) turns all of it off.
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
//!   ([`Overworld::guards`], at most [`MAX_GUARDS`]) that stand at their posts and fight
//!   whoever steps into their sight; the start region has none. A guard that sees the
//!   player within [`QuestRules::guard_notice`] cells wakes and hunts like the roaming
//!   monster (never wandering); it stops where the player left its notice and is back on
//!   its post once its region is unloaded. Where the moved monsters and guards stand is
//!   saved with the player ([`Vitals`]).
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
    /// How far (Euclidean radius, in cells) a guard notices the player: within it, in
    /// line of sight, the guard leaves its post and hunts as the roaming monster does
    /// (0: guards never move, as in recordings made before guards hunted).
    pub guard_notice: u32,
    /// How many regions (Chebyshev) around the start are gentle: the regions closer than
    /// this to the start region hold no trolls nor wraiths (a troll there is a goblin, a
    /// wraith a rat), and monster levels count from the first region past them (the
    /// level of a region `d` out is `(d - (gentle - 1)) / level_every`), so the starting
    /// sword and armour beat every monster of the start region and the ring around it
    /// from full health (0 or 1: no gentle ring, as in recordings made before it).
    pub gentle: u32,
}

/// The most guards a region holds ([`QuestRules::guard_every`]).
pub const MAX_GUARDS: u32 = 7;

/// The default [`QuestRules::guard_notice`].
const GUARD_NOTICE: u32 = 12;

impl Default for QuestRules {
    /// Heal every 16 turns, notice at 12 cells (guards too), wander half the turns, the
    /// artefact 4 regions out, a level and a guard per region of distance, hunters no
    /// faster than the player (one step a turn, so a player can walk away), the start
    /// region and the ring around it gentle (no trolls nor wraiths, level 0), 2 gold a hit
    /// point. The balance these give is measured with `bench-play` in the book's balance
    /// chapter.
    fn default() -> QuestRules {
        QuestRules {
            regen_every: 16,
            notice: 12,
            roam_percent: 50,
            level_every: 1,
            heal_price: 2,
            guard_every: 1,
            fast_from: 0,
            artefact_distance: 4,
            guard_notice: GUARD_NOTICE,
            gentle: 2,
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

/// The part of the player record the default game adds: health between fights, the
/// monsters that moved, the farthest region reached and the ending. Under `--rules seed`
/// it stays at full health and is never used.
///
/// Saved as its layout version and then its fields, in the oldest layout that holds it:
/// version 2 (no [`Vitals::guards`]) while no guard is off its post, so records and state
/// hashes of games from before guards hunted stay as they were; version 3
/// ([`Vitals::VERSION`]) with the guards' cells. Both load.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vitals {
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
    /// Where the guards of loaded regions that left their posts stand, by region
    /// `(x, y)` and guard index ([`Overworld::guards`]).
    pub guards: BTreeMap<(i32, i32, u32), Point>,
}

impl Vitals {
    /// The newest layout version of the vitals (version 1 player records, from before
    /// the hunt, have none: see [`PlayerV1`]; version 2 has no guards' cells).
    pub const VERSION: u32 = 3;

    /// Full health, nothing moved, nothing ended.
    pub fn fresh() -> Vitals {
        Vitals {
            health: Hundredths::from_hp(PLAYER_HEALTH),
            regen: 0,
            roaming: BTreeMap::new(),
            farthest: 0,
            ending: None,
            guards: BTreeMap::new(),
        }
    }
}

#[cfg(feature = "serde")]
mod vitals_serde {
    use std::collections::BTreeMap;

    use serde::de::{self, SeqAccess, Visitor};
    use serde::ser::SerializeTuple;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::Vitals;

    impl Serialize for Vitals {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let v3 = !self.guards.is_empty();
            let mut t = s.serialize_tuple(if v3 { 7 } else { 6 })?;
            t.serialize_element(&if v3 { Vitals::VERSION } else { 2 })?;
            t.serialize_element(&self.health)?;
            t.serialize_element(&self.regen)?;
            t.serialize_element(&self.roaming)?;
            t.serialize_element(&self.farthest)?;
            t.serialize_element(&self.ending)?;
            if v3 {
                t.serialize_element(&self.guards)?;
            }
            t.end()
        }
    }

    impl<'de> Deserialize<'de> for Vitals {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Vitals, D::Error> {
            d.deserialize_tuple(7, VitalsVisitor)
        }
    }

    struct VitalsVisitor;

    /// The next field of the vitals, the `i`-th.
    fn field<'de, A: SeqAccess<'de>, T: Deserialize<'de>>(
        seq: &mut A,
        i: usize,
    ) -> Result<T, A::Error> {
        seq.next_element()?.ok_or_else(|| de::Error::invalid_length(i, &"the vitals' fields"))
    }

    impl<'de> Visitor<'de> for VitalsVisitor {
        type Value = Vitals;

        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a player's vitals: their layout version (2 or 3), then their fields")
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vitals, A::Error> {
            let version: u32 = field(&mut seq, 0)?;
            if !(2..=Vitals::VERSION).contains(&version) {
                return Err(de::Error::custom(format!("vitals layout {version} is unknown")));
            }
            Ok(Vitals {
                health: field(&mut seq, 1)?,
                regen: field(&mut seq, 2)?,
                roaming: field(&mut seq, 3)?,
                farthest: field(&mut seq, 4)?,
                ending: field(&mut seq, 5)?,
                guards: if version >= 3 { field(&mut seq, 6)? } else { BTreeMap::new() },
            })
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

/// How a monster steps this turn ([`Overworld::monster_step`]).
#[derive(Clone, Copy, Debug)]
struct Stepping {
    /// How far it notices the player, in cells (Euclidean).
    notice: u32,
    /// The chance, in percent, that it wanders when not hunting.
    roam_percent: u32,
    /// A cell it must not step onto besides walls, guards and the player.
    also: Option<Point>,
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
        self.quest().map_or(0, |q| {
            let d = region_distance(rc, self.region_of(self.shrine));
            d.saturating_sub(q.gentle.saturating_sub(1)) / q.level_every.max(1)
        })
    }

    /// Whether region `rc` is gentle ([`QuestRules::gentle`]): no trolls nor wraiths.
    pub fn is_gentle(&self, rc: RegionCoord) -> bool {
        self.quest().is_some_and(|q| region_distance(rc, self.region_of(self.shrine)) < q.gentle)
    }

    /// `monster` as region `rc` holds it: in a gentle region ([`QuestRules::gentle`]) a
    /// troll is a goblin and a wraith a rat.
    pub(super) fn tamed(&self, rc: RegionCoord, monster: Monster) -> Monster {
        Monster { kind: self.tamed_kind(rc, monster.kind), ..monster }
    }

    /// A monster of `kind` as region `rc` holds it (see [`Overworld::tamed`]).
    fn tamed_kind(&self, rc: RegionCoord, kind: MonsterKind) -> MonsterKind {
        match kind {
            MonsterKind::Troll if self.is_gentle(rc) => MonsterKind::Goblin,
            MonsterKind::Wraith if self.is_gentle(rc) => MonsterKind::Rat,
            other => other,
        }
    }

    /// Whether `monster` hunts the player now (the default game): it sees the player
    /// within its notice ([`QuestRules::notice`] for a region's roaming monster,
    /// [`QuestRules::guard_notice`] for a guard) along a clear line. A hunter steps
    /// towards the player every turn. Always `false` under `--rules seed`.
    pub fn is_hunting(&self, monster: &Monster) -> bool {
        self.notices(monster, self.player.at)
    }

    /// Whether `monster` would hunt a player standing on `p` (the default game): `p` lies
    /// within its notice ([`Overworld::is_hunting`]) along a clear line. A guard at its
    /// post wakes when the player steps into this area.
    pub fn notices(&self, monster: &Monster, p: Point) -> bool {
        let Some(q) = self.quest() else { return false };
        let notice = if self.is_guard(monster) { q.guard_notice } else { q.notice };
        let n = i64::from(notice);
        notice > 0
            && distance2(monster.at, p) <= n * n
            && line_of_sight(monster.at, p, |c| !self.ground(c).is_walkable())
    }

    /// Whether `monster` is one of its region's guards (the default game), at its post or
    /// not; `false` for a region's roaming monster.
    pub fn is_guard(&self, monster: &Monster) -> bool {
        let rc = self.region_of(monster.at);
        self.monster_of(rc).as_ref() != Some(monster) && self.guards(rc).contains(monster)
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
    /// start region), slain or not, where they stand now (see [`Overworld::guard_posts`]).
    /// A guard leaves its post only to hunt the player within
    /// [`QuestRules::guard_notice`] cells, and is back on it once its region is unloaded.
    pub fn guards(&self, rc: RegionCoord) -> Vec<Monster> {
        let mut guards = self.guard_posts(rc);
        let moved = &self.player.vitals.guards;
        for (k, g) in (0u32..).zip(guards.iter_mut()) {
            if let Some(&at) = moved.get(&(rc.x, rc.y, k)) {
                g.at = at;
            }
        }
        guards
    }

    /// The posts of the guards of region `rc`: `d / guard_every` of them, at most
    /// [`MAX_GUARDS`], for a region `d` regions from the start. Guard `k` stands on a
    /// spawnable cell drawn from the world seed, the region and `k` (never the roaming
    /// monster's home, the artefact or another guard's cell; a guard that finds no cell in
    /// 64 draws is left out); its kind is rolled like a region's monster.
    pub fn guard_posts(&self, rc: RegionCoord) -> Vec<Monster> {
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
            let kind = self.tamed_kind(rc, MonsterKind::roll(&mut rng));
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
        let here = |x: i32, y: i32| loaded.contains(&RegionCoord::new(x, y));
        self.player.vitals.roaming.retain(|&(x, y), _| here(x, y));
        self.player.vitals.guards.retain(|&(x, y, _), _| here(x, y));
        let mut watcher = None;
        for rc in loaded {
            let mut moved = Vec::new();
            if let Some(m) = self.monster_of(rc) {
                let how = Stepping { notice: q.notice, roam_percent: q.roam_percent, also: None };
                let to = self.monster_move(m, rc, q, how);
                if to != m.at {
                    self.player.vitals.roaming.insert((rc.x, rc.y), to);
                }
                moved.push(Monster { at: to, ..m });
            }
            if q.guard_notice > 0 {
                moved.extend(self.guards_act(rc, q));
            }
            if watcher.is_none() {
                watcher = moved.into_iter().find(|m| self.sees(m, self.player.at));
            }
        }
        watcher
    }

    /// The living guards of region `rc` that notice the player hunt; returns those that
    /// moved, where they are now.
    fn guards_act(&mut self, rc: RegionCoord, q: &QuestRules) -> Vec<Monster> {
        let slain = self.changes.get(&rc).map_or(0, |c| c.slain);
        let posts = self.guard_posts(rc);
        let mut moved = Vec::new();
        for (k, post) in (0u32..).zip(posts) {
            if slain & guard_bit(k as usize) != 0 {
                continue;
            }
            let key = (rc.x, rc.y, k);
            let at = self.player.vitals.guards.get(&key).copied().unwrap_or(post.at);
            let g = Monster { at, ..post };
            if !self.hunts(&g, q.guard_notice) {
                continue;
            }
            let also = self.monster_of(rc).map(|m| m.at);
            let how = Stepping { notice: q.guard_notice, roam_percent: 0, also };
            let to = self.monster_move(g, rc, q, how);
            if to != g.at {
                if to == post.at {
                    self.player.vitals.guards.remove(&key);
                } else {
                    self.player.vitals.guards.insert(key, to);
                }
                moved.push(Monster { at: to, ..g });
            }
        }
        moved
    }

    /// Where monster `m` of region `rc` ends this turn: one step ([`Overworld::monster_step`]),
    /// or two for a hunter of level [`QuestRules::fast_from`] or deeper that does not see
    /// the player after the first.
    fn monster_move(&self, m: Monster, rc: RegionCoord, q: &QuestRules, how: Stepping) -> Point {
        let mut to = self.monster_step(m, rc, how);
        let fast = q.fast_from > 0 && self.monster_level(rc) >= q.fast_from;
        if fast
            && self.hunts(&m, how.notice)
            && !self.sees(&Monster { at: to, ..m }, self.player.at)
        {
            to = self.monster_step(Monster { at: to, ..m }, rc, how);
        }
        to
    }

    /// Whether `m` hunts the player: within `notice` cells, in line of sight.
    fn hunts(&self, m: &Monster, notice: u32) -> bool {
        let (player, notice) = (self.player.at, i64::from(notice));
        distance2(m.at, player) <= notice * notice
            && line_of_sight(m.at, player, |c| !self.ground(c).is_walkable())
    }

    /// Where monster `m` of region `rc` steps this turn: towards the player when it hunts
    /// (within `how.notice` cells), else, with `how.roam_percent` chance, a random open
    /// neighbour. It never leaves its region nor steps onto the player, a wall, a guard
    /// (slain or not: where it fell) or `how.also`.
    fn monster_step(&self, m: Monster, rc: RegionCoord, how: Stepping) -> Point {
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
                && Some(p) != how.also
        };
        let steps: Vec<Point> = CardinalDirection::ALL
            .iter()
            .filter_map(|d| {
                let o = d.offset();
                Some(Point::new(m.at.x.checked_add(o.dx)?, m.at.y.checked_add(o.dy)?))
            })
            .filter(|&p| open(p))
            .collect();
        if self.hunts(&m, how.notice) {
            let now = distance2(m.at, player);
            return steps
                .into_iter()
                .filter(|&p| distance2(p, player) < now)
                .min_by_key(|&p| distance2(p, player))
                .unwrap_or(m.at);
        }
        if rng.below(100) < u64::from(how.roam_percent) {
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
mod tests;
