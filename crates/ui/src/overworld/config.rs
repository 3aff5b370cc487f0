//! The overworld's settings in the config file: the `[play]` combat keys
//! (`armour_protection`, `damage_multiplier`, `stun_probability`). Their meaning, defaults
//! and ranges are the sim's [`CombatTuning`]; `torchlit-save` reads them as numbers with
//! the place they were written, and this module checks them, naming that place (file,
//! line, column) when one is out of range.

use std::ops::RangeInclusive;

use torchlit_save::{Config, ConfigError, Written};
use torchlit_sim::modes::overworld::CombatTuning;

/// The combat tuning the config gives, each value checked against its range.
///
/// # Errors
/// [`ConfigError::Value`] at the first value out of its range (or not finite), with the
/// file, line and column it was written at.
pub fn combat_tuning(config: &Config) -> Result<CombatTuning, ConfigError> {
    let c = &config.play.combat;
    Ok(CombatTuning {
        armour_protection: checked(
            &c.armour_protection,
            "play.armour_protection",
            CombatTuning::ARMOUR_PROTECTION,
        )?,
        damage_multiplier: checked(
            &c.damage_multiplier,
            "play.damage_multiplier",
            CombatTuning::DAMAGE_MULTIPLIER,
        )?,
        stun_probability: checked(
            &c.stun_probability,
            "play.stun_probability",
            CombatTuning::STUN_PROBABILITY,
        )?,
    })
}

/// Checks every overworld setting of `config` (what a front end does right after loading
/// the file, so a bad value is reported before anything starts).
///
/// # Errors
/// As [`combat_tuning`].
pub fn check(config: &Config) -> Result<(), ConfigError> {
    combat_tuning(config).map(|_| ())
}

fn checked(
    setting: &Written<f64>,
    key: &str,
    range: RangeInclusive<f64>,
) -> Result<f64, ConfigError> {
    let v = setting.value;
    if v.is_finite() && range.contains(&v) {
        Ok(if v == 0.0 { 0.0 } else { v })
    } else {
        let reason =
            format!("{v} is out of range: use a number from {} to {}", range.start(), range.end());
        Err(setting.origin.value_error(key, reason))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn the_defaults_are_the_sims_and_a_value_out_of_range_is_named_where_it_was_written() {
        assert_eq!(combat_tuning(&Config::defaults()).ok(), Some(CombatTuning::default()));
        let path = Path::new("t.toml");
        let text = "[play]\narmour_protection = 1\nstun_probability = 0.5\ndamage_multiplier = 0\n";
        let config = Config::parse(text, path).expect("parses");
        let t = combat_tuning(&config).expect("in range");
        assert_eq!((t.armour_protection, t.damage_multiplier, t.stun_probability), (1.0, 0.0, 0.5));
        let config = Config::parse("[play]\n\nstun_probability = 1.5\n", path).expect("parses");
        let err = check(&config).map_err(|e| e.to_string());
        assert_eq!(
            err,
            Err(
                "t.toml:3:20: play.stun_probability: 1.5 is out of range: use a number from 0 to 1"
                    .to_string()
            )
        );
        let config = Config::parse("[play]\ndamage_multiplier = inf\n", path).expect("parses");
        let err = check(&config).map_err(|e| e.to_string()).err().unwrap_or_default();
        assert!(
            err.starts_with("t.toml:2:21: play.damage_multiplier: inf is out of range"),
            "{err}"
        );
    }
}
