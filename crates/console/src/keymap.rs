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

impl<C: Copy + PartialEq> Keymap<C> {
    /// This keymap with some commands' keys replaced, by command name (a config file's
    /// `[keys.MODE]` table): each `(name, inputs)` binds `command(name)` to exactly
    /// `inputs`, dropping its other keys; the other commands keep theirs.
    ///
    /// # Errors
    /// The first name that `command` does not know.
    pub fn with_overrides<'a>(
        &self,
        overrides: &'a [(String, Vec<Input>)],
        command: impl Fn(&str) -> Option<C>,
    ) -> Result<Keymap<C>, &'a str> {
        let mut replaced = Vec::new();
        let mut added = Vec::new();
        for (name, inputs) in overrides {
            let c = command(name).ok_or(name.as_str())?;
            replaced.push(c);
            added.extend(inputs.iter().map(|&i| (i, c)));
        }
        let kept = self.bindings.iter().copied().filter(|(_, c)| !replaced.contains(c));
        Ok(Keymap::new(kept.chain(added)))
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

    #[test]
    fn overrides_replace_every_key_of_their_command_and_name_the_unknown_one() {
        let defaults = Keymap::new([(Input::Char('w'), 1), (Input::Up, 1), (Input::Char('q'), 2)]);
        let name = |n: &str| match n {
            "up" => Some(1),
            "quit" => Some(2),
            _ => None,
        };
        let overrides = vec![("up".to_string(), vec![Input::Char('k')])];
        let k = defaults.with_overrides(&overrides, name).expect("known names");
        assert_eq!(k.get(Input::Char('k')), Some(1));
        assert_eq!(k.get(Input::Char('w')), None, "the default keys of `up` are gone");
        assert_eq!(k.get(Input::Up), None);
        assert_eq!(k.get(Input::Char('q')), Some(2), "other commands keep theirs");
        let bad = vec![("jump".to_string(), vec![Input::Char('j')])];
        assert_eq!(defaults.with_overrides(&bad, name), Err("jump"));
    }
}
