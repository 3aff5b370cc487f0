//! What the toolkit needs to know about terrain: the [`Terrain`] trait.

use torchlit_geom::Radius;

/// One cell's terrain, as the toolkit's maps and algorithms see it: whether a walker may
/// enter it and whether it blocks light and sight.
///
/// Implement it for your own terrain (an enum, usually) and a [`TileMap`](crate::TileMap)
/// of it answers [`TileMap::is_passable`](crate::TileMap::is_passable) and
/// [`TileMap::is_opaque`](crate::TileMap::is_opaque) for field of view and pathfinding.
/// The generators of `torchlit-procgen` return their own small cell types that implement
/// it too; map them to your terrain with [`TileMap::map`](crate::TileMap::map).
///
/// ```
/// use torchlit_geom::{Point, Size};
/// use torchlit_map::{Terrain, TileMap};
///
/// #[derive(Clone, Copy, PartialEq, Eq, Debug)]
/// enum Ground {
///     Rock,
///     Moss,
///     Fog,
/// }
///
/// impl Terrain for Ground {
///     fn is_passable(&self) -> bool {
///         *self != Ground::Rock
///     }
///     fn is_opaque(&self) -> bool {
///         matches!(self, Ground::Rock | Ground::Fog)
///     }
/// }
///
/// let mut map = TileMap::new(Size::new(3, 1), Ground::Moss);
/// map.set(Point::new(2, 0), Ground::Fog);
/// assert!(map.is_passable(Point::new(2, 0)) && map.is_opaque(Point::new(2, 0)));
/// assert!(!map.is_passable(Point::new(3, 0)), "off the map is never passable");
/// ```
pub trait Terrain: Copy {
    /// Whether a walker may enter a cell of this terrain.
    fn is_passable(&self) -> bool;

    /// Whether this terrain blocks light and sight.
    fn is_opaque(&self) -> bool;

    /// The radius of the light this terrain gives off, in cells, if it glows. Default:
    /// none.
    fn light_radius(&self) -> Option<Radius> {
        None
    }
}

/// The simplest terrain: `true` is open ground (passable, transparent), `false` a wall
/// (impassable, opaque). A `TileMap<bool>` is a walkable mask.
impl Terrain for bool {
    fn is_passable(&self) -> bool {
        *self
    }

    fn is_opaque(&self) -> bool {
        !*self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bool_is_open_ground_or_a_wall() {
        assert!(true.is_passable() && !true.is_opaque());
        assert!(!false.is_passable() && false.is_opaque());
        assert_eq!(true.light_radius(), None);
    }
}
