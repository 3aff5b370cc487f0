//! Device-independent input: the one key type, what every front end turns key presses into,
//! what keymaps bind and what the config file names (see [`crate::KeyNameError`] for the
//! names).

/// One key press, as the screens see it, as keymaps bind it and as the config file's
/// `[keys.MODE]` tables name it.
///
/// Its [`Display`](std::fmt::Display) is the one way a key is written, on every help screen
/// and in config files (`w`, `Space`, `Up`, `Ctrl-P`, `F5`), and its
/// [`FromStr`](std::str::FromStr) reads that back (case-insensitively for names and
/// modifiers; see [`crate::KeyNameError`] for the grammar).
///
/// Front ends report the keys they can: a terminal without function keys never sends
/// [`Input::F`], and no front end sends Alt combinations (no variant holds them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Input {
    /// A printable character (already shifted: `+`, `A`); `' '` is Space.
    Char(char),
    /// A character typed with Ctrl held (`Ctrl('c')` for Ctrl-C; letters in lower case).
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

impl Input {
    /// `Ctrl` with `c`, the way front ends report it: a letter in lower case (terminals
    /// can't tell Ctrl-p from Ctrl-P).
    pub fn ctrl(c: char) -> Input {
        Input::Ctrl(c.to_ascii_lowercase())
    }
}
