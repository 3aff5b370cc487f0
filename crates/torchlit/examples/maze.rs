//! A maze by recursive division (the hardest difficulty: the fewest openings).
//!
//! ```text
//! cargo run --example maze [-- SEED]
//! ```

use torchlit::prelude::*;
use torchlit::procgen::{Difficulty, WALL, maze};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let seed = Seed::from_input(&std::env::args().nth(1).unwrap_or_else(|| "maze".into()));
    let grid = maze(seed, 39, 15, Difficulty::HARDEST)?;
    let size = grid.size();
    for y in 0..size.height as i32 {
        let row: String = (0..size.width as i32)
            .map(|x| if grid.get(Point::new(x, y)) == Some(&WALL) { '#' } else { '.' })
            .collect();
        println!("{row}");
    }
    println!("seed {}", seed.0);
    Ok(())
}
