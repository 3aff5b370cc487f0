//! The help panel: the keys and what the world shows.

use super::*;

/// The help panel's lines: the keys, the map, the rules in force.
fn help_lines(keymap: &Keymap<OverworldCommand>, game: &Overworld) -> Vec<String> {
    let mut lines = Vec::new();
    for command in OverworldCommand::ALL {
        if command == OverworldCommand::Rest && game.quest().is_none() {
            continue;
        }
        let keys: Vec<String> = keys_of(keymap, command).into_iter().map(key_name).collect();
        lines.push(format!("{:<12} {}", keys.join(" "), command.describe()));
    }
    lines.push(String::new());
    lines.push("@ you   . floor   # wall   (dark) rock   $ chest   _ opened chest".to_string());
    lines.push("r rat   g goblin   b bat   T troll   W wraith".to_string());
    lines.push("Red ground: a monster sees it. Step there and it attacks.".to_string());
    if game.quest().is_some() {
        lines.extend(
            [
                "Goal: take the artefact * (the status line points the way).",
                "Monsters wander and hunt you; farther out they are stronger.",
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
    lines.push("The world saves itself every few steps and when you leave.".to_string());
    lines
}

/// Draws the help panel; returns its last scroll position.
pub(super) fn render_help(
    frame: &mut Frame,
    keymap: &Keymap<OverworldCommand>,
    game: &Overworld,
    scroll: usize,
) -> usize {
    let fh = i32::from(frame.height());
    let (x, y, w, h) = draw::panel(frame, 70, (fh - 2).min(20), "overworld controls", TITLE);
    let lines = help_lines(keymap, game);
    let body = (h - 1).max(1) as usize;
    // Scrolling stops at the last line: the view never runs past the end.
    let skip = scroll.min(lines.len().saturating_sub(body));
    for (i, line) in lines.iter().skip(skip).take(body).enumerate() {
        draw::text(
            frame,
            x,
            y + i as i32,
            &draw::fit(line, w.max(0) as usize),
            Rgb::WHITE,
            Rgb::BLACK,
            false,
        );
    }
    let footer = draw::scroll_footer(lines.len() > body, w.max(0) as usize);
    draw::text(frame, x, y + h - 1, &footer, Rgb::GREY, Rgb::BLACK, false);
    lines.len().saturating_sub(body)
}
