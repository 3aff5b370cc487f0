//! `caves` in the terminal: its seed, its keys from the config file, and its store of
//! runs (the SQLite worlds of `torchlit-save`, one per run, with the morgue files beside
//! them).

use std::path::Path;

use anyhow::{Context, Result, bail};
use torchlit_save::{Config, Key, KeySpec, Paths, Store, WorldDb, WorldSpec};
use torchlit_sim::modes::caves::{Caves, Seed};
use torchlit_ui::Input;
use torchlit_ui::caves::{CavesSetup, CavesStore, StoreError, StoreHandle, keymap_with};

/// The mode name in worlds and in the config file (`[keys.caves]`).
const MODE: &str = "caves";

/// The seed of `--seed S`: a number is that number (as the game shows it), any other
/// text is hashed; without one, a 9-digit seed from the clock.
pub fn seed_of(text: Option<&str>) -> Seed {
    match text {
        Some(t) => t.trim().parse::<u64>().map_or_else(|_| Seed::from_text(t), Seed),
        None => {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64);
            Seed(Seed(nanos).derive("caves/clock", &[]).0 % 1_000_000_000)
        }
    }
}

/// Everything `caves` needs from the outside: paths (`--data-dir`, `--config`), the
/// config's `[keys.caves]`, the store of runs and the first seed.
///
/// # Errors
/// A config file that can't be read or names an unknown action or key.
pub fn setup(
    data_dir: Option<&Path>,
    config: Option<&Path>,
    seed: Option<&str>,
) -> Result<CavesSetup> {
    let paths = Paths::resolve(data_dir, config).ok();
    let config = match &paths {
        Some(p) => Config::load(p).context("the config file")?,
        None => Config::defaults(),
    };
    let mut overrides = Vec::new();
    for (action, binding) in config.keys.mode(MODE) {
        let mut inputs = Vec::new();
        for spec in &binding.keys {
            match input_of(*spec) {
                Some(i) => inputs.push(i),
                None => bail!("{}: key {spec} can't be bound in caves", binding.origin),
            }
        }
        overrides.push((action.to_string(), inputs));
    }
    let keymap = keymap_with(&overrides).context("the config file's [keys.caves]")?;
    let store = paths.map(|p| StoreHandle::new(SqliteStore::new(&p, &config)));
    Ok(CavesSetup { store, keymap, next_seed: seed_of(seed) })
}

/// A config key as a screen input; `None` for keys the screens never receive.
fn input_of(spec: KeySpec) -> Option<Input> {
    if spec.alt {
        return None;
    }
    Some(match (spec.key, spec.ctrl) {
        (Key::Char(c), true) => Input::Ctrl(c.to_ascii_lowercase()),
        (Key::Char(c), false) => Input::Char(c),
        (_, true) => return None,
        (Key::Up, _) => Input::Up,
        (Key::Down, _) => Input::Down,
        (Key::Left, _) => Input::Left,
        (Key::Right, _) => Input::Right,
        (Key::Enter, _) => Input::Enter,
        (Key::Esc, _) => Input::Esc,
        (Key::Tab, _) => Input::Tab,
        (Key::Backspace, _) => Input::Backspace,
        _ => return None,
    })
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

fn error(e: impl std::fmt::Display) -> StoreError {
    StoreError(e.to_string())
}

impl CavesStore for SqliteStore {
    fn save(&mut self, game: &Caves) -> Result<(), StoreError> {
        self.world_for(game)?.save_snapshot(game).map_err(error)?;
        Ok(())
    }

    fn load(&mut self) -> Result<Option<Caves>, StoreError> {
        let worlds = self.store.list().map_err(error)?;
        let Some(entry) = worlds.iter().find(|w| w.info.as_ref().is_ok_and(|i| i.mode == MODE))
        else {
            return Ok(None);
        };
        let db = self.store.open(&entry.id).map_err(error)?;
        let game: Caves = db.load_snapshot().map_err(error)?;
        self.current = Some(db);
        Ok(Some(game))
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

    #[test]
    fn seeds_from_numbers_and_text() {
        assert_eq!(seed_of(Some("42")), Seed(42));
        assert_eq!(seed_of(Some("hello")), Seed::from_text("hello"));
        assert!(seed_of(None).0 < 1_000_000_000);
    }

    #[test]
    fn config_keys_become_inputs() {
        let k = |s: &str| input_of(s.parse::<KeySpec>().expect("a key"));
        assert_eq!(k("Ctrl-p"), Some(Input::Ctrl('p')));
        assert_eq!(k("G"), Some(Input::Char('G')));
        assert_eq!(k("Up"), Some(Input::Up));
        assert_eq!(k("F1"), None);
        assert_eq!(k("Alt-x"), None);
    }

    #[test]
    fn the_config_file_rebinds_caves_keys_and_names_bad_actions() {
        use torchlit_ui::caves::CavesCommand;
        let dir = std::env::temp_dir().join(format!("torchlit-caves-keys-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        let config = dir.join("torchlit.toml");
        std::fs::write(&config, "[keys.caves]\nexplore = [\"Tab\"]\nhistory = [\"Ctrl-h\"]\n")
            .expect("written");
        let made = setup(Some(&dir), Some(&config), Some("7")).expect("a good config");
        assert_eq!(made.keymap.get(Input::Tab), Some(CavesCommand::Explore));
        assert_eq!(made.keymap.get(Input::Char('o')), None, "replaced, not added");
        assert_eq!(made.keymap.get(Input::Ctrl('h')), Some(CavesCommand::History));
        assert_eq!(made.next_seed, Seed(7));
        std::fs::write(&config, "[keys.caves]\nexplode = [\"x\"]\n").expect("written");
        let err = setup(Some(&dir), Some(&config), None).err().map(|e| format!("{e:#}"));
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
        let loaded = again.load().expect("readable").expect("a saved run");
        assert_eq!(loaded.state_hash(), game.state_hash());
        let morgue = again.finish(&loaded, "R.I.P.").expect("finished");
        assert!(std::fs::read_to_string(&morgue).is_ok_and(|t| t == "R.I.P."));
        assert!(again.load().expect("readable").is_none(), "permadeath: the save is gone");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
