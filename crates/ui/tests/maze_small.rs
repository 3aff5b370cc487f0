//! The small things of issue 32's maze list: dialogs at 40x12, rocks unlike walls, the
//! help explaining the life bars and the map, the pickaxe hint's distance.

use torchlit_geom::{Point, Size};
use torchlit_sim::modes::maze::{CellType, DialogId, Life, Maze, MazeConfig, Seed, Thing};
use torchlit_ui::maze::{MazeScreen, dialog_page, look};
use torchlit_ui::{Frame, Input, Screen};

#[path = "support/maze_play.rs"]
mod maze_play;
use maze_play::Play;

/// Draws at `w` x `h`, telling the screens the size first as a front end does.
fn render_at(screen: &mut Play, w: u16, h: u16) -> String {
    let size = Size::new(u32::from(w), u32::from(h));
    screen.0.resize(size);
    let mut frame = Frame::with_size(size);
    screen.render(&mut frame);
    frame.to_text()
}

#[test]
fn the_controls_page_fits_at_40x12_above_the_status_line() {
    let mut s =
        Play::new(MazeScreen::new(Maze::new(MazeConfig::fixed(Seed(1))).expect("builds"), false));
    s.tick();
    s.handle(Input::Enter);
    for _ in 0..3 {
        s.tick();
    }
    let d = s.game().dialog().expect("a dialog");
    assert_eq!((d.id(), d.page()), (DialogId::Welcome, 1), "the Controls page");
    let text = render_at(&mut s, 40, 12);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[11].contains('♥'), "the status line is whole:\n{text}");
    assert!(!text.contains('…'), "nothing cut:\n{text}");
    for cell in ["walk", "interact", "pickaxe", "pause", "help", "restart area", "map", "quit"] {
        assert!(text.contains(cell), "{cell}:\n{text}");
    }
}

#[test]
fn rocks_never_look_like_walls() {
    let wall = look::cell(CellType::Wall).glyphs;
    let mut life = Life::full(3);
    loop {
        assert_ne!(look::rock(&life).glyphs, wall, "a rock of life {}", life.current());
        if life.current() <= 1 {
            break;
        }
        life = Life::full(life.current() - 1);
    }
}

#[test]
fn the_help_explains_the_life_bars_and_the_map() {
    let mut s =
        Play::new(MazeScreen::new(Maze::new(MazeConfig::fixed(Seed(1))).expect("builds"), false));
    s.tick();
    s.handle(Input::Char('?'));
    let text = render_at(&mut s, 100, 40);
    assert!(text.contains("Bars over you, monsters and the boss show their life"), "{text}");
    assert!(text.contains("map of the whole area"), "{text}");
}

/// The hint says how far the pickaxe is, and it is that far.
#[test]
fn the_hint_says_how_far_south_the_pickaxe_lies() {
    let game = Maze::new(MazeConfig::fixed(Seed(1))).expect("builds");
    let hero = game.player().at();
    let pickaxe = game
        .area()
        .things()
        .find_map(|(_, t)| matches!(t, Thing::Pickaxe(_)).then(|| t.at()))
        .expect("a pickaxe in Spawn");
    assert_eq!(Point::new(pickaxe.x - hero.x, pickaxe.y - hero.y), Point::new(0, 3));
    let hint = dialog_page(DialogId::Welcome, 2).join(" ");
    assert!(hint.contains("three steps south"), "{hint}");
}

/// In the last 0.75 s before a barrage its line shows red dots (and danger marks in the
/// scene); not before.
#[test]
fn the_boss_barrage_line_is_marked_just_before_it_fires() {
    use torchlit_geom::{CardinalDirection, Size};
    use torchlit_sim::modes::maze::{AreaId, Button, Side, TickInput};
    use torchlit_ui::maze::BARRAGE_WARNING_TICKS;
    let mut game = Maze::new(MazeConfig::generated(Seed(3), 0)).expect("builds");
    game.wizard().skip_dialogs();
    game.wizard().give_pickaxe();
    assert!(Side::ALL.into_iter().any(|side| game.wizard().enter(AreaId(1), side)));
    let boss = |g: &Maze| {
        g.area().things().find_map(|(_, t)| match t {
            Thing::Boss(b) => Some(*b),
            _ => None,
        })
    };
    let at = boss(&game).expect("a boss").at();
    assert!(game.wizard().place(at + CardinalDirection::North.offset()));
    game.wizard().face(CardinalDirection::South);
    game.tick(&TickInput::press(Button::Pickaxe));
    let dots = |g: &Maze| {
        let mut s = Play::new(MazeScreen::new(g.clone(), false));
        let text = render_at(&mut s, 80, 24);
        let scene = torchlit_console::Screen::scene(&s.0, Size::new(40, 40)).expect("a scene");
        let danger = scene
            .map
            .marks
            .iter()
            .filter(|m| matches!(m.kind, torchlit_console::scene::MarkKind::Danger))
            .count();
        (text.matches("··").count(), danger)
    };
    while boss(&game).expect("a boss").next_barrage() > BARRAGE_WARNING_TICKS + 1 {
        game.tick(&TickInput::IDLE);
    }
    let (before, danger_before) = dots(&game);
    game.tick(&TickInput::IDLE);
    let (during, danger_during) = dots(&game);
    assert_eq!(before, 0, "no dots before the warning");
    assert!(during >= 6, "the line is dotted: {during}");
    assert!(danger_during >= danger_before + 6, "{danger_before} -> {danger_during}");
}
