//! Whole games of `caves`: stairs, winning and losing, what the player is told,
//! automation, and replays that give the same state hash (also across a save and load).

use torchlit_geom::{Direction, Point};
use torchlit_rng::Seed;
use torchlit_sim::modes::caves::{
    Action, Cause, Caves, CreatureKind, Event, ItemKind, Outcome, Refusal, Stairs, Stop, Who,
};

fn game(levels: &[&[&str]]) -> Caves {
    match Caves::from_ascii(levels, Seed(1)) {
        Ok(g) => g,
        Err(e) => panic!("bad fixture: {e}"),
    }
}

const TWO_LEVELS: [&[&str]; 2] =
    [&["#######", "#<.@.>#", "#######", "#######"], &["#######", "#....<#", "#######", "##*####"]];

#[test]
fn stairs_lead_between_levels_and_the_exit_ends_the_game() {
    let mut g = game(&TWO_LEVELS);
    assert!(g.apply(Action::Descend).contains(&Event::Refused(Refusal::NoStairs(Stairs::Down))));
    g.apply(Action::Move(Direction::East));
    g.apply(Action::Move(Direction::East));
    let e = g.apply(Action::Descend);
    assert!(e.contains(&Event::TookStairs { way: Stairs::Down, depth: 1 }), "{e:?}");
    assert_eq!((g.depth(), g.player().at()), (1, Point::new(5, 1)));
    assert_eq!(g.record().deepest, 1);
    let e = g.apply(Action::Ascend);
    assert!(e.contains(&Event::TookStairs { way: Stairs::Up, depth: 0 }));
    for _ in 0..4 {
        g.apply(Action::Move(Direction::West));
    }
    let e = g.apply(Action::Ascend);
    assert!(e.contains(&Event::GameOver(Outcome::Lost(Cause::LeftWithoutTreasure))), "{e:?}");
}

#[test]
fn leaving_with_the_teddy_bear_wins() {
    let mut g = game(&TWO_LEVELS);
    g.apply(Action::Move(Direction::East));
    g.apply(Action::Move(Direction::East));
    g.apply(Action::Descend);
    for _ in 0..3 {
        g.apply(Action::Move(Direction::West));
    }
    // Dig down to the bear, pick it up, and travel back.
    let e = g.apply(Action::Move(Direction::South));
    assert!(e.contains(&Event::Dug { at: Point::new(2, 2) }), "{e:?}");
    g.apply(Action::Move(Direction::South));
    g.apply(Action::Move(Direction::South));
    let e = g.apply(Action::PickUp);
    assert!(e.iter().any(|e| matches!(e, Event::PickedUp { item: ItemKind::TeddyBear, .. })));
    let mut steps = 0;
    loop {
        let e = g.apply(Action::Travel(Stairs::Up));
        steps += 1;
        if e.contains(&Event::AutoStopped(Stop::Arrived)) || steps > 20 {
            break;
        }
    }
    assert_eq!(g.player().at(), Point::new(5, 1));
    g.apply(Action::Ascend);
    g.apply(Action::Travel(Stairs::Up));
    while !g.apply(Action::Travel(Stairs::Up)).contains(&Event::AutoStopped(Stop::Arrived)) {}
    let e = g.apply(Action::Ascend);
    assert!(e.contains(&Event::GameOver(Outcome::Won)), "{e:?}");
    let s = g.summary();
    assert_eq!((s.outcome, s.deepest_level, s.record.dug), (Some(Outcome::Won), 2, 1));
}

#[test]
fn only_what_the_player_sees_is_reported() {
    // Two zombies fight a bat far off behind a wall: not a word of it.
    let mut g = game(&[&[
        "##################",
        "#@.......#.......#",
        "#........#..zbz..#",
        "#........#.......#",
        "##################",
    ]]);
    for _ in 0..60 {
        for e in g.apply(Action::Wait) {
            assert!(
                !matches!(e, Event::Attacked { .. } | Event::Died { .. } | Event::Bumped { .. }),
                "unseen: {e:?}"
            );
        }
    }
}

#[test]
fn a_fight_in_view_is_reported_and_kills_are_counted() {
    let mut g = game(&[&["#######", "#@.zb.#", "#######"]]);
    let mut seen = Vec::new();
    for _ in 0..50 {
        seen.extend(g.apply(Action::Wait));
        if g.outcome().is_some() {
            break;
        }
    }
    assert!(
        seen.iter()
            .any(|e| matches!(e, Event::Attacked { attacker: Who::It(_), target: Who::It(_), .. }))
    );
    assert_eq!(g.record().total_kills(), 0, "only the player's kills count");
}

#[test]
fn auto_explore_sees_every_reachable_cell_then_stops() {
    let rows: &[&str] = &[
        "##############################",
        "#@.....#.......#.............#",
        "#......#...#...#.............#",
        "#..........#.................#",
        "############.#################",
        "#............................#",
        "##############################",
    ];
    let mut g = game(&[rows]);
    let mut stops = Vec::new();
    for _ in 0..300 {
        let turn = g.turn();
        let e = g.apply(Action::Explore);
        assert!(!e.iter().any(|e| matches!(e, Event::Dug { .. })), "explore never digs");
        if let Some(Event::AutoStopped(stop)) = e.last() {
            stops.push(*stop);
            if *stop == Stop::Explored {
                assert_eq!(g.turn(), turn, "stopping takes no time");
                break;
            }
        }
    }
    assert_eq!(stops.last(), Some(&Stop::Explored), "{stops:?}");
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let p = Point::new(x as i32, y as i32);
            if c != '#' {
                assert!(g.remembered(p).is_some(), "{p} explored");
            }
        }
    }
}

#[test]
fn auto_explore_stops_for_monsters_and_items() {
    let mut g = game(&[&[
        "##########################",
        "#@..........#............#",
        "#...........#.........z..#",
        "#...........#............#",
        "#.....................)..#",
        "##########################",
    ]]);
    let mut stops = Vec::new();
    for _ in 0..100 {
        if let Some(Event::AutoStopped(stop)) = g.apply(Action::Explore).last() {
            stops.push(*stop);
            if stops.len() == 2 {
                break;
            }
        }
    }
    assert!(
        stops.contains(&Stop::ItemFound(ItemKind::Dagger))
            || stops.contains(&Stop::MonsterInView(CreatureKind::Zombie)),
        "{stops:?}"
    );
}

#[test]
fn travel_without_known_stairs_says_so() {
    let mut g = game(&[&["#####", "#@..#", "#####"]]);
    let e = g.apply(Action::Travel(Stairs::Down));
    assert_eq!(e, vec![Event::AutoStopped(Stop::NoRoute(Stairs::Down))]);
    assert_eq!(g.turn().0, 0);
}

/// A fixed script over a generated game: walk, explore, pick up, eat, wield.
#[cfg(feature = "serde")]
fn script() -> Vec<Action> {
    let mut s = Vec::new();
    for i in 0..120 {
        s.push(match i % 12 {
            0..=2 => Action::Explore,
            3 | 4 => Action::Move(Direction::ALL[(i / 12) % 8]),
            5 => Action::Wait,
            6 => Action::PickUp,
            7 => Action::Move(Direction::ALL[i % 8]),
            8 => Action::Equip(torchlit_sim::modes::caves::Slot::from_letter('a').expect("a")),
            9 => Action::Eat(torchlit_sim::modes::caves::Slot::from_letter('b').expect("b")),
            10 => Action::Travel(Stairs::Down),
            _ => Action::Descend,
        });
    }
    s
}

#[cfg(feature = "serde")]
fn play(seed: u64, actions: &[Action]) -> Caves {
    let mut g = Caves::new(Seed(seed)).expect("the caves build");
    for &a in actions {
        g.apply(a);
    }
    g
}

#[cfg(feature = "serde")]
#[test]
fn the_same_seed_and_actions_give_the_same_state_hash() {
    let a = play(2024, &script());
    let b = play(2024, &script());
    assert_eq!(a.state_hash(), b.state_hash());
    assert_eq!(a, b);
    assert!(a.turn().0 > 40, "the script played: {}", a.turn().0);
    let c = play(2025, &script());
    assert_ne!(a.state_hash(), c.state_hash(), "another seed, another game");
}

#[cfg(feature = "serde")]
#[test]
fn a_save_and_load_in_the_middle_changes_nothing() {
    let actions = script();
    let straight = play(7, &actions);
    let (first, second) = actions.split_at(actions.len() / 2);
    let half = play(7, first);
    let bytes = postcard::to_allocvec(&half).expect("a game serializes");
    let mut loaded: Caves = postcard::from_bytes(&bytes).expect("and loads");
    assert_eq!(loaded, half);
    assert_eq!(loaded.state_hash(), half.state_hash());
    for &a in second {
        loaded.apply(a);
    }
    assert_eq!(loaded.state_hash(), straight.state_hash());
}

#[cfg(feature = "serde")]
#[test]
fn damaged_saves_are_refused_not_trusted() {
    let g = play(7, &[Action::Wait]);
    let bytes = postcard::to_allocvec(&g).expect("serializes");
    for cut in [0, 1, bytes.len() / 3, bytes.len() - 1] {
        assert!(postcard::from_bytes::<Caves>(&bytes[..cut]).is_err(), "cut at {cut}");
    }
    // Flip bytes all over: whatever loads must be a consistent game that plays on.
    for i in (0..bytes.len()).step_by(97) {
        let mut bad = bytes.clone();
        bad[i] ^= 0x55;
        if let Ok(mut game) = postcard::from_bytes::<Caves>(&bad) {
            for a in [Action::Wait, Action::Explore, Action::Move(Direction::East)] {
                game.apply(a);
            }
        }
    }
}

#[test]
fn auto_explore_walks_up_to_a_monster_in_the_way_and_names_it() {
    let mut g = game(&[&["####################", "#@....f............#", "####################"]]);
    let mut last = None;
    for _ in 0..20 {
        if let Some(Event::AutoStopped(stop)) = g.apply(Action::Explore).last() {
            last = Some(*stop);
            break;
        }
    }
    assert_eq!(last, Some(Stop::Blocked(CreatureKind::Fungus, Direction::East)));
    assert_eq!(g.player().at(), Point::new(5, 1), "next to the fungus");
}

#[test]
fn a_creature_at_the_foot_of_the_stairs_is_attacked_and_the_player_is_told_why() {
    let g = game(&[&["#####", "#@>.#", "#####"], &["#####", "#.z.#", "#####"]]);
    let mut g = g.under_rules(torchlit_sim::modes::caves::Rules::original());
    g.apply(Action::Move(Direction::East));
    let e = g.apply(Action::Descend);
    let blocked = Event::StairsBlocked { way: Stairs::Down, kind: CreatureKind::Zombie };
    let at = e.iter().position(|x| *x == blocked);
    let hit = e.iter().position(|x| {
        matches!(
            x,
            Event::Attacked { attacker: Who::You, target: Who::It(CreatureKind::Zombie), .. }
        )
    });
    assert!(matches!((at, hit), (Some(a), Some(h)) if a < h), "told first, then the blow: {e:?}");
    assert_eq!(g.depth(), 0, "the blow takes the turn: still on level 1");
}

#[test]
fn by_default_the_stairs_take_the_player_beside_a_creature_at_the_other_end() {
    let mut g = game(&[&["#####", "#@>.#", "#####"], &["#####", "#.z.#", "#####"]]);
    g.apply(Action::Move(Direction::East));
    let e = g.apply(Action::Descend);
    assert!(!e.iter().any(|x| matches!(x, Event::StairsBlocked { .. })), "{e:?}");
    assert!(
        !e.iter().any(|x| matches!(x, Event::Attacked { attacker: Who::You, .. })),
        "no blind blow: {e:?}"
    );
    assert_eq!(g.depth(), 1, "down the stairs");
    let at = g.player().at();
    assert_ne!(at, Point::new(2, 1), "the zombie keeps the stairs' cell");
    assert_eq!((at.x - 2).abs().max((at.y - 1).abs()), 1, "beside it: {at}");
    // With nowhere free beside it, the tutorial's blow is all that is left.
    let mut full = game(&[&["###", "#@#", "#>#", "###"], &["###", "###", "#z#", "###"]]);
    full.apply(Action::Move(Direction::South));
    let e = full.apply(Action::Descend);
    assert_eq!(full.depth(), 0);
    assert!(e.iter().any(|x| matches!(x, Event::StairsBlocked { .. })), "{e:?}");
}

#[test]
fn by_default_no_zombie_starts_near_the_player_or_any_stairs() {
    use torchlit_sim::modes::caves::{ARRIVAL_CLEARANCE, Rules, WorldSpec};
    use torchlit_sim::terrain::Tile;
    let near = |game: &Caves| {
        let start = game.player().at();
        game.creatures()
            .filter(|c| c.kind() == CreatureKind::Zombie)
            .filter(|c| {
                let level = game.level(c.depth()).expect("a level");
                let stairs = level
                    .tiles()
                    .iter()
                    .filter(|&(_, t)| matches!(t, Tile::StairsUp | Tile::StairsDown))
                    .map(|(p, _)| p);
                let mut arrivals: Vec<Point> = stairs.collect();
                if c.depth() == 0 {
                    arrivals.push(start);
                }
                let at = c.at();
                arrivals
                    .iter()
                    .any(|a| (a.x - at.x).abs().max((a.y - at.y).abs()) < ARRIVAL_CLEARANCE)
            })
            .count()
    };
    let (mut old, mut today) = (0, 0);
    for seed in 0..20 {
        let spec = WorldSpec::default();
        today += near(&Caves::with_rules(Seed(seed), spec, Rules::default()).expect("caves"));
        old += near(&Caves::with_rules(Seed(seed), spec, Rules::original()).expect("caves"));
    }
    assert_eq!(today, 0, "the default game keeps zombies away from arrivals");
    assert!(old > 0, "the tutorial places them anywhere (the test can fail)");
}
