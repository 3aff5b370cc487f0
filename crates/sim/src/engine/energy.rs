//! Speed and energy: how often an actor acts per player turn.

/// The energy one action costs.
pub const ACTION_COST: u32 = 100;

/// Energy gained per player turn: [`ACTION_COST`] is one action per turn, 200 two (seed
/// 004's bats), 50 one every other turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Speed(pub u32);

impl Speed {
    /// One action per player turn.
    pub const NORMAL: Speed = Speed(ACTION_COST);

    /// `n` actions per player turn.
    pub const fn actions_per_turn(n: u32) -> Speed {
        Speed(n.saturating_mul(ACTION_COST))
    }
}

/// Stored energy of one actor. Each player turn it gains its [`Speed`]; every
/// [`ACTION_COST`] buys one action. Remainders carry over, so speed 150 acts 1, 2, 1, 2...
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Energy(pub u32);

impl Energy {
    /// Adds one turn of `speed` and returns how many actions the actor takes now.
    pub fn accrue(&mut self, speed: Speed) -> u32 {
        self.0 = self.0.saturating_add(speed.0);
        let actions = self.0 / ACTION_COST;
        self.0 %= ACTION_COST;
        actions
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn speed_buys_actions_and_carries_remainders() {
        let mut e = Energy::default();
        assert_eq!(e.accrue(Speed::actions_per_turn(2)), 2);
        let mut slow = Energy::default();
        let taken: Vec<u32> = (0..4).map(|_| slow.accrue(Speed(50))).collect();
        assert_eq!(taken, vec![0, 1, 0, 1]);
        let mut mid = Energy::default();
        let taken: Vec<u32> = (0..4).map(|_| mid.accrue(Speed(150))).collect();
        assert_eq!(taken, vec![1, 2, 1, 2]);
    }
}
