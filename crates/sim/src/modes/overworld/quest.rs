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
}

mod goal;
mod monsters;
mod turns;
mod vitals;

pub use vitals::{PlayerV1, Vitals};

#[cfg(test)]
mod tests;
