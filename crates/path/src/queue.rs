//! The priority queues of the searches: a ring of buckets when keys grow by small steps
//! (Dial's algorithm), a binary heap otherwise.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Key spreads up to this many use the ring of buckets.
const MAX_RING_SPAN: u64 = 1 << 14;

/// A monotone min-queue of `(key, item)`: every key pushed is at least the last key
/// popped. Items with equal keys come out last in, first out.
#[derive(Clone, Debug, Default)]
pub(crate) struct Queue {
    ring: Vec<Vec<u32>>,
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
            self.ring.resize_with(size, Vec::new);
        }
        for b in &mut self.ring {
            b.clear();
        }
        self.mask = size - 1;
        self.current = first;
    }

    #[inline]
    pub(crate) fn push(&mut self, key: u32, item: u32) {
        if self.use_heap {
            self.heap.push(Reverse((key, item)));
        } else {
            debug_assert!(key >= self.current && (key - self.current) as usize <= self.mask);
            self.ring[key as usize & self.mask].push(item);
            self.len += 1;
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
            if let Some(item) = self.ring[self.current as usize & self.mask].pop() {
                self.len -= 1;
                return Some((self.current, item));
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
    fn equal_keys_come_out_last_in_first_out_in_the_ring() {
        let mut q = Queue::default();
        q.reset(1, 0);
        q.push(0, 1);
        q.push(0, 2);
        assert_eq!(drain(&mut q), vec![(0, 2), (0, 1)]);
    }
}
