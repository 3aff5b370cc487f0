//! Bresenham lines, cell for cell libtcod's, and line of sight that never slips through
//! a diagonal gap between two walls.
//!
//! ```text
//! cargo run --example line [-- X0,Y0 X1,Y1]
//! ```

use torchlit::fov::line_of_sight;
use torchlit::geom::line;
use torchlit::prelude::*;

fn point(s: &str) -> Option<Point> {
    let (x, y) = s.split_once(',')?;
    Some(Point::new(x.trim().parse().ok()?, y.trim().parse().ok()?))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (a, b) = match (args.first().and_then(|s| point(s)), args.get(1).and_then(|s| point(s))) {
        (Some(a), Some(b)) => (a, b),
        _ => (Point::new(0, 0), Point::new(9, 4)),
    };
    let cells: Vec<String> = line(a, b).map(|p| format!("{},{}", p.x, p.y)).collect();
    println!("line {},{} -> {},{}: {}", a.x, a.y, b.x, b.y, cells.join(" "));

    // Two walls touching at a corner: the line between them is blocked.
    let walls = [Point::new(1, 0), Point::new(0, 1)];
    let blocked = |p: Point| walls.contains(&p);
    let (from, to) = (Point::new(0, 0), Point::new(1, 1));
    println!("sight (0,0) -> (1,1) between two corner walls: {}", line_of_sight(from, to, blocked));
}
