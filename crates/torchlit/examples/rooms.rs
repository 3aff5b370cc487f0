//! A dungeon of rooms and hallways (rooms `.` 8-way, hallways `+` 4-way), with its room
//! rectangles.
//!
//! ```text
//! cargo run --example rooms [-- SEED]
//! ```

use torchlit::procgen::{RoomsParams, rooms_layout};
use torchlit::rng::Seed;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let seed = Seed::from_input(&std::env::args().nth(1).unwrap_or_else(|| "rooms".into()));
    let layout = rooms_layout(seed, &RoomsParams { size: 24, ..RoomsParams::default() })?;
    print!("{}", layout.dungeon.to_text());
    for (i, r) in layout.rooms.iter().enumerate() {
        println!("room {i}: {}x{} at {},{}", r.size.width, r.size.height, r.origin.x, r.origin.y);
    }
    Ok(())
}
