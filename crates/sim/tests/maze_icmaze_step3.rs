//! ICMaze (seed 001) step 3 (§4.1.2 to §4.3.1): log monsters, health, generated levels.

mod maze_support;

use maze_support::Bot;
use torchlit_geom::{CardinalDirection, Point};
use torchlit_sim::modes::maze::rules::{
    FORGET_TICKS, IMMUNITY_TICKS, LOG_MONSTER_PERCEPTION, MAX_MONSTERS_PER_AREA, PLAYER_MAX_LIFE,
    TRANSITION_TICKS,
};
use torchlit_sim::modes::maze::{
    AreaId, AreaKind, Difficulty, Event, LogMonster, Maze, MazeConfig, MonsterState, Rules, Seed,
    Side, Thing, TickInput,
};

fn monsters(bot: &Bot) -> Vec<LogMonster> {
    bot.game
        .area()
        .present_things()
        .filter_map(|(_, t)| match t {
            Thing::LogMonster(m) => Some(m.clone()),
            _ => None,
        })
        .collect()
}

/// A fixed-level bot standing in the small maze (HARDEST), at its entry.
fn in_small_maze(seed: u64) -> Bot {
    let mut bot = Bot::fixed(seed);
    assert!(bot.game.wizard().enter(AreaId(1), Side::W));
    bot
}

/// §4.1.2: monsters spawn in the mazes, at most 3, more and more awake the harder the
/// maze (sleeping less likely, chasing more likely), and never on the arrival cells.
#[test]
fn monsters_spawn_by_the_seeds_formulas() {
    // (areas, monsters, sleeping, chasing) per difficulty.
    let mut by: std::collections::BTreeMap<u32, (u32, u32, u32, u32)> = Default::default();
    for s in 0..150 {
        // The seed's rules: the default's spawn clearance skips draws near the arrivals.
        let config = MazeConfig { rules: Rules::original(), ..MazeConfig::generated(Seed(s), 8) };
        let game = Maze::new(config).expect("builds");
        for area in game.areas().iter().filter(|a| a.kind().is_maze()) {
            let d = area.difficulty().expect("maze difficulty").get();
            let states: Vec<MonsterState> = area
                .things()
                .filter_map(|(_, t)| match t {
                    Thing::LogMonster(m) => Some(m.state()),
                    _ => None,
                })
                .collect();
            assert!(states.len() as u32 <= MAX_MONSTERS_PER_AREA);
            for side in Side::ALL
                .into_iter()
                .filter(|&s| area.portal(s).is_some_and(|p| p.link().is_some()))
            {
                let arrival = area.arrival(side);
                assert!(
                    !area
                        .things()
                        .any(|(_, t)| matches!(t, Thing::LogMonster(m) if m.at() == arrival))
                );
            }
            let e = by.entry(d).or_default();
            e.0 += 1;
            e.1 += states.len() as u32;
            e.2 += states.iter().filter(|&&s| s == MonsterState::Sleeping).count() as u32;
            e.3 += states.iter().filter(|&&s| s == MonsterState::Chasing).count() as u32;
        }
    }
    let ratio = |d: Difficulty| {
        let (areas, n, sleeping, chasing) = by[&d.get()];
        (n as f64 / areas as f64, sleeping as f64 / n as f64, chasing as f64 / n as f64)
    };
    let (easy, hardest) = (ratio(Difficulty::EASY), ratio(Difficulty::HARDEST));
    // Expected: EASY p = 0.40 per monster -> 0.78 monsters per area, P(sleep) = 0.525,
    // P(chase) = 0.275; HARDEST p = 0.85 -> 2.18, P(sleep) = 0, P(chase) = 0.8.
    assert!((0.55..1.0).contains(&easy.0), "{easy:?}");
    assert!((1.9..2.45).contains(&hardest.0), "{hardest:?}");
    assert!((0.4..0.65).contains(&easy.1) && hardest.1 == 0.0, "sleeping {easy:?} {hardest:?}");
    assert!((0.15..0.4).contains(&easy.2) && (0.7..0.9).contains(&hardest.2), "chasing");
}

/// §4.1.2: asleep, a monster is harmless and only turns left every 0.75 s; in a HARDEST
/// maze (p = 1) it wakes to wandering at its first transition.
#[test]
fn sleeping_monsters_are_harmless_and_turn_left() {
    let mut bot = in_small_maze(5);
    let at = bot.at();
    let spot = CardinalDirection::ALL
        .into_iter()
        .map(|d| at + d.offset())
        .find(|&p| bot.game.can_enter(p));
    let spot = spot.expect("a free cell next to the hero");
    assert!(bot.game.wizard().add_monster(spot, MonsterState::Sleeping));
    bot.game.wizard().set_monsters(MonsterState::Sleeping);
    let facing = |bot: &Bot| monsters(bot).iter().find(|m| m.at() == spot).map(|m| m.facing());
    let before = facing(&bot);
    bot.idle(18);
    assert_eq!(facing(&bot), before.map(torchlit_sim::modes::maze::geometry::left_of));
    bot.idle(TRANSITION_TICKS - 19);
    assert_eq!(bot.game.player().life().current(), PLAYER_MAX_LIFE, "harmless asleep");
    assert!(monsters(&bot).iter().all(|m| m.state() == MonsterState::Sleeping));
    bot.idle(1);
    assert!(
        monsters(&bot).iter().all(|m| m.state() == MonsterState::Wandering),
        "HARDEST: p = 1, every sleeper wakes at 3 s"
    );
}

/// §4.1.2: wandering monsters move at random.
#[test]
fn wandering_monsters_move() {
    let mut bot = in_small_maze(6);
    bot.game.wizard().set_monsters(MonsterState::Wandering);
    let before: Vec<Point> = monsters(&bot).iter().map(LogMonster::at).collect();
    assert!(!before.is_empty());
    bot.idle(18 * 8);
    let after: Vec<Point> = monsters(&bot).iter().map(LogMonster::at).collect();
    assert_ne!(before, after);
}

/// §4.1.2: chasing, a monster follows the shortest path to the hero, hits it when the
/// hero stands in front of it, and can kill it: the area starts over with full life.
#[test]
fn chasing_monsters_track_hurt_and_kill_the_hero() {
    // The seed's rules: a chaser tracks the hero anywhere in the maze.
    let mut bot = Bot::new(MazeConfig { rules: Rules::original(), ..MazeConfig::fixed(Seed(7)) });
    assert!(bot.game.wizard().enter(AreaId(1), Side::W));
    // Three chasers in a HARDEST maze never fall asleep (1 - p = 0).
    let free: Vec<Point> = bot
        .game
        .area()
        .graph()
        .iter()
        .filter(|&(p, &n)| n && bot.game.can_enter(p))
        .map(|(p, _)| p)
        .collect();
    let far = *free
        .iter()
        .max_by_key(|p| (p.x - bot.at().x).abs() + (p.y - bot.at().y).abs())
        .expect("cells");
    bot.game.wizard().add_monster(far, MonsterState::Chasing);
    bot.game.wizard().set_monsters(MonsterState::Chasing);
    bot.idle(1);
    let m = monsters(&bot);
    assert!(m.iter().all(|m| m.state() == MonsterState::Chasing));
    for m in &m {
        assert_eq!(m.path().last(), Some(&bot.at()), "the path ends on the hero");
        for w in m.path().windows(2) {
            assert_eq!((w[0].x - w[1].x).abs() + (w[0].y - w[1].y).abs(), 1, "4-way steps");
        }
    }
    let mut hurt_at = None;
    let mut lowest = PLAYER_MAX_LIFE;
    for t in 0..3000 {
        let ev = bot.tick(TickInput::IDLE);
        if hurt_at.is_none() && ev.iter().any(|e| matches!(e, Event::PlayerHurt { .. })) {
            hurt_at = Some(t);
            assert_eq!(bot.game.player().life().current(), PLAYER_MAX_LIFE - 1);
            assert!(bot.game.player().life().is_immune());
        }
        if !ev.contains(&Event::PlayerDied) {
            lowest = lowest.min(bot.game.player().life().current());
        }
        if ev.contains(&Event::PlayerDied) {
            assert!(hurt_at.is_some());
            // §4.2: the hero dies when its life falls *below* zero: it lives on at 0.
            assert_eq!(lowest, 0, "the hero was alive with a life of 0");
            assert_eq!(bot.game.player().life().current(), PLAYER_MAX_LIFE, "full life again");
            assert!(!bot.game.player().life().is_immune(), "no immunity after a reset");
            assert_eq!(bot.at(), bot.game.area().arrival(Side::W), "back at the entry");
            assert_eq!(bot.game.stats().deaths, 1);
            let initial = Maze::new(*bot.game.config()).expect("builds");
            assert_eq!(bot.game.area(), &initial.areas()[1], "every actor as built");
            return;
        }
    }
    panic!("the chasers never killed the hero (hurt at {hurt_at:?})");
}

/// The default rules: a chaser that has not perceived the hero (its 11x11 square) for
/// `forget_ticks` forgets it and wanders again; under the seed's rules it keeps chasing.
#[test]
fn default_chasers_forget_a_hero_they_lost_and_seed_chasers_do_not() {
    for rules in [Rules::default(), Rules::original()] {
        let mut bot = Bot::new(MazeConfig { rules, ..MazeConfig::fixed(Seed(7)) });
        // The large maze: room to be out of sight.
        assert!(bot.game.wizard().enter(AreaId(3), Side::W));
        let hero = bot.at();
        let far = bot
            .game
            .area()
            .graph()
            .iter()
            .filter(|&(p, &n)| n && bot.game.can_enter(p))
            .map(|(p, _)| p)
            .filter(|p| (p.x - hero.x).abs() > 12 || (p.y - hero.y).abs() > 12)
            .max_by_key(|p| (p.x - hero.x).abs() + (p.y - hero.y).abs())
            .expect("a far cell");
        // Only our chaser: the area's own monsters asleep.
        bot.game.wizard().set_monsters(MonsterState::Sleeping);
        assert!(bot.game.wizard().add_monster(far, MonsterState::Chasing));
        bot.game.wizard().set_monsters(MonsterState::Sleeping);
        assert!(bot.game.wizard().wake_monster_at(far, MonsterState::Chasing));
        // Follow our chaser by its cell (it moves at most one cell a tick); the sleepers
        // stay out of it.
        let mut at = far;
        let mut state = MonsterState::Chasing;
        for _ in 0..FORGET_TICKS + 2 {
            bot.idle(1);
            let m = monsters(&bot)
                .into_iter()
                .find(|m| (m.at().x - at.x).abs() + (m.at().y - at.y).abs() <= 1)
                .expect("the chaser is still there");
            at = m.at();
            state = m.state();
            assert!(
                (at.x - hero.x).abs() > LOG_MONSTER_PERCEPTION
                    || (at.y - hero.y).abs() > LOG_MONSTER_PERCEPTION,
                "it never perceives the hero"
            );
        }
        match rules.forget_ticks {
            Some(_) => assert_eq!(state, MonsterState::Wandering, "it forgot the hero"),
            None => assert_eq!(state, MonsterState::Chasing, "the seed's chaser keeps chasing"),
        }
    }
}

/// §4.2.1: immunity lasts 24 ticks (the hero blinks meanwhile), a heart gives a point
/// back, and the area reset key restores full life.
#[test]
fn damage_immunity_hearts_and_area_reset() {
    let mut bot = in_small_maze(8);
    let at = bot.at();
    // A chaser right next to the hero.
    let spot = CardinalDirection::ALL
        .into_iter()
        .map(|d| at + d.offset())
        .find(|&p| bot.game.can_enter(p))
        .expect("a free neighbour");
    assert!(bot.game.wizard().add_monster(spot, MonsterState::Chasing));
    bot.game.wizard().set_monsters(MonsterState::Chasing);
    let mut hits = Vec::new();
    for t in 0..70 {
        if bot.tick(TickInput::IDLE).iter().any(|e| matches!(e, Event::PlayerHurt { .. })) {
            hits.push(t);
        }
        if bot.game.player().life().is_immune() {
            assert!(bot.game.player().life().immunity_left() <= IMMUNITY_TICKS);
        }
    }
    assert!(hits.len() >= 2, "{hits:?}");
    for w in hits.windows(2) {
        assert!(w[1] - w[0] >= IMMUNITY_TICKS as usize, "immune between hits: {hits:?}");
    }
    let life = bot.game.player().life().current();
    assert!(life < PLAYER_MAX_LIFE);
    bot.press(torchlit_sim::modes::maze::Button::ResetArea);
    assert_eq!(bot.game.player().life().current(), PLAYER_MAX_LIFE);
    assert_eq!(bot.at(), at);
}

/// §4.2.1: a heart restores one point.
#[test]
fn hearts_heal() {
    let mut bot = Bot::fixed(4);
    let heart = bot.find(|t| matches!(t, Thing::Heart(_))).expect("a heart");
    // Get hurt first: in the small maze next to a chaser, then come back.
    assert!(bot.game.wizard().enter(AreaId(1), Side::W));
    let spot = bot.at() + CardinalDirection::East.offset();
    let spot =
        if bot.game.can_enter(spot) { spot } else { bot.at() + CardinalDirection::North.offset() };
    assert!(bot.game.wizard().add_monster(spot, MonsterState::Chasing));
    bot.game.wizard().set_monsters(MonsterState::Chasing);
    let mut n = 0;
    while bot.game.player().life().current() == PLAYER_MAX_LIFE {
        bot.idle(1);
        n += 1;
        assert!(n < 600);
    }
    let hurt = bot.game.player().life().current();
    assert!(bot.game.wizard().enter(AreaId(0), Side::E));
    assert!(bot.walk_to(heart));
    assert_eq!(bot.game.player().life().current(), hurt + 1);
}

/// §4.1.2: the hero's pickaxe kills log monsters; they vanish, counted as defeated.
#[test]
fn the_pickaxe_kills_log_monsters() {
    let mut bot = in_small_maze(9);
    bot.game.wizard().give_pickaxe();
    let at = bot.at();
    let spot = CardinalDirection::ALL
        .into_iter()
        .find(|&d| bot.game.can_enter(at + d.offset()))
        .expect("a free neighbour");
    assert!(bot.game.wizard().add_monster(at + spot.offset(), MonsterState::Sleeping));
    bot.game.wizard().face(spot);
    let died = bot.swing_until(20, |e| matches!(e, Event::MonsterDied { .. }));
    assert!(died);
    assert!(bot.game.stats().monsters_defeated >= 1);
    bot.idle(30);
    assert!(!monsters(&bot).iter().any(|m| m.at() == at + spot.offset()), "vanished");
}

/// §4.3.1: generated levels: the configured number of maze areas between Spawn and the
/// boss, growing difficulty, never going west, portals wired both ways; length 0 goes
/// straight from Spawn to the boss.
#[test]
fn generated_levels_follow_generate_line() {
    for length in [0u32, 1, 3, 8] {
        for s in 0..10 {
            let game = Maze::new(MazeConfig::generated(Seed(s), length)).expect("builds");
            let areas = game.areas();
            assert_eq!(areas.len() as u32, length + 2);
            assert_eq!(areas[0].kind(), AreaKind::Spawn);
            assert_eq!(areas[areas.len() - 1].kind(), AreaKind::Boss);
            for (i, a) in areas.iter().enumerate() {
                for side in Side::ALL {
                    let Some(p) = a.portal(side) else { continue };
                    let Some(link) = p.link() else { continue };
                    assert_ne!(
                        (side, link.area.0 as usize > i),
                        (Side::W, true),
                        "never backwards (west)"
                    );
                    let back =
                        areas[link.area.index()].portal(side.opposite()).and_then(|q| q.link());
                    assert_eq!(back.map(|l| l.area), Some(AreaId(i as u32)), "wired both ways");
                    assert_eq!(link.arrival, areas[link.area.index()].arrival(side.opposite()));
                }
            }
            if length == 0 {
                let exit =
                    Side::ALL.into_iter().find_map(|s| areas[0].portal(s).and_then(|p| p.link()));
                assert_eq!(exit.map(|l| l.area), Some(AreaId(1)), "Spawn leads to the boss");
            }
            if length == 8 {
                let d: Vec<u32> =
                    areas[1..9].iter().filter_map(|a| a.difficulty()).map(|d| d.get()).collect();
                assert_eq!(d, [8, 6, 6, 4, 4, 2, 2, 2], "difficulty grows with progress");
            }
        }
    }
    assert!(Maze::new(MazeConfig::generated(Seed(1), 10_000)).is_err(), "too long");
}

/// The perception square is 11x11.
#[test]
fn perception_is_a_square_of_radius_five() {
    let m = LogMonster::new(Point::new(10, 10), MonsterState::Chasing);
    let r = m.perception();
    assert_eq!((r.left(), r.top(), r.right(), r.bottom()), (5, 5, 16, 16));
    assert_eq!(LOG_MONSTER_PERCEPTION, 5);
}
