//! A maze screen on a [`Stack`], as a front end runs it: what it pushes over itself (the
//! help, a question, the death banner) is drawn over it and takes the keys.

use std::ops::Deref;

use torchlit_ui::maze::{DeathBanner, HelpBox, MazeScreen, Question};
use torchlit_ui::{Frame, Input, Screen, Stack, Transition};

/// The maze and what is over it.
pub struct Play(pub Stack);

#[allow(dead_code)]
impl Play {
    /// `screen` alone on a stack.
    pub fn new(screen: MazeScreen) -> Play {
        Play(Stack::new(Box::new(screen)))
    }

    /// A key to the screen on top; `true` when the maze left.
    pub fn handle(&mut self, input: Input) -> bool {
        matches!(self.0.handle(input), Transition::Quit)
    }

    /// A key went up.
    pub fn release(&mut self, input: Input) {
        self.0.release(input);
    }

    /// A tick to the screen on top (the maze waits under what it pushed).
    pub fn tick(&mut self) {
        self.0.tick();
    }

    /// Draws the maze and what is over it.
    pub fn render(&self, frame: &mut Frame) {
        self.0.render(frame);
    }

    /// The question waiting for an answer, if any.
    pub fn asking(&self) -> Option<&'static str> {
        self.0.top::<Question>().map(Question::text)
    }

    /// Whether the help box is up.
    pub fn help_open(&self) -> bool {
        self.0.top::<HelpBox>().is_some()
    }

    /// Whether the death banner is up.
    pub fn death_shown(&self) -> bool {
        self.0.top::<DeathBanner>().is_some()
    }
}

impl Deref for Play {
    type Target = MazeScreen;

    fn deref(&self) -> &MazeScreen {
        self.0.find::<MazeScreen>().expect("the maze is up")
    }
}
