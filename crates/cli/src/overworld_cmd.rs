//! `overworld` in the terminal: its worlds in the data dir, the config's
//! `[keys.overworld]`, and the seed offered for a new world.

use anyhow::{Context, Result};
use torchlit_save::Store;
use torchlit_ui::App;
use torchlit_ui::overworld::{OverworldSetup, Worlds};

use crate::args::RulesArg;
use crate::front;
use crate::settings::{Settings, clock_seed};

/// What `overworld` needs from the outside. With `seed` (`play overworld --seed S`) the
/// screens open on the new-world prompts with that seed; `rules` is the ruleset of new
/// worlds (a world keeps its own).
///
/// # Errors
/// A config file that can't be read, or a bad `[keys.overworld]` entry.
pub fn setup(settings: &Settings, seed: Option<&str>, rules: RulesArg) -> Result<OverworldSetup> {
    let worlds = settings
        .paths
        .as_ref()
        .map(|p| Worlds::with_store(Store::new(p), settings.config.clone()))
        .map(|w| w.with_seed_rules(rules == RulesArg::Seed));
    let offered = seed.map_or_else(|| clock_seed("overworld/clock").to_string(), str::to_string);
    let mut setup = OverworldSetup::from_config(worlds, &settings.config, offered)
        .context("the config file")?;
    setup.start_new = seed.is_some();
    Ok(setup)
}

/// `torchlit play overworld [--seed S] [--rules seed]`: the overworld screens; leaving
/// them quits.
///
/// # Errors
/// Config errors, terminal or window errors.
pub fn play(
    settings: &Settings,
    front: front::Front,
    seed: Option<&str>,
    rules: RulesArg,
) -> Result<()> {
    let mut setup = setup(settings, seed, rules)?;
    setup.recordings = crate::replay_cmd::sink(settings);
    let worlds = setup.worlds.clone();
    let app = App::overworld(setup);
    front::show(app, front)?;
    check_saved(worlds.as_ref())
}

/// After the screens are gone: an error if saving the world on quitting failed.
///
/// # Errors
/// "could not save the run: REASON".
pub fn check_saved(worlds: Option<&Worlds>) -> Result<()> {
    match worlds.and_then(Worlds::unsaved) {
        Some(e) => anyhow::bail!("could not save the run: {e}"),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_opens_the_new_world_prompts_and_worlds_live_in_the_data_dir() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let settings = Settings::load(Some(dir.path()), None).expect("valid");
        let setup = setup(&settings, Some("hello"), RulesArg::Default).expect("valid");
        assert!(setup.start_new);
        assert_eq!(setup.seed, "hello");
        let worlds = setup.worlds.expect("a data directory");
        assert_eq!(worlds.store().location(), dir.path().join("worlds").display().to_string());
        let plain = super::setup(&settings, None, RulesArg::Default).expect("valid");
        assert!(!plain.start_new && !plain.seed.is_empty());
    }
}
