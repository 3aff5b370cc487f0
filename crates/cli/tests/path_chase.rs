//! `distances`, `path` and `chase`, run as a user runs them.

mod common;

use common::{data, stderr, stdout, torchlit};

#[test]
fn distances_prints_a_grid_of_integers() {
    let o = torchlit(&["distances", &data("dungeons/corner.txt"), "--from", "4,3", "--moves", "8"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let rows: Vec<Vec<i64>> = out
        .lines()
        .map(|l| l.split(' ').map(|t| t.parse().expect("an integer")).collect())
        .collect();
    assert_eq!(rows.len(), 10);
    assert!(rows.iter().all(|r| r.len() == 10));
    assert_eq!(rows[3][4], 0, "the source");
    assert_eq!(rows[0][0], -1, "a wall");
    assert_eq!(rows[8][8], 5, "Chebyshev steps across the room");
    // 4-way counts Manhattan steps; costs scale them.
    let corner = data("dungeons/corner.txt");
    let o = torchlit(&["distances", &corner, "--from", "4,3", "--moves", "4", "--costs", "10,14"]);
    let out = stdout(&o);
    let row8: Vec<&str> = out.lines().nth(8).expect("row 8").split(' ').collect();
    assert_eq!(row8[8], "90");
    // On a dungeon file the default is the seed's rule (8-way in its room).
    let o = torchlit(&["distances", &corner, "--from", "4,3", "--costs", "10,14"]);
    let out = stdout(&o);
    let row8: Vec<&str> = out.lines().nth(8).expect("row 8").split(' ').collect();
    assert_eq!(row8[8], "66", "four diagonal steps and one straight");
}

#[test]
fn path_defaults_to_the_rooms_rule_on_dungeons_only() {
    // loop.txt: the room may step diagonally onto the hallway (1, 4); the hallway may
    // not step back diagonally.
    let o = torchlit(&["path", &data("dungeons/loop.txt"), "--from", "1,4", "--to", "2,3"]);
    assert_eq!(stdout(&o).lines().next(), Some("2"));
    let o = torchlit(&["path", &data("dungeons/loop.txt"), "--from", "2,3", "--to", "1,4"]);
    assert_eq!(stdout(&o).lines().next(), Some("1"));
}

#[test]
fn rooms_moves_follow_seed_003() {
    // loop.txt: the hallway (1, 4) is entered diagonally from the room (2, 3), not left
    // that way.
    let from_room = torchlit(&[
        "path",
        &data("dungeons/loop.txt"),
        "--from",
        "2,3",
        "--to",
        "1,4",
        "--moves",
        "rooms",
    ]);
    assert_eq!(stdout(&from_room), "1\n2,3 1,4\n");
    let from_hall = torchlit(&[
        "path",
        &data("dungeons/loop.txt"),
        "--from",
        "1,4",
        "--to",
        "2,3",
        "--moves",
        "rooms",
    ]);
    assert_eq!(stdout(&from_hall).lines().next(), Some("2"));
    let eight = torchlit(&[
        "path",
        &data("dungeons/loop.txt"),
        "--from",
        "1,4",
        "--to",
        "2,3",
        "--moves",
        "8",
    ]);
    assert_eq!(stdout(&eight), "1\n1,4 2,3\n");
}

#[test]
fn path_prints_cost_then_cells_or_minus_one() {
    let o = torchlit(&[
        "path",
        &data("dungeons/two_rooms.txt"),
        "--from",
        "2,2",
        "--to",
        "13,4",
        "--moves",
        "rooms",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let mut lines = out.lines();
    let cost: usize = lines.next().expect("a cost").parse().expect("an integer");
    let cells: Vec<&str> = lines.next().expect("the cells").split(' ').collect();
    assert_eq!(cells.len(), cost + 1, "unit costs: one cell more than the cost");
    assert_eq!((cells[0], cells[cells.len() - 1]), ("2,2", "13,4"));
    let o = torchlit(&["path", &data("dungeons/corner.txt"), "--from", "1,1", "--to", "0,0"]);
    assert_eq!(stdout(&o), "-1\n");
}

#[test]
fn chase_prints_turns_and_the_outcome() {
    let o = torchlit(&["chase", &data("dungeons/corner_trap.txt")]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("turn 1: monster B 2,5 -> 3,4; hero @ 4,3 -> "), "{out}");
    assert_eq!(out.lines().last(), Some("caught at turn 4"));

    let o = torchlit(&["chase", &data("dungeons/potion_field.txt"), "--hero", "speedy"]);
    let out = stdout(&o);
    assert!(out.lines().next().is_some_and(|l| l.contains("drinks a potion")), "{out}");
    assert!(out.lines().last().is_some_and(|l| l.starts_with("the hero escapes")), "{out}");

    let o = torchlit(&["chase", &data("dungeons/hallway_escape.txt"), "--max-turns", "3"]);
    assert_eq!(stdout(&o).lines().last(), Some("the hero survived 3 turns (the turn limit rule)"));
}

fn example(name: &str) -> String {
    format!("{}/../../examples/chase/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn solve_prints_the_verdict_and_the_map() {
    let o = torchlit(&["chase", &data("dungeons/two_rooms.txt"), "--solve"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("the hero escapes forever with perfect play\n"));
    let o = torchlit(&["chase", &data("dungeons/monster_east.txt"), "--solve", "--map"]);
    let out = stdout(&o);
    assert!(
        out.starts_with("the monster wins with perfect play: it catches the hero in turn 4\n"),
        "{out}"
    );
    let rows: Vec<&str> = out.lines().skip(1).take(10).collect();
    // Row 4: the monster two cells west of the hero wins; at the hallway it does not.
    assert_eq!(rows[4], "W W W @ W W   E", "{out}");
    assert!(rows[0].chars().all(|c| c == 'E' || c == ' '), "{out}");
}

#[test]
fn the_rogue_script_plays_the_same_games_as_the_rogue() {
    for name in [
        "corner_trap",
        "hallway_escape",
        "monster_choice",
        "monster_east",
        "hero_choice",
        "potion",
        "potion_field",
        "two_rooms",
        "corner",
        "loop",
    ] {
        let d = data(&format!("dungeons/{name}.txt"));
        let built_in = torchlit(&["chase", &d, "--hero", "rogue", "--max-turns", "60"]);
        let script =
            torchlit(&["chase", &d, "--hero", &example("rogue.rhai"), "--max-turns", "60"]);
        assert!(script.status.success(), "{}", stderr(&script));
        let (a, b) = (stdout(&built_in), stdout(&script));
        // Turn by turn the same; only the rule ending an endless chase differs (a script
        // keeps state, so only the turn limit ends it).
        let turns = |s: &str| s.lines().filter(|l| l.starts_with("turn ")).count();
        let (ta, tb) = (turns(&a), turns(&b));
        assert!(a.lines().take(ta.min(tb)).eq(b.lines().take(ta.min(tb))), "{name}:\n{a}\n{b}");
        if a.contains("caught") {
            assert_eq!(a, b, "{name}");
        } else {
            assert!(b.ends_with("the hero survived 60 turns (the turn limit rule)\n"), "{b}");
        }
    }
}

#[test]
fn scripts_play_in_tournaments() {
    let o = torchlit(&[
        "chase",
        "--tournament",
        "--generate",
        "12",
        "--seed",
        "script-test",
        "--max-turns",
        "80",
        "--hero",
        &format!("rogue,{},{}", example("rogue.rhai"), example("potions.rhai")),
        "--monster",
        "monster",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let cols = |hero: &str| -> Vec<String> {
        let line = out.lines().find(|l| l.starts_with(hero)).expect("a row");
        line.split_whitespace().map(str::to_owned).collect()
    };
    // hero monster games escapes survived caught mean converts
    let (built_in, script) = (cols("Rogue "), cols("rogue "));
    assert_eq!(built_in[5], script[5], "caught alike:\n{out}");
    assert_eq!(built_in[3], script[4], "the Rogue's escapes are the script's survivals");
    assert_eq!(built_in[6], script[6], "the same capture turns");
    assert!(cols("potions ")[2] == "12", "{out}");
}

#[test]
fn chase_input_errors_point_at_the_cause() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let two = dir.path().join("two.txt");
    std::fs::write(&two, "3\n@ A . \n. . . \n. B . \n").expect("written");
    let o = torchlit(&["chase", two.to_str().expect("utf-8")]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("two.txt:4:3: expected exactly one monster"), "{}", stderr(&o));
    let none = dir.path().join("none.txt");
    std::fs::write(&none, "2\n@ . \n. . \n").expect("written");
    let o = torchlit(&["chase", none.to_str().expect("utf-8"), "--solve"]);
    assert!(stderr(&o).contains("none.txt:1:1: expected exactly one monster"), "{}", stderr(&o));

    let o = torchlit(&["chase", "--tournament", "--generate", "1000000000"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("at most 1000000 dungeons"), "{}", stderr(&o));

    let o = torchlit(&["chase", &data("dungeons/corner.txt"), "--hero", "SpeedyRogue"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = torchlit(&["chase", &data("dungeons/corner.txt"), "--monster", "OPTIMAL"]);
    assert!(o.status.success(), "{}", stderr(&o));

    let bad = dir.path().join("bad.rhai");
    std::fs::write(&bad, "fn choose(game) {\n  game.nothing()\n}\n").expect("written");
    let o = torchlit(&["chase", &data("dungeons/corner.txt"), "--hero", bad.to_str().expect("p")]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("bad.rhai:2:") && stderr(&o).contains("turn 1"), "{}", stderr(&o));
}

#[test]
fn a_tournament_prints_a_table_per_strategy_pair() {
    let o = torchlit(&["chase", "--tournament", &data("dungeons")]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let row = |hero: &str| out.lines().find(|l| l.starts_with(hero)).map(str::to_owned);
    let rogue = row("Rogue ").expect("a Rogue row");
    let speedy = row("SpeedyRogue ").expect("a SpeedyRogue row");
    let cols = |l: &str| l.split_whitespace().map(str::to_owned).collect::<Vec<_>>();
    // hero monster games escapes survived caught mean converts
    assert_eq!(cols(&rogue)[1], "Monster");
    assert_eq!(cols(&rogue)[2], "10");
    assert!(
        cols(&speedy)[3].parse::<u32>().expect("escapes")
            > cols(&rogue)[3].parse::<u32>().expect("escapes")
    );
    let o = torchlit(&[
        "chase",
        "--tournament",
        "--generate",
        "6",
        "--seed",
        "test",
        "--hero",
        "rogue",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("6 dungeons, 2 strategy pairs"), "{}", stdout(&o));
}

#[test]
fn bad_input_is_one_clear_line_and_exit_2() {
    let o = torchlit(&["distances", &data("dungeons/corner.txt"), "--from", "10,0"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("outside the 10x10 map"), "{}", stderr(&o));
    let o =
        torchlit(&["distances", &data("dungeons/corner.txt"), "--from", "1,1", "--costs", "0,1"]);
    assert_eq!(o.status.code(), Some(2));
    let o = torchlit(&["distances", &data("dungeons/corner.txt"), "--from", "1,1", "--moves", "6"]);
    assert_eq!(o.status.code(), Some(2));
    let o = torchlit(&["chase", &data("ultima/10x5.txt")]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stderr(&o).lines().count(), 1, "{}", stderr(&o));
    let o = torchlit(&["chase", &data("dungeons/corner.txt"), "--hero", "wizard"]);
    assert_eq!(o.status.code(), Some(2));
    let o = torchlit(&["chase", "--tournament", &data("nothing-here")]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot read"), "{}", stderr(&o));
    for cmd in [&["distances", "--help"][..], &["path", "--help"], &["chase", "--help"]] {
        let o = torchlit(cmd);
        assert!(o.status.success() && stdout(&o).contains("Usage"), "{cmd:?}");
    }
}
