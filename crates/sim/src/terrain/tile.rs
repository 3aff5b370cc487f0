//! Terrain kinds and their properties.

use torchlit_geom::Radius;

use torchlit_map::Terrain;

/// The terrain kind at one map position: the game's terrain (a `torchlit_map::Terrain`).
///
/// One enum serves every mode; each mode and file format ([`crate::formats`]) uses a
/// subset. Properties are
/// fixed per kind: [`Tile::is_passable`], [`Tile::is_opaque`], [`Tile::light_radius`].
///
/// `#[non_exhaustive]`: a new kind of terrain is not a breaking change, so a `match` on a
/// tile outside this crate needs a `_` arm (draw an unknown kind as a wall, say).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Tile {
    /// Ultima `B`: brick floor. Passable, transparent.
    BrickFloor,
    /// Ultima `L`: lava. Passable, transparent, glows (radius 2.5: extra credit 3
    /// of Ultima 0, CSCI 136, Montana Tech, 2014).
    Lava,
    /// Ultima `W`, ASCII `~`: water. Impassable, transparent.
    Water,
    /// Ultima `F`: forest. Passable, opaque.
    Forest,
    /// Ultima `G`: grasslands. Passable, transparent.
    Grass,
    /// Ultima `M`: mountains. Impassable, opaque.
    Mountains,
    /// Ultima `S`: stone wall. Impassable, opaque.
    StoneWall,
    /// ASCII `.`, dungeon `.` (a room cell): open floor. Passable, transparent.
    Floor,
    /// Dungeon `+`: a hallway cell (4-way movement, as in the DM503 Rogue project of the
    /// University of Southern Denmark, 2010). Passable, transparent.
    Hallway,
    /// ASCII `#`, dungeon ` `: solid wall. Impassable, opaque.
    Wall,
    /// ASCII `+`: a closed door. Passable (opens), opaque.
    DoorClosed,
    /// ASCII `'`: an open door. Passable, transparent.
    DoorOpen,
    /// ASCII `<`: stairs up. Passable, transparent.
    StairsUp,
    /// ASCII `>`: stairs down. Passable, transparent.
    StairsDown,
}

impl Tile {
    /// Every kind, in declaration order.
    pub const ALL: [Tile; 14] = [
        Tile::BrickFloor,
        Tile::Lava,
        Tile::Water,
        Tile::Forest,
        Tile::Grass,
        Tile::Mountains,
        Tile::StoneWall,
        Tile::Floor,
        Tile::Hallway,
        Tile::Wall,
        Tile::DoorClosed,
        Tile::DoorOpen,
        Tile::StairsUp,
        Tile::StairsDown,
    ];

    /// Whether a walker may enter this tile (the Ultima 0 "passable" column).
    pub const fn is_passable(self) -> bool {
        !matches!(self, Tile::Water | Tile::Mountains | Tile::StoneWall | Tile::Wall)
    }

    /// Whether this tile blocks light and sight (the Ultima 0 "opaque" column).
    pub const fn is_opaque(self) -> bool {
        matches!(
            self,
            Tile::Forest | Tile::Mountains | Tile::StoneWall | Tile::Wall | Tile::DoorClosed
        )
    }

    /// The radius of the light this tile gives off, in cells, if it glows.
    pub fn light_radius(self) -> Option<Radius> {
        match self {
            Tile::Lava => Radius::new(2.5).ok(),
            _ => None,
        }
    }

    /// A short lower-case name for messages and legends ("brick floor", "lava").
    pub const fn name(self) -> &'static str {
        match self {
            Tile::BrickFloor => "brick floor",
            Tile::Lava => "lava",
            Tile::Water => "water",
            Tile::Forest => "forest",
            Tile::Grass => "grasslands",
            Tile::Mountains => "mountains",
            Tile::StoneWall => "stone wall",
            Tile::Floor => "floor",
            Tile::Hallway => "hallway",
            Tile::Wall => "wall",
            Tile::DoorClosed => "closed door",
            Tile::DoorOpen => "open door",
            Tile::StairsUp => "stairs up",
            Tile::StairsDown => "stairs down",
        }
    }
}

impl Terrain for Tile {
    fn is_passable(&self) -> bool {
        Tile::is_passable(*self)
    }

    fn is_opaque(&self) -> bool {
        Tile::is_opaque(*self)
    }

    fn light_radius(&self) -> Option<Radius> {
        Tile::light_radius(*self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Ultima 0 tile table: (tile, opaque, passable).
    #[test]
    fn ultima_tiles_follow_the_seed_table() {
        let table = [
            (Tile::BrickFloor, false, true),
            (Tile::Lava, false, true),
            (Tile::Water, false, false),
            (Tile::Forest, true, true),
            (Tile::Grass, false, true),
            (Tile::Mountains, true, false),
            (Tile::StoneWall, true, false),
        ];
        for (tile, opaque, passable) in table {
            assert_eq!(tile.is_opaque(), opaque, "{tile:?} opaque");
            assert_eq!(tile.is_passable(), passable, "{tile:?} passable");
        }
    }

    #[test]
    fn only_lava_glows() {
        for t in Tile::ALL {
            assert_eq!(t.light_radius().is_some(), t == Tile::Lava, "{t:?}");
        }
        assert_eq!(Tile::Lava.light_radius().map(Radius::get), Some(2.5));
    }
}
