//! The offer to continue a saved run.

use super::*;

impl CavesScreen {
    /// The answer to "continue the saved run?": `y` or Enter loads it, any other key
    /// keeps the new run (the saved one stays).
    pub(super) fn offer_key(&mut self, input: Input) {
        self.mode = Mode::Play;
        if matches!(input, Input::Char('y' | 'Y') | Input::Enter) {
            let loaded = self.store.as_ref().map(StoreHandle::load);
            match loaded {
                Some(Ok(Some(game))) => {
                    self.game = game;
                    self.recorder = self.kept_recording();
                    self.apply_pickup();
                    let turn = self.game.turn().0;
                    self.say(format!("Welcome back (turn {turn})."));
                    if self.recorder.is_none() {
                        self.messages.push("(This run has no recording to go on with.)".into());
                    }
                }
                Some(Err(e)) => self.say(format!("The saved run can't be read: {e}")),
                _ => self.say("There is no saved run any more: a new one begins."),
            }
        } else {
            self.say(format!(
                "A new run (seed {}); the saved one stays for later.",
                self.game.seed()
            ));
        }
    }

    /// A screen that starts `game` (a new run) but first offers to continue the saved
    /// run `about` describes; yes loads it from `store` instead.
    pub fn offering(
        game: Caves,
        keymap: Keymap<CavesCommand>,
        store: Option<StoreHandle>,
        about: String,
    ) -> CavesScreen {
        let mut screen = CavesScreen::new(game, keymap, store);
        screen.mode = Mode::OfferContinue { about };
        screen
    }
}
