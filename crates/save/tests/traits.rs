//! The store traits the screens use: the SQLite store and the memory store answer the
//! same calls the same way (records, the list, locks, background saves, scores).
#![cfg(feature = "sqlite")]

mod common;

use common::{Player, Region, TestResult, player, region, spec};
use torchlit_save::{
    MemoryWorlds, Record, RegionKey, Save, SaveError, Score, WorldSaver, WorldStore,
};

/// Plays one world's life through `store`: made, saved in the background, reopened,
/// listed, locked, scored and deleted.
fn life_of_a_world(store: &dyn WorldStore) -> TestResult {
    assert!(store.list()?.is_empty());
    let world = store.create(&spec("Traits"))?;
    let id = world.info().id.clone();
    assert_eq!(id.as_str(), "traits-1");
    assert!(matches!(
        world.load_player::<Player>(),
        Err(SaveError::NoSave { what: Record::Player, .. })
    ));
    let mut saver: Box<dyn WorldSaver> = world.save_in_background()?;
    for moves in 1..=3 {
        let mut save = Save::new();
        save.set_player(&player(moves))?
            .set_region(RegionKey::new(moves as i32, -1), &region(7))?;
        save.set_recording(vec![moves as u8]);
        saver.submit(save)?;
    }
    saver.flush()?;
    assert!(saver.poll().is_empty(), "flushing takes the reports");
    assert_eq!(saver.pending(), 0);
    saver.finish()?.close()?;

    let list = store.list()?;
    assert_eq!(list.len(), 1);
    // Saves queued while the worker is busy may be committed as one.
    let saves = list[0].info.as_ref().map(|i| i.saves).unwrap_or(0);
    assert!((1..=3).contains(&saves), "{saves} commits");
    let world = store.open(&id)?;
    assert!(matches!(store.open(&id), Err(SaveError::InUse { .. })), "opened once");
    assert!(matches!(store.delete(&id), Err(SaveError::InUse { .. })), "not deleted while open");
    assert_eq!(world.load_player::<Player>()?, player(3));
    assert_eq!(world.region_keys()?.len(), 3);
    assert_eq!(world.load_region::<Region>(RegionKey::new(2, -1))?, Some(region(7)));
    assert_eq!(world.load_region::<Region>(RegionKey::new(9, 9))?, None);
    assert_eq!(world.load_recording()?, Some(vec![3]));
    assert!(matches!(world.load_player::<u8>(), Err(SaveError::Corrupt { .. })));
    world.close()?;

    let score = Score {
        mode: "overworld".into(),
        name: "Traits".into(),
        score: 40,
        ending: "took the artefact".into(),
        turns: 9,
        when: 1,
    };
    assert_eq!(store.add_score(score.clone())?, Some(1));
    assert_eq!(store.high_scores("overworld")?, [score]);
    assert!(store.high_scores("caves")?.is_empty());

    store.delete(&id)?;
    assert!(matches!(store.open(&id), Err(SaveError::NoSave { what: Record::World, .. })));
    assert!(matches!(store.delete(&id), Err(SaveError::NoSave { .. })));
    Ok(())
}

#[test]
fn the_sqlite_store_lives_a_world_through_the_traits() -> TestResult {
    let (_dir, store) = common::store();
    life_of_a_world(&store)
}

#[test]
fn the_memory_store_lives_it_the_same_way() -> TestResult {
    life_of_a_world(&MemoryWorlds::default())
}
