//! Scenes for the renderer's tests and bench.

#![allow(dead_code)]

use torchlit_console::scene::{
    Entity, EntityKind, Known, LogLine, Mark, MarkKind, Meter, Point, SceneCell, SceneMap, Size,
};
use torchlit_console::{Rgb, Scene, Sprite};
use torchlit_window::Renderer;

/// The sprites these scenes show (names of the bundled tileset).
pub const FLOOR: Sprite = Sprite::new("floor");
/// A cave wall.
pub const WALL: Sprite = Sprite::new("wall");
/// The hero facing south.
pub const PLAYER_SOUTH: Sprite = Sprite::new("player_south");
/// A bat.
pub const BAT: Sprite = Sprite::new("bat");

/// A seen floor cell.
pub fn floor() -> SceneCell {
    SceneCell {
        terrain: FLOOR,
        glyph: '.',
        fg: Rgb::GREY,
        bg: Rgb::BLACK,
        light: 255,
        known: Known::Seen,
    }
}

/// A seen wall cell.
pub fn wall() -> SceneCell {
    SceneCell {
        terrain: WALL,
        glyph: '#',
        fg: Rgb::WHITE,
        bg: Rgb::BLACK,
        light: 255,
        known: Known::Seen,
    }
}

/// A `w x h` room of floor walled round, the hero in the middle, no panel data.
pub fn room(w: u32, h: u32) -> Scene {
    let mut map = SceneMap::new(Point::new(0, 0), Size::new(w, h));
    for p in map.positions().collect::<Vec<_>>() {
        let edge = p.x == 0 || p.y == 0 || p.x == w as i32 - 1 || p.y == h as i32 - 1;
        map.set(p, if edge { wall() } else { floor() });
    }
    let hero = Point::new(w as i32 / 2, h as i32 / 2);
    map.hero = Some(hero);
    map.entities.push(Entity::new(hero, EntityKind::Hero, "you", PLAYER_SOUTH, '@', Rgb::WHITE));
    Scene { mode: "caves".into(), title: "Depth 1".into(), map, ..Scene::default() }
}

/// A full 80x50 scene: rooms, remembered and dim cells, 40 monsters with life bars,
/// danger, a path, a log and a panel; and a window size whose map area holds it at the
/// renderer's tile size.
pub fn full_map(renderer: &Renderer) -> (Scene, u32, u32) {
    let mut scene = room(80, 50);
    let cells: Vec<Point> = scene.map.positions().collect();
    for p in cells {
        let mut c =
            if (p.x % 9 == 0 || p.y % 7 == 0) && (p.x + p.y) % 5 != 0 { wall() } else { floor() };
        if p.x > 60 {
            c.known = Known::Remembered;
        } else if p.y > 30 {
            c.light = 120 + (p.x % 100) as u8;
        }
        scene.map.set(p, c);
    }
    for i in 0..40 {
        let at = Point::new(3 + (i * 7) % 55, 2 + (i * 3) % 45);
        let bat = Entity::new(at, EntityKind::Monster, "bat", BAT, 'b', Rgb(200, 100, 50))
            .with_health(3, 5)
            .with_state("hunting");
        scene.map.entities.push(bat);
        scene.map.marks.push(Mark { at: Point::new(at.x + 1, at.y), kind: MarkKind::Danger });
        scene.map.marks.push(Mark { at: Point::new(40, i), kind: MarkKind::Path });
    }
    scene.meters.push(Meter { label: "Health".into(), now: 20, max: 30, colour: Rgb(80, 220, 80) });
    scene.stats.push(("Turn".into(), "120".into()));
    scene.goal = Some("Find the stairs down > (north-east)".into());
    scene.look = Some("A bat (3/5, hunting) on the cave floor.".into());
    scene.log = (0..200)
        .map(|i| LogLine { text: format!("The bat bites you ({i})."), colour: Rgb::WHITE })
        .collect();
    scene.hints = vec![("o".into(), "explore".into()), ("?".into(), "help".into())];
    let (mut w, mut h) = (2560, 1600);
    while renderer.view(w, h).width < 80 {
        w += 16;
    }
    while renderer.view(w, h).height < 50 {
        h += 16;
    }
    (scene, w, h)
}
