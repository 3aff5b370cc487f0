//! Where things are in an area: ICMaze's coordinates, the four portal sides, arrivals.
//!
//! # Coordinates
//!
//! Inside torchlit everything is map space: `(0, 0)` is the top-left cell, `x` grows
//! east, `y` grows south. The engine of ICMaze (the EPFL CS-107 mini-project "Maze
//! Games") puts `(0, 0)` at the bottom-left with `y` growing north. An area of side `size` is a `(size + 2) × (size + 2)` grid: a border of
//! wall cells around `size × size` ground cells. A seed position `(x, y)` is the map
//! point `(x, size + 1 - y)` ([`from_seed`]); [`to_seed`] converts back for display.
//!
//! The positions ICMaze gives, converted (for `size` = 8, so map `y = 9 - y_seed`):
//! the hero starts at seed `(5, 7)` = map `(5, 2)`; the pickaxe at `(5, 4)` = `(5, 5)`;
//! the heart at `(4, 5)` = `(4, 4)`; the key `Integer.MAX_VALUE` at `(6, 5)` = `(6, 4)`;
//! the key `Integer.MAX_VALUE - 1` at `(1, 2)` = `(1, 7)`.

use torchlit_geom::{CardinalDirection, Point};

/// A side of an area and its portal (ICMaze's `AreaPortals`: N, W, S, E).
///
/// A portal on side `s` leads in direction `s`: crossing the east portal takes the hero to
/// the area east of this one, where it arrives next to that area's west portal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Side {
    /// North: the top wall.
    N,
    /// West: the left wall.
    W,
    /// South: the bottom wall.
    S,
    /// East: the right wall.
    E,
}

impl Side {
    /// The four sides in ICMaze's order (N, W, S, E).
    pub const ALL: [Side; 4] = [Side::N, Side::W, Side::S, Side::E];

    /// The direction the portal leads (ICMaze's `AreaPortals.getOrientation()`).
    pub const fn direction(self) -> CardinalDirection {
        match self {
            Side::N => CardinalDirection::North,
            Side::W => CardinalDirection::West,
            Side::S => CardinalDirection::South,
            Side::E => CardinalDirection::East,
        }
    }

    /// The side facing this one (a portal east leads to the next area's west portal).
    pub const fn opposite(self) -> Side {
        match self {
            Side::N => Side::S,
            Side::W => Side::E,
            Side::S => Side::N,
            Side::E => Side::W,
        }
    }

    /// The side a direction leads to.
    pub const fn from_direction(d: CardinalDirection) -> Side {
        match d {
            CardinalDirection::North => Side::N,
            CardinalDirection::West => Side::W,
            CardinalDirection::South => Side::S,
            CardinalDirection::East => Side::E,
        }
    }

    /// The index of this side in [`Side::ALL`].
    pub const fn index(self) -> usize {
        match self {
            Side::N => 0,
            Side::W => 1,
            Side::S => 2,
            Side::E => 3,
        }
    }

    /// One letter: `N`, `W`, `S`, `E`.
    pub const fn letter(self) -> char {
        match self {
            Side::N => 'N',
            Side::W => 'W',
            Side::S => 'S',
            Side::E => 'E',
        }
    }
}

/// The map point of ICMaze's position `(x, y)` in an area of side `size` (see the module
/// docs: ICMaze's `y` grows north from the bottom row).
pub const fn from_seed(x: i32, y: i32, size: u32) -> Point {
    Point::new(x, size as i32 + 1 - y)
}

/// ICMaze's position of map point `p` in an area of side `size` (the inverse of
/// [`from_seed`]).
pub const fn to_seed(p: Point, size: u32) -> Point {
    Point::new(p.x, size as i32 + 1 - p.y)
}

/// The two wall cells of the portal on `side`, main cell first (map space).
///
/// ICMaze places the main cells at `(size / 2, size + 1)` (N), `(size / 2, 0)` (S),
/// `(0, size / 2)` (W) and `(size + 1, size / 2)` (E), in its coordinates, and a portal
/// also takes "the cell immediately to its right": `x + 1` on the north and south walls,
/// `y + 1` (seed, so one row up) on the west and east walls.
pub const fn portal_cells(side: Side, size: u32) -> [Point; 2] {
    let s = size as i32;
    let h = s / 2;
    match side {
        Side::N => [from_seed(h, s + 1, size), from_seed(h + 1, s + 1, size)],
        Side::S => [from_seed(h, 0, size), from_seed(h + 1, 0, size)],
        Side::W => [from_seed(0, h, size), from_seed(0, h + 1, size)],
        Side::E => [from_seed(s + 1, h, size), from_seed(s + 1, h + 1, size)],
    }
}

/// Where the hero arrives when it enters an area through its portal on `side` (map space).
///
/// ICMaze's arrival coordinates: `(size / 2 + 1, size)` from the north,
/// `(size / 2 + 1, 1)` from the south, `(1, size / 2 + 1)` from the west and
/// `(size, size / 2 + 1)` from the east: the ground cell next to the portal's second cell.
pub const fn arrival(side: Side, size: u32) -> Point {
    let s = size as i32;
    let h = s / 2;
    match side {
        Side::N => from_seed(h + 1, s, size),
        Side::S => from_seed(h + 1, 1, size),
        Side::W => from_seed(1, h + 1, size),
        Side::E => from_seed(s, h + 1, size),
    }
}

/// The two ground cells just inside the portal on `side` (kept free of rocks so a maze
/// never blocks its entry or exit, seed §3.2.1).
pub fn inside_portal(side: Side, size: u32) -> [Point; 2] {
    let inward = side.direction().opposite().offset();
    let [a, b] = portal_cells(side, size);
    [a + inward, b + inward]
}

/// The direction 90° counter-clockwise (ICMaze's `Orientation.hisLeft()`).
pub const fn left_of(d: CardinalDirection) -> CardinalDirection {
    match d {
        CardinalDirection::North => CardinalDirection::West,
        CardinalDirection::West => CardinalDirection::South,
        CardinalDirection::South => CardinalDirection::East,
        CardinalDirection::East => CardinalDirection::North,
    }
}

/// Whether `p` is one of the `size × size` ground cells inside the border.
pub const fn is_interior(p: Point, size: u32) -> bool {
    p.x >= 1 && p.y >= 1 && p.x <= size as i32 && p.y <= size as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seed_positions_convert_to_map_space() {
        assert_eq!(from_seed(5, 7, 8), Point::new(5, 2));
        assert_eq!(to_seed(Point::new(5, 2), 8), Point::new(5, 7));
        assert_eq!(from_seed(0, 0, 8), Point::new(0, 9), "ICMaze's origin is bottom-left");
    }

    #[test]
    fn portals_sit_in_the_middle_of_each_wall_and_arrivals_next_to_them() {
        // Size 8: a 10x10 grid, walls on rows/columns 0 and 9.
        assert_eq!(portal_cells(Side::N, 8), [Point::new(4, 0), Point::new(5, 0)]);
        assert_eq!(portal_cells(Side::S, 8), [Point::new(4, 9), Point::new(5, 9)]);
        assert_eq!(portal_cells(Side::W, 8), [Point::new(0, 5), Point::new(0, 4)]);
        assert_eq!(portal_cells(Side::E, 8), [Point::new(9, 5), Point::new(9, 4)]);
        assert_eq!(arrival(Side::N, 8), Point::new(5, 1));
        assert_eq!(arrival(Side::S, 8), Point::new(5, 8));
        assert_eq!(arrival(Side::W, 8), Point::new(1, 4));
        assert_eq!(arrival(Side::E, 8), Point::new(8, 4));
        for side in Side::ALL {
            let a = arrival(side, 16);
            assert!(is_interior(a, 16));
            assert!(inside_portal(side, 16).contains(&a), "{side:?}: arrival next to the portal");
            assert_eq!(side.opposite().opposite(), side);
            assert_eq!(Side::from_direction(side.direction()), side);
            assert_eq!(Side::ALL[side.index()], side);
        }
    }

    #[test]
    fn left_turns_go_counter_clockwise() {
        let mut d = CardinalDirection::North;
        let mut seen = Vec::new();
        for _ in 0..4 {
            d = left_of(d);
            seen.push(d);
        }
        use CardinalDirection::*;
        assert_eq!(seen, vec![West, South, East, North]);
    }
}
