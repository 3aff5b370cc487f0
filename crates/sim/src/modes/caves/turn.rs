//! One turn: the player's action, then hunger, then every other creature.

use torchlit_geom::{Direction, Point};

use super::ai::{Intent, Senses, behaviour, in_sight};
use super::combat::damage;
use super::creature::CreatureKind;
use super::events::{Action, Cause, Event, Outcome, Refusal, Stairs, Who};
use super::hunger::{Digestion, FOOD_PER_DIG, FOOD_PER_TURN};
use super::inventory::Slot;
use super::item::{Item, ItemKind};
use super::level::is_diggable;
use super::{ActiveLevels, Caves, kill_index};
use crate::engine::ActorId;
use crate::terrain::Tile;

impl Caves {
    /// The player's part of a turn; `true` when it took time.
    pub(super) fn act_player(&mut self, action: Action, out: &mut Vec<Event>) -> bool {
        match action {
            Action::Move(dir) => self.player_move(dir, out),
            Action::Wait => true,
            Action::Descend => self.take_stairs(Stairs::Down, out),
            Action::Ascend => self.take_stairs(Stairs::Up, out),
            Action::PickUp => self.pick_up(out),
            Action::Drop(slot) => self.drop_item(slot, out),
            Action::Eat(slot) => self.eat(slot, out),
            Action::EatHere => self.eat_here(out),
            Action::Equip(slot) => self.equip(slot, out),
            // Handled by `auto_step` and `rest_step` before we get here.
            Action::Explore
            | Action::Travel(_)
            | Action::TravelToItem
            | Action::TravelTo(_)
            | Action::Rest => false,
        }
    }

    /// Walks, attacks or digs (part 06's `PlayerAi.onEnter`, part 07's `moveBy`).
    pub(super) fn player_move(&mut self, dir: Direction, out: &mut Vec<Event>) -> bool {
        let (depth, at) = (self.depth(), self.player().at);
        let to = at + dir.offset();
        if let Some(other) = self.occupant(depth, to) {
            self.melee(self.player, other, out);
            return true;
        }
        match self.levels[depth].tile(to) {
            None => {
                out.push(Event::Refused(Refusal::MapEdge));
                false
            }
            Some(t) if super::level::is_ground(t) => {
                self.move_creature(self.player, depth, to);
                out.push(Event::Moved { to });
                if let Some(item) = self.levels[depth].item(to) {
                    out.push(Event::ItemHere { item: item.kind });
                }
                true
            }
            Some(t) if is_diggable(t) => {
                self.levels[depth].tiles.set(to, Tile::Floor);
                self.sync_walk(depth, to);
                self.record.dug = self.record.dug.saturating_add(1);
                out.push(Event::Dug { at: to });
                self.change_food(-FOOD_PER_DIG, out);
                true
            }
            Some(_) => {
                out.push(Event::Refused(Refusal::MapEdge));
                false
            }
        }
    }

    fn take_stairs(&mut self, way: Stairs, out: &mut Vec<Event>) -> bool {
        let (depth, at) = (self.depth(), self.player().at);
        let here = self.levels[depth].tile(at);
        let target = match way {
            Stairs::Down if here == Some(Tile::StairsDown) => depth + 1,
            Stairs::Up if here == Some(Tile::StairsUp) && depth == 0 => {
                // Part 10's `userExits`: the teddy bear wins, anything else loses.
                let outcome = if self.hero.has_teddy_bear() {
                    Outcome::Won
                } else {
                    Outcome::Lost(Cause::LeftWithoutTreasure)
                };
                self.end_game(outcome, out);
                return true;
            }
            Stairs::Up if here == Some(Tile::StairsUp) => depth - 1,
            _ => {
                out.push(Event::Refused(Refusal::NoStairs(way)));
                return false;
            }
        };
        if target >= self.levels.len() || !self.levels[target].is_ground(at) {
            out.push(Event::Refused(Refusal::NoStairs(way)));
            return false;
        }
        // As the tutorial's `moveBy`: whoever stands at the other end is attacked. The
        // default game takes the player to a free cell beside it instead (a blind blow
        // at a monster nobody can see is no choice), and attacks only when none is free.
        let arrival = match self.occupant(target, at) {
            Some(_) if !self.rules.stairs_attack => self.free_cell_beside(target, at),
            Some(_) => None,
            None => Some(at),
        };
        if let (None, Some(other)) = (arrival, self.occupant(target, at)) {
            if let Some(kind) = self.creatures.get(other).map(|c| c.kind) {
                out.push(Event::StairsBlocked { way, kind });
            }
            self.melee(self.player, other, out);
            return true;
        }
        let to = arrival.unwrap_or(at);
        self.move_creature(self.player, target, to);
        self.record.deepest = self.record.deepest.max(target);
        out.push(Event::TookStairs { way, depth: target });
        true
    }

    /// The first free ground cell next to `at` on level `depth` (in [`Direction::ALL`]
    /// order), where a player arrives whose stairs are taken by a creature.
    fn free_cell_beside(&self, depth: usize, at: Point) -> Option<Point> {
        Direction::ALL
            .into_iter()
            .map(|d| at + d.offset())
            .find(|&p| self.levels[depth].is_ground(p) && self.occupant(depth, p).is_none())
    }

    pub(super) fn pick_up(&mut self, out: &mut Vec<Event>) -> bool {
        let (depth, at) = (self.depth(), self.player().at);
        let Some(&item) = self.levels[depth].item(at) else {
            out.push(Event::Refused(Refusal::NothingHere));
            return false;
        };
        if self.hero.inventory.is_full() {
            out.push(Event::Refused(Refusal::PackFull));
            return false;
        }
        self.levels[depth].take_item(at);
        match self.hero.inventory.add(item) {
            Ok(slot) => out.push(Event::PickedUp { item: item.kind, slot }),
            Err(item) => {
                // Not reachable (checked for room above); put it back rather than lose it.
                let _ = self.levels[depth].put_item(at, item);
            }
        }
        true
    }

    fn drop_item(&mut self, slot: Slot, out: &mut Vec<Event>) -> bool {
        let Some(&item) = self.hero.inventory.get(slot) else {
            out.push(Event::Refused(Refusal::EmptySlot(slot)));
            return false;
        };
        let (depth, at) = (self.depth(), self.player().at);
        let Some(spot) = self.free_item_cell(depth, at) else {
            out.push(Event::Refused(Refusal::NowhereToDrop(item.kind)));
            return false;
        };
        self.unequip(slot, out);
        self.hero.inventory.take(slot);
        let _ = self.levels[depth].put_item(spot, item);
        self.remember_cell(depth, spot);
        out.push(Event::Dropped { item: item.kind });
        self.cache.dropped.insert((depth, spot.x, spot.y));
        if spot == at {
            // Part 10's `addAtEmptySpace` tells whoever stands where the item lands.
            out.push(Event::Landed { item: item.kind });
        }
        true
    }

    fn eat(&mut self, slot: Slot, out: &mut Vec<Event>) -> bool {
        let Some(&item) = self.hero.inventory.get(slot) else {
            out.push(Event::Refused(Refusal::EmptySlot(slot)));
            return false;
        };
        if !item.is_edible() {
            out.push(Event::Refused(Refusal::NotEdible(item.kind)));
            return false;
        }
        self.unequip(slot, out);
        self.hero.inventory.take(slot);
        self.record.eaten = self.record.eaten.saturating_add(1);
        out.push(Event::Ate { item: item.kind });
        self.change_food(item.food, out);
        true
    }

    fn eat_here(&mut self, out: &mut Vec<Event>) -> bool {
        let (depth, at) = (self.depth(), self.player().at);
        let Some(&item) = self.levels[depth].item(at) else {
            out.push(Event::Refused(Refusal::NothingHere));
            return false;
        };
        if !item.is_edible() {
            out.push(Event::Refused(Refusal::NotEdible(item.kind)));
            return false;
        }
        self.levels[depth].take_item(at);
        self.remember_cell(depth, at);
        self.record.eaten = self.record.eaten.saturating_add(1);
        out.push(Event::Ate { item: item.kind });
        self.change_food(item.food, out);
        true
    }

    /// Part 12's `equip`, with the exercise it leaves: equipping what is equipped takes
    /// it off.
    fn equip(&mut self, slot: Slot, out: &mut Vec<Event>) -> bool {
        let Some(&item) = self.hero.inventory.get(slot) else {
            out.push(Event::Refused(Refusal::EmptySlot(slot)));
            return false;
        };
        if !item.is_equippable() {
            out.push(Event::Refused(Refusal::NotEquippable(item.kind)));
            return false;
        }
        if self.hero.is_equipped(slot) {
            self.unequip(slot, out);
            return true;
        }
        if item.is_weapon() {
            if let Some(old) = self.hero.weapon {
                self.unequip(old, out);
            }
            self.hero.weapon = Some(slot);
        } else {
            if let Some(old) = self.hero.armor {
                self.unequip(old, out);
            }
            self.hero.armor = Some(slot);
        }
        out.push(Event::Equipped { item: item.kind, wielded: item.is_weapon() });
        true
    }

    /// Takes off whatever is equipped from `slot` (nothing if it is not).
    fn unequip(&mut self, slot: Slot, out: &mut Vec<Event>) {
        let Some(&item) = self.hero.inventory.get(slot) else { return };
        if self.hero.weapon == Some(slot) {
            self.hero.weapon = None;
            out.push(Event::Unequipped { item: item.kind, wielded: true });
        } else if self.hero.armor == Some(slot) {
            self.hero.armor = None;
            out.push(Event::Unequipped { item: item.kind, wielded: false });
        }
    }

    /// Changes the player's food (part 11's final `modifyFood`).
    fn change_food(&mut self, amount: i32, out: &mut Vec<Event>) {
        let before = self.hero.stomach.hunger();
        match self.hero.stomach.change(amount) {
            Digestion::Fine => {}
            Digestion::Stretched => {
                out.push(Event::StomachStretched);
                self.hurt_player(1, Cause::Overate, out);
            }
            Digestion::Starved => {
                self.hurt_player(1000, Cause::Starved, out);
            }
        }
        let after = self.hero.stomach.hunger();
        if after < before && self.outcome.is_none() {
            out.push(Event::HungerChanged { hunger: after });
        }
    }

    fn hurt_player(&mut self, amount: i32, cause: Cause, out: &mut Vec<Event>) {
        let Some(p) = self.creatures.get_mut(self.player) else { return };
        p.hp = p.hp.saturating_sub(amount);
        if p.hp < 1 {
            out.push(Event::Died { who: Who::You });
            self.end_game(Outcome::Lost(cause), out);
        }
    }

    pub(super) fn end_game(&mut self, outcome: Outcome, out: &mut Vec<Event>) {
        if self.outcome.is_none() {
            self.outcome = Some(outcome);
            out.push(Event::GameOver(outcome));
        }
    }

    /// After a player action that took time: hunger, healing, everyone else.
    pub(super) fn end_turn(&mut self, out: &mut Vec<Event>) {
        self.turn.0 = self.turn.0.saturating_add(1);
        if self.outcome.is_some() {
            return;
        }
        self.change_food(-FOOD_PER_TURN, out);
        let regen = self.rules.regen_turns;
        if regen > 0
            && self.turn.0.is_multiple_of(regen)
            && let Some(p) = self.creatures.get_mut(self.player)
        {
            p.hp = p.hp.saturating_add(1).min(p.stats.max_hp).max(p.hp);
        }
        self.refresh_view(Some(out));
        self.monsters_act(out);
        // Monsters neither move the player nor change tiles: the view is the same.
        self.remember_view(Some(out));
    }

    /// Every monster on every level acts as often as its speed allows (part 05's
    /// `world.update()`, over a snapshot so that newborn fungi wait for the next turn).
    fn monsters_act(&mut self, out: &mut Vec<Event>) {
        // The levels reached so far (a fixture may start the player below level 0).
        let reached = self.record.deepest.max(self.depth());
        for id in self.creatures.ids() {
            if id == self.player {
                continue;
            }
            let Some(c) = self.creatures.get_mut(id) else { continue };
            if self.rules.active_levels == ActiveLevels::Visited && c.depth > reached {
                continue;
            }
            let Some(ai) = behaviour(c.kind) else { continue };
            let speed = c.kind.speed();
            let actions = c.energy.accrue(speed);
            for _ in 0..actions {
                if self.outcome.is_some() {
                    return;
                }
                let Some(me) = self.creatures.get(id).cloned() else { break };
                let intent = {
                    let mut senses = LevelSenses { game: self, depth: me.depth };
                    let mut rng = senses.game.rng.clone();
                    let intent = ai.act(&me, &mut senses, &mut rng);
                    self.rng = rng;
                    intent
                };
                self.carry_out(id, intent, out);
            }
        }
    }

    /// Carries out a monster's intent (part 09's `moveBy` / `onEnter`, part 05's spread).
    fn carry_out(&mut self, id: ActorId, intent: Intent, out: &mut Vec<Event>) {
        let Some(me) = self.creatures.get(id).cloned() else { return };
        match intent {
            Intent::Stay => {}
            Intent::Step(dir) => {
                let to = me.at + dir.offset();
                if let Some(other) = self.occupant(me.depth, to) {
                    self.melee(id, other, out);
                } else if self.levels[me.depth].is_ground(to) {
                    self.move_creature(id, me.depth, to);
                } else if self.sees(me.depth, me.at) {
                    out.push(Event::Bumped { who: Who::It(me.kind) });
                }
            }
            Intent::Spread(p) => {
                if self.levels[me.depth].is_ground(p) && self.occupant(me.depth, p).is_none() {
                    let child = self.spawn(me.kind, me.depth, p);
                    if !self.rules.offspring_spread
                        && let Some(c) = self.creatures.get_mut(child)
                    {
                        c.spread_count = super::ai::FUNGUS_MAX_SPREAD;
                    }
                    if let Some(c) = self.creatures.get_mut(id) {
                        c.spread_count = c.spread_count.saturating_add(1);
                    }
                    if self.sees(me.depth, me.at) {
                        out.push(Event::Spawned { parent: Who::It(me.kind) });
                    }
                }
            }
        }
    }

    fn who(&self, id: ActorId) -> Who {
        match self.creatures.get(id) {
            Some(c) if c.kind != CreatureKind::Player => Who::It(c.kind),
            _ => Who::You,
        }
    }

    /// Whether the player sees cell `p` of level `depth` now.
    pub(super) fn sees(&self, depth: usize, p: Point) -> bool {
        depth == self.depth() && self.cache.fov.contains(p)
    }

    fn attack_value(&self, id: ActorId) -> (i32, i32) {
        if id == self.player {
            return (self.attack(), self.defense());
        }
        self.creatures.get(id).map_or((0, 0), |c| (c.stats.attack, c.stats.defense))
    }

    /// Part 06's `attack`: damage from 1 to attack − defense; 0 hit points or fewer kill.
    fn melee(&mut self, attacker: ActorId, target: ActorId, out: &mut Vec<Event>) {
        let (Some(a), Some(t)) = (self.creatures.get(attacker), self.creatures.get(target)) else {
            return;
        };
        let (a_depth, a_at, t_at) = (a.depth, a.at, t.at);
        let attack = self.attack_value(attacker).0;
        let defense = self.attack_value(target).1;
        let amount = damage(attack, defense, &mut self.rng);
        let involved = attacker == self.player || target == self.player;
        if involved || self.sees(a_depth, a_at) || self.sees(a_depth, t_at) {
            out.push(Event::Attacked {
                attacker: self.who(attacker),
                target: self.who(target),
                damage: amount,
            });
        }
        let Some(t) = self.creatures.get_mut(target) else { return };
        t.hp = t.hp.saturating_sub(amount);
        if t.hp < 1 {
            self.kill(target, attacker, out);
        }
    }

    /// Part 11's death: "die", a corpse on the nearest free cell, gone from the world.
    fn kill(&mut self, id: ActorId, killer: ActorId, out: &mut Vec<Event>) {
        let Some(dead) = self.creatures.get(id).cloned() else { return };
        if id == self.player {
            out.push(Event::Died { who: Who::You });
            let cause = match self.who(killer) {
                Who::It(kind) => Cause::KilledBy(kind),
                Who::You => Cause::KilledBy(CreatureKind::Player),
            };
            self.end_game(Outcome::Lost(cause), out);
            return;
        }
        if self.sees(dead.depth, dead.at) || killer == self.player {
            out.push(Event::Died { who: Who::It(dead.kind) });
        }
        if killer == self.player
            && let Some(i) = kill_index(dead.kind)
        {
            self.record.kills[i] = self.record.kills[i].saturating_add(1);
        }
        if let Some(cell) = self.cache.occupant.get_mut(dead.depth).and_then(|g| g.get_mut(dead.at))
        {
            *cell = None;
        }
        self.creatures.remove(id);
        self.noticed.remove(&id);
        self.sync_walk(dead.depth, dead.at);
        let corpse = Item::corpse(dead.kind, dead.stats.max_hp);
        if let Some(spot) = self.free_item_cell(dead.depth, dead.at) {
            let _ = self.levels[dead.depth].put_item(spot, corpse);
            let player = self.player();
            if player.depth == dead.depth && player.at == spot {
                out.push(Event::Landed { item: ItemKind::Corpse(dead.kind) });
            }
        }
    }

    /// Part 10's `addAtEmptySpace`: the nearest ground cell without an item, searching
    /// outwards through ground cells from `from` (neighbours shuffled, as the tutorial's
    /// `neighbors8`). `None` when every reachable cell holds an item.
    pub(super) fn free_item_cell(&mut self, depth: usize, from: Point) -> Option<Point> {
        let level = &self.levels[depth];
        let size = level.size();
        if !level.is_ground(from) {
            return None;
        }
        let mut queue = std::collections::VecDeque::from([from]);
        let mut checked = vec![false; size.area()];
        checked[size.index_of(from)?] = true;
        while let Some(p) = queue.pop_front() {
            if level.item(p).is_none() && level.holds_items(p) {
                return Some(p);
            }
            let mut dirs = Direction::ALL;
            self.rng.shuffle(&mut dirs);
            for d in dirs {
                let n = p + d.offset();
                if let Some(i) = size.index_of(n)
                    && !checked[i]
                {
                    checked[i] = true;
                    if level.is_ground(n) {
                        queue.push_back(n);
                    }
                }
            }
        }
        None
    }
}

/// What a monster on level `depth` can sense: the game seen from there.
struct LevelSenses<'a> {
    game: &'a mut Caves,
    depth: usize,
}

impl Senses for LevelSenses<'_> {
    fn can_enter(&self, p: Point) -> bool {
        self.game.levels[self.depth].is_ground(p) && self.game.occupant(self.depth, p).is_none()
    }

    fn creature_at(&self, p: Point) -> Option<CreatureKind> {
        let id = self.game.occupant(self.depth, p)?;
        self.game.creatures.get(id).map(|c| c.kind)
    }

    fn player(&self) -> Option<Point> {
        let p = self.game.player();
        (p.depth == self.depth).then_some(p.at)
    }

    fn can_see(&self, from: Point, to: Point) -> bool {
        let level = &self.game.levels[self.depth];
        in_sight(from, to, |p| !level.is_ground(p))
    }

    fn first_step(&mut self, from: Point, to: Point) -> Option<Point> {
        let game = &mut *self.game;
        let grid = game.cache.walk.get_mut(self.depth)?;
        // The goal is someone's cell: open it for the search, then put it back.
        let _ = grid.set(to, Some(torchlit_path::Cost(1)));
        let found = game.cache.search.astar_into(
            grid,
            torchlit_path::Rule::EIGHT,
            from,
            to,
            &mut game.cache.path,
        );
        game.sync_walk(self.depth, to);
        match found {
            Ok(Some(_)) => game.cache.path.get(1).copied(),
            _ => None,
        }
    }
}
