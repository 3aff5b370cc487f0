//! What the hero's hands do during one tick: ICMaze's key bindings, held and pressed.

/// One control of ICMaze's `KeyBindings` (plus pause and the path display).
///
/// Which physical key means which button is the front end's business (a keymap); the sim
/// only sees buttons.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Button {
    /// Move up (north).
    Up,
    /// Move left (west).
    Left,
    /// Move down (south).
    Down,
    /// Move right (east).
    Right,
    /// Interact with the cell in front (`E` in ICMaze).
    Interact,
    /// Use the pickaxe.
    Pickaxe,
    /// Restart the game as at first launch (`R` in ICMaze).
    ResetGame,
    /// Restart the current area.
    ResetArea,
    /// Advance the active dialog.
    NextDialog,
    /// Pause or resume (seed §6.2).
    Pause,
    /// Show or hide the paths log monsters follow (seed §4.1.2's debugging display).
    ShowPaths,
}

impl Button {
    /// Every button.
    pub const ALL: [Button; 11] = [
        Button::Up,
        Button::Left,
        Button::Down,
        Button::Right,
        Button::Interact,
        Button::Pickaxe,
        Button::ResetGame,
        Button::ResetArea,
        Button::NextDialog,
        Button::Pause,
        Button::ShowPaths,
    ];

    const fn bit(self) -> u16 {
        1 << (self as u16)
    }
}

/// A set of buttons (a bit set, so it is `Copy` and cheap to hash).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Buttons(u16);

impl Buttons {
    /// No button.
    pub const NONE: Buttons = Buttons(0);

    /// The set holding `buttons`.
    pub fn of(buttons: &[Button]) -> Buttons {
        let mut set = Buttons::NONE;
        for &b in buttons {
            set.insert(b);
        }
        set
    }

    /// Adds `b`.
    pub fn insert(&mut self, b: Button) {
        self.0 |= b.bit();
    }

    /// Removes `b`.
    pub fn remove(&mut self, b: Button) {
        self.0 &= !b.bit();
    }

    /// Whether `b` is in the set.
    pub const fn contains(self, b: Button) -> bool {
        self.0 & b.bit() != 0
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Both sets together.
    pub const fn union(self, other: Buttons) -> Buttons {
        Buttons(self.0 | other.0)
    }
}

/// The input of one tick: ICMaze's `isDown()` and `isPressed()`.
///
/// - `held`: buttons down during this tick (`isDown`).
/// - `pressed`: buttons that went down during this tick (`isPressed`); a pressed button
///   also counts as held for this tick, so a tap shorter than a tick is never lost.
///
/// Same seed + same sequence of `TickInput`s = same game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TickInput {
    /// Buttons down during the tick.
    pub held: Buttons,
    /// Buttons that went down during the tick.
    pub pressed: Buttons,
}

impl TickInput {
    /// No button at all.
    pub const IDLE: TickInput = TickInput { held: Buttons::NONE, pressed: Buttons::NONE };

    /// A tick where `b` goes down (pressed and held).
    pub fn press(b: Button) -> TickInput {
        TickInput { held: Buttons::of(&[b]), pressed: Buttons::of(&[b]) }
    }

    /// A tick where `b` stays down without a new press.
    pub fn hold(b: Button) -> TickInput {
        TickInput { held: Buttons::of(&[b]), pressed: Buttons::NONE }
    }

    /// Whether `b` is down this tick (held or pressed).
    pub const fn is_down(&self, b: Button) -> bool {
        self.held.union(self.pressed).contains(b)
    }

    /// Whether `b` went down this tick.
    pub const fn is_pressed(&self, b: Button) -> bool {
        self.pressed.contains(b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buttons_are_a_set_and_presses_count_as_held() {
        let mut s = Buttons::of(&[Button::Up, Button::Pause]);
        assert!(s.contains(Button::Up) && s.contains(Button::Pause));
        assert!(!s.contains(Button::Down));
        s.remove(Button::Up);
        assert!(!s.contains(Button::Up));
        let t = TickInput::press(Button::Interact);
        assert!(t.is_down(Button::Interact) && t.is_pressed(Button::Interact));
        let h = TickInput::hold(Button::Interact);
        assert!(h.is_down(Button::Interact) && !h.is_pressed(Button::Interact));
        assert!(TickInput::IDLE.held.is_empty());
        assert_eq!(Button::ALL.len(), 11);
    }
}
