//! The fight panel: a fight's entries, revealed one by one.

use super::*;

/// Draws the fight panel; returns its last scroll position.
pub(super) fn render_fight(frame: &mut Frame, p: &Playback) -> usize {
    let (fw, fh) = (i32::from(frame.width()), i32::from(frame.height()));
    let kind = p.report.monster.kind;
    let title = format!("Fight: {kind}");
    let (x, y, w, h) = draw::panel(frame, (fw - 4).min(76), (fh - 4).min(18), &title, NOTE);
    let width = w.max(1) as usize;
    let body = (h - 1).max(0) as usize;
    let mut lines = Vec::new();
    if p.done() {
        // Over: the outcome on top, then the whole log from its first line (↑/↓ scroll).
        lines.extend(draw::wrap(&outcome_text(&p.report), width));
        lines.push(String::new());
    }
    lines.extend(draw::wrap(&text::opening_text(&p.report), width));
    for entry in &p.report.log.entries[..p.shown.min(p.report.log.entries.len())] {
        lines.extend(draw::wrap(&entry_text(entry, kind), width));
    }
    let last = lines.len().saturating_sub(body);
    let (skip, footer) = if p.done() {
        (p.scroll.min(last), draw::scroll_footer(last > 0, width))
    } else {
        // Playing: the latest blow stays in view.
        (last, draw::fit("any key: skip to the end", width))
    };
    for (i, line) in lines.iter().skip(skip).take(body).enumerate() {
        let bold = p.done() && skip == 0 && i == 0;
        draw::text(frame, x, y + i as i32, line, Rgb::WHITE, Rgb::BLACK, bold);
    }
    draw::text(frame, x, y + h - 1, &footer, Rgb::GREY, Rgb::BLACK, false);
    last
}
