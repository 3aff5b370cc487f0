//! Leaving and dying in `maze` (issue 32): `q`/Esc ask before throwing a run away, Esc
//! closes what is open, `t` asks, a death holds a banner and drops the keys in flight,
//! pickaxe presses during a swing are kept, new games from the title get new seeds.

use torchlit_geom::Size;
use torchlit_geom::{CardinalDirection, Point};
use torchlit_sim::modes::maze::{
    AreaId, Maze, MazeConfig, MonsterState, PlayerState, Seed, Side, Thing,
};
use torchlit_testkit::WORLD_10X5;
use torchlit_ui::maze::{DEATH_GRACE_TICKS, FALLBACK_HOLD_TICKS, MazeScreen, MazeSetup};
use torchlit_ui::{App, Frame, Input, Screen};

#[path = "support/maze_play.rs"]
mod maze_play;
use maze_play::Play;

fn screen(config: MazeConfig) -> Play {
    Play::new(MazeScreen::new(Maze::new(config).expect("builds"), false))
}

/// Draws at `w` x `h`, telling the screens the size first as a front end does.
fn render_at(screen: &mut Play, w: u16, h: u16) -> String {
    let size = Size::new(u32::from(w), u32::from(h));
    screen.0.resize(size);
    let mut frame = Frame::with_size(size);
    screen.render(&mut frame);
    frame.to_text()
}

fn ticks(s: &mut Play, n: u32) {
    for _ in 0..n {
        s.tick();
    }
}

fn past_the_dialog(s: &mut Play) {
    s.tick();
    for _ in 0..3 {
        s.handle(Input::Enter);
        ticks(s, 3);
    }
    assert!(s.game().dialog().is_none());
}

#[test]
fn q_and_esc_ask_before_leaving_and_the_game_waits() {
    let mut s = screen(MazeConfig::fixed(Seed(1)));
    past_the_dialog(&mut s);
    for key in [Input::Char('q'), Input::Esc] {
        assert!(!s.handle(key), "{key:?} does not leave at once");
        let question = s.asking().expect("a question");
        assert!(question.contains("y: leave"), "{question}");
        let now = s.game().now();
        ticks(&mut s, 10);
        assert_eq!(s.game().now(), now, "the game waits for the answer");
        assert!(render_at(&mut s, 80, 24).contains("Leave this run?"));
        assert!(!s.handle(Input::Char('n')), "any other key stays");
        assert!(s.asking().is_none());
    }
    s.handle(Input::Char('q'));
    assert!(s.handle(Input::Char('y')), "y leaves");
}

#[test]
fn esc_closes_the_map_and_the_dialog_instead_of_leaving() {
    let mut s = screen(MazeConfig::fixed(Seed(1)));
    s.tick();
    assert!(s.game().dialog().is_some());
    assert!(!s.handle(Input::Esc));
    assert!(s.asking().is_none(), "Esc in a dialog closes it, it asks nothing");
    ticks(&mut s, 5);
    assert!(s.game().dialog().is_none(), "every page turned");
    s.handle(Input::Char('m'));
    assert!(s.map_open());
    assert!(!s.handle(Input::Esc));
    assert!(!s.map_open() && s.asking().is_none(), "Esc closed the map");
    s.handle(Input::Char('?'));
    assert!(!s.handle(Input::Esc));
    assert!(!s.help_open() && s.asking().is_none(), "Esc closed the help");
}

#[test]
fn started_with_play_leaving_says_quit_and_asks() {
    let setup = MazeSetup::new(MazeConfig::fixed(Seed(1)));
    let mut app = App::maze(setup).expect("builds");
    app.tick();
    let mut frame = Frame::with_size(Size::new(80, 24));
    app.render(&mut frame);
    assert!(frame.to_text().contains("q quit"), "{}", frame.to_text());
    assert!(matches!(app.handle(Input::Char('q')), torchlit_ui::Transition::Stay), "asks first");
    let question = app.top::<torchlit_ui::maze::Question>().map(|q| q.text());
    assert!(question.is_some_and(|q| q.contains("Quit")), "{question:?}");
    assert!(app.maze_screen().is_some(), "the maze is found under its question");
    assert!(matches!(app.handle(Input::Char('y')), torchlit_ui::Transition::Quit));
}

#[test]
fn t_asks_before_restarting_the_area() {
    let mut s = screen(MazeConfig::fixed(Seed(1)));
    past_the_dialog(&mut s);
    s.handle(Input::Char('s'));
    ticks(&mut s, FALLBACK_HOLD_TICKS + 1);
    let moved = s.game().player().at();
    s.handle(Input::Char('t'));
    assert!(s.asking().is_some_and(|q| q.contains("Restart this area")));
    s.handle(Input::Char('n'));
    ticks(&mut s, 3);
    assert_eq!(s.game().player().at(), moved, "no restart without y");
    s.handle(Input::Char('t'));
    s.handle(Input::Char('y'));
    ticks(&mut s, 3);
    assert_ne!(s.game().player().at(), moved, "y restarts the area");
}

/// A game in the fixed level's first maze area, its monsters chasing a hero who stands
/// still: they kill it.
fn doomed() -> Play {
    let mut game = Maze::new(MazeConfig::fixed(Seed(5))).expect("builds");
    game.wizard().skip_dialogs();
    assert!(game.wizard().enter(AreaId(1), Side::W));
    let hero = game.player().at();
    for d in [CardinalDirection::East, CardinalDirection::North, CardinalDirection::South] {
        game.wizard().add_monster(hero + d.offset() + d.offset(), MonsterState::Chasing);
    }
    game.wizard().set_monsters(MonsterState::Chasing);
    let mut s = Play::new(MazeScreen::new(game, false));
    for _ in 0..3000 {
        s.tick();
        if s.death_shown() {
            return s;
        }
    }
    panic!("the hero never died");
}

#[test]
fn a_death_holds_a_banner_and_drops_the_keys_in_flight() {
    let mut s = doomed();
    assert_eq!(s.game().stats().deaths, 1);
    let text = render_at(&mut s, 80, 24);
    assert!(text.contains("You died"), "{text}");
    let (now, at) = (s.game().now(), s.game().player().at());
    // A key in flight at the death: dropped, and the game still waits.
    s.handle(Input::Char('d'));
    ticks(&mut s, DEATH_GRACE_TICKS + 20);
    assert!(s.death_shown(), "the banner holds until a key");
    assert_eq!((s.game().now(), s.game().player().at()), (now, at), "nothing moved");
    assert!(render_at(&mut s, 80, 24).contains("Any key: go on"));
    s.handle(Input::Char('x'));
    assert!(!s.death_shown());
    ticks(&mut s, 12);
    assert_eq!(s.game().player().at(), at, "the key that closed the banner did not walk");
    assert!(s.game().now() > now, "the game goes on");
}

fn rock_game() -> (Play, Point) {
    let mut game = Maze::new(MazeConfig::fixed(Seed(5))).expect("builds");
    game.wizard().skip_dialogs();
    game.wizard().give_pickaxe();
    let mut found = None;
    for i in 1..game.areas().len() as u32 {
        let rock = game.areas()[i as usize]
            .things()
            .find_map(|(_, t)| matches!(t, Thing::Rock(_)).then(|| t.at()));
        if let Some(r) = rock
            && game.wizard().enter(AreaId(i), Side::W)
        {
            found = Some(r);
            break;
        }
    }
    let rock = found.expect("a rock somewhere");
    let (d, free) = CardinalDirection::ALL
        .into_iter()
        .map(|d| (d, rock + d.offset()))
        .find(|&(_, p)| game.can_enter(p))
        .expect("a free cell beside the rock");
    assert!(game.wizard().place(free));
    game.wizard().face(d.opposite());
    (Play::new(MazeScreen::new(game, false)), rock)
}

fn rock_life(s: &Play, at: Point) -> Option<i32> {
    s.game().area().things().find_map(|(_, t)| match t {
        Thing::Rock(r) if t.at() == at && r.vanish().is_none() => Some(r.life().current()),
        _ => None,
    })
}

/// Space four times 0.6 s (14 ticks) apart: the presses during a swing are kept for its
/// end, so the rock takes three blows and breaks.
#[test]
fn pickaxe_presses_during_a_swing_wait_for_it() {
    let (mut s, rock) = rock_game();
    assert_eq!(rock_life(&s, rock), Some(3));
    for _ in 0..3 {
        s.handle(Input::Char(' '));
        ticks(&mut s, 14);
    }
    ticks(&mut s, 60);
    assert_eq!(rock_life(&s, rock), None, "three presses, three blows: the rock broke");
    assert_eq!(s.game().player().state(), PlayerState::Idle);
}

#[test]
fn space_without_a_pickaxe_says_so() {
    let mut s = screen(MazeConfig::fixed(Seed(1)));
    past_the_dialog(&mut s);
    s.handle(Input::Char(' '));
    assert!(s.message().contains("no pickaxe"), "{}", s.message());
}

#[test]
fn caps_lock_letters_play_as_their_lower_case_keys() {
    let mut s = screen(MazeConfig::fixed(Seed(1)));
    past_the_dialog(&mut s);
    let start = s.game().player().at();
    s.handle(Input::Char('S'));
    ticks(&mut s, FALLBACK_HOLD_TICKS + 1);
    assert_eq!(s.game().player().at(), start + CardinalDirection::South.offset());
    s.handle(Input::Char('Z'));
    assert!(s.message().contains("? shows the keys"), "{}", s.message());
}

#[test]
fn every_maze_from_the_title_menu_gets_a_new_seed() {
    let world = torchlit_sim::formats::UltimaWorld::parse(WORLD_10X5.as_bytes()).expect("world");
    let mut app = App::title(world);
    app.set_maze(MazeSetup::new(MazeConfig::generated(Seed(830342238), 2)));
    let mut seeds = Vec::new();
    for _ in 0..3 {
        assert!(matches!(app.handle(Input::Char('m')), torchlit_ui::Transition::Stay));
        let s = app.maze_screen().expect("in the maze");
        seeds.push(s.game().config().seed);
        app.handle(Input::Char('q'));
        app.handle(Input::Char('y'));
        assert!(app.maze_screen().is_none(), "back on the title");
    }
    assert_eq!(seeds[0], Seed(830342238), "the first game plays the seed given");
    assert!(seeds[0] != seeds[1] && seeds[1] != seeds[2] && seeds[0] != seeds[2], "{seeds:?}");
}
