//! Where `caves` runs are kept: the front end supplies a [`CavesStore`] (the terminal's
//! and the browser's is [`SqliteStore`], feature `sqlite`: one world of the save store
//! per run, the morgue files beside them); the screens only call it.

use std::fmt;

use torchlit_sim::modes::caves::{Caves, Seed};

/// Why the store could not do what was asked (one line for the player).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoreError(pub String);

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StoreError {}

/// Keeps the run in progress and the morgue files of finished ones.
pub trait CavesStore {
    /// Saves `game` as the run to continue (replacing the one saved before).
    ///
    /// # Errors
    /// When it could not be saved: the game must then go on, nothing is lost.
    fn save(&mut self, game: &Caves) -> Result<(), StoreError>;

    /// The saved run to continue, if there is one. Whether the save stays is the store's
    /// choice: the SQLite store (`SqliteStore`, feature `sqlite`) keeps it (open and locked) until the run is saved
    /// again or ends, so a run killed mid-play continues from its last save; the memory
    /// stores hand it over.
    ///
    /// # Errors
    /// When a save exists but can't be read (damaged, foreign, newer).
    fn load(&mut self) -> Result<Option<Caves>, StoreError>;

    /// A one-line description of the saved run ("seed 3, turn 120"), if there is one;
    /// the save stays.
    ///
    /// # Errors
    /// When the saves can't be listed.
    fn saved(&mut self) -> Result<Option<String>, StoreError>;

    /// A run has ended: writes its morgue text beside the saves and deletes its save
    /// (permadeath). Returns where the morgue went.
    ///
    /// # Errors
    /// When the morgue can't be written or the save can't be deleted.
    fn finish(&mut self, game: &Caves, morgue: &str) -> Result<String, StoreError>;

    /// Every saved run with its seed, the one [`CavesStore::load`] gives first, then the
    /// others most recently played first, each described as [`describe_run`] does with
    /// the date of its last save when the store knows it ("seed 3, level 2, turn 120,
    /// saved 2026-11-29 05:40"). The default lists none (a store of one run: see
    /// [`CavesStore::saved`]).
    ///
    /// # Errors
    /// When the saves can't be listed.
    fn runs(&mut self) -> Result<Vec<(Seed, String)>, StoreError> {
        Ok(Vec::new())
    }

    /// Makes the saved run of `seed` the one [`CavesStore::saved`] describes and
    /// [`CavesStore::load`] gives; `false` (nothing changes) when no run of that seed is
    /// saved. The default knows one run only.
    ///
    /// # Errors
    /// When the saves can't be listed.
    fn choose(&mut self, seed: Seed) -> Result<bool, StoreError> {
        let _ = seed;
        Ok(false)
    }

    /// Keeps the recording so far (`bytes`, the recording file format) with the run just
    /// saved by [`CavesStore::save`], so a continued run records on. The default keeps
    /// nothing.
    ///
    /// # Errors
    /// When it could not be written (the save itself stands).
    fn save_recording(&mut self, game: &Caves, bytes: &[u8]) -> Result<(), StoreError> {
        let _ = (game, bytes);
        Ok(())
    }

    /// The recording kept with the saved run `game` (just loaded), if there is one.
    fn load_recording(&mut self, game: &Caves) -> Option<Vec<u8>> {
        let _ = game;
        None
    }
}

/// How a saved run is named to the player: "seed 3, level 2, turn 120".
pub fn describe_run(game: &Caves) -> String {
    format!("seed {}, level {}, turn {}", game.seed(), game.depth() + 1, game.turn().0)
}

#[cfg(feature = "sqlite")]
pub use sqlite::SqliteStore;

#[cfg(feature = "sqlite")]
mod sqlite;
