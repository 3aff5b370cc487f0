//! The `chase` screens (the DM503 Rogue project, University of Southern Denmark, 2010): pick a dungeon and the strategies, then watch the
//! monster hunt the hero, turn by turn or playing on its own, or play one side yourself
//! (see the `play` module).
//!
//! Auto-play is timed by the front end's clock: while it runs, [`Screen::wants_ticks`](crate::Screen::wants_ticks)
//! is true and the front end calls [`Screen::tick`](crate::Screen::tick) 24 times per second; the screen
//! plays a turn every few ticks (the speed). The game itself never sees a clock.

use torchlit_geom::Point;
use torchlit_geom::{Rect, Size};
use torchlit_rng::Seed;
use torchlit_sim::Turn;
use torchlit_sim::formats::Dungeon;
use torchlit_sim::modes::chase::{
    Chase, ChaseError, Event, HeroKind, MonsterKind, Outcome, Role, StrategyMaker, generate,
};
use torchlit_sim::terrain::Tile;

use crate::record::{Recorder, Recordings};
use crate::sprite;
use crate::theme::tile_cell;
use crate::{Cell, Frame, Input, Transition, palette};
use torchlit_console::widgets::{fit, wrap, wrap_items};

/// The dungeons bundled into the program (the sim's [`torchlit_sim::modes::chase::BUNDLED`]).
pub use torchlit_sim::modes::chase::BUNDLED;

mod help;
mod play;
pub mod record;
mod scene;
mod screen;
mod setup;

pub use help::ChaseHelp;
pub use play::PLAY_CONTROLS;
pub use setup::DungeonError;

/// Turns per second at each auto-play speed (24 ticks per second: 24, 12, 6, 3, 2, 1
/// ticks per turn).
const SPEEDS: [u32; 6] = [1, 2, 4, 8, 12, 24];
/// The speed auto-play starts at (4 turns per second).
const DEFAULT_SPEED: usize = 2;
/// The side of a generated dungeon.
const GENERATED_SIDE: u32 = 20;

/// The controls of the watch screen (and the README).
pub const CONTROLS: [(&str, &str); 7] = [
    ("space", "play one turn (the monster, then the hero)"),
    ("p", "auto-play on / off"),
    ("+ / -", "auto-play faster / slower"),
    ("r", "start again"),
    ("?", "show / hide this help"),
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

/// The setup screen: dungeon, hero strategy, monster strategy.
#[derive(Clone, Debug)]
pub struct ChaseSetup {
    row: usize,
    dungeon: DungeonChoice,
    hero: HeroKind,
    monster: MonsterKind,
    /// The side the person plays (none: watch both strategies).
    play: Option<Role>,
    note: Option<String>,
    /// The frame's height in rows as last told ([`Screen::resize`](crate::Screen::resize)):
    /// a click on a line is placed from it.
    height: u16,
    /// Where the recordings of the chases started here go (none: they are dropped).
    recordings: Option<Recordings>,
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
    /// The person's side, when a person plays one (none: both sides are strategies).
    person: Option<play::PersonPlay>,
    /// Where the recordings go (also those of the chase started again with `r`).
    recordings: Option<Recordings>,
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
    /// The side a person plays (none: both are strategies).
    person: Option<Role>,
}

impl Default for Start {
    fn default() -> Start {
        Start { seed: 0, limit: Some(Chase::DEFAULT_LIMIT), person: None }
    }
}

impl Clone for ChaseScreen {
    fn clone(&self) -> ChaseScreen {
        // A chase holds boxed strategies: a clone replays the same turns on a new game.
        let mut copy = self
            .restarted()
            .unwrap_or_else(|_| unreachable!("the dungeon already started a chase"));
        if let Some(person) = &self.person {
            for &mv in &person.moves {
                let _ = copy.game.play_person(mv);
            }
            copy.person = Some(person.clone());
        }
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
        copy.recordings = self.recordings.clone();
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
    /// The chase's refusal (not exactly one monster, too large).
    pub fn new(
        name: String,
        dungeon: &Dungeon,
        hero: impl Into<StrategyMaker>,
        monster: impl Into<StrategyMaker>,
        back_quits: bool,
    ) -> Result<ChaseScreen, ChaseError> {
        let players = (hero.into(), monster.into());
        ChaseScreen::starting(name, dungeon, players, back_quits, Start::default())
    }

    /// The same chase, started over from a dungeon generated from `seed` (recorded as
    /// the recording's seed) and ending after `limit` turns (`None`: never by a limit).
    ///
    /// # Errors
    /// As [`ChaseScreen::new`].
    pub fn with_start(self, seed: u64, limit: Option<Turn>) -> Result<ChaseScreen, ChaseError> {
        let players = (self.hero, self.monster);
        let person = self.start.person;
        ChaseScreen::starting(
            self.name,
            &self.dungeon,
            players,
            self.back_quits,
            Start { seed, limit, person },
        )
    }

    fn starting(
        name: String,
        dungeon: &Dungeon,
        (hero, monster): (StrategyMaker, StrategyMaker),
        back_quits: bool,
        start: Start,
    ) -> Result<ChaseScreen, ChaseError> {
        if let Some(role) = start.person {
            return ChaseScreen::starting_play(
                name,
                dungeon,
                (hero, monster),
                back_quits,
                start,
                role,
            );
        }
        let game = Chase::new(dungeon, hero.make(), monster.make())?.with_limit(start.limit);
        let players = (&hero, &monster);
        let recorder =
            crate::replay::chase_recorder_with(&name, dungeon, players, start.seed, start.limit);
        let message = match &recorder {
            Ok(_) => "space: one turn · p: auto-play".to_string(),
            Err(e) => format!("Not recorded: {e}."),
        };
        let mut screen =
            ChaseScreen::fresh(name, dungeon, (hero, monster), game, back_quits, start);
        screen.recorder = recorder.ok();
        screen.message = message;
        Ok(screen)
    }

    /// A screen on `game` as it starts: paused at the default speed, nothing recorded,
    /// no message, no person playing, nothing pointed at.
    fn fresh(
        name: String,
        dungeon: &Dungeon,
        (hero, monster): (StrategyMaker, StrategyMaker),
        mut game: Chase,
        back_quits: bool,
        start: Start,
    ) -> ChaseScreen {
        ChaseScreen {
            path: game.monster_path(),
            name,
            dungeon: dungeon.clone(),
            hero,
            monster,
            game,
            auto: false,
            speed: DEFAULT_SPEED,
            ticks: 0,
            message: String::new(),
            back_quits,
            recorder: None,
            start,
            replay: false,
            pointer: None,
            log: Vec::new(),
            person: None,
            recordings: None,
        }
    }

    /// A new screen on the same chase, at its start, recording where this one does.
    fn restarted(&self) -> Result<ChaseScreen, ChaseError> {
        let players = (self.hero.clone(), self.monster.clone());
        let fresh = ChaseScreen::starting(
            self.name.clone(),
            &self.dungeon,
            players,
            self.back_quits,
            self.start,
        )?;
        Ok(if self.replay { fresh } else { fresh.with_recordings(self.recordings.clone()) })
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
    ) -> Result<ChaseScreen, ChaseError> {
        let start = Start { seed, limit, person: None };
        let mut screen = ChaseScreen::starting(name, dungeon, players, false, start)?;
        screen.recorder = None;
        screen.replay = true;
        screen.message = "space: one turn · p: auto-play".to_string();
        Ok(screen)
    }

    /// Plays one turn of a replay.
    pub(crate) fn replay_turn(&mut self) {
        self.step();
    }

    /// The screen with the chase's recording going to `sink` when it ends (none:
    /// dropped), also when it is started again.
    #[must_use]
    pub fn with_recordings(mut self, sink: Option<Recordings>) -> ChaseScreen {
        if let Some(r) = self.person.as_mut().and_then(|p| p.recorder.as_mut()) {
            r.set_sink(sink.clone());
        }
        if let Some(r) = &mut self.recorder {
            r.set_sink(sink.clone());
        }
        self.recordings = sink;
        self
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

    /// Whether auto-play is running (the front end then sends ticks).
    pub(super) fn auto_running(&self) -> bool {
        self.auto && self.game.outcome().is_none() && self.person.is_none()
    }

    /// One tick (1/24 s) of the front end's clock: plays a turn when one is due.
    pub(super) fn on_tick(&mut self) {
        if !self.auto_running() {
            return;
        }
        self.ticks += 1;
        if self.ticks >= 24 / self.turns_per_second() {
            self.ticks = 0;
            self.step();
        }
    }

    /// Handles a key: `?` opens the help page over the chase, Back keys leave.
    pub(super) fn on_key(&mut self, input: Input) -> Transition {
        if input == Input::Char('?') {
            return Transition::Push(Box::new(ChaseHelp::new(self)));
        }
        let leave =
            if self.person.is_some() { self.handle_play(input) } else { self.watch_key(input) };
        if leave { Transition::Pop } else { Transition::Stay }
    }

    /// A key while both sides are strategies; `true` when the player leaves.
    pub(super) fn watch_key(&mut self, input: Input) -> bool {
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
        let play = self.person.as_mut().and_then(|p| p.recorder.as_mut());
        if let Some(Err(e)) = play.and_then(|r| r.finish("quit", turns, hash)) {
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
        self.message = turn_message(self.game.turn().0, &events, self.game.board().monster_glyph());
        if let Some(outcome) = self.game.outcome() {
            self.auto = false;
            let (turns, hash) = (self.game.turn().0, self.game.state_hash());
            let word = outcome_word(outcome);
            if let Some(Err(e)) = self.recorder.as_mut().and_then(|r| r.finish(word, turns, hash)) {
                tracing::warn!("chase recording not kept: {e}");
            }
            self.message = self.ending(outcome);
        }
        self.keep_log();
    }

    /// Adds the message to the log and recomputes the monster's path.
    fn keep_log(&mut self) {
        self.log.push(self.message.clone());
        if self.log.len() > LOG_LINES {
            self.log.remove(0);
        }
        self.path = self.game.monster_path();
    }

    /// The sentence that says how the game ended.
    fn ending(&self, outcome: Outcome) -> String {
        match outcome {
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
        }
    }

    /// Draws the dungeon, the path, the players, a message (and, when a person plays,
    /// the moves they have) and a status line (two lines only when one does not fit the
    /// width).
    pub(super) fn draw(&self, frame: &mut Frame) {
        let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
        let board = self.game.board();
        let size = board.map().size();
        let (mw, mh) = (size.width as i32, size.height as i32);
        // A replay (nothing recorded) draws its own keys in its bar.
        let hint = if self.replay {
            ""
        } else if self.person.is_some() {
            "? help  q back"
        } else {
            "spc p +/- r ? q"
        };
        let fields = self.status_fields();
        let room = (w.max(1) as usize).saturating_sub(hint.len() + 2);
        // The hint stays if only the least important fields make room for it.
        let (status, hint) = match status_lines(&fields, room, 3) {
            one if one.len() == 1 && !hint.is_empty() => (one, hint),
            _ => (status_lines(&fields, w.max(1) as usize, 3), ""),
        };
        let rows = status.len() as i32;
        // The message on one line (a person's game over: as many as it takes, up to
        // three), then the person's moves.
        let mut above = match self.game.outcome() {
            Some(_) if self.person.is_some() => {
                let mut lines = wrap(&self.message, w.max(1) as usize);
                lines.truncate(3);
                lines
            }
            _ => vec![self.message.clone()],
        };
        above.extend(self.moves_line());
        let view_h = (h - above.len() as i32 - rows).max(0);
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
                frame.set(Point::new(sx * cw, sy), cell);
                if caught && cw == 2 && p == monster {
                    frame.set(Point::new(sx * cw + 1, sy), self.monster_over(Cell::BLANK));
                }
            }
        }
        for (i, line) in above.iter().enumerate() {
            let y = view_h + i as i32;
            frame.print_at(
                Point::new(0, y),
                &fit(line, w.max(0) as usize),
                palette::TEXT,
                palette::BACKGROUND,
            );
        }
        let bar = palette::STATUS_BAR;
        let mut blank = Cell::BLANK;
        blank.bg = bar;
        frame.fill_rect(
            Rect::new(Point::new(0, h - rows), Size::new(w.max(0) as u32, rows.max(0) as u32)),
            blank,
        );
        for (i, line) in status.iter().enumerate() {
            frame.print_at(Point::new(0, h - rows + i as i32), line, palette::HIGHLIGHT, bar);
        }
        if !hint.is_empty() {
            frame.print_at(Point::new(w - hint.len() as i32, h - 1), hint, palette::HINT, bar);
        }
    }

    /// The monster drawn over `under`.
    fn monster_over(&self, under: Cell) -> Cell {
        under.overlay(self.game.board().monster_glyph(), palette::HUNTER, sprite::HUNTER).bold()
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
            cell = cell.overlay('∙', palette::PATH_MARK, sprite::PATH_MARK).bold();
        }
        if board.potions().contains(&p) {
            cell = cell.overlay('s', palette::POTION, sprite::POTION).bold();
        }
        let caught = matches!(self.game.outcome(), Some(Outcome::Caught { .. }));
        if p == board.monster().at {
            cell = self.monster_over(cell);
        }
        if p == board.hero().at && (hero_on_top || !caught) {
            cell = cell.overlay('@', palette::AVATAR, sprite::PLAYER).bold();
        }
        Some(cell)
    }

    /// The pieces of the status line, in order: the dungeon, the strategies, the turn,
    /// the steps per turn and the state (empty in a replay before the end: the replay's
    /// bar says whether it plays).
    fn status_parts(&self) -> Vec<String> {
        self.status_fields().into_iter().map(|(text, _)| text).collect()
    }

    /// [`ChaseScreen::status_parts`] with how much each matters (higher stays longer
    /// when the line is too narrow).
    fn status_fields(&self) -> Vec<(String, u8)> {
        let state = match self.game.outcome() {
            Some(outcome) => outcome_state(outcome).to_string(),
            None if self.replay => String::new(),
            None if self.person.is_some() => "your step".to_string(),
            None if self.auto => format!("auto {}/s", self.turns_per_second()),
            None => "paused".to_string(),
        };
        let board = self.game.board();
        let (hero_steps, monster_steps) =
            (board.hero().steps_per_turn(), board.monster().steps_per_turn());
        let faster = hero_steps > 1 || monster_steps > 1;
        vec![
            (torchlit_sim::ModeId::Chase.to_string(), 2),
            (self.name.clone(), 3),
            // The monster's letter is the dungeon file's: the status line names it.
            (
                format!(
                    "@ {} vs {} {}",
                    self.game.strategy_name(Role::Hero),
                    board.monster_glyph(),
                    self.game.strategy_name(Role::Monster)
                ),
                4,
            ),
            (format!("turn {}", self.game.turn().0), 6),
            // Steps matter once a potion was drunk.
            (format!("steps {hero_steps}/{monster_steps}"), if faster { 4 } else { 1 }),
            (state, 5),
        ]
    }
}

/// The status line for `fields` (text, importance) at `width` columns: all of them on
/// one line when they fit; else without the least important ones (those below
/// `below`) when that fits; else all of them on two lines ([`wrap_parts`]). Empty
/// fields are left out.
fn status_lines(fields: &[(String, u8)], width: usize, below: u8) -> Vec<String> {
    let mut kept: Vec<&(String, u8)> = fields.iter().filter(|(t, _)| !t.is_empty()).collect();
    let long = |kept: &[&(String, u8)]| {
        kept.iter().map(|(t, _)| t.chars().count() + 2).sum::<usize>().saturating_sub(2)
    };
    while long(&kept) > width && kept.len() > 3 {
        let Some(i) = (0..kept.len()).min_by_key(|&i| kept[i].1) else { break };
        if kept[i].1 >= below {
            break;
        }
        kept.remove(i);
    }
    if long(&kept) > width {
        kept = fields.iter().filter(|(t, _)| !t.is_empty()).collect();
    }
    let parts: Vec<String> = kept.iter().map(|(t, _)| t.clone()).collect();
    wrap_parts(&parts, width)
}

/// A short word for how a chase ended (the recording's outcome).
fn outcome_word(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Caught { .. } => "caught",
        Outcome::Escaped { .. } => "escaped",
        Outcome::TurnLimit { .. } => "limit",
        Outcome::Failed { .. } => "failed",
    }
}

/// The status line's word for an ended chase.
fn outcome_state(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Caught { .. } => "caught",
        Outcome::Escaped { .. } => "escaped",
        Outcome::TurnLimit { .. } => "survived",
        Outcome::Failed { .. } => "failed",
    }
}

/// `parts` joined by two spaces on as few lines of at most `width` characters as they
/// fit (a part longer than a line gets a line of its own and is cut by the frame), at
/// most two lines: the rest goes on the second.
fn wrap_parts(parts: &[String], width: usize) -> Vec<String> {
    let mut lines = wrap_items(parts, "  ", width);
    if lines.len() > 2 {
        let rest = lines.split_off(1).join("  ");
        lines.push(rest);
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
fn turn_message(turn: u64, events: &[Event], glyph: char) -> String {
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
mod tests;
