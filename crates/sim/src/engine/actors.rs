//! A generational store of actors.

/// A handle to an actor: an index plus a generation, so a handle to a dead actor never
/// reaches the actor that later takes its slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ActorId {
    index: u32,
    generation: u32,
}

impl ActorId {
    /// The slot index (stable while the actor lives; ordering key for turn order).
    pub fn index(self) -> u32 {
        self.index
    }
}

impl std::fmt::Display for ActorId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "#{}.{}", self.index, self.generation)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
struct Slot<T> {
    generation: u32,
    value: Option<T>,
}

/// Actors of type `T` addressed by [`ActorId`]: O(1) insert, remove and lookup; iteration
/// in slot order, which is deterministic (the same inserts and removes give the same
/// order on every machine). Freed slots are reused lowest-first.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Actors<T> {
    slots: Vec<Slot<T>>,
    free: std::collections::BTreeSet<u32>,
    len: usize,
}

impl<T> Default for Actors<T> {
    fn default() -> Actors<T> {
        Actors { slots: Vec::new(), free: std::collections::BTreeSet::new(), len: 0 }
    }
}

impl<T> Actors<T> {
    /// An empty store.
    pub fn new() -> Actors<T> {
        Actors::default()
    }

    /// Adds an actor and returns its id.
    pub fn insert(&mut self, value: T) -> ActorId {
        self.len += 1;
        if let Some(index) = self.free.pop_first() {
            let slot = &mut self.slots[index as usize];
            slot.value = Some(value);
            return ActorId { index, generation: slot.generation };
        }
        let index = self.slots.len() as u32;
        self.slots.push(Slot { generation: 0, value: Some(value) });
        ActorId { index, generation: 0 }
    }

    /// Removes the actor; `None` if the id is stale or unknown.
    pub fn remove(&mut self, id: ActorId) -> Option<T> {
        let slot = self.slots.get_mut(id.index as usize)?;
        if slot.generation != id.generation {
            return None;
        }
        let value = slot.value.take()?;
        slot.generation = slot.generation.wrapping_add(1);
        self.free.insert(id.index);
        self.len -= 1;
        Some(value)
    }

    /// The actor, if the id is live.
    pub fn get(&self, id: ActorId) -> Option<&T> {
        self.slots
            .get(id.index as usize)
            .filter(|s| s.generation == id.generation)
            .and_then(|s| s.value.as_ref())
    }

    /// The actor for writing, if the id is live.
    pub fn get_mut(&mut self, id: ActorId) -> Option<&mut T> {
        self.slots
            .get_mut(id.index as usize)
            .filter(|s| s.generation == id.generation)
            .and_then(|s| s.value.as_mut())
    }

    /// Whether the id names a live actor.
    pub fn contains(&self, id: ActorId) -> bool {
        self.get(id).is_some()
    }

    /// The number of live actors.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no actor lives.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Live actors in slot order.
    pub fn iter(&self) -> impl Iterator<Item = (ActorId, &T)> {
        self.slots.iter().enumerate().filter_map(|(i, s)| {
            s.value.as_ref().map(|v| (ActorId { index: i as u32, generation: s.generation }, v))
        })
    }

    /// Live actors in slot order, for writing.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = (ActorId, &mut T)> {
        self.slots.iter_mut().enumerate().filter_map(|(i, s)| {
            let generation = s.generation;
            s.value.as_mut().map(|v| (ActorId { index: i as u32, generation }, v))
        })
    }

    /// Whether the store's bookkeeping holds together: the free list names exactly the
    /// empty slots and the count matches. A store read from an untrusted save must pass
    /// this before use (an inconsistent one could later hand out a live slot again).
    pub fn is_consistent(&self) -> bool {
        let empty: Vec<u32> = (0..self.slots.len() as u32)
            .filter(|&i| self.slots[i as usize].value.is_none())
            .collect();
        self.free.iter().copied().eq(empty.iter().copied())
            && self.len == self.slots.len() - empty.len()
    }

    /// The ids of live actors in slot order (a snapshot: safe to mutate the store while
    /// walking it, as a turn loop does).
    pub fn ids(&self) -> Vec<ActorId> {
        self.iter().map(|(id, _)| id).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stale_ids_miss_reused_slots() {
        let mut a = Actors::new();
        let bat = a.insert("bat");
        let rat = a.insert("rat");
        assert_eq!(a.remove(bat), Some("bat"));
        let zombie = a.insert("zombie");
        assert_eq!(zombie.index(), bat.index(), "slot reused");
        assert_eq!(a.get(bat), None, "stale id");
        assert_eq!(a.get(zombie), Some(&"zombie"));
        assert_eq!(a.remove(bat), None);
        assert_eq!(a.len(), 2);
        assert_eq!(a.iter().map(|(_, v)| *v).collect::<Vec<_>>(), vec!["zombie", "rat"]);
        assert!(a.contains(rat));
        assert!(a.is_consistent());
    }

    #[test]
    fn ids_snapshot_allows_mutation_during_a_turn_loop() {
        let mut a = Actors::new();
        for i in 0..5 {
            a.insert(i);
        }
        for id in a.ids() {
            if a.get(id).is_some_and(|v| v % 2 == 0) {
                a.remove(id);
            }
        }
        assert_eq!(a.iter().map(|(_, v)| *v).collect::<Vec<_>>(), vec![1, 3]);
    }
}
