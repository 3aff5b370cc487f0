//! Draws the pictures of the book's light chapter, as SVG files in `DIR` (made by
//! `.ci/book-pictures`): one light source under both lighting kinds
//! (`light-one-torch.svg`, the flood fill; `light-one-symmetric.svg`, occluding), three
//! sources at once (`light-several.svg`), and the same three with the light falling off
//! with distance (`light-falloff.svg`).
//!
//! ```text
//! cargo run --example light_pictures -- DIR
//! ```
//! In the pictures: each light is a red dot; lit floor is light, lit walls brown, cells
//! in the dark are dark.

use std::path::{Path, PathBuf};

use torchlit::fov::{LightSource, light_sources};
use torchlit::geom::Metric;
use torchlit::prelude::*;

// Each picture example uses only part of the shared writer.
#[allow(dead_code)]
#[path = "pictures/svg.rs"]
mod svg;

use svg::{Svg, WALL, hex, mix};

/// The map of the field-of-view pictures: a room with pillars and doorways.
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

/// Floor in the dark.
const DARK: Rgb = Rgb(16, 16, 24);
/// Lit floor, at full light.
const FLOOR: Rgb = Rgb(240, 220, 140);
/// A lit wall, at full light.
const LIT_WALL: Rgb = Rgb(138, 106, 50);

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = PathBuf::from(std::env::args().nth(1).ok_or("usage: light_pictures DIR")?);
    std::fs::create_dir_all(&dir)?;
    let (size, wall) = svg::parse(&MAP);
    let light = |at, radius| {
        Ok::<_, Box<dyn std::error::Error>>(LightSource { at, radius: Radius::new(radius)? })
    };
    let one = [light(Point::new(3, 3), 6.0)?];
    let several = [
        light(Point::new(3, 3), 5.0)?,
        light(Point::new(13, 4), 4.0)?,
        light(Point::new(20, 8), 3.5)?,
    ];
    let (mut scratch, mut lit) = (Viewshed::new(size), Viewshed::new(size));
    for (name, algorithm, sources) in [
        ("light-one-torch", Algorithm::Torch, &one[..]),
        ("light-one-symmetric", Algorithm::Symmetric, &one[..]),
        ("light-several", Algorithm::Symmetric, &several[..]),
    ] {
        light_sources(algorithm, sources, size, wall, &mut scratch, &mut lit);
        let picture = Svg::cells(size, |p| match (lit.contains(p), wall(p)) {
            (true, true) => hex(LIT_WALL),
            (true, false) => hex(FLOOR),
            (false, true) => hex(WALL),
            (false, false) => hex(DARK),
        });
        write(&dir, name, picture, sources, lit.len())?;
    }
    let brightness = falloff(size, wall, &several, &mut scratch);
    let picture = Svg::cells(size, |p| {
        let b = brightness.get(p).copied().unwrap_or(0.0);
        match wall(p) {
            true if b > 0.0 => mix(DARK, LIT_WALL, b),
            true => hex(WALL),
            false => mix(DARK, FLOOR, b),
        }
    });
    let lit_cells = brightness.values().filter(|&&b| b > 0.0).count();
    write(&dir, "light-falloff", picture, &several, lit_cells)
}

// ANCHOR: falloff
/// How bright each cell is (0 dark to 1 at a light), each source lighting the cells it
/// reaches with `1 - d / radius` (`d` the Euclidean distance, in cells); where lights
/// overlap, the brightest wins.
fn falloff(
    size: Size,
    wall: impl Fn(Point) -> bool,
    sources: &[LightSource],
    scratch: &mut Viewshed,
) -> Grid<f64> {
    let mut brightness = Grid::new(size, 0.0);
    let mut lit = Viewshed::new(size);
    for source in sources {
        light_sources(
            Algorithm::Symmetric,
            std::slice::from_ref(source),
            size,
            &wall,
            scratch,
            &mut lit,
        );
        let radius = source.radius.get().max(1.0);
        for p in lit.iter() {
            let d = Metric::Euclidean.distance(p - source.at);
            // A lit cell gets at least a glimmer: the radius rule is strict, so d < radius.
            let b = (1.0 - d / radius).max(0.1);
            if let Some(cell) = brightness.get_mut(p) {
                *cell = f64::max(*cell, b);
            }
        }
    }
    brightness
}
// ANCHOR_END: falloff

/// Writes `DIR/NAME.svg`: `picture` with a red dot at each light; says how many cells
/// were lit.
fn write(
    dir: &Path,
    name: &str,
    mut picture: Svg,
    sources: &[LightSource],
    lit: usize,
) -> Result<(), Box<dyn std::error::Error>> {
    for source in sources {
        picture.dot(source.at, "#d02020");
    }
    let file = dir.join(format!("{name}.svg"));
    std::fs::write(&file, picture.finish())?;
    svg::report(&format!("{}: {lit} cells lit", file.display()))?;
    Ok(())
}
