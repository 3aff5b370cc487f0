//! Breadth-first search over a small grid of walkable cells, shared by the bots.

use std::collections::VecDeque;

use torchlit_geom::{Offset, Point, Size};

/// Distances (in steps) from the nearest goal over cells `walkable` allows, moving by
/// `steps`; `u32::MAX` where no goal can be reached. Goals count as walkable.
pub(crate) fn distances(
    size: Size,
    goals: impl IntoIterator<Item = Point>,
    steps: &[Offset],
    walkable: impl Fn(Point) -> bool,
) -> Vec<u32> {
    let mut dist = vec![u32::MAX; size.area()];
    let mut queue = VecDeque::new();
    for g in goals {
        if let Some(i) = size.index_of(g)
            && dist[i] == u32::MAX
        {
            dist[i] = 0;
            queue.push_back(g);
        }
    }
    while let Some(p) = queue.pop_front() {
        let Some(i) = size.index_of(p) else { continue };
        let d = dist[i];
        for &o in steps {
            let n = p + o;
            let Some(j) = size.index_of(n) else { continue };
            if dist[j] == u32::MAX && walkable(n) {
                dist[j] = d + 1;
                queue.push_back(n);
            }
        }
    }
    dist
}

/// The neighbour of `from` (by `steps`, in their order) with the smallest distance
/// below `from`'s own, if any.
pub(crate) fn downhill(size: Size, dist: &[u32], from: Point, steps: &[Offset]) -> Option<Offset> {
    let here = size.index_of(from).map_or(u32::MAX, |i| dist[i]);
    let mut best: Option<(u32, Offset)> = None;
    for &o in steps {
        let Some(j) = size.index_of(from + o) else { continue };
        let d = dist[j];
        if d < here && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, o));
        }
    }
    best.map(|(_, o)| o)
}
