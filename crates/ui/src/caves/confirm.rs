//! "Leave the caves without the teddy bear?": the prompt pushed over the map when the
//! hero would climb out without it; the answer goes back to the game as a
//! [`LeaveAnswer`].

use torchlit_console::{Mouse, Scene};
use torchlit_geom::Size;

use super::CavesScreen;
use crate::{Frame, Input, Screen, Transition};

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
        super::screen::draw_over_map(frame, &self.below.game, None, &[QUESTION.to_string()]);
    }

    /// `y` leaves; any other key stays.
    fn handle(&mut self, input: Input) -> Transition {
        Transition::PopWith(Box::new(LeaveAnswer(matches!(input, Input::Char('y' | 'Y')))))
    }

    fn scene(&self, view: Size) -> Option<Scene> {
        let over = super::scene::Over { banner: Some(QUESTION.to_string()), ..Default::default() };
        Some(self.below.scene_now(view, over))
    }

    /// Pointing at the map still says what is there.
    fn mouse(&mut self, event: Mouse) -> Transition {
        self.below.point(event);
        Transition::Stay
    }

    fn is_overlay(&self) -> bool {
        true
    }
}
