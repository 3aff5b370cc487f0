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
    let scan = Scan::new(size, origin, radius, light_walls);
    let mut stack = std::mem::take(&mut out.libtcod.shadow_rows);
    for octant in OCTANTS {
        stack.clear();
        stack.push(Row { distance: 1, high: 1.0, low: 0.0 });
        while let Some(row) = stack.pop() {
            scan.row(octant, row, is_opaque, out, &mut stack);
        }
    }
    out.libtcod.shadow_rows = stack;
    out.insert(origin);
}

/// What every row of one call shares.
struct Scan {
    w: i64,
    h: i64,
    px: i64,
    py: i64,
    max_radius: i64,
    r2: i64,
    light_walls: bool,
}

impl Scan {
    fn new(size: Size, origin: Point, radius: i64, light_walls: bool) -> Scan {
        let (w, h) = (i64::from(size.width), i64::from(size.height));
        let (px, py) = (i64::from(origin.x), i64::from(origin.y));
        let max_radius = if radius <= 0 {
            let mx = (w - px).max(px);
            let my = (h - py).max(py);
            ((mx * mx + my * my) as f64).sqrt() as i64 + 1
        } else {
            radius
        };
        Scan { w, h, px, py, max_radius, r2: max_radius * max_radius, light_walls }
    }

    fn in_map(&self, x: i64, y: i64) -> bool {
        (0..self.w).contains(&x) && (0..self.h).contains(&y)
    }

    /// The highest angle of row `distance` whose cell is on the map, given that the cell
    /// of angle 0 (`(bx, by)`) is: the angles on the map are `0..=` it, so libtcod's
    /// skipping of off-map cells (which changes nothing else) is a shorter loop here.
    fn last_on_map(&self, [xx, _, yx, _]: [i64; 4], (bx, by): (i64, i64)) -> i64 {
        let limit = |step: i64, base: i64, len: i64| match step {
            1 => len - 1 - base,
            -1 => base,
            _ => i64::MAX,
        };
        limit(xx, bx, self.w).min(limit(yx, by, self.h))
    }

    /// Scans one row of the octant `[xx, xy, yx, yy]` from the high angle down, lighting
    /// its cells and pushing the rows one further that the views left open reach.
    fn row(
        &self,
        octant: [i64; 4],
        Row { distance, mut high, low }: Row,
        is_opaque: &impl Fn(Point) -> bool,
        out: &mut Viewshed,
        stack: &mut Vec<Row>,
    ) {
        let [xx, xy, yx, yy] = octant;
        let (bx, by) = (self.px + distance * xy, self.py + distance * yy);
        if high < low || distance > self.max_radius || !self.in_map(bx, by) {
            return;
        }
        let mut prev_blocked = false;
        let d = distance as f32;
        let first = first_angle(distance, high).min(self.last_on_map(octant, (bx, by)));
        let d2 = distance * distance;
        for angle in (0..=first).rev() {
            let a = angle as f32;
            let tile_high = (a + 0.5) / (d - 0.5);
            if tile_high < low {
                break;
            }
            let (x, y) = (bx + angle * xx, by + angle * yx);
            let p = Point::new(x as i32, y as i32);
            let blocked = is_opaque(p);
            if angle * angle + d2 <= self.r2 && (self.light_walls || !blocked) {
                out.insert_at((y * self.w + x) as usize, p);
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

/// The highest angle of row `distance` that libtcod does not skip for a view whose high
/// slope is `high`, or -1.
///
/// libtcod walks every angle from `distance` down and skips those whose low slope
/// `(a - ½) / (d + ½)` is above the view's high slope. That slope grows with the angle, so
/// the skipped angles are exactly those above the highest whose low slope is not above
/// the view (found from an estimate). Later cells skip nothing either: the view's high
/// slope only drops to the low slope of the angle above the current one, still not below
/// theirs.
fn first_angle(distance: i64, high: f32) -> i64 {
    let d = distance as f32;
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
    first
}
