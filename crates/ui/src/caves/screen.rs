//! The play screen as a [`Screen`]: keys, ticks, drawing, and the answers of the pages
//! and prompts it pushes (the look cursor, the travel prompt, the inventory, the exit
//! prompt, the end page).

use std::any::Any;

use torchlit_console::{Mouse, Scene};
use torchlit_geom::Point;
use torchlit_geom::Size;

use super::confirm::{ConfirmExit, LeaveAnswer};
use super::end::RunOver;
use super::help::HelpPage;
use super::history::HistoryPage;
use super::look::{LookCursor, Looked};
use super::pack::PackAnswer;
use super::scene::Over;
use super::travel::{TravelAnswer, TravelPrompt};
use super::*;
use crate::{Cell, CloseError, Frame, Rgb, Screen, Transition, palette};

impl Screen for CavesScreen {
    fn render(&self, frame: &mut Frame) {
        let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
        if torchlit_console::widgets::too_small(frame, "the caves need", MIN_SIZE) {
            return;
        }
        let rows = message_rows(h);
        let view_h = (h - 1 - rows).max(1);
        draw::draw_map(&self.game, frame, view_h);
        let (lines, _) = self.message_page(rows as usize, w as usize);
        for (i, line) in lines.iter().enumerate() {
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
        if let Some(next) = self.next_page() {
            // --More--: a key shows the next page; Esc skips to the last one.
            self.more_from = if input == Input::Esc { usize::MAX } else { next };
            return Transition::Stay;
        }
        let t = self.play_key(input);
        self.then(t)
    }

    fn scene(&self, view: Size) -> Option<Scene> {
        Some(self.scene_now(view, Over::default()))
    }

    fn mouse(&mut self, event: Mouse) -> Transition {
        let t = self.on_mouse(event);
        self.then(t)
    }

    fn wants_ticks(&self) -> bool {
        self.is_running()
    }

    fn tick(&mut self) -> Transition {
        self.step();
        self.then(Transition::Stay)
    }

    fn resize(&mut self, size: Size) {
        self.size = Some(size);
    }

    /// The answers of the screens pushed over the map: the inventory's choice, the exit
    /// prompt's, the look cursor's and the travel prompt's; the end page's leaves.
    fn answer(&mut self, answer: Box<dyn Any>) -> Transition {
        let answer = match answer.downcast::<PackAnswer>() {
            Ok(pack) => {
                match *pack {
                    PackAnswer::Act(action) => self.act(action),
                    PackAnswer::Say(line) => self.say(line),
                }
                return self.then(Transition::Stay);
            }
            Err(other) => other,
        };
        let answer = match answer.downcast::<LeaveAnswer>() {
            Ok(leave) => {
                match *leave {
                    LeaveAnswer(true) => self.act(Action::Ascend),
                    LeaveAnswer(false) => self.say("You stay in the caves."),
                }
                return self.then(Transition::Stay);
            }
            Err(other) => other,
        };
        let answer = match answer.downcast::<Looked>() {
            Ok(looked) => {
                self.pointed = looked.pointed;
                return Transition::Stay;
            }
            Err(other) => other,
        };
        let answer = match answer.downcast::<TravelAnswer>() {
            Ok(travel) => {
                self.pointed = travel.pointed;
                self.travel(travel.choice);
                return self.then(Transition::Stay);
            }
            Err(other) => other,
        };
        // The end page went on: the game leaves with it.
        if answer.is::<RunOver>() { Transition::Pop } else { Transition::Stay }
    }

    fn describe(&self) -> String {
        format!("caves: depth {}, turn {}", self.game.depth() + 1, self.game.turn().0)
    }

    fn close(&mut self) -> Result<(), CloseError> {
        self.save_on_exit().map_err(|e| CloseError::context("could not save the run", e))
    }

    /// Saves the run and plays on. Without a store nothing keeps a run mid-game, so
    /// nothing happens: the recording goes on until the run is closed (a front end that
    /// saves as play goes, like the window, must not end it).
    fn save(&mut self) -> Result<(), CloseError> {
        if self.store.is_none() {
            return Ok(());
        }
        self.save_on_exit().map_err(|e| CloseError::context("could not save the run", e))
    }

    /// Where the run was saved, if it was (a run that ended has its morgue file
    /// instead).
    fn farewell(&self) -> Option<String> {
        self.saved.clone().filter(|_| self.game.outcome().is_none())
    }
}

/// Marks the frame cell at `at` with the look cursor's colours.
pub(super) fn cursor_at(frame: &mut Frame, at: Point) {
    let under = frame.cell(at).copied().unwrap_or(Cell::BLANK);
    frame.set(at, Cell { bg: palette::LOOK_CURSOR, fg: palette::BACKGROUND, ..under });
}

/// Draws a prompt over the play screen `game`'s screen drew: `lines` on the message rows
/// (the last ones when they do not all fit) and, at map point `cursor`, the look cursor.
/// Nothing below the smallest size (the screen below said it is too small).
pub(super) fn draw_over_map(
    frame: &mut Frame,
    game: &Caves,
    cursor: Option<Point>,
    lines: &[String],
) {
    let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
    if frame.width() < MIN_SIZE.0 || frame.height() < MIN_SIZE.1 {
        return;
    }
    let rows = message_rows(h);
    let view_h = (h - 1 - rows).max(1);
    if let Some(at) = cursor {
        let offset = draw::map_offset(game, w, view_h);
        cursor_at(frame, Point::new(at.x - offset.x, at.y - offset.y));
    }
    clear_message_rows(frame);
    let shown = lines.len().saturating_sub(rows as usize);
    for (i, line) in lines[shown..].iter().enumerate() {
        frame.print_at(Point::new(0, view_h + i as i32), line, Rgb::WHITE, Rgb::BLACK);
    }
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
            CavesCommand::Look => return Transition::Push(Box::new(LookCursor::over(self))),
            CavesCommand::History => {
                return Transition::Push(Box::new(HistoryPage::new(self.journal_lines())));
            }
            CavesCommand::Help => return Transition::Push(Box::new(HelpPage::new(self))),
            CavesCommand::Explore => self.start(Auto::Explore),
            CavesCommand::TravelItem => self.start(Auto::Item),
            CavesCommand::Rest => self.start(Auto::Rest),
            CavesCommand::Travel => return Transition::Push(Box::new(TravelPrompt::over(self))),
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
    /// not fit; and where the next page starts (`None`: nothing more to show).
    fn message_page(&self, rows: usize, width: usize) -> (Vec<String>, Option<usize>) {
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
            (lines, Some(from + rows - 1))
        } else {
            (all[from..].iter().take(rows).cloned().collect(), None)
        }
    }

    /// Where the next page of messages starts when the frame as last told shows a
    /// `--More--` (`None`: all shown, or no size told yet).
    pub(super) fn next_page(&self) -> Option<usize> {
        let size = self.size?;
        let (w, h) = (size.width.min(u32::from(u16::MAX)), size.height.min(u32::from(u16::MAX)));
        if w < u32::from(MIN_SIZE.0) || h < u32::from(MIN_SIZE.1) {
            return None;
        }
        self.message_page(message_rows(h as i32) as usize, w as usize).1
    }

    /// The screen to push when the run has just ended (its end page), else `t`.
    fn then(&mut self, t: Transition) -> Transition {
        match self.end.take() {
            Some(page) => Transition::Push(Box::new(page)),
            None => t,
        }
    }

    /// A copy of the screen as it is, for a prompt over it to show the scene from: no
    /// store, no recording (it never plays).
    pub(super) fn snapshot(&self) -> CavesScreen {
        CavesScreen { store: None, recorder: None, ..self.clone() }
    }
}
