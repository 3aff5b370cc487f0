//! ICMaze (seed 001) step 2 (§3.1.2 to §3.4.1): maze areas, rocks, keys, the pickaxe.

mod maze_support;

use maze_support::Bot;
use std::collections::VecDeque;
use torchlit_geom::{CardinalDirection, Grid, Point};
use torchlit_sim::modes::maze::geometry::{from_seed, inside_portal};
use torchlit_sim::modes::maze::rules::{ROCK_LIFE, VANISH_TICKS};
use torchlit_sim::modes::maze::{
    Area, AreaKind, Difficulty, Event, Maze, MazeConfig, PortalState, Rules, Seed, Side, Thing,
};

/// Cells reachable from `from` over ground cells without a present rock.
fn reachable(area: &Area, from: Point) -> Grid<bool> {
    let size = area.cells().size();
    let rocks: Vec<Point> = area
        .present_things()
        .filter(|(_, t)| matches!(t, Thing::Rock(_)))
        .map(|(_, t)| t.at())
        .collect();
    let mut seen = Grid::new(size, false);
    let mut q = VecDeque::from([from]);
    seen[from] = true;
    while let Some(p) = q.pop_front() {
        for d in CardinalDirection::ALL {
            let n = p + d.offset();
            if seen.get(n) == Some(&false)
                && area.cell(n).is_traversable()
                && torchlit_sim::modes::maze::geometry::is_interior(n, area.size())
                && !rocks.contains(&n)
            {
                seen[n] = true;
                q.push_back(n);
            }
        }
    }
    seen
}

fn exit_side(area: &Area) -> Option<Side> {
    Side::ALL
        .into_iter()
        .find(|&s| area.portal(s).is_some_and(|p| p.state() == PortalState::Locked))
}

fn entry_side(area: &Area) -> Option<Side> {
    Side::ALL.into_iter().find(|&s| area.portal(s).is_some_and(|p| p.state() == PortalState::Open))
}

/// §3.1.2: the rock in Spawn blocks.
#[test]
fn the_rock_in_spawn_cannot_be_crossed() {
    let mut bot = Bot::fixed(1);
    let rock = bot.find(|t| matches!(t, Thing::Rock(_))).expect("a rock in Spawn");
    assert_eq!(rock, from_seed(7, 2, 8));
    assert!(!bot.game.can_enter(rock));
    assert!(bot.walk_to(rock + CardinalDirection::West.offset()));
    assert!(!bot.step(CardinalDirection::East));
    assert_ne!(bot.at(), rock);
}

/// §3.1.2, §3.2.2: three maze areas of growing size (small 8, medium 16, large 32, all
/// HARDEST) between Spawn and the boss, with the seed's titles; the hero goes through
/// all of them to BossArea.
#[test]
fn the_fixed_level_leads_through_three_mazes_to_the_boss() {
    // The seed's rules: chasers come to the bot, which fights only awake monsters (and
    // never breaks rocks: a seed whose mazes it can walk, since the generator changed).
    let mut bot = Bot::new(MazeConfig { rules: Rules::original(), ..MazeConfig::fixed(Seed(2)) });
    let titles: Vec<&str> = bot.game.areas().iter().map(|a| a.title()).collect();
    assert_eq!(
        titles,
        [
            "icmaze/Spawn",
            "icmaze/SmallArea[1]",
            "icmaze/MediumArea[2]",
            "icmaze/LargeArea[3]",
            "icmaze/Boss"
        ]
    );
    let sizes: Vec<u32> = bot.game.areas().iter().map(|a| a.size()).collect();
    assert_eq!(sizes, [8, 8, 16, 32, 8]);
    assert!(bot.game.areas()[1..4].iter().all(|a| a.difficulty() == Some(Difficulty::HARDEST)));
    assert!(bot.leave_spawn());
    for expected in ["icmaze/MediumArea[2]", "icmaze/LargeArea[3]", "icmaze/Boss"] {
        assert!(bot.through_maze(5), "through {}", bot.game.area().title());
        assert_eq!(bot.game.area().title(), expected);
    }
}

/// §3.2.2 and §3.3.1 over many seeds: mazes are solvable, their entry and exit are never
/// blocked by rocks, the exit is locked with the area's key, and the key lies on a path
/// cell reachable from the entry.
#[test]
fn generated_mazes_are_solvable_with_a_reachable_key() {
    let mut kinds = std::collections::BTreeSet::new();
    for s in 0..40 {
        let game = Maze::new(MazeConfig::generated(Seed(s), 5)).expect("builds");
        for area in game.areas().iter().filter(|a| a.kind().is_maze()) {
            kinds.insert(area.kind());
            let (entry, exit) = (entry_side(area).expect("entry"), exit_side(area).expect("exit"));
            let key = area.key().expect("a key id");
            assert_eq!(area.portal(exit).map(|p| p.key()), Some(key));
            for side in [entry, exit] {
                for p in inside_portal(side, area.size()) {
                    assert!(
                        area.is_free(p)
                            || area
                                .present_things()
                                .any(|(_, t)| t.at() == p && !t.takes_cell_space()),
                        "{} seed {s}: {p} inside the {side:?} portal is blocked",
                        area.title()
                    );
                }
            }
            let seen = reachable(area, area.arrival(entry));
            assert!(seen[area.arrival(exit)], "{} seed {s}: exit unreachable", area.title());
            let (_, k) = area
                .present_things()
                .find(|(_, t)| matches!(t, Thing::Key(k) if k.id == key))
                .expect("the key lies in the maze");
            assert!(seen[k.at()], "{} seed {s}: key unreachable", area.title());
            assert!(area.graph()[k.at()], "the key is on a path cell");
            // Every path cell of the graph is reachable (a perfect maze).
            for (p, &node) in area.graph().iter() {
                assert!(!node || seen[p], "{} seed {s}: {p} cut off", area.title());
            }
        }
    }
    assert!(kinds.contains(&AreaKind::Small) && kinds.contains(&AreaKind::Medium));
}

/// §3.3.1: keys lie at random path positions (they differ between seeds).
#[test]
fn keys_move_with_the_seed() {
    let key_at = |s| {
        let game = Maze::new(MazeConfig::fixed(Seed(s))).expect("builds");
        game.areas()[3].things().find(|(_, t)| matches!(t, Thing::Key(_))).map(|(_, t)| t.at())
    };
    let spots: std::collections::BTreeSet<_> = (0..10).map(key_at).collect();
    assert!(spots.len() > 5, "{spots:?}");
}

/// §3.4.1: the pickaxe breaks a rock in three blows; it vanishes in a cloud, then a heart
/// may drop (50% by default; 100% and 0% here to check both ways).
#[test]
fn the_pickaxe_breaks_rocks_which_may_leave_a_heart() {
    for (percent, hearts) in [(100, 1), (0, 0)] {
        let config = MazeConfig {
            rules: Rules { heart_drop_percent: percent, ..Rules::default() },
            ..MazeConfig::fixed(Seed(2))
        };
        let mut bot = Bot::new(config);
        let pickaxe = bot.find(|t| matches!(t, Thing::Pickaxe(_))).expect("pickaxe");
        assert!(bot.walk_to(pickaxe));
        let rock = from_seed(7, 2, 8);
        assert!(bot.walk_to(rock + CardinalDirection::West.offset()));
        bot.face(CardinalDirection::East);
        let mut blows = 0;
        while bot.find(|t| matches!(t, Thing::Rock(r) if r.vanish().is_none())).is_some() {
            let ev = bot.swing();
            blows += ev
                .iter()
                .filter(|e| matches!(e, Event::RockHit { .. } | Event::RockBroken { .. }))
                .count();
            assert!(blows <= ROCK_LIFE as usize);
        }
        assert_eq!(blows, ROCK_LIFE as usize, "one point per blow");
        // The cloud lasts VANISH_TICKS, then the rock is gone and the cell free.
        assert!(!bot.game.can_enter(rock));
        bot.idle(VANISH_TICKS);
        assert!(bot.find(|t| matches!(t, Thing::Rock(_))).is_none());
        let dropped = bot
            .game
            .area()
            .present_things()
            .filter(|(_, t)| matches!(t, Thing::Heart(h) if h.at == rock))
            .count();
        assert_eq!(dropped, hearts, "heart drop at {percent}%");
        assert!(bot.step(CardinalDirection::East), "the hero walks where the rock was");
    }
}

/// §3.4: without the pickaxe the hero cannot swing.
#[test]
fn no_swing_without_the_pickaxe() {
    let mut bot = Bot::fixed(2);
    let ev = bot.press(torchlit_sim::modes::maze::Button::Pickaxe);
    assert!(ev.is_empty());
    assert_eq!(bot.game.player().state(), torchlit_sim::modes::maze::PlayerState::Idle);
}
