//! Where `caves` runs are kept, and how: the [`CavesStore`] the screens call, and
//! [`WorldsStore`], the one the terminal and the browser use: runs kept in the save
//! store's worlds, the same store (and the same versioning, locks, atomic writes and
//! migration hooks) as the overworld's. A run is a world of mode `caves` holding one
//! whole-game snapshot, with its morgue text and its recording so far beside it.
//!
//! The snapshot's layouts are the sim's (`Caves` today, `CavesV2` before the stairs and
//! bats rules, `CavesV1` before the rulesets); which one a saved run is in is decided
//! here ([`load_run`]).

use std::rc::Rc;

use torchlit_save::recording;
use torchlit_save::{Config, ConfigHash, OpenWorld, SaveError, WorldEntry, WorldSpec, WorldStore};
use torchlit_sim::modes::caves::{Caves, CavesV1, CavesV2, Seed};

use crate::overworld::config::GenerationConfig;

pub use torchlit_save::StoreError;

/// A world open for play.
type World = Box<dyn OpenWorld>;

/// The mode name stored in `caves` worlds (and the config's `[keys.caves]`).
const MODE: &str = "caves";

/// Keeps the run in progress and the morgue files of finished ones.
pub trait CavesStore {
    /// Saves `game` as the run to continue (replacing the one saved before).
    ///
    /// # Errors
    /// When it could not be saved: the game must then go on, nothing is lost.
    fn save(&mut self, game: &Caves) -> Result<(), StoreError>;

    /// The saved run to continue, if there is one. Whether the save stays is the store's
    /// choice: [`WorldsStore`] keeps it (open and locked) until the run is saved again or
    /// ends, so a run killed mid-play continues from its last save; the memory stores
    /// hand it over.
    ///
    /// # Errors
    /// When a save exists but can't be read (damaged, foreign, newer).
    fn load(&mut self) -> Result<Option<Caves>, StoreError>;

    /// A one-line description of the saved run ("seed 3, turn 120"), if there is one;
    /// the save stays.
    ///
    /// # Errors
    /// When the saves can't be listed.
    fn saved(&mut self) -> Result<Option<String>, StoreError>;

    /// A run has ended: writes its morgue text beside the saves and deletes its save
    /// (permadeath). Returns where the morgue went.
    ///
    /// # Errors
    /// When the morgue can't be written or the save can't be deleted.
    fn finish(&mut self, game: &Caves, morgue: &str) -> Result<String, StoreError>;

    /// Every saved run with its seed, the one [`CavesStore::load`] gives first, then the
    /// others most recently played first, each described as [`describe_run`] does with
    /// the date of its last save when the store knows it ("seed 3, level 2, turn 120,
    /// saved 2026-11-29 05:40"). The default lists none (a store of one run: see
    /// [`CavesStore::saved`]).
    ///
    /// # Errors
    /// When the saves can't be listed.
    fn runs(&mut self) -> Result<Vec<(Seed, String)>, StoreError> {
        Ok(Vec::new())
    }

    /// Makes the saved run of `seed` the one [`CavesStore::saved`] describes and
    /// [`CavesStore::load`] gives; `false` (nothing changes) when no run of that seed is
    /// saved. The default knows one run only.
    ///
    /// # Errors
    /// When the saves can't be listed.
    fn choose(&mut self, seed: Seed) -> Result<bool, StoreError> {
        let _ = seed;
        Ok(false)
    }

    /// Keeps the recording so far (`bytes`, the recording file format) with the run just
    /// saved by [`CavesStore::save`], so a continued run records on. The default keeps
    /// nothing.
    ///
    /// # Errors
    /// When it could not be written (the save itself stands).
    fn save_recording(&mut self, game: &Caves, bytes: &[u8]) -> Result<(), StoreError> {
        let _ = (game, bytes);
        Ok(())
    }

    /// The recording kept with the saved run `game` (just loaded), if there is one.
    fn load_recording(&mut self, game: &Caves) -> Option<Vec<u8>> {
        let _ = game;
        None
    }
}

/// How a saved run is named to the player: "seed 3, level 2, turn 120".
pub fn describe_run(game: &Caves) -> String {
    describe_run_as(game, &game.seed().to_string())
}

/// [`describe_run`] with the seed shown as `seed` (the text the player typed for it).
pub fn describe_run_as(game: &Caves, seed: &str) -> String {
    format!("seed {seed}, level {}, turn {}", game.depth() + 1, game.turn().0)
}

/// Runs kept as worlds of a [`WorldStore`] (the SQLite `torchlit_save::Store` in the
/// terminal and the browser, `torchlit_save::MemoryWorlds` in tests): a run gets its
/// world on its first save (or when it ends, for the morgue file's name); continuing
/// opens the chosen run's world, else the most recently played `caves` world.
pub struct WorldsStore {
    store: Rc<dyn WorldStore>,
    config_hash: ConfigHash,
    current: Option<World>,
    /// The seed of the run chosen to continue ([`CavesStore::choose`]); none: the most
    /// recently played.
    chosen: Option<Seed>,
}

impl std::fmt::Debug for WorldsStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WorldsStore").field("store", &self.store).finish_non_exhaustive()
    }
}

impl WorldsStore {
    /// The runs in `store`; worlds made here record `config`'s generation settings.
    pub fn new(store: impl WorldStore + 'static, config: &Config) -> WorldsStore {
        WorldsStore::shared(Rc::new(store), config)
    }

    /// [`WorldsStore::new`] over a store shared with others (the overworld's worlds).
    pub fn shared(store: Rc<dyn WorldStore>, config: &Config) -> WorldsStore {
        let config_hash = GenerationConfig::of(config).hash();
        WorldsStore { store, config_hash, current: None, chosen: None }
    }

    /// The world of `game`'s run, created if it has none yet (or it is another run's).
    fn world_for(&mut self, game: &Caves) -> Result<&mut World, StoreError> {
        let matches = self.current.as_ref().is_some_and(|db| db.info().seed == game.seed());
        if !matches {
            let spec = WorldSpec {
                name: format!("caves {}", game.seed()),
                mode: MODE.to_string(),
                seed: game.seed(),
                seed_text: game.seed().to_string(),
                config_hash: self.config_hash,
            };
            self.current = Some(self.store.create(&spec).map_err(error)?);
        }
        self.current.as_mut().ok_or_else(|| StoreError("no world".to_string()))
    }

    /// Closes the world open here (it is listed and opened again like any other).
    fn close_current(&mut self) -> Result<(), StoreError> {
        match self.current.take() {
            Some(db) => db.close().map_err(error),
            None => Ok(()),
        }
    }

    /// The chosen (else the most recently played) `caves` world, open, and its run.
    fn latest(&mut self) -> Result<Option<(World, Caves)>, StoreError> {
        self.close_current()?;
        let worlds = self.caves_worlds()?;
        let Some(entry) = worlds.iter().find(|w| w.info.is_ok()) else {
            // A world that can't be read may be the run: say why, never "no run".
            let problems: Vec<&SaveError> =
                worlds.iter().filter_map(|w| w.info.as_ref().err()).collect();
            return match problems.first() {
                None => Ok(None),
                Some(first) => Err(StoreError(format!(
                    "{} saved world{} can't be read: {}",
                    problems.len(),
                    if problems.len() == 1 { "" } else { "s" },
                    problem_text(first)
                ))),
            };
        };
        let db = self.store.open(&entry.id).map_err(error)?;
        let game = load_run(db.as_ref()).map_err(error)?;
        Ok(Some((db, game)))
    }

    /// The store's worlds that are `caves` runs or can't be read (one may be a run),
    /// the chosen run's first, then most recently played first.
    fn caves_worlds(&self) -> Result<Vec<WorldEntry>, StoreError> {
        let mut worlds = self.store.list().map_err(error)?;
        worlds.retain(|w| w.info.as_ref().map_or(true, |i| i.mode == MODE));
        if let Some(seed) = self.chosen
            && let Some(i) =
                worlds.iter().position(|w| w.info.as_ref().is_ok_and(|i| i.seed == seed))
        {
            let chosen = worlds.remove(i);
            worlds.insert(0, chosen);
        }
        Ok(worlds)
    }
}

/// The run saved in `db`, in today's snapshot layout or migrated from an older one
/// (`CavesV2`: runs saved before the stairs and bats rules; `CavesV1`: before the
/// rulesets). Postcard is not self-describing: the layouts are tried newest first.
///
/// # Errors
/// The snapshot is missing, or decodes in no known layout (the error is today's).
pub fn load_run(db: &dyn OpenWorld) -> Result<Caves, SaveError> {
    match db.load_snapshot::<Caves>() {
        Err(e @ SaveError::Corrupt { .. }) => db
            .load_snapshot::<CavesV2>()
            .map(Caves::from)
            .or_else(|_| db.load_snapshot::<CavesV1>().map(Caves::from))
            .map_err(|_| e),
        loaded => loaded,
    }
}

fn error(e: impl std::fmt::Display) -> StoreError {
    StoreError(e.to_string())
}

/// Why a saved world can't be read, in a few words first (damaged, newer, in use).
fn problem_text(e: &SaveError) -> String {
    match e {
        SaveError::Corrupt { .. } => format!("damaged ({e})"),
        SaveError::NewerVersion { .. } => format!("saved by a newer torchlit ({e})"),
        SaveError::Foreign { .. } => format!("not a torchlit world ({e})"),
        _ => e.to_string(),
    }
}

/// "seed 3, level 2, turn 120, saved 2026-11-29 05:40" (UTC).
fn describe_saved(game: &Caves, last_played: u64) -> String {
    let (date, time) = recording::utc_date_time(last_played);
    format!("{}, saved {date} {}:{}", describe_run(game), &time[..2], &time[2..4])
}

impl CavesStore for WorldsStore {
    fn runs(&mut self) -> Result<Vec<(Seed, String)>, StoreError> {
        self.close_current()?;
        let mut runs = Vec::new();
        for entry in self.caves_worlds()? {
            let Ok(info) = &entry.info else { continue };
            // A run that can't be read now (in use by another torchlit) is named by seed.
            let line = match self.store.open(&entry.id).map_err(error) {
                Ok(db) => {
                    let line = load_run(db.as_ref())
                        .map(|g| describe_saved(&g, info.last_played))
                        .unwrap_or_else(|e| format!("seed {}: {}", info.seed, problem_text(&e)));
                    db.close().map_err(error)?;
                    line
                }
                Err(e) => format!("seed {}: {e}", info.seed),
            };
            runs.push((info.seed, line));
        }
        Ok(runs)
    }

    fn choose(&mut self, seed: Seed) -> Result<bool, StoreError> {
        let worlds = self.caves_worlds()?;
        let found = worlds.iter().any(|w| w.info.as_ref().is_ok_and(|i| i.seed == seed));
        if found {
            self.chosen = Some(seed);
        }
        Ok(found)
    }

    fn save(&mut self, game: &Caves) -> Result<(), StoreError> {
        self.world_for(game)?.save_snapshot(game).map_err(error)?;
        Ok(())
    }

    fn load(&mut self) -> Result<Option<Caves>, StoreError> {
        let Some((db, game)) = self.latest()? else { return Ok(None) };
        // The save stays (open, locked) while the run is played: a run killed before its
        // next save continues from this one. Saves overwrite it; the end deletes it.
        self.current = Some(db);
        Ok(Some(game))
    }

    fn saved(&mut self) -> Result<Option<String>, StoreError> {
        let Some((db, game)) = self.latest()? else { return Ok(None) };
        // The seed as typed, kept in the run's recording (the world knows only its hash).
        let typed = self.store.load_recording(&db.info().id).ok().flatten().and_then(|bytes| {
            let (header, _) = recording::read_info(&bytes).ok()?;
            header.seed_text.filter(|_| header.seed == game.seed().0)
        });
        drop(db);
        Ok(Some(match typed {
            Some(text) => describe_run_as(&game, &recording::show_seed_text(&text)),
            None => describe_run(&game),
        }))
    }

    fn finish(&mut self, game: &Caves, morgue: &str) -> Result<String, StoreError> {
        let id = self.world_for(game)?.info().id.clone();
        let path = self.store.write_morgue(&id, morgue).map_err(error)?;
        self.store.remove_recording(&id).map_err(error)?;
        if let Some(db) = self.current.take() {
            db.delete().map_err(error)?;
        }
        Ok(path)
    }

    fn save_recording(&mut self, game: &Caves, bytes: &[u8]) -> Result<(), StoreError> {
        let id = self.world_for(game)?.info().id.clone();
        self.store.save_recording(&id, bytes).map_err(error)
    }

    fn load_recording(&mut self, game: &Caves) -> Option<Vec<u8>> {
        let db = self.current.as_ref().filter(|db| db.info().seed == game.seed())?;
        self.store.load_recording(&db.info().id).ok().flatten()
    }
}
