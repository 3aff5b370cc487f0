//! The ultima scene and mouse: the terminal's map, steps as the keys take them.

use super::*;
use crate::sprite;
use crate::{Frame, Input, Screen};
use torchlit_console::scene::MarkKind;
use torchlit_geom::{Point, Size};
use torchlit_sim::formats::UltimaWorld;

fn screen() -> UltimaScreen {
    let world = UltimaWorld::parse(torchlit_testkit::WORLD_30X20.as_bytes()).expect("a world");
    UltimaScreen::new(Ultima::new(world))
}

fn steps(screen: &UltimaScreen) -> u64 {
    screen.recorder.as_ref().map_or(0, |r| r.recording().steps())
}

#[test]
fn the_glyph_view_is_the_terminal_map_with_the_avatar_facing_its_last_step() {
    let mut screen = screen();
    for key in ['a', 'a', 's', 's'] {
        screen.handle(Input::Char(key));
    }
    let mut frame = Frame::with_size(Size::new(40, 12));
    screen.render(&mut frame);
    let view = Size::new(40, 10); // 12 rows less the message and status lines
    let scene = Screen::scene(&screen, view).expect("the map is up");
    let at = screen.game.avatar().at();
    assert_eq!(at, Point::new(9, 11));
    assert_eq!(scene.map.hero, Some(at));
    assert_eq!(scene.map.size, Size::new(30, 10), "the world's width fits: shown whole");
    let hero = scene.map.entities.last().expect("the avatar");
    assert_eq!((hero.kind, hero.sprite, hero.at), (EntityKind::Hero, sprite::PLAYER_SOUTH, at));
    let size = screen.game.size();
    let ox = camera_offset(at.x, size.width as i32, 40);
    let oy = camera_offset(at.y, size.height as i32, 10);
    let rows = scene.map.rows();
    let mut known = 0;
    for (p, glyph) in scene.map.positions().zip(rows.iter().flat_map(|r| r.chars())) {
        let (sx, sy) = (u16::try_from(p.x - ox).ok(), u16::try_from(p.y - oy).ok());
        let cell = sx
            .zip(sy)
            .and_then(|(x, y)| frame.cell(Point::new(i32::from(x), i32::from(y))))
            .expect("drawn by the terminal");
        assert_eq!(glyph, cell.glyph, "at {p}");
        known += usize::from(glyph != ' ');
    }
    assert!(known > 10, "{known} cells known");
    let seen = scene.map.cells.iter().filter(|c| c.known == Known::Seen).count();
    assert_eq!(
        seen,
        screen
            .game
            .map()
            .iter()
            .filter(|&(p, _)| screen.game.is_lit(p) && scene.map.index(p).is_some())
            .count()
    );
    let remembered = scene.map.cells.iter().filter(|c| c.known == Known::Remembered);
    assert!(remembered.count() > 0, "the way walked is remembered");
    let stat = |k: &str| scene.stats.iter().find(|(l, _)| l == k).map(|(_, v)| v.clone());
    assert_eq!(stat("Position"), Some("(9, 8)".to_string()), "Ultima's y counts up");
    assert_eq!(stat("Turn"), Some("4".to_string()));
    assert!(scene.map.marks.iter().all(|m| m.kind != MarkKind::Cursor));
}

#[test]
fn a_hover_names_the_terrain_and_whether_it_is_lit() {
    let mut screen = screen();
    assert_eq!(Screen::scene(&screen, Size::new(40, 10)).and_then(|s| s.look), None);
    let wall = Point::new(11, 8);
    screen.on_mouse(Mouse::Hover(wall));
    let look = Screen::scene(&screen, Size::new(40, 10)).and_then(|s| s.look);
    assert_eq!(look.as_deref(), Some("Stone wall at (11, 11), lit."));
    screen.on_mouse(Mouse::Hover(Point::new(11, 9)));
    let look = Screen::scene(&screen, Size::new(40, 10)).and_then(|s| s.look);
    assert_eq!(look.as_deref(), Some("You stand on grasslands at (11, 10), lit by your torch."));
    let dark = screen.game.map().iter().map(|(p, _)| p).find(|&p| !screen.game.is_remembered(p));
    let dark = dark.expect("a cell never lit");
    screen.on_mouse(Mouse::Inspect(dark));
    let look = Screen::scene(&screen, Size::new(40, 10)).and_then(|s| s.look).expect("a look");
    assert!(look.starts_with("Darkness at ("), "{look}");
    screen.on_mouse(Mouse::Leave);
    assert_eq!(Screen::scene(&screen, Size::new(40, 10)).and_then(|s| s.look), None);
    let mut stack = crate::Stack::new(Box::new(screen));
    stack.handle(Input::Char('?'));
    assert!(stack.top::<crate::ultima::UltimaHelp>().is_some(), "the help is pushed");
    assert!(stack.scene(Size::new(40, 10)).is_none(), "the help is text");
}

#[test]
fn each_click_walks_one_step_of_a_shortest_path_as_the_keys_do() {
    // Into the walled house: west to its door, north through it, west inside.
    let goal = Point::new(9, 7);
    let mut clicked = screen();
    for n in 1..=4u64 {
        clicked.on_mouse(Mouse::Click(goal));
        assert_eq!(
            (clicked.game.turns().0, steps(&clicked)),
            (n, n),
            "one recorded step per click"
        );
    }
    let mut keyed = screen();
    for key in ['a', 'w', 'w', 'a'] {
        keyed.handle(Input::Char(key));
    }
    assert_eq!(clicked.game.avatar().at(), goal);
    assert_eq!(clicked.game.state_hash(), keyed.game.state_hash());
    assert_eq!(clicked.facing, CardinalDirection::West);
    // There: a click on the avatar does nothing; on the house's wall, no way.
    clicked.on_mouse(Mouse::Click(goal));
    assert_eq!(clicked.game.turns().0, 4);
    let wall = Point::new(9, 8);
    assert!(clicked.game.is_lit(wall));
    clicked.on_mouse(Mouse::Click(wall));
    assert_eq!(clicked.game.turns().0, 4);
    let log = Screen::scene(&clicked, Size::new(40, 10)).map(|s| s.log).unwrap_or_default();
    assert_eq!(log.last().map(|l| l.text.as_str()), Some("You know of no way there."));
}

/// The browser's player sees the goal the terminal's status line measures: how much of
/// the land is charted, once (a stat, no bar saying it again), and that it is done once it is.
#[test]
fn the_scene_shows_how_much_is_charted_as_the_status_line_does() {
    use torchlit_sim::modes::ultima::Rules;
    let world = UltimaWorld::parse(torchlit_testkit::WORLD_30X20.as_bytes()).expect("a world");
    let mut screen = UltimaScreen::new(Ultima::with_rules(world, Rules::default()));
    let scene = screen.scene_now(Size::new(20, 12)).expect("a scene");
    let chart = screen.game.chart().expect("the default game charts");
    let stat = scene.stats.iter().find(|(k, _)| k == "Charted").map(|(_, v)| v.clone());
    assert_eq!(
        stat,
        Some(format!("{}% ({} of {} tiles)", chart.percent(), chart.seen, chart.total))
    );
    assert!(scene.meters.is_empty(), "the share charted is said once: {:?}", scene.meters);
    assert!(scene.goal.as_deref().is_some_and(|g| g.starts_with("Chart the land")));
    let mut frame = Frame::with_size(Size::new(80, 24));
    screen.render(&mut frame);
    assert!(frame.to_text().contains(&format!("charted {}%", chart.percent())));
    for key in ['d', 'd', 'w'] {
        screen.handle(Input::Char(key));
    }
    let later = screen.scene_now(Size::new(20, 12)).expect("a scene");
    let now = screen.game.chart().expect("still charting");
    let stat = later.stats.iter().find(|(k, _)| k == "Charted").map(|(_, v)| v.clone());
    assert_eq!(stat, Some(format!("{}% ({} of {} tiles)", now.percent(), now.seen, now.total)));
    assert!(now.seen >= chart.seen, "charting only grows");
}

#[test]
fn the_free_walk_has_no_chart_in_its_scene() {
    use torchlit_sim::modes::ultima::Rules;
    let world = UltimaWorld::parse(torchlit_testkit::WORLD_30X20.as_bytes()).expect("a world");
    let screen = UltimaScreen::new(Ultima::with_rules(world, Rules::original()));
    let scene = screen.scene_now(Size::new(20, 12)).expect("a scene");
    assert!(scene.meters.is_empty());
    assert!(!scene.stats.iter().any(|(k, _)| k == "Charted"));
}
