//! Where log monsters start: under the default rules never within
//! `SPAWN_CLEARANCE` steps of a cell where the hero arrives (so an area that starts over
//! after a death does not put the hero beside a monster); under the seed's rules exactly
//! where the seed's placement put them.

use std::collections::VecDeque;

use proptest::prelude::*;
use torchlit_geom::{CardinalDirection, Point};
use torchlit_sim::modes::maze::{
    Area, AreaKind, LevelKind, Maze, MazeConfig, MonsterState, Rules, Seed, Side, Thing,
};

/// The cells where the hero arrives in `area`: next to each portal that leads somewhere.
fn arrivals(area: &Area) -> Vec<Point> {
    Side::ALL
        .into_iter()
        .filter(|&s| area.portal(s).is_some_and(|p| p.link().is_some()))
        .map(|s| area.arrival(s))
        .collect()
}

/// Steps (4-way, over the area's path cells) from the nearest arrival to `to`.
fn steps(area: &Area, to: Point) -> Option<u32> {
    let graph = area.graph();
    let mut seen = vec![to];
    let mut queue: VecDeque<(Point, u32)> = VecDeque::new();
    let starts = arrivals(area);
    for &s in &starts {
        queue.push_back((s, 0));
        seen.push(s);
    }
    if starts.contains(&to) {
        return Some(0);
    }
    while let Some((p, d)) = queue.pop_front() {
        for c in CardinalDirection::ALL {
            let q = p + c.offset();
            if q == to {
                return Some(d + 1);
            }
            if graph.get(q) == Some(&true) && !seen.contains(&q) {
                seen.push(q);
                queue.push_back((q, d + 1));
            }
        }
    }
    None
}

/// Every log monster of every maze area: (area index, cell, state).
fn monsters(game: &Maze) -> Vec<(usize, Point, MonsterState)> {
    let mut all = Vec::new();
    for (i, area) in game.areas().iter().enumerate() {
        for (_, t) in area.things() {
            if let Thing::LogMonster(m) = t {
                all.push((i, m.at(), m.state()));
            }
        }
    }
    all
}

fn game(seed: u64, level: LevelKind, rules: Rules) -> Maze {
    Maze::new(MazeConfig { seed: Seed(seed), level, rules }).expect("the level builds")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Default rules: no monster starts within the clearance of an arrival cell.
    #[test]
    fn no_monster_starts_near_an_arrival(seed in any::<u64>(), length in 1u32..7, fixed in any::<bool>()) {
        let level = if fixed { LevelKind::Fixed } else { LevelKind::Generated { length } };
        let rules = Rules::default();
        let clearance = rules.spawn_clearance.expect("a clearance by default");
        let g = game(seed, level, rules);
        for (i, at, _) in monsters(&g) {
            let area = &g.areas()[i];
            let d = steps(area, at);
            prop_assert!(d.is_none_or(|d| d > clearance), "area {i} ({}): a monster at {at:?}, {d:?} steps from an arrival", area.title());
        }
    }
}

/// The clearance is 3 steps, and the default rules use it; the seed's rules have none.
#[test]
fn the_default_clearance_is_three_steps() {
    assert_eq!(Rules::default().spawn_clearance, Some(3));
    assert_eq!(Rules::original().spawn_clearance, None);
}

/// The play-test's spawn kill (seed 3, `LargeArea[4]`): under the seed's rules a chaser
/// starts 3 steps from where the hero arrives; under the default rules every monster is
/// more than 3 away.
#[test]
fn seed_3s_large_area_has_its_chaser_near_the_entry_only_under_the_seeds_rules() {
    let level = LevelKind::Generated { length: 4 };
    let near = |rules: Rules| {
        let g = game(3, level, rules);
        monsters(&g)
            .into_iter()
            .filter(|&(i, _, _)| g.areas()[i].kind() == AreaKind::Large)
            .filter_map(|(i, at, _)| steps(&g.areas()[i], at))
            .min()
    };
    assert_eq!(near(Rules::original()), Some(3));
    // The level as drawn (the default size ramp makes this maze a medium one).
    let clearance = Rules { size_ramp: false, ..Rules::default() };
    assert!(near(clearance).is_some_and(|d| d > 3), "{:?}", near(clearance));
}

/// The seed's rules keep the seed's placement: the monsters of these levels, pinned
/// (computed before the clearance existed).
#[test]
fn the_seeds_rules_keep_the_old_placement() {
    let mut lines = Vec::new();
    for (name, g) in pinned_games() {
        lines.push(name);
        for (i, at, state) in monsters(&g) {
            lines.push(format!("  area {i} ({},{}) {state:?}", at.x, at.y));
        }
    }
    let pinned = "\
seed 3
  area 4 (1,19) Chasing
  area 4 (27,12) Chasing
seed 7
  area 2 (1,2) Sleeping
  area 2 (5,8) Chasing
  area 2 (4,2) Chasing
  area 3 (3,5) Chasing
  area 3 (7,8) Chasing
  area 3 (5,2) Wandering
  area 4 (2,29) Chasing
  area 4 (2,31) Chasing
  area 4 (25,21) Wandering
fixed 1
  area 2 (13,16) Chasing
  area 2 (1,4) Chasing
  area 2 (11,14) Chasing
  area 3 (4,21) Wandering
  area 3 (11,5) Wandering
  area 3 (20,1) Wandering
";
    assert_eq!(lines, pinned.lines().collect::<Vec<_>>(), "\n{}", lines.join("\n"));
}

/// The same games' whole state, hashed, as before the clearance existed: a game by the
/// seed's rules (and so an old recording's) hashes as it did.
#[cfg(feature = "serde")]
#[test]
fn the_seeds_rules_hash_as_before() {
    let hashes: Vec<String> =
        pinned_games().into_iter().map(|(n, g)| format!("{n} {:016x}", g.state_hash())).collect();
    assert_eq!(
        hashes,
        ["seed 3 21aaedb74db33a8c", "seed 7 c8b2892752e7f9e8", "fixed 1 7131ce0630eaef9b"]
    );
}

fn pinned_games() -> Vec<(String, Maze)> {
    let generated = LevelKind::Generated { length: 4 };
    vec![
        ("seed 3".to_string(), game(3, generated, Rules::original())),
        ("seed 7".to_string(), game(7, generated, Rules::original())),
        ("fixed 1".to_string(), game(1, LevelKind::Fixed, Rules::original())),
    ]
}
