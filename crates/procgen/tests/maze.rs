//! Recursive-division mazes: wall parity and connectivity (seed 001 §3.2).

use std::collections::VecDeque;

use proptest::prelude::*;
use torchlit_geom::{Grid, Point};
use torchlit_procgen::{Difficulty, PATH, WALL, maze};
use torchlit_rng::Seed;

/// The number of path cells reachable (4-way) from the first path cell, and the number
/// of path cells.
fn reach(m: &Grid<u8>) -> (usize, usize) {
    let total = m.values().filter(|&&c| c == PATH).count();
    let Some(start) = m.iter().find(|(_, c)| **c == PATH).map(|(p, _)| p) else {
        return (0, 0);
    };
    let mut seen = Grid::new(m.size(), false);
    seen[start] = true;
    let mut queue = VecDeque::from([start]);
    let mut n = 0;
    while let Some(p) = queue.pop_front() {
        n += 1;
        for (dx, dy) in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
            let q = Point::new(p.x + dx, p.y + dy);
            if m.get(q) == Some(&PATH) && !seen[q] {
                seen[q] = true;
                queue.push_back(q);
            }
        }
    }
    (n, total)
}

fn difficulty() -> impl Strategy<Value = Difficulty> {
    prop_oneof![
        Just(Difficulty::EASY),
        Just(Difficulty::MEDIUM),
        Just(Difficulty::HARD),
        Just(Difficulty::HARDEST),
        (1u32..12).prop_map(|d| Difficulty::new(d).expect("positive")),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn every_path_cell_reaches_every_other(
        seed in any::<u64>(), w in 1u32..70, h in 1u32..70, d in difficulty(),
    ) {
        let m = maze(Seed(seed), w, h, d).expect("valid size");
        let (reached, total) = reach(&m);
        prop_assert_eq!(reached, total);
        prop_assert!(total > 0);
    }

    #[test]
    fn walls_lie_on_odd_lines_and_openings_on_even_cells(
        seed in any::<u64>(), w in 1u32..70, h in 1u32..70, d in difficulty(),
    ) {
        let m = maze(Seed(seed), w, h, d).expect("valid size");
        for (p, &c) in m.iter() {
            if p.x % 2 == 0 && p.y % 2 == 0 {
                // Cells with both coordinates even are never wall.
                prop_assert_eq!(c, PATH, "{}", p);
            }
            if c == WALL && p.x % 2 == 0 {
                // A wall cell on an even column belongs to a horizontal wall: odd row,
                // and its run goes on east or west (or it is the whole width).
                prop_assert_eq!(p.y % 2, 1, "{}", p);
            }
            if c == WALL && p.y % 2 == 0 {
                prop_assert_eq!(p.x % 2, 1, "{}", p);
            }
        }
    }

    #[test]
    fn same_seed_same_maze(seed in any::<u64>(), w in 1u32..40, h in 1u32..40) {
        let a = maze(Seed(seed), w, h, Difficulty::HARD).expect("valid");
        prop_assert_eq!(a, maze(Seed(seed), w, h, Difficulty::HARD).expect("valid"));
    }
}

#[test]
fn the_hardest_maze_on_odd_sizes_is_perfect() {
    // One-cell corridors and exactly one way between any two cells: a tree, so
    // edges = cells − 1.
    for seed in 0..20 {
        let m = maze(Seed(seed), 21, 15, Difficulty::HARDEST).expect("valid");
        let cells = m.values().filter(|&&c| c == PATH).count();
        let edges = m
            .iter()
            .filter(|(_, c)| **c == PATH)
            .map(|(p, _)| {
                [(1, 0), (0, 1)]
                    .iter()
                    .filter(|(dx, dy)| m.get(Point::new(p.x + dx, p.y + dy)) == Some(&PATH))
                    .count()
            })
            .sum::<usize>();
        assert_eq!(edges + 1, cells, "seed {seed}");
    }
}

#[test]
fn a_1025_square_maze_needs_no_recursion() {
    let m = maze(Seed::from_text("big"), 1025, 1025, Difficulty::HARDEST).expect("valid");
    let (reached, total) = reach(&m);
    assert_eq!(reached, total);
    assert!(total > 500_000);
}
