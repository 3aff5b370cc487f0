//! Hunger: food goes down as the player acts, starvation kills, overeating stretches
//! the stomach (part 11).

/// The player's belly: how much food is in it and how much it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Stomach {
    food: i32,
    max_food: i32,
}

/// The tutorial's stomach size.
pub const MAX_FOOD: i32 = 1000;

/// Food each turn costs (part 11's `update()`: `modifyFood(-1)`).
pub const FOOD_PER_TURN: i32 = 1;

/// Food digging through a wall costs (part 11's `dig()`: `modifyFood(-10)`).
pub const FOOD_PER_DIG: i32 = 10;

impl Default for Stomach {
    /// "A decent belly full": two thirds of 1000, in integers as the tutorial computes it
    /// (`maxFood / 3 * 2` = 666).
    fn default() -> Stomach {
        Stomach { food: MAX_FOOD / 3 * 2, max_food: MAX_FOOD }
    }
}

/// What a change of food did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Digestion {
    /// Nothing special.
    Fine,
    /// The food went past the maximum: the stomach stretched (costs 1 hit point).
    Stretched,
    /// The food fell below 1: starvation.
    Starved,
}

impl Stomach {
    /// A stomach holding `food` of `max_food` (clamped into `0..=max_food`, max at least 1).
    pub fn new(food: i32, max_food: i32) -> Stomach {
        let max_food = max_food.max(1);
        Stomach { food: food.clamp(0, max_food), max_food }
    }

    /// Food in it now.
    pub fn food(&self) -> i32 {
        self.food
    }

    /// How much it holds.
    pub fn max_food(&self) -> i32 {
        self.max_food
    }

    /// Adds `amount` (negative digests), with part 11's final rules: above the maximum the
    /// stomach stretches to `max + food / 2` and is full ("You can't believe your stomach
    /// can hold that much!", 1 damage, which the caller applies); below 1 the player
    /// starves.
    pub fn change(&mut self, amount: i32) -> Digestion {
        self.food = self.food.saturating_add(amount);
        if self.food > self.max_food {
            self.max_food = self.max_food.saturating_add(self.food / 2);
            self.food = self.max_food;
            Digestion::Stretched
        } else if self.food < 1 {
            self.food = self.food.max(0);
            Digestion::Starved
        } else {
            Digestion::Fine
        }
    }

    /// The hunger state the status line names.
    pub fn hunger(&self) -> Hunger {
        Hunger::of(self.food, self.max_food)
    }
}

/// How hungry the player is (part 11's `hunger()` thresholds: below 10% starving, below
/// 20% hungry, above 90% stuffed, above 80% full).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Hunger {
    /// Below 10% of the stomach: death is near.
    Starving,
    /// Below 20%.
    Hungry,
    /// Neither hungry nor full (the tutorial shows nothing; the status line says "Fed").
    Fed,
    /// Above 80%.
    Full,
    /// Above 90%: one more meal may stretch the stomach.
    Stuffed,
}

impl Hunger {
    /// The state for `food` of `max_food`, in integers (`food < max / 10` is the tutorial's
    /// `food < max * 0.1`).
    pub fn of(food: i32, max_food: i32) -> Hunger {
        let (f, m) = (i64::from(food) * 10, i64::from(max_food));
        if f < m {
            Hunger::Starving
        } else if f < 2 * m {
            Hunger::Hungry
        } else if f > 9 * m {
            Hunger::Stuffed
        } else if f > 8 * m {
            Hunger::Full
        } else {
            Hunger::Fed
        }
    }

    /// The word on the status line.
    pub fn name(self) -> &'static str {
        match self {
            Hunger::Starving => "Starving",
            Hunger::Hungry => "Hungry",
            Hunger::Fed => "Fed",
            Hunger::Full => "Full",
            Hunger::Stuffed => "Stuffed",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starts_two_thirds_full_and_starves_below_one() {
        let mut s = Stomach::default();
        assert_eq!((s.food(), s.max_food()), (666, 1000));
        assert_eq!(s.hunger(), Hunger::Fed);
        assert_eq!(s.change(-566), Digestion::Fine);
        assert_eq!(s.hunger(), Hunger::Hungry, "100 of 1000 is not below 10%");
        assert_eq!(s.change(-1), Digestion::Fine);
        assert_eq!(s.hunger(), Hunger::Starving);
        assert_eq!(s.change(-98), Digestion::Fine);
        assert_eq!(s.change(-1), Digestion::Starved);
    }

    #[test]
    fn overeating_stretches_the_stomach() {
        let mut s = Stomach::default();
        assert_eq!(s.change(300), Digestion::Fine);
        assert_eq!(s.hunger(), Hunger::Stuffed);
        // 966 + 400 = 1366 > 1000: max = 1000 + 1366 / 2 = 1683, and full.
        assert_eq!(s.change(400), Digestion::Stretched);
        assert_eq!((s.food(), s.max_food()), (1683, 1683));
        assert_eq!(s.hunger(), Hunger::Stuffed);
    }

    #[test]
    fn thresholds() {
        assert_eq!(Hunger::of(801, 1000), Hunger::Full);
        assert_eq!(Hunger::of(800, 1000), Hunger::Fed);
        assert_eq!(Hunger::of(901, 1000), Hunger::Stuffed);
        assert_eq!(Hunger::of(199, 1000), Hunger::Hungry);
    }
}
