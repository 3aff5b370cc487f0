//! [`MemoryWorlds`]: worlds kept in memory, for tests and front ends without a data
//! directory. No clock is read: "last played" counts commits.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use crate::{
    CommitInfo, OpenWorld, Record, RegionKey, Save, SaveError, SaveReport, Score, Ticket,
    WorldEntry, WorldId, WorldInfo, WorldSaver, WorldSpec, WorldStore, id, scores,
};

/// Worlds in memory: a [`WorldStore`] whose clones share the same worlds.
///
/// It behaves as the SQLite store does where the screens can tell: a world open twice is
/// [`SaveError::InUse`], an unknown one [`SaveError::NoSave`], the list is most recently
/// played first. "Last played" is a counter of commits (no clock).
///
/// ```
/// use torchlit_save::{ConfigHash, MemoryWorlds, Save, WorldSpec, WorldStore};
/// # fn main() -> Result<(), torchlit_save::SaveError> {
/// let worlds = MemoryWorlds::default();
/// let spec = WorldSpec {
///     name: "Testing World".into(),
///     mode: "overworld".into(),
///     seed: torchlit_rng::Seed(3),
///     seed_text: "3".into(),
///     config_hash: ConfigHash(0),
/// };
/// let mut world = worlds.create(&spec)?;
/// world.commit(Save::new().set_player(&(3, 4))?)?;
/// let id = world.info().id.clone();
/// world.close()?;
/// assert_eq!(worlds.open(&id)?.load_player::<(i32, i32)>()?, (3, 4));
/// # Ok(()) }
/// ```
#[derive(Clone, Debug, Default)]
pub struct MemoryWorlds {
    shared: Rc<RefCell<Shelf>>,
}

/// Everything a [`MemoryWorlds`] holds.
#[derive(Debug, Default)]
struct Shelf {
    worlds: BTreeMap<WorldId, Kept>,
    scores: Vec<Score>,
    /// Commits so far: the "time" of the next one.
    clock: u64,
    /// The last sequence number given to an id.
    made: u64,
    /// Morgue texts by world (they outlive their worlds).
    morgues: BTreeMap<WorldId, String>,
    /// Recordings kept beside worlds ([`WorldStore::save_recording`]).
    recordings: BTreeMap<WorldId, Vec<u8>>,
}

/// One world's records.
#[derive(Debug)]
struct Kept {
    info: WorldInfo,
    player: Option<Vec<u8>>,
    snapshot: Option<Vec<u8>>,
    recording: Option<Vec<u8>>,
    regions: BTreeMap<RegionKey, Vec<u8>>,
    open: bool,
}

impl MemoryWorlds {
    fn shelf(&self) -> Result<std::cell::RefMut<'_, Shelf>, SaveError> {
        self.shared.try_borrow_mut().map_err(|_| in_use(Path::new(MEMORY)))
    }
}

/// What errors name as a memory world's file.
const MEMORY: &str = "memory";

fn in_use(path: &Path) -> SaveError {
    SaveError::InUse { path: path.to_path_buf(), pid: None }
}

fn missing(id: &WorldId) -> SaveError {
    SaveError::NoSave { id: id.clone(), what: Record::World }
}

impl WorldStore for MemoryWorlds {
    fn list(&self) -> Result<Vec<WorldEntry>, SaveError> {
        let shelf = self.shelf()?;
        let mut list: Vec<WorldEntry> = shelf
            .worlds
            .values()
            .map(|w| WorldEntry { id: w.info.id.clone(), info: Ok(w.info.clone()) })
            .collect();
        list.sort_by_key(|e| std::cmp::Reverse(e.info.as_ref().map_or(0, |i| i.last_played)));
        Ok(list)
    }

    fn create(&self, spec: &WorldSpec) -> Result<Box<dyn OpenWorld>, SaveError> {
        let mut shelf = self.shelf()?;
        shelf.made += 1;
        let id = WorldId::numbered(&id::slug(&spec.name), shelf.made);
        let info = WorldInfo {
            id: id.clone(),
            name: spec.name.clone(),
            mode: spec.mode.clone(),
            seed: spec.seed,
            seed_text: spec.seed_text.clone(),
            config_hash: spec.config_hash,
            created: shelf.clock,
            last_played: shelf.clock,
            saves: 0,
            format_version: 0,
            game_version: env!("CARGO_PKG_VERSION").to_string(),
        };
        let kept = Kept {
            info,
            player: None,
            snapshot: None,
            recording: None,
            regions: BTreeMap::new(),
            open: false,
        };
        shelf.worlds.insert(id.clone(), kept);
        drop(shelf);
        self.open(&id)
    }

    fn open(&self, id: &WorldId) -> Result<Box<dyn OpenWorld>, SaveError> {
        let mut shelf = self.shelf()?;
        let kept = shelf.worlds.get_mut(id).ok_or_else(|| missing(id))?;
        let path = PathBuf::from(format!("{MEMORY}/{id}"));
        if kept.open {
            return Err(in_use(&path));
        }
        kept.open = true;
        let info = kept.info.clone();
        Ok(Box::new(MemoryWorld { shared: Rc::clone(&self.shared), info, path }))
    }

    fn peek(&self, id: &WorldId) -> Result<Box<dyn OpenWorld>, SaveError> {
        let shelf = self.shelf()?;
        let kept = shelf.worlds.get(id).ok_or_else(|| missing(id))?;
        let path = PathBuf::from(format!("{MEMORY}/{id}"));
        // Not marked open: dropping the look changes nothing (it was closed already).
        if kept.open {
            return Err(in_use(&path));
        }
        let info = kept.info.clone();
        Ok(Box::new(MemoryWorld { shared: Rc::clone(&self.shared), info, path }))
    }

    fn delete(&self, id: &WorldId) -> Result<(), SaveError> {
        let mut shelf = self.shelf()?;
        match shelf.worlds.get(id) {
            None => Err(missing(id)),
            Some(kept) if kept.open => Err(in_use(&PathBuf::from(format!("{MEMORY}/{id}")))),
            Some(_) => {
                shelf.worlds.remove(id);
                Ok(())
            }
        }
    }

    fn high_scores(&self, mode: &str) -> Result<Vec<Score>, SaveError> {
        Ok(self.shelf()?.scores.iter().filter(|s| s.mode == mode).cloned().collect())
    }

    fn add_score(&self, score: Score) -> Result<Option<usize>, SaveError> {
        Ok(scores::keep_best(&mut self.shelf()?.scores, score))
    }

    fn location(&self) -> String {
        MEMORY.to_string()
    }

    fn write_morgue(&self, id: &WorldId, text: &str) -> Result<String, SaveError> {
        self.shelf()?.morgues.insert(id.clone(), text.to_string());
        Ok(format!("{MEMORY}/{id}.morgue.txt"))
    }

    fn save_recording(&self, id: &WorldId, bytes: &[u8]) -> Result<(), SaveError> {
        self.shelf()?.recordings.insert(id.clone(), bytes.to_vec());
        Ok(())
    }

    fn load_recording(&self, id: &WorldId) -> Result<Option<Vec<u8>>, SaveError> {
        Ok(self.shelf()?.recordings.get(id).cloned())
    }

    fn remove_recording(&self, id: &WorldId) -> Result<(), SaveError> {
        self.shelf()?.recordings.remove(id);
        Ok(())
    }
}

impl MemoryWorlds {
    /// The morgue text written for world `id`, if any (for tests).
    pub fn morgue(&self, id: &WorldId) -> Option<String> {
        self.shared.try_borrow().ok()?.morgues.get(id).cloned()
    }
}

/// A world of a [`MemoryWorlds`], open.
#[derive(Debug)]
struct MemoryWorld {
    shared: Rc<RefCell<Shelf>>,
    info: WorldInfo,
    path: PathBuf,
}

impl MemoryWorld {
    /// Reads from the world's records.
    fn read<T>(&self, f: impl FnOnce(&Kept) -> T) -> Result<T, SaveError> {
        let shelf = self.shared.try_borrow().map_err(|_| in_use(&self.path))?;
        shelf.worlds.get(&self.info.id).map(f).ok_or_else(|| missing(&self.info.id))
    }
}

impl OpenWorld for MemoryWorld {
    fn info(&self) -> &WorldInfo {
        &self.info
    }

    fn path(&self) -> &Path {
        &self.path
    }

    fn player_bytes(&self) -> Result<Option<Vec<u8>>, SaveError> {
        self.read(|k| k.player.clone())
    }

    fn snapshot_bytes(&self) -> Result<Option<Vec<u8>>, SaveError> {
        self.read(|k| k.snapshot.clone())
    }

    fn region_keys(&self) -> Result<Vec<RegionKey>, SaveError> {
        self.read(|k| k.regions.keys().copied().collect())
    }

    fn region_bytes(&self, key: RegionKey) -> Result<Option<Vec<u8>>, SaveError> {
        self.read(|k| k.regions.get(&key).cloned())
    }

    fn load_recording(&self) -> Result<Option<Vec<u8>>, SaveError> {
        self.read(|k| k.recording.clone())
    }

    fn commit(&mut self, save: &Save) -> Result<CommitInfo, SaveError> {
        let mut shelf = self.shared.try_borrow_mut().map_err(|_| in_use(&self.path))?;
        shelf.clock += 1;
        let now = shelf.clock;
        let kept = shelf.worlds.get_mut(&self.info.id).ok_or_else(|| missing(&self.info.id))?;
        let bytes = save.encoded_len();
        let mut save = save.clone();
        kept.player = save.player.take().or(kept.player.take());
        kept.snapshot = save.snapshot.take().or(kept.snapshot.take());
        kept.recording = save.recording.take().or(kept.recording.take());
        kept.regions.append(&mut save.regions);
        kept.info.last_played = now;
        kept.info.saves += 1;
        self.info.last_played = now;
        self.info.saves = kept.info.saves;
        Ok(CommitInfo { saves: kept.info.saves, at: now, bytes })
    }

    fn save_in_background(self: Box<Self>) -> Result<Box<dyn WorldSaver>, SaveError> {
        Ok(Box::new(MemorySaver { world: self, submitted: Ticket(0), reports: Vec::new() }))
    }

    fn close(self: Box<Self>) -> Result<(), SaveError> {
        Ok(())
    }

    fn delete(self: Box<Self>) -> Result<(), SaveError> {
        let mut shelf = self.shared.try_borrow_mut().map_err(|_| in_use(&self.path))?;
        shelf.worlds.remove(&self.info.id).map(|_| ()).ok_or_else(|| missing(&self.info.id))
    }
}

impl Drop for MemoryWorld {
    /// Closing: others may open the world again.
    fn drop(&mut self) {
        if let Ok(mut shelf) = self.shared.try_borrow_mut()
            && let Some(kept) = shelf.worlds.get_mut(&self.info.id)
        {
            kept.open = false;
        }
    }
}

/// A memory world's "background" saver: it commits at once and reports at the next poll.
#[derive(Debug)]
struct MemorySaver {
    world: Box<MemoryWorld>,
    submitted: Ticket,
    reports: Vec<SaveReport>,
}

impl WorldSaver for MemorySaver {
    fn submit(&mut self, save: Save) -> Result<Ticket, SaveError> {
        self.submitted = Ticket(self.submitted.0 + 1);
        let result = self.world.commit(&save);
        self.reports.push(SaveReport { through: self.submitted, result });
        Ok(self.submitted)
    }

    fn poll(&mut self) -> Vec<SaveReport> {
        std::mem::take(&mut self.reports)
    }

    fn pending(&self) -> u64 {
        self.reports.len() as u64
    }

    fn flush(&mut self) -> Result<(), SaveError> {
        // As the SQLite saver: the reports are taken, and the last one's failure returned.
        match std::mem::take(&mut self.reports).pop().map(|r| r.result) {
            Some(Err(e)) => Err(e),
            _ => Ok(()),
        }
    }

    fn finish(self: Box<Self>) -> Result<Box<dyn OpenWorld>, SaveError> {
        Ok(self.world)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ConfigHash;

    fn spec(name: &str) -> WorldSpec {
        WorldSpec {
            name: name.into(),
            mode: "overworld".into(),
            seed: torchlit_rng::Seed(1),
            seed_text: "1".into(),
            config_hash: ConfigHash(0),
        }
    }

    #[test]
    fn a_world_is_open_once_and_the_list_is_latest_first() {
        let worlds = MemoryWorlds::default();
        let a = worlds.create(&spec("A")).expect("made");
        let a_id = a.info().id.clone();
        assert!(matches!(worlds.open(&a_id), Err(SaveError::InUse { .. })));
        assert!(matches!(worlds.delete(&a_id), Err(SaveError::InUse { .. })));
        a.close().expect("closed");
        let mut b = worlds.create(&spec("B")).expect("made");
        b.commit(Save::new().set_player(&7u8).expect("encodes")).expect("committed");
        let names: Vec<String> = worlds
            .list()
            .expect("listed")
            .into_iter()
            .filter_map(|e| e.info.ok().map(|i| i.name))
            .collect();
        assert_eq!(names, ["B", "A"]);
        worlds.delete(&a_id).expect("deleted");
        assert!(matches!(worlds.open(&a_id), Err(SaveError::NoSave { .. })));
    }

    #[test]
    fn commits_keep_older_records_and_decode_like_sqlite() {
        let worlds = MemoryWorlds::default();
        let mut w = worlds.create(&spec("W")).expect("made");
        assert!(matches!(w.load_player::<u8>(), Err(SaveError::NoSave { .. })));
        let mut save = Save::new();
        save.set_player(&300u32).and_then(|s| s.set_region(RegionKey::new(1, 2), &5u8)).ok();
        w.commit(&save).expect("committed");
        w.commit(Save::new().set_region(RegionKey::new(0, 0), &6u8).expect("ok")).ok();
        assert_eq!(w.load_player::<u32>().ok(), Some(300));
        assert_eq!(w.region_keys().expect("keys").len(), 2);
        assert!(matches!(w.load_player::<u8>(), Err(SaveError::Corrupt { .. })));
    }
}
