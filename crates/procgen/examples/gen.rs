//! Prints a generated map as ASCII.
//!
//! ```sh
//! cargo run -p torchlit-procgen --example gen -- [maze|cave|caves|overworld|rooms] [--seed TEXT]
//! ```
//!
//! Without `--seed` the seed is the empty text (any text is a seed). The seed used goes
//! to stderr, the map to stdout.

use std::process::ExitCode;

use torchlit_geom::{Point, Size};
use torchlit_procgen::{
    CaveCell, CaveLevelsParams, CaveParams, Difficulty, GenError, LevelCell, Overworld,
    OverworldParams, PATH, RegionCoord, RoomCell, RoomsParams, cave, cave_levels, maze,
    rooms_layout,
};
use torchlit_rng::Seed;

fn main() -> ExitCode {
    let mut kind = String::from("cave");
    let mut seed_text = String::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "--seed" {
            seed_text = args.next().unwrap_or_default();
        } else {
            kind = a;
        }
    }
    eprintln!("seed: {seed_text:?}");
    match print(&kind, Seed::from_text(&seed_text)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gen: {e}");
            ExitCode::from(2)
        }
    }
}

fn cave_char(c: CaveCell) -> char {
    match c {
        CaveCell::Floor => '.',
        CaveCell::Wall => '#',
        CaveCell::Rock => ' ',
    }
}

fn print(kind: &str, seed: Seed) -> Result<(), GenError> {
    match kind {
        "maze" => {
            let m = maze(seed, 41, 21, Difficulty::HARDEST)?;
            for y in 0..m.height() as i32 {
                let row = m.row(y).unwrap_or_default();
                println!(
                    "{}",
                    row.iter().map(|&c| if c == PATH { '.' } else { '#' }).collect::<String>()
                );
            }
        }
        "cave" => {
            let c = cave(seed, Size::new(80, 40), &CaveParams::default())?;
            for y in 0..c.height() as i32 {
                println!(
                    "{}",
                    c.row(y).unwrap_or_default().iter().map(|&c| cave_char(c)).collect::<String>()
                );
            }
        }
        "overworld" => {
            let world = Overworld::new(seed, OverworldParams::default())?;
            let r = world.region(RegionCoord::new(0, 0))?;
            for y in 0..r.cells().height() as i32 {
                let line: String = (0..r.cells().width() as i32)
                    .map(|x| {
                        let p = Point::new(x, y);
                        if r.has_chest(p) { '$' } else { r.cell(p).map_or(' ', cave_char) }
                    })
                    .collect();
                println!("{line}");
            }
        }
        "caves" => {
            let c = cave_levels(seed, &CaveLevelsParams::default())?;
            for (z, level) in c.levels().iter().enumerate() {
                println!("level {z}");
                for y in 0..level.size().height as i32 {
                    let line: String = (0..level.size().width as i32)
                        .map(|x| match level.tile(Point::new(x, y)) {
                            Some(LevelCell::Floor) => '.',
                            Some(LevelCell::StairsUp) => '<',
                            Some(LevelCell::StairsDown) => '>',
                            _ => '#',
                        })
                        .collect();
                    println!("{line}");
                }
            }
        }
        _ => {
            let layout = rooms_layout(seed, &RoomsParams::default())?;
            for y in 0..layout.map.size().height as i32 {
                let line: String = (layout.map.grid().row(y).unwrap_or_default().iter())
                    .map(|t| match t {
                        RoomCell::Room => '.',
                        RoomCell::Hallway => '+',
                        RoomCell::Wall => '#',
                    })
                    .collect();
                println!("{line}");
            }
        }
    }
    Ok(())
}
