//! libtcod's `FOV_SHADOW`: recursive shadowcasting (`fov_recursive_shadowcasting.c`),
//! Björn Bergström's algorithm ("FOV using recursive shadowcasting", RogueBasin, 2001).
//!
//! Eight octants; in each, rows at growing distance are scanned from the high slope to the
//! low one, a run of floor ended by a wall is cast one row further with the narrowed view,
//! and a wall after floor narrows the view. Slopes are `f32`, computed exactly as libtcod
//! does, so the visible set is libtcod's to the last rounding.

use torchlit_geom::{Point, Size};

use crate::Viewshed;

/// libtcod's octant matrices `{xx, xy, yx, yy}`, in its order.
const OCTANTS: [[i64; 4]; 8] = [
    [1, 0, 0, 1],
    [0, 1, 1, 0],
    [0, -1, 1, 0],
    [-1, 0, 0, 1],
    [-1, 0, 0, -1],
    [0, -1, -1, 0],
    [0, 1, -1, 0],
    [1, 0, 0, -1],
];

/// A pending `cast_light` call: a row's distance and its view's slopes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Row {
    distance: i64,
    high: f32,
    low: f32,
}

/// Recursive shadowcasting into `out` (cleared first); `radius` is libtcod's integer
/// radius, `0` unlimited (libtcod then uses `⌊√(mx² + my²)⌋ + 1` with `mx`, `my` the larger
/// distance to a map edge, which covers the map). A cell is lit when its centre's view
/// interval meets the current view, it is within `dx² + dy² <= r²` and at most `r` rows
/// out, and it is transparent or `light_walls` holds. The origin is always visible.
///
/// libtcod recurses; the rows only mark cells and never read what was marked, so an
/// explicit stack (no depth limit) visits the same rows in another order and lights the
/// same set.
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
    let max_radius = if radius <= 0 {
        let mx = (w - px).max(px);
        let my = (h - py).max(py);
        ((mx * mx + my * my) as f64).sqrt() as i64 + 1
    } else {
        radius
    };
    let r2 = max_radius * max_radius;
    let in_map = |x: i64, y: i64| (0..w).contains(&x) && (0..h).contains(&y);
    let mut stack = std::mem::take(&mut out.libtcod.shadow_rows);
    for [xx, xy, yx, yy] in OCTANTS {
        stack.clear();
        stack.push(Row { distance: 1, high: 1.0, low: 0.0 });
        while let Some(Row { distance, mut high, low }) = stack.pop() {
            if high < low
                || distance > max_radius
                || !in_map(px + distance * xy, py + distance * yy)
            {
                continue;
            }
            let mut prev_blocked = false;
            let d = distance as f32;
            // libtcod walks every angle from `distance` down and skips those whose low
            // slope `(a - ½) / (d + ½)` is above the view's high slope. That slope grows
            // with the angle, so the skipped angles are exactly those above `first`, the
            // highest whose low slope is not above the view (found from an estimate).
            // Later cells skip nothing either: the view's high slope only drops to the
            // low slope of the angle above the current one, still not below theirs.
            let tile_low = |angle: i64| (angle as f32 - 0.5) / (d + 0.5);
            let mut first = distance;
            if distance > 16 {
                // Far out a narrow view skips many angles: start from an estimate.
                first = ((f64::from(high) * f64::from(d + 0.5)) as i64 + 1).clamp(0, distance);
                while first < distance && tile_low(first + 1) <= high {
                    first += 1;
                }
            }
            while first >= 0 && tile_low(first) > high {
                first -= 1;
            }
            for angle in (0..=first).rev() {
                let a = angle as f32;
                let tile_high = (a + 0.5) / (d - 0.5);
                if tile_high < low {
                    break;
                }
                let (x, y) = (px + angle * xx + distance * xy, py + angle * yx + distance * yy);
                if !in_map(x, y) {
                    continue;
                }
                let p = Point::new(x as i32, y as i32);
                let blocked = is_opaque(p);
                if angle * angle + distance * distance <= r2 && (light_walls || !blocked) {
                    out.insert(p);
                }
                if prev_blocked && !blocked {
                    high = (a + 0.5) / (d + 0.5);
                }
                if !prev_blocked && blocked {
                    stack.push(Row { distance: distance + 1, high, low: tile_high });
                }
                prev_blocked = blocked;
            }
            if !prev_blocked {
                stack.push(Row { distance: distance + 1, high, low });
            }
        }
    }
    out.libtcod.shadow_rows = stack;
    out.insert(origin);
}
