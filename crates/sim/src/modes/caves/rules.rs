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
    // Snapshot format 3 added the fields below (after the four above, so a format-2
    // state is today's encoding without their bytes: see `super::migrate`).
    /// Whether `>` or `<` onto stairs whose other end holds a creature attacks it (the
    /// tutorial's `moveBy(0, 0, 1)`, a blow at a monster the player can't see); `false`
    /// takes the player down or up to the nearest free cell beside the other end.
    pub stairs_attack: bool,
    /// Whether a bat (a harmless erratic flier) stops auto-explore and travel when it comes
    /// into view and rules out resting within [`super::REST_NEAR`] cells; `false` lets
    /// explore and rest go on until a bat is next to the player or strikes.
    pub bats_interrupt: bool,
    /// Whether travel to stairs may start and go on while a zombie is in view (fleeing):
    /// it then stops when a monster gets next to the player; `false` refuses travel with a
    /// hunter in view.
    pub flee_to_stairs: bool,
    /// Whether a new game keeps zombies [`ARRIVAL_CLEARANCE`] cells or more away from the
    /// player's start and from every staircase (where the player arrives on a level), so
    /// no zombie stands next to him at turn 0 or when he arrives; `false` places them
    /// anywhere, as the tutorial does.
    pub arrival_clearance: bool,
}

/// How far (Chebyshev distance, in cells) zombies start from the player's start and from
/// the stairs under [`Rules::arrival_clearance`].
pub const ARRIVAL_CLEARANCE: i32 = 3;

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
            stairs_attack: true,
            bats_interrupt: true,
            flee_to_stairs: false,
            arrival_clearance: false,
        }
    }

    /// The default rules before snapshot format 3 (what [`Rules::default`] was when a
    /// format-2 run or a version-1 recording was made): today's default but for the
    /// fields format 3 added, which keep the older behaviour.
    pub const fn default_format_2() -> Rules {
        Rules {
            depth_scaling: true,
            regen_turns: 10,
            active_levels: ActiveLevels::Visited,
            offspring_spread: false,
            ..Rules::original().format_2_part()
        }
    }

    /// These rules with the fields snapshot format 3 added set as every run before it
    /// played (the tutorial's stairs attack, bats stopping explore and rest, no travel
    /// while a zombie is in view, zombies placed anywhere).
    pub const fn format_2_part(self) -> Rules {
        Rules {
            stairs_attack: true,
            bats_interrupt: true,
            flee_to_stairs: false,
            arrival_clearance: false,
            ..self
        }
    }

    /// Whether these rules are expressible in snapshot format 2 (the fields format 3 added
    /// hold the behaviour every run before it had).
    pub fn is_format_2(&self) -> bool {
        *self == self.format_2_part()
    }

    /// The rules' name on the command line: `seed` or `default` (`custom` otherwise).
    pub fn name(&self) -> &'static str {
        if *self == Rules::original() {
            "seed"
        } else if *self == Rules::default() {
            "default"
        } else if *self == Rules::default_format_2() {
            "default (older)"
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
            stairs_attack: false,
            bats_interrupt: false,
            flee_to_stairs: true,
            arrival_clearance: true,
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
