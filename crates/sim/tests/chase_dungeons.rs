//! The chase's generated dungeons for the first 20 seeds, pinned in
//! `tests/chase_dungeons_catalog.txt` (a hash of the dungeon file and a few counts), so
//! that any change to them is deliberate. These are the lines `torchlit-procgen`'s seed
//! catalog pinned while its rooms generator still placed the hero, the monster and the
//! potion: the same seeds still give the same dungeons.
//!
//! After a deliberate change, regenerate the catalog and commit it with the change:
//!
//! ```sh
//! UPDATE_CHASE_CATALOG=1 cargo test -p torchlit-sim --test chase_dungeons
//! ```

use std::fmt::Write as _;

use torchlit_rng::Seed;
use torchlit_sim::modes::chase::generate_with_rooms;
use torchlit_sim::terrain::Tile;

/// FNV-1a, 64 bits: the hash the procgen seed catalog uses.
fn fnv(bytes: impl IntoIterator<Item = u8>) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

fn catalog() -> String {
    let mut out = String::new();
    for i in 0..20 {
        let (d, rooms) = generate_with_rooms(Seed::from_text(&i.to_string()), 30).expect("valid");
        let hallways = d.map.iter().filter(|(_, t)| *t == Tile::Hallway).count();
        let _ = writeln!(
            out,
            "rooms 30 seed={i} hash={:016x} rooms={} hallway={hallways} hero={} monster={}@{}",
            fnv(d.to_text().into_bytes()),
            rooms.len(),
            d.hero,
            d.monsters[0].glyph,
            d.monsters[0].at,
        );
    }
    out
}

/// The committed catalog, compiled in (the sim crate does no file I/O, its tests neither).
const COMMITTED: &str = include_str!("chase_dungeons_catalog.txt");

#[test]
fn generated_dungeons_match_the_catalog() {
    let committed = COMMITTED.replace("\r\n", "\n");
    let now = catalog();
    if std::env::var_os("UPDATE_CHASE_CATALOG").is_some_and(|v| v == "1") {
        update(&committed, &now);
        return;
    }
    let pinned: Vec<&str> = committed.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(pinned.len(), 20, "the catalog pins 20 dungeons");
    for (a, b) in pinned.iter().zip(now.lines()) {
        assert_eq!(*a, b, "a generated dungeon changed; if deliberate, run UPDATE_CHASE_CATALOG=1");
    }
}

/// Writes `now` under the committed header (the one file write of these tests).
#[expect(clippy::disallowed_methods, reason = "regenerating the catalog is the one write")]
fn update(committed: &str, now: &str) {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/chase_dungeons_catalog.txt");
    let header: String =
        committed.lines().filter(|l| l.starts_with('#')).map(|l| format!("{l}\n")).collect();
    std::fs::write(path, header + now).expect("write the catalog");
}
