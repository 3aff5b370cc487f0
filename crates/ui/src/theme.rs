//! How tiles and actors look: glyphs, colours and sprites (the sim says what, the theme
//! says how).

use torchlit_sim::terrain::Tile;

use crate::sprite;
use crate::{Cell, Sprite, palette};

/// The sprite of a tile kind.
pub const fn tile_sprite(tile: Tile) -> Sprite {
    match tile {
        Tile::BrickFloor => sprite::BRICK_FLOOR,
        Tile::Lava => sprite::LAVA,
        Tile::Water => sprite::WATER,
        Tile::Forest => sprite::FOREST,
        Tile::Grass => sprite::GRASS,
        Tile::Mountains => sprite::MOUNTAINS,
        Tile::StoneWall => sprite::STONE_WALL,
        Tile::Floor => sprite::FLOOR,
        Tile::Hallway => sprite::HALLWAY,
        Tile::Wall => sprite::WALL,
        Tile::DoorClosed => sprite::DOOR_CLOSED,
        Tile::DoorOpen => sprite::DOOR_OPEN,
        Tile::StairsUp => sprite::STAIRS_UP,
        Tile::StairsDown => sprite::STAIRS_DOWN,
        // A kind of terrain this version does not know: drawn as a wall.
        _ => sprite::WALL,
    }
}

/// The lit look of a tile: a distinct glyph and colour per kind.
pub fn tile_cell(tile: Tile) -> Cell {
    let (glyph, fg, bg) = match tile {
        Tile::BrickFloor => ('▪', palette::BRICK_FLOOR, palette::BRICK_FLOOR_BG),
        Tile::Lava => ('≈', palette::LAVA, palette::LAVA_BG),
        Tile::Water => ('~', palette::WATER, palette::WATER_BG),
        Tile::Forest => ('♣', palette::FOREST, palette::FOREST_BG),
        Tile::Grass => ('"', palette::GRASS, palette::GRASS_BG),
        Tile::Mountains => ('▲', palette::MOUNTAINS, palette::MOUNTAINS_BG),
        Tile::StoneWall => ('#', palette::STONE_WALL, palette::STONE_WALL_BG),
        Tile::Floor => ('.', palette::FLOOR, palette::BACKGROUND),
        Tile::Hallway => ('+', palette::HALLWAY, palette::BACKGROUND),
        Tile::Wall => ('#', palette::WALL, palette::WALL_BG),
        Tile::DoorClosed => ('+', palette::DOOR, palette::BACKGROUND),
        Tile::DoorOpen => ('\'', palette::DOOR, palette::BACKGROUND),
        Tile::StairsUp => ('<', palette::STAIRS, palette::BACKGROUND),
        Tile::StairsDown => ('>', palette::STAIRS, palette::BACKGROUND),
        _ => ('?', palette::WALL, palette::WALL_BG),
    };
    Cell::with_bg(glyph, fg, bg).sprite(tile_sprite(tile))
}

/// The look of a remembered tile that is not lit now: the same glyph, dimmed, on black.
pub fn remembered_cell(tile: Tile) -> Cell {
    tile_cell(tile).remembered()
}

/// The player's avatar standing on `on`.
pub fn avatar_cell(on: Tile) -> Cell {
    tile_cell(on).overlay('@', palette::AVATAR, sprite::PLAYER).bold()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tile_has_its_own_look() {
        let looks: std::collections::BTreeSet<_> = Tile::ALL
            .iter()
            .map(|&t| {
                let c = tile_cell(t);
                (c.glyph, c.fg.0, c.fg.1, c.fg.2)
            })
            .collect();
        assert_eq!(looks.len(), Tile::ALL.len());
        let sprites: std::collections::BTreeSet<_> =
            Tile::ALL.iter().map(|&t| tile_cell(t).sprite).collect();
        assert_eq!(sprites.len(), Tile::ALL.len(), "a sprite per tile");
    }

    #[test]
    fn the_avatar_keeps_the_tile_under_it() {
        let c = avatar_cell(Tile::Lava);
        assert_eq!((c.glyph, c.sprite, c.under), ('@', sprite::PLAYER, sprite::LAVA));
        assert_eq!(c.bg, tile_cell(Tile::Lava).bg);
        let r = remembered_cell(Tile::Grass);
        assert_eq!((r.sprite, r.light), (sprite::GRASS, Cell::REMEMBERED_LIGHT));
    }
}
