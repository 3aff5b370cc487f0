//! What the replay screen pushes over itself: its keys (`?`) and the seek prompt (`g`).
//! While one is up the replay holds still (it gets no ticks).

use super::screen::{CONTROLS, bar_line};
use crate::{Frame, Input, Screen, Transition, palette};
use torchlit_console::widgets::{Panel, PanelArea, TextInput, Typed};
use torchlit_geom::Point;

/// The most digits the seek prompt takes (a step count fits in 18).
const MAX_DIGITS: usize = 18;

/// The step the seek prompt answers with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Seek(pub u64);

/// The replay's keys in a box; any key closes it.
#[derive(Clone, Copy, Debug, Default)]
pub struct ReplayHelp;

impl Screen for ReplayHelp {
    fn render(&self, frame: &mut Frame) {
        let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
        let bw = 64.min(w);
        let bh = (CONTROLS.len() as i32 + 4).min(h);
        let bg = palette::PANEL;
        let panel = Panel {
            title: "replay keys (any key closes)",
            lines: &[],
            footer: None,
            fg: palette::HEADING,
            bg,
            scroll: 0,
        };
        let PanelArea { x, y, .. } = panel.draw_box(frame, bw, bh);
        for (i, (keys, what)) in CONTROLS.iter().enumerate() {
            let row = y + 2 + i as i32;
            frame.print_at(Point::new(x + 2, row), keys, palette::HIGHLIGHT, bg);
            frame.print_at(Point::new(x + 18, row), what, palette::TEXT, bg);
        }
    }

    fn handle(&mut self, _: Input) -> Transition {
        Transition::Pop
    }

    fn is_overlay(&self) -> bool {
        true
    }
}

/// "go to step": digits, Backspace, Enter goes there, any other key cancels.
#[derive(Clone, Debug)]
pub struct SeekPrompt {
    typed: TextInput,
}

impl Default for SeekPrompt {
    fn default() -> SeekPrompt {
        SeekPrompt { typed: TextInput::new(MAX_DIGITS) }
    }
}

impl SeekPrompt {
    /// The digits typed so far.
    pub fn typed(&self) -> &str {
        &self.typed.text
    }
}

impl Screen for SeekPrompt {
    fn render(&self, frame: &mut Frame) {
        let typed = self.typed();
        bar_line(frame, &format!("go to step: {typed}_  (Enter goes, any other key cancels)"));
    }

    fn handle(&mut self, input: Input) -> Transition {
        match input {
            Input::Char(c) if !c.is_ascii_digit() => Transition::Pop,
            Input::Char(_) | Input::Backspace | Input::Enter => match self.typed.handle(input) {
                Typed::Submitted(text) => match text.parse::<u64>() {
                    Ok(step) => Transition::PopWith(Box::new(Seek(step))),
                    Err(_) => Transition::Pop,
                },
                _ => Transition::Stay,
            },
            _ => Transition::Pop,
        }
    }

    fn is_overlay(&self) -> bool {
        true
    }
}
