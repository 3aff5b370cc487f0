//! Snapshots of whole screens at 80x24, as text (glyphs) and as a colour check.

use torchlit_geom::{Point, Size};
use torchlit_testkit::{WORLD_10X5, ultima_text};
use torchlit_ui::{App, Frame, Input, Rgb, Screen};

fn render(app: &App) -> Frame {
    let mut frame = Frame::with_size(Size::new(80, 24));
    app.render(&mut frame);
    frame
}

fn world_10x5() -> torchlit_sim::formats::UltimaWorld {
    torchlit_sim::formats::UltimaWorld::parse(WORLD_10X5.as_bytes()).expect("10x5 parses")
}

/// An Ultima world from rows of tile codes, the avatar in Ultima coordinates.
fn ultima(rows: &[&str], avatar: (i32, i32)) -> torchlit_sim::formats::UltimaWorld {
    let text = ultima_text(rows, avatar);
    torchlit_sim::formats::UltimaWorld::parse(text.as_bytes()).expect("the test world parses")
}

#[test]
fn title_menu() {
    let app = App::title(world_10x5());
    insta::assert_snapshot!(render(&app).to_text());
}

#[test]
fn ultima_on_the_seed_world() {
    let app = App::ultima(world_10x5());
    insta::assert_snapshot!(render(&app).to_text());
}

#[test]
fn ultima_after_walking_and_raising_the_torch() {
    let mut app = App::ultima(world_10x5());
    for input in [Input::Char('d'), Input::Char('d'), Input::Char('+'), Input::Char('+')] {
        assert!(matches!(app.handle(input), torchlit_ui::Transition::Stay));
    }
    let screen = app.ultima_screen().expect("playing");
    assert_eq!(screen.game().avatar().torch().to_string(), "5.0");
    insta::assert_snapshot!(render(&app).to_text());
}

#[test]
fn ultima_help_box() {
    let mut app = App::ultima(world_10x5());
    app.handle(Input::Char('?'));
    assert!(app.top::<torchlit_ui::ultima::UltimaHelp>().is_some(), "the help is pushed");
    insta::assert_snapshot!(render(&app).to_text());
    // Any key closes it without acting.
    app.handle(Input::Char('q'));
    assert!(app.top::<torchlit_ui::ultima::UltimaScreen>().is_some(), "back on the world");
}

#[test]
fn big_worlds_scroll_with_the_avatar() {
    // A 100-wide strip: walking east must keep the avatar on screen.
    let row: String = "G".repeat(100);
    let mut app = App::ultima(ultima(&[&row, &row, &row], (1, 1)));
    for _ in 0..90 {
        app.handle(Input::Right);
    }
    let frame = render(&app);
    let text = frame.to_text();
    assert!(text.lines().take(22).any(|l| l.contains('@')), "avatar visible:\n{text}");
    let status = text.lines().nth(23).unwrap_or_default();
    assert!(status.contains("(91, 1)"), "status shows Ultima coordinates: {status}");
}

#[test]
fn unlit_cells_are_black_and_remembered_ones_dim() {
    let mut app = App::ultima(ultima(&["GGGGGGGGGGGGGGGGGGGG"], (0, 0)));
    for _ in 0..10 {
        app.handle(Input::Char('d'));
    }
    let frame = render(&app);
    // The 20x1 world is centred: its x = 0 is at screen column 30, row 10 (22 map rows above the two text rows).
    let (ox, oy) = (30u16, 10u16);
    let remembered = frame.cell(Point::new(i32::from(ox), i32::from(oy))).expect("on screen");
    let lit = frame.cell(Point::new(i32::from(ox + 9), i32::from(oy))).expect("on screen");
    let dark = frame.cell(Point::new(i32::from(ox + 19), i32::from(oy))).expect("on screen");
    assert_eq!(remembered.glyph, '"');
    assert!(remembered.fg.0 < lit.fg.0 && remembered.fg.1 < lit.fg.1, "dimmed");
    assert_eq!(dark.glyph, ' ');
    assert_eq!(dark.bg, Rgb::BLACK);
}

#[test]
fn quitting_from_play_and_from_the_title() {
    let mut app = App::title(world_10x5());
    assert!(matches!(app.handle(Input::Enter), torchlit_ui::Transition::Stay));
    assert!(app.ultima_screen().is_some());
    assert!(
        matches!(app.handle(Input::Char('q')), torchlit_ui::Transition::Stay),
        "back to the title"
    );
    assert!(app.ultima_screen().is_none());
    assert!(matches!(app.handle(Input::Char('q')), torchlit_ui::Transition::Quit));
    let mut direct = App::ultima(world_10x5());
    assert!(matches!(direct.handle(Input::Esc), torchlit_ui::Transition::Quit));
}

#[test]
fn ultima_fits_40x12_and_says_when_the_terminal_is_smaller() {
    let app = App::ultima(world_10x5());
    let at = |w: u16, h: u16| {
        let mut frame = Frame::with_size(Size::new(u32::from(w), u32::from(h)));
        app.render(&mut frame);
        frame.to_text()
    };
    let small = at(40, 12);
    let status = small.lines().last().unwrap_or_default().trim_end().to_string();
    // The hint gives way; position and torch stay, whole.
    assert!(status.contains("(3, 1)") && status.contains("torch 4.0"), "{small}");
    assert!(!status.contains("? help"), "{status}");
    let wide = at(80, 24);
    let status = wide.lines().last().unwrap_or_default();
    assert!(status.contains("turn 0") && status.contains("? help  q back"), "{wide}");
    let tiny = at(30, 8);
    let words = tiny.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains("ultima needs 40x12 (now 30x8)"), "{tiny}");
}
