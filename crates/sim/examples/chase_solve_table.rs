//! The chase solver's speed and memory by dungeon size, as a table:
//! `CARGO_PROFILE_DEV_OPT_LEVEL=3 cargo run -p torchlit-sim --example chase_solve_table`.
//!
//! For each side, five generated dungeons (one hero, one monster, one speed potion; seed
//! 003 rules): the open cells, the positions solved, the solution's tables, the peak
//! while solving (tables, 1 byte per position of move counters and at most 4 bytes per
//! position of work lists), and the mean and largest solve time. `cargo bench -p
//! torchlit-sim --bench chase_solve` times the same solves with criterion.
//!
//! With `open` among the arguments the dungeons are instead one open room filling the
//! whole map (every cell a room cell, no potion): the most cells a side can have.

use std::time::Instant;

use torchlit_rng::Seed;
use torchlit_sim::formats::Dungeon;
use torchlit_sim::modes::chase::{generate, solve};

// A timing table measures wall-clock time; the clock never reaches the simulation.
#[allow(clippy::disallowed_methods)]
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let open = args.iter().any(|a| a == "open");
    let sides: Vec<u32> = args.iter().filter_map(|a| a.parse().ok()).collect();
    let sides = if sides.is_empty() { vec![10, 20, 30, 40, 50, 60, 70] } else { sides };
    let seed = Seed::from_text("chase-solve-bench");
    println!("| side | open cells | positions | solution MB | peak MB | mean solve | slowest |");
    println!("|---:|---:|---:|---:|---:|---:|---:|");
    for side in sides {
        let (mut cells, mut positions, mut bytes, mut total, mut worst, mut n) =
            (0, 0, 0, 0.0f64, 0.0f64, 0);
        for i in 0..if open { 1 } else { 5 } {
            let d = if open {
                let row = ". ".repeat(side as usize);
                let mut text = format!("{side}\n@ {}\n", &row[2..]);
                for _ in 2..side {
                    text.push_str(&row);
                    text.push('\n');
                }
                text.push_str(&format!("{}A \n", &row[2..]));
                Dungeon::parse(text.as_bytes()).ok()
            } else {
                generate(seed.derive("dungeon", &[i, i64::from(side)]), side).ok()
            };
            let Some(d) = d else { continue };
            let start = Instant::now();
            let s = match solve(&d) {
                Ok(s) => s,
                Err(e) => {
                    println!("| {side} | {e} |");
                    continue;
                }
            };
            let secs = start.elapsed().as_secs_f64();
            total += secs;
            worst = worst.max(secs);
            cells += s.cells().len();
            positions += s.positions();
            bytes += s.memory_bytes();
            n += 1;
        }
        if n == 0 {
            continue;
        }
        let per = |x: usize| x as f64 / n as f64;
        println!(
            "| {side}x{side} | {:.0} | {:.0} | {:.1} | {:.1} | {:.0} ms | {:.0} ms |",
            per(cells),
            per(positions),
            per(bytes) / 1e6,
            (per(bytes) + 5.0 * per(positions)) / 1e6,
            total / n as f64 * 1e3,
            worst * 1e3,
        );
    }
}
