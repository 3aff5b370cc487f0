//! Rocks: the walls of the mazes, broken with the pickaxe (seed §3.1.1, §3.4).

use torchlit_geom::Point;

use super::Event;
use super::body::{Countdown, Life};
use super::collectable::Heart;
use super::rules::{ROCK_LIFE, VANISH_TICKS};
use super::thing::{Thing, UpdateCtx};

/// A rock: blocks its cell, loses one point per pickaxe blow (with the immunity every
/// actor with life has), and once out of points vanishes in a cloud of
/// [`VANISH_TICKS`], maybe leaving a heart (the area's heart-drop chance).
///
/// When its area is solved the maze disappears: rocks are then neither drawn nor in the
/// way ([`Thing::present`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Rock {
    at: Point,
    life: Life,
    vanish: Option<Countdown>,
}

impl Rock {
    /// A whole rock at `at` (map space).
    pub fn new(at: Point) -> Rock {
        Rock { at, life: Life::full(ROCK_LIFE), vanish: None }
    }

    /// Its cell.
    pub fn at(&self) -> Point {
        self.at
    }

    /// Its life (its cracks, on screen).
    pub fn life(&self) -> &Life {
        &self.life
    }

    /// The vanishing cloud, once broken.
    pub fn vanish(&self) -> Option<Countdown> {
        self.vanish
    }

    /// One pickaxe blow of `damage`; returns whether it landed (not while immune or
    /// already broken).
    pub(crate) fn hit(&mut self, damage: i32) -> bool {
        if self.vanish.is_some() || !self.life.damage(damage) {
            return false;
        }
        if self.life.is_empty() {
            self.vanish = Some(Countdown::new(VANISH_TICKS));
        }
        true
    }

    pub(crate) fn is_gone(&self) -> bool {
        self.vanish.is_some_and(|v| v.is_complete())
    }

    pub(crate) fn update(&mut self, ctx: &mut UpdateCtx<'_>) {
        self.life.tick();
        if let Some(v) = &mut self.vanish
            && v.advance()
        {
            // Gone: its cell joins the area's graph of paths, and maybe a heart drops.
            if let Some(node) = ctx.graph.get_mut(self.at) {
                *node = true;
                ctx.pathing.invalidate();
            }
            if let Some(b) = ctx.blocked.get_mut(self.at) {
                *b = false;
            }
            if ctx.rng.below(100) < u64::from(ctx.heart_drop_percent) {
                ctx.spawned.push(Thing::Heart(Heart { at: self.at }));
                ctx.events.push(Event::HeartDropped { at: self.at });
            }
        }
    }
}
