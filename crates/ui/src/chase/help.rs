//! The chase's help page (pushed by `?`): the rules and the keys of the screen below, as
//! it was when asked; any key closes it (a Back key does not also leave).

use super::play::{RULES, verdict_sentence};
use super::{CONTROLS, ChaseScreen, PLAY_CONTROLS};
use crate::{Frame, Input, Screen, Transition, palette};
use torchlit_console::widgets::wrap;
use torchlit_geom::Point;

/// The help page: a full page of text lines (bold: the heading).
#[derive(Clone, Debug)]
pub struct ChaseHelp {
    lines: Vec<(String, bool)>,
}

impl ChaseHelp {
    /// The help of `screen`: watching, or playing a side (with how perfect play ends).
    pub(super) fn new(screen: &ChaseScreen) -> ChaseHelp {
        let mut lines: Vec<(String, bool)> = Vec::new();
        let title = match screen.person() {
            Some(role) => format!("chase: you play the {} on {}", role.name(), screen.name),
            None => format!("chase: watching {}", screen.name),
        };
        lines.push((title, true));
        lines.push((String::new(), false));
        for rule in RULES {
            lines.push((rule.to_string(), false));
        }
        if let Some(role) = screen.person() {
            let review = screen.game.review();
            lines.push((verdict_sentence(role, review.start), false));
        }
        lines.push((String::new(), false));
        let controls: &[(&str, &str)] =
            if screen.person().is_some() { &PLAY_CONTROLS } else { &CONTROLS };
        for (keys, what) in controls {
            lines.push((format!("{keys:<18}{what}"), false));
        }
        lines.push((String::new(), false));
        lines.push(("Any key closes this page.".to_string(), false));
        ChaseHelp { lines }
    }
}

impl Screen for ChaseHelp {
    fn render(&self, frame: &mut Frame) {
        let w = usize::from(frame.width());
        let mut y = 0;
        for (line, bold) in &self.lines {
            for part in wrap(line, w.max(1)) {
                if *bold {
                    frame.print_bold_at(Point::new(0, y), &part, palette::HEADING);
                } else {
                    frame.print_at(Point::new(0, y), &part, palette::TEXT, palette::BACKGROUND);
                }
                y += 1;
            }
        }
    }

    fn handle(&mut self, _: Input) -> Transition {
        Transition::Pop
    }
}
