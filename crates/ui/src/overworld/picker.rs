//! The world list: load or delete a saved world (a delete asks first, in a box over the
//! list).

use std::any::Any;

use torchlit_console::Mouse;
use torchlit_console::widgets::{ListPicker, TextInput};

use super::*;
use crate::{Input, Transition};
use torchlit_geom::Size;

/// Why the world list can't be shown.
#[derive(Debug, thiserror::Error)]
pub(super) enum ListError {
    /// No data directory: worlds can't be kept.
    #[error("There is no data directory to keep worlds in: start torchlit with --data-dir DIR.")]
    NoDataDir,
    /// The store can't be read.
    #[error("The worlds can't be listed: {0}")]
    Unreadable(#[from] torchlit_save::SaveError),
}

/// What the world list is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Purpose {
    Load,
    Delete,
}

/// The world list: the worlds on disk with their seed and last-played time; one is
/// picked by number or by name as typed, or with the arrows. Loading opens the world in
/// this screen's place; deleting asks first. Esc goes back to the world menu.
#[derive(Debug)]
pub struct WorldPicker {
    setup: OverworldSetup,
    purpose: Purpose,
    rows: Vec<WorldRow>,
    list: ListPicker,
    typed: TextInput,
    note: Option<String>,
    /// The frame's size as last told ([`Screen::resize`]), `(columns, rows)`: a click on
    /// a line is read from the list as drawn at it.
    size: (u16, u16),
}

impl WorldPicker {
    /// The list of `setup`'s worlds for `purpose`, saying `note`.
    ///
    /// # Errors
    /// [`ListError`]: why there is no list, for the world menu to say.
    pub(super) fn open(
        setup: &OverworldSetup,
        purpose: Purpose,
        note: Option<String>,
    ) -> Result<WorldPicker, ListError> {
        let worlds = setup.worlds.as_ref().ok_or(ListError::NoDataDir)?;
        Ok(WorldPicker {
            setup: setup.clone(),
            purpose,
            rows: worlds.list()?,
            list: ListPicker::default(),
            typed: TextInput::new(MAX_NAME),
            note,
            size: (80, 24),
        })
    }

    /// Enter: the world named or selected, loaded or offered for deletion.
    fn enter(&mut self) -> Transition {
        let Some(row) = choose(&self.rows, self.list.selected, &self.typed.text) else {
            self.note = Some(if self.rows.is_empty() {
                "There are no worlds yet: Esc, then n for a new one.".to_string()
            } else {
                format!("No world is numbered or named {:?}.", self.typed.text)
            });
            return Transition::Stay;
        };
        match self.purpose {
            Purpose::Delete => Transition::Push(Box::new(ConfirmDelete { row })),
            Purpose::Load => self.load(row),
        }
    }

    fn load(&mut self, row: WorldRow) -> Transition {
        if let Some(problem) = &row.problem {
            self.note = Some(format!("{} can't be loaded: {problem}.", row.label()));
            return Transition::Stay;
        }
        let Some(worlds) = &self.setup.worlds else {
            return Transition::PopWith(Box::new(MenuNote(Some(no_data_dir()))));
        };
        match OverworldSession::open(worlds, &row.id) {
            Ok(mut session) => {
                session.set_recordings(self.setup.recordings.clone());
                let welcome = format!("Welcome back to {}.", row.label());
                let play = OverworldScreen::new(self.setup.clone(), session, welcome, Below::Menu);
                Transition::Replace(Box::new(play))
            }
            Err(e) => {
                self.note = Some(format!("{} can't be loaded: {e}", row.label()));
                Transition::Stay
            }
        }
    }

    /// Deletes `row` (asked and answered yes) and lists the worlds again.
    fn delete(&mut self, row: &WorldRow) -> Transition {
        let Some(worlds) = &self.setup.worlds else {
            return Transition::PopWith(Box::new(MenuNote(Some(no_data_dir()))));
        };
        let note = match worlds.delete(&row.id) {
            Ok(()) => format!("Deleted {}.", row.label()),
            Err(e) => format!("{} could not be deleted: {e}", row.label()),
        };
        match WorldPicker::open(&self.setup, Purpose::Delete, Some(note)) {
            Ok(picker) => {
                *self = picker;
                Transition::Stay
            }
            Err(e) => Transition::PopWith(Box::new(MenuNote(Some(e.to_string())))),
        }
    }

    /// A click on line `row`, read from the list as drawn at the size last told: that world chosen (as if
    /// selected and Enter pressed).
    fn text_click(&mut self, row: u16) -> Transition {
        let (w, h) = self.size;
        let mut frame = Frame::with_size(Size::new(u32::from(w), u32::from(h)));
        render_picker(&mut frame, self);
        let text = frame.to_text();
        let line = text.lines().nth(usize::from(row)).unwrap_or("").trim();
        let number = line.trim_start_matches('▶').split_whitespace().next();
        let Some(n) = number.and_then(|n| n.parse::<usize>().ok()) else {
            return Transition::Stay;
        };
        if !(1..=self.rows.len()).contains(&n) {
            return Transition::Stay;
        }
        self.list.selected = n - 1;
        self.typed.text.clear();
        self.enter()
    }
}

impl Screen for WorldPicker {
    fn render(&self, frame: &mut Frame) {
        render_picker(frame, self);
    }

    /// A click is read from the list as drawn at this size.
    fn resize(&mut self, size: Size) {
        self.size = frame_size(size);
    }

    fn handle(&mut self, input: Input) -> Transition {
        match input {
            Input::Esc => return Transition::PopWith(Box::new(MenuNote(None))),
            Input::Up | Input::Down => {
                self.list.handle(input, self.rows.len());
            }
            Input::Char(_) | Input::Backspace => {
                self.typed.handle(input);
            }
            Input::Enter => return self.enter(),
            _ => {}
        }
        Transition::Stay
    }

    /// A click on a world's row chooses it.
    fn mouse(&mut self, event: Mouse) -> Transition {
        match event {
            Mouse::Text(_, row) => self.text_click(row),
            _ => Transition::Stay,
        }
    }

    /// The answer of the delete box: yes deletes.
    fn answer(&mut self, answer: Box<dyn Any>) -> Transition {
        let Ok(answer) = answer.downcast::<DeleteAnswer>() else { return Transition::Stay };
        match *answer {
            DeleteAnswer::Yes(row) => self.delete(&row),
            DeleteAnswer::No => {
                self.note = Some("Nothing was deleted.".to_string());
                self.typed.text.clear();
                Transition::Stay
            }
        }
    }

    fn describe(&self) -> String {
        "overworld".into()
    }
}

/// The answer of [`ConfirmDelete`].
#[derive(Debug)]
enum DeleteAnswer {
    /// Delete this world.
    Yes(WorldRow),
    /// Keep it.
    No,
}

/// "Delete this world?" in a box over the world list: `y` deletes, `n` or Esc keeps it.
#[derive(Debug)]
struct ConfirmDelete {
    row: WorldRow,
}

impl Screen for ConfirmDelete {
    fn render(&self, frame: &mut Frame) {
        let (x, y, w, _) = panel(frame, 60, 7, "Delete a world", NOTE);
        let row = &self.row;
        let lines = [
            match &row.problem {
                None => format!("Delete {} (seed {})?", row.label(), seed_shown(row)),
                Some(problem) => format!("Delete {} ({problem})?", row.label()),
            },
            "It can't be undone.".to_string(),
            String::new(),
            "y: delete   n or Esc: keep it".to_string(),
        ];
        for (i, line) in lines.iter().enumerate() {
            let line = draw::fit(line, w as usize);
            draw::text(frame, x, y + i as i32, &line, Rgb::WHITE, Rgb::BLACK, false);
        }
    }

    fn handle(&mut self, input: Input) -> Transition {
        match input {
            Input::Char('y') | Input::Char('Y') => {
                Transition::PopWith(Box::new(DeleteAnswer::Yes(self.row.clone())))
            }
            Input::Char('n') | Input::Char('N') | Input::Esc => {
                Transition::PopWith(Box::new(DeleteAnswer::No))
            }
            _ => Transition::Stay,
        }
    }

    fn is_overlay(&self) -> bool {
        true
    }
}

/// Picks the row named: the `typed` number or name, else row `selected`.
pub(super) fn choose(rows: &[WorldRow], selected: usize, typed: &str) -> Option<WorldRow> {
    let trimmed = typed.trim();
    if trimmed.is_empty() {
        return rows.get(selected).cloned();
    }
    if let Ok(n) = trimmed.parse::<usize>()
        && (1..=rows.len()).contains(&n)
    {
        return rows.get(n - 1).cloned();
    }
    // Names are matched exactly as typed (they may have spaces at either end), then
    // trimmed.
    let by_name = |name: &str| rows.iter().find(|r| r.name.as_deref() == Some(name)).cloned();
    by_name(typed).or_else(|| by_name(trimmed))
}

fn render_picker(frame: &mut Frame, picker: &WorldPicker) {
    let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
    let title = match picker.purpose {
        Purpose::Load => "Load a world",
        Purpose::Delete => "Delete a world",
    };
    draw::text(frame, 1, 0, title, TITLE, Rgb::BLACK, true);
    draw::text(
        frame,
        1,
        2,
        &draw::fit(
            &format!("{:>3}  {:<24} {:<16} {:<5}last played", "#", "name", "seed", ""),
            (w - 1).max(0) as usize,
        ),
        Rgb::GREY,
        Rgb::BLACK,
        false,
    );
    render_picker_rows(frame, picker, (h - 8).max(1) as usize);
    let verb = match picker.purpose {
        Purpose::Load => "load",
        Purpose::Delete => "delete",
    };
    let hint = format!(
        "Type a number or a name, Enter to {verb} (empty: the one marked ▶)  ↑/↓  Esc back"
    );
    let cols = (w - 1).max(0) as usize;
    draw::text(frame, 1, h - 4, &draw::fit(&hint, cols), Rgb::GREY, Rgb::BLACK, false);
    let typed = format!("> {}█", picker.typed.text);
    draw::text(frame, 1, h - 3, &draw::fit(&typed, cols), Rgb::WHITE, Rgb::BLACK, true);
    if let Some(note) = &picker.note {
        // Two lines (the last row is free): a long reason is wrapped, not cut.
        let cols = (w - 1).max(1) as usize;
        let lines = wrap(note, cols);
        let second = draw::fit(&lines.get(1..).unwrap_or_default().join(" "), cols);
        for (i, line) in [lines.first().cloned().unwrap_or_default(), second].iter().enumerate() {
            draw::text(frame, 1, h - 2 + i as i32, line, NOTE, Rgb::BLACK, false);
        }
    }
}

/// The picker's world rows, `list_h` of them scrolled so the selected one shows, from
/// row 3: number, name, seed, `won`/`died` for a finished game, last played (or why it
/// can't be opened).
fn render_picker_rows(frame: &mut Frame, picker: &WorldPicker, list_h: usize) {
    let w = i32::from(frame.width());
    let selected = picker.list.selected;
    let first = selected.saturating_sub(list_h.saturating_sub(1));
    for (i, row) in picker.rows.iter().enumerate().skip(first).take(list_h) {
        let y = 3 + (i - first) as i32;
        let when = match &row.problem {
            Some(problem) => problem.clone(),
            None => format_time(row.last_played),
        };
        let line = format!(
            "{:>3}  {} {} {:<5}{when}",
            i + 1,
            draw::fit_to(&row.label(), 24, true),
            draw::fit_to(&seed_shown(row), 16, true),
            row.mark(),
        );
        let line = draw::fit(&line, (w - 3).max(0) as usize);
        if i == selected {
            draw::text(frame, 0, y, "▶", palette::HIGHLIGHT, Rgb::BLACK, true);
            draw::text(frame, 1, y, &line, palette::HIGHLIGHT, Rgb::BLACK, true);
        } else {
            let fg = if row.problem.is_some() { Rgb::GREY } else { Rgb::WHITE };
            draw::text(frame, 1, y, &line, fg, Rgb::BLACK, false);
        }
    }
    if picker.rows.is_empty() {
        draw::text(frame, 5, 3, "(no worlds yet)", Rgb::GREY, Rgb::BLACK, false);
    }
}
