//! Distances equal python-tcod 21.2.2's `dijkstra2d` (libtcod 2.2.2) on the committed
//! reference vectors (`testdata/tcod/tcod_dijkstra.txt`: 83 cases, 4- and 8-way, unit
//! and weighted step costs, several sources).

use torchlit_geom::{Point, Size};
use torchlit_path::{DijkstraMap, Moves, PathGrid, Rule, Search, StepCosts};

const VECTORS: &str = include_str!("../../../testdata/tcod/tcod_dijkstra.txt");

struct Case {
    name: String,
    size: Size,
    sources: Vec<Point>,
    cardinal: u32,
    diagonal: u32,
    map: Vec<String>,
    distances: Vec<Vec<i64>>,
}

fn parse() -> Vec<Case> {
    let mut cases = Vec::new();
    // The header is comment lines; map rows may start with '#' too, so skip only up to
    // the first case.
    let mut lines =
        VECTORS.lines().skip_while(|l| !l.starts_with("case ")).filter(|l| !l.trim().is_empty());
    while let Some(head) = lines.next() {
        let name = head.to_string();
        let mut next = || lines.next().expect("a complete case");
        let size: Vec<u32> =
            next().split_whitespace().skip(1).map(|t| t.parse().expect("int")).collect();
        let size = Size::new(size[0], size[1]);
        let sources = next()
            .split_whitespace()
            .skip(1)
            .map(|t| {
                let (x, y) = t.split_once(',').expect("x,y");
                Point::new(x.parse().expect("x"), y.parse().expect("y"))
            })
            .collect();
        let costs: Vec<u32> =
            next().split_whitespace().skip(1).map(|t| t.parse().expect("int")).collect();
        assert_eq!(next(), "map");
        let map = (0..size.height).map(|_| next().to_string()).collect();
        assert_eq!(next(), "distances");
        let distances = (0..size.height)
            .map(|_| next().split_whitespace().map(|t| t.parse().expect("int")).collect())
            .collect();
        assert_eq!(next(), "end");
        cases.push(Case {
            name,
            size,
            sources,
            cardinal: costs[0],
            diagonal: costs[1],
            map,
            distances,
        });
    }
    cases
}

/// tcod's `diagonal = 0` disables diagonal moves: our 4-way rule.
fn rule(case: &Case) -> Rule {
    if case.diagonal == 0 {
        Rule::new(Moves::Four, StepCosts::new(case.cardinal, case.cardinal).expect("valid"))
    } else {
        Rule::new(Moves::Eight, StepCosts::new(case.cardinal, case.diagonal).expect("valid"))
    }
}

fn grid(case: &Case) -> PathGrid {
    PathGrid::from_passable(case.size, |p| case.map[p.y as usize].as_bytes()[p.x as usize] == b'.')
        .expect("small")
}

#[test]
fn every_case_matches_tcod() {
    let cases = parse();
    assert_eq!(cases.len(), 83);
    for case in &cases {
        let grid = grid(case);
        let field = DijkstraMap::from_sources(&grid, rule(case), case.sources.iter().copied())
            .expect("sources inside");
        for y in 0..case.size.height as i32 {
            for x in 0..case.size.width as i32 {
                let got = field.get(Point::new(x, y)).map_or(-1, |c| i64::from(c.0));
                let want = case.distances[y as usize][x as usize];
                assert_eq!(got, want, "{} at ({x}, {y})", case.name);
            }
        }
    }
}

#[test]
fn astar_agrees_with_tcod_from_every_source_to_every_cell() {
    let mut search = Search::new();
    for case in parse().iter().filter(|c| c.sources.len() == 1) {
        let grid = grid(case);
        let from = case.sources[0];
        for y in 0..case.size.height as i32 {
            for x in 0..case.size.width as i32 {
                let want = case.distances[y as usize][x as usize];
                let got = search
                    .astar(&grid, rule(case), from, Point::new(x, y))
                    .expect("inside")
                    .map_or(-1, |p| i64::from(p.cost.0));
                assert_eq!(got, want, "{} A* to ({x}, {y})", case.name);
            }
        }
    }
}
