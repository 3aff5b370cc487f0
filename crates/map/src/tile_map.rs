//! A grid of tiles: the terrain of one level.

use torchlit_geom::{Grid, Point, Size};

use crate::Tile;

/// The terrain of one level: one [`Tile`] per cell, in map space (see `torchlit-geom`).
///
/// Outside the map nothing is passable and everything is opaque ([`TileMap::is_opaque`]);
/// algorithms that treat the edge differently (libtcod's FOV does not treat it as a wall)
/// take the map's [`Size`] and ask only about cells inside it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TileMap {
    tiles: Grid<Tile>,
}

impl TileMap {
    /// A map of `size` filled with `tile`.
    pub fn new(size: Size, tile: Tile) -> TileMap {
        TileMap { tiles: Grid::new(size, tile) }
    }

    /// A map from a grid of tiles.
    pub fn from_grid(tiles: Grid<Tile>) -> TileMap {
        TileMap { tiles }
    }

    /// The extent in cells.
    pub fn size(&self) -> Size {
        self.tiles.size()
    }

    /// The tile at `p`, or `None` outside the map.
    #[inline]
    pub fn tile(&self, p: Point) -> Option<Tile> {
        self.tiles.get(p).copied()
    }

    /// Replaces the tile at `p`; returns the old one, or `None` (and changes nothing)
    /// outside the map.
    pub fn set(&mut self, p: Point, tile: Tile) -> Option<Tile> {
        self.tiles.get_mut(p).map(|t| std::mem::replace(t, tile))
    }

    /// Whether `p` is inside the map.
    #[inline]
    pub fn contains(&self, p: Point) -> bool {
        self.tiles.contains(p)
    }

    /// Whether a walker may enter `p`: inside the map and a passable tile.
    #[inline]
    pub fn is_passable(&self, p: Point) -> bool {
        self.tile(p).is_some_and(Tile::is_passable)
    }

    /// Whether `p` blocks light: an opaque tile, or outside the map.
    #[inline]
    pub fn is_opaque(&self, p: Point) -> bool {
        self.tile(p).is_none_or(Tile::is_opaque)
    }

    /// The tiles as a grid.
    pub fn grid(&self) -> &Grid<Tile> {
        &self.tiles
    }

    /// Every `(point, tile)`, row by row from the top-left.
    pub fn iter(&self) -> impl Iterator<Item = (Point, Tile)> + '_ {
        self.tiles.iter().map(|(p, t)| (p, *t))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outside_is_a_wall_for_walkers_and_light() {
        let mut m = TileMap::new(Size::new(2, 1), Tile::Grass);
        assert_eq!(m.set(Point::new(1, 0), Tile::Forest), Some(Tile::Grass));
        assert_eq!(m.set(Point::new(5, 0), Tile::Forest), None);
        assert!(m.is_passable(Point::new(1, 0)));
        assert!(m.is_opaque(Point::new(1, 0)));
        assert!(!m.is_opaque(Point::new(0, 0)));
        assert!(!m.is_passable(Point::new(-1, 0)));
        assert!(m.is_opaque(Point::new(2, 0)));
    }
}
