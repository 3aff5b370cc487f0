//! What a tiles front end draws of `caves` ([`Scene`]), and the mouse.

use torchlit_console::{Mouse, Scene};
use torchlit_geom::Size;

use super::CavesScreen;
use crate::Transition;

impl CavesScreen {
    /// The scene of the game in view, with a map view of at most `view` map cells;
    /// `None` while a text page (help, a dialog) is up.
    pub(crate) fn scene_now(&self, view: Size) -> Option<Scene> {
        let _ = view;
        None
    }

    /// Answers the mouse over the scene.
    pub(crate) fn on_mouse(&mut self, event: Mouse) -> Transition {
        let _ = event;
        Transition::Stay
    }
}
