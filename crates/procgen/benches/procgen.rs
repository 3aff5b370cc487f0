//! Generation speed: the cave automaton (straightforward vs bit-parallel, with their
//! ratio), one overworld region with everything it needs, and a 1025×1025 maze.
//!
//! ```sh
//! cargo bench -p torchlit-procgen
//! ```
//!
//! After criterion's own report, prints a table of medians and the bit-parallel speed-up,
//! read back from criterion's `estimates.json` files.

use std::path::PathBuf;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput};
use torchlit_geom::{Grid, Size};
use torchlit_procgen::{
    CaRule, Difficulty, Overworld, OverworldParams, RegionCoord, RockBits, maze,
};
use torchlit_rng::{Rng, Seed};

const SIDES: [u32; 2] = [1024, 4096];

fn random_rock(side: u32) -> Grid<bool> {
    let mut rng = Rng::new(Seed::from_text("bench"));
    Grid::from_fn(Size::new(side, side), |_| rng.below(2) == 1)
}

fn automaton(c: &mut Criterion) {
    let rule = CaRule { threshold: 5, include_self: false };
    let mut group = c.benchmark_group("ca");
    for side in SIDES {
        let rock = random_rock(side);
        group.throughput(Throughput::Elements(u64::from(side) * u64::from(side)));
        let mut next = Grid::new(rock.size(), false);
        group.bench_with_input(BenchmarkId::new("naive", side), &rock, |b, rock| {
            b.iter(|| rule.step(rock, &mut next));
        });
        let bits = RockBits::from_grid(&rock);
        let mut next_bits = RockBits::new(rock.size(), false);
        group.bench_with_input(BenchmarkId::new("bitwise", side), &bits, |b, bits| {
            b.iter(|| rule.step_bits(bits, &mut next_bits));
        });
    }
    group.finish();
}

fn region(c: &mut Criterion) {
    let world = Overworld::new(Seed::from_text("bench"), OverworldParams::default())
        .unwrap_or_else(|e| panic!("default parameters: {e}"));
    let mut group = c.benchmark_group("region");
    let mut i = 0;
    group.bench_function("50x50", |b| {
        b.iter(|| {
            // A new region each time: noise, automaton, crossings, tunnels, labels, chests.
            i += 1;
            world.region(RegionCoord::new(i % 1000, i / 1000))
        });
    });
    group.finish();
}

fn mazes(c: &mut Criterion) {
    let mut group = c.benchmark_group("maze");
    group.throughput(Throughput::Elements(1025 * 1025));
    group.bench_function("1025x1025", |b| {
        b.iter(|| maze(Seed::from_text("bench"), 1025, 1025, Difficulty::HARDEST));
    });
    group.finish();
}

/// Criterion's output directory: `$CRITERION_HOME`, or `criterion/` beside the bench
/// executable's profile directory (`target/criterion`).
fn criterion_dir() -> Option<PathBuf> {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return Some(PathBuf::from(home));
    }
    let exe = std::env::current_exe().ok()?;
    // target/<profile>/deps/<exe>
    Some(exe.parent()?.parent()?.parent()?.join("criterion"))
}

/// The median time in nanoseconds of benchmark `id` (`group/function/parameter`).
fn median_ns(id: &str) -> Option<f64> {
    let text =
        std::fs::read_to_string(criterion_dir()?.join(id).join("new/estimates.json")).ok()?;
    let after = &text[text.find("\"median\"")?..];
    let value = &after[after.find("\"point_estimate\":")? + "\"point_estimate\":".len()..];
    let end = value.find([',', '}'])?;
    value[..end].trim().parse().ok()
}

fn report() {
    println!("\n{:<24} {:>14} {:>16} {:>9}", "benchmark", "median", "cells/s", "ratio");
    for side in SIDES {
        let cells = f64::from(side) * f64::from(side);
        let naive = median_ns(&format!("ca/naive/{side}"));
        let bits = median_ns(&format!("ca/bitwise/{side}"));
        for (name, t) in [("naive", naive), ("bitwise", bits)] {
            if let Some(t) = t {
                let ratio = match (name, naive) {
                    ("bitwise", Some(n)) => format!("{:.1}x", n / t),
                    _ => String::new(),
                };
                println!(
                    "{:<24} {:>11.3} ms {:>16.3e} {:>9}",
                    format!("ca/{name}/{side}x{side}"),
                    t / 1e6,
                    cells / (t / 1e9),
                    ratio
                );
            }
        }
    }
    if let Some(t) = median_ns("region/50x50") {
        println!("{:<24} {:>11.3} µs", "region/50x50", t / 1e3);
    }
    if let Some(t) = median_ns("maze/1025x1025") {
        println!("{:<24} {:>11.3} ms", "maze/1025x1025", t / 1e6);
    }
}

fn main() {
    let mut c = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
        .configure_from_args();
    automaton(&mut c);
    region(&mut c);
    mazes(&mut c);
    c.final_summary();
    report();
}
