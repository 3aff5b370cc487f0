//! Tests of the chase screens.

use super::*;
use crate::Screen;
use crate::record::MemoryRecordings;
use torchlit_geom::Direction;
use torchlit_geom::Size;
use torchlit_sim::modes::chase::Move;

#[test]
fn status_parts_wrap_onto_a_second_line_only_when_needed() {
    let parts: Vec<String> =
        ["chase  potion_field", "SpeedyRogue vs Monster", "turn 2", "steps 2/1", "paused"]
            .map(String::from)
            .to_vec();
    let one = wrap_parts(&parts, 80);
    assert_eq!(one, ["chase  potion_field  SpeedyRogue vs Monster  turn 2  steps 2/1  paused"]);
    let two = wrap_parts(&parts, 62);
    assert_eq!(two, ["chase  potion_field  SpeedyRogue vs Monster  turn 2  steps 2/1", "paused"]);
    let narrow = wrap_parts(&parts, 50);
    assert_eq!(
        narrow,
        ["chase  potion_field  SpeedyRogue vs Monster", "turn 2  steps 2/1  paused"]
    );
    assert!(two.iter().all(|l| l.chars().count() <= 62));
    assert_eq!(wrap_parts(&parts, 10).len(), 2, "never more than two lines");
}

#[test]
fn every_bundled_dungeon_starts_a_chase() {
    for i in 0..BUNDLED.len() {
        let (name, d) = DungeonChoice::Bundled(i).dungeon().expect("bundled dungeons parse");
        assert!(ChaseScreen::new(name, &d, HeroKind::Rogue, MonsterKind::Monster, false).is_ok());
    }
}

#[test]
fn n_picks_the_next_generated_dungeon_also_from_a_bundled_one() {
    let mut setup = ChaseSetup::default();
    assert!(matches!(setup.dungeon, DungeonChoice::Bundled(_)));
    setup.handle(Input::Char('n'));
    assert_eq!(setup.dungeon, DungeonChoice::Generated(1));
    setup.handle(Input::Char('n'));
    assert_eq!(setup.dungeon, DungeonChoice::Generated(2));
}

#[test]
fn the_setup_fits_40_columns_without_cutting_a_hint() {
    let setup = ChaseSetup {
        note: Some("the dungeon has no monster: it needs exactly one".into()),
        ..ChaseSetup::default()
    };
    let mut frame = Frame::with_size(Size::new(40, 12));
    setup.render(&mut frame);
    let text = frame.to_text();
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for hint in ["n next generated seed", "Enter start · q back", "needs exactly one"] {
        assert!(words.contains(hint), "{hint} cut:\n{text}");
    }
    assert_eq!(text.lines().next().map(str::trim_end), Some("chase: pursuit and evasion"));
}

#[test]
fn auto_play_runs_on_ticks_at_the_chosen_speed() {
    let (name, d) = DungeonChoice::Bundled(0).dungeon().expect("parses");
    let mut s =
        ChaseScreen::new(name, &d, HeroKind::Rogue, MonsterKind::Monster, false).expect("ok");
    assert!(!s.wants_ticks());
    s.handle(Input::Char('p'));
    assert!(s.wants_ticks());
    assert_eq!(s.turns_per_second(), 4);
    for _ in 0..12 {
        s.tick();
    }
    assert_eq!(s.game().turn().0, 2, "4 turns a second: one every 6 ticks");
    s.handle(Input::Char('+'));
    s.handle(Input::Char('-'));
    s.handle(Input::Char('-'));
    assert_eq!(s.turns_per_second(), 2);
    s.handle(Input::Char(' '));
    assert!(!s.auto_playing(), "a manual step pauses");
    assert_eq!(s.game().turn().0, 3);
}

#[test]
fn the_camera_keeps_both_players_in_view() {
    // A 100-cell axis in a 20-cell view.
    for (hero, monster) in [(5, 15), (50, 60), (90, 99), (60, 50), (0, 19), (80, 99)] {
        let first = camera(hero, monster, 100, 20);
        assert!((0..=80).contains(&first));
        for p in [hero, monster] {
            assert!((first..first + 20).contains(&p), "{hero},{monster}: {first}");
        }
    }
    // Too far apart: the hero stays in view.
    let first = camera(10, 90, 100, 20);
    assert!((first..first + 20).contains(&10));
    // A map that fits is centred.
    assert_eq!(camera(3, 4, 10, 20), -5);
}

#[test]
fn a_large_dungeon_scrolls_to_show_both_players() {
    // A 60x60 open room; hero and monster 15 rows apart, far from the top.
    let mut rows = vec![". ".repeat(60); 60];
    rows[20].replace_range(20..22, "@ ");
    rows[35].replace_range(30..32, "Q ");
    let text = format!("60\n{}\n", rows.join("\n"));
    let d = Dungeon::parse_chase(text.as_bytes()).expect("parses");
    let s = ChaseScreen::new("big".into(), &d, HeroKind::Rogue, MonsterKind::Monster, false)
        .expect("a chase");
    let mut frame = Frame::with_size(Size::new(80, 24));
    s.render(&mut frame);
    let screen = frame.to_text();
    assert!(screen.contains('@') && screen.contains('Q'), "{screen}");
}

#[test]
fn setup_cycles_choices_and_starts() {
    let mut m = ChaseSetup::default();
    m.handle(Input::Left);
    assert_eq!(m.dungeon, DungeonChoice::Generated(1));
    m.handle(Input::Right);
    assert_eq!(m.dungeon, DungeonChoice::Bundled(0));
    m.handle(Input::Down);
    m.handle(Input::Right);
    assert_eq!(m.hero, HeroKind::Speedy);
    assert!(matches!(m.handle(Input::Enter), Transition::Push(_)));
    assert!(matches!(m.handle(Input::Char('q')), Transition::Pop));
}

/// A room at the left, hallways at the right (`+`), the hero at (1, 1).
const ROOM_AND_HALLWAY: &str = "5\n. . .     \n. @ . + + \n. . . + + \n. . . . . \nB . . . . \n";

/// A monster that never moves.
struct Still;

impl torchlit_sim::modes::chase::Strategy for Still {
    fn name(&self) -> &str {
        "Still"
    }

    fn choose(
        &mut self,
        _: &torchlit_sim::modes::chase::Decision<'_>,
        _: &mut torchlit_sim::modes::chase::Paths,
    ) -> Result<Move, torchlit_sim::modes::chase::StrategyError> {
        Ok(Move::Stay)
    }
}

fn bundled(name: &str) -> Dungeon {
    let (_, text) = BUNDLED.iter().find(|(n, _)| *n == name).expect("bundled");
    Dungeon::parse_chase(text.as_bytes()).expect("parses")
}

fn text_of(s: &ChaseScreen, w: u16, h: u16) -> String {
    let mut frame = Frame::with_size(Size::new(u32::from(w), u32::from(h)));
    s.render(&mut frame);
    frame.to_text()
}

#[test]
fn a_person_plays_the_hero_hears_the_verdict_and_sees_the_moves() {
    let d = bundled("corner_trap");
    let mut s =
        ChaseScreen::play("corner_trap".into(), &d, Role::Hero, MonsterKind::Optimal, false)
            .expect("a chase");
    let screen = text_of(&s, 80, 24);
    assert!(screen.contains("With perfect play the monster catches you in turn"), "{screen}");
    assert!(screen.contains("Your moves (room, 8 ways): . stay  k N  u NE"), "{screen}");
    assert!(screen.contains("turn 1") && screen.contains("your step"), "{screen}");
    assert!(screen.contains("? help  q back"), "{screen}");
    let at = s.game().board().hero().at;
    s.handle(Input::Char('l'));
    assert_eq!(s.game().board().hero().at, at + Direction::East.offset(), "l steps east");
    assert_eq!(s.game().turn().0, 2);
    s.handle(Input::Char('x'));
    assert!(text_of(&s, 80, 24).contains("Not a step key"));
}

#[test]
fn illegal_steps_are_refused_with_the_reason() {
    let d = Dungeon::parse_chase(ROOM_AND_HALLWAY.as_bytes()).expect("parses");
    let mut s =
        ChaseScreen::play("t".into(), &d, Role::Monster, HeroKind::Rogue, false).expect("a chase");
    // The monster at (0, 4), the map's corner: west is off the map.
    s.handle(Input::Char('h'));
    assert_eq!(s.game().turn().0, 1, "refused: nothing played");
    let screen = text_of(&s, 80, 24);
    assert!(screen.contains("You can't: a wall is west."), "{screen}");
}

#[test]
fn a_hallway_allows_four_ways_and_says_so() {
    let d = Dungeon::parse_chase(ROOM_AND_HALLWAY.as_bytes()).expect("parses");
    let still = StrategyMaker::new("Still", || Box::new(Still));
    let mut s = ChaseScreen::play("t".into(), &d, Role::Hero, still, false).expect("ok");
    s.handle(Input::Char('l'));
    s.handle(Input::Char('l'));
    assert_eq!(s.game().board().hero().at, Point::new(3, 1));
    let screen = text_of(&s, 80, 24);
    assert!(screen.contains("Your moves (hallway, 4 ways)"), "{screen}");
    assert!(!screen.contains(" NE "), "no diagonal offered: {screen}");
    s.handle(Input::Char('n'));
    let screen = text_of(&s, 80, 24);
    assert!(screen.contains("from a hallway you step only north, south, east or west"), "{screen}");
}

#[test]
fn a_played_game_ends_with_the_review_and_replays_from_its_recording() {
    let kept = MemoryRecordings::default();
    let d = bundled("corner_trap");
    let mut s =
        ChaseScreen::play("corner_trap".into(), &d, Role::Hero, MonsterKind::Optimal, false)
            .expect("a chase")
            .with_recordings(Some(Recordings::new(kept.clone())));
    for _ in 0..50 {
        s.handle(Input::Char('.'));
    }
    assert!(matches!(s.game().outcome(), Some(Outcome::Caught { .. })));
    let screen = text_of(&s, 80, 24);
    assert!(screen.contains("The monster catches you in turn"), "{screen}");
    assert!(s.message.contains("of your") && s.message.contains("as good as perfect play"));
    let recordings = kept.0.borrow();
    let [(name, bytes)] = recordings.as_slice() else { panic!("one recording: {recordings:?}") };
    assert_eq!(name, "chase-play-caught");
    let v = crate::replay::verify(bytes).expect("the recording replays");
    assert_eq!((v.turns, v.outcome.as_deref()), (s.game().turn().0, Some("caught")));
}

#[test]
fn the_watch_screen_has_help_and_hints_every_key() {
    let (name, d) = DungeonChoice::Bundled(0).dungeon().expect("parses");
    let s = ChaseScreen::new(name, &d, HeroKind::Rogue, MonsterKind::Monster, false).expect("ok");
    assert!(text_of(&s, 80, 24).contains("spc p +/- r ? q"));
    let mut stack = crate::Stack::new(Box::new(s));
    stack.handle(Input::Char('?'));
    let mut frame = Frame::with_size(Size::new(80, 24));
    stack.render(&mut frame);
    let help = frame.to_text();
    assert!(help.contains("start again") && help.contains("monster moves first"), "{help}");
    assert!(matches!(stack.handle(Input::Char('q')), Transition::Stay), "q closes the help");
    let s = stack.top::<ChaseScreen>().expect("the screen, not left");
    assert!(!text_of(s, 80, 24).contains("start again"));
}

#[test]
fn the_status_fits_one_line_at_80_columns() {
    let (name, d) = DungeonChoice::Bundled(0).dungeon().expect("parses");
    let mut s =
        ChaseScreen::new(name, &d, HeroKind::Speedy, MonsterKind::Optimal, false).expect("ok");
    s.handle(Input::Char('p'));
    let screen = text_of(&s, 80, 24);
    let lines: Vec<&str> = screen.lines().collect();
    let status = lines[23];
    for part in ["hallway_escape", "SpeedyRogue vs B OptimalMonster", "turn 0", "auto 4/s"] {
        assert!(status.contains(part), "{part}: {screen}");
    }
    assert!(lines[22].starts_with("space: one turn"), "one status line: {screen}");
}

#[test]
fn a_replay_leaves_playing_or_paused_to_the_replay_bar() {
    let (name, d) = DungeonChoice::Bundled(0).dungeon().expect("parses");
    let players = (HeroKind::Rogue.into(), MonsterKind::Monster.into());
    let s = ChaseScreen::replaying(name, &d, players, 0, Some(Chase::DEFAULT_LIMIT)).expect("ok");
    let screen = text_of(&s, 80, 24);
    assert!(!screen.contains("paused") && !screen.contains("? help"), "{screen}");
}

#[test]
fn the_setup_starts_a_game_a_person_plays() {
    let mut m = ChaseSetup::default();
    for _ in 0..3 {
        m.handle(Input::Down);
    }
    m.handle(Input::Right);
    assert_eq!((m.play, m.monster), (Some(Role::Hero), MonsterKind::Optimal));
    let text = {
        let mut frame = Frame::with_size(Size::new(80, 24));
        m.render(&mut frame);
        frame.to_text()
    };
    assert!(text.contains("you play ◀ the hero ▶") && text.contains("hero     ◀ you ▶"), "{text}");
    m.handle(Input::Down);
    let Transition::Push(screen) = m.handle(Input::Enter) else { panic!("starts") };
    let screen: &dyn std::any::Any = screen.as_ref();
    let screen = screen.downcast_ref::<ChaseScreen>().expect("a chase");
    assert_eq!(screen.person(), Some(Role::Hero));
}
