//! The help page: the keys and what they do, a full page pushed over the game.

use torchlit_console::Mouse;
use torchlit_console::widgets::{ScrollText, fit};
use torchlit_geom::Size;
use torchlit_geom::{Point, Rect};

use super::look::direction_phrase;
use super::{CavesCommand, CavesScreen, keys_of, wrap};
use crate::{Cell, Frame, Input, Keymap, Rgb, Screen, Transition, palette};

/// The keys of a caves run and its goal, scrolled with Up and Down (PgUp, PgDn, Home,
/// End); any other key (or a click) closes it.
pub(super) struct HelpPage {
    keymap: Keymap<CavesCommand>,
    /// The run's seed as shown, and how many levels it has (the goal's words).
    seed: String,
    levels: usize,
    /// The first line shown, kept within the help for the frame's size as last told.
    scroll: ScrollText,
}

impl HelpPage {
    /// The help of `screen`'s run with its keys.
    pub(super) fn new(screen: &CavesScreen) -> HelpPage {
        HelpPage {
            keymap: screen.keymap.clone(),
            seed: crate::record::seed_shown(screen.game.seed().0),
            levels: screen.game.depth_count(),
            scroll: ScrollText::new(),
        }
    }

    /// The help's lines: keys (wrapped to the width), then the goal.
    fn lines(&self, width: usize) -> Vec<(String, String)> {
        let key_w = if width < 60 { 10 } else { 18 };
        let mut lines = Vec::new();
        for command in CavesCommand::all() {
            let keys = keys_of(&self.keymap, command).join(" ");
            let what = match command {
                CavesCommand::Move(d) => {
                    format!("{}; into a monster: attack; into rock: dig", direction_phrase(d))
                }
                other => other.help().to_string(),
            };
            for (i, part) in
                wrap(&what, width.saturating_sub(key_w + 3).max(10)).into_iter().enumerate()
            {
                let k = if i == 0 { format!("{keys:<key_w$}") } else { " ".repeat(key_w) };
                lines.push((k, part));
            }
        }
        let goal = format!(
            "Seed {}. Bring the teddy bear (*) from level {} up the exit stairs (<) of level 1.",
            self.seed, self.levels
        );
        for text in [goal.as_str(), super::stairs::LEGEND] {
            lines.push((String::new(), String::new()));
            lines.extend(
                wrap(text, width.saturating_sub(2).max(10)).into_iter().map(|l| (String::new(), l)),
            );
        }
        lines
    }
}

/// The rows of a full page `h` rows high that show its lines (the title takes one).
pub(super) fn text_rows(h: i32) -> usize {
    (h - 1).max(1) as usize
}

impl Screen for HelpPage {
    fn render(&self, frame: &mut Frame) {
        let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
        let bg = palette::PANEL;
        frame.fill_rect(
            Rect::new(Point::new(0, 0), Size::new(w.max(0) as u32, h.max(0) as u32)),
            Cell { bg, ..Cell::BLANK },
        );
        let lines = self.lines(w as usize);
        let rows = text_rows(h);
        let shown = self.scroll.window(lines.len(), rows);
        let scroll = shown.start;
        let title = if lines.len() > rows && w < 60 {
            let last = (scroll + rows).min(lines.len());
            format!("keys {}-{} of {} (Up/Down; Esc)", scroll + 1, last, lines.len())
        } else if lines.len() > rows {
            format!(
                "caves keys {}-{} of {} (Up/Down scroll; other keys close)",
                scroll + 1,
                (scroll + rows).min(lines.len()),
                lines.len()
            )
        } else {
            "caves keys (any key closes)".to_string()
        };
        frame.print_bold_at(
            Point::new(1, 0),
            &fit(&title, (w - 1).max(0) as usize),
            palette::HEADING,
        );
        for (i, (keys, what)) in lines[shown].iter().enumerate() {
            let row = 1 + i as i32;
            frame.print_at(Point::new(1, row), keys, palette::HIGHLIGHT, bg);
            let x = if keys.is_empty() { 1 } else { 2 + keys.chars().count() as i32 };
            frame.print_at(Point::new(x, row), what, Rgb::WHITE, bg);
        }
    }

    fn handle(&mut self, input: Input) -> Transition {
        if self.scroll.handle(input) { Transition::Stay } else { Transition::Pop }
    }

    /// A click closes the page, as a key does.
    fn mouse(&mut self, event: Mouse) -> Transition {
        match event {
            Mouse::Text(..) => Transition::Pop,
            _ => Transition::Stay,
        }
    }

    fn resize(&mut self, size: Size) {
        let (w, h) = (size.width.min(u32::from(u16::MAX)), size.height.min(u32::from(u16::MAX)));
        self.scroll.set_size(self.lines(w as usize).len(), text_rows(h as i32));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use torchlit_sim::modes::caves::Caves;

    #[test]
    fn scrolling_stops_at_the_end_for_the_size_told_and_up_comes_back_at_once() {
        let game = Caves::new(torchlit_rng::Seed(42)).expect("caves");
        let screen = CavesScreen::new(game, super::super::default_keymap(), None);
        let mut help = HelpPage::new(&screen);
        help.resize(Size::new(80, 24));
        let end = help.lines(80).len() - text_rows(24);
        assert!(end > 0, "the help is longer than a screen");
        for _ in 0..end + 50 {
            help.handle(Input::Down);
        }
        assert_eq!(help.scroll.offset(), end, "no counting on past the end");
        help.handle(Input::Up);
        assert_eq!(help.scroll.offset(), end - 1);
        assert!(matches!(help.handle(Input::PageUp), Transition::Stay), "a page up");
        assert!(matches!(help.handle(Input::End), Transition::Stay));
        assert_eq!(help.scroll.offset(), end);
        // A taller frame shows more: the scroll comes back to its end.
        help.resize(Size::new(80, 200));
        assert_eq!(help.scroll.offset(), 0);
        assert!(matches!(help.handle(Input::Esc), Transition::Pop), "other keys close");
    }
}
