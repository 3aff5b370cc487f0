//! The end page: the run's summary and its morgue text.

use super::*;
use crate::{Cell, Frame, Rgb, palette};
use torchlit_geom::{Point, Rect, Size};

impl CavesScreen {
    /// The run ended: morgue file and save deleted, end screen up.
    pub(super) fn finish(&mut self) {
        let mut text = morgue_text(&self.game);
        let (turns, hash) = (self.game.turn().0, self.game.state_hash());
        let outcome = self.game.outcome().map_or("quit", crate::replay::caves_outcome);
        let kept = self.recorder.as_mut().and_then(|r| r.finish(outcome, turns, hash));
        if let Some(Ok(place)) = &kept {
            text.push_str(&format!(
                "\nRecording:     {place}\nWatch it with: torchlit replay {place}\n"
            ));
        }
        let morgue = match &self.store {
            Some(store) => match store.finish(&self.game, &text) {
                Ok(path) => format!("Morgue file: {path}"),
                Err(e) => format!("The morgue file could not be written: {e}"),
            },
            None => "No save directory: no morgue file written.".to_string(),
        };
        let morgue = match kept {
            Some(Ok(place)) => format!("{morgue}  Recording: {place}"),
            Some(Err(e)) => format!("{morgue}  The recording could not be kept: {e}"),
            None => morgue,
        };
        self.mode = Mode::Ended { morgue };
    }

    pub(super) fn render_end(&self, frame: &mut Frame, morgue: &str) {
        let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
        frame.fill_rect(
            Rect::new(Point::new(0, 0), Size::new(w.max(0) as u32, h.max(0) as u32)),
            Cell::BLANK,
        );
        let s = self.game.summary();
        let won = s.outcome == Some(torchlit_sim::modes::caves::Outcome::Won);
        let (title, colour) = if won {
            ("V I C T O R Y", palette::HIGHLIGHT)
        } else {
            ("R . I . P .", palette::DEATH)
        };
        // (line, colour, whether it belongs to the table: its lines share one left edge).
        let mut rows: Vec<(String, Rgb, bool)> = vec![
            (title.to_string(), colour, false),
            (String::new(), Rgb::WHITE, false),
            (format!("{}.", verdict(&s, self.game.depth())), Rgb::WHITE, false),
            (String::new(), Rgb::WHITE, false),
        ];
        for line in end_table(&s) {
            let fg = if line.starts_with(' ') { Rgb::GREY } else { Rgb::WHITE };
            rows.push((line, fg, true));
        }
        rows.push((String::new(), Rgb::WHITE, false));
        // The morgue file and the recording share a line when it fits, else each has its
        // own (a long server path wrapped them into one ragged paragraph at 80 columns).
        if morgue.chars().count() <= w as usize {
            rows.push((morgue.to_string(), Rgb::GREY, false));
        } else {
            for part in morgue.split("  ") {
                rows.push((part.to_string(), Rgb::GREY, false));
            }
        }
        rows.push((String::new(), Rgb::WHITE, false));
        rows.push(("Press Enter to continue.".to_string(), palette::HIGHLIGHT, false));
        // Small terminals: long lines wrap, then blank lines go.
        let mut rows: Vec<(String, Rgb, bool)> = rows
            .into_iter()
            .flat_map(|(line, fg, table)| {
                let long = line.chars().count() > w as usize;
                let parts = if long { wrap(&line, w as usize) } else { vec![line] };
                parts.into_iter().map(move |l| (l, fg, table))
            })
            .collect();
        if rows.len() as i32 > h {
            rows.retain(|(line, _, _)| !line.is_empty());
        }
        let table_w = rows.iter().filter(|r| r.2).map(|r| r.0.chars().count()).max();
        let table_x = ((w - table_w.unwrap_or(0) as i32) / 2).max(0);
        let top = ((h - rows.len() as i32) / 2).max(0);
        for (i, (line, fg, table)) in rows.iter().enumerate() {
            let centred = ((w - line.chars().count() as i32) / 2).max(0);
            let x = if *table { table_x } else { centred };
            if i == 0 {
                frame.print_bold_at(Point::new(x, top), line, *fg);
            } else {
                frame.print_at(Point::new(x, top + i as i32), line, *fg, Rgb::BLACK);
            }
        }
    }
}

/// The end screen's table of the run: a label column, then the values; the kills by
/// kind are indented under their total.
fn end_table(s: &torchlit_sim::modes::caves::Summary) -> Vec<String> {
    let mut lines = vec![
        format!("Turns played   {}", s.turns.0),
        format!("Depth reached  {} of {}", s.deepest_level, s.levels),
        format!("Monsters slain {}", s.record.total_kills()),
    ];
    let by_kind: Vec<String> = torchlit_sim::modes::caves::CreatureKind::MONSTERS
        .iter()
        .filter(|k| s.record.kills_of(**k) > 0)
        .map(|k| count_of(s.record.kills_of(*k), *k))
        .collect();
    if !by_kind.is_empty() {
        lines.push(format!("               ({})", by_kind.join(", ")));
    }
    lines.push(format!("Walls dug      {}", s.record.dug));
    lines.push(format!("Meals eaten    {}", s.record.eaten));
    lines.push(format!("Seed           {}", crate::record::seed_shown(s.seed.0)));
    lines
}
