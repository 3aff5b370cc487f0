//! What happens after each turn of the default game: healing with time, and every
//! monster of the loaded regions roaming, hunting or waking.

use super::*;

impl Overworld {
    /// One turn passes for the hunt (after a step or a rest): healing with time (none on
    /// a turn the player fought, so the health after a fight is the fight log's last
    /// number), then the monsters of the loaded regions act. Returns a monster that now
    /// sees the player.
    pub(in crate::modes::overworld) fn pass_turn(&mut self, turned: Turned) -> Option<Monster> {
        let q = *self.quest()?;
        let full = Hundredths::from_hp(PLAYER_HEALTH).0;
        let v = &mut self.player.vitals;
        v.regen = v.regen.saturating_add(match turned {
            Turned::Rested => q.regen_every.max(1),
            Turned::Walked => 1,
            Turned::Fought => 0,
        });
        if turned != Turned::Fought && v.regen >= q.regen_every.max(1) {
            v.regen = 0;
            v.health = Hundredths(v.health.0.saturating_add(100).min(full));
        }
        self.monsters_act(&q)
    }

    /// The loaded regions: the 3×3 around the player's, in reading order.
    pub(super) fn loaded_regions(&self) -> Vec<RegionCoord> {
        let c = self.region_of(self.player.at);
        let mut out = Vec::with_capacity(9);
        for dy in -1..=1 {
            for dx in -1..=1 {
                if let (Some(x), Some(y)) = (c.x.checked_add(dx), c.y.checked_add(dy)) {
                    out.push(RegionCoord::new(x, y));
                }
            }
        }
        out
    }

    pub(super) fn monsters_act(&mut self, q: &QuestRules) -> Option<Monster> {
        let loaded = self.loaded_regions();
        // Monsters of unloaded regions go home.
        let here = |x: i32, y: i32| loaded.contains(&RegionCoord::new(x, y));
        self.player.vitals.roaming.retain(|&(x, y), _| here(x, y));
        self.player.vitals.guards.retain(|&(x, y, _), _| here(x, y));
        let mut watcher = None;
        for rc in loaded {
            let mut moved = Vec::new();
            if let Some(m) = self.monster_of(rc) {
                let how = Stepping { notice: q.notice, roam_percent: q.roam_percent, also: None };
                let to = self.monster_move(m, rc, q, how);
                if to != m.at {
                    self.player.vitals.roaming.insert((rc.x, rc.y), to);
                }
                moved.push(Monster { at: to, ..m });
            }
            if q.guard_notice > 0 {
                moved.extend(self.guards_act(rc, q));
            }
            if watcher.is_none() {
                watcher = moved.into_iter().find(|m| self.sees(m, self.player.at));
            }
        }
        watcher
    }

    /// The living guards of region `rc` that notice the player hunt; returns those that
    /// moved, where they are now.
    pub(super) fn guards_act(&mut self, rc: RegionCoord, q: &QuestRules) -> Vec<Monster> {
        let slain = self.changes.get(&rc).map_or(0, |c| c.slain);
        let posts = self.guard_posts(rc);
        let mut moved = Vec::new();
        for (k, post) in (0u32..).zip(posts) {
            if slain & guard_bit(k as usize) != 0 {
                continue;
            }
            let key = (rc.x, rc.y, k);
            let at = self.player.vitals.guards.get(&key).copied().unwrap_or(post.at);
            let g = Monster { at, ..post };
            if !self.hunts(&g, q.guard_notice) {
                continue;
            }
            let also = self.monster_of(rc).map(|m| m.at);
            let how = Stepping { notice: q.guard_notice, roam_percent: 0, also };
            let to = self.monster_move(g, rc, q, how);
            if to != g.at {
                if to == post.at {
                    self.player.vitals.guards.remove(&key);
                } else {
                    self.player.vitals.guards.insert(key, to);
                }
                moved.push(Monster { at: to, ..g });
            }
        }
        moved
    }

    /// Where monster `m` of region `rc` ends this turn: one step ([`Overworld::monster_step`]),
    /// or two for a hunter of level [`QuestRules::fast_from`] or deeper that does not see
    /// the player after the first.
    pub(super) fn monster_move(
        &self,
        m: Monster,
        rc: RegionCoord,
        q: &QuestRules,
        how: Stepping,
    ) -> Point {
        let mut to = self.monster_step(m, rc, how);
        let fast = q.fast_from > 0 && self.monster_level(rc) >= q.fast_from;
        if fast
            && self.hunts(&m, how.notice)
            && !self.sees(&Monster { at: to, ..m }, self.player.at)
        {
            to = self.monster_step(Monster { at: to, ..m }, rc, how);
        }
        to
    }

    /// Whether `m` hunts the player: within `notice` cells, in line of sight.
    pub(super) fn hunts(&self, m: &Monster, notice: u32) -> bool {
        let (player, notice) = (self.player.at, i64::from(notice));
        distance2(m.at, player) <= notice * notice
            && line_of_sight(m.at, player, |c| !self.ground(c).is_walkable())
    }

    /// Where monster `m` of region `rc` steps this turn: towards the player when it hunts
    /// (within `how.notice` cells), else, with `how.roam_percent` chance, a random open
    /// neighbour. It never leaves its region nor steps onto the player, a wall, a guard
    /// (slain or not: where it fell) or `how.also`.
    pub(super) fn monster_step(&self, m: Monster, rc: RegionCoord, how: Stepping) -> Point {
        let player = self.player.at;
        let turn = i64::try_from(self.player.moves.0).unwrap_or(i64::MAX);
        let mut rng =
            Rng::new(self.seed.derive("overworld/roam", &[rc.x.into(), rc.y.into(), turn]));
        let guards = self.guards(rc);
        let open = |p: Point| {
            p != player
                && world_to_region(p, self.world.region_size()).0 == rc
                && self.ground(p).is_walkable()
                && !guards.iter().any(|g| g.at == p)
                && Some(p) != how.also
        };
        let steps: Vec<Point> = CardinalDirection::ALL
            .iter()
            .filter_map(|d| {
                let o = d.offset();
                Some(Point::new(m.at.x.checked_add(o.dx)?, m.at.y.checked_add(o.dy)?))
            })
            .filter(|&p| open(p))
            .collect();
        if self.hunts(&m, how.notice) {
            let now = distance2(m.at, player);
            return steps
                .into_iter()
                .filter(|&p| distance2(p, player) < now)
                .min_by_key(|&p| distance2(p, player))
                .unwrap_or(m.at);
        }
        if rng.below(100) < u64::from(how.roam_percent) {
            return rng.choose(&steps).copied().unwrap_or(m.at);
        }
        m.at
    }

    /// Where the monster of region `rc` stands now: where it roamed to, or its home.
    pub(in crate::modes::overworld) fn roamed(&self, rc: RegionCoord, home: Monster) -> Monster {
        match self.player.vitals.roaming.get(&(rc.x, rc.y)) {
            Some(&at) => Monster { at, ..home },
            None => home,
        }
    }
}
