//! Counted time: turns for turn-based modes, ticks for real-time ones.

/// Ticks in one second of real-time play (DESIGN.md: the `maze` mode runs at 24 ticks/s).
pub const TICKS_PER_SECOND: u64 = 24;

/// A count of player turns (one per player action that takes time).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Turn(pub u64);

/// A count of scheduler ticks (1/24 s of real-time play in `maze`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Tick(pub u64);

impl Tick {
    /// The number of whole ticks in `seconds`, rounded to the nearest tick (ICMaze, the
    /// EPFL CS-107 mini-project "Maze Games", gives cool-downs in seconds: 0.75 s = 18 ticks, 3 s = 72 ticks).
    pub fn from_seconds(seconds: f64) -> Tick {
        Tick((seconds * TICKS_PER_SECOND as f64).round().max(0.0) as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_cool_downs_in_ticks() {
        assert_eq!(Tick::from_seconds(0.75), Tick(18));
        assert_eq!(Tick::from_seconds(3.0), Tick(72));
    }
}
