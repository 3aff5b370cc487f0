//! How the caves look: glyphs and colours of creatures and items (after the tutorial's
//! AsciiPanel colours), the map view, the status line.

use torchlit_geom::Point;
use torchlit_geom::{Rect, Size};
use torchlit_sim::modes::caves::{Caves, CreatureKind, ItemKind};
use torchlit_sim::terrain::Tile;

use crate::sprite;
use crate::theme::{remembered_cell, tile_cell};
use crate::{Cell, Frame, Rgb, Sprite, palette};

// The tutorial's AsciiPanel colours.
use palette::{
    ANSI_BRIGHT_RED as BRIGHT_RED, ANSI_BRIGHT_WHITE as BRIGHT_WHITE, ANSI_GREEN as GREEN,
    ANSI_WHITE as WHITE, ANSI_YELLOW as YELLOW,
};

/// Background of the status line.
pub(crate) const STATUS_BG: Rgb = palette::STATUS_BAR;

/// A creature's glyph and colour (`@` bright white, `f` green, `b` yellow, `z` white).
pub fn creature_look(kind: CreatureKind) -> (char, Rgb) {
    match kind {
        CreatureKind::Player => ('@', BRIGHT_WHITE),
        CreatureKind::Fungus => ('f', GREEN),
        CreatureKind::Bat => ('b', YELLOW),
        CreatureKind::Zombie => ('z', WHITE),
    }
}

/// A creature's sprite.
pub const fn creature_sprite(kind: CreatureKind) -> Sprite {
    match kind {
        CreatureKind::Player => sprite::PLAYER,
        CreatureKind::Fungus => sprite::FUNGUS,
        CreatureKind::Bat => sprite::BAT,
        CreatureKind::Zombie => sprite::ZOMBIE,
    }
}

/// An item's sprite.
pub const fn item_sprite(kind: ItemKind) -> Sprite {
    match kind {
        ItemKind::Rock => sprite::STONE,
        ItemKind::Bread => sprite::BREAD,
        ItemKind::Apple => sprite::APPLE,
        ItemKind::Corpse(_) => sprite::CORPSE,
        ItemKind::Dagger => sprite::DAGGER,
        ItemKind::Sword => sprite::SWORD,
        ItemKind::Staff => sprite::STAFF,
        ItemKind::Baguette => sprite::BAGUETTE,
        ItemKind::Tunic => sprite::TUNIC,
        ItemKind::Chainmail => sprite::CHAINMAIL,
        ItemKind::Platemail => sprite::PLATEMAIL,
        ItemKind::TeddyBear => sprite::TEDDY_BEAR,
    }
}

/// An item's glyph and colour (part 10 to 12: `,` rock, `%` food, `)` weapons, `[`
/// armour, `*` the teddy bear).
pub fn item_look(kind: ItemKind) -> (char, Rgb) {
    match kind {
        ItemKind::Rock => (',', YELLOW),
        ItemKind::Bread => ('%', palette::BREAD),
        ItemKind::Apple => ('%', BRIGHT_RED),
        ItemKind::Corpse(of) => ('%', creature_look(of).1),
        ItemKind::Dagger => (')', WHITE),
        ItemKind::Sword => (')', BRIGHT_WHITE),
        ItemKind::Staff => (')', YELLOW),
        ItemKind::Baguette => (')', palette::BAGUETTE),
        ItemKind::Tunic => ('[', GREEN),
        ItemKind::Chainmail => ('[', WHITE),
        ItemKind::Platemail => ('[', BRIGHT_WHITE),
        ItemKind::TeddyBear => ('*', BRIGHT_WHITE),
    }
}

/// The top-left map cell shown so that `focus` stays in view (centred, clamped at the
/// level's edges; a level smaller than the view is centred).
pub(crate) fn camera_offset(focus: i32, world: i32, view: i32) -> i32 {
    if world <= view { -(view - world) / 2 } else { (focus - view / 2).clamp(0, world - view) }
}

/// The cell shown for map point `p`.
pub(crate) fn map_cell(game: &Caves, p: Point) -> Cell {
    let level = game.current_level();
    if game.is_visible(p) {
        let Some(tile) = level.tile(p) else { return Cell::BLANK };
        let base = tile_cell(tile);
        if let Some(c) = game.visible_creature(p) {
            let (glyph, fg) = creature_look(c.kind());
            let cell = base.overlay(glyph, fg, creature_sprite(c.kind()));
            return if c.kind() == CreatureKind::Player { cell.bold() } else { cell };
        }
        if let Some(item) = level.item(p).filter(|_| !is_stairs(tile)) {
            let (glyph, fg) = item_look(item.kind);
            return base.overlay(glyph, fg, item_sprite(item.kind));
        }
        return if is_stairs(tile) { super::stairs::marked(game, p, base) } else { base };
    }
    match game.remembered(p) {
        // Stairs stay in sight whatever lies on them, undimmed, coloured by where they
        // lead (`super::stairs`).
        Some(r) if is_stairs(r.tile) => super::stairs::marked(game, p, tile_cell(r.tile)),
        Some(r) => match r.item {
            Some(kind) => {
                let (glyph, fg) = item_look(kind);
                tile_cell(r.tile).overlay(glyph, fg, item_sprite(kind)).remembered()
            }
            None => remembered_cell(r.tile),
        },
        None => Cell::BLANK,
    }
}

pub(crate) fn is_stairs(tile: Tile) -> bool {
    matches!(tile, Tile::StairsUp | Tile::StairsDown)
}

/// Draws the map into rows `0..view_h`, the player kept in view; returns the offset
/// (map point of the frame's top-left cell).
pub(crate) fn draw_map(game: &Caves, frame: &mut Frame, view_h: i32) -> Point {
    let w = i32::from(frame.width());
    let offset = map_offset(game, w, view_h);
    for sy in 0..view_h {
        for sx in 0..w {
            let p = Point::new(sx + offset.x, sy + offset.y);
            frame.set(Point::new(sx, sy), map_cell(game, p));
        }
    }
    offset
}

/// The map point drawn in the frame's top-left cell by a map view `w` columns wide and
/// `view_h` rows high: the player kept in view.
pub(crate) fn map_offset(game: &Caves, w: i32, view_h: i32) -> Point {
    let size = game.current_level().size();
    let at = game.player().at();
    Point::new(
        camera_offset(at.x, size.width as i32, w),
        camera_offset(at.y, size.height as i32, view_h),
    )
}

/// The status line for a width: depth, hit points, attack and defense, hunger, turn,
/// seed; when they do not fit, the seed goes first, then attack and defense (depth, hit
/// points, hunger and turn always stay).
pub(crate) fn status_text(game: &Caves, width: usize) -> String {
    let p = game.player();
    let hunger = game.hero().stomach().hunger().name();
    let depth = format!("Depth {}/{}", game.depth() + 1, game.depth_count());
    let hp = format!("HP {}/{}", p.hp().max(0), p.stats().max_hp);
    let fight = format!("Atk {} Def {}", game.attack(), game.defense());
    let turn = format!("Turn {}", game.turn().0);
    let seed = format!("Seed {}", crate::record::seed_shown(game.seed().0));
    let hunger = hunger.to_string();
    let candidates: [&[&String]; 3] = [
        &[&depth, &hp, &fight, &hunger, &turn, &seed],
        &[&depth, &hp, &fight, &hunger, &turn],
        &[&depth, &hp, &hunger, &turn],
    ];
    for fields in candidates {
        let text = fields.iter().map(|s| s.as_str()).collect::<Vec<_>>().join("  ");
        if text.chars().count() <= width {
            return text;
        }
    }
    format!("D{}/{} {hp} {hunger} T{}", game.depth() + 1, game.depth_count(), game.turn().0)
}

/// Draws the status line on row `y`.
pub(crate) fn draw_status(game: &Caves, frame: &mut Frame, y: i32) {
    let w = i32::from(frame.width());
    frame.fill_rect(
        Rect::new(Point::new(0, y), Size::new(w.max(0) as u32, 1)),
        Cell { bg: STATUS_BG, ..Cell::BLANK },
    );
    let text = status_text(game, w.max(0) as usize);
    frame.print_at(Point::new(0, y), &text, palette::HIGHLIGHT, STATUS_BG);
    let p = game.player();
    let hp_colour = status_hp_colour(game);
    let hp = format!("HP {}/{}", p.hp().max(0), p.stats().max_hp);
    if let Some(x) = text.find(&hp) {
        frame.print_at(Point::new(x as i32, y), &hp, hp_colour, STATUS_BG);
    }
    let hint = "? help";
    let len = text.chars().count() as i32;
    if len + 2 + hint.len() as i32 <= w {
        frame.print_at(Point::new(w - hint.len() as i32, y), hint, Rgb::GREY, STATUS_BG);
    }
}

/// The colour of the hit points on the status line: red at a quarter or less.
pub(crate) fn status_hp_colour(game: &Caves) -> Rgb {
    let p = game.player();
    if p.hp().saturating_mul(4) <= p.stats().max_hp { palette::DANGER } else { palette::HIGHLIGHT }
}
