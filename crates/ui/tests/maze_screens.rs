//! Snapshots of the `maze` screen at 80x24 (glyphs), and what its keys do.

use torchlit_geom::Size;
use torchlit_geom::{CardinalDirection, Point};
use torchlit_sim::modes::maze::{
    AreaId, Button, Event, Maze, MazeConfig, MonsterState, Seed, Side, Thing, TickInput,
};
use torchlit_testkit::WORLD_10X5;
use torchlit_ui::maze::{FALLBACK_HOLD_TICKS, MazeScreen};
use torchlit_ui::{App, Frame, Input, Screen};

#[path = "support/maze_play.rs"]
mod maze_play;
use maze_play::Play;

fn render(screen: &Play) -> String {
    let mut frame = Frame::with_size(Size::new(80, 24));
    screen.render(&mut frame);
    frame.to_text()
}

fn screen(config: MazeConfig) -> Play {
    Play::new(MazeScreen::new(Maze::new(config).expect("builds"), false))
}

/// Presses `input` and runs ticks until the fallback hold is over.
fn tap(s: &mut Play, input: Input) {
    s.handle(input);
    for _ in 0..FALLBACK_HOLD_TICKS + 1 {
        s.tick();
    }
}

fn past_the_dialog(s: &mut Play) {
    s.tick();
    for _ in 0..3 {
        // Three taps a few ticks apart (two presses a tick apart are an auto-repeat).
        s.handle(Input::Enter);
        for _ in 0..3 {
            s.tick();
        }
    }
    assert!(s.game().dialog().is_none());
}

#[test]
fn maze_welcome_dialog() {
    let mut s = screen(MazeConfig::fixed(Seed(1)));
    s.tick();
    insta::assert_snapshot!(render(&s));
}

#[test]
fn maze_spawn_after_taking_the_pickaxe() {
    let mut s = screen(MazeConfig::fixed(Seed(1)));
    past_the_dialog(&mut s);
    for _ in 0..3 {
        tap(&mut s, Input::Char('s'));
    }
    assert!(s.game().player().has_pickaxe());
    let text = render(&s);
    assert!(text.lines().nth(23).is_some_and(|l| l.contains("pickaxe")), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn maze_medium_area_with_monster_paths() {
    let mut game = Maze::new(MazeConfig::fixed(Seed(5))).expect("builds");
    let mut w = game.wizard();
    w.skip_dialogs();
    assert!(w.enter(AreaId(2), Side::W));
    w.set_monsters(MonsterState::Chasing);
    let mut s = Play::new(MazeScreen::new(game, false));
    s.handle(Input::Char('v'));
    s.tick();
    assert!(s.game().shows_paths());
    insta::assert_snapshot!(render(&s));
}

#[test]
fn maze_large_area_scrolls_with_the_hero() {
    let mut game = Maze::new(MazeConfig::fixed(Seed(5))).expect("builds");
    game.wizard().skip_dialogs();
    assert!(game.wizard().enter(AreaId(3), Side::W));
    let mut s = Play::new(MazeScreen::new(game, false));
    s.tick();
    let text = render(&s);
    assert!(text.lines().take(22).any(|l| l.contains('@')), "the hero is on screen:\n{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn maze_boss_barrage() {
    let mut game = Maze::new(MazeConfig::generated(Seed(3), 0)).expect("builds");
    let mut w = game.wizard();
    w.skip_dialogs();
    w.give_pickaxe();
    let entered = Side::ALL.into_iter().any(|side| game.wizard().enter(AreaId(1), side));
    assert!(entered);
    let boss = game
        .area()
        .things()
        .find_map(|(_, t)| matches!(t, Thing::Boss(_)).then(|| t.at()))
        .expect("boss");
    assert!(game.wizard().place(boss + CardinalDirection::South.offset()));
    game.wizard().face(CardinalDirection::North);
    game.tick(&TickInput::press(Button::Pickaxe));
    let mut fired = false;
    for _ in 0..120 {
        if game.tick(&TickInput::IDLE).iter().any(|e| matches!(e, Event::Barrage { .. })) {
            fired = true;
            break;
        }
    }
    assert!(fired);
    let s = Play::new(MazeScreen::new(game, false));
    insta::assert_snapshot!(render(&s));
}

#[test]
fn maze_pause_and_help() {
    let mut s = screen(MazeConfig::fixed(Seed(1)));
    past_the_dialog(&mut s);
    s.handle(Input::Char('p'));
    s.tick();
    assert!(s.game().is_paused());
    insta::assert_snapshot!("maze_paused", render(&s));
    s.handle(Input::Char('?'));
    assert!(s.help_open());
    let hash = s.game().state_hash();
    s.tick();
    assert_eq!(s.game().state_hash(), hash, "the help box stops time");
    insta::assert_snapshot!("maze_help", render(&s));
    s.handle(Input::Char('x'));
    assert!(!s.help_open());
}

#[test]
fn a_tap_moves_one_cell_without_key_releases() {
    let mut s = screen(MazeConfig::fixed(Seed(1)));
    past_the_dialog(&mut s);
    let start = s.game().player().at();
    tap(&mut s, Input::Right);
    assert_eq!(s.game().player().at(), start + CardinalDirection::East.offset());
    for _ in 0..30 {
        s.tick();
    }
    assert_eq!(s.game().player().at(), start + CardinalDirection::East.offset(), "one cell only");
}

#[test]
fn with_key_releases_a_held_key_walks_until_released() {
    let mut s =
        Play::new(MazeScreen::new(Maze::new(MazeConfig::fixed(Seed(1))).expect("builds"), true));
    past_the_dialog(&mut s);
    let start = s.game().player().at();
    s.handle(Input::Left);
    for _ in 0..24 {
        s.tick();
    }
    s.release(Input::Left);
    for _ in 0..24 {
        s.tick();
    }
    assert_eq!(s.game().player().at().x, start.x - 3, "24 ticks held: 3 steps");
}

#[test]
fn maze_from_the_title_menu_and_back() {
    let world = torchlit_sim::formats::UltimaWorld::parse(WORLD_10X5.as_bytes()).expect("world");
    let mut app = App::title(world);
    app.set_maze(torchlit_ui::maze::MazeSetup::new(MazeConfig::fixed(Seed(1))));
    assert!(!app.wants_ticks());
    assert!(matches!(app.handle(Input::Char('m')), torchlit_ui::Transition::Stay));
    assert!(app.wants_ticks());
    app.tick();
    assert!(app.maze_screen().is_some_and(|s| s.game().dialog().is_some()));
    assert!(matches!(app.handle(Input::Char('q')), torchlit_ui::Transition::Stay));
    assert!(app.maze_screen().is_some(), "leaving asks first");
    assert!(matches!(app.handle(Input::Char('y')), torchlit_ui::Transition::Stay));
    assert!(app.maze_screen().is_none(), "back on the title");
    assert!(matches!(app.handle(Input::Char('m')), torchlit_ui::Transition::Stay));
    assert!(matches!(app.handle(Input::Ctrl('c')), torchlit_ui::Transition::Quit));
}

/// Draws at `w` x `h`, telling the screens the size first as a front end does.
fn render_at(screen: &mut Play, w: u16, h: u16) -> String {
    let size = Size::new(u32::from(w), u32::from(h));
    screen.0.resize(size);
    let mut frame = Frame::with_size(size);
    screen.render(&mut frame);
    frame.to_text()
}

/// Without release events, an auto-repeating arrow is a hold: the hero walks without a
/// stop while the repeats come (the repeat delay, 6 ticks, is shorter than a step) and
/// stops on the cell it is entering when they stop, never a cell further.
#[test]
fn auto_repeat_is_a_hold_that_ends_when_the_repeats_stop() {
    let mut s = screen(MazeConfig::fixed(Seed(1)));
    past_the_dialog(&mut s);
    let start = s.game().player().at();
    s.handle(Input::Char('s'));
    let mut entering_at_release = None;
    for t in 0..60 {
        if (6..=24).contains(&t) {
            s.handle(Input::Char('s'));
        }
        s.tick();
        if t <= 24 {
            assert!(s.game().player().is_moving(), "no stop while the key repeats (tick {t})");
        }
        if t == 24 {
            entering_at_release = Some(s.game().player().at());
        }
    }
    let end = s.game().player().at();
    assert_eq!(Some(end), entering_at_release, "stops on the cell it was entering");
    assert_eq!(end.y - start.y, 4, "25 ticks of holding: 4 cells (3 steps and the fourth)");
}

#[test]
fn maze_too_small_terminal() {
    let mut s = screen(MazeConfig::fixed(Seed(1)));
    past_the_dialog(&mut s);
    let text = render_at(&mut s, 30, 8);
    assert!(text.contains("terminal too small") && text.contains("needs 40x12"), "{text}");
    assert!(s.too_small());
    let hash = s.game().state_hash();
    s.tick();
    assert_eq!(s.game().state_hash(), hash, "the game waits while it cannot be seen");
    insta::assert_snapshot!(text);
}

#[test]
fn maze_welcome_dialog_wraps_at_50_columns() {
    let mut s = screen(MazeConfig::fixed(Seed(1)));
    s.tick();
    let text = render_at(&mut s, 50, 20);
    assert!(text.contains("Beyond the chained"), "{text}");
    assert!(text.contains("the boss"), "the end of a long line is wrapped, not cut:\n{text}");
    // A paragraph flows: no line of it ends far short of the box (the old text kept
    // its 62-column breaks and wrapped again: "mazes. Each one" alone on a line).
    assert!(!text.contains("│ mazes. Each one       "), "{text}");
    insta::assert_snapshot!(text);
    // The controls page's table: one cell a line when the rows do not fit.
    s.handle(Input::Enter);
    for _ in 0..3 {
        s.tick();
    }
    let controls = render_at(&mut s, 40, 20);
    let has_line =
        |cell: &str| controls.lines().any(|l| l.trim_matches(|c| c == '│' || c == ' ') == cell);
    assert!(has_line("e  interact (open portals)") && has_line("m  map"), "{controls}");
}

/// At 40 columns with keys and the pickaxe, the hint gives way: hearts and keys stay.
#[test]
fn the_key_hint_never_covers_hearts_or_keys() {
    let mut game = Maze::new(MazeConfig::fixed(Seed(5))).expect("builds");
    game.wizard().skip_dialogs();
    game.wizard().give_pickaxe();
    game.wizard().give_key(torchlit_sim::modes::maze::rules::SPAWN_KEY_ID);
    game.wizard().give_key(3);
    let mut s = Play::new(MazeScreen::new(game, false));
    s.tick();
    let text = render_at(&mut s, 40, 12);
    let status = text.lines().nth(11).expect("a status line");
    assert!(status.contains("♥♥♥♥♥") && status.contains("keys 3 spawn"), "{status}");
    assert!(status.contains("pickaxe"), "{status}");
    let text = render(&s);
    let status = text.lines().nth(23).expect("a status line");
    assert!(status.contains("keys 3 spawn") && status.contains("? help"), "{status}");
}

/// At 80x24 a 32x32 area shows 22 rows; `m` shows all of it as explored so far.
#[test]
fn maze_large_area_map() {
    let mut game = Maze::new(MazeConfig::fixed(Seed(5))).expect("builds");
    game.wizard().skip_dialogs();
    assert!(game.wizard().enter(AreaId(3), Side::W));
    let mut s = Play::new(MazeScreen::new(game, false));
    s.tick();
    let hero = s.game().player().at();
    assert!(s.is_explored(hero));
    let grid = s.game().area().cells().size();
    let unexplored = (0..grid.height as i32)
        .flat_map(|y| (0..grid.width as i32).map(move |x| Point::new(x, y)))
        .filter(|&p| !s.is_explored(p))
        .count();
    assert!(unexplored > 0, "rows off screen are not explored yet");
    s.handle(Input::Char('m'));
    assert!(s.map_open());
    s.tick();
    let text = render(&s);
    let rows = text.lines().take(22).filter(|l| l.contains('█') || l.contains('▀')).count();
    // 34 map rows in 17 screen rows; the 22 rows seen so far fill at least 11 of them.
    assert!((11..=17).contains(&rows), "{rows} rows:\n{text}");
    insta::assert_snapshot!(text);
    s.handle(Input::Char('m'));
    assert!(!s.map_open());
}

/// A maze cell is a block of console cells (2x1 at 80x24, 6x3 when zoomed); a tile front
/// end draws one sprite per console cell, so the hero and every monster or key is on
/// one cell of its block and the others show the ground.
#[test]
fn the_hero_is_one_sprite_however_large_its_block() {
    for (w, h) in [(80, 24), (200, 80)] {
        let mut s = screen(MazeConfig::fixed(Seed(1)));
        past_the_dialog(&mut s);
        let mut frame = Frame::with_size(Size::new(w, h));
        s.render(&mut frame);
        let heroes = frame.cells().iter().filter(|c| c.sprite.name().starts_with("player")).count();
        assert_eq!(heroes, 1, "{w}x{h}:\n{}", frame.to_text());
        let ground = frame.cells().iter().filter(|c| c.sprite.name() == "maze_ground").count();
        assert!(ground > 0, "the ground is drawn as tiles");
    }
}

#[test]
fn the_help_scrolls_at_40x12_instead_of_being_cut() {
    let mut s = screen(MazeConfig::fixed(Seed(1)));
    past_the_dialog(&mut s);
    let at = |s: &mut Play| render_at(s, 40, 12);
    // The maze is on screen at 40x12 when `?` is pressed: the help scrolls that far.
    at(&mut s);
    s.handle(Input::Char('?'));
    let first = at(&mut s);
    assert!(first.contains("maze controls 1-8 of") && first.contains("other: close"), "{first}");
    // Scroll to the end: the last control and the notes after it show, nothing
    // overwrites them.
    let mut seen = String::new();
    for _ in 0..40 {
        s.handle(Input::Down);
        seen.push_str(&at(&mut s));
    }
    assert!(s.help_open(), "Down scrolls, it does not close");
    assert!(seen.contains("Ctrl-C") && seen.contains("quit at once"), "{seen}");
    let last = at(&mut s);
    assert!(last.contains("Rocks: █ ▒ ░ as they crack"), "{last}");
    s.handle(Input::Up);
    assert!(s.help_open());
    s.handle(Input::Char('x'));
    assert!(!s.help_open());
}

#[test]
fn r_asks_before_throwing_the_game_away() {
    let mut s = screen(MazeConfig::fixed(Seed(1)));
    past_the_dialog(&mut s);
    tap(&mut s, Input::Right);
    let moved = s.game().player().at();
    let ticks = s.game().stats().ticks;
    s.handle(Input::Char('r'));
    assert!(s.message().starts_with("Restart the whole game?"), "{}", s.message());
    s.tick();
    assert_eq!(s.game().stats().ticks, ticks, "the game waits for the answer");
    s.handle(Input::Char('n'));
    assert_eq!(s.message(), "The game goes on.");
    tap(&mut s, Input::Char('r'));
    s.handle(Input::Char('y'));
    for _ in 0..FALLBACK_HOLD_TICKS + 1 {
        s.tick();
    }
    assert!(s.game().dialog().is_some(), "restarted: the welcome dialog again");
    assert_ne!(s.game().player().at(), moved);
}
