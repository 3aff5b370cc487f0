//! One save: everything that goes into one transaction.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::SaveError;
use crate::codec::encode;

/// A region's coordinates (CaveGame's `rx, ry`): which region of an infinite world.
///
/// Only modified regions are stored; any other region is regenerated from the world's
/// seed. The coordinate system (which way `y` grows, the region size) is the caller's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct RegionKey {
    /// Region column.
    pub x: i32,
    /// Region row.
    pub y: i32,
}

impl RegionKey {
    /// The region at `(x, y)`.
    pub const fn new(x: i32, y: i32) -> RegionKey {
        RegionKey { x, y }
    }
}

impl From<(i32, i32)> for RegionKey {
    fn from((x, y): (i32, i32)) -> RegionKey {
        RegionKey { x, y }
    }
}

impl fmt::Display for RegionKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// Everything one save writes, already encoded: committed as one transaction by
/// [`WorldDb::commit`](crate::WorldDb::commit) or a [`Saver`](crate::Saver).
///
/// The records are encoded (postcard) when they are added, on the caller's thread, so a
/// `Save` owns plain bytes: it is `Send` whatever the game's types are, and the game can
/// go on changing its state while the save is written in the background.
///
/// - The overworld puts its player record and the regions modified since the last save.
/// - The caves mode puts one whole-game snapshot.
///
/// ```
/// # use torchlit_save::{RegionKey, Save};
/// let mut save = Save::new();
/// save.set_player(&("hero", 42u32))?.set_region(RegionKey::new(0, -1), &vec![1u8; 2500])?;
/// assert_eq!(save.region_count(), 1);
/// # Ok::<(), torchlit_save::SaveError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Save {
    pub(crate) player: Option<Vec<u8>>,
    pub(crate) snapshot: Option<Vec<u8>>,
    pub(crate) recording: Option<Vec<u8>>,
    pub(crate) regions: BTreeMap<RegionKey, Vec<u8>>,
}

impl Save {
    /// An empty save (committing it only records the time: "last played").
    pub fn new() -> Save {
        Save::default()
    }

    /// Sets the player record (replacing the stored one when committed).
    ///
    /// # Errors
    /// [`SaveError::Encode`] if the value's `Serialize` impl fails.
    pub fn set_player<P: Serialize + ?Sized>(
        &mut self,
        player: &P,
    ) -> Result<&mut Save, SaveError> {
        self.player = Some(encode(player, || "player record".to_owned())?);
        Ok(self)
    }

    /// Sets one modified region (replacing the stored one when committed).
    ///
    /// # Errors
    /// [`SaveError::Encode`] if the value's `Serialize` impl fails.
    pub fn set_region<R: Serialize + ?Sized>(
        &mut self,
        key: RegionKey,
        region: &R,
    ) -> Result<&mut Save, SaveError> {
        let bytes = encode(region, || format!("region {key}"))?;
        self.regions.insert(key, bytes);
        Ok(self)
    }

    /// Sets the whole-game snapshot (replacing the stored one when committed).
    ///
    /// # Errors
    /// [`SaveError::Encode`] if the value's `Serialize` impl fails.
    pub fn set_snapshot<T: Serialize + ?Sized>(
        &mut self,
        snapshot: &T,
    ) -> Result<&mut Save, SaveError> {
        self.snapshot = Some(encode(snapshot, || "game snapshot".to_owned())?);
        Ok(self)
    }

    /// Sets the game's recording so far (`bytes` in the [`crate::recording`] file format,
    /// replacing the stored one when committed), so it is saved in the same transaction as
    /// the state it leads to.
    pub fn set_recording(&mut self, bytes: Vec<u8>) -> &mut Save {
        self.recording = Some(bytes);
        self
    }

    /// Folds a newer save into this one: the newer records win, regions only in `self`
    /// stay. Committing the result equals committing `self`, then `newer`.
    pub fn merge(&mut self, newer: Save) {
        if newer.player.is_some() {
            self.player = newer.player;
        }
        if newer.snapshot.is_some() {
            self.snapshot = newer.snapshot;
        }
        if newer.recording.is_some() {
            self.recording = newer.recording;
        }
        self.regions.extend(newer.regions);
    }

    /// True when the save holds no record at all.
    pub fn is_empty(&self) -> bool {
        self.player.is_none()
            && self.snapshot.is_none()
            && self.recording.is_none()
            && self.regions.is_empty()
    }

    /// True when the save holds a player record.
    pub fn has_player(&self) -> bool {
        self.player.is_some()
    }

    /// How many regions the save writes.
    pub fn region_count(&self) -> usize {
        self.regions.len()
    }

    /// The encoded size of all records, in bytes.
    pub fn encoded_len(&self) -> usize {
        self.player.as_ref().map_or(0, Vec::len)
            + self.snapshot.as_ref().map_or(0, Vec::len)
            + self.recording.as_ref().map_or(0, Vec::len)
            + self.regions.values().map(Vec::len).sum::<usize>()
    }

    /// The encoded bytes of a region in this save, if it holds one.
    #[cfg(any(test, feature = "sqlite"))]
    pub(crate) fn region_bytes(&self, key: RegionKey) -> Option<&[u8]> {
        self.regions.get(&key).map(Vec::as_slice)
    }

    /// Adds an already-encoded region.
    pub(crate) fn set_region_bytes(&mut self, key: RegionKey, bytes: Vec<u8>) {
        self.regions.insert(key, bytes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newer_records_win_when_merged() {
        let mut a = Save::new();
        a.set_player(&1u8).and_then(|s| s.set_region(RegionKey::new(0, 0), &10u8)).ok();
        a.set_region(RegionKey::new(1, 0), &11u8).ok();
        let mut b = Save::new();
        b.set_region(RegionKey::new(0, 0), &20u8).ok();
        a.merge(b);
        assert_eq!(a.player, Some(vec![1]));
        assert_eq!(a.region_bytes(RegionKey::new(0, 0)), Some(&[20u8][..]));
        assert_eq!(a.region_bytes(RegionKey::new(1, 0)), Some(&[11u8][..]));
        assert_eq!(a.encoded_len(), 3);
        assert!(!a.is_empty() && Save::new().is_empty());
    }
}
