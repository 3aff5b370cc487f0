//! libtcod's `FOV_BASIC`: circular raycasting (`fov_circular_raycasting.c`), "classic
//! libtcod FOV", based on RogueBasin's "Ray casting" article (libtcod's `fov_types.h`).

use torchlit_geom::{Point, Size};

use crate::Viewshed;
use crate::libtcod::{marked_pays, postprocess, postprocess_marked};

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
    let rays = Rays { px, py, w, r2: radius * radius, light_walls };
    // The rays only mark: a cell near the origin is crossed by many of them, and marking
    // twice costs what marking once does. The cells are counted at the end and listed
    // when asked for, from the box the rays reached (`reach`, inclusive corners); the
    // walls they lit go to `walls` for the post-pass.
    let mut reach = (px, py, px, py);
    let mut walls = std::mem::take(&mut out.libtcod.walls);
    walls.clear();
    let bits = out.marks();
    let mut cast = |tx: i64, ty: i64| {
        let ((x, y), wall) = if (tx - px).abs() > (ty - py).abs() {
            rays.cast::<true>(tx, ty, is_opaque, bits)
        } else {
            rays.cast::<false>(tx, ty, is_opaque, bits)
        };
        reach = (reach.0.min(x), reach.1.min(y), reach.2.max(x), reach.3.max(y));
        if wall && light_walls {
            walls.push((y * w + x) as usize);
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
    out.mark_at((py * w + px) as usize);
    let corners = |b: (i64, i64, i64, i64)| (b.0 as i32, b.1 as i32, b.2 as i32, b.3 as i32);
    // Few cells in a large box (a maze's corridors): the post-pass visits them one by one.
    if light_walls && !marked_pays(size, origin, radius, reach, out.count_marked(corners(reach))) {
        out.list_marked(origin, corners(reach));
        postprocess(size, origin, radius, is_opaque, out);
    } else {
        if light_walls {
            reach = postprocess_marked(size, origin, radius, (reach, &walls), is_opaque, out);
        }
        // Counted now, listed when asked for.
        out.defer_list(origin, corners(reach));
    }
    out.libtcod.walls = walls;
}

/// What every ray of one call shares: the origin, the map's width, libtcod's `r²` (`0`
/// unlimited) and the light-walls flag.
struct Rays {
    px: i64,
    py: i64,
    w: i64,
    r2: i64,
    light_walls: bool,
}

impl Rays {
    /// One ray to `(tx, ty)` (`X_MAJOR` when `|dx| > |dy|`): libtcod's Bresenham steps (as
    /// `torchlit_geom::line`), written out so the walk tests nothing but the radius and the
    /// cell, marking the cells it lights in `bits` (the viewshed's). Returns the last cell
    /// it reached (the origin if none) and whether that cell is opaque.
    #[inline]
    fn cast<const X_MAJOR: bool>(
        &self,
        tx: i64,
        ty: i64,
        is_opaque: &impl Fn(Point) -> bool,
        bits: &mut [u64],
    ) -> ((i64, i64), bool) {
        let Rays { px, py, w, r2, light_walls } = *self;
        let (dx, dy) = (tx - px, ty - py);
        let (sx, sy) = (dx.signum(), dy.signum());
        let (major, minor) = if X_MAJOR { (dx.abs(), dy.abs()) } else { (dy.abs(), dx.abs()) };
        let mut error = major;
        let (mut x, mut y) = (px, py);
        let (mut last_x, mut last_y) = (px, py);
        for _ in 0..major {
            error -= 2 * minor;
            let bump = error < 0;
            if X_MAJOR {
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
                break;
            }
            let opaque = is_opaque(Point::new(x as i32, y as i32));
            let index = (y * w + x) as usize;
            bits[index / 64] |= u64::from(light_walls | !opaque) << (index % 64);
            (last_x, last_y) = (x, y);
            if opaque {
                return ((x, y), true);
            }
        }
        ((last_x, last_y), false)
    }
}
