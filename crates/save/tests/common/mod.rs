//! Shared by the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use torchlit_rng::Seed;
use torchlit_save::{ConfigHash, Store, WorldSpec};

pub type TestResult = Result<(), Box<dyn std::error::Error>>;

/// A world spec for `name`.
pub fn spec(name: &str) -> WorldSpec {
    WorldSpec {
        name: name.to_owned(),
        mode: "overworld".to_owned(),
        seed: Seed::from_text(name),
        seed_text: name.to_owned(),
        config_hash: DEFAULT_HASH,
    }
}

/// A generation config's hash (the overworld's defaults'; any value would do here).
pub const DEFAULT_HASH: ConfigHash = ConfigHash(0x534f_f1ef_f7a0_5153);

/// A spec with a given hash.
pub fn spec_with_hash(name: &str, hash: ConfigHash) -> WorldSpec {
    WorldSpec { config_hash: hash, ..spec(name) }
}

/// A fresh worlds directory.
pub fn store() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let store = Store::at(dir.path().join("worlds"));
    (dir, store)
}

/// An overworld-like player record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Player {
    pub name: String,
    pub x: i64,
    pub y: i64,
    pub health: f32,
    pub inventory: Vec<Item>,
    pub equipped: (Option<u32>, Option<u32>),
    pub moves: u64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Item {
    Gold(u32),
    Sword { tier: String, damage: u32 },
    Armour { tier: String, shielding: u32 },
}

/// A seed 002 region: cells, chests and a monster.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Region {
    pub cells: Vec<Cell>,
    pub monsters: Vec<(u16, u16, f32)>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Cell {
    Floor,
    Rock,
    Wall,
    Chest { reward: Vec<Item>, claimed: bool },
}

pub fn player(moves: u64) -> Player {
    Player {
        name: "Freddy".to_owned(),
        x: 102,
        y: -138,
        health: 48.08,
        inventory: vec![
            Item::Armour { tier: "Leather".to_owned(), shielding: 5 },
            Item::Sword { tier: "Wood".to_owned(), damage: 3 },
            Item::Gold(21),
        ],
        equipped: (Some(1), Some(0)),
        moves,
    }
}

/// A 50x50 region with a few chests, varied by `salt`.
pub fn region(salt: u32) -> Region {
    let cells = (0..2500u32)
        .map(|i| match (i.wrapping_mul(2_654_435_761).wrapping_add(salt)) % 400 {
            0 => Cell::Chest {
                reward: vec![Item::Sword { tier: "Steel".to_owned(), damage: 8 }],
                claimed: salt.is_multiple_of(2),
            },
            1..=180 => Cell::Rock,
            181..=230 => Cell::Wall,
            _ => Cell::Floor,
        })
        .collect();
    Region { cells, monsters: vec![(22, 22, 30.0)] }
}

/// The `autosave_loop` example binary (built by `cargo test`).
pub fn example() -> PathBuf {
    let exe = std::env::current_exe().unwrap_or_default();
    // target/<profile>/deps/kill-HASH -> target/<profile>/examples/autosave_loop
    let profile =
        exe.parent().and_then(|deps| deps.parent()).map(PathBuf::from).unwrap_or_default();
    let path =
        profile.join("examples").join(format!("autosave_loop{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.exists(),
        "{} is missing: run `cargo test -p torchlit-save` (which builds the examples) or \
         `cargo build -p torchlit-save --example autosave_loop` first",
        path.display()
    );
    path
}
