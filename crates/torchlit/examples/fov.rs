//! Every field-of-view algorithm side by side on one map, from one origin.
//!
//! ```text
//! cargo run --example fov [-- RADIUS]
//! ```
//! The radius is in cells (default 8; 0 for unlimited).
//! `@` the viewer, `#` a wall seen, `.` a floor seen, blank: not seen.

use torchlit::prelude::*;

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

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let radius = std::env::args().nth(1).map_or(Ok(8.0), |r| r.parse::<f64>())?;
    let radius = Some(radius).filter(|&r| r > 0.0).map(Radius::new).transpose()?;
    let size = Size::new(MAP[0].len() as u32, MAP.len() as u32);
    let wall = |p: Point| MAP[p.y as usize].as_bytes()[p.x as usize] == b'#';
    let origin = Point::new(3, 3);
    let mut seen = Viewshed::new(size);
    for algorithm in Algorithm::ALL {
        let fov = Fov { algorithm, radius, light_walls: true };
        fov.compute(size, origin, wall, &mut seen)?;
        println!("{algorithm} ({} cells seen)", seen.len());
        for y in 0..size.height as i32 {
            let row: String = (0..size.width as i32)
                .map(|x| {
                    let p = Point::new(x, y);
                    match (p == origin, seen.contains(p), wall(p)) {
                        (true, _, _) => '@',
                        (_, false, _) => ' ',
                        (_, true, true) => '#',
                        (_, true, false) => '.',
                    }
                })
                .collect();
            println!("  {row}");
        }
        println!();
    }
    Ok(())
}
