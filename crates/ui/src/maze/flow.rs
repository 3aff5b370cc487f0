//! The screen's keys and ticks: what a key does before the game sees it (questions
//! before throwing play away, Esc closing what is open, a pickaxe press kept for the end
//! of a swing), what the screens it pushes answer, and the tick that advances the game.

use super::prompts::{Ask, DeathBanner, HelpBox, Question, Reply};
use super::*;
use crate::Transition;

/// Screen ticks (1.5 s) after a death during which keys are dropped: they were meant for
/// the game before it (a player swinging every half second), not as an answer to the
/// banner, which shows at least this long.
pub const DEATH_GRACE_TICKS: u32 = 36;

/// Ticks before a boss barrage during which its line is marked (0.75 s): where the wave
/// will start, so a person can step out of its way or toward the gap as it comes.
pub const BARRAGE_WARNING_TICKS: u32 = 18;

/// Ticks a pickaxe press made during a swing (or a step) waits for the hero to be free
/// (one second; a swing lasts 20 ticks).
pub const SWING_BUFFER_TICKS: u32 = 24;

impl MazeScreen {
    /// Asks `ask` over the maze (the game waits for the answer).
    fn ask(&mut self, ask: Ask) -> Transition {
        self.keys.clear();
        let text = ask.words(self.size.0, self.back_quits);
        self.tell(text);
        Transition::Push(Box::new(Question::new(ask, self)))
    }

    /// `input` as the keymap knows it: an upper-case letter with no binding of its own
    /// (Caps Lock) is its lower-case key.
    fn normalise(&self, input: Input) -> Input {
        match input {
            Input::Char(c) if c.is_uppercase() && self.keymap.get(input).is_none() => {
                let lower = c.to_lowercase().next().unwrap_or(c);
                if self.keymap.get(Input::Char(lower)).is_some() {
                    Input::Char(lower)
                } else {
                    input
                }
            }
            _ => input,
        }
    }

    /// A key went down.
    pub(super) fn on_key(&mut self, input: Input) -> Transition {
        if input == Input::Ctrl('c') {
            self.end_recording();
            return Transition::Pop;
        }
        let input = self.normalise(input);
        match self.keymap.get(input) {
            Some(MazeCommand::Back) => self.back(input),
            // A stray r or t would throw play away: ask first (not after a win, where the
            // victory box offers r).
            Some(MazeCommand::Button(Button::ResetGame)) if !self.game.is_won() => {
                self.ask(Ask::RestartGame(input))
            }
            Some(MazeCommand::Button(Button::ResetArea))
                if !self.game.is_won() && self.game.dialog().is_none() =>
            {
                self.ask(Ask::RestartArea(input))
            }
            Some(MazeCommand::Help) => Transition::Push(Box::new(HelpBox::new(self))),
            Some(MazeCommand::Map) => {
                self.map = !self.map;
                Transition::Stay
            }
            Some(MazeCommand::Button(b)) => {
                if b == Button::Pickaxe && !self.game.player().has_pickaxe() {
                    self.tell("You have no pickaxe yet: it lies in Spawn, south of the start.");
                }
                self.keys.press(input);
                Transition::Stay
            }
            None => {
                if let Input::Char(c) = input
                    && !c.is_control()
                {
                    self.tell(&format!("{c} does nothing here: ? shows the keys."));
                }
                Transition::Stay
            }
        }
    }

    /// What a screen the maze pushed answered.
    pub(super) fn on_reply(&mut self, reply: Reply) -> Transition {
        match reply {
            Reply::No => self.tell("The game goes on."),
            Reply::Yes(Ask::RestartGame(key) | Ask::RestartArea(key)) => {
                self.tell("");
                self.keys.press(key);
            }
            Reply::Yes(Ask::Leave) | Reply::LeaveNow => {
                self.end_recording();
                return Transition::Pop;
            }
            Reply::GoOn => {}
        }
        Transition::Stay
    }

    /// `q` or Esc: Esc closes the map or the dialog that is open; otherwise leaving asks
    /// first (a maze run can't be continued). A won game is left at once.
    fn back(&mut self, input: Input) -> Transition {
        if self.game.is_won() {
            self.end_recording();
            return Transition::Pop;
        }
        if input == Input::Esc && self.map {
            self.map = false;
            return Transition::Stay;
        }
        if input == Input::Esc && self.game.dialog().is_some() {
            self.skip_dialog = true;
            return Transition::Stay;
        }
        self.ask(Ask::Leave)
    }

    /// Advances the game one tick with the keys of this tick (nothing in a frame too
    /// small; the help box, a question or the death banner get the ticks while they are
    /// up, so the game waits). A death pushes its banner.
    pub(super) fn on_tick(&mut self) -> Transition {
        if self.too_small() {
            return Transition::Stay;
        }
        let (pressed, held) = self.keys.tick();
        let mut input = TickInput { held: self.buttons(&held), pressed: self.buttons(&pressed) };
        let pressed_swing = input.pressed.contains(Button::Pickaxe);
        if self.swing.is_some() {
            input.pressed.insert(Button::Pickaxe);
        }
        if self.skip_dialog {
            self.skip_dialog = self.game.dialog().is_some();
            if self.skip_dialog {
                input.pressed.insert(Button::NextDialog);
            }
        }
        let won = self.game.is_won();
        let mut died = false;
        let events = self.game.tick(&input);
        if let Some(r) = &mut self.recorder {
            let game = &self.game;
            r.record(input, || game.state_hash());
        }
        self.keep_swing(pressed_swing, input.pressed.contains(Button::Pickaxe));
        for event in events {
            match event {
                Event::GameReset => self.explored.clear(),
                Event::PlayerDied => {
                    died = true;
                    self.keys.clear();
                    self.swing = None;
                }
                _ => {}
            }
            if let Some(text) = message_of(event) {
                self.remember(&text);
                self.message = text;
                self.message_at = self.game.stats().ticks;
            }
        }
        if !won && self.game.is_won() {
            self.end_recording();
        }
        self.mark_explored();
        if died { Transition::Push(Box::new(DeathBanner::new(self))) } else { Transition::Stay }
    }

    /// After a tick: a pickaxe press the hero could not take (it was swinging, walking or
    /// interacting) waits for it, once, up to [`SWING_BUFFER_TICKS`].
    fn keep_swing(&mut self, fresh: bool, sent: bool) {
        let hero = self.game.player();
        let took = hero.state() == PlayerState::AttackingWithPickaxe && hero.state_ticks() == 0;
        let waiting = hero.has_pickaxe()
            && self.game.dialog().is_none()
            && !self.game.is_paused()
            && !self.game.is_won();
        self.swing = match self.swing {
            _ if !sent || took || !waiting => None,
            _ if fresh => Some(SWING_BUFFER_TICKS),
            Some(n) => n.checked_sub(1).filter(|&n| n > 0),
            None => None,
        };
    }
}
