//! Interactions without type checks: a double-dispatch visitor (seed §2.5.2).
//!
//! An *interactor* (the hero, a log monster, a projectile) asks the area for the
//! interactables in its cells (a *contact* interaction) or in its field of view (a
//! *distance* interaction: the cell in front of the hero, a monster's perception
//! square). Each interactable then calls back the interactor's handler with the method
//! for its own kind: [`Interactable::accept`] on a heart calls [`Visitor::heart`], on a
//! portal [`Visitor::portal`]. Every method of [`Visitor`] does nothing by default, so a
//! handler overrides only the meetings it cares about (the hero's handler picks up
//! collectables and opens portals; a monster's handler only knows the hero). No code asks
//! "what type is this?": adding an actor means one `accept` and one visitor method.
//!
//! This is ICMaze's `ICMazeInteractionVisitor` + `acceptInteraction`, in Rust: trait
//! objects for the handlers, and the stored actors in one enum ([`Thing`]) whose
//! `accept` forwards to the concrete type's.

use torchlit_geom::Point;

use super::Thing;
use super::boss::Boss;
use super::cell::CellType;
use super::collectable::{Heart, Key, Pickaxe, Treasure};
use super::monster::LogMonster;
use super::player::Player;
use super::portal::Portal;
use super::rock::Rock;
use crate::engine::ActorId;

/// How an interaction reaches its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Reach {
    /// The interactor shares a cell with the target (walking over a heart, crossing a
    /// portal, a projectile touching the hero).
    Contact,
    /// The target lies in the interactor's field of view (the cell in front of the hero,
    /// a monster's perception square).
    Distance,
}

/// A handler for interactions: one method per kind of interactable, each doing nothing by
/// default (ICMaze's `ICMazeInteractionVisitor`).
///
/// Coordinates are map space. `id` names the target in its area's store.
#[allow(unused_variables)]
pub trait Visitor {
    /// Meets the ground of cell `at` (ICMaze's `ICMazeCell`).
    fn cell(&mut self, at: Point, cell: CellType, reach: Reach) {}
    /// Meets the hero.
    fn player(&mut self, player: &mut Player, reach: Reach) {}
    /// Meets a pickaxe lying on the ground.
    fn pickaxe(&mut self, id: ActorId, pickaxe: &mut Pickaxe, reach: Reach) {}
    /// Meets a heart.
    fn heart(&mut self, id: ActorId, heart: &mut Heart, reach: Reach) {}
    /// Meets a key.
    fn key(&mut self, id: ActorId, key: &mut Key, reach: Reach) {}
    /// Meets the treasure.
    fn treasure(&mut self, id: ActorId, treasure: &mut Treasure, reach: Reach) {}
    /// Meets a portal.
    fn portal(&mut self, id: ActorId, portal: &mut Portal, reach: Reach) {}
    /// Meets a rock.
    fn rock(&mut self, id: ActorId, rock: &mut Rock, reach: Reach) {}
    /// Meets a log monster.
    fn log_monster(&mut self, id: ActorId, monster: &mut LogMonster, reach: Reach) {}
    /// Meets the boss.
    fn boss(&mut self, id: ActorId, boss: &mut Boss, reach: Reach) {}
}

/// Something that interactions can reach (ICMaze's `Interactable`).
pub trait Interactable {
    /// Whether it takes interactions of this reach (ICMaze's `isCellInteractable` /
    /// `isViewInteractable`).
    fn accepts(&self, reach: Reach) -> bool;
    /// Calls `visitor`'s method for this kind (ICMaze's `acceptInteraction`).
    fn accept(&mut self, id: ActorId, visitor: &mut dyn Visitor, reach: Reach);
}

macro_rules! accept_as {
    ($ty:ty, $method:ident, contact: $contact:expr, distance: $distance:expr) => {
        impl Interactable for $ty {
            fn accepts(&self, reach: Reach) -> bool {
                match reach {
                    Reach::Contact => $contact,
                    Reach::Distance => $distance,
                }
            }
            fn accept(&mut self, id: ActorId, visitor: &mut dyn Visitor, reach: Reach) {
                visitor.$method(id, self, reach);
            }
        }
    };
}

// Collectables: contact only (seed §2.5). Portals: always distance, contact to cross
// (§2.6.2). Rocks: any interaction (§3.1.1). Enemies: both (§4.1).
accept_as!(Pickaxe, pickaxe, contact: true, distance: false);
accept_as!(Heart, heart, contact: true, distance: false);
accept_as!(Key, key, contact: true, distance: false);
accept_as!(Treasure, treasure, contact: true, distance: false);
accept_as!(Portal, portal, contact: true, distance: true);
accept_as!(Rock, rock, contact: true, distance: true);
accept_as!(LogMonster, log_monster, contact: true, distance: true);
accept_as!(Boss, boss, contact: true, distance: true);

impl Interactable for Thing {
    fn accepts(&self, reach: Reach) -> bool {
        match self {
            Thing::Pickaxe(t) => t.accepts(reach),
            Thing::Heart(t) => t.accepts(reach),
            Thing::Key(t) => t.accepts(reach),
            Thing::Treasure(t) => t.accepts(reach),
            Thing::Portal(t) => t.accepts(reach),
            Thing::Rock(t) => t.accepts(reach),
            Thing::LogMonster(t) => t.accepts(reach),
            Thing::Boss(t) => t.accepts(reach),
            // A projectile takes no interaction (seed §5.1.1).
            Thing::Projectile(_) => false,
        }
    }

    fn accept(&mut self, id: ActorId, visitor: &mut dyn Visitor, reach: Reach) {
        match self {
            Thing::Pickaxe(t) => t.accept(id, visitor, reach),
            Thing::Heart(t) => t.accept(id, visitor, reach),
            Thing::Key(t) => t.accept(id, visitor, reach),
            Thing::Treasure(t) => t.accept(id, visitor, reach),
            Thing::Portal(t) => t.accept(id, visitor, reach),
            Thing::Rock(t) => t.accept(id, visitor, reach),
            Thing::LogMonster(t) => t.accept(id, visitor, reach),
            Thing::Boss(t) => t.accept(id, visitor, reach),
            Thing::Projectile(_) => {}
        }
    }
}
