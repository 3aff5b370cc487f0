//! The world database's format: header checks, tables, migrations.

use std::fs::File;
use std::io::Read;
use std::path::Path;

use rusqlite::{Connection, OptionalExtension, Transaction, TransactionBehavior};

use crate::{Record, SaveError, WorldId};

/// The save format this build writes, and the newest it reads.
///
/// Stored twice: in SQLite's header (`PRAGMA user_version`, checked before anything is
/// read) and in the `meta` table.
pub const FORMAT_VERSION: u32 = 2;

/// The `meta` table's `magic` value.
pub(crate) const MAGIC: &str = "torchlit-world";

/// SQLite's `PRAGMA application_id` for torchlit worlds: `"TLIT"` in ASCII.
pub(crate) const APPLICATION_ID: u32 = u32::from_be_bytes(*b"TLIT");

/// The game version written into the `meta` table.
pub(crate) const GAME_VERSION: &str = env!("CARGO_PKG_VERSION");

/// The tables of format 1.
///
/// - `meta`: key/value header (`magic`, `format_version`, `game_version` of the last
///   writer, `created_by`, `seed`).
/// - `world`: one row, the world record.
/// - `player`, `snapshot`: at most one row each, an encoded record.
/// - `region`: one row per modified region; unmodified regions are never stored.
pub(crate) const SCHEMA_V1: &str = "
CREATE TABLE meta (
    key   TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE world (
    one         INTEGER PRIMARY KEY CHECK (one = 1),
    name        TEXT NOT NULL,
    mode        TEXT NOT NULL,
    seed        INTEGER NOT NULL,
    seed_text   TEXT NOT NULL,
    config_hash INTEGER NOT NULL,
    created     INTEGER NOT NULL,
    last_played INTEGER NOT NULL,
    saves       INTEGER NOT NULL
);
CREATE TABLE player (
    one  INTEGER PRIMARY KEY CHECK (one = 1),
    data BLOB NOT NULL
);
CREATE TABLE snapshot (
    one  INTEGER PRIMARY KEY CHECK (one = 1),
    data BLOB NOT NULL
);
CREATE TABLE region (
    x    INTEGER NOT NULL,
    y    INTEGER NOT NULL,
    data BLOB NOT NULL,
    PRIMARY KEY (x, y)
);
";

/// A step from format `n` to `n + 1`, run inside the migration's transaction.
pub(crate) type Migration = fn(&Transaction<'_>) -> rusqlite::Result<()>;

/// `MIGRATIONS[i]` upgrades format `i + 1` to `i + 2`; a new world is made as format 1
/// and run through all of them, so new and migrated worlds have the same tables.
///
/// - 1 to 2: the `recording` table (at most one row: the game's recording so far, in the
///   [`crate::recording`] file format), written in the same transaction as the player
///   record, so a continued game records on from exactly the state it was saved in.
pub(crate) const MIGRATIONS: &[Migration] = &[add_recording];

fn add_recording(tx: &Transaction<'_>) -> rusqlite::Result<()> {
    tx.execute_batch(
        "CREATE TABLE recording (
            one  INTEGER PRIMARY KEY CHECK (one = 1),
            data BLOB NOT NULL
        );",
    )
}

const _: () = assert!(MIGRATIONS.len() as u32 + 1 == FORMAT_VERSION);

/// Brings a world from format `from` to [`FORMAT_VERSION`] in one transaction.
pub(crate) fn migrate(conn: &mut Connection, path: &Path, from: u32) -> Result<(), SaveError> {
    migrate_with(conn, path, from, MIGRATIONS)
}

/// [`migrate`] over any list of migrations (`migrations[i]` upgrades `i + 1` to `i + 2`).
pub(crate) fn migrate_with(
    conn: &mut Connection,
    path: &Path,
    from: u32,
    migrations: &[Migration],
) -> Result<(), SaveError> {
    let target = migrations.len() as u32 + 1;
    if from >= target {
        return Ok(());
    }
    let db = |e| SaveError::sqlite(path, e);
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate).map_err(db)?;
    for version in from.max(1)..target {
        let step = migrations[(version - 1) as usize];
        step(&tx).map_err(db)?;
    }
    tx.pragma_update(None, "user_version", target).map_err(db)?;
    tx.execute(
        "INSERT OR REPLACE INTO meta (key, value) VALUES ('format_version', ?1), ('game_version', ?2)",
        (target.to_string(), GAME_VERSION),
    )
    .map_err(db)?;
    tx.commit().map_err(db)?;
    tracing::info!(path = %path.display(), from, to = target, "migrated world");
    Ok(())
}

/// What the first 100 bytes of a file say, before SQLite touches it.
pub(crate) struct Header {
    /// `PRAGMA user_version` as the main file's header has it.
    pub(crate) user_version: u32,
}

/// Reads the SQLite header without opening the database, so a file that is clearly not a
/// world is refused without SQLite reading (or writing) anything.
pub(crate) fn sniff(path: &Path, id: &WorldId) -> Result<Header, SaveError> {
    match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(SaveError::NoSave { id: id.clone(), what: Record::World });
        }
        Err(e) => return Err(SaveError::io("reading", path, e)),
        // Never open anything else: opening a FIFO blocks until a writer comes.
        Ok(meta) if !meta.file_type().is_file() => {
            let kind = crate::fsutil::kind_of(meta.file_type());
            return Err(SaveError::NotAFile { path: path.to_path_buf(), kind });
        }
        Ok(_) => {}
    }
    let mut file = match File::open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(SaveError::NoSave { id: id.clone(), what: Record::World });
        }
        Err(e) => return Err(SaveError::io("opening", path, e)),
    };
    let mut header = [0u8; 100];
    let mut len = 0;
    while len < header.len() {
        match file.read(&mut header[len..]) {
            Ok(0) => break,
            Ok(n) => len += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(SaveError::io("reading", path, e)),
        }
    }
    let corrupt =
        |reason: &str| SaveError::Corrupt { path: path.to_path_buf(), reason: reason.to_owned() };
    if len == 0 {
        return Err(corrupt("the file is empty"));
    }
    if len < header.len() {
        return Err(corrupt("the file is truncated (shorter than a database header)"));
    }
    if &header[..16] != b"SQLite format 3\0" {
        return Err(corrupt("the database header is damaged (not an SQLite database)"));
    }
    let word = |at: usize| {
        u32::from_be_bytes([header[at], header[at + 1], header[at + 2], header[at + 3]])
    };
    let application_id = word(68);
    if application_id != APPLICATION_ID {
        return Err(SaveError::Foreign {
            path: path.to_path_buf(),
            reason: format!(
                "an SQLite database of another program (application id {application_id:#010x})"
            ),
        });
    }
    Ok(Header { user_version: word(60) })
}

/// The game version recorded in a world's `meta` table, read without changing anything;
/// `"unknown"` when it cannot be read.
pub(crate) fn recorded_game_version(path: &Path) -> String {
    let read = || -> rusqlite::Result<Option<String>> {
        let conn = Connection::open_with_flags(
            path,
            rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        conn.query_row("SELECT value FROM meta WHERE key = 'game_version'", [], |r| r.get(0))
            .optional()
    };
    read().ok().flatten().unwrap_or_else(|| "unknown".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn add_notes(tx: &Transaction<'_>) -> rusqlite::Result<()> {
        tx.execute_batch("ALTER TABLE world ADD COLUMN notes TEXT NOT NULL DEFAULT ''")
    }

    #[test]
    fn migrations_run_in_order_and_record_the_new_version() -> Result<(), Box<dyn std::error::Error>>
    {
        let mut conn = Connection::open_in_memory()?;
        conn.execute_batch(SCHEMA_V1)?;
        conn.pragma_update(None, "user_version", 1)?;
        let path = Path::new(":memory:");
        migrate_with(&mut conn, path, 1, &[add_notes])?;
        let version: u32 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
        assert_eq!(version, 2);
        let format: String =
            conn.query_row("SELECT value FROM meta WHERE key = 'format_version'", [], |r| {
                r.get(0)
            })?;
        assert_eq!(format, "2");
        conn.prepare("SELECT notes FROM world")?; // the new column exists
        // Already current: nothing runs (the column would be added twice otherwise).
        migrate_with(&mut conn, path, 2, &[add_notes])?;
        Ok(())
    }

    #[test]
    fn a_failing_migration_changes_nothing() -> Result<(), Box<dyn std::error::Error>> {
        fn broken(tx: &Transaction<'_>) -> rusqlite::Result<()> {
            tx.execute_batch("CREATE TABLE extra (a); SELECT * FROM no_such_table")
        }
        let mut conn = Connection::open_in_memory()?;
        conn.execute_batch(SCHEMA_V1)?;
        conn.pragma_update(None, "user_version", 1)?;
        assert!(migrate_with(&mut conn, Path::new(":memory:"), 1, &[broken]).is_err());
        let version: u32 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
        assert_eq!(version, 1);
        let extra: i64 =
            conn.query_row("SELECT count(*) FROM sqlite_schema WHERE name = 'extra'", [], |r| {
                r.get(0)
            })?;
        assert_eq!(extra, 0);
        Ok(())
    }
}
