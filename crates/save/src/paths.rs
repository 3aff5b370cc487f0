//! Where torchlit keeps its files.

use std::path::{Path, PathBuf};

/// The name of the user's configuration file.
pub const CONFIG_FILE_NAME: &str = "torchlit.toml";

/// The directories and files torchlit uses, resolved once at start-up.
///
/// | what | default (from `directories::ProjectDirs::from("", "", "torchlit")`) |
/// |---|---|
/// | data dir | Linux `~/.local/share/torchlit`, macOS `~/Library/Application Support/torchlit`, Windows `%APPDATA%\torchlit\data` |
/// | config file | Linux `~/.config/torchlit/torchlit.toml`, macOS `~/Library/Application Support/torchlit/torchlit.toml`, Windows `%APPDATA%\torchlit\config\torchlit.toml` |
///
/// Inside the data dir: `worlds/` (one `<id>.db` per world, morgue files beside them) and
/// `logs/`. These follow CaveGame's per-OS locations (the Roaming AppData folder on
/// Windows, Application Support on macOS) with the XDG base directories on Linux.
///
/// `--data-dir DIR` moves everything, including the default config file (`DIR/torchlit.toml`),
/// so a test or a second installation never touches the user's own files. `--config FILE`
/// names the config file explicitly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Paths {
    data_dir: PathBuf,
    config_file: PathBuf,
    config_is_explicit: bool,
}

/// The OS gave no home directory, so there is no default data directory.
#[derive(Debug, thiserror::Error)]
#[error("no home directory to keep saves in: pass --data-dir DIR")]
pub struct NoHomeDir;

impl Paths {
    /// Resolves the paths from the command-line overrides, falling back to the OS
    /// locations (see the type's docs).
    ///
    /// # Errors
    /// [`NoHomeDir`] when no override is given and the OS has no home directory.
    pub fn resolve(
        data_dir: Option<&Path>,
        config_file: Option<&Path>,
    ) -> Result<Paths, NoHomeDir> {
        let (data_dir, default_config) = match data_dir {
            Some(dir) => (dir.to_path_buf(), dir.join(CONFIG_FILE_NAME)),
            None => {
                let dirs = directories::ProjectDirs::from("", "", "torchlit").ok_or(NoHomeDir)?;
                (dirs.data_dir().to_path_buf(), dirs.config_dir().join(CONFIG_FILE_NAME))
            }
        };
        Ok(match config_file {
            Some(file) => {
                Paths { data_dir, config_file: file.to_path_buf(), config_is_explicit: true }
            }
            None => Paths { data_dir, config_file: default_config, config_is_explicit: false },
        })
    }

    /// Everything under one directory (`--data-dir DIR` without `--config`).
    pub fn in_dir(dir: impl Into<PathBuf>) -> Paths {
        let data_dir = dir.into();
        let config_file = data_dir.join(CONFIG_FILE_NAME);
        Paths { data_dir, config_file, config_is_explicit: false }
    }

    /// The data directory: worlds and logs live under it.
    pub fn data_dir(&self) -> &Path {
        &self.data_dir
    }

    /// The directory of world databases (`<data dir>/worlds`).
    pub fn worlds_dir(&self) -> PathBuf {
        self.data_dir.join("worlds")
    }

    /// The directory of game recordings (`<data dir>/recordings`).
    pub fn recordings_dir(&self) -> PathBuf {
        self.data_dir.join("recordings")
    }

    /// The directory of log files (`<data dir>/logs`).
    pub fn logs_dir(&self) -> PathBuf {
        self.data_dir.join("logs")
    }

    /// The user's config file.
    pub fn config_file(&self) -> &Path {
        &self.config_file
    }

    /// True when the config file was named with `--config`: then it must exist (a
    /// mistyped path is an error, not a new file), while the default one is created from
    /// the commented template when missing.
    pub fn config_is_explicit(&self) -> bool {
        self.config_is_explicit
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_dir_override_moves_the_config_too() {
        let p = Paths::resolve(Some(Path::new("/tmp/tl")), None).expect("override given");
        assert_eq!(p.data_dir(), Path::new("/tmp/tl"));
        assert_eq!(p.config_file(), Path::new("/tmp/tl/torchlit.toml"));
        assert_eq!(p.worlds_dir(), Path::new("/tmp/tl/worlds"));
        assert_eq!(p.logs_dir(), Path::new("/tmp/tl/logs"));
        assert!(!p.config_is_explicit());
        assert_eq!(p, Paths::in_dir("/tmp/tl"));
    }

    #[test]
    fn config_override_is_explicit() {
        let p = Paths::resolve(Some(Path::new("/d")), Some(Path::new("/c/my.toml")))
            .expect("overrides given");
        assert_eq!(p.config_file(), Path::new("/c/my.toml"));
        assert!(p.config_is_explicit());
    }
}
