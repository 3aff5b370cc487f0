//! A dungeon of rooms and hallways (drawn `.` and `+`, walls `#`), with its room
//! rectangles.
//!
//! ```text
//! cargo run --example rooms [-- SEED]
//! ```

use torchlit::geom::Point;
use torchlit::procgen::{RoomCell, RoomsParams, rooms_layout};
use torchlit::rng::Seed;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let seed = Seed::from_input(&std::env::args().nth(1).unwrap_or_else(|| "rooms".into()));
    let layout = rooms_layout(seed, &RoomsParams { size: 24, ..RoomsParams::default() })?;
    let size = layout.map.size();
    for y in 0..size.height as i32 {
        let row: String = (0..size.width as i32)
            .map(|x| match layout.map.tile(Point::new(x, y)) {
                Some(RoomCell::Room) => '.',
                Some(RoomCell::Hallway) => '+',
                _ => '#',
            })
            .collect();
        println!("{row}");
    }
    for (i, r) in layout.rooms.iter().enumerate() {
        println!("room {i}: {}x{} at {},{}", r.size.width, r.size.height, r.origin.x, r.origin.y);
    }
    Ok(())
}
