//! What happened during a tick: facts for the front end to show (it words them).

use torchlit_geom::Point;

use super::AreaId;
use super::dialog::DialogId;
use super::geometry::Side;
use super::monster::MonsterState;
use super::rules::KeyNumber;

/// Something the hero picked up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pickup {
    /// The pickaxe.
    Pickaxe,
    /// A heart (+1 life).
    Heart,
    /// A key with its identifier.
    Key(KeyNumber),
    /// The treasure.
    Treasure,
}

/// A fact of one tick. Coordinates are map space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// The hero picked something up.
    PickedUp(Pickup),
    /// The hero opened a locked portal with its key.
    PortalOpened {
        /// The portal's wall.
        side: Side,
        /// The key used.
        key: KeyNumber,
    },
    /// The hero tried a locked portal without its key.
    PortalLocked {
        /// The portal's wall.
        side: Side,
        /// The key it needs.
        key: KeyNumber,
    },
    /// The hero crossed a portal into another area.
    Crossed {
        /// The area left.
        from: AreaId,
        /// The area entered.
        to: AreaId,
    },
    /// A pickaxe blow landed on a rock.
    RockHit {
        /// The rock's cell.
        at: Point,
        /// Its life left.
        life: i32,
    },
    /// A rock broke (it now vanishes).
    RockBroken {
        /// Its cell.
        at: Point,
    },
    /// A broken rock left a heart.
    HeartDropped {
        /// Where.
        at: Point,
    },
    /// The hero lost life.
    PlayerHurt {
        /// Life left.
        life: i32,
    },
    /// The hero died; the area restarts.
    PlayerDied,
    /// A pickaxe blow landed on a log monster.
    MonsterHurt {
        /// Its cell.
        at: Point,
        /// Its life left.
        life: i32,
    },
    /// A log monster died.
    MonsterDied {
        /// Its cell.
        at: Point,
    },
    /// A log monster changed state.
    MonsterStateChanged {
        /// Its cell.
        at: Point,
        /// Its new state.
        state: MonsterState,
    },
    /// The boss took its first blow and woke up.
    BossWoke,
    /// The boss lost life.
    BossHurt {
        /// Life left.
        life: i32,
    },
    /// The boss teleported.
    BossTeleported {
        /// Its new cell.
        to: Point,
    },
    /// The boss fired a barrage.
    Barrage {
        /// The one cell of the line left free.
        safe: Point,
        /// How many projectiles.
        projectiles: u32,
    },
    /// The boss died.
    BossDefeated,
    /// A key appeared on the ground (the boss's).
    KeyDropped {
        /// Where.
        at: Point,
        /// Its identifier.
        key: KeyNumber,
    },
    /// An area's signal turned on.
    AreaSolved {
        /// Which.
        area: AreaId,
    },
    /// The treasure appeared (in `Spawn`).
    TreasureAppeared {
        /// Where.
        at: Point,
    },
    /// A dialog opened.
    DialogOpened(DialogId),
    /// The dialog finished.
    DialogClosed(DialogId),
    /// The game paused (`true`) or resumed.
    Paused(bool),
    /// The path display turned on or off.
    PathsShown(bool),
    /// The game restarted from scratch.
    GameReset,
    /// The current area restarted.
    AreaReset,
    /// The hero took the treasure: the game is won.
    Victory,
}
