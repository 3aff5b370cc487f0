//! Bresenham lines against 402 vectors from python-tcod 21.2.2 (libtcod 2.2.2),
//! `tcod.los.bresenham`. Regenerate with `tools/tcod-vectors/generate.py`.

use torchlit_geom::{Point, line};

const VECTORS: &str = include_str!("../../../testdata/tcod/tcod_bresenham.txt");

fn point(t: &str) -> Point {
    let (x, y) = t.split_once(',').expect("x,y");
    Point::new(x.parse().expect("x"), y.parse().expect("y"))
}

#[test]
fn lines_equal_libtcod_cell_for_cell() {
    let mut n = 0;
    for l in VECTORS.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let (ends, cells) = l.split_once(" : ").expect("ends : cells");
        let (a, b) = ends.split_once(' ').expect("two ends");
        let expected: Vec<Point> = cells.split_whitespace().map(point).collect();
        let got: Vec<Point> = line(point(a), point(b)).collect();
        assert_eq!(got, expected, "line {a} {b}");
        n += 1;
    }
    assert_eq!(n, 402);
}
