//! `overworld` in the terminal: the paths (`--data-dir`, `--config`), the config and its
//! `[keys.overworld]`, logging, and the seed offered for a new world.

use std::path::Path;

use anyhow::{Context, Result};
use torchlit_map::UltimaWorld;
use torchlit_save::{Config, LogGuard, Paths, init_logging};
use torchlit_ui::App;
use torchlit_ui::overworld::{OverworldSetup, Worlds};

use crate::realtime;

/// The paths and config of the command line: `--data-dir` and `--config` when given,
/// else the OS locations. `None` paths when the OS has no home directory (then nothing
/// can be saved, and the built-in config is used).
///
/// # Errors
/// A config file that can't be read or holds a bad value.
pub fn paths_and_config(
    data_dir: Option<&Path>,
    config: Option<&Path>,
) -> Result<(Option<Paths>, Config)> {
    let paths = Paths::resolve(data_dir, config).ok();
    let config = match &paths {
        Some(p) => Config::load(p).context("the config file")?,
        None => Config::defaults(),
    };
    Ok((paths, config))
}

/// Starts the log file in `<data dir>/logs` (never the screen). Logging is best effort:
/// the game runs the same without it, so a failure is only noted in the log of the next
/// run that manages to start one.
pub fn start_logging(paths: Option<&Paths>, config: &Config) -> Option<LogGuard> {
    init_logging(paths?, config).ok()
}

/// A seed to offer for a new world (the player may type any other): a number from the
/// clock.
fn clock_seed() -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let seed = torchlit_rng::Seed(nanos).derive("overworld/clock", &[]);
    (seed.0 % 1_000_000).to_string()
}

/// What `overworld` needs from the outside. With `seed` (`play overworld --seed S`) the
/// screens open on the new-world prompts with that seed.
///
/// # Errors
/// A config file that can't be read, or a bad `[keys.overworld]` entry.
pub fn setup(paths: Option<&Paths>, config: &Config, seed: Option<&str>) -> Result<OverworldSetup> {
    let worlds = paths.map(|p| Worlds::new(p, config.clone()));
    let offered = seed.map_or_else(clock_seed, str::to_string);
    let mut setup =
        OverworldSetup::from_config(worlds, config, offered).context("the config file")?;
    setup.start_new = seed.is_some();
    Ok(setup)
}

/// `torchlit play overworld [--seed S]`: the overworld screens, with logging; leaving
/// them quits.
///
/// # Errors
/// Config errors, terminal errors.
pub fn play(
    data_dir: Option<&Path>,
    config: Option<&Path>,
    seed: Option<&str>,
    default_world: UltimaWorld,
) -> Result<()> {
    let (paths, config) = paths_and_config(data_dir, config)?;
    let _log = start_logging(paths.as_ref(), &config);
    let setup = setup(paths.as_ref(), &config, seed)?;
    realtime::run(App::overworld(default_world, setup))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_opens_the_new_world_prompts_and_worlds_live_in_the_data_dir() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let (paths, config) = paths_and_config(Some(dir.path()), None).expect("valid");
        let setup = setup(paths.as_ref(), &config, Some("hello")).expect("valid");
        assert!(setup.start_new);
        assert_eq!(setup.seed, "hello");
        let worlds = setup.worlds.expect("a data directory");
        assert_eq!(worlds.store().dir(), dir.path().join("worlds"));
        assert!(dir.path().join("torchlit.toml").is_file(), "the config template is created");
        let plain = super::setup(paths.as_ref(), &config, None).expect("valid");
        assert!(!plain.start_new && !plain.seed.is_empty());
    }
}
