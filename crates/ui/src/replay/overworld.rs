//! `overworld` recordings: the world's seed in the header, the rules it was played with
//! (and, for a world saved before it was recorded, the state it went on from) in the
//! header's options, the player's actions as inputs.

use serde::{Deserialize, Serialize};
use torchlit_rng::Seed;
use torchlit_save::recording::{Header, StartFile};
use torchlit_sim::modes::overworld::{
    Action, CaRule, CaveParams, CombatRules, Overworld, OverworldParams, Player, PlayerV1,
    QuestRules, RegionChanges, RegionCoord, Rules,
};

use super::{Replayable, StartError};
use crate::Frame;
use crate::record::{CHECKPOINT_TURNS, Recorder};

/// The layout version of [`OverworldStart`]: 5 since the gentle ring around the start
/// ([`QuestRules::gentle`]; version 4 is read without it); 4 since guards hunt
/// ([`QuestRules::guard_notice`]; version 3 is read with guards that never move); 3 since
/// the hunt's guards and running hunters ([`QuestRules::guard_every`],
/// [`QuestRules::fast_from`]); 2 since the default
/// game's hunt (its numbers and the player's vitals are recorded; read with neither guards
/// nor runners); 1 before it (always CaveGame's game, the player record without vitals).
/// All are still read.
const START_VERSION: u32 = 5;

/// Every number of [`Rules`] a config can change, as recorded: the world generator's
/// parameters, drops per chest, combat and death. The item registry is the built-in one
/// (no config changes it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct RecordedRules {
    region_size: u32,
    rock_probability: f64,
    threshold: u8,
    include_self: bool,
    iterations: u32,
    chest_probability: f64,
    chest_max_items: u32,
    protection: u32,
    stun_probability: f64,
    max_turns: u32,
    death_loses_item: bool,
    region_cache_size: u64,
}

impl RecordedRules {
    fn of(r: &Rules) -> RecordedRules {
        RecordedRules {
            region_size: r.world.region_size,
            rock_probability: r.world.cave.rock_probability,
            threshold: r.world.cave.rule.threshold,
            include_self: r.world.cave.rule.include_self,
            iterations: r.world.cave.iterations,
            chest_probability: r.world.chest_probability,
            chest_max_items: r.chest_max_items,
            protection: r.combat.protection,
            stun_probability: r.combat.stun_probability,
            max_turns: r.combat.max_turns,
            death_loses_item: r.death_loses_item,
            region_cache_size: r.region_cache_size as u64,
        }
    }

    fn rules(&self, quest: Option<QuestRules>) -> Rules {
        let combat = CombatRules {
            protection: self.protection,
            stun_probability: self.stun_probability,
            max_turns: self.max_turns,
        };
        Rules {
            world: OverworldParams {
                region_size: self.region_size,
                cave: CaveParams {
                    rock_probability: self.rock_probability,
                    rule: CaRule { threshold: self.threshold, include_self: self.include_self },
                    iterations: self.iterations,
                },
                chest_probability: self.chest_probability,
            },
            chest_max_items: self.chest_max_items,
            combat,
            death_loses_item: self.death_loses_item,
            region_cache_size: usize::try_from(self.region_cache_size).unwrap_or(8).max(1),
            quest,
            ..Rules::original()
        }
    }
}

/// The changed regions of a saved game, by region coordinates.
type Changes = Vec<((i32, i32), RegionChanges)>;

/// The player record and the changed regions a game went on from.
type SavedState = (Player, Changes);

/// The default game's hunt, as recorded (see [`QuestRules`]).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
struct RecordedQuest {
    regen_every: u32,
    notice: u32,
    roam_percent: u32,
    artefact_distance: u32,
    level_every: u32,
    heal_price: u32,
    guard_every: u32,
    fast_from: u32,
    guard_notice: u32,
    gentle: u32,
}

impl RecordedQuest {
    fn of(q: &QuestRules) -> RecordedQuest {
        RecordedQuest {
            regen_every: q.regen_every,
            notice: q.notice,
            roam_percent: q.roam_percent,
            artefact_distance: q.artefact_distance,
            level_every: q.level_every,
            heal_price: q.heal_price,
            guard_every: q.guard_every,
            fast_from: q.fast_from,
            guard_notice: q.guard_notice,
            gentle: q.gentle,
        }
    }

    fn rules(self) -> QuestRules {
        QuestRules {
            regen_every: self.regen_every,
            notice: self.notice,
            roam_percent: self.roam_percent,
            artefact_distance: self.artefact_distance,
            level_every: self.level_every,
            heal_price: self.heal_price,
            guard_every: self.guard_every,
            fast_from: self.fast_from,
            guard_notice: self.guard_notice,
            gentle: self.gentle,
        }
    }
}

/// An overworld recording's options: the rules (the hunt's numbers, `None` for CaveGame's
/// game), and the state a game recorded from the middle starts in (`None`: a new world,
/// [`Overworld::new`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct OverworldStart {
    version: u32,
    rules: RecordedRules,
    resumed: Option<SavedState>,
    quest: Option<RecordedQuest>,
}

/// The hunt's numbers as version 2 recorded them (before guards and running hunters).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
struct RecordedQuestV2 {
    regen_every: u32,
    notice: u32,
    roam_percent: u32,
    artefact_distance: u32,
    level_every: u32,
    heal_price: u32,
}

impl From<RecordedQuestV2> for RecordedQuest {
    fn from(q: RecordedQuestV2) -> RecordedQuest {
        RecordedQuest {
            regen_every: q.regen_every,
            notice: q.notice,
            roam_percent: q.roam_percent,
            artefact_distance: q.artefact_distance,
            level_every: q.level_every,
            heal_price: q.heal_price,
            guard_every: 0,
            fast_from: 0,
            guard_notice: 0,
            gentle: 0,
        }
    }
}

/// The hunt's numbers as version 3 recorded them (before guards hunted).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
struct RecordedQuestV3 {
    regen_every: u32,
    notice: u32,
    roam_percent: u32,
    artefact_distance: u32,
    level_every: u32,
    heal_price: u32,
    guard_every: u32,
    fast_from: u32,
}

impl From<RecordedQuestV3> for RecordedQuest {
    fn from(q: RecordedQuestV3) -> RecordedQuest {
        RecordedQuest {
            regen_every: q.regen_every,
            notice: q.notice,
            roam_percent: q.roam_percent,
            artefact_distance: q.artefact_distance,
            level_every: q.level_every,
            heal_price: q.heal_price,
            guard_every: q.guard_every,
            fast_from: q.fast_from,
            guard_notice: 0,
            gentle: 0,
        }
    }
}

/// The hunt's numbers as version 4 recorded them (before the gentle ring).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
struct RecordedQuestV4 {
    regen_every: u32,
    notice: u32,
    roam_percent: u32,
    artefact_distance: u32,
    level_every: u32,
    heal_price: u32,
    guard_every: u32,
    fast_from: u32,
    guard_notice: u32,
}

impl From<RecordedQuestV4> for RecordedQuest {
    fn from(q: RecordedQuestV4) -> RecordedQuest {
        RecordedQuest {
            regen_every: q.regen_every,
            notice: q.notice,
            roam_percent: q.roam_percent,
            artefact_distance: q.artefact_distance,
            level_every: q.level_every,
            heal_price: q.heal_price,
            guard_every: q.guard_every,
            fast_from: q.fast_from,
            guard_notice: q.guard_notice,
            gentle: 0,
        }
    }
}

/// [`OverworldStart`] version 4.
#[derive(Deserialize)]
struct OverworldStartV4 {
    rules: RecordedRules,
    resumed: Option<SavedState>,
    quest: Option<RecordedQuestV4>,
}

/// [`OverworldStart`] version 3.
#[derive(Deserialize)]
struct OverworldStartV3 {
    rules: RecordedRules,
    resumed: Option<SavedState>,
    quest: Option<RecordedQuestV3>,
}

/// [`OverworldStart`] version 2.
#[derive(Deserialize)]
struct OverworldStartV2 {
    rules: RecordedRules,
    resumed: Option<SavedState>,
    quest: Option<RecordedQuestV2>,
}

/// [`OverworldStart`] version 1, before the default game's hunt.
#[derive(Deserialize)]
struct OverworldStartV1 {
    rules: RecordedRules,
    resumed: Option<(PlayerV1, Changes)>,
}

impl OverworldStart {
    /// The options in `bytes`, of any known version.
    fn decode(bytes: &[u8]) -> Result<OverworldStart, StartError> {
        let bad = |source| StartError::Options { mode: "overworld", source };
        let (version, rest) = postcard::take_from_bytes::<u32>(bytes).map_err(bad)?;
        match version {
            1 => {
                let v1: OverworldStartV1 = postcard::from_bytes(rest).map_err(bad)?;
                Ok(OverworldStart {
                    version: START_VERSION,
                    rules: v1.rules,
                    resumed: v1.resumed.map(|(p, c)| (Player::from(p), c)),
                    quest: None,
                })
            }
            2 => {
                let v2: OverworldStartV2 = postcard::from_bytes(rest).map_err(bad)?;
                Ok(OverworldStart {
                    version: START_VERSION,
                    rules: v2.rules,
                    resumed: v2.resumed,
                    quest: v2.quest.map(RecordedQuest::from),
                })
            }
            3 => {
                let v3: OverworldStartV3 = postcard::from_bytes(rest).map_err(bad)?;
                Ok(OverworldStart {
                    version: START_VERSION,
                    rules: v3.rules,
                    resumed: v3.resumed,
                    quest: v3.quest.map(RecordedQuest::from),
                })
            }
            4 => {
                let v4: OverworldStartV4 = postcard::from_bytes(rest).map_err(bad)?;
                Ok(OverworldStart {
                    version: START_VERSION,
                    rules: v4.rules,
                    resumed: v4.resumed,
                    quest: v4.quest.map(RecordedQuest::from),
                })
            }
            START_VERSION => postcard::from_bytes(bytes).map_err(bad),
            version => Err(StartError::UnknownVersion { mode: "overworld", version }),
        }
    }
}

/// The recorder of an overworld game from its state now: a new world
/// (`from_start`, rebuilt with [`Overworld::new`]) or a saved one whose earlier moves
/// were not recorded (its player record and changed regions go into the header).
pub fn overworld_recorder(game: &Overworld, from_start: bool) -> Recorder<Action> {
    let resumed = (!from_start).then(|| {
        let changes = game.changes().iter().map(|(k, v)| ((k.x, k.y), v.clone())).collect();
        (game.player().clone(), changes)
    });
    let start = OverworldStart {
        version: START_VERSION,
        rules: RecordedRules::of(game.rules()),
        resumed,
        quest: game.rules().quest.as_ref().map(RecordedQuest::of),
    };
    let options = postcard::to_allocvec(&start).unwrap_or_default();
    Recorder::new(
        torchlit_sim::ModeId::Overworld.as_str(),
        game.seed().0,
        StartFile::None,
        options,
        CHECKPOINT_TURNS,
    )
}

/// Rebuilds the game an overworld recording starts from.
///
/// # Errors
/// Options that do not decode, or a world that can't be generated.
pub fn overworld_start(header: &Header) -> Result<Overworld, StartError> {
    let start = OverworldStart::decode(&header.options)?;
    let quest = start.quest.map(RecordedQuest::rules);
    let (seed, rules) = (Seed(header.seed), start.rules.rules(quest));
    let game = match start.resumed {
        None => Overworld::new(seed, rules),
        Some((player, changes)) => {
            let changes = changes.into_iter().map(|((x, y), c)| (RegionCoord::new(x, y), c));
            Overworld::restore(seed, rules, player, changes)
        }
    };
    Ok(game?)
}

/// `overworld`: the player's actions.
pub(crate) struct OverworldReplay;

impl Replayable for OverworldReplay {
    type Input = Action;
    type Game = Overworld;
    const SNAPSHOT_EVERY: u64 = 250;

    fn start(header: &Header) -> Result<Overworld, StartError> {
        overworld_start(header)
    }

    fn step(game: &mut Overworld, input: &Action) -> Vec<String> {
        game.apply(*input).iter().filter_map(crate::overworld::message_of).collect()
    }

    fn hash(game: &Overworld) -> u64 {
        game.state_hash()
    }

    fn turns(game: &Overworld) -> u64 {
        game.player().moves().0
    }

    fn render(game: &Overworld, messages: &[String], frame: &mut Frame) {
        crate::overworld::render_replay(game, messages, frame);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recorded_rules_rebuild_the_same_rules() {
        let mut rules = Rules {
            combat: CombatRules::new(0.5, 2.0, 0.25),
            death_loses_item: false,
            chest_max_items: 5,
            quest: Some(QuestRules { notice: 5, heal_price: 3, ..QuestRules::default() }),
            ..Rules::default()
        };
        rules.world.region_size = 40;
        for rules in [rules, Rules::default(), Rules::original()] {
            let game = Overworld::new(Seed(4), rules.clone()).expect("a world");
            let header = overworld_recorder(&game, true).recording().header.clone();
            let again = overworld_start(&header).expect("starts");
            assert_eq!(again.rules(), &rules);
        }
    }

    #[test]
    fn version_2_options_replay_without_guards_or_runners() {
        #[derive(Serialize)]
        struct V2 {
            version: u32,
            rules: RecordedRules,
            resumed: Option<SavedState>,
            quest: Option<RecordedQuestV2>,
        }
        let quest = RecordedQuestV2 {
            regen_every: 4,
            notice: 8,
            roam_percent: 50,
            artefact_distance: 5,
            level_every: 2,
            heal_price: 2,
        };
        let rules = RecordedRules::of(&Rules::default());
        let v2 = V2 { version: 2, rules, resumed: None, quest: Some(quest) };
        let start = OverworldStart::decode(&postcard::to_allocvec(&v2).expect("encodes"));
        let q = start.expect("decodes").quest.expect("the hunt").rules();
        let then = QuestRules {
            regen_every: 4,
            notice: 8,
            artefact_distance: 5,
            level_every: 2,
            guard_every: 0,
            fast_from: 0,
            guard_notice: 0,
            gentle: 0,
            ..QuestRules::default()
        };
        assert_eq!(q, then);
    }

    #[test]
    fn version_3_options_replay_with_guards_that_never_move() {
        #[derive(Serialize)]
        struct V3 {
            version: u32,
            rules: RecordedRules,
            resumed: Option<SavedState>,
            quest: Option<RecordedQuestV3>,
        }
        let quest = RecordedQuestV3 {
            regen_every: 8,
            notice: 12,
            roam_percent: 50,
            artefact_distance: 4,
            level_every: 1,
            heal_price: 2,
            guard_every: 1,
            fast_from: 1,
        };
        let game = Overworld::new(Seed(4), Rules::default()).expect("a world");
        let rules = RecordedRules::of(&Rules::default());
        let resumed = Some((game.player().clone(), Vec::new()));
        let v3 = V3 { version: 3, rules, resumed, quest: Some(quest) };
        let start = OverworldStart::decode(&postcard::to_allocvec(&v3).expect("encodes"));
        let start = start.expect("decodes");
        let q = start.quest.expect("the hunt").rules();
        let then = QuestRules {
            regen_every: 8,
            guard_notice: 0,
            fast_from: 1,
            gentle: 0,
            ..QuestRules::default()
        };
        assert_eq!(q, then);
        let (player, _) = start.resumed.expect("resumed");
        assert_eq!(&player, game.player());
    }

    #[test]
    fn version_4_options_replay_without_the_gentle_ring() {
        #[derive(Serialize)]
        struct V4 {
            version: u32,
            rules: RecordedRules,
            resumed: Option<SavedState>,
            quest: Option<RecordedQuestV4>,
        }
        let quest = RecordedQuestV4 {
            regen_every: 16,
            notice: 12,
            roam_percent: 50,
            artefact_distance: 4,
            level_every: 1,
            heal_price: 2,
            guard_every: 1,
            fast_from: 1,
            guard_notice: 12,
        };
        let rules = RecordedRules::of(&Rules::default());
        let v4 = V4 { version: 4, rules, resumed: None, quest: Some(quest) };
        let start = OverworldStart::decode(&postcard::to_allocvec(&v4).expect("encodes"));
        let q = start.expect("decodes").quest.expect("the hunt").rules();
        assert_eq!(q, QuestRules { fast_from: 1, gentle: 0, ..QuestRules::default() });
    }

    #[test]
    fn version_1_options_replay_as_cavegames_game() {
        #[derive(Serialize)]
        struct V1 {
            version: u32,
            rules: RecordedRules,
            resumed: Option<(PlayerV1, Changes)>,
        }
        let game = Overworld::new(Seed(4), Rules::original()).expect("a world");
        let player = PlayerV1::from(game.player());
        let v1 = V1 { version: 1, rules: RecordedRules::of(&Rules::default()), resumed: None };
        let start = OverworldStart::decode(&postcard::to_allocvec(&v1).expect("encodes"));
        let start = start.expect("decodes");
        assert_eq!((start.quest, start.rules.rules(None)), (None, Rules::original()));
        let resumed = V1 { resumed: Some((player, Vec::new())), ..v1 };
        let start = OverworldStart::decode(&postcard::to_allocvec(&resumed).expect("encodes"));
        let (restored, _) = start.expect("decodes").resumed.expect("resumed");
        assert_eq!(restored.at(), game.player().at());
        let v9 = postcard::to_allocvec(&9u32).expect("encodes");
        assert!(OverworldStart::decode(&v9).is_err_and(|e| e.to_string().contains("version 9")));
    }
}
