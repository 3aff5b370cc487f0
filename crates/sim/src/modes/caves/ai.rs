//! Monster behaviours: each kind decides what to do from what it can see (parts 05, 09,
//! 13). A behaviour only decides ([`Intent`]); the game carries the intent out, so a
//! user can add a behaviour without touching the rules of movement and combat.

use torchlit_geom::{Direction, Offset, Point};
use torchlit_rng::Rng;

use super::creature::{Creature, CreatureKind};

/// How many times one fungus may spread (part 05: `spreadcount < 5`).
pub const FUNGUS_MAX_SPREAD: u32 = 5;
/// The chance a fungus spreads on its turn, as `(numerator, denominator)` (0.02).
pub const FUNGUS_SPREAD_CHANCE: (u64, u64) = (1, 50);
/// How far a fungus spreads: up to 5 cells each way (`random * 11 - 5`).
pub const FUNGUS_SPREAD_REACH: i64 = 5;
/// The chance a zombie does nothing on its turn (part 13: `Math.random() < 0.2`).
pub const ZOMBIE_IDLE_CHANCE: (u64, u64) = (1, 5);
/// How far creatures see (part 08: radius 9).
pub const VISION_RADIUS: i32 = 9;

/// What a monster wants to do this action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Intent {
    /// Nothing.
    Stay,
    /// Step one cell: walk, or attack whoever stands there.
    Step(Direction),
    /// Grow a new fungus at a cell.
    Spread(Point),
}

/// What a behaviour may ask about the world around the creature deciding.
pub trait Senses {
    /// Whether `p` on the creature's level is ground with nobody on it (the tutorial's
    /// `canEnter`).
    fn can_enter(&self, p: Point) -> bool;
    /// The kind of the creature at `p` on the creature's level.
    fn creature_at(&self, p: Point) -> Option<CreatureKind>;
    /// The player's cell, if the player is on the creature's level.
    fn player(&self) -> Option<Point>;
    /// Whether `to` is within sight of `from` (radius 9, nothing opaque between).
    fn can_see(&self, from: Point, to: Point) -> bool;
    /// The first step of a cheapest 8-way path from `from` to `to` (A*; other creatures
    /// block, `to` itself need not be free).
    fn first_step(&mut self, from: Point, to: Point) -> Option<Point>;
}

/// A monster behaviour (the tutorial's `CreatureAi.onUpdate`).
pub trait Behaviour {
    /// What `me` does with one action.
    fn act(&self, me: &Creature, senses: &mut dyn Senses, rng: &mut Rng) -> Intent;
}

/// Part 05: never moves; now and then (2% of its turns, 5 times at most) a new fungus
/// grows on a free cell up to 5 cells away.
#[derive(Clone, Copy, Debug, Default)]
pub struct FungusAi;

/// Part 09: flies at random, twice per turn (its speed), and never into another bat.
#[derive(Clone, Copy, Debug, Default)]
pub struct BatAi;

/// Part 13: 20% of its turns it idles; otherwise it hunts the player it can see along
/// an A* path, and wanders when it cannot see him (or no path leads to him).
///
/// The path comes from `torchlit-path`'s A* over the whole level, not the tutorial's search
/// closing at most 300 cells: a zombie in sight of the player is never far from him.
#[derive(Clone, Copy, Debug, Default)]
pub struct ZombieAi;

impl Behaviour for FungusAi {
    fn act(&self, me: &Creature, senses: &mut dyn Senses, rng: &mut Rng) -> Intent {
        let (num, den) = FUNGUS_SPREAD_CHANCE;
        if me.spread_count >= FUNGUS_MAX_SPREAD || !rng.ratio(num, den) {
            return Intent::Stay;
        }
        let r = FUNGUS_SPREAD_REACH;
        let dx = rng.range(-r, r) as i32;
        let dy = rng.range(-r, r) as i32;
        let p = me.at + Offset::new(dx, dy);
        if senses.can_enter(p) { Intent::Spread(p) } else { Intent::Stay }
    }
}

/// The tutorial's `wander()`: a random step of -1, 0 or +1 on each axis; standing still when
/// both are 0 or when one of its own kind is there.
pub fn wander(me: &Creature, senses: &dyn Senses, rng: &mut Rng) -> Intent {
    let dx = rng.range(-1, 1) as i32;
    let dy = rng.range(-1, 1) as i32;
    let Some(dir) = Direction::from_offset(Offset::new(dx, dy)) else { return Intent::Stay };
    if senses.creature_at(me.at + dir.offset()) == Some(me.kind) {
        return Intent::Stay;
    }
    Intent::Step(dir)
}

impl Behaviour for BatAi {
    fn act(&self, me: &Creature, senses: &mut dyn Senses, rng: &mut Rng) -> Intent {
        wander(me, senses, rng)
    }
}

impl Behaviour for ZombieAi {
    fn act(&self, me: &Creature, senses: &mut dyn Senses, rng: &mut Rng) -> Intent {
        let (num, den) = ZOMBIE_IDLE_CHANCE;
        if rng.ratio(num, den) {
            return Intent::Stay;
        }
        if let Some(player) = senses.player()
            && senses.can_see(me.at, player)
            && let Some(next) = senses.first_step(me.at, player)
            && let Some(dir) = Direction::from_offset(me.at.offset_to(next))
        {
            return Intent::Step(dir);
        }
        wander(me, senses, rng)
    }
}

/// The behaviour of a kind (`None` for the player, whom the keyboard drives).
pub fn behaviour(kind: CreatureKind) -> Option<&'static dyn Behaviour> {
    match kind {
        CreatureKind::Player => None,
        CreatureKind::Fungus => Some(&FungusAi),
        CreatureKind::Bat => Some(&BatAi),
        CreatureKind::Zombie => Some(&ZombieAi),
    }
}

/// Whether `to` is in sight of `from` by the tutorial's `canSee`: within the vision radius
/// (`dx² + dy² <= 81`) and every cell of the Bresenham line strictly between them ground.
pub fn in_sight(from: Point, to: Point, is_opaque: impl Fn(Point) -> bool) -> bool {
    let o = from.offset_to(to);
    let r = i64::from(VISION_RADIUS);
    if o.length_squared() > r * r {
        return false;
    }
    torchlit_geom::line(from, to).skip(1).take_while(|&p| p != to).all(|p| !is_opaque(p))
}
