//! Saves, worlds and config files written by an earlier torchlit (the `main` branch's
//! binary of 2026-11-29, before the persistence moved beside the modes) load exactly
//! as they did: `fixtures/main-saves` holds a caves run (seed "lanterns", turn 9, with
//! its recording so far), an overworld world ("Fixture Wörld", seed "abc123", six moves)
//! and a config file with settings of every section changed. The numbers pinned here
//! were read by that binary's code.

use std::path::{Path, PathBuf};

use torchlit_save::{Config, Paths, Store};
use torchlit_ui::caves::config::CavesConfig;
use torchlit_ui::caves::{CavesStore, WorldsStore};
use torchlit_ui::maze::config::MazeSettings;
use torchlit_ui::overworld::config::{GenerationConfig, PlayConfig};
use torchlit_ui::overworld::{OverworldSession, Worlds};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/main-saves")
}

/// A copy of the fixtures' data dir (opening a world writes its lock file and may
/// checkpoint it; the fixtures stay as the old binary wrote them).
fn data_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let worlds = dir.path().join("worlds");
    std::fs::create_dir_all(&worlds).expect("a worlds directory");
    for entry in std::fs::read_dir(fixtures().join("worlds")).expect("the fixtures") {
        let entry = entry.expect("an entry");
        std::fs::copy(entry.path(), worlds.join(entry.file_name())).expect("copied");
    }
    dir
}

#[test]
fn a_caves_run_saved_by_main_continues_where_it_was() {
    let dir = data_dir();
    let paths = Paths::in_dir(dir.path());
    let mut store = WorldsStore::new(Store::new(&paths), &Config::defaults());
    assert_eq!(store.saved().expect("listed").as_deref(), Some("seed lanterns, level 1, turn 9"));
    let game = store.load().expect("readable").expect("the run");
    assert_eq!(game.turn().0, 9);
    assert_eq!(game.state_hash(), 1_566_503_774_746_835_154, "the state hash main's code read");
    let recording = store.load_recording(&game).expect("its recording so far");
    let (header, _) = torchlit_save::recording::read_info(&recording).expect("a recording");
    assert_eq!(header.seed_text.as_deref(), Some("lanterns"));
}

#[test]
fn an_overworld_world_saved_by_main_opens_where_it_was() {
    let dir = data_dir();
    let paths = Paths::in_dir(dir.path());
    let worlds = Worlds::with_store(Store::new(&paths), Config::defaults());
    let rows = worlds.list().expect("listed");
    let row = rows.iter().find(|r| r.name.as_deref() == Some("Fixture Wörld")).expect("listed");
    assert_eq!((row.seed_text.as_str(), row.problem.as_deref()), ("abc123", None));
    let session = OverworldSession::open(&worlds, &row.id).expect("opens");
    assert_eq!(
        session.game().state_hash(),
        15_617_991_668_413_700_237,
        "the state hash main's code read"
    );
    session.close().expect("closed");
}

#[test]
fn the_config_template_and_a_config_file_of_main_read_the_same() {
    let template = std::fs::read_to_string(fixtures().join("template.toml")).expect("the template");
    assert_eq!(Config::template(), template, "a first run writes the same template");
    let config = Config::load_file(&fixtures().join("config.toml")).expect("main's file loads");
    torchlit_ui::config::check(&config).expect("every table checks");
    let generation = config.section::<GenerationConfig>().expect("checked");
    assert_eq!(generation.region_size, 40);
    assert_eq!(config.section::<PlayConfig>().expect("checked").save_frequency.get(), 7);
    let combat = torchlit_ui::overworld::config::combat_tuning(&config).expect("in range");
    assert_eq!(combat.armour_protection, 0.5);
    assert_eq!(combat.damage_multiplier, 2.0);
    assert_eq!(combat.stun_probability, 0.25);
    assert_eq!(MazeSettings::of(&config).heart_drop_percent, 30);
    assert_eq!(CavesConfig::of(&config).autopickup, vec!["food".to_string()]);
    assert_eq!(config.web.max_sessions, 5);
    assert_eq!(config.log.level.as_str(), "debug");
    let north = config.keys.get("overworld", "north").expect("bound");
    let keys: Vec<String> = north.keys.iter().map(ToString::to_string).collect();
    assert_eq!(keys, ["k", "Up"]);
    assert_eq!(north.origin.line, 74, "{}", north.origin);
}
