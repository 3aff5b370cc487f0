//! The screen's keys and ticks: what a key does before the game sees it (questions
//! before throwing play away, Esc closing what is open, the death banner, a pickaxe
//! press kept for the end of a swing), and the tick that advances the game.

use super::*;

/// A question the screen waits on (the game waits too): `y` says yes, any other key no.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Ask {
    /// Restart the whole game (the key that asked, sent on to the game on `y`).
    RestartGame(Input),
    /// Restart this area (the key that asked).
    RestartArea(Input),
    /// Leave the run (it can't be continued).
    Leave,
}

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
    /// The question asked, in words that fit `width` columns.
    pub(super) fn question(&self, ask: Ask, width: i32) -> &'static str {
        let wide = width >= 72;
        match (ask, wide, self.back_quits) {
            (Ask::RestartGame(_), true, _) => "Restart the whole game? y: yes, any other key: no",
            (Ask::RestartGame(_), false, _) => "Restart the game? y: yes, other: no",
            (Ask::RestartArea(_), true, _) => {
                "Restart this area? What you took in it goes back. y: yes, other: no"
            }
            (Ask::RestartArea(_), false, _) => "Restart this area? y: yes, other: no",
            (Ask::Leave, true, false) => {
                "Leave this run? A maze run can't be continued. y: leave, other: stay"
            }
            (Ask::Leave, true, true) => {
                "Quit? A maze run can't be continued later. y: quit, other: stay"
            }
            (Ask::Leave, false, false) => "Leave this run? y: leave, other: stay",
            (Ask::Leave, false, true) => "Quit the game? y: quit, other: stay",
        }
    }

    /// The question waiting for an answer, if any.
    pub fn asking(&self) -> Option<&'static str> {
        self.ask.map(|a| self.question(a, self.last_size.get().0))
    }

    /// Whether the death banner is up (the game waits for a key).
    pub fn death_shown(&self) -> bool {
        self.death.is_some()
    }

    fn ask(&mut self, ask: Ask) {
        self.ask = Some(ask);
        self.keys.clear();
        let text = self.question(ask, self.last_size.get().0);
        self.tell(text);
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

    /// A key went down; returns `true` when the player leaves the screen.
    pub fn handle(&mut self, input: Input) -> bool {
        if self.help {
            // Up/Down scroll a help taller than the screen; any other key closes it.
            match input {
                Input::Down => self.help_scroll = (self.help_scroll + 1).min(self.help_max.get()),
                Input::Up => self.help_scroll = self.help_scroll.saturating_sub(1),
                _ => {
                    self.help = false;
                    self.help_scroll = 0;
                    self.keys.clear();
                }
            }
            return false;
        }
        if input == Input::Ctrl('c') {
            self.end_recording();
            return true;
        }
        if let Some(ask) = self.ask.take() {
            return self.answer(ask, input);
        }
        if let Some(since) = self.death {
            // Keys still in flight from before the death are dropped; then any key goes on.
            if since >= DEATH_GRACE_TICKS {
                self.death = None;
                self.keys.clear();
            }
            return false;
        }
        let input = self.normalise(input);
        match self.keymap.get(input) {
            Some(MazeCommand::Back) => self.back(input),
            // A stray r or t would throw play away: ask first (not after a win, where the
            // victory box offers r).
            Some(MazeCommand::Button(Button::ResetGame)) if !self.game.is_won() => {
                self.ask(Ask::RestartGame(input));
                false
            }
            Some(MazeCommand::Button(Button::ResetArea))
                if !self.game.is_won() && self.game.dialog().is_none() =>
            {
                self.ask(Ask::RestartArea(input));
                false
            }
            Some(MazeCommand::Help) => {
                self.help = true;
                false
            }
            Some(MazeCommand::Map) => {
                self.map = !self.map;
                false
            }
            Some(MazeCommand::Button(b)) => {
                if b == Button::Pickaxe && !self.game.player().has_pickaxe() {
                    self.tell("You have no pickaxe yet: it lies in Spawn, south of the start.");
                }
                self.keys.press(input);
                false
            }
            None => {
                if let Input::Char(c) = input
                    && !c.is_control()
                {
                    self.tell(&format!("{c} does nothing here: ? shows the keys."));
                }
                false
            }
        }
    }

    /// The answer to `ask`; `true` when the player leaves.
    fn answer(&mut self, ask: Ask, input: Input) -> bool {
        if !matches!(input, Input::Char('y' | 'Y')) {
            self.tell("The game goes on.");
            return false;
        }
        match ask {
            Ask::RestartGame(key) | Ask::RestartArea(key) => {
                self.tell("");
                self.keys.press(key);
                false
            }
            Ask::Leave => {
                self.end_recording();
                true
            }
        }
    }

    /// `q` or Esc: Esc closes the map or the dialog that is open; otherwise leaving asks
    /// first (a maze run can't be continued). A won game is left at once.
    fn back(&mut self, input: Input) -> bool {
        if self.game.is_won() {
            self.end_recording();
            return true;
        }
        if input == Input::Esc && self.map {
            self.map = false;
            return false;
        }
        if input == Input::Esc && self.game.dialog().is_some() {
            self.skip_dialog = true;
            return false;
        }
        self.ask(Ask::Leave);
        false
    }

    /// Advances the game one tick with the keys of this tick (nothing while the help box,
    /// a question or the death banner is up).
    pub fn tick(&mut self) {
        if let Some(since) = &mut self.death {
            *since = since.saturating_add(1);
            return;
        }
        if self.help || self.ask.is_some() || self.too_small() {
            return;
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
                    self.death = Some(0);
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
