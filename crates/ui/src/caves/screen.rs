//! The play screen as a [`Screen`]: keys, ticks, drawing, and the answers of the pages
//! and prompts it pushes (the inventory, the exit prompt).

use std::any::Any;

use torchlit_console::{Mouse, Scene};
use torchlit_geom::Point;
use torchlit_geom::Size;

use super::confirm::{ConfirmExit, LeaveAnswer};
use super::help::HelpPage;
use super::history::HistoryPage;
use super::pack::PackAnswer;
use super::*;
use crate::{Cell, CloseError, Frame, Rgb, Screen, Transition, palette};

impl Screen for CavesScreen {
    fn render(&self, frame: &mut Frame) {
        let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
        if torchlit_console::widgets::too_small(frame, "the caves need", MIN_SIZE) {
            return;
        }
        if let Mode::Ended { morgue } = &self.mode {
            self.render_end(frame, morgue);
            return;
        }
        let rows = message_rows(h);
        let view_h = (h - 1 - rows).max(1);
        let offset = draw::draw_map(&self.game, frame, view_h);
        let lines = match &self.mode {
            Mode::Look { cursor } => {
                cursor_at(frame, cursor.x - offset.x, cursor.y - offset.y);
                // The hint first: when the rows run out, it goes before what is seen.
                let mut lines = vec![
                    "Look: move the cursor with the movement keys; any other key stops."
                        .to_string(),
                ];
                lines.extend(wrap(&self.look_at(*cursor), w as usize));
                lines
            }
            Mode::TravelPrompt { index } => {
                let targets = stairs::targets(&self.game);
                if let Some(s) = targets.get(*index) {
                    cursor_at(frame, s.at.x - offset.x, s.at.y - offset.y);
                }
                stairs::prompt_lines(&self.game, &targets, *index, w as usize, rows as usize)
            }
            _ => self.message_page(rows as usize, w as usize),
        };
        let shown = lines.len().saturating_sub(rows as usize);
        for (i, line) in lines[shown..].iter().enumerate() {
            let fg = if line.starts_with("--More--") { palette::HIGHLIGHT } else { Rgb::WHITE };
            frame.print_at(Point::new(0, view_h + i as i32), line, fg, Rgb::BLACK);
        }
        draw::draw_status(&self.game, frame, h - 1);
    }

    fn handle(&mut self, input: Input) -> Transition {
        if self.running.take().is_some() {
            let mut said = messages_of(&self.run_events);
            said.push("You stop.".to_string());
            self.set_messages(said);
            return Transition::Stay;
        }
        match self.mode.clone() {
            Mode::Play => {
                if let Some(next) = self.more.get() {
                    // --More--: a key shows the next page; Esc skips to the last one.
                    self.more_from = if input == Input::Esc { usize::MAX } else { next };
                    self.more.set(None);
                    return Transition::Stay;
                }
                return self.play_key(input);
            }
            Mode::Look { cursor } => self.look_key(cursor, input),
            Mode::TravelPrompt { index } => self.travel_key(index, input),
            Mode::Ended { .. } => {
                if matches!(input, Input::Enter | Input::Esc | Input::Char(' ' | 'q')) {
                    return Transition::Pop;
                }
            }
        }
        Transition::Stay
    }

    fn scene(&self, view: Size) -> Option<Scene> {
        self.scene_now(view, None)
    }

    fn mouse(&mut self, event: Mouse) -> Transition {
        self.on_mouse(event)
    }

    fn wants_ticks(&self) -> bool {
        self.is_running()
    }

    fn tick(&mut self) -> Transition {
        self.step();
        Transition::Stay
    }

    /// The inventory's choice, or the exit prompt's answer.
    fn answer(&mut self, answer: Box<dyn Any>) -> Transition {
        let answer = match answer.downcast::<PackAnswer>() {
            Ok(pack) => {
                match *pack {
                    PackAnswer::Act(action) => self.act(action),
                    PackAnswer::Say(line) => self.say(line),
                }
                return Transition::Stay;
            }
            Err(other) => other,
        };
        if let Ok(leave) = answer.downcast::<LeaveAnswer>() {
            match *leave {
                LeaveAnswer(true) => self.act(Action::Ascend),
                LeaveAnswer(false) => self.say("You stay in the caves."),
            }
        }
        Transition::Stay
    }

    fn describe(&self) -> String {
        format!("caves: depth {}, turn {}", self.game.depth() + 1, self.game.turn().0)
    }

    fn close(&mut self) -> Result<(), CloseError> {
        self.save_on_exit().map_err(|e| CloseError::context("could not save the run", e))
    }

    fn save(&mut self) -> Result<(), CloseError> {
        self.save_on_exit().map_err(|e| CloseError::context("could not save the run", e))
    }

    /// Where the run was saved, if it was (a run that ended has its morgue file
    /// instead).
    fn farewell(&self) -> Option<String> {
        self.saved.clone().filter(|_| self.game.outcome().is_none())
    }
}

/// Marks the frame cell (`x`, `y`) with the look cursor's colours.
fn cursor_at(frame: &mut Frame, x: i32, y: i32) {
    let under = match (u16::try_from(x), u16::try_from(y)) {
        (Ok(x), Ok(y)) => {
            frame.cell(Point::new(i32::from(x), i32::from(y))).copied().unwrap_or(Cell::BLANK)
        }
        _ => Cell::BLANK,
    };
    frame
        .set(Point::new(x, y), Cell { bg: palette::LOOK_CURSOR, fg: palette::BACKGROUND, ..under });
}

impl CavesScreen {
    fn play_key(&mut self, input: Input) -> Transition {
        let Some(command) = self.keymap.get(input) else {
            let help = keys_of(&self.keymap, CavesCommand::Help).into_iter().next();
            self.say(format!("Unknown key; {} for help.", help.as_deref().unwrap_or("?")));
            return Transition::Stay;
        };
        match command {
            CavesCommand::Move(d) => self.act(Action::Move(d)),
            CavesCommand::Wait => self.act(Action::Wait),
            CavesCommand::Descend => self.act(Action::Descend),
            CavesCommand::Ascend => {
                let g = &self.game;
                let on_exit = g.depth() == 0
                    && g.current_level().tile(g.player().at()) == Some(Tile::StairsUp);
                if on_exit && !g.hero().has_teddy_bear() {
                    return Transition::Push(Box::new(ConfirmExit::over(self)));
                }
                self.act(Action::Ascend);
            }
            CavesCommand::PickUp => self.act(Action::PickUp),
            CavesCommand::Drop => return self.open_choice(Verb::Drop),
            CavesCommand::Eat => return self.open_choice(Verb::Eat),
            CavesCommand::EatHere => match self.food_here() {
                Some(_) => self.act(Action::EatHere),
                None => self.say("There is nothing here to eat."),
            },
            CavesCommand::Wear => return self.open_choice(Verb::Wear),
            CavesCommand::Inventory => return Transition::Push(Box::new(self.pack(None))),
            CavesCommand::Look => self.mode = Mode::Look { cursor: self.game.player().at() },
            CavesCommand::History => {
                return Transition::Push(Box::new(HistoryPage::new(self.journal_lines())));
            }
            CavesCommand::Help => return Transition::Push(Box::new(HelpPage::new(self))),
            CavesCommand::Explore => self.start(Auto::Explore),
            CavesCommand::TravelItem => self.start(Auto::Item),
            CavesCommand::Rest => self.start(Auto::Rest),
            CavesCommand::Travel => self.mode = Mode::TravelPrompt { index: 0 },
            CavesCommand::Save => return self.save_and_leave(),
        }
        Transition::Stay
    }

    /// `S`: saves the run and goes back to the title menu (or says why it can't).
    fn save_and_leave(&mut self) -> Transition {
        match &self.store {
            Some(store) => match CavesScreen::save_run(store, &self.game, self.recorder.as_ref()) {
                Ok(()) => {
                    self.saved = Some(self.saved_line());
                    return Transition::Pop;
                }
                Err(e) => self.say(format!("Could not save: {e}")),
            },
            None => self.say("There is nowhere to save this game."),
        }
        Transition::Stay
    }

    /// The turn's messages as lines of `width` for `rows` rows: while running the latest;
    /// otherwise a page from the first unread one, ending in `--More--` when the rest does
    /// not fit (the next page's start is kept for the next key).
    fn message_page(&self, rows: usize, width: usize) -> Vec<String> {
        let all = wrap(&self.messages.join(" "), width);
        let from = if self.running.is_some() {
            all.len().saturating_sub(rows)
        } else {
            self.more_from.min(all.len().saturating_sub(rows))
        };
        let rest = all.len() - from;
        if rest > rows && self.running.is_none() {
            let mut lines = all[from..from + rows - 1].to_vec();
            lines.push("--More-- (any key; Esc: the last page)".to_string());
            self.more.set(Some(from + rows - 1));
            lines
        } else {
            self.more.set(None);
            all[from..].iter().take(rows).cloned().collect()
        }
    }

    /// A copy of the screen as it is, for a prompt over it to show the scene from: no
    /// store, no recording (it never plays).
    pub(super) fn snapshot(&self) -> CavesScreen {
        CavesScreen { store: None, recorder: None, ..self.clone() }
    }
}
