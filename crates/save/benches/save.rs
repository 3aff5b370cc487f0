//! Autosave latency for a typical overworld save: the player record and 3 modified 50x50
//! regions (seed 002 sizes), committed as one transaction.
//!
//! Criterion measures the mean/median of each step; `autosave_latency_percentiles` then
//! times 2000 single saves one by one and prints p50/p99/p99.9/max, since a hitch in play
//! is about the tail, not the mean. Target: p99 under 5 ms.
//!
//! ```text
//! cargo bench -p torchlit-save --bench save
//! ```

#[path = "../tests/common/mod.rs"]
mod common;

use std::hint::black_box;
use std::time::{Duration, Instant};

use common::{player, region, spec};
use criterion::{Criterion, criterion_group, criterion_main};
use torchlit_save::{RegionKey, Save, Saver, Store, WorldDb};

/// The regions a run of saves cycles through (a player wandering over a 6x6 area).
const AREA: i32 = 6;

fn typical_save(n: u64) -> Save {
    let mut save = Save::new();
    let mut encode = || -> Result<(), torchlit_save::SaveError> {
        save.set_player(&player(n))?;
        for i in 0..3u64 {
            let k = (n * 3 + i) as i32;
            save.set_region(RegionKey::new(k % AREA, (k / AREA) % AREA), &region((n + i) as u32))?;
        }
        Ok(())
    };
    if let Err(e) = encode() {
        panic!("encoding a save: {e}");
    }
    save
}

fn world(dir: &tempfile::TempDir) -> WorldDb {
    match Store::at(dir.path()).create(&spec("bench")) {
        Ok(world) => world,
        Err(e) => panic!("creating the bench world: {e}"),
    }
}

fn temp_dir() -> tempfile::TempDir {
    // On the target's disk, not a RAM-backed /tmp, so commits pay for real writes.
    match tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")) {
        Ok(dir) => dir,
        Err(e) => panic!("a temporary directory: {e}"),
    }
}

fn save_benches(c: &mut Criterion) {
    let saves: Vec<Save> = (0..64).map(typical_save).collect();
    let mut player_only = Save::new();
    if player_only.set_player(&player(1)).is_err() {
        panic!("encoding the player");
    }
    println!(
        "typical save: player record {} B, 3 regions, {} B encoded in all",
        player_only.encoded_len(),
        saves[0].encoded_len()
    );

    let mut group = c.benchmark_group("save");
    group.bench_function("encode/player+3_regions_50x50", |b| {
        let mut n = 0;
        b.iter(|| {
            n += 1;
            black_box(typical_save(n))
        });
    });

    let dir = temp_dir();
    let mut db = world(&dir);
    group.bench_function("commit/player+3_regions_50x50", |b| {
        let mut n = 0;
        b.iter(|| {
            n += 1;
            if let Err(e) = db.commit(&saves[n % saves.len()]) {
                panic!("commit: {e}");
            }
        });
    });
    drop(db);

    let dir = temp_dir();
    let mut saver = match Saver::spawn(world(&dir)) {
        Ok(saver) => saver,
        Err(e) => panic!("saver: {e}"),
    };
    group.bench_function("saver/submit/player+3_regions_50x50", |b| {
        let mut n = 0;
        b.iter(|| {
            n += 1;
            if let Err(e) = saver.submit(saves[n % saves.len()].clone()) {
                panic!("submit: {e}");
            }
            // Keep the queue short, as an autosave every few moves would.
            if saver.pending() > 8 && saver.flush().is_err() {
                panic!("flush failed");
            }
        });
    });
    group.finish();
    if let Err(e) = saver.finish() {
        panic!("saver: {e}");
    }

    autosave_latency_percentiles(&saves);
}

fn percentiles(name: &str, mut times: Vec<Duration>) {
    times.sort();
    let at = |q: f64| times[((times.len() as f64 * q) as usize).min(times.len() - 1)];
    println!(
        "{name}: n={} p50={:.3} ms p99={:.3} ms p99.9={:.3} ms max={:.3} ms",
        times.len(),
        at(0.50).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3,
        at(0.999).as_secs_f64() * 1e3,
        times[times.len() - 1].as_secs_f64() * 1e3,
    );
}

/// Each sample is one whole autosave as play sees it.
fn autosave_latency_percentiles(saves: &[Save]) {
    const N: usize = 2000;

    // Encode + commit on the calling thread (what a synchronous autosave costs).
    let dir = temp_dir();
    let mut db = world(&dir);
    let mut times = Vec::with_capacity(N);
    for n in 0..N as u64 {
        let start = Instant::now();
        let save = typical_save(n);
        if let Err(e) = db.commit(&save) {
            panic!("commit: {e}");
        }
        times.push(start.elapsed());
    }
    percentiles("autosave latency, encode + commit (WorldDb)", times);

    // Commit alone.
    let mut times = Vec::with_capacity(N);
    for n in 0..N {
        let start = Instant::now();
        if let Err(e) = db.commit(&saves[n % saves.len()]) {
            panic!("commit: {e}");
        }
        times.push(start.elapsed());
    }
    percentiles("autosave latency, commit only (WorldDb)", times);
    drop(db);

    // The background saver: what the game thread waits for (encode + submit), and the
    // time until the commit is reported.
    let dir = temp_dir();
    let mut saver = match Saver::spawn(world(&dir)) {
        Ok(saver) => saver,
        Err(e) => panic!("saver: {e}"),
    };
    let (mut blocking, mut round_trip) = (Vec::with_capacity(N), Vec::with_capacity(N));
    for n in 0..N as u64 {
        let start = Instant::now();
        if let Err(e) = saver.submit(typical_save(n)) {
            panic!("submit: {e}");
        }
        blocking.push(start.elapsed());
        if let Err(e) = saver.flush() {
            panic!("flush: {e}");
        }
        round_trip.push(start.elapsed());
    }
    percentiles("autosave latency, game thread with Saver (encode + submit)", blocking);
    percentiles("autosave latency, Saver submit -> committed", round_trip);
    if let Err(e) = saver.finish() {
        panic!("saver: {e}");
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(50).measurement_time(Duration::from_secs(3));
    targets = save_benches
}
criterion_main!(benches);
