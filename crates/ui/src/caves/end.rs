//! The end page: the run's summary and where its morgue file went, a full page pushed
//! over the game when the run ends; going on from it leaves the game.

use torchlit_console::Mouse;
use torchlit_geom::{Point, Rect, Size};
use torchlit_sim::modes::caves::{Caves, Outcome, Summary};

use super::*;
use crate::{Cell, Frame, Rgb, Screen, Transition, palette};

/// The end page's answer: the player went on, so the game leaves too.
pub(super) struct RunOver;

/// The end page of a run: its summary and the line saying where its morgue file (and
/// recording) went.
#[derive(Clone, Debug)]
pub(super) struct EndPage {
    summary: Summary,
    /// The level the hero was on at the end (0 the top).
    depth: usize,
    morgue: String,
}

impl EndPage {
    /// The end page of `game` (over), with `morgue` as its last line.
    pub(super) fn new(game: &Caves, morgue: String) -> EndPage {
        EndPage { summary: game.summary(), depth: game.depth(), morgue }
    }
}

impl CavesScreen {
    /// The run ended: morgue file written, save deleted, recording kept; the end page is
    /// made, and pushed when the key, tick or click that ended the run returns.
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
        self.end = Some(EndPage::new(&self.game, morgue));
    }
}

/// Draws `game` with `messages` as the caves screens show it to someone who does not
/// play it (a replay, a bot being watched): the play screen, or, once the run is over,
/// the end page with `end_line` where a run's morgue line goes.
pub(crate) fn draw_still(game: &Caves, messages: Vec<String>, end_line: &str, frame: &mut Frame) {
    if game.outcome().is_some() {
        EndPage::new(game, end_line.to_string()).render(frame);
    } else {
        CavesScreen::replaying(game.clone(), messages).render(frame);
    }
}

impl Screen for EndPage {
    fn render(&self, frame: &mut Frame) {
        if torchlit_console::widgets::too_small(frame, "the caves need", MIN_SIZE) {
            return;
        }
        let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
        frame.fill_rect(
            Rect::new(Point::new(0, 0), Size::new(w.max(0) as u32, h.max(0) as u32)),
            Cell::BLANK,
        );
        let rows = self.rows(w, h);
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

    /// Enter, Esc, Space or `q` go on (the game leaves); other keys wait.
    fn handle(&mut self, input: Input) -> Transition {
        if matches!(input, Input::Enter | Input::Esc | Input::Char(' ' | 'q')) {
            return Transition::PopWith(Box::new(RunOver));
        }
        Transition::Stay
    }

    /// A click on the page goes on, as Enter does.
    fn mouse(&mut self, event: Mouse) -> Transition {
        match event {
            Mouse::Text(..) => self.handle(Input::Enter),
            _ => Transition::Stay,
        }
    }
}

impl EndPage {
    /// The page's lines at `w` x `h`: (line, colour, whether it belongs to the table:
    /// its lines share one left edge).
    fn rows(&self, w: i32, h: i32) -> Vec<(String, Rgb, bool)> {
        let s = &self.summary;
        let won = s.outcome == Some(Outcome::Won);
        let (title, colour) = if won {
            ("V I C T O R Y", palette::HIGHLIGHT)
        } else {
            ("R . I . P .", palette::DEATH)
        };
        let mut rows: Vec<(String, Rgb, bool)> = vec![
            (title.to_string(), colour, false),
            (String::new(), Rgb::WHITE, false),
            (format!("{}.", verdict(s, self.depth)), Rgb::WHITE, false),
            (String::new(), Rgb::WHITE, false),
        ];
        for line in end_table(s) {
            let fg = if line.starts_with(' ') { Rgb::GREY } else { Rgb::WHITE };
            rows.push((line, fg, true));
        }
        rows.push((String::new(), Rgb::WHITE, false));
        // The morgue file and the recording share a line when it fits, else each has its
        // own (a long server path wrapped them into one ragged paragraph at 80 columns).
        if self.morgue.chars().count() <= w as usize {
            rows.push((self.morgue.clone(), Rgb::GREY, false));
        } else {
            for part in self.morgue.split("  ") {
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
        rows
    }
}

/// The end screen's table of the run: a label column, then the values; the kills by
/// kind are indented under their total.
fn end_table(s: &Summary) -> Vec<String> {
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
