//! The Ultima torch of Ultima 0 (CSCI 136, Montana Tech, 2014): a 4-way flood fill bounded by a Euclidean radius.

use torchlit_geom::{CardinalDirection, Point, Radius, Size};

use crate::Viewshed;

/// Floods light 4-way from `origin` into `out` (cleared first), exactly as Ultima 0's
/// recursive `lightDFS`, but with an explicit stack (no recursion depth limit).
///
/// A cell is lit when it is on the map, inside the radius (`dx² + dy² < r²`, "outside if the
/// Euclidean distance is >= r") and reached through a 4-way chain of transparent lit cells.
/// Opaque cells are lit but do not spread the light (so an avatar standing on an opaque
/// tile lights only its own cell). `None` radius floods the whole connected area.
pub(crate) fn compute(
    size: Size,
    origin: Point,
    radius: Option<Radius>,
    is_opaque: &impl Fn(Point) -> bool,
    out: &mut Viewshed,
) {
    out.clear();
    let inside = |p: Point| radius.is_none_or(|r| r.contains(origin.offset_to(p)));
    let mut stack = std::mem::take(&mut out.point_stack);
    stack.clear();
    stack.push(origin);
    while let Some(p) = stack.pop() {
        // Seed order of base cases: off the map, already lit, outside the radius; then the
        // cell is lit, and an opaque one stops there.
        if !size.contains(p) || out.contains(p) || !inside(p) {
            continue;
        }
        out.insert(p);
        if is_opaque(p) {
            continue;
        }
        for d in CardinalDirection::ALL {
            stack.push(p + d.offset());
        }
    }
    out.point_stack = stack;
}
