//! The play screen: the world, the message lines and the status line; steps, rests,
//! travel; the fight, inventory, help and end panels pushed over it.

use std::any::Any;

use torchlit_save::Score;
use torchlit_sim::modes::overworld::combat::Hundredths;
use torchlit_sim::modes::overworld::{Action, Event, FightOutcome, Item, Reward};

use super::end::EndPanel;
use super::fight::{FightClosed, FightPanel};
use super::help::HelpPanel;
use super::inventory::{InventoryChoice, InventoryPanel};
use super::status::{debug_line, hp_number, is_full, status_fields, status_line};
use super::*;
use crate::{Input, Transition};

/// How many messages the play screen keeps (the scene's message log shows them all).
const MESSAGES: usize = 200;

/// The most turns one rest until healed (`Z`) lasts (DCSS's and Brogue's 100).
const REST_TURNS: u32 = 100;

/// The play screen: a world open (saving in the background), the latest messages and
/// the status line. `x` (or Esc twice) saves and leaves for the world menu.
pub struct OverworldScreen {
    pub(super) setup: OverworldSetup,
    pub(super) session: OverworldSession,
    /// Every message so far (the latest [`MESSAGES`]).
    pub(super) messages: Vec<String>,
    /// How many of the last `messages` the latest key brought: they are all shown.
    pub(super) fresh: usize,
    /// The end panel's lines, once the game ended in this session, until the panel is
    /// shown (after the fight that ended it).
    end: Option<Vec<String>>,
    /// What the message line says once the fight being shown is over (the outcome,
    /// rewards, better gear): held back so nothing tells the end before the last blow.
    after: Vec<String>,
    /// A panel to open over the screen once the key (or click) is answered.
    pub(super) push: Option<Box<dyn Screen>>,
    /// Leaving failed to save: a second quit leaves anyway.
    quit_armed: bool,
    /// Esc was pressed on the map: a second Esc in a row leaves.
    esc_armed: bool,
    /// The world cell the mouse points at (the scene describes it and the way there).
    pub(super) pointer: Option<torchlit_geom::Point>,
    /// Where leaving goes.
    below: Below,
    /// How closing went, once the world was closed (a second close says the same).
    closed: Option<Result<(), String>>,
}

impl std::fmt::Debug for OverworldScreen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OverworldScreen").field("world", &self.session.info().name).finish()
    }
}

impl OverworldScreen {
    /// The play screen of `session` (just created or opened), saying `welcome`; leaving
    /// goes back to the world menu as `below` says.
    pub(super) fn new(
        setup: OverworldSetup,
        session: OverworldSession,
        welcome: String,
        below: Below,
    ) -> OverworldScreen {
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
        OverworldScreen {
            setup,
            session,
            fresh: messages.len(),
            messages,
            end: None,
            after: Vec::new(),
            push: None,
            quit_armed: false,
            esc_armed: false,
            pointer: None,
            below,
            closed: None,
        }
    }

    /// The session of the world in play.
    pub fn session(&self) -> &OverworldSession {
        &self.session
    }

    pub(super) fn say(&mut self, text: String) {
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

    /// Whether the game is over; if so, says so (every action is refused then).
    fn said_over(&mut self) -> bool {
        if self.session.game().ending().is_none() {
            return false;
        }
        let score = self.session.game().score();
        self.say(format!("This game is over (score {score}): q leaves the world."));
        true
    }

    /// The panel to open now, if any.
    pub(super) fn take_push(&mut self) -> Transition {
        match self.push.take() {
            Some(screen) => Transition::Push(screen),
            None => Transition::Stay,
        }
    }

    /// A key on the map.
    fn key(&mut self, input: Input) -> Transition {
        // Esc closes what is open; on the map it leaves only when pressed twice in a row,
        // so one Esc too many after closing help or the inventory never leaves the world.
        let armed = std::mem::take(&mut self.esc_armed);
        match self.setup.keymap.get(input) {
            Some(OverworldCommand::Quit) if input == Input::Esc && !armed => {
                self.esc_armed = true;
                self.fresh = 0;
                let other = keys_of(&self.setup.keymap, OverworldCommand::Quit)
                    .into_iter()
                    .find(|&k| k != Input::Esc)
                    .map(|k| format!(" ({k} leaves at once)"))
                    .unwrap_or_default();
                self.say(format!("Press Esc again to save and leave the world{other}."));
            }
            Some(OverworldCommand::Move(d)) => self.act(Action::Move(d)),
            Some(OverworldCommand::Rest) => self.act(Action::Rest),
            Some(OverworldCommand::RestLong) => self.rest_long(),
            Some(OverworldCommand::Inventory) => {
                let player = self.session.game().player().clone();
                return Transition::Push(Box::new(InventoryPanel::new(player, None)));
            }
            Some(OverworldCommand::Help) => {
                let lines = help::help_lines(&self.setup.keymap, self.session.game());
                return Transition::Push(Box::new(HelpPanel::new(lines)));
            }
            Some(OverworldCommand::Quit) => return self.leave(),
            None => {
                self.fresh = 0;
                let help = keys_of(&self.setup.keymap, OverworldCommand::Help)
                    .into_iter()
                    .next()
                    .map_or_else(|| "?".to_string(), |k| k.to_string());
                self.say(format!("Unknown key; {help} for help."));
            }
        }
        self.take_push()
    }

    /// Plays a step or a rest: its messages, the fight panel, the end of the game.
    pub(super) fn act(&mut self, action: Action) {
        self.act_told(action);
    }

    /// [`OverworldScreen::act`], saying whether the action was a plain step (nothing but
    /// the step and maybe a new region came of it): travel goes on only after those.
    pub(super) fn act_told(&mut self, action: Action) -> bool {
        // An action starts a new line of messages: all it brings is shown.
        self.fresh = 0;
        self.quit_armed = false;
        if self.said_over() {
            return false;
        }
        let before = gear_of(self.session.game().player());
        let events = self.session.apply(action);
        let plain =
            events.iter().all(|e| matches!(e, Event::Moved { .. } | Event::EnteredRegion { .. }));
        let mut texts: Vec<String> = events.iter().filter_map(message_of).collect();
        texts.extend(better_gear(&self.session, before, &events, &self.setup.keymap));
        self.show_events(events, texts);
        plain
    }

    /// Shows what an action brought: its `texts` at once, or the fight panel playing the
    /// fight among `events` first (the texts after it); the end panel when the game ended.
    fn show_events(&mut self, events: Vec<Event>, texts: Vec<String>) {
        if let Some(ending) = self.session.game().ending() {
            self.end = Some(self.record_end(ending));
        }
        let fight = events.into_iter().find_map(|e| match e {
            Event::Fight(report) => Some(report),
            _ => None,
        });
        match fight {
            Some(report) => {
                let during = status_fields(&self.session, Some(&report));
                self.after = texts;
                let panel = FightPanel::new(report, self.setup.turn_ticks, during);
                self.push = Some(Box::new(panel));
            }
            None => {
                texts.into_iter().for_each(|t| self.say(t));
                self.push = self.end_panel();
            }
        }
    }

    /// The end panel, once the game has ended (shown once).
    fn end_panel(&mut self) -> Option<Box<dyn Screen>> {
        let lines = self.end.take()?;
        let scores = high_scores(self.setup.worlds.as_ref());
        Some(Box::new(EndPanel::new(lines, scores)))
    }

    /// Rests until healed (`Z`): turn after turn while health is not full, no monster is
    /// within its notice range and nothing else happens, at most [`REST_TURNS`] turns;
    /// says why it stopped.
    fn rest_long(&mut self) {
        self.fresh = 0;
        if self.said_over() {
            return;
        }
        let game = self.session.game();
        let Some(notice) = game.quest().map(|q| q.notice) else {
            return self.act(Action::Rest);
        };
        if is_full(game.health()) {
            return self.say("You are already at full health.".to_string());
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
            return self.say(format!("You cannot rest with a {} this close.", m.kind));
        }
        let start = game.health();
        let gained = |game: &Overworld| {
            let hp = Hundredths(game.health().0.saturating_sub(start.0));
            hp_number(hp)
        };
        for turn in 1..=REST_TURNS {
            let events = self.session.apply(Action::Rest);
            let quiet = events.iter().all(|e| matches!(e, Event::Rested));
            let game = self.session.game();
            if !quiet || game.ending().is_some() {
                // A fight or anything else: shown as a single step would show it.
                let mut texts: Vec<String> = events.iter().filter_map(message_of).collect();
                texts.insert(0, format!("You rest {turn} turns, then:"));
                return self.show_events(events, texts);
            }
            let stop = if is_full(game.health()) {
                Some("You are fully healed.".to_string())
            } else {
                near(game).map(|m| format!("A {} comes near.", m.kind))
            };
            if let Some(why) = stop {
                let text = format!("You rest {turn} turns (+{} health). {why}", gained(game));
                return self.say(text);
            }
        }
        let gained = gained(self.session.game());
        self.say(format!("You rest {REST_TURNS} turns (+{gained} health)."));
    }

    /// Enters a finished game in the high-score table; the end panel's lines.
    fn record_end(&self, ending: Ending) -> Vec<String> {
        let game = self.session.game();
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
            name: display_name(&self.session.info().name),
            score: game.score(),
            ending: ending.to_string(),
            turns: p.moves().0,
            when,
        };
        match worlds.store().add_score(score) {
            Ok(Some(rank)) => lines.push(format!("It is number {rank} in the high scores.")),
            Ok(None) => lines.push("It did not make the high scores.".to_string()),
            Err(e) => {
                lines
                    .push(format!("The high scores can't be kept: {}", worlds.store().explain(&e)));
            }
        }
        lines
    }

    /// Saves and closes the world and goes back to the world menu; on failure stays (a
    /// second quit leaves anyway).
    fn leave(&mut self) -> Transition {
        let name = display_name(&self.session.info().name);
        if self.quit_armed {
            let note = format!("Left {name} without saving the last moves.");
            return to_menu(self.below, &self.setup, 1, Some(note));
        }
        let kept = self.session.keep_recording();
        match sync_world(&mut self.session) {
            Ok(()) => {
                let saved = self.session.shut_down();
                self.closed = Some(Ok(()));
                let mut note = match saved {
                    Ok(()) => format!("{name} was saved."),
                    Err(e) => format!("{name}: the last save failed: {e}"),
                };
                match kept {
                    Some(Ok(place)) => note.push_str(&format!(" Recording: {place}")),
                    Some(Err(e)) => note.push_str(&format!(" The recording was not kept: {e}")),
                    None => {}
                }
                to_menu(self.below, &self.setup, 1, Some(note))
            }
            Err(e) => {
                self.quit_armed = true;
                self.say(format!("Saving failed: {e}. Press quit again to leave anyway."));
                Transition::Stay
            }
        }
    }

    /// Saves and closes the world (the program is about to end). A second call says what
    /// the first did.
    ///
    /// # Errors
    /// [`CloseError`] when the world on disk does not hold the latest state.
    pub fn shut_down(&mut self) -> Result<(), CloseError> {
        if let Some(closed) = &self.closed {
            return closed.clone().map_err(CloseError);
        }
        let closed = self.session.shut_down().map_err(|e| e.to_string());
        if let Err(e) = &closed {
            tracing::error!(error = %e, "saving the world on quit failed");
        }
        if let Some(worlds) = &self.setup.worlds {
            worlds.note_quit_save(closed.clone().err());
        }
        self.closed = Some(closed.clone());
        closed.map_err(CloseError)
    }

    /// Saves the world and waits until it is written; play goes on.
    ///
    /// # Errors
    /// [`SessionError`] when the save failed.
    pub fn save_now(&mut self) -> Result<(), SessionError> {
        self.session.save().and_then(|()| self.session.flush())
    }

    fn draw(&self, frame: &mut Frame) {
        let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
        if too_small(frame) {
            let lines = [
                "terminal too small".to_string(),
                format!("(needs {}x{})", MIN_SIZE.0, MIN_SIZE.1),
            ];
            for (i, line) in lines.iter().enumerate() {
                let line = draw::fit(line, w.max(0) as usize);
                draw::text(frame, 0, i as i32, &line, NOTE, Rgb::BLACK, false);
            }
            return;
        }
        let game = self.session.game();
        // What the latest key brought, wrapped: up to three lines over the map.
        let message = if self.setup.debug { debug_line(&self.session) } else { self.latest() };
        let mut lines = wrap(&message, w.max(1) as usize);
        lines.truncate(3);
        let message_h = lines.len().max(1) as i32;
        let map_h = (h - 1 - message_h).max(0);
        draw::draw_world(game, frame, (0, 0, w, map_h));
        for (i, line) in lines.iter().enumerate() {
            draw::text(frame, 0, map_h + i as i32, line, Rgb::WHITE, Rgb::BLACK, false);
        }
        let status = status_line(&self.session, None, w.max(0) as usize);
        draw::text(frame, 0, h - 1, &status, palette::STATUS_TEXT, Rgb::BLACK, false);
    }
}

/// Why the world could not be saved when the program ended (one sentence for the
/// player).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("could not save the world: {0}")]
pub struct CloseError(String);

impl Screen for OverworldScreen {
    fn render(&self, frame: &mut Frame) {
        self.draw(frame);
    }

    fn handle(&mut self, input: Input) -> Transition {
        self.key(input)
    }

    fn scene(&self, view: torchlit_geom::Size) -> Option<torchlit_console::Scene> {
        Some(scene::play_scene(self, view))
    }

    fn mouse(&mut self, event: torchlit_console::Mouse) -> Transition {
        self.on_mouse(event)
    }

    /// A panel over the screen closed with its answer: an item to use (the inventory
    /// opens again, saying what came of it), or the fight seen to its end (its outcome
    /// said, then the end panel if it ended the game).
    fn answer(&mut self, answer: Box<dyn Any>) -> Transition {
        let answer = match answer.downcast::<InventoryChoice>() {
            Ok(choice) => return self.use_item(*choice),
            Err(other) => other,
        };
        if answer.is::<FightClosed>() {
            for text in std::mem::take(&mut self.after) {
                self.say(text);
            }
            self.push = self.end_panel();
        }
        self.take_push()
    }

    /// While saves are being written (their reports are collected).
    fn wants_ticks(&self) -> bool {
        self.session.status().pending > 0
    }

    fn tick(&mut self) -> Transition {
        self.session.poll();
        Transition::Stay
    }

    fn describe(&self) -> String {
        "overworld".into()
    }

    fn close(&mut self) -> Result<(), crate::CloseError> {
        self.shut_down().map_err(crate::CloseError::new)
    }

    fn save(&mut self) -> Result<(), crate::CloseError> {
        self.save_now().map_err(|e| crate::CloseError::context("could not save the world", e))
    }
}

impl OverworldScreen {
    /// Uses (wields or wears) or drops the item chosen in the inventory, and opens the
    /// inventory again saying what came of it.
    fn use_item(&mut self, choice: InventoryChoice) -> Transition {
        let action =
            if choice.drop { Action::Drop(choice.item) } else { Action::Equip(choice.item) };
        let events = self.session.apply(action);
        forget_hints(self, &events);
        let note = events.iter().filter_map(message_of).next_back();
        let player = self.session.game().player().clone();
        Transition::Push(Box::new(InventoryPanel::new(player, note)))
    }
}

/// After an equip or a drop, forgets the latest key's "better item" hints it made stale:
/// the hint about the item equipped, and every hint naming the letters of the pack
/// (a drop moves them).
fn forget_hints(play: &mut OverworldScreen, events: &[Event]) {
    let stale = |text: &str| {
        events.iter().any(|e| match e {
            Event::Equipped(item) => text.starts_with(&format!("The {} is better", item.name())),
            Event::Dropped(_) => text.contains(" is better than your "),
            _ => false,
        })
    };
    let start = play.messages.len() - play.fresh;
    let before = play.messages.len();
    let mut i = start;
    play.messages.retain(|m| {
        let keep = i < start || !stale(m);
        i += 1;
        keep
    });
    play.fresh -= before - play.messages.len();
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
        .map_or_else(|| "the inventory key".to_string(), |k| k.to_string());
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
