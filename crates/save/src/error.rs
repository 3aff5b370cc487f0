//! The errors of worlds and saves.

use std::fmt;
use std::path::PathBuf;

use crate::WorldId;

/// What a load found missing: see [`SaveError::NoSave`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Record {
    /// The world itself: no database file with that id.
    World,
    /// The player record of a world (nothing saved yet).
    Player,
    /// The whole-game snapshot of a world (nothing saved yet).
    Snapshot,
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Record::World => "world",
            Record::Player => "player record",
            Record::Snapshot => "game snapshot",
        })
    }
}

/// Everything that can go wrong opening, reading or writing a world.
///
/// "No save" ([`SaveError::NoSave`]), "damaged" ([`SaveError::Corrupt`]), "not a torchlit
/// world" ([`SaveError::Foreign`]) and "made by a newer torchlit"
/// ([`SaveError::NewerVersion`]) are distinct, so a front end can say which.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SaveError {
    /// Nothing saved: no world with this id, or the world holds no such record yet.
    #[error("world {id}: no saved {what}")]
    NoSave {
        /// The world asked for.
        id: WorldId,
        /// What is missing.
        what: Record,
    },
    /// The world's file is damaged (truncated, overwritten, a record that does not decode).
    /// Nothing was written to it.
    #[error("world file {} is damaged: {reason}", path.display())]
    Corrupt {
        /// The world's database file.
        path: PathBuf,
        /// What is wrong, for the player and the log.
        reason: String,
    },
    /// The file is a readable SQLite database, but not a torchlit world. Nothing was
    /// written to it.
    #[error("{} is not a torchlit world: {reason}", path.display())]
    Foreign {
        /// The file.
        path: PathBuf,
        /// Why it is not a world.
        reason: String,
    },
    /// The world was saved by a newer torchlit whose save format this version cannot read.
    /// Nothing was written to it.
    #[error(
        "world file {} was saved by a newer torchlit ({game_version}, save format {found}); \
         this torchlit reads save formats up to {supported}: update torchlit to open it",
        path.display()
    )]
    NewerVersion {
        /// The world's database file.
        path: PathBuf,
        /// The file's save format version.
        found: u32,
        /// The newest save format this build reads.
        supported: u32,
        /// The game version that wrote the file, as it recorded it ("unknown" if unreadable).
        game_version: String,
    },
    /// Another process (or another open handle) is using this world: it can't be opened,
    /// deleted or written until that one closes it.
    #[error("this world is open in another torchlit{}: {}", Pid(*pid), path.display())]
    InUse {
        /// The world's database file.
        path: PathBuf,
        /// The process that has it open, when its lock file says so.
        pid: Option<u32>,
    },
    /// Something in the worlds directory that is not a regular file (a directory, a FIFO,
    /// a device, a symbolic link) under a world's name. It is listed with this error and
    /// never opened (opening a FIFO would block for good).
    #[error("{} is not a world file: it is {kind}", path.display())]
    NotAFile {
        /// The path.
        path: PathBuf,
        /// What it is instead (`"a directory"`, `"a FIFO"`...).
        kind: &'static str,
    },
    /// A world id that is not one this crate generates (ids are `[a-z0-9-]`, 1 to 64
    /// characters, so they are always safe file names).
    #[error("{0:?} is not a world id")]
    BadId(String),
    /// A file or directory operation failed. The message names the cause first, in
    /// the player's words where the system's are obscure ("the disk is full", "no
    /// permission", "read-only file system", else the system's own), then what was being
    /// done to which path: "the disk is full (writing /data/high-scores.toml)".
    #[error("{} ({action} {})", io_cause(cause), path.display())]
    Io {
        /// What was being done ("creating", "reading"...).
        action: &'static str,
        /// The file or directory.
        path: PathBuf,
        /// The cause (part of the message, so a screen showing one line shows it).
        cause: std::io::Error,
    },
    /// The world's file can't be written: it, its directory or its file system is
    /// read-only, or this user may not write it. SQLite says only "disk I/O error" or
    /// "unable to open" then; the cause comes first in the message, the path after it.
    /// Nothing was written to it.
    #[error("{why}: {}", path.display())]
    ReadOnly {
        /// The world's database file.
        path: PathBuf,
        /// The cause in a few words, short enough for a world list: "read-only world
        /// file", "read-only directory", "read-only file system", "no write permission"...
        why: &'static str,
    },
    /// SQLite failed for a reason other than damage, locking or a read-only file. The
    /// message says which first (the disk is full, permission denied, an I/O error), then
    /// the file.
    #[cfg(feature = "sqlite")]
    #[error("{}: world file {}", sqlite_reason(cause), path.display())]
    Database {
        /// The world's database file.
        path: PathBuf,
        /// The cause (part of the message).
        cause: rusqlite::Error,
    },
    /// A value could not be encoded for saving (a serde `Serialize` impl failed).
    #[error("could not encode the {what} for saving")]
    Encode {
        /// What was being encoded ("player record", "region 3,-2"...).
        what: String,
        /// The cause.
        #[source]
        source: postcard::Error,
    },
    /// The background [`Saver`](crate::Saver) thread stopped (it panicked); the saves it
    /// had not reported as committed were not saved.
    #[error("the background saver stopped unexpectedly")]
    SaverStopped,
}

impl SaveError {
    #[cfg(feature = "sqlite")]
    pub(crate) fn io(
        action: &'static str,
        path: impl Into<PathBuf>,
        source: std::io::Error,
    ) -> Self {
        SaveError::Io { action, path: path.into(), cause: source }
    }

    /// Sorts an SQLite error into damaged / in use / other.
    #[cfg(feature = "sqlite")]
    pub(crate) fn sqlite(path: impl Into<PathBuf>, source: rusqlite::Error) -> Self {
        use rusqlite::ErrorCode;
        let path = path.into();
        let io = matches!(
            source.sqlite_error_code(),
            Some(
                ErrorCode::SystemIoFailure
                    | ErrorCode::ReadOnly
                    | ErrorCode::CannotOpen
                    | ErrorCode::PermissionDenied
            )
        );
        // SQLite says "disk I/O error" for a read-only file: the file system knows better.
        if io && let Some(why) = unwritable(&path) {
            return SaveError::ReadOnly { path, why };
        }
        match source.sqlite_error_code() {
            Some(ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase) => {
                SaveError::Corrupt { path, reason: source.to_string() }
            }
            Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => {
                SaveError::InUse { path, pid: None }
            }
            _ => match source {
                rusqlite::Error::FromSqlConversionFailure(..)
                | rusqlite::Error::InvalidColumnType(..)
                | rusqlite::Error::IntegralValueOutOfRange(..)
                | rusqlite::Error::Utf8Error(..) => {
                    SaveError::Corrupt { path, reason: format!("unexpected value: {source}") }
                }
                cause => SaveError::Database { path, cause },
            },
        }
    }
}

/// Why this process can't write world file `path`, asked of the file system (the
/// file, its write-ahead log and shared-memory files, its directory): `None` when all of
/// them are writable.
#[cfg(all(feature = "sqlite", unix))]
pub(crate) fn unwritable(path: &std::path::Path) -> Option<&'static str> {
    use std::path::Path;

    use rustix::fs::{Access, access};
    use rustix::io::Errno;
    let denied = |p: &Path| match access(p, Access::WRITE_OK) {
        Err(Errno::ROFS) => Some(true),
        Err(Errno::ACCESS | Errno::PERM) => Some(false),
        _ => None,
    };
    let readonly = |p: &Path| std::fs::metadata(p).is_ok_and(|m| m.permissions().readonly());
    let with = |suffix: &str| {
        let mut p = path.as_os_str().to_owned();
        p.push(suffix);
        PathBuf::from(p)
    };
    for file in [path.to_path_buf(), with("-wal"), with("-shm")] {
        match denied(&file) {
            Some(true) => return Some("read-only file system"),
            Some(false) if readonly(&file) && file == path => return Some("read-only world file"),
            Some(false) if readonly(&file) => return Some("read-only -wal/-shm file"),
            Some(false) => return Some("no write permission"),
            None => {}
        }
    }
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    match denied(dir) {
        Some(true) => Some("read-only file system"),
        Some(false) if readonly(dir) => Some("read-only directory"),
        Some(false) => Some("directory not writable"),
        None => None,
    }
}

/// Elsewhere the system's own words stay the only cause.
#[cfg(all(feature = "sqlite", not(unix)))]
pub(crate) fn unwritable(_path: &std::path::Path) -> Option<&'static str> {
    None
}

/// The cause of a failed file operation, said plainly: the kinds a player can act on
/// in words ("the disk is full"), the others in the system's words without its error
/// number ("Not a directory").
pub(crate) fn io_cause(e: &std::io::Error) -> String {
    use std::io::ErrorKind;
    match e.kind() {
        ErrorKind::StorageFull => "the disk is full".to_string(),
        ErrorKind::QuotaExceeded => "the disk quota is used up".to_string(),
        ErrorKind::ReadOnlyFilesystem => "read-only file system".to_string(),
        ErrorKind::PermissionDenied => "no permission".to_string(),
        ErrorKind::NotFound => "not found".to_string(),
        _ => {
            let text = e.to_string();
            match text.find(" (os error") {
                Some(cut) => text[..cut].to_string(),
                None => text,
            }
        }
    }
}

/// ` (pid N)` when the pid is known.
struct Pid(Option<u32>);

impl fmt::Display for Pid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(pid) => write!(f, " (pid {pid})"),
            None => Ok(()),
        }
    }
}

/// Why SQLite could not do it, in the player's words first and SQLite's after.
#[cfg(feature = "sqlite")]
fn sqlite_reason(e: &rusqlite::Error) -> String {
    use rusqlite::ErrorCode;
    let plain = match e.sqlite_error_code() {
        Some(ErrorCode::DiskFull) => {
            "could not save: the disk is full (or the file hit a size limit)"
        }
        Some(ErrorCode::ReadOnly) => "could not save: the file or its directory is read-only",
        Some(ErrorCode::PermissionDenied) => "permission denied",
        Some(ErrorCode::CannotOpen) => {
            "can't open the file (its directory is missing or not writable, or permission denied)"
        }
        Some(ErrorCode::SystemIoFailure) => {
            "an input/output error (disk full, removed or failing?)"
        }
        _ => return format!("database error: {e}"),
    };
    format!("{plain} ({e})")
}

/// Why a store of a mode's saves could not do what was asked, as one line for the player
/// (a [`SaveError`] or a morgue or recording that could not be written, said plainly).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoreError(pub String);

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StoreError {}

// Its one test needs `SaveError::io`, which only the SQLite side has.
#[cfg(all(test, feature = "sqlite"))]
mod tests {
    use super::*;
    use std::io::{Error, ErrorKind};

    /// The cause comes first, in words a player can act on, then what was done to which
    /// file: a high-score table on a full disk said "writing /…: No space left on device
    /// (os error 28)".
    #[test]
    fn a_failed_file_operation_names_its_cause_first() {
        let full = SaveError::io("writing", "/d/high-scores.toml", Error::from_raw_os_error(28));
        assert_eq!(full.to_string(), "the disk is full (writing /d/high-scores.toml)");
        let denied = SaveError::io("creating", "/d", Error::from(ErrorKind::PermissionDenied));
        assert_eq!(denied.to_string(), "no permission (creating /d)");
        let other = SaveError::io("reading", "/d/x", Error::from_raw_os_error(20));
        assert_eq!(other.to_string(), "Not a directory (reading /d/x)");
    }
}
