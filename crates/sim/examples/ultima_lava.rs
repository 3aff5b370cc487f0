//! Steps per second of `ultima` on a large lava world: the world is generated here (no
//! file), half lava, a tenth stone walls, the rest grass, from a fixed seed.
//!
//! `cargo run --release -p torchlit-sim --example ultima_lava -- [SIZE] [STEPS]`
//! (defaults 2048 and 40): the avatar walks east and back along its row.

// A timing tool, not the game: the sim's no-clock rule is for the rules, not for this.
#![allow(clippy::disallowed_methods)]

use std::time::Instant;

use torchlit_geom::{CardinalDirection, Grid, Point, Size};
use torchlit_map::TileMap;
use torchlit_rng::{Rng, Seed};
use torchlit_sim::formats::UltimaWorld;
use torchlit_sim::modes::ultima::{Action, Ultima};
use torchlit_sim::terrain::Tile;

/// A `side`×`side` world: 50 % lava, 10 % stone wall, 40 % grass; the avatar in the middle
/// on grass.
fn lava_world(side: u32) -> UltimaWorld {
    let size = Size::new(side, side);
    let mut rng = Rng::new(Seed(2048));
    let half = (side / 2) as i32;
    let avatar = Point::new(half, half);
    let tiles = Grid::from_fn(size, |p| match rng.below(10) {
        _ if p.y == half => Tile::Grass,
        0..=4 => Tile::Lava,
        5 => Tile::StoneWall,
        _ => Tile::Grass,
    });
    UltimaWorld { map: TileMap::from_grid(tiles), avatar }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let side: u32 = args.next().and_then(|s| s.parse().ok()).unwrap_or(2048).max(8);
    let steps: u32 = args.next().and_then(|s| s.parse().ok()).unwrap_or(40).max(1);
    let world = lava_world(side);
    let started = Instant::now();
    let mut game = Ultima::new(world);
    let built = started.elapsed();
    let started = Instant::now();
    for i in 0..steps {
        let dir = if (i / 4) % 2 == 0 { CardinalDirection::East } else { CardinalDirection::West };
        game.apply(Action::Move(dir));
    }
    let took = started.elapsed();
    println!(
        "{side}x{side} lava world: built in {:.3} s; {steps} steps in {:.3} s = {:.1} steps/s \
         ({} cells lit)",
        built.as_secs_f64(),
        took.as_secs_f64(),
        f64::from(steps) / took.as_secs_f64(),
        game.lit_count()
    );
}
