//! A Dijkstra map (Brogue's "distance map"): distances to a goal, rolled downhill to
//! reach it, and uphill to flee from it.
//!
//! ```text
//! cargo run --example dijkstra
//! ```

use torchlit::prelude::*;

const MAP: [&str; 9] = [
    "##################",
    "#........#.......#",
    "#..####..#..###..#",
    "#..#.....#....#..#",
    "#..#..G.......#..#",
    "#..#######....#..#",
    "#........#.......#",
    "#........#.....@.#",
    "##################",
];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let size = Size::new(MAP[0].len() as u32, MAP.len() as u32);
    let at = |p: Point| MAP[p.y as usize].as_bytes()[p.x as usize];
    let find = |c: u8| Rect::from_size(size).points().find(|&p| at(p) == c);
    let (Some(goal), Some(start)) = (find(b'G'), find(b'@')) else {
        return Err("no G or @".into());
    };
    let grid = PathGrid::from_passable(size, |p| at(p) != b'#')?;
    let field = DijkstraMap::to_goals(&grid, Rule::EIGHT, [goal])?;
    println!("distances to G (8-way; last digit):");
    for y in 0..size.height as i32 {
        let row: String = (0..size.width as i32)
            .map(|x| match field.get(Point::new(x, y)) {
                Some(d) => char::from_digit(d.0 % 10, 10).unwrap_or('?'),
                None => '#',
            })
            .collect();
        println!("  {row}");
    }
    for (name, downhill) in [("downhill (to G)", true), ("uphill (fleeing G)", false)] {
        let mut p = start;
        let mut trail = vec![p];
        for _ in 0..12 {
            // Ties go to the first neighbour in reading order.
            let rank = |q: Point| (q.y, q.x);
            let next = if downhill {
                field.downhill(&grid, p, rank)
            } else {
                field.uphill(&grid, p, rank)
            };
            match next {
                Some(q) if q != p => p = q,
                _ => break,
            }
            trail.push(p);
        }
        let cells: Vec<String> = trail.iter().map(|q| format!("{},{}", q.x, q.y)).collect();
        println!("{name}: {}", cells.join(" "));
    }
    Ok(())
}
