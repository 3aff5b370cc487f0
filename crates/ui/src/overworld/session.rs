//! One world in play: the game and its open world (from the front end's `WorldStore`), saved
//! in the background.

use std::time::{Duration, Instant};

use torchlit_rng::Seed;
use torchlit_save::recording::Recording;
use torchlit_save::{
    GenerationCheck, OpenWorld, Record, RegionKey, Save, SaveError, WorldId, WorldInfo, WorldSaver,
    WorldSpec, WorldStore,
};
use torchlit_sim::modes::overworld::{
    Action, Ending, Event, Overworld, OverworldError, Player, PlayerV1, RegionChanges, RegionCoord,
    Rules,
};

use super::config::{GenerationConfig, PlayConfig};
use super::worlds::{MODE, Worlds, rules_from};
use crate::record::{KeepError, Recorder, Recordings};
use crate::replay::overworld_recorder;

/// The `[generation]` settings a world was made with, stored in the world (its snapshot
/// record, which `overworld` worlds have no other use for) when it is created: the world
/// is always rebuilt from these, whatever the config says later (the config's
/// `[generation]` applies to new worlds). Layout version 2 adds the ruleset; a version 1
/// record ([`WorldSettingsV1`]) is a world of the default game.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
struct WorldSettings {
    /// The layout's version, for later additions.
    version: u32,
    region_size: u32,
    iterations: u32,
    death_threshold: u32,
    rock_probability: f64,
    chest_probability: f64,
    chest_max_items: u32,
    /// Played by CaveGame's rules exactly (`--rules seed`).
    seed_rules: bool,
}

/// [`WorldSettings`] as layout version 1 stored them (before the ruleset was stored).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
struct WorldSettingsV1 {
    version: u32,
    region_size: u32,
    iterations: u32,
    death_threshold: u32,
    rock_probability: f64,
    chest_probability: f64,
    chest_max_items: u32,
}

impl From<WorldSettingsV1> for WorldSettings {
    fn from(v: WorldSettingsV1) -> WorldSettings {
        WorldSettings {
            version: 2,
            region_size: v.region_size,
            iterations: v.iterations,
            death_threshold: v.death_threshold,
            rock_probability: v.rock_probability,
            chest_probability: v.chest_probability,
            chest_max_items: v.chest_max_items,
            seed_rules: false,
        }
    }
}

impl WorldSettings {
    fn of(g: &GenerationConfig, seed_rules: bool) -> WorldSettings {
        WorldSettings {
            version: 2,
            region_size: g.region_size,
            iterations: g.iterations,
            death_threshold: g.death_threshold,
            rock_probability: g.rock_probability,
            chest_probability: g.chest_probability,
            chest_max_items: g.chest_max_items,
            seed_rules,
        }
    }

    /// The world's settings: version 2, or version 1 migrated (and stored again as 2).
    fn load(db: &mut dyn OpenWorld) -> Result<WorldSettings, SaveError> {
        match db.load_snapshot::<WorldSettings>() {
            Ok(settings) => Ok(settings),
            Err(SaveError::Corrupt { .. }) if db.load_snapshot::<WorldSettingsV1>().is_ok() => {
                let settings = WorldSettings::from(db.load_snapshot::<WorldSettingsV1>()?);
                db.save_snapshot(&settings)?;
                Ok(settings)
            }
            Err(e) => Err(e),
        }
    }

    /// These generation settings, as the config's table holds them.
    fn generation(&self) -> GenerationConfig {
        GenerationConfig {
            region_size: self.region_size,
            iterations: self.iterations,
            death_threshold: self.death_threshold,
            rock_probability: self.rock_probability,
            chest_probability: self.chest_probability,
            chest_max_items: self.chest_max_items,
        }
    }

    /// The config's rules with these generation settings in place of its own.
    fn rules(&self, worlds: &Worlds) -> Rules {
        let rules = rules_from(&self.generation(), &PlayConfig::of(worlds.config()));
        if self.seed_rules { Rules { quest: None, ..rules } } else { rules }
    }
}

/// How the game of world `id` ended, read without opening it for play (`None` while it
/// goes on, or when its player record can't be read: the list then shows no mark).
pub(crate) fn ending_of(store: &dyn WorldStore, id: &WorldId) -> Option<Ending> {
    let db = store.peek(id).ok()?;
    load_player(db.as_ref()).ok()?.vitals().ending
}

/// The player record: layout version 2 or 3, or a version 1 record (from before the default
/// game's hunt) migrated to full health.
fn load_player(db: &dyn OpenWorld) -> Result<Player, SaveError> {
    match db.load_player::<Player>() {
        Err(SaveError::Corrupt { .. }) if db.load_player::<PlayerV1>().is_ok() => {
            Ok(Player::from(db.load_player::<PlayerV1>()?))
        }
        other => other,
    }
}

/// Why a world can't be created, opened or saved (one line for the player).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SessionError {
    /// The save store failed (damaged, foreign, newer, in use, disk full...).
    #[error(transparent)]
    Save(#[from] SaveError),
    /// The world could not be generated with the config's settings.
    #[error(transparent)]
    Game(#[from] OverworldError),
}

/// How long the autosaves of a session stalled play (encoding the records and handing
/// them to the background saver; the commit itself runs on the saver's thread).
#[derive(Clone, Debug, Default)]
pub struct SaveTimes {
    samples: Vec<Duration>,
}

/// How many stall samples are kept (the latest).
const KEPT_SAMPLES: usize = 4096;

impl SaveTimes {
    fn push(&mut self, d: Duration) {
        if self.samples.len() == KEPT_SAMPLES {
            self.samples.remove(0);
        }
        self.samples.push(d);
    }

    /// How many autosaves were timed.
    pub fn count(&self) -> usize {
        self.samples.len()
    }

    /// The `q`-quantile (0 to 1) of the stalls, `None` before the first autosave.
    pub fn quantile(&self, q: f64) -> Option<Duration> {
        let mut sorted = self.samples.clone();
        sorted.sort_unstable();
        let last = sorted.len().checked_sub(1)?;
        let i = ((last as f64) * q.clamp(0.0, 1.0)).round() as usize;
        sorted.get(i.min(last)).copied()
    }
}

/// The state of saving, for the status line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SaveStatus {
    /// Saves committed in this session.
    pub committed: u64,
    /// Saves submitted and not yet reported.
    pub pending: u64,
    /// The last failure, until a later save succeeds (the saver keeps the unsaved records
    /// and writes them with the next save).
    pub error: Option<String>,
}

/// An `overworld` world in play: the game, the open world on its background
/// [`WorldSaver`], and the autosave counter.
///
/// - [`OverworldSession::apply`] plays an action and, every `save_frequency` steps
///   (`iPlayerSaveFrequency`, 5), autosaves: the player record and the regions changed
///   since the last save are encoded and handed to the saver, which commits them as one
///   transaction on its own thread, so play never waits for the disk.
/// - [`OverworldSession::close`] saves once more and closes the world (also done, with
///   errors only logged, when a session is dropped).
#[derive(Debug)]
pub struct OverworldSession {
    game: Overworld,
    saver: Option<Box<dyn WorldSaver>>,
    info: WorldInfo,
    save_every: u32,
    since_save: u32,
    status: SaveStatus,
    times: SaveTimes,
    generation: GenerationCheck,
    /// The game's recording since the world was made (or since it was first saved
    /// recorded), saved with every save.
    recorder: Recorder<Action>,
    /// Whether a copy of the recording went to the sink when the world was left.
    copied: bool,
    /// The recording's length when the world was opened.
    opened_at: u64,
}

impl OverworldSession {
    /// Creates a world named `name` (any text) from the seed `seed_text` (any text, hashed
    /// with [`Seed::from_input`]: a number is that number, other text is hashed), starts the game and saves it at once.
    ///
    /// # Errors
    /// [`SessionError::Game`] when the config's world settings can't be generated;
    /// [`SessionError::Save`] when the world can't be created.
    pub fn create(
        worlds: &Worlds,
        name: &str,
        seed_text: &str,
    ) -> Result<OverworldSession, SessionError> {
        let seed = Seed::from_input(seed_text);
        crate::record::name_seed(seed_text, seed.0);
        let settings =
            WorldSettings::of(&GenerationConfig::of(worlds.config()), worlds.seed_rules());
        let game = Overworld::new(seed, settings.rules(worlds))?;
        let spec = WorldSpec {
            name: name.to_string(),
            mode: MODE.to_string(),
            seed,
            seed_text: seed_text.to_string(),
            config_hash: GenerationConfig::of(worlds.config()).hash(),
        };
        let mut db = worlds.store().create(&spec)?;
        db.save_snapshot(&settings)?;
        let recorder = overworld_recorder(&game, true);
        let mut session = OverworldSession::start(worlds, game, db, recorder)?;
        session.save()?;
        Ok(session)
    }

    /// Opens world `id` and restores it exactly as last saved: the player record and every
    /// changed region (opened chests, slain monsters); the rest is regenerated from the
    /// seed.
    ///
    /// # Errors
    /// [`SessionError::Save`]: no such world, damaged, foreign, newer, in use (the file is
    /// left untouched); [`SessionError::Game`] when its world can't be generated.
    pub fn open(worlds: &Worlds, id: &WorldId) -> Result<OverworldSession, SessionError> {
        let mut db = worlds.store().open(id)?;
        let seed = db.info().seed;
        crate::record::name_seed(&db.info().seed_text, seed.0);
        let settings = match WorldSettings::load(&mut *db) {
            Ok(settings) => settings,
            // A world made before its settings were stored: from now on it keeps the
            // config's (if they differ from its own, the warning says so once more).
            Err(SaveError::NoSave { what: Record::Snapshot, .. }) => {
                let settings = WorldSettings::of(&GenerationConfig::of(worlds.config()), false);
                db.save_snapshot(&settings)?;
                settings
            }
            Err(e) => return Err(e.into()),
        };
        let rules = settings.rules(worlds);
        let player: Player = match load_player(&*db) {
            Ok(player) => player,
            // Created, then stopped before its first save was written: a new game.
            Err(SaveError::NoSave { what: Record::Player, .. }) => {
                let game = Overworld::new(seed, rules)?;
                let recorder = overworld_recorder(&game, true);
                return OverworldSession::start(worlds, game, db, recorder);
            }
            Err(e) => return Err(e.into()),
        };
        let mut changes = Vec::new();
        for key in db.region_keys()? {
            if let Some(change) = db.load_region::<RegionChanges>(key)? {
                changes.push((RegionCoord::new(key.x, key.y), change));
            }
        }
        let game = Overworld::restore(seed, rules, player, changes)?;
        tracing::info!(world = %id, regions = game.changes().len(), "opened overworld world");
        let recorder = recorder_of(&*db, &game);
        OverworldSession::start(worlds, game, db, recorder)
    }

    fn start(
        worlds: &Worlds,
        game: Overworld,
        db: Box<dyn OpenWorld>,
        recorder: Recorder<Action>,
    ) -> Result<OverworldSession, SessionError> {
        let generation = db.generation_check(GenerationConfig::of(worlds.config()).hash());
        if let GenerationCheck::Changed { stored, current } = generation {
            tracing::warn!(world = %db.info().id, %stored, %current, "the generation config changed since the world was made");
        }
        let info = db.info().clone();
        Ok(OverworldSession {
            game,
            saver: Some(db.save_in_background()?),
            info,
            save_every: PlayConfig::of(worlds.config()).save_frequency.get(),
            since_save: 0,
            status: SaveStatus::default(),
            times: SaveTimes::default(),
            generation,
            opened_at: recorder.recording().steps(),
            recorder,
            copied: false,
        })
    }

    /// The game's recording so far.
    pub fn recorder(&self) -> &Recorder<Action> {
        &self.recorder
    }

    /// Where a copy of the recording goes when the world is left.
    pub fn set_recordings(&mut self, sink: Option<Recordings>) {
        self.recorder.set_sink(sink);
    }

    /// Whether the recording has somewhere to go.
    pub fn has_recordings(&self) -> bool {
        self.recorder.has_sink()
    }

    /// Hands a copy of the recording so far to the recordings sink (outcome `saved`: the
    /// world goes on; `won` or `died` once the default game has ended), once per session
    /// that played something; `None` without a sink, when done already or when nothing
    /// was played since the world was opened.
    pub fn keep_recording(&mut self) -> Option<Result<String, KeepError>> {
        if self.copied {
            return None;
        }
        let (turns, hash) = (self.game.player().moves().0, self.game.state_hash());
        self.recorder.checkpoint_now(hash);
        if self.recorder.recording().steps() == self.opened_at {
            return None;
        }
        let kept = self.recorder.keep_copy(outcome_word(&self.game), turns, hash)?;
        self.copied = true;
        if let Err(e) = &kept {
            tracing::error!(world = %self.info.id, error = %e, "keeping the recording failed");
        }
        Some(kept)
    }

    /// Whether anything was played since the world was opened. A world merely opened
    /// and left (a finished game, say) is not saved again: its "last played" time stays,
    /// and the world list keeps its order.
    pub fn played(&self) -> bool {
        self.recorder.recording().steps() != self.opened_at
    }

    /// The game.
    pub fn game(&self) -> &Overworld {
        &self.game
    }

    /// The world's record as it was opened (name, seed text...).
    pub fn info(&self) -> &WorldInfo {
        &self.info
    }

    /// Whether the config's `[generation]` differs from the one the world was made with.
    /// The world is rebuilt from its own stored settings all the same (only a world made
    /// before torchlit stored them took the config's when first opened again).
    pub fn generation_changed(&self) -> bool {
        matches!(self.generation, GenerationCheck::Changed { .. })
    }

    /// The saving status.
    pub fn status(&self) -> &SaveStatus {
        &self.status
    }

    /// How long autosaves stalled play.
    pub fn save_times(&self) -> &SaveTimes {
        &self.times
    }

    /// Moves played since the last autosave was handed to the saver (lost if the game
    /// were killed now: at most `save_frequency - 1`).
    pub fn unsaved_moves(&self) -> u32 {
        self.since_save
    }

    /// Steps until the next autosave.
    pub fn steps_to_autosave(&self) -> u32 {
        self.save_every.saturating_sub(self.since_save)
    }

    /// Plays `action`; autosaves when the step count comes round (a failure shows in
    /// [`OverworldSession::status`], the game goes on).
    pub fn apply(&mut self, action: Action) -> Vec<Event> {
        let events = self.game.apply(action);
        let game = &self.game;
        self.recorder.record(action, || game.state_hash());
        let steps = events.iter().filter(|e| matches!(e, Event::Moved { .. })).count() as u32;
        self.since_save = self.since_save.saturating_add(steps);
        if self.since_save >= self.save_every
            && let Err(e) = self.save()
        {
            self.status.error = Some(e.to_string());
        }
        self.poll();
        events
    }

    /// Saves now, in the background: the player record and the regions changed since the
    /// last save, as one transaction.
    ///
    /// # Errors
    /// [`SaveError::Encode`] (never for these records), [`SaveError::SaverStopped`].
    pub fn save(&mut self) -> Result<(), SessionError> {
        let started = Instant::now();
        let save = self.encode()?;
        let saver = self.saver.as_mut().ok_or(SaveError::SaverStopped)?;
        saver.submit(save)?;
        self.times.push(started.elapsed());
        self.since_save = 0;
        self.status.pending = saver.pending();
        Ok(())
    }

    fn encode(&mut self) -> Result<Save, SaveError> {
        let mut save = Save::new();
        save.set_player(self.game.player())?;
        for (at, change) in self.game.take_changed_regions() {
            save.set_region(RegionKey::new(at.x, at.y), &change)?;
        }
        match self.recorder.recording().encode() {
            Ok(bytes) => {
                save.set_recording(bytes);
            }
            Err(e) => tracing::error!(world = %self.info.id, error = %e, "encoding the recording"),
        }
        Ok(save)
    }

    /// Waits until every save submitted so far is written.
    ///
    /// # Errors
    /// The last failure when the world on disk does not hold everything submitted.
    pub fn flush(&mut self) -> Result<(), SessionError> {
        let saver = self.saver.as_mut().ok_or(SaveError::SaverStopped)?;
        let flushed = saver.flush();
        self.status.pending = saver.pending();
        match flushed {
            Ok(()) => {
                self.status.error = None;
                Ok(())
            }
            Err(e) => {
                self.status.error = Some(e.to_string());
                Err(e.into())
            }
        }
    }

    /// Collects what the background saver reported.
    pub fn poll(&mut self) {
        let Some(saver) = self.saver.as_mut() else { return };
        for report in saver.poll() {
            match report.result {
                Ok(_) => {
                    self.status.committed += 1;
                    self.status.error = None;
                }
                Err(e) => {
                    tracing::error!(world = %self.info.id, error = %e, "autosave failed");
                    self.status.error = Some(e.to_string());
                }
            }
        }
        self.status.pending = saver.pending();
    }

    /// Saves, waits for every save to be written and closes the world.
    ///
    /// # Errors
    /// The last save's error when the world on disk does not hold the latest state.
    pub fn close(mut self) -> Result<(), SessionError> {
        self.shut_down()
    }

    /// [`OverworldSession::close`] in place (the play screen's close); done once (later
    /// calls find nothing to do).
    pub(crate) fn shut_down(&mut self) -> Result<(), SessionError> {
        if self.saver.is_none() {
            return Ok(());
        }
        self.keep_recording();
        let saved = if self.played() { self.save() } else { Ok(()) };
        let Some(saver) = self.saver.take() else { return saved };
        let db = saver.finish()?;
        saved?;
        db.close()?;
        tracing::info!(world = %self.info.id, "closed overworld world");
        Ok(())
    }
}

/// The recording kept with world `db`, to record on from `game` (just restored): a new
/// one from the game's state now when none was kept, it can't be read, or it ends in a
/// checkpoint the restored game does not match.
fn recorder_of(db: &dyn OpenWorld, game: &Overworld) -> Recorder<Action> {
    let kept = match db.load_recording() {
        Ok(kept) => kept,
        Err(e) => {
            tracing::warn!(world = %db.info().id, error = %e, "the recording can't be read");
            None
        }
    };
    let rec = kept.and_then(|bytes| {
        Recording::<Action>::decode(&bytes)
            .inspect_err(|e| tracing::warn!(world = %db.info().id, error = %e, "damaged recording"))
            .ok()
    });
    match rec {
        Some(rec) => {
            let end = rec.checkpoints().last().filter(|c| c.step == rec.steps());
            if end.is_some_and(|c| c.hash != game.state_hash()) {
                tracing::warn!(world = %db.info().id, "the recording does not end in the saved state");
                return overworld_recorder(game, false);
            }
            Recorder::resumed(rec)
        }
        None => overworld_recorder(game, false),
    }
}

impl Drop for OverworldSession {
    /// Saves and closes the world if [`OverworldSession::close`] was not called (a quit
    /// by Ctrl-C, an error): failures can only be logged here.
    fn drop(&mut self) {
        if let Err(e) = self.shut_down() {
            tracing::error!(world = %self.info.id, error = %e, "saving on exit failed");
        }
    }
}

/// The outcome a recording of `game` is kept under: `won` or `died` when the default game
/// has ended, else `saved` (the world goes on).
pub fn outcome_word(game: &Overworld) -> &'static str {
    match game.ending() {
        Some(torchlit_sim::modes::overworld::Ending::Victory) => "won",
        Some(torchlit_sim::modes::overworld::Ending::Slain(_)) => "died",
        None => "saved",
    }
}
