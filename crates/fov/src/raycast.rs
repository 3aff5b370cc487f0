//! Raycasting field of view of seed 004 (roguelike tutorial part 08).

use torchlit_geom::{Line, Point, Radius, Size};

use crate::Viewshed;

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
    for y in y0..=y1 {
        for x in x0..=x1 {
            let p = Point::new(x, y);
            if radius.is_some_and(|r| !r.contains_inclusive(origin.offset_to(p))) {
                continue;
            }
            if is_clear_between(origin, p, is_opaque) {
                out.insert(p);
            }
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
