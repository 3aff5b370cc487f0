//! The boss and its projectiles (seed §5.1).

use torchlit_geom::{CardinalDirection, Point, Rect, Size};

use super::Event;
use super::body::{Countdown, Life, Motion, Timer, advance_motion, ahead};
use super::collectable::Key;
use super::geometry::{from_seed, is_interior};
use super::interaction::{Reach, Visitor};
use super::player::Player;
use super::rules::{
    BOSS_BARRAGE_TICKS, BOSS_KEY_ID, BOSS_MAX_LIFE, PROJECTILE_DAMAGE, PROJECTILE_MOVE_TICKS,
    PROJECTILE_RANGE, VANISH_TICKS,
};
use super::thing::{Stage, Thing, UpdateCtx};
use crate::engine::ActorId;

/// What a pickaxe blow did to the boss.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum BossHit {
    /// Nothing (immune, or already dying).
    Ignored,
    /// The first blow: it wakes up, teleports and starts firing (no damage).
    Woke,
    /// A later blow: it loses life and teleports.
    Hurt {
        /// Life left.
        life: i32,
    },
    /// The blow that killed it.
    Defeated,
}

/// The boss (seed §5.1.2): idle until first hit, then teleports on every blow between
/// the centre and the four wall midpoints ([`Boss::spots`], never the same twice in a
/// row) and fires a barrage every [`BOSS_BARRAGE_TICKS`] (counted from its last
/// teleport) covering the row or column in front of it except one random safe cell. [`BOSS_MAX_LIFE`] points; dead, it vanishes
/// and drops the key [`BOSS_KEY_ID`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Boss {
    at: Point,
    facing: CardinalDirection,
    spot: usize,
    life: Life,
    activated: bool,
    teleport: bool,
    barrage: Timer,
    vanish: Option<Countdown>,
}

impl Boss {
    /// The boss idle in the middle of an area of side `size`, facing south.
    pub fn new(size: u32) -> Boss {
        let (at, facing) = Boss::spots(size)[0];
        Boss {
            at,
            facing,
            spot: 0,
            life: Life::full(BOSS_MAX_LIFE),
            activated: false,
            teleport: false,
            barrage: Timer::new(BOSS_BARRAGE_TICKS),
            vanish: None,
        }
    }

    /// Where it can stand and where it then faces, in an area of side `size` (map space):
    /// the centre (seed `(size/2, size/2)`), then the cells inside the middle of the west,
    /// east, south and north walls. It always faces into the area ("forward"): south at
    /// the centre, away from the wall elsewhere.
    pub fn spots(size: u32) -> [(Point, CardinalDirection); 5] {
        let s = size as i32;
        let h = s / 2;
        [
            (from_seed(h, h, size), CardinalDirection::South),
            (from_seed(1, h, size), CardinalDirection::East),
            (from_seed(s, h, size), CardinalDirection::West),
            (from_seed(h, 1, size), CardinalDirection::North),
            (from_seed(h, s, size), CardinalDirection::South),
        ]
    }

    /// Its cell.
    pub fn at(&self) -> Point {
        self.at
    }

    /// Where it faces (and fires).
    pub fn facing(&self) -> CardinalDirection {
        self.facing
    }

    /// Its life.
    pub fn life(&self) -> &Life {
        &self.life
    }

    /// Whether it has been hit once (then it fights).
    pub fn is_active(&self) -> bool {
        self.activated
    }

    /// Ticks until the next barrage (while active).
    pub fn next_barrage(&self) -> u32 {
        self.barrage.remaining()
    }

    /// The vanishing cloud, once dead.
    pub fn vanish(&self) -> Option<Countdown> {
        self.vanish
    }

    /// Whether it is dead (vanishing).
    pub fn is_dead(&self) -> bool {
        self.vanish.is_some()
    }

    pub(crate) fn is_gone(&self) -> bool {
        self.vanish.is_some_and(|v| v.is_complete())
    }

    /// A pickaxe blow of `damage` (seed §5.1.2).
    pub(crate) fn hit(&mut self, damage: i32) -> BossHit {
        if self.is_dead() || self.life.is_immune() {
            return BossHit::Ignored;
        }
        if !self.activated {
            self.activated = true;
            self.teleport = true;
            self.barrage.restart();
            return BossHit::Woke;
        }
        self.life.damage(damage);
        if self.life.is_empty() {
            self.vanish = Some(Countdown::new(VANISH_TICKS));
            return BossHit::Defeated;
        }
        self.teleport = true;
        BossHit::Hurt { life: self.life.current() }
    }

    pub(crate) fn update(&mut self, ctx: &mut UpdateCtx<'_>) {
        self.life.tick();
        if let Some(v) = &mut self.vanish {
            if v.advance() {
                ctx.spawned.push(Thing::Key(Key { at: self.at, id: BOSS_KEY_ID }));
                ctx.events.push(Event::KeyDropped { at: self.at, key: BOSS_KEY_ID });
            }
            return;
        }
        if self.teleport {
            self.teleport = false;
            self.jump(ctx);
        }
        if self.activated && self.barrage.ready() {
            self.fire(ctx);
        }
    }

    /// Teleports to a random spot other than the current one and not taken.
    fn jump(&mut self, ctx: &mut UpdateCtx<'_>) {
        let spots = Boss::spots(ctx.size);
        let choices: Vec<usize> =
            (0..spots.len()).filter(|&i| i != self.spot && ctx.is_free(spots[i].0)).collect();
        let Some(&i) = ctx.rng.choose(&choices) else { return };
        ctx.occupy(self.at, spots[i].0);
        self.spot = i;
        (self.at, self.facing) = spots[i];
        // Its animation starts over where it lands (ICMaze's engine keeps one animation
        // per orientation, and the barrage fires when it completes): the hero always has
        // a whole period to reach the boss's new spot.
        self.barrage.restart();
        ctx.events.push(Event::BossTeleported { to: self.at });
    }

    /// The cells of the row or column in front of the boss, across the whole area.
    pub fn barrage_line(&self, size: u32) -> Vec<Point> {
        let front = ahead(self.at, self.facing);
        if !is_interior(front, size) {
            return Vec::new();
        }
        let n = size as i32;
        match self.facing {
            CardinalDirection::North | CardinalDirection::South => {
                (1..=n).map(|x| Point::new(x, front.y)).collect()
            }
            CardinalDirection::East | CardinalDirection::West => {
                (1..=n).map(|y| Point::new(front.x, y)).collect()
            }
        }
    }

    /// A barrage: one projectile on every cell of the line in front except one random
    /// safe cell, all flying the way the boss faces.
    fn fire(&mut self, ctx: &mut UpdateCtx<'_>) {
        let line: Vec<Point> = self
            .barrage_line(ctx.size)
            .into_iter()
            .filter(|&p| ctx.cells.get(p).is_some_and(|c| c.is_traversable()))
            .collect();
        let Some(safe) = ctx.rng.index(line.len()) else { return };
        let (lo, hi) = gap(safe, ctx.barrage_gap, line.len());
        for (i, &p) in line.iter().enumerate() {
            if i < lo || i > hi {
                ctx.spawned.push(Thing::Projectile(Projectile::new(p, self.facing)));
            }
        }
        let fired = line.len() - (hi - lo + 1);
        ctx.events.push(Event::Barrage { safe: line[safe], projectiles: fired as u32 });
    }
}

/// The first and last index of a gap of `width` cells (at least 1, at most `len`)
/// around index `safe` of a line of `len` cells: centred on it, shifted inwards at the
/// line's ends so it keeps its width.
pub(crate) fn gap(safe: usize, width: u32, len: usize) -> (usize, usize) {
    let width = (width.max(1) as usize).min(len.max(1));
    let lo = safe.saturating_sub((width - 1) / 2).min(len.saturating_sub(width));
    (lo, lo + width - 1)
}

/// A projectile (seed §5.1.1, a water projectile): flies one cell every
/// [`PROJECTILE_MOVE_TICKS`] the way it faces, at most [`PROJECTILE_RANGE`] cells,
/// stops at walls and at the area's edge, and hurts the hero it touches
/// ([`PROJECTILE_DAMAGE`], a contact interaction), which also stops it. It takes no
/// interaction and no cell space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Projectile {
    at: Point,
    facing: CardinalDirection,
    motion: Option<Motion>,
    remaining: u32,
    stopped: bool,
}

impl Projectile {
    /// A projectile on `at` flying towards `facing`, with its whole range ahead.
    pub fn new(at: Point, facing: CardinalDirection) -> Projectile {
        Projectile { at, facing, motion: None, remaining: PROJECTILE_RANGE, stopped: false }
    }

    /// Its cell.
    pub fn at(&self) -> Point {
        self.at
    }

    /// Where it flies.
    pub fn facing(&self) -> CardinalDirection {
        self.facing
    }

    /// The step in progress.
    pub fn motion(&self) -> Option<Motion> {
        self.motion
    }

    /// Cells it may still fly.
    pub fn remaining(&self) -> u32 {
        self.remaining
    }

    pub(crate) fn is_gone(&self) -> bool {
        self.stopped
    }

    /// Its contact interactions: whatever shares its cell.
    pub(crate) fn interact(&mut self, id: ActorId, stage: &mut Stage<'_>, events: &mut Vec<Event>) {
        if self.stopped {
            return;
        }
        let view = Rect::new(self.at, Size::new(1, 1));
        let mut handler = ProjectileHandler { projectile: self, events };
        stage.offer(view, Reach::Contact, Some(id), &mut handler);
    }

    pub(crate) fn update(&mut self, ctx: &mut UpdateCtx<'_>) {
        if self.stopped {
            return;
        }
        advance_motion(&mut self.motion);
        if self.motion.is_some() {
            return;
        }
        if self.remaining == 0 {
            self.stopped = true;
            return;
        }
        let next = ahead(self.at, self.facing);
        if ctx.cells.get(next).is_some_and(|c| c.is_traversable()) && is_interior(next, ctx.size) {
            self.motion = Some(Motion::new(self.at, PROJECTILE_MOVE_TICKS));
            self.at = next;
            self.remaining -= 1;
        } else {
            self.stopped = true;
        }
    }
}

/// A projectile's handler: it only hurts the hero.
struct ProjectileHandler<'a> {
    projectile: &'a mut Projectile,
    events: &'a mut Vec<Event>,
}

impl Visitor for ProjectileHandler<'_> {
    fn player(&mut self, player: &mut Player, reach: Reach) {
        if reach != Reach::Contact || self.projectile.stopped {
            return;
        }
        if player.damage(PROJECTILE_DAMAGE) {
            self.events.push(Event::PlayerHurt { life: player.life().current() });
        }
        self.projectile.stopped = true;
    }
}
