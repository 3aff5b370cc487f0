//! Worlds through the public API: round trips, names, the list, delete, versions, locks.
#![cfg(feature = "sqlite")]

mod common;

use common::{Player, Region, TestResult, player, region, spec, spec_with_hash, store};
use torchlit_save::{
    ConfigHash, FORMAT_VERSION, GenerationCheck, Record, RegionKey, Save, SaveError, Store, WorldId,
};

#[test]
fn world_meta_player_and_modified_regions_round_trip() -> TestResult {
    let (_dir, store) = store();
    let spec = spec("Testing World");
    let mut world = store.create(&spec)?;
    let id = world.id().clone();
    assert_eq!(id.as_str(), "testing-world-1");
    assert!(matches!(
        world.load_player::<Player>(),
        Err(SaveError::NoSave { what: Record::Player, .. })
    ));

    let mut save = Save::new();
    save.set_player(&player(5))?;
    for (i, key) in
        [RegionKey::new(0, 0), RegionKey::new(-1, 2), RegionKey::new(7, -3)].into_iter().enumerate()
    {
        save.set_region(key, &region(i as u32))?;
    }
    let commit = world.commit(&save)?;
    assert_eq!(commit.saves, 1);
    world.close()?;

    let world = store.open(&id)?;
    let info = world.info();
    assert_eq!(info.name, spec.name);
    assert_eq!(info.mode, "overworld");
    assert_eq!(info.seed, spec.seed);
    assert_eq!(info.seed_text, "Testing World");
    assert_eq!(info.config_hash, common::DEFAULT_HASH);
    assert_eq!(info.saves, 1);
    assert_eq!(info.format_version, FORMAT_VERSION);
    assert_eq!(info.game_version, env!("CARGO_PKG_VERSION"));
    assert!(info.last_played >= info.created && info.created > 1_600_000_000);
    assert_eq!(world.load_player::<Player>()?, player(5));
    assert_eq!(world.load_region::<Region>(RegionKey::new(-1, 2))?, Some(region(1)));
    // Only the modified regions are stored; the others come back as None (regenerate).
    assert_eq!(
        world.region_keys()?,
        vec![RegionKey::new(-1, 2), RegionKey::new(0, 0), RegionKey::new(7, -3)]
    );
    assert_eq!(world.load_region::<Region>(RegionKey::new(1, 1))?, None);
    Ok(())
}

#[test]
fn a_later_save_replaces_records_and_keeps_other_regions() -> TestResult {
    let (_dir, store) = store();
    let mut world = store.create(&spec("w"))?;
    world.commit(
        Save::new().set_player(&player(1))?.set_region(RegionKey::new(0, 0), &region(1))?,
    )?;
    world.commit(
        Save::new().set_player(&player(2))?.set_region(RegionKey::new(1, 0), &region(2))?,
    )?;
    assert_eq!(world.load_player::<Player>()?.moves, 2);
    assert_eq!(world.load_region::<Region>(RegionKey::new(0, 0))?, Some(region(1)));
    assert_eq!(world.load_region::<Region>(RegionKey::new(1, 0))?, Some(region(2)));
    assert_eq!(world.info().saves, 2);
    Ok(())
}

#[test]
fn a_record_of_another_type_is_reported_as_damage() -> TestResult {
    let (_dir, store) = store();
    let mut world = store.create(&spec("w"))?;
    world.commit(Save::new().set_player(&"just a string")?)?;
    assert!(matches!(world.load_player::<Player>(), Err(SaveError::Corrupt { .. })));
    // Trailing bytes are refused too.
    world.commit(Save::new().set_player(&(1u8, 2u8))?)?;
    assert!(matches!(world.load_player::<u8>(), Err(SaveError::Corrupt { .. })));
    Ok(())
}

#[test]
fn caves_snapshot_round_trips_and_dies_with_the_world() -> TestResult {
    let (_dir, store) = store();
    let mut world = store.create(&spec_with_hash("Deep caves", ConfigHash(1)))?;
    assert!(matches!(
        world.load_snapshot::<Vec<Region>>(),
        Err(SaveError::NoSave { what: Record::Snapshot, .. })
    ));
    let game = vec![region(1), region(2)];
    world.save_snapshot(&game)?;
    let id = world.id().clone();
    world.close()?;
    let world = store.open(&id)?;
    assert_eq!(world.load_snapshot::<Vec<Region>>()?, game);

    // Permadeath: the morgue stays, the world goes.
    let morgue = store.write_morgue(&id, "Killed by a bat on level 3.\n")?;
    assert_eq!(std::fs::read_to_string(&morgue)?, "Killed by a bat on level 3.\n");
    world.delete()?;
    assert!(matches!(store.open(&id), Err(SaveError::NoSave { what: Record::World, .. })));
    assert!(store.list()?.is_empty());
    assert!(morgue.exists());
    // The id is not handed out again while its morgue remains.
    let next = store.create(&spec("Deep caves"))?;
    assert_eq!(next.id().as_str(), "deep-caves-2");
    Ok(())
}

#[test]
fn names_are_stored_exactly_and_never_used_as_paths() -> TestResult {
    let (dir, store) = store();
    let long = "🦀 a very long name / with \\ slashes .. ".repeat(200);
    let names = [
        "a/b",
        "..",
        "../../etc/passwd",
        "C:\\Windows\\System32",
        "\\",
        "🦀🔥 cave",
        "",
        "CON",
        "nul\0byte",
        "  spaces  ",
        "line\nbreak",
        long.as_str(),
    ];
    let mut ids = Vec::new();
    for name in names {
        let world = store.create(&spec(name))?;
        ids.push(world.id().clone());
    }
    let listed = store.list()?;
    assert_eq!(listed.len(), names.len());
    for (id, name) in ids.iter().zip(names) {
        let entry = listed.iter().find(|e| &e.id == id).ok_or("listed")?;
        let info = entry.info.as_ref().map_err(|e| e.to_string())?;
        assert_eq!(info.name, name);
        assert_eq!(info.seed_text, name);
        assert_eq!(store.open(id)?.info().name, name);
    }
    // Every file is directly inside the worlds directory, named by its id only.
    for entry in std::fs::read_dir(store.dir())? {
        let name = entry?.file_name().into_string().map_err(|_| "non-UTF-8 file name")?;
        // A world's lock file (`<id>.db-lock`) stays beside it.
        let name = name.strip_suffix("-lock").unwrap_or(&name);
        let stem = name.strip_suffix(".db").ok_or("only databases and their lock files")?;
        assert!(WorldId::parse(stem).is_ok(), "{name}");
    }
    assert_eq!(std::fs::read_dir(dir.path())?.count(), 1, "nothing outside worlds/");
    Ok(())
}

#[test]
fn the_list_shows_last_played_first_and_delete_removes_one() -> TestResult {
    let (_dir, store) = store();
    assert!(store.list()?.is_empty(), "a missing directory is an empty list");
    let a = store.create(&spec("alpha"))?;
    let b = store.create(&spec("beta"))?;
    let (a_id, b_id) = (a.id().clone(), b.id().clone());
    drop((a, b));
    // Make alpha the most recently played, whatever the clock's resolution.
    let mut db = rusqlite_touch(&store, &b_id, 1_000)?;
    db.close()?;
    db = rusqlite_touch(&store, &a_id, 2_000)?;
    db.close()?;
    let list = store.list()?;
    let order: Vec<&str> = list.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(order, ["alpha-1", "beta-1"]);
    let alpha = list[0].info.as_ref().map_err(|e| e.to_string())?;
    assert_eq!(
        (alpha.name.as_str(), alpha.mode.as_str(), alpha.last_played),
        ("alpha", "overworld", 2_000)
    );

    store.delete(&a_id)?;
    let order: Vec<String> = store.list()?.iter().map(|e| e.id.to_string()).collect();
    assert_eq!(order, ["beta-1"]);
    assert!(matches!(store.delete(&a_id), Err(SaveError::NoSave { .. })));
    Ok(())
}

/// Sets a world's last-played time directly (the API always uses the clock).
fn rusqlite_touch(
    store: &Store,
    id: &WorldId,
    at: i64,
) -> Result<torchlit_save::WorldDb, Box<dyn std::error::Error>> {
    {
        let conn = rusqlite::Connection::open(store.db_path(id))?;
        conn.execute("UPDATE world SET last_played = ?1", [at])?;
    }
    Ok(store.open(id)?)
}

#[test]
fn a_changed_generation_config_is_detected() -> TestResult {
    let (_dir, store) = store();
    let (config, changed) = (ConfigHash(5), ConfigHash(6));
    let world = store.create(&spec_with_hash("w", config))?;
    assert_eq!(world.generation_check(config), GenerationCheck::Same);
    assert_eq!(
        world.generation_check(changed),
        GenerationCheck::Changed { stored: config, current: changed }
    );
    Ok(())
}

#[test]
fn a_newer_format_is_refused_with_a_clear_message_and_left_alone() -> TestResult {
    let (_dir, store) = store();
    let world = store.create(&spec("from the future"))?;
    let id = world.id().clone();
    let path = world.path().to_path_buf();
    world.close()?;
    {
        let conn = rusqlite::Connection::open(&path)?;
        conn.pragma_update(None, "user_version", FORMAT_VERSION + 1)?;
        conn.execute("UPDATE meta SET value = '9.9.9' WHERE key = 'game_version'", [])?;
    }
    let before = std::fs::read(&path)?;
    let err = store.open(&id).err().ok_or("opened a newer world")?;
    assert!(
        matches!(&err, SaveError::NewerVersion { found, supported, game_version, .. }
            if *found == FORMAT_VERSION + 1 && *supported == FORMAT_VERSION && game_version == "9.9.9"),
        "{err:?}"
    );
    let message = err.to_string();
    assert!(
        message.contains("newer torchlit (9.9.9") && message.contains("update torchlit"),
        "{message}"
    );
    assert_eq!(std::fs::read(&path)?, before, "the file is untouched");
    let list = store.list()?;
    assert!(matches!(list[0].info, Err(SaveError::NewerVersion { .. })));
    Ok(())
}

#[test]
fn a_world_is_open_in_one_place_at_a_time() -> TestResult {
    let (_dir, store) = store();
    let world = store.create(&spec("busy"))?;
    let id = world.id().clone();
    assert!(matches!(store.open(&id), Err(SaveError::InUse { .. })));
    assert!(matches!(store.list()?[0].info, Err(SaveError::InUse { .. })));
    drop(world);
    store.open(&id)?;
    Ok(())
}

#[test]
fn ids_are_checked_before_any_path_is_made() {
    for bad in ["../x", "a/b", "", "A"] {
        assert!(matches!(WorldId::parse(bad), Err(SaveError::BadId(_))));
    }
}

#[test]
fn every_commit_is_folded_into_the_main_file() -> TestResult {
    let (_dir, store) = store();
    let mut world = store.create(&spec("log"))?;
    for moves in 0..5 {
        world.commit(
            Save::new().set_player(&player(moves))?.set_region(RegionKey::new(0, 0), &region(1))?,
        )?;
        // A completed save never lives only in the write-ahead log (deleting the log
        // while playing must not lose it).
        assert_eq!(world.wal_size(), 0, "save {moves} was checkpointed");
    }
    world.checkpoint()?;
    assert_eq!(world.wal_size(), 0);
    assert_eq!(world.load_player::<Player>()?.moves, 4);
    Ok(())
}
