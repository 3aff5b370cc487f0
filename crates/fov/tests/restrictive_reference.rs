//! `Algorithm::Restrictive` against a line-by-line port of libtcod 2.2.2's
//! `fov_restrictive.c` (Mingos' Restrictive Precise Angle Shadowcasting: `f64` angles,
//! every obstacle of the line before tried against each cell, reads of the seen floor by
//! flat row-major index), on random maps, origins, radii and light-walls flags.
//!
//! The crate's scan computes the same angles and obstacles its own way (first cells and
//! obstacle checks without libtcod's divisions and full loops); this test would fail if
//! that changed a visible cell.

mod support;

use proptest::prelude::*;
use torchlit_fov::{Algorithm, Fov, Viewshed};
use torchlit_geom::{Point, Radius, Size};

/// libtcod's `TCOD_Map` cells: `transparent` and `fov`, row-major.
struct Map<'a> {
    width: i32,
    height: i32,
    opaque: &'a [bool],
    fov: Vec<bool>,
}

impl Map<'_> {
    fn transparent(&self, c: i32) -> bool {
        !self.opaque[c as usize]
    }

    /// `cells[c].fov && cells[c].transparent`; libtcod reads one cell outside its buffer
    /// at the top and bottom rows (undefined behaviour in C), read here as not visible.
    fn seen_floor(&self, c: i32) -> bool {
        usize::try_from(c)
            .ok()
            .filter(|&c| c < self.fov.len())
            .is_some_and(|c| self.fov[c] && !self.opaque[c])
    }
}

/// The obstacle angles of one octant (libtcod's `start_angle` and `end_angle`).
#[derive(Default)]
struct Obstacles {
    start: Vec<f64>,
    end: Vec<f64>,
}

impl Obstacles {
    fn push(&mut self, at: usize, start: f64, end: f64) {
        if self.start.len() <= at {
            self.start.resize(at + 1, 0.0);
            self.end.resize(at + 1, 0.0);
        }
        self.start[at] = start;
        self.end[at] = end;
    }
}

/// One octant of libtcod's `compute_quadrant`: lines are rows when `vertical` ("vertical
/// edge"), else columns ("horizontal edge"), as written there.
fn octant(
    map: &mut Map,
    (pov_x, pov_y): (i32, i32),
    max_radius: i32,
    light_walls: bool,
    (dx, dy): (i32, i32),
    vertical: bool,
) {
    let mut angles = Obstacles::default();
    let mut iteration = 1;
    let mut done = false;
    let mut total_obstacles = 0;
    let mut obstacles_in_last_line = 0;
    let mut min_angle = 0.0f64;
    // The line's coordinate: y for the vertical edge, x for the horizontal one.
    let mut line = if vertical { pov_y + dy } else { pov_x + dx };
    let line_len = if vertical { map.height } else { map.width };
    if line < 0 || line >= line_len {
        done = true;
    }
    while !done {
        let slopes_per_cell = 1.0 / f64::from(iteration);
        let half_slopes = slopes_per_cell * 0.5;
        let mut processed_cell = ((min_angle + half_slopes) / slopes_per_cell) as i32;
        let (pov_a, da, len_a) =
            if vertical { (pov_x, dx, map.width) } else { (pov_y, dy, map.height) };
        let min_a = (pov_a - iteration).max(0);
        let max_a = (pov_a + iteration).min(len_a - 1);
        done = true;
        let mut a = pov_a + processed_cell * da;
        while a >= min_a && a <= max_a {
            let (x, y) = if vertical { (a, line) } else { (line, a) };
            let c = x + y * map.width;
            let mut visible = true;
            let mut extended = false;
            let centre_slope = f64::from(processed_cell) * slopes_per_cell;
            let start_slope = centre_slope - half_slopes;
            let end_slope = centre_slope + half_slopes;
            if obstacles_in_last_line > 0 {
                let back = if vertical { c - map.width * dy } else { c - dx };
                let diagonal = c - map.width * dy - dx;
                if !map.seen_floor(back) && !map.seen_floor(diagonal) {
                    visible = false;
                } else {
                    let mut idx = 0;
                    while idx < obstacles_in_last_line && visible {
                        let (s, e) = (angles.start[idx], angles.end[idx]);
                        if start_slope <= e && end_slope >= s {
                            if map.transparent(c) {
                                if centre_slope > s && centre_slope < e {
                                    visible = false;
                                }
                            } else if start_slope >= s && end_slope <= e {
                                visible = false;
                            } else {
                                angles.start[idx] = s.min(start_slope);
                                angles.end[idx] = e.max(end_slope);
                                extended = true;
                            }
                            if !vertical {
                                // libtcod's horizontal edge increments twice here.
                                idx += 1;
                            }
                        }
                        idx += 1;
                    }
                }
            }
            if visible {
                done = false;
                map.fov[c as usize] = true;
                if !map.transparent(c) {
                    if min_angle >= start_slope {
                        min_angle = end_slope;
                        if processed_cell == iteration {
                            done = true;
                        }
                    } else if !extended {
                        angles.push(total_obstacles, start_slope, end_slope);
                        total_obstacles += 1;
                    }
                    if !light_walls {
                        map.fov[c as usize] = false;
                    }
                }
            }
            processed_cell += 1;
            a += da;
        }
        if iteration == max_radius {
            done = true;
        }
        iteration += 1;
        obstacles_in_last_line = total_obstacles;
        line += if vertical { dy } else { dx };
        if line < 0 || line >= line_len {
            done = true;
        }
    }
}

/// libtcod's `TCOD_map_compute_fov_restrictive_shadowcasting`: row-major visibility.
fn libtcod_restrictive(
    size: Size,
    opaque: &[bool],
    pov: Point,
    max_radius: i32,
    light_walls: bool,
) -> Vec<bool> {
    let (width, height) = (size.width as i32, size.height as i32);
    let mut map = Map { width, height, opaque, fov: vec![false; opaque.len()] };
    map.fov[(pov.x + pov.y * width) as usize] = true;
    for d in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
        octant(&mut map, (pov.x, pov.y), max_radius, light_walls, d, true);
        octant(&mut map, (pov.x, pov.y), max_radius, light_walls, d, false);
    }
    map.fov
}

/// A random map (up to 90 cells wide, so rows span several 64-bit words), its opacity and
/// a cell in it.
fn map_and_origin() -> impl Strategy<Value = (Size, Vec<bool>, Point)> {
    support::sized_map(1..90, 1..50, 0..70)
}

/// A random map whose lines can pass 64 cells (both sides over 64), mostly open.
fn large_map_and_origin() -> impl Strategy<Value = (Size, Vec<bool>, Point)> {
    support::sized_map(65..140, 65..140, 0..25)
}

/// Checks `Algorithm::Restrictive` against [`libtcod_restrictive`], cell for cell.
fn check(
    (size, opaque, origin): (Size, Vec<bool>, Point),
    radius: i32,
    light_walls: bool,
) -> Result<(), TestCaseError> {
    let want = libtcod_restrictive(size, &opaque, origin, radius, light_walls);
    support::agrees(Algorithm::Restrictive, (size, &opaque, origin), radius, light_walls, &want)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(800))]

    #[test]
    fn restrictive_is_libtcods_cell_for_cell(
        map in map_and_origin(),
        radius in 0i32..40,
        light_walls: bool,
    ) {
        check(map, radius, light_walls)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Lines of more than 64 cells (the scan works on those another way).
    #[test]
    fn long_lines_are_libtcods_cell_for_cell(
        map in large_map_and_origin(),
        radius in prop_oneof![Just(0i32), 60i32..150],
        light_walls: bool,
    ) {
        check(map, radius, light_walls)?;
    }
}

/// Several calls into one viewshed (the crate keeps scratch space between them) give the
/// same sets as fresh ones.
#[test]
fn reused_viewshed_matches_the_port() {
    let size = Size::new(70, 40);
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let opaque: Vec<bool> = (0..size.area()).map(|_| next() % 100 < 25).collect();
    let mut seen = Viewshed::new(size);
    for call in 0..60 {
        let origin = Point::new((next() % 70) as i32, (next() % 40) as i32);
        let radius = call % 12;
        let light_walls = call % 3 != 0;
        let want = libtcod_restrictive(size, &opaque, origin, radius, light_walls);
        let fov = Fov {
            algorithm: Algorithm::Restrictive,
            radius: (radius > 0).then(|| Radius::new(f64::from(radius)).expect("radius")),
            light_walls,
        };
        fov.compute(size, origin, |p: Point| opaque[p.y as usize * 70 + p.x as usize], &mut seen)
            .expect("origin on the map");
        for (i, &visible) in want.iter().enumerate() {
            let p = Point::new((i % 70) as i32, (i / 70) as i32);
            assert_eq!(seen.contains(p), visible, "call {call}, cell {p:?}");
        }
        assert_eq!(seen.len(), want.iter().filter(|&&v| v).count(), "call {call}");
    }
}
