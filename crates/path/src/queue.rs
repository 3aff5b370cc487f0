//! The priority queues of the searches: a ring of buckets when keys grow by small steps
//! (Dial's algorithm), a binary heap otherwise.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Key spreads up to this many use the ring of buckets.
const MAX_RING_SPAN: u64 = 1 << 14;

/// One bucket of the ring: `buf[..len]` holds its items, and `buf` always has a spare
/// slot past them, so a push can write first and decide after whether the item counts.
#[derive(Clone, Debug)]
struct Bucket {
    buf: Vec<u32>,
    len: usize,
}

impl Default for Bucket {
    fn default() -> Bucket {
        Bucket { buf: vec![0; 16], len: 0 }
    }
}

/// A monotone min-queue of `(key, item)`: every key pushed is at least the last key
/// popped. Items with equal keys come out last in, first out.
#[derive(Clone, Debug, Default)]
pub(crate) struct Queue {
    ring: Vec<Bucket>,
    mask: usize,
    current: u32,
    len: usize,
    heap: BinaryHeap<Reverse<(u32, u32)>>,
    use_heap: bool,
}

impl Queue {
    /// Empties the queue for a search whose pending keys always lie within `span` of the
    /// last key popped; `first` is the smallest key that will be pushed first.
    pub(crate) fn reset(&mut self, span: u64, first: u32) {
        self.len = 0;
        self.heap.clear();
        self.use_heap = span >= MAX_RING_SPAN;
        if self.use_heap {
            return;
        }
        let size = (span as usize + 1).next_power_of_two();
        if self.ring.len() < size {
            self.ring.resize_with(size, Bucket::default);
        }
        for b in &mut self.ring {
            b.len = 0;
        }
        self.mask = size - 1;
        self.current = first;
    }

    #[inline]
    pub(crate) fn push(&mut self, key: u32, item: u32) {
        self.push_if(true, key, item);
    }

    /// Pushes `(key, item)` when `cond`, without a branch on `cond` in the ring (the item
    /// is written to its bucket's spare slot either way; only the count depends on
    /// `cond`). `key` need not be valid when `cond` is false.
    #[inline]
    pub(crate) fn push_if(&mut self, cond: bool, key: u32, item: u32) {
        if self.use_heap {
            if cond {
                self.heap.push(Reverse((key, item)));
            }
            return;
        }
        debug_assert!(!cond || (key >= self.current && (key - self.current) as usize <= self.mask));
        let b = &mut self.ring[key as usize & self.mask];
        b.buf[b.len] = item;
        b.len += usize::from(cond);
        self.len += usize::from(cond);
        if b.len == b.buf.len() {
            b.buf.resize(2 * b.len, 0);
        }
    }

    #[inline]
    pub(crate) fn pop(&mut self) -> Option<(u32, u32)> {
        if self.use_heap {
            return self.heap.pop().map(|Reverse(x)| x);
        }
        if self.len == 0 {
            return None;
        }
        loop {
            let b = &mut self.ring[self.current as usize & self.mask];
            if b.len > 0 {
                b.len -= 1;
                self.len -= 1;
                return Some((self.current, b.buf[b.len]));
            }
            self.current += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drain(q: &mut Queue) -> Vec<(u32, u32)> {
        std::iter::from_fn(|| q.pop()).collect()
    }

    #[test]
    fn ring_and_heap_pop_in_key_order() {
        for span in [3, MAX_RING_SPAN] {
            let mut q = Queue::default();
            q.reset(span, 5);
            q.push(7, 1);
            q.push(5, 2);
            q.push(6, 3);
            assert_eq!(q.pop(), Some((5, 2)));
            q.push(8, 4);
            let keys: Vec<u32> = drain(&mut q).into_iter().map(|(k, _)| k).collect();
            assert_eq!(keys, vec![6, 7, 8]);
            assert_eq!(q.pop(), None);
        }
    }

    #[test]
    fn pushes_that_do_not_count_leave_no_trace() {
        for span in [3, MAX_RING_SPAN] {
            let mut q = Queue::default();
            q.reset(span, 0);
            for i in 0..40 {
                q.push_if(i % 3 == 0, i % 2, i);
                q.push_if(false, u32::MAX, 99);
            }
            let mut items: Vec<u32> = drain(&mut q).into_iter().map(|(_, i)| i).collect();
            items.sort_unstable();
            assert_eq!(items, (0..40).filter(|i| i % 3 == 0).collect::<Vec<_>>());
        }
    }

    #[test]
    fn equal_keys_come_out_last_in_first_out_in_the_ring() {
        let mut q = Queue::default();
        q.reset(1, 0);
        q.push(0, 1);
        q.push(0, 2);
        assert_eq!(drain(&mut q), vec![(0, 2), (0, 1)]);
    }
}
