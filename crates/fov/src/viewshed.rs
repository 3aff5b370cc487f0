//! The reusable output of a field-of-view computation.

use torchlit_geom::{Point, Size};

/// The set of visible cells of one FOV computation, plus the scratch space the algorithms
/// need, kept between calls so that computing a field of view does not allocate.
///
/// - Shape: sized for a map of [`Viewshed::size`]; only cells inside it are ever visible.
/// - Clearing is O(1) (a generation stamp per cell), so the cost of a call grows with the
///   cells it visits, never with the map's area.
/// - [`Viewshed::iter`] yields each visible cell once, in the order it was found.
#[derive(Clone, Debug, Default)]
pub struct Viewshed {
    size: Size,
    stamps: Vec<u32>,
    epoch: u32,
    points: Vec<Point>,
    pub(crate) point_stack: Vec<Point>,
    pub(crate) row_stack: Vec<crate::symmetric::Row>,
}

impl Viewshed {
    /// An empty viewshed for maps of `size`.
    pub fn new(size: Size) -> Viewshed {
        Viewshed {
            size,
            stamps: vec![0; size.area()],
            epoch: 1,
            points: Vec::new(),
            point_stack: Vec::new(),
            row_stack: Vec::new(),
        }
    }

    /// The map size this viewshed covers.
    pub fn size(&self) -> Size {
        self.size
    }

    /// Makes this viewshed fit maps of `size` (and empties it); keeps its buffers.
    pub fn resize(&mut self, size: Size) {
        if size != self.size {
            self.size = size;
            self.stamps.clear();
            self.stamps.resize(size.area(), 0);
            self.epoch = 1;
        }
        self.clear();
    }

    /// Forgets every visible cell, in O(1).
    pub fn clear(&mut self) {
        self.points.clear();
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            // After 2³² clears the stamps could alias: reset them once.
            self.stamps.fill(0);
            self.epoch = 1;
        }
    }

    /// Marks `p` visible; returns whether it was new. Points outside [`Viewshed::size`]
    /// are ignored (returns `false`).
    #[inline]
    pub fn insert(&mut self, p: Point) -> bool {
        match self.size.index_of(p) {
            Some(i) if self.stamps[i] != self.epoch => {
                self.stamps[i] = self.epoch;
                self.points.push(p);
                true
            }
            _ => false,
        }
    }

    /// Whether `p` is visible (`false` outside the map).
    #[inline]
    pub fn contains(&self, p: Point) -> bool {
        self.size.index_of(p).is_some_and(|i| self.stamps[i] == self.epoch)
    }

    /// The number of visible cells.
    pub fn len(&self) -> usize {
        self.points.len()
    }

    /// Whether no cell is visible.
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }

    /// The visible cells, each once, in the order they were found.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = Point> + '_ {
        self.points.iter().copied()
    }

    /// The visible cells as a slice, in the order they were found.
    pub fn as_slice(&self) -> &[Point] {
        &self.points
    }

    /// Keeps only the visible cells for which `keep` holds.
    pub fn retain(&mut self, mut keep: impl FnMut(Point) -> bool) {
        let size = self.size;
        let epoch = self.epoch;
        let stamps = &mut self.stamps;
        self.points.retain(|&p| {
            let k = keep(p);
            if !k && let Some(i) = size.index_of(p) {
                stamps[i] = epoch.wrapping_sub(1);
            }
            k
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_dedups_and_clear_forgets() {
        let mut v = Viewshed::new(Size::new(3, 3));
        assert!(v.insert(Point::new(1, 1)));
        assert!(!v.insert(Point::new(1, 1)));
        assert!(!v.insert(Point::new(3, 1)));
        assert!(v.contains(Point::new(1, 1)));
        assert_eq!(v.len(), 1);
        v.clear();
        assert!(!v.contains(Point::new(1, 1)));
        assert!(v.is_empty());
        assert!(v.insert(Point::new(1, 1)));
    }

    #[test]
    fn retain_removes_membership_too() {
        let mut v = Viewshed::new(Size::new(3, 1));
        for x in 0..3 {
            v.insert(Point::new(x, 0));
        }
        v.retain(|p| p.x != 1);
        assert!(!v.contains(Point::new(1, 0)));
        assert_eq!(v.iter().collect::<Vec<_>>(), vec![Point::new(0, 0), Point::new(2, 0)]);
    }

    #[test]
    fn resize_changes_bounds() {
        let mut v = Viewshed::new(Size::new(1, 1));
        v.resize(Size::new(4, 4));
        assert!(v.insert(Point::new(3, 3)));
    }
}
