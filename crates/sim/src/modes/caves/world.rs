//! Building a new game: the caves (part 07) and what lives and lies in them (parts 05,
//! 09, 10, 11, 12, 13).

use torchlit_geom::Size;
use torchlit_map::TileMap;
use torchlit_procgen::{CaveLevelsParams, GenError, cave_levels};
use torchlit_rng::{Rng, Seed};

use super::creature::CreatureKind;
use super::item::ItemKind;
use crate::terrain::{Tile, level_tile};

/// The shape of a new world.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct WorldSpec {
    /// Width and height of every level.
    pub size: Size,
    /// How many levels.
    pub depth: usize,
}

impl Default for WorldSpec {
    /// The tutorial's world: `new WorldBuilder(90, 32, 5)`.
    fn default() -> WorldSpec {
        WorldSpec { size: Size::new(90, 32), depth: 5 }
    }
}

/// The caves' terrain: one tile map per level, stairs linking them, the exit on level 0
/// (`torchlit-procgen`'s [`cave_levels`], after part 07 of Trystan's roguelike tutorial,
/// from the sub-seed `"caves/levels"`). Every floor cell is reachable from the exit.
pub(crate) fn build_caves(seed: Seed, spec: WorldSpec) -> Result<Vec<TileMap<Tile>>, GenError> {
    let params = CaveLevelsParams {
        width: spec.size.width,
        height: spec.size.height,
        depth: u32::try_from(spec.depth).unwrap_or(u32::MAX),
        ..CaveLevelsParams::default()
    };
    let caves = cave_levels(seed.derive("caves/levels", &[]), &params)?;
    Ok(caves.levels().iter().map(|level| level.map(level_tile)).collect())
}

/// How many of each monster a level holds (part 05: 8 fungi; part 09: 20 bats; part 13:
/// `z + 3` zombies on level `z`, 0 being the top).
pub fn population(depth: usize) -> [(CreatureKind, usize); 3] {
    [(CreatureKind::Fungus, 8), (CreatureKind::Bat, 20), (CreatureKind::Zombie, depth + 3)]
}

/// The items a level holds besides the teddy bear: `width × height / 20` rocks (part
/// 10), and the food, weapon and armour the tutorial leaves to the designer: two apples, a
/// bread, a baguette (the edible weapon), one random weapon and one random armour.
pub fn items_for_level(size: Size, rng: &mut Rng) -> Vec<ItemKind> {
    let rocks = size.area() / 20;
    let mut items = vec![ItemKind::Rock; rocks];
    items.extend([ItemKind::Apple, ItemKind::Apple, ItemKind::Bread, ItemKind::Baguette]);
    let weapons = [ItemKind::Dagger, ItemKind::Sword, ItemKind::Staff];
    let armour = [ItemKind::Tunic, ItemKind::Chainmail, ItemKind::Platemail];
    items.push(*rng.choose(&weapons).unwrap_or(&ItemKind::Dagger));
    items.push(*rng.choose(&armour).unwrap_or(&ItemKind::Tunic));
    items
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::terrain::Tile;
    use torchlit_geom::Point;

    #[test]
    fn caves_have_stairs_between_every_level_and_an_exit() {
        let spec = WorldSpec::default();
        let levels = build_caves(Seed(7), spec).expect("the caves build");
        assert_eq!(levels.len(), 5);
        for z in 0..4 {
            let downs: Vec<Point> =
                levels[z].iter().filter(|&(_, t)| t == Tile::StairsDown).map(|(p, _)| p).collect();
            assert!(!downs.is_empty(), "level {z} has stairs down");
            for p in downs {
                assert_eq!(levels[z + 1].tile(p), Some(Tile::StairsUp), "paired at {p}");
            }
        }
        assert!(levels[0].iter().any(|(_, t)| t == Tile::StairsUp), "the exit");
        assert_eq!(build_caves(Seed(7), spec).ok(), Some(levels), "deterministic");
    }
}
