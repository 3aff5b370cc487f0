//! The plain records of worlds and saves (no database needed): what a world is made
//! from, its record, a list entry, what a commit did, the outcome of a background save.

use torchlit_rng::Seed;

use crate::{ConfigHash, SaveError, WorldId};

/// What a new world is made from: see [`WorldStore::create`](crate::WorldStore::create).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorldSpec {
    /// The player's name for the world: any text at all (empty, `/`, `\`, `..`, emoji,
    /// very long). Stored as text, shown back exactly, never used as a path.
    pub name: String,
    /// The mode that plays it (`"overworld"`, `"caves"`...), for the world list.
    pub mode: String,
    /// The world's seed.
    pub seed: Seed,
    /// The seed as the player gave it (CaveGame's `worldSeed`: any text), for display.
    pub seed_text: String,
    /// The hash of the generation config the world is generated with (see
    /// `torchlit_ui::overworld::config::GenerationConfig::hash`).
    pub config_hash: ConfigHash,
}

/// A world's record, as stored in its database (CaveGame's `world.json`, and more).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorldInfo {
    /// The world's id (its file name).
    pub id: WorldId,
    /// The player's name for the world, exactly as given.
    pub name: String,
    /// The mode that plays it.
    pub mode: String,
    /// The world's seed.
    pub seed: Seed,
    /// The seed as the player gave it.
    pub seed_text: String,
    /// The generation config hash the world was created with.
    pub config_hash: ConfigHash,
    /// When the world was created, in seconds since the Unix epoch.
    pub created: u64,
    /// When the world was last saved ("last played"), in seconds since the Unix epoch.
    pub last_played: u64,
    /// How many saves have been committed.
    pub saves: u64,
    /// The world's save format version.
    pub format_version: u32,
    /// The torchlit version that last opened the world for writing.
    pub game_version: String,
}

/// What one commit did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CommitInfo {
    /// The world's save count after this commit (1 for the first save).
    pub saves: u64,
    /// The commit's time ("last played"), in seconds since the Unix epoch.
    pub at: u64,
    /// Encoded bytes written.
    pub bytes: usize,
}

/// The world's generation config compared with the current one: see
/// [`OpenWorld::generation_check`](crate::OpenWorld::generation_check).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GenerationCheck {
    /// Same generation config as when the world was created.
    Same,
    /// The generation config changed since the world was created: regions generated from
    /// now on may not join the stored ones (Freddy Heppell's CaveGame warns of the same).
    Changed {
        /// The hash stored in the world.
        stored: ConfigHash,
        /// The hash of the config in use now.
        current: ConfigHash,
    },
}

impl GenerationCheck {
    /// Compares a world's `stored` generation config hash with the `current` one.
    pub fn of(stored: ConfigHash, current: ConfigHash) -> GenerationCheck {
        if stored == current {
            GenerationCheck::Same
        } else {
            GenerationCheck::Changed { stored, current }
        }
    }
}

/// One line of the world list: a world's id and either its record or why it can't be read.
#[derive(Debug)]
pub struct WorldEntry {
    /// The world's id.
    pub id: WorldId,
    /// The world's record, or the error opening it ([`SaveError::Corrupt`],
    /// [`SaveError::Foreign`], [`SaveError::NewerVersion`], [`SaveError::InUse`]...).
    pub info: Result<WorldInfo, SaveError>,
}

/// Identifies one submitted save: tickets count up from 1 in submission order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Ticket(pub u64);

/// The outcome of the saves up to a ticket, from [`WorldSaver::poll`](crate::WorldSaver::poll).
///
/// Saves that queue up while the worker is busy are merged and committed as one
/// transaction, so one report can cover several tickets: every ticket after the previous
/// report, up to and including `through`.
#[derive(Debug)]
pub struct SaveReport {
    /// The last ticket this report covers.
    pub through: Ticket,
    /// The commit, or why it failed. After a failure the worker keeps the unsaved records
    /// and writes them with the next save (or at [`WorldSaver::flush`](crate::WorldSaver::flush) /
    /// [`WorldSaver::finish`](crate::WorldSaver::finish)), so
    /// a passing problem (a full disk, freed again) loses nothing.
    pub result: Result<CommitInfo, SaveError>,
}
