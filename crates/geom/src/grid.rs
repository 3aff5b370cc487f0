//! A row-major rectangular array addressed by [`Point`].

use std::ops::{Index, IndexMut};

use crate::{Point, Size};

/// A `width × height` array of `T`, one value per cell, addressed by [`Point`].
///
/// Row-major (`index = y * width + x`); the index itself stays private. [`Grid::get`]
/// tolerates points outside the grid; `grid[p]` panics on them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Grid<T> {
    size: Size,
    cells: Vec<T>,
}

impl<T: Clone> Grid<T> {
    /// A grid of `size` with every cell set to `fill`.
    pub fn new(size: Size, fill: T) -> Grid<T> {
        Grid { size, cells: vec![fill; size.area()] }
    }

    /// Sets every cell to `value`.
    pub fn fill(&mut self, value: T) {
        self.cells.fill(value);
    }
}

impl<T> Grid<T> {
    /// A grid of `size` whose cell at `p` is `f(p)`, built row by row from the top-left.
    pub fn from_fn(size: Size, mut f: impl FnMut(Point) -> T) -> Grid<T> {
        let cells = (0..size.area()).map(|i| f(size.point_at(i))).collect();
        Grid { size, cells }
    }

    /// A grid from its cells in row-major order, or `None` if their number is not
    /// `size.area()`.
    pub fn from_vec(size: Size, cells: Vec<T>) -> Option<Grid<T>> {
        (cells.len() == size.area()).then_some(Grid { size, cells })
    }

    /// The extent in cells.
    pub const fn size(&self) -> Size {
        self.size
    }

    /// Cells from west to east.
    pub const fn width(&self) -> u32 {
        self.size.width
    }

    /// Cells from north to south.
    pub const fn height(&self) -> u32 {
        self.size.height
    }

    /// Whether `p` is a cell of this grid.
    pub const fn contains(&self, p: Point) -> bool {
        self.size.contains(p)
    }

    /// The value at `p`, or `None` when `p` lies outside.
    #[inline]
    pub fn get(&self, p: Point) -> Option<&T> {
        self.size.index_of(p).map(|i| &self.cells[i])
    }

    /// The value at `p` for writing, or `None` when `p` lies outside.
    #[inline]
    pub fn get_mut(&mut self, p: Point) -> Option<&mut T> {
        self.size.index_of(p).map(|i| &mut self.cells[i])
    }

    /// Every cell's point, row by row from the top-left.
    pub fn points(&self) -> impl Iterator<Item = Point> + use<T> {
        let size = self.size;
        (0..size.area()).map(move |i| size.point_at(i))
    }

    /// Every `(point, value)`, row by row from the top-left.
    pub fn iter(&self) -> impl Iterator<Item = (Point, &T)> {
        let size = self.size;
        self.cells.iter().enumerate().map(move |(i, v)| (size.point_at(i), v))
    }

    /// The values, row by row from the top-left.
    pub fn values(&self) -> std::slice::Iter<'_, T> {
        self.cells.iter()
    }

    /// One row (`y` from the top) as a slice, or `None` outside.
    pub fn row(&self, y: i32) -> Option<&[T]> {
        if y < 0 || y as u32 >= self.size.height {
            return None;
        }
        let w = self.size.width as usize;
        let start = y as usize * w;
        Some(&self.cells[start..start + w])
    }

    /// A new grid of the same size with `f` applied to every value.
    pub fn map<U>(&self, f: impl FnMut(&T) -> U) -> Grid<U> {
        Grid { size: self.size, cells: self.cells.iter().map(f).collect() }
    }
}

impl<T> Index<Point> for Grid<T> {
    type Output = T;

    /// # Panics
    /// If `p` lies outside the grid; use [`Grid::get`] when it may.
    #[inline]
    fn index(&self, p: Point) -> &T {
        match self.size.index_of(p) {
            Some(i) => &self.cells[i],
            None => panic!("point {p} outside a grid of {}", self.size),
        }
    }
}

impl<T> IndexMut<Point> for Grid<T> {
    /// # Panics
    /// If `p` lies outside the grid; use [`Grid::get_mut`] when it may.
    #[inline]
    fn index_mut(&mut self, p: Point) -> &mut T {
        match self.size.index_of(p) {
            Some(i) => &mut self.cells[i],
            None => panic!("point {p} outside a grid of {}", self.size),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn from_fn_fills_row_major() {
        let g = Grid::from_fn(Size::new(3, 2), |p| p.x + 10 * p.y);
        assert_eq!(g.values().copied().collect::<Vec<_>>(), vec![0, 1, 2, 10, 11, 12]);
        assert_eq!(g.row(1), Some(&[10, 11, 12][..]));
        assert_eq!(g.row(2), None);
        assert_eq!(g[Point::new(2, 1)], 12);
    }

    #[test]
    fn get_tolerates_outside_points() {
        let mut g = Grid::new(Size::new(2, 2), 0u8);
        assert_eq!(g.get(Point::new(-1, 0)), None);
        assert_eq!(g.get_mut(Point::new(0, 2)), None);
        *g.get_mut(Point::new(1, 1)).expect("inside") = 7;
        assert_eq!(g.get(Point::new(1, 1)), Some(&7));
    }

    #[test]
    #[should_panic(expected = "outside a grid")]
    fn index_panics_outside() {
        let g = Grid::new(Size::new(2, 2), 0u8);
        let _ = g[Point::new(2, 0)];
    }

    #[test]
    fn from_vec_checks_the_length() {
        assert!(Grid::from_vec(Size::new(2, 2), vec![1, 2, 3]).is_none());
        assert!(Grid::from_vec(Size::new(2, 2), vec![1, 2, 3, 4]).is_some());
    }
}
