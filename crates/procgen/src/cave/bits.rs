//! The bit-parallel automaton: 64 cells per `u64`, neighbour counts bit-sliced.

use torchlit_geom::{Grid, Point, Size};

use super::{CaRule, CaveCell};
use crate::noise::{Threshold, cell_hash};

/// A grid of rock (`true`) and floor (`false`), bit-packed: each row is
/// `ceil(width / 64)` words, bit `i` of word `j` is the cell `x = 64·j + i`. The unused
/// high bits of each row's last word are kept set (rock), so that they read as the rock
/// beyond the east edge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RockBits {
    size: Size,
    words_per_row: usize,
    words: Vec<u64>,
}

/// `(sum, carry)` of three one-bit planes.
#[inline(always)]
fn full_add(a: u64, b: u64, c: u64) -> (u64, u64) {
    let ab = a ^ b;
    (ab ^ c, (a & b) | (c & ab))
}

/// `(sum, carry)` of two one-bit planes.
#[inline(always)]
fn half_add(a: u64, b: u64) -> (u64, u64) {
    (a ^ b, a & b)
}

impl RockBits {
    /// A grid of `size` with every cell rock (`true`) or floor (`false`).
    pub fn new(size: Size, rock: bool) -> RockBits {
        let words_per_row = (size.width as usize).div_ceil(64);
        let fill = if rock { !0 } else { 0 };
        let mut g = RockBits {
            size,
            words_per_row,
            words: vec![fill; words_per_row * size.height as usize],
        };
        g.set_padding();
        g
    }

    /// Packs a grid of booleans (`true` = rock).
    pub fn from_grid(grid: &Grid<bool>) -> RockBits {
        let mut g = RockBits::new(grid.size(), false);
        for (p, &rock) in grid.iter() {
            g.set(p, rock);
        }
        g
    }

    /// The starting noise for world cells `origin + (x, y)`: rock with probability `r`.
    pub(crate) fn noise(key: u64, origin: (i64, i64), size: Size, r: f64) -> RockBits {
        let t = Threshold::new(r);
        let mut g = RockBits::new(size, false);
        let wpr = g.words_per_row;
        let w = size.width as usize;
        for (y, row) in g.words.chunks_exact_mut(wpr.max(1)).enumerate() {
            let wy = origin.1 + y as i64;
            for (j, word) in row.iter_mut().enumerate() {
                let mut bits = 0u64;
                for i in 0..(w - 64 * j).min(64) {
                    let x = origin.0 + (64 * j + i) as i64;
                    bits |= u64::from(t.hit(cell_hash(key, x, wy))) << i;
                }
                *word = bits;
            }
        }
        g.set_padding();
        g
    }

    /// Unpacks into a grid of booleans (`true` = rock).
    pub fn to_grid(&self) -> Grid<bool> {
        Grid::from_fn(self.size, |p| self.get(p).unwrap_or(true))
    }

    /// The extent in cells.
    pub const fn size(&self) -> Size {
        self.size
    }

    /// Whether the cell at `p` is rock; `None` outside the grid.
    pub fn get(&self, p: Point) -> Option<bool> {
        if !self.size.contains(p) {
            return None;
        }
        let (x, y) = (p.x as usize, p.y as usize);
        Some(self.words[y * self.words_per_row + x / 64] >> (x % 64) & 1 == 1)
    }

    /// Makes the cell at `p` rock or floor; does nothing outside the grid.
    pub fn set(&mut self, p: Point, rock: bool) {
        if !self.size.contains(p) {
            return;
        }
        let (x, y) = (p.x as usize, p.y as usize);
        let w = &mut self.words[y * self.words_per_row + x / 64];
        if rock {
            *w |= 1 << (x % 64);
        } else {
            *w &= !(1 << (x % 64));
        }
    }

    /// The mask of the unused high bits of a row's last word (0 when the width is a
    /// multiple of 64).
    fn padding_mask(&self) -> u64 {
        match self.size.width % 64 {
            0 => 0,
            used => !0 << used,
        }
    }

    fn set_padding(&mut self) {
        let mask = self.padding_mask();
        if mask == 0 || self.words_per_row == 0 {
            return;
        }
        let wpr = self.words_per_row;
        for row in self.words.chunks_exact_mut(wpr) {
            row[wpr - 1] |= mask;
        }
    }

    /// Labels the cells as [`super::label_walls`] does: floor, rock next to floor
    /// (8-way) as wall, other rock as rock. The "next to floor" plane is the floor
    /// dilated by one cell, three rows and three shifts OR-ed together.
    pub fn label_walls(&self) -> Grid<CaveCell> {
        let wpr = self.words_per_row;
        let (w, h) = (self.size.width as usize, self.size.height as usize);
        let mut cells = Vec::with_capacity(w * h);
        let zero_row = vec![0u64; wpr];
        let floor_row = |y: usize| -> Vec<u64> {
            self.words[y * wpr..(y + 1) * wpr].iter().map(|&r| !r).collect()
        };
        let mut prev = zero_row.clone();
        let mut cur = if h > 0 { floor_row(0) } else { zero_row.clone() };
        for y in 0..h {
            let next = if y + 1 < h { floor_row(y + 1) } else { zero_row.clone() };
            for j in 0..wpr {
                let mut near = 0u64;
                for row in [&prev, &cur, &next] {
                    let west = if j > 0 { row[j - 1] } else { 0 };
                    let east = if j + 1 < wpr { row[j + 1] } else { 0 };
                    near |= row[j] | (row[j] << 1) | (west >> 63) | (row[j] >> 1) | (east << 63);
                }
                let rock = self.words[y * wpr + j];
                let end = (w - 64 * j).min(64);
                for i in 0..end {
                    let cell = if rock >> i & 1 == 0 {
                        CaveCell::Floor
                    } else if near >> i & 1 == 1 {
                        CaveCell::Wall
                    } else {
                        CaveCell::Rock
                    };
                    cells.push(cell);
                }
            }
            prev = std::mem::replace(&mut cur, next);
        }
        Grid::from_vec(self.size, cells).unwrap_or_else(|| Grid::new(self.size, CaveCell::Rock))
    }
}

/// One automaton step from `rock` into `next` (resized if needed).
pub(super) fn step(rule: CaRule, rock: &RockBits, next: &mut RockBits) {
    if next.size != rock.size {
        *next = RockBits::new(rock.size, true);
    }
    if rule.include_self {
        step_rows::<true>(rule.threshold, rock, next);
    } else {
        step_rows::<false>(rule.threshold, rock, next);
    }
}

/// The west and east neighbour planes of one row: bit `i` of `west[j]` is the cell west
/// of bit `i` of `row[j]` (carried in from the previous word), `east` likewise. Beyond
/// the row's ends: rock.
fn shift_row(row: &[u64], west: &mut [u64], east: &mut [u64]) {
    let n = row.len();
    let (west, east) = (&mut west[..n], &mut east[..n]);
    for j in 0..n {
        let prev = if j > 0 { row[j - 1] } else { !0 };
        let next = if j + 1 < n { row[j + 1] } else { !0 };
        west[j] = (row[j] << 1) | (prev >> 63);
        east[j] = (row[j] >> 1) | (next << 63);
    }
}

fn step_rows<const HOME: bool>(threshold: u8, rock: &RockBits, next: &mut RockBits) {
    let wpr = rock.words_per_row;
    let h = rock.size.height as usize;
    if wpr == 0 || h == 0 {
        return;
    }
    let pad = rock.padding_mask();
    // The bits of T, each as an all-ones or all-zeros mask; T above 15 never holds.
    let t = u32::from(threshold);
    let tk: [u64; 4] = std::array::from_fn(|k| if t >> k & 1 == 1 { !0 } else { 0 });
    let never = t > 15;
    let outside = vec![!0u64; wpr];
    let row = |y: usize| &rock.words[y * wpr..(y + 1) * wpr];
    // The shifted planes of the rows above, at and below the current one, rotated as the
    // rows advance so that each row is shifted once.
    let mut west = [vec![!0u64; wpr], vec![0; wpr], vec![0; wpr]];
    let mut east = [vec![!0u64; wpr], vec![0; wpr], vec![0; wpr]];
    {
        let [_, w1, _] = &mut west;
        let [_, e1, _] = &mut east;
        shift_row(row(0), w1, e1);
    }
    for y in 0..h {
        let down = if y + 1 < h { row(y + 1) } else { &outside[..] };
        {
            let [_, _, w2] = &mut west;
            let [_, _, e2] = &mut east;
            shift_row(down, w2, e2);
        }
        let up = if y > 0 { row(y - 1) } else { &outside[..] };
        let mid = row(y);
        let (u, m, d) = (&up[..wpr], &mid[..wpr], &down[..wpr]);
        let (uw, mw, dw) = (&west[0][..wpr], &west[1][..wpr], &west[2][..wpr]);
        let (ue, me, de) = (&east[0][..wpr], &east[1][..wpr], &east[2][..wpr]);
        let out = &mut next.words[y * wpr..(y + 1) * wpr];
        for j in 0..wpr {
            let (s1, c1) = full_add(uw[j], u[j], ue[j]);
            let (s2, c2) = full_add(mw[j], me[j], dw[j]);
            let (s3, c3) = if HOME { full_add(d[j], de[j], m[j]) } else { half_add(d[j], de[j]) };
            let (b0, c4) = full_add(s1, s2, s3);
            let (t1, d1) = full_add(c1, c2, c3);
            let (b1, d2) = half_add(t1, c4);
            let (b2, b3) = half_add(d1, d2);
            // count >= T, bit-sliced from the most significant bit down.
            let mut gt = 0u64;
            let mut eq = !0u64;
            for (c, tbit) in [(b3, tk[3]), (b2, tk[2]), (b1, tk[1]), (b0, tk[0])] {
                gt |= eq & c & !tbit;
                eq &= !(c ^ tbit);
            }
            out[j] = if never { 0 } else { gt | eq };
        }
        out[wpr - 1] |= pad;
        west.rotate_left(1);
        east.rotate_left(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packs_and_unpacks() {
        let g = Grid::from_fn(Size::new(70, 3), |p| (p.x * 7 + p.y) % 3 == 0);
        let b = RockBits::from_grid(&g);
        assert_eq!(b.to_grid(), g);
        assert_eq!(b.get(Point::new(70, 0)), None);
    }

    #[test]
    fn adder_counts_every_neighbourhood() {
        // A 3x3 grid whose centre sees each subset of its 8 neighbours.
        for mask in 0u32..512 {
            let g = Grid::from_fn(Size::new(3, 3), |p| mask >> (p.y * 3 + p.x) & 1 == 1);
            for t in 0..=9 {
                for include_self in [false, true] {
                    let rule = CaRule { threshold: t, include_self };
                    let mut naive = Grid::new(Size::new(3, 3), false);
                    rule.step(&g, &mut naive);
                    let mut fast = RockBits::new(Size::new(3, 3), false);
                    rule.step_bits(&RockBits::from_grid(&g), &mut fast);
                    assert_eq!(fast.to_grid(), naive, "mask {mask} t {t} self {include_self}");
                }
            }
        }
    }
}
