//! What a game's screens need from a store of worlds, as traits a front end supplies: the
//! terminal and the browser hand over the SQLite [`Store`](crate::Store) (feature
//! `sqlite`), tests the [`MemoryWorlds`](crate::MemoryWorlds). The screens never name the
//! database.
//!
//! Records cross these traits encoded (postcard, see [`Save`]); the typed loaders are on
//! `dyn OpenWorld` ([`OpenWorld::load_player`](trait.OpenWorld.html#method.load_player)
//! and the others), so every store decodes and reports damage the same way.

use std::fmt;
use std::path::Path;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::codec::decode;
use crate::{
    CommitInfo, ConfigHash, GenerationCheck, Record, RegionKey, Save, SaveError, SaveReport, Score,
    Ticket, WorldEntry, WorldId, WorldInfo, WorldSpec,
};

/// One world open for play: its records, and commits of whole [`Save`]s.
pub trait OpenWorld: fmt::Debug {
    /// The world's record as it was opened.
    fn info(&self) -> &WorldInfo;

    /// Where the world is kept (its file), as errors name it.
    fn path(&self) -> &Path;

    /// The encoded player record, `None` when none was saved.
    ///
    /// # Errors
    /// When the store can't be read.
    fn player_bytes(&self) -> Result<Option<Vec<u8>>, SaveError>;

    /// The encoded whole-game snapshot, `None` when none was saved.
    ///
    /// # Errors
    /// When the store can't be read.
    fn snapshot_bytes(&self) -> Result<Option<Vec<u8>>, SaveError>;

    /// The keys of every stored (modified) region, sorted.
    ///
    /// # Errors
    /// When the store can't be read.
    fn region_keys(&self) -> Result<Vec<RegionKey>, SaveError>;

    /// The encoded region `key`, `None` when it was never saved (regenerate it).
    ///
    /// # Errors
    /// When the store can't be read.
    fn region_bytes(&self, key: RegionKey) -> Result<Option<Vec<u8>>, SaveError>;

    /// The game's recording so far, as saved with [`Save::set_recording`].
    ///
    /// # Errors
    /// When the store can't be read.
    fn load_recording(&self) -> Result<Option<Vec<u8>>, SaveError>;

    /// Writes `save` as one transaction: all of it or nothing.
    ///
    /// # Errors
    /// When it could not be written; the world then holds its last commit.
    fn commit(&mut self, save: &Save) -> Result<CommitInfo, SaveError>;

    /// Hands the world to a saver that commits in the background of play.
    ///
    /// # Errors
    /// When the saver can't be started.
    fn save_in_background(self: Box<Self>) -> Result<Box<dyn WorldSaver>, SaveError>;

    /// Closes the world (others may open it again).
    ///
    /// # Errors
    /// When it can't close cleanly; everything committed stays saved.
    fn close(self: Box<Self>) -> Result<(), SaveError>;

    /// Deletes the world (permadeath), holding it until it is gone so no other torchlit
    /// opens it in between. Its morgue text stays.
    ///
    /// # Errors
    /// When its files can't be removed.
    fn delete(self: Box<Self>) -> Result<(), SaveError>;

    /// Compares the world's generation config hash with `current`.
    fn generation_check(&self, current: ConfigHash) -> GenerationCheck {
        GenerationCheck::of(self.info().config_hash, current)
    }
}

impl dyn OpenWorld + '_ {
    /// Loads the player record.
    ///
    /// # Errors
    /// [`SaveError::NoSave`] when no player record was ever saved; [`SaveError::Corrupt`]
    /// when it does not decode as a `P`.
    pub fn load_player<P: DeserializeOwned>(&self) -> Result<P, SaveError> {
        let bytes = self.player_bytes()?.ok_or_else(|| self.no_save(Record::Player))?;
        decode(&bytes, self.path(), || "the player record".to_owned())
    }

    /// Loads a modified region: `None` when it was never saved.
    ///
    /// # Errors
    /// [`SaveError::Corrupt`] when the stored region does not decode as an `R`.
    pub fn load_region<R: DeserializeOwned>(&self, key: RegionKey) -> Result<Option<R>, SaveError> {
        match self.region_bytes(key)? {
            Some(bytes) => decode(&bytes, self.path(), || format!("region {key}")).map(Some),
            None => Ok(None),
        }
    }

    /// Loads the whole-game snapshot.
    ///
    /// # Errors
    /// [`SaveError::NoSave`] when none was saved; [`SaveError::Corrupt`] when it does not
    /// decode as a `T`.
    pub fn load_snapshot<T: DeserializeOwned>(&self) -> Result<T, SaveError> {
        let bytes = self.snapshot_bytes()?.ok_or_else(|| self.no_save(Record::Snapshot))?;
        decode(&bytes, self.path(), || "the game snapshot".to_owned())
    }

    /// Saves the whole-game snapshot as one commit.
    ///
    /// # Errors
    /// [`SaveError::Encode`], or any error of [`OpenWorld::commit`].
    pub fn save_snapshot<T: Serialize + ?Sized>(
        &mut self,
        snapshot: &T,
    ) -> Result<CommitInfo, SaveError> {
        let mut save = Save::new();
        save.set_snapshot(snapshot)?;
        self.commit(&save)
    }

    fn no_save(&self, what: Record) -> SaveError {
        SaveError::NoSave { id: self.info().id.clone(), what }
    }
}

/// An open world saving in the background: the game hands it saves and plays on; every
/// outcome comes back through [`WorldSaver::poll`].
pub trait WorldSaver: fmt::Debug {
    /// Queues `save` and returns at once.
    ///
    /// # Errors
    /// [`SaveError::SaverStopped`] when the saver is gone.
    fn submit(&mut self, save: Save) -> Result<Ticket, SaveError>;

    /// What was committed or failed since the last poll.
    fn poll(&mut self) -> Vec<SaveReport>;

    /// Saves submitted and not yet reported.
    fn pending(&self) -> u64;

    /// Waits until every save submitted so far is written.
    ///
    /// # Errors
    /// The last failure when the world does not hold everything submitted.
    fn flush(&mut self) -> Result<(), SaveError>;

    /// Waits for every save, then hands the world back (to close it).
    ///
    /// # Errors
    /// The last save's error when the world does not hold the latest save.
    fn finish(self: Box<Self>) -> Result<Box<dyn OpenWorld>, SaveError>;
}

/// A directory (or any keeper) of worlds: the world list, making, opening and deleting
/// worlds, and the high-score table kept beside them.
pub trait WorldStore: fmt::Debug {
    /// Every world: the readable ones first, most recently played first, then the ones
    /// that can't be opened, each with its error.
    ///
    /// # Errors
    /// [`SaveError::Io`] when the worlds themselves can't be listed.
    fn list(&self) -> Result<Vec<WorldEntry>, SaveError>;

    /// Makes a world from `spec` and opens it. Its id comes from its name and is never
    /// the name itself.
    ///
    /// # Errors
    /// When it can't be made (a full disk, a read-only directory...).
    fn create(&self, spec: &WorldSpec) -> Result<Box<dyn OpenWorld>, SaveError>;

    /// Opens world `id` for play; no other open of it succeeds until it is closed.
    ///
    /// # Errors
    /// [`SaveError::NoSave`] (no such world), [`SaveError::Corrupt`],
    /// [`SaveError::Foreign`], [`SaveError::NewerVersion`], [`SaveError::InUse`]: the world
    /// is left as it was.
    fn open(&self, id: &WorldId) -> Result<Box<dyn OpenWorld>, SaveError>;

    /// Opens world `id` only to read it (the world list's `won`/`died` marks): no lock
    /// is taken and nothing is written; never for play.
    ///
    /// # Errors
    /// As [`WorldStore::open`]; [`SaveError::InUse`] while it is open for play.
    fn peek(&self, id: &WorldId) -> Result<Box<dyn OpenWorld>, SaveError>;

    /// Deletes world `id` (the caller has asked the player).
    ///
    /// # Errors
    /// [`SaveError::NoSave`] if it is gone already; [`SaveError::InUse`] while it is open.
    fn delete(&self, id: &WorldId) -> Result<(), SaveError>;

    /// Mode `mode`'s best finished games, best first (ties: the earlier game first).
    ///
    /// # Errors
    /// When the table can't be read.
    fn high_scores(&self, mode: &str) -> Result<Vec<Score>, SaveError>;

    /// Adds a finished game, keeping each mode's [`KEPT_SCORES`](crate::KEPT_SCORES) best;
    /// returns its rank in its mode (1 is the best), `None` if it did not make the table.
    ///
    /// # Errors
    /// When the table can't be read or written.
    fn add_score(&self, score: Score) -> Result<Option<usize>, SaveError>;

    /// Where the worlds are kept, for the player (a directory).
    fn location(&self) -> String;

    /// `error` (one this store returned) in the words the player may see: the error's
    /// own message by default; a store whose place is hidden from its players (a public
    /// server's) names no path in it.
    fn explain(&self, error: &SaveError) -> String {
        error.to_string()
    }

    /// Writes world `id`'s morgue text (the story of its finished game) beside the
    /// worlds, replacing an older one, whole or not at all; returns where it went, for
    /// the player. It outlives the world.
    ///
    /// # Errors
    /// When it can't be written.
    fn write_morgue(&self, id: &WorldId, text: &str) -> Result<String, SaveError>;

    /// Keeps `bytes` (a recording file) beside world `id` as its recording so far,
    /// replacing the one before, whole or not at all (the modes that save a whole-game
    /// snapshot keep it here; the overworld keeps its recording in the world, see
    /// [`Save::set_recording`]).
    ///
    /// # Errors
    /// When it can't be written.
    fn save_recording(&self, id: &WorldId, bytes: &[u8]) -> Result<(), SaveError>;

    /// The recording kept beside world `id` by [`WorldStore::save_recording`], if any.
    ///
    /// # Errors
    /// When one exists but can't be read.
    fn load_recording(&self, id: &WorldId) -> Result<Option<Vec<u8>>, SaveError>;

    /// Removes the recording kept beside world `id` (its game ended); none is fine.
    ///
    /// # Errors
    /// When one exists and can't be removed.
    fn remove_recording(&self, id: &WorldId) -> Result<(), SaveError>;
}
