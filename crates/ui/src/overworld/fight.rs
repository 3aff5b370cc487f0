//! The fight panel: a fight's entries, revealed one by one over the play screen.

use torchlit_sim::modes::overworld::FightReport;
use torchlit_sim::modes::overworld::combat::FightEntry;

use super::status::{StatusFields, fit_status};
use super::*;
use crate::{Input, Transition};
use torchlit_geom::{Point, Rect, Size};

/// The fight panel's answer when it closes: the fight was seen to its end.
#[derive(Debug)]
pub(super) struct FightClosed;

/// A fight shown blow by blow (a blow every `turn_ticks` ticks; any key shows the rest),
/// then its outcome on top with the whole log (↑/↓ scroll, any other key closes).
#[derive(Debug)]
pub(super) struct FightPanel {
    report: Box<FightReport>,
    /// Entries shown.
    shown: usize,
    /// Ticks until the next blow.
    wait: u32,
    /// Ticks between two blows.
    turn_ticks: u32,
    /// Once over, the first line shown (the panel starts at its top; ↑/↓ scroll).
    scroll: usize,
    /// The status line while the fight plays: its kill, gold and damage not counted yet.
    during: StatusFields,
    /// The frame's size as last told ([`Screen::resize`]), `(columns, rows)`: scrolling
    /// stops at the last line as the panel is drawn in it.
    size: (u16, u16),
}

impl FightPanel {
    /// The panel of `report`, its first blow shown (all of them when `turn_ticks` is 0);
    /// `during`: the status line's fields before the fight.
    pub(super) fn new(
        report: Box<FightReport>,
        turn_ticks: u32,
        during: StatusFields,
    ) -> FightPanel {
        let mut p = FightPanel {
            report,
            shown: 0,
            wait: turn_ticks,
            turn_ticks,
            scroll: 0,
            during,
            size: (80, 24),
        };
        if turn_ticks == 0 {
            p.shown = p.report.log.entries.len();
        } else {
            p.reveal_next();
        }
        p
    }

    fn done(&self) -> bool {
        self.shown >= self.report.log.entries.len()
    }

    /// Shows up to and including the next blow (armour and stun lines come with it).
    fn reveal_next(&mut self) {
        let entries = &self.report.log.entries;
        while self.shown < entries.len() {
            self.shown += 1;
            if matches!(entries[self.shown - 1], FightEntry::Blow { .. }) {
                break;
            }
        }
    }

    /// The panel's size in a `(columns, rows)` frame: `(width, height)` with the border.
    fn outer((fw, fh): (u16, u16)) -> (i32, i32) {
        let (fw, fh) = (i32::from(fw), i32::from(fh));
        ((fw - 4).min(76), (fh - 4).min(18))
    }

    /// The panel's text, `width` columns wide.
    fn lines(&self, width: usize) -> Vec<String> {
        let kind = self.report.monster.kind;
        let mut lines = Vec::new();
        if self.done() {
            // Over: the outcome on top, then the whole log from its first line.
            lines.extend(wrap(&outcome_text(&self.report), width));
            lines.push(String::new());
        }
        lines.extend(wrap(&text::opening_text(&self.report), width));
        let entries = &self.report.log.entries;
        for entry in &entries[..self.shown.min(entries.len())] {
            lines.extend(wrap(&entry_text(entry, kind), width));
        }
        lines
    }

    /// The last scroll position in a frame of `size`.
    fn last_scroll(&self, size: (u16, u16)) -> usize {
        let (w, h) = FightPanel::outer(size);
        let (w, h) = (w.min(i32::from(size.0)).max(4), h.min(i32::from(size.1)).max(3));
        let (width, body) = ((w - 4).max(1) as usize, (h - 3).max(0) as usize);
        self.lines(width).len().saturating_sub(body)
    }
}

impl Screen for FightPanel {
    fn render(&self, frame: &mut Frame) {
        if too_small(frame) {
            return;
        }
        if !self.done() {
            // The kill and the gold are told after the last blow.
            let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
            frame.fill_rect(
                Rect::new(Point::new(0, h - 1), Size::new(w.max(0) as u32, 1)),
                crate::Cell::BLANK,
            );
            let status = fit_status(&self.during, w.max(0) as usize);
            draw::text(frame, 0, h - 1, &status, palette::STATUS_TEXT, Rgb::BLACK, false);
        }
        let kind = self.report.monster.kind;
        let (pw, ph) = FightPanel::outer((frame.width(), frame.height()));
        let (x, y, w, h) = panel(frame, pw, ph, &format!("Fight: {kind}"), NOTE);
        let width = w.max(1) as usize;
        let body = (h - 1).max(0) as usize;
        let lines = self.lines(width);
        let last = lines.len().saturating_sub(body);
        let (skip, footer) = if self.done() {
            (self.scroll.min(last), draw::scroll_footer(last > 0, width))
        } else {
            // Playing: the latest blow stays in view.
            (last, draw::fit("any key: skip to the end", width))
        };
        for (i, line) in lines.iter().skip(skip).take(body).enumerate() {
            let bold = self.done() && skip == 0 && i == 0;
            draw::text(frame, x, y + i as i32, line, Rgb::WHITE, Rgb::BLACK, bold);
        }
        draw::text(frame, x, y + h - 1, &footer, Rgb::GREY, Rgb::BLACK, false);
    }

    fn handle(&mut self, input: Input) -> Transition {
        if !self.done() {
            self.shown = self.report.log.entries.len();
            return Transition::Stay;
        }
        match input {
            Input::Up => self.scroll = self.scroll.saturating_sub(1),
            Input::Down => self.scroll = (self.scroll + 1).min(self.last_scroll(self.size)),
            _ => return Transition::PopWith(Box::new(FightClosed)),
        }
        Transition::Stay
    }

    fn wants_ticks(&self) -> bool {
        !self.done()
    }

    fn tick(&mut self) -> Transition {
        if !self.done() {
            if self.wait > 0 {
                self.wait -= 1;
            }
            if self.wait == 0 {
                self.reveal_next();
                self.wait = self.turn_ticks;
            }
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
