//! Every libtcod algorithm against python-tcod 21.2.2 (libtcod 2.2.2) vectors:
//! `TCOD_map_compute_fov` with FOV_BASIC, FOV_DIAMOND, FOV_SHADOW, FOV_PERMISSIVE_0..8,
//! FOV_RESTRICTIVE and FOV_SYMMETRIC_SHADOWCAST, radii 0 (unlimited), 1, 5, 8, 20 and both
//! light-walls values. Regenerate the data with `tools/tcod-vectors/generate.py`.

use std::collections::BTreeMap;

use torchlit_fov::{Algorithm, Fov, Viewshed};
use torchlit_geom::{Point, Radius, Size};

const VECTORS: &str = include_str!("../../../testdata/tcod/tcod_fov_all.txt");

struct View {
    map: usize,
    algorithm: Algorithm,
    origin: Point,
    radius: u32,
    light_walls: bool,
    /// Row-major visibility.
    visible: Vec<bool>,
}

fn decode(hex: &str, cells: usize) -> Vec<bool> {
    let mut bits: Vec<bool> = hex
        .chars()
        .flat_map(|c| {
            let v = c.to_digit(16).expect("hex digit");
            (0..4).rev().map(move |i| v >> i & 1 == 1)
        })
        .collect();
    assert!(bits.len() >= cells && bits.len() < cells + 4, "bit count");
    bits.truncate(cells);
    bits
}

/// The maps (size, row-major opacity) and the views.
fn parse() -> (Vec<(Size, Vec<bool>)>, Vec<View>) {
    let mut maps = Vec::new();
    let mut views = Vec::new();
    // Comment lines start with '#', but so do map rows: skip comments only between maps.
    let mut lines = VECTORS.lines().filter(|l| !l.trim().is_empty());
    while let Some(head) = lines.next() {
        if head.starts_with("# ") || head == "#" {
            continue;
        }
        let f: Vec<&str> = head.split_whitespace().collect();
        assert_eq!(f[0], "map", "{head}");
        let (w, h): (u32, u32) = (f[2].parse().expect("width"), f[3].parse().expect("height"));
        let size = Size::new(w, h);
        let mut opaque = Vec::with_capacity(size.area());
        for _ in 0..h {
            opaque.extend(lines.next().expect("map row").bytes().map(|b| b == b'#'));
        }
        assert_eq!(opaque.len(), size.area());
        for line in lines.by_ref() {
            if line == "end" {
                break;
            }
            let f: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(f[0], "view", "{line}");
            views.push(View {
                map: maps.len(),
                algorithm: f[1].parse().expect("algorithm"),
                origin: Point::new(f[2].parse().expect("x"), f[3].parse().expect("y")),
                radius: f[4].parse().expect("radius"),
                light_walls: f[5] == "true",
                visible: decode(f[6], size.area()),
            });
        }
        maps.push((size, opaque));
    }
    (maps, views)
}

#[test]
fn every_libtcod_algorithm_equals_libtcod_on_every_vector() {
    let (maps, views) = parse();
    assert_eq!(views.len(), 7840);
    let mut checked: BTreeMap<&str, usize> = BTreeMap::new();
    let mut failures: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    let mut seen: Vec<Viewshed> = maps.iter().map(|(size, _)| Viewshed::new(*size)).collect();
    for view in &views {
        let (size, opaque) = &maps[view.map];
        let is_opaque = |p: Point| opaque[p.y as usize * size.width as usize + p.x as usize];
        let radius =
            (view.radius > 0).then(|| Radius::new(f64::from(view.radius)).expect("radius"));
        let fov = Fov { algorithm: view.algorithm, radius, light_walls: view.light_walls };
        // One viewshed per map, reused by every view of it (as a game reuses one), so
        // that scratch state left by one call cannot leak into the next.
        let seen = &mut seen[view.map];
        fov.compute(*size, view.origin, is_opaque, seen).expect("origin on the map");
        let got: Vec<bool> = (0..size.area()).map(|i| seen.contains(size.point_at(i))).collect();
        *checked.entry(view.algorithm.name()).or_default() += 1;
        if got != view.visible {
            failures.entry(view.algorithm.name()).or_default().push(format!(
                "map {} from {} r {} lw {}",
                view.map, view.origin, view.radius, view.light_walls
            ));
        }
    }
    // 14 algorithms (symmetric included), each on every map, origin, radius and flag.
    assert_eq!(checked.len(), 14);
    assert!(checked.values().all(|&n| n == 560), "{checked:?}");
    assert!(failures.is_empty(), "views differing from libtcod: {failures:#?}");
}
