//! What the player knows of the stairs of his level: where each known staircase leads and
//! whether he has been there, so a front end can mark them and offer them as travel goals
//! (levels are split into parts joined only by stairs: the way to the teddy bear and back
//! to the exit can pass through several levels).

use torchlit_geom::{Direction, Grid, Point};

use super::Caves;
use super::events::Stairs;
use super::level::is_ground;
use crate::terrain::Tile;

/// What lies beyond a known staircase, as far as the player knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Beyond {
    /// The exit out of the caves (the top level's stairs up).
    Exit,
    /// The other end has never been seen: the stairs were never taken.
    Unknown,
    /// The other end is known and cells never seen border the ground known around it.
    Unexplored,
    /// The other end is known and everything reachable from it over known ground has
    /// been seen (without digging).
    Explored,
}

/// A staircase the player remembers on his level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KnownStairs {
    /// Where it is (map cells of the player's level).
    pub at: Point,
    /// Down (`>`) or up (`<`).
    pub way: Stairs,
    /// The level it leads to (0 is the top); `None` for the exit.
    pub to: Option<usize>,
    /// What the player knows of the other end.
    pub beyond: Beyond,
}

impl KnownStairs {
    /// Whether the player has taken these stairs (or seen their other end).
    pub fn taken(&self) -> bool {
        matches!(self.beyond, Beyond::Unexplored | Beyond::Explored)
    }
}

impl Caves {
    /// Every staircase the player remembers on his level, row by row (top to bottom,
    /// left to right), with where it leads.
    pub fn known_stairs(&self) -> Vec<KnownStairs> {
        let Some(memory) = self.memory.get(self.depth()) else { return Vec::new() };
        let stairs = |t: Tile| matches!(t, Tile::StairsDown | Tile::StairsUp);
        memory
            .iter()
            .filter(|(_, r)| r.is_some_and(|r| stairs(r.tile)))
            .filter_map(|(p, _)| self.stairs_at(p))
            .collect()
    }

    /// The staircase the player remembers at `p` on his level, with where it leads.
    pub fn stairs_at(&self, p: Point) -> Option<KnownStairs> {
        let depth = self.depth();
        let way = match self.remembered(p)?.tile {
            Tile::StairsDown => Stairs::Down,
            Tile::StairsUp => Stairs::Up,
            _ => return None,
        };
        let to = match way {
            Stairs::Down => Some(depth + 1).filter(|&z| z < self.levels.len()),
            Stairs::Up => depth.checked_sub(1),
        };
        let beyond = match to {
            None => Beyond::Exit,
            Some(z) => self.beyond(z, p),
        };
        Some(KnownStairs { at: p, way, to, beyond })
    }

    /// What the player knows of level `depth` from cell `from` (the other end of a
    /// staircase): a flood over remembered ground from there, looking for a cell never
    /// seen next to it.
    fn beyond(&self, depth: usize, from: Point) -> Beyond {
        let Some(memory) = self.memory.get(depth) else { return Beyond::Unknown };
        let ground = |p: Point| memory.get(p).copied().flatten().is_some_and(|r| is_ground(r.tile));
        if !ground(from) {
            return Beyond::Unknown;
        }
        let mut seen = Grid::new(memory.size(), false);
        let mut todo = vec![from];
        if let Some(s) = seen.get_mut(from) {
            *s = true;
        }
        while let Some(p) = todo.pop() {
            for d in Direction::ALL {
                let q = p + d.offset();
                match memory.get(q) {
                    Some(None) => return Beyond::Unexplored,
                    Some(Some(_)) if ground(q) => {
                        if let Some(s) = seen.get_mut(q).filter(|s| !**s) {
                            *s = true;
                            todo.push(q);
                        }
                    }
                    _ => {}
                }
            }
        }
        Beyond::Explored
    }
}
