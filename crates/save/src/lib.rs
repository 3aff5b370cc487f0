//! torchlit's persistence: worlds, saves, configuration, paths and logs.
//!
//! This is the only library crate that touches files. It knows nothing of the game's
//! types: records are any serde types, encoded with postcard.
//!
//! - **Worlds.** One SQLite database per world ([`WorldDb`], `<id>.db` in the worlds
//!   directory of a [`Store`]) in WAL mode: the world record (name, seed, mode, the
//!   [`ConfigHash`] of its generation config, last played), the player record, one row
//!   per *modified* region (unmodified regions are regenerated from the seed), or one
//!   whole-game snapshot (the caves mode), plus a header (magic, format version, game
//!   version, seed) and migrations by version.
//! - **Saves.** A [`Save`] is committed as one transaction: a process killed at any
//!   moment leaves the world at its last commit. [`Saver`] commits in the background and
//!   reports every outcome back. [`RegionCache`] is the LRU of loaded regions.
//! - **Damage.** A damaged, foreign or newer file gets its own error ([`SaveError::Corrupt`],
//!   [`SaveError::Foreign`], [`SaveError::NewerVersion`]; a missing one
//!   [`SaveError::NoSave`]), is never written to, and never affects other worlds.
//! - **Names** are display text, stored exactly; files are named by a generated
//!   [`WorldId`].
//! - **Config.** [`Config`]: built-in defaults (CaveGame's), the user's TOML file
//!   (created from a commented template), key bindings ([`Input`]s); each mode's table
//!   is a [`Section`] its owner declares and checks, with the file, line and column.
//! - **Paths and logs.** [`Paths`] (OS directories or `--data-dir` / `--config`),
//!   [`init_logging`] (a rotating file, never the screen).
//!
//! - **Recordings.** [`recording`]: a game as its start and its inputs (any serde type),
//!   with state-hash checkpoints, in a versioned, checksummed file in
//!   `<data dir>/recordings`; the format is documented there.
//!
//! - **Store traits.** What screens need, without SQLite: [`WorldStore`] (list, create,
//!   open, delete worlds; high scores) -> [`OpenWorld`] (records, commits) ->
//!   [`WorldSaver`] (commits in the background). Every mode that saves goes through
//!   them: the overworld's worlds, and `caves` runs (one world per run, its whole-game
//!   snapshot, its morgue and recording beside it). [`Store`] and [`WorldDb`] implement
//!   them; [`MemoryWorlds`] keeps worlds in memory for tests. What a mode stores, its
//!   layouts, versions and migrations live with the mode (in `torchlit-ui`): this crate
//!   knows no game type.
//!
//! Feature `sqlite` (on by default) is everything built on SQLite: [`Store`], [`WorldDb`],
//! [`Saver`], the schema and the SQLite stores. Without it (`default-features = false`,
//! what `torchlit-ui` uses) the crate links no SQLite and keeps the traits, the memory
//! store, [`Save`], recordings, config, paths, scores, ids, errors and logging.
//!
//! Left out: which config section a mode reads is the mode's business.
//!
//! ```
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! # let dir = tempfile::tempdir()?;
//! use serde::{Deserialize, Serialize};
//! use torchlit_rng::Seed;
//! use torchlit_save::{Config, ConfigHash, Paths, RegionKey, Save, Store, WorldSpec};
//!
//! #[derive(Serialize, Deserialize, PartialEq, Debug)]
//! struct Player { x: i32, y: i32, gold: u32 }
//!
//! let paths = Paths::in_dir(dir.path()); // or Paths::resolve(--data-dir, --config)
//! let _config = Config::load(&paths)?;   // creates the commented template on first run
//! let store = Store::new(&paths);
//! let mut world = store.create(&WorldSpec {
//!     name: "Testing World".into(),
//!     mode: "overworld".into(),
//!     seed: Seed::from_text("abc123"),
//!     seed_text: "abc123".into(),
//!     config_hash: ConfigHash(7), // what the settings that shape the world hash to
//! })?;
//!
//! let mut save = Save::new();
//! save.set_player(&Player { x: 3, y: -4, gold: 21 })?;
//! save.set_region(RegionKey::new(0, -1), &vec![0u8; 2500])?; // a chest was opened there
//! world.commit(&save)?; // one transaction
//!
//! assert_eq!(world.load_player::<Player>()?, Player { x: 3, y: -4, gold: 21 });
//! assert!(world.load_region::<Vec<u8>>(RegionKey::new(5, 5))?.is_none()); // regenerate it
//! # Ok(()) }
//! ```

mod batch;
mod cache;
mod codec;
mod config;
mod error;
mod fsutil;
mod id;
mod info;
#[cfg(feature = "sqlite")]
mod lock;
mod logging;
mod memory;
mod paths;
#[cfg(feature = "sqlite")]
mod saver;
#[cfg(feature = "sqlite")]
mod schema;
mod scores;
#[cfg(feature = "sqlite")]
mod store;
#[cfg(feature = "sqlite")]
mod world;
mod worlds;

pub mod recording;

pub use batch::{RegionKey, Save};
pub use cache::{RegionCache, RegionSource};
pub use config::{
    Binding, Config, ConfigError, ConfigHash, DEFAULTS_TOML, FrontEnd, KeyBindings, LogConfig,
    LogLevel, Number, Origin, Place, Section, UiConfig, WebConfig, shorten,
};
pub use error::{Record, SaveError, StoreError};
pub use id::WorldId;
pub use info::{CommitInfo, GenerationCheck, SaveReport, Ticket, WorldEntry, WorldInfo, WorldSpec};
pub use logging::{LogError, LogGuard, init_logging};
pub use memory::MemoryWorlds;
pub use paths::{CONFIG_FILE_NAME, NoHomeDir, Paths};
#[cfg(feature = "sqlite")]
pub use saver::Saver;
#[cfg(feature = "sqlite")]
pub use schema::FORMAT_VERSION;
pub use scores::{KEPT_SCORES, SCORES_FILE, Score};
#[cfg(feature = "sqlite")]
pub use store::Store;
/// A value of a config file with its place (`toml`'s, for a [`Section`]'s `Written` table).
pub use toml::Spanned;
pub use torchlit_console::{Input, KeyNameError};
#[cfg(feature = "sqlite")]
pub use world::WorldDb;
pub use worlds::{OpenWorld, WorldSaver, WorldStore};
