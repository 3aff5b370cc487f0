//! The hero's belongings and the record of a run: what the end screen and the morgue show.

use super::*;

/// The player's belongings and belly.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Hero {
    pub(super) inventory: Inventory,
    pub(super) weapon: Option<Slot>,
    pub(super) armor: Option<Slot>,
    pub(super) stomach: Stomach,
}

impl Hero {
    /// The pack.
    pub fn inventory(&self) -> &Inventory {
        &self.inventory
    }

    /// The slot of the wielded weapon.
    pub fn weapon(&self) -> Option<Slot> {
        self.weapon
    }

    /// The slot of the armour worn.
    pub fn armor(&self) -> Option<Slot> {
        self.armor
    }

    /// Whether the item in `slot` is wielded or worn.
    pub fn is_equipped(&self, slot: Slot) -> bool {
        self.weapon == Some(slot) || self.armor == Some(slot)
    }

    /// The belly.
    pub fn stomach(&self) -> &Stomach {
        &self.stomach
    }

    /// Whether the teddy bear is in the pack.
    pub fn has_teddy_bear(&self) -> bool {
        self.inventory.iter().any(|(_, i)| i.kind == ItemKind::TeddyBear)
    }

    pub(super) fn bonus(&self, f: impl Fn(&Item) -> i32) -> i32 {
        [self.weapon, self.armor]
            .into_iter()
            .flatten()
            .filter_map(|s| self.inventory.get(s))
            .map(f)
            .fold(0i32, i32::saturating_add)
    }
}

/// The run so far, for the end screen and the morgue file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Record {
    /// Monsters the player killed, by kind (fungus, bat, zombie).
    pub kills: [u32; 3],
    /// The deepest level reached (0 is the top).
    pub deepest: usize,
    /// Walls dug through.
    pub dug: u32,
    /// Items eaten.
    pub eaten: u32,
}

impl Record {
    /// All kills.
    pub fn total_kills(&self) -> u32 {
        self.kills.iter().sum()
    }

    /// Kills of one kind.
    pub fn kills_of(&self, kind: CreatureKind) -> u32 {
        kill_index(kind).map_or(0, |i| self.kills[i])
    }
}

/// One line of the message history: an event and the turn it happened on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Entry {
    /// When.
    pub turn: Turn,
    /// What.
    pub event: Event,
}

/// A summary of a finished (or ongoing) run: the end screen and the morgue file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The run's seed.
    pub seed: Seed,
    /// Turns played.
    pub turns: Turn,
    /// The deepest level reached, counted from 1.
    pub deepest_level: usize,
    /// How many levels the caves have.
    pub levels: usize,
    /// The run's record (kills by kind, digs, meals).
    pub record: Record,
    /// How it ended (`None` while it goes on).
    pub outcome: Option<Outcome>,
    /// Hit points at the end, and the maximum.
    pub hp: (i32, i32),
    /// Food at the end, and the stomach's size.
    pub food: (i32, i32),
    /// What the player carried: slot, item, whether equipped.
    pub pack: Vec<(Slot, ItemKind, bool)>,
}
