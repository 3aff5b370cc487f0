//! The solved chase: the solver's verdicts are what perfect play achieves. The optimal
//! hero escapes wherever the solver says escape is possible, whatever the monster does;
//! the optimal monster catches it everywhere else, whatever the hero does, in the turns
//! the solver counted against the optimal hero.

mod chase_support;

use chase_support::first_step;
use torchlit_geom::{Direction, Point};
use torchlit_rng::Seed;
use torchlit_sim::Turn;
use torchlit_sim::formats::Dungeon;
use torchlit_sim::modes::chase::{
    BUNDLED, Chase, HeroKind, Monster, MonsterKind, OptimalHero, Outcome, Role, Strategy, Verdict,
    generate, solve,
};

fn dungeon(text: &str) -> Dungeon {
    Dungeon::parse_chase(text.as_bytes()).expect("the test dungeon parses")
}

fn play(d: &Dungeon, hero: Box<dyn Strategy>, monster: Box<dyn Strategy>) -> Outcome {
    Chase::new(d, hero, monster).expect("one monster").run()
}

/// The start verdict, then checks every pairing against it.
fn check(name: &str, d: &Dungeon) -> Verdict {
    let solution = solve(d).expect("solvable");
    let verdict = solution.verdict(d.hero, d.monsters[0].at).expect("open cells");
    let chase = Chase::new(d, HeroKind::Rogue.strategy(), MonsterKind::Monster.strategy());
    let board = chase.expect("one monster");
    assert_eq!(solution.verdict_of(board.board(), Role::Monster, 0), Some(verdict), "{name}");
    match verdict {
        Verdict::HeroEscapes => {
            for monster in MonsterKind::ALL {
                let o = play(d, HeroKind::Optimal.strategy(), monster.strategy());
                assert!(
                    matches!(o, Outcome::Escaped { .. }),
                    "{name}: the optimal hero escapes the {monster:?}: {o}"
                );
            }
        }
        Verdict::MonsterWins { turns } => {
            let o = play(d, HeroKind::Optimal.strategy(), MonsterKind::Optimal.strategy());
            assert!(
                matches!(o, Outcome::Caught { turn, .. } if turn == Turn(turns)),
                "{name}: perfect play catches at turn {turns}: {o}"
            );
            for hero in HeroKind::ALL {
                let o = play(d, hero.strategy(), MonsterKind::Optimal.strategy());
                assert!(
                    matches!(o, Outcome::Caught { turn, .. } if turn.0 <= turns),
                    "{name}: the optimal monster catches the {hero:?} by turn {turns}: {o}"
                );
            }
        }
    }
    verdict
}

#[test]
fn the_optimal_strategies_achieve_the_verdict_on_every_bundled_dungeon() {
    let mut verdicts = Vec::new();
    for (name, text) in BUNDLED {
        verdicts.push((name, check(name, &dungeon(text))));
    }
    let escapes: Vec<&str> =
        verdicts.iter().filter(|(_, v)| !v.monster_wins()).map(|(n, _)| *n).collect();
    // The seed's texts: the hallway, the potion and the corridor (hero_choice) save the
    // hero, the monster's NE (monster_choice) and E (monster_east) catch it; the Rogue's
    // two_rooms corner does not have to be its end.
    assert_eq!(
        escapes,
        vec!["hallway_escape", "potion_field", "hero_choice", "potion", "two_rooms"]
    );
}

#[test]
fn the_optimal_strategies_achieve_the_verdict_on_generated_dungeons() {
    let seed = Seed::from_text("chase-solve-test");
    let (mut won, mut escaped) = (0, 0);
    for i in 0..24 {
        let d = generate(seed.derive("dungeon", &[i]), 20).expect("generates");
        match check(&format!("generated {i}"), &d) {
            Verdict::MonsterWins { .. } => won += 1,
            Verdict::HeroEscapes => escaped += 1,
        }
    }
    assert!(won > 0 && escaped > 0, "both verdicts occur: {won} won, {escaped} escaped");
}

#[test]
fn the_monster_is_sure_to_catch_only_by_stepping_east() {
    // Seed 003, second figure (right): the monster C is two cells west of the hero in a
    // room with a hallway loop; only E keeps the hero from both ends of the loop.
    let d = dungeon(BUNDLED[4].1);
    let solution = solve(&d).expect("solvable");
    let chase = Chase::new(&d, Box::new(OptimalHero), Box::new(Monster)).expect("valid");
    let options = solution.options(chase.board(), Role::Monster, 0).expect("this board");
    let at = d.monsters[0].at;
    let verdict = |dir: Direction| {
        options.iter().find(|(p, _)| *p == at + dir.offset()).map(|(_, v)| *v).expect("legal")
    };
    assert!(verdict(Direction::East).monster_wins());
    assert_eq!(verdict(Direction::NorthEast), Verdict::HeroEscapes);
    assert_eq!(verdict(Direction::SouthEast), Verdict::HeroEscapes);
    // Played out: after NE or SE the optimal hero escapes, after E it is caught.
    for (first, escapes) in
        [(Direction::NorthEast, true), (Direction::SouthEast, true), (Direction::East, false)]
    {
        let o = play(&d, Box::new(OptimalHero), first_step(first, Monster));
        assert_eq!(o.hero_escaped(), escapes, "first step {first:?}: {o}");
    }
    // The seed's monster steps E on its own: Euclid breaks the tie.
    assert!(matches!(
        play(&d, HeroKind::Optimal.strategy(), Box::new(Monster)),
        Outcome::Caught { .. }
    ));
    assert_eq!(d.monsters[0].glyph, 'C');
    assert_eq!(d.hero, Point::new(3, 4));
}

#[test]
fn the_map_of_verdicts_covers_every_monster_cell() {
    let d = dungeon(BUNDLED[6].1); // loop: a room with a hallway loop around it
    let solution = solve(&d).expect("solvable");
    let mut kinds = [0, 0];
    for &p in solution.cells() {
        if p == d.hero {
            continue;
        }
        match solution.verdict(d.hero, p).expect("open") {
            Verdict::MonsterWins { .. } => kinds[0] += 1,
            Verdict::HeroEscapes => kinds[1] += 1,
        }
    }
    assert!(kinds[0] > 0 && kinds[1] > 0, "{kinds:?}");
}
