//! A cave from the cellular automaton (random rock, then majority rule), straightforward
//! and bit-parallel: the same cells.
//!
//! ```text
//! cargo run --example cave [-- SEED]
//! ```

use torchlit::prelude::*;
use torchlit::procgen::{CaveCell, CaveParams, cave, cave_bitwise};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let seed = Seed::from_input(&std::env::args().nth(1).unwrap_or_else(|| "cave".into()));
    let size = Size::new(72, 24);
    let params = CaveParams::default();
    let plain = cave(seed, size, &params)?;
    let fast = cave_bitwise(seed, size, &params)?;
    for y in 0..size.height as i32 {
        let row: String = (0..size.width as i32)
            .map(|x| match plain.get(Point::new(x, y)) {
                Some(CaveCell::Floor) => '.',
                Some(CaveCell::Wall) => '#',
                _ => ' ',
            })
            .collect();
        println!("{row}");
    }
    println!("seed {}: the bit-parallel automaton agrees: {}", seed.0, plain == fast);
    Ok(())
}
