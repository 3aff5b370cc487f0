//! Linear chains of areas (ICMaze, the EPFL CS-107 mini-project "Maze Games", §4.3,
//! `generateLine`).

use std::collections::BTreeSet;

use torchlit_geom::{CardinalDirection, Grid, Point};
use torchlit_rng::{Rng, Seed};

use crate::{Difficulty, GenError, maze};

/// The longest chain accepted (maze areas between spawn and boss).
pub const MAX_CHAIN_LENGTH: u32 = 4096;

/// What an area of a chain is (ICMaze §3.1 and §4.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AreaKind {
    /// Where the hero starts; always first.
    Spawn,
    /// A maze area of side 8.
    Small,
    /// A maze area of side 16.
    Medium,
    /// A maze area of side 32.
    Large,
    /// The boss's area; always last.
    Boss,
}

impl AreaKind {
    /// The area's side in cells (ICMaze: spawn and boss 8; small 8, medium 16,
    /// large 32).
    pub const fn side(self) -> u32 {
        match self {
            AreaKind::Spawn | AreaKind::Small | AreaKind::Boss => 8,
            AreaKind::Medium => 16,
            AreaKind::Large => 32,
        }
    }

    /// Whether the area holds a maze.
    pub const fn is_maze(self) -> bool {
        matches!(self, AreaKind::Small | AreaKind::Medium | AreaKind::Large)
    }

    /// A short lower-case name ("spawn", "small"...).
    pub const fn name(self) -> &'static str {
        match self {
            AreaKind::Spawn => "spawn",
            AreaKind::Small => "small",
            AreaKind::Medium => "medium",
            AreaKind::Large => "large",
            AreaKind::Boss => "boss",
        }
    }
}

/// One area of a [`LevelChain`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChainArea {
    /// What the area is.
    pub kind: AreaKind,
    /// Its cell on the abstract grid of areas: spawn at `(0, 0)`, `x` east, `y` south
    /// (one unit is one area, not one map cell).
    pub at: Point,
    /// The maze difficulty (maze areas only).
    pub difficulty: Option<Difficulty>,
    /// The side through which the previous area is reached (`None` for the spawn).
    pub entry: Option<CardinalDirection>,
    /// The side through which the next area is reached (`None` for the boss).
    pub exit: Option<CardinalDirection>,
    /// The seed of the area's maze: `Seed::derive("level-chain/area", [index])`.
    pub seed: Seed,
}

impl ChainArea {
    /// The area's maze ([`maze`], `side × side` at its difficulty), or `None` for the
    /// spawn and boss areas.
    ///
    /// # Errors
    /// None in practice (the sides are fixed); those of [`maze`].
    pub fn maze(&self) -> Result<Option<Grid<u8>>, GenError> {
        match self.difficulty {
            Some(d) if self.kind.is_maze() => {
                maze(self.seed, self.kind.side(), self.kind.side(), d).map(Some)
            }
            _ => Ok(None),
        }
    }
}

/// A linear level: spawn, `length` maze areas, boss, each joined both ways to the next.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LevelChain {
    areas: Vec<ChainArea>,
}

impl LevelChain {
    /// The areas in order, spawn first and boss last (`length + 2` of them).
    pub fn areas(&self) -> &[ChainArea] {
        &self.areas
    }
}

/// The difficulty for the `i`-th maze area (from 0) of `length` (ICMaze §4.3):
/// `progress = (i + 1) / length`, then `⌊4·progress⌋` picks EASY, MEDIUM, HARD, or HARDEST
/// for 3 and above.
pub fn chain_difficulty(i: u32, length: u32) -> Difficulty {
    let progress = f64::from(i + 1) / f64::from(length.max(1));
    match (progress * 4.0) as u32 {
        0 => Difficulty::EASY,
        1 => Difficulty::MEDIUM,
        2 => Difficulty::HARD,
        _ => Difficulty::HARDEST,
    }
}

/// A linear level of `length` maze areas between a spawn and a boss area (ICMaze §4.3,
/// `generateLine`).
///
/// Areas sit on an abstract grid, spawn at `(0, 0)`. Each next area goes north, east or
/// south of the last one (never west, never onto an area already placed: a uniform
/// choice among the free ones of the three; east is always free, since the chain never
/// went back west, so no retry is ever needed). The `i`-th maze area gets
/// [`chain_difficulty`] and its kind from one draw `r` in `[0, 1)`: large if
/// `r < progress²`, medium if `r < progress`, small otherwise. The boss comes last, in a
/// free direction from the last maze area, or from the spawn when `length` is 0. Each
/// area records the side leading back ([`ChainArea::entry`]) and on
/// ([`ChainArea::exit`]); the two always face each other.
///
/// # Errors
/// [`GenError::BadParameter`] for a length above [`MAX_CHAIN_LENGTH`].
///
/// ```
/// use torchlit_procgen::{level_chain, AreaKind};
/// use torchlit_rng::Seed;
///
/// let chain = level_chain(Seed::from_text("icmaze"), 0)?;
/// let kinds: Vec<AreaKind> = chain.areas().iter().map(|a| a.kind).collect();
/// assert_eq!(kinds, [AreaKind::Spawn, AreaKind::Boss]);
/// # Ok::<(), torchlit_procgen::GenError>(())
/// ```
pub fn level_chain(seed: Seed, length: u32) -> Result<LevelChain, GenError> {
    if length > MAX_CHAIN_LENGTH {
        return Err(GenError::bad("length", "from 0 to 4096", length));
    }
    let mut rng = Rng::new(seed.derive("level-chain", &[]));
    let area_seed = |i: usize| seed.derive("level-chain/area", &[i as i64]);
    let mut occupied = BTreeSet::from([(0, 0)]);
    let mut areas = vec![ChainArea {
        kind: AreaKind::Spawn,
        at: Point::new(0, 0),
        difficulty: None,
        entry: None,
        exit: None,
        seed: area_seed(0),
    }];
    for i in 0..=length {
        let last = areas[areas.len() - 1].at;
        let free: Vec<CardinalDirection> =
            [CardinalDirection::North, CardinalDirection::East, CardinalDirection::South]
                .into_iter()
                .filter(|d| {
                    let p = last + d.offset();
                    !occupied.contains(&(p.x, p.y))
                })
                .collect();
        let dir = rng.choose(&free).copied().unwrap_or(CardinalDirection::East);
        let at = last + dir.offset();
        occupied.insert((at.x, at.y));
        let (kind, difficulty) = if i == length {
            (AreaKind::Boss, None)
        } else {
            let progress = f64::from(i + 1) / f64::from(length);
            let r = rng.next_f64();
            let kind = if r < progress * progress {
                AreaKind::Large
            } else if r < progress {
                AreaKind::Medium
            } else {
                AreaKind::Small
            };
            (kind, Some(chain_difficulty(i, length)))
        };
        let n = areas.len();
        areas[n - 1].exit = Some(dir);
        areas.push(ChainArea {
            kind,
            at,
            difficulty,
            entry: Some(dir.opposite()),
            exit: None,
            seed: area_seed(n),
        });
    }
    Ok(LevelChain { areas })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn difficulty_follows_progress() {
        let d: Vec<u32> = (0..8).map(|i| chain_difficulty(i, 8).get()).collect();
        assert_eq!(d, [8, 6, 6, 4, 4, 2, 2, 2]);
        assert_eq!(chain_difficulty(0, 1), Difficulty::HARDEST);
    }

    #[test]
    fn refuses_absurd_lengths() {
        assert!(level_chain(Seed(1), MAX_CHAIN_LENGTH + 1).is_err());
    }
}
