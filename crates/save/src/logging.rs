//! Logs: a rotating file in the data directory, never the game's screen.

use std::path::{Path, PathBuf};

use tracing_appender::non_blocking::WorkerGuard;
use tracing_appender::rolling::{Builder, Rotation};
use tracing_subscriber::EnvFilter;

use crate::{Config, Paths};

/// How many daily log files are kept.
const KEPT_LOG_FILES: usize = 7;

/// Keeps the log writer running: hold it until the program ends (dropping it flushes the
/// log).
#[must_use = "logging stops (and buffered lines are lost) when the guard is dropped"]
#[derive(Debug)]
pub struct LogGuard {
    _worker: WorkerGuard,
    dir: PathBuf,
}

impl LogGuard {
    /// The directory the log files are written to.
    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

/// Logging could not be started.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LogError {
    /// The log directory or file can't be created.
    #[error("could not open a log file in {}: {message}", dir.display())]
    File {
        /// The log directory.
        dir: PathBuf,
        /// The cause.
        message: String,
    },
    /// A global `tracing` subscriber was already set (logging was started twice).
    #[error("logging is already set up")]
    AlreadySet,
}

/// Starts logging to `<data dir>/logs/torchlit.YYYY-MM-DD.log` (a new file each day, the
/// last 7 kept), at the level of `RUST_LOG` when it is set and valid, else
/// `config.log.level`. Nothing is written to the terminal: the game owns the screen.
/// Each line has the time, level, thread and target.
///
/// # Errors
/// [`LogError::File`] if the log directory can't be created; [`LogError::AlreadySet`] if
/// called twice.
pub fn init_logging(paths: &Paths, config: &Config) -> Result<LogGuard, LogError> {
    let dir = paths.logs_dir();
    let file_error = |message: String| LogError::File { dir: dir.clone(), message };
    std::fs::create_dir_all(&dir).map_err(|e| file_error(e.to_string()))?;
    let appender = Builder::new()
        .rotation(Rotation::DAILY)
        .filename_prefix("torchlit")
        .filename_suffix("log")
        .max_log_files(KEPT_LOG_FILES)
        .build(&dir)
        .map_err(|e| file_error(e.to_string()))?;
    let (writer, worker) = tracing_appender::non_blocking(appender);
    let configured = config.log.level.as_str();
    let (filter, bad_env) = match std::env::var("RUST_LOG") {
        Ok(spec) if !spec.trim().is_empty() => match EnvFilter::try_new(&spec) {
            Ok(filter) => (filter, None),
            Err(e) => (EnvFilter::new(configured), Some((spec, e.to_string()))),
        },
        _ => (EnvFilter::new(configured), None),
    };
    tracing_subscriber::fmt()
        .with_writer(writer)
        .with_ansi(false)
        .with_thread_names(true)
        .with_env_filter(filter)
        .try_init()
        .map_err(|_| LogError::AlreadySet)?;
    if let Some((spec, error)) = bad_env {
        tracing::warn!(rust_log = %spec, %error, level = configured, "RUST_LOG ignored");
    }
    tracing::info!(version = env!("CARGO_PKG_VERSION"), data_dir = %paths.data_dir().display(), "torchlit started");
    Ok(LogGuard { _worker: worker, dir })
}
