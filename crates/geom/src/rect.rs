//! Axis-aligned rectangles of cells.

use crate::{Point, Size};

/// An axis-aligned rectangle of cells: `origin` is its top-left cell, `size` its extent.
///
/// Contains the points `origin.x .. origin.x + width` × `origin.y .. origin.y + height`
/// (half-open); an empty size contains nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rect {
    /// The top-left cell.
    pub origin: Point,
    /// Extent in cells.
    pub size: Size,
}

impl Rect {
    /// Makes a rectangle from its top-left cell and size.
    pub const fn new(origin: Point, size: Size) -> Rect {
        Rect { origin, size }
    }

    /// The rectangle `(0, 0)`–`size`.
    pub const fn from_size(size: Size) -> Rect {
        Rect::new(Point::ORIGIN, size)
    }

    /// The west-most column.
    pub const fn left(&self) -> i32 {
        self.origin.x
    }

    /// The north-most row.
    pub const fn top(&self) -> i32 {
        self.origin.y
    }

    /// One past the east-most column.
    pub const fn right(&self) -> i32 {
        self.origin.x + self.size.width as i32
    }

    /// One past the south-most row.
    pub const fn bottom(&self) -> i32 {
        self.origin.y + self.size.height as i32
    }

    /// Whether `p` lies inside.
    pub const fn contains(&self, p: Point) -> bool {
        p.x >= self.left() && p.x < self.right() && p.y >= self.top() && p.y < self.bottom()
    }

    /// The cell at the centre (rounded towards the top-left).
    pub const fn center(&self) -> Point {
        Point::new(
            self.origin.x + (self.size.width / 2) as i32,
            self.origin.y + (self.size.height / 2) as i32,
        )
    }

    /// Whether the two rectangles share at least one cell.
    pub const fn intersects(&self, other: &Rect) -> bool {
        self.left() < other.right()
            && other.left() < self.right()
            && self.top() < other.bottom()
            && other.top() < self.bottom()
    }

    /// Every cell, row by row from the top-left.
    pub fn points(&self) -> impl Iterator<Item = Point> + use<> {
        let (l, r, t, b) = (self.left(), self.right(), self.top(), self.bottom());
        (t..b).flat_map(move |y| (l..r).map(move |x| Point::new(x, y)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contains_is_half_open() {
        let r = Rect::new(Point::new(2, 3), Size::new(3, 2));
        assert!(r.contains(Point::new(2, 3)));
        assert!(r.contains(Point::new(4, 4)));
        assert!(!r.contains(Point::new(5, 4)));
        assert!(!r.contains(Point::new(4, 5)));
        assert_eq!(r.points().count(), 6);
        assert_eq!(r.center(), Point::new(3, 4));
    }

    #[test]
    fn touching_rectangles_do_not_intersect() {
        let a = Rect::new(Point::new(0, 0), Size::new(2, 2));
        let b = Rect::new(Point::new(2, 0), Size::new(2, 2));
        let c = Rect::new(Point::new(1, 1), Size::new(2, 2));
        assert!(!a.intersects(&b));
        assert!(a.intersects(&c));
        assert!(b.intersects(&c));
    }
}
