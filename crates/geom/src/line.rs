//! Bresenham lines, cell for cell identical to libtcod.

use crate::Point;

/// The cells of the Bresenham line from `from` to `to`, both ends included, in order.
///
/// Identical to libtcod's `TCOD_line_init_mt`/`TCOD_line_step_mt` (and so to python-tcod's
/// `tcod.los.bresenham`): the same cells in the same order, with libtcod's tie-breaking
/// (on a half step the minor axis moves only when the error becomes negative, so the
/// line from `(0,0)` to `(2,1)` is `(0,0) (1,0) (2,1)` but the one from `(2,1)` to `(0,0)`
/// is `(2,1) (1,1) (0,0)`). Checked against python-tcod vectors in the tests.
///
/// Yields `max(|dx|, |dy|) + 1` points; a line from a point to itself is that one point.
///
/// # Source
/// J. E. Bresenham, "Algorithm for computer control of a digital plotter",
/// IBM Systems Journal 4(1), 1965; libtcod `src/libtcod/bresenham_c.c`.
pub fn line(from: Point, to: Point) -> Line {
    Line::new(from, to)
}

/// Iterator over the cells of a Bresenham line; see [`line()`].
#[derive(Clone, Debug)]
pub struct Line {
    current: Point,
    to: Point,
    step_x: i32,
    step_y: i32,
    // Twice the absolute deltas (libtcod keeps them signed and multiplies by the step).
    delta_x2: i64,
    delta_y2: i64,
    error: i64,
    x_major: bool,
    started: bool,
    done: bool,
}

impl Line {
    /// The line from `from` to `to`; see [`line()`].
    pub fn new(from: Point, to: Point) -> Line {
        let dx = i64::from(to.x) - i64::from(from.x);
        let dy = i64::from(to.y) - i64::from(from.y);
        let (ax, ay) = (dx.abs(), dy.abs());
        let x_major = ax > ay;
        Line {
            current: from,
            to,
            step_x: dx.signum() as i32,
            step_y: dy.signum() as i32,
            delta_x2: 2 * ax,
            delta_y2: 2 * ay,
            error: if x_major { ax } else { ay },
            x_major,
            started: false,
            done: false,
        }
    }
}

impl Iterator for Line {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        if self.done {
            return None;
        }
        if !self.started {
            self.started = true;
            if self.current == self.to {
                self.done = true;
            }
            return Some(self.current);
        }
        if self.x_major {
            self.current.x += self.step_x;
            self.error -= self.delta_y2;
            if self.error < 0 {
                self.current.y += self.step_y;
                self.error += self.delta_x2;
            }
        } else {
            self.current.y += self.step_y;
            self.error -= self.delta_x2;
            if self.error < 0 {
                self.current.x += self.step_x;
                self.error += self.delta_y2;
            }
        }
        if self.current == self.to {
            self.done = true;
        }
        Some(self.current)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        if self.done {
            return (0, Some(0));
        }
        let remaining = (i64::from(self.to.x) - i64::from(self.current.x))
            .abs()
            .max((i64::from(self.to.y) - i64::from(self.current.y)).abs());
        let n = remaining as usize + usize::from(!self.started);
        (n, Some(n))
    }
}

impl ExactSizeIterator for Line {}
impl std::iter::FusedIterator for Line {}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(a: (i32, i32), b: (i32, i32)) -> Vec<(i32, i32)> {
        line(Point::new(a.0, a.1), Point::new(b.0, b.1)).map(|p| (p.x, p.y)).collect()
    }

    #[test]
    fn includes_both_ends() {
        assert_eq!(cells((0, 0), (3, 0)), vec![(0, 0), (1, 0), (2, 0), (3, 0)]);
        assert_eq!(cells((5, 5), (5, 5)), vec![(5, 5)]);
    }

    #[test]
    fn half_steps_break_ties_like_libtcod() {
        assert_eq!(cells((0, 0), (2, 1)), vec![(0, 0), (1, 0), (2, 1)]);
        assert_eq!(cells((2, 1), (0, 0)), vec![(2, 1), (1, 1), (0, 0)]);
        assert_eq!(cells((0, 0), (1, 2)), vec![(0, 0), (0, 1), (1, 2)]);
    }

    #[test]
    fn exact_size_matches_the_longer_axis() {
        let l = line(Point::new(-3, 2), Point::new(7, -1));
        assert_eq!(l.len(), 11);
        assert_eq!(l.count(), 11);
    }
}
