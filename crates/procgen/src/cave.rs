//! Cellular-automata caves (Freddy Heppell's CaveGame, an AQA Computer Science NEA,
//! §2.4.1; after Johnson, Yannakakis & Togelius 2010).

mod bits;

pub use bits::RockBits;

use torchlit_geom::{Grid, Point, Size};
use torchlit_map::Terrain;
use torchlit_rng::Seed;

use crate::GenError;
use crate::error::{check_probability, check_size};
use crate::noise::{Threshold, cell_hash};

/// The largest number of automaton iterations any generator accepts.
pub const MAX_ITERATIONS: u32 = 64;

/// One cell of a generated cave.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum CaveCell {
    /// Open ground one can walk on.
    Floor = 0,
    /// Solid rock with no floor among its eight neighbours.
    Rock = 1,
    /// Rock with at least one floor cell among its eight neighbours (the paper's "wall";
    /// only a label: it blocks like rock).
    Wall = 2,
}

impl CaveCell {
    /// Whether one can walk here.
    pub const fn is_floor(self) -> bool {
        matches!(self, CaveCell::Floor)
    }

    /// The byte used by [`crate::Region::to_bytes`] and the seed catalog.
    pub const fn to_byte(self) -> u8 {
        self as u8
    }
}

/// Floor is open ground; rock and wall block walkers and light alike.
impl Terrain for CaveCell {
    fn is_passable(&self) -> bool {
        self.is_floor()
    }

    fn is_opaque(&self) -> bool {
        !self.is_floor()
    }
}

/// The automaton's rule: a cell becomes rock when at least `threshold` cells of its Moore
/// neighbourhood are rock, floor otherwise. All cells change at once (the next grid is
/// computed from the previous one, never in place). Cells outside the grid count as rock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CaRule {
    /// `T`: how many rock cells make rock (0 to 9). The paper's value is 5.
    pub threshold: u8,
    /// Whether the home cell counts towards its own neighbourhood (the 3×3 block, 9
    /// cells, instead of the 8 around it). CaveGame §1.1.3 notes that the home cell is
    /// technically part of the Moore neighbourhood though often ignored. Counted, `T = 5`
    /// is a majority vote and gives caves about half rock, like the paper's pictures (the
    /// default); left out, `T = 5` of 8 erodes rock and gives open ground with pillars.
    pub include_self: bool,
}

impl CaRule {
    /// One step of the automaton, the straightforward way: copy the grid into a buffer
    /// with a one-cell border of rock, then for every cell add up its neighbours one byte
    /// at a time. `next` is replaced by the result. The reference that
    /// [`CaRule::step_bits`] is tested against.
    pub fn step(&self, rock: &Grid<bool>, next: &mut Grid<bool>) {
        let (w, h) = (rock.width() as usize, rock.height() as usize);
        let pw = w + 2;
        let mut padded = vec![1u8; pw * (h + 2)];
        for (y, row) in (0..h).filter_map(|y| rock.row(y as i32).map(|r| (y, r))) {
            for (x, &r) in row.iter().enumerate() {
                padded[(y + 1) * pw + x + 1] = u8::from(r);
            }
        }
        let t = u32::from(self.threshold);
        let home = u32::from(self.include_self);
        let mut cells = Vec::with_capacity(w * h);
        for y in 0..h {
            for x in 0..w {
                let c = (y + 1) * pw + x + 1;
                let n =
                    [c - pw - 1, c - pw, c - pw + 1, c - 1, c + 1, c + pw - 1, c + pw, c + pw + 1]
                        .iter()
                        .map(|&i| u32::from(padded[i]))
                        .sum::<u32>()
                        + home * u32::from(padded[c]);
                cells.push(n >= t);
            }
        }
        *next = Grid::from_vec(rock.size(), cells).unwrap_or_else(|| Grid::new(rock.size(), true));
    }

    /// One step of the automaton on bit-packed rows, 64 cells per machine word (see
    /// [`RockBits`]): the same result as [`CaRule::step`], cell for cell.
    pub fn step_bits(&self, rock: &RockBits, next: &mut RockBits) {
        bits::step(*self, rock, next);
    }
}

/// The parameters of a cellular-automaton cave. The defaults are the paper's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CaveParams {
    /// `r`: the probability that a cell starts as rock (0 to 1). Default 0.5.
    pub rock_probability: f64,
    /// The automaton's rule. Default `T = 5` over the 3×3 block (home cell counted).
    pub rule: CaRule,
    /// `a`: how many times the rule is applied (0 to [`MAX_ITERATIONS`]). Default 4.
    pub iterations: u32,
}

impl Default for CaveParams {
    fn default() -> Self {
        CaveParams {
            rock_probability: 0.5,
            rule: CaRule { threshold: 5, include_self: true },
            iterations: 4,
        }
    }
}

impl CaveParams {
    /// Checks every field's range.
    ///
    /// # Errors
    /// [`GenError::BadParameter`] naming the first field out of range.
    pub fn validate(&self) -> Result<(), GenError> {
        check_probability("rock_probability", self.rock_probability)?;
        if self.rule.threshold > 9 {
            return Err(GenError::bad("threshold", "from 0 to 9", self.rule.threshold));
        }
        if self.iterations > MAX_ITERATIONS {
            return Err(GenError::bad("iterations", "from 0 to 64", self.iterations));
        }
        Ok(())
    }
}

/// The starting noise of a cave: cell `(x, y)` is rock with probability `r`, from a hash
/// of `(key, x, y)` alone.
pub(crate) fn noise(key: u64, origin: (i64, i64), size: Size, r: f64) -> Grid<bool> {
    let t = Threshold::new(r);
    Grid::from_fn(size, |p| {
        t.hit(cell_hash(key, origin.0 + i64::from(p.x), origin.1 + i64::from(p.y)))
    })
}

/// Labels the cells: floor, rock next to floor (8-way) as [`CaveCell::Wall`], other
/// rock as [`CaveCell::Rock`].
pub fn label_walls(rock: &Grid<bool>) -> Grid<CaveCell> {
    Grid::from_fn(rock.size(), |p| {
        if !rock[p] {
            return CaveCell::Floor;
        }
        let near_floor = (-1..=1).any(|dy| {
            (-1..=1).any(|dx| rock.get(Point::new(p.x + dx, p.y + dy)).is_some_and(|&r| !r))
        });
        if near_floor { CaveCell::Wall } else { CaveCell::Rock }
    })
}

fn check_cave(size: Size, params: &CaveParams) -> Result<(), GenError> {
    check_size("cave", size.width, size.height, 1, (1, 1))?;
    params.validate()
}

/// A `size` cave by cellular automaton, computed the straightforward way.
///
/// Every cell starts as rock with probability `r` (from a hash of the seed and its
/// coordinates), the [`CaRule`] runs `a` times with cells outside the map counting as
/// rock, then rock next to floor is labelled wall. The result is a grid in map space.
///
/// # Errors
/// [`GenError::TooSmall`] / [`GenError::TooLarge`] for the size,
/// [`GenError::BadParameter`] for the parameters ([`CaveParams::validate`]).
pub fn cave(seed: Seed, size: Size, params: &CaveParams) -> Result<Grid<CaveCell>, GenError> {
    check_cave(size, params)?;
    let key = seed.derive("cave/noise", &[]).0;
    let mut rock = noise(key, (0, 0), size, params.rock_probability);
    let mut next = Grid::new(size, true);
    for _ in 0..params.iterations {
        params.rule.step(&rock, &mut next);
        std::mem::swap(&mut rock, &mut next);
    }
    Ok(label_walls(&rock))
}

/// The same cave as [`cave`], cell for cell, computed 64 cells at a time: bit-packed rows,
/// neighbour counts bit-sliced through full adders, and wall labels by bitwise dilation.
///
/// # Errors
/// As [`cave`].
pub fn cave_bitwise(
    seed: Seed,
    size: Size,
    params: &CaveParams,
) -> Result<Grid<CaveCell>, GenError> {
    check_cave(size, params)?;
    let key = seed.derive("cave/noise", &[]).0;
    let mut rock = RockBits::noise(key, (0, 0), size, params.rock_probability);
    let mut next = RockBits::new(size, true);
    for _ in 0..params.iterations {
        params.rule.step_bits(&rock, &mut next);
        std::mem::swap(&mut rock, &mut next);
    }
    Ok(rock.label_walls())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outside_counts_as_rock() {
        let open = Grid::new(Size::new(3, 3), false);
        let mut next = Grid::new(Size::new(1, 1), false);
        CaRule { threshold: 5, include_self: false }.step(&open, &mut next);
        // Corners see 5 outside cells, edges 3, the centre none.
        assert!(next[Point::new(0, 0)]);
        assert!(!next[Point::new(1, 0)]);
        assert!(!next[Point::new(1, 1)]);
    }

    #[test]
    fn walls_are_rock_next_to_floor() {
        let rock = Grid::from_fn(Size::new(4, 1), |p| p.x != 0);
        let cells = label_walls(&rock);
        let v: Vec<CaveCell> = cells.values().copied().collect();
        assert_eq!(v, [CaveCell::Floor, CaveCell::Wall, CaveCell::Rock, CaveCell::Rock]);
    }

    #[test]
    fn parameters_are_checked() {
        let p = CaveParams { rock_probability: 1.5, ..CaveParams::default() };
        assert!(cave(Seed(1), Size::new(5, 5), &p).is_err());
        let p = CaveParams { rock_probability: f64::NAN, ..CaveParams::default() };
        assert!(p.validate().is_err());
        let p = CaveParams { iterations: 65, ..CaveParams::default() };
        assert!(p.validate().is_err());
        let mut p = CaveParams::default();
        p.rule.threshold = 10;
        assert!(p.validate().is_err());
        assert!(cave(Seed(1), Size::new(0, 5), &CaveParams::default()).is_err());
    }
}
