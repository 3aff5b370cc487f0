//! One `caves` turn with 200 creatures on the player's level (fungi, bats, and zombies
//! that see the player and hunt him along A* paths), and one auto-explore step.
//!
//! `cargo bench -p torchlit-sim --bench caves_turn`. Target: under 1 ms per turn.

use std::hint::black_box;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use torchlit_geom::Point;
use torchlit_rng::{Rng, Seed};
use torchlit_sim::modes::caves::{Action, Caves, CreatureKind};

/// A 90×32 cave (the tutorial's level size) with scattered pillars, the player in the
/// middle, 60 zombies within sight of him, 80 bats and 60 fungi elsewhere: 200 monsters.
fn crowded_level() -> Caves {
    let (w, h) = (90usize, 32usize);
    let mut rng = Rng::new(Seed(200));
    let mut cells = vec![vec!['.'; w]; h];
    for (y, row) in cells.iter_mut().enumerate() {
        for (x, c) in row.iter_mut().enumerate() {
            if x == 0 || y == 0 || x == w - 1 || y == h - 1 || rng.ratio(1, 12) {
                *c = '#';
            }
        }
    }
    let player = Point::new(45, 16);
    cells[16][45] = '@';
    let mut place = |kind: char, count: usize, near: bool, cells: &mut Vec<Vec<char>>| {
        let mut placed = 0;
        while placed < count {
            let (x, y) = if near {
                (rng.range(38, 52) as usize, rng.range(10, 22) as usize)
            } else {
                (rng.range(1, w as i64 - 2) as usize, rng.range(1, h as i64 - 2) as usize)
            };
            let d = Point::new(x as i32, y as i32).offset_to(player);
            if cells[y][x] == '.' && (!near || d.length_squared() <= 64) {
                cells[y][x] = kind;
                placed += 1;
            }
        }
    };
    place('z', 60, true, &mut cells);
    place('b', 80, false, &mut cells);
    place('f', 60, false, &mut cells);
    let rows: Vec<String> = cells.iter().map(|r| r.iter().collect()).collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let game = Caves::from_ascii(&[&rows], Seed(1)).expect("the bench level builds");
    let monsters = game.creatures().filter(|c| c.kind() != CreatureKind::Player).count();
    assert_eq!(monsters, 200);
    game
}

fn turn(c: &mut Criterion) {
    let game = crowded_level();
    c.bench_function("caves/turn/200_creatures_60_hunting", |b| {
        b.iter_batched(
            || game.clone(),
            |mut g| black_box(g.apply(Action::Wait)),
            BatchSize::SmallInput,
        );
    });
    let explore = Caves::new(Seed(42)).expect("the caves build");
    c.bench_function("caves/explore_step/seed_42_start", |b| {
        b.iter_batched(
            || explore.clone(),
            |mut g| black_box(g.apply(Action::Explore)),
            BatchSize::SmallInput,
        );
    });
    c.bench_function("caves/new_game/90x32x5", |b| {
        b.iter(|| black_box(Caves::new(Seed(42))));
    });
}

criterion_group!(benches, turn);
criterion_main!(benches);
