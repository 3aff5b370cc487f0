//! The help page: the keys and what they do.

use super::look::direction_phrase;
use super::*;

impl CavesScreen {
    /// The help's lines: keys (wrapped to the width), then the goal.
    fn help_lines(&self, width: usize) -> Vec<(String, String)> {
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
            crate::record::seed_shown(self.game.seed().0),
            self.game.depth_count()
        );
        for text in [goal.as_str(), super::stairs::LEGEND] {
            lines.push((String::new(), String::new()));
            lines.extend(
                wrap(text, width.saturating_sub(2).max(10)).into_iter().map(|l| (String::new(), l)),
            );
        }
        lines
    }

    pub(super) fn render_help(&self, frame: &mut Frame, scroll: usize) {
        let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
        let bg = palette::PANEL;
        frame.fill(0, 0, w, h, Cell { bg, ..Cell::BLANK });
        let lines = self.help_lines(w as usize);
        let rows = (h - 1).max(1) as usize;
        self.help_max.set(lines.len().saturating_sub(rows));
        let scroll = scroll.min(self.help_max.get());
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
        frame.print_bold(1, 0, &fit(&title, (w - 1).max(0) as usize), palette::HEADING);
        for (i, (keys, what)) in lines.iter().skip(scroll).take(rows).enumerate() {
            let row = 1 + i as i32;
            frame.print(1, row, keys, palette::HIGHLIGHT, bg);
            let x = if keys.is_empty() { 1 } else { 2 + keys.chars().count() as i32 };
            frame.print(x, row, what, Rgb::WHITE, bg);
        }
    }
}
