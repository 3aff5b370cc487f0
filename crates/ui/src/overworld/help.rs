//! The help panel: the keys and what the world shows.

use super::*;
use crate::{Input, Transition};
use torchlit_geom::Size;

/// The help panel's lines: the keys, the map, the rules in force.
pub(super) fn help_lines(keymap: &Keymap<OverworldCommand>, game: &Overworld) -> Vec<String> {
    let mut lines = Vec::new();
    for command in OverworldCommand::ALL {
        if command == OverworldCommand::Rest && game.quest().is_none() {
            continue;
        }
        let keys: Vec<String> =
            keys_of(keymap, command).into_iter().map(|k| k.to_string()).collect();
        lines.push(format!("{:<12} {}", keys.join(" "), command.help()));
    }
    lines.push(String::new());
    lines.push("@ you   . floor   # wall   (dark) rock   $ chest   _ opened chest".to_string());
    lines.push("r rat   g goblin   b bat   T troll   W wraith".to_string());
    lines.push("Red ground: a monster sees it. Step there and it attacks.".to_string());
    lines.push(
        "The status line names the nearest monster: its level, hit points and how often you would win: goblin L1 31hp win 97%."
            .to_string(),
    );
    if game.quest().is_some() {
        lines.extend(
            [
                "Goal: take the artefact * (the status line points the way).",
                "The pointer is a straight line, not a path: caves wind and rock can't be dug. At a dead end, go back and around; the map shows more as you walk.",
                "Monsters wander and hunt you; farther out they are stronger. Near the start there are no trolls nor wraiths.",
                "A monster on a bright red square hunts you: it steps your way every turn, no faster than you, so you can walk away (it never leaves its region). On a blue square: a guard at its post, which wakes when it sees you within 12 cells.",
                "Health carries over; it heals with time and rest.",
                "The shrine + at the start heals for gold. Death ends the game.",
            ]
            .map(String::from),
        );
    } else if game.rules().death_loses_item {
        lines.push("Fights: any key skips to the end. Dying costs a random item.".to_string());
    } else {
        lines.push("Fights: any key skips to the end. Dying costs nothing.".to_string());
    }
    lines.push("Inventory: a letter wields or wears, Shift+letter drops for good.".to_string());
    lines.push(
        "The world saves itself every few steps and when you leave (Esc twice, or q).".to_string(),
    );
    lines
}

/// The help panel over the play screen: ↑/↓ scroll, any other key closes it.
#[derive(Debug)]
pub(super) struct HelpPanel {
    /// The lines, before wrapping ([`help_lines`] when it opened).
    lines: Vec<String>,
    /// The first line shown.
    scroll: usize,
    /// The frame's size as last told ([`Screen::resize`]), `(columns, rows)`: scrolling
    /// stops at the last line as the panel is drawn in it.
    size: (u16, u16),
}

impl HelpPanel {
    pub(super) fn new(lines: Vec<String>) -> HelpPanel {
        HelpPanel { lines, scroll: 0, size: (80, 24) }
    }

    /// The panel's size in a frame `fh` rows high: `(width, height)` with the border.
    fn outer(fh: i32) -> (i32, i32) {
        (70, (fh - 2).min(20))
    }

    /// The lines wrapped to `width` columns.
    fn wrapped(&self, width: usize) -> Vec<String> {
        self.lines.iter().flat_map(|l| wrap(l, width)).collect()
    }

    /// The last scroll position in a frame of `size`.
    fn last_scroll(&self, (fw, fh): (u16, u16)) -> usize {
        let (w, h) = HelpPanel::outer(i32::from(fh));
        let (w, h) = (w.min(i32::from(fw)).max(4), h.min(i32::from(fh)).max(3));
        let body = (h - 3).max(1) as usize;
        self.wrapped((w - 4).max(1) as usize).len().saturating_sub(body)
    }
}

impl Screen for HelpPanel {
    fn render(&self, frame: &mut Frame) {
        if too_small(frame) {
            return;
        }
        let (pw, ph) = HelpPanel::outer(i32::from(frame.height()));
        let (x, y, w, h) = panel(frame, pw, ph, "overworld controls", TITLE);
        let lines = self.wrapped(w.max(1) as usize);
        let body = (h - 1).max(1) as usize;
        // Scrolling stops at the last line: the view never runs past the end.
        let skip = self.scroll.min(lines.len().saturating_sub(body));
        for (i, line) in lines.iter().skip(skip).take(body).enumerate() {
            let line = draw::fit(line, w.max(0) as usize);
            draw::text(frame, x, y + i as i32, &line, Rgb::WHITE, Rgb::BLACK, false);
        }
        let footer = draw::scroll_footer(lines.len() > body, w.max(0) as usize);
        draw::text(frame, x, y + h - 1, &footer, Rgb::GREY, Rgb::BLACK, false);
    }

    fn handle(&mut self, input: Input) -> Transition {
        match input {
            Input::Up => self.scroll = self.scroll.saturating_sub(1),
            Input::Down => self.scroll = (self.scroll + 1).min(self.last_scroll(self.size)),
            _ => return Transition::Pop,
        }
        Transition::Stay
    }

    /// The scroll stops at the last line in a frame this size.
    fn resize(&mut self, size: Size) {
        self.size = frame_size(size);
        self.scroll = self.scroll.min(self.last_scroll(self.size));
    }

    fn is_overlay(&self) -> bool {
        true
    }
}
