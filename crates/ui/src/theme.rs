//! How tiles and actors look: glyphs, colours and sprites (the sim says what, the theme
//! says how).

use torchlit_map::Tile;

use crate::{Cell, Rgb, Sprite};

/// The sprite of a tile kind.
pub const fn tile_sprite(tile: Tile) -> Sprite {
    match tile {
        Tile::BrickFloor => Sprite::BrickFloor,
        Tile::Lava => Sprite::Lava,
        Tile::Water => Sprite::Water,
        Tile::Forest => Sprite::Forest,
        Tile::Grass => Sprite::Grass,
        Tile::Mountains => Sprite::Mountains,
        Tile::StoneWall => Sprite::StoneWall,
        Tile::Floor => Sprite::Floor,
        Tile::Hallway => Sprite::Hallway,
        Tile::Wall => Sprite::Wall,
        Tile::DoorClosed => Sprite::DoorClosed,
        Tile::DoorOpen => Sprite::DoorOpen,
        Tile::StairsUp => Sprite::StairsUp,
        Tile::StairsDown => Sprite::StairsDown,
    }
}

/// The lit look of a tile: a distinct glyph and colour per kind.
pub fn tile_cell(tile: Tile) -> Cell {
    let (glyph, fg, bg) = match tile {
        Tile::BrickFloor => ('▪', Rgb(196, 120, 84), Rgb(48, 24, 16)),
        Tile::Lava => ('≈', Rgb(255, 200, 40), Rgb(170, 40, 0)),
        Tile::Water => ('~', Rgb(90, 150, 255), Rgb(10, 30, 90)),
        Tile::Forest => ('♣', Rgb(40, 170, 60), Rgb(6, 40, 10)),
        Tile::Grass => ('"', Rgb(120, 200, 80), Rgb(14, 40, 10)),
        Tile::Mountains => ('▲', Rgb(190, 180, 170), Rgb(50, 45, 40)),
        Tile::StoneWall => ('#', Rgb(170, 170, 180), Rgb(70, 70, 80)),
        Tile::Floor => ('.', Rgb(180, 180, 180), Rgb::BLACK),
        Tile::Hallway => ('+', Rgb(180, 160, 120), Rgb::BLACK),
        Tile::Wall => ('#', Rgb(150, 150, 150), Rgb(40, 40, 40)),
        Tile::DoorClosed => ('+', Rgb(200, 140, 60), Rgb::BLACK),
        Tile::DoorOpen => ('\'', Rgb(200, 140, 60), Rgb::BLACK),
        Tile::StairsUp => ('<', Rgb::WHITE, Rgb::BLACK),
        Tile::StairsDown => ('>', Rgb::WHITE, Rgb::BLACK),
    };
    Cell::with_bg(glyph, fg, bg).sprite(tile_sprite(tile))
}

/// The look of a remembered tile that is not lit now: the same glyph, dimmed, on black.
pub fn remembered_cell(tile: Tile) -> Cell {
    tile_cell(tile).remembered()
}

/// The player's avatar standing on `on`.
pub fn avatar_cell(on: Tile) -> Cell {
    tile_cell(on).overlay('@', Rgb(255, 255, 120), Sprite::Player).bold()
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
        assert_eq!((c.glyph, c.sprite, c.under), ('@', Sprite::Player, Sprite::Lava));
        assert_eq!(c.bg, tile_cell(Tile::Lava).bg);
        let r = remembered_cell(Tile::Grass);
        assert_eq!((r.sprite, r.light), (Sprite::Grass, Cell::REMEMBERED_LIGHT));
    }
}
