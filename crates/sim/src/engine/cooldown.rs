//! Tick counters for real-time delays (ICMaze's cool-downs, immunity, animations).

use crate::Tick;

/// A countdown in ticks: started with a length, ticked once per sim tick, ready at zero.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cooldown {
    remaining: u64,
}

impl Cooldown {
    /// A cool-down that is ready now.
    pub const READY: Cooldown = Cooldown { remaining: 0 };

    /// Starts (or restarts) the countdown at `length` ticks.
    pub fn start(&mut self, length: Tick) {
        self.remaining = length.0;
    }

    /// Advances one tick; returns `true` on the tick it reaches zero.
    pub fn tick(&mut self) -> bool {
        if self.remaining == 0 {
            return false;
        }
        self.remaining -= 1;
        self.remaining == 0
    }

    /// Whether the countdown has run out.
    pub fn is_ready(&self) -> bool {
        self.remaining == 0
    }

    /// Ticks left.
    pub fn remaining(&self) -> Tick {
        Tick(self.remaining)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_down_to_ready_once() {
        let mut c = Cooldown::READY;
        assert!(c.is_ready());
        c.start(Tick::from_seconds(0.75));
        let fired: Vec<bool> = (0..19).map(|_| c.tick()).collect();
        assert_eq!(fired.iter().filter(|&&f| f).count(), 1);
        assert!(fired[17], "ready after exactly 18 ticks");
        assert!(c.is_ready());
    }
}
