//! Draws what every field-of-view algorithm sees on one map, from one origin, as one SVG
//! picture per algorithm (`DIR/fov-NAME.svg`): the pictures of the book's field-of-view
//! chapter, made by `.ci/book-pictures`.
//!
//! ```text
//! cargo run --example fov_pictures -- DIR [RADIUS]
//! ```
//! The radius is in cells (default 8; 0 for unlimited). In the pictures: the viewer is
//! the red dot, seen floor is light, seen walls are brown, cells not seen are dark.

use std::fmt::Write as _;
use std::path::PathBuf;

use torchlit::prelude::*;

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

/// The side of one cell in the pictures, in pixels.
const CELL: i32 = 14;

/// One picture: a rectangle per cell, coloured by (seen, wall), and the viewer.
fn svg(size: Size, origin: Point, seen: &Viewshed, wall: impl Fn(Point) -> bool) -> String {
    let (w, h) = (size.width as i32 * CELL, size.height as i32 * CELL);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\">\n"
    );
    for y in 0..size.height as i32 {
        for x in 0..size.width as i32 {
            let p = Point::new(x, y);
            let fill = match (seen.contains(p), wall(p)) {
                (true, true) => "#8a6a32",
                (true, false) => "#f0dc8c",
                (false, true) => "#2a2a34",
                (false, false) => "#101018",
            };
            let (px, py) = (x * CELL, y * CELL);
            let _ = writeln!(
                out,
                "<rect x=\"{px}\" y=\"{py}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\" \
                 stroke=\"#000\" stroke-width=\"0.5\"/>"
            );
        }
    }
    let (cx, cy) = (origin.x * CELL + CELL / 2, origin.y * CELL + CELL / 2);
    let _ = writeln!(out, "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"#d02020\"/>", CELL / 3);
    out.push_str("</svg>\n");
    out
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let dir = PathBuf::from(args.next().ok_or("usage: fov_pictures DIR [RADIUS]")?);
    let radius = args.next().map_or(Ok(8.0), |r| r.parse::<f64>())?;
    let radius = Some(radius).filter(|&r| r > 0.0).map(Radius::new).transpose()?;
    let size = Size::new(MAP[0].len() as u32, MAP.len() as u32);
    let wall = |p: Point| MAP[p.y as usize].as_bytes()[p.x as usize] == b'#';
    let origin = Point::new(3, 3);
    let mut seen = Viewshed::new(size);
    std::fs::create_dir_all(&dir)?;
    for algorithm in Algorithm::ALL {
        let fov = Fov { algorithm, radius, light_walls: true };
        fov.compute(size, origin, wall, &mut seen)?;
        let file = dir.join(format!("fov-{algorithm}.svg"));
        std::fs::write(&file, svg(size, origin, &seen, wall))?;
        println!("{}: {} cells seen", file.display(), seen.len());
    }
    Ok(())
}
