//! Runs saved by older torchlit versions, read into today's [`Caves`].
//!
//! A saved run is the postcard encoding of the game's saved fields, in order. The
//! snapshot formats so far:
//!
//! | format | written by | compared with the next |
//! |---|---|---|
//! | 1 | torchlit before the caves rulesets (up to the parent of commit 644a4ac) | no [`Rules`] at the end |
//! | 2 | torchlit before the stairs and bats rules (issue 32) | [`Rules`] without `stairs_attack`, `bats_interrupt`, `flee_to_stairs`, `arrival_clearance` |
//! | 3 | today | - |
//!
//! A front end decodes a snapshot as [`Caves`] (format 3) first and, when that fails, as
//! [`CavesV2`], then as [`CavesV1`]. They cannot be confused: each older format ends
//! where the next one's added fields begin (too short for the newer format), and the
//! newer ones are tried first.
//!
//! A format-2 state (rules whose format-3 fields hold the older behaviour,
//! [`Rules::is_format_2`]) hashes as it did in format 2 (`Caves::state_hash` leaves the
//! added bytes out), so recordings made before format 3 still verify.

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
    ..Rules::original().format_2_part()
};

/// Format 2's rules (and a version-1 caves recording's): today's first four fields.
#[cfg(feature = "serde")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RulesV2 {
    depth_scaling: bool,
    regen_turns: u64,
    active_levels: ActiveLevels,
    offspring_spread: bool,
}

#[cfg(feature = "serde")]
impl From<RulesV2> for Rules {
    /// The format-2 rules with the fields format 3 added as every run before it played.
    fn from(r: RulesV2) -> Rules {
        Rules {
            depth_scaling: r.depth_scaling,
            regen_turns: r.regen_turns,
            active_levels: r.active_levels,
            offspring_spread: r.offspring_spread,
            ..Rules::original()
        }
        .format_2_part()
    }
}

#[cfg(feature = "serde")]
impl From<Rules> for RulesV2 {
    /// The first four fields (the others are dropped: callers check
    /// [`Rules::is_format_2`] first).
    fn from(r: Rules) -> RulesV2 {
        RulesV2 {
            depth_scaling: r.depth_scaling,
            regen_turns: r.regen_turns,
            active_levels: r.active_levels,
            offspring_spread: r.offspring_spread,
        }
    }
}

/// The bytes snapshot format 3 adds at the end of a format-2 encoding of a game with
/// `rules` (the last saved field is the rules, and their added fields come last).
#[cfg(feature = "serde")]
pub(super) fn format_3_tail(rules: Rules) -> Vec<u8> {
    let whole = postcard::to_allocvec(&rules).unwrap_or_default();
    let old = postcard::to_allocvec(&RulesV2::from(rules)).unwrap_or_default();
    whole.get(old.len()..).map(<[u8]>::to_vec).unwrap_or_default()
}

/// A run saved in snapshot format 2 (rules of four fields); `Caves::from` it to play on
/// with the fields format 3 added as it was played ([`Rules::format_2_part`]).
#[cfg(feature = "serde")]
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(try_from = "SavedV2")]
pub struct CavesV2(Caves);

#[cfg(feature = "serde")]
impl From<CavesV2> for Caves {
    fn from(old: CavesV2) -> Caves {
        old.0
    }
}

/// Format 2's saved fields: format 3's with four-field rules.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct SavedV2 {
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
    rules: RulesV2,
}

#[cfg(feature = "serde")]
impl TryFrom<SavedV2> for CavesV2 {
    type Error = CavesError;

    fn try_from(s: SavedV2) -> Result<CavesV2, CavesError> {
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
            rules: s.rules.into(),
        };
        Caves::try_from(saved).map(CavesV2)
    }
}

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

    /// A format-2 snapshot of `game` (whose rules must fit format 2): today's encoding
    /// without the bytes format 3 added at the end.
    fn format_2(game: &Caves) -> Vec<u8> {
        let bytes = postcard::to_allocvec(game).expect("encodes");
        let tail = format_3_tail(game.rules);
        assert!(!tail.is_empty() && bytes.ends_with(&tail));
        bytes[..bytes.len() - tail.len()].to_vec()
    }

    #[test]
    fn a_format_2_run_loads_with_the_older_rules_and_hashes_as_before() {
        let spec = crate::modes::caves::WorldSpec::default();
        let rules = Rules::default_format_2();
        let mut game = Caves::with_rules(Seed(8), spec, rules).expect("caves");
        for _ in 0..30 {
            game.apply(Action::Explore);
        }
        let old = format_2(&game);
        assert!(postcard::from_bytes::<Caves>(&old).is_err(), "format 3 refuses format 2");
        let migrated: Caves = postcard::from_bytes::<CavesV2>(&old).expect("format 2").into();
        assert_eq!(migrated, game);
        assert_eq!(migrated.rules(), Rules::default_format_2());
        assert!(migrated.rules().stairs_attack && migrated.rules().bats_interrupt);
        // The hash of a format-2 state is the hash of its format-2 bytes.
        assert_eq!(game.state_hash(), seahash::hash(&old));
        let today = Caves::with_rules(Seed(8), spec, Rules::default()).expect("caves");
        let bytes = postcard::to_allocvec(&today).expect("encodes");
        assert_eq!(today.state_hash(), seahash::hash(&bytes), "format 3 hashes every byte");
    }

    #[test]
    fn a_format_2_run_is_not_read_as_format_1() {
        let game = Caves::new(Seed(6)).expect("caves");
        let bytes = postcard::to_allocvec(&game).expect("encodes");
        let (_, rest) = postcard::take_from_bytes::<CavesV1>(&bytes).expect("a prefix decodes");
        assert!(!rest.is_empty(), "the rules are left over, so a whole-record decode refuses");
    }
}
