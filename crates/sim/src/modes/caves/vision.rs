//! What the player sees (part 08): a raycast field of view of radius 9, and the memory
//! of every cell seen.

use torchlit_fov::{Algorithm, Fov};
use torchlit_geom::Radius;

use super::ai::VISION_RADIUS;
use super::creature::CreatureKind;
use super::events::Event;
use super::item::ItemKind;
use super::{Caves, Remembered};
use crate::engine::ActorId;

impl Caves {
    /// Recomputes the player's field of view into the cache.
    pub(super) fn compute_fov(&mut self) {
        let Some(p) = self.creatures.get(self.player) else { return };
        let (depth, at) = (p.depth, p.at);
        let Some(level) = self.levels.get(depth) else { return };
        let fov = Fov {
            algorithm: Algorithm::Raycast,
            radius: Radius::new(f64::from(VISION_RADIUS)).ok(),
            light_walls: true,
        };
        if self.cache.fov.size() != level.size() {
            self.cache.fov.resize(level.size());
        }
        let tiles = &level.tiles;
        // The origin is on the map (checked on load); an error leaves the view empty.
        let _ = fov.compute(level.size(), at, |q| tiles.is_opaque(q), &mut self.cache.fov);
    }

    /// Remembers what lies at `p` on level `depth` now (after the player drops something,
    /// so that it is not "found" again).
    pub(super) fn remember_cell(&mut self, depth: usize, p: torchlit_geom::Point) {
        let Some(level) = self.levels.get(depth) else { return };
        let Some(tile) = level.tile(p) else { return };
        let item = level.item(p).map(|i| i.kind);
        if let Some(cell) = self.memory.get_mut(depth).and_then(|m| m.get_mut(p)) {
            *cell = Some(Remembered { tile, item });
        }
    }

    /// The creatures (not the player) in view now, in id order.
    pub(super) fn visible_creature_ids(&self) -> Vec<ActorId> {
        let depth = self.depth();
        let mut ids: Vec<ActorId> = self
            .cache
            .fov
            .iter()
            .filter_map(|p| self.occupant(depth, p))
            .filter(|&id| id != self.player)
            .collect();
        ids.sort_unstable();
        ids
    }

    /// Recomputes the view and the memory. With `out`, reports the monsters seen for the
    /// first time and the items (not rocks or corpses) seen for the first time.
    pub(super) fn refresh_view(&mut self, out: Option<&mut Vec<Event>>) {
        self.compute_fov();
        self.remember_view(out);
    }

    /// [`Caves::refresh_view`] without recomputing the view: for when neither the
    /// player's cell nor any tile changed since the last computation (the view depends on
    /// nothing else).
    pub(super) fn remember_view(&mut self, out: Option<&mut Vec<Event>>) {
        let depth = self.depth();
        let mut found: Vec<ItemKind> = Vec::new();
        let level = &self.levels[depth];
        if let Some(memory) = self.memory.get_mut(depth) {
            for p in self.cache.fov.iter() {
                let Some(tile) = level.tile(p) else { continue };
                let item = level.item(p).map(|i| i.kind);
                let Some(cell) = memory.get_mut(p) else { continue };
                let before = cell.and_then(|r| r.item);
                if let Some(kind) = item
                    && before != Some(kind)
                    && !matches!(kind, ItemKind::Rock | ItemKind::Corpse(_))
                {
                    found.push(kind);
                }
                *cell = Some(Remembered { tile, item });
            }
        }
        // A creature is noticed once: it comes into view the first time it is seen.
        let mut newcomers: Vec<CreatureKind> = Vec::new();
        for id in self.visible_creature_ids() {
            if self.noticed.insert(id)
                && let Some(c) = self.creatures.get(id)
            {
                newcomers.push(c.kind);
            }
        }
        if let Some(out) = out {
            // One event per creature: the front end merges them ("2 bats come into view").
            newcomers.sort_unstable();
            out.extend(newcomers.into_iter().map(|kind| Event::CameIntoView { kind }));
            out.extend(found.into_iter().map(|item| Event::Found { item }));
        }
    }
}
