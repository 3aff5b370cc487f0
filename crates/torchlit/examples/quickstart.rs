//! The toolkit in ten lines: a field of view and a path around a pillar.
//!
//! ```text
//! cargo run --example quickstart
//! ```

use torchlit::prelude::*;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // ANCHOR: ten_lines
    // A room with a pillar: what the viewer at (1, 2) sees, and the way around.
    let size = Size::new(9, 5);
    let pillar = Point::new(4, 2);
    let opaque = |p: Point| p == pillar;
    let mut seen = Viewshed::new(size);
    let fov = Fov { algorithm: Algorithm::Symmetric, radius: None, light_walls: true };
    fov.compute(size, Point::new(1, 2), opaque, &mut seen)?;
    assert!(seen.contains(pillar) && !seen.contains(Point::new(7, 2)));

    let grid = PathGrid::from_passable(size, |p| !opaque(p))?;
    let path = astar(&grid, Rule::EIGHT, Point::new(1, 2), Point::new(7, 2))?;
    assert_eq!(path.map(|p| p.cost), Some(Cost(6)));
    // ANCHOR_END: ten_lines
    println!("{} cells seen; the way around the pillar costs 6", seen.len());
    Ok(())
}
