//! One `maze` tick on the largest areas the generator makes.
//!
//! - `maze_tick/large_area/3_chasing`: the hero in a 32x32 `LargeArea` (HARDEST, every
//!   rock of the maze in place), the full set of 3 log monsters chasing him along A*
//!   shortest paths recomputed every tick.
//! - `maze_tick/boss_area/barrage`: the boss awake and a barrage of 7 projectiles in
//!   flight towards the hero.
//!
//! `cargo bench -p torchlit-sim --bench maze_tick`. Target: under 1 ms per tick.

use std::hint::black_box;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use torchlit_geom::{CardinalDirection, Point};
use torchlit_sim::modes::maze::{
    AreaId, Button, Event, Maze, MazeConfig, MonsterState, Seed, Side, Thing, TickInput,
};

/// The fixed level's LargeArea with the hero at its entry and three chasers as far from
/// him as the maze allows.
fn large_area_chase() -> Maze {
    let mut game = Maze::new(MazeConfig::fixed(Seed(2024))).expect("the fixed level builds");
    let mut w = game.wizard();
    w.skip_dialogs();
    assert!(w.enter(AreaId(3), Side::W), "the large area");
    let hero = game.player().at();
    let monsters = game.area().things().filter(|(_, t)| matches!(t, Thing::LogMonster(_))).count();
    let mut free: Vec<Point> = game
        .area()
        .graph()
        .iter()
        .filter(|&(p, &node)| node && game.can_enter(p))
        .map(|(p, _)| p)
        .collect();
    free.sort_by_key(|p| std::cmp::Reverse((p.x - hero.x).abs() + (p.y - hero.y).abs()));
    for &p in free.iter().take(3usize.saturating_sub(monsters)) {
        game.wizard().add_monster(p, MonsterState::Chasing);
    }
    game.wizard().set_monsters(MonsterState::Chasing);
    game.tick(&TickInput::IDLE);
    let chasing = game
        .area()
        .things()
        .filter(|(_, t)| matches!(t, Thing::LogMonster(m) if m.state() == MonsterState::Chasing && !m.path().is_empty()))
        .count();
    assert_eq!(chasing, 3, "three chasers on shortest paths");
    game
}

/// The boss area of a length-0 level, the boss woken and a barrage in flight.
fn boss_barrage() -> Maze {
    let mut game = Maze::new(MazeConfig::generated(Seed(2024), 0)).expect("builds");
    let mut w = game.wizard();
    w.skip_dialogs();
    w.give_pickaxe();
    assert!(
        w.enter(AreaId(1), Side::W) || w.enter(AreaId(1), Side::S) || w.enter(AreaId(1), Side::N)
    );
    let boss = game
        .area()
        .things()
        .find_map(|(_, t)| matches!(t, Thing::Boss(_)).then(|| t.at()))
        .expect("a boss");
    assert!(game.wizard().place(boss + CardinalDirection::South.offset()));
    game.wizard().face(CardinalDirection::North);
    game.tick(&TickInput::press(Button::Pickaxe));
    for _ in 0..200 {
        if game.tick(&TickInput::IDLE).iter().any(|e| matches!(e, Event::Barrage { .. })) {
            game.tick(&TickInput::IDLE);
            return game;
        }
    }
    panic!("no barrage");
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("maze_tick");
    for (name, game) in
        [("large_area/3_chasing", large_area_chase()), ("boss_area/barrage", boss_barrage())]
    {
        group.bench_function(name, |b| {
            b.iter_batched(
                || game.clone(),
                |mut g| black_box(g.tick(black_box(&TickInput::IDLE))),
                BatchSize::SmallInput,
            );
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
