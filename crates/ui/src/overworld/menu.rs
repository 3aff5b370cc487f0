//! The world menu: new world, load a world, delete a world, the high scores.

use std::any::Any;

use torchlit_console::Mouse;

use super::picker::Purpose;
use super::*;
use crate::{Input, Transition};
use torchlit_geom::Size;

/// The world menu, the first overworld screen: `n` new world, `l` (or Enter) load, `d`
/// delete, Esc back (to the title menu, or out). It says what the screen above it left
/// with (`first was saved.`).
#[derive(Debug)]
pub struct OverworldMenu {
    setup: OverworldSetup,
    note: Option<String>,
    /// How many new-world prompts were opened: each offers a seed of its own.
    offered: u32,
    /// The frame's size as last told ([`Screen::resize`]), `(columns, rows)`: a click on
    /// a line is read from the menu as drawn at it.
    size: (u16, u16),
}

impl OverworldMenu {
    /// The menu of `setup`, `offered` new-world prompts having been opened, saying `note`.
    pub(super) fn new(setup: OverworldSetup, offered: u32, note: Option<String>) -> OverworldMenu {
        OverworldMenu { setup, note, offered, size: (80, 24) }
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

    /// The world list for `purpose` pushed, or the menu saying why there is none.
    fn pick(&mut self, purpose: Purpose) -> Transition {
        match WorldPicker::open(&self.setup, purpose, None) {
            Ok(picker) => Transition::Push(Box::new(picker)),
            Err(e) => {
                self.note = Some(e.to_string());
                Transition::Stay
            }
        }
    }

    /// A click on line `row`, read from the menu as drawn at the size last told: an item's key
    /// (`n) new world`: `n`).
    fn text_click(&mut self, row: u16) -> Transition {
        let (w, h) = self.size;
        let mut frame = Frame::with_size(Size::new(u32::from(w), u32::from(h)));
        self.draw(&mut frame);
        let text = frame.to_text();
        let line = text.lines().nth(usize::from(row)).unwrap_or("").trim();
        let input = match line.split_once(')').map(|(key, _)| key) {
            Some("n") => Input::Char('n'),
            Some("l") => Input::Char('l'),
            Some("d") => Input::Char('d'),
            Some("Esc") => Input::Esc,
            _ => return Transition::Stay,
        };
        self.handle(input)
    }

    fn draw(&self, frame: &mut Frame) {
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
        if let Some(note) = &self.note {
            for line in wrap(note, (w - 2).max(1) as usize) {
                draw::text(frame, 1, row, &line, NOTE, Rgb::BLACK, false);
                row += 1;
            }
            row += 1;
        }
        let scores = high_scores(self.setup.worlds.as_ref());
        for line in
            score_lines(&scores, (w - x).max(1) as usize).iter().take((h - row).max(0) as usize)
        {
            draw::text(frame, x, row, line, Rgb::GREY, Rgb::BLACK, false);
            row += 1;
        }
    }
}

impl Screen for OverworldMenu {
    fn render(&self, frame: &mut Frame) {
        self.draw(frame);
    }

    /// A click is read from the menu as drawn at this size.
    fn resize(&mut self, size: Size) {
        self.size = frame_size(size);
    }

    fn handle(&mut self, input: Input) -> Transition {
        match input {
            Input::Char('n') => {
                self.note = None;
                let seed = self.next_seed();
                let new = NewWorldScreen::new(self.setup.clone(), seed, Below::Menu);
                Transition::Push(Box::new(new))
            }
            Input::Char('l') | Input::Enter => {
                self.note = None;
                self.pick(Purpose::Load)
            }
            Input::Char('d') => {
                self.note = None;
                self.pick(Purpose::Delete)
            }
            Input::Esc | Input::Char('q') => Transition::Pop,
            _ => Transition::Stay,
        }
    }

    /// A click on an item's line chooses it.
    fn mouse(&mut self, event: Mouse) -> Transition {
        match event {
            Mouse::Text(_, row) => self.text_click(row),
            _ => Transition::Stay,
        }
    }

    /// What the screen above left with (a world saved, a list that can't be read).
    fn answer(&mut self, answer: Box<dyn Any>) -> Transition {
        if let Ok(note) = answer.downcast::<MenuNote>() {
            self.note = note.0;
        }
        Transition::Stay
    }

    fn resume(&mut self) {
        self.note = None;
    }

    fn describe(&self) -> String {
        "overworld".into()
    }
}
