//! Solver speed and memory by dungeon size: retrograde analysis of generated dungeons
//! (one hero, one monster, one speed potion; seed 003 rules).
//!
//! Run with `cargo bench -p torchlit-sim --bench chase_solve`. Criterion times one solve
//! of a fixed generated dungeon per size; after the benches a table reports, per size,
//! the open cells, the positions solved, the tables' memory and the mean solve time over
//! five dungeons.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::Criterion;
use torchlit_map::Dungeon;
use torchlit_rng::Seed;
use torchlit_sim::modes::chase::{generate, solve};

const SIDES: [u32; 6] = [10, 20, 30, 40, 50, 60];

fn dungeons(side: u32) -> Vec<Dungeon> {
    let seed = Seed::from_text("chase-solve-bench");
    (0..5)
        .filter_map(|i| generate(seed.derive("dungeon", &[i, i64::from(side)]), side).ok())
        .collect()
}

// A benchmark measures wall-clock time; the clock never reaches the simulation.
#[allow(clippy::disallowed_methods)]
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
    println!("side  open cells  positions   table MB  peak MB  mean solve");
    for (side, ds) in &sets {
        let (mut cells, mut positions, mut bytes, mut secs) = (0, 0, 0, 0.0);
        for d in ds {
            let start = Instant::now();
            let Ok(s) = solve(d) else { continue };
            secs += start.elapsed().as_secs_f64();
            cells += s.cells().len();
            positions += s.positions();
            bytes += s.memory_bytes();
        }
        let n = ds.len().max(1);
        println!(
            "{side:>4}  {:>10}  {:>9}  {:>9.1}  {:>7.1}  {:>8.1} ms",
            cells / n,
            positions / n,
            bytes as f64 / n as f64 / 1e6,
            // While solving: 2 B (turns) + 1 B (open moves) per position, plus work lists
            // of at most 4 B per position.
            (bytes as f64 + 5.0 * positions as f64) / n as f64 / 1e6,
            secs / n as f64 * 1e3,
        );
    }
    c.final_summary();
}
