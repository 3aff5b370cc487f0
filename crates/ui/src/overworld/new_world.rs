//! The new-world prompts: a name and a seed.

use torchlit_console::widgets::TextInput;

use super::*;
use crate::{Input, Transition};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Name,
    Seed,
}

/// The new-world prompts: a name and a seed (any text), Enter on the seed creates the
/// world and opens it in this screen's place; Esc goes back to the world menu.
#[derive(Debug)]
pub struct NewWorldScreen {
    setup: OverworldSetup,
    name: TextInput,
    seed: TextInput,
    field: Field,
    note: Option<String>,
    below: Below,
}

impl NewWorldScreen {
    /// The prompts of `setup` offering `seed`, over what `below` says.
    pub(super) fn new(setup: OverworldSetup, seed: String, below: Below) -> NewWorldScreen {
        let mut seed_field = TextInput::new(MAX_SEED);
        seed_field.text = seed;
        NewWorldScreen {
            setup,
            name: TextInput::new(MAX_NAME),
            seed: seed_field,
            field: Field::Name,
            note: None,
            below,
        }
    }

    /// The field being typed in.
    fn active(&mut self) -> &mut TextInput {
        match self.field {
            Field::Name => &mut self.name,
            Field::Seed => &mut self.seed,
        }
    }

    /// Creates the world named and seeded: the play screen in this one's place, or a
    /// note saying why not.
    fn create(&mut self) -> Transition {
        let Some(worlds) = &self.setup.worlds else {
            self.note = Some(no_data_dir());
            return Transition::Stay;
        };
        let name = self.name.text.clone();
        let taken =
            worlds.list().is_ok_and(|rows| rows.iter().any(|r| r.name.as_deref() == Some(&name)));
        if taken {
            self.note = Some(format!(
                "There is already a world named {}: choose another name.",
                display_name(&name)
            ));
            self.field = Field::Name;
            return Transition::Stay;
        }
        match OverworldSession::create(worlds, &name, &self.seed.text) {
            Ok(mut session) => {
                session.set_recordings(self.setup.recordings.clone());
                let welcome = format!(
                    "Welcome to {}! WASD or the arrows walk; ? for help.",
                    display_name(&name)
                );
                let play = OverworldScreen::new(self.setup.clone(), session, welcome, self.below);
                Transition::Replace(Box::new(play))
            }
            Err(e) => {
                self.note = Some(format!("The world can't be created: {e}"));
                Transition::Stay
            }
        }
    }
}

impl Screen for NewWorldScreen {
    fn render(&self, frame: &mut Frame) {
        let seed_rules = self.setup.worlds.as_ref().is_some_and(Worlds::seed_rules);
        render_new(frame, self, seed_rules);
    }

    fn handle(&mut self, input: Input) -> Transition {
        match input {
            // The setup's seed was offered first: a menu put in this place offers others.
            Input::Esc => return to_menu(self.below, &self.setup, 1, None),
            Input::Tab | Input::Up | Input::Down => {
                self.field = if self.field == Field::Name { Field::Seed } else { Field::Name };
            }
            Input::Enter if self.field == Field::Name => self.field = Field::Seed,
            Input::Enter => return self.create(),
            Input::Char(_) | Input::Backspace => {
                // Enter and Esc are the screen's: a character or Backspace only edits.
                self.active().handle(input);
            }
            _ => {}
        }
        Transition::Stay
    }

    fn describe(&self) -> String {
        "overworld".into()
    }
}

/// The new-world box: name and seed, and which rules the world gets (`seed_rules`:
/// CaveGame's own, `--rules seed`).
fn render_new(frame: &mut Frame, new: &NewWorldScreen, seed_rules: bool) {
    let w = i32::from(frame.width());
    let (x, y, iw, _) = panel(frame, 70.min(w), 11, "A new world", TITLE);
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
    field(Field::Name, "Name", &new.name.text, y + 2, frame);
    field(Field::Seed, "Seed", &new.seed.text, y + 3, frame);
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
        for (i, line) in wrap(note, iw.max(1) as usize).iter().take(2).enumerate() {
            draw::text(frame, x, y + 7 + i as i32, line, NOTE, Rgb::BLACK, false);
        }
    }
}
