//! The game's terrain: the kinds every mode walks on ([`Tile`]), and how the toolkit's
//! generated cells become them.
//!
//! `torchlit-map` knows no game: its `TileMap<T>` holds any `Terrain`, and the game's is
//! [`Tile`] (the file formats that produce it are [`crate::formats`]).
//! `torchlit-procgen`'s generators know no game either: they return their own cells
//! ([`RoomCell`], [`LevelCell`]), which the modes turn into [`Tile`]s here.

mod tile;

pub use tile::Tile;

use torchlit_procgen::{LevelCell, RoomCell};

/// The chase's tile for a cell of a rooms layout: a room is [`Tile::Floor`] (`.` in DM503
/// Rogue's dungeon files), a hallway [`Tile::Hallway`] (`+`), the rest [`Tile::Wall`].
pub const fn room_tile(cell: RoomCell) -> Tile {
    match cell {
        RoomCell::Room => Tile::Floor,
        RoomCell::Hallway => Tile::Hallway,
        RoomCell::Wall => Tile::Wall,
    }
}

/// The caves' tile for a cell of a cave level: floor, wall and the two stairs, kind for
/// kind.
pub const fn level_tile(cell: LevelCell) -> Tile {
    match cell {
        LevelCell::Floor => Tile::Floor,
        LevelCell::Wall => Tile::Wall,
        LevelCell::StairsUp => Tile::StairsUp,
        LevelCell::StairsDown => Tile::StairsDown,
    }
}

#[cfg(test)]
mod tests {
    use torchlit_map::Terrain;

    use super::*;

    #[test]
    fn generated_cells_keep_their_passability_as_tiles() {
        for c in [RoomCell::Room, RoomCell::Hallway, RoomCell::Wall] {
            assert_eq!(room_tile(c).is_passable(), c.is_passable(), "{c:?}");
            assert_eq!(room_tile(c).is_opaque(), c.is_opaque(), "{c:?}");
        }
        let levels =
            [LevelCell::Floor, LevelCell::Wall, LevelCell::StairsUp, LevelCell::StairsDown];
        for c in levels {
            assert_eq!(level_tile(c).is_passable(), c.is_passable(), "{c:?}");
            assert_eq!(level_tile(c).is_opaque(), c.is_opaque(), "{c:?}");
        }
    }
}
