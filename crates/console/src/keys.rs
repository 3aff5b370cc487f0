//! Key names, the one way a key is written on screen and in config files: `"w"`, `"Up"`,
//! `"Ctrl-P"`, `"+"`, `"Space"`, `"F5"`.

use std::fmt;
use std::str::FromStr;

use crate::Input;

/// The named keys and their canonical names (matched without regard to case; a few
/// aliases are accepted too, see [`KeyNameError`]).
const NAMED: [(Input, &str); 14] = [
    (Input::Up, "Up"),
    (Input::Down, "Down"),
    (Input::Left, "Left"),
    (Input::Right, "Right"),
    (Input::Enter, "Enter"),
    (Input::Esc, "Esc"),
    (Input::Tab, "Tab"),
    (Input::Backspace, "Backspace"),
    (Input::Home, "Home"),
    (Input::End, "End"),
    (Input::PageUp, "PageUp"),
    (Input::PageDown, "PageDown"),
    (Input::Insert, "Insert"),
    (Input::Delete, "Delete"),
];

const ALIASES: [(Input, &str); 6] = [
    (Input::Enter, "Return"),
    (Input::Esc, "Escape"),
    (Input::PageUp, "PgUp"),
    (Input::PageDown, "PgDn"),
    (Input::Delete, "Del"),
    (Input::Insert, "Ins"),
];

/// Why a key name did not parse as an [`Input`].
///
/// Grammar: `[Ctrl-]KEY` (`Ctrl` in any case), where `KEY` is one character (`w`, `W`,
/// `+`, `-`, `?`), `Space`, or a key name (`Up`, `Down`, `Left`, `Right`, `Enter`, `Esc`,
/// `Tab`, `Backspace`, `Home`, `End`, `PageUp`, `PageDown`, `Insert`, `Delete`,
/// `F1`..`F12`; any case; `Return`, `Escape`, `PgUp`, `PgDn`, `Del`, `Ins` too). `Ctrl-`
/// goes with a character only, and ignores a letter's case (terminals can't tell `Ctrl-p`
/// from `Ctrl-P`). `Alt-` is refused: no front end reports Alt combinations.
///
/// ```
/// use torchlit_console::{Input, KeyNameError};
/// let k: Input = "ctrl-p".parse()?;
/// assert_eq!(k, Input::Ctrl('p'));
/// assert_eq!(k.to_string(), "Ctrl-P");
/// assert_eq!("+".parse::<Input>()?, Input::Char('+'));
/// assert_eq!("pgup".parse::<Input>()?.to_string(), "PageUp");
/// assert!("Upp".parse::<Input>().is_err());
/// # Ok::<(), KeyNameError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum KeyNameError {
    /// The empty string.
    #[error("empty key name")]
    Empty,
    /// `Ctrl-` with nothing after it.
    #[error("key \"Ctrl-\" has nothing after the Ctrl-")]
    MissingKey,
    /// `Ctrl-` given twice (`"Ctrl-Ctrl-x"`).
    #[error("Ctrl- given twice in one key")]
    RepeatedCtrl,
    /// An `Alt-` combination (no front end reports them to a screen).
    #[error("key {:?} can't be bound: no front end reports Alt- keys", shorten(name))]
    Alt {
        /// The whole key as written (messages quote at most 24 characters of it).
        name: String,
    },
    /// `Ctrl-` with a named key (`"Ctrl-Up"`; front ends report Ctrl only with characters).
    #[error("key {:?} can't be bound: Ctrl- goes with a character only", shorten(name))]
    CtrlNamed {
        /// The whole key as written (messages quote at most 24 characters of it).
        name: String,
    },
    /// Not one character and not a key name.
    #[error(
        "unknown key {:?}: use one character (w, +, ?) or Space, Up, Down, Left, Right, \
         Enter, Esc, Tab, Backspace, Home, End, PageUp, PageDown, Insert, Delete, F1-F12, \
         optionally after Ctrl-",
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

impl FromStr for Input {
    type Err = KeyNameError;

    fn from_str(text: &str) -> Result<Input, KeyNameError> {
        if text.is_empty() {
            return Err(KeyNameError::Empty);
        }
        let mut rest = text;
        let mut ctrl = false;
        // A single character is always the key itself ("-" is the minus key).
        while rest.chars().nth(1).is_some() {
            if starts_with_ignore_case(rest, "alt-") {
                return Err(KeyNameError::Alt { name: text.to_owned() });
            }
            if !starts_with_ignore_case(rest, "ctrl-") {
                break;
            }
            if ctrl {
                return Err(KeyNameError::RepeatedCtrl);
            }
            ctrl = true;
            rest = &rest[5..];
            if rest.is_empty() {
                return Err(KeyNameError::MissingKey);
            }
        }
        let key = parse_key(rest).ok_or_else(|| KeyNameError::Unknown { name: rest.to_owned() })?;
        match key {
            Input::Char(c) if ctrl => Ok(Input::ctrl(c)),
            _ if ctrl => Err(KeyNameError::CtrlNamed { name: text.to_owned() }),
            key => Ok(key),
        }
    }
}

fn starts_with_ignore_case(text: &str, prefix: &str) -> bool {
    text.len() >= prefix.len()
        && text.is_char_boundary(prefix.len())
        && text[..prefix.len()].eq_ignore_ascii_case(prefix)
}

fn parse_key(text: &str) -> Option<Input> {
    let mut chars = text.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        return Some(Input::Char(c));
    }
    if text.eq_ignore_ascii_case("space") {
        return Some(Input::Char(' '));
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
        Ok(n @ 1..=12) => Some(Input::F(n)),
        _ => None,
    }
}

/// The one way a key is written: on every help screen, in messages and in config files
/// (`w`, `Space`, `Up`, `Ctrl-P`, `F5`); it parses back to the same key.
impl fmt::Display for Input {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Input::Char(' ') => f.write_str("Space"),
            Input::Char(c) => write!(f, "{c}"),
            Input::Ctrl(' ') => f.write_str("Ctrl-Space"),
            Input::Ctrl(c) => write!(f, "Ctrl-{}", c.to_ascii_uppercase()),
            Input::F(n) => write!(f, "F{n}"),
            named => {
                let name = NAMED.iter().find(|(k, _)| *k == named).map_or("?", |(_, n)| n);
                f.write_str(name)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Input, KeyNameError> {
        text.parse()
    }

    #[test]
    fn single_characters_are_themselves() -> Result<(), KeyNameError> {
        for (text, c) in [("w", 'w'), ("W", 'W'), ("+", '+'), ("-", '-'), ("?", '?'), ("é", 'é')]
        {
            assert_eq!(parse(text)?, Input::Char(c));
        }
        assert_eq!(parse("space")?, Input::Char(' '));
        assert_eq!(parse(" ")?, Input::Char(' '));
        Ok(())
    }

    #[test]
    fn names_and_ctrl_ignore_case() -> Result<(), KeyNameError> {
        assert_eq!(parse("Up")?, Input::Up);
        assert_eq!(parse("PGDN")?, Input::PageDown);
        assert_eq!(parse("f12")?, Input::F(12));
        assert_eq!(parse("Ctrl-p")?, Input::Ctrl('p'));
        assert_eq!(parse("CTRL-P")?, Input::Ctrl('p'));
        assert_eq!(parse("Ctrl--")?, Input::Ctrl('-'));
        assert_eq!(parse("Ctrl-Space")?, Input::Ctrl(' '));
        Ok(())
    }

    #[test]
    fn bad_names_say_why() {
        assert_eq!(parse(""), Err(KeyNameError::Empty));
        assert_eq!(parse("Ctrl-"), Err(KeyNameError::MissingKey));
        assert_eq!(parse("ctrl-Ctrl-x"), Err(KeyNameError::RepeatedCtrl));
        assert!(matches!(parse("Alt-x"), Err(KeyNameError::Alt { name }) if name == "Alt-x"));
        assert!(matches!(parse("Ctrl-alt-x"), Err(KeyNameError::Alt { .. })));
        assert!(matches!(parse("Ctrl-Left"), Err(KeyNameError::CtrlNamed { .. })));
        for bad in ["Upp", "F0", "F13", "F01", "ww", "Shift-a", "Ctrl-xx"] {
            assert!(matches!(parse(bad), Err(KeyNameError::Unknown { .. })), "{bad}");
        }
        let message = parse("Upp").err().map(|e| e.to_string()).unwrap_or_default();
        assert!(message.contains("\"Upp\"") && message.contains("PageUp"), "{message}");
    }

    #[test]
    fn display_parses_back() -> Result<(), KeyNameError> {
        let mut all: Vec<Input> = NAMED.iter().map(|(k, _)| *k).collect();
        all.extend((1..=12).map(Input::F));
        let chars = ['a', 'Z', '+', '-', ' ', '?', '🦀'];
        all.extend(chars.map(Input::Char));
        all.extend(chars.map(Input::ctrl));
        for key in all {
            assert_eq!(parse(&key.to_string())?, key, "{key}");
        }
        assert_eq!(Input::Up.to_string(), "Up");
        assert_eq!(Input::Ctrl('p').to_string(), "Ctrl-P");
        Ok(())
    }
}
