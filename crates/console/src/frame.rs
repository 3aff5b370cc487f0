//! A frame of character cells: what a front end draws.

use torchlit_geom::{Point, Rect, Size};

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
/// `light`; a cell whose `sprite` is [`Sprite::NONE`] is drawn as its glyph.
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
    /// What the cell shows, by meaning ([`Sprite::NONE`] for text).
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
        sprite: Sprite::NONE,
        under: Sprite::NONE,
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
        let under = if self.under.is_none() { self.sprite } else { self.under };
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

/// A `width × height` grid of [`Cell`]s in screen space: [`Point`] `(0, 0)` is the
/// top-left cell, `x` grows right (columns), `y` down (rows); one unit is one cell.
///
/// Writes outside the frame are clipped, never panics. Positions, sizes and areas are
/// geom's types ([`Point`], [`Size`], [`Rect`]); `tools/toolkit_migrate.py frame`
/// rewrites code written against the raw `x, y` forms of torchlit 0.1.
///
/// ```
/// use torchlit_console::{Cell, Frame, Point, Rgb, Size};
///
/// let mut f = Frame::with_size(Size::new(5, 3));
/// f.border_rect(f.area(), Rgb::WHITE);
/// f.print_at(Point::new(1, 1), "hi!", Rgb::WHITE, Rgb::BLACK);
/// f.set(Point::new(-1, 0), Cell::new('x', Rgb::WHITE)); // outside: clipped
/// assert_eq!(f.to_text(), "┌───┐\n│hi!│\n└───┘\n");
/// assert_eq!(f.cell(Point::new(2, 1)).map(|c| c.glyph), Some('i'));
/// assert_eq!(f.size(), Size::new(5, 3));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    width: u16,
    height: u16,
    cells: Vec<Cell>,
}

impl Frame {
    /// A blank frame of `size` cells (a side longer than 65,535 cells is cut to that).
    pub fn with_size(size: Size) -> Frame {
        let side = |n: u32| u16::try_from(n).unwrap_or(u16::MAX);
        let (width, height) = (side(size.width), side(size.height));
        Frame { width, height, cells: vec![Cell::BLANK; usize::from(width) * usize::from(height)] }
    }

    /// The frame's size in cells.
    pub fn size(&self) -> Size {
        Size::new(u32::from(self.width), u32::from(self.height))
    }

    /// The whole frame as a rectangle from `(0, 0)`.
    pub fn area(&self) -> Rect {
        Rect::from_size(self.size())
    }

    /// Columns ([`Frame::size`]'s width).
    pub fn width(&self) -> u16 {
        self.width
    }

    /// Rows ([`Frame::size`]'s height).
    pub fn height(&self) -> u16 {
        self.height
    }

    /// The index of `at` in [`Frame::cells`], if inside.
    fn index(&self, at: Point) -> Option<usize> {
        let (x, y) = (usize::try_from(at.x).ok()?, usize::try_from(at.y).ok()?);
        let (w, h) = (usize::from(self.width), usize::from(self.height));
        (x < w && y < h).then_some(y * w + x)
    }

    /// The cell at `at`, if inside.
    pub fn cell(&self, at: Point) -> Option<&Cell> {
        self.index(at).map(|i| &self.cells[i])
    }

    /// Sets the cell at `at`; ignored outside (coordinates may be negative).
    pub fn set(&mut self, at: Point, cell: Cell) {
        if let Some(i) = self.index(at) {
            self.cells[i] = cell;
        }
    }

    /// Sets `cells` from `at` rightwards, stopping at the frame's right edge.
    fn write(&mut self, at: Point, cells: impl Iterator<Item = Cell>) {
        // Columns from `at.x` to the right edge (none when `at.x` is past it).
        for (x, cell) in (at.x..i32::from(self.width)).zip(cells) {
            self.set(Point::new(x, at.y), cell);
        }
    }

    /// Writes `text` from `at` rightwards, one character a cell, in `fg` on `bg`, clipped
    /// at the edge.
    pub fn print_at(&mut self, at: Point, text: &str, fg: Rgb, bg: Rgb) {
        self.print_clipped_at(at, text, i32::MAX, fg, bg);
    }

    /// Like [`Frame::print_at`], but at most `max_cols` columns (nothing when
    /// `max_cols <= 0`).
    pub fn print_clipped_at(&mut self, at: Point, text: &str, max_cols: i32, fg: Rgb, bg: Rgb) {
        let cols = usize::try_from(max_cols).unwrap_or(0);
        self.write(at, text.chars().take(cols).map(|c| Cell::with_bg(c, fg, bg)));
    }

    /// Like [`Frame::print_at`] but bold, on black.
    pub fn print_bold_at(&mut self, at: Point, text: &str, fg: Rgb) {
        self.write(at, text.chars().map(|c| Cell::new(c, fg).bold()));
    }

    /// Fills `area` with `cell` (clipped).
    pub fn fill_rect(&mut self, area: Rect, cell: Cell) {
        for p in area.points() {
            self.set(p, cell);
        }
    }

    /// Draws a single-line box border on the edge cells of `area` in `fg` (nothing when
    /// `area` is under 2 cells wide or high).
    pub fn border_rect(&mut self, area: Rect, fg: Rgb) {
        if area.size.width < 2 || area.size.height < 2 {
            return;
        }
        let (x, y, r, b) = (area.left(), area.top(), area.right() - 1, area.bottom() - 1);
        let mut put = |x, y, glyph| self.set(Point::new(x, y), Cell::new(glyph, fg));
        for xx in x + 1..r {
            put(xx, y, '─');
            put(xx, b, '─');
        }
        for yy in y + 1..b {
            put(x, yy, '│');
            put(r, yy, '│');
        }
        put(x, y, '┌');
        put(r, y, '┐');
        put(x, b, '└');
        put(r, b, '┘');
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
        let mut f = Frame::with_size(Size::new(4, 2));
        f.print_at(Point::new(2, 0), "hello", Rgb::WHITE, Rgb::BLACK);
        f.set(Point::new(-1, 0), Cell::new('x', Rgb::WHITE));
        f.set(Point::new(0, 5), Cell::new('x', Rgb::WHITE));
        assert_eq!(f.to_text(), "  he\n    \n");
        assert_eq!(f.cell(Point::new(3, 0)).map(|c| c.glyph), Some('e'));
        assert_eq!(f.cell(Point::new(4, 0)), None);
    }

    #[test]
    fn border_draws_corners() {
        let mut f = Frame::with_size(Size::new(3, 3));
        f.border_rect(Rect::new(Point::new(0, 0), Size::new(3, 3)), Rgb::WHITE);
        assert_eq!(f.to_text(), "┌─┐\n│ │\n└─┘\n");
        let mut g = Frame::with_size(Size::new(3, 3));
        g.border_rect(g.area(), Rgb::WHITE);
        assert_eq!(g, f);
        g.border_rect(Rect::new(Point::new(0, 0), Size::new(1, 3)), Rgb(1, 2, 3));
        assert_eq!(g, f, "a border under 2 cells wide draws nothing");
    }

    #[test]
    fn fills_and_prints_clip_at_the_edges() {
        let cell = Cell::new('#', Rgb(9, 9, 9));
        let mut a = Frame::with_size(Size::new(6, 4));
        a.fill_rect(Rect::new(Point::new(1, 1), Size::new(3, 2)), cell);
        assert_eq!(a.to_text(), "      \n ###  \n ###  \n      \n");
        let before = a.clone();
        a.fill_rect(Rect::new(Point::new(0, 0), Size::new(0, 5)), Cell::BLANK);
        assert_eq!(a, before, "an empty area fills nothing");
        a.print_clipped_at(Point::new(4, 3), "abc", 1, Rgb::WHITE, Rgb::BLACK);
        a.print_bold_at(Point::new(-1, 0), "xyz", Rgb::WHITE);
        assert_eq!(a.to_text(), "yz    \n ###  \n ###  \n    a \n");
        assert_eq!(a.cell(Point::new(0, -1)), None);
        assert_eq!(a.area(), Rect::new(Point::new(0, 0), Size::new(6, 4)));
        assert_eq!(Frame::with_size(Size::new(70_000, 1)).width(), u16::MAX);
    }

    #[test]
    fn dimming_scales_channels() {
        assert_eq!(Rgb(200, 100, 0).dimmed(2, 5), Rgb(80, 40, 0));
    }
}
