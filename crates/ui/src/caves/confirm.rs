//! "Leave the caves without the teddy bear?": the prompt pushed over the map when the
//! hero would climb out without it; the answer goes back to the game as a
//! [`LeaveAnswer`].

use torchlit_console::{Mouse, Scene};
use torchlit_geom::Point;
use torchlit_geom::Size;

use super::CavesScreen;
use crate::{Frame, Input, Rgb, Screen, Transition};

/// The question, on the message rows and in the scene's banner.
const QUESTION: &str = "Leave the caves without the teddy bear? You will lose. (y/n)";

/// Whether the player said yes: leave (and lose).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct LeaveAnswer(pub(super) bool);

/// The prompt, with a copy of the game as it was asked (the tiles front end shows its
/// scene with the question).
pub(super) struct ConfirmExit {
    below: Box<CavesScreen>,
}

impl ConfirmExit {
    /// The prompt over `screen`.
    pub(super) fn over(screen: &CavesScreen) -> ConfirmExit {
        ConfirmExit { below: Box::new(screen.snapshot()) }
    }
}

impl Screen for ConfirmExit {
    /// The question where the messages were.
    fn render(&self, frame: &mut Frame) {
        let (w, h) = (frame.width(), frame.height());
        if w < super::MIN_SIZE.0 || h < super::MIN_SIZE.1 {
            return;
        }
        super::clear_message_rows(frame);
        let view_h = (i32::from(h) - 1 - super::message_rows(i32::from(h))).max(1);
        frame.print_at(Point::new(0, view_h), QUESTION, Rgb::WHITE, Rgb::BLACK);
    }

    /// `y` leaves; any other key stays.
    fn handle(&mut self, input: Input) -> Transition {
        Transition::PopWith(Box::new(LeaveAnswer(matches!(input, Input::Char('y' | 'Y')))))
    }

    fn scene(&self, view: Size) -> Option<Scene> {
        self.below.scene_now(view, Some(QUESTION.to_string()))
    }

    /// Pointing at the map still says what is there.
    fn mouse(&mut self, event: Mouse) -> Transition {
        if matches!(event, Mouse::Hover(_) | Mouse::Inspect(_) | Mouse::Leave) {
            self.below.on_mouse(event);
        }
        Transition::Stay
    }

    fn is_overlay(&self) -> bool {
        true
    }
}
