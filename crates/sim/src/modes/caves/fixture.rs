//! Games on hand-drawn levels, for tests, benchmarks and tutorials.

use torchlit_geom::{Grid, Point, Size};
use torchlit_map::TileMap;
use torchlit_rng::Seed;

use super::creature::CreatureKind;
use super::item::ItemKind;
use super::level::Level;
use super::{Caves, CavesError};
use crate::terrain::Tile;

/// The glyphs [`Caves::from_ascii`] reads.
pub const FIXTURE_LEGEND: &str = "# wall, . floor, < stairs up, > stairs down, @ player, \
f fungus, b bat, z zombie, , rock, % bread, & apple, ) dagger, / sword, | staff, \
[ tunic, ] chainmail, { platemail, ( baguette, * teddy bear; creatures and items stand \
on floor";

enum Glyph {
    Tile(Tile),
    Player,
    Creature(CreatureKind),
    Item(ItemKind),
}

fn read(c: char) -> Option<Glyph> {
    Some(match c {
        '#' => Glyph::Tile(Tile::Wall),
        '.' => Glyph::Tile(Tile::Floor),
        '<' => Glyph::Tile(Tile::StairsUp),
        '>' => Glyph::Tile(Tile::StairsDown),
        '@' => Glyph::Player,
        'f' => Glyph::Creature(CreatureKind::Fungus),
        'b' => Glyph::Creature(CreatureKind::Bat),
        'z' => Glyph::Creature(CreatureKind::Zombie),
        ',' => Glyph::Item(ItemKind::Rock),
        '%' => Glyph::Item(ItemKind::Bread),
        '&' => Glyph::Item(ItemKind::Apple),
        ')' => Glyph::Item(ItemKind::Dagger),
        '/' => Glyph::Item(ItemKind::Sword),
        '|' => Glyph::Item(ItemKind::Staff),
        '[' => Glyph::Item(ItemKind::Tunic),
        ']' => Glyph::Item(ItemKind::Chainmail),
        '{' => Glyph::Item(ItemKind::Platemail),
        '(' => Glyph::Item(ItemKind::Baguette),
        '*' => Glyph::Item(ItemKind::TeddyBear),
        _ => return None,
    })
}

pub(super) fn build(rows: &[&[&str]], seed: Seed) -> Result<Caves, CavesError> {
    let first = rows.first().ok_or(CavesError::EmptyWorld)?;
    let width = first.iter().map(|r| r.chars().count()).max().unwrap_or(0);
    let size = Size::new(width as u32, first.len() as u32);
    if size.area() == 0 {
        return Err(CavesError::EmptyWorld);
    }
    let mut levels = Vec::new();
    let mut creatures = Vec::new();
    let mut items = Vec::new();
    let mut players = Vec::new();
    for (depth, level) in rows.iter().enumerate() {
        let mut tiles = Grid::new(size, Tile::Wall);
        for (y, row) in level.iter().enumerate().take(size.height as usize) {
            for (x, c) in row.chars().enumerate().take(size.width as usize) {
                let at = Point::new(x as i32, y as i32);
                let glyph = read(c).ok_or(CavesError::BadGlyph { depth, at, glyph: c })?;
                tiles[at] = match glyph {
                    Glyph::Tile(t) => t,
                    Glyph::Player => {
                        players.push((depth, at));
                        Tile::Floor
                    }
                    Glyph::Creature(kind) => {
                        creatures.push((kind, depth, at));
                        Tile::Floor
                    }
                    Glyph::Item(kind) => {
                        items.push((kind, depth, at));
                        Tile::Floor
                    }
                };
            }
        }
        levels.push(Level::new(TileMap::from_grid(tiles)));
    }
    let [(depth, at)] = players[..] else { return Err(CavesError::PlayerCount(players.len())) };
    let mut game = Caves::empty(seed, levels)?;
    game.move_creature(game.player, depth, at);
    game.record.deepest = depth;
    for (kind, depth, at) in creatures {
        game.spawn(kind, depth, at);
    }
    for (kind, depth, at) in items {
        let _ = game.levels[depth].put_item(at, kind.item());
    }
    game.refresh_view(None);
    Ok(game)
}
