//! torchlit's fuzz targets: one function per input torchlit accepts from outside.
//!
//! Each target takes arbitrary bytes and panics only on a bug: a parser that panics, a
//! map that does not survive being written back and parsed again, an error whose line and
//! column lie outside the input, a save blob that decodes but does not re-encode to the
//! same state. The same functions run under three drivers:
//!
//! - `fuzz/` (cargo-fuzz, libFuzzer, nightly): coverage-guided fuzzing.
//! - `examples/fuzz.rs` (stable): a seeded byte mutator over the committed corpus,
//!   `cargo run --release -p torchlit-fuzz --example fuzz -- TARGET SECONDS`
//!   (`tools/fuzz.sh` runs every target).
//! - `tests/corpus.rs` (stable, CI): replays every committed corpus file, so a crash once
//!   found stays fixed.
//!
//! Left out: recordings and WebSocket messages (they do not exist yet); the command
//! line's `X,Y` and `--size` parsers live in the binary crate and are not reachable from
//! here (seeds and radii are).

use torchlit_geom::Radius;
use torchlit_map::{AnyMap, AsciiMap, Dungeon, ParseError, UltimaWorld, parse_any};
use torchlit_rng::Seed;
use torchlit_save::Config;
use torchlit_sim::modes::caves::Caves;
use torchlit_sim::modes::overworld::{Player, RegionChanges};

/// A fuzz target: bytes in, a panic on a bug.
pub type Target = fn(&[u8]);

/// Every target by name (the corpus directory of each is `fuzz/corpus/NAME`).
pub const TARGETS: [(&str, Target); 8] = [
    ("world", world),
    ("dungeon", dungeon),
    ("ascii", ascii),
    ("config", config),
    ("caves_save", caves_save),
    ("overworld_player", overworld_player),
    ("overworld_region", overworld_region),
    ("numbers", numbers),
];

/// The target called `name`.
pub fn target(name: &str) -> Option<Target> {
    TARGETS.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// Asserts that a refused input's error points inside it: a line that exists, a column
/// at most one past the end of that line (the place of something missing).
fn check_position(data: &[u8], e: &ParseError) {
    let text = String::from_utf8_lossy(data);
    let lines: Vec<&str> = text.split('\n').collect();
    let line = e.line();
    // Something missing at the end (rows, a token) is reported at column 1 of the line
    // where it was expected, which may be the one after the last (ParseError's rule).
    if line == lines.len() + 1 && e.column() == 1 {
        return;
    }
    assert!(line >= 1 && line <= lines.len().max(1), "{e}: line outside {} lines", lines.len());
    let width = lines.get(line - 1).map_or(0, |l| l.trim_end_matches('\r').chars().count());
    // The column counts characters; a lossily decoded line may count one more per bad byte.
    let longest = lines.get(line - 1).map_or(0, |l| l.chars().count());
    assert!(
        e.column() >= 1 && e.column() <= width.max(longest) + 1,
        "{e}: column past the end of line {line} ({width} characters)"
    );
    assert!(e.to_string().len() < 600, "an error message quotes too much: {e}");
}

/// The Ultima world format: parse; written back it parses to the same world.
pub fn world(data: &[u8]) {
    match UltimaWorld::parse(data) {
        Ok(w) => {
            let again = UltimaWorld::parse(w.to_text().as_bytes());
            assert_eq!(again.as_ref(), Ok(&w), "a parsed world written back parses differently");
        }
        Err(e) => check_position(data, &e),
    }
}

/// The the DM503 Rogue project (University of Southern Denmark, 2010) dungeon format: parse; written back it parses to the same dungeon.
pub fn dungeon(data: &[u8]) {
    match Dungeon::parse(data) {
        Ok(d) => {
            let again = Dungeon::parse(d.to_text().as_bytes());
            assert_eq!(again.as_ref(), Ok(&d), "a parsed dungeon written back parses differently");
        }
        Err(e) => check_position(data, &e),
    }
}

/// Any map through the format detection every command uses; an ASCII map written back
/// parses to the same map.
pub fn ascii(data: &[u8]) {
    match parse_any(data) {
        Ok(AnyMap::Ascii(m)) => {
            let again = AsciiMap::parse(m.to_text().as_bytes());
            assert_eq!(again.as_ref(), Ok(&m), "a parsed map written back parses differently");
        }
        Ok(_) => {}
        Err(e) => check_position(data, &e),
    }
}

/// The config file: parse over the defaults; a refused one names a place inside it and
/// quotes at most a short piece of it.
pub fn config(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let path = std::path::Path::new("fuzz.toml");
    if let Err(e) = Config::parse(text, path) {
        let message = e.to_string();
        assert!(message.len() < 1200, "a config error quotes too much: {message:.300}");
        let lines = text.split('\n').count().max(1);
        if let Some(rest) = message.strip_prefix("fuzz.toml:")
            && let Some((line, _)) = rest.split_once(':')
            && let Ok(line) = line.parse::<usize>()
        {
            assert!(line >= 1 && line <= lines, "{message}: line outside {lines} lines");
        }
    }
}

/// A caves save blob (the whole-game snapshot): decodes or is refused; one that decodes
/// re-encodes to a blob that decodes to the same game.
pub fn caves_save(data: &[u8]) {
    round_trip::<Caves>(data, |a, b| assert_eq!(a.state_hash(), b.state_hash()));
}

/// An overworld player record.
pub fn overworld_player(data: &[u8]) {
    round_trip::<Player>(data, |a, b| assert_eq!(a, b));
}

/// An overworld region record (what changed in a region).
pub fn overworld_region(data: &[u8]) {
    round_trip::<RegionChanges>(data, |a, b| assert_eq!(a, b));
}

fn round_trip<T: serde_decode::Record>(data: &[u8], same: impl Fn(&T, &T)) {
    let Ok(value) = postcard::from_bytes::<T>(data) else { return };
    let Ok(bytes) = postcard::to_allocvec(&value) else {
        panic!("a decoded record does not encode")
    };
    match postcard::from_bytes::<T>(&bytes) {
        Ok(again) => same(&value, &again),
        Err(e) => panic!("a re-encoded record does not decode: {e}"),
    }
}

mod serde_decode {
    /// What a save blob decodes into.
    pub trait Record: serde::de::DeserializeOwned + serde::Serialize {}
    impl<T: serde::de::DeserializeOwned + serde::Serialize> Record for T {}
}

/// The numbers of the command line that are reachable from a library: seeds (any text)
/// and radii (`--radius`).
pub fn numbers(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let seed = Seed::from_input(&text);
    assert_eq!(seed, Seed::from_input(&text), "seeds are a function of their text");
    let trimmed = text.trim();
    if !trimmed.is_empty()
        && trimmed.bytes().all(|b| b.is_ascii_digit())
        && let Ok(number) = trimmed.parse::<u64>()
    {
        assert_eq!(seed, Seed(number), "a number is its own seed");
    }
    if let Ok(r) = text.trim().parse::<f64>()
        && let Ok(radius) = Radius::new(r)
    {
        assert!(radius.get().is_finite() && radius.reach() >= 0, "{r} gave {radius:?}");
    }
}
