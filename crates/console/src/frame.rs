//! A frame of character cells: what a front end draws.

use crate::Sprite;

/// A 24-bit colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// Black, the colour of the unlit night.
    pub const BLACK: Rgb = Rgb(0, 0, 0);
    /// Plain white text.
    pub const WHITE: Rgb = Rgb(230, 230, 230);
    /// Dim grey for remembered cells and hints.
    pub const GREY: Rgb = Rgb(110, 110, 110);

    /// This colour scaled towards black by `num / den` (remembered tiles use about 40%).
    pub fn dimmed(self, num: u16, den: u16) -> Rgb {
        let f = |c: u8| (u16::from(c) * num / den.max(1)).min(255) as u8;
        Rgb(f(self.0), f(self.1), f(self.2))
    }
}

/// One screen position: a glyph and its colours for a character front end, and what it
/// shows by meaning for a tile front end.
///
/// A terminal draws `glyph` in `fg` on `bg`. A tile front end draws `under` (the
/// terrain beneath, when something stands on it), then `sprite`, both tinted by
/// `light`; a cell whose `sprite` is [`Sprite::None`] is drawn as its glyph.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cell {
    /// The character shown (one column wide).
    pub glyph: char,
    /// Foreground colour.
    pub fg: Rgb,
    /// Background colour.
    pub bg: Rgb,
    /// Drawn bold.
    pub bold: bool,
    /// What the cell shows, by meaning ([`Sprite::None`] for text).
    pub sprite: Sprite,
    /// The terrain under [`Cell::sprite`] when a creature or an item stands on it.
    pub under: Sprite,
    /// How lit the cell is for a tile front end: 255 fully lit, lower values dimmed
    /// (remembered cells use [`Cell::REMEMBERED_LIGHT`]).
    pub light: u8,
}

impl Cell {
    /// An empty black cell.
    pub const BLANK: Cell = Cell {
        glyph: ' ',
        fg: Rgb::WHITE,
        bg: Rgb::BLACK,
        bold: false,
        sprite: Sprite::None,
        under: Sprite::None,
        light: 255,
    };

    /// The light of a remembered cell that is not in view now (about 40%).
    pub const REMEMBERED_LIGHT: u8 = 102;

    /// A cell with `glyph` in `fg` on black.
    pub const fn new(glyph: char, fg: Rgb) -> Cell {
        Cell { glyph, fg, ..Cell::BLANK }
    }

    /// A cell with `glyph` in `fg` on `bg`.
    pub const fn with_bg(glyph: char, fg: Rgb, bg: Rgb) -> Cell {
        Cell { glyph, fg, bg, ..Cell::BLANK }
    }

    /// This cell drawn bold.
    #[must_use]
    pub const fn bold(mut self) -> Cell {
        self.bold = true;
        self
    }

    /// This cell showing `sprite`.
    #[must_use]
    pub const fn sprite(mut self, sprite: Sprite) -> Cell {
        self.sprite = sprite;
        self
    }

    /// This cell at `light` (255 fully lit).
    #[must_use]
    pub const fn lit(mut self, light: u8) -> Cell {
        self.light = light;
        self
    }

    /// Something standing on this cell: `glyph` in `fg` (and `sprite`) over this cell's
    /// background, whose sprite moves to [`Cell::under`].
    #[must_use]
    pub const fn overlay(self, glyph: char, fg: Rgb, sprite: Sprite) -> Cell {
        let under = if matches!(self.under, Sprite::None) { self.sprite } else { self.under };
        Cell { glyph, fg, bg: self.bg, bold: self.bold, sprite, under, light: self.light }
    }

    /// The same look, remembered rather than seen: foreground dimmed to 40% on black,
    /// [`Cell::REMEMBERED_LIGHT`] for tiles.
    #[must_use]
    pub fn remembered(self) -> Cell {
        Cell {
            fg: self.fg.dimmed(2, 5),
            bg: Rgb::BLACK,
            bold: false,
            light: Cell::REMEMBERED_LIGHT,
            ..self
        }
    }
}

/// A `width × height` grid of [`Cell`]s in screen space (`(0, 0)` top-left, `y` down).
///
/// Writes outside the frame are clipped, never panics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    width: u16,
    height: u16,
    cells: Vec<Cell>,
}

impl Frame {
    /// A blank frame of `width × height` cells.
    pub fn new(width: u16, height: u16) -> Frame {
        Frame { width, height, cells: vec![Cell::BLANK; usize::from(width) * usize::from(height)] }
    }

    /// Columns.
    pub fn width(&self) -> u16 {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> u16 {
        self.height
    }

    /// The cell at column `x`, row `y`, if inside.
    pub fn get(&self, x: u16, y: u16) -> Option<&Cell> {
        (x < self.width && y < self.height)
            .then(|| &self.cells[usize::from(y) * usize::from(self.width) + usize::from(x)])
    }

    /// Sets the cell at `(x, y)`; ignored outside (coordinates may be negative).
    pub fn put(&mut self, x: i32, y: i32, cell: Cell) {
        if x >= 0 && y >= 0 && x < i32::from(self.width) && y < i32::from(self.height) {
            let i = y as usize * usize::from(self.width) + x as usize;
            self.cells[i] = cell;
        }
    }

    /// Writes `text` from `(x, y)` rightwards in `fg` on `bg`, clipped at the edge.
    pub fn print(&mut self, x: i32, y: i32, text: &str, fg: Rgb, bg: Rgb) {
        for (i, c) in text.chars().enumerate() {
            self.put(x + i as i32, y, Cell::with_bg(c, fg, bg));
        }
    }

    /// Like [`Frame::print`], but at most `max_cols` columns (nothing when `max_cols <= 0`).
    pub fn print_clipped(&mut self, x: i32, y: i32, text: &str, max_cols: i32, fg: Rgb, bg: Rgb) {
        for (i, c) in text.chars().take(max_cols.max(0) as usize).enumerate() {
            self.put(x + i as i32, y, Cell::with_bg(c, fg, bg));
        }
    }

    /// Like [`Frame::print`] but bold.
    pub fn print_bold(&mut self, x: i32, y: i32, text: &str, fg: Rgb) {
        for (i, c) in text.chars().enumerate() {
            self.put(x + i as i32, y, Cell::new(c, fg).bold());
        }
    }

    /// Fills the rectangle `(x, y, w, h)` with `cell` (clipped).
    pub fn fill(&mut self, x: i32, y: i32, w: i32, h: i32, cell: Cell) {
        for yy in y..y + h {
            for xx in x..x + w {
                self.put(xx, yy, cell);
            }
        }
    }

    /// Draws a single-line box border around `(x, y, w, h)` in `fg`.
    pub fn border(&mut self, x: i32, y: i32, w: i32, h: i32, fg: Rgb) {
        if w < 2 || h < 2 {
            return;
        }
        let (r, b) = (x + w - 1, y + h - 1);
        for xx in x + 1..r {
            self.put(xx, y, Cell::new('─', fg));
            self.put(xx, b, Cell::new('─', fg));
        }
        for yy in y + 1..b {
            self.put(x, yy, Cell::new('│', fg));
            self.put(r, yy, Cell::new('│', fg));
        }
        self.put(x, y, Cell::new('┌', fg));
        self.put(r, y, Cell::new('┐', fg));
        self.put(x, b, Cell::new('└', fg));
        self.put(r, b, Cell::new('┘', fg));
    }

    /// Every cell, row by row (`index = y * width + x`).
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The rows as text (glyphs only, trailing spaces kept), for snapshots and tests.
    pub fn to_text(&self) -> String {
        let mut s = String::with_capacity(self.cells.len() + usize::from(self.height));
        for row in self.cells.chunks(usize::from(self.width).max(1)) {
            s.extend(row.iter().map(|c| c.glyph));
            s.push('\n');
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_are_clipped() {
        let mut f = Frame::new(4, 2);
        f.print(2, 0, "hello", Rgb::WHITE, Rgb::BLACK);
        f.put(-1, 0, Cell::new('x', Rgb::WHITE));
        f.put(0, 5, Cell::new('x', Rgb::WHITE));
        assert_eq!(f.to_text(), "  he\n    \n");
        assert_eq!(f.get(3, 0).map(|c| c.glyph), Some('e'));
        assert_eq!(f.get(4, 0), None);
    }

    #[test]
    fn border_draws_corners() {
        let mut f = Frame::new(3, 3);
        f.border(0, 0, 3, 3, Rgb::WHITE);
        assert_eq!(f.to_text(), "┌─┐\n│ │\n└─┘\n");
    }

    #[test]
    fn dimming_scales_channels() {
        assert_eq!(Rgb(200, 100, 0).dimmed(2, 5), Rgb(80, 40, 0));
    }
}
