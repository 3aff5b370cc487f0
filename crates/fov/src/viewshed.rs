//! The reusable output of a field-of-view computation.

use std::fmt;
use std::sync::OnceLock;

use torchlit_geom::{Point, Size};

/// The set of visible cells of one FOV computation, plus the scratch space the algorithms
/// need, kept between calls so that computing a field of view does not allocate.
///
/// - Shape: sized for a map of [`Viewshed::size`]; only cells inside it are ever visible.
/// - Membership is one bit per cell (a 1025×1025 map's set is 128 KiB and stays in
///   cache), and clearing costs at most one store per visible cell, so the cost of a call
///   grows with the cells it visits, never with the map's area.
/// - [`Viewshed::iter`] yields each visible cell once, in the order it was found (for
///   [`Algorithm::Shadow`](crate::Algorithm::Shadow) and
///   [`Algorithm::Restrictive`](crate::Algorithm::Restrictive): the origin, then
///   row-major). Those two build that list only when it is first asked for
///   ([`Viewshed::iter`], [`Viewshed::as_slice`], or a change such as
///   [`Viewshed::insert`]), allocating it then; [`Viewshed::contains`] and
///   [`Viewshed::len`] never need it.
#[derive(Clone, Default)]
pub struct Viewshed {
    size: Size,
    /// Bit `i % 64` of word `i / 64` is set iff the cell of row-major index `i` is one of
    /// the visible points; so every non-zero word holds the bit of at least one of them.
    bits: Vec<u64>,
    /// The visible points are `slots[..len]`; the rest are placeholders kept so that the
    /// scans can write without growing the vector point by point (see [`Writer`]).
    slots: Vec<Point>,
    len: usize,
    /// The box (inclusive corners) that holds every set bit, when the bits were last
    /// listed by [`Viewshed::list_marked`] and nothing was inserted since: clearing may
    /// then zero its words instead of one word per listed point.
    marked_box: Option<(i32, i32, i32, i32)>,
    /// Set when a scan left its cells marked but not listed ([`Viewshed::defer_list`]):
    /// `len` is then their count, `slots` holds nothing, and the list is built in `listed`
    /// the first time it is asked for.
    unlisted: Option<Unlisted>,
    listed: OnceLock<Vec<Point>>,
    pub(crate) point_stack: Vec<Point>,
    pub(crate) row_stack: Vec<crate::symmetric::Row>,
    pub(crate) libtcod: crate::libtcod::Scratch,
}

impl fmt::Debug for Viewshed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Viewshed")
            .field("size", &self.size)
            .field("visible", &self.as_slice())
            .finish_non_exhaustive()
    }
}

impl Viewshed {
    /// An empty viewshed for maps of `size`.
    pub fn new(size: Size) -> Viewshed {
        Viewshed {
            size,
            bits: vec![0; size.area().div_ceil(64)],
            slots: Vec::new(),
            len: 0,
            marked_box: None,
            unlisted: None,
            listed: OnceLock::new(),
            point_stack: Vec::new(),
            row_stack: Vec::new(),
            libtcod: crate::libtcod::Scratch::default(),
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
            self.len = 0;
            self.marked_box = None;
            self.unlisted = None;
            self.listed = OnceLock::new();
            self.bits.clear();
            self.bits.resize(size.area().div_ceil(64), 0);
        }
        self.clear();
    }

    /// Forgets every visible cell, in one store per visible cell (or fewer).
    pub fn clear(&mut self) {
        let width = self.size.width as usize;
        // An unlisted viewshed's cells are only in its box.
        let unlisted = self.unlisted.take().is_some();
        self.listed.take();
        match self.marked_box.take() {
            Some((x0, y0, x1, y1)) if unlisted || box_words((x0, y0, x1, y1)) < self.len => {
                for y in y0 as usize..=y1 as usize {
                    let (a, b) = ((y * width + x0 as usize) / 64, (y * width + x1 as usize) / 64);
                    // Mostly a word or two: stored directly, not through `memset`.
                    (self.bits[a], self.bits[b]) = (0, 0);
                    if b > a + 1 {
                        self.bits[a + 1..b].fill(0);
                    }
                }
            }
            _ => {
                for p in &self.slots[..self.len] {
                    // Every set bit belongs to a visible point: zeroing their whole words
                    // clears them all (and is cheaper than clearing bit by bit).
                    self.bits[(p.y as usize * width + p.x as usize) / 64] = 0;
                }
            }
        }
        self.len = 0;
    }

    /// Marks `p` visible; returns whether it was new. Points outside [`Viewshed::size`]
    /// are ignored (returns `false`).
    #[inline]
    pub fn insert(&mut self, p: Point) -> bool {
        let Some(index) = self.size.index_of(p) else {
            return false;
        };
        self.list_now();
        let (word, bit) = (&mut self.bits[index / 64], 1u64 << (index % 64));
        if *word & bit != 0 {
            return false;
        }
        *word |= bit;
        self.marked_box = None;
        self.push_slot(p);
        true
    }

    /// [`Viewshed::insert`] for a point of the map whose row-major index the caller
    /// knows (`index == p.y * width + p.x`), for the scans' inner loops.
    #[inline]
    pub(crate) fn insert_at(&mut self, index: usize, p: Point) {
        debug_assert_eq!(self.size.index_of(p), Some(index));
        self.list_now();
        let (word, bit) = (&mut self.bits[index / 64], 1u64 << (index % 64));
        if *word & bit == 0 {
            *word |= bit;
            self.marked_box = None;
            self.push_slot(p);
        }
    }

    /// Sets the bit of the cell of row-major index `index` without listing it: a scan that
    /// marks must end with [`Viewshed::list_marked`].
    #[inline]
    pub(crate) fn mark_at(&mut self, index: usize) {
        self.bits[index / 64] |= 1u64 << (index % 64);
    }

    /// The membership bits (bit `i % 64` of word `i / 64` for row-major index `i`), for a
    /// scan that marks cells itself: it must end with [`Viewshed::list_marked`].
    pub(crate) fn marks(&mut self) -> &mut [u64] {
        &mut self.bits
    }

    /// Lists the marked cells after [`Viewshed::clear`] and [`Viewshed::mark_at`]: `first`
    /// (marked), then the others row-major. Every marked cell must lie in the box
    /// `(x0, y0, x1, y1)` (inclusive corners on the map), which is scanned a word of 64
    /// cells at a time.
    pub(crate) fn list_marked(&mut self, first: Point, (x0, y0, x1, y1): (i32, i32, i32, i32)) {
        self.unlisted = None;
        self.listed.take();
        let width = self.size.width as usize;
        // `first` is listed first: its bit is off while the box is listed.
        let first_index = self.index_of(first);
        self.bits[first_index / 64] &= !(1u64 << (first_index % 64));
        self.len = 0;
        self.push_slot(first);
        let mut len = 1;
        for y in y0 as usize..=y1 as usize {
            let row = y * width;
            let (start, end) = (row + x0 as usize, row + x1 as usize + 1);
            for word_index in start / 64..end.div_ceil(64) {
                let base = word_index * 64;
                let mut word = self.bits[word_index];
                if base < start {
                    word &= !0u64 << (start - base);
                }
                if end - base < 64 {
                    word &= (1u64 << (end - base)) - 1;
                }
                if word == 0 {
                    continue;
                }
                let next = len + word.count_ones() as usize;
                if self.slots.len() < next {
                    let want = next.max(2 * self.slots.len());
                    self.slots.resize(want, Point::ORIGIN);
                }
                // The column of bit 0 (the word may start on the row before).
                let x = base as i64 - row as i64;
                for slot in &mut self.slots[len..next] {
                    *slot = Point::new((x + i64::from(word.trailing_zeros())) as i32, y as i32);
                    word &= word - 1;
                }
                len = next;
            }
        }
        self.bits[first_index / 64] |= 1u64 << (first_index % 64);
        self.len = len;
        self.marked_box = Some((x0, y0, x1, y1));
    }

    /// [`Viewshed::list_marked`] deferred: counts the marked cells now and lists them the
    /// first time the list is asked for ([`Viewshed::as_slice`], [`Viewshed::iter`]), or
    /// before a change. A caller that only asks [`Viewshed::contains`] and
    /// [`Viewshed::len`] never pays for the list.
    pub(crate) fn defer_list(&mut self, first: Point, corners: (i32, i32, i32, i32)) {
        let len = self.count_marked(corners);
        self.defer_list_counted(first, corners, len);
    }

    /// [`Viewshed::defer_list`] for a scan that counted the cells it marked: `len`.
    pub(crate) fn defer_list_counted(
        &mut self,
        first: Point,
        corners: (i32, i32, i32, i32),
        len: usize,
    ) {
        self.listed.take();
        self.len = len;
        self.unlisted = Some(Unlisted { first, corners });
        self.marked_box = Some(corners);
    }

    /// Builds the list of a viewshed left unlisted, in `slots`, before a change.
    #[inline]
    fn list_now(&mut self) {
        if let Some(unlisted) = self.unlisted.take() {
            self.slots = match self.listed.take() {
                Some(listed) => listed,
                None => unlisted.list(&self.bits, self.size.width as usize, self.len),
            };
        }
    }

    /// The row-major index of `p`, a cell of the map.
    #[inline]
    pub(crate) fn index_of(&self, p: Point) -> usize {
        p.y as usize * self.size.width as usize + p.x as usize
    }

    /// The visible bits of the `n <= 64` cells of row `y` from column `lo` on (see
    /// [`row_bits`]).
    #[inline]
    pub(crate) fn row_bits(&self, y: i64, lo: i64, n: i64, clip: (i64, i64)) -> u64 {
        row_bits(&self.bits, i64::from(self.size.width), y, lo, n, clip)
    }

    /// The membership bits, read only (see [`Viewshed::marks`]).
    pub(crate) fn bits(&self) -> &[u64] {
        &self.bits
    }

    /// How many cells are marked in the box `(x0, y0, x1, y1)` (inclusive corners on the
    /// map), counted a word of 64 cells at a time.
    pub(crate) fn count_marked(&self, (x0, y0, x1, y1): (i32, i32, i32, i32)) -> usize {
        let width = self.size.width as usize;
        let mut count = 0;
        for y in y0 as usize..=y1 as usize {
            let (start, last) = (y * width + x0 as usize, y * width + x1 as usize);
            let (a, b) = (start / 64, last / 64);
            let (low, high) = (!0u64 << (start % 64), !0u64 >> (63 - last % 64));
            if a == b {
                count += (self.bits[a] & low & high).count_ones();
            } else {
                count += (self.bits[a] & low).count_ones() + (self.bits[b] & high).count_ones();
                count += self.bits[a + 1..b].iter().map(|w| w.count_ones()).sum::<u32>();
            }
        }
        count as usize
    }

    /// Appends `p` to the listed cells (its bit is the caller's business).
    #[inline]
    fn push_slot(&mut self, p: Point) {
        if self.len == self.slots.len() {
            self.slots.push(p);
        } else {
            self.slots[self.len] = p;
        }
        self.len += 1;
    }

    /// [`Viewshed::contains`] by row-major index (`index < size.area()`).
    #[inline]
    pub(crate) fn contains_at(&self, index: usize) -> bool {
        self.bits[index / 64] & (1u64 << (index % 64)) != 0
    }

    /// A writer that inserts row by row without branching on the data, for the scans'
    /// inner loops.
    pub(crate) fn writer(&mut self) -> Writer<'_> {
        self.list_now();
        self.marked_box = None;
        Writer { bits: &mut self.bits, slots: &mut self.slots, len: &mut self.len }
    }

    /// Whether `p` is visible (`false` outside the map).
    #[inline]
    pub fn contains(&self, p: Point) -> bool {
        self.size.index_of(p).is_some_and(|i| self.bits[i / 64] & (1u64 << (i % 64)) != 0)
    }

    /// The number of visible cells.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no cell is visible.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The visible cells, each once, in the order they were found.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = Point> + '_ {
        self.as_slice().iter().copied()
    }

    /// The visible cells as a slice, in the order they were found.
    pub fn as_slice(&self) -> &[Point] {
        match self.unlisted {
            Some(unlisted) => self
                .listed
                .get_or_init(|| unlisted.list(&self.bits, self.size.width as usize, self.len)),
            None => &self.slots[..self.len],
        }
    }

    /// Keeps only the visible cells for which `keep` holds.
    pub fn retain(&mut self, mut keep: impl FnMut(Point) -> bool) {
        self.list_now();
        let size = self.size;
        let mut kept = 0;
        for i in 0..self.len {
            let p = self.slots[i];
            if keep(p) {
                self.slots[kept] = p;
                kept += 1;
            } else if let Some(index) = size.index_of(p) {
                self.bits[index / 64] &= !(1u64 << (index % 64));
            }
        }
        self.len = kept;
    }
}

/// The cells of a viewshed marked but not listed: `first` (marked), then the other marked
/// cells of the box `corners` (inclusive, on the map), row-major.
#[derive(Clone, Copy, Debug)]
struct Unlisted {
    first: Point,
    corners: (i32, i32, i32, i32),
}

impl Unlisted {
    /// The list of the `count` cells marked in `bits` (a map `width` cells wide).
    fn list(self, bits: &[u64], width: usize, count: usize) -> Vec<Point> {
        let (x0, y0, x1, y1) = self.corners;
        let mut out = Vec::with_capacity(count);
        out.push(self.first);
        for y in y0 as usize..=y1 as usize {
            let row = y * width;
            let (start, end) = (row + x0 as usize, row + x1 as usize + 1);
            let words = &bits[start / 64..end.div_ceil(64)];
            for (base, &word) in (start / 64 * 64..).step_by(64).zip(words) {
                let mut word = word;
                if base < start {
                    word &= !0u64 << (start - base);
                }
                if end - base < 64 {
                    word &= (1u64 << (end - base)) - 1;
                }
                while word != 0 {
                    let x = (base + word.trailing_zeros() as usize - row) as i32;
                    word &= word - 1;
                    let p = Point::new(x, y as i32);
                    if p != self.first {
                        out.push(p);
                    }
                }
            }
        }
        out
    }
}

/// At most how many words of a row-major bit set hold the box `(x0, y0, x1, y1)`
/// (inclusive corners on the map).
fn box_words((x0, y0, x1, y1): (i32, i32, i32, i32)) -> usize {
    // A row of the box spans at most this many words wherever it starts.
    let per_row = ((x1 - x0 + 1) as usize).div_ceil(64) + 1;
    per_row * (y1 - y0 + 1) as usize
}

/// The bits of the `n <= 64` cells of row `y` from column `lo` on, in a row-major bit
/// set of a map `width` cells wide (bit `i % 64` of word `i / 64` for index `i`): bit `i`
/// of the result is cell `(lo + i, y)`, zero where `lo + i` is outside the columns `clip`
/// (inclusive, on the map).
#[inline]
pub(crate) fn row_bits(bits: &[u64], width: i64, y: i64, lo: i64, n: i64, clip: (i64, i64)) -> u64 {
    let (a, b) = (lo.max(clip.0), (lo + n - 1).min(clip.1));
    if a > b {
        return 0;
    }
    let start = (y * width + a) as usize;
    let count = (b - a + 1) as u32;
    let (word, off) = (start / 64, (start % 64) as u32);
    let mut v = bits[word] >> off;
    if off != 0 && off + count > 64 {
        v |= bits[word + 1] << (64 - off);
    }
    let mask = if count == 64 { !0 } else { (1u64 << count) - 1 };
    (v & mask) << (a - lo)
}

/// Inserts into a [`Viewshed`] row by row, without a data-dependent branch per cell.
///
/// The viewshed's `slots` are kept longer than its result, so that a row of `n` cells gets
/// `n` free slots up front ([`Writer::row`]): each cell's point is written to the next
/// slot, and the count then advances by 0 or 1. Whether a cell is visible becomes
/// arithmetic, not a branch the CPU must guess.
pub(crate) struct Writer<'a> {
    bits: &'a mut [u64],
    slots: &'a mut Vec<Point>,
    len: &'a mut usize,
}

impl Writer<'_> {
    /// The writer for a row of at most `n` cells (grows `slots` only past the largest
    /// result so far).
    #[inline]
    pub(crate) fn row(&mut self, n: usize) -> RowWriter<'_> {
        let len = *self.len;
        if self.slots.len() < len + n {
            let want = (len + n).max(2 * self.slots.len());
            self.slots.resize(want, Point::ORIGIN);
        }
        RowWriter {
            bits: self.bits,
            slots: &mut self.slots[len..len + n],
            found: 0,
            len: &mut *self.len,
        }
    }
}

/// The free slots of one row; see [`Writer`].
pub(crate) struct RowWriter<'a> {
    bits: &'a mut [u64],
    slots: &'a mut [Point],
    found: usize,
    len: &'a mut usize,
}

impl RowWriter<'_> {
    /// Inserts `p`, whose row-major index is `index`, if `visible` (at most as many times
    /// as the row has slots). Only a cell two scans may both reach (`shared`) is looked
    /// up first; any other is known to be new, so nothing waits for its bit to be read.
    #[inline]
    pub(crate) fn insert_if(&mut self, index: usize, p: Point, visible: bool, shared: bool) {
        let word = &mut self.bits[index / 64];
        let bit = 1u64 << (index % 64);
        let new = if shared {
            visible & (*word & bit == 0)
        } else {
            debug_assert!(*word & bit == 0, "{p:?} found twice");
            visible
        };
        *word |= bit * u64::from(new);
        self.slots[self.found] = p;
        self.found += usize::from(new);
    }

    /// Keeps the points found.
    #[inline]
    pub(crate) fn finish(self) {
        *self.len += self.found;
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
