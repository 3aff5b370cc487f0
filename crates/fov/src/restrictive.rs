//! libtcod's `FOV_RESTRICTIVE` (python-tcod's default): Mingos' Restrictive Precise Angle
//! Shadowcasting (MRPAS, Dominik "Mingos" Marczuk, `fov_restrictive.c`).
//!
//! Each quadrant is two octants (a "vertical edge" one scanning rows, a "horizontal edge"
//! one scanning columns). Cells of line `n` span the angles `[c/n - 1/(2n), c/n + 1/(2n)]`;
//! seen walls become obstacles (angle intervals) that hide the cells of the next lines
//! whose centre angle they cover (a wall: whose whole span they cover). Angles are `f64`,
//! computed exactly as libtcod does.
//!
//! Two libtcod details are kept, since they change visible sets:
//! - once a line has obstacles, a cell of the next line is visible only if the cell
//!   before it on the previous line, or the one diagonally before that, is visible and
//!   transparent (libtcod's `fov && transparent`, which also counts cells another octant
//!   saw). libtcod tests every cell; this scan visits only the cells next to such floor
//!   (the others change nothing), found from the floor its own previous line saw, kept as
//!   bits, plus the two cells of that line the vertical-edge octant scans too (read from
//!   the map). libtcod's reads by flat index that leave the map (the diagonal cell of the
//!   origin's row or column) never decide: the cell just before is then always seen floor.
//! - in the horizontal-edge octant, libtcod skips the obstacle after each obstacle that a
//!   cell overlaps (its loop increments the index twice); so do we.

use torchlit_geom::{Point, Size};

use crate::Viewshed;

/// MRPAS into `out` (cleared first); `radius` is libtcod's integer radius, `0` unlimited,
/// and here a *square* (at most `r` lines out from the origin, no circle). The origin is
/// always visible; a wall only with `light_walls`.
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
    out.mark_at((py * w + px) as usize);
    // The cells seen and transparent (libtcod's `fov && transparent`), one bit each:
    // zero between calls, reset at the end from the square the octants reached.
    let mut floor = std::mem::take(&mut out.libtcod.seen_floor);
    floor.resize(size.area().div_ceil(64), 0);
    if !is_opaque(origin) {
        // The origin is counted already.
        set_bit(&mut floor, (py * w + px) as usize);
    }
    let mut start = std::mem::take(&mut out.libtcod.start_angle);
    let mut end = std::mem::take(&mut out.libtcod.end_angle);
    let mut reciprocals = std::mem::take(&mut out.libtcod.reciprocals);
    let mut mrpas = Mrpas {
        w,
        h,
        px,
        py,
        radius,
        light_walls,
        is_opaque,
        marks: out.marks(),
        floor: &mut floor,
        start: &mut start,
        end: &mut end,
        reciprocals: &mut reciprocals,
        count: 1,
    };
    // The cells only set bits (counted as they are set); they are listed (the origin,
    // then row-major) when asked, from the square the octants reached.
    let mut reach = 0;
    for (dx, dy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
        reach = reach.max(mrpas.octant::<true>(dx, dy));
        reach = reach.max(mrpas.octant::<false>(dx, dy));
    }
    let count = mrpas.count;
    out.libtcod.start_angle = start;
    out.libtcod.end_angle = end;
    out.libtcod.reciprocals = reciprocals;
    let (x0, y0) = ((px - reach).max(0), (py - reach).max(0));
    let (x1, y1) = ((px + reach).min(w - 1), (py + reach).min(h - 1));
    // The floor seen is visible: moved into the viewshed a word at a time (every bit of
    // it lies in the square), which leaves it zero for the next call.
    let marks = out.marks();
    for y in y0..=y1 {
        let (a, b) = (((y * w + x0) / 64) as usize, ((y * w + x1) / 64) as usize);
        for (mark, seen) in marks[a..=b].iter_mut().zip(&mut floor[a..=b]) {
            *mark |= std::mem::take(seen);
        }
    }
    out.libtcod.seen_floor = floor;
    out.defer_list_counted(origin, (x0 as i32, y0 as i32, x1 as i32, y1 as i32), count);
}

struct Mrpas<'a, F> {
    w: i64,
    h: i64,
    px: i64,
    py: i64,
    radius: i64,
    light_walls: bool,
    is_opaque: &'a F,
    /// The viewshed's membership bits (see [`Viewshed::marks`]).
    marks: &'a mut [u64],
    /// The seen transparent cells, one bit each (row-major, as the viewshed's).
    floor: &'a mut [u64],
    start: &'a mut Vec<f64>,
    end: &'a mut Vec<f64>,
    /// `reciprocals[n] = 1.0 / n` (kept between calls).
    reciprocals: &'a mut Vec<f64>,
    /// The visible cells so far: the origin, the floor seen and the walls marked (each
    /// counted when its bit is set, once).
    count: usize,
}

/// One octant's directions: lines are rows (`VERTICAL`, libtcod's "vertical edge") or
/// columns; `a` runs along a line and `l` across lines, in map coordinates.
struct Lines {
    /// The origin's `a`.
    pa: i64,
    /// The direction along a line.
    da: i64,
    /// The last cell of a line on the map (cells are numbered from the origin's `a`).
    room: i64,
    /// The map's extent across lines.
    len_l: i64,
    /// Flat-index steps: one cell along a line, one line further.
    step_a: i64,
    step_l: i64,
}

/// What one octant carries from line to line.
struct Progress {
    /// The line's distance from the origin (1 for the first).
    iteration: i64,
    total_obstacles: usize,
    obstacles_in_last_line: usize,
    min_angle: f64,
    /// The first and last cell of the line before that the octant saw as floor (`lo >
    /// hi` if none): with obstacles, a cell is visible only next to one of those.
    lo: i64,
    hi: i64,
    /// The same cells as bits (bit `k` for cell `k`), for lines of up to 64 cells; and
    /// those of the current line so far.
    floor_before: u64,
    floor_now: u64,
}

/// A cell's angles on its line: start, centre, end.
#[derive(Clone, Copy)]
struct Span {
    start: f64,
    centre: f64,
    end: f64,
}

/// libtcod's `cells[i].fov && cells[i].transparent` by flat index `i`; a cell outside
/// the map's buffer reads as not visible.
#[inline]
fn seen(floor: &[u64], i: i64) -> bool {
    let i = i as usize;
    floor.get(i / 64).is_some_and(|word| word >> (i % 64) & 1 != 0)
}

impl<F: Fn(Point) -> bool> Mrpas<'_, F> {
    /// One octant: lines are rows (`VERTICAL`, libtcod's "vertical edge") or columns.
    /// Returns the distance of its last line (0 if none).
    fn octant<const VERTICAL: bool>(&mut self, dx: i64, dy: i64) -> i64 {
        let (w, h) = (self.w, self.h);
        let (pa, pl, da, dl, len_a, len_l) = if VERTICAL {
            (self.px, self.py, dx, dy, w, h)
        } else {
            (self.py, self.px, dy, dx, h, w)
        };
        let g = Lines {
            pa,
            da,
            room: if da > 0 { len_a - 1 - pa } else { pa },
            len_l,
            step_a: if VERTICAL { dx } else { w * dy },
            step_l: if VERTICAL { w * dy } else { dx },
        };
        let mut st = Progress {
            iteration: 1,
            total_obstacles: 0,
            obstacles_in_last_line: 0,
            min_angle: 0.0,
            lo: 0,
            hi: -1,
            floor_before: 0,
            floor_now: 0,
        };
        let mut l = pl + dl;
        let mut done = !(0..len_l).contains(&l);
        while !done {
            done = self.line::<VERTICAL>(&g, &mut st, l);
            if st.iteration == self.radius {
                done = true;
            }
            st.iteration += 1;
            st.obstacles_in_last_line = st.total_obstacles;
            l += dl;
            if !(0..g.len_l).contains(&l) {
                done = true;
            }
        }
        st.iteration - 1
    }

    /// The cells of line `n` that libtcod may see, `(first, last)`: from the cell
    /// `min_angle` starts in to the line's end or the map's edge, and, once a line has
    /// obstacles, only cells next to floor seen on the line before (the others fail
    /// libtcod's test before anything else, and change nothing). Besides the octant's own
    /// cells, the line before holds two that the vertical-edge octant may have seen
    /// first: its last two (`n - 1` and `n`), read from the map, and added to the bits
    /// of the floor seen on the line before (returned last; see [`Progress`]).
    fn range<const VERTICAL: bool>(&self, g: &Lines, st: &Progress, c0: i64) -> (i64, i64, u64) {
        let n = st.iteration;
        let slopes_per_cell = self.reciprocals[n as usize];
        let first = first_cell(st.min_angle, slopes_per_cell * 0.5, slopes_per_cell, n as usize);
        let last = n.min(g.room);
        if st.obstacles_in_last_line == 0 {
            return (first, last, 0);
        }
        let (mut lo, mut hi, mut before) = (st.lo, st.hi + 1, st.floor_before);
        if !VERTICAL {
            let back = c0 - g.step_l;
            for k in [n - 1, n] {
                if k <= g.room && seen(self.floor, back + k * g.step_a) {
                    (lo, hi) = (lo.min(k), n);
                    before |= 1u64.checked_shl(k as u32).unwrap_or(0);
                    // Cell `n - 1` makes both `n - 1` and `n` candidates: `n` need not be read.
                    break;
                }
            }
        }
        (first.max(lo), last.min(hi), before)
    }

    /// One line at `l`, from the cell `min_angle` starts in outwards; whether the octant
    /// is done (no cell of the line was visible, or the last one closed the view).
    fn line<const VERTICAL: bool>(&mut self, g: &Lines, st: &mut Progress, l: i64) -> bool {
        let n = st.iteration;
        if self.reciprocals.len() <= n as usize {
            // `1 / n` for every line so far: the same in every octant and every call.
            let from = self.reciprocals.len();
            let to = (n as usize).max(2 * from);
            self.reciprocals.extend((from..=to).map(|k| 1.0 / k as f64));
        }
        let slopes_per_cell = self.reciprocals[n as usize];
        // The flat index of the line's cell on the origin's `a`.
        let c0 = if VERTICAL { l * self.w + g.pa } else { g.pa * self.w + l };
        let (first, last, before) = self.range::<VERTICAL>(g, st, c0);
        let mut done = true;
        (st.lo, st.hi, st.floor_now) = (i64::MAX, -1, 0);
        if last < 64 {
            // The cells to visit as bits, lowest first: with obstacles, a cell is one when
            // the cell back or the one diagonally before it was seen as floor.
            // `first..=last`, empty when `first` is past `last` (`first` may be past 63).
            let mut cells =
                if first <= last { (!0u64 >> (63 - last)) & (!0u64 << first) } else { 0 };
            if st.obstacles_in_last_line > 0 {
                cells &= before | before << 1;
            }
            while cells != 0 {
                let k = i64::from(cells.trailing_zeros());
                cells &= cells - 1;
                if let Some(closed) = self.visit::<VERTICAL>(g, st, (l, c0), slopes_per_cell, k) {
                    done = closed;
                }
            }
        } else {
            for k in first..=last {
                // The cell one line back and the one before it along that line.
                let back = c0 + k * g.step_a - g.step_l;
                if st.obstacles_in_last_line > 0
                    && !seen(self.floor, back)
                    && !seen(self.floor, back - g.step_a)
                {
                    continue;
                }
                if let Some(closed) = self.visit::<VERTICAL>(g, st, (l, c0), slopes_per_cell, k) {
                    done = closed;
                }
            }
        }
        st.floor_before = st.floor_now;
        done
    }

    /// Cell `k` of the line at `l` (whose cell on the origin's `a` has flat index `c0`):
    /// [`Mrpas::cell`] with its index, point and angles.
    #[inline(always)]
    fn visit<const VERTICAL: bool>(
        &mut self,
        g: &Lines,
        st: &mut Progress,
        (l, c0): (i64, i64),
        slopes_per_cell: f64,
        k: i64,
    ) -> Option<bool> {
        let c = c0 + k * g.step_a;
        let a = g.pa + k * g.da;
        let p =
            if VERTICAL { Point::new(a as i32, l as i32) } else { Point::new(l as i32, a as i32) };
        let (centre, half_slopes) = (k as f64 * slopes_per_cell, slopes_per_cell * 0.5);
        let span = Span { start: centre - half_slopes, centre, end: centre + half_slopes };
        self.cell::<VERTICAL>(st, (c, p), span, k)
    }

    /// One cell, of flat index `c` at `p`, the `k`-th of its line: whether it is visible
    /// (`None` if not) and, if so, whether it closed the octant's view. Lights it, and
    /// turns a visible wall into an obstacle or narrows the view with it.
    #[inline(always)]
    fn cell<const VERTICAL: bool>(
        &mut self,
        st: &mut Progress,
        (c, p): (i64, Point),
        span: Span,
        k: i64,
    ) -> Option<bool> {
        let mut extended = false;
        // Asked only of a cell the line before leaves in view (as libtcod reads it).
        let transparent = !(self.is_opaque)(p);
        let count = st.obstacles_in_last_line;
        if transparent && count > 0 {
            if hides_floor::<VERTICAL>(&self.start[..count], &self.end[..count], span) {
                return None;
            }
        } else if count > 0 {
            extended =
                wall_against::<VERTICAL>(&mut self.start[..count], &mut self.end[..count], span)?;
        }
        if transparent {
            // Marked visible at the end, with the rest of the floor seen.
            self.count += usize::from(set_bit(self.floor, c as usize));
            st.lo = st.lo.min(k);
            st.hi = k;
            st.floor_now |= 1u64.checked_shl(k as u32).unwrap_or(0);
            return Some(false);
        }
        // libtcod marks a wall and unmarks it again without light_walls; nothing reads
        // the mark in between.
        if self.light_walls {
            self.count += usize::from(set_bit(self.marks, c as usize));
        }
        if st.min_angle >= span.start {
            st.min_angle = span.end;
            return Some(k == st.iteration);
        }
        if !extended {
            let n = st.total_obstacles;
            if self.start.len() <= n {
                self.start.resize(n + 1, 0.0);
                self.end.resize(n + 1, 0.0);
            }
            self.start[n] = span.start;
            self.end[n] = span.end;
            st.total_obstacles += 1;
        }
        Some(false)
    }
}

/// Whether the obstacles `starts` and `ends` of the lines before (equal lengths) hide a
/// transparent cell of angles `span`: libtcod's loop over them, which only reads them
/// then, without a branch per obstacle. One that covers the cell's centre hides it; in
/// the horizontal-edge octant, libtcod passes over the obstacle after each that the
/// cell overlaps (see [`wall_against`]).
#[inline(always)]
fn hides_floor<const VERTICAL: bool>(starts: &[f64], ends: &[f64], span: Span) -> bool {
    let mut hidden = false;
    if VERTICAL {
        for (&start, &end) in starts.iter().zip(ends) {
            hidden |= (span.centre > start) & (span.centre < end);
        }
    } else {
        let mut passed_over = false;
        for (&start, &end) in starts.iter().zip(ends) {
            let tried = !passed_over;
            let overlaps = (span.start <= end) & (span.end >= start);
            hidden |= tried & overlaps & (span.centre > start) & (span.centre < end);
            passed_over = tried & overlaps;
        }
    }
    hidden
}

/// Checks a wall of angles `span` against the obstacles `starts` and `ends` of the lines
/// before (equal lengths), as libtcod's loop does: `None` when one covers its whole span
/// (libtcod stops there: those before it stay extended), else whether it extended one
/// it overlaps (to cover the wall too). In the horizontal-edge octant, libtcod passes
/// over the obstacle after each that the wall overlaps. Without a branch per obstacle.
#[inline(always)]
fn wall_against<const VERTICAL: bool>(
    starts: &mut [f64],
    ends: &mut [f64],
    span: Span,
) -> Option<bool> {
    let (mut covered, mut extended, mut passed_over) = (false, false, false);
    for (start, end) in starts.iter_mut().zip(ends.iter_mut()) {
        let tried = !covered & !passed_over;
        let overlaps = tried & (span.start <= *end) & (span.end >= *start);
        let inside = (span.start >= *start) & (span.end <= *end);
        let extends = overlaps & !inside;
        covered |= overlaps & inside;
        extended |= extends;
        *start = if extends { start.min(span.start) } else { *start };
        *end = if extends { end.max(span.end) } else { *end };
        passed_over = !VERTICAL & overlaps;
    }
    (!covered).then_some(extended)
}

/// Sets bit `index` of a row-major bit set; whether it was clear.
#[inline]
fn set_bit(bits: &mut [u64], index: usize) -> bool {
    let (word, bit) = (&mut bits[index / 64], 1 << (index % 64));
    let new = *word & bit == 0;
    *word |= bit;
    new
}

/// libtcod's first cell of line `n`, `⌊(min_angle + half) / slopes_per_cell⌋` (with
/// `slopes_per_cell = 1 / n` and `half` its half, as `f64`), without dividing when the
/// product `(min_angle + half)·n` is clear of every integer: it is then within `10⁻¹¹`
/// of the quotient for lines up to `10⁴`, and rounds down the same way.
#[inline]
fn first_cell(min_angle: f64, half: f64, slopes_per_cell: f64, n: usize) -> i64 {
    const SLACK: f64 = 1e-6;
    if min_angle == 0.0 {
        // `half / slopes_per_cell` is exactly ½ (halving is exact).
        return 0;
    }
    let x = min_angle + half;
    let product = x * n as f64;
    let whole = product as i64;
    let frac = product - whole as f64;
    if n <= 10_000 && frac > SLACK && frac < 1.0 - SLACK {
        whole
    } else {
        (x / slopes_per_cell) as i64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A wall stops at the first obstacle that covers it, leaving the ones after it as
    /// they were; it extends the ones before it that it overlaps, and in the
    /// horizontal-edge octant passes over the obstacle after each of those.
    #[test]
    fn wall_against_follows_libtcods_loop() {
        let span = Span { start: 0.3, centre: 0.4, end: 0.5 };
        // Overlapped and extended, covering, overlapped but after the cover.
        let (mut starts, mut ends) = ([0.35, 0.0, 0.45], [0.6, 1.0, 0.7]);
        assert_eq!(wall_against::<true>(&mut starts, &mut ends, span), None);
        assert_eq!((starts, ends), ([0.3, 0.0, 0.45], [0.6, 1.0, 0.7]));
        // The horizontal-edge octant passes over the cover after an overlapped one.
        let (mut starts, mut ends) = ([0.35, 0.0, 0.45], [0.6, 1.0, 0.7]);
        assert_eq!(wall_against::<false>(&mut starts, &mut ends, span), Some(true));
        assert_eq!((starts, ends), ([0.3, 0.0, 0.3], [0.6, 1.0, 0.7]));
        // Apart from the wall: untouched.
        let (mut starts, mut ends) = ([0.6], [0.9]);
        assert_eq!(wall_against::<true>(&mut starts, &mut ends, span), Some(false));
        assert_eq!((starts, ends), ([0.6], [0.9]));
    }

    /// A transparent cell is hidden by an obstacle that strictly covers its centre, and
    /// in the horizontal-edge octant not by one right after an overlapped one.
    #[test]
    fn hides_floor_follows_libtcods_loop() {
        let span = Span { start: 0.3, centre: 0.4, end: 0.5 };
        assert!(!hides_floor::<true>(&[0.4, 0.0], &[0.6, 0.4], span));
        assert!(hides_floor::<true>(&[0.45, 0.35], &[0.6, 0.45], span));
        assert!(!hides_floor::<false>(&[0.45, 0.35], &[0.6, 0.45], span));
        assert!(hides_floor::<false>(&[0.45, 0.8, 0.35], &[0.6, 0.9, 0.45], span));
    }

    /// [`first_cell`] agrees with libtcod's division for every `min_angle` a line can
    /// carry into line `n` (the end angle `c/m + 1/(2m)` of a cell of an earlier line `m`,
    /// computed as libtcod does).
    #[test]
    fn first_cell_agrees_with_the_division() {
        let reciprocal = |n: usize| 1.0 / n as f64;
        for n in 2..=200 {
            let (slopes_per_cell, half) = (reciprocal(n), reciprocal(n) * 0.5);
            for m in 1..n {
                let (per_cell, m_half) = (reciprocal(m), reciprocal(m) * 0.5);
                for c in 0..=m {
                    let min_angle = c as f64 * per_cell + m_half;
                    let want = ((min_angle + half) / slopes_per_cell) as i64;
                    let got = first_cell(min_angle, half, slopes_per_cell, n);
                    assert_eq!(got, want, "line {n}, end angle of cell {c} of line {m}");
                }
            }
        }
    }
}
