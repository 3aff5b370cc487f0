//! `overworld` autosave latency while walking, through the real session (the game, its
//! world database on the background saver, an autosave every 5 steps), on the target's
//! disk. Target: autosave p99 under 5 ms on the game thread.
//!
//! ```text
//! cargo bench -p torchlit-ui --bench overworld_autosave
//! ```
//!
//! Criterion times five steps and their autosave (`overworld/session/5_steps+autosave`);
//! then the run prints, each over thousands of samples:
//! - the stall of an autosave on the game thread (encode the player record and the
//!   changed regions, hand them to the saver) while walking;
//! - a step as the player feels it, autosave included (every 5th step);
//! - an autosave from submission until the saver reports it committed (background);
//! - opening a world with 1,000 changed regions (load from SQLite + restore).

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::Criterion;

use torchlit_geom::{CardinalDirection, Point};
use torchlit_rng::{Rng, Seed};
use torchlit_save::{Config, Paths, RegionKey, Save, Store};
use torchlit_sim::modes::overworld::{Action, Event, RegionChanges};
use torchlit_ui::overworld::{OverworldSession, Worlds};

fn percentiles(name: &str, mut times: Vec<Duration>) {
    times.sort();
    let n = times.len();
    let at = |q: f64| times[((n as f64 * q) as usize).min(n - 1)].as_secs_f64() * 1e3;
    println!(
        "{name}: n={n} p50={:.3} ms p99={:.3} ms p99.9={:.3} ms max={:.3} ms",
        at(0.50),
        at(0.99),
        at(0.999),
        times[n - 1].as_secs_f64() * 1e3
    );
}

fn worlds(dir: &std::path::Path) -> Worlds {
    let paths = Paths::in_dir(dir);
    let config = Config::load(&paths).unwrap_or_else(|e| panic!("config: {e}"));
    // CaveGame's rules: a random walk goes on for ever there (the default game can end).
    Worlds::with_store(Store::new(&paths), config).with_seed_rules(true)
}

fn criterion_walk(dir: &std::path::Path) {
    let worlds = worlds(dir);
    let mut session = OverworldSession::create(&worlds, "criterion", "criterion")
        .unwrap_or_else(|e| panic!("create: {e}"));
    let mut rng = Rng::new(Seed(5));
    let mut c = Criterion::default()
        .sample_size(30)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .configure_from_args();
    c.bench_function("overworld/session/5_steps+autosave", |b| {
        b.iter(|| {
            for _ in 0..5 {
                let d = CardinalDirection::ALL[rng.below(4) as usize];
                black_box(session.apply(Action::Move(d)));
            }
            session.save().unwrap_or_else(|e| panic!("save: {e}"));
        });
    });
    session.close().unwrap_or_else(|e| panic!("close: {e}"));
    c.final_summary();
}

fn main() {
    // On the target's disk, not a RAM-backed /tmp, so commits pay for real writes.
    let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR"))
        .unwrap_or_else(|e| panic!("a temporary directory: {e}"));
    criterion_walk(dir.path());
    let worlds = worlds(dir.path());
    let mut session = OverworldSession::create(&worlds, "bench", "autosave bench")
        .unwrap_or_else(|e| panic!("create: {e}"));
    let mut rng = Rng::new(Seed(99));

    // Walking like an explorer: straight on, turning at random and when blocked; 20,000
    // steps tried (about 4,000 autosaves), through new regions, chests and fights.
    let mut steps = Vec::with_capacity(20_000);
    let mut d = CardinalDirection::East;
    for _ in 0..20_000 {
        let start = Instant::now();
        let events = session.apply(Action::Move(d));
        steps.push(start.elapsed());
        let blocked = events.iter().any(|e| matches!(e, Event::Blocked { .. }));
        if blocked || rng.below(12) == 0 {
            d = CardinalDirection::ALL[rng.below(4) as usize];
        }
    }
    let stalls = session.save_times().clone();
    let mut stall_samples = Vec::new();
    for q in 0..=1000 {
        if let Some(d) = stalls.quantile(f64::from(q) / 1000.0) {
            stall_samples.push(d);
        }
    }
    let p = session.game().player();
    println!(
        "walked {} steps, {} autosaves, {} regions generated, {} changed ({} chests, {} kills, \
         {} deaths)",
        p.moves().0,
        stalls.count(),
        session.game().regions_generated(),
        session.game().changes().len(),
        p.chests(),
        p.kills(),
        p.deaths()
    );
    percentiles(
        "autosave stall on the game thread (encode + submit), quantiles of all",
        stall_samples,
    );
    percentiles("step as felt (apply, autosave every 5th step included)", steps);

    // Submission to commit, one autosave at a time.
    let mut round_trips = Vec::with_capacity(1000);
    for _ in 0..1000 {
        let d = CardinalDirection::ALL[rng.below(4) as usize];
        session.apply(Action::Move(d));
        let start = Instant::now();
        session.save().unwrap_or_else(|e| panic!("save: {e}"));
        while session.status().pending > 0 {
            session.poll();
            std::thread::yield_now();
        }
        round_trips.push(start.elapsed());
    }
    percentiles("autosave submit -> committed (background saver)", round_trips);
    let id = session.info().id.clone();
    session.close().unwrap_or_else(|e| panic!("close: {e}"));

    // Opening a world with 1,000 changed regions.
    let mut db = Store::new(&Paths::in_dir(dir.path())).open(&id).unwrap_or_else(|e| panic!("{e}"));
    let mut save = Save::new();
    for i in 0..1000 {
        let change = RegionChanges {
            opened: [Point::new(i % 50, 3)].into_iter().collect(),
            slain: u8::from(i % 2 == 0),
        };
        save.set_region(RegionKey::new(i % 40, 100 + i / 40), &change)
            .unwrap_or_else(|e| panic!("{e}"));
    }
    db.commit(&save).unwrap_or_else(|e| panic!("{e}"));
    db.close().unwrap_or_else(|e| panic!("{e}"));
    let mut opens = Vec::new();
    for _ in 0..30 {
        let start = Instant::now();
        let s = OverworldSession::open(&worlds, &id).unwrap_or_else(|e| panic!("open: {e}"));
        opens.push(start.elapsed());
        assert!(s.game().changes().len() >= 1000);
        s.close().unwrap_or_else(|e| panic!("close: {e}"));
    }
    percentiles("open a world with 1,000 changed regions (SQLite + restore)", opens);
}
