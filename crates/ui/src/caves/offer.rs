//! The offer to continue a saved run (or one of several).

use super::*;

/// How many other saved runs the offer lists (keys `2` to `9`).
const MAX_OTHERS: usize = 8;

impl CavesScreen {
    /// The answer to "continue the saved run?": `y`, Enter or `1` loads it, `2` to `9`
    /// the other saved run of that number, any other key keeps the new run (the saved
    /// ones stay).
    pub(super) fn offer_key(&mut self, input: Input) {
        let others = match &self.mode {
            Mode::OfferContinue { others, .. } => others.clone(),
            _ => Vec::new(),
        };
        self.mode = Mode::Play;
        let other = match input {
            Input::Char(c @ '2'..='9') => others.get(c as usize - '2' as usize),
            _ => None,
        };
        if let (Some((seed, _)), Some(store)) = (other, &self.store) {
            match store.choose(*seed) {
                Ok(true) => {}
                Ok(false) => return self.say("That run is no longer saved: a new one begins."),
                Err(e) => return self.say(format!("The saved runs can't be listed: {e}")),
            }
        }
        if other.is_some() || matches!(input, Input::Char('y' | 'Y' | '1') | Input::Enter) {
            self.load_offered();
        } else {
            self.say(format!(
                "A new run (seed {}); the saved one stays for later.",
                self.game.seed()
            ));
        }
    }

    /// Loads the saved run the store offers now.
    fn load_offered(&mut self) {
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
    }

    /// A screen that starts `game` (a new run) but first offers to continue the saved
    /// run `about` describes (and lists the store's other saved runs); yes loads it from
    /// `store` instead.
    pub fn offering(
        game: Caves,
        keymap: Keymap<CavesCommand>,
        store: Option<StoreHandle>,
        about: String,
    ) -> CavesScreen {
        let runs = store.as_ref().and_then(|s| s.runs().ok()).unwrap_or_default();
        let others = runs.into_iter().skip(1).take(MAX_OTHERS).collect();
        let mut screen = CavesScreen::new(game, keymap, store);
        screen.mode = Mode::OfferContinue { about, others };
        screen
    }

    /// The question alone (the new run behind it does not exist until it is chosen),
    /// naming the new run's seed (`--seed X` must not look like it opened another).
    pub(super) fn render_offer(
        &self,
        frame: &mut Frame,
        about: &str,
        others: &[(torchlit_sim::modes::caves::Seed, String)],
    ) {
        let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
        frame.fill(0, 0, w, h, Cell::BLANK);
        let new = format!("n: a new run (seed {})", self.game.seed());
        let mut text: Vec<(String, Rgb)> = Vec::new();
        if others.is_empty() {
            let question = format!("Continue the saved run ({about})? y: continue it · {new}");
            text.push((question, palette::HIGHLIGHT));
        } else {
            text.push((format!("{} saved runs:", others.len() + 1), palette::HEADING));
            text.push((format!("1) {about}"), Rgb::WHITE));
            for (i, (_, line)) in others.iter().enumerate() {
                text.push((format!("{}) {line}", i + 2), Rgb::WHITE));
            }
            let keys =
                format!("y or 1: continue the first · 2-{}: that run · {new}", others.len() + 1);
            text.push((keys, palette::HIGHLIGHT));
        }
        let lines: Vec<(String, Rgb)> = text
            .iter()
            .flat_map(|(t, c)| wrap(t, w.max(1) as usize).into_iter().map(move |l| (l, *c)))
            .collect();
        let top = ((h - lines.len() as i32) / 2).max(0);
        for (i, (line, colour)) in lines.iter().enumerate() {
            frame.print(0, top + i as i32, line, *colour, palette::BACKGROUND);
        }
    }
}
