//! One world's database.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use rusqlite::{Connection, OpenFlags, OptionalExtension, TransactionBehavior};
use serde::Serialize;
use serde::de::DeserializeOwned;
use torchlit_rng::Seed;

use crate::info::{CommitInfo, GenerationCheck, WorldInfo, WorldSpec};
use crate::lock::WorldLock;
use crate::schema::{self, APPLICATION_ID, FORMAT_VERSION, GAME_VERSION, MAGIC};
use crate::{ConfigHash, OpenWorld, RegionKey, Save, SaveError, WorldId, WorldSaver};

/// How long opening or writing waits for another connection's lock before reporting
/// [`SaveError::InUse`].
const BUSY_TIMEOUT: Duration = Duration::from_millis(200);

/// How thoroughly [`WorldDb::open_at`] checks a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Check {
    /// Header and world record only, nothing written (the world list). An older format
    /// is listed as it is (the world table's columns are kept across formats) and
    /// migrated when opened for play.
    Light,
    /// Also SQLite's `quick_check` of every page, and migration (before play).
    Full,
}

/// One world's open database: the world record, the player record, modified regions and
/// the whole-game snapshot.
///
/// - Every write is one SQLite transaction in WAL mode (`synchronous = NORMAL`): a process
///   killed at any moment leaves the world at its last committed save. (A power cut may
///   also lose the last few commits, never the world's consistency.)
/// - The database is opened with an exclusive lock (SQLite's, and an OS lock on the
///   world's lock file `<id>.db-lock`, which holds the process id): while one `WorldDb`
///   has a world open, any other open or delete of it (this process or another) gets
///   [`SaveError::InUse`], naming the pid.
/// - `WorldDb` is `Send`: hand it to a [`Saver`](crate::Saver) to save in the background.
#[derive(Debug)]
pub struct WorldDb {
    // Declared before `lock`: the connection closes before the lock is released.
    conn: Connection,
    path: PathBuf,
    info: WorldInfo,
    /// The world's lock file (held by worlds opened for play, not by the list's peeks).
    lock: Option<WorldLock>,
}

impl WorldDb {
    /// Opens an existing world file, checking it before anything is written to it.
    pub(crate) fn open_at(path: PathBuf, id: WorldId, check: Check) -> Result<WorldDb, SaveError> {
        let header = schema::sniff(&path, &id)?;
        if header.user_version > FORMAT_VERSION {
            return Err(newer(&path, header.user_version));
        }
        // Who has it open is known from the lock file, without waiting on SQLite's lock.
        let lock = match check {
            Check::Light => {
                WorldLock::check(&path)?;
                None
            }
            Check::Full => Some(WorldLock::acquire(&path)?),
        };
        let db = |e| SaveError::sqlite(&path, e);
        let mut conn = Connection::open_with_flags(
            &path,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(db)?;
        conn.busy_timeout(BUSY_TIMEOUT).map_err(db)?;
        conn.pragma_update(None, "locking_mode", "EXCLUSIVE").map_err(db)?;

        // The authoritative checks, through SQLite (the main file's header may be older
        // than the write-ahead log).
        let version = check_application(&conn, &path)?;
        if version > FORMAT_VERSION {
            // `newer` reads the file, which the connection holds locked.
            drop(conn);
            return Err(newer(&path, version));
        }
        check_contents(&conn, &path, version, check)?;
        if check == Check::Full && version < FORMAT_VERSION {
            schema::migrate(&mut conn, &path, version)?;
        }
        let mut info = read_info(&conn, &path, id)?;
        if check == Check::Full {
            claim_for_play(&conn, &path)?;
            info.game_version = GAME_VERSION.to_owned();
        }
        Ok(WorldDb { conn, path, info, lock })
    }

    /// Creates a new world file at `path` (which must not exist): schema, header and world
    /// record in one transaction, then WAL mode. The caller renames it into place.
    pub(crate) fn create_file(path: &Path, spec: &WorldSpec) -> Result<(), SaveError> {
        let db = |e| SaveError::sqlite(path, e);
        let mut conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE
                | OpenFlags::SQLITE_OPEN_CREATE
                | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(db)?;
        conn.pragma_update(None, "application_id", APPLICATION_ID).map_err(db)?;
        let now = unix_now();
        let tx = conn.transaction().map_err(db)?;
        tx.execute_batch(schema::SCHEMA_V1).map_err(db)?;
        for step in schema::MIGRATIONS {
            step(&tx).map_err(db)?;
        }
        tx.pragma_update(None, "user_version", FORMAT_VERSION).map_err(db)?;
        tx.execute(
            "INSERT INTO meta (key, value) VALUES ('magic', ?1), ('format_version', ?2),
             ('game_version', ?3), ('created_by', ?3), ('seed', ?4)",
            (MAGIC, FORMAT_VERSION.to_string(), GAME_VERSION, spec.seed.0.to_string()),
        )
        .map_err(db)?;
        tx.execute(
            "INSERT INTO world (one, name, mode, seed, seed_text, config_hash, created, last_played, saves)
             VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6, ?6, 0)",
            (
                &spec.name,
                &spec.mode,
                spec.seed.0 as i64,
                &spec.seed_text,
                spec.config_hash.0 as i64,
                now as i64,
            ),
        )
        .map_err(db)?;
        tx.commit().map_err(db)?;
        let mode: String =
            conn.pragma_update_and_check(None, "journal_mode", "WAL", |r| r.get(0)).map_err(db)?;
        if !mode.eq_ignore_ascii_case("wal") {
            let cause = std::io::Error::other(format!("SQLite stayed in {mode} mode"));
            return Err(SaveError::io("switching to WAL mode", path, cause));
        }
        conn.close().map_err(|(_, e)| db(e))
    }

    /// The world's record.
    pub fn info(&self) -> &WorldInfo {
        &self.info
    }

    /// The world's id.
    pub fn id(&self) -> &WorldId {
        &self.info.id
    }

    /// The world's database file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Compares the world's stored generation config hash with `current`.
    pub fn generation_check(&self, current: ConfigHash) -> GenerationCheck {
        GenerationCheck::of(self.info.config_hash, current)
    }

    /// Caps the database's size at about `bytes` (whole pages, never below its current
    /// size) and returns the cap in effect. A commit that would grow the world past it
    /// fails with [`SaveError::Database`] and changes nothing, exactly like a full disk:
    /// for tests of save failures, and to bound a runaway world.
    ///
    /// # Errors
    /// [`SaveError::Database`] from SQLite.
    pub fn set_size_limit(&mut self, bytes: u64) -> Result<u64, SaveError> {
        let db = |e| SaveError::sqlite(&self.path, e);
        let page: i64 =
            self.conn.pragma_query_value(None, "page_size", |r| r.get(0)).map_err(db)?;
        let page = page.max(1);
        let pages = (i64::try_from(bytes).unwrap_or(i64::MAX) / page).max(1);
        let set: i64 = self
            .conn
            .pragma_update_and_check(None, "max_page_count", pages, |r| r.get(0))
            .map_err(db)?;
        Ok(u64::try_from(set.saturating_mul(page)).unwrap_or(0))
    }

    /// Commits `save` as one transaction, with the time as "last played". Either all of
    /// it is saved or none of it.
    ///
    /// # Errors
    /// [`SaveError::Database`] (disk full, I/O error...), [`SaveError::InUse`],
    /// [`SaveError::Corrupt`] if SQLite finds damage; the stored world is unchanged then.
    pub fn commit(&mut self, save: &Save) -> Result<CommitInfo, SaveError> {
        let now = unix_now().max(self.info.last_played);
        let path = &self.path;
        let db = |e| SaveError::sqlite(path, e);
        let tx = self.conn.transaction_with_behavior(TransactionBehavior::Immediate).map_err(db)?;
        if let Some(player) = &save.player {
            tx.prepare_cached("INSERT OR REPLACE INTO player (one, data) VALUES (1, ?1)")
                .and_then(|mut s| s.execute([player]))
                .map_err(db)?;
        }
        if let Some(snapshot) = &save.snapshot {
            tx.prepare_cached("INSERT OR REPLACE INTO snapshot (one, data) VALUES (1, ?1)")
                .and_then(|mut s| s.execute([snapshot]))
                .map_err(db)?;
        }
        if let Some(recording) = &save.recording {
            tx.prepare_cached("INSERT OR REPLACE INTO recording (one, data) VALUES (1, ?1)")
                .and_then(|mut s| s.execute([recording]))
                .map_err(db)?;
        }
        if !save.regions.is_empty() {
            let mut insert = tx
                .prepare_cached("INSERT OR REPLACE INTO region (x, y, data) VALUES (?1, ?2, ?3)")
                .map_err(db)?;
            for (key, data) in &save.regions {
                insert.execute((key.x, key.y, data)).map_err(db)?;
            }
        }
        tx.prepare_cached("UPDATE world SET last_played = ?1, saves = saves + 1")
            .and_then(|mut s| s.execute([now as i64]))
            .map_err(db)?;
        tx.commit().map_err(db)?;
        self.info.last_played = now;
        self.info.saves += 1;
        // Fold the save into the main file at once: a save that lived only in the
        // write-ahead log would be lost with it (a `-wal` deleted while playing, then a
        // crash). The save is committed either way; a failed checkpoint leaves it in the log.
        if let Err(e) = self.checkpoint() {
            tracing::warn!(world = %self.info.id, error = %e, "checkpoint failed");
        }
        Ok(CommitInfo { saves: self.info.saves, at: now, bytes: save.encoded_len() })
    }

    /// The size of the write-ahead log in bytes: commits not yet folded into the main
    /// file (0 after [`WorldDb::checkpoint`]).
    pub fn wal_size(&self) -> u64 {
        let mut wal = self.path.as_os_str().to_owned();
        wal.push("-wal");
        std::fs::metadata(PathBuf::from(wal)).map_or(0, |m| m.len())
    }

    /// Folds the write-ahead log into the main file and empties it (two fsyncs).
    /// [`WorldDb::commit`] does this after every commit, so at most the save being
    /// written lives only in the log.
    ///
    /// # Errors
    /// [`SaveError::Database`] from SQLite; every commit stays saved either way.
    pub fn checkpoint(&mut self) -> Result<(), SaveError> {
        let db = |e| SaveError::sqlite(&self.path, e);
        self.conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(())).map_err(db)
    }

    /// Loads the player record.
    ///
    /// # Errors
    /// [`SaveError::NoSave`] when no player record was ever saved; [`SaveError::Corrupt`]
    /// when it does not decode as a `P`.
    pub fn load_player<P: DeserializeOwned>(&self) -> Result<P, SaveError> {
        let world: &dyn OpenWorld = self;
        world.load_player()
    }

    /// Loads a modified region: `None` when the region was never saved (regenerate it
    /// from the seed).
    ///
    /// # Errors
    /// [`SaveError::Corrupt`] when the stored region does not decode as an `R`.
    pub fn load_region<R: DeserializeOwned>(&self, key: RegionKey) -> Result<Option<R>, SaveError> {
        let world: &dyn OpenWorld = self;
        world.load_region(key)
    }

    /// The stored bytes of a modified region, `None` when it was never saved.
    pub(crate) fn region_bytes(&self, key: RegionKey) -> Result<Option<Vec<u8>>, SaveError> {
        self.blob("SELECT data FROM region WHERE x = ?1 AND y = ?2", (key.x, key.y))
    }

    /// The keys of every stored (modified) region, sorted.
    ///
    /// # Errors
    /// [`SaveError::Database`] or [`SaveError::Corrupt`] from SQLite.
    pub fn region_keys(&self) -> Result<Vec<RegionKey>, SaveError> {
        let db = |e| SaveError::sqlite(&self.path, e);
        let mut stmt =
            self.conn.prepare_cached("SELECT x, y FROM region ORDER BY x, y").map_err(db)?;
        let rows = stmt.query_map([], |r| Ok(RegionKey::new(r.get(0)?, r.get(1)?))).map_err(db)?;
        rows.collect::<Result<Vec<_>, _>>().map_err(db)
    }

    /// The game's recording so far (the [`crate::recording`] file format), as saved with
    /// [`Save::set_recording`]; `None` when none was saved.
    ///
    /// # Errors
    /// [`SaveError::Database`] or [`SaveError::Corrupt`] from SQLite.
    pub fn load_recording(&self) -> Result<Option<Vec<u8>>, SaveError> {
        self.blob("SELECT data FROM recording WHERE one = 1", [])
    }

    /// Saves the whole-game snapshot (the caves mode's save) as one transaction.
    ///
    /// # Errors
    /// [`SaveError::Encode`], or any error of [`WorldDb::commit`].
    pub fn save_snapshot<T: Serialize + ?Sized>(
        &mut self,
        snapshot: &T,
    ) -> Result<CommitInfo, SaveError> {
        let world: &mut dyn OpenWorld = self;
        world.save_snapshot(snapshot)
    }

    /// Loads the whole-game snapshot.
    ///
    /// # Errors
    /// [`SaveError::NoSave`] when none was saved; [`SaveError::Corrupt`] when it does not
    /// decode as a `T`.
    pub fn load_snapshot<T: DeserializeOwned>(&self) -> Result<T, SaveError> {
        let world: &dyn OpenWorld = self;
        world.load_snapshot()
    }

    /// SQLite's full `integrity_check` (every page, every index against its table; slower
    /// than the `quick_check` opening runs): what the crash tests verify after each kill.
    ///
    /// # Errors
    /// [`SaveError::Corrupt`] naming the first few problems; [`SaveError::Database`] when
    /// the check cannot run.
    pub fn integrity_check(&self) -> Result<(), SaveError> {
        let problems = check_pages(&self.conn, "integrity_check")
            .map_err(|e| SaveError::sqlite(&self.path, e))?;
        if problems.is_empty() {
            return Ok(());
        }
        let reason = format!("integrity check: {problems}");
        Err(SaveError::Corrupt { path: self.path.clone(), reason })
    }

    /// Closes the database (checkpointing the write-ahead log into the main file).
    ///
    /// # Errors
    /// [`SaveError::Database`] if SQLite cannot close cleanly; everything committed is
    /// still saved (in the log) and is recovered on the next open.
    pub fn close(self) -> Result<(), SaveError> {
        let WorldDb { conn, path, lock, .. } = self;
        let closed = conn.close().map_err(|(_, e)| SaveError::sqlite(path, e));
        drop(lock);
        closed
    }

    /// Deletes the world (permadeath): closes it, then removes its files. Morgue files
    /// stay.
    ///
    /// # Errors
    /// [`SaveError::Io`] if a file cannot be removed.
    pub fn delete(self) -> Result<(), SaveError> {
        let WorldDb { conn, path, lock, .. } = self;
        // Closing may fail (then the files go all the same). The lock is held until the
        // files are gone, so no other torchlit opens the world in between.
        if let Err((_, e)) = conn.close() {
            tracing::warn!(error = %e, "closing a world before deleting it");
        }
        let removed = crate::store::remove_world_files(&path);
        drop(lock);
        removed
    }

    fn blob(&self, sql: &str, params: impl rusqlite::Params) -> Result<Option<Vec<u8>>, SaveError> {
        let db = |e| SaveError::sqlite(&self.path, e);
        let mut stmt = self.conn.prepare_cached(sql).map_err(db)?;
        stmt.query_row(params, |r| r.get::<_, Vec<u8>>(0)).optional().map_err(db)
    }
}

impl OpenWorld for WorldDb {
    fn info(&self) -> &WorldInfo {
        &self.info
    }

    fn path(&self) -> &Path {
        &self.path
    }

    fn player_bytes(&self) -> Result<Option<Vec<u8>>, SaveError> {
        self.blob("SELECT data FROM player WHERE one = 1", [])
    }

    fn snapshot_bytes(&self) -> Result<Option<Vec<u8>>, SaveError> {
        self.blob("SELECT data FROM snapshot WHERE one = 1", [])
    }

    fn region_keys(&self) -> Result<Vec<RegionKey>, SaveError> {
        WorldDb::region_keys(self)
    }

    fn region_bytes(&self, key: RegionKey) -> Result<Option<Vec<u8>>, SaveError> {
        WorldDb::region_bytes(self, key)
    }

    fn load_recording(&self) -> Result<Option<Vec<u8>>, SaveError> {
        WorldDb::load_recording(self)
    }

    fn commit(&mut self, save: &Save) -> Result<CommitInfo, SaveError> {
        WorldDb::commit(self, save)
    }

    fn save_in_background(self: Box<Self>) -> Result<Box<dyn WorldSaver>, SaveError> {
        Ok(Box::new(crate::Saver::spawn(*self)?))
    }

    fn close(self: Box<Self>) -> Result<(), SaveError> {
        WorldDb::close(*self)
    }

    fn delete(self: Box<Self>) -> Result<(), SaveError> {
        WorldDb::delete(*self)
    }
}

fn read_info(conn: &Connection, path: &Path, id: WorldId) -> Result<WorldInfo, SaveError> {
    let row = conn
        .query_row(
            "SELECT name, mode, seed, seed_text, config_hash, created, last_played, saves FROM world WHERE one = 1",
            [],
            |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, i64>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, i64>(4)?,
                    r.get::<_, i64>(5)?,
                    r.get::<_, i64>(6)?,
                    r.get::<_, i64>(7)?,
                ))
            },
        )
        .optional()
        .map_err(|e| corrupt_or(path, e, "the world table is missing"))?;
    let Some((name, mode, seed, seed_text, config_hash, created, last_played, saves)) = row else {
        return Err(SaveError::Corrupt {
            path: path.to_path_buf(),
            reason: "the world record is missing".to_owned(),
        });
    };
    let meta = |key: &str| -> Result<Option<String>, SaveError> {
        conn.query_row("SELECT value FROM meta WHERE key = ?1", [key], |r| r.get(0))
            .optional()
            .map_err(|e| SaveError::sqlite(path, e))
    };
    let format_version =
        meta("format_version")?.and_then(|v| v.parse::<u32>().ok()).ok_or_else(|| {
            SaveError::Corrupt {
                path: path.to_path_buf(),
                reason: "the header has no format version".to_owned(),
            }
        })?;
    let game_version = meta("game_version")?.unwrap_or_else(|| "unknown".to_owned());
    Ok(WorldInfo {
        id,
        name,
        mode,
        seed: Seed(seed as u64),
        seed_text,
        config_hash: ConfigHash(config_hash as u64),
        created: created.max(0) as u64,
        last_played: last_played.max(0) as u64,
        saves: saves.max(0) as u64,
        format_version,
        game_version,
    })
}

/// A missing table in a file that passed the header checks is damage, not a foreign file.
fn corrupt_or(path: &Path, e: rusqlite::Error, missing: &str) -> SaveError {
    if let rusqlite::Error::SqliteFailure(_, Some(message)) = &e
        && message.starts_with("no such table")
    {
        return SaveError::Corrupt { path: path.to_path_buf(), reason: missing.to_owned() };
    }
    SaveError::sqlite(path, e)
}

/// SQLite's `quick_check` or `integrity_check` (`pragma`) of every page: the first few
/// problems, or "" when all is well.
fn check_pages(conn: &Connection, pragma: &str) -> rusqlite::Result<String> {
    let mut stmt = conn.prepare(&format!("PRAGMA {pragma}(4)"))?;
    let rows = stmt.query_map([], |r| r.get::<_, String>(0))?;
    let mut problems = Vec::new();
    for row in rows {
        let row = row?;
        if row != "ok" {
            problems.push(row);
        }
    }
    // Drop the "*** in database main ***" headings when there is detail after them.
    if problems.iter().any(|p| !p.starts_with("***")) {
        problems.retain(|p| !p.starts_with("***"));
    }
    Ok(problems.join("; "))
}

/// The save format version of an open world database, once its application id says it
/// is torchlit's.
fn check_application(conn: &Connection, path: &Path) -> Result<u32, SaveError> {
    let db = |e| SaveError::sqlite(path, e);
    let application_id: u32 =
        conn.pragma_query_value(None, "application_id", |r| r.get(0)).map_err(db)?;
    if application_id != APPLICATION_ID {
        return Err(SaveError::Foreign {
            path: path.to_path_buf(),
            reason: format!(
                "an SQLite database of another program (application id {application_id:#010x})"
            ),
        });
    }
    conn.pragma_query_value(None, "user_version", |r| r.get(0)).map_err(db)
}

/// Checks a world database of save format `version` (not newer than this build's): a
/// version at all, SQLite's integrity check (for [`Check::Full`]), the header's magic.
fn check_contents(
    conn: &Connection,
    path: &Path,
    version: u32,
    check: Check,
) -> Result<(), SaveError> {
    let corrupt = |reason: String| SaveError::Corrupt { path: path.to_path_buf(), reason };
    if version == 0 {
        return Err(corrupt("no save format version".to_owned()));
    }
    if check == Check::Full {
        let problems = check_pages(conn, "quick_check").map_err(|e| SaveError::sqlite(path, e))?;
        if !problems.is_empty() {
            return Err(corrupt(format!("integrity check: {problems}")));
        }
    }
    let magic: Option<String> = conn
        .query_row("SELECT value FROM meta WHERE key = 'magic'", [], |r| r.get(0))
        .optional()
        .map_err(|e| corrupt_or(path, e, "the header table is missing"))?;
    if magic.as_deref() != Some(MAGIC) {
        return Err(corrupt("the header's magic string is wrong".to_owned()));
    }
    Ok(())
}

/// Readies a checked world database for play: WAL journal, `synchronous = NORMAL`, no
/// automatic checkpoints, the exclusive lock taken, and this build recorded as the one
/// that writes the file from now on.
fn claim_for_play(conn: &Connection, path: &Path) -> Result<(), SaveError> {
    let db = |e| SaveError::sqlite(path, e);
    // The persistent mode is set at creation; setting it again is a no-op check.
    let mode: String =
        conn.pragma_update_and_check(None, "journal_mode", "WAL", |r| r.get(0)).map_err(db)?;
    if !mode.eq_ignore_ascii_case("wal") {
        return Err(SaveError::Corrupt {
            path: path.to_path_buf(),
            reason: format!("journal mode {mode}"),
        });
    }
    conn.pragma_update(None, "synchronous", "NORMAL").map_err(db)?;
    conn.pragma_update(None, "wal_autocheckpoint", 0).map_err(db)?;
    // Take the exclusive lock now (kept until the connection closes) and record who
    // writes the file from now on.
    conn.execute(
        "INSERT OR REPLACE INTO meta (key, value) VALUES ('game_version', ?1)",
        [GAME_VERSION],
    )
    .map_err(db)?;
    Ok(())
}

fn newer(path: &Path, found: u32) -> SaveError {
    SaveError::NewerVersion {
        path: path.to_path_buf(),
        found,
        supported: FORMAT_VERSION,
        game_version: schema::recorded_game_version(path),
    }
}

/// Seconds since the Unix epoch (0 if the clock is before it).
pub(crate) fn unix_now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}
