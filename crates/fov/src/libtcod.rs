//! What libtcod's older field-of-view algorithms share: the integer radius, the wall
//! post-processing pass, and the scratch space kept in the [`Viewshed`] between calls.
//!
//! The algorithms themselves are in `basic.rs`, `diamond.rs`, `shadow.rs`,
//! `permissive.rs` and `restrictive.rs`; each is a port of the libtcod 2.2.2 C source
//! (`src/libtcod/fov_*.c`, BSD-3-Clause, by Jice, Mingos, Kyle Benesch and contributors)
//! that keeps its visible set exactly, checked against python-tcod vectors.

use torchlit_geom::{Point, Radius, Size};

use crate::Viewshed;
use crate::viewshed::row_bits;

/// libtcod's integer radius for a [`Radius`]: `0` is unlimited, as in libtcod.
///
/// A fractional radius is rounded down; `None` means "below 1": the caller sees only the
/// origin. Radii past the map's extent are clamped to it (the same visible set: every cell
/// of the map is then in range), so no product overflows.
pub(crate) fn int_radius(radius: Option<Radius>, size: Size) -> Option<i64> {
    let Some(r) = radius else {
        return Some(0);
    };
    // A radius is finite and not negative: rounding down is truncating (`as`), which
    // needs no call to `floor`.
    let cells = r.get();
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
    /// MRPAS's seen transparent cells, one bit each; all zero between calls.
    pub(crate) seen_floor: Vec<u64>,
    /// MRPAS's `1.0 / n` for the lines `n` met so far (index 0 unused).
    pub(crate) reciprocals: Vec<f64>,
    /// Raycasting's open slope intervals of the current column and of the next one.
    pub(crate) gaps: Vec<crate::raycast::Gap>,
    /// See `gaps`.
    pub(crate) next_gaps: Vec<crate::raycast::Gap>,
    /// The visible floor's bits for [`postprocess_marked`] (valid only where it copies).
    pub(crate) floor: Vec<u64>,
    /// The opaque cells basic raycasting marked (row-major indices).
    pub(crate) walls: Vec<usize>,
}

/// libtcod's `TCOD_map_postprocess`: lights the walls next to visible floor so that a
/// room's corners show ("spread lighting to walls to avoid lighting artifacts").
///
/// The box around the origin (the map, or the radius' square clipped to it) is split into
/// four quadrant boxes that share the origin's row and column. In each, every visible
/// transparent cell lights its opaque neighbours one step away from the origin (the one
/// along x, the one along y and the diagonal one) when they are inside that quadrant box.
///
/// Two ways give libtcod's set (only opaque cells are added and only transparent ones
/// spread, so the order does not matter): visiting each visible cell
/// ([`postprocess_by_cells`]), or finding the dark neighbours of the visible set 64 cells
/// at a time with bit operations ([`postprocess_by_rows`]), whose cost follows the rows
/// of the visible cells' bounding box and the cells on its border, not its area. The
/// cheaper one for the call runs.
pub(crate) fn postprocess(
    size: Size,
    origin: Point,
    radius: i64,
    is_opaque: &impl Fn(Point) -> bool,
    out: &mut Viewshed,
) {
    let bounds = post_bounds(size, origin, radius);
    // The visible cells' bounding box.
    let (px, py) = (i64::from(origin.x), i64::from(origin.y));
    let (mut vx0, mut vy0, mut vx1, mut vy1) = (px, py, px, py);
    for p in out.as_slice() {
        (vx0, vx1) = (vx0.min(i64::from(p.x)), vx1.max(i64::from(p.x)));
        (vy0, vy1) = (vy0.min(i64::from(p.y)), vy1.max(i64::from(p.y)));
    }
    let near = near_box(bounds, (vx0, vy0, vx1, vy1));
    if rows_pay(near, out.len()) {
        postprocess_by_rows(origin, bounds, near, is_opaque, out);
    } else {
        postprocess_by_cells(size, origin, bounds, is_opaque, out);
    }
}

/// [`postprocess`] for a scan that marks ([`Viewshed::mark_at`]) and lists at the end:
/// every marked cell lies in `reach` (inclusive corners on the map), and so does the
/// origin; `walls` holds the index of every opaque cell marked but the origin (repeats
/// allowed). Lights the walls by marking them; returns the box that holds every marked
/// cell now, for [`Viewshed::list_marked`].
///
/// The visible floor is the marks less `walls` and an opaque origin, copied once over the
/// rows the pass reads: the sources are then known without asking `is_opaque`, and only
/// the dark cells next to visible floor are asked about.
pub(crate) fn postprocess_marked(
    size: Size,
    origin: Point,
    radius: i64,
    (reach, walls): ((i64, i64, i64, i64), &[usize]),
    is_opaque: &impl Fn(Point) -> bool,
    out: &mut Viewshed,
) -> (i64, i64, i64, i64) {
    let bounds = post_bounds(size, origin, radius);
    let near = near_box(bounds, reach);
    let (w, h) = (i64::from(size.width), i64::from(size.height));
    let mut floor = std::mem::take(&mut out.libtcod.floor);
    let bits = out.bits();
    if floor.len() < bits.len() {
        floor.resize(bits.len(), 0);
    }
    // The words the pass reads: one row and one column around `near`.
    let (x0, x1) = ((near.0 - 1).max(0), (near.2 + 1).min(w - 1));
    for y in (near.1 - 1).max(0)..=(near.3 + 1).min(h - 1) {
        let (a, b) = (((y * w + x0) / 64) as usize, ((y * w + x1) / 64) as usize);
        floor[a..=b].copy_from_slice(&bits[a..=b]);
    }
    for &i in walls {
        floor[i / 64] &= !(1u64 << (i % 64));
    }
    if is_opaque(origin) {
        let i = out.index_of(origin);
        floor[i / 64] &= !(1u64 << (i % 64));
    }
    for_each_chunk(origin, bounds, near, |quadrant, x, y, n| {
        let (dx, dy) = (quadrant.dx, quadrant.dy);
        let from = |row: i64, lo: i64| row_bits(&floor, w, row, lo, n, quadrant.x);
        let mut dark = from(y, x - dx);
        if (quadrant.y.0..=quadrant.y.1).contains(&(y - dy)) {
            dark |= from(y - dy, x) | from(y - dy, x - dx);
        }
        dark &= !out.row_bits(y, x, n, quadrant.x);
        while dark != 0 {
            let qx = x + i64::from(dark.trailing_zeros());
            dark &= dark - 1;
            if is_opaque(Point::new(qx as i32, y as i32)) {
                out.mark_at((y * w + qx) as usize);
            }
        }
    });
    out.libtcod.floor = floor;
    (reach.0.min(near.0), reach.1.min(near.1), reach.2.max(near.2), reach.3.max(near.3))
}

/// The post-pass's box: the map, or the radius' square clipped to it (inclusive corners).
fn post_bounds(size: Size, origin: Point, radius: i64) -> (i64, i64, i64, i64) {
    let (w, h) = (i64::from(size.width), i64::from(size.height));
    let (px, py) = (i64::from(origin.x), i64::from(origin.y));
    if radius > 0 {
        (
            (px - radius).max(0),
            (py - radius).max(0),
            (px + radius).min(w - 1),
            (py + radius).min(h - 1),
        )
    } else {
        (0, 0, w - 1, h - 1)
    }
}

/// The part of `bounds` within one cell of the box `seen` (where lit walls can be).
fn near_box(bounds: (i64, i64, i64, i64), seen: (i64, i64, i64, i64)) -> (i64, i64, i64, i64) {
    (
        (seen.0 - 1).max(bounds.0),
        (seen.1 - 1).max(bounds.1),
        (seen.2 + 1).min(bounds.2),
        (seen.3 + 1).min(bounds.3),
    )
}

/// Whether reading the rows of the box `near` 64 cells at a time (each quadrant half of
/// a row) costs less than visiting `count` visible cells one by one.
fn rows_pay(near: (i64, i64, i64, i64), count: usize) -> bool {
    let chunks = (near.3 - near.1 + 2) * ((near.2 - near.0 + 1) / 64 + 2);
    chunks * ROW_CHUNK_COST <= count as i64
}

/// Whether [`postprocess_marked`] pays for a scan whose `count` marked cells lie in
/// `reach` (inclusive corners), rather than listing them and running [`postprocess`].
pub(crate) fn marked_pays(
    size: Size,
    origin: Point,
    radius: i64,
    reach: (i64, i64, i64, i64),
    count: usize,
) -> bool {
    rows_pay(near_box(post_bounds(size, origin, radius), reach), count)
}

/// How many visible cells [`postprocess_by_cells`] handles in the time
/// [`postprocess_by_rows`] reads one 64-cell chunk of a row (measured on the bench maps).
const ROW_CHUNK_COST: i64 = 2;

/// [`postprocess`] 64 cells at a time: in the quadrant box towards `(dx, dy)`, a cell's
/// sources are the cells one step back along x, along y and diagonally, so the dark cells
/// with a visible source are `(shift(V(y)) | V(y - dy) | shift(V(y - dy))) & !V(y)` for
/// the visible bits `V` of each row. Each such cell that is opaque and has a visible
/// transparent source (a visible source may be a wall, which does not spread) is lit.
/// `bounds` is the box, `near` the part of it within one cell of a visible cell.
fn postprocess_by_rows(
    origin: Point,
    bounds: (i64, i64, i64, i64),
    near: (i64, i64, i64, i64),
    is_opaque: &impl Fn(Point) -> bool,
    out: &mut Viewshed,
) {
    for_each_chunk(origin, bounds, near, |quadrant, x, y, n| {
        quadrant.chunk(x, y, n, is_opaque, out);
    });
}

/// Calls `f(quadrant, x, y, n)` for every run of `n <= 64` cells from `(x, y)` along a row
/// of each quadrant box of `bounds` (see [`postprocess`]) within `near`.
fn for_each_chunk(
    origin: Point,
    bounds: (i64, i64, i64, i64),
    near: (i64, i64, i64, i64),
    mut f: impl FnMut(&Quadrant, i64, i64, i64),
) {
    let (px, py) = (i64::from(origin.x), i64::from(origin.y));
    let (x_min, y_min, x_max, y_max) = bounds;
    for (dx, dy) in [(-1, -1), (1, -1), (-1, 1), (1, 1)] {
        // The quadrant box towards (dx, dy), and the rows and columns of it worth reading.
        let (qx0, qx1) = if dx < 0 { (x_min, px) } else { (px, x_max) };
        let (qy0, qy1) = if dy < 0 { (y_min, py) } else { (py, y_max) };
        let (cx0, cx1) = (qx0.max(near.0), qx1.min(near.2));
        let (cy0, cy1) = (qy0.max(near.1), qy1.min(near.3));
        let quadrant = Quadrant { dx, dy, x: (qx0, qx1), y: (qy0, qy1) };
        for y in cy0..=cy1 {
            let mut x = cx0;
            while x <= cx1 {
                let n = (cx1 - x + 1).min(64);
                f(&quadrant, x, y, n);
                x += n;
            }
        }
    }
}

/// One quadrant box of [`postprocess_by_rows`]: the direction away from the origin and
/// the box's inclusive column and row ranges.
struct Quadrant {
    dx: i64,
    dy: i64,
    x: (i64, i64),
    y: (i64, i64),
}

impl Quadrant {
    /// Lights the walls among the `n <= 64` cells from `(x, y)` along the row.
    #[inline]
    fn chunk(
        &self,
        x: i64,
        y: i64,
        n: i64,
        is_opaque: &impl Fn(Point) -> bool,
        out: &mut Viewshed,
    ) {
        let (dx, dy) = (self.dx, self.dy);
        let bits = |out: &Viewshed, row: i64, lo: i64| out.row_bits(row, lo, n, self.x);
        let here = bits(out, y, x);
        let mut dark = bits(out, y, x - dx);
        if (self.y.0..=self.y.1).contains(&(y - dy)) {
            dark |= bits(out, y - dy, x) | bits(out, y - dy, x - dx);
        }
        dark &= !here;
        while dark != 0 {
            let qx = x + i64::from(dark.trailing_zeros());
            dark &= dark - 1;
            let q = Point::new(qx as i32, y as i32);
            if is_opaque(q) && self.lit_by_floor(qx, y, is_opaque, out) {
                out.insert_at(out.index_of(q), q);
            }
        }
    }

    /// Whether a visible transparent source of `(qx, qy)` in the box lights it.
    fn lit_by_floor(
        &self,
        qx: i64,
        qy: i64,
        is_opaque: &impl Fn(Point) -> bool,
        out: &Viewshed,
    ) -> bool {
        let (sx, sy) = (qx - self.dx, qy - self.dy);
        let x_in = (self.x.0..=self.x.1).contains(&sx);
        let y_in = (self.y.0..=self.y.1).contains(&sy);
        let floor = |x: i64, y: i64| {
            let p = Point::new(x as i32, y as i32);
            out.contains(p) && !is_opaque(p)
        };
        (x_in && floor(sx, qy)) || (y_in && floor(qx, sy)) || (x_in && y_in && floor(sx, sy))
    }
}

/// [`postprocess`] by visiting each visible cell in `(x_min, y_min, x_max, y_max)` (the
/// box, inclusive corners on the map). libtcod scans the quadrant boxes cell by cell;
/// visiting only the visible cells gives the same set because only opaque cells are added
/// and only transparent ones spread.
fn postprocess_by_cells(
    size: Size,
    origin: Point,
    (x_min, y_min, x_max, y_max): (i64, i64, i64, i64),
    is_opaque: &impl Fn(Point) -> bool,
    out: &mut Viewshed,
) {
    let w = i64::from(size.width);
    let (px, py) = (i64::from(origin.x), i64::from(origin.y));
    let found = out.len();
    for i in 0..found {
        let p = out.as_slice()[i];
        let (cx, cy) = (i64::from(p.x), i64::from(p.y));
        if cx < x_min || cx > x_max || cy < y_min || cy > y_max {
            continue;
        }
        let (sx, sy) = ((cx - px).signum(), (cy - py).signum());
        if sx != 0 && sy != 0 {
            // Off the origin's row and column: one quadrant, the one away from the
            // origin. Its neighbours are looked at first, since in open ground all are
            // lit already and the cell need not be asked about.
            let (x2, y2) = (cx + sx, cy + sy);
            let x_in = (x_min..=x_max).contains(&x2);
            let y_in = (y_min..=y_max).contains(&y2);
            let dark = |x: i64, y: i64| !out.contains_at((y * w + x) as usize);
            let want = [x_in && dark(x2, cy), y_in && dark(cx, y2), x_in && y_in && dark(x2, y2)];
            if want == [false; 3] || is_opaque(p) {
                continue;
            }
            for ((x, y), want) in [(x2, cy), (cx, y2), (x2, y2)].into_iter().zip(want) {
                let q = Point::new(x as i32, y as i32);
                if want && is_opaque(q) {
                    out.insert_at((y * w + x) as usize, q);
                }
            }
            continue;
        }
        if is_opaque(p) {
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

    /// The three ways of [`postprocess`] light the same walls, on random maps with random
    /// visible sets (any set, not only a field of view), radii and origins, including
    /// rows wider than 64 cells.
    #[test]
    fn postprocess_ways_agree() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        };
        for _ in 0..400 {
            let size = Size::new(1 + next(150) as u32, 1 + next(12) as u32);
            let opaque: Vec<bool> = (0..size.area()).map(|_| next(3) == 0).collect();
            let is_opaque = |p: Point| opaque[size.index_of(p).expect("on the map")];
            let cell = |next: &mut dyn FnMut(u64) -> u64| {
                Point::new(next(u64::from(size.width)) as i32, next(u64::from(size.height)) as i32)
            };
            let origin = cell(&mut next);
            let mut seen = vec![origin];
            for _ in 0..next(size.area() as u64 + 1) {
                seen.push(cell(&mut next));
            }
            let radius = next(80) as i64;
            let mut by_cells = Viewshed::new(size);
            for &p in &seen {
                by_cells.insert(p);
            }
            let mut by_rows = by_cells.clone();
            let bounds = post_bounds(size, origin, radius);
            postprocess_by_cells(size, origin, bounds, &is_opaque, &mut by_cells);
            postprocess_by_rows(origin, bounds, bounds, &is_opaque, &mut by_rows);
            // The marking pass, told the marked walls and the marks' bounding box.
            let mut marked = Viewshed::new(size);
            let (mut reach, mut walls) = (bounds_of(&seen), Vec::new());
            for &p in &seen {
                marked.mark_at(marked.index_of(p));
                if p != origin && is_opaque(p) {
                    walls.push(marked.index_of(p));
                }
            }
            reach =
                postprocess_marked(size, origin, radius, (reach, &walls), &is_opaque, &mut marked);
            marked.list_marked(
                origin,
                (reach.0 as i32, reach.1 as i32, reach.2 as i32, reach.3 as i32),
            );
            let sorted = |v: &Viewshed| {
                let mut all: Vec<Point> = v.iter().collect();
                all.sort_by_key(|p| (p.y, p.x));
                all
            };
            let want = sorted(&by_cells);
            assert_eq!(sorted(&by_rows), want, "{size} from {origin}, radius {radius}");
            assert_eq!(sorted(&marked), want, "{size} from {origin}, radius {radius}");
        }
    }

    /// The bounding box of `points` (inclusive corners; not empty).
    fn bounds_of(points: &[Point]) -> (i64, i64, i64, i64) {
        let (x, y) = (i64::from(points[0].x), i64::from(points[0].y));
        points.iter().fold((x, y, x, y), |b, p| {
            let (x, y) = (i64::from(p.x), i64::from(p.y));
            (b.0.min(x), b.1.min(y), b.2.max(x), b.3.max(y))
        })
    }
}
