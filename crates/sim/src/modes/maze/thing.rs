//! Everything an area holds besides the hero, and the two passes every tick runs on
//! them: interactions ([`Stage`]) and updates ([`UpdateCtx`]).

use torchlit_geom::{CardinalDirection, Grid, Point, Rect};
use torchlit_path::{PathGrid, Rule, Search};
use torchlit_rng::Rng;

use super::Event;
use super::boss::{Boss, Projectile};
use super::cell::CellType;
use super::collectable::{Heart, Key, Pickaxe, Treasure};
use super::interaction::{Interactable, Reach, Visitor};
use super::monster::LogMonster;
use super::player::Player;
use super::portal::Portal;
use super::rock::Rock;
use crate::engine::{ActorId, Actors};

/// An actor of an area, other than the hero.
///
/// The rules reach each one through [`Interactable::accept`] (double dispatch, see
/// [`super::interaction`]); this enum is how they are stored, cloned and hashed, and what
/// a front end matches on to draw them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum Thing {
    /// A pickaxe lying on the ground.
    Pickaxe(Pickaxe),
    /// A heart.
    Heart(Heart),
    /// A key.
    Key(Key),
    /// The treasure.
    Treasure(Treasure),
    /// A portal.
    Portal(Portal),
    /// A rock.
    Rock(Rock),
    /// A log monster.
    LogMonster(LogMonster),
    /// The boss.
    Boss(Boss),
    /// A projectile in flight.
    Projectile(Projectile),
}

impl Thing {
    /// The cell it stands on (a portal's main cell).
    pub fn at(&self) -> Point {
        match self {
            Thing::Pickaxe(t) => t.at,
            Thing::Heart(t) => t.at,
            Thing::Key(t) => t.at,
            Thing::Treasure(t) => t.at,
            Thing::Portal(t) => t.cells()[0],
            Thing::Rock(t) => t.at(),
            Thing::LogMonster(t) => t.at(),
            Thing::Boss(t) => t.at(),
            Thing::Projectile(t) => t.at(),
        }
    }

    /// Whether it occupies `p` (a portal occupies two cells, anything else one).
    pub fn occupies(&self, p: Point) -> bool {
        match self {
            Thing::Portal(t) => t.cells().contains(&p),
            other => other.at() == p,
        }
    }

    /// Whether it blocks its cells for other actors that take cell space (seed §2.3):
    /// portals unless open, rocks, living enemies. Collectables and projectiles don't.
    pub fn takes_cell_space(&self) -> bool {
        match self {
            Thing::Portal(t) => t.takes_cell_space(),
            Thing::Rock(_) => true,
            Thing::LogMonster(t) => !t.is_dead(),
            Thing::Boss(t) => !t.is_dead(),
            Thing::Pickaxe(_)
            | Thing::Heart(_)
            | Thing::Key(_)
            | Thing::Treasure(_)
            | Thing::Projectile(_) => false,
        }
    }

    /// Whether it is part of the area as things stand: rocks disappear with the maze when
    /// the area is solved (seed §5.2); everything else is always there.
    pub fn present(&self, area_solved: bool) -> bool {
        !(area_solved && matches!(self, Thing::Rock(_)))
    }

    /// Whether it stands between its area and a "clear" challenge: a living or dying
    /// enemy, or a key still lying there.
    pub(crate) fn is_unfinished_business(&self) -> bool {
        matches!(self, Thing::Key(_) | Thing::LogMonster(_) | Thing::Boss(_))
    }

    /// Whether it is done and leaves the area at the end of this tick.
    pub(crate) fn is_gone(&self) -> bool {
        match self {
            Thing::Rock(t) => t.is_gone(),
            Thing::LogMonster(t) => t.is_gone(),
            Thing::Boss(t) => t.is_gone(),
            Thing::Projectile(t) => t.is_gone(),
            _ => false,
        }
    }

    /// Its own interactions as an interactor (log monsters and projectiles ask for them,
    /// seed §4.1, §5.1.1).
    pub(crate) fn interact(&mut self, id: ActorId, stage: &mut Stage<'_>, events: &mut Vec<Event>) {
        match self {
            Thing::LogMonster(t) => t.interact(id, stage, events),
            Thing::Projectile(t) => t.interact(id, stage, events),
            _ => {}
        }
    }

    /// Whether it asks for interactions at all.
    pub(crate) fn is_interactor(&self) -> bool {
        matches!(self, Thing::LogMonster(_) | Thing::Projectile(_))
    }

    /// One tick of its own behaviour.
    pub(crate) fn update(&mut self, ctx: &mut UpdateCtx<'_>) {
        match self {
            Thing::Rock(t) => t.update(ctx),
            Thing::LogMonster(t) => t.update(ctx),
            Thing::Boss(t) => t.update(ctx),
            Thing::Projectile(t) => t.update(ctx),
            Thing::Pickaxe(_)
            | Thing::Heart(_)
            | Thing::Key(_)
            | Thing::Treasure(_)
            | Thing::Portal(_) => {}
        }
    }
}

/// The interaction pass: what interactors can reach in one area.
pub(crate) struct Stage<'a> {
    pub cells: &'a Grid<CellType>,
    pub things: &'a mut Actors<Thing>,
    /// The hero, unless it is the interactor.
    pub player: Option<&'a mut Player>,
    pub solved: bool,
}

impl Stage<'_> {
    /// Offers `visitor` every interactable in `view` that accepts `reach`: the cells, the
    /// hero, then the things in id order, skipping `skip` (the interactor itself).
    pub fn offer(
        &mut self,
        view: Rect,
        reach: Reach,
        skip: Option<ActorId>,
        visitor: &mut dyn Visitor,
    ) {
        for p in view.points() {
            if let Some(&cell) = self.cells.get(p) {
                visitor.cell(p, cell, reach);
            }
        }
        if let Some(player) = self.player.as_deref_mut()
            && view.contains(player.at())
        {
            player.accept(visitor, reach);
        }
        let solved = self.solved;
        for (id, thing) in self.things.iter_mut() {
            if Some(id) == skip || !thing.present(solved) || !thing.accepts(reach) {
                continue;
            }
            let seen = match &*thing {
                Thing::Portal(p) => p.cells().iter().any(|&c| view.contains(c)),
                other => view.contains(other.at()),
            };
            if seen {
                thing.accept(id, visitor, reach);
            }
        }
    }
}

/// Shortest paths for chasing monsters (seed §4.1.1 `getNextOrientation`): A* from
/// `torchlit-path` over the area's graph of path cells. A cache, not state: rebuilt from
/// the graph when needed.
#[derive(Clone, Debug, Default)]
pub(crate) struct Pathing {
    grid: Option<PathGrid>,
    search: Search,
}

impl Pathing {
    /// Forgets the grid (the graph changed or another area is current).
    pub fn invalidate(&mut self) {
        self.grid = None;
    }
}

/// The update pass: what a thing may read and change while it updates.
pub(crate) struct UpdateCtx<'a> {
    /// The area's side.
    pub size: u32,
    pub cells: &'a Grid<CellType>,
    /// Cells taken by actors that take cell space (the hero included), or not walkable.
    pub blocked: &'a mut Grid<bool>,
    /// The area's graph of path cells (seed §3.3: the `AreaGraph`).
    pub graph: &'a mut Grid<bool>,
    pub player_at: Point,
    pub solved: bool,
    /// `HARDEST / difficulty` of the area (seed §4.1.1 `pTransition`).
    pub hardness: f64,
    pub heart_drop_percent: u8,
    /// Ticks a chaser goes without perceiving the hero before it forgets it (`None`:
    /// never, ICMaze's rule).
    pub forget_ticks: Option<u32>,
    /// Cells a boss barrage leaves free ([`Rules::barrage_gap`](super::Rules::barrage_gap)).
    pub barrage_gap: u32,
    pub rng: &'a mut Rng,
    pub events: &'a mut Vec<Event>,
    /// Things created this tick (hearts, keys, projectiles); they join after the pass.
    pub spawned: &'a mut Vec<Thing>,
    pub pathing: &'a mut Pathing,
}

impl UpdateCtx<'_> {
    /// Whether an actor that takes cell space may step into `p`.
    pub fn is_free(&self, p: Point) -> bool {
        self.blocked.get(p).is_some_and(|b| !b)
    }

    /// Moves a cell-space taker from `from` to `to` in the occupancy grid.
    pub fn occupy(&mut self, from: Point, to: Point) {
        if let Some(b) = self.blocked.get_mut(from) {
            *b = false;
        }
        if let Some(b) = self.blocked.get_mut(to) {
            *b = true;
        }
    }

    /// The first step of a shortest path over the graph from `from` to `to`, writing the
    /// path (next cell first, `to` last) into `path`; `None` (and an empty path) when no
    /// path exists (the hero may stand off the graph, on a portal).
    pub fn route(
        &mut self,
        from: Point,
        to: Point,
        path: &mut Vec<Point>,
    ) -> Option<CardinalDirection> {
        path.clear();
        if self.pathing.grid.is_none() {
            let graph = &*self.graph;
            self.pathing.grid =
                PathGrid::from_passable(graph.size(), |p| graph.get(p).copied().unwrap_or(false))
                    .ok();
        }
        let grid = self.pathing.grid.as_ref()?;
        let found = self.pathing.search.astar_into(grid, Rule::FOUR, from, to, path).ok()??;
        let _ = found;
        if !path.is_empty() {
            path.remove(0);
        }
        let next = *path.first()?;
        CardinalDirection::ALL.into_iter().find(|d| from + d.offset() == next)
    }
}
