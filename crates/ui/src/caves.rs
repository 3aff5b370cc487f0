//! The `caves` screens: play (map, messages, status line), the inventory screens (drop,
//! eat, wear or wield, inventory), look mode, message history, help, the exit prompt and
//! the end screen; auto-explore and travel run one step per tick until a stop or a key.

mod draw;
mod end;
mod help;
mod history;
mod keys;
mod look;
mod morgue;
mod offer;
mod pack;
mod scene;
mod stairs;
mod stops;
mod store;
mod text;

use torchlit_geom::{Direction, Point};
use torchlit_map::Tile;
use torchlit_sim::modes::caves::{Action, AutoPickup, Caves, Event, Item, ItemKind, Slot, Stairs};

use crate::record::{Recorder, Recordings};
use crate::{Cell, Frame, Input, Keymap, Rgb, palette};
use torchlit_console::widgets::fit;

pub use draw::{creature_look, item_look};
pub use keys::{
    CavesCommand, UnknownCommand, default_bindings, default_keymap, keymap_with, keys_of,
};
pub use morgue::morgue_text;
pub use store::{
    CavesStore, MemoryStore, SharedMemoryStore, StoreError, StoreHandle, describe_run,
};
pub use text::{count_of, item_details, message_of, messages_of, plural, verdict};

/// What the app starts and continues `caves` runs with.
#[derive(Clone, Debug)]
pub struct CavesSetup {
    /// Where runs are saved (none: `S` can't save, no morgue file).
    pub store: Option<StoreHandle>,
    /// The keys (defaults with the config file's `[keys.caves]` applied).
    pub keymap: Keymap<CavesCommand>,
    /// The seed of the next new run from the title menu (each new run derives the next).
    pub next_seed: torchlit_sim::modes::caves::Seed,
    /// The rules new runs are played by (a continued run keeps its own).
    pub rules: torchlit_sim::modes::caves::Rules,
    /// What auto-explore picks up (the config's `[caves] autopickup`).
    pub pickup: AutoPickup,
}

impl Default for CavesSetup {
    fn default() -> CavesSetup {
        CavesSetup {
            store: None,
            keymap: default_keymap(),
            next_seed: torchlit_sim::modes::caves::Seed(1),
            rules: torchlit_sim::modes::caves::Rules::default(),
            pickup: AutoPickup::default(),
        }
    }
}

impl CavesSetup {
    /// Takes the seed for a new run and moves on to the next one.
    pub fn take_seed(&mut self) -> torchlit_sim::modes::caves::Seed {
        let seed = self.next_seed;
        self.next_seed =
            torchlit_sim::modes::caves::Seed(seed.derive("caves/next", &[]).0 % 1_000_000_000);
        seed
    }

    /// A new run: the next seed, played by these rules.
    ///
    /// # Errors
    /// As [`torchlit_sim::modes::caves::Caves::with_rules`].
    pub fn new_game(
        &mut self,
    ) -> Result<torchlit_sim::modes::caves::Caves, torchlit_sim::modes::caves::CavesError> {
        let seed = self.take_seed();
        torchlit_sim::modes::caves::Caves::with_rules(seed, Default::default(), self.rules)
    }
}

/// What the inventory screen is choosing an item for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verb {
    /// Drop it (anything can be dropped).
    Drop,
    /// Eat it (food value not 0).
    Eat,
    /// Wear or wield it (attack or defense above 0).
    Wear,
}

impl Verb {
    fn word(self) -> &'static str {
        match self {
            Verb::Drop => "drop",
            Verb::Eat => "eat",
            Verb::Wear => "wear or wield",
        }
    }

    /// Whether the item can be used this way (part 10 to 12's `isAcceptable`).
    pub fn accepts(self, item: &Item) -> bool {
        match self {
            Verb::Drop => true,
            Verb::Eat => item.is_edible(),
            Verb::Wear => item.is_equippable(),
        }
    }

    fn action(self, slot: Slot) -> Action {
        match self {
            Verb::Drop => Action::Drop(slot),
            Verb::Eat => Action::Eat(slot),
            Verb::Wear => Action::Equip(slot),
        }
    }
}

/// The smallest terminal the caves screens are made for (README): below it a notice
/// asks for a larger one.
pub const MIN_SIZE: (u16, u16) = (40, 12);

/// What is on top of the map.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Mode {
    Play,
    Choose {
        verb: Verb,
        note: Option<String>,
    },
    Inventory {
        selected: usize,
    },
    Look {
        cursor: Point,
    },
    History {
        back: usize,
    },
    Help {
        scroll: usize,
    },
    /// `G`: choosing a known staircase (`index` into `stairs::targets`).
    TravelPrompt {
        index: usize,
    },
    ConfirmExit,
    /// The saved run `about` describes, and the other saved runs (seed, description).
    OfferContinue {
        about: String,
        others: Vec<(torchlit_sim::modes::caves::Seed, String)>,
    },
    Ended {
        morgue: String,
    },
}

/// What keeps running on ticks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Auto {
    Explore,
    Travel(Stairs),
    Item,
    Rest,
    /// Travel to a map cell (a click on the map).
    Cell(Point),
}

/// What the app should do after a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leave {
    /// Stay on this screen.
    Stay,
    /// Back to the title menu (the run was saved, or it ended and was acknowledged).
    Back,
}

/// The `caves` screen's state: the game plus what the screen shows around it.
#[derive(Clone, Debug)]
pub struct CavesScreen {
    game: Caves,
    keymap: Keymap<CavesCommand>,
    store: Option<StoreHandle>,
    messages: Vec<String>,
    /// Everything the current (or last) press of explore, travel or rest perceived.
    run_events: Vec<Event>,
    /// The turn the running press started on (did it move at all).
    run_from: u64,
    /// The first message line shown (paging with `--More--`).
    more_from: usize,
    /// Where the next page starts, as the last frame drawn found it (`None`: all shown).
    more: std::cell::Cell<Option<usize>>,
    /// The help's last scroll position at the size it was last drawn (scrolling stops
    /// there instead of counting on past the end).
    help_max: std::cell::Cell<usize>,
    mode: Mode,
    running: Option<Auto>,
    /// The run's recording (none: a run continued without one, or a replay).
    recorder: Option<Recorder<Action>>,
    pickup: AutoPickup,
    /// Where the run was last saved, told in the shell when the program ends.
    saved: Option<String>,
    /// The map cell the mouse points at, and whether it was a right-click (an inspect,
    /// kept until the next hover or leave): the scene's look text describes it.
    pointed: Option<(Point, bool)>,
    /// The messages shown before the current ones, oldest first (the scene's log).
    log: Vec<String>,
    /// Whether the current messages are a running press's so far (replaced by the
    /// press's next step, so not logged yet).
    partial: bool,
    /// The size of the frame last drawn (where a click on the text lands).
    frame_size: std::cell::Cell<(u16, u16)>,
}

impl CavesScreen {
    /// A screen playing `game` with `keymap`, saving to `store` (none: `S` can't save).
    pub fn new(
        game: Caves,
        keymap: Keymap<CavesCommand>,
        store: Option<StoreHandle>,
    ) -> CavesScreen {
        let welcome = format!(
            "Welcome to the caves (seed {}). Find the teddy bear on level {} and bring it \
             up the exit stairs. Press ? for help.",
            crate::record::seed_shown(game.seed().0),
            game.depth_count()
        );
        let mut screen = CavesScreen {
            game,
            keymap,
            store,
            messages: vec![welcome],
            run_events: Vec::new(),
            run_from: 0,
            more_from: 0,
            more: std::cell::Cell::new(None),
            help_max: std::cell::Cell::new(0),
            mode: Mode::Play,
            running: None,
            recorder: None,
            pickup: AutoPickup::default(),
            saved: None,
            pointed: None,
            log: Vec::new(),
            partial: false,
            frame_size: std::cell::Cell::new((0, 0)),
        };
        screen.recorder = Some(crate::replay::caves_recorder(&screen.game));
        if screen.game.outcome().is_some() {
            screen.finish();
        }
        screen
    }

    /// A screen continuing a saved `game`.
    pub fn resumed(
        game: Caves,
        keymap: Keymap<CavesCommand>,
        store: Option<StoreHandle>,
    ) -> CavesScreen {
        let mut screen = CavesScreen::new(game, keymap, store);
        screen.messages = vec![format!("Welcome back (turn {}).", screen.game.turn().0)];
        screen.recorder = screen.kept_recording();
        screen.apply_pickup();
        if screen.recorder.is_none() {
            screen.messages.push("(This run has no recording to go on with.)".to_string());
        }
        screen
    }

    /// A read-only screen showing `game` with `messages` (the replay screen draws
    /// through it); nothing is recorded or saved.
    pub(crate) fn replaying(game: Caves, messages: Vec<String>) -> CavesScreen {
        let mode = match game.outcome() {
            Some(_) => Mode::Ended { morgue: "The end of the recording.".to_string() },
            None => Mode::Play,
        };
        CavesScreen {
            game,
            keymap: default_keymap(),
            store: None,
            messages,
            mode,
            running: None,
            run_events: Vec::new(),
            run_from: 0,
            more_from: 0,
            more: std::cell::Cell::new(None),
            help_max: std::cell::Cell::new(0),
            recorder: None,
            pickup: AutoPickup::default(),
            saved: None,
            pointed: None,
            log: Vec::new(),
            partial: false,
            frame_size: std::cell::Cell::new((0, 0)),
        }
    }

    /// Sets where the run's recording goes when it ends.
    pub fn set_recordings(&mut self, sink: Option<Recordings>) {
        if let Some(r) = &mut self.recorder {
            r.set_sink(sink);
        }
    }

    /// Whether the recording has somewhere to go (or there is none to send).
    pub fn has_recordings(&self) -> bool {
        self.recorder.as_ref().is_none_or(Recorder::has_sink)
    }

    /// The run's recording so far.
    pub fn recorder(&self) -> Option<&Recorder<Action>> {
        self.recorder.as_ref()
    }

    /// The one place actions reach the game: applies and records `action`.
    fn apply(&mut self, action: Action) -> Vec<Event> {
        let events = self.game.apply(action);
        if let Some(r) = &mut self.recorder {
            let game = &self.game;
            r.record(action, || game.state_hash());
        }
        events
    }

    /// Saves the run and its recording so far.
    fn save_run(
        store: &StoreHandle,
        game: &Caves,
        recorder: Option<&Recorder<Action>>,
    ) -> Result<(), StoreError> {
        store.save(game)?;
        if let Some(bytes) = recorder.and_then(|r| r.recording().encode().ok()) {
            store.save_recording(game, &bytes)?;
        }
        Ok(())
    }

    /// Sets what auto-explore picks up (also for a saved run loaded later).
    pub fn with_pickup(mut self, pickup: AutoPickup) -> CavesScreen {
        self.pickup = pickup;
        self.apply_pickup();
        self
    }

    /// Sets the run's auto-pickup: a recording not begun yet takes the player's (into its
    /// header); a run that records on keeps the one its recording started with, so the
    /// whole run replays.
    fn apply_pickup(&mut self) {
        let pickup = match &mut self.recorder {
            Some(r) if r.recording().steps() == 0 => {
                r.set_options(crate::replay::caves_options(&self.game, self.pickup));
                self.pickup
            }
            Some(r) => crate::replay::caves_pickup(&r.recording().header).unwrap_or(self.pickup),
            None => self.pickup,
        };
        self.game.set_auto_pickup(pickup);
    }

    /// The recording kept with the saved run just loaded, to record on (`None`: none
    /// was kept or it can't be read).
    fn kept_recording(&self) -> Option<Recorder<Action>> {
        let kept = self.store.as_ref().and_then(|s| s.load_recording(&self.game));
        let recording = kept.and_then(|b| torchlit_save::recording::Recording::decode(&b).ok());
        recording.map(Recorder::resumed)
    }

    /// The game being played.
    pub fn game(&self) -> &Caves {
        &self.game
    }

    /// Adds `line` to the messages on screen (a front end's word before play starts).
    pub fn tell(&mut self, line: String) {
        self.messages.push(line);
    }

    /// The messages of the last action.
    pub fn messages(&self) -> &[String] {
        &self.messages
    }

    /// Whether auto-explore or travel is under way (the front end then sends ticks).
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// Whether the end screen is up.
    pub fn has_ended(&self) -> bool {
        matches!(self.mode, Mode::Ended { .. })
    }

    /// Saves the run if it goes on (Ctrl-C); errors are dropped, the last save stays.
    pub fn save_quietly(&self) {
        if self.game.outcome().is_none()
            && let Some(store) = &self.store
        {
            let _ = CavesScreen::save_run(store, &self.game, self.recorder.as_ref());
        }
    }

    /// Saves a run still going when the program ends (Ctrl-C, a signal, a closed tab),
    /// with its recording so far (so a continued run records on); with nowhere to save
    /// it, its recording goes to the sink as `quit`.
    ///
    /// # Errors
    /// Why the save failed, for the player.
    pub fn save_on_exit(&mut self) -> Result<(), String> {
        if self.game.outcome().is_some() {
            return Ok(());
        }
        match &self.store {
            Some(store) => {
                CavesScreen::save_run(store, &self.game, self.recorder.as_ref())
                    .map_err(|e| format!("could not save the run: {e}"))?;
                self.saved = Some(self.saved_line());
                Ok(())
            }
            None => {
                let (turns, hash) = (self.game.turn().0, self.game.state_hash());
                if let Some(Err(e)) =
                    self.recorder.as_mut().and_then(|r| r.finish("quit", turns, hash))
                {
                    tracing::warn!("caves recording not kept: {e}");
                }
                Ok(())
            }
        }
    }

    /// "The caves run is saved (seed 3, level 2, turn 43); `torchlit play caves`
    /// continues it.", for the shell.
    fn saved_line(&self) -> String {
        let g = &self.game;
        format!(
            "The caves run is saved (seed {}, level {}, turn {}); `torchlit play caves` \
             continues it.",
            crate::record::seed_shown(g.seed().0),
            g.depth() + 1,
            g.turn().0
        )
    }

    /// The line for the shell when the program ends: where the run was saved, if it
    /// was (a run that ended has its morgue file instead).
    pub fn farewell(&self) -> Option<String> {
        self.saved.clone().filter(|_| self.game.outcome().is_none())
    }

    /// One step of auto-explore or travel, if running.
    pub fn tick(&mut self) {
        let Some(auto) = self.running else { return };
        let action = match auto {
            Auto::Explore => Action::Explore,
            Auto::Travel(way) => Action::Travel(way),
            Auto::Item => Action::TravelToItem,
            Auto::Rest => Action::Rest,
            Auto::Cell(p) => Action::TravelTo(p),
        };
        let turn = self.game.turn();
        let events = self.apply(action);
        let stop = self.game.turn() == turn
            || events.iter().any(|e| matches!(e, Event::AutoStopped(_) | Event::GameOver(_)));
        // Every message of the press is kept (merged), none replaced by the next step's.
        self.run_events.extend(events);
        let mut said = messages_of(&self.run_events);
        if stop {
            self.running = None;
            let moved = self.game.turn().0 != self.run_from;
            self.stop_words(auto, moved, &mut said);
        }
        self.guide(&self.run_events, &mut said);
        self.set_messages(said);
        if self.game.outcome().is_some() {
            self.running = None;
            self.finish();
        }
    }

    /// Hints the rules alone do not give a player: where the teddy bear goes once taken,
    /// and, on level 1, that the exit may lie in a part only other stairs lead to (every
    /// cell of the caves is reachable from the exit, but not always within one level).
    fn guide(&self, events: &[Event], said: &mut Vec<String>) {
        let took_bear =
            events.iter().any(|e| matches!(e, Event::PickedUp { item: ItemKind::TeddyBear, .. }));
        if took_bear {
            said.push("Now bring it up to level 1 and out by the exit stairs (<).".to_string());
        }
        if self.game.depth() == 0 {
            for line in said.iter_mut().filter(|l| *l == text::NO_WAY_UP) {
                *line = "You know of no way out that you can reach: the exit (<) may lie in a \
                         part of level 1 that only other stairs lead to."
                    .to_string();
            }
        }
    }

    /// "There is a staircase down here.": stairs under the hero are hidden by the `@`.
    fn stairs_here(&self) -> Option<String> {
        let level = self.game.current_level();
        match level.tile(self.game.player().at()) {
            Some(Tile::StairsDown) => Some("There is a staircase down here.".to_string()),
            Some(Tile::StairsUp) => Some("There is a staircase up here.".to_string()),
            _ => None,
        }
    }

    /// Applies an action and shows its messages.
    fn act(&mut self, action: Action) {
        let from = (self.game.depth(), self.game.player().at());
        let events = self.apply(action);
        let mut said = messages_of(&events);
        if matches!(action, Action::Move(_)) && (self.game.depth(), self.game.player().at()) != from
        {
            said.extend(self.stairs_here());
        }
        self.guide(&events, &mut said);
        self.set_messages(said);
        if self.game.outcome().is_some() {
            self.finish();
        }
    }

    /// Starts a press of explore, travel or rest.
    fn start(&mut self, auto: Auto) {
        self.run_events.clear();
        self.run_from = self.game.turn().0;
        self.running = Some(auto);
        self.tick();
    }

    /// Shows new messages from their first line.
    fn set_messages(&mut self, messages: Vec<String>) {
        let shown = std::mem::replace(&mut self.messages, messages);
        if !self.partial {
            scene::keep(&mut self.log, shown);
        }
        self.partial = self.running.is_some();
        self.more_from = 0;
        self.more.set(None);
    }

    /// Shows one line.
    fn say(&mut self, message: impl Into<String>) {
        self.set_messages(vec![message.into()]);
    }

    /// Handles a key.
    pub fn handle(&mut self, input: Input) -> Leave {
        if self.running.take().is_some() {
            let mut said = messages_of(&self.run_events);
            said.push("You stop.".to_string());
            self.set_messages(said);
            return Leave::Stay;
        }
        if self.mode == Mode::Play
            && let Some(next) = self.more.get()
        {
            // --More--: a key shows the next page; Esc skips to the last one.
            self.more_from = if input == Input::Esc { usize::MAX } else { next };
            self.more.set(None);
            return Leave::Stay;
        }
        match self.mode.clone() {
            Mode::Play => return self.play_key(input),
            Mode::Choose { verb, .. } => self.choose_key(verb, input),
            Mode::Inventory { selected } => self.inventory_key(selected, input),
            Mode::Help { scroll } => {
                self.mode = match input {
                    Input::Up | Input::Char('k') => Mode::Help { scroll: scroll.saturating_sub(1) },
                    Input::Down | Input::Char('j') => {
                        Mode::Help { scroll: (scroll + 1).min(self.help_max.get()) }
                    }
                    _ => Mode::Play,
                };
            }
            Mode::OfferContinue { .. } => self.offer_key(input),
            Mode::Look { cursor } => self.look_key(cursor, input),
            Mode::History { back } => {
                let len = self.journal_lines().len();
                self.mode = match input {
                    Input::Up | Input::Char('k') => Mode::History { back: (back + 1).min(len) },
                    Input::Down | Input::Char('j') => {
                        Mode::History { back: back.saturating_sub(1) }
                    }
                    _ => Mode::Play,
                };
            }
            Mode::TravelPrompt { index } => self.travel_key(index, input),
            Mode::ConfirmExit => {
                self.mode = Mode::Play;
                if matches!(input, Input::Char('y' | 'Y')) {
                    self.act(Action::Ascend);
                } else {
                    self.say("You stay in the caves.");
                }
            }
            Mode::Ended { .. } => {
                if matches!(input, Input::Enter | Input::Esc | Input::Char(' ' | 'q')) {
                    return Leave::Back;
                }
            }
        }
        Leave::Stay
    }

    fn play_key(&mut self, input: Input) -> Leave {
        let Some(command) = self.keymap.get(input) else {
            let help = keys_of(&self.keymap, CavesCommand::Help).into_iter().next();
            self.say(format!("Unknown key; {} for help.", help.as_deref().unwrap_or("?")));
            return Leave::Stay;
        };
        match command {
            CavesCommand::Move(d) => self.act(Action::Move(d)),
            CavesCommand::Wait => self.act(Action::Wait),
            CavesCommand::Descend => self.act(Action::Descend),
            CavesCommand::Ascend => {
                let g = &self.game;
                let on_exit = g.depth() == 0
                    && g.current_level().tile(g.player().at()) == Some(Tile::StairsUp);
                if on_exit && !g.hero().has_teddy_bear() {
                    self.mode = Mode::ConfirmExit;
                } else {
                    self.act(Action::Ascend);
                }
            }
            CavesCommand::PickUp => self.act(Action::PickUp),
            CavesCommand::Drop => self.open_choice(Verb::Drop),
            CavesCommand::Eat => self.open_choice(Verb::Eat),
            CavesCommand::EatHere => match self.food_here() {
                Some(_) => self.act(Action::EatHere),
                None => self.say("There is nothing here to eat."),
            },
            CavesCommand::Wear => self.open_choice(Verb::Wear),
            CavesCommand::Inventory => self.mode = Mode::Inventory { selected: 0 },
            CavesCommand::Look => self.mode = Mode::Look { cursor: self.game.player().at() },
            CavesCommand::History => self.mode = Mode::History { back: 0 },
            CavesCommand::Help => self.mode = Mode::Help { scroll: 0 },
            CavesCommand::Explore => self.start(Auto::Explore),
            CavesCommand::TravelItem => self.start(Auto::Item),
            CavesCommand::Rest => self.start(Auto::Rest),
            CavesCommand::Travel => self.mode = Mode::TravelPrompt { index: 0 },
            CavesCommand::Save => match &self.store {
                Some(store) => {
                    match CavesScreen::save_run(store, &self.game, self.recorder.as_ref()) {
                        Ok(()) => {
                            self.saved = Some(self.saved_line());
                            return Leave::Back;
                        }
                        Err(e) => self.say(format!("Could not save: {e}")),
                    }
                }
                None => self.say("There is nowhere to save this game."),
            },
        }
        Leave::Stay
    }

    /// The edible item lying where the player stands (eaten from the floor with `-`).
    fn food_here(&self) -> Option<Item> {
        let g = &self.game;
        g.current_level().item(g.player().at()).copied().filter(Item::is_edible)
    }

    /// Draws the screen.
    pub fn render(&self, frame: &mut Frame) {
        self.frame_size.set((frame.width(), frame.height()));
        let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
        if torchlit_console::widgets::too_small(frame, "the caves need", MIN_SIZE) {
            return;
        }
        if let Mode::Ended { morgue } = &self.mode {
            self.render_end(frame, morgue);
            return;
        }
        if let Mode::Help { scroll } = self.mode {
            self.render_help(frame, scroll);
            return;
        }
        if let Mode::History { back } = self.mode {
            self.render_history(frame, back);
            return;
        }
        if let Mode::OfferContinue { about, others } = &self.mode {
            self.render_offer(frame, about, others);
            return;
        }
        let rows = message_rows(h);
        let view_h = (h - 1 - rows).max(1);
        let offset = draw::draw_map(&self.game, frame, view_h);
        let mut lines: Vec<String> = Vec::new();
        match &self.mode {
            Mode::Look { cursor } => {
                let (sx, sy) = (cursor.x - offset.x, cursor.y - offset.y);
                let under = frame.get(sx as u16, sy as u16).copied().unwrap_or(Cell::BLANK);
                frame.put(
                    sx,
                    sy,
                    Cell { bg: palette::LOOK_CURSOR, fg: palette::BACKGROUND, ..under },
                );
                // The hint first: when the rows run out, it goes before what is seen.
                lines.push(
                    "Look: move the cursor with the movement keys; any other key stops."
                        .to_string(),
                );
                lines.extend(wrap(&self.look_at(*cursor), w as usize));
            }
            Mode::ConfirmExit => {
                lines.push(
                    "Leave the caves without the teddy bear? You will lose. (y/n)".to_string(),
                );
            }
            Mode::TravelPrompt { index } => {
                let targets = stairs::targets(&self.game);
                if let Some(s) = targets.get(*index) {
                    let (sx, sy) = (s.at.x - offset.x, s.at.y - offset.y);
                    let under = frame.get(sx as u16, sy as u16).copied().unwrap_or(Cell::BLANK);
                    let cursor =
                        Cell { bg: palette::LOOK_CURSOR, fg: palette::BACKGROUND, ..under };
                    frame.put(sx, sy, cursor);
                }
                lines =
                    stairs::prompt_lines(&self.game, &targets, *index, w as usize, rows as usize);
            }
            Mode::Choose { .. } | Mode::Inventory { .. } => {}
            Mode::OfferContinue { .. } => {}
            _ => lines = self.message_page(rows as usize, w as usize),
        }
        let shown = lines.len().saturating_sub(rows as usize);
        for (i, line) in lines[shown..].iter().enumerate() {
            let fg = if line.starts_with("--More--") { palette::HIGHLIGHT } else { Rgb::WHITE };
            frame.print(0, view_h + i as i32, line, fg, Rgb::BLACK);
        }
        draw::draw_status(&self.game, frame, h - 1);
        match &self.mode {
            Mode::Choose { verb, note } => {
                self.render_pack(frame, Some(*verb), note.as_deref(), None);
            }
            Mode::Inventory { selected } => self.render_pack(frame, None, None, Some(*selected)),
            _ => {}
        }
    }

    /// The turn's messages as lines of `width` for `rows` rows: while running the latest;
    /// otherwise a page from the first unread one, ending in `--More--` when the rest does
    /// not fit (the next page's start is kept for the next key).
    fn message_page(&self, rows: usize, width: usize) -> Vec<String> {
        let all = wrap(&self.messages.join(" "), width);
        let from = if self.running.is_some() {
            all.len().saturating_sub(rows)
        } else {
            self.more_from.min(all.len().saturating_sub(rows))
        };
        let rest = all.len() - from;
        if rest > rows && self.running.is_none() {
            let mut lines = all[from..from + rows - 1].to_vec();
            lines.push("--More-- (any key; Esc: the last page)".to_string());
            self.more.set(Some(from + rows - 1));
            lines
        } else {
            self.more.set(None);
            all[from..].iter().take(rows).cloned().collect()
        }
    }
}

/// How many message rows the play screen has at height `h` (the map takes the rest).
fn message_rows(h: i32) -> i32 {
    if h >= 20 { 3 } else { 2 }
}

/// Splits `text` into lines of at most `width` characters at spaces.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests;
