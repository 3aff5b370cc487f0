//! Points, offsets and sizes in map space (see the crate docs for the axes).

use std::fmt;
use std::ops::{Add, AddAssign, Neg, Sub, SubAssign};

/// One cell of a grid, in map space: `x` grows east, `y` grows south, `(0, 0)` top-left.
///
/// Points may lie outside any particular grid (negative or too large); grids answer
/// `None` for those (see [`crate::Grid::get`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Point {
    /// Column, growing east.
    pub x: i32,
    /// Row, growing south.
    pub y: i32,
}

impl Point {
    /// The top-left cell, `(0, 0)`.
    pub const ORIGIN: Point = Point { x: 0, y: 0 };

    /// Makes a point from its column and row.
    pub const fn new(x: i32, y: i32) -> Point {
        Point { x, y }
    }

    /// The offset that leads from `self` to `other` (`other - self`), each axis saturating
    /// at `i32`'s bounds (points from a mouse or a file may be anywhere: never a panic).
    pub const fn offset_to(self, other: Point) -> Offset {
        Offset::new(other.x.saturating_sub(self.x), other.y.saturating_sub(self.y))
    }
}

impl fmt::Display for Point {
    /// Formats as `x,y`, the form the command line reads and prints.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// A difference between two points, in cells (`dx` east, `dy` south).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Offset {
    /// Cells east (negative: west).
    pub dx: i32,
    /// Cells south (negative: north).
    pub dy: i32,
}

impl Offset {
    /// Makes an offset.
    pub const fn new(dx: i32, dy: i32) -> Offset {
        Offset { dx, dy }
    }

    /// `dx² + dy²`, in cells², as `i64` so that no map size can overflow it.
    pub const fn length_squared(self) -> i64 {
        let dx = self.dx as i64;
        let dy = self.dy as i64;
        dx * dx + dy * dy
    }
}

impl Add<Offset> for Point {
    type Output = Point;
    fn add(self, o: Offset) -> Point {
        Point::new(self.x + o.dx, self.y + o.dy)
    }
}

impl AddAssign<Offset> for Point {
    fn add_assign(&mut self, o: Offset) {
        *self = *self + o;
    }
}

impl Sub<Offset> for Point {
    type Output = Point;
    fn sub(self, o: Offset) -> Point {
        Point::new(self.x - o.dx, self.y - o.dy)
    }
}

impl SubAssign<Offset> for Point {
    fn sub_assign(&mut self, o: Offset) {
        *self = *self - o;
    }
}

impl Sub<Point> for Point {
    type Output = Offset;
    fn sub(self, other: Point) -> Offset {
        other.offset_to(self)
    }
}

impl Add for Offset {
    type Output = Offset;
    fn add(self, o: Offset) -> Offset {
        Offset::new(self.dx + o.dx, self.dy + o.dy)
    }
}

impl Neg for Offset {
    type Output = Offset;
    fn neg(self) -> Offset {
        Offset::new(-self.dx, -self.dy)
    }
}

/// The extent of a grid or rectangle, in cells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Size {
    /// Cells from west to east.
    pub width: u32,
    /// Cells from north to south.
    pub height: u32,
}

impl Size {
    /// Makes a size.
    pub const fn new(width: u32, height: u32) -> Size {
        Size { width, height }
    }

    /// `width × height`, the number of cells.
    pub const fn area(self) -> usize {
        self.width as usize * self.height as usize
    }

    /// Whether `p` lies in `0..width × 0..height`.
    pub const fn contains(self, p: Point) -> bool {
        p.x >= 0 && p.y >= 0 && (p.x as u32) < self.width && (p.y as u32) < self.height
    }

    /// The row-major index of `p` (`y * width + x`), or `None` outside.
    pub const fn index_of(self, p: Point) -> Option<usize> {
        if self.contains(p) {
            Some(p.y as usize * self.width as usize + p.x as usize)
        } else {
            None
        }
    }

    /// The point at row-major index `i` (the inverse of [`Size::index_of`]).
    ///
    /// # Panics
    /// If the width is zero.
    pub const fn point_at(self, i: usize) -> Point {
        let w = self.width as usize;
        Point::new((i % w) as i32, (i / w) as i32)
    }
}

impl fmt::Display for Size {
    /// Formats as `WxH`, the form the command line reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_arithmetic_round_trips_through_offsets() {
        let a = Point::new(3, -2);
        let b = Point::new(-1, 7);
        assert_eq!(a + (b - a), b);
        assert_eq!(b - (b - a), a);
        assert_eq!((b - a).length_squared(), 16 + 81);
        assert_eq!(-(b - a), a - b);
    }

    #[test]
    fn size_index_is_row_major() {
        let s = Size::new(4, 3);
        assert_eq!(s.index_of(Point::new(1, 2)), Some(9));
        assert_eq!(s.point_at(9), Point::new(1, 2));
        assert_eq!(s.index_of(Point::new(4, 0)), None);
        assert_eq!(s.index_of(Point::new(-1, 0)), None);
        assert_eq!(s.index_of(Point::new(0, 3)), None);
        assert_eq!(s.area(), 12);
    }

    #[test]
    fn display_forms_match_the_command_line() {
        assert_eq!(Point::new(-3, 4).to_string(), "-3,4");
        assert_eq!(Size::new(80, 24).to_string(), "80x24");
    }
}
