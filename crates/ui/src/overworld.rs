//! The `overworld` screens (CaveGame, Freddy Heppell's AQA Computer Science NEA): the world menu (new, load, delete), the
//! new-world prompts, the world list, the play screen with its fight panel, inventory and
//! help.
//!
//! - **New world**: a name and a seed, both any text (the seed is hashed with
//!   `Seed::from_input`: the same text, the same world).
//! - **Load**: the worlds on disk with their seed and last-played time; pick one by number
//!   or by name (or with the arrows). **Delete** asks first.
//! - **Play**: the world around the player, as large as the terminal; WASD or the arrows
//!   walk (one key, no Enter). Cells a monster sees are tinted red: stepping there starts a
//!   fight, shown blow by blow in a panel (any key skips to the end). `i` inventory (wield
//!   or wear by letter or number), `?` help, `x` or Esc save and leave.
//! - **Saves**: every `save_frequency` steps (5) and when leaving, in the background
//!   ([`OverworldSession`]).
//!
//! The screen owns an open world (saving in the background), which can't be
//! copied: clones of an [`OverworldScreen`] share it.

mod draw;
mod fight;
mod help;
mod inventory;
mod keys;
mod menu;
mod new_world;
mod picker;
mod play;
mod scene;
mod session;
mod text;
mod worlds;

use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;

use torchlit_save::{Config, Score};
use torchlit_sim::TICKS_PER_SECOND;
use torchlit_sim::modes::overworld::combat::FightEntry;
use torchlit_sim::modes::overworld::{
    Action, Ending, Event, FightOutcome, FightReport, Item, Overworld, PLAYER_HEALTH, Reward,
};

use crate::record::Recordings;
use crate::{Frame, Input, Keymap, Rgb, palette};

pub use draw::{
    GUARD_BG, HUNTING_BG, PLAYER, ROCK_BG, Role, WATCHED_BG, draw_world, ground_look, monster_look,
};
use fight::render_fight;
use help::render_help;
use inventory::render_inventory;
pub use keys::{KeyConfigError, OverworldCommand, default_keymap, keymap_from_config, keys_of};
use new_world::render_new;
use picker::render_picker;
use play::{compass, gear_of};
pub use session::{OverworldSession, SaveStatus, SaveTimes, SessionError, outcome_word};
pub use text::{
    entry_text, health_text, message_of, odds_text, outcome_text, rewards_text, strength_text,
    whole_hp,
};
pub use worlds::{MODE, WorldRow, Worlds, format_time, rules_from_config, short_problem};

/// The longest world name accepted, in characters.
pub const MAX_NAME: usize = 100;
/// The longest seed accepted, in characters.
pub const MAX_SEED: usize = 200;

/// What the overworld screens start with.
#[derive(Clone, Debug)]
pub struct OverworldSetup {
    /// Where worlds are kept (none: no data directory, nothing can be saved).
    pub worlds: Option<Worlds>,
    /// The keys of the play screen.
    pub keymap: Keymap<OverworldCommand>,
    /// The seed offered on the new-world screen.
    pub seed: String,
    /// Open on the new-world screen instead of the world menu (`play overworld --seed S`).
    pub start_new: bool,
    /// Ticks between two blows shown in the fight panel (0: all at once).
    pub turn_ticks: u32,
    /// Show debug information (autosave stalls, regions generated) on the play screen.
    pub debug: bool,
}

impl Default for OverworldSetup {
    fn default() -> OverworldSetup {
        OverworldSetup {
            worlds: None,
            keymap: default_keymap(),
            seed: String::new(),
            start_new: false,
            turn_ticks: 12,
            debug: false,
        }
    }
}

impl OverworldSetup {
    /// The setup of `config`: its keys, turn delay and debug flag; worlds in `worlds`.
    ///
    /// # Errors
    /// [`KeyConfigError`] for a bad `[keys.overworld]` entry.
    pub fn from_config(
        worlds: Option<Worlds>,
        config: &Config,
        seed: String,
    ) -> Result<OverworldSetup, KeyConfigError> {
        let delay_ms = config.play.turn_delay.as_millis() as u64;
        Ok(OverworldSetup {
            worlds,
            keymap: keymap_from_config(config)?,
            seed,
            start_new: false,
            turn_ticks: ((delay_ms * TICKS_PER_SECOND + 500) / 1000) as u32,
            debug: config.play.debug_info,
        })
    }
}

/// What the app should do after a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leave {
    /// Stay on the overworld screens.
    Stay,
    /// Back to the title menu (or out, when started with `play overworld`).
    Back,
}

/// The overworld screens: see the module docs.
#[derive(Clone)]
pub struct OverworldScreen {
    flow: Rc<RefCell<Flow>>,
}

impl fmt::Debug for OverworldScreen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("OverworldScreen(..)")
    }
}

impl OverworldScreen {
    /// The world menu (or the new-world screen when `setup.start_new`).
    pub fn new(setup: OverworldSetup) -> OverworldScreen {
        let page = if setup.start_new {
            Page::New(NewWorld::new(setup.seed.clone()))
        } else {
            Page::Menu { note: None }
        };
        let last_size = std::cell::Cell::new((80, 24));
        let offered = u32::from(setup.start_new);
        let flow = Flow { setup, page, recordings: None, last_size, offered };
        OverworldScreen { flow: Rc::new(RefCell::new(flow)) }
    }

    /// Sets where the recordings of worlds left go (each time a world is left, a copy of
    /// its recording so far, outcome `saved`).
    pub fn set_recordings(&mut self, sink: Option<Recordings>) {
        if let Ok(mut flow) = self.flow.try_borrow_mut() {
            if let Page::Play(play) = &mut flow.page {
                play.session.set_recordings(sink.clone());
            }
            flow.recordings = sink;
        }
    }

    /// Whether a recordings sink was set.
    pub fn has_recordings(&self) -> bool {
        self.flow.try_borrow().is_ok_and(|f| f.recordings.is_some())
    }

    /// Handles one key.
    pub fn handle(&mut self, input: Input) -> Leave {
        match self.flow.try_borrow_mut() {
            Ok(mut flow) => flow.handle(input),
            Err(_) => Leave::Stay,
        }
    }

    /// Draws the current screen.
    pub fn render(&self, frame: &mut Frame) {
        if let Ok(flow) = self.flow.try_borrow() {
            flow.last_size.set((frame.width(), frame.height()));
            flow.render(frame);
        }
    }

    /// Whether the screen needs ticks (a fight being shown, saves being written).
    pub fn wants_ticks(&self) -> bool {
        self.flow.try_borrow().is_ok_and(|f| f.wants_ticks())
    }

    /// Advances fight playback by one tick and collects save reports.
    pub fn tick(&mut self) {
        if let Ok(mut flow) = self.flow.try_borrow_mut() {
            flow.tick();
        }
    }

    /// Saves and closes the world in play, if any (before the program quits).
    ///
    /// # Errors
    /// Why the last save failed, for the player.
    pub fn shut_down(&mut self) -> Result<(), String> {
        if let Ok(mut flow) = self.flow.try_borrow_mut()
            && let Page::Play(play) = std::mem::replace(&mut flow.page, Page::Menu { note: None })
        {
            let closed = play.session.close().map_err(|e| e.to_string());
            if let Err(e) = &closed {
                tracing::error!(error = %e, "saving the world on quit failed");
            }
            if let Some(worlds) = &flow.setup.worlds {
                worlds.note_quit_save(closed.clone().err());
            }
            return closed.map_err(|e| format!("could not save the world: {e}"));
        }
        Ok(())
    }

    /// Saves the world in play, if any, and waits until it is written; play goes on.
    ///
    /// # Errors
    /// Why the save failed, for the player.
    pub fn save_now(&mut self) -> Result<(), String> {
        let Ok(mut flow) = self.flow.try_borrow_mut() else { return Ok(()) };
        let Page::Play(play) = &mut flow.page else { return Ok(()) };
        play.session
            .save()
            .and_then(|()| play.session.flush())
            .map_err(|e| format!("could not save the world: {e}"))
    }

    /// Calls `f` with the session of the world in play (`None` off the play screen).
    pub fn with_session<R>(&self, f: impl FnOnce(Option<&OverworldSession>) -> R) -> R {
        match self.flow.try_borrow() {
            Ok(flow) => match &flow.page {
                Page::Play(play) => f(Some(&play.session)),
                _ => f(None),
            },
            Err(_) => f(None),
        }
    }
}

struct Flow {
    setup: OverworldSetup,
    page: Page,
    recordings: Option<Recordings>,
    /// The size of the last frame drawn, `(columns, rows)`: a click on a text page is
    /// read from the page drawn at it.
    last_size: std::cell::Cell<(u16, u16)>,
    /// How many new-world prompts were opened: each offers a seed of its own.
    offered: u32,
}

enum Page {
    Menu { note: Option<String> },
    New(NewWorld),
    Pick(Picker),
    Confirm { row: WorldRow, picker: Picker },
    Play(Box<Play>),
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Field {
    Name,
    Seed,
}

struct NewWorld {
    name: String,
    seed: String,
    field: Field,
    note: Option<String>,
}

impl NewWorld {
    fn new(seed: String) -> NewWorld {
        NewWorld { name: String::new(), seed, field: Field::Name, note: None }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Purpose {
    Load,
    Delete,
}

struct Picker {
    purpose: Purpose,
    rows: Vec<WorldRow>,
    selected: usize,
    typed: String,
    note: Option<String>,
}

/// What is shown over the map.
enum Panel {
    None,
    Fight(Playback),
    Inventory {
        note: Option<String>,
    },
    Help {
        scroll: usize,
    },
    /// The game is over (the default game): the score and the high scores.
    End,
}

/// A fight shown blow by blow.
struct Playback {
    report: Box<FightReport>,
    /// Entries shown.
    shown: usize,
    /// Ticks until the next blow.
    wait: u32,
    /// What the message line says once the fight is over (the outcome, rewards, better
    /// gear): held back so nothing tells the end before the last blow.
    after: Vec<String>,
    /// Once over, the first line shown (the panel starts at its top; ↑/↓ scroll).
    scroll: usize,
}

impl Playback {
    fn done(&self) -> bool {
        self.shown >= self.report.log.entries.len()
    }

    /// Shows up to and including the next blow (armour and stun lines come with it).
    fn reveal_next(&mut self) {
        let entries = &self.report.log.entries;
        while self.shown < entries.len() {
            self.shown += 1;
            if matches!(entries[self.shown - 1], FightEntry::Blow { .. }) {
                break;
            }
        }
    }
}

struct Play {
    session: OverworldSession,
    /// Every message so far (the latest [`MESSAGES`]).
    messages: Vec<String>,
    /// How many of the last `messages` the latest key brought: they are all shown.
    fresh: usize,
    panel: Panel,
    /// The end panel's lines, once the game ended in this session.
    end: Option<Vec<String>>,
    /// The last scroll position of the open panel (help, finished fight) at the size it
    /// was last drawn: scrolling stops there.
    scroll_max: std::cell::Cell<usize>,
    /// Leaving failed to save: a second quit leaves anyway.
    quit_armed: bool,
    /// Esc was pressed on the map: a second Esc in a row leaves.
    esc_armed: bool,
    /// The world cell the mouse points at (the scene describes it and the way there).
    pointer: Option<torchlit_geom::Point>,
}

/// How many messages the play screen keeps (the scene's message log shows them all).
const MESSAGES: usize = 200;

/// The most turns one rest until healed (`Z`) lasts (DCSS's and Brogue's 100).
const REST_TURNS: u32 = 100;

/// Whether the game is over; if so, says so (every action is refused then).
fn said_over(play: &mut Play) -> bool {
    if play.session.game().ending().is_none() {
        return false;
    }
    let score = play.session.game().score();
    play.say(format!("This game is over (score {score}): q leaves the world."));
    true
}

/// How a finished game ended, after "you": `you were slain by a troll`.
fn ending_text(ending: Ending) -> String {
    match ending {
        Ending::Victory => "you took the artefact".to_string(),
        Ending::Slain(kind) => format!("you were slain by a {kind}"),
    }
}

impl Play {
    fn new(session: OverworldSession, welcome: String) -> Play {
        let mut messages = vec![welcome];
        if session.generation_changed() {
            messages.push(
                "Note: the [generation] config differs from this world's; the world keeps its own settings (the config's apply to new worlds)."
                    .to_string(),
            );
        }
        if let Some(ending) = session.game().ending() {
            messages.push(format!(
                "This game is over: {} (score {}). q leaves; n in the menu starts a new world.",
                ending_text(ending),
                session.game().score()
            ));
        }
        Play {
            session,
            fresh: messages.len(),
            messages,
            panel: Panel::None,
            end: None,
            scroll_max: std::cell::Cell::new(0),
            quit_armed: false,
            esc_armed: false,
            pointer: None,
        }
    }

    fn say(&mut self, text: String) {
        self.messages.push(text);
        self.fresh += 1;
        if self.messages.len() > MESSAGES {
            self.messages.remove(0);
        }
        self.fresh = self.fresh.min(self.messages.len());
    }

    /// What the latest key brought, in order, as one text (empty when nothing was said).
    fn latest(&self) -> String {
        self.messages[self.messages.len() - self.fresh..].join(" ")
    }
}

const TITLE: Rgb = palette::MENU_TITLE;
const NOTE: Rgb = palette::WARNING;

impl Flow {
    fn wants_ticks(&self) -> bool {
        match &self.page {
            Page::Play(play) => {
                matches!(&play.panel, Panel::Fight(p) if !p.done())
                    || play.session.status().pending > 0
            }
            _ => false,
        }
    }

    fn tick(&mut self) {
        let Page::Play(play) = &mut self.page else { return };
        play.session.poll();
        if let Panel::Fight(p) = &mut play.panel
            && !p.done()
        {
            if p.wait > 0 {
                p.wait -= 1;
            }
            if p.wait == 0 {
                p.reveal_next();
                p.wait = self.setup.turn_ticks;
            }
        }
    }

    fn handle(&mut self, input: Input) -> Leave {
        let page = std::mem::replace(&mut self.page, Page::Menu { note: None });
        let (page, leave) = match page {
            Page::Menu { note } => self.menu(input, note),
            Page::New(new) => self.new_world(input, new),
            Page::Pick(picker) => self.pick(input, picker),
            Page::Confirm { row, picker } => self.confirm(input, row, picker),
            Page::Play(play) => self.play(input, play),
        };
        self.page = page;
        leave
    }

    fn render(&self, frame: &mut Frame) {
        match &self.page {
            Page::Menu { note } => self.render_menu(frame, note.as_deref()),
            Page::New(new) => {
                let seed_rules = self.setup.worlds.as_ref().is_some_and(Worlds::seed_rules);
                render_new(frame, new, seed_rules);
            }
            Page::Pick(picker) => render_picker(frame, picker),
            Page::Confirm { row, picker } => {
                render_picker(frame, picker);
                let (x, y, w, _) = draw::panel(frame, 60, 7, "Delete a world", NOTE);
                let lines = [
                    match &row.problem {
                        None => format!("Delete {} (seed {})?", row.label(), seed_shown(row)),
                        Some(problem) => format!("Delete {} ({problem})?", row.label()),
                    },
                    "It can't be undone.".to_string(),
                    String::new(),
                    "y: delete   n or Esc: keep it".to_string(),
                ];
                for (i, line) in lines.iter().enumerate() {
                    draw::text(
                        frame,
                        x,
                        y + i as i32,
                        &draw::fit(line, w as usize),
                        Rgb::WHITE,
                        Rgb::BLACK,
                        false,
                    );
                }
            }
            Page::Play(play) => self.render_play(frame, play),
        }
    }
}

/// Draws an overworld game being replayed: the world around the player, the last step's
/// latest message and a status line (health in the default game, position, gold, gear,
/// kills, deaths, moves).
pub(crate) fn render_replay(game: &Overworld, messages: &[String], frame: &mut Frame) {
    let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
    let message = messages.last().cloned().unwrap_or_default();
    let mut lines = draw::wrap(&message, w.max(1) as usize);
    lines.truncate(2);
    let message_h = lines.len().max(1) as i32;
    let map_h = (h - 1 - message_h).max(0);
    draw::draw_world(game, frame, (0, 0, w, map_h));
    for (i, line) in lines.iter().enumerate() {
        draw::text(frame, 0, map_h + i as i32, line, Rgb::WHITE, Rgb::BLACK, false);
    }
    let p = game.player();
    let (sword, armour) = gear_of(p);
    let health = if game.quest().is_some() {
        format!("{}  ", health_text(game.health(), PLAYER_HEALTH))
    } else {
        String::new()
    };
    let status = format!(
        "{health}({}, {})  gold {}  sword {sword} armour {armour}  kills {}  deaths {}  moves {}",
        p.at().x,
        p.at().y,
        p.gold(),
        p.kills(),
        p.deaths(),
        p.moves().0
    );
    let status = draw::fit(&status, w.max(0) as usize);
    draw::text(frame, 0, h - 1, &status, palette::STATUS_TEXT, Rgb::BLACK, false);
}

/// Saves (when anything was played since the world was opened) and waits until the
/// world on disk holds everything.
fn sync(session: &mut OverworldSession) -> Result<(), SessionError> {
    if session.played() {
        session.save()?;
    }
    session.flush()
}

/// A world's seed for the list: quoted, so an empty or spaced seed shows; nothing for a
/// world that can't be read.
fn seed_shown(row: &WorldRow) -> String {
    if row.problem.is_some() { String::new() } else { format!("{:?}", row.seed_text) }
}

fn no_data_dir() -> String {
    "There is no data directory to keep worlds in: start torchlit with --data-dir DIR.".to_string()
}

/// A world's name for messages (`(unnamed)` for the empty name).
fn display_name(name: &str) -> String {
    if name.is_empty() { "(unnamed)".to_string() } else { name.to_string() }
}

/// The smallest terminal the play screen is drawn in, `(columns, rows)`: below it a
/// notice says so.
pub const MIN_SIZE: (u16, u16) = (40, 10);

#[cfg(test)]
mod tests;
