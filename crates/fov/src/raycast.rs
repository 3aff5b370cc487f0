//! Raycasting field of view of Trystan's roguelike tutorial (2011, part 08).
//!
//! # Definition, and what a call costs
//!
//! A cell is visible when no cell strictly between it and the origin on their Bresenham
//! line ([`torchlit_geom::line()`], libtcod's) is opaque. Walking every line costs the
//! cells times the line lengths: `O(W·H·max(W, H))` for an unlimited radius, 21 s on an
//! open 4096×1024 map.
//!
//! Instead, a large call first splits the radius' bounding box into blocks of 8×8 cells,
//! marks the blocks holding an opaque cell, and computes each block's Chebyshev distance
//! `k`, in blocks, to the nearest marked one (a two-pass distance transform on a grid 64
//! times smaller than the box). A cell in a block at distance `k >= 1` has no opaque
//! cell within `8(k - 1)` cells, and a line moves one king step per step, so the walk
//! jumps `8(k - 1) + 1` steps at once to a cell given in closed form (after `k` major
//! steps libtcod's error term has made `m_k = ⌊(2bk + a - 1) / 2a⌋` minor steps, `a` and
//! `b` the major and minor deltas); in a marked block it steps cell by cell and asks
//! `is_opaque`. Lines through open ground take a few jumps, lines among walls one step
//! per cell, as before; the visible set is the definition's (a property test compares
//! both walks with it). Small boxes keep the direct walk, which is cheaper there.

use torchlit_geom::{Line, Point, Radius, Size};

use crate::Viewshed;

/// Bounding boxes of at least this many cells use the distance transform.
const TRANSFORM_AREA: i64 = 48 * 48;

/// "No opaque cell in the box": further, in blocks, than any line.
const FAR: u32 = u32::MAX / 16;

/// Blocks are `BLOCK`×`BLOCK` cells, `BLOCK = 1 << SHIFT`.
const SHIFT: u32 = 3;
const BLOCK: i64 = 1 << SHIFT;

/// For every cell within the radius (`dx² + dy² <= r²`, the roguelike tutorial's inclusive rule), casts
/// the Bresenham line ([`torchlit_geom::line()`]) from `origin`; the cell is visible when no
/// cell strictly between the two ends is opaque. The origin is always visible.
///
/// The roguelike tutorial loops `x` over `-r .. r - 1`, which leaves out the east and south edge of the
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
    let mut blocks = std::mem::take(&mut out.libtcod.distance);
    let (cw, ch) = (((bw + BLOCK - 1) >> SHIFT) as usize, ((bh + BLOCK - 1) >> SHIFT) as usize);
    block_distances(&mut blocks, (x0, y0, x1, y1), (cw, ch), is_opaque);
    let jumps = Jumps { blocks: &blocks, cw, corner: (i64::from(x0), i64::from(y0)) };
    for y in y0..=y1 {
        for x in x0..=x1 {
            let p = Point::new(x, y);
            if p != origin && in_radius(p) && jumps.is_clear_between(origin, p, is_opaque) {
                out.insert(p);
            }
        }
    }
    out.libtcod.distance = blocks;
}

/// The block distances of one call (see [`block_distances`]), for walking lines by jumps.
struct Jumps<'a> {
    blocks: &'a [u32],
    /// Blocks per row.
    cw: usize,
    /// The map cell at the corner of block 0.
    corner: (i64, i64),
}

impl Jumps<'_> {
    /// [`is_clear_between`], by jumps over the blocks far from any opaque cell.
    #[inline]
    fn is_clear_between(&self, from: Point, to: Point, is_opaque: &impl Fn(Point) -> bool) -> bool {
        let (ox, oy) = (i64::from(from.x), i64::from(from.y));
        let (dx, dy) = (i64::from(to.x) - ox, i64::from(to.y) - oy);
        let (sx, sy) = (dx.signum(), dy.signum());
        let (ax, ay) = (dx.abs(), dy.abs());
        let x_major = ax > ay;
        let (a, b) = if x_major { (ax, ay) } else { (ay, ax) };
        let two_a = 2 * a;
        // m_k by a float reciprocal, corrected to the exact quotient (the numerator
        // stays below 2^53, so the estimate is off by at most one).
        let inverse = 1.0 / two_a as f64;
        let quotient = |n: i64| {
            let mut q = (n as f64 * inverse) as i64;
            if q * two_a > n {
                q -= 1;
            } else if (q + 1) * two_a <= n {
                q += 1;
            }
            q
        };
        let (bx0, by0) = self.corner;
        let mut k = 1;
        while k < a {
            let m = quotient(2 * b * k + a - 1);
            let (cx, cy) =
                if x_major { (ox + sx * k, oy + sy * m) } else { (ox + sx * m, oy + sy * k) };
            let block = (((cy - by0) >> SHIFT) as usize) * self.cw + ((cx - bx0) >> SHIFT) as usize;
            let far = self.blocks[block];
            if far == 0 {
                if is_opaque(Point::new(cx as i32, cy as i32)) {
                    return false;
                }
                k += 1;
            } else {
                k += i64::from(far - 1) * BLOCK + 1;
            }
        }
        true
    }
}

/// Fills `blocks` (row-major, `cw`×`ch` blocks of [`BLOCK`]² cells from the box's corner)
/// with each block's Chebyshev distance, in blocks, to the nearest block holding an opaque
/// cell of the box (0 for those, [`FAR`] if there is none): the classic two-pass chamfer
/// transform with unit weights, exact for the chessboard metric.
fn block_distances(
    blocks: &mut Vec<u32>,
    (x0, y0, x1, y1): (i32, i32, i32, i32),
    (cw, ch): (usize, usize),
    is_opaque: &impl Fn(Point) -> bool,
) {
    blocks.clear();
    blocks.resize(cw * ch, FAR);
    for y in y0..=y1 {
        let row = ((y - y0) >> SHIFT) as usize * cw;
        for x in x0..=x1 {
            if is_opaque(Point::new(x, y)) {
                blocks[row + ((x - x0) >> SHIFT) as usize] = 0;
            }
        }
    }
    let d = blocks;
    for y in 0..ch {
        for x in 0..cw {
            let i = y * cw + x;
            let mut v = d[i];
            if x > 0 {
                v = v.min(d[i - 1] + 1);
            }
            if y > 0 {
                let up = i - cw;
                v = v.min(d[up] + 1);
                if x > 0 {
                    v = v.min(d[up - 1] + 1);
                }
                if x + 1 < cw {
                    v = v.min(d[up + 1] + 1);
                }
            }
            d[i] = v;
        }
    }
    for y in (0..ch).rev() {
        for x in (0..cw).rev() {
            let i = y * cw + x;
            let mut v = d[i];
            if x + 1 < cw {
                v = v.min(d[i + 1] + 1);
            }
            if y + 1 < ch {
                let down = i + cw;
                v = v.min(d[down] + 1);
                if x + 1 < cw {
                    v = v.min(d[down + 1] + 1);
                }
                if x > 0 {
                    v = v.min(d[down - 1] + 1);
                }
            }
            d[i] = v;
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
