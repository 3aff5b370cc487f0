//! The maze as a [`Screen`]: keys, releases and ticks reach the game through the screen's
//! flow; what it pushed over itself answers through [`Screen::answer`].

use std::any::Any;

use torchlit_geom::Size;

use super::prompts::Reply;
use super::{KeyTracker, MazeScreen};
use crate::{Input, Screen, Transition};

/// The [`Screen`] methods a game screen of a mode (maze, chase, ultima) passes on to its
/// own: `render` to `draw`, `handle` to `on_key`, `scene` to `scene_now` and `mouse` to
/// `on_mouse`. Used inside an `impl Screen for` block, beside the methods that differ.
macro_rules! game_screen_methods {
    () => {
        fn render(&self, frame: &mut $crate::Frame) {
            self.draw(frame);
        }

        fn handle(&mut self, input: $crate::Input) -> $crate::Transition {
            self.on_key(input)
        }

        fn scene(&self, view: ::torchlit_geom::Size) -> Option<::torchlit_console::Scene> {
            self.scene_now(view)
        }

        fn mouse(&mut self, event: ::torchlit_console::Mouse) -> $crate::Transition {
            self.on_mouse(event)
        }
    };
}
pub(crate) use game_screen_methods;

impl Screen for MazeScreen {
    game_screen_methods!();

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

    /// What is on screen (and whether the game waits for a larger frame) follows.
    fn resize(&mut self, size: Size) {
        self.size = (clamp_i32(size.width), clamp_i32(size.height));
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

/// A frame side in cells as the maze's `i32` coordinates (a side beyond them is the largest).
pub(super) fn clamp_i32(side: u32) -> i32 {
    i32::try_from(side).unwrap_or(i32::MAX)
}
