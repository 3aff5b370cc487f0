//! Raycasting field of view of seed 004 (roguelike tutorial part 08).
//!
//! # Definition, and what a call costs
//!
//! A cell is visible when no cell strictly between it and the origin on their Bresenham
//! line ([`torchlit_geom::line()`], libtcod's) is opaque. Walking every line costs the
//! cells times the line lengths: `O(W·H·max(W, H))` for an unlimited radius, 21 s on an
//! open 4096×1024 map.
//!
//! Instead, a large call first computes, for every cell of the radius' bounding box, the
//! Chebyshev distance `D` to the nearest opaque cell of the box (a two-pass distance
//! transform, `O(box)`). A line moves one king step per step, so after a transparent cell
//! at distance `D` the next `D - 1` cells of the line are transparent: the walk jumps `D`
//! steps at once, to a cell given in closed form (after `k` major steps libtcod's error
//! term has made `m_k = ⌊(2bk + a - 1) / 2a⌋` minor steps, `a` and `b` the major and minor
//! deltas). Lines through open ground take a few jumps, lines along walls one step each,
//! as before; the visible set is the definition's (a property test compares both).
//! Small boxes keep the direct walk, which is cheaper there than the transform.

use torchlit_geom::{Line, Point, Radius, Size};

use crate::Viewshed;

/// Bounding boxes of at least this many cells use the distance transform.
const TRANSFORM_AREA: i64 = 48 * 48;

/// "No opaque cell in the box": larger than any line.
const FAR: u32 = u32::MAX / 2;

/// For every cell within the radius (`dx² + dy² <= r²`, seed 004's inclusive rule), casts
/// the Bresenham line ([`torchlit_geom::line()`]) from `origin`; the cell is visible when no
/// cell strictly between the two ends is opaque. The origin is always visible.
///
/// Seed 004 loops `x` over `-r .. r - 1`, which leaves out the east and south edge of the
/// disc; we take the whole disc, symmetric in all four directions.
/// `None` radius casts to every cell of the map.
pub(crate) fn compute(
    size: Size,
    origin: Point,
    radius: Option<Radius>,
    is_opaque: &impl Fn(Point) -> bool,
    out: &mut Viewshed,
) {
    compute_with(size, origin, radius, is_opaque, out, None);
}

/// [`compute`], with the choice of walk forced (`Some(true)`: distance transform) for tests.
fn compute_with(
    size: Size,
    origin: Point,
    radius: Option<Radius>,
    is_opaque: &impl Fn(Point) -> bool,
    out: &mut Viewshed,
    transform: Option<bool>,
) {
    out.clear();
    if !size.contains(origin) {
        return;
    }
    let (x0, y0, x1, y1) = match radius {
        Some(r) => {
            let reach = r.reach();
            (
                origin.x.saturating_sub(reach).max(0),
                origin.y.saturating_sub(reach).max(0),
                origin.x.saturating_add(reach).min(size.width as i32 - 1),
                origin.y.saturating_add(reach).min(size.height as i32 - 1),
            )
        }
        None => (0, 0, size.width as i32 - 1, size.height as i32 - 1),
    };
    out.insert(origin);
    let (bw, bh) = (i64::from(x1 - x0 + 1), i64::from(y1 - y0 + 1));
    let in_radius = |p: Point| radius.is_none_or(|r| r.contains_inclusive(origin.offset_to(p)));
    if !transform.unwrap_or(bw * bh >= TRANSFORM_AREA) {
        for y in y0..=y1 {
            for x in x0..=x1 {
                let p = Point::new(x, y);
                if in_radius(p) && is_clear_between(origin, p, is_opaque) {
                    out.insert(p);
                }
            }
        }
        return;
    }
    let mut dist = std::mem::take(&mut out.libtcod.distance);
    distance_transform(&mut dist, (x0, y0), (bw as usize, bh as usize), is_opaque);
    let at = |x: i64, y: i64| dist[((y - i64::from(y0)) * bw + (x - i64::from(x0))) as usize];
    let (ox, oy) = (i64::from(origin.x), i64::from(origin.y));
    for y in y0..=y1 {
        for x in x0..=x1 {
            let p = Point::new(x, y);
            if p == origin || !in_radius(p) {
                continue;
            }
            let (dx, dy) = (i64::from(x) - ox, i64::from(y) - oy);
            let (sx, sy) = (dx.signum(), dy.signum());
            let (ax, ay) = (dx.abs(), dy.abs());
            let x_major = ax > ay;
            let (a, b) = if x_major { (ax, ay) } else { (ay, ax) };
            let mut k = 1;
            let mut clear = true;
            while k < a {
                let m = (2 * b * k + a - 1) / (2 * a);
                let (cx, cy) =
                    if x_major { (ox + sx * k, oy + sy * m) } else { (ox + sx * m, oy + sy * k) };
                let d = at(cx, cy);
                if d == 0 {
                    clear = false;
                    break;
                }
                k += i64::from(d);
            }
            if clear {
                out.insert(p);
            }
        }
    }
    out.libtcod.distance = dist;
}

/// Fills `dist` (row-major over the `w`×`h` box at `corner`) with each cell's Chebyshev
/// distance to the nearest opaque cell of the box ([`FAR`] if none): the classic two-pass
/// chamfer transform with unit weights, exact for the chessboard metric.
fn distance_transform(
    dist: &mut Vec<u32>,
    (x0, y0): (i32, i32),
    (w, h): (usize, usize),
    is_opaque: &impl Fn(Point) -> bool,
) {
    dist.clear();
    dist.resize(w * h, FAR);
    for y in 0..h {
        for x in 0..w {
            let i = y * w + x;
            if is_opaque(Point::new(x0 + x as i32, y0 + y as i32)) {
                dist[i] = 0;
                continue;
            }
            let mut d = dist[i];
            if x > 0 {
                d = d.min(dist[i - 1] + 1);
            }
            if y > 0 {
                let up = i - w;
                d = d.min(dist[up] + 1);
                if x > 0 {
                    d = d.min(dist[up - 1] + 1);
                }
                if x + 1 < w {
                    d = d.min(dist[up + 1] + 1);
                }
            }
            dist[i] = d;
        }
    }
    for y in (0..h).rev() {
        for x in (0..w).rev() {
            let i = y * w + x;
            let mut d = dist[i];
            if d == 0 {
                continue;
            }
            if x + 1 < w {
                d = d.min(dist[i + 1] + 1);
            }
            if y + 1 < h {
                let down = i + w;
                d = d.min(dist[down] + 1);
                if x + 1 < w {
                    d = d.min(dist[down + 1] + 1);
                }
                if x > 0 {
                    d = d.min(dist[down - 1] + 1);
                }
            }
            dist[i] = d;
        }
    }
}

/// Whether no cell strictly between `from` and `to` on their Bresenham line is opaque.
#[inline]
pub(crate) fn is_clear_between(from: Point, to: Point, is_opaque: &impl Fn(Point) -> bool) -> bool {
    let mut line = Line::new(from, to);
    line.next();
    for p in line {
        if p == to {
            return true;
        }
        if is_opaque(p) {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The definition, cell by cell: every cell in the radius whose line is clear.
    fn definition(size: Size, origin: Point, radius: Option<Radius>, cells: &[bool]) -> Vec<bool> {
        let opaque = |p: Point| cells[size.index_of(p).expect("on the map")];
        (0..size.area())
            .map(|i| {
                let p = size.point_at(i);
                p == origin
                    || (radius.is_none_or(|r| r.contains_inclusive(origin.offset_to(p)))
                        && is_clear_between(origin, p, &opaque))
            })
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Both walks, on maps of every density, find exactly the definition's cells.
        #[test]
        fn both_walks_equal_the_definition(
            w in 1u32..70, h in 1u32..70, density in 0u32..60, seed: u64,
            ox in 0u32..70, oy in 0u32..70, r in proptest::option::of(0u32..80),
        ) {
            let size = Size::new(w, h);
            let mut state = seed | 1;
            let cells: Vec<bool> = (0..size.area())
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    state % 100 < u64::from(density)
                })
                .collect();
            let origin = Point::new((ox % w) as i32, (oy % h) as i32);
            let radius = r.map(|r| Radius::new(f64::from(r) / 2.0).expect("radius"));
            let want = definition(size, origin, radius, &cells);
            let opaque = |p: Point| cells[size.index_of(p).expect("on the map")];
            for transform in [false, true] {
                let mut seen = Viewshed::new(size);
                compute_with(size, origin, radius, &opaque, &mut seen, Some(transform));
                let got: Vec<bool> = (0..size.area()).map(|i| seen.contains(size.point_at(i))).collect();
                prop_assert_eq!(&got, &want, "transform {}", transform);
            }
        }
    }

    #[test]
    fn a_wall_far_along_an_open_line_still_blocks() {
        // One pillar in a long open row: the jump must land on it, not over it.
        let size = Size::new(300, 3);
        let opaque = |p: Point| p == Point::new(250, 1);
        let mut seen = Viewshed::new(size);
        compute_with(size, Point::new(0, 1), None, &opaque, &mut seen, Some(true));
        assert!(seen.contains(Point::new(250, 1)));
        assert!(!seen.contains(Point::new(251, 1)));
        assert!(!seen.contains(Point::new(299, 1)));
        assert!(seen.contains(Point::new(299, 0)));
    }
}
