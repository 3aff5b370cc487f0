//! `caves` runs kept in the save store's worlds ([`WorldsStore`] over the SQLite
//! `Store`, as the terminal and the browser keep them): saving, continuing, several runs,
//! old snapshot layouts, damaged and busy saves, the morgue at the end.

use torchlit_save::recording::{Header, Recording, StartFile};
use torchlit_save::{Config, MemoryWorlds, Paths, Store, WorldSpec, WorldStore};
use torchlit_sim::modes::caves::{
    Action, Caves, FORMAT_1_RULES, Rules, RulesV2, Seed, WorldSpec as CavesSpec,
};
use torchlit_ui::caves::{CavesStore, WorldsStore};

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

/// Saves `bytes` as the snapshot of a new `caves` world for `game`'s seed, as an older
/// torchlit did.
fn save_old(paths: &Paths, game: &Caves, bytes: Vec<u8>) {
    let spec = WorldSpec {
        name: format!("caves {}", game.seed()),
        mode: "caves".into(),
        seed: game.seed(),
        seed_text: game.seed().to_string(),
        config_hash: torchlit_ui::overworld::config::GenerationConfig::default().hash(),
    };
    let db = Store::new(paths).create(&spec).expect("a world");
    let mut db: Box<dyn torchlit_save::OpenWorld> = Box::new(db);
    db.save_snapshot(&Raw(bytes)).expect("saved");
    db.close().expect("closed");
}

#[test]
fn a_run_saved_before_the_rulesets_continues() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let paths = Paths::in_dir(dir.path());
    let mut game = Caves::new(Seed(11)).expect("caves");
    for _ in 0..25 {
        game.apply(Action::Explore);
    }
    // Format 1 (before the rulesets) is today's encoding without the rules at the end.
    let today = postcard::to_allocvec(&game).expect("encodes");
    let rules = postcard::to_allocvec(&game.rules()).expect("encodes");
    let old = today.strip_suffix(rules.as_slice()).expect("the rules end the record");
    save_old(&paths, &game, old.to_vec());
    let mut store = WorldsStore::new(Store::new(&paths), &Config::defaults());
    assert!(store.saved().expect("listed").is_some(), "offered to continue");
    let loaded = store.load().expect("an old run loads, not \"damaged\"").expect("a run");
    assert_eq!(loaded.rules(), FORMAT_1_RULES);
    assert_eq!((loaded.turn(), loaded.seed()), (game.turn(), game.seed()));
}

#[test]
fn a_run_saved_before_the_stairs_rules_continues_with_the_older_behaviour() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let paths = Paths::in_dir(dir.path());
    let game = Caves::with_rules(Seed(12), CavesSpec::default(), Rules::default_format_2())
        .expect("caves");
    // Format 2 is today's encoding without the bytes the format-3 rules add at the end.
    let today = postcard::to_allocvec(&game).expect("encodes");
    let rules = postcard::to_allocvec(&game.rules()).expect("encodes");
    let old = postcard::to_allocvec(&RulesV2::from(game.rules())).expect("encodes");
    let cut = today.len() - (rules.len() - old.len());
    save_old(&paths, &game, today[..cut].to_vec());
    let mut store = WorldsStore::new(Store::new(&paths), &Config::defaults());
    let loaded = store.load().expect("a format-2 run loads").expect("a run");
    assert_eq!(loaded.rules(), Rules::default_format_2());
    assert_eq!(loaded.state_hash(), game.state_hash());
}

#[test]
fn several_runs_are_listed_and_one_chosen_by_seed_is_loaded() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let paths = Paths::in_dir(dir.path());
    let mut store = WorldsStore::new(Store::new(&paths), &Config::defaults());
    for seed in [21, 22] {
        let mut game = Caves::new(Seed(seed)).expect("caves");
        game.apply(Action::Wait);
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
fn the_saved_run_is_offered_with_its_seed_as_typed() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let paths = Paths::in_dir(dir.path());
    let mut store = WorldsStore::new(Store::new(&paths), &Config::defaults());
    let seed = Seed(0x5eed_1a57);
    let game = Caves::new(seed).expect("caves");
    store.save(&game).expect("saved");
    let header = Header {
        rules_version: 1,
        mode: "caves".into(),
        seed: seed.0,
        file: StartFile::None,
        options: Vec::new(),
        started: 0,
        checkpoint_every: 100,
        seed_text: Some("lanterns".into()),
        sessions: Vec::new(),
    };
    let bytes = Recording::<u8>::new(header).encode().expect("encodes");
    store.save_recording(&game, &bytes).expect("kept");
    let offered = store.saved().expect("listed").expect("a run");
    assert_eq!(offered, "seed lanterns, level 1, turn 0");
    // Without the recording: the number.
    let id = Store::new(&paths).list().expect("listed")[0].id.clone();
    Store::new(&paths).remove_recording(&id).expect("removed");
    let offered = store.saved().expect("listed").expect("a run");
    assert_eq!(offered, format!("seed {}, level 1, turn 0", seed.0));
}

#[test]
fn a_damaged_or_busy_caves_save_is_reported_not_missing() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let paths = Paths::in_dir(dir.path());
    let mut store = WorldsStore::new(Store::new(&paths), &Config::defaults());
    let game = Caves::new(Seed(9)).expect("caves");
    store.save(&game).expect("saved");
    drop(store); // closes the run's world
    let id = Store::new(&paths).list().expect("listed")[0].id.clone();
    let mut store = WorldsStore::new(Store::new(&paths), &Config::defaults());
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
    let dir = tempfile::tempdir().expect("a temporary directory");
    let paths = Paths::in_dir(dir.path());
    let mut store = WorldsStore::new(Store::new(&paths), &Config::defaults());
    assert!(store.load().expect("an empty store").is_none());
    let mut game = Caves::new(Seed(5)).expect("caves");
    game.apply(Action::Wait);
    store.save(&game).expect("saved");
    drop(store);
    let mut again = WorldsStore::new(Store::new(&paths), &Config::defaults());
    assert_eq!(again.saved().expect("listed").as_deref(), Some("seed 5, level 1, turn 1"));
    let loaded = again.load().expect("readable").expect("a saved run");
    assert_eq!(loaded.state_hash(), game.state_hash());
    let mut other = WorldsStore::new(Store::new(&paths), &Config::defaults());
    assert!(other.load().is_err(), "the save stays, open here: no other torchlit can take it");
    let mut on = loaded.clone();
    on.apply(Action::Wait);
    again.save(&on).expect("saved again, over the same save");
    assert_eq!(Store::new(&paths).list().expect("listed").len(), 1, "one world for the run");
    let reloaded = again.load().expect("readable").expect("the run");
    assert_eq!(reloaded.state_hash(), on.state_hash());
    let morgue = again.finish(&reloaded, "R.I.P.").expect("finished");
    assert!(std::fs::read_to_string(&morgue).is_ok_and(|t| t == "R.I.P."));
    assert!(again.load().expect("readable").is_none(), "permadeath: the save is gone");
}

#[test]
fn memory_worlds_keep_runs_the_same_way() {
    let worlds = MemoryWorlds::default();
    let mut store = WorldsStore::new(worlds.clone(), &Config::defaults());
    let mut game = Caves::new(Seed(7)).expect("caves");
    game.apply(Action::Wait);
    store.save(&game).expect("saved");
    store.save_recording(&game, b"so far").expect("kept");
    assert_eq!(store.saved().expect("listed").as_deref(), Some("seed 7, level 1, turn 1"));
    let loaded = store.load().expect("readable").expect("the run");
    assert_eq!(loaded.state_hash(), game.state_hash());
    assert_eq!(store.load_recording(&loaded).as_deref(), Some(&b"so far"[..]));
    let id = worlds.list().expect("listed")[0].id.clone();
    let at = store.finish(&loaded, "R.I.P.").expect("finished");
    assert!(at.contains(id.as_str()), "{at}");
    assert_eq!(worlds.morgue(&id).as_deref(), Some("R.I.P."));
    assert!(worlds.list().expect("listed").is_empty(), "permadeath");
    assert_eq!(worlds.load_recording(&id).expect("readable"), None, "its recording went too");
}
