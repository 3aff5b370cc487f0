//! Recordings: a game as its start and its stream of inputs, replayable and checkable.
//!
//! Every torchlit mode is a pure function of its start (mode, seed, start file and
//! options) and its inputs, so a game is kept as exactly that. This module knows no game
//! type: the inputs are any serde type `I` (a turn action, or one tick of held buttons),
//! and the mode's options are bytes the caller encodes.
//!
//! # File format (version 2)
//!
//! A recording file (`.tlrec`) is, in order:
//!
//! | bytes | what |
//! |---|---|
//! | 8 | magic `TLREPLAY` |
//! | 2 | format version, little-endian `u16` ([`RECORDING_VERSION`]) |
//! | postcard | [`Header`]: rules version, mode, seed, start file, mode options, start time, checkpoint interval; since version 2 the seed as typed and the later sessions |
//! | postcard | [`Summary`]: steps, turns, outcome, final state hash |
//! | postcard | checkpoints: a sequence of [`Checkpoint`] (step, state hash), ascending |
//! | postcard | inputs: a sequence of runs `(count, input)`: `count` equal inputs in a row |
//! | 8 | seahash of every byte before it, little-endian `u64` |
//!
//! postcard writes integers as varints and enum variants as their index, so a turn action
//! is one or two bytes and a run of them one more; held maze buttons repeat tick after
//! tick, so a run covers many ticks. A *step* is one input given to the game (a turn
//! action, or a tick); checkpoints count steps, and the game's own turn counter is kept
//! beside them in the summary for people.
//!
//! The summary comes before the inputs, so listing recordings reads only the start of
//! each file ([`read_info`]). A recording still being played (kept with a saved game) has
//! no outcome and no final hash yet: a saved caves run keeps it beside its save
//! ([`crate::Store::save_recording`]), an overworld world in its database
//! ([`crate::Save::set_recording`], committed with the player record it leads to).
//!
//! The header's options are the mode's own (postcard), everything besides the seed and
//! inputs that decides the game: `caves` its rules and auto-pickup classes (none: the
//! defaults), `maze` its whole config (level, rules such as the heart drop chance),
//! `overworld` the generation, combat and death settings and, for a world recorded from
//! the middle, the player record and changed regions it went on from, `chase` the two
//! strategies; `ultima` and `chase` keep their world or dungeon as the start file.
//!
//! ## Versions
//!
//! postcard is not self-describing, so every layout change bumps the format version and
//! reading keeps every older layout:
//!
//! - **1**: the header's first seven fields.
//! - **2**: the header gains [`Header::seed_text`] (a seed typed as text, shown as typed
//!   instead of its hash) and [`Header::sessions`] (when a saved game was continued, so
//!   a recording is dated by its own session).
//!
//! A version 1 file reads as a header without seed text or later sessions. A recording
//! that has neither is still written as version 1, byte for byte as before (the committed
//! catalog and the files of older builds stay readable by them); the others are version 2.
//!
//! Reading checks the magic ([`RecordingError::Foreign`]), the version
//! ([`RecordingError::NewerVersion`]) and the checksum before decoding anything
//! ([`RecordingError::Damaged`], which also covers truncation): a bad file is an error,
//! never a panic.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::fsutil;

/// The first bytes of every recording file.
pub const MAGIC: [u8; 8] = *b"TLREPLAY";
/// The file format version this build writes (when the recording needs it: see the
/// [module docs](self#versions)) and the newest it reads.
pub const RECORDING_VERSION: u16 = 2;
/// The file name extension of recordings (without the dot).
pub const EXTENSION: &str = "tlrec";
/// The largest recording file read (256 MiB): anything bigger is refused, not loaded.
pub const MAX_FILE_BYTES: u64 = 256 << 20;

/// Magic, version and checksum: the bytes around the postcard body.
const FRAME_BYTES: usize = MAGIC.len() + 2 + 8;

/// What a recording could not be read or written for.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RecordingError {
    /// Not a torchlit recording at all (the magic bytes are wrong or missing).
    #[error("not a torchlit recording (it does not start with TLREPLAY)")]
    Foreign,
    /// Made by a newer torchlit: its format version is above [`RECORDING_VERSION`].
    #[error("recording format version {found} is newer than this torchlit reads ({supported})")]
    NewerVersion {
        /// The file's format version.
        found: u16,
        /// The newest this build reads.
        supported: u16,
    },
    /// Damaged or truncated: the checksum does not match, or a part does not decode.
    #[error("damaged recording: {0}")]
    Damaged(String),
    /// The recording could not be encoded (an input type whose serialization fails).
    #[error("the recording could not be encoded: {0}")]
    Encode(String),
    /// The path is not a regular file (a FIFO, a device, a directory): it is not read.
    #[error("{}: {kind}, not a recording file", path.display())]
    NotAFile {
        /// The path given.
        path: PathBuf,
        /// What it is ("a FIFO (named pipe)", "a directory"...).
        kind: &'static str,
    },
    /// A file could not be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
}

/// A file the game starts from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StartFile {
    /// None: the game is generated from its seed and options alone.
    None,
    /// A file bundled into torchlit, by name, with the seahash of its contents (so a
    /// replay by a build whose bundled file changed is told so).
    Bundled {
        /// The bundled name.
        name: String,
        /// seahash of its bytes.
        hash: u64,
    },
    /// A user's file, kept whole (world and dungeon files are a few kilobytes).
    Contents {
        /// The file name it was read from (for people).
        name: String,
        /// Its bytes.
        bytes: Vec<u8>,
    },
}

/// How the game started: everything besides the inputs that decides it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// The rules version of the game that made it (the sim's): a replay by other rules
    /// may diverge, and a mismatch names it.
    pub rules_version: u32,
    /// The mode (`caves`, `maze`, ...).
    pub mode: String,
    /// The seed.
    pub seed: u64,
    /// The file the game starts from, if any.
    pub file: StartFile,
    /// The mode's own start options (postcard bytes the mode encodes: a level kind,
    /// strategies); empty when it has none.
    pub options: Vec<u8>,
    /// When the game started, in seconds since 1970-01-01 UTC.
    pub started: u64,
    /// Steps between checkpoints.
    pub checkpoint_every: u32,
    /// The seed as the player typed it, when it was text rather than a number (`seed` is
    /// its hash: `torchlit_rng::Seed::from_text`); `None` for a number, a seed from the
    /// clock, and every version 1 file.
    pub seed_text: Option<String>,
    /// The sessions after the first: a saved game continued later starts one (ascending
    /// steps; empty for a game played in one go, and in every version 1 file).
    pub sessions: Vec<Session>,
}

/// A later session of a saved game: where the recording went on, and when.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Session {
    /// Inputs recorded before it.
    pub step: u64,
    /// When it started, in seconds since 1970-01-01 UTC.
    pub started: u64,
}

impl Header {
    /// When the session that recorded the last inputs started (seconds since 1970 UTC):
    /// the latest of [`Header::sessions`], else [`Header::started`].
    pub fn last_started(&self) -> u64 {
        self.sessions.last().map_or(self.started, |s| s.started)
    }

    /// The seed for people: the text typed (quoted when it is empty or holds spaces or
    /// control characters), else the number.
    pub fn seed_shown(&self) -> String {
        match &self.seed_text {
            Some(t) => show_seed_text(t),
            None => self.seed.to_string(),
        }
    }

    /// The start file's name (a bundled dungeon's, a world file's), if there is one.
    pub fn file_name(&self) -> Option<&str> {
        match &self.file {
            StartFile::None => None,
            StartFile::Bundled { name, .. } | StartFile::Contents { name, .. } => Some(name),
        }
    }

    /// Whether anything of format version 2 is set (else the file is written as version 1).
    fn needs_v2(&self) -> bool {
        self.seed_text.is_some() || !self.sessions.is_empty()
    }
}

/// `text` as a seed is shown: as it is, or quoted (Rust string syntax) when it is empty or
/// holds white space or control characters, so every seed shows and none can move the
/// terminal's cursor.
pub fn show_seed_text(text: &str) -> String {
    if text.is_empty() || text.chars().any(|c| c.is_whitespace() || c.is_control()) {
        format!("{text:?}")
    } else {
        text.to_string()
    }
}

/// The header as format version 1 laid it out (the first seven fields).
#[derive(Serialize, Deserialize)]
struct HeaderV1 {
    rules_version: u32,
    mode: String,
    seed: u64,
    file: StartFile,
    options: Vec<u8>,
    started: u64,
    checkpoint_every: u32,
}

impl From<HeaderV1> for Header {
    fn from(h: HeaderV1) -> Header {
        Header {
            rules_version: h.rules_version,
            mode: h.mode,
            seed: h.seed,
            file: h.file,
            options: h.options,
            started: h.started,
            checkpoint_every: h.checkpoint_every,
            seed_text: None,
            sessions: Vec::new(),
        }
    }
}

impl From<&Header> for HeaderV1 {
    fn from(h: &Header) -> HeaderV1 {
        HeaderV1 {
            rules_version: h.rules_version,
            mode: h.mode.clone(),
            seed: h.seed,
            file: h.file.clone(),
            options: h.options.clone(),
            started: h.started,
            checkpoint_every: h.checkpoint_every,
        }
    }
}

/// Where a recording stands: how long, and how it ended.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    /// Inputs recorded.
    pub steps: u64,
    /// The game's own count of turns (or ticks) at the last step.
    pub turns: u64,
    /// How the game ended (`won`, `died`, `quit`, `caught`...), `None` while it goes on.
    pub outcome: Option<String>,
    /// The state hash after the last step, once the game ended.
    pub final_hash: Option<u64>,
}

/// The state hash after `step` inputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Checkpoint {
    /// Inputs applied before the hash was taken.
    pub step: u64,
    /// The mode's portable state hash.
    pub hash: u64,
}

/// `count` equal inputs in a row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Run<I> {
    count: u32,
    input: I,
}

/// A recorded game: its [`Header`], [`Summary`], checkpoints and inputs.
///
/// ```
/// use torchlit_save::recording::{Header, Recording, StartFile};
///
/// let header = Header {
///     rules_version: 1,
///     mode: "caves".into(),
///     seed: 7,
///     file: StartFile::None,
///     options: Vec::new(),
///     started: 0,
///     checkpoint_every: 2,
///     seed_text: None,
///     sessions: Vec::new(),
/// };
/// let mut rec: Recording<u8> = Recording::new(header);
/// for input in [3, 3, 3, 5] {
///     rec.push(input);
///     if rec.wants_checkpoint() {
///         rec.checkpoint(u64::from(input));
///     }
/// }
/// rec.finish("died", 4, 99);
/// let bytes = rec.encode()?;
/// let back: Recording<u8> = Recording::decode(&bytes)?;
/// assert_eq!(back.inputs().copied().collect::<Vec<_>>(), [3, 3, 3, 5]);
/// assert_eq!(back.summary.outcome.as_deref(), Some("died"));
/// # Ok::<(), torchlit_save::recording::RecordingError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recording<I> {
    /// How the game started.
    pub header: Header,
    /// How long it is and how it ended.
    pub summary: Summary,
    checkpoints: Vec<Checkpoint>,
    runs: Vec<Run<I>>,
}

impl<I> Recording<I> {
    /// An empty recording of a game starting as `header` says.
    pub fn new(header: Header) -> Recording<I> {
        Recording { header, summary: Summary::default(), checkpoints: Vec::new(), runs: Vec::new() }
    }

    /// Inputs recorded so far.
    pub fn steps(&self) -> u64 {
        self.summary.steps
    }

    /// Whether a checkpoint is due after the last input (every
    /// [`Header::checkpoint_every`] steps).
    pub fn wants_checkpoint(&self) -> bool {
        let every = u64::from(self.header.checkpoint_every.max(1));
        self.summary.steps.is_multiple_of(every)
    }

    /// Records the state hash after the inputs so far (a second one at the same step
    /// replaces the first).
    pub fn checkpoint(&mut self, hash: u64) {
        let step = self.summary.steps;
        match self.checkpoints.last_mut() {
            Some(last) if last.step == step => last.hash = hash,
            _ => self.checkpoints.push(Checkpoint { step, hash }),
        }
    }

    /// The game ended: `outcome` (a short word), its turn count and final state hash,
    /// which is also the last checkpoint.
    pub fn finish(&mut self, outcome: &str, turns: u64, hash: u64) {
        self.checkpoint(hash);
        self.summary.turns = turns;
        self.summary.outcome = Some(outcome.to_string());
        self.summary.final_hash = Some(hash);
    }

    /// A saved game goes on in a new session that started at `now` (seconds since 1970
    /// UTC): it is kept in [`Header::sessions`] at the current step (a session with no
    /// input yet is replaced, not kept).
    pub fn resume(&mut self, now: u64) {
        let step = self.summary.steps;
        match self.header.sessions.last_mut() {
            Some(last) if last.step == step => last.started = now,
            _ => self.header.sessions.push(Session { step, started: now }),
        }
    }

    /// The checkpoints, by ascending step.
    pub fn checkpoints(&self) -> &[Checkpoint] {
        &self.checkpoints
    }

    /// Every input, in order (runs expanded).
    pub fn inputs(&self) -> impl Iterator<Item = &I> {
        self.runs.iter().flat_map(|r| std::iter::repeat_n(&r.input, r.count as usize))
    }

    /// The bytes the inputs take in the file (for measuring).
    pub fn input_bytes(&self) -> usize
    where
        I: Serialize,
    {
        postcard::to_allocvec(&self.runs).map_or(0, |b| b.len())
    }
}

impl<I: PartialEq> Recording<I> {
    /// Appends one input (merged into the last run when it repeats it).
    pub fn push(&mut self, input: I) {
        self.summary.steps += 1;
        if let Some(last) = self.runs.last_mut()
            && last.input == input
            && last.count < u32::MAX
        {
            last.count += 1;
            return;
        }
        self.runs.push(Run { count: 1, input });
    }
}

impl<I: Serialize> Recording<I> {
    /// The file bytes (see the [module docs](self) for the layout).
    ///
    /// # Errors
    /// [`RecordingError::Encode`] when an input does not serialize.
    pub fn encode(&self) -> Result<Vec<u8>, RecordingError> {
        let mut out = Vec::with_capacity(64 + self.runs.len() * 3);
        out.extend_from_slice(&MAGIC);
        let enc = |e: postcard::Error| RecordingError::Encode(e.to_string());
        if self.header.needs_v2() {
            out.extend_from_slice(&RECORDING_VERSION.to_le_bytes());
            out = postcard::to_extend(&self.header, out).map_err(enc)?;
        } else {
            out.extend_from_slice(&1u16.to_le_bytes());
            out = postcard::to_extend(&HeaderV1::from(&self.header), out).map_err(enc)?;
        }
        out = postcard::to_extend(&self.summary, out).map_err(enc)?;
        out = postcard::to_extend(&self.checkpoints, out).map_err(enc)?;
        out = postcard::to_extend(&self.runs, out).map_err(enc)?;
        let sum = seahash::hash(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        Ok(out)
    }
}

impl<I: DeserializeOwned> Recording<I> {
    /// Reads a recording from file bytes.
    ///
    /// # Errors
    /// [`RecordingError::Foreign`], [`RecordingError::NewerVersion`] or
    /// [`RecordingError::Damaged`] (a bad checksum, a part that does not decode, steps
    /// that do not add up, checkpoints out of order).
    pub fn decode(bytes: &[u8]) -> Result<Recording<I>, RecordingError> {
        let (version, body) = body(bytes)?;
        let (header, rest) = header(version, body)?;
        let (summary, rest) = part::<Summary>(rest, "summary")?;
        let (checkpoints, rest) = part::<Vec<Checkpoint>>(rest, "checkpoints")?;
        let (runs, rest) = part::<Vec<Run<I>>>(rest, "inputs")?;
        if !rest.is_empty() {
            return Err(damaged(format!("{} unexpected bytes after the inputs", rest.len())));
        }
        let steps = runs.iter().map(|r| u64::from(r.count)).sum::<u64>();
        if steps != summary.steps || runs.iter().any(|r| r.count == 0) {
            return Err(damaged(format!(
                "the summary says {} steps, the inputs hold {steps}",
                summary.steps
            )));
        }
        let ordered = checkpoints.windows(2).all(|w| w[0].step < w[1].step);
        if !ordered || checkpoints.last().is_some_and(|c| c.step > steps) {
            return Err(damaged("checkpoints out of order or past the end".to_string()));
        }
        Ok(Recording { header, summary, checkpoints, runs })
    }
}

/// The header and summary of a recording, without decoding its inputs (listing).
///
/// # Errors
/// As [`Recording::decode`], for the parts read.
pub fn read_info(bytes: &[u8]) -> Result<(Header, Summary), RecordingError> {
    let (version, body) = body(bytes)?;
    let (header, rest) = header(version, body)?;
    let (summary, _) = part::<Summary>(rest, "summary")?;
    Ok((header, summary))
}

fn damaged(reason: String) -> RecordingError {
    RecordingError::Damaged(reason)
}

/// The header, in the layout of format `version`.
fn header(version: u16, body: &[u8]) -> Result<(Header, &[u8]), RecordingError> {
    if version == 1 {
        let (v1, rest) = part::<HeaderV1>(body, "header")?;
        return Ok((v1.into(), rest));
    }
    let (header, rest) = part::<Header>(body, "header")?;
    let ordered = header.sessions.windows(2).all(|w| w[0].step < w[1].step);
    if !ordered {
        return Err(damaged("the sessions are out of order".to_string()));
    }
    Ok((header, rest))
}

/// Checks magic, version and checksum; returns the version and the postcard body.
fn body(bytes: &[u8]) -> Result<(u16, &[u8]), RecordingError> {
    if bytes.len() < MAGIC.len() || bytes[..MAGIC.len()] != MAGIC {
        return Err(RecordingError::Foreign);
    }
    if bytes.len() < FRAME_BYTES {
        return Err(damaged(format!("truncated: {} bytes", bytes.len())));
    }
    let version = u16::from_le_bytes([bytes[8], bytes[9]]);
    if version > RECORDING_VERSION {
        return Err(RecordingError::NewerVersion { found: version, supported: RECORDING_VERSION });
    }
    if version == 0 {
        return Err(damaged("format version 0".to_string()));
    }
    let (data, sum) = bytes.split_at(bytes.len() - 8);
    let mut expected = [0u8; 8];
    expected.copy_from_slice(sum);
    if seahash::hash(data) != u64::from_le_bytes(expected) {
        return Err(damaged("the checksum does not match (truncated or altered)".to_string()));
    }
    Ok((version, &data[MAGIC.len() + 2..]))
}

fn part<'a, T: DeserializeOwned>(
    bytes: &'a [u8],
    what: &str,
) -> Result<(T, &'a [u8]), RecordingError> {
    postcard::take_from_bytes::<T>(bytes).map_err(|e| damaged(format!("the {what}: {e}")))
}

/// Reads a recording file's bytes (at most [`MAX_FILE_BYTES`]).
///
/// # Errors
/// [`RecordingError::Io`] when it can't be read; [`RecordingError::NotAFile`] for a
/// FIFO, a device or a directory; [`RecordingError::Damaged`] when it is too large.
pub fn read_file(path: &Path) -> Result<Vec<u8>, RecordingError> {
    let io = |source| RecordingError::Io { path: path.to_path_buf(), source };
    // A FIFO would block and /dev/zero never ends: only regular files are read, and
    // never past the cap (a file may grow between the check and the read).
    let meta = fs::metadata(path).map_err(io)?;
    if !meta.is_file() {
        let kind = crate::fsutil::kind_of(meta.file_type());
        return Err(RecordingError::NotAFile { path: path.to_path_buf(), kind });
    }
    let mut bytes = Vec::new();
    fs::File::open(path)
        .and_then(|f| {
            std::io::Read::read_to_end(&mut std::io::Read::take(f, MAX_FILE_BYTES + 1), &mut bytes)
        })
        .map_err(io)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(damaged(format!(
            "more than {MAX_FILE_BYTES} bytes is larger than any recording"
        )));
    }
    Ok(bytes)
}

/// Writes a finished recording into `dir` (created if missing) as
/// `<mode>-<YYYY-MM-DD>-<HHMMSS>-<outcome>.tlrec` (the start of its last session, UTC), with `-2`,
/// `-3`... added when that name is taken. Never replaces a file; returns the path.
///
/// # Errors
/// [`RecordingError::Io`] when the directory or file can't be written.
pub fn write_file(
    dir: &Path,
    header: &Header,
    outcome: &str,
    bytes: &[u8],
) -> Result<PathBuf, RecordingError> {
    let stem = file_stem(header, outcome);
    for n in 1..1000 {
        let name =
            if n == 1 { format!("{stem}.{EXTENSION}") } else { format!("{stem}-{n}.{EXTENSION}") };
        let path = dir.join(name);
        match fsutil::write_new(&path, bytes) {
            Ok(true) => return Ok(path),
            Ok(false) => continue,
            Err(source) => return Err(RecordingError::Io { path, source }),
        }
    }
    Err(RecordingError::Io {
        path: dir.join(format!("{stem}.{EXTENSION}")),
        source: io::Error::new(io::ErrorKind::AlreadyExists, "too many recordings of that name"),
    })
}

/// The file name (without extension) of a recording: mode, the date and time its last
/// session started ([`Header::last_started`]), outcome;
/// only letters, digits and `-` survive from the mode and outcome.
pub fn file_stem(header: &Header, outcome: &str) -> String {
    let clean = |s: &str| -> String {
        let t: String = s
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '-' })
            .collect();
        if t.is_empty() { "game".to_string() } else { t }
    };
    let (date, time) = utc_date_time(header.last_started());
    format!("{}-{date}-{time}-{}", clean(&header.mode), clean(outcome))
}

/// `YYYY-MM-DD` and `HHMMSS` of `secs` seconds since 1970-01-01 UTC (Howard Hinnant's
/// `civil_from_days`).
pub fn utc_date_time(secs: u64) -> (String, String) {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    let time = format!("{:02}{:02}{:02}", rem / 3600, rem / 60 % 60, rem % 60);
    (format!("{y:04}-{m:02}-{d:02}"), time)
}

/// One file of a recordings directory, and what its start says.
#[derive(Debug)]
pub struct RecordingEntry {
    /// The file.
    pub path: PathBuf,
    /// Its header and summary, or why they can't be read.
    pub info: Result<(Header, Summary), RecordingError>,
}

/// The `.tlrec` files of `dir` (none if it does not exist), by file name.
///
/// # Errors
/// [`RecordingError::Io`] when the directory exists but can't be listed. A file that
/// can't be read is listed with its error.
pub fn list_dir(dir: &Path) -> Result<Vec<RecordingEntry>, RecordingError> {
    let entries = match fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(source) => return Err(RecordingError::Io { path: dir.to_path_buf(), source }),
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == EXTENSION))
        .collect();
    paths.sort();
    Ok(paths
        .into_iter()
        .map(|path| {
            let info = read_file(&path).and_then(|b| read_info(&b));
            RecordingEntry { path, info }
        })
        .collect())
}

#[cfg(test)]
mod tests;

#[cfg(all(test, unix))]
mod read_file_tests {
    use super::*;

    #[test]
    fn devices_and_directories_are_refused_not_read() {
        for (path, kind) in [("/dev/zero", "a device"), ("/", "a directory")] {
            let e = read_file(Path::new(path)).expect_err("refused");
            assert_eq!(e.to_string(), format!("{path}: {kind}, not a recording file"));
        }
    }
}
