//! The end panel: how the game ended, its score, and the high scores.

use super::*;
use crate::{Input, Transition};

/// The end of the default game over the play screen: any key closes it (then `q` leaves
/// the world).
#[derive(Debug)]
pub(super) struct EndPanel {
    /// How it ended, the score, its rank.
    lines: Vec<String>,
    /// The high scores as they were when the game ended.
    scores: HighScores,
}

impl EndPanel {
    pub(super) fn new(lines: Vec<String>, scores: HighScores) -> EndPanel {
        EndPanel { lines, scores }
    }
}

impl Screen for EndPanel {
    fn render(&self, frame: &mut Frame) {
        if too_small(frame) {
            return;
        }
        let fh = i32::from(frame.height());
        let (x, y, w, h) = panel(frame, 70, (fh - 2).min(20), "The end", TITLE);
        let mut lines: Vec<String> = Vec::new();
        for line in &self.lines {
            lines.extend(wrap(line, w.max(1) as usize));
        }
        lines.push(String::new());
        lines.extend(score_lines(&self.scores, w.max(1) as usize));
        let body = (h - 1).max(0) as usize;
        for (i, line) in lines.iter().take(body).enumerate() {
            draw::text(frame, x, y + i as i32, line, Rgb::WHITE, Rgb::BLACK, i == 0);
        }
        let footer = "any key: close, then q to leave";
        draw::text(frame, x, y + h - 1, footer, Rgb::GREY, Rgb::BLACK, false);
    }

    fn handle(&mut self, _: Input) -> Transition {
        Transition::Pop
    }

    fn is_overlay(&self) -> bool {
        true
    }
}
