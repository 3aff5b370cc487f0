//! The `maze` bot: plays ICMaze's real-time mazes one tick at a time, with the buttons a
//! player holds and presses.
//!
//! The maze screen shows the whole current area (there is no fog), so the bot sees what
//! a player sees: the cells, the things in the area and the hearts. Whenever the hero is
//! still and idle it picks one thing to do, in this order:
//!
//! 1. swing the pickaxe at a log monster or the boss next to it (turning to face it
//!    first: a press towards a blocked cell only turns the hero);
//! 2. walk to the pickaxe, a heart (when hurt), a key, the treasure;
//! 3. walk beside the boss and swing;
//! 4. open a locked portal it holds the key of (face it, hold the interaction key);
//! 5. cross an open portal: forwards along the chain, or back to `Spawn` once every area
//!    is solved (the treasure appears there).
//!
//! Walks are shortest 4-way paths over free cells, breaking rocks on the way when no path
//! goes around them. Dialogs are read through with the next-page key.

use std::collections::VecDeque;

use torchlit_geom::{CardinalDirection, Offset, Point};
use torchlit_sim::modes::maze::{
    AreaKind, Button, Event, Maze, MazeConfig, MazeError, PlayerState, PortalState, Thing,
    TickInput,
};

use crate::grid::{distances, downhill};
use crate::{Bot, Ending, Report, Signal};

/// The tick budget of one game (20 minutes at 24 ticks a second).
pub const TICK_LIMIT: u64 = 24 * 60 * 20;

/// The area kinds, in the order of the per-area signals.
const KINDS: [AreaKind; 5] =
    [AreaKind::Spawn, AreaKind::Small, AreaKind::Medium, AreaKind::Large, AreaKind::Boss];

fn kind_index(kind: AreaKind) -> usize {
    KINDS.iter().position(|&k| k == kind).unwrap_or(0)
}

fn button(d: CardinalDirection) -> Button {
    match d {
        CardinalDirection::North => Button::Up,
        CardinalDirection::West => Button::Left,
        CardinalDirection::South => Button::Down,
        CardinalDirection::East => Button::Right,
    }
}

fn steps4() -> [Offset; 4] {
    CardinalDirection::ALL.map(CardinalDirection::offset)
}

/// The `maze` bot and its game.
#[derive(Clone, Debug)]
pub struct MazeBot {
    game: Maze,
    seed: u64,
    goal: String,
    /// Inputs queued for the next ticks (the interaction key held for three ticks).
    queue: VecDeque<TickInput>,
    /// Ticks spent per area kind.
    time: [u64; 5],
    /// Life lost per area kind.
    damage: [u64; 5],
    /// Deaths per area kind.
    deaths: [u64; 5],
    /// Areas entered (counting each area once).
    entered: Vec<bool>,
    /// Ticks from the first sight of the boss to its death.
    boss_ticks: Option<u64>,
    boss_started: Option<u64>,
    ended: Option<Ending>,
}

impl MazeBot {
    /// A bot on a new game of `config`.
    ///
    /// # Errors
    /// As [`Maze::new`].
    pub fn new(config: MazeConfig) -> Result<MazeBot, MazeError> {
        let game = Maze::new(config)?;
        let n = game.areas().len();
        let mut entered = vec![false; n];
        entered[0] = true;
        Ok(MazeBot {
            seed: config.seed.0,
            game,
            goal: "start".to_string(),
            queue: VecDeque::new(),
            time: [0; 5],
            damage: [0; 5],
            deaths: [0; 5],
            entered,
            boss_ticks: None,
            boss_started: None,
            ended: None,
        })
    }

    /// The game being played.
    pub fn game(&self) -> &Maze {
        &self.game
    }

    fn set_goal(&mut self, goal: &str) {
        if self.goal != goal {
            self.goal.clear();
            self.goal.push_str(goal);
        }
    }

    fn send(&mut self, input: TickInput) {
        let kind = kind_index(self.game.area().kind());
        let life = self.game.player().life().current();
        let events = self.game.tick(&input);
        self.time[kind] += 1;
        for e in &events {
            match *e {
                Event::PlayerHurt { life: now } => {
                    self.damage[kind] += u64::try_from(life - now).unwrap_or(0);
                }
                Event::PlayerDied => self.deaths[kind] += 1,
                Event::Crossed { to, .. } => {
                    if let Some(seen) = self.entered.get_mut(to.0 as usize) {
                        *seen = true;
                    }
                }
                _ => {}
            }
        }
        if self.boss_started.is_some()
            && self.boss_ticks.is_none()
            && self.game.area().kind() == AreaKind::Boss
            && self.boss().is_none()
        {
            self.boss_ticks = self.boss_started.map(|s| self.game.stats().ticks - s);
        }
    }

    fn at(&self) -> Point {
        self.game.player().at()
    }

    /// The boss's cell, if it is alive in this area.
    fn boss(&self) -> Option<Point> {
        self.game.area().present_things().find_map(|(_, t)| match t {
            Thing::Boss(b) if !b.is_dead() => Some(b.at()),
            _ => None,
        })
    }

    /// The next direction on a shortest walk to one of `goals` over free cells (rocks
    /// count as free when `through_rocks`).
    fn towards(&self, goals: &[Point], through_rocks: bool) -> Option<CardinalDirection> {
        let size = self.game.area().cells().size();
        let at = self.at();
        let rocks: Vec<Point> = if through_rocks {
            self.game
                .area()
                .present_things()
                .filter(|&(_, t)| matches!(t, Thing::Rock(_)))
                .map(|(_, t)| t.at())
                .collect()
        } else {
            Vec::new()
        };
        let dist = distances(size, goals.iter().copied(), &steps4(), |p| {
            p == at || self.game.can_enter(p) || rocks.contains(&p)
        });
        let o = downhill(size, &dist, at, &steps4())?;
        CardinalDirection::ALL.into_iter().find(|d| d.offset() == o)
    }

    /// One press towards `d`: a step, or a turn when the cell is taken.
    fn press(&mut self, d: CardinalDirection) {
        self.send(TickInput::press(button(d)));
    }

    /// Walks one step towards `goals`, breaking a rock in the way if it must.
    fn walk(&mut self, goals: &[Point]) -> bool {
        if let Some(d) = self.towards(goals, false) {
            self.press(d);
            return true;
        }
        if self.game.player().has_pickaxe()
            && let Some(d) = self.towards(goals, true)
        {
            let ahead = self.at() + d.offset();
            if self.game.player().facing() == d && !self.game.can_enter(ahead) {
                self.set_goal("break a rock");
                self.send(TickInput::press(Button::Pickaxe));
            } else {
                self.press(d);
            }
            return true;
        }
        false
    }

    /// Swings at whatever hostile stands next to the hero; `true` if it acted.
    fn fight_adjacent(&mut self) -> bool {
        if !self.game.player().has_pickaxe() {
            return false;
        }
        let at = self.at();
        let foe = self.game.area().present_things().find_map(|(_, t)| {
            let p = match t {
                Thing::LogMonster(m) if !m.is_dead() && m.is_awake() => m.at(),
                Thing::Boss(b) if !b.is_dead() => b.at(),
                _ => return None,
            };
            CardinalDirection::ALL.into_iter().find(|d| at + d.offset() == p)
        });
        let Some(d) = foe else { return false };
        self.set_goal("fight");
        if self.game.player().facing() == d {
            self.send(TickInput::press(Button::Pickaxe));
        } else {
            self.press(d);
        }
        true
    }

    /// Decides and plays one tick.
    fn act(&mut self) {
        if let Some(input) = self.queue.pop_front() {
            self.send(input);
            return;
        }
        if self.game.dialog().is_some() {
            self.set_goal("read the dialog");
            self.send(TickInput::press(Button::NextDialog));
            // A fresh press each time: release in between.
            self.queue.push_back(TickInput::IDLE);
            return;
        }
        let player = self.game.player();
        if player.is_moving() || player.state() != PlayerState::Idle {
            self.send(TickInput::IDLE);
            return;
        }
        if self.boss().is_some() && self.boss_started.is_none() {
            self.boss_started = Some(self.game.stats().ticks);
        }
        if self.fight_adjacent() {
            return;
        }
        let at = self.at();
        let player = self.game.player();
        let hurt = player.life().current() < player.life().max();
        let has_pickaxe = player.has_pickaxe();
        let mut pickups = Vec::new();
        for (_, t) in self.game.area().present_things() {
            match t {
                Thing::Pickaxe(p) if !has_pickaxe => pickups.push((0, p.at)),
                Thing::Heart(h) if hurt => pickups.push((1, h.at)),
                Thing::Key(k) => pickups.push((2, k.at)),
                Thing::Treasure(tr) => pickups.push((3, tr.at)),
                _ => {}
            }
        }
        pickups.sort_by_key(|&(rank, p)| (rank, (p.x - at.x).abs() + (p.y - at.y).abs()));
        let goals: Vec<Point> = pickups.iter().map(|&(_, p)| p).filter(|&p| p != at).collect();
        if !goals.is_empty() {
            self.set_goal("pick up");
            // The nearest of the most wanted kind first, then any.
            let first = [goals[0]];
            if self.walk(&first) || self.walk(&goals) {
                return;
            }
        }
        if let Some(boss) = self.boss() {
            self.set_goal("fight the boss");
            let spots: Vec<Point> = steps4().iter().map(|&o| boss + o).collect();
            if self.walk(&spots) {
                return;
            }
        }
        if self.portal_work() {
            return;
        }
        // Nothing to do (a monster in the way, a boss barrage): wait a little.
        self.set_goal("wait");
        self.send(TickInput::IDLE);
    }

    /// Opens a locked portal it holds the key of, or crosses an open one the right way.
    fn portal_work(&mut self) -> bool {
        let at = self.at();
        let cur = self.game.current().0;
        let solved = self.game.areas().iter().all(|a| a.is_solved());
        let keys = self.game.player().keys().to_vec();
        let mut open_targets = Vec::new();
        let mut cross_targets = Vec::new();
        for (_, t) in self.game.area().present_things() {
            let Thing::Portal(portal) = t else { continue };
            match portal.state() {
                PortalState::Locked if keys.contains(&portal.key()) => {
                    // Any free cell next to the portal, facing it.
                    for c in portal.cells() {
                        for d in CardinalDirection::ALL {
                            let spot = c + d.opposite().offset();
                            if spot == at || self.game.can_enter(spot) {
                                open_targets.push((spot, d));
                            }
                        }
                    }
                }
                PortalState::Open => {
                    let Some(link) = portal.link() else { continue };
                    let forward = link.area.0 > cur;
                    let unseen = !self.entered.get(link.area.0 as usize).copied().unwrap_or(true);
                    let wanted = if solved { link.area.0 < cur } else { forward || unseen };
                    if wanted {
                        cross_targets.extend(portal.cells());
                    }
                }
                _ => {}
            }
        }
        if !open_targets.is_empty() {
            self.set_goal("open a portal");
            if let Some(&(_, dir)) = open_targets.iter().find(|(spot, _)| *spot == at) {
                if self.game.player().facing() != dir {
                    self.press(dir);
                } else {
                    self.send(TickInput::press(Button::Interact));
                    self.queue.push_back(TickInput::hold(Button::Interact));
                    self.queue.push_back(TickInput::hold(Button::Interact));
                    self.queue.push_back(TickInput::IDLE);
                }
                return true;
            }
            let spots: Vec<Point> = open_targets.iter().map(|&(p, _)| p).collect();
            return self.walk(&spots);
        }
        if !cross_targets.is_empty() {
            self.set_goal(if solved { "back to the treasure" } else { "cross a portal" });
            if cross_targets.contains(&at) {
                // On the portal: the crossing waits for a free arrival cell.
                self.send(TickInput::IDLE);
                return true;
            }
            return self.walk(&cross_targets);
        }
        false
    }
}

impl Bot for MazeBot {
    fn step(&mut self) -> bool {
        if self.ended.is_some() {
            return false;
        }
        if self.game.is_won() {
            self.ended = Some(Ending::Won);
            return false;
        }
        if self.game.now().0 >= TICK_LIMIT {
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
        const TIME: [&str; 5] =
            ["ticks_spawn", "ticks_small", "ticks_medium", "ticks_large", "ticks_boss"];
        const DAMAGE: [&str; 5] =
            ["damage_spawn", "damage_small", "damage_medium", "damage_large", "damage_boss"];
        const DEATHS: [&str; 5] =
            ["deaths_spawn", "deaths_small", "deaths_medium", "deaths_large", "deaths_boss"];
        let mut signals: Vec<Signal> = Vec::new();
        for i in 0..KINDS.len() {
            signals.push((TIME[i], Some(self.time[i] as f64)));
            signals.push((DAMAGE[i], Some(self.damage[i] as f64)));
            signals.push((DEATHS[i], Some(self.deaths[i] as f64)));
        }
        signals.push(("boss_fight_ticks", self.boss_ticks.map(|t| t as f64)));
        signals.push(("monsters_defeated", Some(f64::from(self.game.stats().monsters_defeated))));
        let ending = match &self.ended {
            Some(e) => e.clone(),
            None if self.game.is_won() => Ending::Won,
            None => Ending::Timeout,
        };
        Report {
            seed: self.seed,
            ending,
            time: self.game.stats().ticks,
            reached: self.entered.iter().filter(|&&e| e).count() as u64,
            signals,
            hash: self.game.state_hash(),
        }
    }
}

/// Plays one whole game of `config`.
///
/// # Errors
/// As [`Maze::new`].
pub fn play(config: MazeConfig) -> Result<Report, MazeError> {
    let mut bot = MazeBot::new(config)?;
    Ok(crate::play_out(&mut bot))
}
