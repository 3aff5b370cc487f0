//! Log monsters: path-finding enemies that sleep, wander and chase (seed §4.1).

use torchlit_geom::{CardinalDirection, Point, Rect, Size};

use super::Event;
use super::body::{Countdown, Life, Motion, Timer, advance_motion, ahead};
use super::geometry::left_of;
use super::interaction::{Reach, Visitor};
use super::player::Player;
use super::rules::{
    LOG_MONSTER_DAMAGE, LOG_MONSTER_MAX_LIFE, LOG_MONSTER_PERCEPTION, MONSTER_MOVE_TICKS,
    REORIENTATION_TICKS, TRANSITION_TICKS, VANISH_TICKS,
};
use super::thing::{Stage, UpdateCtx};
use crate::engine::ActorId;

/// What a log monster is doing (seed §4.1.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum MonsterState {
    /// Turns left every 0.75 s; harmless; may wake up (to wandering) every 3 s.
    Sleeping,
    /// Steps in a random direction every 0.75 s; may start chasing a hero it sees.
    Wandering,
    /// Follows the shortest path to its target; may fall asleep.
    Chasing,
}

/// A log monster (seed §4.1.1): a path-finding enemy with a perception square of
/// half-side [`LOG_MONSTER_PERCEPTION`], two cool-downs (reorientation
/// [`REORIENTATION_TICKS`], state transitions [`TRANSITION_TICKS`]) and
/// [`LOG_MONSTER_MAX_LIFE`] points.
///
/// Transition probabilities use `p = HARDEST / difficulty` of its area: sleeping to
/// wandering with `p`, wandering to chasing with `p` (only with the hero in its
/// perception square), chasing to sleeping with `1 - p`.
///
/// Awake, it perceives the hero in its square (a distance interaction): it remembers the
/// hero as its target, and when the hero stands on the cell it faces, it hits for
/// [`LOG_MONSTER_DAMAGE`]. Under ICMaze's rules a chaser then tracks the hero anywhere
/// in the area until it falls asleep; under the default rules
/// ([`Rules::forget_ticks`](super::Rules::forget_ticks)) it routes to where it last
/// perceived the hero and, after that many ticks without perceiving it, forgets it and
/// wanders again. It takes cell space until dead; dead, it vanishes in a cloud.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct LogMonster {
    at: Point,
    facing: CardinalDirection,
    motion: Option<Motion>,
    state: MonsterState,
    life: Life,
    reorientation: Timer,
    transition: Timer,
    has_target: bool,
    sees_target: bool,
    last_seen: Option<Point>,
    unseen_ticks: u32,
    path: Vec<Point>,
    vanish: Option<Countdown>,
}

impl LogMonster {
    /// A monster at `at` (map space) in `state`, facing south, full life.
    pub fn new(at: Point, state: MonsterState) -> LogMonster {
        LogMonster {
            at,
            facing: CardinalDirection::South,
            motion: None,
            state,
            life: Life::full(LOG_MONSTER_MAX_LIFE),
            reorientation: Timer::new(REORIENTATION_TICKS),
            transition: Timer::new(TRANSITION_TICKS),
            has_target: false,
            sees_target: false,
            last_seen: None,
            unseen_ticks: 0,
            path: Vec::new(),
            vanish: None,
        }
    }

    /// Its cell (during a step, the cell it steps into).
    pub fn at(&self) -> Point {
        self.at
    }

    /// Where it looks.
    pub fn facing(&self) -> CardinalDirection {
        self.facing
    }

    /// The step in progress.
    pub fn motion(&self) -> Option<Motion> {
        self.motion
    }

    /// Its state.
    pub fn state(&self) -> MonsterState {
        self.state
    }

    /// Its life.
    pub fn life(&self) -> &Life {
        &self.life
    }

    /// Whether it remembers the hero as its target.
    pub fn has_target(&self) -> bool {
        self.has_target
    }

    /// The cells of the shortest path it follows while chasing, next step first, the
    /// hero's cell last (empty when not chasing or when no path exists). The debug
    /// display of seed §4.1.2.
    pub fn path(&self) -> &[Point] {
        &self.path
    }

    /// The vanishing cloud, once dead.
    pub fn vanish(&self) -> Option<Countdown> {
        self.vanish
    }

    /// Whether it is dead (vanishing).
    pub fn is_dead(&self) -> bool {
        self.vanish.is_some()
    }

    /// Whether it interacts: awake and alive (seed §4.1.1: only awake monsters interact).
    pub fn is_awake(&self) -> bool {
        self.state != MonsterState::Sleeping && !self.is_dead()
    }

    /// Its perception square (map space): `2·5 + 1` cells on a side, centred on it.
    pub fn perception(&self) -> Rect {
        let r = LOG_MONSTER_PERCEPTION;
        let side = (2 * r + 1) as u32;
        Rect::new(Point::new(self.at.x - r, self.at.y - r), Size::new(side, side))
    }

    pub(crate) fn set_state(&mut self, state: MonsterState) {
        self.state = state;
    }

    pub(crate) fn remember_target(&mut self) {
        self.has_target = true;
        self.unseen_ticks = 0;
    }

    /// Where it last perceived the hero (`None` before it ever did, or once it forgot).
    pub fn last_seen(&self) -> Option<Point> {
        self.last_seen
    }

    /// A pickaxe blow; returns `Some(died)` when it landed.
    pub(crate) fn hit(&mut self, damage: i32) -> Option<bool> {
        if self.is_dead() || !self.life.damage(damage) {
            return None;
        }
        let died = self.life.is_empty();
        if died {
            self.vanish = Some(Countdown::new(VANISH_TICKS));
            self.path.clear();
        }
        Some(died)
    }

    pub(crate) fn is_gone(&self) -> bool {
        self.vanish.is_some_and(|v| v.is_complete())
    }

    /// Its distance interactions of this tick: the perception square, when awake.
    pub(crate) fn interact(&mut self, id: ActorId, stage: &mut Stage<'_>, events: &mut Vec<Event>) {
        self.sees_target = false;
        if !self.is_awake() {
            return;
        }
        let view = self.perception();
        let mut handler = MonsterHandler { monster: self, events };
        stage.offer(view, Reach::Distance, Some(id), &mut handler);
    }

    fn try_move(&mut self, dir: CardinalDirection, ctx: &mut UpdateCtx<'_>) {
        self.facing = dir;
        if self.motion.is_some() {
            return;
        }
        let to = ahead(self.at, dir);
        if !ctx.is_free(to) {
            return;
        }
        ctx.occupy(self.at, to);
        self.motion = Some(Motion::new(self.at, MONSTER_MOVE_TICKS));
        self.at = to;
    }

    pub(crate) fn update(&mut self, ctx: &mut UpdateCtx<'_>) {
        if let Some(v) = &mut self.vanish {
            v.advance();
            return;
        }
        advance_motion(&mut self.motion);
        self.life.tick();
        let before = self.state;
        if ctx.solved {
            // Seed §5.2: once the area is solved its monsters stay asleep.
            self.state = MonsterState::Sleeping;
        }
        let p = ctx.hardness;
        let reorient = self.reorientation.ready();
        let transition = self.transition.ready();
        match self.state {
            MonsterState::Sleeping => {
                if reorient {
                    self.facing = left_of(self.facing);
                }
                if transition && !ctx.solved && ctx.rng.chance(p) {
                    self.state = MonsterState::Wandering;
                }
                self.path.clear();
            }
            MonsterState::Wandering => {
                if reorient {
                    let i = ctx.rng.below(4) as usize;
                    self.try_move(CardinalDirection::ALL[i], ctx);
                }
                if transition && self.sees_target && ctx.rng.chance(p) {
                    self.state = MonsterState::Chasing;
                }
                self.path.clear();
            }
            MonsterState::Chasing => {
                if self.sees_target {
                    self.unseen_ticks = 0;
                } else {
                    self.unseen_ticks = self.unseen_ticks.saturating_add(1);
                }
                if let Some(limit) = ctx.forget_ticks
                    && self.unseen_ticks >= limit
                {
                    // Lost for too long: back to wandering (the default rules only).
                    self.has_target = false;
                    self.last_seen = None;
                }
                if !self.has_target {
                    self.state = MonsterState::Wandering;
                    self.path.clear();
                } else {
                    // ICMaze's chaser routes to the hero wherever it is; with
                    // `forget_ticks` it routes to where it last perceived the hero.
                    let target = match ctx.forget_ticks {
                        Some(_) => self.last_seen.unwrap_or(ctx.player_at),
                        None => ctx.player_at,
                    };
                    let next = ctx.route(self.at, target, &mut self.path);
                    if reorient && let Some(dir) = next {
                        self.try_move(dir, ctx);
                    }
                    if transition && ctx.rng.chance(1.0 - p) {
                        self.state = MonsterState::Sleeping;
                        self.path.clear();
                    }
                }
            }
        }
        if self.state != before {
            ctx.events.push(Event::MonsterStateChanged { at: self.at, state: self.state });
        }
    }
}

/// A log monster's handler: it only knows the hero.
struct MonsterHandler<'a> {
    monster: &'a mut LogMonster,
    events: &'a mut Vec<Event>,
}

impl Visitor for MonsterHandler<'_> {
    fn player(&mut self, player: &mut Player, reach: Reach) {
        if reach != Reach::Distance {
            return;
        }
        self.monster.has_target = true;
        self.monster.sees_target = true;
        self.monster.last_seen = Some(player.at());
        if ahead(self.monster.at, self.monster.facing) == player.at()
            && player.damage(LOG_MONSTER_DAMAGE)
        {
            self.events.push(Event::PlayerHurt { life: player.life().current() });
        }
    }
}
