//! The chase's setup and watch screens as [`Screen`]s.

use torchlit_console::Mouse;
use torchlit_geom::Size;

use super::{ChaseScreen, ChaseSetup};
use crate::maze::game_screen_methods;
use crate::{Frame, Input, Screen, Transition};

impl Screen for ChaseSetup {
    fn render(&self, frame: &mut Frame) {
        self.draw(frame);
    }

    fn handle(&mut self, input: Input) -> Transition {
        self.on_key(input)
    }

    /// A click is placed on the lines as drawn at this height.
    fn resize(&mut self, size: Size) {
        self.height = u16::try_from(size.height).unwrap_or(u16::MAX);
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
    game_screen_methods!();

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
