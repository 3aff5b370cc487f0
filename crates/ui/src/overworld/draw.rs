//! How the overworld looks: glyphs and colours of ground and monsters, the map view,
//! text cut to a width.

use std::collections::BTreeSet;

use torchlit_geom::{Point, Rect, Size};
use torchlit_sim::modes::overworld::{Ground, Monster, MonsterKind, Overworld};

use unicode_width::UnicodeWidthChar;

use crate::sprite;
use crate::{Cell, Frame, Rgb, palette};

/// The background of a cell some monster sees (stepping there starts a fight).
pub const WATCHED_BG: Rgb = palette::WATCHED_BG;
/// The background of solid rock.
pub const ROCK_BG: Rgb = palette::ROCK_BG;
/// The background of a monster hunting the player (brighter than [`WATCHED_BG`]).
pub const HUNTING_BG: Rgb = Rgb(190, 30, 30);
/// The background of a guard standing at its post, not hunting.
pub const GUARD_BG: Rgb = Rgb(40, 50, 110);

/// What a monster is doing, as the map shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// A region's own monster, wandering (or standing, under `--rules seed`).
    Roaming,
    /// A guard, not hunting (at its post, or where it stopped).
    Guard,
    /// Hunting the player: it steps towards the player every turn.
    Hunting,
}

impl Role {
    /// What `m` is doing now in `game`.
    pub fn of(game: &Overworld, m: &Monster) -> Role {
        if game.is_hunting(m) {
            Role::Hunting
        } else if game.is_guard(m) {
            Role::Guard
        } else {
            Role::Roaming
        }
    }

    /// The background the map draws the monster on (`None`: the ground's).
    pub fn bg(self) -> Option<Rgb> {
        match self {
            Role::Roaming => None,
            Role::Guard => Some(GUARD_BG),
            Role::Hunting => Some(HUNTING_BG),
        }
    }
}

/// The look of a kind of ground: floor `.`, wall `#`, rock (blank on dark brown), chest
/// `$`, opened chest `_`, the shrine `+`, the artefact `*`.
pub fn ground_look(ground: Ground) -> Cell {
    match ground {
        Ground::Floor => Cell::new('.', palette::CAVE_FLOOR).sprite(sprite::FLOOR),
        Ground::Wall => Cell::new('#', palette::CAVE_WALL).sprite(sprite::WALL),
        Ground::Rock => Cell::with_bg(' ', Rgb::WHITE, ROCK_BG).sprite(sprite::SOLID_ROCK),
        Ground::Chest => Cell::new('$', palette::CHEST).bold().sprite(sprite::CHEST),
        Ground::OpenedChest => Cell::new('_', palette::CHEST_OPEN).sprite(sprite::CHEST_OPEN),
        Ground::Shrine => Cell::new('+', palette::SHRINE).bold().sprite(sprite::HEART),
        Ground::Artefact => Cell::new('*', palette::ARTEFACT).bold().sprite(sprite::TREASURE),
        Ground::Void => Cell::BLANK,
    }
}

/// The look of a monster: `r` rat, `g` goblin, `b` bat, `T` troll, `W` wraith.
pub fn monster_look(kind: MonsterKind) -> Cell {
    let (glyph, fg, sprite) = match kind {
        MonsterKind::Rat => ('r', palette::RAT, sprite::RAT),
        MonsterKind::Goblin => ('g', palette::GOBLIN, sprite::GOBLIN),
        MonsterKind::Bat => ('b', palette::BAT, sprite::BAT),
        MonsterKind::Troll => ('T', palette::TROLL, sprite::TROLL),
        MonsterKind::Wraith => ('W', palette::WRAITH, sprite::WRAITH),
    };
    Cell::new(glyph, fg).bold().sprite(sprite)
}

/// The look of the player.
pub const PLAYER: Cell = Cell::new('@', palette::MAP_HERO).bold().sprite(sprite::PLAYER);

/// Draws the world into `area` of `frame` (screen cells), centred on the player: ground,
/// monsters, the cells they see (tinted) and the player.
pub fn draw_world(game: &Overworld, frame: &mut Frame, area: (i32, i32, i32, i32)) {
    let (x0, y0, w, h) = area;
    if w <= 0 || h <= 0 {
        return;
    }
    let at = game.player().at();
    let origin = Point::new(at.x.saturating_sub(w / 2), at.y.saturating_sub(h / 2));
    let view = Rect::new(origin, Size::new(w as u32, h as u32));
    let monsters = game.monsters_near(view);
    let watched: BTreeSet<Point> = monsters.iter().flat_map(|m| game.sight_of(m)).collect();
    let roles: std::collections::BTreeMap<Point, Role> =
        monsters.iter().map(|m| (m.at, Role::of(game, m))).collect();
    for sy in 0..h {
        for sx in 0..w {
            let (Some(x), Some(y)) = (origin.x.checked_add(sx), origin.y.checked_add(sy)) else {
                continue;
            };
            let p = Point::new(x, y);
            let look = game.look(p);
            let ground = ground_look(look.ground);
            let on_ground = |c: Cell| Cell { under: ground.sprite, ..c };
            let mut cell = match look.monster {
                Some(kind) => on_ground(monster_look(kind)),
                None => ground,
            };
            if p == at {
                cell = on_ground(PLAYER);
            }
            if watched.contains(&p) {
                cell.bg = WATCHED_BG;
            }
            if look.monster.is_some()
                && let Some(bg) = roles.get(&p).and_then(|r| r.bg())
            {
                cell.bg = bg;
            }
            frame.set(Point::new(x0 + sx, y0 + sy), cell);
        }
    }
}

/// The width of `c` in terminal columns (0 for combining marks; control characters are
/// shown as `?`, one column).
fn char_width(c: char) -> usize {
    if c.is_control() { 1 } else { UnicodeWidthChar::width(c).unwrap_or(1) }
}

/// The width of `text` in terminal columns (emoji and CJK take two).
pub fn width(text: &str) -> usize {
    text.chars().map(char_width).sum()
}

/// Writes `text` from `(x, y)` in `fg` on `bg`, one frame cell per terminal column: a
/// wide character takes its cell and the next (left blank, which a terminal front end
/// skips), so what follows lines up. Control characters show as `?`. Returns the column
/// after the text.
pub fn text(frame: &mut Frame, x: i32, y: i32, text: &str, fg: Rgb, bg: Rgb, bold: bool) -> i32 {
    let mut col = x;
    for c in text.chars() {
        let w = char_width(c);
        if w == 0 {
            continue;
        }
        let glyph = if c.is_control() { '?' } else { c };
        let cell = Cell { bold, ..Cell::with_bg(glyph, fg, bg) };
        frame.set(Point::new(col, y), cell);
        for extra in 1..w as i32 {
            frame.set(Point::new(col + extra, y), Cell { glyph: ' ', ..cell });
        }
        col += w as i32;
    }
    col
}

/// The longest start of `text` at most `cols` columns wide, and the rest.
fn split_at_width(text: &str, cols: usize) -> (String, String) {
    let mut used = 0;
    for (i, c) in text.char_indices() {
        let w = char_width(c);
        if used + w > cols {
            return (text[..i].to_string(), text[i..].to_string());
        }
        used += w;
    }
    (text.to_string(), String::new())
}

/// `text` cut to `cols` columns (with `…` when cut), padded with spaces to exactly `cols`
/// when `pad`.
pub fn fit_to(text: &str, cols: usize, pad: bool) -> String {
    let mut out = if width(text) <= cols {
        text.to_string()
    } else {
        let mut head = split_at_width(text, cols.saturating_sub(1)).0;
        head.push('…');
        head
    };
    if pad {
        let w = width(&out);
        out.extend(std::iter::repeat_n(' ', cols.saturating_sub(w)));
    }
    out
}

/// `text` cut to `cols` columns (with `…` when cut).
pub fn fit(text: &str, cols: usize) -> String {
    fit_to(text, cols, false)
}

/// The footer of a scrolling panel `cols` columns wide: `↑/↓: scroll   any other key:
/// close` when the log scrolls (shortened on a narrow panel so it stays inside the
/// border), else `any key: close`.
pub fn scroll_footer(scrolls: bool, cols: usize) -> String {
    let footer = match scrolls {
        false => "any key: close",
        true if width(SCROLL_FOOTER) <= cols => SCROLL_FOOTER,
        true => "↑/↓ scroll, other key: close",
    };
    fit(footer, cols)
}

/// The footer of a panel whose log scrolls, when it fits.
const SCROLL_FOOTER: &str = "↑/↓: scroll   any other key: close";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scroll_footer_stays_inside_a_narrow_panel() {
        assert_eq!(scroll_footer(true, 40), SCROLL_FOOTER);
        assert_eq!(scroll_footer(true, 32), "↑/↓ scroll, other key: close");
        assert_eq!(scroll_footer(false, 32), "any key: close");
        for cols in 1..40 {
            assert!(width(&scroll_footer(true, cols)) <= cols, "{cols} columns");
        }
    }

    #[test]
    fn fitting_cuts_with_an_ellipsis_and_pads_by_width() {
        assert_eq!(fit("abcdef", 4), "abc…");
        assert_eq!(width("My/World 🐉"), 11);
        assert_eq!(fit_to("🐉🐉🐉", 5, true), "🐉🐉…");
        assert_eq!(fit_to("ab", 4, true), "ab  ");
    }

    /// The world of seed 7 (the default game) with the player restored at the first floor
    /// cell found by `pick` among the cells around the first guard of region (2, 0).
    fn near_guard(pick: impl Fn(i64) -> bool) -> (Overworld, Monster) {
        use torchlit_rng::{Rng, Seed};
        use torchlit_sim::modes::overworld::{Player, RegionCoord, Rules};
        let seed = Seed(7);
        let g = Overworld::new(seed, Rules::default()).expect("a world");
        let guard = g.guards(RegionCoord::new(2, 0))[0];
        let spot = (-19..=19)
            .flat_map(|dy| (-19..=19).map(move |dx| (dx, dy)))
            .map(|(dx, dy)| Point::new(guard.at.x + dx, guard.at.y + dy))
            .find(|&p| {
                let (dx, dy) = (i64::from(p.x - guard.at.x), i64::from(p.y - guard.at.y));
                g.ground(p) == Ground::Floor
                    && g.monster_at(p).is_none()
                    && g.watcher(p).is_none()
                    && pick(dx * dx + dy * dy)
            })
            .expect("a floor cell");
        let player = Player::new(spot, Rng::new(Seed(1)));
        let g = Overworld::restore(seed, Rules::default(), player, Vec::new()).expect("restored");
        (g, guard)
    }

    /// The background `draw_world` gives world cell `p` (the view centred on the player).
    fn bg_at(g: &Overworld, p: Point) -> Rgb {
        let (w, h): (u16, u16) = (81, 41);
        let mut f = Frame::with_size(Size::new(u32::from(w), u32::from(h)));
        draw_world(g, &mut f, (0, 0, i32::from(w), i32::from(h)));
        let at = g.player().at();
        let (x, y) = (p.x - at.x + i32::from(w) / 2, p.y - at.y + i32::from(h) / 2);
        f.cell(Point::new(x, y)).map_or(Rgb::BLACK, |c| c.bg)
    }

    #[test]
    fn a_hunting_guard_a_guard_at_its_post_and_a_roaming_monster_look_different() {
        let (g, guard) = near_guard(|d2| (169..=361).contains(&d2));
        assert_eq!(Role::of(&g, &guard), Role::Guard, "too far to notice the player");
        assert_eq!(bg_at(&g, guard.at), GUARD_BG);
        let (g, guard) = near_guard(|d2| (40..=100).contains(&d2));
        assert!(g.is_hunting(&guard), "within its notice, in line of sight");
        assert_eq!(Role::of(&g, &guard), Role::Hunting);
        assert_eq!(bg_at(&g, guard.at), HUNTING_BG);
        let rc = g.region_of(guard.at);
        let roamer = g.monster_of(rc).expect("the region's own monster");
        if !g.is_hunting(&roamer) {
            assert_eq!(Role::of(&g, &roamer), Role::Roaming);
            assert_eq!(bg_at(&g, roamer.at), WATCHED_BG, "a roaming monster on its own sight");
        }
        assert_ne!(HUNTING_BG, GUARD_BG);
        assert_ne!(HUNTING_BG, WATCHED_BG);
    }

    #[test]
    fn wide_characters_take_two_cells() {
        let mut f = Frame::with_size(Size::new(6, 1));
        let end = text(&mut f, 0, 0, "a🐉b\u{7}", Rgb::WHITE, Rgb::BLACK, false);
        assert_eq!(end, 5);
        assert_eq!(f.to_text(), "a🐉 b? \n");
    }
}
