//! The directory of worlds: create, list, open, delete, morgue files.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::id::{self, WorldId};
use crate::info::{WorldEntry, WorldSpec};
use crate::world::{Check, WorldDb};
use crate::{OpenWorld, Paths, SaveError, Score, WorldStore, fsutil};

/// Extension of world databases.
const DB_EXT: &str = "db";
/// SQLite's files beside a database, removed with it.
const SIDECARS: [&str; 4] = ["-wal", "-shm", "-journal", crate::lock::LOCK_SUFFIX];
/// Age after which a temporary file is known to be abandoned.
const STALE_AFTER: std::time::Duration = std::time::Duration::from_secs(3600);
/// Suffix of morgue files.
const MORGUE_SUFFIX: &str = ".morgue.txt";

/// The worlds directory: one SQLite database per world, named `<id>.db`.
///
/// Each world is its own file, so a damaged or foreign file only ever affects itself: the
/// list shows it as an entry with its error, and every other world opens as usual.
///
/// ```
/// # fn main() -> Result<(), torchlit_save::SaveError> {
/// # let dir = tempfile::tempdir().map_err(|e| torchlit_save::SaveError::BadId(e.to_string()))?;
/// use torchlit_save::{ConfigHash, Save, Store, WorldSpec};
/// use torchlit_rng::Seed;
///
/// let store = Store::at(dir.path());
/// let spec = WorldSpec {
///     name: "Testing World".into(),
///     mode: "overworld".into(),
///     seed: Seed::from_text("abc123"),
///     seed_text: "abc123".into(),
///     config_hash: ConfigHash(7),
/// };
/// let mut world = store.create(&spec)?;
/// world.commit(Save::new().set_player(&(3, 4))?)?;
/// let id = world.id().clone();
/// drop(world);
///
/// let list = store.list()?;
/// assert_eq!(list[0].info.as_ref().map(|i| i.name.as_str()).ok(), Some("Testing World"));
/// assert_eq!(store.open(&id)?.load_player::<(i32, i32)>()?, (3, 4));
/// # Ok(()) }
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Store {
    dir: PathBuf,
}

impl Store {
    /// The worlds directory of `paths` (`<data dir>/worlds`).
    pub fn new(paths: &Paths) -> Store {
        Store { dir: paths.worlds_dir() }
    }

    /// The worlds directory `dir`.
    pub fn at(dir: impl Into<PathBuf>) -> Store {
        Store { dir: dir.into() }
    }

    /// The worlds directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The database file of world `id`.
    pub fn db_path(&self, id: &WorldId) -> PathBuf {
        self.dir.join(format!("{id}.{DB_EXT}"))
    }

    /// The morgue file of world `id` (see [`Store::write_morgue`]).
    pub fn morgue_path(&self, id: &WorldId) -> PathBuf {
        self.dir.join(format!("{id}{MORGUE_SUFFIX}"))
    }

    /// Creates a world and opens it. Its id is a slug of the name plus the next unused
    /// sequence number (`"testing-world-1"`): the name itself is never a path.
    ///
    /// The file is built under a temporary name and linked into place only when complete,
    /// so a process killed while creating leaves no half-made world.
    ///
    /// # Errors
    /// [`SaveError::Io`] if the directory can't be created or written;
    /// [`SaveError::Database`] from SQLite.
    pub fn create(&self, spec: &WorldSpec) -> Result<WorldDb, SaveError> {
        fs::create_dir_all(&self.dir).map_err(|e| SaveError::io("creating", &self.dir, e))?;
        self.remove_stale_temporaries();
        let slug = id::slug(&spec.name);
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let unique = COUNTER.fetch_add(1, Ordering::Relaxed);
        let temp =
            self.dir.join(format!(".creating-{slug}-{}-{unique}.{DB_EXT}", std::process::id()));
        remove_world_files(&temp)?;
        let made = WorldDb::create_file(&temp, spec).and_then(|()| self.claim(&temp, &slug));
        let removed = remove_world_files(&temp);
        let id = made?;
        removed?;
        tracing::info!(%id, name = %spec.name, mode = %spec.mode, "created world");
        self.open(&id)
    }

    /// Removes what a killed process may have left: half-made worlds (`.creating-*`) and
    /// half-written files (`.*.tmp-*`) older than an hour (younger ones may still be in
    /// use by another process). Best effort: errors are ignored.
    fn remove_stale_temporaries(&self) {
        let Ok(entries) = fs::read_dir(&self.dir) else { return };
        for entry in entries.flatten() {
            let name = entry.file_name();
            let Some(name) = name.to_str() else { continue };
            let temporary =
                name.starts_with(".creating-") || (name.starts_with('.') && name.contains(".tmp-"));
            let stale = entry
                .metadata()
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.elapsed().ok())
                .is_some_and(|age| age > STALE_AFTER);
            if temporary && stale {
                let _ = fs::remove_file(entry.path());
            }
        }
    }

    /// Links the finished file at `temp` to the first free `<slug>-<n>.db`, never
    /// replacing an existing file.
    fn claim(&self, temp: &Path, slug: &str) -> Result<WorldId, SaveError> {
        let mut n = self.next_sequence(slug)?;
        loop {
            let id = WorldId::numbered(slug, n);
            let path = self.db_path(&id);
            match fs::hard_link(temp, &path) {
                Ok(()) => return Ok(id),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => n += 1,
                Err(_) if !path.exists() => {
                    // No hard links on this file system: rename instead (the name was
                    // free a moment ago).
                    fs::rename(temp, &path).map_err(|e| SaveError::io("renaming", temp, e))?;
                    return Ok(id);
                }
                Err(e) => return Err(SaveError::io("linking", &path, e)),
            }
        }
    }

    /// One more than the highest sequence number of any file for `slug`, so an id is
    /// never reused while any of its files (a morgue, a stray log) remains.
    fn next_sequence(&self, slug: &str) -> Result<u64, SaveError> {
        let mut highest = 0;
        for entry in fs::read_dir(&self.dir).map_err(|e| SaveError::io("reading", &self.dir, e))? {
            let entry = entry.map_err(|e| SaveError::io("reading", &self.dir, e))?;
            if let Some(name) = entry.file_name().to_str()
                && let Some(n) = id::sequence_of(name, slug)
            {
                highest = highest.max(n);
            }
        }
        Ok(highest.saturating_add(1))
    }

    /// Opens world `id` for play: checks the file (header, version, every page), migrates
    /// an older format, and takes the world's lock.
    ///
    /// # Errors
    /// [`SaveError::NoSave`] (no such world), [`SaveError::Corrupt`],
    /// [`SaveError::Foreign`], [`SaveError::NewerVersion`], [`SaveError::InUse`]; the file
    /// is left as it was in each case.
    pub fn open(&self, id: &WorldId) -> Result<WorldDb, SaveError> {
        WorldDb::open_at(self.db_path(id), id.clone(), Check::Full)
    }

    /// Opens world `id` to read it, as the list does: a light check, no lock taken, no
    /// migration; nothing is written. For a look at a world's records (the list's marks),
    /// never for play ([`Store::open`]).
    ///
    /// # Errors
    /// As [`Store::open`]; [`SaveError::InUse`] while it is open for play.
    pub fn peek(&self, id: &WorldId) -> Result<WorldDb, SaveError> {
        WorldDb::open_at(self.db_path(id), id.clone(), Check::Light)
    }

    /// Every world in the directory: the readable ones first, most recently played first,
    /// then the ones that can't be opened, each with its error. A missing directory is an
    /// empty list.
    ///
    /// # Errors
    /// [`SaveError::Io`] only if the directory itself can't be read.
    pub fn list(&self) -> Result<Vec<WorldEntry>, SaveError> {
        let entries = match fs::read_dir(&self.dir) {
            Ok(entries) => entries,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(SaveError::io("reading", &self.dir, e)),
        };
        let mut worlds = Vec::new();
        for entry in entries {
            let entry = entry.map_err(|e| SaveError::io("reading", &self.dir, e))?;
            let name = entry.file_name();
            let Some(stem) = name.to_str().and_then(|n| n.strip_suffix(".db")) else { continue };
            let Ok(id) = WorldId::parse(stem) else { continue };
            // Never opened unless it is a regular file (a FIFO would block the list).
            let info = match entry.file_type() {
                Ok(t) if !t.is_file() => {
                    Err(SaveError::NotAFile { path: entry.path(), kind: crate::fsutil::kind_of(t) })
                }
                _ => WorldDb::open_at(entry.path(), id.clone(), Check::Light)
                    .map(|db| db.info().clone()),
            };
            worlds.push(WorldEntry { id, info });
        }
        worlds.sort_by(|a, b| match (&a.info, &b.info) {
            (Ok(x), Ok(y)) => y.last_played.cmp(&x.last_played).then_with(|| a.id.cmp(&b.id)),
            (Ok(_), Err(_)) => std::cmp::Ordering::Less,
            (Err(_), Ok(_)) => std::cmp::Ordering::Greater,
            (Err(_), Err(_)) => a.id.cmp(&b.id),
        });
        Ok(worlds)
    }

    /// Deletes world `id` (the caller has asked the player to confirm). Works on damaged
    /// files too. Refused while the world is open (in this process or another): close
    /// any open [`WorldDb`] of it first (or use [`WorldDb::delete`]). Its morgue file
    /// stays.
    ///
    /// # Errors
    /// [`SaveError::NoSave`] if there is no such world; [`SaveError::InUse`] while it is
    /// open; [`SaveError::Io`] if a file can't be removed.
    pub fn delete(&self, id: &WorldId) -> Result<(), SaveError> {
        let path = self.db_path(id);
        if fs::symlink_metadata(&path).is_err() {
            return Err(SaveError::NoSave { id: id.clone(), what: crate::Record::World });
        }
        // The same lock as opening: held until the files are gone.
        let lock = crate::lock::WorldLock::acquire(&path)?;
        let removed = remove_world_files(&path);
        drop(lock);
        removed?;
        tracing::info!(%id, "deleted world");
        Ok(())
    }

    /// Writes a text "morgue" file for world `id` (the story of a finished game), beside
    /// the saves as `<id>.morgue.txt`, replacing an older one. Written to a temporary file
    /// and renamed, so it is either the old or the new text, never a mix.
    ///
    /// # Errors
    /// [`SaveError::Io`] if it can't be written.
    pub fn write_morgue(&self, id: &WorldId, text: &str) -> Result<PathBuf, SaveError> {
        let path = self.morgue_path(id);
        fsutil::write_atomic(&path, text.as_bytes())
            .map_err(|e| SaveError::io("writing", &path, e))?;
        Ok(path)
    }

    /// Where the recording so far of world `id`'s game is kept: beside its database as
    /// `<id>.tlrec` (see [`crate::recording`]), so a continued game records on.
    pub fn recording_path(&self, id: &WorldId) -> PathBuf {
        self.dir.join(format!("{id}.{}", crate::recording::EXTENSION))
    }

    /// Keeps `bytes` (a recording file) as world `id`'s recording so far, replacing the
    /// one before; old or new, never a mix.
    ///
    /// # Errors
    /// [`SaveError::Io`] if it can't be written.
    pub fn save_recording(&self, id: &WorldId, bytes: &[u8]) -> Result<(), SaveError> {
        let path = self.recording_path(id);
        fsutil::write_atomic(&path, bytes).map_err(|e| SaveError::io("writing", &path, e))
    }

    /// World `id`'s recording so far, if one was kept.
    ///
    /// # Errors
    /// [`SaveError::Io`] if it exists but can't be read.
    pub fn load_recording(&self, id: &WorldId) -> Result<Option<Vec<u8>>, SaveError> {
        let path = self.recording_path(id);
        match fs::read(&path) {
            Ok(bytes) => Ok(Some(bytes)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(SaveError::io("reading", &path, e)),
        }
    }

    /// Removes world `id`'s recording so far (its game ended); a missing one is fine.
    ///
    /// # Errors
    /// [`SaveError::Io`] if it exists and can't be removed.
    pub fn remove_recording(&self, id: &WorldId) -> Result<(), SaveError> {
        let path = self.recording_path(id);
        match fs::remove_file(&path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(SaveError::io("removing", &path, e)),
        }
    }
}

impl WorldStore for Store {
    fn list(&self) -> Result<Vec<WorldEntry>, SaveError> {
        Store::list(self)
    }

    fn create(&self, spec: &WorldSpec) -> Result<Box<dyn OpenWorld>, SaveError> {
        Ok(Box::new(Store::create(self, spec)?))
    }

    fn open(&self, id: &WorldId) -> Result<Box<dyn OpenWorld>, SaveError> {
        Ok(Box::new(Store::open(self, id)?))
    }

    fn peek(&self, id: &WorldId) -> Result<Box<dyn OpenWorld>, SaveError> {
        Ok(Box::new(Store::peek(self, id)?))
    }

    fn delete(&self, id: &WorldId) -> Result<(), SaveError> {
        Store::delete(self, id)
    }

    fn high_scores(&self, mode: &str) -> Result<Vec<Score>, SaveError> {
        Store::high_scores(self, mode)
    }

    fn add_score(&self, score: Score) -> Result<Option<usize>, SaveError> {
        Store::add_score(self, score)
    }

    fn location(&self) -> String {
        self.dir.display().to_string()
    }

    fn write_morgue(&self, id: &WorldId, text: &str) -> Result<String, SaveError> {
        Store::write_morgue(self, id, text).map(|path| path.display().to_string())
    }

    fn save_recording(&self, id: &WorldId, bytes: &[u8]) -> Result<(), SaveError> {
        Store::save_recording(self, id, bytes)
    }

    fn load_recording(&self, id: &WorldId) -> Result<Option<Vec<u8>>, SaveError> {
        Store::load_recording(self, id)
    }

    fn remove_recording(&self, id: &WorldId) -> Result<(), SaveError> {
        Store::remove_recording(self, id)
    }
}

/// Removes a database and its SQLite sidecar files, the sidecars first: a write-ahead log
/// left without its database could otherwise be replayed into a new world of the same
/// name. Missing files are fine.
pub(crate) fn remove_world_files(db: &Path) -> Result<(), SaveError> {
    let mut files: Vec<PathBuf> = SIDECARS
        .iter()
        .map(|suffix| {
            let mut name = db.as_os_str().to_owned();
            name.push(suffix);
            PathBuf::from(name)
        })
        .collect();
    files.push(db.to_path_buf());
    for file in files {
        match fs::remove_file(&file) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            // The lock file may still be open (Windows can't remove an open file): a
            // lock file left behind is harmless.
            Err(_) if file.as_os_str().to_string_lossy().ends_with(crate::lock::LOCK_SUFFIX) => {}
            Err(e) => return Err(SaveError::io("removing", file, e)),
        }
    }
    Ok(())
}
