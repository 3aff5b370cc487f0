//! What every interactive mode takes from outside the game, loaded once per run: the
//! paths (`--data-dir`, `--config`), the config file, the log file, the config's key
//! bindings as screen inputs, and seeds typed on the command line.

use std::path::Path;

use anyhow::{Context, Result};
use torchlit_rng::Seed;
use torchlit_save::{Config, LogGuard, Paths, init_logging};
use torchlit_sim::ModeId;
use torchlit_ui::Input;

/// The paths and config of this run. `paths` is `None` when the OS has no home directory
/// and no `--data-dir` was given: then nothing can be saved and the built-in config is used.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Where saves, logs and the config file live.
    pub paths: Option<Paths>,
    /// The config file merged over the defaults.
    pub config: Config,
}

impl Settings {
    /// Resolves the paths and reads the config (creating the commented template at the
    /// default location when missing). When the template can't be written (a read-only
    /// data dir or HOME), a warning goes to stderr and the built-in defaults are used:
    /// the game still runs, it only can't save.
    ///
    /// # Errors
    /// A config file that can't be read or holds a bad value (with file, line, column).
    pub fn load(data_dir: Option<&Path>, config: Option<&Path>) -> Result<Settings> {
        let paths = Paths::resolve(data_dir, config).ok();
        let config = match &paths {
            Some(p) => {
                Settings::read_config(p, |warning| eprintln!("torchlit: warning: {warning}"))?
            }
            None => Config::defaults(),
        };
        Ok(Settings { paths, config })
    }

    /// The config of `paths`; `warn` hears about a template that could not be created.
    fn read_config(paths: &Paths, warn: impl FnOnce(String)) -> Result<Config> {
        if !paths.config_is_explicit()
            && let Err(e) = Config::ensure_template(paths.config_file())
            && !paths.config_file().is_file()
        {
            warn(format!("{e}; using the built-in settings"));
            return Ok(Config::defaults());
        }
        let config = Config::load_file(paths.config_file()).context("the config file")?;
        // The modes' own tables, checked where the modes declare them.
        torchlit_ui::config::check(&config).context("the config file")?;
        Ok(config)
    }

    /// Where the config's `[keys.MODE]` binding of `action` was written (`file:line:column`),
    /// or the config file when it has none.
    pub fn origin_of(&self, mode: ModeId, action: &str) -> String {
        match self.config.keys.get(mode.as_str(), action) {
            Some(binding) => binding.origin.to_string(),
            None => self.paths.as_ref().map_or_else(
                || "the config file".to_string(),
                |p| p.config_file().display().to_string(),
            ),
        }
    }

    /// Starts the log file in `<data dir>/logs` (never the screen). Best effort: the game
    /// runs the same without it.
    pub fn start_logging(&self) -> Option<LogGuard> {
        init_logging(self.paths.as_ref()?, &self.config).ok()
    }

    /// The config's `[keys.MODE]` table as `(action, inputs)` pairs for a screen keymap
    /// (every key in it is one a screen can receive: the config refuses the others).
    pub fn key_overrides(&self, mode: ModeId) -> Vec<(String, Vec<Input>)> {
        self.config.keys.overrides(mode.as_str())
    }
}

/// The seed of `--seed S` ([`Seed::from_input`]: a number is that number, other text is
/// hashed, and named so games show it as typed: [`torchlit_ui::record::name_seed`]); without one, a 9-digit number from the clock (shown by the game, so it can be
/// typed back). `label` keeps modes started in the same nanosecond apart.
pub fn seed_arg(text: Option<&str>, label: &str) -> Seed {
    match text {
        Some(t) => {
            let seed = Seed::from_input(t);
            torchlit_ui::record::name_seed(t, seed.0);
            seed
        }
        None => clock_seed(label),
    }
}

/// A 9-digit seed from the clock (the binary's only source of fresh randomness).
pub fn clock_seed(label: &str) -> Seed {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    Seed(Seed(nanos).derive(label, &[]).0 % 1_000_000_000)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_seeds_are_numbers_or_hashed_text() {
        assert_eq!(seed_arg(Some("42"), "x"), Seed(42));
        assert_eq!(seed_arg(Some("hello"), "x"), Seed::from_text("hello"));
        assert_eq!(torchlit_ui::record::seed_shown(Seed::from_text("hello").0), "hello");
        assert!(seed_arg(None, "x").0 < 1_000_000_000);
    }

    #[test]
    fn settings_live_in_the_data_dir() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let s = Settings::load(Some(dir.path()), None).expect("valid");
        assert!(s.paths.is_some());
        assert!(dir.path().join("torchlit.toml").is_file(), "the config template is created");
        assert!(s.key_overrides(ModeId::Caves).is_empty());
    }

    #[test]
    fn an_unwritable_config_template_warns_and_uses_the_defaults() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        // A data dir under a plain file can never be created (read-only without root).
        let file = dir.path().join("plain");
        std::fs::write(&file, "x").expect("written");
        let paths = Paths::in_dir(file.join("data"));
        let mut warned = None;
        let config = Settings::read_config(&paths, |w| warned = Some(w)).expect("defaults");
        assert_eq!(config, Config::defaults());
        let warned = warned.expect("a warning");
        assert!(warned.to_lowercase().contains("not a directory"), "{warned}");
    }

    #[test]
    fn unbindable_keys_point_at_the_key() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let config = dir.path().join("c.toml");
        std::fs::write(&config, "[keys.caves]\nexplore = [\"x\", \"Alt-x\"]\n").expect("written");
        let err = Settings::load(Some(dir.path()), Some(&config)).err();
        let err = err.map(|e| format!("{e:#}")).unwrap_or_default();
        assert!(err.contains("c.toml:2:17: keys.caves.explore: key \"Alt-x\" can't"), "{err}");
        std::fs::write(&config, "[keys.caves]\nexplore = [\"x\", \"F5\"]\n").expect("written");
        let s = Settings::load(Some(dir.path()), Some(&config)).expect("valid");
        assert_eq!(
            s.key_overrides(ModeId::Caves),
            vec![("explore".into(), vec![Input::Char('x'), Input::F(5)])]
        );
        assert_eq!(s.origin_of(ModeId::Caves, "explore"), format!("{}:2:1", config.display()));
    }
}
