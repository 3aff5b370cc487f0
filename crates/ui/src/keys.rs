//! What the keymaps of the modes with named actions (maze, ultima) share.

use torchlit_sim::ModeId;

/// An action name in a config file's `[keys.MODE]` that is not one of the mode's actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownAction {
    /// The mode whose keys were being set.
    pub mode: ModeId,
    /// The name as written.
    pub name: String,
    /// The mode's action names, in its order.
    pub known: Vec<&'static str>,
}

impl UnknownAction {
    /// `name` is not among `actions` (`(name, command)` pairs) of `mode`.
    pub(crate) fn new<C>(mode: ModeId, name: &str, actions: &[(&'static str, C)]) -> UnknownAction {
        let known = actions.iter().map(|(n, _)| *n).collect();
        UnknownAction { mode, name: name.to_owned(), known }
    }
}

/// `unknown maze action "fly" (expected one of walk_up, …)`; a long name is cut at 24
/// characters.
impl std::fmt::Display for UnknownAction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let shown: String = self.name.chars().take(24).collect();
        let known = self.known.join(", ");
        write!(f, "unknown {} action {shown:?} (expected one of {known})", self.mode)
    }
}

impl std::error::Error for UnknownAction {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_message_names_the_mode_and_its_actions() {
        let e = UnknownAction::new(ModeId::Maze, &"x".repeat(30), &[("walk", ()), ("map", ())]);
        let shown = "x".repeat(24);
        assert_eq!(
            e.to_string(),
            format!("unknown maze action {shown:?} (expected one of walk, map)")
        );
    }
}
