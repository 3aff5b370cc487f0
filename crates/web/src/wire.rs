//! Scenes on the wire: `{"t":"scene",…}`, the changes from the scene a page last got.
//!
//! ```text
//! {"t":"scene",
//!  "reset":true,                 // forget the last scene (first message, a new mode)
//!  "mode":"caves","turn":12,
//!  "view":[x,y,w,h],             // the map cells drawn: top-left map cell and size
//!  "hero":[x,y] | null,
//!  "c":[[x,y,sprite,glyph,fg,bg,light,known],…],   // cells new to the view or changed
//!  "e":[[x,y,sprite,glyph,fg,name,kind,[now,max]|null,state|null,faded],…], // if changed
//!  "m":[[x,y,kind,sprite],…],    // marks, if changed
//!  "p":{"title":…,"meters":[[label,now,max,colour]],"stats":[[label,value]],
//!       "goal":…,"look":…,"hints":[[key,action]],"banner":…},             // if changed
//!  "log":[[text,colour],…], "lr":true}  // lines appended (lr: the log starts over)
//! ```
//!
//! Cells are keyed by map coordinate: a page keeps the cells of the last view and,
//! for a new view, keeps those still in it, so a scroll by one cell sends only the new
//! row or column and the cells that changed. A cell the message leaves out is as it
//! was, or unknown when it is new to the view (an unknown cell new to the view is never
//! sent). `known` is 0 unknown, 1 remembered, 2 seen; `kind` of an entity is `hero`,
//! `monster`, `neutral` or `item`; of a mark `cursor`, `danger`, `path`, `goal` or
//! `effect` (with its sprite; 0 otherwise). Colours are `0xRRGGBB` integers and
//! sprites indexes into the hello's `sprites`, as in frames.

use serde::Serialize;
use torchlit_console::scene::{EntityKind, Known, LogLine, MarkKind, Scene, SceneCell};

use crate::protocol::{SpriteTable, rgb};

/// A cell: x, y, sprite, glyph, fg, bg, light, known.
type CellTuple = (i32, i32, u16, char, u32, u32, u8, u8);
/// An entity: x, y, sprite, glyph, fg, name, kind, health, state, faded.
type EntityTuple<'a> =
    (i32, i32, u16, char, u32, &'a str, &'static str, Option<(u32, u32)>, Option<&'a str>, u8);
/// A mark: x, y, kind, sprite.
type MarkTuple = (i32, i32, &'static str, u16);

#[derive(Serialize)]
struct Panel<'a> {
    title: &'a str,
    meters: Vec<(&'a str, u32, u32, u32)>,
    stats: &'a [(String, String)],
    goal: Option<&'a str>,
    look: Option<&'a str>,
    hints: &'a [(String, String)],
    banner: Option<&'a str>,
}

#[derive(Serialize)]
struct SceneMsg<'a> {
    t: &'static str,
    reset: bool,
    mode: &'a str,
    turn: u64,
    view: [i64; 4],
    hero: Option<(i32, i32)>,
    c: Vec<CellTuple>,
    #[serde(skip_serializing_if = "Option::is_none")]
    e: Option<Vec<EntityTuple<'a>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    m: Option<Vec<MarkTuple>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    p: Option<Panel<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    log: Vec<(&'a str, u32)>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    lr: bool,
}

fn known(k: Known) -> u8 {
    match k {
        Known::Unknown => 0,
        Known::Remembered => 1,
        Known::Seen => 2,
    }
}

fn cell_tuple(x: i32, y: i32, c: &SceneCell, sprites: &SpriteTable) -> CellTuple {
    (x, y, sprites.index(c.terrain), c.glyph, rgb(c.fg), rgb(c.bg), c.light, known(c.known))
}

fn kind_name(k: EntityKind) -> &'static str {
    match k {
        EntityKind::Hero => "hero",
        EntityKind::Monster => "monster",
        EntityKind::Neutral => "neutral",
        EntityKind::Item => "item",
    }
}

fn mark_tuple(x: i32, y: i32, k: MarkKind, sprites: &SpriteTable) -> MarkTuple {
    match k {
        MarkKind::Cursor => (x, y, "cursor", 0),
        MarkKind::Danger => (x, y, "danger", 0),
        MarkKind::Path => (x, y, "path", 0),
        MarkKind::Goal => (x, y, "goal", 0),
        MarkKind::Effect(s) => (x, y, "effect", sprites.index(s)),
    }
}

/// The cells of `now` to send: those new to the view and known, or changed.
fn cells(before: Option<&Scene>, now: &Scene, sprites: &SpriteTable) -> Vec<CellTuple> {
    let map = &now.map;
    map.positions()
        .zip(&map.cells)
        .filter(|(p, c)| match before.and_then(|b| b.map.cell(*p)) {
            Some(old) => old != *c,
            None => c.known != Known::Unknown,
        })
        .map(|(p, c)| cell_tuple(p.x, p.y, c, sprites))
        .collect()
}

fn panel_changed(a: &Scene, b: &Scene) -> bool {
    a.title != b.title
        || a.meters != b.meters
        || a.stats != b.stats
        || a.goal != b.goal
        || a.look != b.look
        || a.hints != b.hints
        || a.banner != b.banner
}

fn panel(s: &Scene) -> Panel<'_> {
    Panel {
        title: &s.title,
        meters: s.meters.iter().map(|m| (m.label.as_str(), m.now, m.max, rgb(m.colour))).collect(),
        stats: &s.stats,
        goal: s.goal.as_deref(),
        look: s.look.as_deref(),
        hints: &s.hints,
        banner: s.banner.as_deref(),
    }
}

/// The lines of `now` a page that has `before` lacks: `(false, appended)`, or
/// `(true, now)` when `before` is not a run of lines `now` continues (a new game).
pub(crate) fn log_delta<'a>(before: &[LogLine], now: &'a [LogLine]) -> (bool, &'a [LogLine]) {
    if before.is_empty() {
        return (false, now);
    }
    // The oldest lines drop off a capped log: find where `before` continues in `now`.
    for k in 0..before.len() {
        let kept = &before[k..];
        if kept.len() <= now.len() && now[..kept.len()] == *kept {
            return (false, &now[kept.len()..]);
        }
    }
    (true, now)
}

/// The scene message that brings a page holding `before` (`None`: nothing, or a scene
/// it must forget) to `now`, sprites numbered by `sprites`.
pub fn scene(before: Option<&Scene>, now: &Scene, sprites: &SpriteTable) -> String {
    let before = before.filter(|b| b.mode == now.mode);
    let map = &now.map;
    let ents_changed = before.is_none_or(|b| b.map.entities != map.entities);
    let marks_changed = before.is_none_or(|b| b.map.marks != map.marks);
    let (lr, log) = match before {
        Some(b) => log_delta(&b.log, &now.log),
        None => (true, now.log.as_slice()),
    };
    let msg = SceneMsg {
        t: "scene",
        reset: before.is_none(),
        mode: &now.mode,
        turn: now.turn,
        view: [
            i64::from(map.origin.x),
            i64::from(map.origin.y),
            i64::from(map.size.width),
            i64::from(map.size.height),
        ],
        hero: map.hero.map(|h| (h.x, h.y)),
        c: cells(before, now, sprites),
        e: ents_changed.then(|| {
            map.entities
                .iter()
                .map(|e| {
                    let (x, y) = (e.at.x, e.at.y);
                    let (sprite, fg) = (sprites.index(e.sprite), rgb(e.fg));
                    let (kind, state) = (kind_name(e.kind), e.state.as_deref());
                    (
                        x,
                        y,
                        sprite,
                        e.glyph,
                        fg,
                        e.name.as_str(),
                        kind,
                        e.health,
                        state,
                        u8::from(e.faded),
                    )
                })
                .collect()
        }),
        m: marks_changed.then(|| {
            map.marks.iter().map(|m| mark_tuple(m.at.x, m.at.y, m.kind, sprites)).collect()
        }),
        p: before.is_none_or(|b| panel_changed(b, now)).then(|| panel(now)),
        log: log.iter().map(|l| (l.text.as_str(), rgb(l.colour))).collect(),
        // A reset forgets the log anyway.
        lr: lr && before.is_some(),
    };
    serde_json::to_string(&msg).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;
    use torchlit_console::scene::{Entity, Mark, Point, SceneMap, Size};
    use torchlit_console::{Rgb, Sprite};

    fn floor(light: u8) -> SceneCell {
        SceneCell {
            terrain: FLOOR,
            glyph: '.',
            fg: Rgb::WHITE,
            bg: Rgb::BLACK,
            light,
            known: Known::Seen,
        }
    }

    /// A 30x20 room of floor seen from `origin`, a view of 10x6 cells.
    fn room(origin: Point) -> Scene {
        let mut map = SceneMap::new(origin, Size::new(10, 6));
        let ps: Vec<Point> = map.positions().collect();
        for p in ps {
            map.set(p, floor(200));
        }
        let hero = Point::new(origin.x + 5, origin.y + 3);
        map.hero = Some(hero);
        map.entities.push(Entity::new(hero, EntityKind::Hero, "you", PLAYER, '@', Rgb::WHITE));
        Scene { mode: "caves".into(), turn: 1, map, title: "Depth 1".into(), ..Scene::default() }
    }

    const FLOOR: Sprite = Sprite::new("floor");
    const PLAYER: Sprite = Sprite::new("player");

    /// The scene message with the test's sprites numbered.
    fn scene(before: Option<&Scene>, now: &Scene) -> String {
        super::scene(before, now, &SpriteTable::new(&[FLOOR, PLAYER]))
    }

    fn json(s: &str) -> Value {
        serde_json::from_str(s).expect("json")
    }

    #[test]
    fn a_first_scene_sends_every_known_cell_and_the_panel() {
        let s = room(Point::new(0, 0));
        let m = json(&scene(None, &s));
        assert_eq!(m["reset"], true);
        assert_eq!(m["c"].as_array().map(Vec::len), Some(60));
        assert_eq!(m["e"][0][5], "you");
        assert_eq!(m["e"][0][6], "hero");
        assert_eq!(m["p"]["title"], "Depth 1");
        assert_eq!(m["view"], serde_json::json!([0, 0, 10, 6]));
        assert_eq!(m["hero"], serde_json::json!([5, 3]));
    }

    #[test]
    fn a_scroll_by_one_cell_sends_only_the_new_column_and_changes() {
        let a = room(Point::new(0, 0));
        let mut b = room(Point::new(1, 0));
        b.map.entities = a.map.entities.clone();
        b.map.hero = a.map.hero;
        let m = json(&scene(Some(&a), &b));
        assert_eq!(m["reset"], false);
        let c = m["c"].as_array().expect("cells");
        assert_eq!(c.len(), 6, "the new column only: {c:?}");
        assert!(c.iter().all(|c| c[0] == 10));
        assert!(m.get("e").is_none() && m.get("p").is_none() && m.get("m").is_none());
        // A changed light and a mark: those cells, and the marks.
        let mut d = b.clone();
        d.map.set(Point::new(4, 4), floor(90));
        d.map.marks.push(Mark { at: Point::new(4, 4), kind: MarkKind::Cursor });
        d.look = Some("the floor".into());
        let m = json(&scene(Some(&b), &d));
        assert_eq!(
            m["c"],
            serde_json::json!([[4, 4, m["c"][0][2], ".", rgb(Rgb::WHITE), 0, 90, 2]])
        );
        assert_eq!(m["m"], serde_json::json!([[4, 4, "cursor", 0]]));
        assert_eq!(m["p"]["look"], "the floor");
        // Another mode starts over.
        let mut other = d.clone();
        other.mode = "maze".into();
        assert_eq!(json(&scene(Some(&d), &other))["reset"], true);
    }

    fn lines(texts: &[&str]) -> Vec<LogLine> {
        texts.iter().map(|t| LogLine { text: (*t).into(), colour: Rgb::WHITE }).collect()
    }

    #[test]
    fn the_log_is_sent_as_appended_lines() {
        let (a, b) = (lines(&["x", "y"]), lines(&["x", "y", "z"]));
        assert_eq!(log_delta(&a, &b), (false, &b[2..]));
        let capped = lines(&["y", "z", "w"]);
        assert_eq!(log_delta(&b, &capped), (false, &capped[2..]));
        assert_eq!(log_delta(&b, &b), (false, &b[3..]));
        let other = lines(&["new game"]);
        assert_eq!(log_delta(&b, &other), (true, &other[..]));
        let mut s1 = room(Point::new(0, 0));
        s1.log = a;
        let mut s2 = s1.clone();
        s2.log = b;
        let m = json(&scene(Some(&s1), &s2));
        assert_eq!(m["log"], serde_json::json!([["z", rgb(Rgb::WHITE)]]));
        assert!(m.get("lr").is_none());
        assert_eq!(json(&scene(None, &s2))["log"].as_array().map(Vec::len), Some(3));
    }
}
