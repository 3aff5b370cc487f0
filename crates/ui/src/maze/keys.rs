//! Which keys are down during a tick, from a terminal that may not report releases.

use crate::Input;

/// Ticks a fresh press counts as held when the terminal reports no releases: one step
/// of the hero (8 ticks), so a tap moves exactly one cell and the interaction key stays
/// down long enough to open a portal.
pub const FALLBACK_HOLD_TICKS: u32 = 8;

/// Without releases, how long an auto-repeat keeps its key down before the repeats are
/// measured: 3 ticks (125 ms), longer than the gap between two repeats of every
/// common repeat rate (25 to 30 a second, a tick or two).
const FIRST_REPEAT_GAP: u32 = 3;

/// A press of a key still down within this many ticks (83 ms) of its previous press is
/// an auto-repeat (terminals repeat 12 to 30 times a second), unless that previous press
/// was a fresh one: no terminal repeats sooner than [`MIN_REPEAT_DELAY`] after a key goes
/// down, so that is a second tap. A later press is a new press too (the first repeat,
/// after the terminal's repeat delay, is therefore read as a second press).
const MAX_REPEAT_INTERVAL: u32 = 2;

/// The shortest auto-repeat delay of terminals, in ticks (5 = 208 ms; they default to
/// 250 to 660 ms).
const MIN_REPEAT_DELAY: u32 = 5;

/// The gap is the measured time between two repeats plus two ticks (one of jitter), within
/// these bounds.
const MIN_REPEAT_GAP: u32 = 3;
const MAX_REPEAT_GAP: u32 = 6;

/// A key the tracker counts as down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Held {
    input: Input,
    /// The first tick it is no longer down (`None`: until its release event).
    until: Option<u32>,
    /// The tick of its last press or repeat.
    last: u32,
    /// Repeats seen since the press.
    repeats: u32,
    /// Whether the press was surely a tap: the key was up, or its previous press came
    /// sooner than any terminal's repeat delay. Only a press that may be a terminal's
    /// first repeat can start a stream of repeats.
    fresh: bool,
    /// How long a repeat keeps it down.
    gap: u32,
}

/// Tracks presses and releases between ticks and says, at each tick, which inputs went
/// down and which are down.
///
/// With release events (crossterm's keyboard enhancement, the kitty keyboard protocol),
/// a key is held from its press to its release. Without them (tmux, most terminals),
/// auto-repeat is read as a hold that ends when the repeats stop:
///
/// - a fresh press goes down for [`FALLBACK_HOLD_TICKS`] (one step: a tap moves one
///   cell);
/// - a press of a key that is still down, within 2 ticks of its previous press (unless
///   that one was a tap: two quick taps stay two presses) or in a stream of repeats, is
///   an auto-repeat: it is not a new press (holding the pause key
///   toggles it at most twice, at the press and at the first repeat), and it keeps the
///   key down for a short gap after it (the measured time between repeats plus two
///   ticks, 3 to 6 ticks);
/// - so the hero keeps walking while the repeats come and stops on the cell it is
///   entering when they stop, not a cell later.
///
/// A terminal whose repeat delay is longer than one step (333 ms) still shows a short
/// stop after the first step, until its first repeat: without release events a tap and
/// the start of a hold look the same until then.
///
/// Presses that arrive together (a busy terminal delivers keys in bursts) are handed
/// out one per tick.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyTracker {
    releases: bool,
    now: u32,
    held: Vec<Held>,
    pressed: Vec<Input>,
    queued: std::collections::VecDeque<Input>,
}

impl KeyTracker {
    /// A tracker; `releases` says whether the front end reports key releases.
    pub fn new(releases: bool) -> KeyTracker {
        KeyTracker {
            releases,
            now: 0,
            held: Vec::new(),
            pressed: Vec::new(),
            queued: Default::default(),
        }
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

    fn take(&mut self, input: Input, until: Option<u32>) {
        if !self.pressed.contains(&input) {
            self.pressed.push(input);
        }
        let now = self.now;
        let fresh = self
            .held
            .iter()
            .find(|h| h.input == input)
            .is_none_or(|h| now - h.last < MIN_REPEAT_DELAY);
        self.held.retain(|h| h.input != input);
        let gap = FIRST_REPEAT_GAP;
        self.held.push(Held { input, until, last: self.now, repeats: 0, fresh, gap });
    }

    /// A key went up.
    pub fn release(&mut self, input: Input) {
        self.held.retain(|h| h.input != input);
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
        let now = self.now;
        if let Some(input) = self.queued.pop_front() {
            let repeat = |h: &Held| {
                let since = now - h.last;
                if h.repeats > 0 {
                    since <= h.gap
                } else {
                    // After a tap, no terminal repeats this soon: a second tap.
                    !h.fresh && since <= MAX_REPEAT_INTERVAL
                }
            };
            match self.held.iter_mut().find(|h| h.input == input && h.until.is_some() && repeat(h))
            {
                Some(h) => {
                    // An auto-repeat: the key stays down a gap longer.
                    if h.repeats > 0 {
                        h.gap = (now - h.last + 2).clamp(MIN_REPEAT_GAP, MAX_REPEAT_GAP);
                    }
                    h.repeats += 1;
                    h.last = now;
                    h.until = h.until.map(|u| u.max(now + h.gap));
                }
                None => self.take(input, Some(now + FALLBACK_HOLD_TICKS)),
            }
        }
        let pressed = std::mem::take(&mut self.pressed);
        let held: Vec<Input> = self.held.iter().map(|h| h.input).collect();
        self.now = now + 1;
        let next = self.now;
        self.held.retain(|h| h.until.is_none_or(|u| u > next));
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
    fn auto_repeats_hold_the_key_until_they_stop_and_are_not_presses() {
        let mut k = KeyTracker::new(false);
        k.press(Input::Char('p'));
        assert_eq!(k.tick().0, vec![Input::Char('p')]);
        // Repeats every tick from tick 6 (the repeat delay) to tick 30.
        for t in 1..=40 {
            if (6..=30).contains(&t) {
                k.press(Input::Char('p'));
            }
            let (pressed, held) = k.tick();
            // The first repeat cannot be told from a second tap; the others are repeats.
            assert_eq!(pressed.is_empty(), t != 6, "tick {t}");
            let down = !held.is_empty();
            // The last repeat at 30 keeps it down for a gap of 3 ticks: 30 to 32.
            assert_eq!(down, t <= 32, "tick {t}");
        }
    }

    #[test]
    fn two_taps_are_two_presses() {
        let mut k = KeyTracker::new(false);
        k.press(Input::Enter);
        assert_eq!(k.tick().0, vec![Input::Enter]);
        k.tick();
        k.tick();
        k.press(Input::Enter);
        assert_eq!(k.tick().0, vec![Input::Enter], "3 ticks later: a second tap");
        k.press(Input::Enter);
        assert_eq!(k.tick().0, vec![Input::Enter], "1 tick after a tap: a second tap");
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
