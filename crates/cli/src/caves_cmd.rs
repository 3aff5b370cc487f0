//! `caves` in the terminal: its seed, its keys from the config file, and its store of
//! runs ([`WorldsStore`] over the SQLite worlds of `torchlit-save`, one per run, with the
//! morgue files beside them).

use anyhow::Result;
use torchlit_save::Store;
use torchlit_sim::ModeId;
use torchlit_sim::modes::caves::AutoPickup;
use torchlit_ui::caves::{CavesSetup, StoreHandle, WorldsStore, keymap_with};

use crate::settings::{Settings, seed_arg};

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
    let overrides = settings.key_overrides(ModeId::Caves);
    let keymap = keymap_with(&overrides).map_err(|e| {
        anyhow::anyhow!("{}: keys.caves: {e}", settings.origin_of(ModeId::Caves, &e.name))
    })?;
    let store = settings
        .paths
        .as_ref()
        .map(|p| StoreHandle::new(WorldsStore::new(Store::new(p), &settings.config)));
    let chosen = &settings.config.caves.autopickup;
    let has = |class: &str| chosen.iter().any(|c| c == class);
    let pickup = AutoPickup { food: has("food"), weapons: has("weapons"), armour: has("armour") };
    let next_seed = seed_arg(seed, "caves/clock");
    Ok(CavesSetup { store, keymap, next_seed, rules, pickup, recordings: None })
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

#[cfg(test)]
mod tests {
    use super::*;
    use torchlit_sim::modes::caves::{Caves, Seed};
    use torchlit_ui::Input;
    use torchlit_ui::caves::{CavesStore, StoreError};

    #[test]
    fn the_config_file_rebinds_caves_keys_and_names_bad_actions() {
        use torchlit_ui::caves::CavesCommand;
        let scratch = tempfile::tempdir().expect("a temporary directory");
        let dir = scratch.path();
        let config = dir.join("torchlit.toml");
        std::fs::write(
            &config,
            "[caves]\nautopickup = [\"food\"]\n[keys.caves]\nexplore = [\"Tab\"]\nhistory = [\"Ctrl-h\"]\n",
        )
        .expect("written");
        let settings = Settings::load(Some(dir), Some(&config)).expect("a readable config");
        let made = setup(&settings, Some("7"), Default::default()).expect("a good config");
        assert_eq!(made.pickup, AutoPickup { food: true, weapons: false, armour: false });
        assert_eq!(made.keymap.get(Input::Tab), Some(CavesCommand::Explore));
        assert_eq!(made.keymap.get(Input::Char('o')), None, "replaced, not added");
        assert_eq!(made.keymap.get(Input::Ctrl('h')), Some(CavesCommand::History));
        assert_eq!(made.next_seed, Seed(7));
        std::fs::write(&config, "[keys.caves]\nexplode = [\"x\"]\n").expect("written");
        let settings = Settings::load(Some(dir), Some(&config)).expect("a readable config");
        let err = setup(&settings, None, Default::default()).err().map(|e| format!("{e:#}"));
        assert!(err.as_deref().is_some_and(|e| e.contains("explode")), "{err:?}");
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
        use torchlit_ui::Screen;
        let mut app = torchlit_ui::App::caves(
            crate::commands::default_world().expect("bundled"),
            CavesSetup { store: Some(handle.clone()), ..CavesSetup::default() },
        );
        assert!(matches!(app.handle(Input::Ctrl('c')), torchlit_ui::Transition::Quit));
        // The front end closes the screens after Ctrl-C: that saves, and says why not.
        let closed = app.close().map_err(|e| e.to_string());
        assert_eq!(closed, Err("could not save the run: the disk is full".to_string()));
        let err = check_saved(Some(&handle)).expect_err("the save failed").to_string();
        assert_eq!(err, "could not save the run: the disk is full");
        let _ = handle.finish(&game, "");
        assert!(check_saved(Some(&handle)).is_ok(), "a finished run has nothing to save");
    }
}
