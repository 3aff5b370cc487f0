//! Turn-based fights between the player and one monster (CaveGame (Freddy Heppell's AQA Computer Science NEA) requirement 7, §2.4.5,
//! `CombatManager`).
//!
//! - **Turns alternate**; who strikes first is a coin toss.
//! - **Damage**: a blow of `d` against a defender with `a` armour points left uses
//!   `min(d, a)` points and does `D = d − e·m·min(d, a)`, with `e` the protection of one
//!   armour point (0.3) and `m` the damage multiplier (1.2) ([`damage`]).
//! - **Armour comes back two turns later**: each defender keeps a queue of points to give
//!   back, primed with two zeros; before each blow it receives (the first entry of the
//!   queue goes back onto its armour), after the blow the points used join the queue.
//! - **Stuns**: after each blow, with the stun probability, the attacker stuns the defender
//!   and strikes again; on that extra blow the defender gets no armour back (its queue
//!   waits one turn).
//! - Both start at full health and armour; the fight goes on until one has no health
//!   left (or [`CombatRules::max_turns`] blows, when neither can hurt the other).
//!
//! Health and damage are counted in exact hundredths of a hit point ([`Hundredths`]): the
//! protection `e·m` is rounded to hundredths once, so `1.92` is exactly `1.92`.

use std::collections::VecDeque;
use std::fmt;
use std::ops::RangeInclusive;

use torchlit_rng::Rng;

/// An amount of health or damage in hundredths of a hit point (`Hundredths(192)` is 1.92).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Hundredths(pub u32);

impl Hundredths {
    /// Whole hit points.
    pub const fn from_hp(hp: u32) -> Hundredths {
        Hundredths(hp.saturating_mul(100))
    }
}

impl fmt::Display for Hundredths {
    /// Two decimals, as CaveGame's combat log prints them: `48.08`, `5.00`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{:02}", self.0 / 100, self.0 % 100)
    }
}

/// One side of a fight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Side {
    /// The player.
    Player,
    /// The monster.
    Monster,
}

impl Side {
    /// The other side.
    pub const fn other(self) -> Side {
        match self {
            Side::Player => Side::Monster,
            Side::Monster => Side::Player,
        }
    }
}

/// A fighter's stats at the start of a fight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Combatant {
    /// Starting (full) health.
    pub health: Hundredths,
    /// Damage of each blow, in whole hit points (`d`).
    pub damage: u32,
    /// Armour points (`a` at the start).
    pub armour: u32,
}

/// The tuning of combat as a player writes it (CaveGame's `fArmourProtection`,
/// `fDamageMultiplier`, `fCombatStunProbability`; the config's `[play]` table), with
/// CaveGame's values as defaults and the ranges a config file may give. The fights use
/// it as [`CombatRules`] (`CombatRules::from(tuning)`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CombatTuning {
    /// What one armour point blocks, as a fraction of a hit point (`e` = 0.3).
    pub armour_protection: f64,
    /// Multiplies armour protection in `D = d - e*m*min(d, a)` (`m` = 1.2).
    pub damage_multiplier: f64,
    /// The chance that a blow stuns the defender (0.1).
    pub stun_probability: f64,
}

impl CombatTuning {
    /// The values a config may give [`CombatTuning::armour_protection`].
    pub const ARMOUR_PROTECTION: RangeInclusive<f64> = 0.0..=1.0;
    /// The values a config may give [`CombatTuning::damage_multiplier`].
    pub const DAMAGE_MULTIPLIER: RangeInclusive<f64> = 0.0..=10.0;
    /// The values a config may give [`CombatTuning::stun_probability`].
    pub const STUN_PROBABILITY: RangeInclusive<f64> = 0.0..=1.0;
}

impl Default for CombatTuning {
    /// CaveGame's numbers: `e = 0.3`, `m = 1.2`, stun probability 0.1.
    fn default() -> CombatTuning {
        CombatTuning { armour_protection: 0.3, damage_multiplier: 1.2, stun_probability: 0.1 }
    }
}

impl From<CombatTuning> for CombatRules {
    fn from(t: CombatTuning) -> CombatRules {
        CombatRules::new(t.armour_protection, t.damage_multiplier, t.stun_probability)
    }
}

/// The numbers of combat as the fights use them, made from a [`CombatTuning`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CombatRules {
    /// `e·m` in hundredths of a hit point: what one armour point takes off a blow.
    pub protection: u32,
    /// The chance that a blow stuns the defender (0 to 1).
    pub stun_probability: f64,
    /// The most blows in one fight: then the player breaks off (only when neither can
    /// hurt the other).
    pub max_turns: u32,
}

impl Default for CombatRules {
    /// From the default [`CombatTuning`]: `e = 0.3`, `m = 1.2`, stun probability 0.1.
    fn default() -> CombatRules {
        CombatRules::from(CombatTuning::default())
    }
}

impl CombatRules {
    /// Rules with armour protection `e`, damage multiplier `m` (only `e·m` matters, rounded
    /// to hundredths of a hit point) and the stun probability; values that are not finite
    /// count as 0, the probability is clamped to `[0, 1]`.
    pub fn new(armour_protection: f64, damage_multiplier: f64, stun_probability: f64) -> Self {
        let em = armour_protection * damage_multiplier * 100.0;
        let protection = if em.is_finite() { em.round().clamp(0.0, 1e6) as u32 } else { 0 };
        let stun =
            if stun_probability.is_finite() { stun_probability.clamp(0.0, 1.0) } else { 0.0 };
        CombatRules { protection, stun_probability: stun, max_turns: 1000 }
    }
}

/// CaveGame's damage formula `D = d − e·m·min(d, a)` for a blow of `raw` damage against
/// `armour` points, with `protection = e·m` in hundredths: returns the damage done (never
/// below 0) and the armour points used.
///
/// ```
/// use torchlit_sim::modes::overworld::combat::{damage, Hundredths};
///
/// // CaveGame's combat log: a blow of 3 against 5 armour points, e·m = 0.36.
/// assert_eq!(damage(3, 5, 36), (Hundredths(192), 3));
/// // The damage table (m = 1): an iron sword (7) against iron armour (10).
/// assert_eq!(damage(7, 10, 30), (Hundredths(490), 7));
/// ```
pub fn damage(raw: u32, armour: u32, protection: u32) -> (Hundredths, u32) {
    let used = raw.min(armour);
    let blocked = u64::from(protection) * u64::from(used);
    let done = (u64::from(raw) * 100).saturating_sub(blocked);
    (Hundredths(done.min(u64::from(u32::MAX)) as u32), used)
}

/// One line of a fight's log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum FightEntry {
    /// Armour points used two turns ago came back to `side` (only logged when not 0).
    ArmourRestored {
        /// Who got them back.
        side: Side,
        /// How many.
        points: u32,
    },
    /// A blow.
    Blow {
        /// Who struck.
        attacker: Side,
        /// The damage done.
        damage: Hundredths,
        /// The defender's armour points it used up.
        armour_used: u32,
        /// The defender's armour points left.
        armour_left: u32,
        /// The defender's health left.
        health_left: Hundredths,
    },
    /// The attacker stunned the defender and strikes again.
    Stun {
        /// Who stunned.
        attacker: Side,
    },
}

/// A whole fight: who started, every blow, who won.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FightLog {
    /// Who struck first.
    pub first: Side,
    /// What happened, in order.
    pub entries: Vec<FightEntry>,
    /// The side left standing; `None` when the fight was broken off after
    /// [`CombatRules::max_turns`] blows.
    pub winner: Option<Side>,
    /// The player's health at the end.
    pub player_health: Hundredths,
    /// The monster's health at the end.
    pub monster_health: Hundredths,
}

impl FightLog {
    /// How many blows were struck.
    pub fn blows(&self) -> usize {
        self.entries.iter().filter(|e| matches!(e, FightEntry::Blow { .. })).count()
    }
}

/// The random decisions of a fight: who starts, and whether a blow stuns.
pub trait Dice {
    /// Who strikes first.
    fn first(&mut self) -> Side;
    /// Whether the blow `attacker` just struck stuns the defender.
    fn stuns(&mut self, attacker: Side) -> bool;
}

/// [`Dice`] from the game's generator: a fair coin for the first blow, the stun
/// probability for stuns.
#[derive(Debug)]
pub struct RngDice<'a> {
    /// The generator.
    pub rng: &'a mut Rng,
    /// The chance of a stun per blow.
    pub stun_probability: f64,
}

impl Dice for RngDice<'_> {
    fn first(&mut self) -> Side {
        if self.rng.ratio(1, 2) { Side::Player } else { Side::Monster }
    }

    fn stuns(&mut self, _attacker: Side) -> bool {
        self.rng.chance(self.stun_probability)
    }
}

/// A fighter during a fight (CaveGame's `Entity`: health, armour, `armourChange`).
struct Fighter {
    stats: Combatant,
    health: u32,
    armour: u32,
    pending: VecDeque<u32>,
}

impl Fighter {
    fn new(stats: Combatant) -> Fighter {
        // `resetStats`: full health and armour, and two zeros so nothing comes back on
        // the first two turns.
        Fighter {
            stats,
            health: stats.health.0,
            armour: stats.armour,
            pending: VecDeque::from([0, 0]),
        }
    }
}

/// Fights `player` against `monster` to the end (see the module docs for the rules).
pub fn fight(
    player: Combatant,
    monster: Combatant,
    rules: &CombatRules,
    dice: &mut impl Dice,
) -> FightLog {
    let mut sides = [Fighter::new(player), Fighter::new(monster)];
    let index = |s: Side| match s {
        Side::Player => 0,
        Side::Monster => 1,
    };
    let first = dice.first();
    let mut turn = first;
    let mut extra = false;
    let mut entries = Vec::new();
    let mut winner = None;
    for _ in 0..rules.max_turns {
        let defender_side = turn.other();
        let raw = sides[index(turn)].stats.damage;
        let defender = &mut sides[index(defender_side)];
        if extra {
            // Stunned: no armour back this turn.
            extra = false;
        } else if let Some(points) = defender.pending.pop_front() {
            defender.armour = defender.armour.saturating_add(points);
            if points > 0 {
                entries.push(FightEntry::ArmourRestored { side: defender_side, points });
            }
        }
        let (done, used) = damage(raw, defender.armour, rules.protection);
        defender.health = defender.health.saturating_sub(done.0);
        defender.armour -= used;
        defender.pending.push_back(used);
        entries.push(FightEntry::Blow {
            attacker: turn,
            damage: done,
            armour_used: used,
            armour_left: defender.armour,
            health_left: Hundredths(defender.health),
        });
        if defender.health == 0 {
            winner = Some(turn);
            break;
        }
        if dice.stuns(turn) {
            entries.push(FightEntry::Stun { attacker: turn });
            extra = true;
        } else {
            turn = defender_side;
        }
    }
    FightLog {
        first,
        entries,
        winner,
        player_health: Hundredths(sides[0].health),
        monster_health: Hundredths(sides[1].health),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Dice that play a script: who starts, then one stun answer per blow (false after).
    struct Script {
        first: Side,
        stuns: Vec<bool>,
    }

    impl Dice for Script {
        fn first(&mut self) -> Side {
            self.first
        }
        fn stuns(&mut self, _: Side) -> bool {
            if self.stuns.is_empty() { false } else { self.stuns.remove(0) }
        }
    }

    fn blow_text(e: &FightEntry) -> Option<String> {
        match e {
            FightEntry::Blow { attacker, damage, armour_used, armour_left, health_left } => {
                Some(match attacker {
                    Side::Monster if *armour_used > 0 => format!(
                        "E {damage} using {armour_used} ({armour_left} remaining) {health_left}"
                    ),
                    Side::Monster => format!("E {damage} {health_left}"),
                    Side::Player => format!("P {damage}"),
                })
            }
            FightEntry::Stun { .. } => Some("stun".into()),
            FightEntry::ArmourRestored { points, .. } => Some(format!("{points} restored")),
        }
    }

    /// CaveGame's combat log (§4.1, requirement 7.3): the player (50 health, leather armour
    /// 5, a sword of 5) against the monster (25 health, 3 damage); the enemy goes first,
    /// and stuns the player on its second and fourth blows.
    #[test]
    fn reproduces_the_seed_combat_log() {
        let player = Combatant { health: Hundredths::from_hp(50), damage: 5, armour: 5 };
        let monster = Combatant { health: Hundredths::from_hp(25), damage: 3, armour: 0 };
        let rules = CombatRules::default();
        assert_eq!(rules.protection, 36);
        // One answer per blow: T1 no, T2 no, T3 stun, T4 no, T5 no, T6 stun.
        let mut dice =
            Script { first: Side::Monster, stuns: vec![false, false, true, false, false, true] };
        let log = fight(player, monster, &rules, &mut dice);
        let lines: Vec<String> = log.entries.iter().filter_map(blow_text).collect();
        assert_eq!(
            lines,
            [
                "E 1.92 using 3 (2 remaining) 48.08",
                "P 5.00",
                "E 2.28 using 2 (0 remaining) 45.80",
                "stun",
                "E 3.00 42.80",
                "P 5.00",
                "3 restored",
                "E 1.92 using 3 (0 remaining) 40.88",
                "stun",
                "E 3.00 37.88",
                "P 5.00",
                "2 restored",
                "E 2.28 using 2 (0 remaining) 35.60",
                "P 5.00",
                "E 3.00 32.60",
                "P 5.00",
            ]
        );
        assert_eq!(log.first, Side::Monster);
        assert_eq!(log.winner, Some(Side::Player));
        assert_eq!((log.player_health, log.monster_health), (Hundredths(3260), Hundredths(0)));
    }

    /// CaveGame's damage table (§2.4.5, "assuming the full value of armour is available"),
    /// which uses `m = 1`: rows are armour (none, leather, chainmail, iron, infused),
    /// columns the wood, iron, steel and infused swords and the regular monster (7).
    #[test]
    fn reproduces_the_seed_damage_table() {
        let protection = CombatRules::new(0.3, 1.0, 0.0).protection;
        assert_eq!(protection, 30);
        let table: [(u32, [&str; 5]); 5] = [
            (0, ["3.00", "7.00", "10.00", "14.00", "7.00"]),
            (5, ["2.10", "5.50", "8.50", "12.50", "5.50"]),
            (8, ["2.10", "4.90", "7.60", "11.60", "4.90"]),
            (10, ["2.10", "4.90", "7.00", "11.00", "4.90"]),
            (12, ["2.10", "4.90", "7.00", "10.40", "4.90"]),
        ];
        for (armour, row) in table {
            for (d, want) in [3, 7, 10, 14, 7].into_iter().zip(row) {
                assert_eq!(damage(d, armour, protection).0.to_string(), want, "{d} vs {armour}");
            }
        }
    }

    #[test]
    fn a_stunned_defender_gets_no_armour_back() {
        // Armour 2, blows of 2: the first uses both points; a stun follows, so the second
        // blow finds no armour and the queue still holds the points for later.
        let player = Combatant { health: Hundredths::from_hp(100), damage: 0, armour: 2 };
        let monster = Combatant { health: Hundredths::from_hp(100), damage: 2, armour: 0 };
        let mut dice = Script { first: Side::Monster, stuns: vec![true, true, false] };
        let rules = CombatRules { max_turns: 4, ..CombatRules::default() };
        let log = fight(player, monster, &rules, &mut dice);
        let used: Vec<u32> = log
            .entries
            .iter()
            .filter_map(|e| match e {
                FightEntry::Blow { attacker: Side::Monster, armour_used, .. } => Some(*armour_used),
                _ => None,
            })
            .collect();
        assert_eq!(used, [2, 0, 0]);
        assert_eq!(log.winner, None, "nobody falls within 4 blows");
    }

    #[test]
    fn a_fight_nobody_can_win_is_broken_off() {
        let wall = Combatant { health: Hundredths::from_hp(10), damage: 0, armour: 0 };
        let mut rng = Rng::new(torchlit_rng::Seed(3));
        let mut dice = RngDice { rng: &mut rng, stun_probability: 0.5 };
        let log = fight(wall, wall, &CombatRules::default(), &mut dice);
        assert_eq!(log.winner, None);
        assert_eq!(log.blows(), 1000);
    }

    #[test]
    fn rules_sanitise_their_numbers() {
        assert_eq!(CombatRules::new(f64::NAN, 1.0, f64::INFINITY).protection, 0);
        assert_eq!(CombatRules::new(0.3, 1.0, 7.0).stun_probability, 1.0);
        // Protection above the blow never heals.
        assert_eq!(damage(3, 10, 500), (Hundredths(0), 3));
    }
}
