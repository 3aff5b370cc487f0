//! The cache of loaded regions.

use std::collections::BTreeMap;
use std::num::NonZeroUsize;

use lru::LruCache;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::{RegionKey, Save, SaveError};
#[cfg(feature = "sqlite")]
use crate::{Saver, WorldDb};

/// Where a [`RegionCache`] loads modified regions from: a [`WorldDb`] or a [`Saver`].
pub trait RegionSource {
    /// Loads a modified region: `None` when it was never saved.
    ///
    /// # Errors
    /// [`SaveError::Corrupt`] if it does not decode as an `R`; database errors.
    fn load_region<R: DeserializeOwned>(&self, key: RegionKey) -> Result<Option<R>, SaveError>;
}

#[cfg(feature = "sqlite")]
impl RegionSource for WorldDb {
    fn load_region<R: DeserializeOwned>(&self, key: RegionKey) -> Result<Option<R>, SaveError> {
        WorldDb::load_region(self, key)
    }
}

#[cfg(feature = "sqlite")]
impl RegionSource for Saver {
    fn load_region<R: DeserializeOwned>(&self, key: RegionKey) -> Result<Option<R>, SaveError> {
        Saver::load_region(self, key)
    }
}

#[derive(Debug)]
struct Slot<R> {
    region: R,
    dirty: bool,
}

/// The regions in memory, least recently used dropped first (CaveGame's `regionCache`,
/// sized by `iRegionCacheSize`: the overworld's `[play] region_cache_size`).
///
/// A region is loaded from the save when it was modified, else generated from the seed.
/// Regions changed through [`RegionCache::get_mut`], [`RegionCache::load_mut`] or
/// [`RegionCache::insert`] are *dirty*: [`RegionCache::stage`] puts them into the next
/// [`Save`]. A dirty region pushed out of the cache before it was saved is kept aside
/// (and found there by the next load), so eviction never loses a change.
///
/// ```
/// # use std::num::NonZeroUsize;
/// # use torchlit_save::{RegionCache, RegionKey, Save};
/// # fn demo(world: &torchlit_save::WorldDb) -> Result<(), torchlit_save::SaveError> {
/// let mut cache: RegionCache<Vec<u8>> = RegionCache::new(NonZeroUsize::MIN.saturating_add(7));
/// let region = cache.load_mut(RegionKey::new(0, 0), world, |_| vec![0; 2500])?;
/// region[42] = 1; // a chest opened
/// let mut save = Save::new();
/// cache.stage(&mut save)?; // the modified region goes into the next save
/// # Ok(()) }
/// ```
#[derive(Debug)]
pub struct RegionCache<R> {
    lru: LruCache<RegionKey, Slot<R>>,
    evicted: BTreeMap<RegionKey, R>,
}

impl<R> RegionCache<R> {
    /// An empty cache holding at most `capacity` regions.
    pub fn new(capacity: NonZeroUsize) -> RegionCache<R> {
        RegionCache { lru: LruCache::new(capacity), evicted: BTreeMap::new() }
    }

    /// The most regions held.
    pub fn capacity(&self) -> usize {
        self.lru.cap().get()
    }

    /// Regions held now (dirty regions evicted but not yet staged are not counted).
    pub fn len(&self) -> usize {
        self.lru.len()
    }

    /// True when no region is held.
    pub fn is_empty(&self) -> bool {
        self.lru.is_empty()
    }

    /// True when the region is held (without making it recently used).
    pub fn contains(&self, key: RegionKey) -> bool {
        self.lru.contains(&key)
    }

    /// The held regions' keys, most recently used first.
    pub fn keys(&self) -> Vec<RegionKey> {
        self.lru.iter().map(|(k, _)| *k).collect()
    }

    /// A held region (now the most recently used), or `None`.
    pub fn get(&mut self, key: RegionKey) -> Option<&R> {
        self.lru.get(&key).map(|slot| &slot.region)
    }

    /// A held region to change (now the most recently used, and dirty), or `None`.
    pub fn get_mut(&mut self, key: RegionKey) -> Option<&mut R> {
        self.lru.get_mut(&key).map(|slot| {
            slot.dirty = true;
            &mut slot.region
        })
    }

    /// Puts a changed region in the cache (dirty), replacing any held one.
    pub fn insert(&mut self, key: RegionKey, region: R) {
        self.evicted.remove(&key);
        self.put(key, Slot { region, dirty: true });
    }

    /// Marks a held region as changed; false if it is not held.
    pub fn mark_dirty(&mut self, key: RegionKey) -> bool {
        self.lru.peek_mut(&key).map(|slot| slot.dirty = true).is_some()
    }

    /// Changed regions not yet staged into a save (held or evicted).
    pub fn dirty_count(&self) -> usize {
        self.lru.iter().filter(|(_, s)| s.dirty).count() + self.evicted.len()
    }

    /// The region at `key`: held, else loaded from `source` (if it was modified), else
    /// made by `generate` (from the seed). It becomes the most recently used, possibly
    /// pushing the least recently used one out.
    ///
    /// # Errors
    /// From `source`: a stored region that does not decode, database errors.
    pub fn load<S, G>(&mut self, key: RegionKey, source: &S, generate: G) -> Result<&R, SaveError>
    where
        R: DeserializeOwned,
        S: RegionSource + ?Sized,
        G: FnOnce(RegionKey) -> R,
    {
        self.fetch(key, source, generate).map(|slot| &slot.region)
    }

    /// [`RegionCache::load`], to change the region: it becomes dirty.
    ///
    /// # Errors
    /// As [`RegionCache::load`].
    pub fn load_mut<S, G>(
        &mut self,
        key: RegionKey,
        source: &S,
        generate: G,
    ) -> Result<&mut R, SaveError>
    where
        R: DeserializeOwned,
        S: RegionSource + ?Sized,
        G: FnOnce(RegionKey) -> R,
    {
        self.fetch(key, source, generate).map(|slot| {
            slot.dirty = true;
            &mut slot.region
        })
    }

    /// Encodes every dirty region into `save` and marks them clean; returns how many.
    /// Commit or submit `save` next: from now on the save, not the cache, holds the
    /// changes.
    ///
    /// # Errors
    /// [`SaveError::Encode`]; then nothing is marked clean.
    pub fn stage(&mut self, save: &mut Save) -> Result<usize, SaveError>
    where
        R: Serialize,
    {
        let mut staged = Save::new();
        for (key, region) in &self.evicted {
            staged.set_region(*key, region)?;
        }
        for (key, slot) in self.lru.iter() {
            if slot.dirty {
                staged.set_region(*key, &slot.region)?;
            }
        }
        let count = staged.region_count();
        for (_, slot) in self.lru.iter_mut() {
            slot.dirty = false;
        }
        self.evicted.clear();
        for (key, bytes) in staged.regions {
            save.set_region_bytes(key, bytes);
        }
        Ok(count)
    }

    fn fetch<S, G>(
        &mut self,
        key: RegionKey,
        source: &S,
        generate: G,
    ) -> Result<&mut Slot<R>, SaveError>
    where
        R: DeserializeOwned,
        S: RegionSource + ?Sized,
        G: FnOnce(RegionKey) -> R,
    {
        if !self.lru.contains(&key) {
            let slot = match self.evicted.remove(&key) {
                Some(region) => Slot { region, dirty: true },
                None => match source.load_region(key)? {
                    Some(region) => Slot { region, dirty: false },
                    None => Slot { region: generate(key), dirty: false },
                },
            };
            self.put(key, slot);
        }
        Ok(self.lru.get_mut(&key).expect("the region was just put in a cache of capacity >= 1"))
    }

    fn put(&mut self, key: RegionKey, slot: Slot<R>) {
        if let Some((old_key, old)) = self.lru.push(key, slot)
            && old_key != key
            && old.dirty
        {
            self.evicted.insert(old_key, old.region);
        }
    }
}
