//! `overworld` speed: the time to cross into a region never seen before (generate the
//! region and place its monster, plus the neighbours the sight check needs; region
//! changes are already in memory, loaded when the world was opened), a step inside known
//! regions, and restoring a world with many changed regions. Target: a region crossing
//! under 2 ms.
//!
//! ```text
//! cargo bench -p torchlit-sim --bench overworld
//! ```
//!
//! After criterion's numbers, `crossing_percentiles` times 500 cold crossings one by one
//! and prints p50/p99/max.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use torchlit_geom::{CardinalDirection, Point};
use torchlit_rng::{Rng, Seed};
use torchlit_sim::modes::overworld::{
    Action, Event, Overworld, Player, RegionChanges, RegionCoord, Rules,
};

const SEED: &str = "overworld-bench";

/// A cell on region (0, 0)'s east border whose east neighbour (region (1, 0)) is floor
/// and that no monster sees.
fn border_cell(g: &Overworld) -> Point {
    (0..50)
        .map(|y| Point::new(49, y))
        .find(|&p| {
            let q = Point::new(50, p.y);
            g.ground(p).is_walkable()
                && g.ground(q).is_walkable()
                && g.watcher(p).is_none()
                && g.watcher(q).is_none()
                && g.monster_at(q).is_none()
        })
        .unwrap_or_else(|| panic!("no crossing on the east border of region (0, 0)"))
}

/// A game with an empty region cache and the player at `at`.
fn fresh(at: Point) -> Overworld {
    let player = Player::new(at, Rng::new(Seed(1)));
    match Overworld::restore(Seed::from_text(SEED), Rules::original(), player, []) {
        Ok(g) => g,
        Err(e) => panic!("restore: {e}"),
    }
}

fn cross(g: &mut Overworld) {
    let events = g.apply(Action::Move(CardinalDirection::East));
    assert!(events.iter().any(|e| matches!(e, Event::EnteredRegion { .. })), "{events:?}");
}

fn benches(c: &mut Criterion) {
    let probe = Overworld::new(Seed::from_text(SEED), Rules::original())
        .unwrap_or_else(|e| panic!("world: {e}"));
    let at = border_cell(&probe);
    let mut group = c.benchmark_group("overworld");

    group.bench_function("region/generate_one_50x50", |b| {
        b.iter_batched(
            || fresh(at),
            |g| black_box(g.look(Point::new(5 * 50 + 10, 7 * 50 + 10))),
            BatchSize::SmallInput,
        );
    });
    group.bench_function("step/cross_into_a_new_region", |b| {
        b.iter_batched(|| fresh(at), |mut g| cross(&mut g), BatchSize::SmallInput);
    });
    group.bench_function("step/cross_back_and_forth_warm", |b| {
        let mut g = fresh(at);
        b.iter(|| {
            g.apply(Action::Move(CardinalDirection::East));
            black_box(g.apply(Action::Move(CardinalDirection::West)))
        });
    });
    let player = probe.player().clone();
    let changes: Vec<(RegionCoord, RegionChanges)> = (0..1000)
        .map(|i| {
            let change = RegionChanges {
                opened: [Point::new(i % 50, 7)].into_iter().collect(),
                slain: u8::from(i % 3 == 0),
            };
            (RegionCoord::new(i % 40, i / 40), change)
        })
        .collect();
    group.bench_function("restore/1000_changed_regions", |b| {
        b.iter(|| {
            let g = Overworld::restore(
                probe.seed(),
                Rules::original(),
                player.clone(),
                changes.iter().cloned(),
            );
            black_box(g.map(|g| g.changes().len()).unwrap_or(0))
        });
    });
    group.finish();
    crossing_percentiles(at);
}

// A benchmark measures wall-clock time; the clock never reaches the simulation.
#[allow(clippy::disallowed_methods)]
fn crossing_percentiles(at: Point) {
    const N: usize = 500;
    let mut times = Vec::with_capacity(N);
    let mut generated = 0;
    for _ in 0..N {
        let mut g = fresh(at);
        let before = g.regions_generated();
        let start = Instant::now();
        cross(&mut g);
        times.push(start.elapsed());
        generated += g.regions_generated() - before;
    }
    times.sort();
    let q = |p: f64| times[((N as f64 * p) as usize).min(N - 1)].as_secs_f64() * 1e3;
    println!(
        "region crossing, cold (generate + place the monster + sight check; {:.1} regions \
         generated per crossing): n={N} p50={:.3} ms p99={:.3} ms max={:.3} ms",
        generated as f64 / N as f64,
        q(0.50),
        q(0.99),
        times[N - 1].as_secs_f64() * 1e3,
    );
}

criterion_group! {
    name = overworld;
    config = Criterion::default().sample_size(30).measurement_time(Duration::from_secs(2));
    targets = benches
}
criterion_main!(overworld);
