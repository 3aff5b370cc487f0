//! The caves scene and mouse: the same map as the terminal's, the same actions as keys.

use super::*;
use crate::caves::default_keymap;
use crate::{Frame, Screen};
use torchlit_geom::{Point, Size};
use torchlit_rng::Seed;

fn screen_of(rows: &[&str]) -> CavesScreen {
    let game = Caves::from_ascii(&[rows], Seed(1)).expect("a fixture");
    CavesScreen::new(game, default_keymap(), None)
}

fn steps(screen: &CavesScreen) -> u64 {
    screen.recorder().map_or(0, |r| r.recording().steps())
}

fn scene(screen: &CavesScreen) -> Scene {
    Screen::scene(screen, Size::new(40, 12)).expect("the map is up")
}

/// Ticks a running press to its end.
fn run_out(screen: &mut CavesScreen) {
    for _ in 0..500 {
        if !screen.is_running() {
            return;
        }
        screen.tick();
    }
    panic!("the press never stopped");
}

#[test]
fn the_glyph_view_is_the_terminal_map_cell_for_cell() {
    let game = Caves::new(Seed(7)).expect("caves");
    let mut screen = CavesScreen::new(game, default_keymap(), None);
    for _ in 0..60 {
        screen.game.apply(Action::Explore);
    }
    let mut frame = Frame::with_size(Size::new(80, 24));
    screen.render(&mut frame);
    let view = Size::new(80, 20); // 24 rows less the status line and 3 message rows
    let scene = Screen::scene(&screen, view).expect("the map is up");
    let at = screen.game.player().at();
    assert_eq!(scene.map.hero, Some(at));
    assert_eq!(scene.map.entities.last().map(|e| (e.at, e.kind)), Some((at, EntityKind::Hero)));
    let size = screen.game.current_level().size();
    let ox = camera_offset(at.x, size.width as i32, 80);
    let oy = camera_offset(at.y, size.height as i32, 20);
    let rows = scene.map.rows();
    assert_eq!(rows.len(), scene.map.size.height as usize);
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
    assert!(known > 30, "explored: {known} cells known");
    let remembered = scene.map.cells.iter().filter(|c| c.known == Known::Remembered).count();
    assert!(remembered > 0, "the explored part is remembered");
}

#[test]
fn monsters_and_items_in_view_are_entities_with_their_names_and_health() {
    let screen = screen_of(&["#########", "#@f..%..#", "#....z..#", "#########"]);
    let scene = scene(&screen);
    assert_eq!(scene.mode, "caves");
    assert_eq!(scene.map.size, Size::new(9, 4), "a small level is shown whole");
    let names: Vec<(&str, EntityKind)> =
        scene.map.entities.iter().map(|e| (e.name.as_str(), e.kind)).collect();
    assert_eq!(
        names,
        [
            ("bread", EntityKind::Item),
            ("fungus", EntityKind::Monster),
            ("zombie", EntityKind::Monster),
            ("you", EntityKind::Hero),
        ]
    );
    let zombie = &scene.map.entities[2];
    let max = screen.game.creatures().find(|c| c.kind() == CreatureKind::Zombie).map(|c| c.hp());
    assert_eq!(zombie.health.map(|h| h.0 as i32), max);
    assert_eq!(zombie.state.as_deref(), Some("hunting"));
    assert_eq!(scene.map.rows()[1], "#@f..%..#");
    assert_eq!(scene.meters[0].label, "Health");
    assert!(scene.goal.as_deref().is_some_and(|g| g.contains("teddy bear")), "{:?}", scene.goal);
}

#[test]
fn a_hover_says_what_look_says_and_leave_clears_it() {
    let mut screen = screen_of(&["#########", "#@f..%..#", "#.......#", "#########"]);
    assert_eq!(scene(&screen).look, None);
    screen.on_mouse(Mouse::Hover(Point::new(2, 1)));
    let look = scene(&screen).look.expect("a look text");
    assert!(look.starts_with("You see a fungus ("), "{look}");
    assert_eq!(look, screen.look_at(Point::new(2, 1)));
    assert!(scene(&screen).map.marks.is_empty(), "a hover draws no cursor");
    screen.on_mouse(Mouse::Inspect(Point::new(5, 1)));
    let s = scene(&screen);
    assert_eq!(s.look, Some(screen.look_at(Point::new(5, 1))));
    assert!(s.look.as_deref().is_some_and(|l| l.contains("bread")), "{:?}", s.look);
    assert_eq!(s.map.marks, [Mark { at: Point::new(5, 1), kind: MarkKind::Cursor }]);
    screen.on_mouse(Mouse::Leave);
    assert_eq!(scene(&screen).look, None);
    // The look cursor, pushed over the map, is the scene's cursor and look text.
    let mut stack = crate::Stack::new(Box::new(screen));
    stack.handle(Input::Char('x'));
    stack.handle(Input::Char('l'));
    let s = stack.scene(Size::new(40, 12)).expect("the map is up");
    let game = stack.find::<CavesScreen>().expect("the game is below");
    assert_eq!(s.look, Some(game.look_at(Point::new(2, 1))));
    assert_eq!(s.map.marks, [Mark { at: Point::new(2, 1), kind: MarkKind::Cursor }]);
    assert_eq!(s.banner.as_deref().map(|b| b.starts_with("Look:")), Some(true));
    // A hover meanwhile is kept once the cursor closes.
    stack.mouse(Mouse::Hover(Point::new(5, 1)));
    stack.handle(Input::Esc);
    let s = stack.scene(Size::new(40, 12)).expect("the map is up");
    assert!(s.look.as_deref().is_some_and(|l| l.contains("bread")), "{:?}", s.look);
    assert!(s.map.marks.is_empty() && s.banner.is_none(), "{:?}", s.map.marks);
}

#[test]
fn a_click_on_a_monster_next_to_the_hero_attacks_it_as_the_move_key_does() {
    let rows = ["#######", "#@f...#", "#######"];
    let mut clicked = screen_of(&rows);
    clicked.on_mouse(Mouse::Click(Point::new(2, 1)));
    let mut keyed = screen_of(&rows);
    keyed.handle(Input::Char('l'));
    assert_eq!(clicked.game.turn().0, 1);
    assert_eq!(clicked.game.player().at(), Point::new(1, 1), "an attack, not a step");
    assert_eq!(clicked.game.state_hash(), keyed.game.state_hash());
    assert_eq!(clicked.messages(), keyed.messages());
    assert_eq!(steps(&clicked), 1, "the blow is recorded");
}

#[test]
fn a_click_on_a_known_cell_travels_there_step_by_step_as_the_keys_would() {
    let rows = ["#########", "#@......#", "#########"];
    let mut clicked = screen_of(&rows);
    let goal = Point::new(6, 1);
    clicked.on_mouse(Mouse::Click(goal));
    assert!(clicked.is_running(), "travel runs on ticks");
    let marks = scene(&clicked).map.marks;
    assert!(marks.contains(&Mark { at: goal, kind: MarkKind::Goal }), "{marks:?}");
    let path = marks.iter().filter(|m| m.kind == MarkKind::Path).count();
    assert_eq!(path, 3, "after the first step, three cells to the goal");
    run_out(&mut clicked);
    let mut keyed = screen_of(&rows);
    for _ in 0..5 {
        keyed.handle(Input::Char('l'));
    }
    assert_eq!(clicked.game.player().at(), goal);
    assert_eq!(clicked.game.turn(), keyed.game.turn());
    assert_eq!(clicked.game.player().at(), keyed.game.player().at());
    assert_eq!(clicked.game.hero().stomach().food(), keyed.game.hero().stomach().food());
    // (The state hashes differ: the journal keeps the travel's arrival.)
    assert_eq!(steps(&clicked), 5, "every step is recorded");
    assert_eq!(clicked.messages(), ["You arrive."]);
    assert!(scene(&clicked).map.marks.is_empty());
    // A wall, and a cell never seen: no way there, no turn taken.
    clicked.on_mouse(Mouse::Click(Point::new(4, 0)));
    run_out(&mut clicked);
    assert_eq!(clicked.messages(), ["You know of no way there."]);
    clicked.on_mouse(Mouse::Click(Point::new(30, 30)));
    assert_eq!(clicked.messages(), ["You have not seen that place."]);
    assert_eq!(clicked.game.turn(), keyed.game.turn());
    let log: Vec<String> = scene(&clicked).log.into_iter().map(|l| l.text).collect();
    assert!(
        log.ends_with(&[
            "You arrive.".into(),
            "You know of no way there.".into(),
            "You have not seen that place.".into()
        ]),
        "{log:?}"
    );
}

#[test]
fn a_click_on_the_hero_picks_up_what_lies_there_and_a_click_while_travelling_stops() {
    let mut screen = screen_of(&["#########", "#@%.....#", "#########"]);
    screen.on_mouse(Mouse::Click(Point::new(1, 1)));
    assert_eq!(screen.game.turn().0, 0, "bare ground: nothing happens");
    screen.handle(Input::Char('l'));
    screen.on_mouse(Mouse::Click(Point::new(2, 1)));
    assert_eq!(screen.game.hero().inventory().len(), 1, "picked up");
    screen.on_mouse(Mouse::Click(Point::new(7, 1)));
    assert!(screen.is_running());
    screen.on_mouse(Mouse::Click(Point::new(7, 1)));
    assert!(!screen.is_running(), "stopped");
    assert_eq!(screen.messages().last().map(String::as_str), Some("You stop."));
}

#[test]
fn text_pages_have_no_scene_and_a_click_on_a_pack_line_chooses_it() {
    let mut screen = screen_of(&["#########", "#@%&....#", "#########"]);
    for key in ['g', 'l', 'g', 'l', 'g'] {
        screen.handle(Input::Char(key));
    }
    assert_eq!(screen.game.hero().inventory().len(), 2);
    let mut stack = crate::Stack::new(Box::new(screen));
    stack.resize(Size::new(60, 20));
    stack.handle(Input::Char('i'));
    assert!(Screen::scene(&stack, Size::new(40, 12)).is_none(), "the inventory is text");
    let mut frame = Frame::with_size(Size::new(60, 20));
    stack.render(&mut frame);
    let row = (0..20u16)
        .find(|&y| {
            let line: String = (0..60)
                .filter_map(|x| frame.cell(Point::new(x, i32::from(y))))
                .map(|c| c.glyph)
                .collect();
            line.contains("b - ")
        })
        .expect("the apple's line");
    stack.mouse(Mouse::Text(5, row));
    let mut frame = Frame::with_size(Size::new(60, 20));
    stack.render(&mut frame);
    let selected = frame.cell(Point::new(5, i32::from(row))).map(|c| c.bg);
    assert_eq!(selected, Some(palette::SELECTED_ROW), "the click selected the apple");
    stack.handle(Input::Esc);
    assert_eq!(stack.len(), 1, "closed");
    stack.handle(Input::Char('e'));
    assert_eq!(stack.len(), 2, "what to eat?");
    stack.mouse(Mouse::Text(5, row));
    assert_eq!(stack.len(), 1, "chosen");
    let screen = stack.find::<CavesScreen>().expect("the game");
    assert_eq!(screen.game.hero().inventory().len(), 1, "the apple was eaten");
    assert_eq!(screen.game.record().eaten, 1);
}

#[test]
fn the_travel_prompt_is_a_screen_over_the_map_with_its_goal_in_the_scene() {
    let screen = screen_of(&["#########", "#>.@...<#", "#########"]);
    let mut stack = crate::Stack::new(Box::new(screen));
    stack.resize(Size::new(80, 24));
    stack.handle(Input::Char('G'));
    assert_eq!(stack.len(), 2, "the prompt is pushed");
    let s = stack.scene(Size::new(40, 12)).expect("the map is up");
    let goal = [Mark { at: Point::new(1, 1), kind: MarkKind::Goal }];
    assert_eq!(s.map.marks, goal, "the nearest stairs first");
    assert!(
        s.banner.as_deref().is_some_and(|b| b.starts_with("Travel to the exit")),
        "{:?}",
        s.banner
    );
    let mut frame = Frame::with_size(Size::new(80, 24));
    stack.render(&mut frame);
    let text = frame.to_text();
    assert!(text.contains("Travel to the exit") && text.contains("Depth 1/1"), "{text}");
    stack.handle(Input::Tab);
    let s = stack.scene(Size::new(40, 12)).expect("the map is up");
    assert_eq!(s.map.marks, [Mark { at: Point::new(7, 1), kind: MarkKind::Goal }]);
    stack.handle(Input::Enter);
    assert_eq!(stack.len(), 1, "the prompt closed");
    let game = stack.find::<CavesScreen>().expect("the game");
    assert!(game.is_running(), "travelling to the stairs");
    for _ in 0..50 {
        stack.tick();
    }
    stack.handle(Input::Char('G'));
    stack.handle(Input::Char('z'));
    let game = stack.find::<CavesScreen>().expect("the game");
    assert_eq!((stack.len(), game.messages()), (1, &["Never mind.".to_string()][..]));
}

#[test]
fn the_end_page_goes_up_over_the_game_and_going_on_leaves_both() {
    let screen = screen_of(&["#####", "#@<.#", "#####"]);
    let mut stack = crate::Stack::new(Box::new(screen));
    stack.resize(Size::new(80, 24));
    for key in ['l', '<', 'y'] {
        stack.handle(Input::Char(key));
    }
    assert_eq!(stack.len(), 2, "the end page over the game");
    assert!(stack.find::<CavesScreen>().is_some_and(CavesScreen::has_ended));
    assert!(Screen::scene(&stack, Size::new(40, 12)).is_none(), "the end page is text");
    let mut frame = Frame::with_size(Size::new(40, 12));
    stack.render(&mut frame);
    assert!(frame.to_text().contains("R . I . P ."), "{}", frame.to_text());
    assert!(matches!(stack.handle(Input::Char('x')), Transition::Stay));
    assert_eq!(stack.len(), 2, "other keys wait");
    assert!(matches!(stack.handle(Input::Enter), Transition::Quit), "the game left too");
}

#[test]
fn more_pages_by_the_size_told_and_not_before_one_is() {
    let game = Caves::new(Seed(42)).expect("caves");
    let mut screen = CavesScreen::new(game, default_keymap(), None);
    assert_eq!(screen.next_page(), None, "no size told: nothing to page");
    screen.resize(Size::new(40, 12));
    assert!(screen.next_page().is_some(), "the welcome needs two pages at 40x12");
    assert_eq!(scene(&screen).banner.as_deref(), Some("--More-- (any key)"));
    screen.handle(Input::Char('l'));
    assert_eq!((screen.next_page(), screen.game.turn().0), (None, 0), "the key turned it");
    screen.resize(Size::new(80, 24));
    screen.say("x");
    assert_eq!(screen.next_page(), None, "one line fits");
}
