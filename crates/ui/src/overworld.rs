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
mod keys;
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

pub use draw::{PLAYER, ROCK_BG, WATCHED_BG, draw_world, ground_look, monster_look};
pub use keys::{
    KeyConfigError, OverworldCommand, default_keymap, key_name, keymap_from_config, keys_of,
};
pub use session::{OverworldSession, SaveStatus, SaveTimes, SessionError, outcome_word};
pub use text::{describe, entry_text, health_text, outcome_text, rewards_text};
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
        let flow = Flow { setup, page, recordings: None, last_size };
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

    fn picker(&self, purpose: Purpose, note: Option<String>) -> Page {
        let Some(worlds) = &self.setup.worlds else {
            return Page::Menu { note: Some(no_data_dir()) };
        };
        match worlds.list() {
            Ok(rows) => {
                Page::Pick(Picker { purpose, rows, selected: 0, typed: String::new(), note })
            }
            Err(e) => Page::Menu { note: Some(format!("The worlds can't be listed: {e}")) },
        }
    }

    fn menu(&mut self, input: Input, note: Option<String>) -> (Page, Leave) {
        match input {
            Input::Char('n') => (Page::New(NewWorld::new(self.setup.seed.clone())), Leave::Stay),
            Input::Char('l') | Input::Enter => (self.picker(Purpose::Load, None), Leave::Stay),
            Input::Char('d') => (self.picker(Purpose::Delete, None), Leave::Stay),
            Input::Esc | Input::Char('q') => (Page::Menu { note: None }, Leave::Back),
            _ => (Page::Menu { note }, Leave::Stay),
        }
    }

    fn new_world(&mut self, input: Input, mut new: NewWorld) -> (Page, Leave) {
        let field = match new.field {
            Field::Name => &mut new.name,
            Field::Seed => &mut new.seed,
        };
        let limit = if new.field == Field::Name { MAX_NAME } else { MAX_SEED };
        match input {
            Input::Esc => return (Page::Menu { note: None }, Leave::Stay),
            Input::Char(c) if !c.is_control() && field.chars().count() < limit => field.push(c),
            Input::Backspace => {
                field.pop();
            }
            Input::Tab | Input::Up | Input::Down => {
                new.field = if new.field == Field::Name { Field::Seed } else { Field::Name };
            }
            Input::Enter if new.field == Field::Name => new.field = Field::Seed,
            Input::Enter => {
                let Some(worlds) = &self.setup.worlds else {
                    new.note = Some(no_data_dir());
                    return (Page::New(new), Leave::Stay);
                };
                let taken = worlds
                    .list()
                    .is_ok_and(|rows| rows.iter().any(|r| r.name.as_deref() == Some(&new.name)));
                if taken {
                    new.note = Some(format!(
                        "There is already a world named {}: choose another name.",
                        display_name(&new.name)
                    ));
                    new.field = Field::Name;
                    return (Page::New(new), Leave::Stay);
                }
                return match OverworldSession::create(worlds, &new.name, &new.seed) {
                    Ok(mut session) => {
                        session.set_recordings(self.recordings.clone());
                        let welcome = format!(
                            "Welcome to {}! WASD or the arrows walk; ? for help.",
                            display_name(&new.name)
                        );
                        (Page::Play(Box::new(Play::new(session, welcome))), Leave::Stay)
                    }
                    Err(e) => {
                        new.note = Some(format!("The world can't be created: {e}"));
                        (Page::New(new), Leave::Stay)
                    }
                };
            }
            _ => {}
        }
        (Page::New(new), Leave::Stay)
    }

    fn pick(&mut self, input: Input, mut picker: Picker) -> (Page, Leave) {
        let n = picker.rows.len();
        match input {
            Input::Esc => return (Page::Menu { note: None }, Leave::Stay),
            Input::Up if n > 0 => picker.selected = (picker.selected + n - 1) % n,
            Input::Down if n > 0 => picker.selected = (picker.selected + 1) % n,
            Input::Char(c) if !c.is_control() && picker.typed.chars().count() < MAX_NAME => {
                picker.typed.push(c);
            }
            Input::Backspace => {
                picker.typed.pop();
            }
            Input::Enter => {
                let Some(row) = choose(&picker) else {
                    picker.note = Some(if picker.rows.is_empty() {
                        "There are no worlds yet: Esc, then n for a new one.".to_string()
                    } else {
                        format!("No world is numbered or named {:?}.", picker.typed)
                    });
                    return (Page::Pick(picker), Leave::Stay);
                };
                return match picker.purpose {
                    Purpose::Delete => (Page::Confirm { row, picker }, Leave::Stay),
                    Purpose::Load => self.load(row, picker),
                };
            }
            _ => {}
        }
        (Page::Pick(picker), Leave::Stay)
    }

    fn load(&mut self, row: WorldRow, mut picker: Picker) -> (Page, Leave) {
        if let Some(problem) = &row.problem {
            picker.note = Some(format!("{} can't be loaded: {problem}.", row.label()));
            return (Page::Pick(picker), Leave::Stay);
        }
        let Some(worlds) = &self.setup.worlds else {
            return (Page::Menu { note: Some(no_data_dir()) }, Leave::Stay);
        };
        match OverworldSession::open(worlds, &row.id) {
            Ok(mut session) => {
                session.set_recordings(self.recordings.clone());
                let welcome = format!("Welcome back to {}.", row.label());
                (Page::Play(Box::new(Play::new(session, welcome))), Leave::Stay)
            }
            Err(e) => {
                picker.note = Some(format!("{} can't be loaded: {e}", row.label()));
                (Page::Pick(picker), Leave::Stay)
            }
        }
    }

    fn confirm(&mut self, input: Input, row: WorldRow, mut picker: Picker) -> (Page, Leave) {
        match input {
            Input::Char('y') | Input::Char('Y') => {
                let Some(worlds) = &self.setup.worlds else {
                    return (Page::Menu { note: Some(no_data_dir()) }, Leave::Stay);
                };
                let note = match worlds.delete(&row.id) {
                    Ok(()) => format!("Deleted {}.", row.label()),
                    Err(e) => format!("{} could not be deleted: {e}", row.label()),
                };
                (self.picker(Purpose::Delete, Some(note)), Leave::Stay)
            }
            Input::Char('n') | Input::Char('N') | Input::Esc => {
                picker.note = Some("Nothing was deleted.".to_string());
                picker.typed.clear();
                (Page::Pick(picker), Leave::Stay)
            }
            _ => (Page::Confirm { row, picker }, Leave::Stay),
        }
    }

    fn play(&mut self, input: Input, mut play: Box<Play>) -> (Page, Leave) {
        if !matches!(play.panel, Panel::None) {
            play_panel(&mut play, input);
            return (Page::Play(play), Leave::Stay);
        }
        match self.setup.keymap.get(input) {
            Some(OverworldCommand::Move(d)) => self.act(&mut play, Action::Move(d)),
            Some(OverworldCommand::Rest) => self.act(&mut play, Action::Rest),
            Some(OverworldCommand::RestLong) => self.rest_long(&mut play),
            Some(OverworldCommand::Inventory) => play.panel = Panel::Inventory { note: None },
            Some(OverworldCommand::Help) => play.panel = Panel::Help { scroll: 0 },
            Some(OverworldCommand::Quit) => return self.leave(play),
            None => {
                play.fresh = 0;
                let help = keys_of(&self.setup.keymap, OverworldCommand::Help)
                    .into_iter()
                    .next()
                    .map_or_else(|| "?".to_string(), key_name);
                play.say(format!("Unknown key; {help} for help."));
            }
        }
        (Page::Play(play), Leave::Stay)
    }

    /// Plays a step or a rest: its messages, the fight panel, the end of the game.
    fn act(&mut self, play: &mut Play, action: Action) {
        self.act_told(play, action);
    }

    /// [`Flow::act`], saying whether the action was a plain step (nothing but the step
    /// and maybe a new region came of it): travel goes on only after those.
    fn act_told(&mut self, play: &mut Play, action: Action) -> bool {
        // An action starts a new line of messages: all it brings is shown.
        play.fresh = 0;
        play.quit_armed = false;
        if said_over(play) {
            return false;
        }
        let before = gear_of(play.session.game().player());
        let events = play.session.apply(action);
        let plain =
            events.iter().all(|e| matches!(e, Event::Moved { .. } | Event::EnteredRegion { .. }));
        let mut texts: Vec<String> = events.iter().filter_map(describe).collect();
        texts.extend(better_gear(&play.session, before, &events, &self.setup.keymap));
        self.show_events(play, events, texts);
        plain
    }

    /// Shows what an action brought: its `texts` at once, or the fight panel playing the
    /// fight among `events` first (the texts after it); the end panel when the game ended.
    fn show_events(&mut self, play: &mut Play, events: Vec<Event>, texts: Vec<String>) {
        if let Some(ending) = play.session.game().ending() {
            play.end = Some(self.record_end(&play.session, ending));
        }
        let fight = events.into_iter().find_map(|e| match e {
            Event::Fight(report) => Some(report),
            _ => None,
        });
        match fight {
            Some(report) => {
                let mut p = Playback {
                    report,
                    shown: 0,
                    wait: self.setup.turn_ticks,
                    after: texts,
                    scroll: 0,
                };
                if self.setup.turn_ticks == 0 {
                    p.shown = p.report.log.entries.len();
                } else {
                    p.reveal_next();
                }
                play.panel = Panel::Fight(p);
            }
            None => {
                texts.into_iter().for_each(|t| play.say(t));
                if play.end.is_some() {
                    play.panel = Panel::End;
                }
            }
        }
    }

    /// Rests until healed (`Z`): turn after turn while health is not full, no monster is
    /// within its notice range and nothing else happens, at most [`REST_TURNS`] turns;
    /// says why it stopped.
    fn rest_long(&mut self, play: &mut Play) {
        play.fresh = 0;
        if said_over(play) {
            return;
        }
        let game = play.session.game();
        let Some(notice) = game.quest().map(|q| q.notice) else {
            return self.act(play, Action::Rest);
        };
        if game.health().0 >= PLAYER_HEALTH * 100 {
            return play.say("You are already at full health.".to_string());
        }
        let near = |game: &Overworld| {
            let at = game.player().at();
            let r = i32::try_from(notice).unwrap_or(i32::MAX);
            let area = torchlit_geom::Rect::new(
                torchlit_geom::Point::new(at.x.saturating_sub(r), at.y.saturating_sub(r)),
                torchlit_geom::Size::new(2 * notice + 1, 2 * notice + 1),
            );
            game.monsters_near(area).into_iter().find(|m| {
                let (dx, dy) = (i64::from(m.at.x - at.x), i64::from(m.at.y - at.y));
                dx * dx + dy * dy <= i64::from(notice) * i64::from(notice)
            })
        };
        if let Some(m) = near(game) {
            return play.say(format!("You cannot rest with a {} this close.", m.kind));
        }
        let start = game.health().0.div_ceil(100);
        for turn in 1..=REST_TURNS {
            let events = play.session.apply(Action::Rest);
            let quiet = events.iter().all(|e| matches!(e, Event::Rested));
            let game = play.session.game();
            if !quiet || game.ending().is_some() {
                // A fight or anything else: shown as a single step would show it.
                let mut texts: Vec<String> = events.iter().filter_map(describe).collect();
                texts.insert(0, format!("You rest {turn} turns, then:"));
                return self.show_events(play, events, texts);
            }
            let hp = game.health().0.div_ceil(100);
            let stop = if hp >= PLAYER_HEALTH {
                Some("You are fully healed.".to_string())
            } else {
                near(game).map(|m| format!("A {} comes near.", m.kind))
            };
            if let Some(why) = stop {
                return play.say(format!("You rest {turn} turns (+{} health). {why}", hp - start));
            }
        }
        let hp = play.session.game().health().0.div_ceil(100);
        play.say(format!("You rest {REST_TURNS} turns (+{} health).", hp - start));
    }

    /// Enters a finished game in the high-score table; the end panel's lines.
    fn record_end(&self, session: &OverworldSession, ending: Ending) -> Vec<String> {
        let game = session.game();
        let p = game.player();
        let mut lines = vec![
            match ending {
                Ending::Victory => "You took the artefact: you have won!".to_string(),
                Ending::Slain(kind) => format!("You were slain by a {kind}."),
            },
            format!(
                "Score {}: {} gold, {} kills, {} chests, {} regions out, {} turns.",
                game.score(),
                p.gold(),
                p.kills(),
                p.chests(),
                p.vitals().farthest,
                p.moves().0
            ),
        ];
        let Some(worlds) = &self.setup.worlds else { return lines };
        let when = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let score = Score {
            mode: MODE.to_string(),
            name: display_name(&session.info().name),
            score: game.score(),
            ending: ending.to_string(),
            turns: p.moves().0,
            when,
        };
        match worlds.store().add_score(score) {
            Ok(Some(rank)) => lines.push(format!("It is number {rank} in the high scores.")),
            Ok(None) => lines.push("It did not make the high scores.".to_string()),
            Err(e) => lines.push(format!("The high scores can't be kept: {e}")),
        }
        lines
    }

    /// Saves and closes the world; on failure stays (a second quit leaves anyway).
    fn leave(&mut self, mut play: Box<Play>) -> (Page, Leave) {
        let name = display_name(&play.session.info().name);
        if play.quit_armed {
            drop(play);
            let note = format!("Left {name} without saving the last moves.");
            return (Page::Menu { note: Some(note) }, Leave::Stay);
        }
        let kept = play.session.keep_recording();
        match sync(&mut play.session) {
            Ok(()) => {
                let saved = play.session.close();
                let mut note = match saved {
                    Ok(()) => format!("{name} was saved."),
                    Err(e) => format!("{name}: the last save failed: {e}"),
                };
                match kept {
                    Some(Ok(place)) => note.push_str(&format!(" Recording: {place}")),
                    Some(Err(e)) => note.push_str(&format!(" The recording was not kept: {e}")),
                    None => {}
                }
                (Page::Menu { note: Some(note) }, Leave::Stay)
            }
            Err(e) => {
                play.quit_armed = true;
                play.say(format!("Saving failed: {e}. Press quit again to leave anyway."));
                (Page::Play(play), Leave::Stay)
            }
        }
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

    /// The end panel: how the game ended, its score, and the high scores.
    fn render_end(&self, frame: &mut Frame, play: &Play) {
        let fh = i32::from(frame.height());
        let (x, y, w, h) = draw::panel(frame, 70, (fh - 2).min(20), "The end", TITLE);
        let mut lines: Vec<String> = Vec::new();
        for line in play.end.iter().flatten() {
            lines.extend(draw::wrap(line, w.max(1) as usize));
        }
        lines.push(String::new());
        lines.extend(self.score_lines(w.max(1) as usize));
        let body = (h - 1).max(0) as usize;
        for (i, line) in lines.iter().take(body).enumerate() {
            draw::text(frame, x, y + i as i32, line, Rgb::WHITE, Rgb::BLACK, i == 0);
        }
        draw::text(
            frame,
            x,
            y + h - 1,
            "any key: close, then q to leave",
            Rgb::GREY,
            Rgb::BLACK,
            false,
        );
    }

    /// The high-score table, one line a game (empty without a data directory).
    fn score_lines(&self, width: usize) -> Vec<String> {
        let Some(worlds) = &self.setup.worlds else { return Vec::new() };
        match worlds.store().high_scores(MODE) {
            Ok(scores) if scores.is_empty() => vec!["High scores: none yet.".to_string()],
            Ok(scores) => std::iter::once("High scores:".to_string())
                .chain(scores.iter().enumerate().map(|(i, s)| {
                    let line = format!(
                        "{:>2}. {:>6}  {}  {} ({} turns)",
                        i + 1,
                        s.score,
                        draw::fit(&s.name, 16),
                        s.ending,
                        s.turns
                    );
                    draw::fit(&line, width)
                }))
                .collect(),
            Err(e) => vec![draw::fit(&format!("High scores: {e}"), width)],
        }
    }

    fn render_menu(&self, frame: &mut Frame, note: Option<&str>) {
        let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
        let top = ((h - 18) / 2).max(0);
        let x = ((w - 50) / 2).max(0);
        draw::text(frame, x, top, "overworld", TITLE, Rgb::BLACK, true);
        draw::text(
            frame,
            x,
            top + 1,
            "an endless cave world: chests, monsters, fights",
            Rgb::GREY,
            Rgb::BLACK,
            false,
        );
        let items =
            ["n) new world", "l) load a world (or Enter)", "d) delete a world", "Esc) back"];
        for (i, item) in items.iter().enumerate() {
            draw::text(frame, x + 2, top + 3 + i as i32, item, Rgb::WHITE, Rgb::BLACK, false);
        }
        if let Some(worlds) = &self.setup.worlds {
            let dir = worlds.store().location();
            draw::text(
                frame,
                x,
                top + 8,
                &draw::fit(&format!("Worlds are kept in {dir}"), (w - x).max(0) as usize),
                Rgb::GREY,
                Rgb::BLACK,
                false,
            );
        }
        let mut row = top + 10;
        if let Some(note) = note {
            for line in draw::wrap(note, (w - 2).max(1) as usize) {
                draw::text(frame, 1, row, &line, NOTE, Rgb::BLACK, false);
                row += 1;
            }
            row += 1;
        }
        for line in self.score_lines((w - x).max(1) as usize).iter().take((h - row).max(0) as usize)
        {
            draw::text(frame, x, row, line, Rgb::GREY, Rgb::BLACK, false);
            row += 1;
        }
    }

    fn render_play(&self, frame: &mut Frame, play: &Play) {
        let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
        if w < i32::from(MIN_SIZE.0) || h < i32::from(MIN_SIZE.1) {
            let lines = [
                "terminal too small".to_string(),
                format!("(needs {}x{})", MIN_SIZE.0, MIN_SIZE.1),
            ];
            for (i, line) in lines.iter().enumerate() {
                draw::text(
                    frame,
                    0,
                    i as i32,
                    &draw::fit(line, w.max(0) as usize),
                    NOTE,
                    Rgb::BLACK,
                    false,
                );
            }
            return;
        }
        let game = play.session.game();
        // What the latest key brought, wrapped: up to three lines over the map.
        let message = play.latest();
        let message = if self.setup.debug { debug_line(&play.session) } else { message };
        let mut lines = draw::wrap(&message, w.max(1) as usize);
        lines.truncate(3);
        let message_h = lines.len().max(1) as i32;
        let map_h = (h - 1 - message_h).max(0);
        draw::draw_world(game, frame, (0, 0, w, map_h));
        for (i, line) in lines.iter().enumerate() {
            draw::text(frame, 0, map_h + i as i32, line, Rgb::WHITE, Rgb::BLACK, false);
        }
        let fight = match &play.panel {
            Panel::Fight(p) if !p.done() => Some(&*p.report),
            _ => None,
        };
        draw::text(
            frame,
            0,
            h - 1,
            &status_line(&play.session, fight, w.max(0) as usize),
            palette::STATUS_TEXT,
            Rgb::BLACK,
            false,
        );
        match &play.panel {
            Panel::None => {}
            Panel::Fight(p) => play.scroll_max.set(render_fight(frame, p)),
            Panel::Inventory { note } => render_inventory(frame, &play.session, note.as_deref()),
            Panel::Help { scroll } => {
                let max = render_help(frame, &self.setup.keymap, play.session.game(), *scroll);
                play.scroll_max.set(max);
            }
            Panel::End => self.render_end(frame, play),
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

/// A key while a panel is open: the fight panel skips or scrolls, then closes (and the
/// end panel follows a fight that ended the game); help scrolls; the inventory equips.
fn play_panel(play: &mut Play, input: Input) {
    let max = play.scroll_max.get();
    match &mut play.panel {
        Panel::Fight(p) if !p.done() => p.shown = p.report.log.entries.len(),
        Panel::Fight(p) => match input {
            Input::Up => p.scroll = p.scroll.saturating_sub(1),
            Input::Down => p.scroll = (p.scroll + 1).min(max),
            _ => {
                let after = std::mem::take(&mut p.after);
                play.panel = if play.end.is_some() { Panel::End } else { Panel::None };
                for text in after {
                    play.say(text);
                }
            }
        },
        Panel::Help { scroll } => match input {
            Input::Up => *scroll = scroll.saturating_sub(1),
            Input::Down => *scroll = (*scroll + 1).min(max),
            _ => play.panel = Panel::None,
        },
        Panel::Inventory { .. } => {
            let chosen = match input {
                Input::Char(c @ 'a'..='z') => Some(c as usize - 'a' as usize),
                Input::Char(c @ '1'..='9') => Some(c as usize - '1' as usize),
                _ => None,
            };
            let Some(i) = chosen else {
                play.panel = Panel::None;
                return;
            };
            let note = match play.session.game().player().pack().nth(i) {
                Some(item) => {
                    let events = play.session.apply(Action::Equip(item));
                    events.iter().filter_map(describe).next_back()
                }
                None => Some("No item has that letter or number.".to_string()),
            };
            play.panel = Panel::Inventory { note };
        }
        Panel::End | Panel::None => play.panel = Panel::None,
    }
}

/// Picks the row the picker names: the typed number or name, else the selected row.
fn choose(picker: &Picker) -> Option<WorldRow> {
    let typed = picker.typed.trim();
    if typed.is_empty() {
        return picker.rows.get(picker.selected).cloned();
    }
    if let Ok(n) = typed.parse::<usize>()
        && (1..=picker.rows.len()).contains(&n)
    {
        return picker.rows.get(n - 1).cloned();
    }
    // Names are matched exactly as typed (they may have spaces at either end), then
    // trimmed.
    let by_name =
        |name: &str| picker.rows.iter().find(|r| r.name.as_deref() == Some(name)).cloned();
    by_name(&picker.typed).or_else(|| by_name(typed))
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

/// The play screen's bottom line, at most `width` columns: whole fields, the least
/// important dropped first (the region, the world's name, the cell, the way to the
/// artefact, sword and armour, gold), so kills, the save state and health stay. While `fight` is being played back, its
/// kill and gold are not counted yet (the panel tells the end after the last blow).
fn status_line(session: &OverworldSession, fight: Option<&FightReport>, width: usize) -> String {
    let game = session.game();
    let p = game.player();
    let at = p.at();
    let region = game.region_of(at);
    let sword = p.weapon().map_or(1, |t| t.damage());
    let armour = p.armour().map_or(0, |t| t.shielding());
    let (mut kills, mut gold) = (p.kills(), p.gold());
    if let Some(FightReport { outcome: FightOutcome::Won { rewards }, .. }) = fight {
        kills = kills.saturating_sub(1);
        let won: u64 =
            rewards.iter().map(|r| if let Reward::Gold(g) = r { u64::from(*g) } else { 0 }).sum();
        gold = gold.saturating_sub(won);
    }
    let status = session.status();
    let saved = match (&status.error, status.pending, session.unsaved_moves()) {
        (Some(_), _, _) => "SAVE FAILED".to_string(),
        (None, 0, 0) => "saved".to_string(),
        (None, 0, n) => format!("unsaved {n}"),
        (None, _, _) => "saving".to_string(),
    };
    // As wide as `unsaved N`, so the line keeps its layout from step to step.
    let saved = format!("{saved:<9}");
    let health = match fight {
        // While a fight plays back, the health before it.
        Some(f) if game.quest().is_some() => health_text(f.player.health, PLAYER_HEALTH),
        _ if game.quest().is_some() => health_text(game.health(), PLAYER_HEALTH),
        _ => String::new(),
    };
    // (text, importance: higher stays longer), in the order shown.
    let fields = [
        (health, 9),
        (draw::fit(&display_name(&session.info().name), 20), 2),
        (format!("({}, {})", at.x, at.y), 3),
        (format!("region ({}, {})", region.x, region.y), 1),
        (compass(game), 8),
        (format!("gold {gold}"), 5),
        (format!("sword {sword} armour {armour}"), 4),
        (format!("kills {kills}"), 6),
        (saved, 7),
    ];
    let mut keep = fields.clone().map(|(t, _)| !t.is_empty());
    let line = |keep: &[bool; 9]| {
        let shown: Vec<&str> =
            fields.iter().zip(keep).filter(|(_, k)| **k).map(|((t, _), _)| t.as_str()).collect();
        shown.join("  ")
    };
    let mut order: Vec<usize> = (0..fields.len()).collect();
    order.sort_by_key(|&i| fields[i].1);
    for i in order {
        if draw::width(&line(&keep)) <= width {
            break;
        }
        keep[i] = false;
    }
    draw::fit(&line(&keep), width)
}

/// Where the artefact lies from the player (the default game): `artefact NE 212`, the
/// compass point and the distance in cells (the larger of east-west and north-south).
fn compass(game: &Overworld) -> String {
    let Some(art) = game.artefact() else { return String::new() };
    let at = game.player().at();
    let (dx, dy) = (i64::from(art.x) - i64::from(at.x), i64::from(art.y) - i64::from(at.y));
    let (ax, ay) = (dx.abs(), dy.abs());
    // A diagonal point when neither axis is less than half the other.
    let ns = if ay * 2 >= ax {
        if dy < 0 {
            "N"
        } else if dy > 0 {
            "S"
        } else {
            ""
        }
    } else {
        ""
    };
    let ew = if ax * 2 >= ay {
        if dx < 0 {
            "W"
        } else if dx > 0 {
            "E"
        } else {
            ""
        }
    } else {
        ""
    };
    let point =
        if ns.is_empty() && ew.is_empty() { "here".to_string() } else { format!("{ns}{ew}") };
    format!("artefact {point} {}", ax.max(ay))
}

/// What the player wields and wears: `(sword damage, armour points)`.
fn gear_of(p: &torchlit_sim::modes::overworld::Player) -> (u32, u32) {
    (p.weapon().map_or(1, |t| t.damage()), p.armour().map_or(0, |t| t.shielding()))
}

/// For each sword or armour the events gave that beats what was wielded or worn before,
/// a line saying so and how to equip it (the inventory key, then the item's letter).
fn better_gear(
    session: &OverworldSession,
    (sword, armour): (u32, u32),
    events: &[Event],
    keymap: &Keymap<OverworldCommand>,
) -> Vec<String> {
    let inventory = keys_of(keymap, OverworldCommand::Inventory)
        .into_iter()
        .next()
        .map_or_else(|| "the inventory key".to_string(), key_name);
    let mut found: Vec<Item> = Vec::new();
    for event in events {
        let rewards: &[Reward] = match event {
            Event::ChestOpened { rewards, .. } => rewards,
            Event::Fight(report) => match &report.outcome {
                FightOutcome::Won { rewards } => rewards,
                _ => &[],
            },
            _ => &[],
        };
        for r in rewards {
            if let Reward::Item(item) = r {
                let better = match item {
                    Item::Sword(t) => t.damage() > sword,
                    Item::Armour(t) => t.shielding() > armour,
                };
                if better && !found.contains(item) {
                    found.push(*item);
                }
            }
        }
    }
    let pack = session.game().player().pack();
    found
        .into_iter()
        .filter_map(|item| {
            let i = pack.iter().position(|(it, _)| it == item)?;
            let letter = (b'a' + (i as u8).min(25)) as char;
            let (verb, what) = match item {
                Item::Sword(_) => ("wield", "sword"),
                Item::Armour(_) => ("wear", "armour"),
            };
            Some(format!(
                "The {} is better than your {what}: {inventory}, then {letter}, to {verb} it.",
                item.name()
            ))
        })
        .collect()
}

fn debug_line(session: &OverworldSession) -> String {
    let times = session.save_times();
    let ms = |q: f64| times.quantile(q).map_or(0.0, |d| d.as_secs_f64() * 1000.0);
    format!(
        "autosaves {} stall p50 {:.3} ms p99 {:.3} ms  regions generated {} cached {}  next save in {}",
        times.count(),
        ms(0.5),
        ms(0.99),
        session.game().regions_generated(),
        session.game().regions_cached(),
        session.steps_to_autosave(),
    )
}

/// The new-world box: name and seed, and which rules the world gets (`seed_rules`:
/// CaveGame's own, `--rules seed`).
fn render_new(frame: &mut Frame, new: &NewWorld, seed_rules: bool) {
    let w = i32::from(frame.width());
    let (x, y, iw, _) = draw::panel(frame, 70.min(w), 11, "A new world", TITLE);
    draw::text(frame, x, y, "Name and seed may hold any characters.", Rgb::GREY, Rgb::BLACK, false);
    let field = |f: Field, label: &str, value: &str, row: i32, frame: &mut Frame| {
        let active = new.field == f;
        let cursor = if active { "█" } else { "" };
        let text = format!("{label}: {value}{cursor}");
        let shown = draw::fit(&text, iw.max(0) as usize);
        if active {
            draw::text(frame, x, row, &shown, palette::HIGHLIGHT, Rgb::BLACK, true);
        } else {
            draw::text(frame, x, row, &shown, Rgb::WHITE, Rgb::BLACK, false);
        }
    };
    field(Field::Name, "Name", &new.name, y + 2, frame);
    field(Field::Seed, "Seed", &new.seed, y + 3, frame);
    let rules = if seed_rules {
        "Rules: CaveGame's own (--rules seed): no goal, no death."
    } else {
        "Rules: the default game: find the artefact; death ends it."
    };
    draw::text(
        frame,
        x,
        y + 4,
        &draw::fit(rules, iw.max(0) as usize),
        Rgb::GREY,
        Rgb::BLACK,
        false,
    );
    let hint = "Enter: next / create   Tab: switch field   Esc: back";
    draw::text(frame, x, y + 5, &draw::fit(hint, iw.max(0) as usize), Rgb::GREY, Rgb::BLACK, false);
    if let Some(note) = &new.note {
        for (i, line) in draw::wrap(note, iw.max(1) as usize).iter().take(2).enumerate() {
            draw::text(frame, x, y + 7 + i as i32, line, NOTE, Rgb::BLACK, false);
        }
    }
}

fn render_picker(frame: &mut Frame, picker: &Picker) {
    let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
    let title = match picker.purpose {
        Purpose::Load => "Load a world",
        Purpose::Delete => "Delete a world",
    };
    draw::text(frame, 1, 0, title, TITLE, Rgb::BLACK, true);
    draw::text(
        frame,
        1,
        2,
        &draw::fit(
            &format!("{:>3}  {:<24} {:<16} {:<5}last played", "#", "name", "seed", ""),
            (w - 1).max(0) as usize,
        ),
        Rgb::GREY,
        Rgb::BLACK,
        false,
    );
    render_picker_rows(frame, picker, (h - 8).max(1) as usize);
    let verb = match picker.purpose {
        Purpose::Load => "load",
        Purpose::Delete => "delete",
    };
    let hint = format!(
        "Type a number or a name, Enter to {verb} (empty: the one marked ▶)  ↑/↓  Esc back"
    );
    draw::text(
        frame,
        1,
        h - 4,
        &draw::fit(&hint, (w - 1).max(0) as usize),
        Rgb::GREY,
        Rgb::BLACK,
        false,
    );
    draw::text(
        frame,
        1,
        h - 3,
        &draw::fit(&format!("> {}█", picker.typed), (w - 1).max(0) as usize),
        Rgb::WHITE,
        Rgb::BLACK,
        true,
    );
    if let Some(note) = &picker.note {
        draw::text(
            frame,
            1,
            h - 2,
            &draw::fit(note, (w - 1).max(0) as usize),
            NOTE,
            Rgb::BLACK,
            false,
        );
    }
}

/// The picker's world rows, `list_h` of them scrolled so the selected one shows, from
/// row 3: number, name, seed, `won`/`died` for a finished game, last played (or why it
/// can't be opened).
fn render_picker_rows(frame: &mut Frame, picker: &Picker, list_h: usize) {
    let w = i32::from(frame.width());
    let first = picker.selected.saturating_sub(list_h.saturating_sub(1));
    for (i, row) in picker.rows.iter().enumerate().skip(first).take(list_h) {
        let y = 3 + (i - first) as i32;
        let when = match &row.problem {
            Some(problem) => problem.clone(),
            None => format_time(row.last_played),
        };
        let line = format!(
            "{:>3}  {} {} {:<5}{when}",
            i + 1,
            draw::fit_to(&row.label(), 24, true),
            draw::fit_to(&seed_shown(row), 16, true),
            row.mark(),
        );
        let line = draw::fit(&line, (w - 3).max(0) as usize);
        if i == picker.selected {
            draw::text(frame, 0, y, "▶", palette::HIGHLIGHT, Rgb::BLACK, true);
            draw::text(frame, 1, y, &line, palette::HIGHLIGHT, Rgb::BLACK, true);
        } else {
            let fg = if row.problem.is_some() { Rgb::GREY } else { Rgb::WHITE };
            draw::text(frame, 1, y, &line, fg, Rgb::BLACK, false);
        }
    }
    if picker.rows.is_empty() {
        draw::text(frame, 5, 3, "(no worlds yet)", Rgb::GREY, Rgb::BLACK, false);
    }
}

/// Draws the fight panel; returns its last scroll position.
fn render_fight(frame: &mut Frame, p: &Playback) -> usize {
    let (fw, fh) = (i32::from(frame.width()), i32::from(frame.height()));
    let kind = p.report.monster.kind;
    let title = format!("Fight: {kind}");
    let (x, y, w, h) = draw::panel(frame, (fw - 4).min(76), (fh - 4).min(18), &title, NOTE);
    let width = w.max(1) as usize;
    let body = (h - 1).max(0) as usize;
    let mut lines = Vec::new();
    if p.done() {
        // Over: the outcome on top, then the whole log from its first line (↑/↓ scroll).
        lines.extend(draw::wrap(&outcome_text(&p.report), width));
        lines.push(String::new());
    }
    lines.extend(draw::wrap(&text::opening_text(&p.report), width));
    for entry in &p.report.log.entries[..p.shown.min(p.report.log.entries.len())] {
        lines.extend(draw::wrap(&entry_text(entry, kind), width));
    }
    let last = lines.len().saturating_sub(body);
    let (skip, footer) = if p.done() {
        (p.scroll.min(last), draw::scroll_footer(last > 0, width))
    } else {
        // Playing: the latest blow stays in view.
        (last, draw::fit("any key: skip to the end", width))
    };
    for (i, line) in lines.iter().skip(skip).take(body).enumerate() {
        let bold = p.done() && skip == 0 && i == 0;
        draw::text(frame, x, y + i as i32, line, Rgb::WHITE, Rgb::BLACK, bold);
    }
    draw::text(frame, x, y + h - 1, &footer, Rgb::GREY, Rgb::BLACK, false);
    last
}

fn render_inventory(frame: &mut Frame, session: &OverworldSession, note: Option<&str>) {
    let player = session.game().player();
    let pack = player.pack();
    let fh = i32::from(frame.height());
    let rows = pack.kinds() as i32;
    let title = format!("Inventory · {} gold", player.gold());
    let (x, y, w, h) = draw::panel(frame, 64, (rows + 7).min(fh), &title, TITLE);
    for (i, (item, count)) in pack.iter().enumerate() {
        let letter = (b'a' + (i as u8).min(25)) as char;
        let times = if count > 1 { format!(" ×{count}") } else { String::new() };
        let worn = match item {
            Item::Sword(_) if player.is_equipped(item) => "  wielded",
            Item::Armour(_) if player.is_equipped(item) => "  worn",
            _ => "",
        };
        // On a narrow panel the name gives way: `wielded` and `worn` always show.
        let cols = (w.max(0) as usize).saturating_sub(draw::width(worn));
        let line = draw::fit(&format!("{letter}) {}. {item}{times}", i + 1), cols) + worn;
        let fg = if worn.is_empty() { Rgb::WHITE } else { palette::HIGHLIGHT };
        draw::text(frame, x, y + i as i32, &line, fg, Rgb::BLACK, false);
    }
    if pack.kinds() == 0 {
        draw::text(frame, x, y, "You carry nothing.", Rgb::GREY, Rgb::BLACK, false);
    }
    let fists = player.weapon().is_none().then_some("bare hands (1 damage)");
    let bare = player.armour().is_none().then_some("no armour");
    let extra: Vec<&str> = [fists, bare].into_iter().flatten().collect();
    if !extra.is_empty() {
        draw::text(
            frame,
            x,
            y + h - 4,
            &draw::fit(&format!("You fight with {}.", extra.join(" and ")), w.max(0) as usize),
            Rgb::GREY,
            Rgb::BLACK,
            false,
        );
    }
    if let Some(note) = note {
        draw::text(
            frame,
            x,
            y + h - 3,
            &draw::fit(note, w.max(0) as usize),
            palette::GOOD_NEWS,
            Rgb::BLACK,
            false,
        );
    }
    let hint = "letter or number: wield or wear   Esc: close";
    draw::text(
        frame,
        x,
        y + h - 1,
        &draw::fit(hint, w.max(0) as usize),
        Rgb::GREY,
        Rgb::BLACK,
        false,
    );
}

/// The help panel's lines: the keys, the map, the rules in force.
fn help_lines(keymap: &Keymap<OverworldCommand>, game: &Overworld) -> Vec<String> {
    let mut lines = Vec::new();
    for command in OverworldCommand::ALL {
        if command == OverworldCommand::Rest && game.quest().is_none() {
            continue;
        }
        let keys: Vec<String> = keys_of(keymap, command).into_iter().map(key_name).collect();
        lines.push(format!("{:<12} {}", keys.join(" "), command.describe()));
    }
    lines.push(String::new());
    lines.push("@ you   . floor   # wall   (dark) rock   $ chest   _ opened chest".to_string());
    lines.push("r rat   g goblin   b bat   T troll   W wraith".to_string());
    lines.push("Red ground: a monster sees it. Step there and it attacks.".to_string());
    if game.quest().is_some() {
        lines.extend(
            [
                "Goal: take the artefact * (the status line points the way).",
                "Monsters wander and hunt you; farther out they are stronger.",
                "Health carries over; it heals with time and rest.",
                "The shrine + at the start heals for gold. Death ends the game.",
            ]
            .map(String::from),
        );
    } else if game.rules().death_loses_item {
        lines.push("Fights: any key skips to the end. Dying costs a random item.".to_string());
    } else {
        lines.push("Fights: any key skips to the end. Dying costs nothing.".to_string());
    }
    lines.push("The world saves itself every few steps and when you leave.".to_string());
    lines
}

/// Draws the help panel; returns its last scroll position.
fn render_help(
    frame: &mut Frame,
    keymap: &Keymap<OverworldCommand>,
    game: &Overworld,
    scroll: usize,
) -> usize {
    let fh = i32::from(frame.height());
    let (x, y, w, h) = draw::panel(frame, 70, (fh - 2).min(20), "overworld controls", TITLE);
    let lines = help_lines(keymap, game);
    let body = (h - 1).max(1) as usize;
    // Scrolling stops at the last line: the view never runs past the end.
    let skip = scroll.min(lines.len().saturating_sub(body));
    for (i, line) in lines.iter().skip(skip).take(body).enumerate() {
        draw::text(
            frame,
            x,
            y + i as i32,
            &draw::fit(line, w.max(0) as usize),
            Rgb::WHITE,
            Rgb::BLACK,
            false,
        );
    }
    let footer = draw::scroll_footer(lines.len() > body, w.max(0) as usize);
    draw::text(frame, x, y + h - 1, &footer, Rgb::GREY, Rgb::BLACK, false);
    lines.len().saturating_sub(body)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(n: &str) -> WorldRow {
        WorldRow {
            id: torchlit_save::WorldId::parse(&format!("w-{}", n.len())).expect("valid id"),
            name: Some(n.to_string()),
            seed_text: String::new(),
            last_played: 0,
            problem: None,
            ending: None,
        }
    }

    #[test]
    fn worlds_are_chosen_by_number_or_name() {
        let picker = Picker {
            purpose: Purpose::Load,
            rows: vec![row("alpha"), row("12"), row(" spaced ")],
            selected: 2,
            typed: String::new(),
            note: None,
        };
        let name = |p: &Picker| choose(p).and_then(|r| r.name);
        assert_eq!(name(&picker).as_deref(), Some(" spaced "));
        let typed = |t: &str| Picker {
            typed: t.to_string(),
            rows: picker.rows.clone(),
            ..Picker {
                purpose: Purpose::Load,
                rows: vec![],
                selected: 0,
                typed: String::new(),
                note: None,
            }
        };
        assert_eq!(name(&typed("1")).as_deref(), Some("alpha"));
        assert_eq!(name(&typed("alpha")).as_deref(), Some("alpha"));
        // A number in range picks by position, even if a world has that name.
        assert_eq!(name(&typed("2")).as_deref(), Some("12"));
        assert_eq!(name(&typed("12")).as_deref(), Some("12"));
        assert_eq!(name(&typed(" spaced ")).as_deref(), Some(" spaced "));
        assert_eq!(name(&typed("beta")), None);
    }
}
