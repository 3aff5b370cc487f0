//! A chase with a person on one side: the game waits for the person's steps, refuses
//! illegal ones with the reason, and judges them against perfect play.

use torchlit_geom::{Direction, Point};
use torchlit_sim::Turn;
use torchlit_sim::formats::Dungeon;
use torchlit_sim::modes::chase::{
    Awaiting, Chase, Decision, Event, HeroKind, Illegal, MonsterKind, Move, OptimalHero,
    OptimalMonster, Outcome, PERSON_LIMIT, Paths, Role, Strategy, StrategyError, Verdict,
};

const CORNER_TRAP: &str = include_str!("../../../testdata/dungeons/corner_trap.txt");
const HALLWAY_ESCAPE: &str = include_str!("../../../testdata/dungeons/hallway_escape.txt");

/// A room at the left, hallways at the right (`+`), the hero at (1, 1).
const ROOM_AND_HALLWAY: &str = "5\n. . .     \n. @ . + + \n. . . + + \n. . . . . \nB . . . . \n";

fn dungeon(text: &str) -> Dungeon {
    Dungeon::parse(text.as_bytes()).expect("the test dungeon parses")
}

/// An opponent that never moves.
struct Still;

impl Strategy for Still {
    fn name(&self) -> &str {
        "Still"
    }

    fn choose(&mut self, _: &Decision<'_>, _: &mut Paths) -> Result<Move, StrategyError> {
        Ok(Move::Stay)
    }
}

#[test]
fn the_game_waits_for_the_persons_step_and_the_monster_moves_first() {
    let d = dungeon(CORNER_TRAP);
    let mut chase =
        Chase::for_person(&d, Role::Hero, MonsterKind::Monster.strategy()).expect("a chase");
    assert_eq!(chase.awaiting(), None, "a new game starts between turns");
    let events = chase.play_turn();
    assert!(matches!(events.as_slice(), [Event::Moved { who: Role::Monster, .. }]), "{events:?}");
    assert_eq!(chase.awaiting(), Some(Awaiting { role: Role::Hero, remaining: 0 }));
    assert_eq!(chase.turn(), Turn(1));
    assert!(chase.play_turn().is_empty(), "nothing happens while the person's step is due");
    let at = chase.board().hero().at;
    let events = chase.play_person(Move::Step(Direction::East)).expect("a legal step");
    assert_eq!(
        events.first(),
        Some(&Event::Moved { who: Role::Hero, from: at, to: at + Direction::East.offset() })
    );
    assert!(
        events.iter().any(|e| matches!(e, Event::Moved { who: Role::Monster, .. })),
        "the monster answers in the next turn: {events:?}"
    );
    assert_eq!(chase.turn(), Turn(2));
    assert_eq!(chase.strategy_name(Role::Hero), "you");
}

#[test]
fn illegal_steps_are_refused_with_the_reason_and_change_nothing() {
    let d = dungeon(ROOM_AND_HALLWAY);
    let mut chase = Chase::for_person(&d, Role::Hero, Box::new(Still)).expect("a chase");
    chase.play_turn();
    // The hero at (1, 1) in a room: diagonal steps are fine, the map's edge is a wall.
    assert!(chase.check_person(Move::Step(Direction::NorthWest)).is_ok());
    for _ in 0..2 {
        chase.play_person(Move::Step(Direction::East)).expect("a legal step");
    }
    assert_eq!(chase.board().hero().at, Point::new(3, 1), "on the hallway");
    let turn = chase.turn();
    assert_eq!(
        chase.play_person(Move::Step(Direction::SouthEast)),
        Err(Illegal::HallwayDiagonal(Direction::SouthEast))
    );
    assert_eq!(
        chase.check_person(Move::Step(Direction::North)),
        Err(Illegal::Wall(Direction::North))
    );
    assert!(chase.check_person(Move::Step(Direction::NorthWest)).is_err());
    assert_eq!((chase.turn(), chase.board().hero().at), (turn, Point::new(3, 1)));
    assert_eq!(Illegal::Wall(Direction::North).to_string(), "a wall is north");
    assert!(chase.play_person(Move::Step(Direction::South)).is_ok(), "4-way steps are fine");
}

/// Plays a game in which the person makes the optimal strategy's every step.
fn person_plays_optimally(text: &str, person: Role) -> Chase {
    let d = dungeon(text);
    let opponent = match person {
        Role::Hero => MonsterKind::Optimal.strategy(),
        Role::Monster => HeroKind::Optimal.strategy(),
    };
    let mut chase =
        Chase::for_person(&d, person, opponent).expect("a chase").with_limit(Some(Turn(500)));
    chase.play_turn();
    let mut paths = Paths::new();
    while let Some(a) = chase.awaiting() {
        let d = Decision {
            board: chase.board(),
            me: a.role,
            remaining_moves: a.remaining,
            turn: chase.turn(),
        };
        let mv = match a.role {
            Role::Hero => OptimalHero::pick(&d, &mut paths),
            Role::Monster => OptimalMonster::pick(&d, &mut paths),
        };
        chase.play_person(mv).expect("a legal step");
    }
    chase
}

#[test]
fn a_person_playing_perfectly_plays_the_optimal_game_and_is_told_so() {
    let d = dungeon(CORNER_TRAP);
    let optimal = torchlit_sim::modes::chase::play(
        &d,
        HeroKind::Optimal,
        MonsterKind::Optimal,
        Some(Chase::DEFAULT_LIMIT),
    )
    .expect("a chase");
    let Outcome::Caught { turn, .. } = optimal else { panic!("corner_trap is lost: {optimal}") };
    for person in [Role::Hero, Role::Monster] {
        let chase = person_plays_optimally(CORNER_TRAP, person);
        assert_eq!(chase.outcome(), Some(optimal), "{person:?}");
        let review = chase.review();
        assert_eq!(review.start, Some(Verdict::MonsterWins { turns: turn.0 }));
        assert!(review.steps > 0);
        assert_eq!((review.judged, review.perfect), (review.steps, review.steps), "{person:?}");
        assert_eq!(review.lost_win, None);
    }
}

#[test]
fn a_step_that_gives_away_an_escape_is_found() {
    let d = dungeon(HALLWAY_ESCAPE);
    let mut chase =
        Chase::for_person(&d, Role::Hero, MonsterKind::Optimal.strategy()).expect("a chase");
    assert_eq!(chase.review().start, Some(Verdict::HeroEscapes));
    chase.play_turn();
    while chase.awaiting().is_some() {
        chase.play_person(Move::Stay).expect("a legal step");
    }
    let Some(Outcome::Caught { turn, .. }) = chase.outcome() else { panic!("staying is caught") };
    let review = chase.review();
    assert!(review.perfect < review.steps, "{review:?}");
    assert!(review.lost_win.is_some_and(|t| t <= turn), "{review:?}");
}

#[test]
fn a_person_game_ends_at_its_turn_limit_not_by_repetition() {
    let d = dungeon(HALLWAY_ESCAPE);
    let mut chase =
        Chase::for_person(&d, Role::Monster, HeroKind::Rogue.strategy()).expect("a chase");
    assert_eq!(chase.run(), Outcome::TurnLimit { turns: PERSON_LIMIT }, "a silent person stays");
    assert_eq!(chase.check_person(Move::Stay), Err(Illegal::Over));
}

#[cfg(feature = "serde")]
#[test]
fn a_person_game_hashes_where_in_the_turn_it_stands() {
    let d = dungeon(CORNER_TRAP);
    let mut chase = Chase::for_person(&d, Role::Monster, Box::new(Still)).expect("a chase");
    let before = chase.state_hash();
    chase.play_turn();
    assert_ne!(chase.state_hash(), before, "turn 1 began: the monster's step is due");
}

#[test]
fn a_dungeon_too_large_to_solve_quickly_is_played_without_a_verdict() {
    let mut rows = vec![". ".repeat(60); 60];
    rows[2].replace_range(2..4, "@ ");
    rows[50].replace_range(50..52, "Q ");
    let d = dungeon(&format!("60\n{}\n", rows.join("\n")));
    let mut chase = Chase::for_person(&d, Role::Hero, Box::new(Still)).expect("a chase");
    assert_eq!(chase.review().start, None);
    chase.play_turn();
    chase.play_person(Move::Stay).expect("a legal step");
    assert_eq!((chase.review().steps, chase.review().judged), (1, 0));
}
