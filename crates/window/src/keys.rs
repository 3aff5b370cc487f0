//! winit keys to screen inputs.

use torchlit_console::Input;
use winit::keyboard::{Key, NamedKey};

/// Turns a winit logical key (with Ctrl held or not) into a screen [`Input`]; `None` for
/// keys no screen uses (modifiers alone, F13...).
pub fn to_input(key: &Key, ctrl: bool) -> Option<Input> {
    Some(match key {
        Key::Character(s) => {
            let mut chars = s.chars();
            let c = chars.next()?;
            if chars.next().is_some() {
                return None;
            }
            if ctrl { Input::ctrl(c) } else { Input::Char(c) }
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
        Key::Named(NamedKey::Home) => Input::Home,
        Key::Named(NamedKey::End) => Input::End,
        Key::Named(NamedKey::PageUp) => Input::PageUp,
        Key::Named(NamedKey::PageDown) => Input::PageDown,
        Key::Named(NamedKey::Insert) => Input::Insert,
        Key::Named(NamedKey::Delete) => Input::Delete,
        Key::Named(named) => return function_key(*named),
        _ => return None,
    })
}

/// `F1` to `F12` as [`Input::F`].
fn function_key(key: NamedKey) -> Option<Input> {
    use NamedKey::*;
    let n = [F1, F2, F3, F4, F5, F6, F7, F8, F9, F10, F11, F12].iter().position(|&f| f == key)?;
    Some(Input::F(n as u8 + 1))
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
        assert_eq!(to_input(&Key::Named(NamedKey::F1), false), Some(Input::F(1)));
        assert_eq!(to_input(&Key::Named(NamedKey::F13), false), None);
        assert_eq!(to_input(&ch("ab"), false), None);
    }
}
