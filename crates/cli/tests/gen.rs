//! `torchlit gen`, run as a user runs it: the map on stdout, the seed on stderr, pictures
//! with --png, one-line errors.

mod common;

use common::{stderr, stdout, torchlit};

use torchlit_sim::formats::Dungeon;

#[test]
fn rooms_on_stdout_are_a_dungeon_file_and_the_seed_goes_to_stderr() {
    let o = torchlit(&["gen", "rooms", "--seed", "hello"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stderr(&o), "seed: hello\n");
    let d = Dungeon::parse(&o.stdout).expect("a valid dungeon file");
    assert_eq!(d.map.size().width, 30);
    assert_eq!(d.to_text(), stdout(&o));
}

#[test]
fn the_same_seed_makes_the_same_map_for_every_kind() {
    for kind in ["maze", "cave", "caves", "overworld", "level-chain", "rooms"] {
        let a = torchlit(&["gen", kind, "--seed", "same seed"]);
        let b = torchlit(&["gen", kind, "--seed", "same seed"]);
        assert!(a.status.success(), "{kind}: {}", stderr(&a));
        assert_eq!(stdout(&a), stdout(&b), "{kind}");
        assert_eq!(stderr(&a), "seed: \"same seed\"\n");
        let c = torchlit(&["gen", kind, "--seed", "other seed"]);
        assert_ne!(stdout(&a), stdout(&c), "{kind}");
    }
}

#[test]
fn without_a_seed_the_printed_one_makes_the_map_again() {
    let o = torchlit(&["gen", "maze", "--size", "21x11"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let line = stderr(&o);
    let seed = line.trim().strip_prefix("seed: ").expect("a seed line");
    let again = torchlit(&["gen", "maze", "--size", "21x11", "--seed", seed]);
    assert_eq!(stdout(&o), stdout(&again));
}

#[test]
fn sizes_and_options_shape_the_output() {
    let o = torchlit(&["gen", "maze", "--seed", "1", "--size", "15x7", "--difficulty", "hard"]);
    assert_eq!(stdout(&o).lines().map(str::len).collect::<Vec<_>>(), vec![15; 7]);
    let o = torchlit(&["gen", "caves", "--seed", "1", "--size", "20x10", "--depth", "3"]);
    let text = stdout(&o);
    assert_eq!(text.split("\n\n").count(), 3);
    assert_eq!(text.matches('<').count(), text.matches('>').count() + 1, "{text}");
    let o =
        torchlit(&["gen", "overworld", "--seed", "1", "--size", "10", "--regions", "-1,0..0,1"]);
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 20);
    assert!(lines.iter().all(|l| l.chars().count() == 20));
    let o = torchlit(&["gen", "level-chain", "--seed", "1", "--length", "0"]);
    assert!(stdout(&o).contains("spawn") && stdout(&o).contains("boss"));
}

#[test]
fn png_pictures_are_written() {
    let scratch = tempfile::tempdir().expect("a temporary directory");
    let dir = scratch.path();
    for kind in ["maze", "cave", "caves", "overworld", "level-chain", "rooms"] {
        let path = dir.join(format!("{kind}.png"));
        let p = path.to_string_lossy().into_owned();
        let o = torchlit(&["gen", kind, "--seed", "pic", "--png", &p]);
        assert!(o.status.success(), "{kind}: {}", stderr(&o));
        let bytes = std::fs::read(&path).expect("the picture exists");
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{kind}");
    }
}

#[test]
fn bad_input_is_one_line_and_exit_code_2() {
    for args in [
        &["gen", "maze", "--size", "0x5"][..],
        &["gen", "maze", "--size", "100000x5"],
        &["gen", "caves", "--depth", "0"],
        &["gen", "rooms", "--size", "10x12"],
        &["gen", "rooms", "--size", "4"],
        &["gen", "overworld", "--size", "3"],
        &["gen", "overworld", "--regions", "0,0..100,100"],
        &["gen", "maze", "--depth", "3"],
        &["gen", "level-chain", "--size", "10x10"],
        &["gen", "level-chain", "--length", "100000"],
    ] {
        let o = torchlit(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        let lines: Vec<&str> = err.lines().filter(|l| !l.starts_with("seed: ")).collect();
        assert_eq!(lines.len(), 1, "{args:?}: {err}");
        assert!(lines[0].starts_with("torchlit: error: "), "{args:?}: {err}");
    }
}

/// `--size` is two positive integers (or one) within the generators' caps: zero and
/// oversized sizes are refused for every kind, with one line that says why, before
/// anything is generated.
#[test]
fn zero_and_oversized_sizes_are_refused_as_arguments() {
    for kind in ["maze", "cave", "caves", "overworld", "rooms"] {
        for (size, why) in [
            ("0", "has no cells"),
            ("0x5", "has no cells"),
            ("7x0", "has no cells"),
            ("16385x1", "too large"),
            ("10000x10000", "too large"),
        ] {
            let o = torchlit(&["gen", kind, "--seed", "1", "--size", size]);
            assert_eq!(o.status.code(), Some(2), "{kind} --size {size}");
            let err = stderr(&o);
            let lines: Vec<&str> = err.lines().filter(|l| !l.starts_with("seed: ")).collect();
            assert_eq!(lines.len(), 1, "{kind} --size {size}: {err}");
            assert!(lines[0].starts_with("torchlit: error: "), "{err}");
            assert!(lines[0].contains(why) && lines[0].contains("--size"), "{err}");
            assert!(stdout(&o).is_empty(), "{kind} --size {size}: no map");
        }
    }
}

/// `--seed 3` is the number 3 (`Seed(3)`, as every command reads a number), not the text
/// "3" hashed as the procgen seed catalog and example take their seeds.
#[test]
fn a_number_seed_is_that_number_not_the_hashed_text() {
    use torchlit_procgen::{Difficulty, PATH, maze};
    use torchlit_rng::Seed;
    let ascii = |seed: Seed| {
        let m = maze(seed, 21, 11, Difficulty::HARDEST).expect("a maze");
        let mut out = String::new();
        for y in 0..11 {
            let row = m.row(y).expect("a row");
            out.extend(row.iter().map(|&c| if c == PATH { '.' } else { '#' }));
            out.push('\n');
        }
        out
    };
    let o = torchlit(&["gen", "maze", "--seed", "3", "--size", "21x11"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), ascii(Seed(3)));
    assert_ne!(stdout(&o), ascii(Seed::from_text("3")), "the catalog's seed 3 is another");
}
