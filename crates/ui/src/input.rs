//! Device-independent input: what a front end turns key presses into.

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
