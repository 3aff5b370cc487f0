//! The chase's setup and watch screens as [`Screen`]s.

use torchlit_console::{Mouse, Scene};
use torchlit_geom::Size;

use super::{ChaseScreen, ChaseSetup};
use crate::{Frame, Input, Screen, Transition};

impl Screen for ChaseSetup {
    fn render(&self, frame: &mut Frame) {
        self.draw(frame);
    }

    fn handle(&mut self, input: Input) -> Transition {
        self.on_key(input)
    }

    /// A click on a line chooses it, as the keys would.
    fn mouse(&mut self, event: Mouse) -> Transition {
        match event {
            Mouse::Text(_, row) => self.click(row),
            _ => Transition::Stay,
        }
    }
}

impl Screen for ChaseScreen {
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

    /// While auto-play runs.
    fn wants_ticks(&self) -> bool {
        self.auto_running()
    }

    fn tick(&mut self) -> Transition {
        self.on_tick();
        Transition::Stay
    }

    fn describe(&self) -> String {
        format!("chase: turn {}", self.game().turn().0)
    }

    fn close(&mut self) -> Result<(), crate::CloseError> {
        self.end_recording();
        Ok(())
    }
}
