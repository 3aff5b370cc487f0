//! The background saver and the region cache.
#![cfg(feature = "sqlite")]

mod common;

use std::num::NonZeroUsize;

use common::{Player, Region, TestResult, player, region, spec, store};
use torchlit_save::{RegionCache, RegionKey, Save, SaveError, Saver, Ticket};

#[test]
fn the_saver_commits_everything_in_order_and_hands_the_world_back() -> TestResult {
    let (_dir, store) = store();
    let world = store.create(&spec("background"))?;
    let id = world.id().clone();
    let mut saver = Saver::spawn(world)?;
    let mut reports = Vec::new();
    for moves in 1..=50u64 {
        let mut save = Save::new();
        save.set_player(&player(moves))?
            .set_region(RegionKey::new((moves % 4) as i32, 0), &region(moves as u32))?;
        let ticket = saver.submit(save)?;
        assert_eq!(ticket, Ticket(moves));
        reports.extend(saver.poll());
    }
    saver.flush()?;
    assert_eq!(saver.pending(), 0);
    assert_eq!(saver.reported(), Ticket(50));
    // Reports are in order, each covering the tickets since the previous one.
    assert!(reports.windows(2).all(|w| w[0].through < w[1].through));
    assert!(reports.iter().all(|r| r.result.is_ok()));
    let world = saver.finish()?;
    assert_eq!(world.load_player::<Player>()?, player(50));
    assert_eq!(world.load_region::<Region>(RegionKey::new(1, 0))?, Some(region(49)));
    // Saves that queued up were merged: never more commits than saves.
    assert!((1..=50).contains(&world.info().saves));
    drop(world);
    assert_eq!(store.open(&id)?.load_player::<Player>()?, player(50));
    Ok(())
}

#[test]
fn loads_through_the_saver_see_every_earlier_save() -> TestResult {
    let (_dir, store) = store();
    let mut saver = Saver::spawn(store.create(&spec("reads"))?)?;
    for i in 0..20u32 {
        let key = RegionKey::new(i as i32, 1);
        let mut save = Save::new();
        save.set_region(key, &region(i))?;
        saver.submit(save)?;
        assert_eq!(saver.load_region::<Region>(key)?, Some(region(i)));
    }
    assert_eq!(saver.load_region::<Region>(RegionKey::new(99, 99))?, None);
    Ok(())
}

#[test]
fn dropping_the_saver_still_writes_the_queue() -> TestResult {
    let (_dir, store) = store();
    let world = store.create(&spec("dropped"))?;
    let id = world.id().clone();
    let mut saver = Saver::spawn(world)?;
    for moves in 1..=10 {
        let mut save = Save::new();
        save.set_player(&player(moves))?;
        saver.submit(save)?;
    }
    drop(saver);
    assert_eq!(store.open(&id)?.load_player::<Player>()?.moves, 10);
    Ok(())
}

#[test]
fn a_failed_save_comes_back_as_an_error_and_is_not_forgotten() -> TestResult {
    let (_dir, store) = store();
    let mut world = store.create(&spec("full disk"))?;
    world.commit(Save::new().set_player(&player(1))?)?;
    let id = world.id().clone();
    // A "disk" with room for little more than what is there.
    world.set_size_limit(0)?;
    let mut saver = Saver::spawn(world)?;
    let mut big = Save::new();
    big.set_player(&player(2))?;
    for i in 0..30 {
        big.set_region(RegionKey::new(i, i), &region(i as u32))?;
    }
    saver.submit(big)?;
    let err = saver.flush().err().ok_or("a save past the size limit succeeded")?;
    assert!(matches!(err, SaveError::Database { .. }), "{err:?}");
    // The unsaved regions are still what later loads see.
    assert_eq!(saver.load_region::<Region>(RegionKey::new(3, 3))?, Some(region(3)));
    // Finishing tries once more, fails again, and says so.
    assert!(matches!(saver.finish(), Err(SaveError::Database { .. })));
    // The world on disk is the last good save, whole.
    let world = store.open(&id)?;
    assert_eq!(world.load_player::<Player>()?, player(1));
    assert!(world.region_keys()?.is_empty());
    Ok(())
}

fn generate(key: RegionKey) -> Region {
    let mut r = region(1000);
    r.monsters = vec![(key.x as u16, key.y as u16, 1.0)];
    r
}

#[test]
fn the_cache_drops_the_least_recently_used_region() -> TestResult {
    let (_dir, store) = store();
    let world = store.create(&spec("lru"))?;
    let mut cache: RegionCache<Region> = RegionCache::new(NonZeroUsize::new(2).ok_or("2")?);
    let (a, b, c, d) =
        (RegionKey::new(0, 0), RegionKey::new(1, 0), RegionKey::new(2, 0), RegionKey::new(3, 0));
    cache.load(a, &world, generate)?;
    cache.load(b, &world, generate)?;
    cache.load(c, &world, generate)?;
    assert!(!cache.contains(a), "a was least recently used");
    assert_eq!(cache.keys(), vec![c, b]);
    assert!(cache.get(b).is_some()); // b is now the most recent
    cache.load(d, &world, generate)?;
    assert_eq!(cache.keys(), vec![d, b]);
    assert_eq!((cache.len(), cache.capacity()), (2, 2));
    // A clean region that was dropped is generated again, identically.
    assert_eq!(cache.load(a, &world, generate)?, &generate(a));
    Ok(())
}

#[test]
fn the_cache_loads_modified_regions_and_generates_the_rest() -> TestResult {
    let (_dir, store) = store();
    let mut world = store.create(&spec("cache"))?;
    let saved = RegionKey::new(5, -5);
    world.commit(Save::new().set_region(saved, &region(7))?)?;
    let mut cache: RegionCache<Region> = RegionCache::new(NonZeroUsize::new(8).ok_or("8")?);
    let mut generated = 0;
    assert_eq!(
        cache.load(saved, &world, |_| {
            generated += 1;
            region(0)
        })?,
        &region(7)
    );
    assert_eq!(
        cache.load(RegionKey::new(0, 0), &world, |_| {
            generated += 1;
            region(0)
        })?,
        &region(0)
    );
    assert_eq!(generated, 1);
    assert_eq!(cache.dirty_count(), 0);
    Ok(())
}

#[test]
fn an_evicted_modified_region_is_kept_until_saved() -> TestResult {
    let (_dir, store) = store();
    let mut world = store.create(&spec("evict"))?;
    let mut cache: RegionCache<Region> = RegionCache::new(NonZeroUsize::MIN);
    let (a, b) = (RegionKey::new(0, 0), RegionKey::new(0, 1));
    cache.load_mut(a, &world, generate)?.monsters.clear(); // the monster died
    cache.load(b, &world, generate)?; // pushes a out before it was saved
    assert!(!cache.contains(a));
    assert_eq!(cache.dirty_count(), 1);
    // Coming back to it finds the change, not a fresh region.
    assert!(cache.load(a, &world, generate)?.monsters.is_empty());
    cache.load(b, &world, generate)?;

    let mut save = Save::new();
    assert_eq!(cache.stage(&mut save)?, 1);
    assert_eq!(cache.dirty_count(), 0);
    world.commit(&save)?;
    assert!(world.load_region::<Region>(a)?.ok_or("a saved")?.monsters.is_empty());
    assert_eq!(world.region_keys()?, vec![a], "unmodified regions are never stored");
    // Now a clean copy comes from the database.
    assert!(cache.load(a, &world, generate)?.monsters.is_empty());
    Ok(())
}

#[test]
fn the_cache_works_over_the_saver() -> TestResult {
    let (_dir, store) = store();
    let mut saver = Saver::spawn(store.create(&spec("both"))?)?;
    let mut cache: RegionCache<Region> = RegionCache::new(NonZeroUsize::MIN);
    let (a, b) = (RegionKey::new(-3, 4), RegionKey::new(9, 9));
    cache.load_mut(a, &saver, generate)?.monsters.push((1, 2, 3.0));
    let mut save = Save::new();
    save.set_player(&player(3))?;
    cache.stage(&mut save)?;
    saver.submit(save)?;
    cache.load(b, &saver, generate)?; // a is clean now and dropped
    assert_eq!(cache.load(a, &saver, generate)?.monsters.len(), 2, "read back through the queue");
    let world = saver.finish()?;
    assert_eq!(world.region_keys()?, vec![a]);
    Ok(())
}
