//! The `ultima` help: the goal, the status line and the keys, in a box over the world
//! (pushed by `?`; any key or a click closes it, and a Back key does not also leave).

use torchlit_console::Mouse;

use super::{CONTROLS, MIN_SIZE};
use crate::{Frame, Input, Screen, Transition, palette};
use torchlit_console::widgets::{Panel, fit};
use torchlit_geom::Point;

/// The help box over the world.
#[derive(Clone, Debug)]
pub struct UltimaHelp {
    /// What it says about the game above the keys (the default game's goal, or the free
    /// walk's).
    about: &'static [&'static str],
}

impl UltimaHelp {
    pub(super) fn new(about: &'static [&'static str]) -> UltimaHelp {
        UltimaHelp { about }
    }
}

impl Screen for UltimaHelp {
    fn render(&self, frame: &mut Frame) {
        if frame.width() < MIN_SIZE.0 || frame.height() < MIN_SIZE.1 {
            return;
        }
        render_help(frame, self.about);
    }

    fn handle(&mut self, _: Input) -> Transition {
        Transition::Pop
    }

    /// A click on the text closes it, as a key does.
    fn mouse(&mut self, event: Mouse) -> Transition {
        match event {
            Mouse::Text(..) => Transition::Pop,
            _ => Transition::Stay,
        }
    }

    fn is_overlay(&self) -> bool {
        true
    }
}

fn render_help(frame: &mut Frame, about: &[&str]) {
    let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
    let bw = 90.min(w);
    let about: Vec<String> = if w >= 92 {
        about.iter().map(|l| l.to_string()).collect()
    } else {
        torchlit_console::widgets::wrap(&about.join(" "), (bw - 4).max(1) as usize)
    };
    let top = about.len() as i32 + 1;
    let bh = (CONTROLS.len() as i32 + 4 + top).min(h);
    let panel = Panel {
        title: "ultima",
        lines: &[],
        footer: None,
        fg: palette::HEADING,
        bg: palette::PANEL,
        scroll: 0,
    };
    let area = panel.draw_box(frame, bw, bh);
    let (x, y, bw, bh) = (area.x, area.y, area.w, area.h);
    for (i, line) in about.iter().enumerate() {
        let row = y + 2 + i as i32;
        if row < y + bh - 1 {
            frame.print_at(
                Point::new(x + 2, row),
                &fit(line, (bw - 4).max(0) as usize),
                palette::TEXT,
                palette::PANEL,
            );
        }
    }
    for (i, (keys, what)) in CONTROLS.iter().enumerate() {
        let row = y + 2 + top + i as i32;
        if row >= y + bh - 1 {
            break;
        }
        frame.print_at(Point::new(x + 2, row), keys, palette::HIGHLIGHT, palette::PANEL);
        let room = (bw - 22).max(0) as usize;
        frame.print_at(Point::new(x + 21, row), &fit(what, room), palette::TEXT, palette::PANEL);
    }
}
