//! Draws the pictures of the book's paths chapter, as SVG files in `DIR` (made by
//! `.ci/book-pictures`): the A* path between two cells under 4-way and 8-way moves
//! (`path-astar-4.svg`, `path-astar-8.svg`), a Dijkstra map to a goal as a heat map with
//! each cell's distance (`path-dijkstra.svg`), and the flee map: at every cell, the step
//! `uphill` takes away from the goal, and one fleeing walk (`path-flee.svg`).
//!
//! ```text
//! cargo run --example path_pictures -- DIR
//! ```

use std::path::{Path, PathBuf};

use torchlit::prelude::*;

// Each picture example uses only part of the shared writer.
#[allow(dead_code)]
#[path = "pictures/svg.rs"]
mod svg;

use svg::{Svg, WALL, hex, mix};

/// Rooms around pillars and a loop, so that paths bend and a fleeing walk can circle.
const MAP: [&str; 13] = [
    "########################",
    "#..........#...........#",
    "#..........#...........#",
    "#...####...#...#####...#",
    "#...#..........#...#...#",
    "#...#..........#...#...#",
    "#...####...#...#...#...#",
    "#..........#.......#...#",
    "#..........#...#####...#",
    "#####.######...........#",
    "#..............#.......#",
    "#..............#.......#",
    "########################",
];

/// Floor no path crosses.
const FLOOR: Rgb = Rgb(200, 200, 190);
/// A cell of the path.
const PATH: Rgb = Rgb(120, 200, 120);
/// The heat map at the goal.
const NEAR: Rgb = Rgb(250, 230, 90);
/// The heat map at the farthest cell.
const FAR: Rgb = Rgb(40, 40, 150);

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = PathBuf::from(std::env::args().nth(1).ok_or("usage: path_pictures DIR")?);
    std::fs::create_dir_all(&dir)?;
    let (size, wall) = svg::parse(&MAP);
    let grid = PathGrid::from_passable(size, |p| !wall(p))?;
    let (start, goal) = (Point::new(2, 10), Point::new(21, 1));
    let mut search = Search::new();
    for (name, rule) in [("path-astar-4", Rule::FOUR), ("path-astar-8", Rule::EIGHT)] {
        let path = search.astar(&grid, rule, start, goal)?.ok_or("no path")?;
        let mut picture = Svg::cells(size, |p| match (wall(p), path.cells.contains(&p)) {
            (true, _) => hex(WALL),
            (false, true) => hex(PATH),
            (false, false) => hex(FLOOR),
        });
        picture.trail(&path.cells, "#206020");
        let what = format!("cost {}, {} cells", path.cost.0, path.cells.len());
        write(&dir, name, picture, &[(start, "#2050d0"), (goal, "#d02020")], &what)?;
    }
    // ANCHOR: heat
    let field = DijkstraMap::to_goals(&grid, Rule::EIGHT, [goal])?;
    let far = field.to_grid().values().flatten().map(|c| c.0).max().unwrap_or(1).max(1);
    let heat = |p: Point| match field.get(p) {
        Some(d) => mix(NEAR, FAR, f64::from(d.0) / f64::from(far)),
        None => hex(WALL),
    };
    // ANCHOR_END: heat
    let mut picture = Svg::cells(size, heat);
    for p in Rect::from_size(size).points() {
        if let Some(d) = field.get(p) {
            let ink = if d.0 * 2 < far { "#000" } else { "#fff" };
            picture.label(p, &d.0.to_string(), ink);
        }
    }
    write(
        &dir,
        "path-dijkstra",
        picture,
        &[(goal, "#d02020")],
        &format!("farthest cell {far} steps"),
    )?;
    // ANCHOR: flee
    // Ties between equally far cells go to the first in reading order.
    let rank = |q: Point| (q.y, q.x);
    let mut picture = Svg::cells(size, heat);
    for p in Rect::from_size(size).points() {
        if let Some(next) = field.uphill(&grid, p, rank).filter(|&n| n != p && !wall(p)) {
            picture.arrow(p, next, "#000");
        }
    }
    // A fleeing walk from near the goal: uphill until it stays put (a cell farther from
    // the goal than all its neighbours); the picture shows the longest such walk.
    let flee_from = |start: Point| {
        let mut walk = vec![start];
        while let Some(next) = walk.last().and_then(|&p| field.uphill(&grid, p, rank)) {
            if walk.contains(&next) {
                break;
            }
            walk.push(next);
        }
        walk
    };
    let near = Rect::from_size(size).points().filter(|&p| field.get(p).is_some_and(|d| d.0 <= 4));
    let walk = near.map(flee_from).max_by_key(Vec::len).ok_or("no cell near the goal")?;
    // ANCHOR_END: flee
    picture.trail(&walk, "#d04020");
    let what = format!("a {}-step flight from {}", walk.len() - 1, walk[0]);
    write(&dir, "path-flee", picture, &[(goal, "#d02020"), (walk[0], "#2050d0")], &what)
}

/// Writes `DIR/NAME.svg`: `picture` with `dots` (cell, colour) on top; prints `what`.
fn write(
    dir: &Path,
    name: &str,
    mut picture: Svg,
    dots: &[(Point, &str)],
    what: &str,
) -> Result<(), Box<dyn std::error::Error>> {
    for &(p, colour) in dots {
        picture.dot(p, colour);
    }
    let file = dir.join(format!("{name}.svg"));
    std::fs::write(&file, picture.finish())?;
    svg::report(&format!("{}: {what}", file.display()))?;
    Ok(())
}
