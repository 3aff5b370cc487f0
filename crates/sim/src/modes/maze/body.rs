//! Small pieces every actor is built from: life, immunity, motion between cells, timers.

use torchlit_geom::{CardinalDirection, Point};

use super::rules::IMMUNITY_TICKS;
use crate::engine::Cooldown;

/// Hit points with a maximum, and the immunity that follows damage (seed §4.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Life {
    current: i32,
    max: i32,
    immunity: Cooldown,
}

impl Life {
    /// Full life of `max` points, not immune.
    pub const fn full(max: i32) -> Life {
        Life { current: max, max, immunity: Cooldown::READY }
    }

    /// Points left (0 or less means dead).
    pub const fn current(&self) -> i32 {
        self.current
    }

    /// The maximum.
    pub const fn max(&self) -> i32 {
        self.max
    }

    /// Whether no point is left (`current <= 0`): enemies and rocks die then (seed §4.1:
    /// "when their hit points drop to zero or below").
    pub const fn is_empty(&self) -> bool {
        self.current <= 0
    }

    /// Whether life fell below zero (`current < 0`): the hero dies then, not at zero
    /// (seed §4.2: "when its hit points fall below zero").
    pub const fn is_below_zero(&self) -> bool {
        self.current < 0
    }

    /// Whether damage is ignored now (in the [`IMMUNITY_TICKS`] after a hit).
    pub fn is_immune(&self) -> bool {
        !self.immunity.is_ready()
    }

    /// Ticks of immunity left (the front end blinks the actor while it is non-zero: drawn
    /// only when it is even, as ICMaze suggests).
    pub fn immunity_left(&self) -> u32 {
        self.immunity.remaining().0 as u32
    }

    /// Takes `points` of damage unless immune or already below zero; starts the
    /// immunity. Returns whether the damage landed. (At zero an enemy is already dead and
    /// ignores blows by its own state; the hero at zero is still alive and can be hit.)
    pub fn damage(&mut self, points: i32) -> bool {
        if self.is_immune() || self.is_below_zero() {
            return false;
        }
        self.current -= points;
        self.immunity.start(crate::Tick(u64::from(IMMUNITY_TICKS)));
        true
    }

    /// Gives back `points`, never above the maximum.
    pub fn heal(&mut self, points: i32) {
        self.current = (self.current + points).min(self.max);
    }

    /// Counts one tick of immunity down.
    pub fn tick(&mut self) {
        self.immunity.tick();
    }
}

/// A step from one cell to the next in progress: the actor already occupies the new cell
/// (it blocks it); `from` and the progress are for drawing and for "is it moving?".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Motion {
    /// The cell being left.
    pub from: Point,
    /// Ticks done.
    pub elapsed: u32,
    /// Ticks the whole step takes.
    pub duration: u32,
}

impl Motion {
    /// A step from `from` taking `duration` ticks.
    pub const fn new(from: Point, duration: u32) -> Motion {
        Motion { from, elapsed: 0, duration }
    }

    /// Advances one tick; `true` when the step is complete.
    pub fn advance(&mut self) -> bool {
        self.elapsed += 1;
        self.elapsed >= self.duration
    }
}

/// Advances an optional motion by one tick, clearing it when complete.
pub fn advance_motion(motion: &mut Option<Motion>) {
    if let Some(m) = motion
        && m.advance()
    {
        *motion = None;
    }
}

/// A repeating timer: ready once every `period` ticks (ICMaze's `CoolDown`, whose
/// `ready()` fires when the countdown reaches zero and then starts again).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Timer {
    period: u32,
    left: Cooldown,
}

impl Timer {
    /// A timer first ready `period` ticks from now.
    pub fn new(period: u32) -> Timer {
        let mut left = Cooldown::READY;
        left.start(crate::Tick(u64::from(period)));
        Timer { period, left }
    }

    /// Counts one tick; `true` on the ticks it fires (then it restarts).
    pub fn ready(&mut self) -> bool {
        if self.left.tick() {
            self.left.start(crate::Tick(u64::from(self.period)));
            return true;
        }
        false
    }

    /// Ticks until it next fires.
    pub fn remaining(&self) -> u32 {
        self.left.remaining().0 as u32
    }

    /// Starts the period again from now.
    pub fn restart(&mut self) {
        self.left.start(crate::Tick(u64::from(self.period)));
    }
}

/// A one-shot countdown of an animation the rules wait for (a vanishing cloud, a swing).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Countdown {
    /// Ticks done.
    pub elapsed: u32,
    /// Ticks the whole animation takes.
    pub duration: u32,
}

impl Countdown {
    /// A countdown of `duration` ticks, just started.
    pub const fn new(duration: u32) -> Countdown {
        Countdown { elapsed: 0, duration }
    }

    /// Advances one tick; `true` when complete (and on every later call).
    pub fn advance(&mut self) -> bool {
        self.elapsed = (self.elapsed + 1).min(self.duration);
        self.is_complete()
    }

    /// Whether all its ticks are done.
    pub const fn is_complete(&self) -> bool {
        self.elapsed >= self.duration
    }
}

/// The cell one step in direction `d` from `p`.
pub fn ahead(p: Point, d: CardinalDirection) -> Point {
    p + d.offset()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn damage_starts_an_immunity_that_ignores_more_damage() {
        let mut life = Life::full(5);
        assert!(life.damage(1));
        assert_eq!(life.current(), 4);
        assert!(life.is_immune());
        assert!(!life.damage(1), "immune");
        for _ in 0..IMMUNITY_TICKS {
            life.tick();
        }
        assert!(!life.is_immune());
        assert!(life.damage(4));
        assert!(life.is_empty() && !life.is_below_zero(), "zero is not below zero");
        for _ in 0..IMMUNITY_TICKS {
            life.tick();
        }
        assert!(life.damage(1), "a life of zero can still be hit");
        assert!(life.is_below_zero());
        life.heal(9);
        assert_eq!(life.current(), 5, "never above the maximum");
    }

    #[test]
    fn timers_fire_once_per_period() {
        let mut t = Timer::new(18);
        let fired: Vec<usize> = (0..54).filter(|_| t.ready()).collect();
        assert_eq!(fired, vec![17, 35, 53]);
    }

    #[test]
    fn motions_and_countdowns_complete() {
        let mut m = Some(Motion::new(Point::new(0, 0), 2));
        advance_motion(&mut m);
        assert!(m.is_some());
        advance_motion(&mut m);
        assert!(m.is_none());
        let mut c = Countdown::new(3);
        assert!(!c.advance() && !c.advance() && c.advance() && c.advance());
    }
}
