//! The offer to continue a saved run (or one of several), the page before a new run: a
//! key picks the saved run to play or the new one, and the page gives way to it.

use torchlit_sim::modes::caves::{Caves, Seed};

use super::{CavesScreen, CavesSetup, StoreHandle, wrap};
use crate::{Cell, Frame, Input, Rgb, Screen, Transition, palette};
use torchlit_geom::{Point, Rect, Size};

/// How many other saved runs the offer lists (keys `2` to `9`).
const MAX_OTHERS: usize = 8;

/// "Continue the saved run?": the new run it would start instead, and the saved runs.
pub struct OfferPage {
    /// The new run (not begun: it exists only once chosen).
    game: Caves,
    /// Its keys, store, pickup and recordings.
    setup: CavesSetup,
    /// The saved run offered first, in words.
    about: String,
    /// The other saved runs (seed, description).
    others: Vec<(Seed, String)>,
}

impl OfferPage {
    /// The page offering the saved run `about` describes (and the store's other saved
    /// runs) before the new run `game`, played with `setup`'s keys, store and sinks.
    pub fn new(game: Caves, setup: CavesSetup, about: String) -> OfferPage {
        let runs = setup.store.as_ref().and_then(|s| s.runs().ok()).unwrap_or_default();
        let others = runs.into_iter().skip(1).take(MAX_OTHERS).collect();
        OfferPage { game, setup, about, others }
    }
}

impl Screen for OfferPage {
    /// The question alone (the new run behind it does not exist until it is chosen),
    /// naming the new run's seed (`--seed X` must not look like it opened another).
    fn render(&self, frame: &mut Frame) {
        let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
        frame.fill_rect(
            Rect::new(Point::new(0, 0), Size::new(w.max(0) as u32, h.max(0) as u32)),
            Cell::BLANK,
        );
        let new = format!("n: a new run (seed {})", self.game.seed());
        let mut text: Vec<(String, Rgb)> = Vec::new();
        if self.others.is_empty() {
            let question =
                format!("Continue the saved run ({})? y: continue it · {new}", self.about);
            text.push((question, palette::HIGHLIGHT));
        } else {
            text.push((format!("{} saved runs:", self.others.len() + 1), palette::HEADING));
            text.push((format!("1) {}", self.about), Rgb::WHITE));
            for (i, (_, line)) in self.others.iter().enumerate() {
                text.push((format!("{}) {line}", i + 2), Rgb::WHITE));
            }
            let keys = format!(
                "y or 1: continue the first · 2-{}: that run · {new}",
                self.others.len() + 1
            );
            text.push((keys, palette::HIGHLIGHT));
        }
        let lines: Vec<(String, Rgb)> = text
            .iter()
            .flat_map(|(t, c)| wrap(t, w.max(1) as usize).into_iter().map(move |l| (l, *c)))
            .collect();
        let top = ((h - lines.len() as i32) / 2).max(0);
        for (i, (line, colour)) in lines.iter().enumerate() {
            frame.print_at(Point::new(0, top + i as i32), line, *colour, palette::BACKGROUND);
        }
    }

    /// `y`, Enter or `1` continues the saved run, `2` to `9` the other saved run of that
    /// number, any other key plays the new run (the saved ones stay).
    fn handle(&mut self, input: Input) -> Transition {
        let mut screen = self.setup.screen(self.game.clone());
        screen.take_offer(input, &self.others);
        // A loaded run records on with its own recording, into the same sink.
        Transition::Replace(Box::new(screen.with_recordings(self.setup.recordings.clone())))
    }

    fn describe(&self) -> String {
        format!("caves: depth {}, turn {}", self.game.depth() + 1, self.game.turn().0)
    }
}

impl CavesScreen {
    /// Plays the run the offer's answer `input` picks: the saved one (or the other saved
    /// run of that number in `others`), or this new one.
    fn take_offer(&mut self, input: Input, others: &[(Seed, String)]) {
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
}
