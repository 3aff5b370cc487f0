//! `torchlit replay --verify` over the committed catalog, its errors, and `recordings`.

mod common;

use common::{data, stderr, stdout, torchlit};

#[test]
fn every_catalog_recording_verifies_to_its_pinned_line() {
    let catalog = std::fs::read_to_string(data("recordings/catalog.txt")).expect("catalog");
    for line in catalog.lines() {
        let f: Vec<&str> = line.split(' ').collect();
        let [file, mode, outcome, turns, steps, hash] = f[..] else { panic!("{line}") };
        let o = torchlit(&["replay", "--verify", &data(&format!("recordings/{file}"))]);
        assert!(o.status.success(), "{file}: {}", stderr(&o));
        let out = stdout(&o);
        assert_eq!(out.lines().count(), 1, "{out}");
        // Chases and ultima walks are named by their dungeon or world, the rest by seed.
        let start = match mode {
            "chase" => "dungeon",
            "ultima" => "world",
            _ => "seed",
        };
        assert!(out.starts_with(&format!("{mode} {start} ")), "{out}");
        let unit = match mode {
            "maze" => "tick",
            "overworld" => "move",
            _ => "turn",
        };
        let says = format!(": {outcome} at {unit} {turns} ({steps} steps), final hash {hash}, ");
        assert!(out.contains(&says), "{out} lacks {says}");
    }
}

#[test]
fn bad_recordings_are_one_line_and_exit_2() {
    let dir = tempfile::tempdir().expect("a scratch directory");
    let good = std::fs::read(data("recordings/caves-short.tlrec")).expect("a recording");
    let cases: [(&str, Vec<u8>, &str); 3] = [
        ("foreign.tlrec", b"GIF89a not a recording".to_vec(), "not a torchlit recording"),
        ("cut.tlrec", good[..good.len() - 9].to_vec(), "damaged recording"),
        ("newer.tlrec", [&good[..8], &[9, 0], &good[10..]].concat(), "newer than this torchlit"),
    ];
    for (name, bytes, says) in cases {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).expect("written");
        let o = torchlit(&["replay", "--verify", &path.to_string_lossy()]);
        assert_eq!(o.status.code(), Some(2), "{name}");
        let err = stderr(&o);
        assert!(err.contains(says) && err.lines().count() == 1, "{name}: {err}");
    }
    // A missing file and a directory: named once, said once.
    let missing = dir.path().join("missing.tlrec");
    let o = torchlit(&["replay", "--verify", &missing.to_string_lossy()]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert_eq!(err.matches("missing.tlrec").count(), 1, "{err}");
    assert_eq!(err.matches("No such file").count(), 1, "{err}");
    let o = torchlit(&["replay", "--verify", &dir.path().to_string_lossy()]);
    let err = stderr(&o);
    assert!(err.trim_end().ends_with(": a directory, not a recording file"), "{err}");
}

#[test]
fn recordings_lists_the_data_dir() {
    let dir = tempfile::tempdir().expect("a scratch directory");
    let dd = dir.path().to_string_lossy().into_owned();
    let o = torchlit(&["--data-dir", &dd, "recordings"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("No recordings"), "{}", stdout(&o));
    let recs = dir.path().join("recordings");
    std::fs::create_dir_all(&recs).expect("made");
    for name in ["maze-win.tlrec", "chase-caught.tlrec"] {
        std::fs::copy(data(&format!("recordings/{name}")), recs.join(name)).expect("copied");
    }
    std::fs::write(recs.join("broken.tlrec"), b"junk").expect("written");
    let o = torchlit(&["--data-dir", &dd, "recordings"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 4, "{out}");
    // A maze's length is every tick in the file (1084; its clock says 1080).
    assert!(out.contains("maze") && out.contains("won") && out.contains("1084 ticks"), "{out}");
    assert!(out.contains("chase") && out.contains("caught") && out.contains("2025-11-24"), "{out}");
    assert!(out.contains("chase     corner_trap "), "the dungeon's name, not seed 0: {out}");
    assert!(out.contains("broken.tlrec: not a torchlit recording"), "{out}");
}
