//! Symmetric shadowcasting, visible-set identical to libtcod 2.2.2's
//! `FOV_SYMMETRIC_SHADOWCAST`.
//!
//! Exact integer arithmetic throughout: slopes are fractions `(2c - 1) / (2d)` (or ±1),
//! followed from row to row by integer steps ([`Ray`]), so the result never depends on
//! float rounding and no row divides. libtcod's column range uses
//! `roundf(n·(1 ± FLT_EPSILON))`, which is round-half-away-from-zero at the low end and
//! round-half-toward-zero at the high end; we do the same in integers (Albert Ford's
//! reference code rounds differently and lights fewer walls).
//!
//! # What a call costs
//!
//! The scan is a tree of *row segments* (a quadrant, a depth, a low and a high slope): a
//! segment scans its cells, pushes a child segment one row deeper for every run of floor
//! that a wall ends, and continues one row deeper itself while its last cell is floor.
//! Segments share nothing but the output, which is what makes the two clippings below safe.
//!
//! Every row is clipped, before it is scanned, to the cells that can matter:
//! - to the map: libtcod walks a row's off-map cells and skips them one by one, which costs
//!   the map's extent for an origin near an edge. They are a prefix or a suffix of the
//!   row's columns, and skipping them changes no state but one: a wall right after skipped
//!   cells starts a child, which covers only off-map columns (fact 1 of [`Circle`]: its
//!   high edge has `c <= 0`). So they are cut off outright.
//! - to the radius circle: see [`Circle`] for why cells outside it never change what is
//!   seen inside it.
//!
//! So a call visits only cells inside the circle and on the map (plus O(1) work per
//! segment), never the map's area or the radius' bounding square; the per-cell work is
//! `is_opaque` and a few integer operations, without a data-dependent branch but at the
//! walls that start or end a run. Nothing is allocated once the viewshed's buffers have
//! grown. `reference.rs` keeps the straightforward port, and a property test checks that
//! both find the same cells in the same order.

use torchlit_geom::{Point, Radius, Size};

use crate::Viewshed;
use crate::viewshed::Writer;

#[cfg(test)]
mod reference;

/// A slope followed row by row without dividing (a DDA): at the current depth `d`,
/// `d · slope = q + r / den` with `0 <= r < den`, and one row deeper adds
/// `slope = step_q + step_r / den` (`0 <= step_r < den`).
///
/// Slopes are ±1 or the edge `(2c - 1) / (2d)` of a cell, so every value is exact and the
/// rounding below is libtcod's to the last tie.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Ray {
    q: i64,
    r: i64,
    den: i64,
    step_q: i64,
    step_r: i64,
}

impl Ray {
    /// The slope `sign` (±1) at depth 1.
    const fn diagonal(sign: i64) -> Ray {
        Ray { q: sign, r: 0, den: 1, step_q: sign, step_r: 0 }
    }

    /// The slope through the left edge of column `c` at depth `d`, `(2c - 1) / (2d)`,
    /// at depth `d` (where it is `c - ½`). Needs `|c| <= d`, true of every scanned cell.
    #[inline]
    fn edge(depth: i64, column: i64) -> Ray {
        debug_assert!(column.abs() <= depth);
        let (num, den) = (2 * column - 1, 2 * depth);
        // -den - 1 <= num < den, so ⌊num / den⌋ is -2, -1 or 0.
        let step_q = if num >= 0 {
            0
        } else if num >= -den {
            -1
        } else {
            -2
        };
        Ray { q: column - 1, r: depth, den, step_q, step_r: num - step_q * den }
    }

    /// Moves one row deeper.
    #[inline]
    fn step(&mut self) {
        self.q += self.step_q;
        self.r += self.step_r;
        if self.r >= self.den {
            self.r -= self.den;
            self.q += 1;
        }
    }

    /// This ray one row deeper.
    #[inline]
    fn stepped(mut self) -> Ray {
        self.step();
        self
    }

    /// `d · slope` rounded half away from zero (libtcod's first column of a row).
    #[inline]
    fn round_half_away(&self) -> i64 {
        let twice = 2 * self.r;
        self.q + i64::from(twice > self.den || (twice == self.den && self.q >= 0))
    }

    /// `d · slope` rounded half toward zero (libtcod's last column of a row).
    #[inline]
    fn round_half_toward_zero(&self) -> i64 {
        let twice = 2 * self.r;
        self.q + i64::from(twice > self.den || (twice == self.den && self.q < 0))
    }

    /// `⌈d · slope⌉`: the first column `c` with `c >= d · slope`.
    #[inline]
    fn ceil(&self) -> i64 {
        self.q + i64::from(self.r > 0)
    }

    /// `⌊d · slope⌋`: the last column `c` with `c <= d · slope`.
    #[inline]
    fn floor(&self) -> i64 {
        self.q
    }
}

/// One row segment still to scan (of the quadrant being scanned).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Row {
    depth: i64,
    low: Ray,
    high: Ray,
    /// At least the circle's half-width at `depth` ([`Circle::shrink`] makes it exact).
    half_width: i64,
}

/// One quadrant's geometry for one origin: the cell at `(depth, column)` is
/// `origin + depth · depth_dir + column · column_dir` (libtcod's quadrant table).
#[derive(Clone, Copy, Debug)]
struct Quadrant {
    depth_dir: (i64, i64),
    column_dir: (i64, i64),
    /// The deepest row still on the map.
    last_depth: i64,
    /// The lowest and highest columns on the map: the same at every depth, since columns
    /// run along one axis and depth along the other. `low <= 0 <= high`.
    low: i64,
    high: i64,
}

impl Quadrant {
    /// The four quadrants around `(ox, oy)` in a `w × h` map, in libtcod's order.
    fn around((ox, oy): (i64, i64), (w, h): (i64, i64)) -> [Quadrant; 4] {
        // Cells left of, right of, above and below the origin.
        let (left, right, up, down) = (ox, w - 1 - ox, oy, h - 1 - oy);
        let quadrant = |depth_dir, column_dir, last_depth, low, high| Quadrant {
            depth_dir,
            column_dir,
            last_depth,
            low,
            high,
        };
        [
            quadrant((1, 0), (0, 1), right, -up, down),
            quadrant((0, 1), (1, 0), down, -left, right),
            quadrant((0, -1), (-1, 0), up, -right, left),
            quadrant((-1, 0), (0, -1), left, -down, up),
        ]
    }
}

/// The radius as an exact integer rule: `(dx, dy)` is in range when `dx² + dy² <= max_sq`.
///
/// # Why rows may be clipped to the circle
///
/// In a quadrant, "outside" is monotone: if `(d, c)` is outside then so is every `(d', c')`
/// with `d' >= d` and `|c'| >= |c|`. A row's inside cells are the columns `-k..=k` with
/// `k = half_width(d)`, and its outside cells sit at the two ends. Cutting them off
/// changes nothing inside, because of three facts about a segment at depth `d`:
///
/// 1. A segment never covers a column beyond its slopes (children only narrow them), and
///    at depth `d' > d` the line through an edge `(2c - 1) / (2d)` with `c <= 0` lies
///    strictly below `c - ½`, so it rounds to at most `c - 1`; with `c >= 1` it lies at or
///    above `c - ½`, so every column beyond it is `>= c`.
/// 2. Low end (`c < -k`, scanned before every inside cell). A wall there, or an inside
///    wall at `-k` after an outside floor, pushes a child whose high edge has `c <= -k`:
///    by (1) the child only ever covers columns `<= c - 1 < -k`, all outside. A floor
///    after an outside wall (at `c <= -k`) raises the low slope to `(2c - 1) / (2d)`; without
///    it the low slope stays lower, which (by (1)) only adds columns `< c <= -k` in deeper
///    rows (outside, and cut off there too) and passes the symmetry test (`column >=
///    depth · low`) for every inside cell either way, since those have `column >= -k >= c`.
/// 3. High end (`c > k`, scanned after every inside cell). Their cells cannot change the
///    row's inside cells. An outside wall at `c` after an inside floor pushes the child
///    that carries the inside cells on, with high edge `(2c - 1) / (2d)`; without the cut
///    the segment itself carries them on with its own high slope, which by (1) only adds
///    columns `>= c > k` (outside) and passes the symmetry test for the same inside cells.
///    Segments started by floors after outside walls have a low edge with `c > k` and
///    cover only columns `>= c` (1): outside. Whether the row ends on a wall then only
///    decides whether outside cells are scanned deeper.
///
/// The same facts end a segment early: once its whole column range is beyond `k` (or off
/// the map) on one side, its slopes point away from the origin's column, so every deeper
/// row lies beyond as well.
#[derive(Clone, Copy, Debug)]
struct Circle {
    /// `None`: unlimited.
    max_sq: Option<i64>,
}

impl Circle {
    /// The exact integer form of libtcod's `dx² + dy² < r²` (in `f64`, as
    /// [`Radius::contains`] computes it): the largest `n` with `(n as f64) < r²`.
    fn new(radius: Option<Radius>) -> Circle {
        let max_sq = radius.and_then(|r| {
            let r2 = r.squared();
            if r2 <= 0.0 {
                Some(-1)
            } else if r2 <= (1u64 << 52) as f64 {
                // Every n <= 2^53 converts exactly, so n < r2 iff n <= ⌈r2⌉ - 1; that is
                // ⌊r2⌋ unless r2 is whole (computed without libm's `ceil`).
                let floor = r2 as i64;
                Some(if (floor as f64) < r2 { floor } else { floor - 1 })
            } else if r2 >= 2f64.powi(63) {
                // No offset between two i32 points reaches 2^63: unlimited.
                None
            } else {
                // Huge radii: search the exact boundary of the (monotone) rule.
                let (mut lo, mut hi) = (1i64 << 52, i64::MAX);
                while lo < hi {
                    let mid = lo + (hi - lo + 1) / 2;
                    if (mid as f64) < r2 { lo = mid } else { hi = mid - 1 }
                }
                Some(lo)
            }
        });
        Circle { max_sq }
    }

    /// Whether `dx² + dy² = n` is in range.
    fn contains(self, n: i64) -> bool {
        self.max_sq.is_none_or(|m| n <= m)
    }

    /// The deepest row with a cell in range.
    #[inline]
    fn max_depth(self) -> i64 {
        self.max_sq.map_or(i64::MAX, |m| if m < 0 { -1 } else { isqrt(m) })
    }

    /// The circle's half-width at `depth` (`1 <= depth <= max_depth()`): the largest `|c|`
    /// with `c² + depth² <= max_sq`, from a value `k` that is at least that (the half-width
    /// at a shallower depth, or `max_depth()`). The circle narrows with depth, so counting
    /// down costs O(1) amortised along a segment, and no square root.
    #[inline]
    fn shrink(self, mut k: i64, depth: i64) -> i64 {
        if let Some(m) = self.max_sq {
            let room = m - depth * depth;
            while k * k > room {
                k -= 1;
            }
        }
        k
    }
}

/// `⌊√n⌋` for `n >= 0`, exactly.
#[inline]
fn isqrt(n: i64) -> i64 {
    debug_assert!(n >= 0);
    let n = n as u64;
    // The float estimate is within one of the answer (n < 2^63, so s <= 2^32 and the
    // squares below cannot overflow); fix it in exact integers.
    let mut s = (n as f64).sqrt() as u64;
    while s * s > n {
        s -= 1;
    }
    while (s + 1) * (s + 1) <= n {
        s += 1;
    }
    s as i64
}

/// Computes the symmetric-shadowcasting field of view into `out` (cleared first).
///
/// See [`crate::symmetric`] for the rules; `out` must be sized for `size`.
pub(crate) fn compute<F: Fn(Point) -> bool>(
    size: Size,
    origin: Point,
    radius: Option<Radius>,
    light_walls: bool,
    is_opaque: &F,
    out: &mut Viewshed,
) {
    // Two copies of the scan, so the inner loop tests no run-time flag.
    if light_walls {
        scan::<true, F>(size, origin, radius, is_opaque, out);
    } else {
        scan::<false, F>(size, origin, radius, is_opaque, out);
    }
}

/// [`compute`] with `light_walls` fixed at compile time.
fn scan<const LIGHT_WALLS: bool, F: Fn(Point) -> bool>(
    size: Size,
    origin: Point,
    radius: Option<Radius>,
    is_opaque: &F,
    out: &mut Viewshed,
) {
    out.clear();
    if !size.contains(origin) {
        return;
    }
    let circle = Circle::new(radius);
    let max_depth = circle.max_depth();
    let mut stack = std::mem::take(&mut out.row_stack);
    if (LIGHT_WALLS || !is_opaque(origin)) && circle.contains(0) {
        out.insert(origin);
    }
    if max_depth >= 1 {
        let mut sink = out.writer();
        scan_quadrants::<LIGHT_WALLS, F>(
            size, origin, circle, max_depth, is_opaque, &mut sink, &mut stack,
        );
    }
    out.row_stack = stack;
}

/// The four quadrants of [`scan`] (`max_depth >= 1`).
fn scan_quadrants<const LIGHT_WALLS: bool, F: Fn(Point) -> bool>(
    size: Size,
    origin: Point,
    circle: Circle,
    max_depth: i64,
    is_opaque: &F,
    sink: &mut Writer<'_>,
    stack: &mut Vec<Row>,
) {
    let (w, h) = (i64::from(size.width), i64::from(size.height));
    let (ox, oy) = (i64::from(origin.x), i64::from(origin.y));
    let width = size.width as usize;
    // The first rows' half-width, from max_depth's root: √(m - 1) is √m or one less.
    let first_half_width = circle.shrink(max_depth, 1);

    stack.clear();
    // libtcod pushes the four first rows on its stack, so scans quadrant 3 first.
    for q in Quadrant::around((ox, oy), (w, h)).iter().rev() {
        let last_depth = q.last_depth.min(max_depth);
        let (dx, dy) = (q.column_dir.0 as i32, q.column_dir.1 as i32);
        // Moving one column moves the map index by this much.
        let column_step = (q.column_dir.1 * w + q.column_dir.0) as isize;
        let mut next = Some(Row {
            depth: 1,
            low: Ray::diagonal(-1),
            high: Ray::diagonal(1),
            half_width: first_half_width,
        });
        while let Some(mut row) = next.take().or_else(|| stack.pop()) {
            while row.depth <= last_depth {
                let depth = row.depth;
                // libtcod's columns: [round_half_away(d·low), round_half_toward_zero(d·high)].
                let column_min = row.low.round_half_away();
                let column_max = row.high.round_half_toward_zero();
                // The symmetry test `low <= c/d <= high` holds exactly on [ceil(d·low),
                // floor(d·high)]; it can only fail at the row's two ends. (A low slope
                // raised mid-row, to `(2c - 1) / (2d)` at column c, passes every later
                // column anyway.)
                let symmetric_min = row.low.ceil();
                let symmetric_max = row.high.floor();

                // Clip to the map and the circle (see `Circle` and the module docs).
                row.half_width = circle.shrink(row.half_width, depth);
                let k = row.half_width;
                let (lo_bound, hi_bound) = ((-k).max(q.low), k.min(q.high));
                if column_min > hi_bound || column_max < lo_bound {
                    break; // Wholly beyond, and deeper rows are further beyond.
                }
                let first = column_min.max(lo_bound);
                let last = column_max.min(hi_bound);

                // Walk the row from `first`: the point and its map index (in bounds by
                // the clipping above, so the casts are lossless).
                let mut x = (ox + depth * q.depth_dir.0 + first * q.column_dir.0) as i32;
                let mut y = (oy + depth * q.depth_dir.1 + first * q.column_dir.1) as i32;
                let mut index = y as usize * width + x as usize;
                let mut found = sink.row((last - first + 1).max(0) as usize);
                let mut prev_is_wall = false;
                for column in first..=last {
                    let p = Point::new(x, y);
                    let is_wall = is_opaque(p);
                    // Non-short-circuit `&`/`|`: plain arithmetic, no guessing.
                    let symmetric = (symmetric_min <= column) & (column <= symmetric_max);
                    let visible =
                        if LIGHT_WALLS { is_wall | symmetric } else { !is_wall & symmetric };
                    // Only the diagonals are scanned twice (by two quadrants): every other
                    // cell belongs to one quadrant, whose segments never overlap (two
                    // split at depth d by a wall have slopes at least 1/d apart, so more
                    // than a column apart deeper down).
                    let shared = (column == depth) | (column == -depth);
                    found.insert_if(index, p, visible, shared);
                    if is_wall != prev_is_wall {
                        prev_is_wall = is_wall;
                        if !is_wall {
                            // Wall then floor: the low slope rises to this cell's left edge.
                            row.low = Ray::edge(depth, column);
                        } else if column != first {
                            // Floor then wall: the floor run goes on one row deeper, under
                            // this wall's left edge.
                            stack.push(Row {
                                depth: depth + 1,
                                low: row.low.stepped(),
                                high: Ray::edge(depth, column).stepped(),
                                half_width: k,
                            });
                        }
                    }
                    x += dx;
                    y += dy;
                    index = index.wrapping_add_signed(column_step);
                }
                found.finish();
                if prev_is_wall {
                    break;
                }
                row.depth += 1;
                row.low.step();
                row.high.step();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use proptest::prelude::*;

    use super::*;

    /// The reference's rounding, from which `compute` derives its own.
    fn round_half_away(a: i64, b: i64) -> i64 {
        reference::round_half_away(a, b)
    }

    fn round_half_toward_zero(a: i64, b: i64) -> i64 {
        reference::round_half_toward_zero(a, b)
    }

    #[test]
    fn rounding_matches_libtcod_quirks() {
        // Ties: away from zero at the low end, toward zero at the high end.
        assert_eq!(round_half_away(5, 2), 3);
        assert_eq!(round_half_away(-5, 2), -3);
        assert_eq!(round_half_toward_zero(5, 2), 2);
        assert_eq!(round_half_toward_zero(-5, 2), -2);
        // Non-ties round to nearest.
        assert_eq!(round_half_away(7, 3), 2);
        assert_eq!(round_half_away(-7, 3), -2);
        assert_eq!(round_half_toward_zero(8, 3), 3);
        assert_eq!(round_half_toward_zero(-8, 3), -3);
        assert_eq!(round_half_toward_zero(0, 3), 0);
        assert_eq!(round_half_away(0, 3), 0);
        assert_eq!(round_half_toward_zero(-3, 1), -3);
        assert_eq!(round_half_away(-3, 1), -3);
    }

    #[test]
    fn rays_round_like_the_reference_at_every_depth() {
        let check = |ray: &mut Ray, num: i64, den: i64, from: i64| {
            for depth in from..from + 40 {
                let a = depth * num;
                assert_eq!((ray.den, ray.q * ray.den + ray.r), (den, a), "{num}/{den} at {depth}");
                assert!((0..ray.den).contains(&ray.r));
                assert_eq!(ray.round_half_away(), round_half_away(a, den), "{a}/{den}");
                assert_eq!(ray.round_half_toward_zero(), round_half_toward_zero(a, den));
                assert_eq!(ray.ceil(), a.div_euclid(den) + i64::from(a.rem_euclid(den) > 0));
                assert_eq!(ray.floor(), a.div_euclid(den));
                ray.step();
            }
        };
        check(&mut Ray::diagonal(1), 1, 1, 1);
        check(&mut Ray::diagonal(-1), -1, 1, 1);
        for depth in 1..30 {
            for column in -depth..=depth {
                check(&mut Ray::edge(depth, column), 2 * column - 1, 2 * depth, depth);
            }
        }
    }

    #[test]
    fn circle_is_the_float_rule_exactly() {
        for tenths in 0..400 {
            let r = Radius::new(f64::from(tenths) / 10.0).expect("radius");
            let c = Circle::new(Some(r));
            for n in 0..2000 {
                assert_eq!(c.contains(n), (n as f64) < r.squared(), "r={r} n={n}");
            }
            let d = c.max_depth();
            assert!(c.contains(d * d) || d < 0 || (d == 0 && !c.contains(0)));
            for depth in 1..=d {
                let k = c.shrink(d, depth);
                assert!(c.contains(k * k + depth * depth));
                assert!(!c.contains((k + 1) * (k + 1) + depth * depth));
            }
        }
        // Huge radii, where `n as f64` rounds: still exactly the float rule.
        for r in [1e9, 1.0e8 + 0.5, 2.9e9] {
            let r2 = Radius::new(r).expect("radius").squared();
            let m = Circle::new(Radius::new(r).ok()).max_sq.expect("limited");
            assert!((m as f64) < r2 && ((m + 1) as f64) >= r2, "r={r} m={m}");
        }
        assert_eq!(Circle::new(Radius::new(3.1e9).ok()).max_sq, None);
        assert_eq!(isqrt(i64::MAX), 3_037_000_499);
        assert_eq!(isqrt(0), 0);
        assert_eq!(isqrt(15), 3);
        assert_eq!(isqrt(16), 4);
    }

    /// The cost of a call follows the cells it can see: `is_opaque` is asked only about
    /// cells on the map and inside the circle (the diagonals twice), never about the
    /// radius' bounding square or the rest of the map.
    #[test]
    fn asks_only_about_cells_inside_the_circle_and_the_map() {
        let size = Size::new(300, 200);
        for (origin, r) in [((0, 0), 10.0), ((150, 100), 10.0), ((299, 5), 40.5), ((3, 150), 0.5)] {
            let origin = Point::new(origin.0, origin.1);
            let radius = Radius::new(r).expect("radius");
            let asked = Cell::new(0usize);
            let open = |_: Point| {
                asked.set(asked.get() + 1);
                false
            };
            let mut seen = Viewshed::new(size);
            compute(size, origin, Some(radius), true, &open, &mut seen);
            let inside = (0..size.area())
                .map(|i| size.point_at(i))
                .filter(|&p| radius.contains(origin.offset_to(p)))
                .count();
            assert_eq!(seen.len(), inside, "open map: everything in range is seen");
            assert!(asked.get() <= inside + 4 * r as usize, "asked {} for {inside}", asked.get());
        }
        // Walled in, in a large map, with no radius: the eight neighbours (the four
        // diagonal ones twice), nothing else (with lit walls the origin is not asked).
        let size = Size::new(2000, 2000);
        let origin = Point::new(1000, 1000);
        let asked = Cell::new(0usize);
        let walled_in = |p: Point| {
            asked.set(asked.get() + 1);
            p != origin
        };
        let mut seen = Viewshed::new(size);
        compute(size, origin, None, true, &walled_in, &mut seen);
        assert_eq!(seen.len(), 9);
        assert_eq!(asked.get(), 12);
    }

    /// A random map (`w × h`, up to `max` a side), origin, radius and light-walls flag.
    fn case(max: u32) -> impl Strategy<Value = (Size, Vec<bool>, Point, Option<Radius>, bool)> {
        (1..max, 1..max, 0u32..70).prop_flat_map(move |(w, h, density)| {
            (
                Just(Size::new(w, h)),
                proptest::collection::vec(
                    proptest::bool::weighted(f64::from(density) / 100.0),
                    (w * h) as usize,
                ),
                (0..w as i32, 0..h as i32).prop_map(|(x, y)| Point::new(x, y)),
                prop_oneof![
                    Just(None),
                    (0..4 * max).prop_map(|r| Radius::new(f64::from(r) / 4.0).ok()),
                ],
                any::<bool>(),
            )
        })
    }

    /// Runs both scans on one case; they must find the same cells in the same order.
    fn same_as_reference(
        (size, cells, origin, radius, light_walls): (Size, Vec<bool>, Point, Option<Radius>, bool),
    ) -> Result<(), TestCaseError> {
        let opaque = |p: Point| cells[p.y as usize * size.width as usize + p.x as usize];
        let mut fast = Viewshed::new(size);
        // Twice into the same viewshed: reuse must not leak the first result.
        compute(size, origin, radius, !light_walls, &opaque, &mut fast);
        compute(size, origin, radius, light_walls, &opaque, &mut fast);
        let mut slow = Viewshed::new(size);
        reference::compute(size, origin, radius, light_walls, &opaque, &mut slow);
        prop_assert_eq!(fast.as_slice(), slow.as_slice());
        for p in (0..size.area()).map(|i| size.point_at(i)) {
            prop_assert_eq!(fast.contains(p), slow.contains(p), "{}", p);
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// The clipped, optimised scan sees exactly what the straightforward port of
        /// libtcod (`reference`, which walks every cell of every row) sees.
        #[test]
        fn equals_the_reference(case in case(40)) {
            same_as_reference(case)?;
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// The same on larger maps (long rows clipped by the map edges, large radii).
        #[test]
        fn equals_the_reference_on_larger_maps(case in case(150)) {
            same_as_reference(case)?;
        }
    }
}
