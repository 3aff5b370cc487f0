//! The history page: the journal of the run, newest last, a full page pushed over the
//! game.

use torchlit_console::Mouse;
use torchlit_console::widgets::ScrollText;
use torchlit_sim::modes::caves::Caves;

use super::help::text_rows;
use super::{CavesScreen, message_of};
use crate::{Cell, Frame, Input, Rgb, Screen, Transition, palette};
use torchlit_geom::{Point, Rect, Size};

impl CavesScreen {
    /// The journal's lines, a run of equal messages folded into the first one's line
    /// with a count ("The bat bumps into a wall. (x22)").
    pub(super) fn journal_lines(&self) -> Vec<String> {
        folded_journal(&self.game).into_iter().map(|(turn, m)| format!("{turn:>6}  {m}")).collect()
    }
}

/// The journal's lines as they were when it was opened, scrolled back with Up and Down
/// (PgUp, PgDn, Home, End); any other key (or a click) closes it.
pub(super) struct HistoryPage {
    lines: Vec<String>,
    /// The first line shown: at first the end (the newest at the bottom).
    scroll: ScrollText,
}

impl HistoryPage {
    /// The page of `lines`, showing the newest.
    pub(super) fn new(lines: Vec<String>) -> HistoryPage {
        HistoryPage { lines, scroll: ScrollText::at_end() }
    }
}

impl Screen for HistoryPage {
    fn render(&self, frame: &mut Frame) {
        let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
        let bg = palette::PANEL;
        frame.fill_rect(
            Rect::new(Point::new(0, 0), Size::new(w.max(0) as u32, h.max(0) as u32)),
            Cell { bg, ..Cell::BLANK },
        );
        frame.print_bold_at(
            Point::new(1, 0),
            "Message history (Up/Down scroll, any other key closes)",
            palette::HEADING,
        );
        let shown = self.scroll.window(self.lines.len(), text_rows(h));
        for (i, line) in self.lines[shown].iter().enumerate() {
            frame.print_at(Point::new(1, 1 + i as i32), line, Rgb::WHITE, bg);
        }
        if self.lines.is_empty() {
            frame.print_at(Point::new(1, 1), "Nothing has happened yet.", Rgb::GREY, bg);
        }
    }

    fn handle(&mut self, input: Input) -> Transition {
        if self.scroll.handle(input) { Transition::Stay } else { Transition::Pop }
    }

    fn resize(&mut self, size: Size) {
        let h = size.height.min(u32::from(u16::MAX)) as i32;
        self.scroll.set_size(self.lines.len(), text_rows(h));
    }

    /// A click closes the page, as a key does.
    fn mouse(&mut self, event: Mouse) -> Transition {
        match event {
            Mouse::Text(..) => Transition::Pop,
            _ => Transition::Stay,
        }
    }
}

/// The journal of `game` as (turn, message), a run of equal messages folded into the
/// first one's with a count ("The bat bumps into a wall. (x22)").
pub(crate) fn folded_journal(game: &Caves) -> Vec<(u64, String)> {
    let mut runs: Vec<(u64, String, u32)> = Vec::new();
    for e in game.journal() {
        let Some(m) = message_of(&e.event) else { continue };
        match runs.last_mut() {
            Some((_, last, n)) if *last == m => *n += 1,
            _ => runs.push((e.turn.0, m, 1)),
        }
    }
    runs.into_iter()
        .map(|(turn, m, n)| (turn, if n == 1 { m } else { fold_count(&m, n) }))
        .collect()
}

/// `line` said `n` times in a row: its own count (" (x3)") multiplied, or " (xN)" added.
pub(super) fn fold_count(line: &str, n: u32) -> String {
    let (base, own) = split_count(line);
    format!("{base} (x{})", own.saturating_mul(n))
}

/// A line without its trailing count, and the count (1 without one).
fn split_count(line: &str) -> (&str, u32) {
    if let Some(open) = line.rfind(" (x")
        && let Some(n) = line[open + 3..].strip_suffix(')').and_then(|n| n.parse::<u32>().ok())
    {
        return (&line[..open], n);
    }
    (line, 1)
}

/// Appends `line` to `lines`, folded into the last line when it says the same (the counts
/// added: "The bat bumps into a wall. (x2)" then "(x3)" make "(x5)").
pub(super) fn push_folded(lines: &mut Vec<String>, line: String) {
    if let Some(last) = lines.last_mut() {
        let (a, n) = split_count(last);
        let (b, m) = split_count(&line);
        if a == b {
            *last = format!("{a} (x{})", n.saturating_add(m));
            return;
        }
    }
    lines.push(line);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_lines_fold_and_counts_add_up() {
        let mut log = Vec::new();
        for line in ["The bat bumps into a wall. (x2)", "The bat bumps into a wall.", "You wait."] {
            push_folded(&mut log, line.to_string());
        }
        push_folded(&mut log, "You wait.".to_string());
        assert_eq!(log, ["The bat bumps into a wall. (x3)", "You wait. (x2)"]);
        assert_eq!(fold_count("     4  The bat bumps. (x2)", 3), "     4  The bat bumps. (x6)");
        assert_eq!(split_count("Odd (xy)"), ("Odd (xy)", 1));
    }
}
