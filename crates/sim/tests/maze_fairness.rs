//! The default game's boss and level ramp (issue 32): a barrage leaves a gap of
//! `BARRAGE_GAP` cells (ICMaze's rules: one), and a generated level's mazes grow one
//! size at a time (ICMaze's draw may jump from small to large).

use torchlit_geom::CardinalDirection;
use torchlit_sim::modes::maze::{
    AreaId, AreaKind, Button, Event, Maze, MazeConfig, Rules, Seed, Side, Thing, TickInput,
    rules::BARRAGE_GAP,
};

/// The first barrage of the boss of a level of length 0 for `seed` under `rules`: the
/// projectiles fired and the cells of its line.
fn first_barrage(seed: u64, rules: Rules) -> (u32, usize) {
    let config = MazeConfig { rules, ..MazeConfig::generated(Seed(seed), 0) };
    let mut game = Maze::new(config).expect("builds");
    game.wizard().skip_dialogs();
    game.wizard().give_pickaxe();
    assert!(Side::ALL.into_iter().any(|side| game.wizard().enter(AreaId(1), side)));
    let boss = game
        .area()
        .things()
        .find_map(|(_, t)| matches!(t, Thing::Boss(_)).then(|| t.at()))
        .expect("a boss");
    assert!(game.wizard().place(boss + CardinalDirection::South.offset()));
    game.wizard().face(CardinalDirection::North);
    game.tick(&TickInput::press(Button::Pickaxe));
    for _ in 0..200 {
        for e in game.tick(&TickInput::IDLE) {
            if let Event::Barrage { projectiles, .. } = e {
                let line = game.area().things().find_map(|(_, t)| match t {
                    Thing::Boss(b) => Some(b.barrage_line(game.area().size()).len()),
                    _ => None,
                });
                return (projectiles, line.expect("the boss"));
            }
        }
    }
    panic!("no barrage");
}

#[test]
fn a_barrage_leaves_a_wider_gap_by_default_and_one_cell_by_the_source() {
    assert_eq!(BARRAGE_GAP, 3);
    assert_eq!(Rules::default().barrage_gap, BARRAGE_GAP);
    assert_eq!(Rules::original().barrage_gap, 1);
    for seed in 0..10 {
        let (fired, line) = first_barrage(seed, Rules::default());
        assert_eq!(fired as usize, line - 3, "seed {seed}: 3 cells free");
        let (fired, line) = first_barrage(seed, Rules::original());
        assert_eq!(fired as usize, line - 1, "seed {seed}: ICMaze's one safe cell");
    }
}

/// The maze areas' kinds of a generated level of `length` for `seed` under `rules`.
fn kinds(seed: u64, length: u32, rules: Rules) -> Vec<AreaKind> {
    let config = MazeConfig { rules, ..MazeConfig::generated(Seed(seed), length) };
    let game = Maze::new(config).expect("builds");
    game.areas().iter().map(|a| a.kind()).filter(|k| k.is_maze()).collect()
}

fn rank(k: AreaKind) -> u32 {
    match k {
        AreaKind::Small => 0,
        AreaKind::Medium => 1,
        _ => 2,
    }
}

#[test]
fn generated_mazes_grow_one_size_at_a_time_by_default() {
    let mut jumps_by_the_source = 0;
    for seed in 0..60 {
        for length in [2, 4, 7] {
            let ramped = kinds(seed, length, Rules::default());
            assert_eq!(ramped.first(), Some(&AreaKind::Small), "seed {seed}: {ramped:?}");
            for w in ramped.windows(2) {
                assert!(rank(w[1]) <= rank(w[0]) + 1, "seed {seed}, {length}: {ramped:?}");
            }
            let drawn = kinds(seed, length, Rules::original());
            assert_eq!(drawn.len(), ramped.len());
            // The ramp only ever caps what was drawn.
            assert!(drawn.iter().zip(&ramped).all(|(d, r)| rank(*r) <= rank(*d)));
            if drawn.windows(2).any(|w| rank(w[1]) > rank(w[0]) + 1) {
                jumps_by_the_source += 1;
            }
        }
    }
    assert!(jumps_by_the_source > 10, "ICMaze's draw jumps: {jumps_by_the_source}");
    // A level of 4, the default: small, then medium, then large at the end.
    let four = kinds(1, 4, Rules::default());
    assert!(four.contains(&AreaKind::Medium), "{four:?}");
}
