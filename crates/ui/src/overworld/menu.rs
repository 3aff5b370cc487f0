//! The menu page: new world, load a world, the high scores.

use super::*;

impl Flow {
    pub(super) fn menu(&mut self, input: Input, note: Option<String>) -> (Page, Leave) {
        match input {
            Input::Char('n') => (Page::New(NewWorld::new(self.next_seed())), Leave::Stay),
            Input::Char('l') | Input::Enter => (self.picker(Purpose::Load, None), Leave::Stay),
            Input::Char('d') => (self.picker(Purpose::Delete, None), Leave::Stay),
            Input::Esc | Input::Char('q') => (Page::Menu { note: None }, Leave::Back),
            _ => (Page::Menu { note }, Leave::Stay),
        }
    }

    /// The seed the next new-world prompt offers: the setup's the first time (the clock's,
    /// or `--seed S`), then one made from it and the prompt's number, never the seed of a
    /// world already kept, so two new worlds of one run of the program differ.
    fn next_seed(&mut self) -> String {
        let k = self.offered;
        self.offered = self.offered.saturating_add(1);
        if k == 0 {
            return self.setup.seed.clone();
        }
        let taken: Vec<String> = self
            .setup
            .worlds
            .as_ref()
            .and_then(|w| w.list().ok())
            .map(|rows| rows.into_iter().map(|r| r.seed_text).collect())
            .unwrap_or_default();
        (0u32..64)
            .map(|i| {
                let text = format!("{} {k} {i}", self.setup.seed);
                torchlit_rng::Seed::from_text(&text).0.to_string()
            })
            .find(|s| !taken.contains(s))
            .unwrap_or_else(|| format!("{} {k}", self.setup.seed))
    }

    pub(super) fn render_menu(&self, frame: &mut Frame, note: Option<&str>) {
        let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
        let top = ((h - 18) / 2).max(0);
        let x = ((w - 50) / 2).max(0);
        draw::text(frame, x, top, "overworld", TITLE, Rgb::BLACK, true);
        draw::text(
            frame,
            x,
            top + 1,
            "an endless cave world: chests, monsters, fights",
            Rgb::GREY,
            Rgb::BLACK,
            false,
        );
        let items =
            ["n) new world", "l) load a world (or Enter)", "d) delete a world", "Esc) back"];
        for (i, item) in items.iter().enumerate() {
            draw::text(frame, x + 2, top + 3 + i as i32, item, Rgb::WHITE, Rgb::BLACK, false);
        }
        if let Some(worlds) = &self.setup.worlds {
            let dir = worlds.store().location();
            draw::text(
                frame,
                x,
                top + 8,
                &draw::fit(&format!("Worlds are kept in {dir}"), (w - x).max(0) as usize),
                Rgb::GREY,
                Rgb::BLACK,
                false,
            );
        }
        let mut row = top + 10;
        if let Some(note) = note {
            for line in draw::wrap(note, (w - 2).max(1) as usize) {
                draw::text(frame, 1, row, &line, NOTE, Rgb::BLACK, false);
                row += 1;
            }
            row += 1;
        }
        for line in self.score_lines((w - x).max(1) as usize).iter().take((h - row).max(0) as usize)
        {
            draw::text(frame, x, row, line, Rgb::GREY, Rgb::BLACK, false);
            row += 1;
        }
    }

    /// The high-score table, one line a game (empty without a data directory).
    pub(super) fn score_lines(&self, width: usize) -> Vec<String> {
        let Some(worlds) = &self.setup.worlds else { return Vec::new() };
        match worlds.store().high_scores(MODE) {
            Ok(scores) if scores.is_empty() => vec!["High scores: none yet.".to_string()],
            Ok(scores) => std::iter::once("High scores:".to_string())
                .chain(scores.iter().enumerate().map(|(i, s)| {
                    let line = format!(
                        "{:>2}. {:>6}  {}  {} ({} turns)",
                        i + 1,
                        s.score,
                        draw::fit(&s.name, 16),
                        s.ending,
                        s.turns
                    );
                    draw::fit(&line, width)
                }))
                .collect(),
            Err(e) => vec![draw::fit(&format!("High scores: {e}"), width)],
        }
    }
}
