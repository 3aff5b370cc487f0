//! The rules a run is played by: the source document's as written ([`Rules::original`]) or
//! the default, which keeps what the `bench-play` numbers justify ([`Rules::default`]).

/// Which levels' monsters act every turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ActiveLevels {
    /// Every level from turn 0 (the tutorial's `world.update()` over the whole world):
    /// fungi spread on levels nobody has reached yet.
    All,
    /// Only the levels the player has reached (0 to the deepest so far); the others wait
    /// as they were built until the player first arrives.
    Visited,
}

/// The rules of a `caves` run; saved with the run, so a continued run keeps them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rules {
    /// Monsters made on deeper levels are stronger ([`super::CreatureKind::stats`]);
    /// `false` gives every monster its top-level stats, as the tutorial does.
    pub depth_scaling: bool,
    /// Turns between two hit points regained by the player; 0 never regenerates (the
    /// tutorial has no regeneration).
    pub regen_turns: u64,
    /// Which levels' monsters act.
    pub active_levels: ActiveLevels,
    /// Whether a fungus that grew from another spreads in turn (the tutorial's rule,
    /// which grows fungi exponentially until a level is full); `false` lets only the
    /// fungi a level starts with spread, [`super::ai::FUNGUS_MAX_SPREAD`] times each.
    pub offspring_spread: bool,
}

impl Rules {
    /// The tutorial's rules as written (Trystan Spangler's "roguelike tutorial", parts
    /// 05 to 13): monsters with top-level stats everywhere, no regeneration, every level
    /// simulated from turn 0.
    pub const fn original() -> Rules {
        Rules {
            depth_scaling: false,
            regen_turns: 0,
            active_levels: ActiveLevels::All,
            offspring_spread: true,
        }
    }

    /// The rules' name on the command line: `seed` or `default` (`custom` otherwise).
    pub fn name(&self) -> &'static str {
        if *self == Rules::original() {
            "seed"
        } else if *self == Rules::default() {
            "default"
        } else {
            "custom"
        }
    }
}

impl Default for Rules {
    /// The default game: deeper monsters are stronger, 1 hit point every 10 turns, and
    /// only levels the player has reached are simulated, and only a level's first fungi
    /// spread (so fungi do not fill the levels). The README's "Balance" section gives
    /// the numbers.
    fn default() -> Rules {
        Rules {
            depth_scaling: true,
            regen_turns: 10,
            active_levels: ActiveLevels::Visited,
            offspring_spread: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_two_rulesets_differ_and_are_named() {
        assert_ne!(Rules::original(), Rules::default());
        assert_eq!(Rules::original().name(), "seed");
        assert_eq!(Rules::default().name(), "default");
        let custom = Rules { regen_turns: 3, ..Rules::original() };
        assert_eq!(custom.name(), "custom");
    }
}
