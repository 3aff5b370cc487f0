//! Auto-explore, travel and rest: one step at a time along a path planned on a Dijkstra
//! map (Brogue's explore, DCSS's `o`, `G` and `5`), stopping when something needs the
//! player's attention.
//!
//! A press plans once and follows its path. It plans again only when the path is used
//! up, its goal is no longer one (an unknown cell came into view), or the next cell is
//! blocked; a press that keeps re-planning without getting closer stops with
//! [`Stop::NoProgress`] instead of walking back and forth (re-planning around the
//! monsters in view on every step bounced between two cells until the hero starved).

use std::collections::BTreeMap;

use torchlit_geom::{Direction, Point};
use torchlit_path::{DijkstraMap, Flow, PathGrid, Rule};

use super::Caves;
use super::creature::CreatureKind;
use super::events::{Event, Refusal, Stairs, Stop, Who};
use super::hunger::Hunger;
use super::item::{Item, ItemKind};
use super::level::is_ground;
use crate::Turn;
use crate::terrain::Tile;

/// How many turns one rest lasts at most (DCSS's and Brogue's `Z`: 100).
pub const REST_TURNS: u32 = 100;

/// How near (Chebyshev distance, in cells) a monster that does not hunt (a bat) may be
/// before resting is refused or stops; a zombie in view always counts, a fungus never
/// (DCSS refuses rest only for a monster that can reach the player: a bat flitting about
/// the far side of a cave is not one).
pub const REST_NEAR: i32 = 3;

/// How many times one press may enter a cell without getting closer to its goal before
/// it stops with [`Stop::NoProgress`].
const MAX_VISITS: u32 = 3;

/// Which items auto-explore walks to and picks up (the player's choice, not saved with
/// the game: the front end sets it from its config). Rocks and corpses are never picked
/// up; the teddy bear always is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AutoPickup {
    /// Bread, apples, baguettes.
    pub food: bool,
    /// Daggers, swords, staffs, baguettes.
    pub weapons: bool,
    /// Tunics, chainmail, platemail.
    pub armour: bool,
}

impl Default for AutoPickup {
    /// Food, weapons and armour.
    fn default() -> AutoPickup {
        AutoPickup { food: true, weapons: true, armour: true }
    }
}

impl AutoPickup {
    /// Nothing but the teddy bear.
    pub const NONE: AutoPickup = AutoPickup { food: false, weapons: false, armour: false };

    /// Whether auto-explore picks up `item`.
    pub fn wants(self, item: &Item) -> bool {
        match item.kind {
            ItemKind::TeddyBear => true,
            ItemKind::Rock | ItemKind::Corpse(_) => false,
            _ => {
                (self.food && item.is_edible())
                    || (self.weapons && item.is_weapon())
                    || (self.armour && item.is_equippable() && !item.is_weapon())
            }
        }
    }
}

/// Which monsters in view a path goes around.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Around {
    /// None: a path up to the first one in the way.
    Nothing,
    /// Fungi, which never move.
    Fungi,
    /// Every monster, and never back onto this cell (re-planning a blocked path).
    MonstersNotBack(Point),
}

/// Where a press of an automatic action goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Goal {
    /// The nearest cell never seen (and items to pick up on the way).
    Explore,
    /// The nearest known stairs of a kind.
    Stairs(Stairs),
    /// The nearest remembered item that is not a rock.
    Item,
    /// One cell (known ground).
    Cell(Point),
}

/// One press's path and what it has done so far (a cache: a loaded game plans anew).
#[derive(Clone, Debug)]
pub(super) struct Plan {
    goal: Goal,
    depth: usize,
    /// The turn after the last step: a plan is only followed by the next turn.
    turn: Turn,
    /// Where the last step ended.
    at: Point,
    /// Where the last step started.
    from: Option<Point>,
    /// The cells still to walk, the next one last.
    path: Vec<Point>,
    /// The shortest remaining path since the press began.
    best: usize,
    /// Cells known on the level at the last progress.
    known: usize,
    /// Visits per cell since the last progress.
    visits: BTreeMap<(i32, i32), u32>,
}

impl Caves {
    /// The cells the automatic press under way (explore, travel) plans to walk still,
    /// its goal first and the next step last; empty when no press is under way or its
    /// plan is used up (the next step plans anew).
    pub fn planned_path(&self) -> &[Point] {
        self.cache.plan.as_ref().map_or(&[], |p| p.path.as_slice())
    }

    /// One step of auto-explore or travel. Takes a turn when it steps; ends with
    /// [`Event::AutoStopped`] when it should not go on.
    pub(super) fn auto_step(&mut self, goal: Goal, out: &mut Vec<Event>) {
        let at = self.player().at;
        if self.done_before_step(goal, at, out) {
            return;
        }
        let mut plan = self.follow_plan(goal, at);
        let Some((next, dir)) = self.next_step(goal, at, &mut plan, out) else { return };
        let hp = self.player().hp;
        let hunger = self.hero.stomach.hunger();
        let start = out.len();
        if self.occupant(plan.depth, next).is_some() || !self.player_move(dir, out) {
            // Something unseen stood there, or the rock could not be entered.
            out.push(Event::AutoStopped(Stop::NoProgress));
            return;
        }
        self.end_turn(out);
        if self.outcome.is_some() {
            return;
        }
        let now_at = self.player().at;
        let known = self.known_cells(plan.depth);
        if plan.path.len() < plan.best || known > plan.known {
            plan.best = plan.path.len();
            plan.known = known;
            plan.visits.clear();
        }
        let visits = plan.visits.entry((now_at.x, now_at.y)).or_insert(0);
        *visits += 1;
        let stuck = *visits >= MAX_VISITS;
        plan.turn = self.turn;
        plan.from = Some(at);
        plan.at = now_at;
        let stop = self.stop_after_step(goal, &out[start..], hp, hunger).or_else(|| {
            let arrived = goal != Goal::Explore && self.at_goal(goal, now_at);
            (arrived.then_some(Stop::Arrived)).or(stuck.then_some(Stop::NoProgress))
        });
        match stop {
            Some(stop) => out.push(Event::AutoStopped(stop)),
            None => self.cache.plan = Some(plan),
        }
    }

    /// What ends a press before it steps: the goal reached, a hunter in view, hunger with
    /// food in the pack; auto-explore standing on an item it wants picks it up instead.
    /// Whether the press is done for this turn.
    fn done_before_step(&mut self, goal: Goal, at: Point, out: &mut Vec<Event>) -> bool {
        let depth = self.depth();
        if self.at_goal(goal, at) && goal != Goal::Explore {
            self.cache.plan = None;
            out.push(Event::AutoStopped(Stop::Arrived));
            return true;
        }
        // As DCSS: no automatic walking while a hunter is in sight, but for fleeing to
        // the stairs (the default game) while no monster is next to the player.
        if let Some(kind) = self.hunter_in_view() {
            let adjacent = self.adjacent_monster();
            if !self.flees(goal) || adjacent.is_some() {
                self.cache.plan = None;
                let stop = match adjacent {
                    Some(kind) if self.flees(goal) => Stop::Adjacent(kind),
                    _ => Stop::MonsterNearby(kind),
                };
                out.push(Event::AutoStopped(stop));
                return true;
            }
        }
        if goal != Goal::Explore {
            return false;
        }
        let hungry = self.hero.stomach.hunger() <= Hunger::Hungry;
        if hungry && self.hero.inventory.iter().any(|(_, i)| i.is_edible()) {
            self.cache.plan = None;
            out.push(Event::AutoStopped(Stop::HungryWithFood));
            return true;
        }
        let wanted = self.levels[depth].item(at).is_some_and(|i| self.wants(i))
            && !self.cache.dropped.contains(&(depth, at.x, at.y));
        if wanted && !self.hero.inventory.is_full() {
            if self.pick_up(out) {
                let from = out.len();
                self.end_turn(out);
                if out[from..].iter().any(|e| matches!(e, Event::Attacked { target: Who::You, .. }))
                {
                    self.cache.plan = None;
                    out.push(Event::AutoStopped(Stop::Hurt));
                }
            }
            return true;
        }
        false
    }

    /// The press's plan: the cached one if the last step of this press ended here last
    /// turn, else a new one; its path planned again when used up, when its target is no
    /// goal any more, or when a wall is remembered on the next cell.
    fn follow_plan(&mut self, goal: Goal, at: Point) -> Plan {
        let depth = self.depth();
        let followed =
            self.cache.plan.take().filter(|p| {
                p.goal == goal && p.depth == depth && p.turn == self.turn && p.at == at
            });
        let mut plan = followed.unwrap_or_else(|| Plan {
            goal,
            depth,
            turn: self.turn,
            at,
            from: None,
            path: Vec::new(),
            best: usize::MAX,
            known: self.known_cells(depth),
            visits: BTreeMap::new(),
        });
        let target_gone = plan.path.first().is_some_and(|&t| !self.is_goal(goal, t));
        let wall_ahead = plan.path.last().is_some_and(|&n| !self.remembered_ground(n));
        if plan.path.is_empty() || target_gone || wall_ahead {
            plan.path = self
                .plan_path(goal, Around::Fungi)
                .or_else(|| self.plan_path(goal, Around::Nothing))
                .unwrap_or_default();
        }
        plan
    }

    /// Takes the next cell off the plan's path (planned again around the monsters in view
    /// when one blocks it) and returns it with the step there, or pushes why the press
    /// stops.
    fn next_step(
        &mut self,
        goal: Goal,
        at: Point,
        plan: &mut Plan,
        out: &mut Vec<Event>,
    ) -> Option<(Point, Direction)> {
        let Some(&next) = plan.path.last() else {
            out.push(Event::AutoStopped(self.nowhere(goal)));
            return None;
        };
        let blocker = self.blocker(next);
        if blocker.is_some() {
            // Blocked: around the monsters in view, never straight back.
            match self.plan_path(goal, Around::MonstersNotBack(plan.from.unwrap_or(at))) {
                Some(path) => plan.path = path,
                None => {
                    let stop = match (blocker, Direction::from_offset(at.offset_to(next))) {
                        (Some(kind), Some(dir)) => Stop::Blocked(kind, dir),
                        _ => self.nowhere(goal),
                    };
                    out.push(Event::AutoStopped(stop));
                    return None;
                }
            }
        }
        let next = plan.path.pop()?;
        let Some(dir) = Direction::from_offset(at.offset_to(next)) else {
            out.push(Event::AutoStopped(self.nowhere(goal)));
            return None;
        };
        Some((next, dir))
    }

    /// Why a press stops after a step whose events are `events`, taken with `hp` hit
    /// points and `hunger` before it: a monster came into view (not a fungus), an item
    /// was found that auto-explore does not pick up, the map's edge, a hit, hunger.
    fn stop_after_step(
        &self,
        goal: Goal,
        events: &[Event],
        hp: i32,
        hunger: Hunger,
    ) -> Option<Stop> {
        let mut stop = None;
        for e in events {
            stop = stop.or(match *e {
                // Fungi stand still and spread all the time: they stop nothing.
                // A bat flutters about: by default it stops a press only next to you.
                Event::CameIntoView { kind: CreatureKind::Bat } if !self.rules.bats_interrupt => {
                    None
                }
                Event::CameIntoView { kind } if kind != CreatureKind::Fungus => {
                    Some(Stop::MonsterInView(kind))
                }
                Event::Found { item } if goal != Goal::Explore || !self.wants(&item.item()) => {
                    Some(Stop::ItemFound(item))
                }
                Event::Refused(Refusal::MapEdge) => Some(Stop::Explored),
                // A blow stops the press even when regeneration made up for it.
                Event::Attacked { target: Who::You, .. } => Some(Stop::Hurt),
                _ => None,
            });
        }
        if stop.is_none() && self.player().hp < hp {
            stop = Some(Stop::Hurt);
        }
        // By default a bat (which no longer stops a press on sight) and, while fleeing,
        // any monster stops it when it gets next to the player.
        if stop.is_none() && (!self.rules.bats_interrupt || self.flees(goal)) {
            stop = self
                .adjacent_monster()
                .filter(|&k| k == CreatureKind::Bat || self.flees(goal))
                .map(Stop::Adjacent);
        }
        let now = self.hero.stomach.hunger();
        if stop.is_none() && now < hunger {
            stop = Some(Stop::Hunger(now));
        }
        stop
    }

    /// Rests one turn towards a full rest: refused, or stops, while a zombie is in view or
    /// another monster (not a fungus) is within [`REST_NEAR`] cells; refused while hungry
    /// with food in the pack (eat first) and while starving; stops when the last hit point
    /// comes back, when hurt, at the first hunger change, or after [`REST_TURNS`] turns
    /// (`rested` counts the turns so far, from 0).
    pub(super) fn rest_step(&mut self, rested: u32, out: &mut Vec<Event>) {
        if let Some(kind) = self.rest_threat() {
            out.push(Event::AutoStopped(Stop::MonsterNearby(kind)));
            return;
        }
        let hunger = self.hero.stomach.hunger();
        if hunger <= Hunger::Hungry && self.hero.inventory.iter().any(|(_, i)| i.is_edible()) {
            out.push(Event::AutoStopped(Stop::HungryWithFood));
            return;
        }
        if hunger == Hunger::Starving {
            out.push(Event::AutoStopped(Stop::Starving));
            return;
        }
        let hp = self.player().hp;
        let from = out.len();
        self.end_turn(out);
        if self.outcome.is_some() {
            return;
        }
        let mut stop = self.rest_threat().map(Stop::MonsterNearby);
        let struck =
            out[from..].iter().any(|e| matches!(e, Event::Attacked { target: Who::You, .. }));
        if stop.is_none() && (self.player().hp < hp || struck) {
            stop = Some(Stop::Hurt);
        }
        let now = self.hero.stomach.hunger();
        if stop.is_none() && now != hunger {
            stop = Some(Stop::Hunger(now));
        }
        let healed =
            hp < self.player().stats.max_hp && self.player().hp >= self.player().stats.max_hp;
        if stop.is_none() && (healed || rested + 1 >= REST_TURNS) {
            stop = Some(Stop::Rested);
        }
        if let Some(stop) = stop {
            out.push(Event::AutoStopped(stop));
        }
    }

    /// Whether auto-explore picks up `item` (the player's [`AutoPickup`]).
    fn wants(&self, item: &Item) -> bool {
        self.cache.pickup.wants(item)
    }

    /// A monster in view that rules out resting: a zombie anywhere in view, any other
    /// monster but a fungus within [`REST_NEAR`] cells (next to the player by default,
    /// [`super::Rules::bats_interrupt`]).
    fn rest_threat(&self) -> Option<CreatureKind> {
        let me = self.player().at();
        let reach = if self.rules.bats_interrupt { REST_NEAR } else { 1 };
        self.visible_creature_ids()
            .into_iter()
            .filter_map(|id| self.creatures.get(id))
            .find(|c| {
                let near = (c.at().x - me.x).abs().max((c.at().y - me.y).abs()) <= reach;
                c.kind == CreatureKind::Zombie || (c.kind != CreatureKind::Fungus && near)
            })
            .map(|c| c.kind)
    }

    /// Whether a press towards `goal` is a flight to the stairs that a zombie in view does
    /// not refuse ([`super::Rules::flee_to_stairs`]): travel to stairs, or to a cell
    /// remembered as stairs.
    fn flees(&self, goal: Goal) -> bool {
        self.rules.flee_to_stairs
            && match goal {
                Goal::Stairs(_) => true,
                Goal::Cell(p) => self
                    .remembered(p)
                    .is_some_and(|r| matches!(r.tile, Tile::StairsUp | Tile::StairsDown)),
                Goal::Explore | Goal::Item => false,
            }
    }

    /// A monster (not a fungus) the player sees next to him, if any.
    fn adjacent_monster(&self) -> Option<CreatureKind> {
        let me = self.player().at();
        Direction::ALL
            .into_iter()
            .filter_map(|d| self.visible_creature(me + d.offset()))
            .map(|c| c.kind)
            .find(|&k| k != CreatureKind::Fungus && k != CreatureKind::Player)
    }

    fn hunter_in_view(&self) -> Option<CreatureKind> {
        self.visible_creature_ids()
            .into_iter()
            .filter_map(|id| self.creatures.get(id))
            .find(|c| c.kind == CreatureKind::Zombie)
            .map(|c| c.kind)
    }

    /// The monster in view standing on `p`, if any.
    fn blocker(&self, p: Point) -> Option<CreatureKind> {
        self.visible_creature(p).map(|c| c.kind).filter(|&k| k != CreatureKind::Player)
    }

    fn remembered_ground(&self, p: Point) -> bool {
        self.memory[self.depth()].get(p).copied().flatten().is_some_and(|r| is_ground(r.tile))
    }

    fn known_cells(&self, depth: usize) -> usize {
        self.memory[depth].values().filter(|r| r.is_some()).count()
    }

    /// Why there is nowhere to go for `goal`.
    fn nowhere(&self, goal: Goal) -> Stop {
        match goal {
            Goal::Explore => Stop::Explored,
            Goal::Stairs(way) => Stop::NoRoute(way),
            Goal::Item => Stop::NoItem,
            Goal::Cell(_) => Stop::NoPath,
        }
    }

    fn wanted_tile(goal: Goal) -> Option<Tile> {
        match goal {
            Goal::Stairs(Stairs::Down) => Some(Tile::StairsDown),
            Goal::Stairs(Stairs::Up) => Some(Tile::StairsUp),
            _ => None,
        }
    }

    /// Whether standing at `p` fulfils `goal`.
    fn at_goal(&self, goal: Goal, p: Point) -> bool {
        let level = &self.levels[self.depth()];
        match goal {
            Goal::Explore => false,
            Goal::Stairs(_) => level.tile(p) == Self::wanted_tile(goal),
            Goal::Item => level.item(p).is_some_and(|i| i.kind != ItemKind::Rock),
            Goal::Cell(to) => p == to,
        }
    }

    /// Whether `p` is a goal cell of `goal`, as the player remembers it.
    fn is_goal(&self, goal: Goal, p: Point) -> bool {
        let r = self.memory[self.depth()].get(p).copied().flatten();
        self.goal_test(goal)(p, r)
    }

    /// [`Caves::is_goal`] as a test of a cell and what the player remembers of it, with
    /// what every cell shares looked up once (for scans of the whole level).
    fn goal_test(&self, goal: Goal) -> impl Fn(Point, Option<super::Remembered>) -> bool + '_ {
        let (depth, at) = (self.depth(), self.player().at);
        let full = self.hero.inventory.is_full();
        move |p, r| match goal {
            Goal::Explore => match r {
                None => true,
                Some(r) => {
                    r.item.is_some_and(|k| self.wants(&k.item()))
                        && !full
                        && !self.cache.dropped.contains(&(depth, p.x, p.y))
                        && p != at
                }
            },
            Goal::Stairs(_) => r.is_some_and(|r| Some(r.tile) == Self::wanted_tile(goal)),
            Goal::Item => r.is_some_and(|r| r.item.is_some_and(|k| k != ItemKind::Rock)),
            Goal::Cell(to) => p == to && r.is_some_and(|r| is_ground(r.tile)),
        }
    }

    /// The cells from the player to the nearest goal (the next one last) on a Dijkstra
    /// map over what the player remembers (`torchlit-path`, 8-way, unit steps); around
    /// the monsters in view that `around` names. Ties go to the first direction in
    /// [`Direction::ALL`] order. `None` when no goal can be reached.
    fn plan_path(&mut self, goal: Goal, around: Around) -> Option<Vec<Point>> {
        let depth = self.depth();
        let at = self.player().at;
        let size = self.levels[depth].size();
        let (blocked, avoid) = match around {
            Around::Nothing => (false, None),
            Around::Fungi => (false, None),
            Around::MonstersNotBack(back) => (true, Some(back).filter(|&p| p != at)),
        };
        let fungi = around != Around::Nothing;
        let goals: Vec<Point> = {
            let is_goal = self.goal_test(goal);
            self.memory[depth].iter().filter(|&(p, &r)| is_goal(p, r)).map(|(p, _)| p).collect()
        };
        let memory = &self.memory[depth];
        let mut grid = PathGrid::from_passable(size, |p| {
            // Explore walks towards the unknown; travel only over what is known.
            let r = memory.get(p).copied().flatten();
            Some(p) != avoid
                && match goal {
                    Goal::Explore => r.is_none_or(|r| is_ground(r.tile)),
                    _ => r.is_some_and(|r| is_ground(r.tile)),
                }
        })
        .ok()?;
        // The monsters in view that `around` names block their cells (the cells a
        // `blocker` stands on: looked up per monster rather than per cell).
        if blocked || fungi {
            for id in self.visible_creature_ids() {
                let Some(c) = self.creatures.get(id) else { continue };
                if c.at != at && (blocked || c.kind == CreatureKind::Fungus) {
                    let _ = grid.set(c.at, None);
                }
            }
        }
        let field = self.cache.field.get_or_insert_with(|| DijkstraMap::new(size, Rule::EIGHT));
        field.rebuild(&grid, Rule::EIGHT, Flow::ToGoals, goals).ok()?;
        let mut path = Vec::new();
        let mut here = at;
        while field.get(here)? != torchlit_path::Cost::ZERO {
            let next = field.downhill(&grid, here, |_| 0u8)?;
            if next == here || path.len() > size.area() {
                return None;
            }
            path.push(next);
            here = next;
        }
        path.reverse();
        (!path.is_empty()).then_some(path)
    }
}
