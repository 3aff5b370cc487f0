//! `Algorithm::Shadow` against a line-by-line port of libtcod 2.2.2's
//! `fov_recursive_shadowcasting.c` (one row per recursive call, every cell of a row tried
//! against the view, `f32` slopes), on random maps, origins, radii and light-walls flags.
//!
//! The crate's scan skips work libtcod does (the cells past the radius, the angles a view
//! cannot reach); this test would fail if a skip changed a visible cell.

mod support;

use proptest::prelude::*;
use torchlit_fov::Algorithm;
use torchlit_geom::{Point, Size};

/// libtcod's octant matrices `{xx, xy, yx, yy}`.
const MATRICES: [[i32; 4]; 8] = [
    [1, 0, 0, 1],
    [0, 1, 1, 0],
    [0, -1, 1, 0],
    [-1, 0, 0, 1],
    [-1, 0, 0, -1],
    [0, -1, -1, 0],
    [0, 1, -1, 0],
    [1, 0, 0, -1],
];

struct Map<'a> {
    width: i32,
    height: i32,
    opaque: &'a [bool],
    fov: Vec<bool>,
}

impl Map<'_> {
    fn in_bounds(&self, x: i32, y: i32) -> bool {
        (0..self.width).contains(&x) && (0..self.height).contains(&y)
    }
}

/// libtcod's `cast_light`, as written there.
#[allow(clippy::too_many_arguments)]
fn cast_light(
    map: &mut Map,
    pov: (i32, i32),
    distance: i32,
    mut view_slope_high: f32,
    view_slope_low: f32,
    max_radius: i32,
    octant: usize,
    light_walls: bool,
) {
    let [xx, xy, yx, yy] = MATRICES[octant];
    let radius_squared = max_radius * max_radius;
    if view_slope_high < view_slope_low || distance > max_radius {
        return;
    }
    if !map.in_bounds(pov.0 + distance * xy, pov.1 + distance * yy) {
        return;
    }
    let mut prev_tile_blocked = false;
    for angle in (0..=distance).rev() {
        let tile_slope_high = (angle as f32 + 0.5) / (distance as f32 - 0.5);
        let tile_slope_low = (angle as f32 - 0.5) / (distance as f32 + 0.5);
        let prev_tile_slope_low = (angle as f32 + 0.5) / (distance as f32 + 0.5);
        if tile_slope_low > view_slope_high {
            continue;
        } else if tile_slope_high < view_slope_low {
            break;
        }
        let map_x = pov.0 + angle * xx + distance * xy;
        let map_y = pov.1 + angle * yx + distance * yy;
        if !map.in_bounds(map_x, map_y) {
            continue;
        }
        let index = (map_x + map_y * map.width) as usize;
        let transparent = !map.opaque[index];
        if angle * angle + distance * distance <= radius_squared && (light_walls || transparent) {
            map.fov[index] = true;
        }
        if prev_tile_blocked && transparent {
            view_slope_high = prev_tile_slope_low;
        }
        if !prev_tile_blocked && !transparent {
            let low = tile_slope_high;
            cast_light(
                map,
                pov,
                distance + 1,
                view_slope_high,
                low,
                max_radius,
                octant,
                light_walls,
            );
        }
        prev_tile_blocked = !transparent;
    }
    if !prev_tile_blocked {
        cast_light(
            map,
            pov,
            distance + 1,
            view_slope_high,
            view_slope_low,
            max_radius,
            octant,
            light_walls,
        );
    }
}

/// libtcod's `TCOD_map_compute_fov_recursive_shadowcasting`: row-major visibility.
fn libtcod_shadow(
    size: Size,
    opaque: &[bool],
    pov: Point,
    mut max_radius: i32,
    light_walls: bool,
) -> Vec<bool> {
    let (width, height) = (size.width as i32, size.height as i32);
    let mut map = Map { width, height, opaque, fov: vec![false; opaque.len()] };
    if max_radius <= 0 {
        let max_radius_x = (width - pov.x).max(pov.x);
        let max_radius_y = (height - pov.y).max(pov.y);
        max_radius =
            f64::from(max_radius_x * max_radius_x + max_radius_y * max_radius_y).sqrt() as i32 + 1;
    }
    for octant in 0..8 {
        cast_light(&mut map, (pov.x, pov.y), 1, 1.0, 0.0, max_radius, octant, light_walls);
    }
    map.fov[(pov.x + pov.y * width) as usize] = true;
    map.fov
}

/// A random map (up to 90 cells wide, so rows span several 64-bit words), its opacity and
/// a cell in it.
fn map_and_origin() -> impl Strategy<Value = (Size, Vec<bool>, Point)> {
    support::sized_map(1..90, 1..50, 0..70)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn shadow_is_libtcods_cell_for_cell(
        (size, opaque, origin) in map_and_origin(),
        radius in 0i32..40,
        light_walls: bool,
    ) {
        let want = libtcod_shadow(size, &opaque, origin, radius, light_walls);
        support::agrees(Algorithm::Shadow, (size, &opaque, origin), radius, light_walls, &want)?;
    }
}
