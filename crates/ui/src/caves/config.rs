//! The caves' table of the config file, `[caves]`.

use serde::Deserialize;
use torchlit_save::{Config, ConfigError, Place, Section, Spanned};

/// `caves` settings (the `[caves]` table).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct CavesConfig {
    /// What auto-explore walks to and picks up: any of [`CavesConfig::PICKUP_CLASSES`]
    /// (rocks and corpses never; the teddy bear always).
    pub autopickup: Vec<String>,
}

impl CavesConfig {
    /// The item classes `autopickup` may name.
    pub const PICKUP_CLASSES: [&'static str; 3] = ["food", "weapons", "armour"];

    /// The `[caves]` table of a config a front end checked ([`crate::config::check`]);
    /// the defaults if it was not and its table is bad.
    pub fn of(config: &Config) -> CavesConfig {
        config.section().unwrap_or_default()
    }
}

impl Default for CavesConfig {
    fn default() -> CavesConfig {
        CavesConfig { autopickup: Self::PICKUP_CLASSES.iter().map(|c| c.to_string()).collect() }
    }
}

/// `[caves]` as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WrittenCaves {
    autopickup: Option<Vec<Spanned<String>>>,
}

impl Section for CavesConfig {
    const NAME: &'static str = "caves";
    type Written = WrittenCaves;

    /// Each `autopickup` name is checked against [`CavesConfig::PICKUP_CLASSES`].
    fn apply(&mut self, w: WrittenCaves, place: &Place<'_>) -> Result<(), ConfigError> {
        let Some(classes) = w.autopickup else { return Ok(()) };
        let mut chosen = Vec::new();
        for class in classes {
            let span = class.span();
            let name = class.into_inner();
            if !CavesConfig::PICKUP_CLASSES.contains(&name.as_str()) {
                let known = CavesConfig::PICKUP_CLASSES.join(", ");
                let shown = torchlit_save::shorten(&name);
                let reason = format!("{shown:?} is no item class: use any of {known}");
                return Err(place.out_of_range(span, "caves.autopickup", reason));
            }
            chosen.push(name);
        }
        self.autopickup = chosen;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn autopickup_takes_item_classes_and_names_a_bad_one() {
        assert_eq!(Config::defaults().section::<CavesConfig>().ok(), Some(CavesConfig::default()));
        let parse = |text: &str| {
            Config::parse(text, Path::new("t.toml"))
                .and_then(|c| c.section::<CavesConfig>())
                .map_err(|e| e.to_string())
        };
        let config = parse("[caves]\nautopickup = [\"armour\"]\n");
        assert_eq!(config.map(|c| c.autopickup), Ok(vec!["armour".to_string()]));
        assert_eq!(parse("[caves]\nautopickup = []\n").map(|c| c.autopickup), Ok(vec![]));
        let err = parse("[caves]\nautopickup = [\"food\", \"rocks\"]\n").err().unwrap_or_default();
        assert!(err.contains("t.toml:2:") && err.contains("\"rocks\" is no item class"), "{err}");
    }
}
