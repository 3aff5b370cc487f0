//! The mouse comes from a browser or a window: any map cell, any text cell, in any order,
//! must leave every mode's screen playable (never a panic, whatever the coordinates).

use torchlit_console::{Mouse, Screen};
use torchlit_geom::{Point, Size};
use torchlit_save::{Config, MemoryWorlds};
use torchlit_testkit::WORLD_10X5;
use torchlit_ui::overworld::{OverworldSetup, Worlds};
use torchlit_ui::{App, Frame, Input};

fn world() -> torchlit_sim::formats::UltimaWorld {
    torchlit_sim::formats::UltimaWorld::parse(WORLD_10X5.as_bytes()).expect("the seed's world")
}

/// Cells on, near and far outside any map, and text cells past any frame.
fn events() -> Vec<Mouse> {
    let far = [i32::MIN, -1_000_000, -1, 0, 1, 3, 47, 1_000_000, i32::MAX];
    let mut v = Vec::new();
    for &x in &far {
        for &y in &far {
            let p = Point::new(x, y);
            v.extend([Mouse::Hover(p), Mouse::Inspect(p), Mouse::Click(p)]);
        }
    }
    v.extend([Mouse::Leave, Mouse::Text(0, 0), Mouse::Text(u16::MAX, u16::MAX), Mouse::Text(5, 9)]);
    v
}

/// Sends every event (with a frame and a scene drawn between them, as a front end does),
/// then a few ticks; the app must still draw.
fn survive(app: &mut App, what: &str) {
    for e in events() {
        let _ = Screen::mouse(app, e);
        let _ = Screen::scene(app, Size::new(40, 20));
        let mut f = Frame::with_size(Size::new(80, 24));
        Screen::render(app, &mut f);
        if !app.wants_ticks() {
            continue;
        }
        for _ in 0..3 {
            let _ = app.tick();
        }
    }
    let mut f = Frame::with_size(Size::new(80, 24));
    Screen::render(app, &mut f);
    assert!(!f.to_text().trim().is_empty(), "{what}: still drawn after the mouse");
}

#[test]
fn every_mode_takes_the_mouse_anywhere() {
    // From the title menu: ultima, maze, caves, chase (its setup, then a game).
    for (key, what) in [('u', "ultima"), ('m', "maze"), ('c', "caves"), ('h', "chase setup")] {
        let mut app = App::title(world());
        app.handle(Input::Char(key));
        survive(&mut app, what);
    }
    let mut app = App::title(world());
    app.handle(Input::Char('h'));
    for _ in 0..8 {
        app.handle(Input::Enter);
    }
    survive(&mut app, "chase");
    // overworld: a new world from its menu, with the worlds in memory.
    let config = Config::defaults();
    let worlds = Worlds::with_store(MemoryWorlds::default(), config.clone());
    let mut setup = OverworldSetup::from_config(Some(worlds), &config, "abc123".to_string())
        .expect("default keys");
    setup.start_new = true;
    let mut app = App::overworld(setup);
    for _ in 0..4 {
        app.handle(Input::Enter);
    }
    survive(&mut app, "overworld");
}
