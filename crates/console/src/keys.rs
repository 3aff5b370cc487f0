//! Key names in config files: `"w"`, `"Up"`, `"Ctrl-p"`, `"+"`.

use std::fmt;
use std::str::FromStr;

/// A key without modifiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Key {
    /// A printable character, as typed (already shifted: `'+'`, `'W'`); `' '` is Space.
    Char(char),
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
    /// Tab.
    Tab,
    /// Backspace.
    Backspace,
    /// Home.
    Home,
    /// End.
    End,
    /// Page up.
    PageUp,
    /// Page down.
    PageDown,
    /// Insert.
    Insert,
    /// Delete.
    Delete,
    /// A function key, `F(1)` to `F(12)`.
    F(u8),
}

/// The named keys and their canonical names (matched without regard to case; a few
/// aliases are accepted too, see [`KeySpec::from_str`]).
const NAMED: [(Key, &str); 14] = [
    (Key::Up, "Up"),
    (Key::Down, "Down"),
    (Key::Left, "Left"),
    (Key::Right, "Right"),
    (Key::Enter, "Enter"),
    (Key::Esc, "Esc"),
    (Key::Tab, "Tab"),
    (Key::Backspace, "Backspace"),
    (Key::Home, "Home"),
    (Key::End, "End"),
    (Key::PageUp, "PageUp"),
    (Key::PageDown, "PageDown"),
    (Key::Insert, "Insert"),
    (Key::Delete, "Delete"),
];

const ALIASES: [(Key, &str); 6] = [
    (Key::Enter, "Return"),
    (Key::Esc, "Escape"),
    (Key::PageUp, "PgUp"),
    (Key::PageDown, "PgDn"),
    (Key::Delete, "Del"),
    (Key::Insert, "Ins"),
];

/// One key binding as written in a config file: a [`Key`] with optional Ctrl and Alt.
///
/// Grammar: `[Ctrl-][Alt-]KEY` (modifiers in any order, any case), where `KEY` is one
/// character (`w`, `W`, `+`, `-`, `?`), `Space`, or a key name (`Up`, `Down`, `Left`,
/// `Right`, `Enter`, `Esc`, `Tab`, `Backspace`, `Home`, `End`, `PageUp`, `PageDown`,
/// `Insert`, `Delete`, `F1`..`F12`; any case). `Ctrl-` with a letter ignores the letter's
/// case (terminals can't tell `Ctrl-p` from `Ctrl-P`). [`fmt::Display`] writes the
/// canonical form, which parses back to the same value.
///
/// ```
/// use torchlit_console::{Key, KeySpec};
/// let k: KeySpec = "ctrl-P".parse()?;
/// assert_eq!(k, KeySpec { key: Key::Char('p'), ctrl: true, alt: false });
/// assert_eq!(k.to_string(), "Ctrl-p");
/// assert_eq!("+".parse::<KeySpec>()?.key, Key::Char('+'));
/// assert!("Upp".parse::<KeySpec>().is_err());
/// # Ok::<(), torchlit_console::KeySpecError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KeySpec {
    /// The key.
    pub key: Key,
    /// Ctrl held.
    pub ctrl: bool,
    /// Alt held.
    pub alt: bool,
}

impl KeySpec {
    /// The key alone, no modifiers.
    pub const fn plain(key: Key) -> KeySpec {
        KeySpec { key, ctrl: false, alt: false }
    }
}

/// Why a key name did not parse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum KeySpecError {
    /// The empty string.
    #[error("empty key name")]
    Empty,
    /// A modifier with nothing after it (`"Ctrl-"`).
    #[error("key \"{modifier}-\" has nothing after the {modifier}-")]
    MissingKey {
        /// `Ctrl` or `Alt`.
        modifier: &'static str,
    },
    /// The same modifier twice (`"Ctrl-Ctrl-x"`).
    #[error("{modifier}- given twice in one key")]
    RepeatedModifier {
        /// `Ctrl` or `Alt`.
        modifier: &'static str,
    },
    /// Not one character and not a key name.
    #[error(
        "unknown key {:?}: use one character (w, +, ?) or Space, Up, Down, Left, Right, \
         Enter, Esc, Tab, Backspace, Home, End, PageUp, PageDown, Insert, Delete, F1-F12, \
         optionally after Ctrl- or Alt-",
        shorten(name)
    )]
    Unknown {
        /// The unrecognised name (messages quote at most 24 characters of it).
        name: String,
    },
}

/// `text` cut to 24 characters, with `…` when cut (error messages never quote a
/// megabyte-long token).
fn shorten(text: &str) -> String {
    match text.char_indices().nth(24) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_owned(),
    }
}

impl FromStr for KeySpec {
    type Err = KeySpecError;

    fn from_str(text: &str) -> Result<KeySpec, KeySpecError> {
        if text.is_empty() {
            return Err(KeySpecError::Empty);
        }
        let mut rest = text;
        let (mut ctrl, mut alt) = (false, false);
        loop {
            // A single character is always the key itself ("-" is the minus key).
            if rest.chars().nth(1).is_none() {
                break;
            }
            let (flag, modifier, len) = if starts_with_ignore_case(rest, "ctrl-") {
                (&mut ctrl, "Ctrl", 5)
            } else if starts_with_ignore_case(rest, "alt-") {
                (&mut alt, "Alt", 4)
            } else {
                break;
            };
            if *flag {
                return Err(KeySpecError::RepeatedModifier { modifier });
            }
            *flag = true;
            rest = &rest[len..];
            if rest.is_empty() {
                return Err(KeySpecError::MissingKey { modifier });
            }
        }
        let key = parse_key(rest).ok_or_else(|| KeySpecError::Unknown { name: rest.to_owned() })?;
        let key = match key {
            Key::Char(c) if ctrl => Key::Char(c.to_ascii_lowercase()),
            key => key,
        };
        Ok(KeySpec { key, ctrl, alt })
    }
}

fn starts_with_ignore_case(text: &str, prefix: &str) -> bool {
    text.len() >= prefix.len()
        && text.is_char_boundary(prefix.len())
        && text[..prefix.len()].eq_ignore_ascii_case(prefix)
}

fn parse_key(text: &str) -> Option<Key> {
    let mut chars = text.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        return Some(Key::Char(c));
    }
    if text.eq_ignore_ascii_case("space") {
        return Some(Key::Char(' '));
    }
    if let Some((key, _)) =
        NAMED.iter().chain(ALIASES.iter()).find(|(_, name)| text.eq_ignore_ascii_case(name))
    {
        return Some(*key);
    }
    let digits = text.strip_prefix(['F', 'f'])?;
    if digits.starts_with('0') {
        return None;
    }
    match digits.parse::<u8>() {
        Ok(n @ 1..=12) => Some(Key::F(n)),
        _ => None,
    }
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Key::Char(' ') => f.write_str("Space"),
            Key::Char(c) => write!(f, "{c}"),
            Key::F(n) => write!(f, "F{n}"),
            named => {
                let name = NAMED.iter().find(|(k, _)| k == named).map_or("?", |(_, n)| n);
                f.write_str(name)
            }
        }
    }
}

impl fmt::Display for KeySpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.ctrl {
            f.write_str("Ctrl-")?;
        }
        if self.alt {
            f.write_str("Alt-")?;
        }
        write!(f, "{}", self.key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<KeySpec, KeySpecError> {
        text.parse()
    }

    #[test]
    fn single_characters_are_themselves() -> Result<(), KeySpecError> {
        for (text, c) in [("w", 'w'), ("W", 'W'), ("+", '+'), ("-", '-'), ("?", '?'), ("é", 'é')]
        {
            assert_eq!(parse(text)?, KeySpec::plain(Key::Char(c)));
        }
        assert_eq!(parse("space")?, KeySpec::plain(Key::Char(' ')));
        assert_eq!(parse(" ")?, KeySpec::plain(Key::Char(' ')));
        Ok(())
    }

    #[test]
    fn names_and_modifiers_ignore_case() -> Result<(), KeySpecError> {
        assert_eq!(parse("Up")?, KeySpec::plain(Key::Up));
        assert_eq!(parse("PGDN")?, KeySpec::plain(Key::PageDown));
        assert_eq!(parse("f12")?, KeySpec::plain(Key::F(12)));
        assert_eq!(parse("Ctrl-p")?, KeySpec { key: Key::Char('p'), ctrl: true, alt: false });
        assert_eq!(parse("CTRL-P")?, parse("Ctrl-p")?);
        assert_eq!(parse("alt-ctrl-Left")?, KeySpec { key: Key::Left, ctrl: true, alt: true });
        assert_eq!(parse("Ctrl--")?, KeySpec { key: Key::Char('-'), ctrl: true, alt: false });
        assert_eq!(parse("Alt-+")?, KeySpec { key: Key::Char('+'), ctrl: false, alt: true });
        Ok(())
    }

    #[test]
    fn bad_names_say_why() {
        assert_eq!(parse(""), Err(KeySpecError::Empty));
        assert_eq!(parse("Ctrl-"), Err(KeySpecError::MissingKey { modifier: "Ctrl" }));
        assert_eq!(parse("ctrl-Ctrl-x"), Err(KeySpecError::RepeatedModifier { modifier: "Ctrl" }));
        for bad in ["Upp", "F0", "F13", "F01", "ww", "Shift-a", "Ctrl-xx"] {
            assert!(matches!(parse(bad), Err(KeySpecError::Unknown { .. })), "{bad}");
        }
        let message = parse("Upp").err().map(|e| e.to_string()).unwrap_or_default();
        assert!(message.contains("\"Upp\"") && message.contains("PageUp"), "{message}");
    }

    #[test]
    fn display_parses_back() -> Result<(), KeySpecError> {
        let mut all: Vec<Key> = NAMED.iter().map(|(k, _)| *k).collect();
        all.extend((1..=12).map(Key::F));
        all.extend(['a', 'Z', '+', '-', ' ', '?', '🦀'].map(Key::Char));
        for key in all {
            for (ctrl, alt) in [(false, false), (true, false), (false, true), (true, true)] {
                let key = match key {
                    Key::Char(c) if ctrl => Key::Char(c.to_ascii_lowercase()),
                    k => k,
                };
                let spec = KeySpec { key, ctrl, alt };
                assert_eq!(parse(&spec.to_string())?, spec, "{spec}");
            }
        }
        Ok(())
    }
}
