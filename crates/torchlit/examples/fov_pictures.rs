//! Draws what every field-of-view algorithm sees on one map, from one origin, as one SVG
//! picture per algorithm (`DIR/fov-NAME.svg`): the pictures of the book's field-of-view
//! chapter, made by `.ci/book-pictures`.
//!
//! ```text
//! cargo run --example fov_pictures -- DIR [RADIUS]
//! ```
//! The radius is in cells (default 8; 0 for unlimited). In the pictures: the viewer is
//! the red dot, seen floor is light, seen walls are brown, cells not seen are dark.

use std::path::PathBuf;

use torchlit::prelude::*;

// Each picture example uses only part of the shared writer.
#[allow(dead_code)]
#[path = "pictures/svg.rs"]
mod svg;

use svg::{Svg, hex};

/// The map of `cargo run --example fov`, a room with pillars and doorways.
const MAP: [&str; 11] = [
    "########################",
    "#......#...............#",
    "#......#....#..#.......#",
    "#..........#....#......#",
    "#......#...............#",
    "####.###...#....#...####",
    "#..........#....#......#",
    "#......#...............#",
    "#......#....#..#.......#",
    "#......#...............#",
    "########################",
];

/// Seen floor.
const SEEN_FLOOR: Rgb = Rgb(240, 220, 140);
/// A seen wall.
const SEEN_WALL: Rgb = Rgb(138, 106, 50);
/// Floor not seen (a wall not seen is [`svg::WALL`]).
const DARK: Rgb = Rgb(16, 16, 24);

/// One picture: a square per cell, coloured by (seen, wall), and the viewer.
fn picture(size: Size, origin: Point, seen: &Viewshed, wall: impl Fn(Point) -> bool) -> String {
    let mut picture = Svg::cells(size, |p| match (seen.contains(p), wall(p)) {
        (true, true) => hex(SEEN_WALL),
        (true, false) => hex(SEEN_FLOOR),
        (false, true) => hex(svg::WALL),
        (false, false) => hex(DARK),
    });
    picture.dot(origin, "#d02020");
    picture.finish()
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let dir = PathBuf::from(args.next().ok_or("usage: fov_pictures DIR [RADIUS]")?);
    let radius = args.next().map_or(Ok(8.0), |r| r.parse::<f64>())?;
    let radius = Some(radius).filter(|&r| r > 0.0).map(Radius::new).transpose()?;
    let (size, wall) = svg::parse(&MAP);
    let origin = Point::new(3, 3);
    let mut seen = Viewshed::new(size);
    std::fs::create_dir_all(&dir)?;
    for algorithm in Algorithm::ALL {
        let fov = Fov { algorithm, radius, light_walls: true };
        fov.compute(size, origin, wall, &mut seen)?;
        let file = dir.join(format!("fov-{algorithm}.svg"));
        std::fs::write(&file, picture(size, origin, &seen, wall))?;
        svg::report(&format!("{}: {} cells seen", file.display(), seen.len()))?;
    }
    Ok(())
}
