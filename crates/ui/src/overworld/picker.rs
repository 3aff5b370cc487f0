//! The world picker: load or delete a saved world.

use super::*;

impl Flow {
    pub(super) fn picker(&self, purpose: Purpose, note: Option<String>) -> Page {
        let Some(worlds) = &self.setup.worlds else {
            return Page::Menu { note: Some(no_data_dir()) };
        };
        match worlds.list() {
            Ok(rows) => {
                Page::Pick(Picker { purpose, rows, selected: 0, typed: String::new(), note })
            }
            Err(e) => Page::Menu { note: Some(format!("The worlds can't be listed: {e}")) },
        }
    }

    pub(super) fn pick(&mut self, input: Input, mut picker: Picker) -> (Page, Leave) {
        let n = picker.rows.len();
        match input {
            Input::Esc => return (Page::Menu { note: None }, Leave::Stay),
            Input::Up if n > 0 => picker.selected = (picker.selected + n - 1) % n,
            Input::Down if n > 0 => picker.selected = (picker.selected + 1) % n,
            Input::Char(c) if !c.is_control() && picker.typed.chars().count() < MAX_NAME => {
                picker.typed.push(c);
            }
            Input::Backspace => {
                picker.typed.pop();
            }
            Input::Enter => {
                let Some(row) = choose(&picker) else {
                    picker.note = Some(if picker.rows.is_empty() {
                        "There are no worlds yet: Esc, then n for a new one.".to_string()
                    } else {
                        format!("No world is numbered or named {:?}.", picker.typed)
                    });
                    return (Page::Pick(picker), Leave::Stay);
                };
                return match picker.purpose {
                    Purpose::Delete => (Page::Confirm { row, picker }, Leave::Stay),
                    Purpose::Load => self.load(row, picker),
                };
            }
            _ => {}
        }
        (Page::Pick(picker), Leave::Stay)
    }

    fn load(&mut self, row: WorldRow, mut picker: Picker) -> (Page, Leave) {
        if let Some(problem) = &row.problem {
            picker.note = Some(format!("{} can't be loaded: {problem}.", row.label()));
            return (Page::Pick(picker), Leave::Stay);
        }
        let Some(worlds) = &self.setup.worlds else {
            return (Page::Menu { note: Some(no_data_dir()) }, Leave::Stay);
        };
        match OverworldSession::open(worlds, &row.id) {
            Ok(mut session) => {
                session.set_recordings(self.recordings.clone());
                let welcome = format!("Welcome back to {}.", row.label());
                (Page::Play(Box::new(Play::new(session, welcome))), Leave::Stay)
            }
            Err(e) => {
                picker.note = Some(format!("{} can't be loaded: {e}", row.label()));
                (Page::Pick(picker), Leave::Stay)
            }
        }
    }

    pub(super) fn confirm(
        &mut self,
        input: Input,
        row: WorldRow,
        mut picker: Picker,
    ) -> (Page, Leave) {
        match input {
            Input::Char('y') | Input::Char('Y') => {
                let Some(worlds) = &self.setup.worlds else {
                    return (Page::Menu { note: Some(no_data_dir()) }, Leave::Stay);
                };
                let note = match worlds.delete(&row.id) {
                    Ok(()) => format!("Deleted {}.", row.label()),
                    Err(e) => format!("{} could not be deleted: {e}", row.label()),
                };
                (self.picker(Purpose::Delete, Some(note)), Leave::Stay)
            }
            Input::Char('n') | Input::Char('N') | Input::Esc => {
                picker.note = Some("Nothing was deleted.".to_string());
                picker.typed.clear();
                (Page::Pick(picker), Leave::Stay)
            }
            _ => (Page::Confirm { row, picker }, Leave::Stay),
        }
    }
}

/// Picks the row the picker names: the typed number or name, else the selected row.
pub(super) fn choose(picker: &Picker) -> Option<WorldRow> {
    let typed = picker.typed.trim();
    if typed.is_empty() {
        return picker.rows.get(picker.selected).cloned();
    }
    if let Ok(n) = typed.parse::<usize>()
        && (1..=picker.rows.len()).contains(&n)
    {
        return picker.rows.get(n - 1).cloned();
    }
    // Names are matched exactly as typed (they may have spaces at either end), then
    // trimmed.
    let by_name =
        |name: &str| picker.rows.iter().find(|r| r.name.as_deref() == Some(name)).cloned();
    by_name(&picker.typed).or_else(|| by_name(typed))
}

pub(super) fn render_picker(frame: &mut Frame, picker: &Picker) {
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
    draw::text(
        frame,
        1,
        h - 4,
        &draw::fit(&hint, (w - 1).max(0) as usize),
        Rgb::GREY,
        Rgb::BLACK,
        false,
    );
    draw::text(
        frame,
        1,
        h - 3,
        &draw::fit(&format!("> {}█", picker.typed), (w - 1).max(0) as usize),
        Rgb::WHITE,
        Rgb::BLACK,
        true,
    );
    if let Some(note) = &picker.note {
        // Two lines (the last row is free): a long reason is wrapped, not cut.
        let cols = (w - 1).max(1) as usize;
        let lines = draw::wrap(note, cols);
        let second = draw::fit(&lines.get(1..).unwrap_or_default().join(" "), cols);
        for (i, line) in [lines.first().cloned().unwrap_or_default(), second].iter().enumerate() {
            draw::text(frame, 1, h - 2 + i as i32, line, NOTE, Rgb::BLACK, false);
        }
    }
}

/// The picker's world rows, `list_h` of them scrolled so the selected one shows, from
/// row 3: number, name, seed, `won`/`died` for a finished game, last played (or why it
/// can't be opened).
fn render_picker_rows(frame: &mut Frame, picker: &Picker, list_h: usize) {
    let w = i32::from(frame.width());
    let first = picker.selected.saturating_sub(list_h.saturating_sub(1));
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
        if i == picker.selected {
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
