//! The title menu: pick a mode or quit.

use crate::{Frame, Input, palette};
use torchlit_console::widgets::{ListPicker, Picked, fit, wrap};
use torchlit_geom::Point;
use torchlit_geom::Size;

/// An entry of the title menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TitleItem {
    /// Play `ultima` on the bundled world.
    Ultima,
    /// Play `maze` (ICMaze, CS-107 "Maze Games", EPFL): real-time mazes, keys, portals, monsters, a boss.
    Maze,
    /// Start a new `caves` run (the roguelike tutorial, Trystan, 2011): fungi, bats, zombies, the teddy bear.
    Caves,
    /// Continue the saved `caves` run.
    Continue,
    /// Watch a `chase` (the DM503 Rogue project, University of Southern Denmark, 2010): pick a dungeon and the strategies.
    Chase,
    /// Explore the `overworld` (CaveGame, Freddy Heppell's AQA NEA): new, load or delete an endless cave world.
    Overworld,
    /// Leave torchlit.
    Quit,
}

impl TitleItem {
    const ALL: [TitleItem; 7] = [
        TitleItem::Ultima,
        TitleItem::Maze,
        TitleItem::Caves,
        TitleItem::Continue,
        TitleItem::Chase,
        TitleItem::Overworld,
        TitleItem::Quit,
    ];

    fn label(self) -> &'static str {
        match self {
            TitleItem::Ultima => "ultima     walk a torch-lit tile world at night",
            TitleItem::Maze => "maze       real-time mazes, keys, monsters and a boss",
            TitleItem::Caves => "caves      descend the caves and bring back the teddy bear",
            TitleItem::Continue => "continue   resume your saved caves run",
            TitleItem::Chase => "chase      watch a monster hunt a hero through a dungeon",
            TitleItem::Overworld => "overworld  an endless cave world: find the artefact, live",
            TitleItem::Quit => "quit",
        }
    }

    /// The entry's name alone ("caves").
    fn name(self) -> &'static str {
        self.label().split_whitespace().next().unwrap_or("")
    }

    /// The entry's description alone ("descend the caves and ...").
    fn about(self) -> &'static str {
        self.label().split_once(' ').map_or("", |(_, rest)| rest.trim_start())
    }

    fn hotkey(self) -> char {
        match self {
            TitleItem::Ultima => 'u',
            TitleItem::Maze => 'm',
            TitleItem::Caves => 'c',
            TitleItem::Continue => 'r',
            TitleItem::Chase => 'h',
            TitleItem::Overworld => 'o',
            TitleItem::Quit => 'q',
        }
    }
}

/// The title menu's state: which entry is selected, and whether a saved caves run can
/// be continued (without one, `continue` is drawn dimmed and the arrows pass it by).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TitleMenu {
    /// The entry selected, an index into `TitleItem::ALL`.
    picker: ListPicker,
    saved_run: bool,
}

const LOGO: [&str; 5] = [
    " _                 _     _ _ _   ",
    "| |_ ___  _ __ ___| |__ | (_) |_ ",
    "| __/ _ \\| '__/ __| '_ \\| | | __|",
    "| || (_) | | | (__| | | | | | |_ ",
    " \\__\\___/|_|  \\___|_| |_|_|_|\\__|",
];

impl TitleMenu {
    /// Says whether a saved caves run exists (the `continue` entry offers it).
    pub fn set_saved_run(&mut self, saved: bool) {
        self.saved_run = saved;
        if !self.offers(self.selected()) {
            self.pass_by(Input::Down);
        }
    }

    /// Whether `item` can be chosen now.
    fn offers(&self, item: TitleItem) -> bool {
        item != TitleItem::Continue || self.saved_run
    }

    /// The entry selected.
    fn selected(&self) -> TitleItem {
        TitleItem::ALL.get(self.picker.selected).copied().unwrap_or(TitleItem::Quit)
    }

    /// Moves the selection one entry with `arrow` (Up or Down) while it is on an entry
    /// not offered.
    fn pass_by(&mut self, arrow: Input) {
        while !self.offers(self.selected()) {
            self.picker.handle(arrow, TitleItem::ALL.len());
        }
    }

    /// Handles a key: returns the chosen entry when one is picked.
    pub fn handle(&mut self, input: Input) -> Option<TitleItem> {
        // The picker's keys, and the menu's own for them (WASD, Tab, Space).
        let input = match input {
            Input::Char('w') => Input::Up,
            Input::Char('s') | Input::Tab => Input::Down,
            Input::Char(' ') => Input::Enter,
            other => other,
        };
        match input {
            Input::Up | Input::Down | Input::Char('j' | 'k') | Input::Enter | Input::Esc => {
                match self.picker.handle(input, TitleItem::ALL.len()) {
                    Picked::Moved => {
                        let back = matches!(input, Input::Up | Input::Char('k'));
                        self.pass_by(if back { Input::Up } else { Input::Down });
                        None
                    }
                    Picked::Chosen(_) => Some(self.selected()),
                    Picked::Cancelled => Some(TitleItem::Quit),
                }
            }
            Input::Ctrl('c') => Some(TitleItem::Quit),
            Input::Char(c) => TitleItem::ALL.into_iter().find(|i| i.hotkey() == c),
            _ => None,
        }
    }

    /// A click on the text screen at `col`, `row` of a frame of `size`: the entry on
    /// that line is selected and chosen, as if Enter were pressed on it; `None` off the
    /// entries or on one not offered now.
    pub fn click(&mut self, col: u16, row: u16, size: Size) -> Option<TitleItem> {
        let _ = col;
        let (w, h) = (size.width as i32, size.height as i32);
        let (_, _, top, header) = self.layout(w, h);
        let i = usize::try_from(i32::from(row) - top - header).ok()?;
        let item = *TitleItem::ALL.get(i)?;
        if !self.offers(item) {
            return None;
        }
        self.picker.selected = i;
        Some(item)
    }

    /// For a `w` x `h` frame: the wrapped description shown below the entries, the
    /// body's rows, the top row and the header's rows.
    fn layout(&self, w: i32, h: i32) -> (Vec<String>, i32, i32, i32) {
        let widest = TitleItem::ALL.iter().map(|i| i.label().chars().count()).max().unwrap_or(0);
        let narrow = w < widest as i32 + 7;
        let about = match TitleItem::ALL.get(self.picker.selected) {
            Some(item) if narrow => wrap(item.about(), w.max(1) as usize),
            _ => Vec::new(),
        };
        let items = TitleItem::ALL.len() as i32;
        // Entries, the description and a blank line before it, a blank line, the keys.
        let body = items + if about.is_empty() { 0 } else { 1 + about.len() as i32 } + 2;
        // The banner (logo and tagline) needs 8 rows; a one-line title 2; else none.
        let header = if h >= body + 8 {
            8
        } else if h >= body + 2 {
            2
        } else {
            0
        };
        let top = (h - header - body).max(0) / 2;
        (about, body, top, header)
    }

    /// Draws the menu centred in `frame`: the banner when there is room, the entries (on
    /// narrow screens names only, with the chosen entry's description below), the keys.
    pub fn render(&self, frame: &mut Frame) {
        let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
        let widest = TitleItem::ALL.iter().map(|i| i.label().chars().count()).max().unwrap_or(0);
        let narrow = w < widest as i32 + 7;
        let items = TitleItem::ALL.len() as i32;
        let (about, body, top, header) = self.layout(w, h);
        self.render_header(frame, top, header);
        let menu_x = if narrow { (w - 16).max(0) / 2 } else { (w - 52).max(0) / 2 };
        let menu_y = top + header;
        for (i, item) in TitleItem::ALL.iter().enumerate() {
            let y = menu_y + i as i32;
            let label = match (narrow, self.offers(*item)) {
                (true, _) => item.name(),
                (false, true) => item.label(),
                (false, false) => "continue   (no saved caves run)",
            };
            let text = format!("{}) {label}", item.hotkey());
            if !self.offers(*item) {
                frame.print_at(
                    Point::new(menu_x + 2, y),
                    &text,
                    palette::HINT,
                    palette::BACKGROUND,
                );
            } else if i == self.picker.selected {
                frame.print_bold_at(Point::new(menu_x, y), "▶ ", palette::HIGHLIGHT);
                frame.print_bold_at(Point::new(menu_x + 2, y), &text, palette::HIGHLIGHT);
            } else {
                frame.print_at(
                    Point::new(menu_x + 2, y),
                    &text,
                    palette::TEXT,
                    palette::BACKGROUND,
                );
            }
        }
        for (k, line) in about.iter().enumerate() {
            let x = (w - line.chars().count() as i32).max(0) / 2;
            let y = menu_y + items + 1 + k as i32;
            frame.print_at(Point::new(x, y), line, palette::TEXT, palette::BACKGROUND);
        }
        let hint = fit("↑/↓ choose · Enter play · q quit", w.max(0) as usize);
        frame.print_at(
            Point::new(((w - hint.chars().count() as i32) / 2).max(0), menu_y + body - 1),
            &hint,
            palette::HINT,
            palette::BACKGROUND,
        );
    }

    /// The banner in `rows` rows from `top`: the logo and tagline (8 rows), the name and
    /// tagline on one line (2), or nothing.
    fn render_header(&self, frame: &mut Frame, top: i32, rows: i32) {
        let w = i32::from(frame.width());
        let tagline = "a roguelike toolkit and game";
        if rows >= 8 {
            let logo_x = (w - LOGO[0].chars().count() as i32) / 2;
            for (i, line) in LOGO.iter().enumerate() {
                frame.print_at(
                    Point::new(logo_x, top + i as i32),
                    line,
                    palette::HEADING,
                    palette::BACKGROUND,
                );
            }
            let x = (w - tagline.len() as i32) / 2;
            frame.print_at(Point::new(x, top + 6), tagline, palette::HINT, palette::BACKGROUND);
        } else if rows >= 2 {
            let line = fit(&format!("torchlit: {tagline}"), w.max(0) as usize);
            let x = ((w - line.chars().count() as i32) / 2).max(0);
            frame.print_bold_at(Point::new(x, top), &line, palette::HEADING);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrows_wrap_and_enter_picks() {
        let mut m = TitleMenu::default();
        assert_eq!(m.handle(Input::Up), None);
        assert_eq!(m.handle(Input::Enter), Some(TitleItem::Quit));
        assert_eq!(m.handle(Input::Down), None);
        assert_eq!(m.handle(Input::Enter), Some(TitleItem::Ultima));
        assert_eq!(m.handle(Input::Char('q')), Some(TitleItem::Quit));
        assert_eq!(m.handle(Input::Char('u')), Some(TitleItem::Ultima));
    }

    #[test]
    fn a_narrow_screen_shows_names_and_the_chosen_entrys_whole_description() {
        let mut m = TitleMenu::default();
        m.handle(Input::Down);
        m.handle(Input::Down);
        let mut frame = Frame::with_size(Size::new(50, 24));
        m.render(&mut frame);
        let text = frame.to_text();
        assert!(text.contains("c) caves") && !text.contains("c) caves      descend"), "{text}");
        let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(words.contains("descend the caves and bring back the teddy bear"), "{text}");
        // Wide enough: every description on its entry's line, nothing cut.
        // 40x12, the smallest terminal: every entry and the keys are on the screen.
        let mut frame = Frame::with_size(Size::new(40, 12));
        m.render(&mut frame);
        let small = frame.to_text();
        for item in TitleItem::ALL {
            assert!(small.contains(&format!("{}) {}", item.hotkey(), item.name())), "{small}");
        }
        assert!(small.contains("Enter play"), "{small}");
        let mut frame = Frame::with_size(Size::new(80, 24));
        m.render(&mut frame);
        let wide = frame.to_text();
        assert!(wide.contains("r) continue   (no saved caves run)"), "{wide}");
        m.set_saved_run(true);
        let mut frame = Frame::with_size(Size::new(80, 24));
        m.render(&mut frame);
        let wide = frame.to_text();
        for item in TitleItem::ALL {
            assert!(wide.contains(item.label()), "{} cut:\n{wide}", item.label());
        }
    }

    #[test]
    fn a_click_on_an_entrys_line_chooses_it() {
        let mut m = TitleMenu::default();
        let mut frame = Frame::with_size(Size::new(80, 24));
        m.render(&mut frame);
        let text = frame.to_text();
        let row =
            |needle: &str| text.lines().position(|l| l.contains(needle)).expect(needle) as u16;
        let size = Size::new(80, 24);
        assert_eq!(m.click(10, row("c) caves"), size), Some(TitleItem::Caves));
        assert_eq!(m.handle(Input::Enter), Some(TitleItem::Caves), "and it is selected");
        assert_eq!(m.click(10, row("o) overworld"), size), Some(TitleItem::Overworld));
        assert_eq!(m.click(10, row("r) continue"), size), None, "no saved run");
        assert_eq!(m.click(10, 0, size), None, "the logo");
        assert_eq!(m.click(10, 23, size), None);
    }

    #[test]
    fn the_arrows_pass_continue_by_only_when_there_is_no_saved_run() {
        let mut m = TitleMenu::default();
        m.handle(Input::Char('j'));
        m.handle(Input::Char('j'));
        m.handle(Input::Down);
        assert_eq!(m.handle(Input::Enter), Some(TitleItem::Chase), "caves, then chase");
        m.handle(Input::Up);
        assert_eq!(m.handle(Input::Enter), Some(TitleItem::Caves));
        m.set_saved_run(true);
        m.handle(Input::Down);
        assert_eq!(m.handle(Input::Enter), Some(TitleItem::Continue));
        m.set_saved_run(false);
        assert_eq!(m.handle(Input::Enter), Some(TitleItem::Chase), "the selection moved on");
        // The hot key still answers (the title screen then says there is no run).
        assert_eq!(m.handle(Input::Char('r')), Some(TitleItem::Continue));
    }
}
