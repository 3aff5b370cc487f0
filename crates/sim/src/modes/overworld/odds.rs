//! A monster's strength before contact: its stats at its level, and the player's odds
//! against it, as a player would reckon them from the screen.

use torchlit_rng::{Rng, Seed};

use super::combat::{Combatant, Hundredths, RngDice, Side, fight};
use super::{Monster, Overworld};

/// Fights imagined per estimate ([`Overworld::odds`]).
pub const ODDS_TRIALS: u32 = 200;

/// How a fight against a monster would likely go, from the player's health and gear now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Odds {
    /// The monster's stats at the start of the fight (its level's bonus included).
    pub foe: Combatant,
    /// The monster's level (0 near the start, see [`Overworld::monster_level`]).
    pub level: u32,
    /// In how many of [`ODDS_TRIALS`] imagined fights the player wins, in percent (0 to
    /// 100, rounded down: 100 means every imagined fight was won).
    pub win_percent: u32,
    /// The player's health after the median won fight (`None` when none was won).
    pub health_after: Option<Hundredths>,
}

impl Overworld {
    /// The odds of fighting `monster` now: [`ODDS_TRIALS`] fights played out with the
    /// player's gear and health now (full health under `--rules seed`, where every fight
    /// starts afresh) against the monster at its level, with dice of their own (a fixed
    /// seed: the same situation always gives the same estimate, and the game's own
    /// generator is never touched).
    pub fn odds(&self, monster: &Monster) -> Odds {
        let mut me = self.player.combatant();
        if self.quest().is_some() {
            me.health = self.health();
        }
        let foe = self.monster_combatant(monster);
        let level = self.monster_level(self.region_of(monster.at));
        let rules = self.rules.combat;
        let mut rng = Rng::new(Seed::from_text("overworld/odds"));
        let mut left: Vec<u32> = Vec::new();
        for _ in 0..ODDS_TRIALS {
            let mut dice = RngDice { rng: &mut rng, stun_probability: rules.stun_probability };
            let log = fight(me, foe, &rules, &mut dice);
            if log.winner == Some(Side::Player) {
                left.push(log.player_health.0);
            }
        }
        left.sort_unstable();
        let won = u32::try_from(left.len()).unwrap_or(ODDS_TRIALS);
        Odds {
            foe,
            level,
            win_percent: won * 100 / ODDS_TRIALS,
            health_after: left.get(left.len() / 2).map(|&h| Hundredths(h)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{MonsterKind, QuestRules, Rules};
    use super::*;
    use torchlit_geom::Point;
    use torchlit_procgen::RegionCoord;

    fn game(rules: Rules) -> Overworld {
        Overworld::new(Seed::from_text("odds"), rules).expect("a world")
    }

    /// A monster of `kind` in region `rc` (its stats depend on the region only).
    fn at(rc: RegionCoord, kind: MonsterKind) -> Monster {
        Monster { kind, at: Point::new(rc.x * 50 + 25, rc.y * 50 + 25) }
    }

    #[test]
    fn odds_are_stable_and_follow_health_and_strength() {
        let mut g = game(Rules::default());
        let rat = at(RegionCoord::new(0, 0), MonsterKind::Rat);
        let far_troll = at(RegionCoord::new(4, 0), MonsterKind::Troll);
        assert_eq!(g.odds(&rat), g.odds(&rat), "the same situation, the same estimate");
        assert_eq!(g.odds(&rat).win_percent, 100);
        assert!(g.odds(&far_troll).win_percent < 5, "{:?}", g.odds(&far_troll));
        assert_eq!(g.odds(&far_troll).level, 3);
        let full = g.odds(&rat).health_after.expect("won");
        g.player.vitals.health = Hundredths(2000);
        let hurt = g.odds(&rat).health_after.expect("won");
        assert!(hurt < full, "{hurt} < {full}");
    }

    #[test]
    fn the_gentle_ring_is_beatable_with_the_starting_gear_from_full_health() {
        let g = game(Rules::default());
        for y in -1..=1 {
            for x in -1..=1 {
                let rc = RegionCoord::new(x, y);
                assert!(g.is_gentle(rc), "{rc:?}");
                for kind in MonsterKind::ALL {
                    let m = g.tamed(rc, at(rc, kind));
                    assert!(matches!(
                        m.kind,
                        MonsterKind::Rat | MonsterKind::Goblin | MonsterKind::Bat
                    ));
                    let odds = g.odds(&m);
                    assert_eq!(odds.level, 0, "{rc:?}");
                    assert_eq!(odds.win_percent, 100, "{kind} in {rc:?}: {odds:?}");
                    let after = odds.health_after.expect("won");
                    assert!(after >= Hundredths::from_hp(25), "{kind}: {after} left");
                }
            }
        }
        // Past the ring, trolls are trolls again.
        let rc = RegionCoord::new(2, 0);
        assert!(!g.is_gentle(rc));
        assert_eq!(g.tamed(rc, at(rc, MonsterKind::Troll)).kind, MonsterKind::Troll);
        assert_eq!(g.monster_level(rc), 1);
    }

    #[test]
    fn without_the_gentle_ring_the_old_numbers_hold() {
        let old = QuestRules { gentle: 0, fast_from: 1, ..QuestRules::default() };
        let g = game(Rules { quest: Some(old), ..Rules::default() });
        let rc = RegionCoord::new(1, 1);
        assert!(!g.is_gentle(rc));
        assert_eq!(g.tamed(rc, at(rc, MonsterKind::Troll)).kind, MonsterKind::Troll);
        assert_eq!(g.monster_level(rc), 1);
        // CaveGame's own game: every kind as rolled, level 0 everywhere, odds from full health.
        let seed = game(Rules::original());
        let rc = RegionCoord::new(0, 0);
        assert!(!seed.is_gentle(rc));
        assert_eq!(seed.tamed(rc, at(rc, MonsterKind::Wraith)).kind, MonsterKind::Wraith);
        let odds = seed.odds(&at(RegionCoord::new(9, 9), MonsterKind::Goblin));
        assert_eq!((odds.level, odds.foe), (0, MonsterKind::Goblin.combatant()));
    }
}
