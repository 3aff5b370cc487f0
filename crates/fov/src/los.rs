//! Line of sight between two cells.

use torchlit_geom::{Line, Point};

/// Whether `to` can be seen from `from`: no cell strictly between them on their Bresenham
/// line ([`torchlit_geom::line()`], libtcod's) blocks, and the line never slips through a
/// diagonal gap, that is a diagonal step whose two orthogonal neighbours both block
/// (Freddy Heppell's CaveGame, an AQA Computer Science NEA, §2.4.3: "checks should be
/// performed to ensure that the line does not pass through diagonal gaps").
///
/// `blocks(p)` says whether `p` stops sight (CaveGame uses "impassable"; pass
/// `is_opaque` for sight in the usual sense). The ends themselves are never tested, so a
/// monster standing in a doorway can see and be seen.
///
/// ```
/// use torchlit_fov::line_of_sight;
/// use torchlit_geom::Point;
///
/// // Two walls meeting at a corner: the diagonal line between them is blocked.
/// let wall = |p: Point| p == Point::new(1, 0) || p == Point::new(0, 1);
/// assert!(!line_of_sight(Point::new(0, 0), Point::new(1, 1), wall));
/// assert!(line_of_sight(Point::new(0, 0), Point::new(2, 0), |_| false));
/// ```
pub fn line_of_sight(from: Point, to: Point, blocks: impl Fn(Point) -> bool) -> bool {
    let mut prev = from;
    for p in Line::new(from, to).skip(1) {
        if p.x != prev.x && p.y != prev.y {
            let side_a = Point::new(p.x, prev.y);
            let side_b = Point::new(prev.x, p.y);
            if blocks(side_a) && blocks(side_b) {
                return false;
            }
        }
        if p == to {
            return true;
        }
        if blocks(p) {
            return false;
        }
        prev = p;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wall_between_blocks_and_the_ends_do_not() {
        let wall = |p: Point| p == Point::new(2, 0);
        assert!(!line_of_sight(Point::new(0, 0), Point::new(4, 0), wall));
        assert!(line_of_sight(Point::new(0, 0), Point::new(2, 0), wall));
        assert!(line_of_sight(Point::new(2, 0), Point::new(0, 0), wall));
        assert!(line_of_sight(Point::new(3, 3), Point::new(3, 3), |_| true));
    }

    #[test]
    fn diagonal_gaps_block_only_when_both_sides_block() {
        // A diagonal wall of cells (1, 0) and (0, 1): the line (0,0)-(2,2) crosses no wall
        // cell, but slips between the two.
        let diagonal = |p: Point| p.x + p.y == 1;
        assert!(!line_of_sight(Point::new(0, 0), Point::new(2, 2), diagonal));
        assert!(line_of_sight(Point::new(0, 0), Point::new(2, 2), |_| false));
        // One side open: sight passes.
        let one_side = |p: Point| p == Point::new(1, 0);
        assert!(line_of_sight(Point::new(0, 0), Point::new(1, 1), one_side));
    }
}
