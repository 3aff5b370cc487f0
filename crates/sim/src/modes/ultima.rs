//! `ultima`: walk a tile world at night by torchlight (Ultima 0, CSCI 136, Montana Tech, 2014).
//!
//! The avatar moves north, south, east or west, blocked by impassable tiles and the map
//! edge; the torch starts at radius 4.0 and changes by 0.5, never below 2.0, with no
//! maximum. Lighting comes in two kinds ([`Lighting`]): Ultima 0's 4-way flood fill
//! (classic) and the occluding torch of Ultima 0's extra credit 2 (symmetric
//! shadowcasting within the torch radius, the default). Lava glows with radius 2.5 under
//! the same occlusion (extra credit 3). Cells lit once are remembered.
//!
//! The source's walk has no goal ([`Rules::original`]). The default game ([`Rules::default`])
//! gives it one: chart the world, that is, light every tile you can walk to at least once
//! ([`Ultima::chart`]), in as few steps as you can; and the torch burns at most 8.0 (a
//! brighter torch lights no more: walls, forests and mountains stop the light, and the
//! lit count stops growing long before).
//!
//! Coordinates are map space (`(0, 0)` top-left, `y` down) like everywhere inside torchlit;
//! [`to_ultima`] converts to Ultima 0's `(0, 0)`-bottom-left coordinates for display.

use torchlit_fov::{Algorithm, Fov, LightSource, Memory, Viewshed, light_sources};
use torchlit_geom::{CardinalDirection, Point, Radius, Size};
use torchlit_map::TileMap;

use crate::formats::{UltimaWorld, map_to_ultima};
use crate::terrain::Tile;

/// The torch radius in half cells, so that every step of 0.5 is exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TorchRadius {
    halves: u32,
}

impl TorchRadius {
    /// Ultima 0's starting radius, 4.0 cells.
    pub const DEFAULT: TorchRadius = TorchRadius { halves: 8 };
    /// Ultima 0's minimum, 2.0 cells.
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

    /// The default game's maximum, 8.0 cells ([`Rules::max_torch`]).
    pub const MAX: TorchRadius = TorchRadius { halves: 16 };

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
    /// `4.0`, `4.5`: Ultima 0 prints radii with one decimal.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{}", self.halves / 2, if self.halves % 2 == 1 { 5 } else { 0 })
    }
}

/// The player's avatar: where it stands and how bright its torch burns (Ultima 0 `Avatar`).
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
    /// Ultima 0's flood fill: light spreads 4-way and wraps around corners.
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

/// The rules of a walk: the source's free walk ([`Rules::original`]) or the default
/// game's charting ([`Rules::default`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rules {
    /// Whether the walk has a goal: chart every tile reachable on foot from the start.
    pub chart: bool,
    /// The brightest the torch burns (`None`: no maximum, as in Ultima 0).
    pub max_torch: Option<TorchRadius>,
}

impl Rules {
    /// Ultima 0's walk: no goal, no maximum torch.
    pub const fn original() -> Rules {
        Rules { chart: false, max_torch: None }
    }
}

impl Default for Rules {
    /// The default game: chart the world; the torch burns at most [`TorchRadius::MAX`].
    fn default() -> Rules {
        Rules { chart: true, max_torch: Some(TorchRadius::MAX) }
    }
}

/// How much of the world is charted (the default game's goal).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Chart {
    /// Tiles reachable on foot from the start that were lit at least once.
    pub seen: usize,
    /// Tiles reachable on foot from the start (passable, 4-way connected).
    pub total: usize,
    /// The step on which the last of them was lit (`None`: not yet).
    pub done: Option<crate::Turn>,
}

impl Chart {
    /// The share charted, in whole percent (rounded down; 100 only when done).
    pub fn percent(&self) -> usize {
        (self.seen * 100).checked_div(self.total).unwrap_or(100)
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
    /// The last tile reachable on foot was lit: the world is charted (the default game).
    Charted {
        /// Steps taken.
        turns: crate::Turn,
    },
}

/// The `ultima` game state.
#[derive(Clone, Debug)]
pub struct Ultima {
    map: TileMap<Tile>,
    avatar: Avatar,
    lighting: Lighting,
    turns: crate::Turn,
    memory: Memory,
    glows: Vec<LightSource>,
    /// What the glowing tiles light under the current lighting: they never move and the
    /// map never changes, so this is computed once per lighting kind, not per step.
    glow_lit: Viewshed,
    /// What the torch lights now (recomputed on every move or torch change).
    torch_lit: Viewshed,
    scratch: Viewshed,
    rules: Rules,
    /// The tiles reachable on foot from the start, row-major (empty: not charting).
    reachable: Vec<bool>,
    chart: Chart,
}

impl Ultima {
    /// Starts Ultima 0's free walk ([`Rules::original`]) on `world`, the avatar where
    /// the world file puts it.
    pub fn new(world: UltimaWorld) -> Ultima {
        Ultima::with_rules(world, Rules::original())
    }

    /// Starts a walk under `rules` on `world` (the default game: [`Rules::default`]).
    pub fn with_rules(world: UltimaWorld, rules: Rules) -> Ultima {
        let size = world.map.size();
        let reachable = if rules.chart { reachable(&world.map, world.avatar) } else { Vec::new() };
        let total = reachable.iter().filter(|&&r| r).count();
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
            glow_lit: Viewshed::new(size),
            torch_lit: Viewshed::new(size),
            scratch: Viewshed::new(size),
            rules,
            reachable,
            chart: Chart { seen: 0, total, done: None },
        };
        game.relight_glows();
        game.relight();
        game
    }

    /// The rules of this walk.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// How much of the world is charted (`None`: a walk without the goal).
    pub fn chart(&self) -> Option<Chart> {
        self.rules.chart.then_some(self.chart)
    }

    /// Counts the tiles of `lit` that chart new reachable ground (before they are
    /// remembered).
    fn count_charted(chart: &mut Chart, reachable: &[bool], memory: &Memory, lit: &Viewshed) {
        if reachable.is_empty() {
            return;
        }
        let width = memory.size().width as usize;
        for p in lit.iter() {
            let i = p.y as usize * width + p.x as usize;
            if reachable.get(i).copied().unwrap_or(false) && !memory.is_remembered(p) {
                chart.seen += 1;
            }
        }
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
                    if self.rules.max_torch.is_none_or(|max| before < max) {
                        self.avatar.increase_torch();
                    }
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
                self.relight_glows();
                Event::LightingChanged(self.lighting)
            }
        };
        if matches!(event, Event::Blocked { .. }) {
            return vec![event];
        }
        self.relight();
        let mut events = vec![event];
        if self.rules.chart && self.chart.done.is_none() && self.chart.seen >= self.chart.total {
            self.chart.done = Some(self.turns);
            events.push(Event::Charted { turns: self.turns });
        }
        events
    }

    /// Lights the glowing tiles (once per lighting kind: they and the map never change).
    fn relight_glows(&mut self) {
        let map = &self.map;
        let opaque = |p: Point| map.is_opaque(p);
        let algorithm = self.lighting.algorithm();
        light_sources(
            algorithm,
            &self.glows,
            map.size(),
            opaque,
            &mut self.scratch,
            &mut self.glow_lit,
        );
        Ultima::count_charted(&mut self.chart, &self.reachable, &self.memory, &self.glow_lit);
        self.memory.remember_all(&self.glow_lit);
    }

    /// Lights the torch: the only light a step or a torch change moves.
    fn relight(&mut self) {
        let map = &self.map;
        let opaque = |p: Point| map.is_opaque(p);
        let algorithm = self.lighting.algorithm();
        let torch = [LightSource { at: self.avatar.at, radius: self.avatar.torch.radius() }];
        light_sources(
            algorithm,
            &torch,
            map.size(),
            opaque,
            &mut self.scratch,
            &mut self.torch_lit,
        );
        Ultima::count_charted(&mut self.chart, &self.reachable, &self.memory, &self.torch_lit);
        self.memory.remember_all(&self.torch_lit);
    }

    /// A stable, portable hash of the game state (seahash over the postcard bytes of the
    /// map, avatar, lighting, turns and memory; the lit set is rebuilt from them).
    #[cfg(feature = "serde")]
    pub fn state_hash(&self) -> u64 {
        let state = (&self.map, self.avatar, self.lighting, self.turns, &self.memory);
        crate::engine::state_hash(&state)
    }

    /// The world's tiles.
    pub fn map(&self) -> &TileMap<Tile> {
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
        self.glow_lit.contains(p) || self.torch_lit.contains(p)
    }

    /// How many cells are lit now (costs the torch's cells, not the world's).
    pub fn lit_count(&self) -> usize {
        let torch_only = self.torch_lit.iter().filter(|&p| !self.glow_lit.contains(p)).count();
        self.glow_lit.len() + torch_only
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

/// The tiles of `map` reachable on foot (passable, 4-way steps) from `start`, row-major.
fn reachable(map: &TileMap<Tile>, start: Point) -> Vec<bool> {
    let size = map.size();
    let width = size.width as usize;
    let mut seen = vec![false; size.area()];
    let index = |p: Point| p.y as usize * width + p.x as usize;
    let mut todo = Vec::new();
    if map.tile(start).is_some_and(|t| t.is_passable()) {
        seen[index(start)] = true;
        todo.push(start);
    }
    while let Some(p) = todo.pop() {
        for d in CardinalDirection::ALL {
            let q = p + d.offset();
            if map.tile(q).is_some_and(|t| t.is_passable()) && !seen[index(q)] {
                seen[index(q)] = true;
                todo.push(q);
            }
        }
    }
    seen
}

/// Converts a map-space point to Ultima 0's coordinates (`(0, 0)` bottom-left, `y` up).
pub fn to_ultima(p: Point, size: Size) -> Point {
    map_to_ultima(p, size.height)
}

/// Ultima 0's `light(x, y, r)`: the number of tiles the classic flood fill lights from
/// `at` (map space) with radius `radius` (torch only, no glowing tiles).
///
/// Returns 0 when `at` is off the map.
pub fn classic_light(map: &TileMap<Tile>, at: Point, radius: Radius) -> usize {
    let mut seen = Viewshed::new(map.size());
    let fov = Fov { algorithm: Algorithm::Torch, radius: Some(radius), light_walls: true };
    match fov.compute(map.size(), at, |p| map.is_opaque(p), &mut seen) {
        Ok(()) => seen.len(),
        Err(_) => 0,
    }
}

/// What Ultima 0's `Avatar` test program prints: an avatar made at (5, 5), moved to
/// (1, 4), its torch raised once and lowered six times (stopping at 2.0), one
/// `x y torch` line after each change.
pub fn avatar_demo() -> String {
    let mut out = String::new();
    let mut a = Avatar::new(Point::new(5, 5));
    let mut print = |a: &Avatar| out += &format!("{} {} {}\n", a.at().x, a.at().y, a.torch());
    print(&a);
    a.set_location(Point::new(1, 4));
    print(&a);
    a.increase_torch();
    print(&a);
    for _ in 0..6 {
        a.decrease_torch();
        print(&a);
    }
    out
}

/// What Ultima 0's `Tile` test program prints: for each tile code in Ultima 0's order
/// (brick floor, lava, water, forest, grassland, mountains, stone wall) and `j` in 0..2, a
/// tile lit when `i + j` is even, with its opacity and passability.
pub fn tile_demo() -> String {
    // The seven Ultima codes open `Tile::ALL`, in Ultima 0's order.
    let mut out = String::new();
    for (i, tile) in Tile::ALL.iter().take(7).enumerate() {
        for j in 0..2 {
            let lit = (i + j) % 2 == 0;
            out += &format!(
                "{i} {j} : lit {lit}\topaque {}\tpassable {}\n",
                tile.is_opaque(),
                tile.is_passable()
            );
        }
    }
    out
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

    /// Everything lit by every source at once, as before the glow cache.
    fn lit_from_scratch(game: &Ultima) -> Vec<Point> {
        let map = game.map();
        let mut sources =
            vec![LightSource { at: game.avatar().at(), radius: game.avatar().torch().radius() }];
        sources.extend_from_slice(&game.glows);
        let (mut scratch, mut lit) = (Viewshed::new(map.size()), Viewshed::new(map.size()));
        let algorithm = game.lighting().algorithm();
        light_sources(
            algorithm,
            &sources,
            map.size(),
            |p| map.is_opaque(p),
            &mut scratch,
            &mut lit,
        );
        let mut cells: Vec<Point> = lit.iter().collect();
        cells.sort_by_key(|p| (p.y, p.x));
        cells
    }

    #[test]
    fn the_cached_glow_lights_what_a_full_relight_lights() {
        let rows = [
            "10 5",
            "3 1",
            "W W W W W G G G W W",
            "W F W G W S G G G G",
            "W F F G S L S G G L",
            "W F F G G S G G G W",
            "W W W F G L G G G G",
        ];
        let world = UltimaWorld::parse(rows.join("\n").as_bytes()).expect("a world");
        let mut game = Ultima::new(world);
        let east = Action::Move(CardinalDirection::East);
        let south = Action::Move(CardinalDirection::South);
        let script = [east, east, Action::TorchUp, east, south, Action::ToggleLighting, east, east];
        for action in script {
            game.apply(action);
            let size = game.size();
            let lit: Vec<Point> = (0..size.height as i32)
                .flat_map(|y| (0..size.width as i32).map(move |x| Point::new(x, y)))
                .filter(|&p| game.is_lit(p))
                .collect();
            let expected = lit_from_scratch(&game);
            assert_eq!(lit, expected, "after {action:?}");
            assert_eq!(game.lit_count(), expected.len());
        }
    }

    #[test]
    fn lighting_toggles() {
        assert_eq!(Lighting::default(), Lighting::Occluding);
        assert_eq!(Lighting::Occluding.toggled(), Lighting::Classic);
        assert_eq!(Lighting::Classic.algorithm(), Algorithm::Torch);
    }
}
