//! Connected components of a boolean grid, by flood fill with an explicit queue.

use std::collections::VecDeque;

/// The label of a cell that belongs to no component.
pub(crate) const NONE: u32 = u32::MAX;

/// The 4-way steps, then the diagonal ones.
pub(crate) const STEPS: [(i32, i32); 8] =
    [(0, -1), (1, 0), (0, 1), (-1, 0), (1, -1), (1, 1), (-1, 1), (-1, -1)];

/// Components of the `open` cells of a row-major `w × h` grid, 4-way or (with `eight`)
/// 8-way. Returns the label of every cell ([`NONE`] for closed cells) and the size of each
/// component; labels are numbered in reading order of each component's first cell.
pub(crate) fn label(open: &[bool], w: usize, h: usize, eight: bool) -> (Vec<u32>, Vec<usize>) {
    let mut labels = vec![NONE; open.len()];
    let mut sizes = Vec::new();
    let mut queue = VecDeque::new();
    let steps = if eight { &STEPS[..] } else { &STEPS[..4] };
    for start in 0..open.len() {
        if !open[start] || labels[start] != NONE {
            continue;
        }
        let id = sizes.len() as u32;
        labels[start] = id;
        queue.push_back(start);
        let mut size = 0;
        while let Some(i) = queue.pop_front() {
            size += 1;
            let (x, y) = ((i % w) as i32, (i / w) as i32);
            for &(dx, dy) in steps {
                let (nx, ny) = (x + dx, y + dy);
                if nx < 0 || ny < 0 || nx >= w as i32 || ny >= h as i32 {
                    continue;
                }
                let j = ny as usize * w + nx as usize;
                if open[j] && labels[j] == NONE {
                    labels[j] = id;
                    queue.push_back(j);
                }
            }
        }
        sizes.push(size);
    }
    (labels, sizes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagonals_join_only_eight_way() {
        let open = [true, false, false, true];
        let (l4, s4) = label(&open, 2, 2, false);
        assert_eq!(s4, vec![1, 1]);
        assert_eq!(l4, vec![0, NONE, NONE, 1]);
        let (_, s8) = label(&open, 2, 2, true);
        assert_eq!(s8, vec![2]);
    }
}
