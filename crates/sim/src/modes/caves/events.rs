//! What goes into the caves (actions) and what comes out (events).

use torchlit_geom::{Direction, Point};

use super::creature::CreatureKind;
use super::hunger::Hunger;
use super::inventory::Slot;
use super::item::ItemKind;

/// What the player asks for. Each is one turn when it succeeds; a refused action
/// ([`Event::Refused`]) takes no time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Action {
    /// Step one cell: walks, attacks whoever stands there, or digs through a wall.
    Move(Direction),
    /// Let a turn pass.
    Wait,
    /// Walk down the stairs you stand on (`>`).
    Descend,
    /// Walk up the stairs you stand on (`<`); on the top level's exit stairs this leaves
    /// the caves and ends the game (won with the teddy bear, lost without).
    Ascend,
    /// Pick up the item you stand on (`g`, `,`).
    PickUp,
    /// Drop the item in a slot on the nearest free cell.
    Drop(Slot),
    /// Eat the item in a slot.
    Eat(Slot),
    /// Eat the item lying where you stand, without picking it up first.
    EatHere,
    /// Wield or wear the item in a slot; if it is equipped already, take it off.
    Equip(Slot),
    /// One step of auto-explore: towards the nearest cell never seen.
    Explore,
    /// One step of travel towards the nearest known stairs of a kind.
    Travel(Stairs),
    /// One step of travel towards the nearest remembered item that is not a rock.
    TravelToItem,
    /// One turn of rest: repeated, it rests until healed, until something comes into
    /// view or after [`REST_TURNS`](super::REST_TURNS) turns, and stops at the first
    /// hunger change.
    Rest,
    // Recordings keep actions by position: new ones go last.
    /// One step of travel towards a cell the player knows (a click on the map): along
    /// known ground, stopped by what stops travel to the stairs.
    TravelTo(Point),
}

/// Which way a staircase leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Stairs {
    /// `>`.
    Down,
    /// `<` (on the top level: the exit).
    Up,
}

/// Who did something: the player or a monster of a kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Who {
    /// The player.
    You,
    /// A monster.
    It(CreatureKind),
}

/// Why an action was refused (no time passes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Refusal {
    /// Nothing lies here to pick up.
    NothingHere,
    /// The pack's 20 slots are full.
    PackFull,
    /// No item in that slot.
    EmptySlot(Slot),
    /// That item cannot be eaten.
    NotEdible(ItemKind),
    /// That item cannot be worn or wielded.
    NotEquippable(ItemKind),
    /// No free cell nearby to drop the item on.
    NowhereToDrop(ItemKind),
    /// The edge of the world: nothing to dig.
    MapEdge,
    /// No stairs that way here ("You try to go down but are stopped by the cave floor").
    NoStairs(Stairs),
    /// The game is over.
    GameOver,
}

/// Why auto-explore or travel stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Stop {
    /// A monster came into view for the first time.
    MonsterInView(CreatureKind),
    /// A monster that hunts is in view: no exploring or travelling now (nothing done).
    MonsterNearby(CreatureKind),
    /// An item (other than a rock) was found.
    ItemFound(ItemKind),
    /// You were hurt.
    Hurt,
    /// Hunger got worse.
    Hunger(Hunger),
    /// A monster stands in the way, one step that way.
    Blocked(CreatureKind, Direction),
    /// Every cell reachable without digging has been seen.
    Explored,
    /// Travel reached the stairs.
    Arrived,
    /// No known stairs of that kind can be reached on this level.
    NoRoute(Stairs),
    /// The way keeps changing and no step brought the goal closer (monsters moving in
    /// and out of view): stopped rather than walk back and forth.
    NoProgress,
    /// Auto-explore and rest do not go on while you are hungry and carry food.
    HungryWithFood,
    /// No rest while starving (with nothing to eat): it would only bring death nearer.
    Starving,
    /// Rest ended: healed, or after the most turns a rest lasts.
    Rested,
    /// No remembered item (other than rocks) can be reached on this level.
    NoItem,
    // Saved runs keep stops in their journal by position: new ones go last.
    /// The cell [`Action::TravelTo`] asked for can't be reached over known ground.
    NoPath,
    /// A monster got next to you: a bat during explore or rest, any monster while you
    /// flee to the stairs (the default [`super::Rules`]).
    Adjacent(CreatureKind),
}

/// How the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// Left the caves with the teddy bear.
    Won,
    /// Died or left without it.
    Lost(Cause),
}

/// What ended a lost game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Cause {
    /// Killed by a monster of this kind.
    KilledBy(CreatureKind),
    /// Starved to death.
    Starved,
    /// The last hit point went to a stretched stomach.
    Overate,
    /// Left by the exit stairs without the teddy bear (the tutorial's lose screen).
    LeftWithoutTreasure,
}

/// A fact the player perceives: the sim reports only what the player does, suffers or
/// sees (part 08: "you have to actually see something happen in order to be notified").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Event {
    /// You stepped to a cell.
    Moved {
        /// The cell entered.
        to: Point,
    },
    /// One creature hit another for some damage.
    Attacked {
        /// Who struck.
        attacker: Who,
        /// Who was struck.
        target: Who,
        /// Hit points lost.
        damage: i32,
    },
    /// A creature died (and left a corpse).
    Died {
        /// Who died.
        who: Who,
    },
    /// You dug through a wall (costs food).
    Dug {
        /// The cell that is now floor.
        at: Point,
    },
    /// A monster blundered into a wall.
    Bumped {
        /// Who.
        who: Who,
    },
    /// A fungus spread to a nearby cell.
    Spawned {
        /// Who spread.
        parent: Who,
    },
    /// You took the stairs to another level.
    TookStairs {
        /// Up or down.
        way: Stairs,
        /// The level reached (0 is the top).
        depth: usize,
    },
    /// A monster came into view for the first time (each creature is noticed once).
    CameIntoView {
        /// What it is.
        kind: CreatureKind,
    },
    /// You noticed an item (rocks are not reported).
    Found {
        /// What it is.
        item: ItemKind,
    },
    /// You stepped onto a cell with an item.
    ItemHere {
        /// What lies here.
        item: ItemKind,
    },
    /// You picked up an item.
    PickedUp {
        /// What.
        item: ItemKind,
        /// The slot it went to.
        slot: Slot,
    },
    /// You dropped an item.
    Dropped {
        /// What.
        item: ItemKind,
    },
    /// An item landed on your cell ("A bat corpse lands between your feet").
    Landed {
        /// What.
        item: ItemKind,
    },
    /// You ate an item.
    Ate {
        /// What.
        item: ItemKind,
    },
    /// You wielded a weapon (`wielded`) or put on armour.
    Equipped {
        /// What.
        item: ItemKind,
        /// Wielded (a weapon) rather than worn.
        wielded: bool,
    },
    /// You put away a weapon (`wielded`) or took off armour.
    Unequipped {
        /// What.
        item: ItemKind,
        /// It was wielded rather than worn.
        wielded: bool,
    },
    /// You ate past your stomach's size: it stretched, and it hurt (1 hit point).
    StomachStretched,
    /// Hunger got worse.
    HungerChanged {
        /// The new state.
        hunger: Hunger,
    },
    /// The action was refused; no time passed.
    Refused(Refusal),
    /// Auto-explore or travel stopped.
    AutoStopped(Stop),
    /// The game ended.
    GameOver(Outcome),
    // Saved runs keep events in their journal by position: new ones go last.
    /// A creature stands where the stairs lead: taking them attacks it instead (the
    /// tutorial's `moveBy` rule), and this event comes just before the blow.
    StairsBlocked {
        /// Up or down.
        way: Stairs,
        /// What stands at the other end.
        kind: CreatureKind,
    },
}
