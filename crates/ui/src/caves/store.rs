//! Where `caves` runs are kept: the front end provides a [`CavesStore`] (the terminal's
//! is the SQLite store of `torchlit-save`); the screens only call it.

use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;

use torchlit_sim::modes::caves::Caves;

/// Why the store could not do what was asked (one line for the player).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoreError(pub String);

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StoreError {}

/// Keeps the run in progress and the morgue files of finished ones.
pub trait CavesStore {
    /// Saves `game` as the run to continue (replacing the one saved before).
    ///
    /// # Errors
    /// When it could not be saved: the game must then go on, nothing is lost.
    fn save(&mut self, game: &Caves) -> Result<(), StoreError>;

    /// The saved run to continue, if there is one. Whether the save stays is the store's
    /// choice: [`super::SqliteStore`] keeps it (open and locked) until the run is saved
    /// again or ends, so a run killed mid-play continues from its last save; the memory
    /// stores hand it over.
    ///
    /// # Errors
    /// When a save exists but can't be read (damaged, foreign, newer).
    fn load(&mut self) -> Result<Option<Caves>, StoreError>;

    /// A one-line description of the saved run ("seed 3, turn 120"), if there is one;
    /// the save stays.
    ///
    /// # Errors
    /// When the saves can't be listed.
    fn saved(&mut self) -> Result<Option<String>, StoreError>;

    /// A run has ended: writes its morgue text beside the saves and deletes its save
    /// (permadeath). Returns where the morgue went.
    ///
    /// # Errors
    /// When the morgue can't be written or the save can't be deleted.
    fn finish(&mut self, game: &Caves, morgue: &str) -> Result<String, StoreError>;

    /// Keeps the recording so far (`bytes`, the recording file format) with the run just
    /// saved by [`CavesStore::save`], so a continued run records on. The default keeps
    /// nothing.
    ///
    /// # Errors
    /// When it could not be written (the save itself stands).
    fn save_recording(&mut self, game: &Caves, bytes: &[u8]) -> Result<(), StoreError> {
        let _ = (game, bytes);
        Ok(())
    }

    /// The recording kept with the saved run `game` (just loaded), if there is one.
    fn load_recording(&mut self, game: &Caves) -> Option<Vec<u8>> {
        let _ = game;
        None
    }
}

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

/// How a saved run is named to the player: "seed 3, level 2, turn 120".
pub fn describe_run(game: &Caves) -> String {
    format!("seed {}, level {}, turn {}", game.seed(), game.depth() + 1, game.turn().0)
}

fn busy() -> StoreError {
    StoreError("the save store is busy".to_string())
}

impl fmt::Debug for StoreHandle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("StoreHandle(..)")
    }
}

/// A store in memory (tests, and front ends without a data directory): one saved run,
/// and the morgue texts written.
#[derive(Clone, Debug, Default)]
pub struct MemoryStore {
    /// The saved run.
    pub saved: Option<Caves>,
    /// Every morgue text written, oldest first.
    pub morgues: Vec<String>,
    /// The recording kept with the saved run.
    pub recording: Option<Vec<u8>>,
}

impl CavesStore for MemoryStore {
    fn save(&mut self, game: &Caves) -> Result<(), StoreError> {
        self.saved = Some(game.clone());
        Ok(())
    }

    fn load(&mut self) -> Result<Option<Caves>, StoreError> {
        Ok(self.saved.take())
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
}
