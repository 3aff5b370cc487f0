//! A grid of terrain: one level.

use torchlit_geom::{Grid, Point, Size};

use crate::Terrain;

/// The terrain of one level: one `T` per cell, in map space (see `torchlit-geom`).
///
/// `T` is any [`Terrain`]: your own enum (the torchlit game's is `torchlit_sim::terrain::Tile`),
/// a generator's cell type, or `bool` (a walkable mask).
///
/// Outside the map nothing is passable and everything is opaque ([`TileMap::is_opaque`]);
/// algorithms that treat the edge differently (libtcod's FOV does not treat it as a wall)
/// take the map's [`Size`] and ask only about cells inside it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TileMap<T> {
    tiles: Grid<T>,
}

impl<T: Terrain> TileMap<T> {
    /// A map of `size` filled with `tile`.
    pub fn new(size: Size, tile: T) -> TileMap<T> {
        TileMap { tiles: Grid::new(size, tile) }
    }

    /// A map from a grid of terrain.
    pub fn from_grid(tiles: Grid<T>) -> TileMap<T> {
        TileMap { tiles }
    }

    /// The extent in cells.
    pub fn size(&self) -> Size {
        self.tiles.size()
    }

    /// The terrain at `p`, or `None` outside the map.
    #[inline]
    pub fn tile(&self, p: Point) -> Option<T> {
        self.tiles.get(p).copied()
    }

    /// Replaces the terrain at `p`; returns the old one, or `None` (and changes nothing)
    /// outside the map.
    pub fn set(&mut self, p: Point, tile: T) -> Option<T> {
        self.tiles.get_mut(p).map(|t| std::mem::replace(t, tile))
    }

    /// Whether `p` is inside the map.
    #[inline]
    pub fn contains(&self, p: Point) -> bool {
        self.tiles.contains(p)
    }

    /// Whether a walker may enter `p`: inside the map and passable terrain.
    #[inline]
    pub fn is_passable(&self, p: Point) -> bool {
        self.tile(p).is_some_and(|t| t.is_passable())
    }

    /// Whether `p` blocks light: opaque terrain, or outside the map.
    #[inline]
    pub fn is_opaque(&self, p: Point) -> bool {
        self.tile(p).is_none_or(|t| t.is_opaque())
    }

    /// The terrain as a grid.
    pub fn grid(&self) -> &Grid<T> {
        &self.tiles
    }

    /// Every `(point, terrain)`, row by row from the top-left.
    pub fn iter(&self) -> impl Iterator<Item = (Point, T)> + '_ {
        self.tiles.iter().map(|(p, t)| (p, *t))
    }

    /// The same map in another terrain: `f` of every cell (a generator's cells to a
    /// game's terrain, say).
    pub fn map<U: Terrain>(&self, mut f: impl FnMut(T) -> U) -> TileMap<U> {
        TileMap { tiles: self.tiles.map(|&t| f(t)) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tiny terrain of the tests' own: `Grass` open, `Forest` passable but opaque,
    /// `Wall` neither.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    enum Tile {
        Grass,
        Forest,
        Wall,
    }

    impl Terrain for Tile {
        fn is_passable(&self) -> bool {
            *self != Tile::Wall
        }

        fn is_opaque(&self) -> bool {
            *self != Tile::Grass
        }
    }

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

    #[test]
    fn map_changes_the_terrain_cell_by_cell() {
        let mut m = TileMap::new(Size::new(2, 1), Tile::Grass);
        m.set(Point::new(1, 0), Tile::Wall);
        let mask = m.map(|t| t.is_passable());
        assert_eq!(mask.tile(Point::new(0, 0)), Some(true));
        assert_eq!(mask.tile(Point::new(1, 0)), Some(false));
        assert!(mask.is_opaque(Point::new(1, 0)) && !mask.is_opaque(Point::new(0, 0)));
    }
}
