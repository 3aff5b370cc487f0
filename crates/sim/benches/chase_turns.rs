//! Chase simulation speed: turns per second on generated 20x20 dungeons (seed 003 rules,
//! the seed's strategies), both hero strategies against the monster.
//!
//! Run with `cargo bench -p torchlit-sim --bench chase_turns`. One criterion iteration
//! plays every game of a fixed set of 50 dungeons to its end (capture, a repeated state,
//! or 10,000 turns); after the benches a line reports turns per second.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::Criterion;
use torchlit_rng::Seed;
use torchlit_sim::formats::Dungeon;
use torchlit_sim::modes::chase::{Chase, HeroKind, MonsterKind, generate};

fn dungeons() -> Vec<Dungeon> {
    let seed = Seed::from_text("chase-bench");
    (0..50).filter_map(|i| generate(seed.derive("dungeon", &[i]), 20).ok()).collect()
}

/// Plays every dungeon with `hero` against the monster; returns the turns played.
fn play_all(dungeons: &[Dungeon], hero: HeroKind) -> u64 {
    let mut turns = 0;
    for d in dungeons {
        let Ok(mut chase) = Chase::new(d, hero.strategy(), MonsterKind::Monster.strategy()) else {
            continue;
        };
        turns += chase.run().turns().0;
    }
    turns
}

// A benchmark measures wall-clock time; the clock never reaches the simulation.
#[allow(clippy::disallowed_methods)]
fn main() {
    let dungeons = dungeons();
    let mut c = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2))
        .configure_from_args();
    for hero in HeroKind::ALL {
        c.bench_function(&format!("chase/{}/20x20x{}", hero.name(), dungeons.len()), |b| {
            b.iter(|| black_box(play_all(&dungeons, hero)));
        });
    }
    for hero in HeroKind::ALL {
        let start = Instant::now();
        let mut turns = 0;
        let mut passes = 0;
        while start.elapsed() < Duration::from_secs(1) {
            turns += play_all(&dungeons, hero);
            passes += 1;
        }
        let secs = start.elapsed().as_secs_f64();
        println!(
            "chase {} vs monster on {} generated 20x20 dungeons: {:.0} turns/s ({} turns per pass, {passes} passes)",
            hero.name(),
            dungeons.len(),
            turns as f64 / secs,
            turns / passes.max(1),
        );
    }
    c.final_summary();
}
