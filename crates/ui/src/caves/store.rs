//! The screens' side of the `caves` store: the front end provides a [`CavesStore`] (the
//! terminal's and the browser's is [`WorldsStore`](super::WorldsStore) over the SQLite
//! worlds); the screens only call it through a [`StoreHandle`], and are tested with the
//! memory stores here.

use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;

use torchlit_sim::modes::caves::{Caves, Seed};

use super::save::{CavesStore, StoreError, describe_run};

/// A shared handle to a [`CavesStore`] (the app and its screens use the same one).
///
/// It remembers whether the last save failed ([`StoreHandle::unsaved`]), so a front end
/// can tell the player after the screens are gone (a Ctrl-C whose save failed).
#[derive(Clone)]
pub struct StoreHandle {
    store: Rc<RefCell<dyn CavesStore>>,
    unsaved: Rc<RefCell<Option<StoreError>>>,
}

impl StoreHandle {
    /// Wraps a store.
    pub fn new(store: impl CavesStore + 'static) -> StoreHandle {
        StoreHandle { store: Rc::new(RefCell::new(store)), unsaved: Rc::default() }
    }

    /// [`CavesStore::save`].
    ///
    /// # Errors
    /// As [`CavesStore::save`], or when the store is busy (never, single-threaded).
    pub fn save(&self, game: &Caves) -> Result<(), StoreError> {
        let saved = self.store.try_borrow_mut().map_err(|_| busy())?.save(game);
        if let Ok(mut unsaved) = self.unsaved.try_borrow_mut() {
            *unsaved = saved.as_ref().err().cloned();
        }
        saved
    }

    /// [`CavesStore::load`].
    ///
    /// # Errors
    /// As [`CavesStore::load`].
    pub fn load(&self) -> Result<Option<Caves>, StoreError> {
        self.store.try_borrow_mut().map_err(|_| busy())?.load()
    }

    /// [`CavesStore::saved`].
    ///
    /// # Errors
    /// As [`CavesStore::saved`].
    pub fn saved(&self) -> Result<Option<String>, StoreError> {
        self.store.try_borrow_mut().map_err(|_| busy())?.saved()
    }

    /// [`CavesStore::finish`]. The run is over: nothing is left unsaved.
    ///
    /// # Errors
    /// As [`CavesStore::finish`].
    pub fn finish(&self, game: &Caves, morgue: &str) -> Result<String, StoreError> {
        if let Ok(mut unsaved) = self.unsaved.try_borrow_mut() {
            *unsaved = None;
        }
        self.store.try_borrow_mut().map_err(|_| busy())?.finish(game, morgue)
    }

    /// Why the last save failed, if it did (and no later save or finished run
    /// replaced it): the run in play is not on disk as it stands.
    pub fn unsaved(&self) -> Option<StoreError> {
        self.unsaved.try_borrow().ok().and_then(|u| u.clone())
    }
}

impl StoreHandle {
    /// [`CavesStore::runs`].
    ///
    /// # Errors
    /// As [`CavesStore::runs`].
    pub fn runs(&self) -> Result<Vec<(Seed, String)>, StoreError> {
        self.store.try_borrow_mut().map_err(|_| busy())?.runs()
    }

    /// [`CavesStore::choose`].
    ///
    /// # Errors
    /// As [`CavesStore::choose`].
    pub fn choose(&self, seed: Seed) -> Result<bool, StoreError> {
        self.store.try_borrow_mut().map_err(|_| busy())?.choose(seed)
    }

    /// [`CavesStore::save_recording`].
    ///
    /// # Errors
    /// As [`CavesStore::save_recording`].
    pub fn save_recording(&self, game: &Caves, bytes: &[u8]) -> Result<(), StoreError> {
        self.store.try_borrow_mut().map_err(|_| busy())?.save_recording(game, bytes)
    }

    /// [`CavesStore::load_recording`].
    pub fn load_recording(&self, game: &Caves) -> Option<Vec<u8>> {
        self.store.try_borrow_mut().ok()?.load_recording(game)
    }
}

fn busy() -> StoreError {
    StoreError("the save store is busy".to_string())
}

impl fmt::Debug for StoreHandle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("StoreHandle(..)")
    }
}

/// A store in memory (tests, and front ends without a data directory): the saved run
/// offered (and others after it), and the morgue texts written.
#[derive(Clone, Debug, Default)]
pub struct MemoryStore {
    /// The saved run.
    pub saved: Option<Caves>,
    /// Every morgue text written, oldest first.
    pub morgues: Vec<String>,
    /// The recording kept with the saved run.
    pub recording: Option<Vec<u8>>,
    /// Other saved runs (listed after `saved`; [`CavesStore::choose`] swaps one in).
    pub others: Vec<Caves>,
}

impl CavesStore for MemoryStore {
    fn save(&mut self, game: &Caves) -> Result<(), StoreError> {
        self.saved = Some(game.clone());
        Ok(())
    }

    fn load(&mut self) -> Result<Option<Caves>, StoreError> {
        let taken = self.saved.take();
        if !self.others.is_empty() {
            self.saved = Some(self.others.remove(0));
        }
        Ok(taken)
    }

    fn saved(&mut self) -> Result<Option<String>, StoreError> {
        Ok(self.saved.as_ref().map(describe_run))
    }

    fn finish(&mut self, _game: &Caves, morgue: &str) -> Result<String, StoreError> {
        self.saved = None;
        self.recording = None;
        self.morgues.push(morgue.to_string());
        Ok(format!("morgue #{}", self.morgues.len()))
    }

    fn save_recording(&mut self, _game: &Caves, bytes: &[u8]) -> Result<(), StoreError> {
        self.recording = Some(bytes.to_vec());
        Ok(())
    }

    fn load_recording(&mut self, _game: &Caves) -> Option<Vec<u8>> {
        self.recording.clone()
    }

    fn runs(&mut self) -> Result<Vec<(Seed, String)>, StoreError> {
        Ok(self.saved.iter().chain(&self.others).map(|g| (g.seed(), describe_run(g))).collect())
    }

    fn choose(&mut self, seed: Seed) -> Result<bool, StoreError> {
        if self.saved.as_ref().is_some_and(|g| g.seed() == seed) {
            return Ok(true);
        }
        let Some(i) = self.others.iter().position(|g| g.seed() == seed) else { return Ok(false) };
        let chosen = self.others.remove(i);
        if let Some(first) = self.saved.replace(chosen) {
            self.others.insert(0, first);
        }
        Ok(true)
    }
}

/// A [`MemoryStore`] the caller can look into while the app uses it.
#[derive(Clone, Debug, Default)]
pub struct SharedMemoryStore(pub Rc<RefCell<MemoryStore>>);

impl CavesStore for SharedMemoryStore {
    fn save(&mut self, game: &Caves) -> Result<(), StoreError> {
        self.0.try_borrow_mut().map_err(|_| busy())?.save(game)
    }

    fn load(&mut self) -> Result<Option<Caves>, StoreError> {
        self.0.try_borrow_mut().map_err(|_| busy())?.load()
    }

    fn saved(&mut self) -> Result<Option<String>, StoreError> {
        self.0.try_borrow_mut().map_err(|_| busy())?.saved()
    }

    fn finish(&mut self, game: &Caves, morgue: &str) -> Result<String, StoreError> {
        self.0.try_borrow_mut().map_err(|_| busy())?.finish(game, morgue)
    }

    fn save_recording(&mut self, game: &Caves, bytes: &[u8]) -> Result<(), StoreError> {
        self.0.try_borrow_mut().map_err(|_| busy())?.save_recording(game, bytes)
    }

    fn load_recording(&mut self, game: &Caves) -> Option<Vec<u8>> {
        self.0.try_borrow_mut().ok()?.load_recording(game)
    }

    fn runs(&mut self) -> Result<Vec<(Seed, String)>, StoreError> {
        self.0.try_borrow_mut().map_err(|_| busy())?.runs()
    }

    fn choose(&mut self, seed: Seed) -> Result<bool, StoreError> {
        self.0.try_borrow_mut().map_err(|_| busy())?.choose(seed)
    }
}
