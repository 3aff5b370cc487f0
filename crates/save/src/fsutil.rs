//! Small file helpers: whole-file writes that are never seen half-done.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// A temporary file name beside `path`, unique in this process and across processes.
fn temp_beside(path: &Path) -> (PathBuf, PathBuf) {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let mut name = std::ffi::OsString::from(".");
    name.push(path.file_name().unwrap_or_default());
    name.push(format!(".tmp-{}-{}", std::process::id(), COUNTER.fetch_add(1, Ordering::Relaxed)));
    (dir.to_path_buf(), dir.join(name))
}

fn write_temp(temp: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = fs::File::create(temp)?;
    file.write_all(bytes)?;
    file.sync_all()
}

#[cfg(feature = "sqlite")]
/// Writes `bytes` to `path` through a synced temporary file renamed over it: readers see
/// the old contents or the new, never a mix.
pub(crate) fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let (dir, temp) = temp_beside(path);
    fs::create_dir_all(&dir)?;
    let written = write_temp(&temp, bytes).and_then(|()| fs::rename(&temp, path));
    if written.is_err() {
        let _ = fs::remove_file(&temp);
    }
    written
}

/// Writes `bytes` to `path` only if `path` does not exist, atomically (a complete file
/// or none); returns whether it wrote. Never replaces an existing file.
pub(crate) fn write_new(path: &Path, bytes: &[u8]) -> io::Result<bool> {
    let (dir, temp) = temp_beside(path);
    fs::create_dir_all(&dir)?;
    let linked = write_temp(&temp, bytes).and_then(|()| match fs::hard_link(&temp, path) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Ok(false),
        // No hard links on this file system: rename, the name was free a moment ago.
        Err(_) if !path.exists() => fs::rename(&temp, path).map(|()| true),
        Err(e) => Err(e),
    });
    let _ = fs::remove_file(&temp);
    linked
}

/// What a file that is not a regular file is, for messages.
pub(crate) fn kind_of(t: fs::FileType) -> &'static str {
    if t.is_dir() {
        return "a directory";
    }
    if t.is_symlink() {
        return "a symbolic link";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_block_device() || t.is_char_device() {
            return "a device";
        }
    }
    "not a regular file"
}
