//! `ultima`: walk a tile world at night by torchlight (seed 000, Ultima 0).
//!
//! The avatar moves north, south, east or west, blocked by impassable tiles and the map
//! edge; the torch starts at radius 4.0 and changes by 0.5, never below 2.0, with no
//! maximum. Lighting comes in two kinds ([`Lighting`]): the seed's 4-way flood fill
//! (classic) and the occluding torch of the seed's extra credit 2 (symmetric
//! shadowcasting within the torch radius, the default). Lava glows with radius 2.5 under
//! the same occlusion (extra credit 3). Cells lit once are remembered.
//!
//! Coordinates are map space (`(0, 0)` top-left, `y` down) like everywhere inside torchlit;
//! [`to_ultima`] converts to the seed's `(0, 0)`-bottom-left coordinates for display.

use torchlit_fov::{Algorithm, Fov, LightSource, Memory, Viewshed, light_sources};
use torchlit_geom::{CardinalDirection, Point, Radius, Size};
use torchlit_map::{Tile, TileMap, UltimaWorld, map_to_ultima};

/// The torch radius in half cells, so that every step of 0.5 is exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TorchRadius {
    halves: u32,
}

impl TorchRadius {
    /// The seed's starting radius, 4.0 cells.
    pub const DEFAULT: TorchRadius = TorchRadius { halves: 8 };
    /// The seed's minimum, 2.0 cells.
    pub const MIN: TorchRadius = TorchRadius { halves: 4 };

    /// The radius in cells.
    pub fn cells(self) -> f64 {
        f64::from(self.halves) / 2.0
    }

    /// As a [`Radius`] for the FOV algorithms.
    pub fn radius(self) -> Radius {
        // A u32 divided by two is finite and not negative.
        Radius::new(self.cells()).unwrap_or_else(|_| unreachable!("half-cell radii are finite"))
    }

    /// One step (0.5) brighter; there is no maximum (saturates at `u32::MAX` halves).
    pub fn increased(self) -> TorchRadius {
        TorchRadius { halves: self.halves.saturating_add(1) }
    }

    /// One step (0.5) dimmer, never below [`TorchRadius::MIN`].
    pub fn decreased(self) -> TorchRadius {
        TorchRadius { halves: self.halves.saturating_sub(1).max(Self::MIN.halves) }
    }
}

impl Default for TorchRadius {
    fn default() -> TorchRadius {
        TorchRadius::DEFAULT
    }
}

impl std::fmt::Display for TorchRadius {
    /// `4.0`, `4.5`: the seed prints radii with one decimal.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{}", self.halves / 2, if self.halves % 2 == 1 { 5 } else { 0 })
    }
}

/// The player's avatar: where it stands and how bright its torch burns (seed 000 `Avatar`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Avatar {
    at: Point,
    torch: TorchRadius,
}

impl Avatar {
    /// An avatar at `at` (map space) with the default torch (4.0).
    pub fn new(at: Point) -> Avatar {
        Avatar { at, torch: TorchRadius::DEFAULT }
    }

    /// Where the avatar stands, in map space.
    pub fn at(&self) -> Point {
        self.at
    }

    /// Moves the avatar to `at` (no checks: the world checks passability).
    pub fn set_location(&mut self, at: Point) {
        self.at = at;
    }

    /// The torch radius.
    pub fn torch(&self) -> TorchRadius {
        self.torch
    }

    /// Raises the torch by 0.5.
    pub fn increase_torch(&mut self) {
        self.torch = self.torch.increased();
    }

    /// Lowers the torch by 0.5, not below 2.0.
    pub fn decrease_torch(&mut self) {
        self.torch = self.torch.decreased();
    }
}

/// How the world is lit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Lighting {
    /// Seed 000's flood fill: light spreads 4-way and wraps around corners.
    Classic,
    /// Extra credit 2: symmetric shadowcasting within the torch radius; opaque tiles cast
    /// shadows.
    #[default]
    Occluding,
}

impl Lighting {
    /// The FOV algorithm this lighting uses.
    pub fn algorithm(self) -> Algorithm {
        match self {
            Lighting::Classic => Algorithm::Torch,
            Lighting::Occluding => Algorithm::Symmetric,
        }
    }

    /// The other kind.
    pub fn toggled(self) -> Lighting {
        match self {
            Lighting::Classic => Lighting::Occluding,
            Lighting::Occluding => Lighting::Classic,
        }
    }

    /// `classic` or `occluding`.
    pub fn name(self) -> &'static str {
        match self {
            Lighting::Classic => "classic",
            Lighting::Occluding => "occluding",
        }
    }
}

/// What the player asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Action {
    /// Step one cell (seed keys w, a, s, d).
    Move(CardinalDirection),
    /// Torch +0.5 (`+`).
    TorchUp,
    /// Torch -0.5, minimum 2.0 (`-`).
    TorchDown,
    /// Switch between classic and occluding light.
    ToggleLighting,
}

/// What happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Event {
    /// The avatar stepped from one cell to the next.
    Moved {
        /// The cell left.
        from: Point,
        /// The cell entered.
        to: Point,
    },
    /// The step was refused: `tile` is impassable there, or `None` past the map edge.
    Blocked {
        /// The cell the avatar tried to enter.
        at: Point,
        /// What stands there, if on the map.
        tile: Option<Tile>,
    },
    /// The torch changed (or stayed at its minimum: `changed` false).
    TorchChanged {
        /// The new radius.
        radius: TorchRadius,
        /// Whether it differs from before.
        changed: bool,
    },
    /// The lighting kind switched.
    LightingChanged(Lighting),
}

/// The `ultima` game state.
#[derive(Clone, Debug)]
pub struct Ultima {
    map: TileMap,
    avatar: Avatar,
    lighting: Lighting,
    turns: crate::Turn,
    memory: Memory,
    glows: Vec<LightSource>,
    lit: Viewshed,
    scratch: Viewshed,
}

impl Ultima {
    /// Starts a game on `world`, the avatar where the world file puts it.
    pub fn new(world: UltimaWorld) -> Ultima {
        let size = world.map.size();
        let glows = world
            .map
            .iter()
            .filter_map(|(at, t)| t.light_radius().map(|radius| LightSource { at, radius }))
            .collect();
        let mut game = Ultima {
            avatar: Avatar::new(world.avatar),
            map: world.map,
            lighting: Lighting::default(),
            turns: crate::Turn::default(),
            memory: Memory::new(size),
            glows,
            lit: Viewshed::new(size),
            scratch: Viewshed::new(size),
        };
        game.relight();
        game
    }

    /// Applies one action and returns what happened. Never fails: a refused step is a
    /// [`Event::Blocked`].
    pub fn apply(&mut self, action: Action) -> Vec<Event> {
        let event = match action {
            Action::Move(d) => {
                let from = self.avatar.at;
                let to = from + d.offset();
                match self.map.tile(to) {
                    Some(t) if t.is_passable() => {
                        self.avatar.set_location(to);
                        self.turns.0 += 1;
                        Event::Moved { from, to }
                    }
                    tile => Event::Blocked { at: to, tile },
                }
            }
            Action::TorchUp | Action::TorchDown => {
                let before = self.avatar.torch;
                if action == Action::TorchUp {
                    self.avatar.increase_torch();
                } else {
                    self.avatar.decrease_torch();
                }
                Event::TorchChanged {
                    radius: self.avatar.torch,
                    changed: before != self.avatar.torch,
                }
            }
            Action::ToggleLighting => {
                self.lighting = self.lighting.toggled();
                Event::LightingChanged(self.lighting)
            }
        };
        self.relight();
        vec![event]
    }

    fn relight(&mut self) {
        let map = &self.map;
        let opaque = |p: Point| map.is_opaque(p);
        let algorithm = self.lighting.algorithm();
        let mut sources = Vec::with_capacity(self.glows.len() + 1);
        sources.push(LightSource { at: self.avatar.at, radius: self.avatar.torch.radius() });
        sources.extend_from_slice(&self.glows);
        light_sources(algorithm, &sources, map.size(), opaque, &mut self.scratch, &mut self.lit);
        self.memory.remember_all(&self.lit);
    }

    /// A stable, portable hash of the game state (seahash over the postcard bytes of the
    /// map, avatar, lighting, turns and memory; the lit set is rebuilt from them).
    #[cfg(feature = "serde")]
    pub fn state_hash(&self) -> u64 {
        let state = (&self.map, self.avatar, self.lighting, self.turns, &self.memory);
        postcard::to_allocvec(&state).map_or(0, |bytes| seahash::hash(&bytes))
    }

    /// The world's tiles.
    pub fn map(&self) -> &TileMap {
        &self.map
    }

    /// The world's size in cells.
    pub fn size(&self) -> Size {
        self.map.size()
    }

    /// The avatar.
    pub fn avatar(&self) -> &Avatar {
        &self.avatar
    }

    /// The current lighting kind.
    pub fn lighting(&self) -> Lighting {
        self.lighting
    }

    /// Steps taken so far.
    pub fn turns(&self) -> crate::Turn {
        self.turns
    }

    /// Whether `p` is lit now (by the torch or a glowing tile).
    pub fn is_lit(&self, p: Point) -> bool {
        self.lit.contains(p)
    }

    /// How many cells are lit now.
    pub fn lit_count(&self) -> usize {
        self.lit.len()
    }

    /// Whether `p` was lit at some point (drawn dimmed when not lit now).
    pub fn is_remembered(&self, p: Point) -> bool {
        self.memory.is_remembered(p)
    }

    /// The avatar's position in Ultima coordinates (`(0, 0)` bottom-left).
    pub fn avatar_ultima(&self) -> Point {
        to_ultima(self.avatar.at, self.map.size())
    }
}

/// Converts a map-space point to seed 000's coordinates (`(0, 0)` bottom-left, `y` up).
pub fn to_ultima(p: Point, size: Size) -> Point {
    map_to_ultima(p, size.height)
}

/// Seed 000's `light(x, y, r)`: the number of tiles the classic flood fill lights from
/// `at` (map space) with radius `radius` (torch only, no glowing tiles).
///
/// Returns 0 when `at` is off the map.
pub fn classic_light(map: &TileMap, at: Point, radius: Radius) -> usize {
    let mut seen = Viewshed::new(map.size());
    let fov = Fov { algorithm: Algorithm::Torch, radius: Some(radius), light_walls: true };
    match fov.compute(map.size(), at, |p| map.is_opaque(p), &mut seen) {
        Ok(()) => seen.len(),
        Err(_) => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn torch_steps_by_half_cells_with_a_floor_of_two() {
        let mut t = TorchRadius::DEFAULT;
        assert_eq!(t.to_string(), "4.0");
        t = t.increased();
        assert_eq!(t.to_string(), "4.5");
        for _ in 0..10 {
            t = t.decreased();
        }
        assert_eq!(t, TorchRadius::MIN);
        assert_eq!(t.cells(), 2.0);
    }

    #[test]
    fn lighting_toggles() {
        assert_eq!(Lighting::default(), Lighting::Occluding);
        assert_eq!(Lighting::Occluding.toggled(), Lighting::Classic);
        assert_eq!(Lighting::Classic.algorithm(), Algorithm::Torch);
    }
}
