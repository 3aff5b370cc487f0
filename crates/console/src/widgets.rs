//! Widgets every screen needs: word wrapping, a bordered panel, a list picker and a
//! one-line text input. They draw into a [`Frame`] and hold no game state.

use unicode_width::UnicodeWidthChar;

use crate::{Cell, Frame, Input, Rgb, palette};
use crate::{Point, Rect, Size};

/// Below `min` (columns, rows), clears `frame` and says so in wrapped lines from the top
/// ("The terminal is too small: ultima needs 40x12 (now 30x8).", `needs` being "ultima
/// needs"); returns whether it did, and then the screen draws nothing else.
pub fn too_small(frame: &mut Frame, needs: &str, min: (u16, u16)) -> bool {
    let (w, h) = (frame.width(), frame.height());
    if w >= min.0 && h >= min.1 {
        return false;
    }
    frame.fill_rect(frame.area(), Cell::BLANK);
    let notice = format!("The terminal is too small: {needs} {}x{} (now {w}x{h}).", min.0, min.1);
    for (i, line) in wrap(&notice, usize::from(w.max(1))).iter().enumerate() {
        frame.print_at(Point::new(0, i as i32), line, palette::TEXT, palette::BACKGROUND);
    }
    true
}

/// `text` cut to at most `cols` columns, ending in `…` when it was cut (`cols` 0 gives
/// an empty string). Columns are terminal cells (a wide character takes two).
pub fn fit(text: &str, cols: usize) -> String {
    let total: usize = text.chars().map(|c| c.width().unwrap_or(0)).sum();
    if total <= cols {
        return text.to_string();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = c.width().unwrap_or(0);
        if used + w + 1 > cols {
            break;
        }
        out.push(c);
        used += w;
    }
    if cols > 0 {
        out.push('…');
    }
    out
}

/// Splits `text` into lines of at most `width` columns, breaking at spaces where it can
/// (a word longer than a line is cut). Explicit newlines are kept; `width` 0 is 1.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut out = Vec::new();
    for para in text.split('\n') {
        let mut line = String::new();
        let mut cols = 0;
        for word in para.split(' ') {
            let w: usize = word.chars().map(|c| c.width().unwrap_or(0)).sum();
            if cols > 0 && cols + 1 + w <= width {
                line.push(' ');
                line.push_str(word);
                cols += 1 + w;
                continue;
            }
            if cols > 0 {
                out.push(std::mem::take(&mut line));
                cols = 0;
            }
            // A word on a fresh line, cut when it is longer than the line.
            for c in word.chars() {
                let cw = c.width().unwrap_or(0);
                if cols + cw > width && cols > 0 {
                    out.push(std::mem::take(&mut line));
                    cols = 0;
                }
                line.push(c);
                cols += cw;
            }
        }
        out.push(line);
    }
    out
}

/// A bordered panel centred in the frame: a title in the top border, lines of text,
/// an optional footer in the bottom border, scrolled by `scroll` lines when the text is
/// taller than the frame allows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Panel<'a> {
    /// Shown in the top border.
    pub title: &'a str,
    /// The text, one entry a line (wrap long text with [`wrap`] first).
    pub lines: &'a [String],
    /// Shown in the bottom border (key hints), if any.
    pub footer: Option<&'a str>,
    /// Border and text colour.
    pub fg: Rgb,
    /// Background.
    pub bg: Rgb,
    /// The first line shown.
    pub scroll: usize,
}

/// Where a [`Panel`] was drawn and how much of its text fits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PanelArea {
    /// Left column of the border.
    pub x: i32,
    /// Top row of the border.
    pub y: i32,
    /// Width with the border.
    pub w: i32,
    /// Height with the border.
    pub h: i32,
    /// Text lines that fit inside.
    pub rows: usize,
}

impl Panel<'_> {
    /// Draws the panel centred in `frame`, as large as its text (at most the frame).
    pub fn draw(&self, frame: &mut Frame) -> PanelArea {
        let (fw, fh) = (i32::from(frame.width()), i32::from(frame.height()));
        // Room for "↓ more · " in the bottom border when the text does not fit.
        let more_w = if self.lines.len() as i32 + 2 > fh { 10 } else { 0 };
        let text_w = self
            .lines
            .iter()
            .map(|l| l.chars().map(|c| c.width().unwrap_or(0)).sum::<usize>())
            .max()
            .unwrap_or(0)
            .max(self.title.chars().count() + 2)
            .max(self.footer.map_or(0, |f| f.chars().count() + 2) + more_w);
        let w = (text_w as i32 + 4).min(fw);
        let h = (self.lines.len() as i32 + 2).min(fh);
        let (x, y) = ((fw - w) / 2, (fh - h) / 2);
        let side = |n: i32| u32::try_from(n).unwrap_or(0);
        let area = Rect::new(Point::new(x, y), Size::new(side(w), side(h)));
        frame.fill_rect(area, Cell::with_bg(' ', self.fg, self.bg));
        frame.border_rect(area, self.fg);
        let rows = (h - 2).max(0) as usize;
        let scroll = self.scroll.min(self.lines.len().saturating_sub(rows));
        for (i, line) in self.lines.iter().skip(scroll).take(rows).enumerate() {
            frame.print_clipped_at(
                Point::new(x + 2, y + 1 + i as i32),
                line,
                w - 4,
                self.fg,
                self.bg,
            );
        }
        if !self.title.is_empty() {
            frame.print_clipped_at(
                Point::new(x + 2, y),
                &format!(" {} ", self.title),
                w - 4,
                self.fg,
                self.bg,
            );
        }
        let more = scroll + rows < self.lines.len();
        let footer = match (self.footer, more) {
            (Some(f), true) => Some(format!(" ↓ more · {f} ")),
            (Some(f), false) => Some(format!(" {f} ")),
            (None, true) => Some(" ↓ more ".to_string()),
            (None, false) => None,
        };
        if let Some(f) = footer {
            frame.print_clipped_at(Point::new(x + 2, y + h - 1), &f, w - 4, self.fg, self.bg);
        }
        PanelArea { x, y, w, h, rows }
    }
}

/// A list to pick one entry from, with the arrows (or `j`/`k`) and Enter.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ListPicker {
    /// The index of the highlighted entry.
    pub selected: usize,
}

/// What a [`ListPicker`] made of an input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Picked {
    /// The highlight moved (or the input was not for the picker).
    Moved,
    /// Enter on the entry with this index.
    Chosen(usize),
    /// Esc.
    Cancelled,
}

impl ListPicker {
    /// Moves the highlight among `len` entries, wrapping around, or picks.
    pub fn handle(&mut self, input: Input, len: usize) -> Picked {
        if len == 0 {
            return if input == Input::Esc { Picked::Cancelled } else { Picked::Moved };
        }
        self.selected = self.selected.min(len - 1);
        match input {
            Input::Up | Input::Char('k') => self.selected = (self.selected + len - 1) % len,
            Input::Down | Input::Char('j') => self.selected = (self.selected + 1) % len,
            Input::Enter => return Picked::Chosen(self.selected),
            Input::Esc => return Picked::Cancelled,
            _ => {}
        }
        Picked::Moved
    }

    /// Draws `items` from row `y` at column `x`, the selected one reversed, scrolled so
    /// that it is inside the `rows` rows shown.
    pub fn render(&self, frame: &mut Frame, x: i32, y: i32, rows: usize, items: &[String]) {
        let rows = rows.max(1);
        let first = self.selected.saturating_sub(rows - 1);
        for (i, item) in items.iter().enumerate().skip(first).take(rows) {
            let (fg, bg) = if i == self.selected {
                (palette::BACKGROUND, palette::SELECTION)
            } else {
                (palette::TEXT, palette::BACKGROUND)
            };
            frame.print_at(Point::new(x, y + (i - first) as i32), item, fg, bg);
        }
    }
}

/// A one-line text input (names, seeds): printable characters, Backspace, Enter, Esc.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TextInput {
    /// What has been typed.
    pub text: String,
    /// The most characters accepted.
    pub max_chars: usize,
}

/// What a [`TextInput`] made of an input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Typed {
    /// The text changed (or the input was not for the field).
    Editing,
    /// Enter: the text as typed.
    Submitted(String),
    /// Esc: the text is cleared.
    Cancelled,
}

impl TextInput {
    /// An empty field taking at most `max_chars` characters.
    pub fn new(max_chars: usize) -> TextInput {
        TextInput { text: String::new(), max_chars }
    }

    /// Edits the text.
    pub fn handle(&mut self, input: Input) -> Typed {
        match input {
            Input::Char(c) if !c.is_control() && self.text.chars().count() < self.max_chars => {
                self.text.push(c);
            }
            Input::Backspace => {
                self.text.pop();
            }
            Input::Enter => return Typed::Submitted(self.text.clone()),
            Input::Esc => {
                self.text.clear();
                return Typed::Cancelled;
            }
            _ => {}
        }
        Typed::Editing
    }

    /// Draws the text and a cursor block at `(x, y)`, showing the end when it is wider
    /// than `width` columns.
    pub fn render(&self, frame: &mut Frame, x: i32, y: i32, width: i32, fg: Rgb) {
        let width = width.max(2) as usize;
        let chars: Vec<char> = self.text.chars().collect();
        let start = chars.len().saturating_sub(width - 1);
        let shown: String = chars[start..].iter().collect();
        frame.print_at(Point::new(x, y), &shown, fg, palette::BACKGROUND);
        frame.set(
            Point::new(x + (chars.len() - start) as i32, y),
            Cell::with_bg(' ', palette::BACKGROUND, fg),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fit_cuts_with_an_ellipsis_only_when_needed() {
        assert_eq!(fit("teddy bear", 10), "teddy bear");
        assert_eq!(fit("teddy bear", 6), "teddy…");
        assert_eq!(fit("teddy bear", 1), "…");
        assert_eq!(fit("teddy bear", 0), "");
        assert_eq!(fit("龍龍龍", 4), "龍…", "a wide character takes two columns");
    }

    #[test]
    fn wrap_breaks_at_spaces_and_cuts_long_words() {
        assert_eq!(wrap("the bat bites you", 8), ["the bat", "bites", "you"]);
        assert_eq!(wrap("abcdefghij", 4), ["abcd", "efgh", "ij"]);
        assert_eq!(wrap("a\nb", 10), ["a", "b"]);
        assert_eq!(wrap("", 5), [""]);
        assert_eq!(wrap("Health: 48.72", 20), ["Health: 48.72"]);
    }

    #[test]
    fn panel_scrolls_and_says_there_is_more() {
        let lines: Vec<String> = (0..10).map(|i| format!("line {i}")).collect();
        let mut f = Frame::with_size(Size::new(20, 6));
        let panel = Panel {
            title: "Help",
            lines: &lines,
            footer: None,
            fg: Rgb::WHITE,
            bg: Rgb::BLACK,
            scroll: 2,
        };
        let area = panel.draw(&mut f);
        assert_eq!(area.rows, 4);
        let text = f.to_text();
        assert!(text.contains("line 2") && text.contains("line 5") && !text.contains("line 6"));
        assert!(text.contains("more"), "{text}");
    }

    #[test]
    fn picker_wraps_and_picks() {
        let mut p = ListPicker::default();
        assert_eq!(p.handle(Input::Up, 3), Picked::Moved);
        assert_eq!(p.selected, 2);
        assert_eq!(p.handle(Input::Down, 3), Picked::Moved);
        assert_eq!(p.handle(Input::Enter, 3), Picked::Chosen(0));
        assert_eq!(p.handle(Input::Esc, 3), Picked::Cancelled);
        assert_eq!(p.handle(Input::Enter, 0), Picked::Moved);
    }

    #[test]
    fn text_input_edits_submits_and_clears_on_cancel() {
        let mut t = TextInput::new(3);
        for c in "abcd".chars() {
            t.handle(Input::Char(c));
        }
        assert_eq!(t.text, "abc");
        t.handle(Input::Backspace);
        assert_eq!(t.handle(Input::Enter), Typed::Submitted("ab".into()));
        assert_eq!(t.handle(Input::Esc), Typed::Cancelled);
        assert_eq!(t.text, "");
    }
}

impl Panel<'_> {
    /// Draws the panel's box only, `w` by `h` cells with the border (at most the frame,
    /// at least 4 by 3), centred in `frame` and cleared to `bg`: the title in bold in the
    /// top border, from the third column. The caller writes the text inside (its lines in
    /// colours of their own); [`Panel::lines`], [`Panel::footer`] and [`Panel::scroll`]
    /// are not drawn. Returns where the box went; `rows` is the rows inside it.
    pub fn draw_box(&self, frame: &mut Frame, w: i32, h: i32) -> PanelArea {
        let (fw, fh) = (i32::from(frame.width()), i32::from(frame.height()));
        let (w, h) = (w.min(fw).max(4), h.min(fh).max(3));
        let (x, y) = ((fw - w) / 2, (fh - h) / 2);
        frame.fill_rect(
            Rect::new(Point::new(x, y), Size::new(w.max(0) as u32, h.max(0) as u32)),
            Cell { bg: self.bg, ..Cell::BLANK },
        );
        frame.border_rect(
            Rect::new(Point::new(x, y), Size::new(w.max(0) as u32, h.max(0) as u32)),
            self.fg,
        );
        let title = fit(&format!(" {} ", self.title), (w - 4).max(0) as usize);
        for (i, c) in title.chars().enumerate() {
            frame.set(Point::new(x + 2 + i as i32, y), Cell::with_bg(c, self.fg, self.bg).bold());
        }
        PanelArea { x, y, w, h, rows: (h - 2) as usize }
    }
}

/// Like [`wrap`], but a word ending in `:` stays on the line of a number after it
/// (`Health: 48.72`, `Score 120: 45 gold` never break after the colon).
pub fn wrap_labelled(text: &str, width: usize) -> Vec<String> {
    // The pairs are joined by a no-break space while wrapping, a space again after.
    const GLUE: char = '\u{a0}';
    let mut glued = String::with_capacity(text.len());
    let mut words = text.split(' ').peekable();
    while let Some(word) = words.next() {
        glued.push_str(word);
        match words.peek() {
            Some(next) if word.ends_with(':') && next.starts_with(|c: char| c.is_ascii_digit()) => {
                glued.push(GLUE);
            }
            Some(_) => glued.push(' '),
            None => {}
        }
    }
    wrap(&glued, width).into_iter().map(|l| l.replace(GLUE, " ")).collect()
}

#[cfg(test)]
mod box_tests {
    use super::*;

    #[test]
    fn a_box_is_as_large_as_asked_with_its_title_in_bold() {
        let mut f = Frame::with_size(Size::new(20, 7));
        let panel = Panel {
            title: "Help",
            lines: &[],
            footer: None,
            fg: Rgb::WHITE,
            bg: Rgb::BLACK,
            scroll: 0,
        };
        let area = panel.draw_box(&mut f, 10, 5);
        assert_eq!((area.x, area.y, area.w, area.h, area.rows), (5, 1, 10, 5, 3));
        let text = f.to_text();
        assert_eq!(text.lines().nth(1), Some("     ┌─ Help ─┐     "), "{text}");
        assert!(f.cell(Point::new(8, 1)).is_some_and(|c| c.bold && c.glyph == 'H'));
        let area = panel.draw_box(&mut f, 99, 1);
        assert_eq!((area.w, area.h), (20, 3), "clamped to the frame, at least 3 rows");
    }

    #[test]
    fn a_label_keeps_its_number() {
        assert_eq!(
            wrap_labelled("You hit the rat for 3 damage. Health: 48.72", 38),
            ["You hit the rat for 3 damage.", "Health: 48.72"]
        );
        assert_eq!(wrap_labelled("Note: the end", 8), ["Note:", "the end"]);
        assert_eq!(wrap("Score 12: 45 gold", 10), ["Score 12:", "45 gold"]);
        assert_eq!(wrap_labelled("Score 12: 45 gold", 10), ["Score", "12: 45", "gold"]);
    }
}

impl Panel<'_> {
    /// Like [`Panel::draw_box`], but the box goes where `area` says (clipped to the frame,
    /// at least 4 by 3 cells) instead of the middle: a dialog above a status line. An
    /// empty title leaves the top border whole. The returned [`PanelArea`] is the box as
    /// drawn.
    pub fn draw_box_at(&self, frame: &mut Frame, area: Rect) -> PanelArea {
        let (fw, fh) = (i32::from(frame.width()), i32::from(frame.height()));
        let side = |n: u32| i32::try_from(n).unwrap_or(i32::MAX);
        let (w, h) = (side(area.size.width).min(fw).max(4), side(area.size.height).min(fh).max(3));
        let (x, y) = (area.left().clamp(0, (fw - w).max(0)), area.top().clamp(0, (fh - h).max(0)));
        let rect = Rect::new(Point::new(x, y), Size::new(w as u32, h as u32));
        frame.fill_rect(rect, Cell { bg: self.bg, ..Cell::BLANK });
        frame.border_rect(rect, self.fg);
        if !self.title.is_empty() {
            let title = fit(&format!(" {} ", self.title), (w - 4).max(0) as usize);
            for (i, c) in title.chars().enumerate() {
                let cell = Cell::with_bg(c, self.fg, self.bg).bold();
                frame.set(Point::new(x + 2 + i as i32, y), cell);
            }
        }
        PanelArea { x, y, w, h, rows: (h - 2) as usize }
    }
}

/// `items` joined by `sep` on as few lines of at most `width` columns as they fit, in
/// order (a status line's fields): an item is never broken, and one wider than a line
/// gets a line of its own (the frame cuts it). No items give no lines.
pub fn wrap_items(items: &[String], sep: &str, width: usize) -> Vec<String> {
    let cols = |s: &str| s.chars().map(|c| c.width().unwrap_or(0)).sum::<usize>();
    let mut lines: Vec<String> = Vec::new();
    for item in items {
        match lines.last_mut() {
            Some(line) if cols(line) + cols(sep) + cols(item) <= width => {
                line.push_str(sep);
                line.push_str(item);
            }
            _ => lines.push(item.clone()),
        }
    }
    lines
}

#[cfg(test)]
mod box_at_tests {
    use super::*;

    #[test]
    fn a_box_goes_where_it_is_asked_inside_the_frame() {
        let mut f = Frame::with_size(Size::new(20, 8));
        let panel = Panel {
            title: "Quit?",
            lines: &[],
            footer: None,
            fg: Rgb::WHITE,
            bg: Rgb::BLACK,
            scroll: 0,
        };
        let area = panel.draw_box_at(&mut f, Rect::new(Point::new(3, 4), Size::new(12, 3)));
        assert_eq!((area.x, area.y, area.w, area.h, area.rows), (3, 4, 12, 3, 1));
        let text = f.to_text();
        assert_eq!(text.lines().nth(4), Some("   ┌─ Quit? ──┐     "), "{text}");
        assert_eq!(text.lines().nth(6), Some("   └──────────┘     "), "{text}");
        let area = panel.draw_box_at(&mut f, Rect::new(Point::new(15, 7), Size::new(40, 1)));
        assert_eq!((area.x, area.y, area.w, area.h), (0, 5, 20, 3), "moved and cut to fit");
        let untitled = Panel { title: "", ..panel };
        untitled.draw_box_at(&mut f, Rect::new(Point::new(0, 0), Size::new(6, 3)));
        assert_eq!(f.to_text().lines().next(), Some("┌────┐              "));
    }

    #[test]
    fn items_wrap_whole() {
        let items = ["turn 2", "steps 2/1", "a long field"].map(String::from);
        assert_eq!(wrap_items(&items, "  ", 80), ["turn 2  steps 2/1  a long field"]);
        assert_eq!(wrap_items(&items, "  ", 17), ["turn 2  steps 2/1", "a long field"]);
        assert_eq!(wrap_items(&items, "  ", 5), ["turn 2", "steps 2/1", "a long field"]);
        assert!(wrap_items(&[], " ", 5).is_empty());
    }
}

/// The scroll state of a page of text taller than the rows that show it (a help page, a
/// message history): the first line shown, moved by the keys (Up or `k`, Down or `j`,
/// PgUp, PgDn, Home, End) and kept within the text for the size last told
/// ([`ScrollText::set_size`]). Drawing asks [`ScrollText::window`] which lines to show
/// at the frame's size, so a page drawn at a size never told still shows whole lines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ScrollText {
    /// The first line shown (0 the top; past the end means "the end").
    offset: usize,
    /// The lines of text and the rows showing them, as last told (`None`: not yet).
    size: Option<(usize, usize)>,
}

impl ScrollText {
    /// Scrolled to the top.
    pub fn new() -> ScrollText {
        ScrollText::default()
    }

    /// Scrolled to the end (the newest lines of a history), whatever the size.
    pub fn at_end() -> ScrollText {
        ScrollText { offset: usize::MAX, size: None }
    }

    /// The text is now `lines` lines shown in `rows` rows (a new frame size, a text
    /// wrapped anew): the offset is kept within it.
    pub fn set_size(&mut self, lines: usize, rows: usize) {
        self.size = Some((lines, rows));
        self.offset = self.offset.min(lines.saturating_sub(rows));
    }

    /// The first line shown, for the size last told.
    pub fn offset(&self) -> usize {
        match self.size {
            Some((lines, rows)) => self.offset.min(lines.saturating_sub(rows)),
            None => self.offset,
        }
    }

    /// Scrolls for a key: Up or `k` and Down or `j` one line, PgUp and PgDn a page (the
    /// rows less one, so a line stays in view), Home and End to the top and the end.
    /// Returns whether the key was one of these (the page may close on the others).
    pub fn handle(&mut self, input: Input) -> bool {
        let page = self.size.map_or(1, |(_, rows)| rows.saturating_sub(1).max(1));
        let now = self.offset();
        self.offset = match input {
            Input::Up | Input::Char('k') => now.saturating_sub(1),
            Input::Down | Input::Char('j') => now.saturating_add(1),
            Input::PageUp => now.saturating_sub(page),
            Input::PageDown => now.saturating_add(page),
            Input::Home => 0,
            Input::End => usize::MAX,
            _ => return false,
        };
        self.offset = self.offset();
        true
    }

    /// The lines to show of `lines` lines in `rows` rows: from the offset, kept within
    /// the text.
    pub fn window(&self, lines: usize, rows: usize) -> std::ops::Range<usize> {
        let first = self.offset.min(lines.saturating_sub(rows));
        first..(first + rows).min(lines)
    }
}

#[cfg(test)]
mod scroll_tests {
    use super::*;

    #[test]
    fn scrolling_stays_within_the_text_for_the_size_told() {
        let mut s = ScrollText::new();
        s.set_size(30, 10);
        assert_eq!(s.window(30, 10), 0..10);
        assert!(s.handle(Input::PageDown));
        assert_eq!(s.offset(), 9, "a page less one line");
        for _ in 0..50 {
            s.handle(Input::Down);
        }
        assert_eq!(s.offset(), 20, "no counting on past the end");
        assert!(s.handle(Input::Up) && s.offset() == 19, "up comes back at once");
        s.handle(Input::Home);
        assert_eq!(s.window(30, 10), 0..10);
        s.handle(Input::End);
        assert_eq!(s.window(30, 10), 20..30);
        assert!(!s.handle(Input::Esc), "not a scroll key");
        s.set_size(30, 40);
        assert_eq!((s.offset(), s.window(30, 40)), (0, 0..30), "a taller frame shows it all");
    }

    #[test]
    fn a_page_at_the_end_shows_the_newest_lines_at_any_size() {
        let mut s = ScrollText::at_end();
        assert_eq!(s.window(30, 10), 20..30, "before any size is told");
        assert_eq!(s.window(5, 10), 0..5, "a short text from the top");
        s.set_size(30, 10);
        s.handle(Input::Char('k'));
        assert_eq!(s.window(30, 10), 19..29);
        s.handle(Input::PageUp);
        s.handle(Input::PageUp);
        s.handle(Input::PageUp);
        assert_eq!(s.window(30, 10), 0..10, "never past the top");
    }
}
