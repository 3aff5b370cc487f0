//! The straightforward port of libtcod's `FOV_SYMMETRIC_SHADOWCAST` that `compute` replaced
//! (it walks every column of every row, off-map and out-of-range cells included, and masks
//! by the radius per cell): kept as the oracle the optimised scan is tested against.

use torchlit_geom::{Point, Radius, Size};

use crate::Viewshed;

/// A slope `num / den` with `den > 0`.
#[derive(Clone, Copy, Debug)]
struct Slope {
    num: i64,
    den: i64,
}

impl Slope {
    /// The slope through the left edge of column `c` at depth `d`: `(2c - 1) / (2d)`.
    #[inline]
    fn edge(depth: i64, column: i64) -> Slope {
        Slope { num: 2 * column - 1, den: 2 * depth }
    }
}

/// One row of one quadrant still to scan.
#[derive(Clone, Copy, Debug)]
struct Row {
    quadrant: u8,
    depth: i64,
    low: Slope,
    high: Slope,
}

/// `{xx, xy, yx, yy}` per quadrant, libtcod's table: map = pov + depth·(xx, yx) + column·(xy, yy).
const QUADRANTS: [[i64; 4]; 4] = [[1, 0, 0, 1], [0, 1, 1, 0], [0, -1, -1, 0], [-1, 0, 0, -1]];

/// Rounds `a / b` (`b > 0`) to the nearest integer, halves away from zero.
#[inline]
pub(super) fn round_half_away(a: i64, b: i64) -> i64 {
    if a >= 0 { (2 * a + b).div_euclid(2 * b) } else { -((-2 * a + b).div_euclid(2 * b)) }
}

/// Rounds `a / b` (`b > 0`) to the nearest integer, halves toward zero.
#[inline]
pub(super) fn round_half_toward_zero(a: i64, b: i64) -> i64 {
    if a >= 0 { -((b - 2 * a).div_euclid(2 * b)) } else { (b + 2 * a).div_euclid(2 * b) }
}

/// Computes the symmetric-shadowcasting field of view into `out` (cleared first).
///
/// See [`crate::symmetric`] for the rules; `out` must be sized for `size`.
pub(crate) fn compute(
    size: Size,
    origin: Point,
    radius: Option<Radius>,
    light_walls: bool,
    is_opaque: &impl Fn(Point) -> bool,
    out: &mut Viewshed,
) {
    out.clear();
    if !size.contains(origin) {
        return;
    }
    let r2 = radius.map(Radius::squared);
    let inside =
        |p: Point| r2.is_none_or(|r2| ((origin.offset_to(p)).length_squared() as f64) < r2);
    if (light_walls || !is_opaque(origin)) && inside(origin) {
        out.insert(origin);
    }
    // Rows at depth d hold only cells with dx² + dy² >= d², so with a radius no row at
    // depth >= r can add anything; libtcod scans them and masks afterwards.
    let max_depth: i64 = match radius {
        Some(r) => r.get().ceil() as i64 - 1,
        None => i64::MAX,
    };
    let mut stack = Vec::new();
    for quadrant in 0..4u8 {
        stack.push(Row {
            quadrant,
            depth: 1,
            low: Slope { num: -1, den: 1 },
            high: Slope { num: 1, den: 1 },
        });
    }
    let scan = Scan { size, origin, light_walls, max_depth, inside };
    while let Some(row) = stack.pop() {
        scan.rows(row, is_opaque, out, &mut stack);
    }
}

/// What every row of one call shares.
struct Scan<I> {
    size: Size,
    origin: Point,
    light_walls: bool,
    max_depth: i64,
    /// Whether a cell is within the radius.
    inside: I,
}

impl<I: Fn(Point) -> bool> Scan<I> {
    /// Scans `row` and the rows behind it while the last cell of each is floor, pushing
    /// the rows a wall splits off.
    fn rows(
        &self,
        mut row: Row,
        is_opaque: &impl Fn(Point) -> bool,
        out: &mut Viewshed,
        stack: &mut Vec<Row>,
    ) {
        let (w, h) = (i64::from(self.size.width), i64::from(self.size.height));
        let (ox, oy) = (i64::from(self.origin.x), i64::from(self.origin.y));
        let [xx, xy, yx, yy] = QUADRANTS[row.quadrant as usize];
        while row.depth <= self.max_depth {
            let ax = ox + row.depth * xx;
            let ay = oy + row.depth * yx;
            if ax < 0 || ay < 0 || ax >= w || ay >= h {
                break;
            }
            let column_min = round_half_away(row.depth * row.low.num, row.low.den);
            let column_max = round_half_toward_zero(row.depth * row.high.num, row.high.den);
            let mut prev_is_wall = false;
            for column in column_min..=column_max {
                let mx = ax + column * xy;
                let my = ay + column * yy;
                if mx < 0 || my < 0 || mx >= w || my >= h {
                    continue;
                }
                let p = Point::new(mx as i32, my as i32);
                let is_wall = is_opaque(p);
                let symmetric = column * row.low.den >= row.depth * row.low.num
                    && column * row.high.den <= row.depth * row.high.num;
                if (if is_wall { self.light_walls } else { symmetric }) && (self.inside)(p) {
                    out.insert(p);
                }
                if prev_is_wall && !is_wall {
                    row.low = Slope::edge(row.depth, column);
                }
                if column != column_min && !prev_is_wall && is_wall {
                    stack.push(Row {
                        quadrant: row.quadrant,
                        depth: row.depth + 1,
                        low: row.low,
                        high: Slope::edge(row.depth, column),
                    });
                }
                prev_is_wall = is_wall;
            }
            if prev_is_wall {
                break;
            }
            row.depth += 1;
        }
    }
}
