//! `caves` in the terminal: its seed, its keys from the config file, and its store of
//! runs (the SQLite worlds of `torchlit-save`, one per run, with the morgue files beside
//! them).

use anyhow::Result;
use torchlit_save::{Config, Paths, SaveError, Store, WorldDb, WorldSpec};
use torchlit_sim::modes::caves::{AutoPickup, Caves};
use torchlit_ui::caves::{CavesSetup, CavesStore, StoreError, StoreHandle, keymap_with};

use crate::settings::{Settings, seed_arg};

/// The mode name in worlds and in the config file (`[keys.caves]`).
const MODE: &str = "caves";

/// Everything `caves` needs from the outside: the store of runs in the data dir, the
/// config's `[keys.caves]` and the first seed (`--seed`, or one from the clock).
///
/// # Errors
/// A `[keys.caves]` entry naming an unknown action or a key the screens never receive.
pub fn setup(
    settings: &Settings,
    seed: Option<&str>,
    rules: torchlit_sim::modes::caves::Rules,
) -> Result<CavesSetup> {
    let overrides = settings.key_overrides(MODE)?;
    let keymap = keymap_with(&overrides)
        .map_err(|e| anyhow::anyhow!("{}: keys.caves: {e}", settings.origin_of(MODE, &e.name)))?;
    let store =
        settings.paths.as_ref().map(|p| StoreHandle::new(SqliteStore::new(p, &settings.config)));
    let chosen = &settings.config.caves.autopickup;
    let has = |class: &str| chosen.iter().any(|c| c == class);
    let pickup = AutoPickup { food: has("food"), weapons: has("weapons"), armour: has("armour") };
    Ok(CavesSetup { store, keymap, next_seed: seed_arg(seed, "caves/clock"), rules, pickup })
}

/// Runs kept as worlds of the save store: a run gets its world on its first save (or
/// when it ends, for the morgue file's name); continuing opens the most recently played
/// `caves` world.
struct SqliteStore {
    store: Store,
    config_hash: torchlit_save::ConfigHash,
    current: Option<WorldDb>,
}

impl SqliteStore {
    fn new(paths: &Paths, config: &Config) -> SqliteStore {
        SqliteStore {
            store: Store::new(paths),
            config_hash: config.generation.hash(),
            current: None,
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
        let worlds = self.store.list().map_err(error)?;
        let Some(entry) = worlds.iter().find(|w| w.info.as_ref().is_ok_and(|i| i.mode == MODE))
        else {
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
        let game: Caves = db.load_snapshot().map_err(error)?;
        Ok(Some((db, game)))
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

/// After the screens are gone: an error if the last save of the run failed (a Ctrl-C
/// whose save failed), so the binary exits non-zero saying why.
///
/// # Errors
/// "could not save the run: REASON".
pub fn check_saved(store: Option<&StoreHandle>) -> Result<()> {
    match store.and_then(StoreHandle::unsaved) {
        Some(e) => anyhow::bail!("could not save the run: {e}"),
        None => Ok(()),
    }
}

impl CavesStore for SqliteStore {
    fn save(&mut self, game: &Caves) -> Result<(), StoreError> {
        self.world_for(game)?.save_snapshot(game).map_err(error)?;
        Ok(())
    }

    fn load(&mut self) -> Result<Option<Caves>, StoreError> {
        let Some((db, game)) = self.latest()? else { return Ok(None) };
        // Consumed: the save is written again when the run is saved (quit or Ctrl-C).
        db.delete().map_err(error)?;
        self.current = None;
        Ok(Some(game))
    }

    fn saved(&mut self) -> Result<Option<String>, StoreError> {
        Ok(self.latest()?.map(|(_, game)| torchlit_ui::caves::describe_run(&game)))
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
    use torchlit_ui::Input;

    #[test]
    fn the_config_file_rebinds_caves_keys_and_names_bad_actions() {
        use torchlit_ui::caves::CavesCommand;
        let dir = std::env::temp_dir().join(format!("torchlit-caves-keys-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        let config = dir.join("torchlit.toml");
        std::fs::write(
            &config,
            "[caves]\nautopickup = [\"food\"]\n[keys.caves]\nexplore = [\"Tab\"]\nhistory = [\"Ctrl-h\"]\n",
        )
        .expect("written");
        let settings = Settings::load(Some(&dir), Some(&config)).expect("a readable config");
        let made = setup(&settings, Some("7"), Default::default()).expect("a good config");
        assert_eq!(made.pickup, AutoPickup { food: true, weapons: false, armour: false });
        assert_eq!(made.keymap.get(Input::Tab), Some(CavesCommand::Explore));
        assert_eq!(made.keymap.get(Input::Char('o')), None, "replaced, not added");
        assert_eq!(made.keymap.get(Input::Ctrl('h')), Some(CavesCommand::History));
        assert_eq!(made.next_seed, Seed(7));
        std::fs::write(&config, "[keys.caves]\nexplode = [\"x\"]\n").expect("written");
        let settings = Settings::load(Some(&dir), Some(&config)).expect("a readable config");
        let err = setup(&settings, None, Default::default()).err().map(|e| format!("{e:#}"));
        assert!(err.as_deref().is_some_and(|e| e.contains("explode")), "{err:?}");
        let _ = std::fs::remove_dir_all(&dir);
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
    fn a_failed_save_is_remembered_for_the_exit_status() {
        struct Failing;
        impl CavesStore for Failing {
            fn save(&mut self, _: &Caves) -> Result<(), StoreError> {
                Err(StoreError("the disk is full".into()))
            }
            fn load(&mut self) -> Result<Option<Caves>, StoreError> {
                Ok(None)
            }
            fn saved(&mut self) -> Result<Option<String>, StoreError> {
                Ok(None)
            }
            fn finish(&mut self, _: &Caves, _: &str) -> Result<String, StoreError> {
                Ok(String::new())
            }
        }
        let handle = StoreHandle::new(Failing);
        let game = Caves::new(Seed(3)).expect("caves");
        assert!(check_saved(Some(&handle)).is_ok(), "nothing tried yet");
        let mut app = torchlit_ui::App::caves(
            crate::commands::default_world().expect("bundled"),
            CavesSetup { store: Some(handle.clone()), ..CavesSetup::default() },
        );
        assert_eq!(app.handle(Input::Ctrl('c')), torchlit_ui::Control::Quit);
        // The front end closes the screens after Ctrl-C: that saves, and says why not.
        assert_eq!(app.close(), Err("could not save the run: the disk is full".to_string()));
        let err = check_saved(Some(&handle)).expect_err("the save failed").to_string();
        assert_eq!(err, "could not save the run: the disk is full");
        let _ = handle.finish(&game, "");
        assert!(check_saved(Some(&handle)).is_ok(), "a finished run has nothing to save");
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
        assert!(again.load().expect("readable").is_none(), "loading consumes the save");
        assert!(again.saved().expect("listed").is_none());
        again.save(&loaded).expect("saved again");
        assert!(again.current.is_some(), "written again on save (to a world of its own)");
        let morgue = again.finish(&loaded, "R.I.P.").expect("finished");
        assert!(std::fs::read_to_string(&morgue).is_ok_and(|t| t == "R.I.P."));
        assert!(again.load().expect("readable").is_none(), "permadeath: the save is gone");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
