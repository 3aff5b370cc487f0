//! Which keys are down during a tick, from a terminal that may not report releases.

use crate::Input;

/// Ticks a fresh press counts as held when the terminal reports no releases: one step
/// of the hero (8 ticks), so a tap moves exactly one cell and the interaction key stays
/// down long enough to open a portal.
pub const FALLBACK_HOLD_TICKS: u32 = 8;

/// A press of a key still down within this many ticks (83 ms) of its previous press is
/// an auto-repeat (terminals repeat 12 to 30 times a second), unless that previous press
/// was a fresh one: no terminal repeats sooner than [`MIN_REPEAT_DELAY`] after a key goes
/// down, so that is a second tap. A later press is a new press too (the first repeat,
/// after the terminal's repeat delay, is therefore read as a second press).
const MAX_REPEAT_INTERVAL: u32 = 2;

/// The shortest auto-repeat delay of terminals, in ticks (5 = 208 ms; they default to
/// 250 to 660 ms).
const MIN_REPEAT_DELAY: u32 = 5;

/// The longest auto-repeat delay of common terminals, in ticks (16 = 667 ms).
const MAX_REPEAT_DELAY: u32 = 16;

/// A press in a stream keeps its key down for the measured time since the stream's
/// previous press, within these bounds: at 24 to 30 repeats a second, a press every tick,
/// the key goes up the first tick without one (under two repeat intervals after the last),
/// so no step starts once the repeats have stopped. A repeat up to a tick late (a
/// jittery terminal) still continues the stream.
const MIN_REPEAT_GAP: u32 = 1;
const MAX_REPEAT_GAP: u32 = 6;

/// A key the tracker counts as down (or, for a few ticks after, remembers).
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
    /// The first tick the press that began its stream no longer keeps it down: a tap
    /// holds its key for one step ([`FALLBACK_HOLD_TICKS`]), and the quick presses that
    /// follow it never shorten that.
    owed: u32,
    /// Quick second taps since the press (a key sent again and again with no repeat
    /// delay counts them up; only the first is owed a step of its own).
    taps: u32,
    /// Whether the press came a terminal's repeat delay after the key's previous press:
    /// it may be the first auto-repeat, and the quick presses after it more repeats, not
    /// taps owed a step.
    maybe_repeat: bool,
}

impl Held {
    /// Whether it is down at tick `now`.
    fn down(&self, now: u32) -> bool {
        self.until.is_none_or(|u| u > now)
    }
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
///   toggles it at most twice, at the press and at the first repeat);
/// - every press within 2 ticks of the previous one (a repeat, or a key sent again and
///   again with no repeat delay, as tmux's `send-keys` does) keeps the key down only for
///   a short gap after it (the measured time between the presses, 1 to 6 ticks), never
///   less than the one step its stream's first press (and a quick second tap) was owed;
/// - so the hero keeps walking while the repeats come and stops on the cell it is
///   entering when they stop, not a cell later: no step starts after the gap.
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
        let before = self.held.iter().find(|h| h.input == input);
        // A press a repeat delay after the key's previous one may be its first repeat,
        // whether or not the previous press still holds it (a delay over one step, 333
        // ms, outlasts the hold): not a tap, so the quick presses after it are repeats.
        let fresh = before.is_none_or(|h| now - h.last < MIN_REPEAT_DELAY);
        let maybe_repeat = before.is_some_and(|h| now - h.last >= MIN_REPEAT_DELAY);
        self.held.retain(|h| h.input != input);
        let (gap, owed) = (MIN_REPEAT_GAP, now + FALLBACK_HOLD_TICKS);
        self.held.push(Held {
            input,
            until,
            last: now,
            repeats: 0,
            fresh,
            gap,
            owed,
            taps: 0,
            maybe_repeat,
        });
    }

    /// A press without release events, at tick `now`: an auto-repeat, a quick second
    /// press that continues its stream, or a new press.
    fn auto_press(&mut self, input: Input, now: u32) {
        let Some(h) = self.held.iter_mut().find(|h| h.input == input && h.until.is_some()) else {
            return self.take(input, Some(now + FALLBACK_HOLD_TICKS));
        };
        let since = now - h.last;
        let repeat = if h.repeats > 0 {
            // One tick more than the gap: a repeat a jittery terminal sent a tick late.
            since <= h.gap + 1
        } else {
            // After a tap, no terminal repeats this soon: a second tap.
            !h.fresh && since <= MAX_REPEAT_INTERVAL
        };
        if !repeat && since > MAX_REPEAT_INTERVAL {
            return self.take(input, Some(now + FALLBACK_HOLD_TICKS));
        }
        if repeat {
            h.repeats += 1;
        } else {
            // A second tap so soon: a press (quick taps page a dialog) and a step of its
            // own (two taps walk two cells); a third this soon is a key sent again and
            // again, held only as a repeat is.
            if h.taps == 0 && !h.maybe_repeat {
                h.owed = now + FALLBACK_HOLD_TICKS;
            }
            h.taps += 1;
            h.fresh = since < MIN_REPEAT_DELAY;
            if !self.pressed.contains(&input) {
                self.pressed.push(input);
            }
        }
        h.gap = since.clamp(MIN_REPEAT_GAP, MAX_REPEAT_GAP);
        h.last = now;
        h.until = Some(h.owed.max(now + h.gap));
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
            self.auto_press(input, now);
        }
        let pressed = std::mem::take(&mut self.pressed);
        let held: Vec<Input> = self.held.iter().filter(|h| h.down(now)).map(|h| h.input).collect();
        self.now = now + 1;
        let next = self.now;
        // A key that went up is remembered as long as a terminal's first repeat may take,
        // so that its first repeat is known for one and a repeat a tick late continues
        // its stream.
        self.held.retain(|h| h.down(next) || next - h.last <= MAX_REPEAT_DELAY);
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
            // The last repeat at 30 keeps it down for the gap between repeats, one tick.
            assert_eq!(down, t <= 30, "tick {t}");
        }
    }

    /// The presses a held key makes: down at 0, the first repeat after `delay` ms, then
    /// one every `interval` ms until `hold` ms; the ticks of presses the tracker reports.
    fn presses_of_a_hold(delay: f64, interval: f64, hold: f64) -> Vec<u32> {
        let mut times = vec![0.0];
        let mut t = delay;
        while t <= hold {
            times.push(t);
            t += interval;
        }
        let mut k = KeyTracker::new(false);
        let (mut next, mut out) = (0, Vec::new());
        for tick in 0..(hold / TICK_MS) as u32 + 40 {
            while next < times.len() && times[next] <= f64::from(tick) * TICK_MS {
                k.press(Input::Char('p'));
                next += 1;
            }
            if !k.tick().0.is_empty() {
                out.push(tick);
            }
        }
        out
    }

    #[test]
    fn a_held_key_is_pressed_at_most_twice_whatever_the_repeat_delay() {
        // Terminals' repeat delays run from 250 to 660 ms; over 333 ms (one step) the
        // first press no longer holds the key when the first repeat comes.
        for delay in [250.0, 300.0, 340.0, 400.0, 500.0, 600.0, 660.0] {
            for interval in [30.0, 33.0, 40.0] {
                let presses = presses_of_a_hold(delay, interval, 3000.0);
                assert!(presses.len() <= 2, "delay {delay}, every {interval}: {presses:?}");
                assert_eq!(presses.first(), Some(&0));
            }
        }
    }

    /// A tick lasts 1000 / 24 ms.
    const TICK_MS: f64 = 1000.0 / 24.0;

    /// Plays `presses` (times in ms) of `d` into a tracker with no release events, tick
    /// by tick (a press goes to the first tick at or after it), with a hero who starts a
    /// step of [`FALLBACK_HOLD_TICKS`] (the hero's 8 ticks) whenever it stands still
    /// and the key is down; returns the times (ms) at which steps started.
    fn steps(presses: &[f64]) -> Vec<f64> {
        let mut k = KeyTracker::new(false);
        let (mut next, mut busy, mut starts) = (0, 0u32, Vec::new());
        for tick in 0..200u32 {
            let at = f64::from(tick) * TICK_MS;
            while next < presses.len() && presses[next] <= at {
                k.press(Input::Char('d'));
                next += 1;
            }
            let (_, held) = k.tick();
            busy = busy.saturating_sub(1);
            if busy == 0 && !held.is_empty() {
                starts.push(at);
                busy = FALLBACK_HOLD_TICKS;
            }
        }
        starts
    }

    /// Steps that started once the presses had stopped for more than two intervals.
    fn late_steps(presses: &[f64], interval: f64) -> Vec<f64> {
        let last = presses.last().copied().unwrap_or(0.0);
        steps(presses).into_iter().filter(|&t| t > last + 2.0 * interval).collect()
    }

    #[test]
    fn a_key_sent_every_30_ms_stops_the_hero_on_the_cell_it_entered_at_release() {
        // The play-test's tmux loop: `d` every 30 ms for H seconds, no repeat delay.
        for hold_ms in (300..2000).step_by(10) {
            let presses: Vec<f64> = (0..hold_ms / 30 + 1).map(|i| f64::from(i) * 30.0).collect();
            assert_eq!(late_steps(&presses, 30.0), Vec::<f64>::new(), "held {hold_ms} ms");
            // ...and it kept walking while the key was down: a step every 8 ticks.
            let started = steps(&presses).len();
            let expected = (f64::from(hold_ms) / (8.0 * TICK_MS)).floor() as usize + 1;
            assert!(started + 1 >= expected, "held {hold_ms} ms: {started} steps");
        }
    }

    #[test]
    fn a_key_pressed_every_30_ms_for_1_4_s_starts_no_step_after_release() {
        let presses: Vec<f64> = (0..47).map(|i| f64::from(i) * 30.0).collect();
        assert_eq!(presses.last(), Some(&1380.0));
        let started = steps(&presses);
        // Steps start every 8 ticks (333 ms): at 0, 333, 667, 1000 and 1333 ms.
        assert_eq!(started.len(), 5, "{started:?}");
        assert!(started.iter().all(|&t| t <= 1400.0), "{started:?}");
    }

    #[test]
    fn an_auto_repeat_after_its_delay_stops_the_hero_when_the_repeats_stop() {
        // A press, the terminal's repeat delay (250 to 660 ms), then repeats at 25 to 33
        // a second until the key goes up.
        for delay in [250.0, 400.0, 500.0, 660.0] {
            for interval in [30.0, 33.0, 40.0] {
                for hold_ms in (700..2000).step_by(7) {
                    let mut presses = vec![0.0];
                    let mut t = delay;
                    while t <= f64::from(hold_ms) {
                        presses.push(t);
                        t += interval;
                    }
                    let late = late_steps(&presses, interval);
                    assert!(late.is_empty(), "{delay}/{interval}/{hold_ms}: {late:?}");
                }
            }
        }
    }

    #[test]
    fn two_quick_taps_walk_two_steps() {
        assert_eq!(steps(&[0.0, TICK_MS]).len(), 2);
        assert_eq!(steps(&[0.0, 2.0 * TICK_MS]).len(), 2);
    }

    #[test]
    fn a_tap_walks_one_step_even_mid_step() {
        // One press 4 ticks into a step still walks the next step too.
        let started = steps(&[0.0, 4.0 * TICK_MS]);
        assert_eq!(started.len(), 2, "{started:?}");
        assert_eq!(steps(&[0.0]).len(), 1);
    }

    #[test]
    fn quick_taps_are_all_presses() {
        // Enter three times, a tick or two apart (a dialog paged quickly).
        let mut k = KeyTracker::new(false);
        let mut presses = 0;
        for t in 0..6 {
            if t % 2 == 0 {
                k.press(Input::Enter);
            }
            presses += k.tick().0.len();
        }
        assert_eq!(presses, 3);
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
