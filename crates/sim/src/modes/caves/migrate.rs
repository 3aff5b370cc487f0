//! Runs saved by older torchlit versions, read into today's [`Caves`].
//!
//! A saved run is the postcard encoding of the game's saved fields, in order. The
//! snapshot formats so far:
//!
//! | format | written by | compared with the next |
//! |---|---|---|
//! | 1 | torchlit before the caves rulesets (up to the parent of commit 644a4ac) | no [`Rules`] at the end |
//! | 2 | today | - |
//!
//! A front end decodes a snapshot as [`Caves`] (format 2) first and, when that fails, as
//! [`CavesV1`]. The two cannot be confused: a format-1 snapshot ends where format 2's
//! rules begin (too short for format 2), and a format-2 snapshot has the rules left over
//! after format 1's fields (a whole-record decode refuses leftovers).

use super::{ActiveLevels, Rules};
#[cfg(feature = "serde")]
use super::{Caves, CavesError, Saved};

/// The rules format-1 runs were played by: deeper monsters stronger and a hit point
/// every 10 turns (as the default rules), but every level simulated from turn 0 and
/// fungi offspring spreading (as the tutorial), which the default rules changed with
/// format 2. A migrated run plays on as it was played.
pub const FORMAT_1_RULES: Rules = Rules {
    depth_scaling: true,
    regen_turns: 10,
    active_levels: ActiveLevels::All,
    offspring_spread: true,
};

/// A run saved in snapshot format 1 (today's encoding without the trailing [`Rules`],
/// written before the caves rulesets); `Caves::from` it to
/// play on under [`FORMAT_1_RULES`].
#[cfg(feature = "serde")]
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(try_from = "SavedV1")]
pub struct CavesV1(Caves);

#[cfg(feature = "serde")]
impl From<CavesV1> for Caves {
    fn from(old: CavesV1) -> Caves {
        old.0
    }
}

/// Format 1's saved fields: format 2's without the rules.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct SavedV1 {
    seed: super::Seed,
    rng: torchlit_rng::Rng,
    levels: Vec<super::Level>,
    creatures: crate::engine::Actors<super::Creature>,
    player: crate::engine::ActorId,
    hero: super::Hero,
    memory: Vec<torchlit_geom::Grid<Option<super::Remembered>>>,
    turn: crate::Turn,
    record: super::Record,
    outcome: Option<super::Outcome>,
    journal: std::collections::VecDeque<super::Entry>,
    noticed: std::collections::BTreeSet<crate::engine::ActorId>,
}

#[cfg(feature = "serde")]
impl TryFrom<SavedV1> for CavesV1 {
    type Error = CavesError;

    fn try_from(s: SavedV1) -> Result<CavesV1, CavesError> {
        let saved = Saved {
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
            rules: FORMAT_1_RULES,
        };
        Caves::try_from(saved).map(CavesV1)
    }
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use super::*;
    use crate::modes::caves::{Action, Seed};

    /// A format-1 snapshot of `game`: format 2 is format 1 followed by the rules, so the
    /// old shape is today's encoding with the rules' bytes cut off the end.
    fn format_1(game: &Caves) -> Vec<u8> {
        let bytes = postcard::to_allocvec(game).expect("encodes");
        let rules = postcard::to_allocvec(&game.rules).expect("encodes");
        assert!(bytes.ends_with(&rules), "the rules are the last saved field");
        bytes[..bytes.len() - rules.len()].to_vec()
    }

    #[test]
    fn a_format_1_run_loads_and_plays_on_by_the_rules_it_had() {
        let mut game = Caves::new(Seed(5)).expect("caves");
        for _ in 0..40 {
            game.apply(Action::Explore);
        }
        let old = format_1(&game);
        assert!(postcard::from_bytes::<Caves>(&old).is_err(), "format 2 refuses format 1");
        let migrated: Caves = postcard::from_bytes::<CavesV1>(&old).expect("format 1").into();
        assert_eq!(migrated.rules(), FORMAT_1_RULES);
        let mut expected = game.clone();
        expected.rules = FORMAT_1_RULES;
        assert_eq!(migrated, expected);
        let mut played = migrated.clone();
        played.apply(Action::Wait);
        assert!(played.turn() > migrated.turn(), "the migrated run plays on");
    }

    #[test]
    fn a_format_2_run_is_not_read_as_format_1() {
        let game = Caves::new(Seed(6)).expect("caves");
        let bytes = postcard::to_allocvec(&game).expect("encodes");
        let (_, rest) = postcard::take_from_bytes::<CavesV1>(&bytes).expect("a prefix decodes");
        assert!(!rest.is_empty(), "the rules are left over, so a whole-record decode refuses");
    }
}
