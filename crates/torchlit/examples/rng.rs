//! Seeds: text seeds, numbers, derived sub-seeds (a region, a level, a monster), and a
//! generator whose values never change between versions.
//!
//! ```text
//! cargo run --example rng
//! ```

use torchlit::rng::{Rng, Seed};

fn main() {
    let world = Seed::from_input("hello");
    println!("\"hello\" is seed {}", world.0);
    println!("\"2024\" is seed {} (a number stays itself)", Seed::from_input("2024").0);
    // A sub-seed depends only on the seed and the identity, never on the order things are
    // made in.
    let region = world.derive("region", &[3, -1]);
    let level = world.derive("level", &[2]);
    println!("region (3, -1): {}, level 2: {}", region.0, level.0);
    let mut rng = Rng::new(region);
    let rolls: Vec<i64> = (0..6).map(|_| rng.range(1, 6)).collect();
    println!("six d6 in region (3, -1): {rolls:?}");
    let mut deck: Vec<u32> = (1..=10).collect();
    rng.shuffle(&mut deck);
    println!("a shuffled deck: {deck:?}");
    println!("a weighted pick of [100, 80, 60, 10]: {:?}", rng.weighted(&[100, 80, 60, 10]));
}
