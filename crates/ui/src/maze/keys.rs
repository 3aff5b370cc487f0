//! Which keys are down during a tick, from a terminal that may not report releases.

use crate::Input;

/// Ticks a press counts as held when the terminal reports no releases: one step of the
/// hero (8 ticks), so a tap moves exactly one cell, the interaction key stays down long
/// enough to open a portal, and the terminal's auto-repeat keeps a held key down.
pub const FALLBACK_HOLD_TICKS: u32 = 8;

/// Tracks presses and releases between ticks and says, at each tick, which inputs went
/// down and which are down.
///
/// With release events (crossterm's keyboard enhancement), a key is held from its press
/// to its release. Without them, each press (auto-repeat included) holds the key for
/// [`FALLBACK_HOLD_TICKS`], and presses that arrive together (a busy terminal delivers
/// keys in bursts) are handed out one per tick, so the second of two quick taps still
/// outlasts the step the first one started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyTracker {
    releases: bool,
    held: Vec<(Input, Option<u32>)>,
    pressed: Vec<Input>,
    queued: std::collections::VecDeque<Input>,
}

impl KeyTracker {
    /// A tracker; `releases` says whether the front end reports key releases.
    pub fn new(releases: bool) -> KeyTracker {
        KeyTracker { releases, held: Vec::new(), pressed: Vec::new(), queued: Default::default() }
    }

    /// Whether releases are reported.
    pub fn reports_releases(&self) -> bool {
        self.releases
    }

    /// A key went down (or auto-repeated).
    pub fn press(&mut self, input: Input) {
        if self.releases {
            self.take(input, None);
        } else if self.queued.len() < 4 && self.queued.back() != Some(&input) {
            self.queued.push_back(input);
        }
    }

    fn take(&mut self, input: Input, hold: Option<u32>) {
        if !self.pressed.contains(&input) {
            self.pressed.push(input);
        }
        self.held.retain(|(i, _)| *i != input);
        self.held.push((input, hold));
    }

    /// A key went up.
    pub fn release(&mut self, input: Input) {
        self.held.retain(|(i, _)| *i != input);
    }

    /// Forgets every key (a screen change).
    pub fn clear(&mut self) {
        self.held.clear();
        self.pressed.clear();
        self.queued.clear();
    }

    /// Ends a tick: returns `(pressed since the last tick, held now)` and counts the
    /// fallback holds down.
    pub fn tick(&mut self) -> (Vec<Input>, Vec<Input>) {
        if let Some(input) = self.queued.pop_front() {
            self.take(input, Some(FALLBACK_HOLD_TICKS));
        }
        let pressed = std::mem::take(&mut self.pressed);
        let held: Vec<Input> = self.held.iter().map(|(i, _)| *i).collect();
        for (_, left) in &mut self.held {
            if let Some(n) = left {
                *n = n.saturating_sub(1);
            }
        }
        self.held.retain(|(_, left)| *left != Some(0));
        (pressed, held)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_releases_a_press_holds_for_one_step() {
        let mut k = KeyTracker::new(false);
        k.press(Input::Char('d'));
        let (pressed, held) = k.tick();
        assert_eq!(pressed, vec![Input::Char('d')]);
        assert_eq!(held, vec![Input::Char('d')]);
        for _ in 1..FALLBACK_HOLD_TICKS {
            let (p, h) = k.tick();
            assert!(p.is_empty());
            assert_eq!(h, vec![Input::Char('d')]);
        }
        assert_eq!(k.tick(), (vec![], vec![]));
    }

    #[test]
    fn a_burst_of_presses_is_handed_out_one_per_tick() {
        let mut k = KeyTracker::new(false);
        k.press(Input::Char('w'));
        k.press(Input::Char('d'));
        assert_eq!(k.tick().0, vec![Input::Char('w')]);
        let (pressed, held) = k.tick();
        assert_eq!(pressed, vec![Input::Char('d')]);
        assert_eq!(held, vec![Input::Char('w'), Input::Char('d')]);
    }

    #[test]
    fn with_releases_a_key_is_held_until_released() {
        let mut k = KeyTracker::new(true);
        k.press(Input::Up);
        for _ in 0..50 {
            assert_eq!(k.tick().1, vec![Input::Up]);
        }
        k.release(Input::Up);
        assert_eq!(k.tick(), (vec![], vec![]));
        // A tap shorter than a tick is still seen as a press.
        k.press(Input::Char('e'));
        k.release(Input::Char('e'));
        assert_eq!(k.tick(), (vec![Input::Char('e')], vec![]));
    }
}
