//! What the maze pushes over itself: the help box, the questions asked before play is
//! thrown away (leave, restart the area or the game) and the death banner. Each is a
//! screen of its own on the [`crate::Stack`]; while one is up the maze gets no ticks, so
//! the game waits. They answer with [`Transition::PopWith`] a [`Reply`].

use torchlit_console::Scene;
use torchlit_geom::Size;
use torchlit_geom::{Point, Rect};

use super::help::{Place, boxed, death_words, render_help};
use super::{DEATH_GRACE_TICKS, MIN_SIZE, MazeScreen};
use crate::{Cell, Frame, Input, Screen, Transition, palette};

/// A question the maze waits on: `y` says yes, any other key no.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Ask {
    /// Restart the whole game (the key that asked, sent on to the game on `y`).
    RestartGame(Input),
    /// Restart this area (the key that asked).
    RestartArea(Input),
    /// Leave the run (it can't be continued).
    Leave,
}

impl Ask {
    /// The question in words that fit `width` columns; `quits` when leaving ends the
    /// program (started with `play maze`).
    pub(super) fn words(self, width: i32, quits: bool) -> &'static str {
        let wide = width >= 72;
        match (self, wide, quits) {
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
}

/// What a screen pushed by the maze answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Reply {
    /// `y` to the question.
    Yes(Ask),
    /// Any other key: the game goes on.
    No,
    /// Ctrl-C: leave at once.
    LeaveNow,
    /// The death banner was dismissed.
    GoOn,
}

/// A copy of `maze` for the scene of what is pushed over it (the game waits meanwhile),
/// without its recording.
fn snapshot(maze: &MazeScreen) -> Box<MazeScreen> {
    let mut copy = maze.clone();
    copy.recorder = None;
    Box::new(copy)
}

/// The question on the message line (the maze below stays in view).
pub struct Question {
    ask: Ask,
    quits: bool,
    /// The frame's width as last told (for [`Question::text`]).
    width: i32,
    /// The maze as it was asked (the game waits), for the tiles front end's scene.
    below: Box<MazeScreen>,
}

impl Question {
    pub(super) fn new(ask: Ask, below: &MazeScreen) -> Question {
        let quits = below.back_quits;
        let width = below.size.0;
        Question { ask, quits, width, below: snapshot(below) }
    }

    /// The question, as worded for the frame's width as last told.
    pub fn text(&self) -> &'static str {
        self.ask.words(self.width, self.quits)
    }
}

impl Screen for Question {
    fn render(&self, frame: &mut Frame) {
        let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
        if self.below.too_small_for(w, h) {
            return;
        }
        frame
            .fill_rect(Rect::new(Point::new(0, h - 2), Size::new(w.max(0) as u32, 1)), Cell::BLANK);
        frame.print_bold_at(
            Point::new(0, h - 2),
            self.ask.words(w, self.quits),
            palette::HIGHLIGHT,
        );
    }

    fn handle(&mut self, input: Input) -> Transition {
        let reply = match input {
            Input::Char('y' | 'Y') => Reply::Yes(self.ask),
            Input::Ctrl('c') => Reply::LeaveNow,
            _ => Reply::No,
        };
        Transition::PopWith(Box::new(reply))
    }

    /// [`Question::text`] is worded for this width.
    fn resize(&mut self, size: Size) {
        self.width = super::screen::clamp_i32(size.width);
    }

    fn scene(&self, view: Size) -> Option<Scene> {
        let mut scene = self.below.scene_now(view)?;
        scene.banner = Some(self.text().to_string());
        Some(scene)
    }

    fn is_overlay(&self) -> bool {
        true
    }
}

/// The death banner: a box in the middle that holds until a key, once the keys still
/// in flight from before the death ([`DEATH_GRACE_TICKS`]) have been dropped.
pub struct DeathBanner {
    /// Ticks since the death.
    since: u32,
    deaths: u32,
    /// The maze as the hero died (the game waits), for the tiles front end's scene.
    below: Box<MazeScreen>,
}

impl DeathBanner {
    pub(super) fn new(below: &MazeScreen) -> DeathBanner {
        let deaths = below.game.stats().deaths;
        DeathBanner { since: 0, deaths, below: snapshot(below) }
    }

    /// Whether a key now dismisses the banner.
    pub fn ready(&self) -> bool {
        self.since >= DEATH_GRACE_TICKS
    }
}

impl Screen for DeathBanner {
    fn render(&self, frame: &mut Frame) {
        let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
        if self.below.too_small_for(w, h) || self.below.game.dialog().is_some() {
            return;
        }
        let [what, keys] = death_words(self.ready());
        let count = format!("deaths so far: {}", self.deaths);
        let lines = [what, "", count.as_str()];
        boxed(frame, "you died", &lines, keys, palette::WARNING, Place::Center);
    }

    fn handle(&mut self, input: Input) -> Transition {
        if input == Input::Ctrl('c') {
            return Transition::PopWith(Box::new(Reply::LeaveNow));
        }
        // Keys still in flight from before the death are dropped; then any key goes on.
        if self.ready() { Transition::PopWith(Box::new(Reply::GoOn)) } else { Transition::Stay }
    }

    fn wants_ticks(&self) -> bool {
        true
    }

    fn tick(&mut self) -> Transition {
        self.since = self.since.saturating_add(1);
        Transition::Stay
    }

    fn scene(&self, view: Size) -> Option<Scene> {
        let mut scene = self.below.scene_now(view)?;
        scene.banner = Some(death_words(self.ready()).join(" "));
        Some(scene)
    }

    fn is_overlay(&self) -> bool {
        true
    }
}

/// The controls in a box over the maze (the game waits): Up/Down scroll them when they
/// do not fit, any other key closes.
pub struct HelpBox {
    scroll: usize,
    /// The frame's size as last told (the scroll stops where the last line shows).
    size: (i32, i32),
}

impl HelpBox {
    pub(super) fn new(below: &MazeScreen) -> HelpBox {
        HelpBox { scroll: 0, size: below.size }
    }

    /// The first line shown.
    pub fn scroll(&self) -> usize {
        self.scroll
    }
}

impl Screen for HelpBox {
    fn render(&self, frame: &mut Frame) {
        let (w, h) = (frame.width(), frame.height());
        if w < MIN_SIZE.0 || h < MIN_SIZE.1 {
            return;
        }
        render_help(frame, self.scroll);
    }

    fn handle(&mut self, input: Input) -> Transition {
        match input {
            Input::Down => {
                let max = super::help::help_scroll_max(self.size.0, self.size.1);
                self.scroll = (self.scroll + 1).min(max);
            }
            Input::Up => self.scroll = self.scroll.saturating_sub(1),
            _ => return Transition::Pop,
        }
        Transition::Stay
    }

    /// The scroll stops where the last line shows in a frame this size.
    fn resize(&mut self, size: Size) {
        self.size = (super::screen::clamp_i32(size.width), super::screen::clamp_i32(size.height));
        let max = super::help::help_scroll_max(self.size.0, self.size.1);
        self.scroll = self.scroll.min(max);
    }

    fn is_overlay(&self) -> bool {
        true
    }
}
