//! winit keys to screen inputs.

use torchlit_console::Input;
use winit::keyboard::{Key, NamedKey};

/// Turns a winit logical key (with Ctrl held or not) into a screen [`Input`]; `None` for
/// keys no screen uses (function keys, modifiers alone).
pub fn to_input(key: &Key, ctrl: bool) -> Option<Input> {
    Some(match key {
        Key::Character(s) => {
            let mut chars = s.chars();
            let c = chars.next()?;
            if chars.next().is_some() {
                return None;
            }
            if ctrl { Input::Ctrl(c.to_ascii_lowercase()) } else { Input::Char(c) }
        }
        Key::Named(NamedKey::Space) if !ctrl => Input::Char(' '),
        Key::Named(NamedKey::ArrowUp) => Input::Up,
        Key::Named(NamedKey::ArrowDown) => Input::Down,
        Key::Named(NamedKey::ArrowLeft) => Input::Left,
        Key::Named(NamedKey::ArrowRight) => Input::Right,
        Key::Named(NamedKey::Enter) => Input::Enter,
        Key::Named(NamedKey::Escape) => Input::Esc,
        Key::Named(NamedKey::Backspace) => Input::Backspace,
        Key::Named(NamedKey::Tab) => Input::Tab,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_become_inputs() {
        let ch = |s: &str| Key::Character(s.into());
        assert_eq!(to_input(&ch("c"), true), Some(Input::Ctrl('c')));
        assert_eq!(to_input(&ch("C"), true), Some(Input::Ctrl('c')));
        assert_eq!(to_input(&ch("+"), false), Some(Input::Char('+')));
        assert_eq!(to_input(&Key::Named(NamedKey::ArrowUp), false), Some(Input::Up));
        assert_eq!(to_input(&Key::Named(NamedKey::Space), false), Some(Input::Char(' ')));
        assert_eq!(to_input(&Key::Named(NamedKey::F1), false), None);
        assert_eq!(to_input(&ch("ab"), false), None);
    }
}
