//! The shortest path between two cells with A*, under 4-way and 8-way movement.
//!
//! ```text
//! cargo run --example astar
//! ```

use torchlit::prelude::*;

const MAP: [&str; 9] = [
    "####################",
    "#A.....#...........#",
    "#......#...####....#",
    "#......#......#....#",
    "#...####......#....#",
    "#.............#....#",
    "#.....#########....#",
    "#.................B#",
    "####################",
];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let size = Size::new(MAP[0].len() as u32, MAP.len() as u32);
    let at = |p: Point| MAP[p.y as usize].as_bytes()[p.x as usize];
    let find = |c: u8| Rect::from_size(size).points().find(|&p| at(p) == c);
    let grid = PathGrid::from_passable(size, |p| at(p) != b'#')?;
    let (Some(a), Some(b)) = (find(b'A'), find(b'B')) else { return Err("no A or B".into()) };
    let mut search = Search::new();
    for (name, rule) in [("4-way", Rule::FOUR), ("8-way", Rule::EIGHT)] {
        let Some(path) = search.astar(&grid, rule, a, b)? else {
            println!("{name}: no path");
            continue;
        };
        println!("{name}: cost {}, {} cells", path.cost.0, path.cells.len());
        for y in 0..size.height as i32 {
            let row: String = (0..size.width as i32)
                .map(|x| {
                    let p = Point::new(x, y);
                    if at(p) != b'.' || !path.cells.contains(&p) { at(p) as char } else { '*' }
                })
                .collect();
            println!("  {row}");
        }
    }
    Ok(())
}
