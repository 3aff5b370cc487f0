//! The replay screen: the recorded game drawn by its own play screen, a status line
//! (position, speed, the outcome to come), and keys to pause, step, change speed and
//! seek.

use std::fmt;

use std::any::Any;

use super::Replayer;
use super::prompts::{ReplayHelp, Seek, SeekPrompt};
use crate::{Cell, Frame, Input, Screen, Transition, palette};
use torchlit_geom::{Point, Rect, Size};

/// The speeds, as multiples of normal play; the last is "instant" (`0`: jump to the end).
const SPEEDS: [u64; 6] = [1, 2, 4, 8, 16, 0];
/// Turns per second at 1x in the turn-based modes (maze plays 24 ticks per second).
const TURNS_PER_SECOND: u64 = 4;

/// The keys of the replay screen (shown by `?`, and in the README).
pub const CONTROLS: [(&str, &str); 12] = [
    ("space", "pause / play"),
    (". or →", "step one turn or tick forward (pauses)"),
    (", or ←", "step one back (pauses)"),
    ("+ / -", "faster / slower: 1, 2, 4, 8, 16x, instant"),
    ("] / [", "seek 10% forward / back"),
    ("b / e", "seek to the beginning / the end"),
    ("n / N", "next / previous message: a death, a find (pauses)"),
    ("g", "go to a step: type it, then Enter"),
    ("0-9 then Enter", "(after g) the step to go to"),
    ("?", "these keys"),
    ("q / Esc", "leave"),
    ("Ctrl-C", "quit at once"),
];

/// The fewest rows every game screen draws in (the README's smallest terminal, 40x12).
const MIN_ROWS: u16 = 12;

/// Plays a recording back in the terminal (or any front end).
pub struct ReplayScreen {
    replay: Box<dyn Replayer>,
    paused: bool,
    speed: usize,
    credit: u64,
    /// A checkpoint mismatch: stays on the status line.
    note: Option<String>,
    /// A note until the next key (no message to jump to).
    hint: Option<String>,
    /// Whether the mode is real-time (a step is a tick).
    realtime: bool,
}

impl Clone for ReplayScreen {
    fn clone(&self) -> ReplayScreen {
        ReplayScreen {
            replay: self.replay.boxed_clone(),
            paused: self.paused,
            speed: self.speed,
            credit: self.credit,
            note: self.note.clone(),
            hint: self.hint.clone(),
            realtime: self.realtime,
        }
    }
}

impl fmt::Debug for ReplayScreen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ReplayScreen")
            .field("mode", &self.replay.header().mode)
            .field("position", &self.replay.position())
            .field("paused", &self.paused)
            .finish_non_exhaustive()
    }
}

impl ReplayScreen {
    /// A screen playing `replay` from where it stands, at 1x.
    pub fn new(replay: Box<dyn Replayer>) -> ReplayScreen {
        let realtime = super::mode_of(replay.header()) == Some(torchlit_sim::ModeId::Maze);
        ReplayScreen {
            replay,
            paused: false,
            speed: 0,
            credit: 0,
            note: None,
            hint: None,
            realtime,
        }
    }

    /// The replay being shown.
    pub fn replay(&self) -> &dyn Replayer {
        self.replay.as_ref()
    }

    /// Whether playback is paused.
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// The speed multiple (`None`: instant).
    pub fn speed(&self) -> Option<u64> {
        SPEEDS.get(self.speed).copied().filter(|&s| s > 0)
    }

    /// Whether the front end should send ticks (playing, not at the end).
    fn playing(&self) -> bool {
        !self.paused && !self.replay.at_end()
    }

    /// One tick (1/24 s) of the front end's clock: plays the steps due at this speed.
    fn on_tick(&mut self) {
        if !self.playing() {
            return;
        }
        let Some(mult) = self.speed() else {
            let end = self.replay.len();
            self.seek(end);
            return;
        };
        // Steps per second at 1x: 24 ticks in maze, a few turns elsewhere.
        let rate = if self.realtime { 24 } else { TURNS_PER_SECOND };
        self.credit += mult * rate;
        while self.credit >= 24 {
            self.credit -= 24;
            if !self.forward() {
                break;
            }
        }
    }

    fn forward(&mut self) -> bool {
        match self.replay.forward() {
            Ok(more) => more,
            Err(d) => {
                self.diverged(&d);
                false
            }
        }
    }

    fn diverged(&mut self, d: &super::Divergence) {
        self.paused = true;
        self.note = Some(format!("Checkpoint mismatch: {d}"));
    }

    fn seek(&mut self, step: u64) {
        if let Err(d) = self.replay.seek(step) {
            self.diverged(&d);
        }
        self.credit = 0;
    }

    /// Seeks to `step` from a key: at instant speed this pauses, or the next tick would
    /// jump straight back to the end ("playing" at instant speed is being at the end).
    fn jump(&mut self, step: u64) {
        self.seek(step);
        if self.speed().is_none() {
            self.paused = true;
        }
    }

    /// `n` / `N`: pauses at the next (`forward`) or previous step that said something.
    fn jump_to_message(&mut self, forward: bool) {
        self.paused = true;
        self.credit = 0;
        let moved =
            if forward { self.replay.next_message() } else { self.replay.previous_message() };
        match moved {
            Ok(true) => {}
            Ok(false) => {
                let which = if forward { "after" } else { "before" };
                self.hint =
                    Some(format!("Nothing is said {which} step {}.", self.replay.position()));
            }
            Err(d) => self.diverged(&d),
        }
    }

    /// Handles a key: leaves, opens the help or the seek prompt over the replay, or
    /// moves through it.
    fn on_key(&mut self, input: Input) -> Transition {
        self.hint = None;
        let (pos, len) = (self.replay.position(), self.replay.len());
        let tenth = (len / 10).max(1);
        match input {
            Input::Char('q') | Input::Esc | Input::Ctrl('c') => return Transition::Pop,
            Input::Char(' ') => self.paused = !self.paused,
            Input::Char('.') | Input::Right => {
                self.paused = true;
                self.forward();
            }
            Input::Char(',') | Input::Left => {
                self.paused = true;
                self.seek(pos.saturating_sub(1));
            }
            Input::Char('+') | Input::Char('=') => {
                self.speed = (self.speed + 1).min(SPEEDS.len() - 1)
            }
            Input::Char('-') => self.speed = self.speed.saturating_sub(1),
            Input::Char(']') => self.jump(pos + tenth),
            Input::Char('[') => self.jump(pos.saturating_sub(tenth)),
            Input::Char('b') => self.jump(0),
            Input::Char('e') => self.jump(len),
            Input::Char('n') => self.jump_to_message(true),
            Input::Char('N') => self.jump_to_message(false),
            Input::Char('g') => return Transition::Push(Box::new(SeekPrompt::default())),
            Input::Char('?') => return Transition::Push(Box::new(ReplayHelp)),
            _ => {}
        }
        Transition::Stay
    }

    /// The status line: mode, seed, position, speed, state and the outcome to come.
    pub fn status(&self) -> String {
        self.status_within(usize::MAX)
    }

    /// The status line in at most `width` columns: the least important fields (the keys
    /// hint, then the seed, the turn now, the speed, the state) are left out first,
    /// whole, so no number is ever cut.
    pub fn status_within(&self, width: usize) -> String {
        let r = &self.replay;
        let (h, s) = (r.header(), r.summary());
        let unit = if self.realtime { "tick" } else { "turn" };
        let speed = self.speed().map_or("instant".to_string(), |m| format!("{m}x"));
        let state = if r.at_end() {
            "at the end"
        } else if self.paused {
            "paused"
        } else {
            "playing"
        };
        let ends = match &s.outcome {
            Some(o) => format!("ends: {o} at {unit} {}", s.turns),
            None => "a game in progress".to_string(),
        };
        // (text, rank): the lowest rank goes first when the line is too long.
        let parts = [
            (format!("replay {}", h.mode), 9),
            (super::start_label(h), 1),
            (format!("step {}/{}", r.position(), r.len()), 8),
            (format!("{unit} {}", r.turns()), 2),
            (speed, 3),
            (state.to_string(), 4),
            (ends, 7),
            ("? keys".to_string(), 0),
        ];
        fit_parts(&parts, width)
    }

    /// Draws the game (as its play screen does) above the status line.
    fn draw(&self, frame: &mut Frame) {
        let (w, h) = (frame.width(), frame.height());
        // The bar takes a row of its own, except at the games' smallest size (12 rows),
        // where it covers the game's status line instead of leaving the game too small.
        let rows = if h > MIN_ROWS { h - 1 } else { h.max(1) };
        let mut game = Frame::with_size(Size::new(u32::from(w), u32::from(rows)));
        self.replay.render(&mut game);
        for y in 0..rows {
            for x in 0..w {
                if let Some(c) = game.cell(Point::new(i32::from(x), i32::from(y))) {
                    frame.set(Point::new(i32::from(x), i32::from(y)), *c);
                }
            }
        }
        let line = match self.note.as_ref().or(self.hint.as_ref()) {
            Some(note) => note.clone(),
            None => self.status_within(usize::from(frame.width())),
        };
        bar_line(frame, &line);
    }
}

/// Writes `line` on the replay bar (the frame's last row).
pub(super) fn bar_line(frame: &mut Frame, line: &str) {
    let (w, y) = (i32::from(frame.width()), i32::from(frame.height()) - 1);
    let bar = palette::REPLAY_BAR;
    frame.fill_rect(
        Rect::new(Point::new(0, y), Size::new(w.max(0) as u32, 1)),
        Cell { bg: bar, ..Cell::BLANK },
    );
    frame.print_at(Point::new(0, y), line, palette::HIGHLIGHT, bar);
}

impl Screen for ReplayScreen {
    fn render(&self, frame: &mut Frame) {
        self.draw(frame);
    }

    fn handle(&mut self, input: Input) -> Transition {
        self.on_key(input)
    }

    /// While it plays and is not at the end.
    fn wants_ticks(&self) -> bool {
        self.playing()
    }

    fn tick(&mut self) -> Transition {
        self.on_tick();
        Transition::Stay
    }

    /// The seek prompt's step: the replay goes there.
    fn answer(&mut self, answer: Box<dyn Any>) -> Transition {
        if let Ok(seek) = answer.downcast::<Seek>() {
            self.jump(seek.0);
        }
        Transition::Stay
    }
}

/// `parts` joined by two spaces, leaving out the lowest-ranked ones (whole) until the line
/// fits in `width` columns; the highest-ranked part always stays.
fn fit_parts(parts: &[(String, u8)], width: usize) -> String {
    let mut kept: Vec<&(String, u8)> = parts.iter().collect();
    let len = |kept: &[&(String, u8)]| {
        kept.iter().map(|(t, _)| t.chars().count()).sum::<usize>()
            + 2 * kept.len().saturating_sub(1)
    };
    while kept.len() > 1 && len(&kept) > width {
        let lowest = kept.iter().enumerate().min_by_key(|(_, (_, rank))| *rank).map(|(i, _)| i);
        if let Some(i) = lowest {
            kept.remove(i);
        }
    }
    kept.iter().map(|(t, _)| t.as_str()).collect::<Vec<_>>().join("  ")
}
