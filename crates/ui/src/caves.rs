//! The `caves` screens: play (map, messages, status line) and, pushed over it, the look
//! cursor, the travel prompt, the inventory and its pick lists (drop, eat, wear or
//! wield), the message history, help, the exit prompt and the end page; the offer to
//! continue a saved run comes before a run. Auto-explore and travel run one step per tick
//! until a stop or a key.

mod confirm;
mod draw;
mod end;
mod help;
mod history;
mod keys;
mod look;
mod morgue;
mod offer;
mod pack;
mod save;
mod scene;
mod screen;
mod setup;
mod stairs;
mod stops;
mod store;
mod text;
mod travel;

use torchlit_console::widgets::wrap;
use torchlit_geom::{Direction, Point};
use torchlit_geom::{Rect, Size};
use torchlit_sim::modes::caves::{Action, AutoPickup, Caves, Event, Item, ItemKind, Slot, Stairs};
use torchlit_sim::terrain::Tile;

use crate::record::{Recorder, Recordings};
use crate::{Input, Keymap};

pub use draw::{creature_look, item_look};
pub(crate) use end::draw_still;
pub use keys::{
    CavesCommand, UnknownCommand, default_bindings, default_keymap, keymap_with, keys_of,
};
pub use morgue::morgue_text;
pub use offer::OfferPage;
pub use save::{CavesStore, StoreError, WorldsStore, describe_run, describe_run_as, load_run};
pub use setup::{CavesSetup, OpenError};
pub use store::{MemoryStore, SharedMemoryStore, StoreHandle};
pub use text::{count_of, item_details, message_of, messages_of, plural, verdict};

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
    /// The frame's size as last told ([`crate::Screen::resize`]): how the messages page.
    size: Option<Size>,
    /// The end page, made when the run ended and pushed when the key, tick or click
    /// that ended it returns.
    end: Option<end::EndPage>,
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
}

impl CavesScreen {
    /// A screen playing `game` with `keymap`, saving to `store` (none: `S` can't save).
    /// Its recording goes nowhere until [`CavesScreen::with_recordings`].
    pub fn new(
        game: Caves,
        keymap: Keymap<CavesCommand>,
        store: Option<StoreHandle>,
    ) -> CavesScreen {
        let welcome = welcome(&game);
        let mut screen = CavesScreen::replaying(game, vec![welcome]);
        screen.keymap = keymap;
        screen.store = store;
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

    /// A read-only screen showing `game` with `messages` (a replay or a bot being
    /// watched draws through it); nothing is recorded or saved.
    pub(crate) fn replaying(game: Caves, messages: Vec<String>) -> CavesScreen {
        CavesScreen {
            game,
            keymap: default_keymap(),
            store: None,
            messages,
            running: None,
            run_events: Vec::new(),
            run_from: 0,
            more_from: 0,
            size: None,
            end: None,
            recorder: None,
            pickup: AutoPickup::default(),
            saved: None,
            pointed: None,
            log: Vec::new(),
            partial: false,
        }
    }

    /// Sends the run's recording to `sink` when it ends (none: it is dropped).
    pub fn with_recordings(mut self, sink: Option<Recordings>) -> CavesScreen {
        if let Some(r) = &mut self.recorder {
            r.set_sink(sink);
        }
        self
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

    /// Whether the run is over: its end page is up over this screen (or goes up when
    /// the key, tick or click that ended it returns).
    pub fn has_ended(&self) -> bool {
        self.game.outcome().is_some()
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
    /// Why the save failed.
    fn save_on_exit(&mut self) -> Result<(), StoreError> {
        if self.game.outcome().is_some() {
            return Ok(());
        }
        match &self.store {
            Some(store) => {
                CavesScreen::save_run(store, &self.game, self.recorder.as_ref())?;
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

    /// One step of auto-explore or travel, if running.
    fn step(&mut self) {
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
        self.step();
    }

    /// Shows new messages from their first line.
    fn set_messages(&mut self, messages: Vec<String>) {
        let shown = std::mem::replace(&mut self.messages, messages);
        if !self.partial {
            scene::keep(&mut self.log, shown);
        }
        self.partial = self.running.is_some();
        self.more_from = 0;
    }

    /// Shows one line.
    fn say(&mut self, message: impl Into<String>) {
        self.set_messages(vec![message.into()]);
    }

    /// The edible item lying where the player stands (eaten from the floor with `-`).
    fn food_here(&self) -> Option<Item> {
        let g = &self.game;
        g.current_level().item(g.player().at()).copied().filter(Item::is_edible)
    }
}

/// The first line of a new run: its seed, its goal, and where the help is.
pub(crate) fn welcome(game: &Caves) -> String {
    format!(
        "Welcome to the caves (seed {}). Find the teddy bear on level {} and bring it up the \
         exit stairs. Press ? for help.",
        crate::record::seed_shown(game.seed().0),
        game.depth_count()
    )
}

/// How many message rows the play screen has at height `h` (the map takes the rest).
fn message_rows(h: i32) -> i32 {
    if h >= 20 { 3 } else { 2 }
}

/// The rows of a `w` x `h` play screen the map leaves to the messages, blanked: a prompt
/// or a box over the map shows there instead of the messages.
fn clear_message_rows(frame: &mut crate::Frame) {
    let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
    let rows = message_rows(h);
    let view_h = (h - 1 - rows).max(1);
    frame.fill_rect(
        Rect::new(
            Point::new(0, view_h),
            Size::new(w.max(0) as u32, (h - 1 - view_h).max(0) as u32),
        ),
        crate::Cell::BLANK,
    );
}

#[cfg(test)]
mod tests;
