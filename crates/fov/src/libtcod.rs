//! What libtcod's older field-of-view algorithms share: the integer radius, the wall
//! post-processing pass, and the scratch space kept in the [`Viewshed`] between calls.
//!
//! The algorithms themselves are in `basic.rs`, `diamond.rs`, `shadow.rs`,
//! `permissive.rs` and `restrictive.rs`; each is a port of the libtcod 2.2.2 C source
//! (`src/libtcod/fov_*.c`, BSD-3-Clause, by Jice, Mingos, Kyle Benesch and contributors)
//! that keeps its visible set exactly, checked against python-tcod vectors.

use torchlit_geom::{Point, Radius, Size};

use crate::Viewshed;

/// libtcod's integer radius for a [`Radius`]: `0` is unlimited, as in libtcod.
///
/// A fractional radius is rounded down; `None` means "below 1": the caller sees only the
/// origin. Radii past the map's extent are clamped to it (the same visible set: every cell
/// of the map is then in range), so no product overflows.
pub(crate) fn int_radius(radius: Option<Radius>, size: Size) -> Option<i64> {
    let Some(r) = radius else {
        return Some(0);
    };
    let cells = r.get().floor();
    if cells < 1.0 {
        return None;
    }
    let cap = i64::from(size.width) + i64::from(size.height) + 2;
    Some(if cells >= cap as f64 { cap } else { cells as i64 })
}

/// Scratch buffers of the libtcod ports, kept in the [`Viewshed`] so that a call does not
/// allocate once they have grown.
#[derive(Clone, Debug, Default)]
pub(crate) struct Scratch {
    /// Diamond raycasting's ray tiles over the radius' bounding box.
    pub(crate) rays: Vec<crate::diamond::Ray>,
    /// The stamp of diamond raycasting's current call (see `diamond::Ray`).
    pub(crate) epoch: u32,
    /// Diamond raycasting's perimeter queue (indices into `rays`).
    pub(crate) queue: Vec<u32>,
    /// Recursive shadowcasting's pending rows.
    pub(crate) shadow_rows: Vec<crate::shadow::Row>,
    /// Permissive FOV's views, bumps and active view list.
    pub(crate) permissive: crate::permissive::Buffers,
    /// MRPAS's obstacle start and end angles.
    pub(crate) start_angle: Vec<f64>,
    /// See `start_angle`.
    pub(crate) end_angle: Vec<f64>,
    /// Raycasting's Chebyshev distance to the nearest opaque cell.
    pub(crate) distance: Vec<u32>,
}

/// libtcod's `TCOD_map_postprocess`: lights the walls next to visible floor so that a
/// room's corners show ("spread lighting to walls to avoid lighting artifacts").
///
/// The box around the origin (the map, or the radius' square clipped to it) is split into
/// four quadrant boxes that share the origin's row and column. In each, every visible
/// transparent cell lights its opaque neighbours one step away from the origin (the one
/// along x, the one along y and the diagonal one) when they are inside that quadrant box.
/// libtcod scans the boxes cell by cell; here only the visible cells are visited, which
/// gives the same set because only opaque cells are added and only transparent ones spread.
pub(crate) fn postprocess(
    size: Size,
    origin: Point,
    radius: i64,
    is_opaque: &impl Fn(Point) -> bool,
    out: &mut Viewshed,
) {
    let (w, h) = (i64::from(size.width), i64::from(size.height));
    let (px, py) = (i64::from(origin.x), i64::from(origin.y));
    let (mut x_min, mut y_min, mut x_max, mut y_max) = (0, 0, w - 1, h - 1);
    if radius > 0 {
        x_min = x_min.max(px - radius);
        y_min = y_min.max(py - radius);
        x_max = x_max.min(px + radius);
        y_max = y_max.min(py + radius);
    }
    let found = out.len();
    for i in 0..found {
        let p = out.as_slice()[i];
        let (cx, cy) = (i64::from(p.x), i64::from(p.y));
        if cx < x_min || cx > x_max || cy < y_min || cy > y_max || is_opaque(p) {
            continue;
        }
        for (dx, dy) in [(-1, -1), (1, -1), (-1, 1), (1, 1)] {
            // The quadrant box towards (dx, dy): between the origin and the box's edge.
            let (qx0, qx1) = if dx < 0 { (x_min, px) } else { (px, x_max) };
            let (qy0, qy1) = if dy < 0 { (y_min, py) } else { (py, y_max) };
            if cx < qx0 || cx > qx1 || cy < qy0 || cy > qy1 {
                continue;
            }
            let (x2, y2) = (cx + dx, cy + dy);
            let x_in = (qx0..=qx1).contains(&x2);
            let y_in = (qy0..=qy1).contains(&y2);
            // A visible neighbour is lit already: only the others are looked up.
            let mut light = |x: i64, y: i64| {
                let q = Point::new(x as i32, y as i32);
                let index = (y * w + x) as usize;
                if !out.contains_at(index) && is_opaque(q) {
                    out.insert_at(index, q);
                }
            };
            if x_in {
                light(x2, cy);
            }
            if y_in {
                light(cx, y2);
            }
            if x_in && y_in {
                light(x2, y2);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn int_radius_rounds_down_and_caps() {
        let size = Size::new(10, 5);
        let r = |x: f64| Some(Radius::new(x).expect("radius"));
        assert_eq!(int_radius(None, size), Some(0));
        assert_eq!(int_radius(r(0.5), size), None);
        assert_eq!(int_radius(r(1.0), size), Some(1));
        assert_eq!(int_radius(r(7.9), size), Some(7));
        assert_eq!(int_radius(r(1e12), size), Some(17));
    }
}
