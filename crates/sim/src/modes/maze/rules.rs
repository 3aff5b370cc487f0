//! Every number of ICMaze (the EPFL CS-107 mini-project "Maze Games") in one place, in ticks (1/24 s) and cells.
//!
//! Seconds in ICMaze become ticks ([`crate::Tick::from_seconds`]: 0.75 s = 18 ticks,
//! 3 s = 72 ticks); ICMaze's "frames" are ticks (its engine runs at 24 frames per
//! second, as `maze` runs at 24 ticks per second). Numbers ICMaze leaves open are
//! marked *interpretation* and chosen as ICMaze's engine and tutorial do.

/// Ticks one step of the player takes (*interpretation*: the tutorial's
/// `GhostPlayer.MOVE_DURATION`, 8 frames; ICMaze gives no number for the hero).
pub const PLAYER_MOVE_TICKS: u32 = 8;

/// Ticks one step of a log monster takes (seed §4.1.1: "ten frames per move").
pub const MONSTER_MOVE_TICKS: u32 = 10;

/// A projectile's speed (seed §5.1.1: speed 1): it moves one cell every
/// [`PLAYER_MOVE_TICKS`]` / PROJECTILE_SPEED` ticks (`move(MOVE_DURATION / speed)`).
pub const PROJECTILE_SPEED: u32 = 1;

/// Ticks a projectile takes per cell.
pub const PROJECTILE_MOVE_TICKS: u32 = PLAYER_MOVE_TICKS / PROJECTILE_SPEED;

/// How many cells a projectile flies at most (seed §5.1.1: maximum distance 7).
pub const PROJECTILE_RANGE: u32 = 7;

/// Damage of a projectile on contact with the hero (seed §5.1.1: 1 point).
pub const PROJECTILE_DAMAGE: i32 = 1;

/// The hero's maximum and starting life (seed §4.1.1: 5).
pub const PLAYER_MAX_LIFE: i32 = 5;

/// Immunity after taking damage, for every actor that has life (seed §4.2: 24 frames).
pub const IMMUNITY_TICKS: u32 = 24;

/// Life a heart gives back (seed §4.2: +1 per heart).
pub const HEART_HEAL: i32 = 1;

/// Damage of one pickaxe blow, on rocks, log monsters and the boss (seed §3.4, §4.1.1:
/// one point per blow).
pub const PICKAXE_DAMAGE: i32 = 1;

/// Ticks of one pickaxe swing: ICMaze's pickaxe animation has 4 frames of
/// `PICKAXE_ANIMATION_DURATION = 5` ticks (appendix 7.3.1); the hero is back to `IDLE`
/// when it completes.
pub const PICKAXE_SWING_TICKS: u32 = 4 * 5;

/// Ticks of the vanishing cloud (appendix 7.3.3: 7 frames of `24 / 7` = 3 ticks).
pub const VANISH_TICKS: u32 = 7 * (24 / 7);

/// A rock's life (*interpretation*: ICMaze says rocks have hit points without a
/// number; 3 blows).
pub const ROCK_LIFE: i32 = 3;

/// A log monster's maximum life (*interpretation*: ICMaze leaves it to each enemy type;
/// 3 blows).
pub const LOG_MONSTER_MAX_LIFE: i32 = 3;

/// The half-side of a log monster's perception square (seed §4.1.1: radius 5, an 11x11
/// square centred on the monster).
pub const LOG_MONSTER_PERCEPTION: i32 = 5;

/// Damage a log monster does to a hero in front of it (seed §4.1.1: 1 point).
pub const LOG_MONSTER_DAMAGE: i32 = 1;

/// Ticks a chaser goes without perceiving the hero before it forgets it, under the
/// default rules (not in ICMaze: one state-transition period, 3 s). See
/// [`crate::modes::maze::Rules::forget_ticks`].
pub const FORGET_TICKS: u32 = TRANSITION_TICKS;

/// Steps from an arrival cell within which no log monster starts, under the default rules
/// (not in the seed, which keeps only the cells just inside the portals free): the nearest
/// starts 4 steps away and needs 3 moves, 30 ticks, to stand next to a hero who has not
/// moved. 4 was measured too: the bot died twice as often in the fixed level's first
/// small maze, whose three chasers then all started together deeper in it.
/// See [`crate::modes::maze::Rules::spawn_clearance`].
pub const SPAWN_CLEARANCE: u32 = 3;

/// The width of the gap a boss barrage leaves, under the default rules (not in the
/// seed, whose barrage leaves one safe cell): the safe cell and one on each side. With
/// one cell, crossing to it in time took a person at a keyboard more tries than the bot
/// (three deaths in a row by hand). See [`crate::modes::maze::Rules::barrage_gap`].
pub const BARRAGE_GAP: u32 = 3;

/// The reorientation cool-down of log monsters (seed §4.1.1: 0.75 s).
pub const REORIENTATION_TICKS: u32 = 18;

/// The state-transition cool-down of log monsters (seed §4.1.1: 3 s).
pub const TRANSITION_TICKS: u32 = 72;

/// At most this many log monsters per maze area (seed §4.1.1: "e.g., at 3").
pub const MAX_MONSTERS_PER_AREA: u32 = 3;

/// The boss's maximum life (seed §5.1.2: 5).
pub const BOSS_MAX_LIFE: i32 = 5;

/// Ticks between two boss barrages: the boss animation, 3 frames of
/// `ANIMATION_DURATION / 3` = 20 ticks (appendix 7.3.7); each time it completes the boss
/// fires and restarts it (seed §5.1.2).
pub const BOSS_BARRAGE_TICKS: u32 = 3 * (60 / 3);

/// The chance, in percent, that a broken rock leaves a heart (seed §3.4: configurable,
/// e.g. 50%). The default of [`crate::modes::maze::Rules::heart_drop_percent`].
pub const HEART_DROP_PERCENT: u8 = 50;

/// Key identifiers are ICMaze's Java `int`s.
pub type KeyNumber = i32;

/// "No key needed" (seed §2.6.2: `NO_KEY_ID = Integer.MIN_VALUE`).
pub const NO_KEY_ID: KeyNumber = i32::MIN;

/// The key that opens `Spawn`'s exit (seed §2.6.1: `Integer.MAX_VALUE`).
pub const SPAWN_KEY_ID: KeyNumber = i32::MAX;

/// The decoy key in `Spawn` (seed §2.6.1: `Integer.MAX_VALUE - 1`), which opens nothing.
pub const DECOY_KEY_ID: KeyNumber = i32::MAX - 1;

/// The key the boss drops, which opens `BossArea`'s entry portal (seed §5.1: -1).
pub const BOSS_KEY_ID: KeyNumber = -1;

/// The longest generated level accepted (maze areas between `Spawn` and `BossArea`).
pub const MAX_LEVEL_LENGTH: u32 = 64;

/// How many maze areas a generated level has when the player does not say (`play maze`,
/// `gen level-chain`, `bench-play maze`, the title menu's maze; ICMaze leaves it open).
pub const DEFAULT_LEVEL_LENGTH: u32 = 4;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Tick;

    #[test]
    fn seconds_in_the_seed_are_these_ticks() {
        assert_eq!(Tick::from_seconds(0.75), Tick(u64::from(REORIENTATION_TICKS)));
        assert_eq!(Tick::from_seconds(3.0), Tick(u64::from(TRANSITION_TICKS)));
        assert_eq!(VANISH_TICKS, 21);
        assert_eq!(PICKAXE_SWING_TICKS, 20);
        assert_eq!(BOSS_BARRAGE_TICKS, 60);
        assert_eq!(PROJECTILE_MOVE_TICKS, 8);
    }
}
