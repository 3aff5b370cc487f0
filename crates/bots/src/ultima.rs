//! The `ultima` bot: walks Ultima 0's torch-lit world towards what it has not seen yet
//! and changes the torch now and then.
//!
//! It sees what the screen shows: the cells lit now and the ones remembered. Each turn it
//! takes one step along a shortest 4-way path to the nearest cell never seen (ties and
//! detours from its own seeded generator, so each seed walks differently); every 25 turns
//! it turns the torch up or down. When nothing is left to find it wanders.

use torchlit_geom::{CardinalDirection, Offset, Point};
use torchlit_rng::{Rng, Seed};
use torchlit_sim::formats::UltimaWorld;
use torchlit_sim::modes::ultima::{Action, Ultima};
use torchlit_sim::terrain::Tile;

use crate::grid::{distances, downhill};
use crate::{Bot, Ending, Report};

/// Steps in one walk.
pub const TURN_LIMIT: u64 = 1000;

/// The `ultima` bot and its game.
#[derive(Clone, Debug)]
pub struct UltimaBot {
    game: Ultima,
    seed: u64,
    rng: Rng,
    goal: String,
    actions: u64,
    lava_steps: u64,
    /// The torch radii met, in half cells (`[2.0, 2.5, ...]` as 4, 5, ...).
    radii: std::collections::BTreeSet<u32>,
}

fn steps4() -> [Offset; 4] {
    CardinalDirection::ALL.map(CardinalDirection::offset)
}

impl UltimaBot {
    /// A bot walking `world`; `seed` shapes its choices.
    pub fn new(world: UltimaWorld, seed: u64) -> UltimaBot {
        let game = Ultima::new(world);
        let mut radii = std::collections::BTreeSet::new();
        radii.insert(half_cells(game.avatar().torch().cells()));
        UltimaBot {
            game,
            seed,
            rng: Rng::new(Seed(seed).derive("bots/ultima", &[])),
            goal: "start".to_string(),
            actions: 0,
            lava_steps: 0,
            radii,
        }
    }

    /// The game being played.
    pub fn game(&self) -> &Ultima {
        &self.game
    }

    fn cells_seen(&self) -> u64 {
        let size = self.game.size();
        (0..size.area()).filter(|&i| self.game.is_remembered(size.point_at(i))).count() as u64
    }

    fn act(&mut self) {
        self.actions += 1;
        if self.actions.is_multiple_of(25) {
            self.goal = "change the torch".to_string();
            let up = self.rng.ratio(1, 2);
            self.game.apply(if up { Action::TorchUp } else { Action::TorchDown });
            self.radii.insert(half_cells(self.game.avatar().torch().cells()));
            return;
        }
        let size = self.game.size();
        let map = self.game.map();
        let unseen: Vec<Point> = (0..size.area())
            .map(|i| size.point_at(i))
            .filter(|&p| !self.game.is_remembered(p))
            .collect();
        let passable =
            |p: Point| !self.game.is_remembered(p) || map.tile(p).is_some_and(Tile::is_passable);
        let dist = distances(size, unseen, &steps4(), passable);
        let at = self.game.avatar().at();
        let dir = match downhill(size, &dist, at, &steps4()) {
            Some(o) if !self.rng.ratio(1, 10) => {
                self.goal = "explore".to_string();
                CardinalDirection::ALL.into_iter().find(|d| d.offset() == o)
            }
            _ => {
                self.goal = "wander".to_string();
                self.rng.choose(&CardinalDirection::ALL).copied()
            }
        };
        if let Some(d) = dir {
            self.game.apply(Action::Move(d));
            if self.game.map().tile(self.game.avatar().at()) == Some(Tile::Lava) {
                self.lava_steps += 1;
            }
        }
    }
}

fn half_cells(cells: f64) -> u32 {
    (cells * 2.0).round() as u32
}

impl Bot for UltimaBot {
    fn step(&mut self) -> bool {
        if self.game.turns().0 >= TURN_LIMIT || self.actions >= 4 * TURN_LIMIT {
            return false;
        }
        self.act();
        true
    }

    fn goal(&self) -> &str {
        &self.goal
    }

    fn report(&self) -> Report {
        let seen = self.cells_seen();
        let ending = if self.game.turns().0 >= TURN_LIMIT { Ending::Won } else { Ending::Timeout };
        Report {
            seed: self.seed,
            ending,
            time: self.game.turns().0,
            reached: seen,
            signals: vec![
                ("cells_seen", Some(seen as f64)),
                ("lava_steps", Some(self.lava_steps as f64)),
                ("light_levels", Some(self.radii.len() as f64)),
            ],
            hash: {
                // Ultima has no state hash: the avatar, torch and turns say where it is.
                let a = self.game.avatar();
                let (x, y) = (a.at().x as u64, a.at().y as u64);
                (x << 40) ^ (y << 20) ^ half_cells(a.torch().cells()) as u64 ^ seen << 48
            },
        }
    }
}

/// Walks `world` for [`TURN_LIMIT`] steps with the bot seeded by `seed`.
pub fn play(world: UltimaWorld, seed: u64) -> Report {
    let mut bot = UltimaBot::new(world, seed);
    crate::play_out(&mut bot)
}
