//! Areas: a square of ground inside a wall, four portals, and what lives there
//! (seed §2.2, §2.6.3, §3.1, §3.3, §4.1.1, §5.1, §5.2).

use torchlit_geom::{CardinalDirection, Grid, Point, Size};
use torchlit_procgen::{AreaKind, Difficulty, WALL};
use torchlit_rng::{Rng, Seed};

use super::Event;
use super::boss::Boss;
use super::cell::CellType;
use super::collectable::{Heart, Key, Pickaxe, Treasure};
use super::dialog::{Dialog, DialogHandler, DialogId};
use super::geometry::{Side, from_seed, inside_portal, is_interior, portal_cells};
use super::monster::{LogMonster, MonsterState};
use super::portal::Portal;
use super::rock::Rock;
use super::rules::{DECOY_KEY_ID, KeyNumber, MAX_MONSTERS_PER_AREA, SPAWN_KEY_ID};
use super::thing::Thing;
use crate::engine::{ActorId, Actors};

/// An area's index in its level (`Spawn` is 0, `BossArea` the last).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct AreaId(pub u32);

impl AreaId {
    /// As an index into the level's areas.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A logic signal (seed §5.2): one per area, on when that area's challenge is solved.
/// Areas refer to each other's signals only by this number, never to the areas.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SignalId(pub u32);

/// What turns an area's signal on (seed §5.2). Data, so an area's challenge changes
/// without touching other code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Challenge {
    /// On when no enemy (alive or vanishing) and no key is left in the area: for
    /// `BossArea`, "defeat the boss and take the key it drops".
    ClearEnemiesAndKeys,
    /// On when another signal is on (maze areas and `Spawn` follow `BossArea`'s).
    Follow(SignalId),
    /// Never on.
    Never,
}

/// One area of the level.
///
/// Shape: `(size + 2) × (size + 2)` cells in map space ([`super::geometry`]), a wall
/// border with the four portals' doorways, `size × size` ground inside.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Area {
    kind: AreaKind,
    title: String,
    difficulty: Option<Difficulty>,
    key: Option<KeyNumber>,
    cells: Grid<CellType>,
    things: Actors<Thing>,
    portals: [ActorId; 4],
    graph: Grid<bool>,
    challenge: Challenge,
    hint: Option<DialogId>,
    reward: Option<Point>,
    reward_given: bool,
    solved: bool,
}

impl std::hash::Hash for Area {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.kind.hash(h);
        self.title.hash(h);
        self.difficulty.hash(h);
        self.key.hash(h);
        self.cells.hash(h);
        self.things.len().hash(h);
        for (id, t) in self.things.iter() {
            id.hash(h);
            t.hash(h);
        }
        self.portals.hash(h);
        self.graph.hash(h);
        self.challenge.hash(h);
        self.hint.hash(h);
        self.reward.hash(h);
        (self.reward_given, self.solved).hash(h);
    }
}

/// The portable form of an area for [`super::Maze::state_hash`]: every field but the
/// difficulty (which the config decides), the kind as its index.
#[cfg(feature = "serde")]
impl serde::Serialize for Area {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let kind: u8 = match self.kind {
            AreaKind::Spawn => 0,
            AreaKind::Small => 1,
            AreaKind::Medium => 2,
            AreaKind::Large => 3,
            AreaKind::Boss => 4,
        };
        (
            kind,
            &self.title,
            self.key,
            &self.cells,
            &self.things,
            self.portals,
            &self.graph,
            self.challenge,
            self.hint,
            self.reward,
            (self.reward_given, self.solved),
        )
            .serialize(s)
    }
}

/// ICMaze's grid (behaviour) name of an area kind: `Spawn` and `BossArea` use
/// `"SmallArea"` (seed §2.1).
pub fn grid_name(kind: AreaKind) -> &'static str {
    match kind {
        AreaKind::Spawn | AreaKind::Boss | AreaKind::Small => "SmallArea",
        AreaKind::Medium => "MediumArea",
        AreaKind::Large => "LargeArea",
    }
}

impl Area {
    /// An empty area of `kind`: the border wall, ground inside, four invisible portals,
    /// no challenge.
    fn empty(kind: AreaKind, title: String) -> Area {
        let size = kind.side();
        let n = size + 2;
        let mut cells = Grid::from_fn(Size::new(n, n), |p| {
            if is_interior(p, size) { CellType::Ground } else { CellType::Wall }
        });
        let mut things = Actors::new();
        let portals = Side::ALL.map(|side| {
            for c in portal_cells(side, size) {
                if let Some(cell) = cells.get_mut(c) {
                    *cell = CellType::Ground;
                }
            }
            things.insert(Thing::Portal(Portal::new(side, size)))
        });
        let graph = Grid::from_fn(Size::new(n, n), |p| is_interior(p, size));
        Area {
            kind,
            title,
            difficulty: None,
            key: None,
            cells,
            things,
            portals,
            graph,
            challenge: Challenge::Never,
            hint: None,
            reward: None,
            reward_given: false,
            solved: false,
        }
    }

    /// `Spawn` (seed §2.4.1, §2.5, §2.6.1, §3.1.1, §5.2, §5.3.1): the pickaxe at seed
    /// `(5, 4)`, a heart at `(4, 5)`, the key `Integer.MAX_VALUE` at `(6, 5)`, the decoy
    /// key `Integer.MAX_VALUE - 1` at `(1, 2)`, a rock at `(7, 2)` (ICMaze says
    /// "somewhere"), the welcome dialog, and a treasure at `(4, 4)` once `follows` is on.
    pub(crate) fn spawn(follows: SignalId) -> Area {
        let mut a = Area::empty(AreaKind::Spawn, "icmaze/Spawn".to_string());
        let s = a.size();
        a.things.insert(Thing::Pickaxe(Pickaxe { at: from_seed(5, 4, s) }));
        a.things.insert(Thing::Heart(Heart { at: from_seed(4, 5, s) }));
        a.things.insert(Thing::Key(Key { at: from_seed(6, 5, s), id: SPAWN_KEY_ID }));
        a.things.insert(Thing::Key(Key { at: from_seed(1, 2, s), id: DECOY_KEY_ID }));
        let rock = from_seed(7, 2, s);
        a.things.insert(Thing::Rock(Rock::new(rock)));
        if let Some(node) = a.graph.get_mut(rock) {
            *node = false;
        }
        a.hint = Some(DialogId::Welcome);
        a.reward = Some(from_seed(4, 4, s));
        a.challenge = Challenge::Follow(follows);
        a
    }

    /// `BossArea` (seed §5.1): the boss idle in the middle; solved when the boss is dead
    /// and its key taken.
    pub(crate) fn boss() -> Area {
        let mut a = Area::empty(AreaKind::Boss, "icmaze/Boss".to_string());
        a.things.insert(Thing::Boss(Boss::new(a.size())));
        a.challenge = Challenge::ClearEnemiesAndKeys;
        a
    }

    /// A maze area (seed §3.1, §3.2.1, §3.3, §4.1.1): rocks on the maze's wall cells
    /// except the cells just inside `entry` and `exit`, the graph of path cells, the key
    /// `key` and the log monsters on random path cells. `maze` is `size × size` (procgen's
    /// [`WALL`] cells become rocks), placed at `(1, 1)`; `seed` drives the placements.
    /// With `clearance`, no monster starts within that many steps of a cell where the hero
    /// arrives ([`Rules::spawn_clearance`](super::Rules::spawn_clearance)).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn maze(
        kind: AreaKind,
        difficulty: Difficulty,
        key: KeyNumber,
        maze: &Grid<u8>,
        sides: [Option<Side>; 2],
        seed: Seed,
        follows: SignalId,
        clearance: Option<u32>,
    ) -> Area {
        let title = format!("icmaze/{}[{key}]", grid_name(kind));
        let mut a = Area::empty(kind, title);
        let s = a.size();
        a.difficulty = Some(difficulty);
        a.key = Some(key);
        a.challenge = Challenge::Follow(follows);
        let keep_clear: Vec<Point> =
            sides.iter().flatten().flat_map(|&side| inside_portal(side, s)).collect();
        for (m, &v) in maze.iter() {
            let p = Point::new(m.x + 1, m.y + 1);
            if v == WALL && is_interior(p, s) && !keep_clear.contains(&p) {
                a.things.insert(Thing::Rock(Rock::new(p)));
                if let Some(node) = a.graph.get_mut(p) {
                    *node = false;
                }
            }
        }
        // Seed §3.3: the graph's cells, shuffled; the key on the first. Then §4.1.1: how
        // many monsters, their states, and the next cells for them (with a clearance, the
        // next ones far enough from the arrivals). Cells just inside the portals stay
        // free, so nothing ever stands where the hero arrives.
        let steps = clearance.map(|_| {
            let arrivals: Vec<Point> =
                sides.iter().flatten().map(|&side| super::geometry::arrival(side, s)).collect();
            steps_from(&a.graph, &arrivals)
        });
        let far_enough = |p: &Point| match (clearance, &steps) {
            (Some(n), Some(steps)) => steps.get(*p).is_none_or(|d| d.is_none_or(|d| d > n)),
            _ => true,
        };
        let mut rng = Rng::new(seed.derive("maze-area/actors", &[]));
        let mut spots: Vec<Point> = a
            .graph
            .iter()
            .filter(|&(p, &n)| n && !keep_clear.contains(&p))
            .map(|(p, _)| p)
            .collect();
        rng.shuffle(&mut spots);
        let mut spots = spots.into_iter();
        if let Some(at) = spots.next() {
            a.things.insert(Thing::Key(Key { at, id: key }));
        }
        let ratio = difficulty.hardness();
        let mut count = 0;
        while count < MAX_MONSTERS_PER_AREA && rng.next_f64() < 0.25 + 0.60 * ratio {
            count += 1;
        }
        let p_target = 0.10 + 0.70 * ratio;
        let p_random = 0.20;
        let p_sleeping = 1.0 - (p_target + p_random);
        for _ in 0..count {
            let x = rng.next_f64();
            let state = if x < p_sleeping {
                MonsterState::Sleeping
            } else if x < p_sleeping + p_random {
                MonsterState::Wandering
            } else {
                MonsterState::Chasing
            };
            if let Some(at) = spots.find(far_enough) {
                a.things.insert(Thing::LogMonster(LogMonster::new(at, state)));
            }
        }
        a
    }

    /// Sets the portal on `side`: its state, key and destination.
    pub(crate) fn set_portal(
        &mut self,
        side: Side,
        state: super::portal::PortalState,
        key: KeyNumber,
        link: super::portal::Link,
    ) {
        if let Some(Thing::Portal(p)) = self.things.get_mut(self.portals[side.index()]) {
            p.set(state, key, Some(link));
        }
    }

    /// What kind of area this is.
    pub fn kind(&self) -> AreaKind {
        self.kind
    }

    /// ICMaze's title: `icmaze/Spawn`, `icmaze/Boss`, `icmaze/SmallArea[1]`...
    pub fn title(&self) -> &str {
        &self.title
    }

    /// The side of the ground square (8, 16 or 32); the grid is two cells larger.
    pub fn size(&self) -> u32 {
        self.kind.side()
    }

    /// The maze's difficulty (maze areas only).
    pub fn difficulty(&self) -> Option<Difficulty> {
        self.difficulty
    }

    /// The key identifier that opens the exit (maze areas only).
    pub fn key(&self) -> Option<KeyNumber> {
        self.key
    }

    /// The cell type at `p` ([`CellType::None`] outside the grid).
    pub fn cell(&self, p: Point) -> CellType {
        self.cells.get(p).copied().unwrap_or(CellType::None)
    }

    /// The grid of cell types.
    pub fn cells(&self) -> &Grid<CellType> {
        &self.cells
    }

    /// The graph of path cells (seed §3.3): ground cells without a rock (cells of broken
    /// rocks join it).
    pub fn graph(&self) -> &Grid<bool> {
        &self.graph
    }

    /// Every thing in the area, in id order, including rocks hidden by a solved area
    /// (see [`Area::present_things`]).
    pub fn things(&self) -> impl Iterator<Item = (ActorId, &Thing)> {
        self.things.iter()
    }

    /// The things that are part of the area now (what to draw).
    pub fn present_things(&self) -> impl Iterator<Item = (ActorId, &Thing)> {
        let gone = self.maze_gone();
        self.things.iter().filter(move |(_, t)| t.present(gone))
    }

    /// The portal on `side`.
    pub fn portal(&self, side: Side) -> Option<&Portal> {
        match self.things.get(self.portals[side.index()]) {
            Some(Thing::Portal(p)) => Some(p),
            _ => None,
        }
    }

    /// Whether its signal is on (its challenge solved).
    pub fn is_solved(&self) -> bool {
        self.solved
    }

    /// Whether its maze has disappeared: a maze area whose signal is on (seed §5.2: no
    /// drawing, rocks no longer block, monsters stay asleep). `Spawn`'s lone rock stays.
    pub fn maze_gone(&self) -> bool {
        self.solved && self.kind.is_maze()
    }

    /// Its challenge.
    pub fn challenge(&self) -> Challenge {
        self.challenge
    }

    /// Whether an actor that takes cell space could step into `p` if nobody else stood
    /// there but the things of the area: a traversable cell without a present thing that
    /// takes cell space (seed §2.3).
    pub fn is_free(&self, p: Point) -> bool {
        self.cell(p).is_traversable()
            && !self
                .things
                .iter()
                .any(|(_, t)| t.present(self.maze_gone()) && t.takes_cell_space() && t.occupies(p))
    }

    /// The occupancy grid: `true` where an actor that takes cell space cannot step
    /// (untraversable cells, present cell-space takers, and `hero`).
    pub(crate) fn occupancy(&self, hero: Point) -> Grid<bool> {
        occupancy(&self.cells, &self.things, self.maze_gone(), hero)
    }

    /// Evaluates this area's own challenge given the signals so far.
    pub(crate) fn signal(&self, signals: &[bool]) -> bool {
        match self.challenge {
            Challenge::ClearEnemiesAndKeys => {
                !self.things.iter().any(|(_, t)| t.is_unfinished_business())
            }
            Challenge::Follow(s) => signals.get(s.0 as usize).copied().unwrap_or(false),
            Challenge::Never => false,
        }
    }

    /// Takes the value of its signal: a solved area hides its maze (rocks) and shows its
    /// reward (the treasure in `Spawn`).
    pub(crate) fn apply_signal(&mut self, on: bool, events: &mut Vec<Event>) {
        self.solved = on;
        if on
            && !self.reward_given
            && let Some(at) = self.reward
        {
            self.reward_given = true;
            self.things.insert(Thing::Treasure(Treasure { at }));
            events.push(Event::TreasureAppeared { at });
        }
    }

    /// Its first update (seed §5.3.1): publishes its hint, if it has one.
    pub(crate) fn first_update(&self, handler: &mut dyn DialogHandler) {
        if let Some(hint) = self.hint {
            handler.publish(Dialog::new(hint));
        }
    }

    pub(crate) fn parts_mut(
        &mut self,
    ) -> (&Grid<CellType>, &mut Actors<Thing>, &mut Grid<bool>, bool) {
        let gone = self.maze_gone();
        (&self.cells, &mut self.things, &mut self.graph, gone)
    }

    pub(crate) fn things_mut(&mut self) -> &mut Actors<Thing> {
        &mut self.things
    }

    /// The hero's arrival cell through `side`.
    pub fn arrival(&self, side: Side) -> Point {
        super::geometry::arrival(side, self.size())
    }
}

/// Steps from the nearest of `starts` to every cell over `graph`'s `true` cells (4-way,
/// breadth-first search); `None` where no start reaches.
pub(crate) fn steps_from(graph: &Grid<bool>, starts: &[Point]) -> Grid<Option<u32>> {
    let mut steps = graph.map(|_| None);
    let mut queue = std::collections::VecDeque::new();
    for &p in starts {
        if let Some(d) = steps.get_mut(p) {
            *d = Some(0);
            queue.push_back((p, 0));
        }
    }
    while let Some((p, d)) = queue.pop_front() {
        for c in CardinalDirection::ALL {
            let q = p + c.offset();
            if graph.get(q) == Some(&true)
                && let Some(seen @ None) = steps.get_mut(q)
            {
                *seen = Some(d + 1);
                queue.push_back((q, d + 1));
            }
        }
    }
    steps
}

/// The direction as a side, for the level chain's directions.
pub(crate) fn side_of(d: CardinalDirection) -> Side {
    Side::from_direction(d)
}

/// The occupancy grid of an area's parts: `true` where an actor that takes cell space
/// cannot step (untraversable cells, present cell-space takers, and `hero`).
pub(crate) fn occupancy(
    cells: &Grid<CellType>,
    things: &Actors<Thing>,
    solved: bool,
    hero: Point,
) -> Grid<bool> {
    let mut g = cells.map(|c| !c.is_traversable());
    for (_, t) in things.iter() {
        if t.present(solved) && t.takes_cell_space() {
            let taken = match t {
                Thing::Portal(p) => p.cells(),
                other => [other.at(), other.at()],
            };
            for c in taken {
                if let Some(b) = g.get_mut(c) {
                    *b = true;
                }
            }
        }
    }
    if let Some(b) = g.get_mut(hero) {
        *b = true;
    }
    g
}
