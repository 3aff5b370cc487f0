//! The monsters: kinds, their stats and sight (CaveGame (Freddy Heppell's AQA Computer Science NEA) §2.4.2, requirement 7.1).
//!
//! CaveGame has one kind ("M": 25 health, 3 damage, no armour, sight radius 3) and its
//! evaluation asks for more; here are five, each with its own sight radius. Monsters
//! stand still (as in CaveGame) and fight whoever steps into their sight.

use std::fmt;

use torchlit_geom::Point;
use torchlit_rng::Rng;

use super::combat::{Combatant, Hundredths};

/// A kind of monster.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum MonsterKind {
    /// A cave rat: weak, short-sighted.
    Rat,
    /// A goblin: CaveGame's one monster (25 health, 3 damage, sight 3).
    Goblin,
    /// A bat: frail, but it notices you from far away.
    Bat,
    /// A troll: hard to kill, hits like the damage table's "regular monster" (7).
    Troll,
    /// A wraith: rare and deadly.
    Wraith,
}

/// What a kind of monster is like.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MonsterStats {
    /// Its name.
    pub name: &'static str,
    /// Health, in whole hit points.
    pub health: u32,
    /// Damage of each blow.
    pub damage: u32,
    /// Armour points.
    pub armour: u32,
    /// Sight radius in cells (see [`in_sight_area`]).
    pub sight: u32,
    /// How often it appears, relative to the others.
    pub weight: u32,
}

/// The largest sight radius of any kind: how far from a region a monster can see into it.
pub const MAX_SIGHT: u32 = 6;

impl MonsterKind {
    /// Every kind.
    pub const ALL: [MonsterKind; 5] = [
        MonsterKind::Rat,
        MonsterKind::Goblin,
        MonsterKind::Bat,
        MonsterKind::Troll,
        MonsterKind::Wraith,
    ];

    /// Its stats:
    ///
    /// | kind | health | damage | armour | sight | weight |
    /// |---|---|---|---|---|---|
    /// | rat | 10 | 2 | 0 | 2 | 25 |
    /// | goblin | 25 | 3 | 0 | 3 | 35 |
    /// | bat | 8 | 2 | 0 | 6 | 20 |
    /// | troll | 40 | 7 | 3 | 4 | 15 |
    /// | wraith | 30 | 9 | 2 | 5 | 5 |
    pub const fn stats(self) -> MonsterStats {
        const fn s(
            name: &'static str,
            health: u32,
            damage: u32,
            armour: u32,
            sight: u32,
            weight: u32,
        ) -> MonsterStats {
            MonsterStats { name, health, damage, armour, sight, weight }
        }
        match self {
            MonsterKind::Rat => s("rat", 10, 2, 0, 2, 25),
            MonsterKind::Goblin => s("goblin", 25, 3, 0, 3, 35),
            MonsterKind::Bat => s("bat", 8, 2, 0, 6, 20),
            MonsterKind::Troll => s("troll", 40, 7, 3, 4, 15),
            MonsterKind::Wraith => s("wraith", 30, 9, 2, 5, 5),
        }
    }

    /// Its name.
    pub const fn name(self) -> &'static str {
        self.stats().name
    }

    /// Its sight radius.
    pub const fn sight(self) -> u32 {
        self.stats().sight
    }

    /// Its stats at the start of a fight.
    pub const fn combatant(self) -> Combatant {
        let s = self.stats();
        Combatant { health: Hundredths::from_hp(s.health), damage: s.damage, armour: s.armour }
    }

    /// A kind chosen by weight.
    pub fn roll(rng: &mut Rng) -> MonsterKind {
        let weights = MonsterKind::ALL.map(|k| k.stats().weight);
        rng.weighted(&weights)
            .and_then(|i| MonsterKind::ALL.get(i).copied())
            .unwrap_or(MonsterKind::Goblin)
    }
}

impl fmt::Display for MonsterKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A monster of the world: its kind and where it stands (world coordinates). Each region
/// has one, placed by the spiral search nearest its centre.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Monster {
    /// What it is.
    pub kind: MonsterKind,
    /// Where it stands.
    pub at: Point,
}

/// Whether the cell `offset` away from a monster lies in its sight area of radius `r`:
/// `dx² + dy² ≤ 1.8·r²` (CaveGame §2.4.2: the plain circle `r²` looked too thin on a grid,
/// so CaveGame widens it by 1.8), computed exactly as `5·(dx² + dy²) ≤ 9·r²`.
///
/// ```
/// use torchlit_sim::modes::overworld::in_sight_area;
///
/// assert!(in_sight_area(3, 2, 3)); // 13 ≤ 16.2
/// assert!(!in_sight_area(3, 3, 3)); // 18 > 16.2
/// assert!(in_sight_area(4, 0, 3)); // 16 ≤ 16.2
/// ```
pub fn in_sight_area(dx: i64, dy: i64, r: u32) -> bool {
    let square = |v: u128| v.saturating_mul(v);
    let d2 =
        square(u128::from(dx.unsigned_abs())).saturating_add(square(u128::from(dy.unsigned_abs())));
    d2.saturating_mul(5) <= square(u128::from(r)) * 9
}

#[cfg(test)]
mod tests {
    use super::*;
    use torchlit_rng::Seed;

    #[test]
    fn the_goblin_is_the_seed_monster() {
        let g = MonsterKind::Goblin.stats();
        assert_eq!((g.health, g.damage, g.armour, g.sight), (25, 3, 0, 3));
        let sights: std::collections::BTreeSet<u32> =
            MonsterKind::ALL.iter().map(|k| k.sight()).collect();
        assert_eq!(sights.len(), MonsterKind::ALL.len(), "each kind has its own sight radius");
        assert_eq!(MonsterKind::ALL.iter().map(|k| k.sight()).max(), Some(MAX_SIGHT));
    }

    #[test]
    fn kinds_follow_their_weights() {
        let mut rng = Rng::new(Seed(2));
        let mut counts = [0u32; 5];
        for _ in 0..10_000 {
            let k = MonsterKind::roll(&mut rng);
            counts[MonsterKind::ALL.iter().position(|&x| x == k).unwrap_or(0)] += 1;
        }
        assert!(counts.iter().all(|&c| c > 200), "{counts:?}");
        assert!(counts[1] > counts[4] * 4, "{counts:?}");
    }

    #[test]
    fn the_sight_area_is_the_widened_circle() {
        // Radius 1: the 3x3 block (2 ≤ 1.8 holds? 5·2 = 10 > 9: corners are out).
        let cells: Vec<(i64, i64)> = (-2..=2)
            .flat_map(|y| (-2..=2).map(move |x| (x, y)))
            .filter(|&(x, y)| in_sight_area(x, y, 1))
            .collect();
        assert_eq!(cells, [(0, -1), (-1, 0), (0, 0), (1, 0), (0, 1)]);
        let r3 = (-5..=5).flat_map(|y| (-5..=5).map(move |x| (x, y)));
        assert_eq!(r3.filter(|&(x, y)| in_sight_area(x, y, 3)).count(), 49);
        assert!(!in_sight_area(i64::MAX, i64::MIN, u32::MAX), "no overflow");
    }
}
