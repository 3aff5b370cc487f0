//! Recursive-division mazes (ICMaze, the EPFL CS-107 mini-project "Maze Games", §3.2),
//! without recursion.

use torchlit_geom::{Grid, Size};
use torchlit_rng::{Rng, Seed};

use crate::GenError;
use crate::error::check_size;

/// A maze cell one can walk on.
pub const PATH: u8 = 0;

/// A maze cell that blocks (a rock in ICMaze).
pub const WALL: u8 = 1;

/// How finely a maze is divided: the recursion stops on a sub-region whose width or
/// height is at most this many cells. Larger is easier (wider open areas, fewer walls).
///
/// The four named levels are those of the ICMaze game; `HARDEST` is the
/// smallest, so `HARDEST / difficulty` ([`Difficulty::hardness`]) is a probability that
/// grows with the difficulty (ICMaze §4.1 uses it for monster behaviour).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Difficulty(u32);

impl Difficulty {
    /// Sub-regions of 8 cells or fewer on a side stay open.
    pub const EASY: Difficulty = Difficulty(8);
    /// Sub-regions of 6 cells or fewer on a side stay open.
    pub const MEDIUM: Difficulty = Difficulty(6);
    /// Sub-regions of 4 cells or fewer on a side stay open.
    pub const HARD: Difficulty = Difficulty(4);
    /// Sub-regions of 2 cells or fewer on a side stay open: on odd sizes every corridor is
    /// one cell wide. The smallest named level.
    pub const HARDEST: Difficulty = Difficulty(2);

    /// A difficulty of `min_region` cells (the largest sub-region side left undivided).
    ///
    /// # Errors
    /// [`GenError::BadParameter`] for 0.
    pub fn new(min_region: u32) -> Result<Difficulty, GenError> {
        if min_region == 0 {
            return Err(GenError::bad("difficulty", "at least 1", 0));
        }
        Ok(Difficulty(min_region))
    }

    /// The sub-region side, in cells, at which division stops.
    pub const fn get(self) -> u32 {
        self.0
    }

    /// `HARDEST / difficulty`, clamped to `[0, 1]`: 1 for [`Difficulty::HARDEST`], 0.25 for
    /// [`Difficulty::EASY`].
    pub fn hardness(self) -> f64 {
        (f64::from(Difficulty::HARDEST.0) / f64::from(self.0)).min(1.0)
    }
}

/// A `width × height` maze by recursive division: a grid of [`PATH`] (0) and [`WALL`] (1)
/// in map space (`(0, 0)` top-left, row-major).
///
/// Starting from the whole open grid, each sub-region `(x, y, w, h)` is divided unless
/// `w <= difficulty` or `h <= difficulty`:
///
/// - the wall's direction is random, favouring the longer side (ICMaze's step 2): a
///   horizontal wall with probability `h / (w + h)` (`Rng::below(w + h) < h`), so a
///   square region gets either with even odds and a region twice as tall as wide a
///   horizontal wall two times in three; a region only 1 or 2 cells across one way can
///   only be cut the other way;
/// - the wall lies on an odd coordinate of the grid (`y + 1 + 2·below((h−1)/2)` for a
///   horizontal wall), across the whole sub-region;
/// - one opening in it, at an even coordinate (`x + 2·below((w+1)/2)`);
/// - then the part before the wall is divided, then the part after it (an explicit stack
///   stands in for ICMaze's recursion, in the same order, so any size works).
///
/// Sub-regions start on even coordinates, so cells whose coordinates are both even are
/// always path, openings always sit between two such cells, and every path cell is
/// reachable from every other (4-way). A 2×2 sub-region cannot hold a wall and stays open.
///
/// # Errors
/// [`GenError::TooSmall`] for a zero side, [`GenError::TooLarge`] past
/// [`MAX_SIDE`](crate::MAX_SIDE) / [`MAX_AREA`](crate::MAX_AREA).
///
/// ```
/// use torchlit_procgen::{maze, Difficulty, PATH};
/// use torchlit_geom::Point;
/// use torchlit_rng::Seed;
///
/// let m = maze(Seed::from_text("icmaze"), 15, 9, Difficulty::HARDEST)?;
/// assert_eq!(m[Point::new(0, 0)], PATH);
/// assert_eq!(m[Point::new(14, 8)], PATH);
/// # Ok::<(), torchlit_procgen::GenError>(())
/// ```
pub fn maze(
    seed: Seed,
    width: u32,
    height: u32,
    difficulty: Difficulty,
) -> Result<Grid<u8>, GenError> {
    check_size("maze", width, height, 1, (1, 1))?;
    let mut rng = Rng::new(seed.derive("maze", &[]));
    let w = width as usize;
    let mut cells = vec![PATH; w * height as usize];
    let d = difficulty.0 as usize;
    // (x, y, width, height) of the sub-regions still to divide; the top is next.
    let mut stack: Vec<(usize, usize, usize, usize)> = vec![(0, 0, w, height as usize)];
    while let Some((x, y, rw, rh)) = stack.pop() {
        if rw <= d || rh <= d || (rw < 3 && rh < 3) {
            continue;
        }
        let horizontal = if rw < 3 {
            true
        } else if rh < 3 {
            false
        } else {
            (rng.below((rw + rh) as u64) as usize) < rh
        };
        if horizontal {
            let wall_y = y + 1 + 2 * rng.below(((rh - 1) / 2) as u64) as usize;
            let hole_x = x + 2 * rng.below(rw.div_ceil(2) as u64) as usize;
            let row = &mut cells[wall_y * w + x..wall_y * w + x + rw];
            row.fill(WALL);
            row[hole_x - x] = PATH;
            stack.push((x, wall_y + 1, rw, y + rh - wall_y - 1));
            stack.push((x, y, rw, wall_y - y));
        } else {
            let wall_x = x + 1 + 2 * rng.below(((rw - 1) / 2) as u64) as usize;
            let hole_y = y + 2 * rng.below(rh.div_ceil(2) as u64) as usize;
            for yy in y..y + rh {
                if yy != hole_y {
                    cells[yy * w + wall_x] = WALL;
                }
            }
            stack.push((wall_x + 1, y, x + rw - wall_x - 1, rh));
            stack.push((x, y, wall_x - x, rh));
        }
    }
    Grid::from_vec(Size::new(width, height), cells).ok_or(GenError::TooLarge {
        what: "maze",
        width: u64::from(width),
        height: u64::from(height),
        depth: 1,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use torchlit_geom::Point;

    #[test]
    fn small_regions_stay_open() {
        let m = maze(Seed(1), 8, 8, Difficulty::EASY).expect("valid");
        assert!(m.values().all(|&c| c == PATH));
        let m = maze(Seed(1), 2, 2, Difficulty::new(1).expect("valid")).expect("valid");
        assert!(m.values().all(|&c| c == PATH));
    }

    #[test]
    fn a_three_by_three_gets_one_wall_with_one_opening() {
        let m = maze(Seed(5), 3, 3, Difficulty::new(1).expect("valid")).expect("valid");
        let walls = m.values().filter(|&&c| c == WALL).count();
        assert_eq!(walls, 2, "{m:?}");
        assert_eq!(m[Point::new(1, 1)], WALL);
    }

    #[test]
    fn the_wall_direction_favours_the_longer_side_without_always_taking_it() {
        // The first wall of a 9x31 region: horizontal 31 times in 40, so both happen.
        let d = Difficulty::new(1).expect("valid");
        let first_is_horizontal = |seed: u64| {
            let m = maze(Seed(seed), 9, 31, d).expect("valid");
            // A horizontal wall fills a whole odd row but one cell.
            (0..31).any(|y| (0..9).filter(|&x| m[Point::new(x, y)] == WALL).count() == 8)
        };
        let horizontal = (0..200).filter(|&s| first_is_horizontal(s)).count();
        assert!((120..200).contains(&horizontal), "{horizontal} of 200");
    }

    #[test]
    fn refuses_bad_sizes_and_difficulty() {
        assert!(matches!(maze(Seed(1), 0, 5, Difficulty::HARD), Err(GenError::TooSmall { .. })));
        assert!(matches!(
            maze(Seed(1), 100_000, 5, Difficulty::HARD),
            Err(GenError::TooLarge { .. })
        ));
        assert!(Difficulty::new(0).is_err());
        assert_eq!(Difficulty::HARDEST.hardness(), 1.0);
        assert_eq!(Difficulty::EASY.hardness(), 0.25);
    }
}
