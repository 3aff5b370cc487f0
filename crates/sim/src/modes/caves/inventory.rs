//! The player's pack: 20 lettered slots that keep their letters (part 10).

use super::item::Item;

/// The number of slots (part 10: "I prefer smaller inventories").
pub const INVENTORY_SLOTS: usize = 20;

/// One slot of the pack, shown as a letter `a`..`t`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8"))]
pub struct Slot(u8);

impl TryFrom<u8> for Slot {
    type Error = String;

    /// A slot index from a save: refused past the last slot.
    fn try_from(index: u8) -> Result<Slot, String> {
        Slot::new(usize::from(index)).ok_or_else(|| format!("no inventory slot {index}"))
    }
}

impl Slot {
    /// The slot at `index` (0 is `a`), if there is one.
    pub fn new(index: usize) -> Option<Slot> {
        (index < INVENTORY_SLOTS).then_some(Slot(index as u8))
    }

    /// The slot of a letter `a`..`t`.
    pub fn from_letter(letter: char) -> Option<Slot> {
        let i = (letter as u32).checked_sub('a' as u32)?;
        Slot::new(i as usize)
    }

    /// Its letter.
    pub fn letter(self) -> char {
        char::from(b'a' + self.0)
    }

    /// Its index (0 is `a`).
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// Every slot, `a` first.
    pub fn all() -> impl Iterator<Item = Slot> {
        (0..INVENTORY_SLOTS as u8).map(Slot)
    }
}

/// A fixed array of slots: an item keeps its letter when others leave (part 10 uses an
/// array "so the items index doesn't change when we lose something before it").
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Inventory {
    slots: Vec<Option<Item>>,
}

impl Default for Inventory {
    fn default() -> Inventory {
        Inventory { slots: vec![None; INVENTORY_SLOTS] }
    }
}

impl Inventory {
    /// An empty pack.
    pub fn new() -> Inventory {
        Inventory::default()
    }

    /// Puts `item` in the first free slot; gives it back when the pack is full.
    pub fn add(&mut self, item: Item) -> Result<Slot, Item> {
        match self.slots.iter().position(Option::is_none).and_then(Slot::new) {
            Some(slot) => {
                self.slots[slot.index()] = Some(item);
                Ok(slot)
            }
            None => Err(item),
        }
    }

    /// Takes the item out of `slot`.
    pub fn take(&mut self, slot: Slot) -> Option<Item> {
        self.slots.get_mut(slot.index()).and_then(Option::take)
    }

    /// The item in `slot`.
    pub fn get(&self, slot: Slot) -> Option<&Item> {
        self.slots.get(slot.index()).and_then(Option::as_ref)
    }

    /// Whether every slot holds an item.
    pub fn is_full(&self) -> bool {
        self.slots.iter().all(Option::is_some)
    }

    /// The number of items carried.
    pub fn len(&self) -> usize {
        self.slots.iter().filter(|s| s.is_some()).count()
    }

    /// Whether nothing is carried.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The items carried with their slots, `a` first.
    pub fn iter(&self) -> impl Iterator<Item = (Slot, &Item)> {
        self.slots.iter().enumerate().filter_map(|(i, s)| Some((Slot::new(i)?, s.as_ref()?)))
    }

    /// Whether the pack has exactly [`INVENTORY_SLOTS`] slots (a loaded save is checked).
    #[cfg(feature = "serde")]
    pub(crate) fn is_well_formed(&self) -> bool {
        self.slots.len() == INVENTORY_SLOTS
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::modes::caves::item::ItemKind;

    #[test]
    fn letters_stay_with_their_items() {
        let mut inv = Inventory::new();
        let a = inv.add(ItemKind::Rock.item()).expect("room");
        let b = inv.add(ItemKind::Apple.item()).expect("room");
        let c = inv.add(ItemKind::Sword.item()).expect("room");
        assert_eq!((a.letter(), b.letter(), c.letter()), ('a', 'b', 'c'));
        assert_eq!(inv.take(b).map(|i| i.kind), Some(ItemKind::Apple));
        assert_eq!(inv.get(c).map(|i| i.kind), Some(ItemKind::Sword), "c keeps its letter");
        let again = inv.add(ItemKind::Bread.item()).expect("room");
        assert_eq!(again.letter(), 'b', "the first free slot");
        for _ in 3..INVENTORY_SLOTS {
            assert!(inv.add(ItemKind::Rock.item()).is_ok());
        }
        assert!(inv.is_full());
        assert_eq!(inv.add(ItemKind::Rock.item()).map_err(|i| i.kind), Err(ItemKind::Rock));
        assert_eq!(Slot::from_letter('t').map(Slot::index), Some(19));
        assert_eq!(Slot::from_letter('u'), None);
        assert_eq!(Slot::from_letter('A'), None);
    }
}
