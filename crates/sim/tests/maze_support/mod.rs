//! A scripted player for the maze tests: it only presses buttons, tick by tick, and reads
//! the public state (like a person looking at the screen).
#![allow(dead_code)]

use std::collections::VecDeque;

use torchlit_geom::{CardinalDirection, Point};
use torchlit_sim::modes::maze::{
    Button, Event, Maze, MazeConfig, PlayerState, Seed, Side, Thing, TickInput,
};

/// A game and everything it reported.
pub struct Bot {
    pub game: Maze,
    pub events: Vec<Event>,
    pub ticks: u64,
    /// Cells walks keep away from (unless they are the target).
    pub avoid: Vec<Point>,
    /// Every tick's input, in order (the game's recording).
    pub inputs: Vec<TickInput>,
}

pub fn button(d: CardinalDirection) -> Button {
    match d {
        CardinalDirection::North => Button::Up,
        CardinalDirection::West => Button::Left,
        CardinalDirection::South => Button::Down,
        CardinalDirection::East => Button::Right,
    }
}

impl Bot {
    /// A game for `config` with the welcome dialog read through (3 x next).
    pub fn new(config: MazeConfig) -> Bot {
        let mut bot = Bot::raw(config);
        bot.idle(1);
        assert!(bot.game.dialog().is_some(), "the welcome dialog opens on the first tick");
        for _ in 0..3 {
            bot.tick(TickInput::press(Button::NextDialog));
        }
        assert!(bot.game.dialog().is_none());
        bot
    }

    /// The fixed level for seed `s`, welcome dialog read.
    pub fn fixed(s: u64) -> Bot {
        Bot::new(MazeConfig::fixed(Seed(s)))
    }

    /// A game without touching anything yet.
    pub fn raw(config: MazeConfig) -> Bot {
        let game = Maze::new(config).expect("the level builds");
        Bot { game, events: Vec::new(), ticks: 0, avoid: Vec::new(), inputs: Vec::new() }
    }

    pub fn tick(&mut self, input: TickInput) -> Vec<Event> {
        let ev = self.game.tick(&input);
        self.inputs.push(input);
        self.events.extend_from_slice(&ev);
        self.ticks += 1;
        ev
    }

    pub fn idle(&mut self, n: u32) {
        for _ in 0..n {
            self.tick(TickInput::IDLE);
        }
    }

    pub fn press(&mut self, b: Button) -> Vec<Event> {
        self.tick(TickInput::press(b))
    }

    pub fn at(&self) -> Point {
        self.game.player().at()
    }

    /// Idles until the hero's step is over (or the game is won: taking the treasure on
    /// the way ends it mid-step).
    pub fn settle(&mut self) {
        let mut n = 0;
        while self.game.player().is_moving() && !self.game.is_won() {
            self.idle(1);
            n += 1;
            assert!(n < 100, "a step ends");
        }
    }

    /// One step (or a turn, when blocked): press the direction, wait for the step.
    pub fn step(&mut self, d: CardinalDirection) -> bool {
        self.settle();
        let before = self.at();
        let area = self.game.current();
        self.press(button(d));
        self.settle();
        self.at() != before || self.game.current() != area
    }

    /// Turns towards `d` without moving (only possible when that cell is blocked).
    pub fn face(&mut self, d: CardinalDirection) {
        self.settle();
        let before = self.at();
        self.press(button(d));
        assert_eq!(self.at(), before, "facing {d:?} from {before} should not move");
        assert_eq!(self.game.player().facing(), d);
    }

    /// A press of the interaction key held for 3 ticks, then released.
    pub fn interact(&mut self) -> Vec<Event> {
        let mut ev = self.press(Button::Interact);
        ev.extend(self.tick(TickInput::hold(Button::Interact)));
        ev.extend(self.tick(TickInput::hold(Button::Interact)));
        ev.extend(self.tick(TickInput::IDLE));
        ev
    }

    /// One pickaxe swing, to its end.
    pub fn swing(&mut self) -> Vec<Event> {
        self.settle();
        let mut ev = self.press(Button::Pickaxe);
        let mut n = 0;
        while self.game.player().state() == PlayerState::AttackingWithPickaxe {
            ev.extend(self.tick(TickInput::IDLE));
            n += 1;
            assert!(n < 100);
        }
        ev
    }

    /// Swings until `pred` holds on the events (at most `max` swings).
    pub fn swing_until(&mut self, max: u32, pred: impl Fn(&Event) -> bool) -> bool {
        for _ in 0..max {
            if self.swing().iter().any(&pred) {
                return true;
            }
            self.idle(4);
        }
        false
    }

    /// The next direction on a shortest walk to `target` over cells the hero could
    /// enter (the target itself always counts as enterable).
    pub fn next_dir(&self, target: Point) -> Option<CardinalDirection> {
        let from = self.at();
        if from == target {
            return None;
        }
        let size = self.game.area().cells().size();
        let idx = |p: Point| (p.y as usize) * size.width as usize + p.x as usize;
        let mut prev: Vec<Option<Point>> = vec![None; size.area()];
        let mut q = VecDeque::from([target]);
        prev[idx(target)] = Some(target);
        while let Some(p) = q.pop_front() {
            for d in CardinalDirection::ALL {
                let n = p + d.offset();
                if !size.contains(n) || prev[idx(n)].is_some() {
                    continue;
                }
                if n == from {
                    return Some(d.opposite());
                }
                if self.game.can_enter(n) && !self.avoid.contains(&n) {
                    prev[idx(n)] = Some(p);
                    q.push_back(n);
                }
            }
        }
        None
    }

    /// Walks to `target` in the current area; `false` if no way or it takes too long.
    pub fn walk_to(&mut self, target: Point) -> bool {
        let area = self.game.current();
        for _ in 0..400 {
            // A won game has ended: the treasure may be taken a step before its cell.
            if self.at() == target || self.game.is_won() {
                return true;
            }
            if self.game.current() != area {
                return false;
            }
            if self.fight_adjacent_monster() {
                continue;
            }
            let Some(d) = self.next_dir(target) else {
                // Maybe a monster is in the way: wait a little and retry.
                self.idle(6);
                continue;
            };
            self.step(d);
        }
        false
    }

    /// With the pickaxe, swings at an awake log monster next to the hero; `true` if it
    /// did.
    pub fn fight_adjacent_monster(&mut self) -> bool {
        if !self.game.player().has_pickaxe() {
            return false;
        }
        self.settle();
        let at = self.at();
        let target = self.game.area().present_things().find_map(|(_, t)| match t {
            Thing::LogMonster(m) if !m.is_dead() && m.is_awake() => {
                CardinalDirection::ALL.into_iter().find(|d| at + d.offset() == m.at())
            }
            _ => None,
        });
        let Some(d) = target else { return false };
        if self.game.player().facing() != d {
            self.press(button(d));
            self.settle();
            if self.at() != at {
                return true;
            }
        }
        self.swing();
        true
    }

    /// Where a thing matching `pred` is in the current area.
    pub fn find(&self, pred: impl Fn(&Thing) -> bool) -> Option<Point> {
        self.game.area().present_things().find(|(_, t)| pred(t)).map(|(_, t)| t.at())
    }

    /// Walks onto the arrival cell next to the portal on `side`, faces it, opens it.
    pub fn open_portal(&mut self, side: Side) -> Vec<Event> {
        let at = self.game.area().arrival(side);
        assert!(self.walk_to(at), "reach the portal {side:?}");
        self.face(side.direction());
        self.interact()
    }

    /// Crosses the (open) portal on `side`: walks next to it and steps in.
    pub fn cross(&mut self, side: Side) -> bool {
        let at = self.game.area().arrival(side);
        assert!(self.walk_to(at), "reach the portal {side:?}");
        let area = self.game.current();
        self.step(side.direction());
        self.idle(1);
        self.game.current() != area
    }

    /// Picks up the key of the current maze area, opens its exit and crosses it.
    pub fn solve_maze_area(&mut self) -> bool {
        let key_id = self.game.area().key().expect("a maze area");
        let Some(key) = self.find(|t| matches!(t, Thing::Key(k) if k.id == key_id)) else {
            return false;
        };
        if !self.walk_to(key) {
            return false;
        }
        let exit = Side::ALL
            .into_iter()
            .find(|&s| self.game.area().portal(s).is_some_and(|p| p.key() == key_id))
            .expect("an exit locked with the key");
        self.open_portal(exit);
        self.cross(exit)
    }
}

impl Bot {
    /// Solves the current maze area, starting over after a death (at most `tries`).
    pub fn through_maze(&mut self, tries: u32) -> bool {
        for _ in 0..tries {
            let deaths = self.game.stats().deaths;
            if self.solve_maze_area() {
                return true;
            }
            if self.game.stats().deaths == deaths {
                return false;
            }
        }
        false
    }

    /// From `Spawn`: takes the pickaxe and the key `Integer.MAX_VALUE`, opens the exit,
    /// crosses it.
    pub fn leave_spawn(&mut self) -> bool {
        if let Some(pickaxe) = self.find(|t| matches!(t, Thing::Pickaxe(_))) {
            assert!(self.walk_to(pickaxe));
        }
        let key =
            self.find(|t| matches!(t, Thing::Key(k) if k.id == i32::MAX)).expect("the spawn key");
        assert!(self.walk_to(key));
        let exit = Side::ALL
            .into_iter()
            .find(|&s| self.game.area().portal(s).is_some_and(|p| p.key() == i32::MAX))
            .expect("spawn's exit");
        self.open_portal(exit);
        self.cross(exit)
    }

    /// Where the boss is, if alive.
    pub fn boss(&self) -> Option<(Point, bool)> {
        self.game.area().present_things().find_map(|(_, t)| match t {
            Thing::Boss(b) if !b.is_dead() => Some((b.at(), b.is_active())),
            _ => None,
        })
    }

    /// Walks next to the boss, faces it and swings, until it is dead (restarting after
    /// deaths); `false` if it takes too long.
    pub fn fight_boss(&mut self) -> bool {
        for _ in 0..200 {
            let Some((boss, _)) = self.boss() else { return true };
            let spots: Vec<(Point, CardinalDirection)> = CardinalDirection::ALL
                .into_iter()
                .map(|d| (boss + d.opposite().offset(), d))
                .filter(|&(p, _)| p == self.at() || self.game.can_enter(p))
                .collect();
            let Some(&(spot, dir)) = spots
                .iter()
                .min_by_key(|(p, _)| (p.x - self.at().x).abs() + (p.y - self.at().y).abs())
            else {
                self.idle(5);
                continue;
            };
            if !self.walk_to(spot) {
                continue;
            }
            if self.boss().map(|b| b.0) != Some(boss) {
                continue;
            }
            self.settle();
            self.press(button(dir));
            self.settle();
            self.swing();
        }
        self.boss().is_none()
    }
}
