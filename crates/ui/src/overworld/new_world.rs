//! The new-world page: a name and a seed.

use super::*;

impl Flow {
    pub(super) fn new_world(&mut self, input: Input, mut new: NewWorld) -> (Page, Leave) {
        let field = match new.field {
            Field::Name => &mut new.name,
            Field::Seed => &mut new.seed,
        };
        let limit = if new.field == Field::Name { MAX_NAME } else { MAX_SEED };
        match input {
            Input::Esc => return (Page::Menu { note: None }, Leave::Stay),
            Input::Char(c) if !c.is_control() && field.chars().count() < limit => field.push(c),
            Input::Backspace => {
                field.pop();
            }
            Input::Tab | Input::Up | Input::Down => {
                new.field = if new.field == Field::Name { Field::Seed } else { Field::Name };
            }
            Input::Enter if new.field == Field::Name => new.field = Field::Seed,
            Input::Enter => {
                let Some(worlds) = &self.setup.worlds else {
                    new.note = Some(no_data_dir());
                    return (Page::New(new), Leave::Stay);
                };
                let taken = worlds
                    .list()
                    .is_ok_and(|rows| rows.iter().any(|r| r.name.as_deref() == Some(&new.name)));
                if taken {
                    new.note = Some(format!(
                        "There is already a world named {}: choose another name.",
                        display_name(&new.name)
                    ));
                    new.field = Field::Name;
                    return (Page::New(new), Leave::Stay);
                }
                return match OverworldSession::create(worlds, &new.name, &new.seed) {
                    Ok(mut session) => {
                        session.set_recordings(self.recordings.clone());
                        let welcome = format!(
                            "Welcome to {}! WASD or the arrows walk; ? for help.",
                            display_name(&new.name)
                        );
                        (Page::Play(Box::new(Play::new(session, welcome))), Leave::Stay)
                    }
                    Err(e) => {
                        new.note = Some(format!("The world can't be created: {e}"));
                        (Page::New(new), Leave::Stay)
                    }
                };
            }
            _ => {}
        }
        (Page::New(new), Leave::Stay)
    }
}

/// The new-world box: name and seed, and which rules the world gets (`seed_rules`:
/// CaveGame's own, `--rules seed`).
pub(super) fn render_new(frame: &mut Frame, new: &NewWorld, seed_rules: bool) {
    let w = i32::from(frame.width());
    let (x, y, iw, _) = draw::panel(frame, 70.min(w), 11, "A new world", TITLE);
    draw::text(frame, x, y, "Name and seed may hold any characters.", Rgb::GREY, Rgb::BLACK, false);
    let field = |f: Field, label: &str, value: &str, row: i32, frame: &mut Frame| {
        let active = new.field == f;
        let cursor = if active { "█" } else { "" };
        let text = format!("{label}: {value}{cursor}");
        let shown = draw::fit(&text, iw.max(0) as usize);
        if active {
            draw::text(frame, x, row, &shown, palette::HIGHLIGHT, Rgb::BLACK, true);
        } else {
            draw::text(frame, x, row, &shown, Rgb::WHITE, Rgb::BLACK, false);
        }
    };
    field(Field::Name, "Name", &new.name, y + 2, frame);
    field(Field::Seed, "Seed", &new.seed, y + 3, frame);
    let rules = if seed_rules {
        "Rules: CaveGame's own (--rules seed): no goal, no death."
    } else {
        "Rules: the default game: find the artefact; death ends it."
    };
    draw::text(
        frame,
        x,
        y + 4,
        &draw::fit(rules, iw.max(0) as usize),
        Rgb::GREY,
        Rgb::BLACK,
        false,
    );
    let hint = "Enter: next / create   Tab: switch field   Esc: back";
    draw::text(frame, x, y + 5, &draw::fit(hint, iw.max(0) as usize), Rgb::GREY, Rgb::BLACK, false);
    if let Some(note) = &new.note {
        for (i, line) in draw::wrap(note, iw.max(1) as usize).iter().take(2).enumerate() {
            draw::text(frame, x, y + 7 + i as i32, line, NOTE, Rgb::BLACK, false);
        }
    }
}
