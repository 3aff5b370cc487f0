//! What the player asks for and what the game answers: actions, looks, fights, events.

use super::*;

/// What the player asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Action {
    /// Step one cell (CaveGame's WASD).
    Move(CardinalDirection),
    /// Wield a sword or wear armour from the pack.
    Equip(Item),
    /// Rest one turn (the default game): heal a hit point while the monsters act.
    Rest,
    /// Drop one of an item from the pack, for good (no turn passes); a sword wielded or
    /// armour worn that is gone is taken off. (Added after the others, so recordings made
    /// before it still read.)
    Drop(Item),
}

/// What a cell is, as the front end draws it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ground {
    /// Open floor.
    Floor,
    /// Rock next to floor (the cave's wall).
    Wall,
    /// Solid rock.
    Rock,
    /// An unopened chest on floor.
    Chest,
    /// An opened chest: walkable floor.
    OpenedChest,
    /// The shrine at the start (the default game): heals for gold.
    Shrine,
    /// The artefact (the default game): taking it wins.
    Artefact,
    /// Past the edge of the `i32` world (never generated; blocks).
    Void,
}

impl Ground {
    /// Whether one can stand here.
    pub const fn is_walkable(self) -> bool {
        matches!(
            self,
            Ground::Floor | Ground::Chest | Ground::OpenedChest | Ground::Shrine | Ground::Artefact
        )
    }
}

/// One cell as seen: its ground and the living monster on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Look {
    /// The ground.
    pub ground: Ground,
    /// A living monster standing here.
    pub monster: Option<MonsterKind>,
}

/// Why a step was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Blocker {
    /// Rock or wall.
    Rock,
    /// A monster stands there.
    Monster(MonsterKind),
    /// The end of the world (`i32` coordinates).
    Edge,
}

/// How a fight ended for the player.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum FightOutcome {
    /// The monster died; the player took its reward.
    Won {
        /// What the monster left.
        rewards: Vec<Reward>,
    },
    /// The player died and came back.
    Lost {
        /// Where the player came back.
        respawned_at: Point,
        /// The item lost, if one was (see [`Rules::death_loses_item`]).
        lost: Option<Item>,
    },
    /// Neither could hurt the other: the player broke off (see
    /// [`CombatRules::max_turns`]).
    BrokenOff,
    /// The player died and the game is over (the default game).
    Slain,
}

/// A fight, from the start to the outcome.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FightReport {
    /// The monster fought.
    pub monster: Monster,
    /// The player's stats at the start.
    pub player: Combatant,
    /// The monster's stats at the start.
    pub foe: Combatant,
    /// Every blow.
    pub log: FightLog,
    /// How it ended.
    pub outcome: FightOutcome,
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// The player stepped.
    Moved {
        /// From.
        from: Point,
        /// To.
        to: Point,
    },
    /// The step was refused (no turn passes).
    Blocked {
        /// The cell the player tried to enter.
        at: Point,
        /// What is there.
        by: Blocker,
    },
    /// The player crossed into another region.
    EnteredRegion {
        /// The region left.
        from: RegionCoord,
        /// The region entered.
        to: RegionCoord,
    },
    /// The player opened a chest and took what was in it.
    ChestOpened {
        /// Where.
        at: Point,
        /// What it held (possibly nothing).
        rewards: Vec<Reward>,
    },
    /// A monster saw the player and they fought.
    Fight(Box<FightReport>),
    /// The item is now wielded or worn.
    Equipped(Item),
    /// The item is already wielded or worn.
    AlreadyEquipped(Item),
    /// The player carries no such item.
    NotCarried(Item),
    /// The player dropped one of this item.
    Dropped(Item),
    /// The player rested a turn (the default game).
    Rested,
    /// There is no resting under `--rules seed` (nothing happened, no turn passed).
    CannotRest,
    /// The shrine healed `hp` hit points for `paid` gold (both 0 when the player is at
    /// full health or has no gold).
    Healed {
        /// Hit points healed.
        hp: u32,
        /// Gold paid.
        paid: u64,
    },
    /// The game is over (the default game): every later action answers this.
    GameOver(Ending),
}
