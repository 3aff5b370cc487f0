//! Recording games as they are played: each play screen keeps a [`Recorder`] of the
//! inputs it sends to the sim (one place per mode), and when the game ends hands the
//! encoded recording to the front end's [`RecordingSink`] (the terminal's writes it to
//! `<data dir>/recordings/`). The format is `torchlit_save::recording`'s; the ui writes
//! no file itself.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::fmt;
use std::rc::Rc;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::Serialize;
use torchlit_save::recording::{Header, Recording, RecordingError, StartFile, show_seed_text};

use crate::caves::StoreError;

/// Turns between state-hash checkpoints in the turn-based modes.
pub const CHECKPOINT_TURNS: u32 = 100;
/// Ticks between state-hash checkpoints in `maze` (10 seconds).
pub const CHECKPOINT_TICKS: u32 = 240;

/// The most seed texts kept ([`name_seed`]); past it the oldest names are forgotten (a
/// server taking seeds from deep links keeps no more than this).
const MAX_SEED_TEXTS: usize = 1024;

/// The texts typed as seeds in this process, by the seed they hash to.
static SEED_TEXTS: Mutex<BTreeMap<u64, String>> = Mutex::new(BTreeMap::new());

/// Keeps `text`, typed by the player, as the name of `seed` (its hash): games of that seed
/// then show the seed as typed ([`seed_shown`]) and their recordings keep the text
/// ([`Header::seed_text`]). A number (the seed itself) needs no name and is not kept. At
/// most 1024 names are kept (past that the older ones are forgotten: only the showing
/// of those seeds changes).
///
/// Seeds are numbers everywhere below the front end; the text is only for showing, and
/// a hash can't be undone, so the front end that read it names it here once.
pub fn name_seed(text: &str, seed: u64) {
    if text.trim().parse::<u64>().ok() == Some(seed) {
        return;
    }
    let mut texts = SEED_TEXTS.lock().unwrap_or_else(PoisonError::into_inner);
    if texts.len() >= MAX_SEED_TEXTS && !texts.contains_key(&seed) {
        texts.clear();
    }
    texts.insert(seed, text.to_string());
}

/// The text typed for `seed` in this process ([`name_seed`]), if any.
pub fn seed_text(seed: u64) -> Option<String> {
    SEED_TEXTS.lock().unwrap_or_else(PoisonError::into_inner).get(&seed).cloned()
}

/// `seed` for people: the text typed for it (quoted when it holds spaces), else the number.
pub fn seed_shown(seed: u64) -> String {
    seed_text(seed).map_or_else(|| seed.to_string(), |t| show_seed_text(&t))
}

/// Seconds since 1970 UTC now (0 if the clock is before it).
fn now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// Where finished recordings go; the front end supplies it.
pub trait RecordingSink {
    /// Keeps a finished recording (`bytes`, the file format) of a game that started as
    /// `header` says and ended with `outcome`; returns where it went, for the player.
    ///
    /// # Errors
    /// When it could not be kept (the game has ended anyway).
    fn keep(&mut self, header: &Header, outcome: &str, bytes: &[u8]) -> Result<String, StoreError>;
}

/// A shared handle to a [`RecordingSink`] (the app hands it to every play screen).
#[derive(Clone)]
pub struct Recordings(Rc<RefCell<dyn RecordingSink>>);

impl Recordings {
    /// Wraps a sink.
    pub fn new(sink: impl RecordingSink + 'static) -> Recordings {
        Recordings(Rc::new(RefCell::new(sink)))
    }

    /// [`RecordingSink::keep`].
    ///
    /// # Errors
    /// As [`RecordingSink::keep`], or when the sink is busy (never: single-threaded).
    pub fn keep(&self, header: &Header, outcome: &str, bytes: &[u8]) -> Result<String, StoreError> {
        self.0
            .try_borrow_mut()
            .map_err(|_| StoreError("the recordings store is busy".to_string()))?
            .keep(header, outcome, bytes)
    }
}

impl fmt::Debug for Recordings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Recordings(..)")
    }
}

/// One recording kept in memory: `MODE-OUTCOME` and the file bytes.
pub type KeptRecording = (String, Vec<u8>);

/// Recordings kept in memory (tests, and front ends without a data directory).
#[derive(Clone, Debug, Default)]
pub struct MemoryRecordings(pub Rc<RefCell<Vec<KeptRecording>>>);

impl RecordingSink for MemoryRecordings {
    fn keep(&mut self, header: &Header, outcome: &str, bytes: &[u8]) -> Result<String, StoreError> {
        let mut kept = self.0.try_borrow_mut().map_err(|_| StoreError("busy".to_string()))?;
        kept.push((format!("{}-{outcome}", header.mode), bytes.to_vec()));
        Ok(format!("recording #{}", kept.len()))
    }
}

/// Why a finished recording was not kept.
#[derive(Clone, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum KeepError {
    /// The recording could not be written as a file.
    #[error(transparent)]
    Encode(Arc<RecordingError>),
    /// The sink could not keep it.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// The recording of the game a screen is playing.
#[derive(Clone, Debug)]
pub struct Recorder<I> {
    rec: Recording<I>,
    sink: Option<Recordings>,
    kept: Option<Result<String, KeepError>>,
}

impl<I: Serialize + PartialEq + Clone> Recorder<I> {
    /// A recorder of a game of `mode` starting now from `seed`, `file` and the mode's
    /// encoded `options`, with a checkpoint every `every` steps. The seed's text, if one
    /// was typed for it ([`name_seed`]), goes into the header.
    pub fn new(
        mode: &str,
        seed: u64,
        file: StartFile,
        options: Vec<u8>,
        every: u32,
    ) -> Recorder<I> {
        let header = Header {
            rules_version: torchlit_sim::RULES_VERSION,
            mode: mode.to_string(),
            seed,
            file,
            options,
            started: now(),
            checkpoint_every: every,
            seed_text: seed_text(seed),
            sessions: Vec::new(),
        };
        Recorder { rec: Recording::new(header), sink: None, kept: None }
    }

    /// Records on from `rec` (a saved game's recording so far) in a new session that
    /// starts now ([`Recording::resume`]); the seed's text it keeps names the seed again
    /// ([`name_seed`]), or a name given since goes into it.
    pub fn resumed(mut rec: Recording<I>) -> Recorder<I> {
        rec.resume(now());
        match &rec.header.seed_text {
            Some(text) => name_seed(text, rec.header.seed),
            None => rec.header.seed_text = seed_text(rec.header.seed),
        }
        Recorder { rec, sink: None, kept: None }
    }

    /// Sets the seed as the player typed it (`None`: a number), before it is kept.
    pub fn set_seed_text(&mut self, text: Option<String>) {
        self.rec.header.seed_text = text;
    }

    /// Names the start file for people (a world's or dungeon's name: `torchlit
    /// recordings` lists it); the contents stay as they are.
    pub fn set_file_name(&mut self, name: &str) {
        match &mut self.rec.header.file {
            StartFile::Bundled { name: n, .. } | StartFile::Contents { name: n, .. } => {
                *n = name.to_string();
            }
            StartFile::None => {}
        }
    }

    /// Sets the start time kept in the header (seconds since 1970 UTC; tools that make
    /// recordings with a fixed date).
    pub fn set_started(&mut self, secs: u64) {
        self.rec.header.started = secs;
    }

    /// Replaces the mode's start options in the header (before the first input: a
    /// setting chosen after the recorder was made).
    pub fn set_options(&mut self, options: Vec<u8>) {
        self.rec.header.options = options;
    }

    /// Where the recording goes when the game ends (none: it is dropped).
    pub fn set_sink(&mut self, sink: Option<Recordings>) {
        self.sink = sink;
    }

    /// Whether a sink was set.
    pub fn has_sink(&self) -> bool {
        self.sink.is_some()
    }

    /// The recording so far.
    pub fn recording(&self) -> &Recording<I> {
        &self.rec
    }

    /// Records one input sent to the game, then a checkpoint when one is due (`hash` is
    /// the state after the input).
    pub fn record(&mut self, input: I, hash: impl FnOnce() -> u64) {
        if self.kept.is_some() {
            return;
        }
        self.rec.push(input);
        if self.rec.wants_checkpoint() {
            self.rec.checkpoint(hash());
        }
    }

    /// The game ended with `outcome` after `turns` turns (or ticks) in state `hash`:
    /// hands the recording to the sink, once. Returns where it went (or why not);
    /// `None` without a sink, or when already kept.
    pub fn finish(
        &mut self,
        outcome: &str,
        turns: u64,
        hash: u64,
    ) -> Option<Result<String, KeepError>> {
        if self.kept.is_some() {
            return None;
        }
        self.rec.finish(outcome, turns, hash);
        let kept = keep(self.sink.as_ref()?, &self.rec, outcome);
        self.kept = Some(kept.clone());
        Some(kept)
    }

    /// Records the state hash now (a checkpoint at the current step, besides the periodic
    /// ones): a saved game marks the state it was saved in.
    pub fn checkpoint_now(&mut self, hash: u64) {
        if self.kept.is_none() {
            self.rec.checkpoint(hash);
        }
    }

    /// Hands a finished copy of the recording so far to the sink (outcome `outcome`,
    /// `turns`, final state `hash`) and records on: a game that goes on after it is saved
    /// (an overworld world left). `None` without a sink.
    pub fn keep_copy(
        &self,
        outcome: &str,
        turns: u64,
        hash: u64,
    ) -> Option<Result<String, KeepError>> {
        let sink = self.sink.as_ref()?;
        let mut rec = self.rec.clone();
        rec.finish(outcome, turns, hash);
        Some(keep(sink, &rec, outcome))
    }

    /// A line for the player once the game ended: where the recording went, or why not.
    pub fn kept(&self) -> Option<String> {
        match self.kept.as_ref()? {
            Ok(place) => Some(format!("Recording: {place}")),
            Err(e) => Some(format!("The recording could not be kept: {e}")),
        }
    }
}

/// `rec` (finished with `outcome`) handed to `sink`: where it went.
fn keep<I: Serialize>(
    sink: &Recordings,
    rec: &Recording<I>,
    outcome: &str,
) -> Result<String, KeepError> {
    let bytes = rec.encode().map_err(|e| KeepError::Encode(Arc::new(e)))?;
    Ok(sink.keep(&rec.header, outcome, &bytes)?)
}
