//! The help page and the boxes (dialogs, the victory box) drawn over the maze.

use super::*;
use torchlit_console::widgets::{Panel, wrap};
use torchlit_geom::{Point, Rect, Size};

/// The text of a dialog's page.
pub fn dialog_page(id: DialogId, page: u8) -> &'static [&'static str] {
    match (id, page) {
        (DialogId::Welcome, 0) => &[
            "Welcome to the maze!",
            "",
            "Beyond the chained portal lies a chain of mazes. Each one hides a key that opens \
             its locked exit (chained logs). At the end waits the boss, and behind it a \
             treasure.",
        ],
        // A table: cells apart by three spaces or more (one per line when narrow).
        (DialogId::Welcome, 1) => &[
            "Controls",
            "",
            "w a s d / arrows  walk         e  interact (open portals)",
            "Space / f  pickaxe             p  pause      ? help",
            "t  restart area   r  restart game   m  map   v  paths",
            "q  quit",
        ],
        _ => &[
            "A hint",
            "",
            "Take the pickaxe lying three steps south of you: it breaks rocks and hurts \
             log monsters. The key to the chained portal lies nearby; face the portal and press \
             e. Hearts heal.",
        ],
    }
}

/// The death banner's words: what happened, then what a key does (once keys count).
pub(super) fn death_words(ready: bool) -> [&'static str; 2] {
    let what = "You died. The area starts over as you entered it.";
    [what, if ready { "Any key: go on." } else { "" }]
}

impl MazeScreen {
    pub(super) fn render_victory(&self, frame: &mut Frame) {
        let stats = self.game.stats();
        let secs = stats.ticks / 24;
        let lines = [
            "Victory! The treasure is yours.".to_string(),
            String::new(),
            format!("time               {:02}:{:02}", secs / 60, secs % 60),
            format!("deaths             {}", stats.deaths),
            format!("monsters defeated  {}", stats.monsters_defeated),
            format!("seed               {}", crate::record::seed_shown(self.game.config().seed.0)),
        ];
        let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
        let keys = match (self.recorder.is_some(), self.back_quits) {
            (true, true) => "r: play again   q: quit",
            (true, false) => "r: play again   q: back",
            (false, _) => "q: back",
        };
        boxed(frame, "the end", &refs, keys, palette::VICTORY, Place::Center);
    }
}

/// A horizontally centred box with a title, lines and a footer; lines wider than the
/// terminal allows are wrapped at spaces.
pub(super) fn boxed(
    frame: &mut Frame,
    title: &str,
    lines: &[&str],
    footer: &str,
    accent: Rgb,
    place: Place,
) {
    let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
    // Paragraphs wrap at 66 columns at most (a readable measure). A dialog stays above
    // the status line (it may cover the message line: the game waits meanwhile).
    let room = (w - 4).clamp(1, 66) as usize;
    let rows = match place {
        Place::Center => (h - 4).max(1),
        Place::Bottom => (h - 5).max(1),
    } as usize;
    let mut wrapped = layout(lines, room, false);
    if wrapped.len() > rows && matches!(place, Place::Bottom) {
        wrapped = layout(lines, room, true);
    }
    // What still does not fit ends in "…" instead of running under the footer.
    if wrapped.len() > rows {
        wrapped.truncate(rows);
        if let Some(last) = wrapped.last_mut() {
            *last = "…".to_string();
        }
    }
    let inner =
        wrapped.iter().map(|l| l.chars().count()).max().unwrap_or(0).max(footer.len()) as i32;
    let bw = (inner + 4).min(w);
    let bh = (wrapped.len() as i32 + 4).min(h);
    let y = match place {
        Place::Center => (h - bh) / 2,
        Place::Bottom => (h - 2 - bh).max(0).min(h - 1 - bh).max(0),
    };
    let bg = palette::PANEL_DARK;
    let panel = Panel { title, lines: &[], footer: None, fg: accent, bg, scroll: 0 };
    let side = |n: i32| u32::try_from(n).unwrap_or(0);
    let at = Rect::new(Point::new((w - bw) / 2, y), Size::new(side(bw), side(bh)));
    let area = panel.draw_box_at(frame, at);
    let (x, y, bw, bh) = (area.x, area.y, area.w, area.h);
    for (i, line) in wrapped.iter().enumerate() {
        frame.print_at(Point::new(x + 2, y + 1 + i as i32), line, palette::TEXT, bg);
    }
    frame.print_at(Point::new(x + bw - 2 - footer.len() as i32, y + bh - 2), footer, accent, bg);
}

/// `lines` cut to `room` columns: paragraphs wrapped at spaces; a table row (cells three
/// spaces apart or more) that does not fit becomes one cell a line. `compact` (a small
/// terminal) drops the empty lines and packs the cells of consecutive table rows into as
/// few lines as fit.
fn layout(lines: &[&str], room: usize, compact: bool) -> Vec<String> {
    let cells_of = |l: &str| -> Vec<String> {
        l.split("   ").map(str::trim).filter(|c| !c.is_empty()).map(str::to_string).collect()
    };
    let mut out: Vec<String> = Vec::new();
    let mut packing: Option<String> = None;
    for l in lines {
        let cells = cells_of(l);
        if compact && cells.len() >= 2 {
            for cell in cells {
                match packing.take() {
                    Some(line) if line.chars().count() + 3 + cell.chars().count() <= room => {
                        packing = Some(format!("{line}   {cell}"));
                    }
                    other => {
                        out.extend(other);
                        let mut parts = wrap(&cell, room);
                        packing = parts.pop();
                        out.extend(parts);
                    }
                }
            }
            continue;
        }
        out.extend(packing.take());
        if compact && l.trim().is_empty() {
            continue;
        }
        if l.chars().count() <= room || cells_of(l).len() < 2 {
            out.extend(wrap(l, room));
        } else {
            out.extend(cells_of(l).iter().flat_map(|c| wrap(c, room)));
        }
    }
    out.extend(packing);
    out
}

/// What the help says after the keys: the things on screen no key explains.
pub const NOTES: [&str; 4] = [
    "",
    "Bars over you, monsters and the boss show their life.",
    "A death restarts the area. Esc closes the map, a dialog or help.",
    "Rocks: █ ▒ ░ as they crack (walls are ▓).",
];

/// The help's lines for a frame `w` columns wide: the keys, then the notes.
fn help_lines(w: i32) -> Vec<String> {
    // As wide as the box wraps (a paragraph wrapped again would break its lines twice).
    let room = (w - 4).clamp(1, 66) as usize;
    let mut lines: Vec<String> =
        CONTROLS.iter().flat_map(|(k, what)| wrap(&format!("{k:<18} {what}"), room)).collect();
    lines.extend(NOTES.iter().flat_map(|n| wrap(n, room)));
    lines
}

/// The largest useful first line of the help in a `w` x `h` frame (0: it all fits).
pub(super) fn help_scroll_max(w: i32, h: i32) -> usize {
    let rows = (h - 4).max(1) as usize;
    help_lines(w).len().saturating_sub(rows)
}

/// Draws the controls from line `scroll` (when they do not fit, a window of them with
/// Up/Down to scroll).
pub(super) fn render_help(frame: &mut Frame, scroll: usize) {
    let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
    let lines = help_lines(w);
    let rows = (h - 4).max(1) as usize;
    if lines.len() <= rows {
        let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
        boxed(frame, "maze controls", &refs, "any key: close", palette::HEADING, Place::Center);
        return;
    }
    let first = scroll.min(lines.len() - rows);
    let refs: Vec<&str> = lines[first..first + rows].iter().map(String::as_str).collect();
    let title = format!("maze controls {}-{} of {}", first + 1, first + rows, lines.len());
    boxed(frame, &title, &refs, "↑/↓ · other: close", palette::HEADING, Place::Center);
}

/// Where a box goes on the screen.
#[derive(Clone, Copy)]
pub(super) enum Place {
    /// In the middle.
    Center,
    /// Above the message line.
    Bottom,
}
