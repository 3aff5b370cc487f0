//! The hero (seed §2.4.1, §2.6.3, §3.4, §4.2): states, movement, equipment, life.

use torchlit_geom::{CardinalDirection, Point};

use super::body::{Countdown, Life, Motion, advance_motion, ahead};
use super::input::{Button, TickInput};
use super::interaction::{Reach, Visitor};
use super::rules::{KeyNumber, PICKAXE_SWING_TICKS, PLAYER_MAX_LIFE, PLAYER_MOVE_TICKS};

/// What the hero is doing (seed §2.4.1, §3.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum PlayerState {
    /// Standing or walking: the only state that reacts to the movement keys.
    Idle,
    /// Asking for a distance interaction with the cell in front, while the interaction
    /// key is held (entered on a press while idle and not moving).
    Interacting,
    /// Swinging the pickaxe at the cell in front until the swing completes
    /// ([`PICKAXE_SWING_TICKS`]).
    AttackingWithPickaxe,
}

/// The hero: a cell, an orientation, a state, life, and what it carries.
///
/// It takes cell space: no other actor that does may share its cell.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Player {
    at: Point,
    facing: CardinalDirection,
    motion: Option<Motion>,
    state: PlayerState,
    state_ticks: u32,
    swing: Countdown,
    life: Life,
    pickaxe: bool,
    keys: Vec<KeyNumber>,
}

impl Player {
    /// A hero at `at` (map space) facing `facing`, idle, with full life and empty hands.
    pub fn new(at: Point, facing: CardinalDirection) -> Player {
        Player {
            at,
            facing,
            motion: None,
            state: PlayerState::Idle,
            state_ticks: 0,
            swing: Countdown::new(PICKAXE_SWING_TICKS),
            life: Life::full(PLAYER_MAX_LIFE),
            pickaxe: false,
            keys: Vec::new(),
        }
    }

    /// The cell it occupies (during a step: the cell it is stepping into).
    pub fn at(&self) -> Point {
        self.at
    }

    /// Where it looks.
    pub fn facing(&self) -> CardinalDirection {
        self.facing
    }

    /// The cell in front of it: its field of view (seed §2.5.2).
    pub fn in_front(&self) -> Point {
        ahead(self.at, self.facing)
    }

    /// The step in progress, if any.
    pub fn motion(&self) -> Option<Motion> {
        self.motion
    }

    /// Whether a step is in progress.
    pub fn is_moving(&self) -> bool {
        self.motion.is_some()
    }

    /// Its state.
    pub fn state(&self) -> PlayerState {
        self.state
    }

    /// Ticks spent in the current state (0 on the tick it was entered).
    pub fn state_ticks(&self) -> u32 {
        self.state_ticks
    }

    /// The pickaxe swing's progress (meaningful while attacking).
    pub fn swing(&self) -> Countdown {
        self.swing
    }

    /// Its life.
    pub fn life(&self) -> &Life {
        &self.life
    }

    /// Whether it carries the pickaxe.
    pub fn has_pickaxe(&self) -> bool {
        self.pickaxe
    }

    /// The key identifiers it carries, in increasing order.
    pub fn keys(&self) -> &[KeyNumber] {
        &self.keys
    }

    /// Whether it wants distance interactions now: while interacting (seed §2.5.2) and
    /// while swinging the pickaxe (seed §3.4: the swing reaches the cell in front).
    pub fn wants_view_interaction(&self) -> bool {
        self.state != PlayerState::Idle
    }

    /// Calls `visitor`'s hero method (the hero accepts contact and distance interactions:
    /// monsters perceive it from afar, projectiles touch it).
    pub fn accept(&mut self, visitor: &mut dyn Visitor, reach: Reach) {
        visitor.player(self, reach);
    }

    pub(crate) fn collect_pickaxe(&mut self) {
        self.pickaxe = true;
    }

    pub(crate) fn collect_key(&mut self, id: KeyNumber) {
        if let Err(i) = self.keys.binary_search(&id) {
            self.keys.insert(i, id);
        }
    }

    pub(crate) fn heal(&mut self, points: i32) {
        self.life.heal(points);
    }

    /// Takes damage unless immune; returns whether it landed.
    pub(crate) fn damage(&mut self, points: i32) -> bool {
        self.life.damage(points)
    }

    /// Back to full life, no immunity, idle, still (resets, seed §4.2).
    pub(crate) fn refresh(&mut self) {
        self.life = Life::full(PLAYER_MAX_LIFE);
        self.motion = None;
        self.state = PlayerState::Idle;
        self.state_ticks = 0;
    }

    /// Puts the hero on `at` in a new area, still and idle.
    pub(crate) fn arrive(&mut self, at: Point) {
        self.at = at;
        self.motion = None;
        self.state = PlayerState::Idle;
        self.state_ticks = 0;
    }

    /// Turns to `d` without moving.
    pub(crate) fn turn(&mut self, d: CardinalDirection) {
        self.facing = d;
    }

    fn enter(&mut self, state: PlayerState) {
        self.state = state;
        self.state_ticks = 0;
    }

    /// One tick of the hero's own update (seed §2.4.1, §2.6.3, §3.4): the step in
    /// progress advances, then the state machine reacts to `input`. `can_enter` says
    /// whether a cell is free for it. Returns the step started this tick, if any, as
    /// `(from, to)`.
    pub(crate) fn act(
        &mut self,
        input: &TickInput,
        mut can_enter: impl FnMut(Point) -> bool,
    ) -> Option<(Point, Point)> {
        advance_motion(&mut self.motion);
        self.life.tick();
        self.state_ticks = self.state_ticks.saturating_add(1);
        match self.state {
            PlayerState::Idle => {
                if self.is_moving() {
                    return None;
                }
                if input.is_pressed(Button::Interact) {
                    self.enter(PlayerState::Interacting);
                    return None;
                }
                if input.is_pressed(Button::Pickaxe) && self.pickaxe {
                    self.enter(PlayerState::AttackingWithPickaxe);
                    self.swing = Countdown::new(PICKAXE_SWING_TICKS);
                    return None;
                }
                // ICMaze's KeyBindings order: up, left, down, right. Each held key turns
                // the hero; the first that leads to a free cell moves it.
                for (button, dir) in [
                    (Button::Up, CardinalDirection::North),
                    (Button::Left, CardinalDirection::West),
                    (Button::Down, CardinalDirection::South),
                    (Button::Right, CardinalDirection::East),
                ] {
                    if !input.is_down(button) {
                        continue;
                    }
                    self.facing = dir;
                    let to = ahead(self.at, dir);
                    if can_enter(to) {
                        let from = self.at;
                        self.at = to;
                        self.motion = Some(Motion::new(from, PLAYER_MOVE_TICKS));
                        return Some((from, to));
                    }
                }
                None
            }
            PlayerState::Interacting => {
                if !input.is_down(Button::Interact) {
                    self.enter(PlayerState::Idle);
                }
                None
            }
            PlayerState::AttackingWithPickaxe => {
                if self.swing.advance() {
                    self.enter(PlayerState::Idle);
                }
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(p: &mut Player, input: TickInput, free: bool) -> Option<(Point, Point)> {
        p.act(&input, |_| free)
    }

    #[test]
    fn a_held_key_walks_one_cell_per_eight_ticks() {
        let mut p = Player::new(Point::new(5, 2), CardinalDirection::South);
        let mut steps = 0;
        for _ in 0..24 {
            if run(&mut p, TickInput::hold(Button::Right), true).is_some() {
                steps += 1;
            }
        }
        assert_eq!(steps, 3);
        assert_eq!(p.facing(), CardinalDirection::East);
        assert_eq!(p.at(), Point::new(8, 2));
    }

    #[test]
    fn a_blocked_step_still_turns_the_hero() {
        let mut p = Player::new(Point::new(5, 2), CardinalDirection::South);
        assert_eq!(run(&mut p, TickInput::press(Button::Up), false), None);
        assert_eq!(p.facing(), CardinalDirection::North);
        assert_eq!(p.at(), Point::new(5, 2));
    }

    #[test]
    fn interacting_lasts_while_the_key_is_held() {
        let mut p = Player::new(Point::new(1, 1), CardinalDirection::East);
        run(&mut p, TickInput::press(Button::Interact), true);
        assert_eq!(p.state(), PlayerState::Interacting);
        assert!(p.wants_view_interaction());
        run(&mut p, TickInput::hold(Button::Interact), true);
        assert_eq!(p.state(), PlayerState::Interacting);
        assert_eq!(run(&mut p, TickInput::hold(Button::Right), true), None, "no walking");
        assert_eq!(p.state(), PlayerState::Idle, "released");
    }

    #[test]
    fn the_pickaxe_swings_for_twenty_ticks_only_once_collected() {
        let mut p = Player::new(Point::new(1, 1), CardinalDirection::East);
        run(&mut p, TickInput::press(Button::Pickaxe), true);
        assert_eq!(p.state(), PlayerState::Idle, "no pickaxe yet");
        p.collect_pickaxe();
        run(&mut p, TickInput::press(Button::Pickaxe), true);
        // Ticks spent attacking, the press tick included.
        let mut attacking = 1;
        loop {
            run(&mut p, TickInput::IDLE, true);
            if p.state() != PlayerState::AttackingWithPickaxe {
                break;
            }
            attacking += 1;
            assert!(attacking < 100);
        }
        assert_eq!(attacking, PICKAXE_SWING_TICKS);
    }

    #[test]
    fn keys_are_kept_sorted_and_unique() {
        let mut p = Player::new(Point::new(1, 1), CardinalDirection::East);
        for k in [5, -1, 5, i32::MAX] {
            p.collect_key(k);
        }
        assert_eq!(p.keys(), &[-1, 5, i32::MAX]);
    }
}
