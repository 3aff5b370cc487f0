//! Damaged and foreign files: clear, distinct errors, the file left alone, and every other
//! world in the same directory still loads.
#![cfg(feature = "sqlite")]

mod common;

use std::path::Path;

use common::{Player, Region, TestResult, player, region, spec, store};
use torchlit_save::{RegionKey, Save, SaveError, Store, WorldId};

/// A directory of worlds: the healthy ones and the one about to be damaged.
struct Worlds {
    _dir: tempfile::TempDir,
    store: Store,
    healthy: Vec<WorldId>,
    victim: WorldId,
}

/// A store with three healthy worlds and one victim with enough data to span many pages.
fn worlds() -> Result<Worlds, Box<dyn std::error::Error>> {
    let (dir, store) = store();
    let mut healthy = Vec::new();
    for name in ["one", "two", "three"] {
        let mut world = store.create(&spec(name))?;
        world.commit(
            Save::new().set_player(&player(7))?.set_region(RegionKey::new(1, 1), &region(1))?,
        )?;
        healthy.push(world.id().clone());
    }
    let mut victim = store.create(&spec("victim"))?;
    let mut save = Save::new();
    save.set_player(&player(9))?;
    for i in 0..40 {
        save.set_region(RegionKey::new(i, -i), &region(i as u32))?;
    }
    victim.commit(&save)?;
    let victim_id = victim.id().clone();
    victim.close()?;
    Ok(Worlds { _dir: dir, store, healthy, victim: victim_id })
}

/// The others open, load and save as usual.
fn others_still_load(store: &Store, healthy: &[WorldId]) -> TestResult {
    for id in healthy {
        let mut world = store.open(id)?;
        assert_eq!(world.load_player::<Player>()?, player(7));
        assert_eq!(world.load_region::<Region>(RegionKey::new(1, 1))?, Some(region(1)));
        world.commit(Save::new().set_player(&player(8))?)?;
    }
    let listed = store.list()?;
    assert_eq!(listed.len(), healthy.len() + 1);
    assert_eq!(listed.iter().filter(|e| e.info.is_ok()).count(), healthy.len());
    Ok(())
}

/// Opens the damaged world: returns the error, checking the file was not changed and the
/// list shows the same kind of error for it.
fn open_damaged(store: &Store, id: &WorldId) -> Result<SaveError, Box<dyn std::error::Error>> {
    let path = store.db_path(id);
    let before = std::fs::read(&path)?;
    let err = match store.open(id) {
        Ok(world) => {
            // Some damage only shows when the damaged record is read.
            let loaded = world.load_player::<Player>().err().or_else(|| {
                (0..40).find_map(|i| world.load_region::<Region>(RegionKey::new(i, -i)).err())
            });
            loaded.ok_or("a damaged world opened and loaded")?
        }
        Err(e) => e,
    };
    assert_eq!(std::fs::read(&path)?, before, "opening must not change a damaged file");
    let listed = store.list()?;
    let entry = listed.iter().find(|e| &e.id == id).ok_or("damaged world listed")?;
    assert!(entry.info.is_err() || matches!(err, SaveError::Corrupt { .. }));
    Ok(err)
}

fn corrupt(err: &SaveError) -> bool {
    matches!(err, SaveError::Corrupt { .. })
}

fn damage(path: &Path, f: impl FnOnce(&mut Vec<u8>)) -> TestResult {
    let mut bytes = std::fs::read(path)?;
    f(&mut bytes);
    std::fs::write(path, bytes)?;
    Ok(())
}

#[test]
fn a_truncated_file_is_damaged() -> TestResult {
    for keep in [0usize, 50, 4096, 3 * 4096 + 17] {
        let Worlds { _dir, store, healthy, victim } = worlds()?;
        damage(&store.db_path(&victim), |b| b.truncate(keep.min(b.len() / 2)))?;
        let err = open_damaged(&store, &victim)?;
        assert!(corrupt(&err), "truncated to {keep}: {err:?}");
        let message = err.to_string();
        assert!(message.contains("is damaged") && message.contains("victim-1.db"), "{message}");
        others_still_load(&store, &healthy)?;
    }
    Ok(())
}

#[test]
fn a_garbage_header_is_damaged() -> TestResult {
    let Worlds { _dir, store, healthy, victim } = worlds()?;
    damage(&store.db_path(&victim), |b| {
        for (i, byte) in b.iter_mut().take(100).enumerate() {
            *byte = (i as u8).wrapping_mul(37).wrapping_add(11);
        }
    })?;
    let err = open_damaged(&store, &victim)?;
    assert!(corrupt(&err), "{err:?}");
    assert!(err.to_string().contains("header is damaged"), "{err}");
    others_still_load(&store, &healthy)
}

#[test]
fn random_bytes_are_damaged() -> TestResult {
    let Worlds { _dir, store, healthy, victim } = worlds()?;
    let mut rng = torchlit_rng::Rng::new(torchlit_rng::Seed(0xDA7A));
    let noise: Vec<u8> = (0..20_000).map(|_| rng.next_u32() as u8).collect();
    std::fs::write(store.db_path(&victim), noise)?;
    let err = open_damaged(&store, &victim)?;
    assert!(corrupt(&err), "{err:?}");
    others_still_load(&store, &healthy)
}

#[test]
fn random_bytes_inside_the_pages_are_found() -> TestResult {
    // Overwrite the middle of the file (past the header) with noise: SQLite's check or
    // the record decoder must notice; either way a Corrupt error, never a panic.
    let Worlds { _dir, store, healthy, victim } = worlds()?;
    let mut rng = torchlit_rng::Rng::new(torchlit_rng::Seed(0xBAD));
    damage(&store.db_path(&victim), |b| {
        let len = b.len();
        for byte in &mut b[4096..len - 4096] {
            *byte = rng.next_u32() as u8;
        }
    })?;
    let err = open_damaged(&store, &victim)?;
    assert!(corrupt(&err), "{err:?}");
    others_still_load(&store, &healthy)
}

#[test]
fn a_foreign_sqlite_database_is_not_a_world() -> TestResult {
    let Worlds { _dir, store, healthy, victim } = worlds()?;
    let path = store.db_path(&victim);
    std::fs::remove_file(&path)?;
    {
        let conn = rusqlite::Connection::open(&path)?;
        conn.execute_batch(
            "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT);
             INSERT INTO customers (name) VALUES ('Ada'), ('Grace');",
        )?;
    }
    let err = open_damaged(&store, &victim)?;
    assert!(matches!(err, SaveError::Foreign { .. }), "{err:?}");
    assert!(err.to_string().contains("is not a torchlit world"), "{err}");
    let list = store.list()?;
    assert!(
        list.iter().any(|e| e.id == victim && matches!(e.info, Err(SaveError::Foreign { .. })))
    );
    // Its tables are still there, untouched.
    let conn = rusqlite::Connection::open(&path)?;
    let n: i64 = conn.query_row("SELECT count(*) FROM customers", [], |r| r.get(0))?;
    assert_eq!(n, 2);
    drop(conn);
    others_still_load(&store, &healthy)
}

#[test]
fn a_world_missing_its_tables_is_damaged() -> TestResult {
    let Worlds { _dir, store, healthy, victim } = worlds()?;
    {
        let conn = rusqlite::Connection::open(store.db_path(&victim))?;
        conn.execute_batch("DROP TABLE world")?;
    }
    let err = open_damaged(&store, &victim)?;
    assert!(corrupt(&err), "{err:?}");
    others_still_load(&store, &healthy)
}

#[test]
fn a_damaged_world_can_be_deleted() -> TestResult {
    let Worlds { _dir, store, healthy, victim } = worlds()?;
    std::fs::write(store.db_path(&victim), b"not a database at all")?;
    store.delete(&victim)?;
    assert_eq!(store.list()?.len(), healthy.len());
    others_still_load_after_delete(&store, &healthy)
}

fn others_still_load_after_delete(store: &Store, healthy: &[WorldId]) -> TestResult {
    for id in healthy {
        assert_eq!(store.open(id)?.load_player::<Player>()?, player(7));
    }
    Ok(())
}

#[test]
fn missing_is_no_save_not_damage() -> TestResult {
    let (_dir, store) = store();
    let id = WorldId::parse("never-made-1")?;
    let err = store.open(&id).err().ok_or("opened nothing")?;
    assert!(matches!(err, SaveError::NoSave { .. }), "{err:?}");
    assert_eq!(err.to_string(), "world never-made-1: no saved world");
    Ok(())
}

#[test]
fn errors_are_distinct_kinds() -> TestResult {
    // The four outcomes a front end tells apart, side by side in one directory.
    let Worlds { _dir, store, victim, .. } = worlds()?;
    std::fs::write(store.db_path(&victim), b"")?;
    let foreign = WorldId::parse("foreign-1")?;
    rusqlite::Connection::open(store.db_path(&foreign))?.execute_batch("CREATE TABLE t (x)")?;
    let missing = WorldId::parse("missing-1")?;
    let kinds = [store.open(&victim).err(), store.open(&foreign).err(), store.open(&missing).err()];
    assert!(matches!(kinds[0], Some(SaveError::Corrupt { .. })), "{:?}", kinds[0]);
    assert!(matches!(kinds[1], Some(SaveError::Foreign { .. })), "{:?}", kinds[1]);
    assert!(matches!(kinds[2], Some(SaveError::NoSave { .. })), "{:?}", kinds[2]);
    Ok(())
}
