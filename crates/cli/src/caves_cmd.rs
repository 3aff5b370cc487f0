//! `caves` in the terminal: its seed, its keys from the config file, and its store of
//! runs (the SQLite worlds of `torchlit-save`, one per run, with the morgue files beside
//! them).

use anyhow::{Context, Result};
use torchlit_save::{Config, Paths, Store, WorldDb, WorldSpec};
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
pub fn setup(settings: &Settings, seed: Option<&str>) -> Result<CavesSetup> {
    let overrides = settings.key_overrides(MODE)?;
    let keymap = keymap_with(&overrides).context("the config file's [keys.caves]")?;
    let store =
        settings.paths.as_ref().map(|p| StoreHandle::new(SqliteStore::new(p, &settings.config)));
    let chosen = &settings.config.caves.autopickup;
    let has = |class: &str| chosen.iter().any(|c| c == class);
    let pickup = AutoPickup { food: has("food"), weapons: has("weapons"), armour: has("armour") };
    Ok(CavesSetup { store, keymap, next_seed: seed_arg(seed, "caves/clock"), pickup })
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
            return Ok(None);
        };
        let db = self.store.open(&entry.id).map_err(error)?;
        let game: Caves = db.load_snapshot().map_err(error)?;
        Ok(Some((db, game)))
    }
}

fn error(e: impl std::fmt::Display) -> StoreError {
    StoreError(e.to_string())
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
        if let Some(db) = self.current.take() {
            db.delete().map_err(error)?;
        }
        Ok(path.display().to_string())
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
        let made = setup(&settings, Some("7")).expect("a good config");
        assert_eq!(made.pickup, AutoPickup { food: true, weapons: false, armour: false });
        assert_eq!(made.keymap.get(Input::Tab), Some(CavesCommand::Explore));
        assert_eq!(made.keymap.get(Input::Char('o')), None, "replaced, not added");
        assert_eq!(made.keymap.get(Input::Ctrl('h')), Some(CavesCommand::History));
        assert_eq!(made.next_seed, Seed(7));
        std::fs::write(&config, "[keys.caves]\nexplode = [\"x\"]\n").expect("written");
        let settings = Settings::load(Some(&dir), Some(&config)).expect("a readable config");
        let err = setup(&settings, None).err().map(|e| format!("{e:#}"));
        assert!(err.as_deref().is_some_and(|e| e.contains("explode")), "{err:?}");
        let _ = std::fs::remove_dir_all(&dir);
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
