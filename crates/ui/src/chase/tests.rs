//! Tests of the chase screens.

use super::*;

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
    let mut frame = Frame::new(40, 12);
    setup.render(&mut frame);
    let text = frame.to_text();
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for hint in ["n next generated seed", "Enter watch · q back", "needs exactly one"] {
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
    let mut frame = Frame::new(80, 24);
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
    assert!(matches!(m.handle(Input::Enter), Some(SetupOutcome::Start(_))));
    assert!(matches!(m.handle(Input::Char('q')), Some(SetupOutcome::Back)));
}
