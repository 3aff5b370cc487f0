//! Snapshots of the `chase` screens at 80x24, and the way there from the title menu.

use torchlit_geom::Size;
use torchlit_sim::formats::Dungeon;
use torchlit_sim::modes::chase::{HeroKind, MonsterKind};
use torchlit_testkit::WORLD_10X5;
use torchlit_ui::chase::{BUNDLED, ChaseScreen};
use torchlit_ui::{App, Frame, Input, Screen};

fn world() -> torchlit_sim::formats::UltimaWorld {
    torchlit_sim::formats::UltimaWorld::parse(WORLD_10X5.as_bytes()).expect("10x5 parses")
}

fn render(app: &App) -> Frame {
    let mut frame = Frame::with_size(Size::new(80, 24));
    app.render(&mut frame);
    frame
}

fn watch(name: &str, hero: HeroKind) -> App {
    let text = BUNDLED.iter().find(|(n, _)| *n == name).expect("bundled").1;
    let d = Dungeon::parse(text.as_bytes()).expect("parses");
    let screen =
        ChaseScreen::new(name.to_string(), &d, hero, MonsterKind::Monster, true).expect("a chase");
    App::chase(screen)
}

#[test]
fn chase_watch_screen_after_two_turns() {
    let mut app = watch("potion_field", HeroKind::Speedy);
    for _ in 0..2 {
        assert!(matches!(app.handle(Input::Char(' ')), torchlit_ui::Transition::Stay));
    }
    let screen = app.chase_screen().expect("watching");
    assert_eq!(screen.game().turn().0, 2);
    insta::assert_snapshot!(render(&app).to_text());
}

#[test]
fn chase_watch_screen_at_the_end() {
    let mut app = watch("corner_trap", HeroKind::Rogue);
    for _ in 0..10 {
        app.handle(Input::Char(' '));
    }
    let text = render(&app).to_text();
    assert!(text.contains("The monster catches the hero in turn 4."), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn auto_play_ticks_and_q_quits() {
    let mut app = watch("hallway_escape", HeroKind::Rogue);
    assert!(!app.wants_ticks());
    app.handle(Input::Char('p'));
    assert!(app.wants_ticks());
    for _ in 0..24 {
        app.tick();
    }
    assert_eq!(app.chase_screen().map(|s| s.game().turn().0), Some(4), "4 turns a second");
    assert!(
        matches!(app.handle(Input::Char('q')), torchlit_ui::Transition::Quit),
        "started with --watch: q quits"
    );
}

#[test]
fn the_title_menu_leads_to_the_chase_setup_and_back() {
    let mut app = App::title(world());
    app.handle(Input::Char('h'));
    let setup = render(&app).to_text();
    assert!(setup.contains("hallway_escape"), "{setup}");
    insta::assert_snapshot!(setup);
    app.handle(Input::Enter);
    assert!(app.chase_screen().is_some(), "Enter starts watching");
    app.handle(Input::Char('q'));
    assert!(app.chase_screen().is_none());
    app.handle(Input::Char('q'));
    let title = render(&app).to_text();
    assert!(title.contains("h) chase"), "{title}");
}

#[test]
fn play_chase_opens_the_setup_and_leaving_it_quits() {
    let mut app = App::chase_setup(None);
    assert!(render(&app).to_text().contains("hallway_escape"));
    app.handle(Input::Enter);
    assert!(app.chase_screen().is_some(), "Enter starts watching");
    app.handle(Input::Char('q'));
    assert!(matches!(app.handle(Input::Char('q')), torchlit_ui::Transition::Quit), "no menu below");
}

/// At 62 columns (the browser's grid at 1000 pixels) the status line does not fit on one
/// row: it goes on two, every piece whole, and the map gives up a row.
#[test]
fn a_narrow_screen_wraps_the_status_line_instead_of_cutting_it() {
    let mut app = watch("potion_field", HeroKind::Speedy);
    for _ in 0..2 {
        app.handle(Input::Char(' '));
    }
    let mut frame = Frame::with_size(Size::new(62, 24));
    app.render(&mut frame);
    let text = frame.to_text();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 24, "{text}");
    let status = format!("{} {}", lines[22].trim_end(), lines[23].trim_end());
    assert!(
        status.starts_with("chase  potion_field  @ SpeedyRogue vs ")
            && status.contains(" Monster  turn 2"),
        "{text}"
    );
    assert!(status.contains("turn 2") && status.contains("steps 2/1"), "{text}");
    assert!(status.contains("paused"), "the end of the status line is shown:\n{text}");
    assert!(lines[21].starts_with("Turn 2:"), "the message above the status:\n{text}");
}

/// The screen's rows as text.
fn rows(app: &App) -> Vec<String> {
    render(app).to_text().lines().map(str::to_string).collect()
}

#[test]
fn the_speed_potion_is_drawn_over_the_monsters_path() {
    // potion_field: the potion lies on the monster's first path to the hero.
    let app = watch("potion_field", HeroKind::Speedy);
    let screen = app.chase_screen().expect("watching");
    let potion = screen.game().board().potions()[0];
    // 10x10 cells two columns wide, centred in 80 columns and 24 - 2 rows.
    let (x, y) = (2 * (potion.x + 15), potion.y + 6);
    let rows = rows(&app);
    let row = &rows[y as usize];
    assert_eq!(row.chars().nth(x as usize), Some('s'), "{row:?}");
}

#[test]
fn on_capture_the_monster_is_drawn_beside_the_hero() {
    let mut app = watch("corner_trap", HeroKind::Rogue);
    for _ in 0..10 {
        app.handle(Input::Char(' '));
    }
    let screen = app.chase_screen().expect("watching");
    let glyph = screen.game().board().monster_glyph();
    let text = render(&app).to_text();
    assert!(text.contains("The monster catches the hero in turn 4."), "{text}");
    assert!(text.contains(&format!("@{glyph}")), "{text}");
}

#[test]
fn a_watched_chase_ends_at_its_turn_limit() {
    // A 30x30 open room: the monster is far from the hero, so only the limit ends it.
    let mut rows = vec![". ".repeat(30); 30];
    rows[2].replace_range(4..6, "@ ");
    rows[27].replace_range(54..56, "Q ");
    let d = Dungeon::parse_chase(format!("30\n{}\n", rows.join("\n")).as_bytes()).expect("parses");
    let screen = ChaseScreen::new("room".into(), &d, HeroKind::Rogue, MonsterKind::Monster, true)
        .and_then(|s| s.with_start(0, Some(torchlit_sim::Turn(5))))
        .expect("a chase");
    let mut app = App::chase(screen);
    for _ in 0..12 {
        app.handle(Input::Char(' '));
    }
    let screen = app.chase_screen().expect("watching");
    assert_eq!(screen.game().turn().0, 5);
    let text = render(&app).to_text();
    assert!(text.contains("The hero survived 5 turns (the turn limit rule)."), "{text}");
}
