//! The default game's goal and rewards: the artefact, the shrine that heals for gold,
//! arriving on a cell, and the score.

use super::*;

impl Overworld {
    /// The shrine's cell (the default game): the first floor cell without a chest of the
    /// spiral from `(0, 0)`, where a new game starts.
    pub fn shrine(&self) -> Option<Point> {
        self.quest().map(|_| self.shrine)
    }

    /// The region holding the artefact (the default game): `artefact_distance` regions
    /// out from the start region in one of eight directions chosen by the world seed.
    pub fn artefact_region(&self) -> Option<RegionCoord> {
        let q = self.quest()?;
        let d = i32::try_from(q.artefact_distance).unwrap_or(i32::MAX / 2).max(1);
        let mut rng = Rng::new(self.seed.derive("overworld/artefact", &[]));
        const DIRS: [(i32, i32); 8] =
            [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];
        let (dx, dy) = DIRS[rng.below(8) as usize];
        Some(RegionCoord::new(dx * d, dy * d))
    }

    /// The artefact's cell while it lies there: the second spawnable cell of the spiral
    /// from its region's centre (the first is the monster's home).
    pub fn artefact(&self) -> Option<Point> {
        if self.ending() == Some(Ending::Victory) {
            return None;
        }
        self.artefact
    }

    /// Where the artefact lies (computed once, when the game is made).
    pub(in crate::modes::overworld) fn place_artefact(&self) -> Option<Point> {
        let rc = self.artefact_region()?;
        let area = self.area(rc)?;
        let s = self.world.region_size();
        let half = i32::try_from(s / 2).unwrap_or(0);
        let centre = Point::new(half, half);
        spiral_offsets(s / 2 + 1)
            .map(|o| centre + o)
            .filter(|&c| area.region.is_spawnable(c))
            .nth(1)
            .and_then(|c| region_to_world(rc, c, s))
    }

    /// The score of the game so far: gold, 20 a kill, 5 a chest, 25 a region of the
    /// farthest distance reached, and 500 for taking the artefact.
    pub fn score(&self) -> u64 {
        let p = &self.player;
        let won = if self.ending() == Some(Ending::Victory) { 500 } else { 0 };
        p.gold
            .saturating_add(20 * u64::from(p.kills))
            .saturating_add(5 * u64::from(p.chests))
            .saturating_add(25 * u64::from(p.vitals.farthest))
            .saturating_add(won)
    }

    /// After the player's step: the shrine, the artefact and the farthest region.
    pub(in crate::modes::overworld) fn arrive(&mut self, at: Point, events: &mut Vec<Event>) {
        if self.quest().is_none() {
            return;
        }
        let start = self.region_of(self.shrine);
        let far = region_distance(self.region_of(at), start);
        let v = &mut self.player.vitals;
        v.farthest = v.farthest.max(far);
        if at == self.shrine {
            events.push(self.heal_at_shrine());
        }
        if self.artefact() == Some(at) {
            self.player.vitals.ending = Some(Ending::Victory);
            events.push(Event::GameOver(Ending::Victory));
        }
    }

    pub(super) fn heal_at_shrine(&mut self) -> Event {
        let price = u64::from(self.quest().map_or(1, |q| q.heal_price.max(1)));
        let full = Hundredths::from_hp(PLAYER_HEALTH).0;
        let v = &mut self.player.vitals;
        let missing = u64::from(full.saturating_sub(v.health.0).div_ceil(100));
        let hp = missing.min(self.player.gold / price);
        self.player.gold -= hp * price;
        let hp = u32::try_from(hp).unwrap_or(0);
        v.health = Hundredths(v.health.0.saturating_add(hp * 100).min(full));
        Event::Healed { hp, paid: u64::from(hp) * price }
    }
}
