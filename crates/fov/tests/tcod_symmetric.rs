//! The symmetric algorithm against 300 vectors from python-tcod 21.2.2 (libtcod 2.2.2),
//! `tcod.map.compute_fov(..., FOV_SYMMETRIC_SHADOWCAST)`. Regenerate the data with
//! `tools/tcod-vectors/generate.py`.

use torchlit_fov::{Algorithm, Fov, Viewshed};
use torchlit_geom::{Point, Radius, Size};

const VECTORS: &str = include_str!("../../../testdata/tcod/tcod_fov_symmetric.txt");

struct Case {
    id: String,
    size: Size,
    origin: Point,
    radius: u32,
    light_walls: bool,
    map: Vec<Vec<u8>>,
    visible: Vec<Vec<u8>>,
}

fn parse_cases() -> Vec<Case> {
    let mut cases = Vec::new();
    // Comment lines start with '#', but so do map rows: skip comments only between cases.
    let mut lines = VECTORS.lines().filter(|l| !l.trim().is_empty());
    while let Some(head) = lines.next() {
        if head.starts_with("# ") || head == "#" {
            continue;
        }
        let id = head.strip_prefix("case ").expect("case line").to_string();
        let mut field = |name: &str| -> Vec<i64> {
            let l = lines.next().expect("field line");
            let rest = l.strip_prefix(name).unwrap_or_else(|| panic!("{name} in case {id}"));
            rest.split_whitespace()
                .map(|t| match t {
                    "true" => 1,
                    "false" => 0,
                    t => t.parse().expect("integer"),
                })
                .collect()
        };
        let size = field("size ");
        let origin = field("origin ");
        let radius = field("radius ");
        let light_walls = field("light_walls ");
        let (w, h) = (size[0] as u32, size[1] as u32);
        assert_eq!(lines.next(), Some("map"));
        let map: Vec<Vec<u8>> =
            (0..h).map(|_| lines.next().expect("row").as_bytes().to_vec()).collect();
        assert_eq!(lines.next(), Some("visible"));
        let visible: Vec<Vec<u8>> =
            (0..h).map(|_| lines.next().expect("row").as_bytes().to_vec()).collect();
        assert_eq!(lines.next(), Some("end"));
        cases.push(Case {
            id,
            size: Size::new(w, h),
            origin: Point::new(origin[0] as i32, origin[1] as i32),
            radius: radius[0] as u32,
            light_walls: light_walls[0] == 1,
            map,
            visible,
        });
    }
    cases
}

#[test]
fn symmetric_fov_equals_libtcod_on_every_vector() {
    let cases = parse_cases();
    assert_eq!(cases.len(), 300);
    let mut failures = Vec::new();
    for case in &cases {
        let opaque = |p: Point| case.map[p.y as usize][p.x as usize] == b'#';
        let radius =
            (case.radius > 0).then(|| Radius::new(f64::from(case.radius)).expect("radius"));
        let fov = Fov { algorithm: Algorithm::Symmetric, radius, light_walls: case.light_walls };
        let mut seen = Viewshed::new(case.size);
        fov.compute(case.size, case.origin, opaque, &mut seen).expect("origin on the map");
        let got: Vec<Vec<u8>> = (0..case.size.height as i32)
            .map(|y| {
                (0..case.size.width as i32)
                    .map(|x| if seen.contains(Point::new(x, y)) { b'1' } else { b'0' })
                    .collect()
            })
            .collect();
        if got != case.visible {
            failures.push(case.id.clone());
        }
    }
    assert!(failures.is_empty(), "cases differing from libtcod: {failures:?}");
}
