//! The default game's monsters: levels by distance, gentle regions near the start,
//! guards at their posts, who hunts and who notices the player.

use super::*;

impl Overworld {
    /// The level of the monster of region `rc` (0 near the start; see the module docs);
    /// always 0 under `--rules seed`.
    pub fn monster_level(&self, rc: RegionCoord) -> u32 {
        self.quest().map_or(0, |q| {
            let d = region_distance(rc, self.region_of(self.shrine));
            d.saturating_sub(q.gentle.saturating_sub(1)) / q.level_every.max(1)
        })
    }

    /// Whether region `rc` is gentle ([`QuestRules::gentle`]): no trolls nor wraiths.
    pub fn is_gentle(&self, rc: RegionCoord) -> bool {
        self.quest().is_some_and(|q| region_distance(rc, self.region_of(self.shrine)) < q.gentle)
    }

    /// `monster` as region `rc` holds it: in a gentle region ([`QuestRules::gentle`]) a
    /// troll is a goblin and a wraith a rat.
    pub(in crate::modes::overworld) fn tamed(&self, rc: RegionCoord, monster: Monster) -> Monster {
        Monster { kind: self.tamed_kind(rc, monster.kind), ..monster }
    }

    /// A monster of `kind` as region `rc` holds it (see [`Overworld::tamed`]).
    pub(super) fn tamed_kind(&self, rc: RegionCoord, kind: MonsterKind) -> MonsterKind {
        match kind {
            MonsterKind::Troll if self.is_gentle(rc) => MonsterKind::Goblin,
            MonsterKind::Wraith if self.is_gentle(rc) => MonsterKind::Rat,
            other => other,
        }
    }

    /// Whether `monster` hunts the player now (the default game): it sees the player
    /// within its notice ([`QuestRules::notice`] for a region's roaming monster,
    /// [`QuestRules::guard_notice`] for a guard) along a clear line. A hunter steps
    /// towards the player every turn. Always `false` under `--rules seed`.
    pub fn is_hunting(&self, monster: &Monster) -> bool {
        self.notices(monster, self.player.at)
    }

    /// Whether `monster` would hunt a player standing on `p` (the default game): `p` lies
    /// within its notice ([`Overworld::is_hunting`]) along a clear line. A guard at its
    /// post wakes when the player steps into this area.
    pub fn notices(&self, monster: &Monster, p: Point) -> bool {
        let Some(q) = self.quest() else { return false };
        let notice = if self.is_guard(monster) { q.guard_notice } else { q.notice };
        let n = i64::from(notice);
        notice > 0
            && distance2(monster.at, p) <= n * n
            && line_of_sight(monster.at, p, |c| !self.ground(c).is_walkable())
    }

    /// Whether `monster` is one of its region's guards (the default game), at its post or
    /// not; `false` for a region's roaming monster.
    pub fn is_guard(&self, monster: &Monster) -> bool {
        let rc = self.region_of(monster.at);
        self.monster_of(rc).as_ref() != Some(monster) && self.guards(rc).contains(monster)
    }

    /// A monster's stats at the start of a fight, with its level's bonus.
    pub fn monster_combatant(&self, m: &Monster) -> Combatant {
        let base = m.kind.combatant();
        let level = self.monster_level(self.region_of(m.at));
        Combatant {
            health: Hundredths(base.health.0.saturating_add(base.health.0 / 4 * level)),
            damage: base.damage.saturating_add(level),
            armour: base.armour.saturating_add(level),
        }
    }

    /// The guards of region `rc` (the default game; none under `--rules seed` and in the
    /// start region), slain or not, where they stand now (see [`Overworld::guard_posts`]).
    /// A guard leaves its post only to hunt the player within
    /// [`QuestRules::guard_notice`] cells, and is back on it once its region is unloaded.
    pub fn guards(&self, rc: RegionCoord) -> Vec<Monster> {
        let mut guards = self.guard_posts(rc);
        let moved = &self.player.vitals.guards;
        for (k, g) in (0u32..).zip(guards.iter_mut()) {
            if let Some(&at) = moved.get(&(rc.x, rc.y, k)) {
                g.at = at;
            }
        }
        guards
    }

    /// The posts of the guards of region `rc`: `d / guard_every` of them, at most
    /// [`MAX_GUARDS`], for a region `d` regions from the start. Guard `k` stands on a
    /// spawnable cell drawn from the world seed, the region and `k` (never the roaming
    /// monster's home, the artefact or another guard's cell; a guard that finds no cell in
    /// 64 draws is left out); its kind is rolled like a region's monster.
    pub fn guard_posts(&self, rc: RegionCoord) -> Vec<Monster> {
        let Some(q) = self.quest() else { return Vec::new() };
        let Some(area) = self.area(rc) else { return Vec::new() };
        let count = match q.guard_every {
            0 => 0,
            every => (region_distance(rc, self.region_of(self.shrine)) / every).min(MAX_GUARDS),
        };
        area.guards.get_or_init(|| self.place_guards(rc, &area, count)).clone()
    }

    pub(super) fn place_guards(&self, rc: RegionCoord, area: &Area, count: u32) -> Vec<Monster> {
        let s = self.world.region_size();
        let home = area.monster.map(|m| m.at);
        let mut out: Vec<Monster> = Vec::new();
        for k in 0..count {
            let mut rng = Rng::new(
                self.seed.derive("overworld/guard", &[rc.x.into(), rc.y.into(), k.into()]),
            );
            let kind = self.tamed_kind(rc, MonsterKind::roll(&mut rng));
            let cell = (0..64).find_map(|_| {
                let c = Point::new(rng.below(u64::from(s)) as i32, rng.below(u64::from(s)) as i32);
                let at = region_to_world(rc, c, s)?;
                let taken =
                    Some(at) == home || Some(at) == self.artefact || out.iter().any(|g| g.at == at);
                (area.region.is_spawnable(c) && !taken).then_some(at)
            });
            if let Some(at) = cell {
                out.push(Monster { kind, at });
            }
        }
        out
    }

    /// The bit of [`RegionChanges::slain`] that records `monster` of region `rc` slain.
    pub(in crate::modes::overworld) fn slain_bit(&self, rc: RegionCoord, monster: &Monster) -> u8 {
        match self.guards(rc).iter().position(|g| g == monster) {
            Some(k) if self.monster_of(rc).as_ref() != Some(monster) => guard_bit(k),
            _ => 1,
        }
    }
}
