//! The outcomes DM503 Rogue (seed 003) describes, on the dungeons drawn after its figures
//! (`testdata/dungeons/`), and the rules of a turn.

mod chase_support;

use chase_support::first_step;
use torchlit_geom::{Direction, Point};
use torchlit_sim::Turn;
use torchlit_sim::formats::Dungeon;
use torchlit_sim::modes::chase::{
    Chase, Decision, Event, HeroKind, Monster, MonsterKind, Move, Outcome, Paths, Rogue, Role,
    SpeedyRogue, Strategy, StrategyError, play,
};
use torchlit_sim::terrain::Tile;

/// The seed's two heroes.
const SEED_HEROES: [HeroKind; 2] = [HeroKind::Rogue, HeroKind::Speedy];

fn dungeon(text: &str) -> Dungeon {
    Dungeon::parse(text.as_bytes()).expect("the test dungeon parses")
}

const HALLWAY_ESCAPE: &str = include_str!("../../../testdata/dungeons/hallway_escape.txt");
const CORNER_TRAP: &str = include_str!("../../../testdata/dungeons/corner_trap.txt");
const POTION_FIELD: &str = include_str!("../../../testdata/dungeons/potion_field.txt");
const MONSTER_CHOICE: &str = include_str!("../../../testdata/dungeons/monster_choice.txt");
const HERO_CHOICE: &str = include_str!("../../../testdata/dungeons/hero_choice.txt");
const CORNER: &str = include_str!("../../../testdata/dungeons/corner.txt");
const LOOP: &str = include_str!("../../../testdata/dungeons/loop.txt");
const POTION: &str = include_str!("../../../testdata/dungeons/potion.txt");
const TWO_ROOMS: &str = include_str!("../../../testdata/dungeons/two_rooms.txt");

fn outcome(text: &str, hero: HeroKind) -> Outcome {
    play(&dungeon(text), hero, MonsterKind::Monster, None).expect("one monster")
}

/// Plays to the end and returns every event.
fn events(chase: &mut Chase) -> Vec<Event> {
    let mut all = Vec::new();
    while chase.outcome().is_none() {
        all.extend(chase.play_turn());
    }
    all
}

#[test]
fn the_hero_escapes_forever_by_running_into_the_hallway() {
    // Seed 003, first figure (left): a room with a hallway loop; the hero flees into it.
    let d = dungeon(HALLWAY_ESCAPE);
    let mut chase = Chase::new(&d, Box::new(Rogue), Box::new(Monster)).expect("valid");
    let all = events(&mut chase);
    assert!(matches!(chase.outcome(), Some(Outcome::Escaped { .. })), "{:?}", chase.outcome());
    let in_hallway = all.iter().any(|e| {
        matches!(e, Event::Moved { who: Role::Hero, to, .. } if d.map.tile(*to) == Some(Tile::Hallway))
    });
    assert!(in_hallway, "the hero ran into the hallway");
    // The speedy hero plays the same way where there are no potions.
    assert_eq!(outcome(HALLWAY_ESCAPE, HeroKind::Speedy), chase.outcome().expect("over"));
}

#[test]
fn the_monster_traps_the_hero_in_a_corner() {
    // Seed 003, first figure (right): a closed room (here with a dead-end hallway).
    for hero in SEED_HEROES {
        assert!(matches!(outcome(CORNER_TRAP, hero), Outcome::Caught { .. }), "{hero:?}");
        assert!(matches!(outcome(CORNER, hero), Outcome::Caught { turn: Turn(4), .. }), "{hero:?}");
    }
}

#[test]
fn the_monster_steps_northeast_by_euclid_where_east_would_let_the_hero_flee() {
    // Seed 003, second figure (left): NE and E both lie on a shortest path to the hero;
    // NE lands closer (Euclid) and wins, and then nothing saves the hero; after E the
    // hero flees into the hallway and escapes forever.
    let d = dungeon(MONSTER_CHOICE);
    let mut chase = Chase::new(&d, Box::new(Rogue), Box::new(Monster)).expect("valid");
    let first = chase.play_turn();
    assert_eq!(
        first[0],
        Event::Moved { who: Role::Monster, from: Point::new(5, 7), to: Point::new(6, 6) },
        "the monster moves NE"
    );
    assert!(matches!(chase.run(), Outcome::Caught { .. }));
    for step in Direction::ALL {
        let hero = first_step(step, Rogue);
        let mut chase = Chase::new(&d, hero, Box::new(Monster)).expect("valid");
        assert!(matches!(chase.run(), Outcome::Caught { .. }), "hero first {step:?}");
    }

    let east = first_step(Direction::East, Monster);
    let hero = first_step(Direction::SouthEast, Rogue);
    let mut chase = Chase::new(&d, hero, east).expect("valid");
    let first = chase.play_turn();
    assert_eq!(d.map.tile(chase.board().hero().at), Some(Tile::Hallway), "{first:?}");
    assert!(chase.run().hero_escaped(), "after E the hero escapes: {:?}", chase.outcome());
}

#[test]
fn the_rogue_flees_and_is_caught_where_a_step_southeast_would_save_it() {
    // Seed 003, second figure: fleeing is not optimal; a step SE toward the corridor,
    // then fleeing, escapes forever.
    let d = dungeon(HERO_CHOICE);
    let mut chase = Chase::new(&d, Box::new(Rogue), Box::new(Monster)).expect("valid");
    let first = chase.play_turn();
    assert!(
        !first.contains(&Event::Moved { who: Role::Hero, from: d.hero, to: Point::new(5, 5) }),
        "the Rogue flees instead: {first:?}"
    );
    assert!(matches!(chase.run(), Outcome::Caught { .. }));

    let se = first_step(Direction::SouthEast, Rogue);
    let mut chase = Chase::new(&d, se, Box::new(Monster)).expect("valid");
    for _ in 0..3 {
        chase.play_turn();
    }
    let at = chase.board().hero().at;
    assert_eq!(d.map.tile(at), Some(Tile::Hallway), "in the corridor by turn 3: {at}");
    assert!(chase.run().hero_escaped());
}

#[test]
fn the_speedy_rogue_steps_toward_the_monster_for_the_potion_then_escapes() {
    // Seed 003, third figure: the potion lies between the hero and the monster.
    let d = dungeon(POTION_FIELD);
    assert!(matches!(outcome(POTION_FIELD, HeroKind::Rogue), Outcome::Caught { .. }));

    let mut chase = Chase::new(&d, Box::new(SpeedyRogue), Box::new(Monster)).expect("valid");
    let first = chase.play_turn();
    let monster = chase.board().monster().at;
    let hero_to = first.iter().find_map(|e| match e {
        Event::Moved { who: Role::Hero, to, .. } => Some(*to),
        _ => None,
    });
    let hero_to = hero_to.expect("the hero moved");
    let dist = |a: Point, b: Point| (b - a).dx.abs().max((b - a).dy.abs());
    assert!(dist(hero_to, monster) < dist(d.hero, monster), "toward the monster: {first:?}");
    assert!(
        first.contains(&Event::Drank { who: Role::Hero, at: d.potions[0], steps_per_turn: 2 }),
        "drinks on the first move: {first:?}"
    );
    // From now on two steps a turn, each told how many remain (the seed's remainingMoves).
    let second = chase.play_turn();
    let hero_steps = second
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::Moved { who: Role::Hero, .. } | Event::Stayed { who: Role::Hero, .. }
            )
        })
        .count();
    assert_eq!(hero_steps, 2);
    assert!(chase.run().hero_escaped());
}

#[test]
fn the_shared_sample_dungeons() {
    // loop.txt starts the hero next to the monster: caught at once.
    assert!(matches!(outcome(LOOP, HeroKind::Rogue), Outcome::Caught { turn: Turn(1), .. }));
    // potion.txt: fleeing corners the hero; going for the potion first escapes.
    assert!(matches!(outcome(POTION, HeroKind::Rogue), Outcome::Caught { turn: Turn(12), .. }));
    assert!(outcome(POTION, HeroKind::Speedy).hero_escaped());
    // two_rooms.txt: the Rogue waits in the far room's corner and is caught there.
    for hero in SEED_HEROES {
        assert!(
            matches!(outcome(TWO_ROOMS, hero), Outcome::Caught { turn: Turn(12), .. }),
            "{hero:?}"
        );
    }
}

/// Records the `remaining_moves` it is asked with, then stays.
struct Recorder(std::rc::Rc<std::cell::RefCell<Vec<u32>>>);

impl Strategy for Recorder {
    fn name(&self) -> &str {
        "Recorder"
    }
    fn choose(&mut self, d: &Decision<'_>, _: &mut Paths) -> Result<Move, StrategyError> {
        self.0.borrow_mut().push(d.remaining_moves);
        Ok(Move::Stay)
    }
}

#[test]
fn remaining_moves_count_down_and_potions_speed_up_from_the_next_turn() {
    // The monster walks onto two potions in a row; then it moves three steps a turn.
    let d = dungeon(&format!("8\nB s s . . . . @ \n{}", "                \n".repeat(7)));
    let seen = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let east = first_step(Direction::East, first_step(Direction::East, Monster));
    let mut chase = Chase::new(&d, Box::new(Recorder(seen.clone())), east).expect("valid");
    let t1 = chase.play_turn();
    assert!(t1.contains(&Event::Drank {
        who: Role::Monster,
        at: Point::new(1, 0),
        steps_per_turn: 2
    }));
    let t2 = chase.play_turn();
    assert!(t2.contains(&Event::Drank {
        who: Role::Monster,
        at: Point::new(2, 0),
        steps_per_turn: 3
    }));
    assert_eq!(chase.board().potions(), &[] as &[Point]);
    let t3 = chase.play_turn();
    assert_eq!(
        t3.iter().filter(|e| matches!(e, Event::Moved { who: Role::Monster, .. })).count(),
        3
    );
    assert_eq!(chase.board().monster().at, Point::new(6, 0));
    chase.play_turn();
    assert_eq!(chase.outcome(), Some(Outcome::Caught { turn: Turn(4), at: Point::new(7, 0) }));
    assert_eq!(*seen.borrow(), vec![0, 0, 0], "the hero never drank: remaining 0 each turn");
}

#[test]
fn illegal_steps_are_refused_and_the_player_stays() {
    let d = dungeon("3\n@ + B \n      \n      \n");
    // From a hallway no diagonal step; into a wall never.
    let mut chase =
        Chase::new(&d, Box::new(Rogue), first_step(Direction::South, Monster)).expect("valid");
    let t1 = chase.play_turn();
    assert_eq!(t1[0], Event::Refused { who: Role::Monster, direction: Direction::South });
    assert_eq!(chase.board().monster().at, Point::new(2, 0));
}

#[test]
fn a_turn_limit_and_the_monster_count_are_checked() {
    let d = dungeon(HALLWAY_ESCAPE);
    let mut chase = Chase::new(&d, Box::new(Rogue), Box::new(Monster))
        .expect("valid")
        .with_limit(Some(Turn(3)));
    assert_eq!(chase.run(), Outcome::TurnLimit { turns: Turn(3) });
    let none = dungeon("2\n@ . \n. . \n");
    assert!(Chase::new(&none, Box::new(Rogue), Box::new(Monster)).is_err());
    let two = dungeon("3\n@ . A \n. . B \n. . . \n");
    assert!(Chase::new(&two, Box::new(Rogue), Box::new(Monster)).is_err());
}

#[test]
fn games_are_deterministic() {
    for text in [HALLWAY_ESCAPE, POTION_FIELD, TWO_ROOMS] {
        let run = || {
            let mut c = Chase::new(
                &dungeon(text),
                HeroKind::Speedy.strategy(),
                MonsterKind::Monster.strategy(),
            )
            .expect("valid");
            events(&mut c)
        };
        assert_eq!(run(), run());
    }
}
