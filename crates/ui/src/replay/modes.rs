//! Each mode's start, inputs and drawing, for recording and for playback. The start
//! written by a play screen's recorder and the one rebuilt here live side by side, so
//! they can't drift apart.

use torchlit_map::{Dungeon, UltimaWorld};
use torchlit_save::recording::{Header, StartFile};
use torchlit_sim::modes::caves::{self, AutoPickup, Caves};
use torchlit_sim::modes::chase::{HeroKind, MonsterKind, StrategyMaker};
use torchlit_sim::modes::maze::{Maze, MazeConfig, TickInput};
use torchlit_sim::modes::ultima::{self, Ultima};

use super::Mode;
use crate::Frame;
use crate::caves::CavesScreen;
use crate::chase::ChaseScreen;
use crate::maze::MazeScreen;
use crate::record::{CHECKPOINT_TICKS, CHECKPOINT_TURNS, Recorder};
use crate::ultima::UltimaScreen;

/// A short word for how a caves run ended.
pub(crate) fn caves_outcome(outcome: caves::Outcome) -> &'static str {
    match outcome {
        caves::Outcome::Won => "won",
        caves::Outcome::Lost(caves::Cause::LeftWithoutTreasure) => "left",
        caves::Outcome::Lost(_) => "died",
    }
}

/// The layout version of [`CavesStart`].
const CAVES_START_VERSION: u32 = 1;

/// A caves recording's options: the run's rules and what auto-explore picks up (the
/// config's `[caves] autopickup`), both of which change what a run does. The caves are
/// the tutorial's (90×32, 5 levels). A recording without options (made before they were
/// kept) was played with the default rules and pickup.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
struct CavesStart {
    version: u32,
    rules: caves::Rules,
    /// Food, weapons, armour.
    pickup: (bool, bool, bool),
}

/// The options of a caves recording of `game` with auto-pickup `pickup`.
pub(crate) fn caves_options(game: &Caves, pickup: AutoPickup) -> Vec<u8> {
    let start = CavesStart {
        version: CAVES_START_VERSION,
        rules: game.rules(),
        pickup: (pickup.food, pickup.weapons, pickup.armour),
    };
    postcard::to_allocvec(&start).unwrap_or_default()
}

/// The rules and auto-pickup a caves recording's header holds.
fn caves_start(header: &Header) -> Result<(caves::Rules, AutoPickup), String> {
    if header.options.is_empty() {
        return Ok((caves::Rules::default(), AutoPickup::default()));
    }
    let start: CavesStart =
        postcard::from_bytes(&header.options).map_err(|e| format!("the caves options: {e}"))?;
    if start.version != CAVES_START_VERSION {
        return Err(format!("caves options version {} is unknown", start.version));
    }
    let (food, weapons, armour) = start.pickup;
    Ok((start.rules, AutoPickup { food, weapons, armour }))
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
    Recorder::new("caves", game.seed().0, StartFile::None, options, CHECKPOINT_TURNS)
}

/// `caves`: turn actions.
pub(crate) struct CavesMode;

impl Mode for CavesMode {
    type Input = caves::Action;
    type Game = Caves;
    const SNAPSHOT_EVERY: u64 = 100;

    fn start(header: &Header) -> Result<Caves, String> {
        let (rules, pickup) = caves_start(header)?;
        let seed = caves::Seed(header.seed);
        let mut game = Caves::with_rules(seed, caves::WorldSpec::default(), rules)
            .map_err(|e| e.to_string())?;
        game.set_auto_pickup(pickup);
        Ok(game)
    }

    fn step(game: &mut Caves, input: &caves::Action) -> Vec<String> {
        game.apply(*input).iter().filter_map(crate::caves::describe).collect()
    }

    fn hash(game: &Caves) -> u64 {
        game.state_hash()
    }

    fn turns(game: &Caves) -> u64 {
        game.turn().0
    }

    fn render(game: &Caves, messages: &[String], frame: &mut Frame) {
        CavesScreen::replaying(game.clone(), messages.to_vec()).render(frame);
    }
}

/// The recorder of a new maze game.
pub fn maze_recorder(config: &MazeConfig) -> Recorder<TickInput> {
    let options = postcard::to_allocvec(config).unwrap_or_default();
    Recorder::new("maze", config.seed.0, StartFile::None, options, CHECKPOINT_TICKS)
}

/// `maze`: the buttons of each tick.
pub(crate) struct MazeMode;

impl Mode for MazeMode {
    type Input = TickInput;
    type Game = Maze;
    const SNAPSHOT_EVERY: u64 = 720;

    fn start(header: &Header) -> Result<Maze, String> {
        let config: MazeConfig =
            postcard::from_bytes(&header.options).map_err(|e| format!("the maze options: {e}"))?;
        Maze::new(config).map_err(|e| e.to_string())
    }

    fn step(game: &mut Maze, input: &TickInput) -> Vec<String> {
        game.tick(input).into_iter().filter_map(crate::maze::describe).collect()
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

/// The recorder of a new ultima walk: the world is kept whole in the file.
pub fn ultima_recorder(game: &Ultima) -> Recorder<ultima::Action> {
    let world = UltimaWorld { map: game.map().clone(), avatar: game.avatar().at() };
    let file =
        StartFile::Contents { name: "world".to_string(), bytes: world.to_text().into_bytes() };
    Recorder::new("ultima", 0, file, Vec::new(), CHECKPOINT_TURNS)
}

fn file_bytes(header: &Header) -> Result<&[u8], String> {
    match &header.file {
        StartFile::Contents { bytes, .. } => Ok(bytes),
        StartFile::Bundled { name, .. } => Err(format!("bundled file {name:?} is not kept")),
        StartFile::None => Err("the recording holds no start file".to_string()),
    }
}

/// `ultima`: turn actions.
pub(crate) struct UltimaMode;

impl Mode for UltimaMode {
    type Input = ultima::Action;
    type Game = Ultima;
    const SNAPSHOT_EVERY: u64 = 500;

    fn start(header: &Header) -> Result<Ultima, String> {
        let world = UltimaWorld::parse(file_bytes(header)?).map_err(|e| e.to_string())?;
        Ok(Ultima::new(world))
    }

    fn step(game: &mut Ultima, input: &ultima::Action) -> Vec<String> {
        game.apply(*input).into_iter().map(crate::ultima::describe).collect()
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

/// The recorder of a new chase: the dungeon kept whole, the two strategies as their
/// indices in `HeroKind::ALL` and `MonsterKind::ALL`.
pub fn chase_recorder(
    name: &str,
    dungeon: &Dungeon,
    hero: &StrategyMaker,
    monster: &StrategyMaker,
) -> Recorder<()> {
    // A strategy that is not built in (a user's script) is recorded as unknown (255):
    // such a recording can't be replayed.
    let index = |i: Option<usize>| i.map_or(u8::MAX, |i| i as u8);
    let options = vec![
        index(HeroKind::ALL.iter().position(|h| h.strategy().name() == hero.name())),
        index(MonsterKind::ALL.iter().position(|m| m.strategy().name() == monster.name())),
    ];
    let file =
        StartFile::Contents { name: name.to_string(), bytes: dungeon.to_text().into_bytes() };
    Recorder::new("chase", 0, file, options, CHECKPOINT_TURNS)
}

/// `chase`: one unit input per turn (the strategies decide everything).
pub(crate) struct ChaseMode;

impl Mode for ChaseMode {
    type Input = ();
    type Game = ChaseScreen;
    // A chase screen clones by replaying its turns: seeking back starts over instead.
    const SNAPSHOT_EVERY: u64 = u64::MAX;

    fn start(header: &Header) -> Result<ChaseScreen, String> {
        let dungeon = Dungeon::parse(file_bytes(header)?).map_err(|e| e.to_string())?;
        let (h, m) = match header.options.as_slice() {
            [h, m] => (*h as usize, *m as usize),
            _ => return Err("the chase options are not two strategies".to_string()),
        };
        let hero = HeroKind::ALL.get(h).copied().ok_or("unknown hero strategy")?;
        let monster = MonsterKind::ALL.get(m).copied().ok_or("unknown monster strategy")?;
        let name = match &header.file {
            StartFile::Contents { name, .. } => name.clone(),
            _ => "dungeon".to_string(),
        };
        ChaseScreen::replaying(name, &dungeon, hero, monster)
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
