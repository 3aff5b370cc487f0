//! What a tiles front end draws of `ultima` ([`Scene`]), and the mouse.
//!
//! The scene is the terminal's map at one tile per map cell: the cells lit now (full
//! light; the game keeps lit or not, no levels), the cells lit before (remembered,
//! dimmed), the avatar facing the way it last stepped.
//!
//! The mouse: a hover (or a right-click) makes the panel's look text name the terrain
//! there and whether it is lit. A click walks the avatar **one step** towards the
//! clicked cell, along a shortest 4-way path over the passable cells it knows (cells
//! never lit count as passable until seen), so repeated clicks walk there; the step is
//! the same [`Action::Move`] a key sends, recorded the same way. A click on the avatar,
//! or on a cell no known way leads to, does nothing but say so.

use std::collections::VecDeque;

use torchlit_console::scene::{
    Entity, EntityKind, Known, LogLine, Mouse, Scene, SceneCell, SceneMap,
};
use torchlit_console::{Rgb, Sprite};
use torchlit_geom::{CardinalDirection, Point, Size};
use torchlit_sim::modes::ultima::{Action, Ultima, to_ultima};

use super::{UltimaScreen, camera_offset};
use crate::sprite;
use crate::theme::{remembered_cell, tile_cell};
use crate::{Transition, palette};

/// How many lines the scene's log keeps.
const LOG_LINES: usize = 200;

/// Appends `line` to `log`, keeping the last [`LOG_LINES`].
pub(super) fn keep(log: &mut Vec<String>, line: String) {
    log.push(line);
    let extra = log.len().saturating_sub(LOG_LINES);
    log.drain(..extra);
}

/// The first map cell and the number shown along an axis of `world` cells in a view of
/// `view`, `focus` in view (the terminal's camera; a smaller world is shown whole).
fn span(focus: i32, world: u32, view: u32) -> (i32, u32) {
    if world <= view { (0, world) } else { (camera_offset(focus, world as i32, view as i32), view) }
}

/// The avatar's sprite facing `d`.
fn facing_sprite(d: CardinalDirection) -> Sprite {
    match d {
        CardinalDirection::North => sprite::PLAYER_NORTH,
        CardinalDirection::East => sprite::PLAYER_EAST,
        CardinalDirection::South => sprite::PLAYER_SOUTH,
        CardinalDirection::West => sprite::PLAYER_WEST,
    }
}

/// The scene's cell for `p`: lit now, remembered, or unknown.
fn scene_cell(game: &Ultima, p: Point) -> SceneCell {
    let Some(tile) = game.map().tile(p) else { return SceneCell::UNKNOWN };
    let (cell, known) = if game.is_lit(p) {
        (tile_cell(tile), Known::Seen)
    } else if game.is_remembered(p) {
        (remembered_cell(tile), Known::Remembered)
    } else {
        return SceneCell::UNKNOWN;
    };
    SceneCell {
        terrain: cell.sprite,
        glyph: cell.glyph,
        fg: cell.fg,
        bg: cell.bg,
        light: cell.light,
        known,
    }
}

/// Whether the avatar may plan a path over `p`: on the map, and passable or never seen.
fn walkable(game: &Ultima, p: Point) -> bool {
    match game.map().tile(p) {
        Some(t) => t.is_passable() || !(game.is_lit(p) || game.is_remembered(p)),
        None => false,
    }
}

/// The first step of a shortest 4-way path from the avatar to `to` over [`walkable`]
/// cells (breadth-first, ties in [`CardinalDirection::ALL`] order); `None` when `to` is
/// the avatar's cell or no such path leads there.
pub(crate) fn first_step(game: &Ultima, to: Point) -> Option<CardinalDirection> {
    let from = game.avatar().at();
    let size = game.size();
    let index = |p: Point| {
        let inside =
            p.x >= 0 && p.y >= 0 && (p.x as u32) < size.width && (p.y as u32) < size.height;
        inside.then(|| p.y as usize * size.width as usize + p.x as usize)
    };
    if from == to || !walkable(game, to) {
        return None;
    }
    // Searched from the goal back, so each cell knows its step towards it.
    let mut towards: Vec<Option<CardinalDirection>> = vec![None; size.area()];
    let mut seen = vec![false; size.area()];
    seen[index(to)?] = true;
    let mut queue = VecDeque::from([to]);
    while let Some(p) = queue.pop_front() {
        for d in CardinalDirection::ALL {
            let q = p + d.offset();
            let Some(i) = index(q) else { continue };
            if seen[i] || !(q == from || walkable(game, q)) {
                continue;
            }
            seen[i] = true;
            towards[i] = Some(d.opposite());
            if q == from {
                return towards[i];
            }
            queue.push_back(q);
        }
    }
    None
}

impl UltimaScreen {
    /// The scene of the game in view, with a map view of at most `view` map cells.
    pub(crate) fn scene_now(&self, view: Size) -> Option<Scene> {
        let game = &self.game;
        let at = game.avatar().at();
        let size = game.size();
        let (ox, w) = span(at.x, size.width, view.width);
        let (oy, h) = span(at.y, size.height, view.height);
        let mut map = SceneMap::new(Point::new(ox, oy), Size::new(w, h));
        let cells: Vec<SceneCell> = map.positions().map(|p| scene_cell(game, p)).collect();
        map.cells = cells;
        let sprite = facing_sprite(self.facing);
        map.entities.push(Entity::new(at, EntityKind::Hero, "you", sprite, '@', palette::AVATAR));
        map.hero = Some(at);
        let u = game.avatar_ultima();
        let chart = game.chart();
        let mut stats = vec![
            ("Position", format!("({}, {})", u.x, u.y)),
            ("Torch", game.avatar().torch().to_string()),
            ("Lit cells", game.lit_count().to_string()),
            ("Lighting", game.lighting().name().to_string()),
            ("Turn", game.turns().0.to_string()),
        ];
        // The goal the terminal's status line measures ("charted 24%"), said the same way:
        // once, as a stat (a bar beside it said it again, and could not say "in N steps").
        if let Some(c) = chart {
            let text = match c.done {
                Some(turns) => format!("in {} steps", turns.0),
                None => format!("{}% ({} of {} tiles)", c.percent(), c.seen, c.total),
            };
            stats.insert(0, ("Charted", text));
        }
        let goal = match chart {
            Some(c) if c.done.is_some() => "The land is charted. Walk on, or q.",
            Some(_) => {
                "Chart the land: light every tile you can walk to, in as few steps as you can."
            }
            None => "Walk the land by torchlight; click a cell to step towards it.",
        };
        let hints = [
            ("w a s d", "walk"),
            ("+ / -", "torch brighter / dimmer"),
            ("l", "lighting"),
            ("?", "help"),
            ("q", "leave"),
        ];
        let pair = |(k, v): (&str, String)| (k.to_string(), v);
        Some(Scene {
            mode: torchlit_sim::ModeId::Ultima.to_string(),
            turn: game.turns().0,
            map,
            title: "Ultima: night walk".to_string(),
            meters: Vec::new(),
            stats: stats.into_iter().map(pair).collect(),
            goal: Some(goal.into()),
            look: self.pointed.map(|p| look_text(game, p)),
            log: self.log.iter().map(|t| LogLine { text: t.clone(), colour: Rgb::WHITE }).collect(),
            hints: hints.into_iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
            banner: None,
        })
    }

    /// Answers the mouse over the scene (see the module's docs).
    pub(crate) fn on_mouse(&mut self, event: Mouse) -> Transition {
        match event {
            Mouse::Hover(p) | Mouse::Inspect(p) => self.pointed = Some(p),
            Mouse::Leave => self.pointed = None,
            Mouse::Text(..) => {}
            Mouse::Click(p) => match first_step(&self.game, p) {
                Some(d) => self.act(Action::Move(d)),
                None if p == self.game.avatar().at() => {}
                None => {
                    self.message = "You know of no way there.".to_string();
                    keep(&mut self.log, self.message.clone());
                }
            },
        }
        Transition::Stay
    }
}

/// What the look text says of `p`: its terrain, where it is (Ultima coordinates, as the
/// status line gives them) and whether it is lit.
pub(crate) fn look_text(game: &Ultima, p: Point) -> String {
    let u = to_ultima(p, game.size());
    let Some(tile) = game.map().tile(p) else { return "Beyond the edge of the world.".into() };
    let name = tile.name();
    let mut name = name.to_string();
    if let Some(first) = name.get(..1).map(str::to_uppercase) {
        name.replace_range(..1, &first);
    }
    if p == game.avatar().at() {
        format!("You stand on {} at ({}, {}), lit by your torch.", tile.name(), u.x, u.y)
    } else if game.is_lit(p) {
        format!("{name} at ({}, {}), lit.", u.x, u.y)
    } else if game.is_remembered(p) {
        format!("{name} at ({}, {}), remembered; dark now.", u.x, u.y)
    } else {
        format!("Darkness at ({}, {}): never lit.", u.x, u.y)
    }
}

#[cfg(test)]
#[path = "scene_tests.rs"]
mod tests;
