//! One level of the caves: its tiles and the items on them (one per tile, part 10).

use torchlit_geom::{Grid, Point, Size};
use torchlit_map::TileMap;

use super::item::Item;
use crate::terrain::Tile;

/// Whether a tile is ground a creature may stand on (the tutorial's `isGround()`: anything
/// but a wall; stairs are ground).
pub fn is_ground(tile: Tile) -> bool {
    tile.is_passable()
}

/// Whether the player digs through a tile by walking into it (the tutorial's `isDiggable()`:
/// walls).
pub fn is_diggable(tile: Tile) -> bool {
    matches!(tile, Tile::Wall)
}

/// One level: terrain plus at most one item per cell.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Level {
    pub(crate) tiles: TileMap<Tile>,
    pub(crate) items: Grid<Option<Item>>,
}

impl Level {
    /// A level on `tiles` with no items.
    pub fn new(tiles: TileMap<Tile>) -> Level {
        let items = Grid::new(tiles.size(), None);
        Level { tiles, items }
    }

    /// Its size in cells.
    pub fn size(&self) -> Size {
        self.tiles.size()
    }

    /// The terrain.
    pub fn tiles(&self) -> &TileMap<Tile> {
        &self.tiles
    }

    /// The tile at `p`, `None` off the map.
    pub fn tile(&self, p: Point) -> Option<Tile> {
        self.tiles.tile(p)
    }

    /// Whether `p` is ground (on the map, not a wall).
    pub fn is_ground(&self, p: Point) -> bool {
        self.tiles.tile(p).is_some_and(is_ground)
    }

    /// The item lying at `p`.
    pub fn item(&self, p: Point) -> Option<&Item> {
        self.items.get(p).and_then(Option::as_ref)
    }

    /// Every item lying on the level, row by row.
    pub fn items(&self) -> impl Iterator<Item = (Point, &Item)> {
        self.items.iter().filter_map(|(p, i)| Some((p, i.as_ref()?)))
    }

    pub(crate) fn take_item(&mut self, p: Point) -> Option<Item> {
        self.items.get_mut(p).and_then(Option::take)
    }

    /// Whether an item may lie at `p`: ground that is not stairs (an item on stairs
    /// would hide them).
    pub fn holds_items(&self, p: Point) -> bool {
        self.tiles
            .tile(p)
            .is_some_and(|t| is_ground(t) && !matches!(t, Tile::StairsUp | Tile::StairsDown))
    }

    /// Puts `item` at `p` if that cell [holds items](Level::holds_items) and is free;
    /// gives it back otherwise.
    pub(crate) fn put_item(&mut self, p: Point, item: Item) -> Result<(), Item> {
        if !self.holds_items(p) {
            return Err(item);
        }
        match self.items.get_mut(p) {
            Some(slot @ None) => {
                *slot = Some(item);
                Ok(())
            }
            _ => Err(item),
        }
    }

    /// Whether the item grid matches the terrain (a loaded save is checked).
    #[cfg(feature = "serde")]
    pub(crate) fn is_well_formed(&self) -> bool {
        let size = self.tiles.size();
        self.items.size() == size
            && self.items.values().len() == size.area()
            && self.tiles.grid().values().len() == size.area()
    }
}
