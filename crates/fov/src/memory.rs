//! Map memory: the cells a viewer has seen before.

use torchlit_geom::{Point, Size};

use crate::Viewshed;

/// Which cells of a map a viewer has ever seen (one bit per cell).
///
/// Front ends draw remembered cells dimmed; a remembered cell keeps no record of what was
/// there (the game keeps the map).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Memory {
    size: Size,
    bits: Vec<u64>,
}

impl Memory {
    /// A memory of a map of `size` that has seen nothing.
    pub fn new(size: Size) -> Memory {
        Memory { size, bits: vec![0; size.area().div_ceil(64)] }
    }

    /// The map size this memory covers.
    pub fn size(&self) -> Size {
        self.size
    }

    /// Remembers `p` (ignored outside the map).
    #[inline]
    pub fn remember(&mut self, p: Point) {
        if let Some(i) = self.size.index_of(p) {
            self.bits[i / 64] |= 1 << (i % 64);
        }
    }

    /// Remembers every cell of `seen`.
    pub fn remember_all(&mut self, seen: &Viewshed) {
        for p in seen.iter() {
            self.remember(p);
        }
    }

    /// Whether `p` was ever seen (`false` outside the map).
    #[inline]
    pub fn is_remembered(&self, p: Point) -> bool {
        self.size.index_of(p).is_some_and(|i| self.bits[i / 64] & (1 << (i % 64)) != 0)
    }

    /// The number of cells remembered.
    pub fn count(&self) -> usize {
        self.bits.iter().map(|b| b.count_ones() as usize).sum()
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.bits.fill(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remembers_what_it_saw() {
        let mut m = Memory::new(Size::new(10, 10));
        let mut seen = Viewshed::new(Size::new(10, 10));
        seen.insert(Point::new(9, 9));
        seen.insert(Point::new(0, 0));
        m.remember_all(&seen);
        m.remember(Point::new(-1, 0));
        assert!(m.is_remembered(Point::new(9, 9)));
        assert!(!m.is_remembered(Point::new(8, 9)));
        assert_eq!(m.count(), 2);
        m.clear();
        assert_eq!(m.count(), 0);
    }
}
