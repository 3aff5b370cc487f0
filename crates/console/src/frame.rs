//! A frame of character cells: what a front end draws.

use torchlit_geom::{Point, Rect, Size};

use crate::Sprite;

/// The rectangle at `(x, y)` of `w × h` cells, empty when `w` or `h` is not positive.
fn raw_rect(x: i32, y: i32, w: i32, h: i32) -> Rect {
    let side = |n: i32| u32::try_from(n).unwrap_or(0);
    Rect::new(Point::new(x, y), Size::new(side(w), side(h)))
}

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
/// Writes outside the frame are clipped, never panics. The methods take geom's types
/// ([`Point`], [`Size`], [`Rect`]); each has an older raw form taking `x, y` (and
/// `w, h`) numbers ([`Frame::put`] for [`Frame::set`]...), kept while call sites move
/// (`tools/toolkit_migrate.py frame` rewrites them).
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

    /// A blank frame of `width × height` cells: the raw form of [`Frame::with_size`].
    pub fn new(width: u16, height: u16) -> Frame {
        Frame::with_size(Size::new(u32::from(width), u32::from(height)))
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

    /// The cell at column `x`, row `y`, if inside: the raw form of [`Frame::cell`].
    pub fn get(&self, x: u16, y: u16) -> Option<&Cell> {
        self.cell(Point::new(i32::from(x), i32::from(y)))
    }

    /// Sets the cell at `at`; ignored outside (coordinates may be negative).
    pub fn set(&mut self, at: Point, cell: Cell) {
        if let Some(i) = self.index(at) {
            self.cells[i] = cell;
        }
    }

    /// Sets the cell at `(x, y)`: the raw form of [`Frame::set`].
    pub fn put(&mut self, x: i32, y: i32, cell: Cell) {
        self.set(Point::new(x, y), cell);
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

    /// The raw form of [`Frame::print_at`].
    pub fn print(&mut self, x: i32, y: i32, text: &str, fg: Rgb, bg: Rgb) {
        self.print_at(Point::new(x, y), text, fg, bg);
    }

    /// Like [`Frame::print_at`], but at most `max_cols` columns (nothing when
    /// `max_cols <= 0`).
    pub fn print_clipped_at(&mut self, at: Point, text: &str, max_cols: i32, fg: Rgb, bg: Rgb) {
        let cols = usize::try_from(max_cols).unwrap_or(0);
        self.write(at, text.chars().take(cols).map(|c| Cell::with_bg(c, fg, bg)));
    }

    /// The raw form of [`Frame::print_clipped_at`].
    pub fn print_clipped(&mut self, x: i32, y: i32, text: &str, max_cols: i32, fg: Rgb, bg: Rgb) {
        self.print_clipped_at(Point::new(x, y), text, max_cols, fg, bg);
    }

    /// Like [`Frame::print_at`] but bold, on black.
    pub fn print_bold_at(&mut self, at: Point, text: &str, fg: Rgb) {
        self.write(at, text.chars().map(|c| Cell::new(c, fg).bold()));
    }

    /// The raw form of [`Frame::print_bold_at`].
    pub fn print_bold(&mut self, x: i32, y: i32, text: &str, fg: Rgb) {
        self.print_bold_at(Point::new(x, y), text, fg);
    }

    /// Fills `area` with `cell` (clipped).
    pub fn fill_rect(&mut self, area: Rect, cell: Cell) {
        for p in area.points() {
            self.set(p, cell);
        }
    }

    /// Fills the rectangle at `(x, y)` of `w × h` cells (none when `w` or `h` is not
    /// positive): the raw form of [`Frame::fill_rect`].
    pub fn fill(&mut self, x: i32, y: i32, w: i32, h: i32, cell: Cell) {
        self.fill_rect(raw_rect(x, y, w, h), cell);
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

    /// Draws a border around the rectangle at `(x, y)` of `w × h` cells: the raw form of
    /// [`Frame::border_rect`].
    pub fn border(&mut self, x: i32, y: i32, w: i32, h: i32, fg: Rgb) {
        self.border_rect(raw_rect(x, y, w, h), fg);
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
        let mut g = Frame::with_size(Size::new(3, 3));
        g.border_rect(g.area(), Rgb::WHITE);
        assert_eq!(g, f);
        g.border_rect(Rect::new(Point::new(0, 0), Size::new(1, 3)), Rgb(1, 2, 3));
        assert_eq!(g, f, "a border under 2 cells wide draws nothing");
    }

    #[test]
    fn geom_forms_match_the_raw_ones() {
        let cell = Cell::new('#', Rgb(9, 9, 9));
        let (mut a, mut b) = (Frame::new(6, 4), Frame::with_size(Size::new(6, 4)));
        a.fill(1, 1, 3, 2, cell);
        b.fill_rect(Rect::new(Point::new(1, 1), Size::new(3, 2)), cell);
        assert_eq!(a, b);
        assert_eq!(a.to_text(), "      \n ###  \n ###  \n      \n");
        a.fill(0, 0, -2, 5, Cell::BLANK);
        assert_eq!(a, b, "a negative width fills nothing");
        a.print_clipped(4, 3, "abc", 1, Rgb::WHITE, Rgb::BLACK);
        b.print_clipped_at(Point::new(4, 3), "abc", 1, Rgb::WHITE, Rgb::BLACK);
        a.print_bold(-1, 0, "xyz", Rgb::WHITE);
        b.print_bold_at(Point::new(-1, 0), "xyz", Rgb::WHITE);
        assert_eq!(a, b);
        assert_eq!(a.to_text(), "yz    \n ###  \n ###  \n    a \n");
        assert_eq!(a.get(1, 0), a.cell(Point::new(1, 0)));
        assert_eq!(a.cell(Point::new(0, -1)), None);
        assert_eq!(a.area(), Rect::new(Point::new(0, 0), Size::new(6, 4)));
        assert_eq!(Frame::with_size(Size::new(70_000, 1)).width(), u16::MAX);
    }

    #[test]
    fn dimming_scales_channels() {
        assert_eq!(Rgb(200, 100, 0).dimmed(2, 5), Rgb(80, 40, 0));
    }
}
