//! A world's lock file (`<id>.db-lock`): while a torchlit plays or deletes a world it holds
//! an exclusive OS lock on this file, with its process id written inside, so another
//! torchlit can say who has it ("open in another torchlit (pid N)") without touching the
//! database. The OS drops the lock when the process ends, even by SIGKILL.

use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use crate::SaveError;
use crate::fsutil::kind_of;

/// The suffix of lock files beside world databases.
pub(crate) const LOCK_SUFFIX: &str = "-lock";

/// The most of a lock file read for the pid (it holds a few digits).
const LOCK_READ_CAP: u64 = 64;

/// The lock file of the world database `db`.
pub(crate) fn lock_path(db: &Path) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push(LOCK_SUFFIX);
    PathBuf::from(name)
}

/// An exclusive lock on a world, held until dropped.
///
/// Dropping it unlocks the file before closing it. Closing alone is not enough: the OS
/// lock belongs to the open file, which a child process forked by another thread (any
/// `Command::spawn`) shares until it executes its program, so for that moment the world
/// would still count as open, and a reopen right after a close could fail with
/// [`SaveError::InUse`].
#[derive(Debug)]
pub(crate) struct WorldLock {
    file: File,
}

impl Drop for WorldLock {
    fn drop(&mut self) {
        // Best effort: on an error the lock goes when the last copy of the file closes.
        let _ = self.file.unlock();
    }
}

impl WorldLock {
    /// Takes the lock of the world at `db` and writes this process's id into it.
    ///
    /// # Errors
    /// [`SaveError::InUse`] (with the holder's pid when readable) if another handle holds
    /// it; [`SaveError::NotAFile`] if the lock's path is not a regular file;
    /// [`SaveError::Io`] if it can't be created (a read-only directory).
    pub(crate) fn acquire(db: &Path) -> Result<WorldLock, SaveError> {
        let path = lock_path(db);
        regular_or_missing(&path)?;
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(|e| SaveError::io("creating the lock file", &path, e))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                return Err(SaveError::InUse { path: db.to_path_buf(), pid: holder(&mut file) });
            }
            Err(TryLockError::Error(e)) => return Err(SaveError::io("locking", &path, e)),
        }
        // Best effort: the pid is only for messages.
        let _ = file.set_len(0).and_then(|()| writeln!(file, "{}", std::process::id()));
        Ok(WorldLock { file })
    }

    /// Checks, without taking it, that no other handle holds the lock of `db`.
    ///
    /// # Errors
    /// [`SaveError::InUse`] if one does; [`SaveError::NotAFile`] for a lock path that is
    /// not a regular file. A missing or unreadable lock file counts as free.
    pub(crate) fn check(db: &Path) -> Result<(), SaveError> {
        let path = lock_path(db);
        regular_or_missing(&path)?;
        let Ok(mut file) = File::open(&path) else { return Ok(()) };
        match file.try_lock_shared() {
            Err(TryLockError::WouldBlock) => {
                Err(SaveError::InUse { path: db.to_path_buf(), pid: holder(&mut file) })
            }
            Ok(()) | Err(TryLockError::Error(_)) => Ok(()),
        }
    }
}

/// The pid written in a lock file, if it can be read.
fn holder(file: &mut File) -> Option<u32> {
    let mut text = String::new();
    file.seek(SeekFrom::Start(0)).ok()?;
    file.take(LOCK_READ_CAP).read_to_string(&mut text).ok()?;
    text.trim().parse().ok()
}

/// Refuses a path that exists and is not a regular file (never opened: a FIFO would block).
pub(crate) fn regular_or_missing(path: &Path) -> Result<(), SaveError> {
    match fs::symlink_metadata(path) {
        Ok(meta) if !meta.file_type().is_file() => {
            Err(SaveError::NotAFile { path: path.to_path_buf(), kind: kind_of(meta.file_type()) })
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A copy of the lock file's handle, as a child process forked by another thread
    /// holds until it executes its program, does not keep a dropped lock held.
    #[test]
    fn a_dropped_lock_is_free_even_while_a_copy_of_its_file_is_open() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let db = dir.path().join("w-1.db");
        let lock = WorldLock::acquire(&db).expect("the first lock");
        assert!(matches!(WorldLock::acquire(&db), Err(SaveError::InUse { .. })));
        let inherited = lock.file.try_clone().expect("a copy of the handle");
        drop(lock);
        WorldLock::check(&db).expect("free once dropped");
        let again = WorldLock::acquire(&db).expect("the lock can be taken again");
        drop(again);
        drop(inherited);
    }
}
