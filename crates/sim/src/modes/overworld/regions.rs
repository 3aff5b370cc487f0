//! Regions in play: what was generated (a cache, rebuilt from the seed at will) and what
//! changed (state, saved per region).

use std::cell::OnceCell;
use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use torchlit_geom::Point;
use torchlit_procgen::{Overworld as World, Region, RegionCoord, region_to_world, spiral_offsets};
use torchlit_rng::{Rng, Seed};

use super::monsters::{Monster, MonsterKind};

/// What play changed in one region (CaveGame's region file, minus what CaveGame
/// regenerates): the chests opened and which of its monsters were slain. Regions never
/// changed have no record and are regenerated from the world seed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RegionChanges {
    /// Opened chests, in the region's cell coordinates (`(0, 0)` its top-left cell).
    pub opened: BTreeSet<Point>,
    /// Which of the region's monsters were slain, one bit each: bit 0 its roaming monster
    /// (CaveGame's one monster), bit `k` its guard `k` (the default game's, see
    /// [`QuestRules::guard_every`](super::QuestRules::guard_every)). Saved as one byte:
    /// a record from before the guards, whose flag was `true` or `false`, reads as 1 or 0.
    pub slain: u8,
}

impl RegionChanges {
    /// True when nothing changed.
    pub fn is_empty(&self) -> bool {
        self.opened.is_empty() && self.slain == 0
    }
}

/// A generated region and its monster: a pure function of the seed and the coordinates.
#[derive(Debug)]
pub(crate) struct Area {
    pub(crate) region: Region,
    pub(crate) monster: Option<Monster>,
    /// The region's guards (the default game), placed the first time they are asked for.
    pub(crate) guards: OnceCell<Vec<Monster>>,
}

impl Area {
    /// Generates region `at` and places its monster: the first spawnable cell (floor
    /// without a chest) of the spiral from the region's centre, of a kind rolled from the
    /// region's own sub-seed. `None` when the region lies outside the `i32` world.
    pub(crate) fn generate(world: &World, seed: Seed, at: RegionCoord) -> Option<Area> {
        let region = world.region(at).ok()?;
        let s = world.region_size() as i32;
        let centre = Point::new(s / 2, s / 2);
        let monster = spiral_offsets((s / 2 + 1) as u32)
            .map(|o| centre + o)
            .find(|&c| region.is_spawnable(c))
            .and_then(|c| region_to_world(at, c, world.region_size()))
            .map(|p| {
                let mut rng =
                    Rng::new(seed.derive("overworld/monster", &[at.x.into(), at.y.into()]));
                Monster { kind: MonsterKind::roll(&mut rng), at: p }
            });
        Some(Area { region, monster, guards: OnceCell::new() })
    }
}

/// The generated regions kept in memory, least recently used dropped first (CaveGame's
/// `regionCache`, `iRegionCacheSize`). Only a cache: everything in it is regenerated on
/// demand, so it is never saved.
#[derive(Clone)]
pub(crate) struct AreaCache {
    areas: BTreeMap<RegionCoord, (Option<Rc<Area>>, u64)>,
    clock: u64,
    capacity: usize,
    generated: u64,
}

impl std::fmt::Debug for AreaCache {
    /// The regions held, not their cells.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AreaCache")
            .field("held", &self.areas.keys().collect::<Vec<_>>())
            .field("capacity", &self.capacity)
            .field("generated", &self.generated)
            .finish()
    }
}

impl AreaCache {
    pub(crate) fn new(capacity: usize) -> AreaCache {
        AreaCache { areas: BTreeMap::new(), clock: 0, capacity: capacity.max(1), generated: 0 }
    }

    /// The area at `at` (generated if not held); `None` outside the world.
    pub(crate) fn get(&mut self, world: &World, seed: Seed, at: RegionCoord) -> Option<Rc<Area>> {
        self.clock += 1;
        if let Some((area, used)) = self.areas.get_mut(&at) {
            *used = self.clock;
            return area.clone();
        }
        let area = Area::generate(world, seed, at).map(Rc::new);
        self.generated += 1;
        if self.areas.len() >= self.capacity
            && let Some(oldest) =
                self.areas.iter().min_by_key(|(_, (_, used))| *used).map(|(k, _)| *k)
        {
            self.areas.remove(&oldest);
        }
        self.areas.insert(at, (area.clone(), self.clock));
        area
    }

    /// How many regions were generated so far (a statistic for benchmarks and tests).
    pub(crate) fn generated(&self) -> u64 {
        self.generated
    }

    /// How many regions are held.
    pub(crate) fn len(&self) -> usize {
        self.areas.len()
    }
}
