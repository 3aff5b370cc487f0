//! Solver speed and memory by dungeon size: retrograde analysis of generated dungeons
//! (one hero, one monster, one speed potion; seed 003 rules).
//!
//! Run with `cargo bench -p torchlit-sim --bench chase_solve`. Criterion times one solve
//! of a fixed generated dungeon per size; the example `chase_solve_table` prints the
//! table of sizes, positions, memory and times.

use std::hint::black_box;
use std::time::Duration;

use criterion::Criterion;
use torchlit_rng::Seed;
use torchlit_sim::formats::Dungeon;
use torchlit_sim::modes::chase::{generate, solve};

const SIDES: [u32; 6] = [10, 20, 30, 40, 50, 60];

fn dungeons(side: u32) -> Vec<Dungeon> {
    let seed = Seed::from_text("chase-solve-bench");
    (0..5)
        .filter_map(|i| generate(seed.derive("dungeon", &[i, i64::from(side)]), side).ok())
        .collect()
}

fn main() {
    let sets: Vec<(u32, Vec<Dungeon>)> = SIDES.iter().map(|&s| (s, dungeons(s))).collect();
    let mut c = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2))
        .configure_from_args();
    for (side, ds) in &sets {
        let Some(d) = ds.first() else { continue };
        c.bench_function(&format!("chase_solve/{side}x{side}"), |b| {
            b.iter(|| black_box(solve(d).map(|s| s.positions())));
        });
    }
    c.final_summary();
}
