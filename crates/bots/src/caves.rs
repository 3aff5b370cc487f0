//! The `caves` bot: a careful player of the roguelike tutorial's caves.
//!
//! Every turn it decides from what the screen shows (the field of view, the map memory,
//! the creatures in view with the hit points the look command tells, the status line and
//! the pack) and sends one [`Action`], in this order of concerns:
//!
//! 1. with the teddy bear: travel up and climb out;
//! 2. eat when Hungry (or worse), the smallest food that does not overfill the stomach;
//! 3. wield or wear anything in the pack better than what is equipped;
//! 4. pick up what lies underfoot if it is worth carrying (never rocks);
//! 5. fight a monster next to it, or flee from one it cannot beat (expected damage from
//!    both sides' attack and defense values against its hit points);
//! 6. wait for a hunting zombie in view to come (fighting on its own terms), or walk away
//!    when hurt;
//! 7. rest when hurt and nothing is in view, if the rules regenerate hit points;
//! 8. walk to a remembered item it wants, else auto-explore, else travel down the stairs.

use torchlit_geom::{Direction, Offset, Point, Size};
use torchlit_sim::modes::caves::{
    Action, Cause, Caves, CavesError, Creature, CreatureKind, Event, Hunger, Item, ItemKind,
    Outcome, Rules, Seed, Slot, Stairs, Stop,
};
use torchlit_sim::terrain::Tile;

use crate::grid::{distances, downhill};
use crate::{Bot, Ending, Report, Signal};

/// The turn budget of one game: a run still going after this is a timeout.
pub const TURN_LIMIT: u64 = 10_000;

/// The turns at which fungi are counted per level.
pub const FUNGUS_TURNS: [u64; 3] = [0, 500, 2000];

/// Actions in a row that took no turn before the bot gives up (it is stuck).
const STUCK_LIMIT: u32 = 200;

/// The eight steps, in [`Direction::ALL`] order.
fn steps8() -> [Offset; 8] {
    Direction::ALL.map(Direction::offset)
}

/// The `caves` bot and its game.
#[derive(Clone, Debug)]
pub struct CavesBot {
    game: Caves,
    goal: String,
    /// Fungi per level at [`FUNGUS_TURNS`] (filled as the game reaches them).
    fungi: Vec<Option<Vec<usize>>>,
    /// Food items seen lying (counted once per item noticed).
    food_found: u32,
    /// Items used: eaten, wielded or worn.
    items_used: u32,
    /// Fights fled.
    fled: u32,
    /// Actions in a row that took no turn.
    idle: u32,
    /// Whether the current level has been explored (auto-explore said so).
    explored: bool,
    /// Set while resting: rest until this many hit points.
    resting: bool,
    /// Down stairs taken so far: (level, cell). Levels may have regions reached only by
    /// other stairs, so the bot tries every staircase before giving up.
    used_stairs: std::collections::BTreeSet<(usize, i32, i32, bool)>,
    ended: Option<Ending>,
    /// Every action sent, in order (what a recording of the game holds).
    actions: Vec<Action>,
}

impl CavesBot {
    /// A bot on a new game of `seed` under `rules`.
    ///
    /// # Errors
    /// As [`Caves::with_rules`] (no known seed fails).
    pub fn new(seed: Seed, rules: Rules) -> Result<CavesBot, CavesError> {
        let game = Caves::with_rules(seed, Default::default(), rules)?;
        let mut bot = CavesBot {
            game,
            goal: "start".to_string(),
            fungi: vec![None; FUNGUS_TURNS.len()],
            food_found: 0,
            items_used: 0,
            fled: 0,
            idle: 0,
            explored: false,
            resting: false,
            used_stairs: std::collections::BTreeSet::new(),
            ended: None,
            actions: Vec::new(),
        };
        bot.count_fungi();
        Ok(bot)
    }

    /// The game being played.
    pub fn game(&self) -> &Caves {
        &self.game
    }

    /// Every action the bot has sent to its game, in order: replayed on a new game of the
    /// same seed and rules, they play the same game.
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// Measures fungi per level when the game is at one of [`FUNGUS_TURNS`] (this reads
    /// the whole state: it is a measurement, not something the bot decides by).
    fn count_fungi(&mut self) {
        let turn = self.game.turn().0;
        if let Some(i) = FUNGUS_TURNS.iter().position(|&t| t == turn)
            && self.fungi[i].is_none()
        {
            let mut per = vec![0usize; self.game.depth_count()];
            for c in self.game.creatures() {
                if c.kind() == CreatureKind::Fungus
                    && let Some(n) = per.get_mut(c.depth())
                {
                    *n += 1;
                }
            }
            self.fungi[i] = Some(per);
        }
    }

    fn set_goal(&mut self, goal: &str) {
        if self.goal != goal {
            self.goal.clear();
            self.goal.push_str(goal);
        }
    }

    /// Sends one action and keeps the books.
    fn send(&mut self, action: Action) -> Vec<Event> {
        let before = self.game.turn();
        let events = self.game.apply(action);
        self.actions.push(action);
        for e in &events {
            match *e {
                Event::Found { item } if is_food(item) => self.food_found += 1,
                Event::Ate { .. } | Event::Equipped { .. } => self.items_used += 1,
                Event::TookStairs { .. } => self.explored = false,
                _ => {}
            }
        }
        if self.game.turn() == before {
            self.idle += 1;
        } else {
            self.idle = 0;
        }
        self.count_fungi();
        events
    }

    /// The player's cell.
    fn at(&self) -> Point {
        self.game.player().at()
    }

    fn size(&self) -> Size {
        self.game.current_level().size()
    }

    /// Monsters in view: (cell, creature), nearest first.
    fn monsters_in_view(&self) -> Vec<(Point, Creature)> {
        let at = self.at();
        let size = self.size();
        let mut out = Vec::new();
        for y in (at.y - 10).max(0)..(at.y + 11).min(size.height as i32) {
            for x in (at.x - 10).max(0)..(at.x + 11).min(size.width as i32) {
                let p = Point::new(x, y);
                if p != at
                    && let Some(c) = self.game.visible_creature(p)
                {
                    out.push((p, c.clone()));
                }
            }
        }
        out.sort_by_key(|(p, _)| chebyshev(at, *p));
        out
    }

    /// Expected damage the player takes killing `c` (from the look command's hit points
    /// and the kinds' attack and defense values), or `None` if the player cannot hurt it.
    fn fight_cost(&self, c: &Creature) -> f64 {
        let mine = f64::from((self.game.attack() - c.stats().defense).max(1));
        let theirs = f64::from((c.stats().attack - self.game.defense()).max(1));
        let hits = f64::from(c.hp().max(1)) / ((mine + 1.0) / 2.0);
        let rate = match c.kind() {
            // Fungi never attack; zombies idle one turn in five; bats move at random.
            CreatureKind::Fungus => 0.0,
            CreatureKind::Zombie => 0.8,
            CreatureKind::Bat => 0.6,
            CreatureKind::Player => 1.0,
        };
        hits * rate * (theirs + 1.0) / 2.0
    }

    fn hp(&self) -> i32 {
        self.game.player().hp()
    }

    fn max_hp(&self) -> i32 {
        self.game.player().stats().max_hp
    }

    /// Whether the player would beat `c` with a margin to spare.
    fn can_beat(&self, c: &Creature) -> bool {
        self.fight_cost(c) * 1.5 + 5.0 < f64::from(self.hp())
    }

    /// A step along remembered ground towards the nearest of `goals`, around monsters in
    /// view (unless a goal is one).
    fn step_towards(&self, goals: &[Point]) -> Option<Direction> {
        let size = self.size();
        let at = self.at();
        let dist = distances(size, goals.iter().copied(), &steps8(), |p| {
            p == at
                || (self.game.remembered(p).is_some_and(|r| is_walkable(r.tile))
                    && self.game.visible_creature(p).is_none())
        });
        downhill(size, &dist, at, &steps8()).and_then(Direction::from_offset)
    }

    /// A step that takes the player furthest from the monsters `from` (by straight-line
    /// distance), preferring stairs; `None` when no step helps.
    fn step_away(&self, from: &[Point]) -> Option<Direction> {
        let at = self.at();
        let score = |p: Point| from.iter().map(|&m| chebyshev(p, m)).min().unwrap_or(0);
        let here = score(at);
        let mut best: Option<(i32, Direction)> = None;
        for d in Direction::ALL {
            let p = at + d.offset();
            let ok =
                self.game.current_level().is_ground(p) && self.game.visible_creature(p).is_none();
            if !ok {
                continue;
            }
            let s = score(p);
            if s > here && best.is_none_or(|(b, _)| s > b) {
                best = Some((s, d));
            }
        }
        best.map(|(_, d)| d)
    }

    /// The best edible item in the pack for now: the smallest that fits, else the
    /// smallest; one in hand only when there is no other.
    fn food_to_eat(&self) -> Option<Slot> {
        let stomach = self.game.hero().stomach();
        let room = stomach.max_food() - stomach.food();
        let inv = self.game.hero().inventory();
        let mut edible: Vec<(Slot, &Item)> = inv
            .iter()
            .filter(|(s, i)| i.is_edible() && !self.game.hero().is_equipped(*s))
            .collect();
        if edible.is_empty() {
            // Only food in hand (auto-explore refuses to go on while the hero is hungry
            // with any food): eat that too rather than stand still.
            edible = inv.iter().filter(|(_, i)| i.is_edible()).collect();
        }
        edible
            .iter()
            .filter(|(_, i)| i.food <= room)
            .max_by_key(|(_, i)| i.food)
            .or_else(|| edible.iter().min_by_key(|(_, i)| i.food))
            .map(|(s, _)| *s)
    }

    /// An item in the pack better than what is equipped in its place.
    fn better_gear(&self) -> Option<Slot> {
        let hero = self.game.hero();
        let inv = hero.inventory();
        let worn = |slot: Option<Slot>| slot.and_then(|s| inv.get(s)).copied();
        let (weapon, armour) = (worn(hero.weapon()), worn(hero.armor()));
        let value = |i: &Item| i.attack + i.defense;
        inv.iter()
            .filter(|(s, i)| i.is_equippable() && !hero.is_equipped(*s))
            .filter(|(_, i)| {
                let current = if i.is_weapon() { weapon } else { armour };
                current.is_none_or(|c| value(i) > value(&c))
            })
            .max_by_key(|(_, i)| value(i))
            .map(|(s, _)| s)
    }

    /// Something in the pack the bot can do without.
    fn junk(&self) -> Option<Slot> {
        let hero = self.game.hero();
        let inv = hero.inventory();
        let unequipped = |s: Slot| !hero.is_equipped(s);
        inv.iter()
            .find(|(s, i)| unequipped(*s) && i.is_equippable() && !i.is_edible())
            .or_else(|| inv.iter().find(|(s, i)| unequipped(*s) && i.kind == ItemKind::Rock))
            .or_else(|| {
                inv.iter()
                    .filter(|(s, i)| unequipped(*s) && matches!(i.kind, ItemKind::Corpse(_)))
                    .min_by_key(|(_, i)| i.food)
            })
            .map(|(s, _)| s)
    }

    /// Whether an item is worth picking up now.
    fn wants(&self, kind: ItemKind) -> bool {
        let hero = self.game.hero();
        if hero.inventory().len() >= 18 && kind != ItemKind::TeddyBear {
            return false;
        }
        let item = kind.item();
        match kind {
            ItemKind::Rock => false,
            ItemKind::TeddyBear => true,
            ItemKind::Corpse(_) => {
                // Corpses only while little other food is carried.
                let food: i32 = hero.inventory().iter().map(|(_, i)| i.food).sum();
                food < 400
            }
            ItemKind::Bread | ItemKind::Apple => true,
            _ if item.is_equippable() => {
                let inv = hero.inventory();
                let slot = if item.is_weapon() { hero.weapon() } else { hero.armor() };
                let current = slot.and_then(|s| inv.get(s));
                let carried = inv.iter().any(|(_, i)| i.kind == kind) || kind == ItemKind::Baguette;
                !carried
                    && current.is_none_or(|c| item.attack + item.defense > c.attack + c.defense)
                    || kind == ItemKind::Baguette
            }
            _ => false,
        }
    }

    /// Remembered cells holding an item the bot wants.
    fn wanted_items(&self) -> Vec<Point> {
        let size = self.size();
        let mut out = Vec::new();
        for i in 0..size.area() {
            let p = size.point_at(i);
            if let Some(r) = self.game.remembered(p)
                && let Some(kind) = r.item
                && self.wants(kind)
            {
                out.push(p);
            }
        }
        out
    }

    /// Remembered stairs of a kind on this level.
    fn stairs(&self, tile: Tile) -> Vec<Point> {
        let size = self.size();
        (0..size.area())
            .map(|i| size.point_at(i))
            .filter(|&p| self.game.remembered(p).is_some_and(|r| r.tile == tile))
            .collect()
    }

    /// Decides and plays one action.
    fn act(&mut self) {
        let at = self.at();
        let here = self.game.current_level().tile(at);
        let hunger = self.game.hero().stomach().hunger();
        let monsters = self.monsters_in_view();
        let threats: Vec<Point> = monsters
            .iter()
            .filter(|(_, c)| c.kind() == CreatureKind::Zombie && !self.can_beat(c))
            .map(|(p, _)| *p)
            .collect();
        let handled = self.fight_or_flee(at, here, &monsters, &threats)
            || self.tend_to_self(at, hunger)
            || self.face_zombies(here, &monsters, &threats)
            || self.rest(hunger, &monsters);
        if !handled {
            self.resting = false;
            self.travel(here);
        }
    }

    /// Fights and flights come first: a monster next to the player. Whether it acted.
    fn fight_or_flee(
        &mut self,
        at: Point,
        here: Option<Tile>,
        monsters: &[(Point, Creature)],
        threats: &[Point],
    ) -> bool {
        let adjacent = monsters
            .iter()
            .find(|(p, c)| chebyshev(at, *p) == 1 && c.kind() != CreatureKind::Fungus);
        let Some((p, c)) = adjacent else { return false };
        if self.can_beat(c) || c.kind() == CreatureKind::Bat {
            self.resting = false;
            self.set_goal(&format!("fight the {}", c.kind().name()));
            if let Some(d) = Direction::from_offset(at.offset_to(*p)) {
                self.send(Action::Move(d));
                return true;
            }
            return false;
        }
        if self.flee(&format!("flee the {}", c.kind().name()), here, threats) {
            return true;
        }
        // Cornered: fight back.
        if let Some(d) = Direction::from_offset(at.offset_to(*p)) {
            self.set_goal(&format!("cornered: fight the {}", c.kind().name()));
            self.send(Action::Move(d));
            return true;
        }
        false
    }

    /// Flees `threats` (counted as a flight, with `goal` shown): up or down the stairs
    /// underfoot, else a step away. Whether it moved.
    fn flee(&mut self, goal: &str, here: Option<Tile>, threats: &[Point]) -> bool {
        self.fled += 1;
        self.set_goal(goal);
        if let Some(action) = self.escape_by_stairs(here) {
            self.send(action);
            return true;
        }
        if let Some(d) = self.step_away(threats) {
            self.send(Action::Move(d));
            return true;
        }
        false
    }

    /// Eat when hungry, wear better gear, drop junk from a full pack, pick up what lies
    /// underfoot. Whether it acted.
    fn tend_to_self(&mut self, at: Point, hunger: Hunger) -> bool {
        if hunger <= Hunger::Hungry
            && let Some(slot) = self.food_to_eat()
        {
            self.set_goal("eat");
            self.send(Action::Eat(slot));
            return true;
        }
        if let Some(slot) = self.better_gear() {
            self.set_goal("wear better gear");
            self.send(Action::Equip(slot));
            return true;
        }
        // A full pack: drop what is of no use (gear not better than worn, then corpses).
        if self.game.hero().inventory().len() >= 18
            && let Some(slot) = self.junk()
        {
            self.set_goal("drop junk");
            let events = self.send(Action::Drop(slot));
            if events.iter().any(|e| matches!(e, Event::Refused(_))) {
                self.send(Action::Wait);
            }
            return true;
        }
        // Something worth having underfoot.
        if let Some(item) = self.game.current_level().item(at)
            && self.wants(item.kind)
        {
            self.set_goal(&format!("pick up the {}", item.kind.name()));
            let events = self.send(Action::PickUp);
            if events.iter().any(|e| matches!(e, Event::Refused(_))) {
                self.explored = false;
            }
            return true;
        }
        false
    }

    /// Zombies in view: walk away from one it cannot beat, let one it can beat come (it
    /// hunts) and meet it. Whether it acted.
    fn face_zombies(
        &mut self,
        here: Option<Tile>,
        monsters: &[(Point, Creature)],
        threats: &[Point],
    ) -> bool {
        if !threats.is_empty() && self.flee("keep away from a zombie", here, threats) {
            return true;
        }
        let Some((p, _)) = monsters.iter().find(|(_, c)| c.kind() == CreatureKind::Zombie) else {
            return false;
        };
        self.set_goal("meet the zombie");
        if let Some(d) = self.step_towards(&[*p]) {
            self.send(Action::Move(d));
        } else {
            self.send(Action::Wait);
        }
        true
    }

    /// Rest when hurt, if resting heals and only fungi are in view. Whether it rested.
    fn rest(&mut self, hunger: Hunger, monsters: &[(Point, Creature)]) -> bool {
        let regen = self.game.rules().regen_turns > 0;
        let fed = hunger >= Hunger::Fed || self.food_to_eat().is_some();
        if regen && fed && monsters.iter().all(|(_, c)| c.kind() == CreatureKind::Fungus) {
            if self.hp() * 2 < self.max_hp() {
                self.resting = true;
            }
            if self.resting && self.hp() * 10 < self.max_hp() * 8 {
                self.set_goal("rest");
                self.send(Action::Wait);
                return true;
            }
        }
        false
    }

    /// Nothing pressing: fetch wanted items; with the teddy bear go up and out; without
    /// it explore, then go down.
    fn travel(&mut self, here: Option<Tile>) {
        let wanted = self.wanted_items();
        if !wanted.is_empty()
            && let Some(d) = self.step_towards(&wanted)
        {
            self.set_goal("fetch an item");
            self.send(Action::Move(d));
            return;
        }
        let last = self.game.depth() + 1 == self.game.depth_count();
        if self.game.hero().has_teddy_bear() {
            self.set_goal("climb out with the teddy bear");
            self.navigate(Stairs::Up, here);
            return;
        }
        if !self.explored {
            self.set_goal("explore");
            self.explore();
            return;
        }
        if last {
            // The bear lies in another region of this level: back up, other stairs.
            self.set_goal("back up to try other stairs");
            if !self.take_stairs(Stairs::Up, true) && !self.take_stairs(Stairs::Up, false) {
                self.dig();
            }
            return;
        }
        self.set_goal("go down");
        self.navigate(Stairs::Down, here);
    }

    /// One step of auto-explore; notes when the level is explored.
    fn explore(&mut self) {
        let events = self.send(Action::Explore);
        for e in &events {
            if let Event::AutoStopped(stop) = e {
                match *stop {
                    Stop::Explored => self.explored = true,
                    Stop::Blocked(_, d) => {
                        self.send(Action::Move(d));
                    }
                    _ => {}
                }
            }
        }
    }

    /// Towards stairs leading `way`: a staircase not taken yet, else exploring, else any
    /// staircase that way, else one the other way (regions joined only through another
    /// level), else digging.
    fn navigate(&mut self, way: Stairs, _here: Option<Tile>) {
        if self.take_stairs(way, true) {
            return;
        }
        if !self.explored {
            self.explore();
            return;
        }
        if self.take_stairs(way, false) {
            return;
        }
        let other = if way == Stairs::Up { Stairs::Down } else { Stairs::Up };
        if self.take_stairs(other, true) || self.take_stairs(other, false) {
            return;
        }
        self.dig();
    }

    /// Walks to (or takes) the nearest reachable remembered stairs `way` (only ones not
    /// taken before when `fresh`); `false` when there are none.
    fn take_stairs(&mut self, way: Stairs, fresh: bool) -> bool {
        let depth = self.game.depth();
        if way == Stairs::Up && depth == 0 && !self.game.hero().has_teddy_bear() {
            return false; // The exit without the bear loses.
        }
        if way == Stairs::Down && depth + 1 >= self.game.depth_count() {
            return false;
        }
        let tile = if way == Stairs::Up { Tile::StairsUp } else { Tile::StairsDown };
        let key = |d: usize, p: Point, w: Stairs| (d, p.x, p.y, w == Stairs::Up);
        let targets: Vec<Point> = self
            .stairs(tile)
            .into_iter()
            .filter(|&p| !fresh || !self.used_stairs.contains(&key(depth, p, way)))
            .collect();
        let at = self.at();
        if targets.contains(&at) {
            self.used_stairs.insert(key(depth, at, way));
            let (other_depth, other_way) = if way == Stairs::Up {
                (depth.wrapping_sub(1), Stairs::Down)
            } else {
                (depth + 1, Stairs::Up)
            };
            self.used_stairs.insert(key(other_depth, at, other_way));
            self.send(if way == Stairs::Up { Action::Ascend } else { Action::Descend });
            return true;
        }
        match self.step_towards(&targets) {
            Some(d) => {
                self.send(Action::Move(d));
                true
            }
            None => false,
        }
    }

    /// Digs towards the nearest cell never seen (or waits if there is none).
    fn dig(&mut self) {
        self.set_goal("dig towards the unknown");
        if let Some(d) = self.dig_towards_unknown() {
            self.send(Action::Move(d));
        } else {
            self.send(Action::Wait);
        }
    }

    /// A step (digging through walls) towards the nearest cell never seen.
    fn dig_towards_unknown(&self) -> Option<Direction> {
        let size = self.size();
        let at = self.at();
        let unknown: Vec<Point> = (0..size.area())
            .map(|i| size.point_at(i))
            .filter(|&p| self.game.remembered(p).is_none())
            .collect();
        let dist = distances(size, unknown, &steps8(), |p| {
            let inside =
                p.x > 0 && p.y > 0 && p.x + 1 < size.width as i32 && p.y + 1 < size.height as i32;
            p == at
                || inside
                    && self.game.visible_creature(p).is_none()
                    && self
                        .game
                        .remembered(p)
                        .is_none_or(|r| r.tile.is_passable() || r.tile == Tile::Wall)
        });
        downhill(size, &dist, at, &steps8()).and_then(Direction::from_offset)
    }

    /// When a monster it cannot beat is close: the stairs underfoot, either way.
    fn escape_by_stairs(&self, here: Option<Tile>) -> Option<Action> {
        match here {
            Some(Tile::StairsDown) => Some(Action::Descend),
            Some(Tile::StairsUp) if self.game.depth() > 0 => Some(Action::Ascend),
            _ => None,
        }
    }
}

impl Bot for CavesBot {
    fn step(&mut self) -> bool {
        if self.ended.is_some() {
            return false;
        }
        if let Some(outcome) = self.game.outcome() {
            self.ended = Some(match outcome {
                Outcome::Won => Ending::Won,
                Outcome::Lost(Cause::LeftWithoutTreasure) => {
                    Ending::Quit("left without the teddy bear".to_string())
                }
                Outcome::Lost(cause) => Ending::Died(cause_name(cause)),
            });
            return false;
        }
        if self.game.turn().0 >= TURN_LIMIT {
            self.ended = Some(Ending::Timeout);
            return false;
        }
        if self.idle >= STUCK_LIMIT {
            self.ended = Some(Ending::Quit("stuck".to_string()));
            return false;
        }
        self.act();
        true
    }

    fn goal(&self) -> &str {
        &self.goal
    }

    fn report(&self) -> Report {
        let mut signals: Vec<Signal> = Vec::new();
        for (i, turn) in FUNGUS_TURNS.iter().enumerate() {
            for level in 0..self.game.depth_count() {
                let name = fungus_signal(level, *turn);
                let v = self.fungi[i].as_ref().and_then(|per| per.get(level)).map(|&n| n as f64);
                signals.push((name, v));
            }
        }
        let record = self.game.record();
        signals.push(("food_found", Some(f64::from(self.food_found))));
        signals.push(("food_eaten", Some(f64::from(record.eaten))));
        signals.push(("items_used", Some(f64::from(self.items_used))));
        signals.push(("kills", Some(f64::from(record.total_kills()))));
        signals.push(("walls_dug", Some(f64::from(record.dug))));
        signals.push(("flee_turns", Some(f64::from(self.fled))));
        let hunger_death =
            matches!(self.game.outcome(), Some(Outcome::Lost(Cause::Starved | Cause::Overate)));
        signals.push(("hunger_deaths", Some(if hunger_death { 1.0 } else { 0.0 })));
        Report {
            seed: self.game.seed().0,
            ending: self.ended.clone().unwrap_or(Ending::Timeout),
            time: self.game.turn().0,
            reached: (record.deepest + 1) as u64,
            signals,
            hash: self.game.state_hash(),
        }
    }
}

/// The signal name of fungi on `level` (0 is the top) at `turn`.
fn fungus_signal(level: usize, turn: u64) -> &'static str {
    const NAMES: [[&str; 3]; 5] = [
        ["fungi_l1_t0", "fungi_l1_t500", "fungi_l1_t2000"],
        ["fungi_l2_t0", "fungi_l2_t500", "fungi_l2_t2000"],
        ["fungi_l3_t0", "fungi_l3_t500", "fungi_l3_t2000"],
        ["fungi_l4_t0", "fungi_l4_t500", "fungi_l4_t2000"],
        ["fungi_l5_t0", "fungi_l5_t500", "fungi_l5_t2000"],
    ];
    let t = FUNGUS_TURNS.iter().position(|&x| x == turn).unwrap_or(0);
    NAMES.get(level).map_or("fungi_deeper", |row| row[t])
}

/// A short name of what ended a lost game: `zombie`, `bat`, `starved`, `overate`.
fn cause_name(cause: Cause) -> String {
    match cause {
        Cause::KilledBy(kind) => kind.name().to_string(),
        Cause::Starved => "starved".to_string(),
        Cause::Overate => "overate".to_string(),
        Cause::LeftWithoutTreasure => "left without the teddy bear".to_string(),
    }
}

fn is_food(kind: ItemKind) -> bool {
    kind.item().is_edible() && !matches!(kind, ItemKind::Corpse(_))
}

fn is_walkable(tile: Tile) -> bool {
    tile.is_passable()
}

fn chebyshev(a: Point, b: Point) -> i32 {
    let o = a.offset_to(b);
    o.dx.abs().max(o.dy.abs())
}

/// Plays one whole game of `seed` under `rules`.
///
/// # Errors
/// As [`CavesBot::new`].
pub fn play(seed: u64, rules: Rules) -> Result<Report, CavesError> {
    let mut bot = CavesBot::new(Seed(seed), rules)?;
    Ok(crate::play_out(&mut bot))
}
