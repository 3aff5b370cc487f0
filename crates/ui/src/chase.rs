//! The `chase` screens (the DM503 Rogue project, University of Southern Denmark, 2010): pick a dungeon and the strategies, then watch the
//! monster hunt the hero, turn by turn or playing on its own.
//!
//! Auto-play is timed by the front end's clock: while it runs, [`ChaseScreen::wants_ticks`]
//! is true and the front end calls [`ChaseScreen::tick`] 24 times per second; the screen
//! plays a turn every few ticks (the speed). The game itself never sees a clock.

use torchlit_geom::Point;
use torchlit_map::{Dungeon, Tile};
use torchlit_rng::Seed;
use torchlit_sim::Turn;
use torchlit_sim::modes::chase::{
    Chase, Event, HeroKind, MonsterKind, Outcome, Role, StrategyMaker, generate,
};

use crate::record::{Recorder, Recordings};
use crate::theme::tile_cell;
use crate::{Cell, Frame, Input, Sprite, palette};
use torchlit_console::widgets::{fit, wrap};

/// The dungeons bundled into the program (the sim's [`torchlit_sim::modes::chase::BUNDLED`]).
pub use torchlit_sim::modes::chase::BUNDLED;

mod scene;

/// Turns per second at each auto-play speed (24 ticks per second: 24, 12, 6, 3, 2, 1
/// ticks per turn).
const SPEEDS: [u32; 6] = [1, 2, 4, 8, 12, 24];
/// The speed auto-play starts at (4 turns per second).
const DEFAULT_SPEED: usize = 2;
/// The side of a generated dungeon.
const GENERATED_SIDE: u32 = 20;

/// The controls of the watch screen (and the README).
pub const CONTROLS: [(&str, &str); 6] = [
    ("space", "play one turn (the monster, then the hero)"),
    ("p", "auto-play on / off"),
    ("+ / -", "auto-play faster / slower"),
    ("r", "start again"),
    ("q / Esc", "back"),
    ("Ctrl-C", "quit at once"),
];

/// Which dungeon the setup screen starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DungeonChoice {
    /// One of [`BUNDLED`], by index.
    Bundled(usize),
    /// A generated 20x20 dungeon for this seed.
    Generated(u64),
}

impl DungeonChoice {
    fn label(self) -> String {
        match self {
            DungeonChoice::Bundled(i) => BUNDLED.get(i).map_or("?", |b| b.0).to_string(),
            DungeonChoice::Generated(s) => format!("generated, seed {s}"),
        }
    }

    /// The dungeon, or why it cannot be had.
    pub fn dungeon(self) -> Result<(String, Dungeon), String> {
        match self {
            DungeonChoice::Bundled(i) => {
                let (name, text) = BUNDLED.get(i).ok_or("no such dungeon")?;
                let d =
                    Dungeon::parse_chase(text.as_bytes()).map_err(|e| format!("{name}: {e}"))?;
                Ok((name.to_string(), d))
            }
            DungeonChoice::Generated(s) => {
                let d = generate(Seed(s), GENERATED_SIDE).map_err(|e| e.to_string())?;
                Ok((format!("generated {s}"), d))
            }
        }
    }
}

/// What the setup screen asks for.
#[derive(Clone, Debug)]
pub enum SetupOutcome {
    /// Leave for the title menu.
    Back,
    /// Start watching.
    Start(Box<ChaseScreen>),
}

/// The setup screen: dungeon, hero strategy, monster strategy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChaseSetup {
    row: usize,
    dungeon: DungeonChoice,
    hero: HeroKind,
    monster: MonsterKind,
    note: Option<String>,
    /// The height of the last frame drawn (a click on a line is placed from it).
    last_h: std::cell::Cell<u16>,
}

impl Default for ChaseSetup {
    fn default() -> ChaseSetup {
        ChaseSetup {
            row: 0,
            dungeon: DungeonChoice::Bundled(0),
            hero: HeroKind::Rogue,
            monster: MonsterKind::Monster,
            note: None,
            last_h: std::cell::Cell::new(24),
        }
    }
}

fn cycle<T: Copy + PartialEq>(all: &[T], now: T, forward: bool) -> T {
    let i = all.iter().position(|&x| x == now).unwrap_or(0);
    let n = all.len().max(1);
    let j = if forward { (i + 1) % n } else { (i + n - 1) % n };
    all.get(j).copied().unwrap_or(now)
}

impl ChaseSetup {
    /// Handles a key: `Some` when the player starts a chase or leaves.
    pub fn handle(&mut self, input: Input) -> Option<SetupOutcome> {
        const ROWS: usize = 4;
        match input {
            Input::Up | Input::Char('k') | Input::Char('w') => {
                self.row = (self.row + ROWS - 1) % ROWS
            }
            Input::Down | Input::Char('j') | Input::Char('s') | Input::Tab => {
                self.row = (self.row + 1) % ROWS;
            }
            Input::Left | Input::Right | Input::Char('h') | Input::Char('l') => {
                let forward = matches!(input, Input::Right | Input::Char('l'));
                match self.row {
                    0 => self.dungeon = self.next_dungeon(forward),
                    1 => self.hero = cycle(&HeroKind::ALL, self.hero, forward),
                    2 => self.monster = cycle(&MonsterKind::ALL, self.monster, forward),
                    _ => {}
                }
            }
            // On a bundled dungeon, the first generated one.
            Input::Char('n') => {
                self.dungeon = match self.dungeon {
                    DungeonChoice::Generated(s) => DungeonChoice::Generated(s.wrapping_add(1)),
                    DungeonChoice::Bundled(_) => DungeonChoice::Generated(1),
                };
            }
            Input::Enter | Input::Char(' ') => return self.start(),
            Input::Char('q') | Input::Esc | Input::Ctrl('c') => return Some(SetupOutcome::Back),
            _ => {}
        }
        None
    }

    fn next_dungeon(&self, forward: bool) -> DungeonChoice {
        let n = BUNDLED.len();
        match (self.dungeon, forward) {
            (DungeonChoice::Bundled(i), true) if i + 1 < n => DungeonChoice::Bundled(i + 1),
            (DungeonChoice::Bundled(_), true) => DungeonChoice::Generated(1),
            (DungeonChoice::Bundled(0), false) => DungeonChoice::Generated(1),
            (DungeonChoice::Bundled(i), false) => DungeonChoice::Bundled(i - 1),
            (DungeonChoice::Generated(_), true) => DungeonChoice::Bundled(0),
            (DungeonChoice::Generated(_), false) => DungeonChoice::Bundled(n - 1),
        }
    }

    fn start(&mut self) -> Option<SetupOutcome> {
        let seed = match self.dungeon {
            DungeonChoice::Generated(s) => s,
            DungeonChoice::Bundled(_) => 0,
        };
        let screen = self.dungeon.dungeon().and_then(|(name, d)| {
            ChaseScreen::new(name, &d, self.hero, self.monster, false)?
                .with_start(seed, Some(Chase::DEFAULT_LIMIT))
        });
        match screen {
            Ok(screen) => Some(SetupOutcome::Start(Box::new(screen))),
            Err(e) => {
                self.note = Some(e);
                None
            }
        }
    }

    /// Draws the setup menu centred in `frame`.
    pub fn render(&self, frame: &mut Frame) {
        self.last_h.set(frame.height());
        let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
        let (x, top) = ((w - 56).max(0) / 2, (h - 12).max(0) / 2);
        let heading = "chase: pursuit and evasion in a dungeon (the DM503 Rogue project)";
        let heading = if w - x >= 66 { heading } else { "chase: pursuit and evasion" };
        frame.print_bold(x, top, &fit(heading, (w - x).max(0) as usize), palette::HEADING);
        let rows = [
            ("dungeon", self.dungeon.label()),
            ("hero", self.hero.strategy().name().to_string()),
            ("monster", self.monster.strategy().name().to_string()),
            ("", "start".to_string()),
        ];
        for (i, (label, value)) in rows.iter().enumerate() {
            let y = top + 2 + i as i32;
            let text =
                if label.is_empty() { value.clone() } else { format!("{label:<9}◀ {value} ▶") };
            if i == self.row {
                frame.print_bold(x, y, "▶ ", palette::HIGHLIGHT);
                frame.print_bold(x + 2, y, &text, palette::HIGHLIGHT);
            } else {
                frame.print(x + 2, y, &text, palette::TEXT, palette::BACKGROUND);
            }
        }
        // At 40 columns the hints take four lines and a note the rest of the screen.
        let width = (w - x).max(1) as usize;
        let hints = ["↑/↓ choose · ←/→ change · n next generated seed", "Enter watch · q back"];
        let hints: Vec<String> = hints.iter().flat_map(|hint| wrap(hint, width)).collect();
        for (i, hint) in hints.iter().enumerate() {
            frame.print(x, top + 7 + i as i32, hint, palette::HINT, palette::BACKGROUND);
        }
        if let Some(note) = &self.note {
            for (i, line) in wrap(note, width).iter().enumerate() {
                let gap = i32::from(h > 12);
                let y = top + 7 + gap + hints.len() as i32 + i as i32;
                frame.print(x, y, line, palette::WARNING, palette::BACKGROUND);
            }
        }
    }
}

/// The watch screen: the dungeon, both players, the monster's shortest path to the hero,
/// the last turn and the outcome. A dungeon larger than the screen scrolls to keep both
/// players in view (the hero when they are too far apart for both).
#[derive(Debug)]
pub struct ChaseScreen {
    name: String,
    dungeon: Dungeon,
    hero: StrategyMaker,
    monster: StrategyMaker,
    game: Chase,
    path: Vec<Point>,
    auto: bool,
    speed: usize,
    ticks: u32,
    message: String,
    /// Leaving quits the program (started with `chase --watch`).
    pub back_quits: bool,
    /// The chase's recording (none: a replay, or a strategy a recording can't keep).
    recorder: Option<Recorder<()>>,
    /// The generated dungeon's seed (0: a file) and the turn limit.
    start: Start,
    /// A replay's screen: the replay bar has the keys, so the watch keys are not hinted.
    replay: bool,
    /// The map cell the mouse points at (the scene's look text describes it).
    pointer: Option<Point>,
    /// Every turn's line so far, oldest first (the last [`LOG_LINES`]): the scene's log.
    log: Vec<String>,
}

/// How many lines the scene's message log keeps.
const LOG_LINES: usize = 200;

/// How a chase starts besides its dungeon and strategies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Start {
    /// The seed a generated dungeon was made from (0: a file or a bundled dungeon).
    seed: u64,
    /// The turn after which the hero has survived (`None`: no limit).
    limit: Option<Turn>,
}

impl Default for Start {
    fn default() -> Start {
        Start { seed: 0, limit: Some(Chase::DEFAULT_LIMIT) }
    }
}

impl Clone for ChaseScreen {
    fn clone(&self) -> ChaseScreen {
        // A chase holds boxed strategies: a clone replays the same turns on a new game.
        let mut copy = self
            .restarted()
            .unwrap_or_else(|_| unreachable!("the dungeon already started a chase"));
        while copy.game.turn() < self.game.turn() && copy.game.outcome().is_none() {
            copy.game.play_turn();
        }
        copy.path = copy.game.monster_path();
        copy.auto = self.auto;
        copy.speed = self.speed;
        copy.ticks = self.ticks;
        copy.message = self.message.clone();
        copy.recorder = self.recorder.clone();
        copy.replay = self.replay;
        copy.pointer = self.pointer;
        copy.log = self.log.clone();
        copy
    }
}

impl ChaseScreen {
    /// A screen watching a new chase on `dungeon` (shown as `name`) between the hero and
    /// monster strategies (built-in kinds or makers of others, such as scripts), with the
    /// default turn limit. A strategy a recording can't keep (neither built in nor a
    /// script with its source) is played unrecorded, and the screen says so.
    ///
    /// # Errors
    /// The chase's refusal (not exactly one monster, too large), as text.
    pub fn new(
        name: String,
        dungeon: &Dungeon,
        hero: impl Into<StrategyMaker>,
        monster: impl Into<StrategyMaker>,
        back_quits: bool,
    ) -> Result<ChaseScreen, String> {
        let players = (hero.into(), monster.into());
        ChaseScreen::starting(name, dungeon, players, back_quits, Start::default())
    }

    /// The same chase, started over from a dungeon generated from `seed` (recorded as
    /// the recording's seed) and ending after `limit` turns (`None`: never by a limit).
    ///
    /// # Errors
    /// As [`ChaseScreen::new`].
    pub fn with_start(self, seed: u64, limit: Option<Turn>) -> Result<ChaseScreen, String> {
        let players = (self.hero, self.monster);
        ChaseScreen::starting(
            self.name,
            &self.dungeon,
            players,
            self.back_quits,
            Start { seed, limit },
        )
    }

    fn starting(
        name: String,
        dungeon: &Dungeon,
        (hero, monster): (StrategyMaker, StrategyMaker),
        back_quits: bool,
        start: Start,
    ) -> Result<ChaseScreen, String> {
        let mut game = Chase::new(dungeon, hero.make(), monster.make())
            .map_err(|e| e.to_string())?
            .with_limit(start.limit);
        let path = game.monster_path();
        let players = (&hero, &monster);
        let recorder =
            crate::replay::chase_recorder_with(&name, dungeon, players, start.seed, start.limit);
        let message = match &recorder {
            Ok(_) => "space: one turn · p: auto-play".to_string(),
            Err(e) => format!("Not recorded: {e}."),
        };
        Ok(ChaseScreen {
            recorder: recorder.ok(),
            name,
            dungeon: dungeon.clone(),
            hero,
            monster,
            game,
            path,
            auto: false,
            speed: DEFAULT_SPEED,
            ticks: 0,
            message,
            back_quits,
            start,
            replay: false,
            pointer: None,
            log: Vec::new(),
        })
    }

    /// A new screen on the same chase, at its start.
    fn restarted(&self) -> Result<ChaseScreen, String> {
        let players = (self.hero.clone(), self.monster.clone());
        ChaseScreen::starting(
            self.name.clone(),
            &self.dungeon,
            players,
            self.back_quits,
            self.start,
        )
    }

    /// A read-only screen replaying a chase (nothing is recorded) between `players`
    /// (hero, monster) on a dungeon made from `seed` (0: a file), ending at `limit`.
    ///
    /// # Errors
    /// As [`ChaseScreen::new`].
    pub(crate) fn replaying(
        name: String,
        dungeon: &Dungeon,
        players: (StrategyMaker, StrategyMaker),
        seed: u64,
        limit: Option<Turn>,
    ) -> Result<ChaseScreen, String> {
        let mut screen =
            ChaseScreen::starting(name, dungeon, players, false, Start { seed, limit })?;
        screen.recorder = None;
        screen.replay = true;
        screen.message = "space: one turn · p: auto-play".to_string();
        Ok(screen)
    }

    /// Plays one turn of a replay.
    pub(crate) fn replay_turn(&mut self) {
        self.step();
    }

    /// Sets where the chase's recording goes when it ends.
    pub fn set_recordings(&mut self, sink: Option<Recordings>) {
        if let Some(r) = &mut self.recorder {
            r.set_sink(sink);
        }
    }

    /// Whether the recording has somewhere to go (or there is none to send).
    pub fn has_recordings(&self) -> bool {
        self.recorder.as_ref().is_none_or(Recorder::has_sink)
    }

    /// The chase being watched.
    pub fn game(&self) -> &Chase {
        &self.game
    }

    /// Whether auto-play is on.
    pub fn auto_playing(&self) -> bool {
        self.auto
    }

    /// Auto-play speed in turns per second.
    pub fn turns_per_second(&self) -> u32 {
        SPEEDS.get(self.speed).copied().unwrap_or(1)
    }

    /// Whether the front end should call [`ChaseScreen::tick`] (auto-play is running).
    pub fn wants_ticks(&self) -> bool {
        self.auto && self.game.outcome().is_none()
    }

    /// One tick (1/24 s) of the front end's clock: plays a turn when one is due.
    pub fn tick(&mut self) {
        if !self.wants_ticks() {
            return;
        }
        self.ticks += 1;
        if self.ticks >= 24 / self.turns_per_second() {
            self.ticks = 0;
            self.step();
        }
    }

    /// Handles a key; returns `true` when the player leaves the screen.
    pub fn handle(&mut self, input: Input) -> bool {
        match input {
            Input::Char(' ') | Input::Enter => {
                self.auto = false;
                self.step();
            }
            Input::Char('p') => {
                self.auto = !self.auto && self.game.outcome().is_none();
                self.ticks = 0;
            }
            Input::Char('+') | Input::Char('=') => {
                self.speed = (self.speed + 1).min(SPEEDS.len() - 1)
            }
            Input::Char('-') => self.speed = self.speed.saturating_sub(1),
            Input::Char('r') => {
                self.end_recording();
                if let Ok(fresh) = self.restarted() {
                    *self = fresh;
                }
            }
            Input::Char('q') | Input::Esc | Input::Ctrl('c') => {
                self.end_recording();
                return true;
            }
            _ => {}
        }
        false
    }

    /// The chase is left before its end (or the program quits): the recording so far
    /// goes to the sink as `quit`, once; one that ended went already.
    pub fn end_recording(&mut self) {
        let (turns, hash) = (self.game.turn().0, self.game.state_hash());
        if let Some(Err(e)) = self.recorder.as_mut().and_then(|r| r.finish("quit", turns, hash)) {
            tracing::warn!("chase recording not kept: {e}");
        }
    }

    fn step(&mut self) {
        let events = self.game.play_turn();
        if events.is_empty() {
            return;
        }
        if let Some(r) = &mut self.recorder {
            let game = &self.game;
            r.record((), || game.state_hash());
        }
        self.message = describe(self.game.turn().0, &events, self.game.board().monster_glyph());
        if let Some(outcome) = self.game.outcome() {
            self.auto = false;
            let word = match outcome {
                Outcome::Caught { .. } => "caught",
                Outcome::Escaped { .. } => "escaped",
                Outcome::TurnLimit { .. } => "limit",
                Outcome::Failed { .. } => "failed",
            };
            let (turns, hash) = (self.game.turn().0, self.game.state_hash());
            if let Some(Err(e)) = self.recorder.as_mut().and_then(|r| r.finish(word, turns, hash)) {
                tracing::warn!("chase recording not kept: {e}");
            }
            self.message = match outcome {
                Outcome::Caught { turn, .. } => {
                    format!("The monster catches the hero in turn {}.", turn.0)
                }
                Outcome::Escaped { turn, repeats } => format!(
                    "The hero escapes: turn {} repeats turn {}, the chase never ends.",
                    turn.0, repeats.0
                ),
                Outcome::TurnLimit { turns } => {
                    format!("The hero survived {} turns (the turn limit rule).", turns.0)
                }
                Outcome::Failed { who, turn } => format!(
                    "The {}'s strategy failed in turn {}: {}",
                    who.name(),
                    turn.0,
                    self.game.error().map_or_else(String::new, ToString::to_string)
                ),
            };
        }
        self.log.push(self.message.clone());
        if self.log.len() > LOG_LINES {
            self.log.remove(0);
        }
        self.path = self.game.monster_path();
    }

    /// Draws the dungeon, the path, the players, a message and a status line (two lines
    /// when one does not fit the width).
    pub fn render(&self, frame: &mut Frame) {
        let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
        let board = self.game.board();
        let size = board.map().size();
        let (mw, mh) = (size.width as i32, size.height as i32);
        let status = wrap_parts(&self.status_parts(), w.max(1) as usize);
        let rows = status.len() as i32;
        let view_h = (h - 1 - rows).max(0);
        // Two columns per cell, as in the file, when the map fits.
        let cw = if 2 * mw <= w { 2 } else { 1 };
        let hero = board.hero().at;
        let monster = board.monster().at;
        let ox = camera(hero.x, monster.x, mw, w / cw);
        let oy = camera(hero.y, monster.y, mh, view_h);
        // Caught: the monster stands on the hero; with two columns a cell it is drawn
        // beside the `@`, with one in its place.
        let caught = matches!(self.game.outcome(), Some(Outcome::Caught { .. }));
        for sy in 0..view_h {
            for sx in 0..(w / cw) {
                let p = Point::new(sx + ox, sy + oy);
                let Some(cell) = self.cell_at(p, caught && cw == 2) else { continue };
                frame.put(sx * cw, sy, cell);
                if caught && cw == 2 && p == monster {
                    frame.put(sx * cw + 1, sy, self.monster_over(Cell::BLANK));
                }
            }
        }
        frame.print(0, h - 1 - rows, &self.message, palette::TEXT, palette::BACKGROUND);
        let bar = palette::STATUS_BAR;
        let mut blank = Cell::BLANK;
        blank.bg = bar;
        frame.fill(0, h - rows, w, rows, blank);
        for (i, line) in status.iter().enumerate() {
            frame.print(0, h - rows + i as i32, line, palette::HIGHLIGHT, bar);
        }
        // A replay (nothing recorded) draws its own keys in its bar.
        let hint = "spc p +/- q";
        let last = status.last().map_or(0, |l| l.chars().count());
        if !self.replay && last + hint.len() < w as usize {
            frame.print(w - hint.len() as i32, h - 1, hint, palette::HINT, bar);
        }
    }

    /// The monster drawn over `under`.
    fn monster_over(&self, under: Cell) -> Cell {
        under.overlay(self.game.board().monster_glyph(), palette::HUNTER, Sprite::Hunter).bold()
    }

    /// What map cell `p` shows (`None`: off the map): the tile, the monster's path over
    /// it, a potion over the path (so the path never hides one), then the players, the
    /// hero over the monster; after a capture, unless `hero_on_top`, the monster on the
    /// cell where it caught the hero.
    fn cell_at(&self, p: Point, hero_on_top: bool) -> Option<Cell> {
        let board = self.game.board();
        let tile = board.map().tile(p)?;
        let mut cell = match tile {
            Tile::Wall => Cell::BLANK,
            t => tile_cell(t),
        };
        if self.path.len() > 2 && self.path[1..self.path.len() - 1].contains(&p) {
            cell = cell.overlay('∙', palette::PATH_MARK, Sprite::PathMark).bold();
        }
        if board.potions().contains(&p) {
            cell = cell.overlay('s', palette::POTION, Sprite::Potion).bold();
        }
        let caught = matches!(self.game.outcome(), Some(Outcome::Caught { .. }));
        if p == board.monster().at {
            cell = self.monster_over(cell);
        }
        if p == board.hero().at && (hero_on_top || !caught) {
            cell = cell.overlay('@', palette::AVATAR, Sprite::Player).bold();
        }
        Some(cell)
    }

    /// The pieces of the status line, in order: the dungeon, the strategies, the turn,
    /// the steps per turn and the state.
    fn status_parts(&self) -> Vec<String> {
        let state = match self.game.outcome() {
            Some(Outcome::Caught { .. }) => "caught".to_string(),
            Some(Outcome::Escaped { .. }) => "escaped".to_string(),
            Some(Outcome::TurnLimit { .. }) => "survived".to_string(),
            Some(Outcome::Failed { .. }) => "failed".to_string(),
            None if self.auto => format!("auto {}/s", self.turns_per_second()),
            None => "paused".to_string(),
        };
        let board = self.game.board();
        vec![
            format!("chase  {}", self.name),
            // The monster's letter is the dungeon file's: the status line names it.
            format!(
                "@ {} vs {} {}",
                self.game.strategy_name(Role::Hero),
                board.monster_glyph(),
                self.game.strategy_name(Role::Monster)
            ),
            format!("turn {}", self.game.turn().0),
            format!("steps {}/{}", board.hero().steps_per_turn(), board.monster().steps_per_turn()),
            state,
        ]
    }
}

/// `parts` joined by two spaces on as few lines of at most `width` characters as they
/// fit (a part longer than a line gets a line of its own and is cut by the frame), at
/// most two lines: the rest goes on the second.
fn wrap_parts(parts: &[String], width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for part in parts {
        let full = lines.len() == 2;
        match lines.last_mut() {
            Some(line) if full || line.chars().count() + 2 + part.chars().count() <= width => {
                line.push_str("  ");
                line.push_str(part);
            }
            _ => lines.push(part.clone()),
        }
    }
    lines
}

/// The first cell shown along one axis: centred maps when they fit; otherwise the
/// midpoint of the hero (`focus`) and the monster (`other`) in the middle when both fit
/// in `view`, else the hero in the middle; never past the map's edges.
fn camera(focus: i32, other: i32, world: i32, view: i32) -> i32 {
    if world <= view {
        return -(view - world) / 2;
    }
    let (lo, hi) = (focus.min(other), focus.max(other));
    let first = if hi - lo < view {
        ((lo + hi) / 2 - view / 2).clamp(hi - view + 1, lo)
    } else {
        focus - view / 2
    };
    first.clamp(0, world - view)
}

/// One line for a turn: where each player went, and potions drunk.
fn describe(turn: u64, events: &[Event], glyph: char) -> String {
    let mut parts = Vec::new();
    for e in events {
        match *e {
            Event::Moved { who, to, .. } => {
                let name = if who == Role::Hero { "@".to_string() } else { glyph.to_string() };
                parts.push(format!("{name} → {to}"));
            }
            Event::Stayed { who, .. } => {
                let name = if who == Role::Hero { "@".to_string() } else { glyph.to_string() };
                parts.push(format!("{name} stays"));
            }
            Event::Refused { who, direction } => {
                parts.push(format!("{} refused {direction:?}", who.name()))
            }
            Event::Drank { who, steps_per_turn, .. } => {
                parts.push(format!(
                    "{} drinks a potion ({steps_per_turn} steps a turn)",
                    who.name()
                ));
            }
            Event::Ended(_) => {}
        }
    }
    format!("Turn {turn}: {}", parts.join(" · "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_parts_wrap_onto_a_second_line_only_when_needed() {
        let parts: Vec<String> =
            ["chase  potion_field", "SpeedyRogue vs Monster", "turn 2", "steps 2/1", "paused"]
                .map(String::from)
                .to_vec();
        let one = wrap_parts(&parts, 80);
        assert_eq!(one, ["chase  potion_field  SpeedyRogue vs Monster  turn 2  steps 2/1  paused"]);
        let two = wrap_parts(&parts, 62);
        assert_eq!(
            two,
            ["chase  potion_field  SpeedyRogue vs Monster  turn 2  steps 2/1", "paused"]
        );
        let narrow = wrap_parts(&parts, 50);
        assert_eq!(
            narrow,
            ["chase  potion_field  SpeedyRogue vs Monster", "turn 2  steps 2/1  paused"]
        );
        assert!(two.iter().all(|l| l.chars().count() <= 62));
        assert_eq!(wrap_parts(&parts, 10).len(), 2, "never more than two lines");
    }

    #[test]
    fn every_bundled_dungeon_starts_a_chase() {
        for i in 0..BUNDLED.len() {
            let (name, d) = DungeonChoice::Bundled(i).dungeon().expect("bundled dungeons parse");
            assert!(
                ChaseScreen::new(name, &d, HeroKind::Rogue, MonsterKind::Monster, false).is_ok()
            );
        }
    }

    #[test]
    fn n_picks_the_next_generated_dungeon_also_from_a_bundled_one() {
        let mut setup = ChaseSetup::default();
        assert!(matches!(setup.dungeon, DungeonChoice::Bundled(_)));
        setup.handle(Input::Char('n'));
        assert_eq!(setup.dungeon, DungeonChoice::Generated(1));
        setup.handle(Input::Char('n'));
        assert_eq!(setup.dungeon, DungeonChoice::Generated(2));
    }

    #[test]
    fn the_setup_fits_40_columns_without_cutting_a_hint() {
        let setup = ChaseSetup {
            note: Some("the dungeon has no monster: it needs exactly one".into()),
            ..ChaseSetup::default()
        };
        let mut frame = Frame::new(40, 12);
        setup.render(&mut frame);
        let text = frame.to_text();
        let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
        for hint in ["n next generated seed", "Enter watch · q back", "needs exactly one"] {
            assert!(words.contains(hint), "{hint} cut:\n{text}");
        }
        assert_eq!(text.lines().next().map(str::trim_end), Some("chase: pursuit and evasion"));
    }

    #[test]
    fn auto_play_runs_on_ticks_at_the_chosen_speed() {
        let (name, d) = DungeonChoice::Bundled(0).dungeon().expect("parses");
        let mut s =
            ChaseScreen::new(name, &d, HeroKind::Rogue, MonsterKind::Monster, false).expect("ok");
        assert!(!s.wants_ticks());
        s.handle(Input::Char('p'));
        assert!(s.wants_ticks());
        assert_eq!(s.turns_per_second(), 4);
        for _ in 0..12 {
            s.tick();
        }
        assert_eq!(s.game().turn().0, 2, "4 turns a second: one every 6 ticks");
        s.handle(Input::Char('+'));
        s.handle(Input::Char('-'));
        s.handle(Input::Char('-'));
        assert_eq!(s.turns_per_second(), 2);
        s.handle(Input::Char(' '));
        assert!(!s.auto_playing(), "a manual step pauses");
        assert_eq!(s.game().turn().0, 3);
    }

    #[test]
    fn the_camera_keeps_both_players_in_view() {
        // A 100-cell axis in a 20-cell view.
        for (hero, monster) in [(5, 15), (50, 60), (90, 99), (60, 50), (0, 19), (80, 99)] {
            let first = camera(hero, monster, 100, 20);
            assert!((0..=80).contains(&first));
            for p in [hero, monster] {
                assert!((first..first + 20).contains(&p), "{hero},{monster}: {first}");
            }
        }
        // Too far apart: the hero stays in view.
        let first = camera(10, 90, 100, 20);
        assert!((first..first + 20).contains(&10));
        // A map that fits is centred.
        assert_eq!(camera(3, 4, 10, 20), -5);
    }

    #[test]
    fn a_large_dungeon_scrolls_to_show_both_players() {
        // A 60x60 open room; hero and monster 15 rows apart, far from the top.
        let mut rows = vec![". ".repeat(60); 60];
        rows[20].replace_range(20..22, "@ ");
        rows[35].replace_range(30..32, "Q ");
        let text = format!("60\n{}\n", rows.join("\n"));
        let d = Dungeon::parse_chase(text.as_bytes()).expect("parses");
        let s = ChaseScreen::new("big".into(), &d, HeroKind::Rogue, MonsterKind::Monster, false)
            .expect("a chase");
        let mut frame = Frame::new(80, 24);
        s.render(&mut frame);
        let screen = frame.to_text();
        assert!(screen.contains('@') && screen.contains('Q'), "{screen}");
    }

    #[test]
    fn setup_cycles_choices_and_starts() {
        let mut m = ChaseSetup::default();
        m.handle(Input::Left);
        assert_eq!(m.dungeon, DungeonChoice::Generated(1));
        m.handle(Input::Right);
        assert_eq!(m.dungeon, DungeonChoice::Bundled(0));
        m.handle(Input::Down);
        m.handle(Input::Right);
        assert_eq!(m.hero, HeroKind::Speedy);
        assert!(matches!(m.handle(Input::Enter), Some(SetupOutcome::Start(_))));
        assert!(matches!(m.handle(Input::Char('q')), Some(SetupOutcome::Back)));
    }
}
