//! What the app starts and continues `caves` runs with, and the screen a run opens on.

use torchlit_sim::modes::caves::{AutoPickup, Caves};

use super::{CavesCommand, CavesScreen, OfferPage, StoreError, StoreHandle, default_keymap};
use crate::Keymap;
use crate::record::Recordings;

/// What the app starts and continues `caves` runs with.
#[derive(Clone, Debug)]
pub struct CavesSetup {
    /// Where runs are saved (none: `S` can't save, no morgue file).
    pub store: Option<StoreHandle>,
    /// The keys (defaults with the config file's `[keys.caves]` applied).
    pub keymap: Keymap<CavesCommand>,
    /// The seed of the next new run from the title menu (each new run derives the next).
    pub next_seed: torchlit_sim::modes::caves::Seed,
    /// The rules new runs are played by (a continued run keeps its own).
    pub rules: torchlit_sim::modes::caves::Rules,
    /// What auto-explore picks up (the config's `[caves] autopickup`).
    pub pickup: AutoPickup,
    /// Where the recordings of finished (or quit) runs go (none: they are dropped).
    pub recordings: Option<Recordings>,
}

impl Default for CavesSetup {
    fn default() -> CavesSetup {
        CavesSetup {
            store: None,
            keymap: default_keymap(),
            next_seed: torchlit_sim::modes::caves::Seed(1),
            rules: torchlit_sim::modes::caves::Rules::default(),
            pickup: AutoPickup::default(),
            recordings: None,
        }
    }
}

impl CavesSetup {
    /// Takes the seed for a new run and moves on to the next one.
    pub fn take_seed(&mut self) -> torchlit_sim::modes::caves::Seed {
        let seed = self.next_seed;
        self.next_seed =
            torchlit_sim::modes::caves::Seed(seed.derive("caves/next", &[]).0 % 1_000_000_000);
        seed
    }

    /// A new run: the next seed, played by these rules.
    ///
    /// # Errors
    /// As [`torchlit_sim::modes::caves::Caves::with_rules`].
    pub fn new_game(
        &mut self,
    ) -> Result<torchlit_sim::modes::caves::Caves, torchlit_sim::modes::caves::CavesError> {
        let seed = self.take_seed();
        torchlit_sim::modes::caves::Caves::with_rules(seed, Default::default(), self.rules)
    }

    /// A screen playing `game` (new or loaded) with this setup's keys, store, pickup and
    /// recordings sink.
    pub fn screen(&self, game: Caves) -> CavesScreen {
        CavesScreen::new(game, self.keymap.clone(), self.store.clone())
            .with_recordings(self.recordings.clone())
            .with_pickup(self.pickup)
    }

    /// The screen a new run opens on: the run from the next seed, or first the offer to
    /// continue a saved run when `offer_saved` and one is saved (a saved run of the seed
    /// asked for, `play caves --seed S`, is the one offered; it is never silently
    /// replaced). A saved run that can't be read is said on the new run's screen.
    ///
    /// # Errors
    /// The caves could not be built.
    pub fn open(&mut self, offer_saved: bool) -> Result<Box<dyn crate::Screen>, OpenError> {
        let (saved, unreadable) = match (&self.store, offer_saved) {
            (Some(store), true) => {
                let _ = store.choose(self.next_seed);
                match store.saved() {
                    Ok(saved) => (saved, None),
                    Err(e) => (None, Some(e)),
                }
            }
            _ => (None, None),
        };
        let game = self.new_game()?;
        if let Some(about) = saved {
            return Ok(Box::new(OfferPage::new(game, self.clone(), about)));
        }
        let mut screen = self.screen(game);
        if let Some(e) = unreadable {
            screen.tell(format!("The saved run can't be opened: {e}. This is a new run."));
        }
        Ok(Box::new(screen))
    }

    /// The saved run, continued with this setup's keys, store, pickup and sink.
    ///
    /// # Errors
    /// There is no saved run, or it can't be read.
    pub fn continued(&self) -> Result<CavesScreen, OpenError> {
        let loaded = match &self.store {
            Some(store) => store.load()?,
            None => None,
        };
        loaded.map(|game| self.resumed(game)).ok_or(OpenError::NoSavedRun)
    }

    /// A screen continuing the saved `game` with this setup's keys, store, pickup and
    /// recordings sink.
    pub fn resumed(&self, game: Caves) -> CavesScreen {
        CavesScreen::resumed(game, self.keymap.clone(), self.store.clone())
            .with_recordings(self.recordings.clone())
            .with_pickup(self.pickup)
    }
}

/// Why a caves run could not be opened from the title menu.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    /// The caves could not be generated.
    #[error("The caves could not be built: {0}")]
    Build(#[from] torchlit_sim::modes::caves::CavesError),
    /// Continue, with no run saved.
    #[error("There is no saved caves run.")]
    NoSavedRun,
    /// The saved run can't be read.
    #[error("The saved run can't be read: {0}")]
    Unreadable(#[from] StoreError),
}
