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
    let o =
        torchlit(&["distances", &data("dungeons/corner.txt"), "--from", "4,3", "--costs", "10,14"]);
    let out = stdout(&o);
    let row8: Vec<&str> = out.lines().nth(8).expect("row 8").split(' ').collect();
    assert_eq!(row8[8], "90");
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
    assert_eq!(stdout(&o).lines().last(), Some("no capture after 3 turns (the turn limit)"));
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
    // hero monster games escapes caught limit mean
    assert_eq!(cols(&rogue)[1], "Monster");
    assert_eq!(cols(&rogue)[2], "9");
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
    assert!(stdout(&o).contains("6 dungeons, 1 strategy pair"), "{}", stdout(&o));
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
