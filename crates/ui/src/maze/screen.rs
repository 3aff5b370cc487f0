//! The maze as a [`Screen`]: keys, releases and ticks reach the game through the screen's
//! flow; what it pushed over itself answers through [`Screen::answer`].

use std::any::Any;

use torchlit_console::{Mouse, Scene};
use torchlit_geom::Size;

use super::prompts::Reply;
use super::{KeyTracker, MazeScreen};
use crate::{Frame, Input, Screen, Transition};

impl Screen for MazeScreen {
    fn render(&self, frame: &mut Frame) {
        self.draw(frame);
    }

    fn handle(&mut self, input: Input) -> Transition {
        self.on_key(input)
    }

    fn scene(&self, view: Size) -> Option<Scene> {
        self.scene_now(view)
    }

    fn mouse(&mut self, event: Mouse) -> Transition {
        self.on_mouse(event)
    }

    /// A key went up (only front ends with keyboard enhancement report this).
    fn release(&mut self, input: Input) -> Transition {
        self.keys.release(input);
        Transition::Stay
    }

    fn wants_ticks(&self) -> bool {
        true
    }

    fn tick(&mut self) -> Transition {
        self.on_tick()
    }

    /// Held keys are forgotten.
    fn set_key_releases(&mut self, releases: bool) {
        self.keys = KeyTracker::new(releases);
    }

    /// Back from the help, a question or the death banner: the keys held before it are
    /// forgotten.
    fn resume(&mut self) {
        self.keys.clear();
    }

    fn answer(&mut self, answer: Box<dyn Any>) -> Transition {
        match answer.downcast::<Reply>() {
            Ok(reply) => self.on_reply(*reply),
            Err(_) => Transition::Stay,
        }
    }

    fn describe(&self) -> String {
        let game = self.game();
        format!("maze: area {} of {}", game.current().0 + 1, game.areas().len())
    }

    fn close(&mut self) -> Result<(), crate::CloseError> {
        self.end_recording();
        Ok(())
    }
}
