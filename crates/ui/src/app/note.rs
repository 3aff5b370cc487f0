//! The title menu's note (why a game could not be opened or continued), drawn whole.

use crate::{Frame, palette};
use torchlit_geom::Point;

/// Draws `note` centred above the bottom line of `frame`, wrapped at word boundaries to
/// the frame's width less a margin of one column each side, so nothing is cut (a long
/// reason, "this world is open in another torchlit (pid 7): …", included). The last line
/// sits on row `height - 2`; lines that do not fit above the top are left out.
pub(super) fn draw(frame: &mut Frame, note: &str) {
    let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
    let lines = torchlit_console::widgets::wrap(note, (w - 2).max(1) as usize);
    let top = h - 1 - lines.len() as i32;
    for (i, line) in lines.iter().enumerate() {
        let y = top + i as i32;
        if y >= 0 {
            let x = ((w - line.chars().count() as i32) / 2).max(0);
            frame.print_at(Point::new(x, y), line, palette::WARNING, palette::BACKGROUND);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_note_is_wrapped_whole_above_the_bottom_line() {
        let note = "The run can't be continued: this world is open in another torchlit \
                    (pid 4242): close it there first.";
        let mut frame = Frame::with_size(torchlit_geom::Size::new(40, 12));
        draw(&mut frame, note);
        let text = frame.to_text();
        let shown: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        assert_eq!(shown.join(" "), note, "{text}");
        assert!(text.lines().nth(11).is_some_and(|l| l.trim().is_empty()), "the last row is free");
    }
}
