//! The stairs the player knows, shown and offered: each remembered staircase keeps its
//! colour out of sight and the colour says where it leads (the exit, never taken, taken
//! with parts still unexplored beyond, taken and explored beyond); `G` offers them one by
//! one, nearest first, never the one the player stands on (the travel prompt,
//! `super::travel`).

use torchlit_geom::Point;
use torchlit_sim::modes::caves::{Beyond, Caves, KnownStairs, Stairs};

use crate::{Cell, Rgb, palette};

/// The colour of a known staircase's glyph, by what lies beyond it.
pub(crate) fn stairs_colour(stairs: &KnownStairs) -> Rgb {
    match stairs.beyond {
        Beyond::Exit => palette::VICTORY,
        Beyond::Unknown => palette::STAIRS,
        Beyond::Unexplored => palette::NOTE,
        Beyond::Explored => Rgb::GREY,
    }
}

/// `cell` (the terrain drawn at `p`, seen or remembered) with the stairs' mark: a
/// remembered staircase is not dimmed, and its colour says where it leads.
pub(crate) fn marked(game: &Caves, p: Point, cell: Cell) -> Cell {
    match game.stairs_at(p) {
        Some(stairs) => Cell { fg: stairs_colour(&stairs), ..cell },
        None => cell,
    }
}

/// Where a staircase leads, in words: "the exit out of the caves", "stairs down to level
/// 3, never taken", "stairs up to level 1, taken; parts of it unexplored there".
pub(crate) fn stairs_text(stairs: &KnownStairs) -> String {
    let Some(to) = stairs.to else { return "the exit out of the caves".to_string() };
    let way = match stairs.way {
        Stairs::Down => "down",
        Stairs::Up => "up",
    };
    let beyond = match stairs.beyond {
        Beyond::Exit => "",
        Beyond::Unknown => ", never taken",
        Beyond::Unexplored => ", taken; unexplored parts there",
        Beyond::Explored => ", taken; explored there",
    };
    format!("stairs {way} to level {}{beyond}", to + 1)
}

/// The known stairs of the level the player could travel to: all but the one he stands
/// on, nearest first (as the crow flies, then top to bottom).
pub(crate) fn targets(game: &Caves) -> Vec<KnownStairs> {
    let me = game.player().at();
    let mut all: Vec<KnownStairs> =
        game.known_stairs().into_iter().filter(|s| s.at != me).collect();
    let far = |p: Point| (p.x - me.x).abs().max((p.y - me.y).abs());
    all.sort_by_key(|s| (far(s.at), s.at.y, s.at.x));
    all
}

/// The keys of the travel prompt.
pub(crate) const PROMPT_KEYS: &str =
    "G/Tab: next · Enter: go · > <: nearest down/up · i: item · Esc: cancel";

/// The travel prompt's line for target `index` of `targets`: what it is, how far and
/// which way, and the keys.
pub(crate) fn prompt(game: &Caves, targets: &[KnownStairs], index: usize) -> String {
    format!("{} {PROMPT_KEYS}", prompt_target(game, targets, index))
}

/// The first part of [`prompt`]: the chosen stairs, how far and which way.
pub(crate) fn prompt_target(game: &Caves, targets: &[KnownStairs], index: usize) -> String {
    let Some(stairs) = targets.get(index) else {
        return "Travel: you know of no other stairs on this level.".to_string();
    };
    let me = game.player().at();
    let far = (stairs.at.x - me.x).abs().max((stairs.at.y - me.y).abs());
    let way = super::scene::compass(me, stairs.at).unwrap_or("here");
    let cells = if far == 1 { "cell" } else { "cells" };
    format!(
        "Travel to {} ({far} {cells} {way}) [{}/{}].",
        stairs_text(stairs),
        index + 1,
        targets.len()
    )
}

/// The travel prompt as lines of `width` for `rows` rows: the stairs first, the keys in
/// the rows left (a small terminal keeps what the stairs are).
pub(crate) fn prompt_lines(
    game: &Caves,
    targets: &[KnownStairs],
    index: usize,
    width: usize,
    rows: usize,
) -> Vec<String> {
    let mut lines = super::wrap(&prompt_target(game, targets, index), width);
    lines.extend(super::wrap(PROMPT_KEYS, width));
    lines.truncate(rows);
    lines
}

/// The legend of the stairs' colours, for the help screen.
pub(crate) const LEGEND: &str = "Levels are split into parts joined only by stairs: the \
way to the teddy bear, and back to the exit, may lead up and down through several levels. \
Stairs stay on the map once seen, coloured by where they lead: gold is the exit out of the \
caves, white stairs were never taken, blue ones were taken and parts beyond are still \
unexplored, grey ones were taken and everything beyond is explored. G offers the known \
stairs one by one, nearest first (look with x says where each leads).";
