//! The `overworld` bot: explores CaveGame's endless caves region by region.
//!
//! It sees what the play screen shows: the ground and the monsters in a window around
//! the player, with the cells each monster watches (the screen draws them), and the
//! status line (health, the way to the artefact). In the default game it heads for the
//! artefact's region (under `--rules seed`, or once it gave up on that region, for the
//! nearest region it has not been to), opens the chests it sees on the way, wears the
//! best sword and armour it carries, rests while below 60 % health, and steps into a
//! monster's sight only when its odds are good: it estimates them by playing the fight
//! out in its head ([`fight`] with its own dice, at its health now against the monster's
//! level, as a player reckons from what the screens show), never from the game's
//! generator. Monsters move in the default game, so it looks again every few steps.
//! It knows that monsters hunt whoever they notice and that guards wake: it keeps out of
//! the area where a guard it can't beat would notice it (and wake), walks away from a
//! monster it can't beat that hunts it (hunters are no faster than the player), and never
//! rests while one does.
//!
//! The game is played directly on the sim ([`Overworld`]), with the actions the screen
//! sends (steps, rests and equips) and no save store.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use torchlit_geom::{CardinalDirection, Point, Rect, Size};
use torchlit_rng::{Rng, Seed};
use torchlit_sim::modes::overworld::combat::{RngDice, Side, fight};
use torchlit_sim::modes::overworld::{
    Action, ArmourTier, Event, FightOutcome, Ground, Item, Monster, MonsterKind, Overworld,
    OverworldError, Rules, SwordTier,
};

use crate::{Bot, Ending, Report};

/// Moves to survive for a won run.
pub const TURN_GOAL: u64 = 1000;

/// Actions (steps tried, equips) before the bot gives up.
const ACTION_LIMIT: u64 = 5000;

/// How far around the player the bot sees (the play screen's view), in cells.
const VIEW: i32 = 20;

/// The lowest estimated chance of winning a fight the bot accepts.
const ACCEPTED_ODDS: f64 = 0.8;

/// Fights imagined per estimate.
const TRIALS: u32 = 40;

/// What a fight's odds depend on: the monster's kind and level, the gear, the player's
/// health in whole hit points.
type OddsKey = (MonsterKind, u32, Option<SwordTier>, Option<ArmourTier>, u32);

/// In the default game, the bot rests below this share of full health (in percent).
const REST_BELOW: u32 = 60;

/// The `overworld` bot and its game.
#[derive(Clone, Debug)]
pub struct OverworldBot {
    game: Overworld,
    seed: u64,
    rng: Rng,
    goal: String,
    visited: BTreeSet<(i32, i32)>,
    given_up: BTreeSet<(i32, i32)>,
    target: Option<(i32, i32)>,
    path: VecDeque<CardinalDirection>,
    odds: BTreeMap<OddsKey, f64>,
    actions: u64,
    fights_won: u32,
    fights_lost: u32,
    ended: Option<Ending>,
}

impl OverworldBot {
    /// A bot on a new world of `seed` with `rules`.
    ///
    /// # Errors
    /// As [`Overworld::new`].
    pub fn new(seed: Seed, rules: Rules) -> Result<OverworldBot, OverworldError> {
        let game = Overworld::new(seed, rules)?;
        let rc = game.region_of(game.player().at());
        let mut visited = BTreeSet::new();
        visited.insert((rc.x, rc.y));
        Ok(OverworldBot {
            game,
            seed: seed.0,
            rng: Rng::new(seed.derive("bots/overworld", &[])),
            goal: "start".to_string(),
            visited,
            given_up: BTreeSet::new(),
            target: None,
            path: VecDeque::new(),
            odds: BTreeMap::new(),
            actions: 0,
            fights_won: 0,
            fights_lost: 0,
            ended: None,
        })
    }

    /// The game being played.
    pub fn game(&self) -> &Overworld {
        &self.game
    }

    fn set_goal(&mut self, goal: &str) {
        if self.goal != goal {
            self.goal.clear();
            self.goal.push_str(goal);
        }
    }

    /// The estimated chance of beating `monster` with the gear worn and the health left.
    fn odds(&mut self, monster: &Monster) -> f64 {
        let p = self.game.player();
        let mut me = p.combatant();
        if self.game.quest().is_some() {
            me.health = self.game.health();
        }
        let level = self.game.monster_level(self.game.region_of(monster.at));
        let key = (monster.kind, level, p.weapon(), p.armour(), me.health.0 / 100);
        if let Some(&o) = self.odds.get(&key) {
            return o;
        }
        let foe = self.game.monster_combatant(monster);
        let rules = self.game.rules().combat;
        let mut wins = 0;
        for _ in 0..TRIALS {
            let mut dice = RngDice { rng: &mut self.rng, stun_probability: rules.stun_probability };
            if fight(me, foe, &rules, &mut dice).winner == Some(Side::Player) {
                wins += 1;
            }
        }
        let o = f64::from(wins) / f64::from(TRIALS);
        self.odds.insert(key, o);
        o
    }

    /// Wears the best sword and armour carried; `true` if it sent an equip.
    fn equip_best(&mut self) -> bool {
        let p = self.game.player();
        let best_sword = SwordTier::ALL
            .into_iter()
            .filter(|&t| p.pack().contains(Item::Sword(t)))
            .max_by_key(|t| t.damage());
        if let Some(t) = best_sword
            && p.weapon().is_none_or(|w| w.damage() < t.damage())
        {
            self.set_goal("wield a better sword");
            self.send(Action::Equip(Item::Sword(t)));
            return true;
        }
        let best_armour = ArmourTier::ALL
            .into_iter()
            .filter(|&t| p.pack().contains(Item::Armour(t)))
            .max_by_key(|t| t.shielding());
        if let Some(t) = best_armour
            && p.armour().is_none_or(|a| a.shielding() < t.shielding())
        {
            self.set_goal("wear better armour");
            self.send(Action::Equip(Item::Armour(t)));
            return true;
        }
        false
    }

    fn send(&mut self, action: Action) -> Vec<Event> {
        self.actions += 1;
        let events = self.game.apply(action);
        for e in &events {
            match e {
                Event::EnteredRegion { to, .. } => {
                    self.visited.insert((to.x, to.y));
                }
                Event::GameOver(torchlit_sim::modes::overworld::Ending::Victory) => {
                    self.ended = Some(Ending::Won);
                }
                Event::Fight(report) => match report.outcome {
                    FightOutcome::Won { .. } => self.fights_won += 1,
                    FightOutcome::Lost { .. } | FightOutcome::Slain => {
                        self.fights_lost += 1;
                        self.ended =
                            Some(Ending::Died(report.monster.kind.stats().name.to_string()));
                    }
                    FightOutcome::BrokenOff => {}
                },
                _ => {}
            }
        }
        events
    }

    /// Plans a path to the best cell in view: a chest if one is in safe reach, else the
    /// cell nearest the target region. `false` if no step helps.
    fn plan(&mut self) -> bool {
        let at = self.game.player().at();
        let origin = Point::new(at.x - VIEW, at.y - VIEW);
        let side = (2 * VIEW + 1) as u32;
        let size = Size::new(side, side);
        let view = Rect::new(origin, size);
        let monsters: Vec<Monster> = self.game.monsters_near(view);
        let mut bad = BTreeSet::new();
        for m in &monsters {
            if self.odds(m) < ACCEPTED_ODDS {
                bad.insert(m.at);
            }
        }
        let game = &self.game;
        // A monster it can't beat: never into its sight; and a guard of those, while it
        // does not hunt yet, never where it would notice the bot (it wakes there).
        let quiet: Vec<&Monster> = monsters
            .iter()
            .filter(|m| bad.contains(&m.at) && game.is_guard(m) && !game.is_hunting(m))
            .collect();
        let hunters: Vec<Point> = monsters
            .iter()
            .filter(|m| bad.contains(&m.at) && game.is_hunting(m))
            .map(|m| m.at)
            .collect();
        let safe = |p: Point| {
            game.ground(p).is_walkable()
                && game.monster_at(p).is_none()
                && !monsters.iter().any(|m| bad.contains(&m.at) && game.sees(m, p))
                && !quiet.iter().any(|m| game.notices(m, p))
        };
        // BFS from the player over safe cells in view.
        let index = |p: Point| -> Option<usize> {
            let (x, y) = (p.x - origin.x, p.y - origin.y);
            (x >= 0 && y >= 0 && x < side as i32 && y < side as i32)
                .then(|| (y as usize) * side as usize + x as usize)
        };
        let mut prev: Vec<Option<CardinalDirection>> = vec![None; size.area()];
        let mut seen = vec![false; size.area()];
        let mut order = Vec::new();
        let mut queue = VecDeque::from([at]);
        if let Some(i) = index(at) {
            seen[i] = true;
        }
        while let Some(p) = queue.pop_front() {
            order.push(p);
            for d in CardinalDirection::ALL {
                let n = p + d.offset();
                let Some(i) = index(n) else { continue };
                if !seen[i] && safe(n) {
                    seen[i] = true;
                    prev[i] = Some(d);
                    queue.push_back(n);
                }
            }
        }
        let goal = if hunters.is_empty() {
            self.pick_goal(&order, at)
        } else {
            self.set_goal("walk away from a hunter");
            flee_goal(&order, &hunters)
        };
        let Some(goal) = goal else { return false };
        // Walk back from the goal to the player.
        let mut steps = VecDeque::new();
        let mut p = goal;
        while p != at {
            let Some(d) = index(p).and_then(|i| prev[i]) else { return false };
            steps.push_front(d);
            p += d.opposite().offset();
        }
        // Follow a few steps before looking again (in the seed game monsters do not
        // move; in the default game they do, so look again sooner).
        steps.truncate(if self.game.quest().is_some() { 3 } else { 12 });
        self.path = steps;
        !self.path.is_empty()
    }

    /// The goal among the cells `order` reaches safely (nearest first): the artefact or a
    /// chest in reach, else the reachable cell nearest the target region's centre if it is
    /// nearer than the player at `at`; `None` when there is no progress to make.
    fn pick_goal(&mut self, order: &[Point], at: Point) -> Option<Point> {
        let region = self.game.region_size() as i32;
        let target = self.target.unwrap_or((0, 0));
        let centre = Point::new(target.0 * region + region / 2, target.1 * region + region / 2);
        let far = |p: Point| {
            let (dx, dy) = (i64::from(p.x - centre.x), i64::from(p.y - centre.y));
            dx * dx + dy * dy
        };
        let chest = order
            .iter()
            .copied()
            .find(|&p| matches!(self.game.ground(p), Ground::Chest | Ground::Artefact));
        let goal = match chest {
            Some(c) if self.game.ground(c) == Ground::Artefact => {
                self.set_goal("take the artefact");
                c
            }
            Some(c) => {
                self.set_goal("open a chest");
                c
            }
            None => {
                self.set_goal("explore a new region");
                let best = order.iter().copied().min_by_key(|&p| far(p));
                match best {
                    Some(b) if far(b) < far(at) => b,
                    _ => return None,
                }
            }
        };
        Some(goal)
    }

    /// Chooses the next region to explore: the nearest not visited nor given up (in the
    /// default game, the artefact's region, while it has not given up on it).
    fn choose_target(&mut self) {
        let here = self.game.region_of(self.game.player().at());
        if let Some(rc) = self.game.artefact_region()
            && !self.given_up.contains(&(rc.x, rc.y))
        {
            self.target = Some((rc.x, rc.y));
            return;
        }
        let mut best: Option<((i32, i32), i32)> = None;
        for r in 1i32..12 {
            let mut ring = Vec::new();
            for dy in -r..=r {
                for dx in -r..=r {
                    if dx.abs().max(dy.abs()) == r {
                        ring.push((here.x + dx, here.y + dy));
                    }
                }
            }
            self.rng.shuffle(&mut ring);
            for c in ring {
                if !self.visited.contains(&c) && !self.given_up.contains(&c) {
                    let d = (c.0 - here.x).abs() + (c.1 - here.y).abs();
                    if best.is_none_or(|(_, b)| d < b) {
                        best = Some((c, d));
                    }
                }
            }
            if best.is_some() {
                break;
            }
        }
        self.target = best.map(|(c, _)| c);
    }

    /// In the default game, rests while hurt (healing a hit point a turn), unless a
    /// monster it can't beat hunts it.
    fn rest_if_hurt(&mut self) -> bool {
        if self.game.quest().is_none() {
            return false;
        }
        let at = self.game.player().at();
        let near = Rect::new(
            Point::new(at.x - VIEW, at.y - VIEW),
            Size::new(2 * VIEW as u32 + 1, 2 * VIEW as u32 + 1),
        );
        let hunters: Vec<Monster> =
            self.game.monsters_near(near).into_iter().filter(|m| self.game.is_hunting(m)).collect();
        if hunters.iter().any(|m| self.odds(m) < ACCEPTED_ODDS) {
            return false;
        }
        let full = torchlit_sim::modes::overworld::PLAYER_HEALTH * 100;
        if self.game.health().0 * 100 >= full * REST_BELOW {
            return false;
        }
        self.set_goal("rest");
        self.path.clear();
        self.send(Action::Rest);
        true
    }

    fn act(&mut self) {
        if self.equip_best() || self.rest_if_hurt() {
            return;
        }
        let artefact = self.game.artefact_region().map(|rc| (rc.x, rc.y));
        if self.target.is_none_or(|t| self.visited.contains(&t) && Some(t) != artefact) {
            self.choose_target();
            self.path.clear();
        }
        if self.path.is_empty() && !self.plan() {
            if let Some(t) = self.target {
                self.given_up.insert(t);
            }
            self.target = None;
            // A step anywhere safe keeps the turn count honest (blocked steps are free).
            self.set_goal("look for a way");
            let d = CardinalDirection::ALL[self.rng.below(4) as usize];
            let to = self.game.player().at() + d.offset();
            if self.game.watcher(to).is_none() {
                self.send(Action::Move(d));
            } else {
                self.actions += 1;
            }
            return;
        }
        if let Some(d) = self.path.pop_front() {
            let events = self.send(Action::Move(d));
            if events.iter().any(|e| matches!(e, Event::Blocked { .. } | Event::Fight(_))) {
                self.path.clear();
            }
        }
    }
}

impl Bot for OverworldBot {
    fn step(&mut self) -> bool {
        if self.ended.is_some() {
            return false;
        }
        if self.game.player().moves().0 >= TURN_GOAL {
            self.ended = Some(Ending::Won);
            return false;
        }
        if self.actions >= ACTION_LIMIT {
            self.ended = Some(Ending::Timeout);
            return false;
        }
        self.act();
        true
    }

    fn goal(&self) -> &str {
        &self.goal
    }

    fn report(&self) -> Report {
        let p = self.game.player();
        Report {
            seed: self.seed,
            ending: self.ended.clone().unwrap_or(Ending::Timeout),
            time: p.moves().0,
            reached: self.visited.len() as u64,
            signals: vec![
                ("regions_explored", Some(self.visited.len() as f64)),
                ("fights_won", Some(f64::from(self.fights_won))),
                ("fights_lost", Some(f64::from(self.fights_lost))),
                ("distance", Some(p.moves().0 as f64)),
                ("chests_opened", Some(f64::from(p.chests()))),
                ("gold", Some(p.gold() as f64)),
                (
                    "artefact",
                    Some(f64::from(u8::from(
                        self.game.ending() == Some(torchlit_sim::modes::overworld::Ending::Victory),
                    ))),
                ),
                ("score", Some(self.game.score() as f64)),
            ],
            hash: self.game.state_hash(),
        }
    }
}

/// The cell among `order` (cells reached, nearest first) farthest from the nearest of
/// `hunters` (squared distance); the nearer one of equals.
fn flee_goal(order: &[Point], hunters: &[Point]) -> Option<Point> {
    let gap = |p: Point| {
        hunters
            .iter()
            .map(|h| {
                let (dx, dy) = (i64::from(p.x - h.x), i64::from(p.y - h.y));
                dx * dx + dy * dy
            })
            .min()
            .unwrap_or(0)
    };
    let best = order.iter().rev().copied().max_by_key(|&p| gap(p))?;
    let here = *order.first()?;
    (gap(best) > gap(here)).then_some(best)
}

/// Plays one whole run on the world of `seed` with `rules`.
///
/// # Errors
/// As [`Overworld::new`].
pub fn play(seed: u64, rules: Rules) -> Result<Report, OverworldError> {
    let mut bot = OverworldBot::new(Seed(seed), rules)?;
    Ok(crate::play_out(&mut bot))
}
