//! The config file's tables as the game reads them: `torchlit-save` reads the files and
//! the app-wide tables (`[web]`, `[ui]`, `[log]`, `[keys.MODE]`); each mode declares and
//! checks its own, beside the mode ([`Section`](torchlit_save::Section)):
//! `[generation]` and `[play]` in [`crate::overworld::config`], `[maze]` in
//! [`crate::maze::config`], `[caves]` in [`crate::caves::config`]. The modes a
//! `[keys.MODE]` table may name are the sim's [`ModeId`]s (each mode's action names are
//! checked where its keymap is built).

use torchlit_save::{Config, ConfigError};
use torchlit_sim::ModeId;

use crate::caves::config::CavesConfig;
use crate::maze::config::MazeSettings;

/// Every table a config file may hold, in the order an unknown one's error lists them.
pub const SECTIONS: [&str; 8] = ["generation", "play", "maze", "log", "caves", "web", "ui", "keys"];

/// Checks every table of `config` that `torchlit-save` leaves to its owner: no table
/// without an owner, each mode's table in range, and no `[keys.MODE]` table for a mode
/// there is not. A front end calls it right after
/// loading the file, so a bad value is reported (with its file, line and column) before
/// anything starts.
///
/// # Errors
/// The first problem found, as a [`ConfigError`].
pub fn check(config: &Config) -> Result<(), ConfigError> {
    config.check_tables(&SECTIONS)?;
    crate::overworld::config::check(config)?;
    config.section::<MazeSettings>()?;
    config.section::<CavesConfig>()?;
    match config.keys.tables().find(|(mode, _)| mode.parse::<ModeId>().is_err()) {
        Some((mode, origin)) => Err(origin.unknown_mode(mode, ModeId::names())),
        None => Ok(()),
    }
}
