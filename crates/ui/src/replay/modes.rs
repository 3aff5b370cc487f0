//! Each mode's start, inputs and drawing, for recording and for playback. The start
//! written by a play screen's recorder and the one rebuilt here live side by side, so
//! they can't drift apart.

use serde::{Deserialize, Serialize};
use torchlit_save::recording::{Header, StartFile};
use torchlit_sim::Turn;
use torchlit_sim::formats::{Dungeon, UltimaWorld};
use torchlit_sim::modes::caves::{self, AutoPickup, Caves};
use torchlit_sim::modes::chase::{Chase, HeroKind, MonsterKind, StrategyMaker};
use torchlit_sim::modes::maze::{LevelKind, Maze, MazeConfig, Rules, Seed, TickInput};
use torchlit_sim::modes::ultima::{self, Ultima};

use super::Replayable;
pub use super::start_error::StartError;
use crate::chase::ChaseScreen;
use crate::maze::MazeScreen;
use crate::record::{CHECKPOINT_TICKS, CHECKPOINT_TURNS, Recorder};
use crate::ultima::UltimaScreen;
use crate::{Frame, Screen};

/// A short word for how a caves run ended.
pub(crate) fn caves_outcome(outcome: caves::Outcome) -> &'static str {
    match outcome {
        caves::Outcome::Won => "won",
        caves::Outcome::Lost(caves::Cause::LeftWithoutTreasure) => "left",
        caves::Outcome::Lost(_) => "died",
    }
}

/// The layout version of [`CavesStart`]: 2 since the caves rules gained the fields of
/// snapshot format 3 (stairs, bats, fleeing); version 1 wrote the four older fields
/// ([`caves::Rules::is_format_2`] rules are still written so, byte for byte as before).
const CAVES_START_VERSION: u32 = 2;

/// A caves recording's options: the run's rules and what auto-explore picks up (the
/// config's `[caves] autopickup`), both of which change what a run does. The caves are
/// the tutorial's (90×32, 5 levels). A recording without options (made before they were
/// kept) was played with the default rules of the time and the default pickup.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
struct CavesStart<R> {
    version: u32,
    rules: R,
    /// Food, weapons, armour.
    pickup: (bool, bool, bool),
}

/// The options of a caves recording of `game` with auto-pickup `pickup`.
pub(crate) fn caves_options(game: &Caves, pickup: AutoPickup) -> Vec<u8> {
    let pickup = (pickup.food, pickup.weapons, pickup.armour);
    let rules = game.rules();
    if rules.is_format_2() {
        let rules = caves::RulesV2::from(rules);
        return postcard::to_allocvec(&CavesStart { version: 1, rules, pickup })
            .unwrap_or_default();
    }
    postcard::to_allocvec(&CavesStart { version: CAVES_START_VERSION, rules, pickup })
        .unwrap_or_default()
}

/// The rules and auto-pickup a caves recording's header holds.
fn caves_start(header: &Header) -> Result<(caves::Rules, AutoPickup), StartError> {
    if header.options.is_empty() {
        return Ok((caves::Rules::default_format_2(), AutoPickup::default()));
    }
    let bad = |source| StartError::Options { mode: "caves", source };
    let (version, _) = postcard::take_from_bytes::<u32>(&header.options).map_err(bad)?;
    let (rules, (food, weapons, armour)) = match version {
        1 => {
            let start: CavesStart<caves::RulesV2> =
                postcard::from_bytes(&header.options).map_err(bad)?;
            (start.rules.into(), start.pickup)
        }
        CAVES_START_VERSION => {
            let start: CavesStart<caves::Rules> =
                postcard::from_bytes(&header.options).map_err(bad)?;
            (start.rules, start.pickup)
        }
        version => return Err(StartError::UnknownVersion { mode: "caves", version }),
    };
    Ok((rules, AutoPickup { food, weapons, armour }))
}

/// The auto-pickup a caves recording was played with (`None`: options it can't read).
pub(crate) fn caves_pickup(header: &Header) -> Option<AutoPickup> {
    caves_start(header).ok().map(|(_, pickup)| pickup)
}

/// The recorder of a new caves run with the default auto-pickup (its screen starts one
/// and sets the player's pickup before the first action; tests and tools too).
pub fn caves_recorder(game: &Caves) -> Recorder<caves::Action> {
    caves_recorder_with(game, AutoPickup::default())
}

/// The recorder of a new caves run whose auto-explore picks up `pickup`.
pub fn caves_recorder_with(game: &Caves, pickup: AutoPickup) -> Recorder<caves::Action> {
    let options = caves_options(game, pickup);
    Recorder::new(
        torchlit_sim::ModeId::Caves.as_str(),
        game.seed().0,
        StartFile::None,
        options,
        CHECKPOINT_TURNS,
    )
}

/// `caves`: turn actions.
pub(crate) struct CavesReplay;

impl Replayable for CavesReplay {
    type Input = caves::Action;
    type Game = Caves;
    const SNAPSHOT_EVERY: u64 = 100;

    fn start(header: &Header) -> Result<Caves, StartError> {
        let (rules, pickup) = caves_start(header)?;
        let seed = caves::Seed(header.seed);
        let mut game = Caves::with_rules(seed, caves::WorldSpec::default(), rules)?;
        game.set_auto_pickup(pickup);
        Ok(game)
    }

    fn step(game: &mut Caves, input: &caves::Action) -> Vec<String> {
        game.apply(*input).iter().filter_map(crate::caves::message_of).collect()
    }

    fn hash(game: &Caves) -> u64 {
        game.state_hash()
    }

    fn turns(game: &Caves) -> u64 {
        game.turn().0
    }

    fn render(game: &Caves, messages: &[String], frame: &mut Frame) {
        crate::caves::draw_still(game, messages.to_vec(), "The end of the recording.", frame);
    }
}

/// The layout version of a maze recording's options: 3 since the barrage gap and the
/// size ramp ([`Rules::barrage_gap`], [`Rules::size_ramp`]): the version 1 fields,
/// [`MazeOptionsV2`], then [`MazeOptionsV3`]. Version 2 (the spawn clearance) stopped
/// after [`MazeOptionsV2`] (read as ICMaze's gap of 1 and no ramp); version 1 wrote only
/// the fields of [`MazeOptionsV1`] (no clearance either: `None`). All are still read.
const MAZE_OPTIONS_VERSION: u32 = 3;

/// The first fields of every maze recording's options, as version 1 wrote
/// [`MazeConfig`] (postcard writes a nested struct's fields in order, without framing).
#[derive(Serialize, Deserialize)]
struct MazeOptionsV1 {
    seed: Seed,
    level: LevelKind,
    heart_drop_percent: u8,
    forget_ticks: Option<u32>,
}

/// What follows [`MazeOptionsV1`] since version 2.
#[derive(Serialize, Deserialize)]
struct MazeOptionsV2 {
    version: u32,
    spawn_clearance: Option<u32>,
}

/// What follows [`MazeOptionsV2`] since version 3.
#[derive(Serialize, Deserialize)]
struct MazeOptionsV3 {
    barrage_gap: u32,
    size_ramp: bool,
}

/// A maze recording's options for `config`.
fn encode_maze_options(config: &MazeConfig) -> Vec<u8> {
    let v1 = MazeOptionsV1 {
        seed: config.seed,
        level: config.level,
        heart_drop_percent: config.rules.heart_drop_percent,
        forget_ticks: config.rules.forget_ticks,
    };
    let v2 = MazeOptionsV2 {
        version: MAZE_OPTIONS_VERSION,
        spawn_clearance: config.rules.spawn_clearance,
    };
    let v3 =
        MazeOptionsV3 { barrage_gap: config.rules.barrage_gap, size_ramp: config.rules.size_ramp };
    let mut bytes = postcard::to_allocvec(&v1).unwrap_or_default();
    bytes.extend(postcard::to_allocvec(&v2).unwrap_or_default());
    bytes.extend(postcard::to_allocvec(&v3).unwrap_or_default());
    bytes
}

/// The config in a maze recording's options, of any known version.
fn decode_maze_options(bytes: &[u8]) -> Result<MazeConfig, StartError> {
    let bad = |source| StartError::Options { mode: "maze", source };
    let (v1, rest) = postcard::take_from_bytes::<MazeOptionsV1>(bytes).map_err(bad)?;
    let original = Rules::original();
    let mut later = MazeOptionsV3 { barrage_gap: original.barrage_gap, size_ramp: false };
    let spawn_clearance = if rest.is_empty() {
        None
    } else {
        let (v2, rest) = postcard::take_from_bytes::<MazeOptionsV2>(rest).map_err(bad)?;
        match v2.version {
            2 if rest.is_empty() => {}
            MAZE_OPTIONS_VERSION => later = postcard::from_bytes(rest).map_err(bad)?,
            version => return Err(StartError::UnknownVersion { mode: "maze", version }),
        }
        v2.spawn_clearance
    };
    let rules = Rules {
        heart_drop_percent: v1.heart_drop_percent,
        forget_ticks: v1.forget_ticks,
        spawn_clearance,
        barrage_gap: later.barrage_gap,
        size_ramp: later.size_ramp,
    };
    Ok(MazeConfig { seed: v1.seed, level: v1.level, rules })
}

/// The recorder of a new maze game.
pub fn maze_recorder(config: &MazeConfig) -> Recorder<TickInput> {
    let options = encode_maze_options(config);
    Recorder::new(
        torchlit_sim::ModeId::Maze.as_str(),
        config.seed.0,
        StartFile::None,
        options,
        CHECKPOINT_TICKS,
    )
}

/// Rebuilds the game a maze recording starts from.
///
/// # Errors
/// [`StartError::Options`] or [`StartError::UnknownVersion`] for options that do not
/// decode (of no known version), [`StartError::Maze`] for a level that can't be built.
pub fn maze_start(header: &Header) -> Result<Maze, StartError> {
    let config = decode_maze_options(&header.options)?;
    Ok(Maze::new(config)?)
}

/// `maze`: the buttons of each tick.
pub(crate) struct MazeReplay;

impl Replayable for MazeReplay {
    type Input = TickInput;
    type Game = Maze;
    const SNAPSHOT_EVERY: u64 = 720;
    // As long as the live game shows a message (3 s).
    const MESSAGE_HOLD: u64 = crate::maze::MESSAGE_TICKS;

    fn start(header: &Header) -> Result<Maze, StartError> {
        maze_start(header)
    }

    fn step(game: &mut Maze, input: &TickInput) -> Vec<String> {
        game.tick(input).into_iter().filter_map(crate::maze::message_of).collect()
    }

    fn hash(game: &Maze) -> u64 {
        game.state_hash()
    }

    fn turns(game: &Maze) -> u64 {
        game.now().0
    }

    fn render(game: &Maze, messages: &[String], frame: &mut Frame) {
        MazeScreen::replaying(game.clone(), messages.last().cloned()).render(frame);
    }
}

/// The recorder of a new ultima walk: the world is kept whole in the file, and the
/// rules as the options unless they are Ultima 0's (a recording without options, as all
/// were before the default game had a goal, is a free walk).
pub fn ultima_recorder(game: &Ultima) -> Recorder<ultima::Action> {
    let world = UltimaWorld { map: game.map().clone(), avatar: game.avatar().at() };
    let file =
        StartFile::Contents { name: "world".to_string(), bytes: world.to_text().into_bytes() };
    let options = if game.rules() == ultima::Rules::original() {
        Vec::new()
    } else {
        postcard::to_allocvec(&game.rules()).unwrap_or_default()
    };
    Recorder::new(torchlit_sim::ModeId::Ultima.as_str(), 0, file, options, CHECKPOINT_TURNS)
}

/// The rules an ultima recording's options hold (none: Ultima 0's free walk).
fn ultima_rules(header: &Header) -> Result<ultima::Rules, StartError> {
    if header.options.is_empty() {
        return Ok(ultima::Rules::original());
    }
    postcard::from_bytes(&header.options)
        .map_err(|source| StartError::Options { mode: "ultima", source })
}

/// The start file a recording keeps whole.
fn file_bytes(header: &Header) -> Result<&[u8], StartError> {
    match &header.file {
        StartFile::Contents { bytes, .. } => Ok(bytes),
        StartFile::Bundled { name, .. } => Err(StartError::BundledFile(name.clone())),
        StartFile::None => Err(StartError::NoStartFile),
    }
}

/// `ultima`: turn actions.
pub(crate) struct UltimaReplay;

impl Replayable for UltimaReplay {
    type Input = ultima::Action;
    type Game = Ultima;
    const SNAPSHOT_EVERY: u64 = 500;

    fn start(header: &Header) -> Result<Ultima, StartError> {
        let world = UltimaWorld::parse(file_bytes(header)?)?;
        Ok(Ultima::with_rules(world, ultima_rules(header)?))
    }

    fn step(game: &mut Ultima, input: &ultima::Action) -> Vec<String> {
        game.apply(*input).into_iter().map(crate::ultima::message_of).collect()
    }

    fn hash(game: &Ultima) -> u64 {
        game.state_hash()
    }

    fn turns(game: &Ultima) -> u64 {
        game.turns().0
    }

    fn render(game: &Ultima, messages: &[String], frame: &mut Frame) {
        UltimaScreen::replaying(game.clone(), messages.last().cloned()).render(frame);
    }
}

/// The layout version of [`ChaseStart`] (version 1 is the two bytes of built-in strategy
/// indices that recordings held before it).
const CHASE_START_VERSION: u32 = 2;

/// One side's strategy in a chase recording.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
enum ChaseSide {
    /// A built-in kind, by its index in `HeroKind::ALL` or `MonsterKind::ALL`.
    BuiltIn(u8),
    /// A user's script: its name and its whole source text.
    Script { name: String, source: String },
}

/// A chase recording's options from version 2 on: both strategies and the turn limit.
/// Built-in strategies with the default limit are still written as version 1 (two
/// bytes), so such recordings stay byte for byte as they were.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
struct ChaseStart {
    version: u32,
    hero: ChaseSide,
    monster: ChaseSide,
    /// Turns after which the hero has survived (`None`: no limit).
    limit: Option<u64>,
}

/// Builds a chase strategy from a script's name and source text: how a front end that
/// can run scripts lets replays of chases played by scripts run them (passed to
/// [`super::open_with`] and [`super::verify_with`]).
pub type ScriptLoader = fn(name: &str, source: &str) -> Result<StrategyMaker, String>;

/// How the recording keeps one side: its script, else its built-in index.
fn chase_side<K: Copy>(
    maker: &StrategyMaker,
    all: &[K],
    name: impl Fn(K) -> String,
) -> Result<ChaseSide, StartError> {
    if let Some(source) = maker.source() {
        return Ok(ChaseSide::Script {
            name: maker.name().to_string(),
            source: source.to_string(),
        });
    }
    all.iter()
        .position(|&k| name(k) == maker.name())
        .and_then(|i| u8::try_from(i).ok())
        .map(ChaseSide::BuiltIn)
        .ok_or_else(|| StartError::NotKeepable(maker.name().to_string()))
}

/// The strategy one side of a recording names (a script compiled by `scripts`).
fn chase_maker<K: Copy + Into<StrategyMaker>>(
    side: &ChaseSide,
    all: &[K],
    role: &'static str,
    scripts: Option<ScriptLoader>,
) -> Result<StrategyMaker, StartError> {
    match side {
        ChaseSide::BuiltIn(index) => all
            .get(usize::from(*index))
            .map(|&k| k.into())
            .ok_or(StartError::UnknownStrategy { role, index: *index }),
        ChaseSide::Script { name, source } => {
            let loader =
                scripts.ok_or_else(|| StartError::NoScripts { role, name: name.clone() })?;
            loader(name, source).map_err(|reason| StartError::Script {
                role,
                name: name.clone(),
                reason,
            })
        }
    }
}

/// The options of a chase recording: version 1 for built-in strategies and the default
/// limit, else a [`ChaseStart`].
fn chase_options(
    hero: &StrategyMaker,
    monster: &StrategyMaker,
    limit: Option<Turn>,
) -> Result<Vec<u8>, StartError> {
    let hero = chase_side(hero, &HeroKind::ALL, |k| k.strategy().name().to_string())?;
    let monster = chase_side(monster, &MonsterKind::ALL, |k| k.strategy().name().to_string())?;
    if let (ChaseSide::BuiltIn(h), ChaseSide::BuiltIn(m)) = (&hero, &monster)
        && limit == Some(Chase::DEFAULT_LIMIT)
    {
        return Ok(vec![*h, *m]);
    }
    let start =
        ChaseStart { version: CHASE_START_VERSION, hero, monster, limit: limit.map(|t| t.0) };
    postcard::to_allocvec(&start).map_err(|source| StartError::Options { mode: "chase", source })
}

/// The hero, monster and turn limit a chase recording's header holds, its scripts
/// compiled by `scripts`.
fn chase_start(
    header: &Header,
    scripts: Option<ScriptLoader>,
) -> Result<(StrategyMaker, StrategyMaker, Option<Turn>), StartError> {
    let start = match header.options.as_slice() {
        [h, m] => ChaseStart {
            version: 1,
            hero: ChaseSide::BuiltIn(*h),
            monster: ChaseSide::BuiltIn(*m),
            limit: Some(Chase::DEFAULT_LIMIT.0),
        },
        bytes => {
            let start: ChaseStart = postcard::from_bytes(bytes)
                .map_err(|source| StartError::Options { mode: "chase", source })?;
            if start.version != CHASE_START_VERSION {
                let version = start.version;
                return Err(StartError::UnknownVersion { mode: "chase", version });
            }
            start
        }
    };
    let hero = chase_maker(&start.hero, &HeroKind::ALL, "hero", scripts)?;
    let monster = chase_maker(&start.monster, &MonsterKind::ALL, "monster", scripts)?;
    Ok((hero, monster, start.limit.map(Turn)))
}

/// The recorder of a new chase with the default turn limit on a dungeon that is not
/// generated (seed 0): the dungeon kept whole, the two strategies as their indices in
/// `HeroKind::ALL` and `MonsterKind::ALL` or as scripts kept whole.
///
/// # Errors
/// [`StartError::NotKeepable`] for a strategy that is neither built in nor a script with
/// its source (such a recording could not be replayed, so none is made).
pub fn chase_recorder(
    name: &str,
    dungeon: &Dungeon,
    hero: &StrategyMaker,
    monster: &StrategyMaker,
) -> Result<Recorder<()>, StartError> {
    chase_recorder_with(name, dungeon, (hero, monster), 0, Some(Chase::DEFAULT_LIMIT))
}

/// The recorder of a new chase between `players` (hero, monster) on `dungeon` (made from
/// `seed` when generated, else 0) that ends at `limit`.
///
/// # Errors
/// As [`chase_recorder`].
pub fn chase_recorder_with(
    name: &str,
    dungeon: &Dungeon,
    players: (&StrategyMaker, &StrategyMaker),
    seed: u64,
    limit: Option<Turn>,
) -> Result<Recorder<()>, StartError> {
    let options = chase_options(players.0, players.1, limit)?;
    let file =
        StartFile::Contents { name: name.to_string(), bytes: dungeon.to_text().into_bytes() };
    Ok(Recorder::new(torchlit_sim::ModeId::Chase.as_str(), seed, file, options, CHECKPOINT_TURNS))
}

/// `chase`: one unit input per turn (the strategies decide everything).
pub(crate) struct ChaseReplay;

impl Replayable for ChaseReplay {
    type Input = ();
    type Game = ChaseScreen;
    // A chase screen clones by replaying its turns: seeking back starts over instead.
    const SNAPSHOT_EVERY: u64 = u64::MAX;

    fn start(header: &Header) -> Result<ChaseScreen, StartError> {
        ChaseReplay::start_with(header, None)
    }

    fn start_with(
        header: &Header,
        scripts: Option<ScriptLoader>,
    ) -> Result<ChaseScreen, StartError> {
        let dungeon = Dungeon::parse(file_bytes(header)?)?;
        let (hero, monster, limit) = chase_start(header, scripts)?;
        let name = match &header.file {
            StartFile::Contents { name, .. } => name.clone(),
            _ => "dungeon".to_string(),
        };
        Ok(ChaseScreen::replaying(name, &dungeon, (hero, monster), header.seed, limit)?)
    }

    fn step(game: &mut ChaseScreen, _: &()) -> Vec<String> {
        game.replay_turn();
        Vec::new()
    }

    fn hash(game: &ChaseScreen) -> u64 {
        game.game().state_hash()
    }

    fn turns(game: &ChaseScreen) -> u64 {
        game.game().turn().0
    }

    fn render(game: &ChaseScreen, _: &[String], frame: &mut Frame) {
        game.render(frame);
    }
}
