//! Playing recordings back: headless ([`verify`]) or step by step for the replay screen
//! ([`open`], [`ReplayScreen`]).
//!
//! A [`Replayer`] rebuilds the game from the recording's header and feeds it the
//! recorded inputs, checking each checkpoint's state hash on the way; a mismatch is a
//! [`Divergence`] naming the first step (and game turn) where the game went another way.
//! While playing forward it keeps a snapshot of the game every few hundred steps, so
//! seeking backward restores the nearest one and plays at most that many steps.

mod modes;
mod overworld;
mod prompts;
mod screen;
mod start_error;

use std::fmt;

use serde::Serialize;
use serde::de::DeserializeOwned;
use torchlit_save::recording::{
    Checkpoint, Header, Recording, RecordingError, Summary, read_info, show_seed_text,
};
use torchlit_sim::ModeId;

use crate::Frame;

pub use prompts::{ReplayHelp, SeekPrompt};
pub use screen::{CONTROLS, ReplayScreen};

pub use modes::{
    ScriptLoader, StartError, caves_recorder, caves_recorder_with, chase_recorder,
    chase_recorder_with, maze_recorder, maze_start, ultima_recorder,
};
pub(crate) use modes::{caves_options, caves_outcome, caves_pickup};
pub use overworld::{overworld_recorder, overworld_start};

/// What a recorded game started from, bare: the seed as typed (or its number), or for a
/// game on a file without a seed (a bundled chase dungeon, an ultima world) the file's
/// name (`corner_trap`). `torchlit recordings` lists it.
pub fn start_name(header: &Header) -> String {
    match header.file_name() {
        Some(name) if header.seed == 0 && header.seed_text.is_none() => show_seed_text(name),
        _ => header.seed_shown(),
    }
}

/// The mode a recording plays: its header's mode name, where `chase-play` (a person
/// playing a side of a chase) is `chase` too; `None` for a name no mode has.
pub fn mode_of(header: &Header) -> Option<ModeId> {
    match header.mode.as_str() {
        crate::chase::record::MODE => Some(ModeId::Chase),
        name => name.parse().ok(),
    }
}

/// [`start_name`] with what it is: `seed 42`, `seed lanterns`, `dungeon corner_trap`,
/// `world keep`.
pub fn start_label(header: &Header) -> String {
    let what = match header.file_name() {
        Some(_) if header.seed == 0 && header.seed_text.is_none() => match header.mode.parse() {
            Ok(ModeId::Chase) => "dungeon",
            Ok(ModeId::Ultima) => "world",
            _ => "file",
        },
        _ => "seed",
    };
    format!("{what} {}", start_name(header))
}

/// The first checkpoint whose hash the replay did not reproduce.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divergence {
    /// Inputs applied when the hashes differed (the game went another way at or before
    /// this step, after the previous checkpoint).
    pub step: u64,
    /// The game's own turn (or tick) count there.
    pub turn: u64,
    /// The previous checkpoint that matched (0: none).
    pub since: u64,
    /// The hash in the file.
    pub expected: u64,
    /// The hash of the replayed game.
    pub found: u64,
    /// The rules version the file was made with.
    pub rules_version: u32,
}

impl fmt::Display for Divergence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the game went another way between step {} and step {} (turn {}): checkpoint \
             hash {:016x}, replay {:016x}; the file was made with rules version {}, this is \
             rules version {}",
            self.since,
            self.step,
            self.turn,
            self.expected,
            self.found,
            self.rules_version,
            torchlit_sim::RULES_VERSION
        )
    }
}

/// Why a recording can't be played back.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayError {
    /// The file itself: foreign, newer, damaged.
    #[error(transparent)]
    File(#[from] RecordingError),
    /// A mode this torchlit does not know.
    #[error("unknown mode {0:?}")]
    UnknownMode(String),
    /// The game could not be rebuilt from the header (a world that no longer parses).
    #[error("the recorded game can't be started: {0}")]
    Start(#[source] StartError),
    /// A checkpoint was not reproduced.
    #[error("{0}")]
    Diverged(Divergence),
}

/// What a full headless replay found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    /// The mode.
    pub mode: String,
    /// The seed.
    pub seed: u64,
    /// What the game started from, for people ([`start_label`]: `seed lanterns`,
    /// `dungeon corner_trap`).
    pub start: String,
    /// The outcome in the file (`None`: a game in progress).
    pub outcome: Option<String>,
    /// Inputs replayed.
    pub steps: u64,
    /// The game's turn (or tick) count at the end.
    pub turns: u64,
    /// The state hash at the end.
    pub hash: u64,
    /// Checkpoints checked.
    pub checkpoints: usize,
}

/// A recording being played back, one step at a time.
pub trait Replayer {
    /// How the game started.
    fn header(&self) -> &Header;
    /// The recording's summary (its length and the outcome to come).
    fn summary(&self) -> &Summary;
    /// Inputs applied so far.
    fn position(&self) -> u64;
    /// Inputs in the recording.
    fn len(&self) -> u64;
    /// The game's own turn (or tick) count now.
    fn turns(&self) -> u64;
    /// The game's state hash now.
    fn hash(&self) -> u64;
    /// Applies the next input; `Ok(false)` at the end.
    ///
    /// # Errors
    /// A checkpoint at the new position that does not match.
    fn forward(&mut self) -> Result<bool, Divergence>;
    /// Moves to `step` (clamped to the length) from the nearest snapshot before it (or
    /// from here, when that is nearer), playing the steps in between.
    ///
    /// # Errors
    /// A checkpoint on the way that does not match.
    fn seek(&mut self, step: u64) -> Result<(), Divergence>;
    /// Draws the game as its play screen does, with the messages it would be showing
    /// now ([`Replayer::messages`]).
    fn render(&self, frame: &mut Frame);
    /// Whether the recording holds no input.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The messages on screen now: the latest ones said, for as long as the live game
    /// keeps a message up (in `maze` 3 seconds of ticks; in the turn-based modes until
    /// newer ones, for at most [`TURN_MESSAGE_HOLD`] steps).
    fn messages(&self) -> Vec<String>;
    /// Moves to the next step at which the game said something (a death, a find...):
    /// `Ok(false)`, staying here, when nothing more is said.
    ///
    /// # Errors
    /// A checkpoint on the way that does not match.
    fn next_message(&mut self) -> Result<bool, Divergence>;
    /// Moves back to the previous step at which the game said something: `Ok(false)`,
    /// staying here, when nothing was said before.
    ///
    /// # Errors
    /// A checkpoint on the way that does not match.
    fn previous_message(&mut self) -> Result<bool, Divergence>;
    /// A copy at the same position.
    fn boxed_clone(&self) -> Box<dyn Replayer>;
    /// How many checkpoints the recording holds.
    fn checkpoint_count(&self) -> usize;
    /// Whether every input has been played.
    fn at_end(&self) -> bool {
        self.position() >= self.len()
    }
}

/// One mode, as the replayer sees it.
pub(crate) trait Replayable: 'static {
    /// Inputs as recorded.
    type Input: Serialize + DeserializeOwned + PartialEq + Clone + fmt::Debug + 'static;
    /// The game (or the read-only screen around it).
    type Game: Clone + 'static;
    /// Steps between snapshots (`u64::MAX`: none; seeking back starts over).
    const SNAPSHOT_EVERY: u64;
    /// Steps a message stays on screen (unless newer ones replace it).
    const MESSAGE_HOLD: u64 = TURN_MESSAGE_HOLD;
    /// Rebuilds the game at its start.
    ///
    /// # Errors
    /// Why the start the header describes can't be rebuilt.
    fn start(header: &Header) -> Result<Self::Game, StartError>;
    /// Rebuilds the game at its start, running the scripts it keeps with `scripts` (only
    /// a chase keeps any; the others start as [`Mode::start`]).
    ///
    /// # Errors
    /// As [`Replayable::start`].
    fn start_with(
        header: &Header,
        scripts: Option<ScriptLoader>,
    ) -> Result<Self::Game, StartError> {
        let _ = scripts;
        Self::start(header)
    }
    /// Applies one input; returns the messages to show.
    fn step(game: &mut Self::Game, input: &Self::Input) -> Vec<String>;
    /// The portable state hash.
    fn hash(game: &Self::Game) -> u64;
    /// The game's turn (or tick) count.
    fn turns(game: &Self::Game) -> u64;
    /// Draws it with `messages`.
    fn render(game: &Self::Game, messages: &[String], frame: &mut Frame);
}

/// Steps a turn-based mode's messages stay in a replay unless newer ones come: the live
/// game keeps them until the player's next action, and a replay plays four actions a
/// second at 1x, so they stay two seconds there.
pub const TURN_MESSAGE_HOLD: u64 = 8;

/// A [`Replayer`] of mode `M`.
struct Player<M: Replayable> {
    rec: Recording<M::Input>,
    inputs: Vec<M::Input>,
    game: M::Game,
    step: u64,
    /// `(step, game)`, ascending; the first is the start.
    snapshots: Vec<(u64, M::Game)>,
    /// Every message said so far, with the step that said it (ascending).
    log: Vec<(u64, String)>,
    /// The steps played at least once: their messages are in `log`.
    logged_to: u64,
}

impl<M: Replayable> Clone for Player<M> {
    fn clone(&self) -> Player<M> {
        Player {
            rec: self.rec.clone(),
            inputs: self.inputs.clone(),
            game: self.game.clone(),
            step: self.step,
            snapshots: self.snapshots.clone(),
            log: self.log.clone(),
            logged_to: self.logged_to,
        }
    }
}

impl<M: Replayable> Player<M> {
    fn new(bytes: &[u8], scripts: Option<ScriptLoader>) -> Result<Player<M>, ReplayError> {
        let rec: Recording<M::Input> = Recording::decode(bytes)?;
        let game = M::start_with(&rec.header, scripts).map_err(ReplayError::Start)?;
        let inputs = rec.inputs().cloned().collect();
        Ok(Player {
            rec,
            inputs,
            snapshots: vec![(0, game.clone())],
            game,
            step: 0,
            log: Vec::new(),
            logged_to: 0,
        })
    }

    fn checkpoint_at(&self, step: u64) -> Option<(usize, &Checkpoint)> {
        let cps = self.rec.checkpoints();
        cps.binary_search_by_key(&step, |c| c.step).ok().map(|i| (i, &cps[i]))
    }

    /// One input; its messages go into the log the first time the step is played.
    fn advance(&mut self) -> Result<bool, Divergence> {
        let Some(input) = self.inputs.get(self.step as usize) else { return Ok(false) };
        let said = M::step(&mut self.game, input);
        self.step += 1;
        if self.step > self.logged_to {
            let said = said.into_iter().filter(|m| !m.is_empty());
            self.log.extend(said.map(|m| (self.step, m)));
            self.logged_to = self.step;
        }
        if self.step.is_multiple_of(M::SNAPSHOT_EVERY)
            && self.snapshots.last().is_some_and(|(s, _)| *s < self.step)
        {
            self.snapshots.push((self.step, self.game.clone()));
        }
        if let Some((i, cp)) = self.checkpoint_at(self.step) {
            let found = M::hash(&self.game);
            if found != cp.hash {
                let since = i.checked_sub(1).map_or(0, |j| self.rec.checkpoints()[j].step);
                return Err(Divergence {
                    step: self.step,
                    turn: M::turns(&self.game),
                    since,
                    expected: cp.hash,
                    found,
                    rules_version: self.rec.header.rules_version,
                });
            }
        }
        Ok(true)
    }
}

impl<M: Replayable> Replayer for Player<M> {
    fn header(&self) -> &Header {
        &self.rec.header
    }

    fn summary(&self) -> &Summary {
        &self.rec.summary
    }

    fn position(&self) -> u64 {
        self.step
    }

    fn len(&self) -> u64 {
        self.inputs.len() as u64
    }

    fn turns(&self) -> u64 {
        M::turns(&self.game)
    }

    fn hash(&self) -> u64 {
        M::hash(&self.game)
    }

    fn forward(&mut self) -> Result<bool, Divergence> {
        self.advance()
    }

    fn seek(&mut self, step: u64) -> Result<(), Divergence> {
        let step = step.min(self.len());
        // The nearest snapshot at or before the target, if it is behind us (seeking back)
        // or ahead of us (a long seek forward over ground played before).
        let i = self.snapshots.partition_point(|(s, _)| *s <= step).saturating_sub(1);
        if let Some((s, game)) = self.snapshots.get(i)
            && (step < self.step || *s > self.step)
        {
            self.step = *s;
            self.game = game.clone();
        }
        while self.step < step {
            self.advance()?;
        }
        Ok(())
    }

    fn render(&self, frame: &mut Frame) {
        M::render(&self.game, &self.messages(), frame);
    }

    fn messages(&self) -> Vec<String> {
        let end = self.log.partition_point(|(s, _)| *s <= self.step);
        let Some(last) = end.checked_sub(1).map(|i| self.log[i].0) else { return Vec::new() };
        if self.step - last >= M::MESSAGE_HOLD {
            return Vec::new();
        }
        let start = self.log.partition_point(|(s, _)| *s < last);
        self.log[start..end].iter().map(|(_, m)| m.clone()).collect()
    }

    fn next_message(&mut self) -> Result<bool, Divergence> {
        let here = self.step;
        let said_after = |log: &[(u64, String)]| log.last().is_some_and(|(s, _)| *s > here);
        if !said_after(&self.log) && self.logged_to < self.len() {
            // Not played that far yet: on from the last step played, until something is said.
            self.seek(self.logged_to.max(here))?;
            while !said_after(&self.log) && self.advance()? {}
        }
        let next = self.log.iter().map(|(s, _)| *s).find(|&s| s > here);
        self.seek(next.unwrap_or(here))?;
        Ok(next.is_some())
    }

    fn previous_message(&mut self) -> Result<bool, Divergence> {
        let here = self.step;
        let before = self.log.iter().rev().map(|(s, _)| *s).find(|&s| s < here);
        if let Some(s) = before {
            self.seek(s)?;
        }
        Ok(before.is_some())
    }

    fn boxed_clone(&self) -> Box<dyn Replayer> {
        Box::new(self.clone())
    }

    fn checkpoint_count(&self) -> usize {
        self.rec.checkpoints().len()
    }
}

fn player<M: Replayable>(
    bytes: &[u8],
    scripts: Option<ScriptLoader>,
) -> Result<Box<dyn Replayer>, ReplayError> {
    Ok(Box::new(Player::<M>::new(bytes, scripts)?))
}

/// Opens a recording for playback, at its start; a chase played by scripts can't be
/// opened (see [`open_with`]).
///
/// # Errors
/// As [`open_with`].
pub fn open(bytes: &[u8]) -> Result<Box<dyn Replayer>, ReplayError> {
    open_with(bytes, None)
}

/// Opens a recording for playback, at its start; the scripts a chase recording keeps
/// are compiled by `scripts` (none: such a chase can't be replayed here).
///
/// # Errors
/// [`ReplayError::File`] for a foreign, newer or damaged file,
/// [`ReplayError::UnknownMode`], or [`ReplayError::Start`] (also for a chase script
/// without a `scripts` loader).
pub fn open_with(
    bytes: &[u8],
    scripts: Option<ScriptLoader>,
) -> Result<Box<dyn Replayer>, ReplayError> {
    let (header, _) = read_info(bytes)?;
    if header.mode == crate::chase::record::MODE {
        return player::<crate::chase::record::ChasePlayReplay>(bytes, scripts);
    }
    match header.mode.parse::<ModeId>() {
        Ok(ModeId::Caves) => player::<modes::CavesReplay>(bytes, scripts),
        Ok(ModeId::Maze) => player::<modes::MazeReplay>(bytes, scripts),
        Ok(ModeId::Ultima) => player::<modes::UltimaReplay>(bytes, scripts),
        Ok(ModeId::Chase) => player::<modes::ChaseReplay>(bytes, scripts),
        Ok(ModeId::Overworld) => player::<overworld::OverworldReplay>(bytes, scripts),
        Err(_) => Err(ReplayError::UnknownMode(header.mode.clone())),
    }
}

/// Replays a whole recording headless, checking every checkpoint, as fast as it goes; a
/// chase played by scripts can't be (see [`verify_with`]).
///
/// # Errors
/// As [`verify_with`].
pub fn verify(bytes: &[u8]) -> Result<Verified, ReplayError> {
    verify_with(bytes, None)
}

/// Replays a whole recording headless, as [`verify`], the scripts a chase recording
/// keeps compiled by `scripts`.
///
/// # Errors
/// As [`open_with`], and [`ReplayError::Diverged`] at the first checkpoint not
/// reproduced.
pub fn verify_with(bytes: &[u8], scripts: Option<ScriptLoader>) -> Result<Verified, ReplayError> {
    let mut replay = open_with(bytes, scripts)?;
    while replay.forward().map_err(ReplayError::Diverged)? {}
    let (header, summary) = (replay.header(), replay.summary());
    Ok(Verified {
        mode: header.mode.clone(),
        seed: header.seed,
        start: start_label(header),
        outcome: summary.outcome.clone(),
        steps: replay.position(),
        turns: replay.turns(),
        hash: replay.hash(),
        checkpoints: replay.checkpoint_count(),
    })
}
