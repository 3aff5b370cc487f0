//! The four cardinal and eight compass directions, as separate types.

use crate::Offset;

/// One of the four cardinal directions, for 4-way movement.
///
/// `North` is `y - 1` (map space, see the crate docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CardinalDirection {
    /// `y - 1`.
    North,
    /// `x + 1`.
    East,
    /// `y + 1`.
    South,
    /// `x - 1`.
    West,
}

impl CardinalDirection {
    /// All four, clockwise from north.
    pub const ALL: [CardinalDirection; 4] = [
        CardinalDirection::North,
        CardinalDirection::East,
        CardinalDirection::South,
        CardinalDirection::West,
    ];

    /// The one-cell step in this direction.
    pub const fn offset(self) -> Offset {
        match self {
            CardinalDirection::North => Offset::new(0, -1),
            CardinalDirection::East => Offset::new(1, 0),
            CardinalDirection::South => Offset::new(0, 1),
            CardinalDirection::West => Offset::new(-1, 0),
        }
    }

    /// The direction pointing the other way.
    pub const fn opposite(self) -> CardinalDirection {
        match self {
            CardinalDirection::North => CardinalDirection::South,
            CardinalDirection::East => CardinalDirection::West,
            CardinalDirection::South => CardinalDirection::North,
            CardinalDirection::West => CardinalDirection::East,
        }
    }

    /// The same direction as an 8-way [`Direction`].
    pub const fn direction(self) -> Direction {
        match self {
            CardinalDirection::North => Direction::North,
            CardinalDirection::East => Direction::East,
            CardinalDirection::South => Direction::South,
            CardinalDirection::West => Direction::West,
        }
    }
}

/// One of the eight compass directions, for 8-way movement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Direction {
    /// `(0, -1)`.
    North,
    /// `(1, -1)`.
    NorthEast,
    /// `(1, 0)`.
    East,
    /// `(1, 1)`.
    SouthEast,
    /// `(0, 1)`.
    South,
    /// `(-1, 1)`.
    SouthWest,
    /// `(-1, 0)`.
    West,
    /// `(-1, -1)`.
    NorthWest,
}

impl Direction {
    /// All eight, clockwise from north.
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::NorthEast,
        Direction::East,
        Direction::SouthEast,
        Direction::South,
        Direction::SouthWest,
        Direction::West,
        Direction::NorthWest,
    ];

    /// The one-cell step in this direction.
    pub const fn offset(self) -> Offset {
        match self {
            Direction::North => Offset::new(0, -1),
            Direction::NorthEast => Offset::new(1, -1),
            Direction::East => Offset::new(1, 0),
            Direction::SouthEast => Offset::new(1, 1),
            Direction::South => Offset::new(0, 1),
            Direction::SouthWest => Offset::new(-1, 1),
            Direction::West => Offset::new(-1, 0),
            Direction::NorthWest => Offset::new(-1, -1),
        }
    }

    /// Whether this is one of the four diagonals.
    pub const fn is_diagonal(self) -> bool {
        let o = self.offset();
        o.dx != 0 && o.dy != 0
    }

    /// The cardinal direction, if this is one.
    pub const fn cardinal(self) -> Option<CardinalDirection> {
        match self {
            Direction::North => Some(CardinalDirection::North),
            Direction::East => Some(CardinalDirection::East),
            Direction::South => Some(CardinalDirection::South),
            Direction::West => Some(CardinalDirection::West),
            _ => None,
        }
    }

    /// The direction of a one-cell step, or `None` if `offset` is not one (zero or longer).
    pub fn from_offset(offset: Offset) -> Option<Direction> {
        Direction::ALL.into_iter().find(|d| d.offset() == offset)
    }
}

impl From<CardinalDirection> for Direction {
    fn from(d: CardinalDirection) -> Direction {
        d.direction()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn north_is_y_minus_one() {
        assert_eq!(CardinalDirection::North.offset(), Offset::new(0, -1));
        assert_eq!(Direction::NorthWest.offset(), Offset::new(-1, -1));
    }

    #[test]
    fn cardinals_round_trip_and_oppose() {
        for c in CardinalDirection::ALL {
            assert_eq!(c.direction().cardinal(), Some(c));
            assert_eq!(c.opposite().offset(), -c.offset());
            assert!(!c.direction().is_diagonal());
        }
        let diagonals = Direction::ALL.iter().filter(|d| d.is_diagonal()).count();
        assert_eq!(diagonals, 4);
    }

    #[test]
    fn from_offset_finds_unit_steps_only() {
        for d in Direction::ALL {
            assert_eq!(Direction::from_offset(d.offset()), Some(d));
        }
        assert_eq!(Direction::from_offset(Offset::new(0, 0)), None);
        assert_eq!(Direction::from_offset(Offset::new(2, 0)), None);
    }
}
