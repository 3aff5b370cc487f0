//! [`SqliteStore`]: `caves` runs kept as worlds of the save store (one SQLite database
//! per run, the morgue files beside them), the store the terminal and the browser use.

use torchlit_sim::modes::caves::{Caves, Seed};

use super::{CavesStore, StoreError, describe_run};
use crate::{Config, ConfigHash, Paths, SaveError, Store, WorldDb, WorldSpec};

/// The mode name in worlds.
const MODE: &str = "caves";

/// Runs kept as worlds of the save store: a run gets its world on its first save (or
/// when it ends, for the morgue file's name); continuing opens the most recently played
/// `caves` world.
pub struct SqliteStore {
    store: Store,
    config_hash: ConfigHash,
    current: Option<WorldDb>,
    /// The seed of the run chosen to continue ([`CavesStore::choose`]); none: the most
    /// recently played.
    chosen: Option<Seed>,
}

impl SqliteStore {
    /// The runs in `paths`' data dir; worlds made here record `config`'s generation
    /// settings.
    pub fn new(paths: &Paths, config: &Config) -> SqliteStore {
        SqliteStore {
            store: Store::new(paths),
            config_hash: config.generation.hash(),
            current: None,
            chosen: None,
        }
    }

    /// The world of `game`'s run, created if it has none yet (or it is another run's).
    fn world_for(&mut self, game: &Caves) -> Result<&mut WorldDb, StoreError> {
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
}

impl SqliteStore {
    /// The most recently played `caves` world, open, and its run.
    fn latest(&mut self) -> Result<Option<(WorldDb, Caves)>, StoreError> {
        // The world open here is listed and opened again like any other.
        if let Some(db) = self.current.take() {
            db.close().map_err(error)?;
        }
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
        let game = load_run(&db).map_err(error)?;
        Ok(Some((db, game)))
    }
}

/// The run saved in `db`, in today's snapshot format or migrated from an older one
/// (`torchlit_sim::modes::caves::CavesV2`: runs saved before the stairs and bats rules;
/// `CavesV1`: before the rulesets).
///
/// # Errors
/// The snapshot is missing, or decodes in no known format (the error is today's).
fn load_run(db: &WorldDb) -> Result<Caves, SaveError> {
    use torchlit_sim::modes::caves::{CavesV1, CavesV2};
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

impl SqliteStore {
    /// The store's worlds that are `caves` runs or can't be read (one may be a run),
    /// the chosen run's first, then most recently played first.
    fn caves_worlds(&self) -> Result<Vec<crate::WorldEntry>, StoreError> {
        let mut worlds: Vec<crate::WorldEntry> = self.store.list().map_err(error)?;
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

/// "seed 3, level 2, turn 120, saved 2026-11-29 05:40" (UTC).
fn describe_saved(game: &Caves, last_played: u64) -> String {
    let (date, time) = crate::recording::utc_date_time(last_played);
    format!("{}, saved {date} {}:{}", describe_run(game), &time[..2], &time[2..4])
}

impl CavesStore for SqliteStore {
    fn runs(&mut self) -> Result<Vec<(Seed, String)>, StoreError> {
        if let Some(db) = self.current.take() {
            db.close().map_err(error)?;
        }
        let mut runs = Vec::new();
        for entry in self.caves_worlds()? {
            let Ok(info) = &entry.info else { continue };
            // A run that can't be read now (in use by another torchlit) is named by seed.
            let line = match self.store.open(&entry.id).map_err(error) {
                Ok(db) => {
                    let line = load_run(&db)
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
        Ok(self.latest()?.map(|(_, game)| describe_run(&game)))
    }

    fn finish(&mut self, game: &Caves, morgue: &str) -> Result<String, StoreError> {
        let id = self.world_for(game)?.id().clone();
        let path = self.store.write_morgue(&id, morgue).map_err(error)?;
        self.store.remove_recording(&id).map_err(error)?;
        if let Some(db) = self.current.take() {
            db.delete().map_err(error)?;
        }
        Ok(path.display().to_string())
    }

    fn save_recording(&mut self, game: &Caves, bytes: &[u8]) -> Result<(), StoreError> {
        let id = self.world_for(game)?.id().clone();
        self.store.save_recording(&id, bytes).map_err(error)
    }

    fn load_recording(&mut self, game: &Caves) -> Option<Vec<u8>> {
        let id = self.current.as_ref().filter(|db| db.info().seed == game.seed())?.id().clone();
        self.store.load_recording(&id).ok().flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use torchlit_sim::modes::caves::Seed;

    /// A snapshot's bytes as they are (postcard writes a tuple's bytes without a length).
    struct Raw(Vec<u8>);

    impl serde::Serialize for Raw {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            use serde::ser::SerializeTuple;
            let mut t = s.serialize_tuple(self.0.len())?;
            for b in &self.0 {
                t.serialize_element(b)?;
            }
            t.end()
        }
    }

    #[test]
    fn a_run_saved_before_the_rulesets_continues() {
        use torchlit_sim::modes::caves::{Action, FORMAT_1_RULES};
        let dir = tempfile::tempdir().expect("a temporary directory");
        let paths = Paths::in_dir(dir.path());
        let mut store = SqliteStore::new(&paths, &Config::defaults());
        let mut game = Caves::new(Seed(11)).expect("caves");
        for _ in 0..25 {
            game.apply(Action::Explore);
        }
        // Format 1 (before the rulesets) is today's encoding without the rules at the end.
        let today = postcard::to_allocvec(&game).expect("encodes");
        let rules = postcard::to_allocvec(&game.rules()).expect("encodes");
        let old = today.strip_suffix(rules.as_slice()).expect("the rules end the record");
        store.world_for(&game).expect("a world").save_snapshot(&Raw(old.to_vec())).expect("saved");
        assert!(store.saved().expect("listed").is_some(), "offered to continue");
        let loaded = store.load().expect("an old run loads, not \"damaged\"").expect("a run");
        assert_eq!(loaded.rules(), FORMAT_1_RULES);
        assert_eq!((loaded.turn(), loaded.seed()), (game.turn(), game.seed()));
    }

    #[test]
    fn several_runs_are_listed_and_one_chosen_by_seed_is_loaded() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let paths = Paths::in_dir(dir.path());
        let mut store = SqliteStore::new(&paths, &Config::defaults());
        for seed in [21, 22] {
            let mut game = Caves::new(Seed(seed)).expect("caves");
            game.apply(torchlit_sim::modes::caves::Action::Wait);
            store.save(&game).expect("saved");
        }
        let runs = store.runs().expect("listed");
        let seeds: Vec<Seed> = runs.iter().map(|(s, _)| *s).collect();
        assert_eq!(seeds.len(), 2, "{runs:?}");
        assert!(seeds.contains(&Seed(21)) && seeds.contains(&Seed(22)), "{runs:?}");
        for (seed, line) in &runs {
            assert!(line.starts_with(&format!("seed {seed}, level 1, turn 1, saved 2")), "{line}");
        }
        let other = seeds[1];
        assert!(store.choose(other).expect("chosen"));
        assert!(!store.choose(Seed(99)).expect("listed"), "no run of that seed");
        assert_eq!(store.runs().expect("listed")[0].0, other, "the chosen run comes first");
        assert_eq!(store.load().expect("loads").map(|g| g.seed()), Some(other));
    }

    #[test]
    fn a_run_saved_before_the_stairs_rules_continues_with_the_older_behaviour() {
        use torchlit_sim::modes::caves::{Rules, WorldSpec};
        let dir = tempfile::tempdir().expect("a temporary directory");
        let paths = Paths::in_dir(dir.path());
        let mut store = SqliteStore::new(&paths, &Config::defaults());
        let game = Caves::with_rules(Seed(12), WorldSpec::default(), Rules::default_format_2())
            .expect("caves");
        // Format 2 is today's encoding without the bytes the format-3 rules add at the end.
        let today = postcard::to_allocvec(&game).expect("encodes");
        let rules = postcard::to_allocvec(&game.rules()).expect("encodes");
        let old = postcard::to_allocvec(&torchlit_sim::modes::caves::RulesV2::from(game.rules()))
            .expect("encodes");
        let cut = today.len() - (rules.len() - old.len());
        store
            .world_for(&game)
            .expect("a world")
            .save_snapshot(&Raw(today[..cut].to_vec()))
            .expect("saved");
        let loaded = store.load().expect("a format-2 run loads").expect("a run");
        assert_eq!(loaded.rules(), Rules::default_format_2());
        assert_eq!(loaded.state_hash(), game.state_hash());
    }

    #[test]
    fn a_damaged_or_busy_caves_save_is_reported_not_missing() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let paths = Paths::in_dir(dir.path());
        let mut store = SqliteStore::new(&paths, &Config::defaults());
        let game = Caves::new(Seed(9)).expect("caves");
        store.save(&game).expect("saved");
        let id = store.current.take().map(|db| {
            let id = db.id().clone();
            db.close().expect("closed");
            id
        });
        let id = id.expect("a world");
        let held = Store::new(&paths).open(&id).expect("opens");
        let err = store.load().expect_err("in use is not \"no run\"").to_string();
        assert!(err.contains("open in another torchlit (pid"), "{err}");
        drop(held);
        let path = Store::new(&paths).db_path(&id);
        std::fs::write(&path, b"SQLite format 3\0 and then garbage").expect("damaged");
        let err = store.load().expect_err("damage is not \"no run\"").to_string();
        assert!(err.contains("1 saved world can't be read: damaged"), "{err}");
    }

    #[test]
    fn runs_save_continue_and_end_in_a_morgue() {
        let dir = std::env::temp_dir().join(format!("torchlit-caves-store-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let paths = Paths::in_dir(&dir);
        let mut store = SqliteStore::new(&paths, &Config::defaults());
        assert!(store.load().expect("an empty store").is_none());
        let mut game = Caves::new(Seed(5)).expect("caves");
        game.apply(torchlit_sim::modes::caves::Action::Wait);
        store.save(&game).expect("saved");
        let mut again = SqliteStore::new(&paths, &Config::defaults());
        store.current = None;
        assert_eq!(again.saved().expect("listed").as_deref(), Some("seed 5, level 1, turn 1"));
        let loaded = again.load().expect("readable").expect("a saved run");
        assert_eq!(loaded.state_hash(), game.state_hash());
        assert!(again.current.is_some(), "the save stays, open here, while the run is played");
        assert!(store.load().is_err(), "and no other torchlit can take it");
        let mut on = loaded.clone();
        on.apply(torchlit_sim::modes::caves::Action::Wait);
        again.save(&on).expect("saved again, over the same save");
        assert_eq!(again.store.list().expect("listed").len(), 1, "one world for the run");
        let reloaded = again.load().expect("readable").expect("the run");
        assert_eq!(reloaded.state_hash(), on.state_hash());
        let morgue = again.finish(&reloaded, "R.I.P.").expect("finished");
        assert!(std::fs::read_to_string(&morgue).is_ok_and(|t| t == "R.I.P."));
        assert!(again.load().expect("readable").is_none(), "permadeath: the save is gone");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
