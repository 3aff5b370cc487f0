//! The configuration: built-in defaults, the user's override file, key bindings.

use std::collections::BTreeMap;
use std::fmt;
use std::num::{NonZeroU32, NonZeroUsize};
use std::ops::{Range, RangeInclusive};
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Deserialize;
use toml::Spanned;

use crate::{Paths, fsutil};
use file::*;

mod file;
use torchlit_console::{Input, KeyNameError};

/// The built-in defaults, as a documented TOML file (CaveGame's `cavegame.properties`).
pub const DEFAULTS_TOML: &str = include_str!("defaults.toml");

/// What names the built-in defaults in errors and [`Origin`]s.
const BUILTIN: &str = "<built-in defaults>";

/// The stable hash of a [`GenerationConfig`] stored in each world (CaveGame's
/// `configurationHash`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ConfigHash(pub u64);

impl fmt::Display for ConfigHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

/// Settings that shape generated worlds (hashed into every world, see
/// [`GenerationConfig::hash`]).
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

/// Settings of play that don't change generated worlds.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct PlayConfig {
    /// Regions kept in memory (`iRegionCacheSize` = 8). 1 to 4096.
    pub region_cache_size: NonZeroUsize,
    /// Player moves between autosaves (`iPlayerSaveFrequency` = 5). 1 to 10000.
    pub save_frequency: NonZeroU32,
    /// The overworld's combat tuning as written (keys `armour_protection`,
    /// `damage_multiplier`, `stun_probability`): numbers and where they were written. The
    /// overworld owns their meaning, defaults and ranges and checks them
    /// (`torchlit_ui::overworld::config`); this crate only reads them.
    pub combat: CombatConfig,
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
            combat: CombatConfig::default(),
            turn_delay: Duration::from_millis(500),
            debug_info: false,
            death_loses_item: true,
        }
    }
}

/// The `[play]` combat keys as written: see [`PlayConfig::combat`].
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct CombatConfig {
    /// `armour_protection` (`fArmourProtection` = 0.3).
    pub armour_protection: Written<f64>,
    /// `damage_multiplier` (`fDamageMultiplier` = 1.2).
    pub damage_multiplier: Written<f64>,
    /// `stun_probability` (`fCombatStunProbability` = 0.1).
    pub stun_probability: Written<f64>,
}

impl Default for CombatConfig {
    /// The values the built-in defaults file writes (the overworld's own defaults,
    /// which its tests compare with these).
    fn default() -> CombatConfig {
        CombatConfig {
            armour_protection: Written::builtin(0.3),
            damage_multiplier: Written::builtin(1.2),
            stun_probability: Written::builtin(0.1),
        }
    }
}

/// A setting's value as written in the config file, and where: for settings whose
/// owner (a mode) checks them after the file is read and names the place when one is
/// wrong ([`Origin::value_error`]).
///
/// Two are equal when their values are (where they were written is not compared).
#[derive(Clone, Debug)]
pub struct Written<T> {
    /// The value.
    pub value: T,
    /// Where it was written (the built-in defaults: no file).
    pub origin: Origin,
}

impl<T> Written<T> {
    /// `value` from the built-in defaults (no file, line 0).
    pub fn builtin(value: T) -> Written<T> {
        Written { value, origin: Origin { file: None, line: 0, column: 0 } }
    }
}

impl<T: PartialEq> PartialEq for Written<T> {
    fn eq(&self, other: &Written<T>) -> bool {
        self.value == other.value
    }
}

/// Settings of `maze` (ICMaze, CS-107 "Maze Games", EPFL).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct MazeSettings {
    /// The chance, in percent, that a broken rock leaves a heart (ICMaze §3.4: "e.g.
    /// 50%"). 0 to 100.
    pub heart_drop_percent: u8,
}

impl Default for MazeSettings {
    fn default() -> MazeSettings {
        MazeSettings { heart_drop_percent: 50 }
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
}

impl Default for CavesConfig {
    fn default() -> CavesConfig {
        CavesConfig { autopickup: Self::PICKUP_CLASSES.iter().map(|c| c.to_string()).collect() }
    }
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
/// actions keep theirs. Action names are the front end's to check (this crate does not
/// know each mode's actions).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct KeyBindings {
    modes: BTreeMap<String, BTreeMap<String, Binding>>,
}

impl KeyBindings {
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
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Config {
    /// World generation (hashed into worlds).
    pub generation: GenerationConfig,
    /// Play.
    pub play: PlayConfig,
    /// `maze`.
    pub maze: MazeSettings,
    /// Logging.
    pub log: LogConfig,
    /// `caves`.
    pub caves: CavesConfig,
    /// `serve` (the browser front end).
    pub web: WebConfig,
    /// The interface (terminal or window).
    pub ui: UiConfig,
    /// Key bindings per mode.
    pub keys: KeyBindings,
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
    /// A `[keys.MODE]` table for a mode torchlit does not have.
    #[error(
        "{}:{line}:{column}: unknown mode {mode:?} in [keys.MODE]; the modes are {}",
        path.display(),
        KEY_MODES.join(", ")
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

    /// The built-in defaults (CaveGame's values and the default key bindings).
    pub fn defaults() -> Config {
        let mut config = Config {
            generation: GenerationConfig::default(),
            play: PlayConfig::default(),
            maze: MazeSettings::default(),
            log: LogConfig::default(),
            caves: CavesConfig::default(),
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

    /// Applies one file's settings over `self`.
    fn apply_text(&mut self, text: &str, path: Option<&Path>) -> Result<(), ConfigError> {
        let shown = path.map_or_else(|| PathBuf::from(BUILTIN), Path::to_path_buf);
        let file: FileConfig = toml::from_str(text).map_err(|e| {
            let (line, column) = e.span().map_or((1, 1), |span| line_column(text, span.start));
            ConfigError::Syntax {
                path: shown.clone(),
                line,
                column,
                message: shorten_tokens(e.message().trim()),
            }
        })?;
        let cx = Cx { text, path: &shown, file: path };
        let mut next = self.clone();
        if let Some(g) = file.generation {
            g.apply(&mut next.generation, &cx)?;
        }
        if let Some(p) = file.play {
            p.apply(&mut next.play, &cx)?;
        }
        if let Some(m) = file.maze {
            let mut n = u32::from(next.maze.heart_drop_percent);
            set_int(&mut n, m.heart_drop_percent, "maze.heart_drop_percent", 0..=100, &cx)?;
            next.maze.heart_drop_percent = u8::try_from(n).unwrap_or(100);
        }
        if let Some(w) = file.web {
            set_int(
                &mut next.web.max_sessions,
                w.max_sessions,
                "web.max_sessions",
                1..=10_000,
                &cx,
            )?;
            if let Some(public) = w.public {
                next.web.public = public;
            }
        }
        if let Some(front_end) = file.ui.and_then(|u| u.front_end) {
            next.ui.front_end = front_end.into_inner();
        }
        if let Some(l) = file.log
            && let Some(level) = l.level
        {
            next.log.level = level.into_inner();
        }
        if let Some(classes) = file.caves.and_then(|c| c.autopickup) {
            next.caves.autopickup = pickup_classes(classes, &cx)?;
        }
        for (mode, actions) in file.keys.unwrap_or_default() {
            apply_keys(&mut next.keys, mode, actions, &cx)?;
        }
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
        assert_eq!(config.generation, GenerationConfig::default());
        assert_eq!(config.play, PlayConfig::default());
        assert_eq!(config.log, LogConfig::default());
        assert!(config.keys.get("overworld", "north").is_some());
    }

    #[test]
    fn caves_autopickup_takes_item_classes_and_names_a_bad_one() {
        assert_eq!(Config::defaults().caves, CavesConfig::default());
        let path = Path::new("t.toml");
        let config = Config::parse("[caves]\nautopickup = [\"armour\"]\n", path).expect("ok");
        assert_eq!(config.caves.autopickup, vec!["armour".to_string()]);
        let none = Config::parse("[caves]\nautopickup = []\n", path).expect("ok");
        assert!(none.caves.autopickup.is_empty());
        let err = Config::parse("[caves]\nautopickup = [\"food\", \"rocks\"]\n", path)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(err.contains("t.toml:2:") && err.contains("\"rocks\" is no item class"), "{err}");
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
