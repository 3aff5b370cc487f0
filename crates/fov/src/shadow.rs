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
    /// The highest angle of the row whose low slope is not above `high`: libtcod's first
    /// cell but for the map's edge (rows up to [`INCREMENTAL_ROWS`]; further rows work it
    /// out from `high`).
    first: i32,
    /// The lowest angle of the row whose high slope is not below `low` (rows up to
    /// [`INCREMENTAL_ROWS`]).
    stop: i32,
}

/// The rows whose first and last angles come from the row before (one slope comparison
/// each, there); further rows work them out from their slopes. The derivations need
/// neighbouring cells' slopes to differ by more than `f32` rounding, as they do by far
/// in these rows (by at least `1 / (distance + 1)` of a slope below 1).
const INCREMENTAL_ROWS: i64 = 1 << 16;

impl Row {
    /// The row one further than row `distance` for the view `[low, high]`, whose first
    /// angle in row `distance` is `first` and last `stop`.
    #[inline(always)]
    fn continued(distance: i64, high: f32, low: f32, first: i64, stop: i64) -> Row {
        let (first, stop) = (next_first(first, high, distance), next_stop(stop, low, distance));
        Row { distance: distance + 1, high, low, first, stop }
    }
}

/// Recursive shadowcasting into `out` (cleared first); `radius` is libtcod's integer
/// radius, `0` unlimited (libtcod then uses `⌊√(mx² + my²)⌋ + 1` with `mx`, `my` the larger
/// distance to a map edge, which covers the map). A cell is lit when its centre's view
/// interval meets the current view, it is within `dx² + dy² <= r²` and at most `r` rows
/// out, and it is transparent or `light_walls` holds. The origin is always visible.
///
/// libtcod recurses; the rows only mark cells and never read what was marked, so an
/// explicit stack (no depth limit) visits the same rows in another order and lights the
/// same set. The rows only set the viewshed's bits (a cell on an octant's edge is found
/// twice, and setting a bit twice costs what setting it once does); the cells are counted
/// at the end, and listed (the origin, then row-major) when asked for, from the box the
/// octants reached.
///
/// Unlike libtcod, a row is not scanned past the radius: a row's cells out of the radius
/// are its highest angles, and skipping them changes no cell within it. A wall `w` out of
/// the radius casts a view whose cells further out have angles of at least `w` (its
/// slopes only grow), so out of the radius too; the view a wall there would narrow keeps
/// its part above that wall, whose cells are out of the radius as well; and whether the
/// first cell within the radius follows a wall only decides whether such a view is cast.
/// `tests/shadow_reference.rs` checks this against a line-by-line port of libtcod's code.
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
    // How far each side of the origin the octants reached: left, up, right, down.
    let mut reach = [0i64; 4];
    let bits = out.marks();
    // Each octant's code is compiled with its matrix as constants.
    let deepest = [
        scan.octant::<0>(is_opaque, bits, &mut stack),
        scan.octant::<1>(is_opaque, bits, &mut stack),
        scan.octant::<2>(is_opaque, bits, &mut stack),
        scan.octant::<3>(is_opaque, bits, &mut stack),
        scan.octant::<4>(is_opaque, bits, &mut stack),
        scan.octant::<5>(is_opaque, bits, &mut stack),
        scan.octant::<6>(is_opaque, bits, &mut stack),
        scan.octant::<7>(is_opaque, bits, &mut stack),
    ];
    for ([xx, xy, yx, yy], deepest) in OCTANTS.into_iter().zip(deepest) {
        // The octant's cells are `a·(xx, yx) + d·(xy, yy)` from the origin, `0 <= a <= d`.
        let (sx, sy) = (xx + xy, yx + yy);
        let side = |sign: i64, negative: usize| if sign < 0 { negative } else { negative + 2 };
        reach[side(sx, 0)] = reach[side(sx, 0)].max(deepest);
        reach[side(sy, 1)] = reach[side(sy, 1)].max(deepest);
    }
    out.libtcod.shadow_rows = stack;
    out.mark_at(scan.index(scan.px, scan.py));
    let [left, up, right, down] = reach;
    let corners = (
        (scan.px - left).max(0) as i32,
        (scan.py - up).max(0) as i32,
        (scan.px + right).min(scan.w - 1) as i32,
        (scan.py + down).min(scan.h - 1) as i32,
    );
    out.defer_list(origin, corners);
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
    /// `inside[d]` is the highest angle of row `d` within the radius (`a² + d² <= r²`),
    /// for the rows up to [`INSIDE_ROWS`] (further rows take a square root).
    inside: [u8; INSIDE_ROWS as usize + 1],
}

/// The rows whose highest angle within the radius is kept in a table.
const INSIDE_ROWS: i64 = 63;

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
        let r2 = max_radius * max_radius;
        let mut inside = [0; INSIDE_ROWS as usize + 1];
        if max_radius <= INSIDE_ROWS {
            // The highest angle only drops as the rows go out.
            let mut angle = max_radius;
            for (d, highest) in (0..=max_radius).zip(&mut inside) {
                while angle * angle + d * d > r2 {
                    angle -= 1;
                }
                *highest = angle as u8;
            }
        }
        Scan { w, h, px, py, max_radius, r2, light_walls, inside }
    }

    /// The highest angle of row `distance` (at most the radius) within the radius.
    #[inline]
    fn highest_inside(&self, distance: i64) -> i64 {
        if self.max_radius <= INSIDE_ROWS {
            i64::from(self.inside[distance as usize])
        } else {
            isqrt(self.r2 - distance * distance)
        }
    }

    #[inline]
    fn in_map(&self, x: i64, y: i64) -> bool {
        (0..self.w).contains(&x) && (0..self.h).contains(&y)
    }

    /// Scans octant `OCTANTS[O]`, marking its lit cells in `bits`; returns the distance of
    /// its furthest scanned row (0 if none).
    fn octant<const O: usize>(
        &self,
        is_opaque: &impl Fn(Point) -> bool,
        bits: &mut [u64],
        stack: &mut Vec<Row>,
    ) -> i64 {
        stack.clear();
        let mut deepest = 0;
        // A row's continuation (its view left open at its end) would be pushed last and
        // popped next: it is scanned at once instead, in the same order.
        let mut next = Some(Row { distance: 1, high: 1.0, low: 0.0, first: 1, stop: 0 });
        while let Some(row) = next.take().or_else(|| stack.pop()) {
            next = self.row(OCTANTS[O], row, is_opaque, bits, stack, &mut deepest);
        }
        deepest
    }

    /// The row-major index of `(x, y)`, a cell of the map.
    #[inline]
    fn index(&self, x: i64, y: i64) -> usize {
        (y * self.w + x) as usize
    }

    /// The highest angle of row `distance` whose cell is on the map, given that the cell
    /// of angle 0 (`(bx, by)`) is: the angles on the map are `0..=` it, so libtcod's
    /// skipping of off-map cells (which changes nothing else) is a shorter loop here.
    #[inline]
    fn last_on_map(&self, [xx, _, yx, _]: [i64; 4], (bx, by): (i64, i64)) -> i64 {
        let limit = |step: i64, base: i64, len: i64| match step {
            1 => len - 1 - base,
            -1 => base,
            _ => i64::MAX,
        };
        limit(xx, bx, self.w).min(limit(yx, by, self.h))
    }

    /// Scans one row of the octant `[xx, xy, yx, yy]` from the high angle down, marking
    /// its lit cells in `bits` (the viewshed's) and pushing the rows one further that the
    /// views closed by a wall leave open; returns the row one further that the view open
    /// at its end reaches, if any. `deepest` becomes at least the row's distance if it
    /// scanned a cell.
    ///
    /// The rows one further get their first and last angles from this row's: for a view
    /// `[low, high]` whose first angle here is `f` and last `s` (`s < distance`, as
    /// `low <= 1`), the next row's first is `f` or `f + 1` and its last `s` or `s + 1`
    /// (one comparison each); a wall at `w` casts a view whose last angle is `w + 1`; a
    /// wall at `a + 1` over floor narrows the view to first angle `a + 1` here.
    #[inline(always)]
    fn row(
        &self,
        octant: [i64; 4],
        Row { distance, mut high, low, first, stop }: Row,
        is_opaque: &impl Fn(Point) -> bool,
        bits: &mut [u64],
        stack: &mut Vec<Row>,
        deepest: &mut i64,
    ) -> Option<Row> {
        let [xx, xy, yx, yy] = octant;
        let (bx, by) = (self.px + distance * xy, self.py + distance * yy);
        if high < low || distance > self.max_radius || !self.in_map(bx, by) {
            return None;
        }
        let (view_first, stop) = if distance <= INCREMENTAL_ROWS {
            (i64::from(first), i64::from(stop))
        } else {
            (first_angle(distance, high), stop_angle(distance, low, distance))
        };
        let d = distance as f32;
        let first = view_first.min(self.last_on_map(octant, (bx, by)));
        // The cells from `first` down to `stop` are those libtcod scans before a cell's
        // high slope drops below the view's low one.
        if stop > first {
            // Nothing scanned: the view is open at the (empty) row's end.
            return Some(Row::continued(distance, high, low, view_first, stop));
        }
        // The cells at angles with `angle² + distance² > r²` are out of the radius: never
        // lit, and not scanned either (why that changes nothing: [`compute`]).
        let first = first.min(self.highest_inside(distance));
        if first < stop {
            // Every cell this view reaches, in this row and beyond, is out of the radius.
            return None;
        }
        *deepest = (*deepest).max(distance);
        let step = xx + yx * self.w;
        let (mut x, mut y) = (bx + first * xx, by + first * yx);
        let mut index = self.index(x, y) as i64;
        let mut prev_blocked = false;
        // The view's first angle in this row, as it narrows.
        let mut view_first = view_first;
        let mut marks = Marks { bits, word: index as usize / 64, pending: 0 };
        let mut angle = first;
        while angle >= stop {
            let blocked = is_opaque(Point::new(x as i32, y as i32));
            marks.set(yx != 0, index as usize, self.light_walls | !blocked);
            if prev_blocked != blocked {
                let a = angle as f32;
                if blocked {
                    stack.push(Row {
                        distance: distance + 1,
                        high,
                        low: (a + 0.5) / (d - 0.5),
                        first: next_first(view_first, high, distance),
                        stop: angle as i32 + 1,
                    });
                } else {
                    high = (a + 0.5) / (d + 0.5);
                    view_first = angle + 1;
                }
            }
            prev_blocked = blocked;
            index -= step;
            x -= xx;
            y -= yx;
            angle -= 1;
        }
        marks.flush();
        (!prev_blocked).then(|| Row::continued(distance, high, low, view_first, stop))
    }
}

/// The first angle of row `distance + 1` for a view whose high slope is `high` and whose
/// first angle in row `distance` is `first` (see [`Scan::row`]).
#[inline(always)]
fn next_first(first: i64, high: f32, distance: i64) -> i32 {
    (first + i64::from(tile_low(first + 1, distance + 1) <= high)) as i32
}

/// The last angle of row `distance + 1` for a view whose low slope is `low` and whose
/// last angle in row `distance` is `stop` (see [`Scan::row`]).
#[inline(always)]
fn next_stop(stop: i64, low: f32, distance: i64) -> i32 {
    (stop + i64::from(tile_high(stop, distance + 1) < low)) as i32
}

/// A row's scan setting the viewshed's bits: along a row of the map, the bits of the word
/// `word` set so far are kept in `pending` and stored when the scan leaves the word (so
/// consecutive cells set bits in a register, not in memory); down a column every cell is
/// in a word of its own and is set directly.
struct Marks<'a> {
    bits: &'a mut [u64],
    word: usize,
    pending: u64,
}

impl Marks<'_> {
    /// Sets the bit of the cell of row-major `index` if `visible`; `column`: the scan runs
    /// down a column.
    #[inline(always)]
    fn set(&mut self, column: bool, index: usize, visible: bool) {
        if column {
            self.bits[index / 64] |= u64::from(visible) << (index % 64);
        } else {
            if index / 64 != self.word {
                self.bits[self.word] |= self.pending;
                (self.word, self.pending) = (index / 64, 0);
            }
            self.pending |= u64::from(visible) << (index % 64);
        }
    }

    /// Stores the bits still pending.
    #[inline(always)]
    fn flush(self) {
        self.bits[self.word] |= self.pending;
    }
}

/// The rows whose cells' slopes are read from [`SLOPES`] rather than divided out.
const TABLE_ROWS: i64 = 63;

/// libtcod's slopes of the cells of the rows up to [`TABLE_ROWS`], computed as libtcod
/// does (`f32` divisions, correctly rounded at compile time as at run time): entry
/// `d·(d+1)/2 + a` of row `d >= 1`, angle `0 <= a <= d`, holds the cell's low slope
/// `(a - ½) / (d + ½)` and its high slope `(a + ½) / (d - ½)`.
static SLOPES: [[f32; 2]; slope_entries(TABLE_ROWS)] = slope_table();

/// The entries of [`SLOPES`] for the rows up to `rows`.
const fn slope_entries(rows: i64) -> usize {
    ((rows + 1) * (rows + 2) / 2) as usize
}

const fn slope_table() -> [[f32; 2]; slope_entries(TABLE_ROWS)] {
    let mut table = [[0.0; 2]; slope_entries(TABLE_ROWS)];
    let mut d = 1;
    while d <= TABLE_ROWS {
        let mut a = 0;
        while a <= d {
            let (af, df) = (a as f32, d as f32);
            let slopes = [(af - 0.5) / (df + 0.5), (af + 0.5) / (df - 0.5)];
            table[slope_entries(d - 1) + a as usize] = slopes;
            a += 1;
        }
        d += 1;
    }
    table
}

/// libtcod's low slope `(a - ½) / (d + ½)` of the cell at `angle <= distance` of row
/// `distance >= 1`.
#[inline]
fn tile_low(angle: i64, distance: i64) -> f32 {
    if distance <= TABLE_ROWS {
        SLOPES[slope_entries(distance - 1) + angle as usize][0]
    } else {
        (angle as f32 - 0.5) / (distance as f32 + 0.5)
    }
}

/// libtcod's high slope `(a + ½) / (d - ½)` of the cell at `angle <= distance` of row
/// `distance >= 1`.
#[inline]
fn tile_high(angle: i64, distance: i64) -> f32 {
    if distance <= TABLE_ROWS {
        SLOPES[slope_entries(distance - 1) + angle as usize][1]
    } else {
        (angle as f32 + 0.5) / (distance as f32 - 0.5)
    }
}

/// `⌊√n⌋` for `0 <= n < 2⁵²` (the square root is correctly rounded, so flooring it is
/// exact below that).
#[inline]
fn isqrt(n: i64) -> i64 {
    (n as f64).sqrt() as i64
}

/// The lowest angle of row `distance` that libtcod scans for a view whose low slope is
/// `low`, starting from `first` (`first + 1` if none): libtcod stops at the first cell
/// whose high slope `(a + ½) / (d - ½)` is below `low`. That slope, rounded to `f32` as
/// libtcod does, never decreases as the angle grows, so the scanned cells are those from
/// the smallest angle whose slope is not below `low` (found from an estimate) upwards.
#[inline]
fn stop_angle(distance: i64, low: f32, first: i64) -> i64 {
    let d = distance as f32;
    if low <= 0.0 {
        // Every cell's high slope is positive: the whole row is scanned.
        return 0;
    }
    // `(a + ½) / (d - ½) >= low` exactly when `a >= t`; rounding to `f32` can only
    // change that for an `a` within `slack` of `t`.
    let t = f64::from(low) * f64::from(d - 0.5) - 0.5;
    if let Some(whole) = clear_of_integers(t, distance) {
        // Past `first`: nothing is scanned (`first + 1`).
        return (whole + 1).clamp(0, first + 1);
    }
    stop_angle_by_division(distance, low, first)
}

/// [`stop_angle`] by comparing `f32` slopes, from an estimate.
fn stop_angle_by_division(distance: i64, low: f32, first: i64) -> i64 {
    let d = distance as f32;
    let tile_high = |angle: i64| (angle as f32 + 0.5) / (d - 0.5);
    if first < 0 || tile_high(first) < low {
        return first + 1;
    }
    // An estimate (any would do), then the exact angle.
    let mut stop = ((f64::from(low) * f64::from(d - 0.5)) as i64).clamp(0, first);
    while stop > 0 && tile_high(stop - 1) >= low {
        stop -= 1;
    }
    while tile_high(stop) < low {
        stop += 1;
    }
    stop
}

/// `⌊t⌋` if `t` (at least `-½`) is further than `f32` rounding can reach at row
/// `distance` from every integer, so that `a <= t` and `a < t` agree for every integer
/// `a` with the `f32` slope comparisons they stand for; `None` otherwise.
///
/// A slope `s <= 1` compared with an `f32` in a row at `distance` moves by less than
/// `2^-24` of the slope's unit, `2^-24·(distance + ½)` angles: the slack kept is 16 times
/// that.
#[inline]
fn clear_of_integers(t: f64, distance: i64) -> Option<i64> {
    let slack = (distance + 1) as f64 * (1.0 / (1u64 << 20) as f64);
    let shifted = t + 1.0;
    let whole = shifted as i64;
    let frac = shifted - whole as f64;
    (frac > slack && frac < 1.0 - slack).then_some(whole - 1)
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
#[inline]
fn first_angle(distance: i64, high: f32) -> i64 {
    if high >= 1.0 {
        // Every low slope is below 1.
        return distance;
    }
    let d = distance as f32;
    // `(a - ½) / (d + ½) <= high` exactly when `a <= t` (see `stop_angle`).
    let t = f64::from(high) * f64::from(d + 0.5) + 0.5;
    if let Some(whole) = clear_of_integers(t, distance) {
        return whole.clamp(-1, distance);
    }
    first_angle_by_division(distance, high)
}

/// [`first_angle`] by comparing `f32` slopes, from an estimate.
fn first_angle_by_division(distance: i64, high: f32) -> i64 {
    let d = distance as f32;
    let tile_low = |angle: i64| (angle as f32 - 0.5) / (d + 0.5);
    // Start from an estimate: a narrow view skips many angles.
    let mut first = ((f64::from(high) * f64::from(d + 0.5)) as i64 + 1).clamp(0, distance);
    while first < distance && tile_low(first + 1) <= high {
        first += 1;
    }
    while first >= 0 && tile_low(first) > high {
        first -= 1;
    }
    first
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every slope a scan can hold at rows up to 300 (libtcod's: `(a ± ½) / (d ± ½)`).
    fn slopes(rows: i64) -> Vec<f32> {
        let mut all = vec![0.0, 1.0];
        for d in 1..=rows {
            let d = d as f32;
            for a in 0..=rows {
                let a = a as f32;
                all.extend([(a + 0.5) / (d - 0.5), (a + 0.5) / (d + 0.5), (a - 0.5) / (d + 0.5)]);
            }
        }
        all.retain(|s| (0.0..=1.0).contains(s));
        all.sort_by(f32::total_cmp);
        all.dedup();
        all
    }

    /// The table built at compile time holds what libtcod divides out at run time.
    #[test]
    fn the_slope_table_is_libtcods_divisions() {
        for distance in 1..=TABLE_ROWS + 1 {
            let d = std::hint::black_box(distance as f32);
            for angle in 0..=distance {
                let a = std::hint::black_box(angle as f32);
                assert_eq!(tile_low(angle, distance).to_bits(), ((a - 0.5) / (d + 0.5)).to_bits());
                assert_eq!(tile_high(angle, distance).to_bits(), ((a + 0.5) / (d - 0.5)).to_bits());
            }
        }
    }

    /// The derivations [`Scan::row`] makes of the next row's first and last angles.
    #[test]
    fn the_next_rows_angles_follow_from_this_rows() {
        let all = slopes(120);
        for distance in 1..=300 {
            let d = distance as f32;
            for &s in &all {
                let first = first_angle_by_division(distance, s);
                let next = first + i64::from((first as f32 + 0.5) / (d + 1.5) <= s);
                assert_eq!(
                    next,
                    first_angle_by_division(distance + 1, s),
                    "first, {distance}, {s}"
                );
                let stop = stop_angle_by_division(distance, s, distance);
                assert!(stop < distance, "a view whose low slope is at most 1 ends before {s}");
                let next = stop + i64::from((stop as f32 + 0.5) / (d + 0.5) < s);
                let want = stop_angle_by_division(distance + 1, s, distance + 1);
                assert_eq!(next, want, "stop, {distance}, {s}");
            }
            for angle in 0..distance {
                let a = angle as f32;
                // A wall at `angle` over floor: the view cast one row further.
                let below = (a + 0.5) / (d - 0.5);
                let want = stop_angle_by_division(distance + 1, below, distance + 1);
                assert_eq!(want, angle + 1, "cast, {distance}, {angle}");
                // A wall at `angle + 1` over floor at `angle`: the view narrowed.
                let narrowed = (a + 0.5) / (d + 0.5);
                assert_eq!(first_angle_by_division(distance, narrowed), angle + 1);
            }
        }
    }

    #[test]
    fn the_closed_forms_agree_with_the_divisions() {
        let all = slopes(300);
        for distance in 1..=300 {
            for &s in &all {
                let first = first_angle_by_division(distance, s);
                assert_eq!(first_angle(distance, s), first, "first, row {distance}, slope {s}");
                for first in [first, distance] {
                    let want = stop_angle_by_division(distance, s, first);
                    assert_eq!(
                        stop_angle(distance, s, first),
                        want,
                        "stop, row {distance}, slope {s}, from {first}"
                    );
                }
            }
        }
    }
}
