//! libtcod's `FOV_BASIC`: circular raycasting (`fov_circular_raycasting.c`), "classic
//! libtcod FOV", based on RogueBasin's "Ray casting" article (libtcod's `fov_types.h`).

use torchlit_geom::{Point, Size};

use crate::Viewshed;
use crate::libtcod::postprocess;

/// Casts a Bresenham ray ([`torchlit_geom::line()`], libtcod's) from `origin` to every cell
/// on the border of the box the radius allows (the map, or the radius' square clipped to
/// it), lighting its cells until it leaves the radius (`dx² + dy² > r²`) or meets an
/// opaque cell, which is lit only with `light_walls`. The origin is always visible, even
/// when opaque. With `light_walls`, [`postprocess`] then lights the walls next to visible
/// floor. `radius` is libtcod's integer radius, `0` unlimited.
pub(crate) fn compute(
    size: Size,
    origin: Point,
    radius: i64,
    light_walls: bool,
    is_opaque: &impl Fn(Point) -> bool,
    out: &mut Viewshed,
) {
    out.clear();
    let (w, h) = (i64::from(size.width), i64::from(size.height));
    let (px, py) = (i64::from(origin.x), i64::from(origin.y));
    let (mut x_min, mut y_min, mut x_max, mut y_max) = (0, 0, w, h);
    if radius > 0 {
        x_min = x_min.max(px - radius);
        y_min = y_min.max(py - radius);
        x_max = x_max.min(px + radius + 1);
        y_max = y_max.min(py + radius + 1);
    }
    out.insert(origin);
    let r2 = radius * radius;
    // One ray: libtcod's Bresenham steps (as `torchlit_geom::line`), written out so the
    // walk tests nothing but the radius and the cell.
    let mut cast = |tx: i64, ty: i64| {
        let (dx, dy) = (tx - px, ty - py);
        let (sx, sy) = (dx.signum(), dy.signum());
        let (ax, ay) = (dx.abs(), dy.abs());
        let x_major = ax > ay;
        let (major, minor) = if x_major { (ax, ay) } else { (ay, ax) };
        let mut error = major;
        let (mut x, mut y) = (px, py);
        for _ in 0..major {
            error -= 2 * minor;
            let bump = error < 0;
            if x_major {
                x += sx;
                y += if bump { sy } else { 0 };
            } else {
                y += sy;
                x += if bump { sx } else { 0 };
            }
            if bump {
                error += 2 * major;
            }
            if r2 > 0 && (x - px) * (x - px) + (y - py) * (y - py) > r2 {
                return;
            }
            let p = Point::new(x as i32, y as i32);
            let index = (y * w + x) as usize;
            if is_opaque(p) {
                if light_walls {
                    out.insert_at(index, p);
                }
                return;
            }
            out.insert_at(index, p);
        }
    };
    // The border, clockwise from the top-left corner, as libtcod walks it.
    for x in x_min..x_max {
        cast(x, y_min);
    }
    for y in y_min + 1..y_max {
        cast(x_max - 1, y);
    }
    for x in (x_min..=x_max - 2).rev() {
        cast(x, y_max - 1);
    }
    for y in (y_min + 1..=y_max - 2).rev() {
        cast(x_min, y);
    }
    if light_walls {
        postprocess(size, origin, radius, is_opaque, out);
    }
}
