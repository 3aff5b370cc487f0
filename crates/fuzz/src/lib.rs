//! torchlit's fuzz targets: one function per input torchlit accepts from outside.
//!
//! Each target takes arbitrary bytes and panics only on a bug: a parser that panics, a
//! map that does not survive being written back and parsed again, an error whose line and
//! column lie outside the input, a save blob that decodes but does not re-encode to the
//! same state. The same functions run under three drivers:
//!
//! - `fuzz/` (cargo-fuzz, libFuzzer): coverage-guided fuzzing, on the stable compiler
//!   with `cargo fuzz run -s none TARGET` (`FUZZ_ENGINE=libfuzzer tools/fuzz.sh`).
//! - `examples/fuzz.rs` (stable): a seeded byte mutator over the committed corpus,
//!   `cargo run --release -p torchlit-fuzz --example fuzz -- TARGET SECONDS`
//!   (`tools/fuzz.sh` runs every target).
//! - `tests/corpus.rs` (stable, CI): replays every committed corpus file, so a crash once
//!   found stays fixed.
//!
//! Left out: the command line's region windows (`gen overworld --regions`), which live
//! in the binary crate.

use serde::Serialize;
use serde::de::DeserializeOwned;
use torchlit_geom::{Point, Radius, Size};
use torchlit_rng::Seed;
use torchlit_save::Config;
use torchlit_save::recording::{self, Recording};
use torchlit_sim::formats::{AnyMap, AsciiMap, Dungeon, ParseError, UltimaWorld, parse_any};
use torchlit_sim::modes::caves::Caves;
use torchlit_sim::modes::overworld::{Player, RegionChanges};
use torchlit_sim::modes::{caves, maze, ultima};
use torchlit_web::protocol::{self, ClientMsg};

/// A fuzz target: bytes in, a panic on a bug.
pub type Target = fn(&[u8]);

/// Every target by name (the corpus directory of each is `fuzz/corpus/NAME`).
pub const TARGETS: [(&str, Target); 11] = [
    ("world", world),
    ("dungeon", dungeon),
    ("ascii", ascii),
    ("config", config),
    ("caves_save", caves_save),
    ("overworld_player", overworld_player),
    ("overworld_region", overworld_region),
    ("numbers", numbers),
    ("recording", recording),
    ("websocket", websocket),
    ("accounts", accounts),
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

/// The dungeon format of the DM503 Rogue project (University of Southern Denmark, 2010):
/// parse; written back it parses to the same dungeon.
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
/// re-encodes to a blob that decodes to the same game. A blob of the older format
/// ([`caves::CavesV1`], before the rulesets) migrates to a game that saves in today's.
pub fn caves_save(data: &[u8]) {
    round_trip::<Caves>(data, |a, b| assert_eq!(a.state_hash(), b.state_hash()));
    if let Ok(old) = postcard::from_bytes::<caves::CavesV1>(data) {
        let game = Caves::from(old);
        let Ok(bytes) = postcard::to_allocvec(&game) else {
            panic!("a migrated game does not encode")
        };
        let again = postcard::from_bytes::<Caves>(&bytes);
        assert_eq!(again.ok().map(|g| g.state_hash()), Some(game.state_hash()), "migration");
    }
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

/// The numbers of the command line: seeds (any text), radii (`--radius`), cells (`X,Y`:
/// `--from`, `line`, `path`) and sizes (`--size WxH` or `N`). What parses prints back
/// (`Display`) to text that parses to the same value; a refusal quotes the text.
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
    match text.parse::<Point>() {
        Ok(p) => assert_eq!(p.to_string().parse::<Point>(), Ok(p), "{text:?} gave {p}"),
        Err(e) => assert_eq!(e.found(), text),
    }
    match text.parse::<Size>() {
        Ok(s) => assert_eq!(s.to_string().parse::<Size>(), Ok(s), "{text:?} gave {s}"),
        Err(e) => assert_eq!(e.found(), text),
    }
}

/// A recording file (`.tlrec`), decoded with each mode's input type. Input that does not
/// start with the magic is taken as the postcard body and framed (magic, version,
/// checksum) first, so mutation reaches the decoder past the checksum. A recording that
/// decodes re-encodes to the same bytes or, when the input spelled something the long
/// way (a varint with extra bytes), to bytes that decode to the same recording; its
/// listing ([`recording::read_info`]) agrees with it; a refusal has a short message.
pub fn recording(data: &[u8]) {
    let framed;
    let bytes = if data.starts_with(&recording::MAGIC) {
        data
    } else {
        framed = frame_recording(data);
        &framed
    };
    recording_as::<caves::Action>(bytes);
    recording_as::<maze::TickInput>(bytes);
    recording_as::<ultima::Action>(bytes);
    recording_as::<()>(bytes);
}

/// A recording body in its frame: magic, format version, `body`, checksum.
pub fn frame_recording(body: &[u8]) -> Vec<u8> {
    let mut out = recording::MAGIC.to_vec();
    out.extend_from_slice(&recording::RECORDING_VERSION.to_le_bytes());
    out.extend_from_slice(body);
    let sum = seahash::hash(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

fn recording_as<I>(bytes: &[u8])
where
    I: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug,
{
    match Recording::<I>::decode(bytes) {
        Ok(rec) => {
            let Ok(again) = rec.encode() else { panic!("a decoded recording does not encode") };
            if again != bytes {
                let back = Recording::<I>::decode(&again);
                assert_eq!(back.as_ref().ok(), Some(&rec), "a re-encoded recording differs");
            }
            let info = recording::read_info(bytes).ok();
            assert_eq!(info, Some((rec.header.clone(), rec.summary.clone())), "listing differs");
            assert_eq!(rec.inputs().take(1 << 16).count() as u64, rec.steps().min(1 << 16));
        }
        Err(e) => {
            let message = e.to_string();
            assert!(message.len() < 600, "a recording error quotes too much: {message:.300}");
        }
    }
}

/// A public server's account requests: the JSON body of `/api/register` and
/// `/api/login`, and a `Cookie` header. A body parses to a name and password or is
/// refused with a reason; the name and password checks never panic and accept only what
/// the rules allow; the cookie parser finds only a well-formed token inside the header.
pub fn accounts(data: &[u8]) {
    use torchlit_web::accounts::{self, Credentials};
    match Credentials::parse(data) {
        Ok(c) => {
            if accounts::check_name(&c.name).is_ok() {
                let n = c.name.chars().count();
                assert!((1..=accounts::MAX_NAME_CHARS).contains(&n), "{:?}", c.name);
                assert!(
                    c.name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
                );
            }
            if accounts::check_password(&c.password).is_ok() {
                assert!(c.password.chars().count() >= accounts::MIN_PASSWORD_CHARS);
                assert!(c.password.len() <= accounts::MAX_PASSWORD_BYTES);
            }
        }
        Err(why) => assert!(!why.is_empty()),
    }
    let Ok(header) = std::str::from_utf8(data) else { return };
    if let Some(token) = accounts::cookie_token(header) {
        assert!(accounts::is_token(token), "{token:?}");
        assert!(header.contains(token));
        assert_eq!(accounts::token_hash(token).len(), 64);
    }
}

/// A WebSocket text message from the browser, as the server reads it: parsed strictly;
/// a parsed message serializes to JSON that parses to the same message; its key maps to
/// an input or to nothing, its size is clamped into the allowed range; a refusal closes
/// the connection with a reason that fits a close frame.
pub fn websocket(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match ClientMsg::parse(text) {
        Ok(msg) => {
            let json = serde_json::to_string(&msg);
            let back = json.as_deref().map_err(|e| e.to_string()).and_then(ClientMsg::parse);
            assert_eq!(back.as_ref(), Ok(&msg), "a parsed message written back differs");
            match msg {
                ClientMsg::Down { k, c, .. } | ClientMsg::Up { k, c } => {
                    let _ = protocol::key_input(&k, c);
                }
                ClientMsg::Size { w, h } => {
                    let (cw, ch) = protocol::clamp_size(w, h);
                    assert!((protocol::MIN_SIZE.0..=protocol::MAX_SIZE.0).contains(&cw));
                    assert!((protocol::MIN_SIZE.1..=protocol::MAX_SIZE.1).contains(&ch));
                }
                ClientMsg::View { w, h } => {
                    let (vw, vh) = protocol::clamp_view(w, h);
                    assert!((protocol::MIN_VIEW.0..=protocol::MAX_VIEW.0).contains(&vw));
                    assert!((protocol::MIN_VIEW.1..=protocol::MAX_VIEW.1).contains(&vh));
                }
                ClientMsg::Mouse { k, x, y } => {
                    let _ = protocol::mouse_event(k, x, y);
                }
                ClientMsg::Watchable { .. } => {}
            }
        }
        Err(why) => {
            let reason = protocol::close_reason(&why);
            assert!(reason.len() <= protocol::MAX_CLOSE_REASON_BYTES, "{reason}");
            assert!(why.starts_with(reason), "a close reason is a prefix of the refusal");
        }
    }
}
