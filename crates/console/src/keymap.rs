//! Key bindings as data: which [`Input`] means which command on a screen.

use crate::Input;

/// A table from inputs to commands. Later bindings for the same input replace earlier ones,
/// so user overrides can be appended to the defaults.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Keymap<C> {
    bindings: Vec<(Input, C)>,
}

impl<C: Copy> Keymap<C> {
    /// A keymap from `(input, command)` pairs.
    pub fn new(bindings: impl IntoIterator<Item = (Input, C)>) -> Keymap<C> {
        let mut map = Keymap { bindings: Vec::new() };
        for (input, command) in bindings {
            map.bind(input, command);
        }
        map
    }

    /// Binds `input` to `command`, replacing any earlier binding of `input`.
    pub fn bind(&mut self, input: Input, command: C) {
        self.bindings.retain(|(i, _)| *i != input);
        self.bindings.push((input, command));
    }

    /// The command bound to `input`, if any.
    pub fn get(&self, input: Input) -> Option<C> {
        self.bindings.iter().find(|(i, _)| *i == input).map(|(_, c)| *c)
    }

    /// Every binding, in the order they were made.
    pub fn bindings(&self) -> &[(Input, C)] {
        &self.bindings
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn later_bindings_replace_earlier_ones() {
        let mut k = Keymap::new([(Input::Char('w'), 1), (Input::Up, 1)]);
        k.bind(Input::Char('w'), 2);
        assert_eq!(k.get(Input::Char('w')), Some(2));
        assert_eq!(k.get(Input::Up), Some(1));
        assert_eq!(k.get(Input::Down), None);
        assert_eq!(k.bindings().len(), 2);
    }
}
