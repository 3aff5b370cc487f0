//! Device-independent input: what a front end turns key presses into.

use crate::{Key, KeySpec};

/// One key press, as the screens see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Input {
    /// A printable character (already shifted: `+`, `A`).
    Char(char),
    /// A character typed with Ctrl held (`Ctrl(c)` for Ctrl-C).
    Ctrl(char),
    /// Arrow up.
    Up,
    /// Arrow down.
    Down,
    /// Arrow left.
    Left,
    /// Arrow right.
    Right,
    /// Enter / Return.
    Enter,
    /// Escape.
    Esc,
    /// Backspace.
    Backspace,
    /// Tab.
    Tab,
}

impl Input {
    /// A key named in the config file (`[keys.MODE]`) as the input a screen receives;
    /// `None` for keys no screen ever receives (Alt combinations, Ctrl with a non-letter,
    /// function keys).
    pub fn from_key_spec(spec: KeySpec) -> Option<Input> {
        if spec.alt {
            return None;
        }
        Some(match (spec.key, spec.ctrl) {
            (Key::Char(c), true) => Input::Ctrl(c.to_ascii_lowercase()),
            (Key::Char(c), false) => Input::Char(c),
            (_, true) => return None,
            (Key::Up, _) => Input::Up,
            (Key::Down, _) => Input::Down,
            (Key::Left, _) => Input::Left,
            (Key::Right, _) => Input::Right,
            (Key::Enter, _) => Input::Enter,
            (Key::Esc, _) => Input::Esc,
            (Key::Tab, _) => Input::Tab,
            (Key::Backspace, _) => Input::Backspace,
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn config_keys_become_inputs() {
        let k = |s: &str| Input::from_key_spec(s.parse::<KeySpec>().expect("a key"));
        assert_eq!(k("Ctrl-p"), Some(Input::Ctrl('p')));
        assert_eq!(k("G"), Some(Input::Char('G')));
        assert_eq!(k("Up"), Some(Input::Up));
        assert_eq!(k("F1"), None);
        assert_eq!(k("Alt-x"), None);
    }
}
