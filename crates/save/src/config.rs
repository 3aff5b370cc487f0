//! The configuration: the built-in defaults and the user's override file, read once;
//! the app-wide tables (`[web]`, `[ui]`, `[log]`, `[keys.MODE]`) typed here and every
//! other table handed to its owner through [`Section`] (each mode declares its own in
//! `torchlit-ui`: this crate knows no mode's settings).

use std::collections::BTreeMap;
use std::fmt;
use std::ops::{Range, RangeInclusive};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Deserialize;
use serde::de::DeserializeOwned;
use toml::Spanned;

use crate::{Paths, fsutil};
use file::*;

mod file;
use torchlit_console::{Input, KeyNameError};

pub use file::{Number, Place, shorten};

/// The built-in defaults, as a documented TOML file (CaveGame's `cavegame.properties`).
pub const DEFAULTS_TOML: &str = include_str!("defaults.toml");

/// What names the built-in defaults in errors and [`Origin`]s.
const BUILTIN: &str = "<built-in defaults>";

/// The stable hash of the settings that shaped a world, stored in it (CaveGame's
/// `configurationHash`; the overworld's generation settings make it:
/// `torchlit_ui::overworld::config::GenerationConfig::hash`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ConfigHash(pub u64);

impl fmt::Display for ConfigHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

/// The least severe level written to the log file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LogLevel {
    /// No log.
    Off,
    /// Errors only.
    Error,
    /// Warnings and errors.
    Warn,
    /// Informational messages and above (the default).
    #[default]
    Info,
    /// Debugging detail and above.
    Debug,
    /// Everything.
    Trace,
}

impl LogLevel {
    /// The level's name as written in the config (`"info"`).
    pub fn as_str(self) -> &'static str {
        match self {
            LogLevel::Off => "off",
            LogLevel::Error => "error",
            LogLevel::Warn => "warn",
            LogLevel::Info => "info",
            LogLevel::Debug => "debug",
            LogLevel::Trace => "trace",
        }
    }
}

/// Logging settings.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct LogConfig {
    /// The least severe level logged, unless `RUST_LOG` is set.
    pub level: LogLevel,
}

/// `serve` settings (the `[web]` table): the browser front end.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct WebConfig {
    /// Most games played in browsers at once (a page beyond is told the server is
    /// full). 1 to 10000; `serve --max-sessions` overrides it.
    pub max_sessions: u32,
    /// A public server: every game needs an account, and each player's saves are their
    /// own (`serve --public` turns it on too).
    pub public: bool,
}

impl Default for WebConfig {
    fn default() -> WebConfig {
        WebConfig { max_sessions: 64, public: false }
    }
}

/// Where the game is shown when the command line does not say (`--window`,
/// `--terminal`): the `[ui] front_end` setting.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FrontEnd {
    /// In the terminal the game was started from (the default).
    #[default]
    Terminal,
    /// In a desktop window (needs a display).
    Window,
}

impl FrontEnd {
    /// The name as written in the config (`"terminal"`).
    pub fn as_str(self) -> &'static str {
        match self {
            FrontEnd::Terminal => "terminal",
            FrontEnd::Window => "window",
        }
    }
}

/// Interface settings (the `[ui]` table).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct UiConfig {
    /// Where `torchlit` and `torchlit play MODE` show the game by default.
    pub front_end: FrontEnd,
}

/// Where a setting was written: a file (`None` for the built-in defaults), a line and a
/// column. Displays as `file:line:column`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    /// The config file, or `None` for the built-in defaults.
    pub file: Option<PathBuf>,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
}

impl Origin {
    /// The error for a value written here that its owner refuses: `key` is the setting
    /// (`"play.stun_probability"`), `reason` says what is allowed; it reads
    /// `FILE:LINE:COLUMN: KEY: REASON`.
    pub fn value_error(&self, key: &str, reason: String) -> ConfigError {
        ConfigError::Value {
            path: self.file.clone().unwrap_or_else(|| PathBuf::from(BUILTIN)),
            line: self.line,
            column: self.column,
            key: key.to_owned(),
            reason,
        }
    }
}

impl Origin {
    /// The error for a `[keys.MODE]` table written here whose `mode` is none of `modes`
    /// (comma-separated names); it quotes at most 24 characters of `mode`.
    pub fn unknown_mode(&self, mode: &str, modes: String) -> ConfigError {
        ConfigError::UnknownMode {
            path: self.file.clone().unwrap_or_else(|| PathBuf::from(BUILTIN)),
            line: self.line,
            column: self.column,
            mode: shorten(mode),
            modes,
        }
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.file {
            Some(file) => write!(f, "{}:{}:{}", file.display(), self.line, self.column),
            None => write!(f, "{BUILTIN}:{}:{}", self.line, self.column),
        }
    }
}

/// The keys bound to one action, and where that was written (so a front end that finds an
/// unknown action name can say where it is).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Binding {
    /// The keys, in the order written (empty: the action is unbound).
    pub keys: Vec<Input>,
    /// Where the binding was written (the action's name).
    pub origin: Origin,
    /// Where each key was written, in the order of `keys`.
    pub key_origins: Vec<Origin>,
}

/// Key bindings: per mode, action name -> keys (the `[keys.MODE]` tables).
///
/// A user's `[keys.MODE]` entry replaces the default keys of that one action; the other
/// actions keep theirs. Mode and action names are the front end's to check (this crate
/// knows no mode: [`KeyBindings::tables`] says where each mode's table was written).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct KeyBindings {
    modes: BTreeMap<String, BTreeMap<String, Binding>>,
    /// Where each `[keys.MODE]` table's name was first written.
    tables: BTreeMap<String, Origin>,
}

impl KeyBindings {
    /// Every `[keys.MODE]` table's mode as written and where (the first file's place when
    /// more than one writes it: the built-in defaults' for a mode they bind), in name
    /// order.
    pub fn tables(&self) -> impl Iterator<Item = (&str, &Origin)> {
        self.tables.iter().map(|(m, o)| (m.as_str(), o))
    }

    /// The bindings of `mode`, by action name (empty if the mode has none).
    pub fn mode(&self, mode: &str) -> impl Iterator<Item = (&str, &Binding)> {
        self.modes.get(mode).into_iter().flatten().map(|(a, b)| (a.as_str(), b))
    }

    /// The binding of one action.
    pub fn get(&self, mode: &str, action: &str) -> Option<&Binding> {
        self.modes.get(mode)?.get(action)
    }

    /// The modes that have bindings.
    pub fn modes(&self) -> impl Iterator<Item = &str> {
        self.modes.keys().map(String::as_str)
    }

    /// The `[keys.MODE]` table of `mode` as `(action, keys)` pairs, the overrides a
    /// screen's `Keymap::with_overrides` takes (action names are the screen's to check).
    pub fn overrides(&self, mode: &str) -> Vec<(String, Vec<Input>)> {
        self.mode(mode).map(|(action, b)| (action.to_owned(), b.keys.clone())).collect()
    }
}

/// The whole configuration: the built-in defaults with the user's file applied.
///
/// The app-wide tables are typed fields; every other table (a mode's) is its owner's to
/// read with [`Config::section`]. Two configs are equal when their app-wide settings are
/// and they were read from the same files with the same contents.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Config {
    /// The files read, in order: the built-in defaults, then the user's file (if any).
    sources: Vec<Source>,
    /// Logging.
    pub log: LogConfig,
    /// `serve` (the browser front end).
    pub web: WebConfig,
    /// The interface (terminal or window).
    pub ui: UiConfig,
    /// Key bindings per mode.
    pub keys: KeyBindings,
}

/// One file of a [`Config`]: its text and its name.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Source {
    text: Arc<str>,
    /// `None` for the built-in defaults.
    file: Option<PathBuf>,
}

impl Source {
    /// Where this file's errors and [`Origin`]s point.
    fn place(&self) -> Place<'_> {
        let shown = self.file.as_deref().unwrap_or(Path::new(BUILTIN));
        Place { text: &self.text, path: shown, file: self.file.as_deref() }
    }
}

/// A table of the config file (`[maze]`, `[generation]`) that its owner types and checks:
/// the owner names it and says how the table is written; [`Config::section`] reads it from
/// the built-in defaults and then from the user's file, each time applying what is written
/// over what came before.
///
/// `Written` is the table as written, every key optional and refused when unknown
/// (`#[serde(deny_unknown_fields)]`), values as [`Spanned`] so that
/// [`Section::apply`] can name where a bad one is ([`Place::out_of_range`],
/// [`Place::whole_number`], [`Place::number`]). Errors about the table's TOML (an unknown
/// key, text where a number goes) are [`ConfigError::Syntax`] with the file, line and
/// column.
///
/// ```
/// use std::path::Path;
/// use serde::Deserialize;
/// use torchlit_save::{Config, ConfigError, Place, Section, Spanned};
///
/// /// A mode's `[maze]` table.
/// #[derive(Debug, PartialEq)]
/// struct Maze { heart_drop_percent: u32 }
///
/// impl Default for Maze {
///     fn default() -> Maze { Maze { heart_drop_percent: 50 } }
/// }
///
/// #[derive(Deserialize)]
/// #[serde(deny_unknown_fields)]
/// struct WrittenMaze { heart_drop_percent: Option<Spanned<i64>> }
///
/// impl Section for Maze {
///     const NAME: &'static str = "maze";
///     type Written = WrittenMaze;
///     fn apply(&mut self, w: WrittenMaze, place: &Place<'_>) -> Result<(), ConfigError> {
///         let key = "maze.heart_drop_percent";
///         if let Some(n) = place.whole_number(w.heart_drop_percent, key, 0..=100)? {
///             self.heart_drop_percent = n;
///         }
///         Ok(())
///     }
/// }
///
/// let config = Config::parse("[maze]\nheart_drop_percent = 20\n", Path::new("t.toml"))?;
/// assert_eq!(config.section::<Maze>()?, Maze { heart_drop_percent: 20 });
/// let config = Config::parse("[maze]\nheart_drop_percent = 101\n", Path::new("t.toml"))?;
/// assert_eq!(
///     config.section::<Maze>().map_err(|e| e.to_string()),
///     Err("t.toml:2:22: maze.heart_drop_percent: 101 is out of range: \
///          use a whole number from 0 to 100".to_string())
/// );
/// # Ok::<(), ConfigError>(())
/// ```
pub trait Section: Default {
    /// The table's name in the file (`"maze"`).
    const NAME: &'static str;
    /// The table as written.
    type Written: DeserializeOwned;
    /// Checks what one file writes and applies it over `self`.
    ///
    /// # Errors
    /// [`ConfigError::Value`] (from `place`) for a value out of its range.
    fn apply(&mut self, written: Self::Written, place: &Place<'_>) -> Result<(), ConfigError>;
}

/// A config file that can't be used. Every variant names the file; the ones about a
/// place in it give the 1-based line and column.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// The file can't be read (or, for an explicit `--config FILE`, does not exist), or
    /// the template can't be written.
    #[error("config file {}: could not {action}: {cause}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// `"read"`, `"create"`...
        action: &'static str,
        /// The cause (part of the message).
        cause: std::io::Error,
    },
    /// The file is larger than [`Config::MAX_FILE_BYTES`] (or is no regular file that
    /// ends, like `/dev/zero`).
    #[error(
        "config file {}: larger than {max} bytes (a config file is a few kilobytes)",
        path.display()
    )]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// [`Config::MAX_FILE_BYTES`].
        max: u64,
    },
    /// A `[keys.MODE]` table for a mode torchlit does not have (the front end checks:
    /// [`Origin::unknown_mode`]).
    #[error(
        "{}:{line}:{column}: unknown mode {mode:?} in [keys.MODE]; the modes are {modes}",
        path.display()
    )]
    UnknownMode {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column, in characters.
        column: usize,
        /// The table's name as written (at most 24 characters of it).
        mode: String,
        /// The modes there are, comma-separated.
        modes: String,
    },
    /// Not valid TOML, or a key or value of the wrong kind (an unknown key, text where a
    /// number belongs, an unknown log level).
    #[error("{}:{line}:{column}: {message}", path.display())]
    Syntax {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column, in characters.
        column: usize,
        /// The parser's message.
        message: String,
    },
    /// A value out of its range.
    #[error("{}:{line}:{column}: {key}: {reason}", path.display())]
    Value {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column, in characters.
        column: usize,
        /// The setting (`"play.region_cache_size"`).
        key: String,
        /// The allowed range.
        reason: String,
    },
    /// A key binding that does not parse (the column is the key's).
    #[error("{}:{line}:{column}: keys.{mode}.{action}: {error}", path.display())]
    Key {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column, in characters.
        column: usize,
        /// The mode's table.
        mode: String,
        /// The action.
        action: String,
        /// What is wrong with the key (it names the key; part of the message, given once).
        error: KeyNameError,
    },
}

impl Default for Config {
    fn default() -> Config {
        Config::defaults()
    }
}

impl Config {
    /// The largest config file read, in bytes (1 MiB); a larger one is
    /// [`ConfigError::TooLarge`].
    pub const MAX_FILE_BYTES: u64 = 1 << 20;

    /// The tables this crate reads itself (every other table is a [`Section`]'s).
    pub const APP_SECTIONS: [&'static str; 4] = ["log", "web", "ui", "keys"];

    /// The built-in defaults (CaveGame's values and the default key bindings).
    pub fn defaults() -> Config {
        let mut config = Config {
            sources: Vec::new(),
            log: LogConfig::default(),
            web: WebConfig::default(),
            ui: UiConfig::default(),
            keys: KeyBindings::default(),
        };
        if let Err(e) = config.apply_text(DEFAULTS_TOML, None) {
            // The file is part of the source and tested; this cannot happen in a build
            // that passed its tests.
            unreachable!("the built-in defaults are invalid: {e}");
        }
        config
    }

    /// The owner's table `T`: its defaults with what the built-in defaults and then the
    /// user's file write applied. The file was read when the config was loaded; its
    /// `T` table is checked here (a front end does it for every table right after
    /// loading, so a bad value is reported before anything starts).
    ///
    /// # Errors
    /// [`ConfigError::Syntax`] (the table's TOML) or the owner's [`ConfigError::Value`],
    /// with the file, line and column.
    pub fn section<T: Section>(&self) -> Result<T, ConfigError> {
        let mut out = T::default();
        for source in &self.sources {
            let place = source.place();
            if let Some(written) = place.table::<T::Written>(T::NAME)? {
                out.apply(written, &place)?;
            }
        }
        Ok(out)
    }

    /// Refuses a table no one reads: the first top-level name of a file that is not in
    /// `known` (the owners' [`Section::NAME`]s and [`Config::APP_SECTIONS`], in the order
    /// the message lists them) is a [`ConfigError::Syntax`] at that name.
    ///
    /// # Errors
    /// As said.
    pub fn check_tables(&self, known: &'static [&'static str]) -> Result<(), ConfigError> {
        for source in &self.sources {
            source.place().check_tables(known)?;
        }
        Ok(())
    }

    /// The configuration for `paths`: the defaults with the user's file applied.
    ///
    /// When the default config file is missing it is first created from the commented
    /// [`Config::template`] (an existing file is never overwritten). A file named with
    /// `--config` must exist.
    ///
    /// # Errors
    /// [`ConfigError`]: unreadable file, bad TOML, a bad value or key, each with the file
    /// (and line and column).
    pub fn load(paths: &Paths) -> Result<Config, ConfigError> {
        if !paths.config_is_explicit() {
            Config::ensure_template(paths.config_file())?;
        }
        Config::load_file(paths.config_file())
    }

    /// The defaults with the file at `path` applied.
    ///
    /// # Errors
    /// As [`Config::load`]; a missing file is [`ConfigError::Io`].
    pub fn load_file(path: &Path) -> Result<Config, ConfigError> {
        let io = |cause| ConfigError::Io { path: path.to_path_buf(), action: "read", cause };
        let file = std::fs::File::open(path).map_err(io)?;
        let mut bytes = Vec::new();
        // One byte past the cap tells a file at the cap from a larger one.
        std::io::Read::read_to_end(
            &mut std::io::Read::take(file, Config::MAX_FILE_BYTES + 1),
            &mut bytes,
        )
        .map_err(io)?;
        if bytes.len() as u64 > Config::MAX_FILE_BYTES {
            return Err(ConfigError::TooLarge {
                path: path.to_path_buf(),
                max: Config::MAX_FILE_BYTES,
            });
        }
        let text = String::from_utf8(bytes).map_err(|e| {
            let offset = e.utf8_error().valid_up_to();
            let valid = String::from_utf8_lossy(&e.as_bytes()[..offset]).into_owned();
            let (line, column) = line_column(&valid, offset);
            ConfigError::Syntax {
                path: path.to_path_buf(),
                line,
                column,
                message: "the file is not UTF-8 text".to_owned(),
            }
        })?;
        Config::parse(&text, path)
    }

    /// The defaults with `text` (the contents of the file `path`) applied.
    ///
    /// # Errors
    /// As [`Config::load`].
    pub fn parse(text: &str, path: &Path) -> Result<Config, ConfigError> {
        let mut config = Config::defaults();
        config.apply_text(text, Some(path))?;
        Ok(config)
    }

    /// Creates the user's config file from the template if it does not exist; returns
    /// whether it did. An existing file is never touched.
    ///
    /// # Errors
    /// [`ConfigError::Io`] if the file or its directory can't be created.
    pub fn ensure_template(path: &Path) -> Result<bool, ConfigError> {
        if path.exists() {
            return Ok(false);
        }
        fsutil::write_new(path, Config::template().as_bytes()).map_err(|cause| ConfigError::Io {
            path: path.to_path_buf(),
            action: "create",
            cause,
        })
    }

    /// The user's config file as first created: every default, commented out, under a
    /// short explanation.
    pub fn template() -> String {
        let mut out = String::from(
            "# torchlit configuration.\n\
             #\n\
             # Every setting is shown commented out with its default value. To change one,\n\
             # remove the leading \"# \" and edit the value; settings left commented keep the\n\
             # default. A [keys.MODE] entry replaces that action's default keys.\n\
             #\n",
        );
        for line in
            DEFAULTS_TOML.lines().skip_while(|l| l.starts_with('#')).skip_while(|l| l.is_empty())
        {
            let setting = line.chars().next().is_some_and(|c| c.is_ascii_lowercase());
            if setting {
                out.push_str("# ");
            }
            out.push_str(line);
            out.push('\n');
        }
        out
    }

    /// Reads one more file over `self`: its TOML and the app-wide tables are checked
    /// now, the owners' tables when they are asked for ([`Config::section`]).
    fn apply_text(&mut self, text: &str, path: Option<&Path>) -> Result<(), ConfigError> {
        let source = Source { text: Arc::from(text), file: path.map(Path::to_path_buf) };
        let place = source.place();
        place.check_toml()?;
        let mut next = self.clone();
        if let Some(w) = place.table::<FileWeb>("web")? {
            let range = 1..=10_000;
            if let Some(n) = place.whole_number(w.max_sessions, "web.max_sessions", range)? {
                next.web.max_sessions = n;
            }
            if let Some(public) = w.public {
                next.web.public = public;
            }
        }
        if let Some(front_end) = place.table::<FileUi>("ui")?.and_then(|u| u.front_end) {
            next.ui.front_end = front_end.into_inner();
        }
        if let Some(level) = place.table::<FileLog>("log")?.and_then(|l| l.level) {
            next.log.level = level.into_inner();
        }
        for (mode, actions) in place.table::<FileKeyTables>("keys")?.unwrap_or_default() {
            apply_keys(&mut next.keys, mode, actions, &place)?;
        }
        next.sources.push(source.clone());
        *self = next;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_file_states_the_builtin_values() {
        let config = Config::defaults();
        assert_eq!(config.log, LogConfig::default());
        assert_eq!(config.web, WebConfig::default());
        assert_eq!(config.ui, UiConfig::default());
        assert!(config.keys.get("overworld", "north").is_some());
    }

    #[test]
    fn the_front_end_is_terminal_or_window_and_a_bad_one_is_named() {
        assert_eq!(Config::defaults().ui.front_end, FrontEnd::Terminal);
        let path = Path::new("t.toml");
        let config = Config::parse("[ui]\nfront_end = \"window\"\n", path).expect("ok");
        assert_eq!(config.ui.front_end, FrontEnd::Window);
        assert_eq!(config.ui.front_end.as_str(), "window");
        let config = Config::parse("[ui]\nfront_end = \"terminal\"\n", path).expect("ok");
        assert_eq!(config.ui.front_end, FrontEnd::Terminal);
        let err =
            |text: &str| Config::parse(text, path).err().map(|e| e.to_string()).unwrap_or_default();
        let e = err("[ui]\nfront_end = \"browser\"\n");
        assert!(e.starts_with("t.toml:2:") && e.contains("browser") && e.contains("window"), "{e}");
        let e = err("[ui]\nfront_end = 3\n");
        assert!(e.starts_with("t.toml:2:"), "{e}");
        let e = err("[ui]\nfrontend = \"window\"\n");
        assert!(e.contains("frontend"), "{e}");
    }

    #[test]
    fn line_and_column_count_characters() {
        assert_eq!(line_column("ab\ncdé f", 0), (1, 1));
        assert_eq!(line_column("ab\ncdé f", 3), (2, 1));
        assert_eq!(line_column("ab\ncdé f", 7), (2, 4));
        assert_eq!(line_column("ab", 99), (1, 3));
    }
}
