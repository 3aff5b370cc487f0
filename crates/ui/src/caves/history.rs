//! The history page: the journal of the run, newest last.

use super::*;

impl CavesScreen {
    pub(super) fn journal_lines(&self) -> Vec<String> {
        self.game
            .journal()
            .filter_map(|e| describe(&e.event).map(|m| format!("{:>6}  {m}", e.turn.0)))
            .collect()
    }

    pub(super) fn render_history(&self, frame: &mut Frame, back: usize) {
        let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
        let bg = palette::PANEL;
        frame.fill(0, 0, w, h, Cell { bg, ..Cell::BLANK });
        frame.print_bold(
            1,
            0,
            "Message history (Up/Down scroll, any other key closes)",
            palette::HEADING,
        );
        let lines = self.journal_lines();
        let rows = (h - 1).max(0) as usize;
        let end = lines.len().saturating_sub(back);
        let start = end.saturating_sub(rows);
        for (i, line) in lines[start..end].iter().enumerate() {
            frame.print(1, 1 + i as i32, line, Rgb::WHITE, bg);
        }
        if lines.is_empty() {
            frame.print(1, 1, "Nothing has happened yet.", Rgb::GREY, bg);
        }
    }
}
