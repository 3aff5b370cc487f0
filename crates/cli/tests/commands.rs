//! The stable command line, run as a user runs it.

mod common;

use common::{data, stderr, stdout, torchlit};

#[test]
fn light_prints_the_seed_line() {
    let o = torchlit(&["light", &data("ultima/10x5.txt")]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "light(3, 1, 4.0) = 23\n");
    let o = torchlit(&["light", &data("ultima/30x20.txt")]);
    assert_eq!(stdout(&o), "light(11, 10, 4.0) = 42\n");
    let o = torchlit(&["light", &data("ultima/10x5.txt"), "--at", "3,1", "--radius", "2.5"]);
    assert_eq!(stdout(&o), "light(3, 1, 2.5) = 13\n");
}

#[test]
fn light_outside_the_world_names_its_size() {
    let o = torchlit(&["light", &data("ultima/10x5.txt"), "--at", "10,2"]);
    assert!(!o.status.success());
    assert!(stdout(&o).is_empty(), "no `= 0` line: {}", stdout(&o));
    assert!(stderr(&o).contains("outside the world, which is 10x5"), "{}", stderr(&o));
    // A negative coordinate reaches the same check (not clap's "unexpected argument").
    let o = torchlit(&["light", &data("ultima/10x5.txt"), "--at", "-1,0"]);
    assert!(stderr(&o).contains("outside the world, which is 10x5"), "{}", stderr(&o));
    let o = torchlit(&["light", &data("ultima/30x20.txt"), "--at", "3,4"]);
    assert_eq!(stdout(&o), "light(3, 4, 4.0) = 45\n", "the README's explanation");
}

#[test]
fn demo_prints_the_seed_test_programs() {
    let o = torchlit(&["demo", "avatar"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), torchlit_sim::modes::ultima::avatar_demo());
    assert_eq!(
        stdout(&o),
        "5 5 4.0\n1 4 4.0\n1 4 4.5\n1 4 4.0\n1 4 3.5\n1 4 3.0\n1 4 2.5\n1 4 2.0\n1 4 2.0\n"
    );
    let o = torchlit(&["demo", "tiles"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), torchlit_sim::modes::ultima::tile_demo());
    assert_eq!(stdout(&o).lines().count(), 14);
    assert!(stdout(&o).starts_with("0 0 : lit true\topaque false\tpassable true\n"));
}

#[test]
fn fov_prints_a_grid_for_every_format() {
    let o = torchlit(&["fov", &data("ultima/10x5.txt"), "--from", "3,3", "--radius", "4"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "0011100000\n0011100000\n0011111000\n0011110000\n0111111000\n");
    for (file, from) in [("dungeons/corner.txt", "3,3"), ("dungeons/loop.txt", "2,2")] {
        let o = torchlit(&["fov", &data(file), "--from", from, "--algorithm", "raycast"]);
        assert!(o.status.success(), "{file}: {}", stderr(&o));
        let out = stdout(&o);
        assert_eq!(out.lines().count(), 10, "{file}");
        assert!(out.lines().all(|l| l.len() == 10 && l.chars().all(|c| c == '0' || c == '1')));
    }
    let torch = torchlit(&[
        "fov",
        &data("ultima/10x5.txt"),
        "--from",
        "3,3",
        "--radius",
        "4",
        "--algorithm",
        "torch",
        "--light-walls",
        "false",
    ]);
    let lit: usize = stdout(&torch).chars().filter(|&c| c == '1').count();
    assert_eq!(lit, 23 - 8, "the torch's 23 tiles less its 8 opaque ones");
}

#[test]
fn fov_accepts_every_libtcod_algorithm() {
    let names = ["basic", "diamond", "shadow", "restrictive", "symmetric", "torch", "raycast"];
    let permissive: Vec<String> = (0..=8).map(|n| format!("permissive-{n}")).collect();
    for name in names.iter().copied().chain(permissive.iter().map(String::as_str)) {
        for light_walls in ["true", "false"] {
            let o = torchlit(&[
                "fov",
                &data("dungeons/corner.txt"),
                "--from",
                "3,3",
                "--radius",
                "5",
                "--algorithm",
                name,
                "--light-walls",
                light_walls,
            ]);
            assert!(o.status.success(), "{name}: {}", stderr(&o));
            let out = stdout(&o);
            assert_eq!(out.lines().count(), 10, "{name}");
            assert_eq!(out.lines().nth(3).and_then(|l| l.chars().nth(3)), Some('1'), "{name}");
        }
    }
    let o = torchlit(&["fov", &data("dungeons/corner.txt"), "--from", "3,3", "--algorithm", "x"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("permissive-0"), "{}", stderr(&o));
}

#[test]
fn line_prints_libtcod_cells() {
    let o = torchlit(&["line", "0,0", "4,2"]);
    assert_eq!(stdout(&o), "0,0 1,0 2,1 3,1 4,2\n");
    let o = torchlit(&["line", "4,2", "0,0"]);
    assert_eq!(stdout(&o), "4,2 3,2 2,1 1,1 0,0\n");
    let o = torchlit(&["line", "-3,2", "-3,2"]);
    assert_eq!(stdout(&o), "-3,2\n");
}

#[test]
fn bad_input_is_one_clear_line_and_exit_2() {
    let scratch = tempfile::tempdir().expect("a temporary directory");
    let dir = scratch.path();
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "10 5\n3 1\nW W X\n").expect("write");
    let o = torchlit(&["light", &bad.to_string_lossy()]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("bad.txt:3:5: unknown code \"X\""), "{err}");

    let o = torchlit(&["light", &dir.join("missing.txt").to_string_lossy()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot read"), "{}", stderr(&o));

    let o = torchlit(&["fov", &data("ultima/10x5.txt"), "--from", "10,0"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("outside the 10x5 map"), "{}", stderr(&o));

    let o = torchlit(&["fov", &data("ultima/10x5.txt"), "--from", "1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("expected X,Y"), "{}", stderr(&o));

    let o = torchlit(&["light", &data("ultima/10x5.txt"), "--radius", "-1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("radius"), "{}", stderr(&o));

    let o = torchlit(&["fov", &data("ultima/10x5.txt"), "--from", "1,1", "--algorithm", "magic"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn every_command_has_help() {
    for cmd in [
        &["--help"][..],
        &["play", "--help"],
        &["light", "--help"],
        &["fov", "--help"],
        &["line", "--help"],
    ] {
        let o = torchlit(cmd);
        assert!(o.status.success(), "{cmd:?}");
        assert!(stdout(&o).contains("Usage"), "{cmd:?}");
    }
}

#[test]
fn bench_play_prints_the_same_table_twice_and_one_json_line() {
    let args = ["bench-play", "chase", "--seeds", "3..9"];
    let o = torchlit(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let table = stdout(&o);
    assert!(table.starts_with("bench-play chase: seeds 3..9, rules default\n"), "{table}");
    assert!(table.contains("  runs          6\n"), "{table}");
    assert_eq!(stdout(&torchlit(&args)), table, "deterministic, byte for byte");
    let o = torchlit(&["bench-play", "ultima", "--runs", "2", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let line = stdout(&o);
    assert_eq!(line.lines().count(), 1, "{line}");
    let v: serde_json::Value = serde_json::from_str(&line).expect("JSON");
    assert_eq!(v["runs"], 2);
    assert_eq!(v["wins"].as_u64().map(|w| w <= 2), Some(true));
    assert!(v["signals"]["cells_seen"]["mean"].as_f64().is_some_and(|c| c > 0.0), "{line}");
    let o = torchlit(&["bench-play", "caves", "--runs", "5", "--seeds", "0..3"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("--runs 5"), "{}", stderr(&o));
}
