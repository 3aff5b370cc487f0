//! The side panel of a scene: title, meters as bars, stats, goal, look, what is in
//! view, key hints; top to bottom, cut at the bottom edge.

use torchlit_console::scene::{Entity, EntityKind};
use torchlit_console::{Rgb, Scene, palette};

use crate::canvas::{Canvas, rgb};
use crate::draw::Area;
use crate::font::{Font, wrap};

/// A pen moving down the panel.
struct Pen<'f, 'c, 'b> {
    font: &'f mut Font,
    canvas: &'c mut Canvas<'b>,
    px: u32,
    area: Area,
    y: i32,
    cw: i32,
    lh: i32,
}

impl Pen<'_, '_, '_> {
    /// Columns of text a line holds.
    fn cols(&self) -> usize {
        ((self.area.w - 16) / self.cw.max(1)).max(1) as usize
    }

    /// One line of text (cut when too long); nothing once the panel is full.
    fn line(&mut self, text: &str, colour: Rgb) {
        if self.y + self.lh > self.area.y + self.area.h {
            return;
        }
        let at = (self.area.x + 8, self.y);
        self.font.draw_text(self.canvas, text, self.px, at, self.area.w - 16, rgb(colour));
        self.y += self.lh;
    }

    /// Text wrapped to the panel's width.
    fn para(&mut self, text: &str, colour: Rgb) {
        for l in wrap(text, self.cols()) {
            self.line(&l, colour);
        }
    }

    fn gap(&mut self) {
        self.y += self.lh / 2;
    }

    /// A meter: its label and numbers, then a bar.
    fn meter(&mut self, label: &str, now: u32, max: u32, colour: Rgb) {
        self.line(&format!("{label} {now}/{max}"), palette::TEXT);
        let (x, w, h) = (self.area.x + 8, self.area.w - 16, (self.lh / 2).max(4));
        let full = if max == 0 {
            0
        } else {
            (i64::from(w) * i64::from(now.min(max)) / i64::from(max)) as i32
        };
        self.canvas.fill(x, self.y, w, h, rgb(palette::BAR_EMPTY));
        self.canvas.fill(x, self.y, full, h, rgb(colour));
        self.y += h + 4;
    }
}

/// What the panel says of an entity in view: its name, health and state.
pub fn describe(e: &Entity) -> String {
    let mut s = e.name.clone();
    if let Some((now, max)) = e.health {
        s.push_str(&format!(" {now}/{max}"));
    }
    if let Some(state) = &e.state {
        s.push_str(&format!(" ({state})"));
    }
    s
}

/// Draws the panel of `scene` in `area`.
pub fn draw(font: &mut Font, px: u32, canvas: &mut Canvas<'_>, scene: &Scene, area: Area) {
    canvas.fill(area.x, area.y, area.w, area.h, rgb(palette::PANEL));
    let cell = font.cell(px);
    let (cw, lh) = (cell.width as i32, cell.height as i32);
    let mut pen = Pen { font, canvas, px, area, y: area.y + 8, cw, lh };
    pen.line(&scene.title, palette::HEADING);
    pen.gap();
    for m in &scene.meters {
        pen.meter(&m.label, m.now, m.max, m.colour);
    }
    for (label, value) in &scene.stats {
        pen.line(&format!("{label}: {value}"), palette::STATUS_TEXT);
    }
    if let Some(goal) = &scene.goal {
        pen.gap();
        pen.para(goal, palette::NOTE);
    }
    if let Some(look) = &scene.look {
        pen.gap();
        pen.line("Look", palette::HEADING);
        pen.para(look, palette::TEXT);
    }
    let seen: Vec<&Entity> =
        scene.map.entities.iter().filter(|e| e.kind != EntityKind::Hero).collect();
    if !seen.is_empty() {
        pen.gap();
        pen.line("In view", palette::HEADING);
        // Equal lines (a dozen rocks) are one line with a count, as the browser shows them.
        let mut lines = Vec::new();
        for e in seen {
            let colour =
                if e.kind == EntityKind::Monster { palette::WARNING } else { palette::TEXT };
            let text = describe(e);
            match lines.iter_mut().find(|(t, _, _)| *t == text) {
                Some((_, _, n)) => *n += 1,
                None => lines.push((text, colour, 1usize)),
            }
        }
        for (text, colour, n) in lines {
            let text = if n > 1 { format!("{text} ×{n}") } else { text };
            pen.line(&text, colour);
        }
    }
    if !scene.hints.is_empty() {
        pen.gap();
        for (key, action) in &scene.hints {
            pen.line(&format!("{key:>5}  {action}"), palette::HINT);
        }
    }
}
