//! The seed catalog: a short summary (a hash and a few counts) of what every generator
//! makes from the first 20 seeds, committed in `tests/seed_catalog.txt`, so that any
//! change to generated output is deliberate.
//!
//! After a deliberate change, regenerate the catalog and commit it with the change:
//!
//! ```sh
//! UPDATE_SEED_CATALOG=1 cargo test -p torchlit-procgen --test seed_catalog
//! ```
//!
//! Seed `i` is `Seed::from_text("i")`, the text `"i"` hashed: what this crate's example
//! makes with `cargo run -p torchlit-procgen --example gen -- KIND --seed i` (it hashes
//! any text). The binary's `torchlit gen KIND --seed i` takes a number as is
//! (`Seed::from_input`: `Seed(i)`, as every command reads seeds), so its maps are not
//! these; `crates/cli/tests/gen.rs` checks that.

use std::fmt::Write as _;

use torchlit_geom::{Point, Size};
use torchlit_procgen::{
    CaveCell, CaveLevelsParams, CaveParams, Difficulty, LevelCell, Overworld, OverworldParams,
    RegionCoord, RoomCell, RoomsParams, WALL, cave, cave_levels, level_chain, maze, rooms_layout,
};
use torchlit_rng::Seed;

const SEEDS: u32 = 20;

/// FNV-1a, 64 bits: a stable hash for the summary (no dependency needed).
fn fnv(bytes: impl IntoIterator<Item = u8>) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The byte of a cave level's cell in the hash (`.` `#` `<` `>`, as the map once held).
fn level_byte(t: LevelCell) -> u8 {
    match t {
        LevelCell::Floor => b'.',
        LevelCell::Wall => b'#',
        LevelCell::StairsUp => b'<',
        LevelCell::StairsDown => b'>',
    }
}

/// The byte of a rooms layout's cell in the hash (`.` `+` `#`).
fn room_byte(t: RoomCell) -> u8 {
    match t {
        RoomCell::Room => b'.',
        RoomCell::Hallway => b'+',
        RoomCell::Wall => b'#',
    }
}

fn catalog() -> String {
    let mut out = String::from(
        "# torchlit-procgen seed catalog: what each generator makes from seeds \"0\"..\"19\".\n\
         # Regenerate after a deliberate change: UPDATE_SEED_CATALOG=1 cargo test -p torchlit-procgen --test seed_catalog\n",
    );
    for i in 0..SEEDS {
        let seed = Seed::from_text(&i.to_string());
        let m = maze(seed, 41, 21, Difficulty::HARDEST).expect("valid");
        let walls = m.values().filter(|&&c| c == WALL).count();
        let _ = writeln!(
            out,
            "maze 41x21 hardest seed={i} hash={:016x} walls={walls}",
            fnv(m.values().copied())
        );
    }
    for i in 0..SEEDS {
        let seed = Seed::from_text(&i.to_string());
        let c = cave(seed, Size::new(80, 40), &CaveParams::default()).expect("valid");
        let count = |k: CaveCell| c.values().filter(|&&x| x == k).count();
        let _ = writeln!(
            out,
            "cave 80x40 seed={i} hash={:016x} floor={} wall={} rock={}",
            fnv(c.values().map(|x| x.to_byte())),
            count(CaveCell::Floor),
            count(CaveCell::Wall),
            count(CaveCell::Rock),
        );
    }
    for i in 0..SEEDS {
        let w = Overworld::new(Seed::from_text(&i.to_string()), OverworldParams::default())
            .expect("valid");
        let mut bytes = Vec::new();
        let mut floor = 0;
        let mut chests = 0;
        for c in [RegionCoord::new(0, 0), RegionCoord::new(-1, 0), RegionCoord::new(3, -7)] {
            let r = w.region(c).expect("in range");
            floor += r.cells().values().filter(|c| c.is_floor()).count();
            chests += r.chests().len();
            bytes.extend(r.to_bytes());
        }
        let spawn = w.spawn(Point::new(0, 0), 100).expect("floor nearby");
        let _ = writeln!(
            out,
            "overworld regions=(0,0),(-1,0),(3,-7) seed={i} hash={:016x} floor={floor} chests={chests} spawn={spawn}",
            fnv(bytes),
        );
    }
    for i in 0..SEEDS {
        let c = cave_levels(Seed::from_text(&i.to_string()), &CaveLevelsParams::default())
            .expect("valid");
        let tiles = || c.levels().iter().flat_map(|l| l.iter().map(|(_, t)| t));
        let stairs = tiles().filter(|&t| t == LevelCell::StairsDown).count();
        let floor = tiles().filter(|&t| t == LevelCell::Floor).count();
        let _ = writeln!(
            out,
            "caves 80x40x5 seed={i} hash={:016x} floor={floor} stairs_down={stairs} exit={}",
            fnv(tiles().map(level_byte)),
            c.exit(),
        );
    }
    for i in 0..SEEDS {
        let chain = level_chain(Seed::from_text(&i.to_string()), 8).expect("valid");
        let mut path = String::new();
        for a in chain.areas() {
            let _ = write!(path, "{}@{} ", &a.kind.name()[..1], a.at);
        }
        let seeds = chain.areas().iter().flat_map(|a| a.seed.0.to_le_bytes());
        let _ = writeln!(
            out,
            "level-chain length=8 seed={i} hash={:016x} {}",
            fnv(seeds),
            path.trim_end()
        );
    }
    for i in 0..SEEDS {
        let l =
            rooms_layout(Seed::from_text(&i.to_string()), &RoomsParams::default()).expect("valid");
        let hallways = l.map.iter().filter(|(_, t)| *t == RoomCell::Hallway).count();
        let _ = writeln!(
            out,
            "rooms-layout 30 seed={i} hash={:016x} rooms={} hallway={hallways} start={}",
            fnv(l.map.iter().map(|(_, t)| room_byte(t))),
            l.rooms.len(),
            l.start(),
        );
    }
    out
}

#[test]
fn generated_output_matches_the_seed_catalog() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/seed_catalog.txt");
    let now = catalog();
    if std::env::var_os("UPDATE_SEED_CATALOG").is_some_and(|v| v == "1") {
        std::fs::write(&path, &now).expect("write the catalog");
        return;
    }
    let committed = std::fs::read_to_string(&path)
        .expect("tests/seed_catalog.txt exists")
        .replace("\r\n", "\n");
    let changed: Vec<String> = committed
        .lines()
        .zip(now.lines())
        .filter(|(a, b)| a != b)
        .take(5)
        .map(|(a, b)| format!("  committed: {a}\n  now:       {b}"))
        .collect();
    assert!(
        committed == now,
        "generated output changed ({} vs {} lines); first differences:\n{}\n\
         If the change is deliberate, run UPDATE_SEED_CATALOG=1 cargo test -p torchlit-procgen \
         --test seed_catalog and commit tests/seed_catalog.txt.",
        committed.lines().count(),
        now.lines().count(),
        changed.join("\n"),
    );
}
