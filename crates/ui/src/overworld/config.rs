//! The overworld's tables of the config file (CaveGame's `cavegame.properties`):
//! `[generation]` (what shapes worlds, hashed into each one) and `[play]`. `torchlit-save`
//! reads the files; this module says what the tables hold, their ranges and their errors
//! (file, line, column), through [`Section`].

use std::num::{NonZeroU32, NonZeroUsize};
use std::ops::RangeInclusive;
use std::time::Duration;

use serde::Deserialize;
use torchlit_save::{Config, ConfigError, ConfigHash, Number, Place, Section, Spanned};
use torchlit_sim::modes::overworld::CombatTuning;

/// Settings that shape generated worlds (the `[generation]` table; hashed into every
/// world, see [`GenerationConfig::hash`]).
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct GenerationConfig {
    /// Width and height of one region, in cells (`iRegionSize` = 50). 8 to 1024.
    pub region_size: u32,
    /// Smoothing passes of the cave automaton (`iRegionIterationCount` = 2). 0 to 100.
    pub iterations: u32,
    /// A cell with at least this many rock neighbours of 8 becomes rock
    /// (`iCellDeathThreshold` = 5). 0 to 8.
    pub death_threshold: u32,
    /// Chance that a cell starts as rock (`fRandomBoundary` = 0.5). 0 to 1.
    pub rock_probability: f64,
    /// Chance that a floor cell holds a chest (1 - `fChestSpawnBoundary` = 0.005). 0 to 1.
    pub chest_probability: f64,
    /// Most items in one chest (`iChestMaxItems` = 2). 0 to 64.
    pub chest_max_items: u32,
}

impl Default for GenerationConfig {
    fn default() -> GenerationConfig {
        GenerationConfig {
            region_size: 50,
            iterations: 2,
            death_threshold: 5,
            rock_probability: 0.5,
            chest_probability: 0.005,
            chest_max_items: 2,
        }
    }
}

impl GenerationConfig {
    /// The `[generation]` table of a config a front end checked ([`crate::config::check`]);
    /// the defaults if it was not and its table is bad.
    pub fn of(config: &Config) -> GenerationConfig {
        config.section().unwrap_or_default()
    }

    /// The stable hash of these settings: seahash over a canonical encoding (a version
    /// tag, then each field's name and value in a fixed order; integers as little-endian
    /// `u64`, floats as their IEEE bits with `-0.0` as `0.0`). The same settings give the
    /// same hash on every machine and build; std's `DefaultHasher` is never used.
    pub fn hash(&self) -> ConfigHash {
        let mut bytes = b"torchlit generation config v1\n".to_vec();
        let mut field = |name: &str, value: u64| {
            bytes.extend_from_slice(name.as_bytes());
            bytes.push(b'=');
            bytes.extend_from_slice(&value.to_le_bytes());
            bytes.push(b'\n');
        };
        let float = |x: f64| if x == 0.0 { 0.0f64.to_bits() } else { x.to_bits() };
        field("region_size", u64::from(self.region_size));
        field("iterations", u64::from(self.iterations));
        field("death_threshold", u64::from(self.death_threshold));
        field("rock_probability", float(self.rock_probability));
        field("chest_probability", float(self.chest_probability));
        field("chest_max_items", u64::from(self.chest_max_items));
        ConfigHash(seahash::hash(&bytes))
    }
}

/// `[generation]` as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WrittenGeneration {
    region_size: Option<Spanned<i64>>,
    iterations: Option<Spanned<i64>>,
    death_threshold: Option<Spanned<i64>>,
    rock_probability: Option<Spanned<Number>>,
    chest_probability: Option<Spanned<Number>>,
    chest_max_items: Option<Spanned<i64>>,
}

impl Section for GenerationConfig {
    const NAME: &'static str = "generation";
    type Written = WrittenGeneration;

    fn apply(&mut self, w: WrittenGeneration, place: &Place<'_>) -> Result<(), ConfigError> {
        let int = |out: &mut u32, v, key, range| -> Result<(), ConfigError> {
            place.whole_number(v, key, range).map(|n| *out = n.unwrap_or(*out))
        };
        let float = |out: &mut f64, v, key| -> Result<(), ConfigError> {
            place.number(v, key, 0.0..=1.0).map(|x| *out = x.unwrap_or(*out))
        };
        int(&mut self.region_size, w.region_size, "generation.region_size", 8..=1024)?;
        int(&mut self.iterations, w.iterations, "generation.iterations", 0..=100)?;
        int(&mut self.death_threshold, w.death_threshold, "generation.death_threshold", 0..=8)?;
        float(&mut self.rock_probability, w.rock_probability, "generation.rock_probability")?;
        float(&mut self.chest_probability, w.chest_probability, "generation.chest_probability")?;
        int(&mut self.chest_max_items, w.chest_max_items, "generation.chest_max_items", 0..=64)
    }
}

/// Settings of play that don't change generated worlds (the `[play]` table).
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct PlayConfig {
    /// Regions kept in memory (`iRegionCacheSize` = 8). 1 to 4096.
    pub region_cache_size: NonZeroUsize,
    /// Player moves between autosaves (`iPlayerSaveFrequency` = 5). 1 to 10000.
    pub save_frequency: NonZeroU32,
    /// The combat tuning (keys `armour_protection`, `damage_multiplier`,
    /// `stun_probability`), each in the sim's range ([`CombatTuning`]'s constants).
    pub combat: CombatTuning,
    /// Pause between combat turns (`lTurnSleepTime` = 500 ms; key `turn_delay_ms`). At most
    /// 10 s.
    pub turn_delay: Duration,
    /// Show debug information on screen (`bShowDebugInfo` = false).
    pub debug_info: bool,
    /// Whether dying loses one random item (true in requirement 7.5 of Freddy Heppell's
    /// CaveGame; its playtest found it unfair and left it out, so it can be turned off).
    pub death_loses_item: bool,
}

impl Default for PlayConfig {
    fn default() -> PlayConfig {
        PlayConfig {
            region_cache_size: NonZeroUsize::new(8).unwrap_or(NonZeroUsize::MIN),
            save_frequency: NonZeroU32::new(5).unwrap_or(NonZeroU32::MIN),
            combat: CombatTuning::default(),
            turn_delay: Duration::from_millis(500),
            debug_info: false,
            death_loses_item: true,
        }
    }
}

impl PlayConfig {
    /// The `[play]` table of a config a front end checked ([`crate::config::check`]); the
    /// defaults if it was not and its table is bad.
    pub fn of(config: &Config) -> PlayConfig {
        config.section().unwrap_or_default()
    }
}

/// `[play]` as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WrittenPlay {
    region_cache_size: Option<Spanned<i64>>,
    save_frequency: Option<Spanned<i64>>,
    armour_protection: Option<Spanned<Number>>,
    damage_multiplier: Option<Spanned<Number>>,
    stun_probability: Option<Spanned<Number>>,
    turn_delay_ms: Option<Spanned<i64>>,
    debug_info: Option<Spanned<bool>>,
    death_loses_item: Option<Spanned<bool>>,
}

impl Section for PlayConfig {
    const NAME: &'static str = "play";
    type Written = WrittenPlay;

    fn apply(&mut self, w: WrittenPlay, place: &Place<'_>) -> Result<(), ConfigError> {
        let key = "play.region_cache_size";
        if let Some(n) = place.whole_number(w.region_cache_size, key, 1..=4096)? {
            self.region_cache_size = NonZeroUsize::new(n as usize).unwrap_or(NonZeroUsize::MIN);
        }
        if let Some(n) = place.whole_number(w.save_frequency, "play.save_frequency", 1..=10_000)? {
            self.save_frequency = NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN);
        }
        if let Some(ms) = place.whole_number(w.turn_delay_ms, "play.turn_delay_ms", 0..=10_000)? {
            self.turn_delay = Duration::from_millis(u64::from(ms));
        }
        if let Some(v) = w.debug_info {
            self.debug_info = v.into_inner();
        }
        if let Some(v) = w.death_loses_item {
            self.death_loses_item = v.into_inner();
        }
        // The sim's ranges, checked after the others (as when save read the rest).
        let c = &mut self.combat;
        let combat = |out: &mut f64, v, key, range: RangeInclusive<f64>| {
            place.number(v, key, range).map(|x| *out = x.unwrap_or(*out))
        };
        let (armour, damage, stun) = (w.armour_protection, w.damage_multiplier, w.stun_probability);
        let key = "play.armour_protection";
        combat(&mut c.armour_protection, armour, key, CombatTuning::ARMOUR_PROTECTION)?;
        let key = "play.damage_multiplier";
        combat(&mut c.damage_multiplier, damage, key, CombatTuning::DAMAGE_MULTIPLIER)?;
        let key = "play.stun_probability";
        combat(&mut c.stun_probability, stun, key, CombatTuning::STUN_PROBABILITY)
    }
}

/// The combat tuning the config gives (its `[play]` table, checked against the sim's
/// ranges).
///
/// # Errors
/// [`ConfigError::Value`] at the first value out of its range (or not finite), with the
/// file, line and column it was written at.
pub fn combat_tuning(config: &Config) -> Result<CombatTuning, ConfigError> {
    config.section::<PlayConfig>().map(|p| p.combat)
}

/// Checks every overworld table of `config` (what a front end does right after loading
/// the file, through [`crate::config::check`]).
///
/// # Errors
/// The first bad value, with its file, line and column.
pub fn check(config: &Config) -> Result<(), ConfigError> {
    config.section::<GenerationConfig>()?;
    config.section::<PlayConfig>().map(|_| ())
}

#[cfg(test)]
mod tests;
