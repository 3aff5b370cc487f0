//! Pinned bot games, one handful per mode: the outcome, the time and the final state
//! hash. A rules change that alters how these games go shows up here, in review; update
//! the pins together with the README's "Balance" tables.

use torchlit_bots::{Ending, Report};
use torchlit_sim::formats::UltimaWorld;
use torchlit_sim::modes::caves::Rules;
use torchlit_sim::modes::chase::HeroKind;
use torchlit_sim::modes::maze::{MazeConfig, Seed};

/// (seed, ending, time, hash) of a report.
fn pin(r: &Report) -> (u64, String, u64, u64) {
    let ending = match &r.ending {
        Ending::Died(c) => format!("died: {c}"),
        Ending::Quit(c) => format!("quit: {c}"),
        other => other.name().to_string(),
    };
    (r.seed, ending, r.time, r.hash)
}

fn pins(reports: &[Report]) -> Vec<(u64, String, u64, u64)> {
    reports.iter().map(pin).collect()
}

fn owned(expected: &[(u64, &str, u64, u64)]) -> Vec<(u64, String, u64, u64)> {
    expected.iter().map(|&(s, e, t, h)| (s, e.to_string(), t, h)).collect()
}

#[test]
fn caves_games_are_pinned() {
    let reports: Vec<Report> = [2, 9]
        .into_iter()
        .map(|s| torchlit_bots::caves::play(s, Rules::default()).expect("caves build"))
        .collect();
    // Made again when the default game got the stairs, bats and arrival rules (caves
    // rules format 3): seed 9's bot now wins in 1677 turns (894 before).
    let expected =
        [(2, "died: zombie", 396, 15876394447788086755), (9, "won", 1677, 1198760009234147620)];
    assert_eq!(pins(&reports), owned(&expected));
}

#[test]
fn maze_games_are_pinned() {
    let reports: Vec<Report> = [7]
        .into_iter()
        .map(|s| torchlit_bots::maze::play(MazeConfig::generated(Seed(s), 2)).expect("maze builds"))
        .collect();
    assert_eq!(pins(&reports), owned(&[(7, "won", 1209, 17656281546116468430)]));
}

#[test]
fn overworld_games_are_pinned() {
    let reports: Vec<Report> = [1, 2]
        .into_iter()
        .map(|s| {
            torchlit_bots::overworld::play(s, torchlit_sim::modes::overworld::Rules::original())
                .expect("world builds")
        })
        .collect();
    let expected = [(1, "won", 1000, 10091937121939948787), (2, "won", 1000, 2739627195612086196)];
    assert_eq!(pins(&reports), owned(&expected));
}

#[test]
fn ultima_walks_are_pinned() {
    let world = UltimaWorld::parse(torchlit_testkit::WORLD_30X20.as_bytes()).expect("sample");
    let reports: Vec<Report> =
        [1, 2].into_iter().map(|s| torchlit_bots::ultima::play(world.clone(), s)).collect();
    let expected = [(1, "won", 1000, 161314848480690192), (2, "won", 1000, 162694735572500493)];
    assert_eq!(pins(&reports), owned(&expected));
}

#[test]
fn chase_games_are_pinned() {
    let reports: Vec<Report> = [1, 2, 3]
        .into_iter()
        .map(|s| torchlit_bots::chase::play(s, HeroKind::Rogue).expect("dungeon"))
        .collect();
    let expected = [
        (1, "died: monster", 22, 1586111523829514247),
        (2, "died: monster", 24, 1730508229831819281),
        (3, "died: monster", 19, 1373597899233951747),
    ];
    assert_eq!(pins(&reports), owned(&expected));
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let a = torchlit_bots::caves::play(2, Rules::original()).expect("caves build");
    let b = torchlit_bots::caves::play(2, Rules::original()).expect("caves build");
    assert_eq!(a, b);
    assert_ne!(a, torchlit_bots::caves::play(2, Rules::default()).expect("caves build"));
}
