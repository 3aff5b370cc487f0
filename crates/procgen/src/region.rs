//! The infinite cave world of CaveGame (Freddy Heppell's AQA Computer Science NEA): square regions, each a pure function of the world
//! seed and its coordinates, seamless across borders and connected to its neighbours.

use std::collections::{BTreeMap, VecDeque};

use torchlit_geom::{CardinalDirection, Grid, Point, Rect, Size};
use torchlit_map::TileMap;
use torchlit_rng::{Rng, Seed};

use crate::cave::{CaveCell, CaveParams, RockBits};
use crate::components::{self, NONE, STEPS};
use crate::error::check_probability;
use crate::noise::{Threshold, cell_hash};
use crate::{GenError, MAX_AREA, MAX_SIDE, spiral_offsets};

/// The side of a region, in cells, unless the parameters say otherwise (CaveGame's `d`).
pub const DEFAULT_REGION_SIZE: u32 = 50;
/// The smallest region side accepted.
pub const MIN_REGION_SIZE: u32 = 8;
/// The largest region side accepted.
pub const MAX_REGION_SIZE: u32 = 1024;
/// The largest radius [`Overworld::spawn`] searches.
pub const MAX_SPAWN_RADIUS: u32 = 4096;

/// A region's address: region `(x, y)` holds the world cells `x·S .. x·S + S` ×
/// `y·S .. y·S + S` for region side `S`. Any integers; `x` grows east, `y` south.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RegionCoord {
    /// Regions east of the origin region (negative: west).
    pub x: i32,
    /// Regions south of the origin region (negative: north).
    pub y: i32,
}

impl RegionCoord {
    /// Makes a region coordinate.
    pub const fn new(x: i32, y: i32) -> RegionCoord {
        RegionCoord { x, y }
    }
}

/// The region holding the world cell `p`, and `p`'s cell coordinates inside it (each from
/// `0` to `region_size − 1`), for square regions of `region_size` cells (0 is taken as 1).
///
/// CaveGame §2.2: `r = ⌊w / S⌋`, `c = w − S·⌊w / S⌋`, floor division and modulo, so
/// negative world coordinates fall in negative regions with non-negative cell
/// coordinates. (The seed numbers cells from a region's bottom-left with `y` up; in map
/// space `y` grows south, so cell `(0, 0)` is a region's top-left.)
///
/// ```
/// use torchlit_geom::Point;
/// use torchlit_procgen::{region_to_world, world_to_region, RegionCoord};
///
/// let (r, c) = world_to_region(Point::new(-1, 120), 50);
/// assert_eq!((r, c), (RegionCoord::new(-1, 2), Point::new(49, 20)));
/// assert_eq!(region_to_world(r, c, 50), Some(Point::new(-1, 120)));
/// ```
pub fn world_to_region(p: Point, region_size: u32) -> (RegionCoord, Point) {
    let s = i64::from(region_size.max(1));
    let (x, y) = (i64::from(p.x), i64::from(p.y));
    // |x| ≤ 2³¹ and s ≥ 1, so both quotients fit in i32 and both remainders below s.
    (
        RegionCoord::new(x.div_euclid(s) as i32, y.div_euclid(s) as i32),
        Point::new(x.rem_euclid(s) as i32, y.rem_euclid(s) as i32),
    )
}

/// The world cell of cell `cell` of region `region`: `region·S + cell`; `None` when it
/// does not fit in `i32`.
pub fn region_to_world(region: RegionCoord, cell: Point, region_size: u32) -> Option<Point> {
    let s = i64::from(region_size);
    let x = i64::from(region.x) * s + i64::from(cell.x);
    let y = i64::from(region.y) * s + i64::from(cell.y);
    Some(Point::new(i32::try_from(x).ok()?, i32::try_from(y).ok()?))
}

/// The parameters of an infinite cave world. The defaults are CaveGame's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OverworldParams {
    /// The side of every (square) region, in cells: [`MIN_REGION_SIZE`] to
    /// [`MAX_REGION_SIZE`]. Default [`DEFAULT_REGION_SIZE`] (50).
    pub region_size: u32,
    /// The cave automaton (default: the paper's `r = 0.5`, `T = 5`, `a = 4`).
    pub cave: CaveParams,
    /// The probability that a floor cell holds a chest (0 to 1). Default 0.005 (CaveGame's
    /// `fChestSpawnBoundary = 0.995`).
    pub chest_probability: f64,
}

impl Default for OverworldParams {
    fn default() -> Self {
        OverworldParams {
            region_size: DEFAULT_REGION_SIZE,
            cave: CaveParams::default(),
            chest_probability: 0.005,
        }
    }
}

/// One generated region: its cells (floor, rock, wall) and its chests.
///
/// Cell coordinates are relative to the region's top-left cell (see [`world_to_region`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Region {
    coord: RegionCoord,
    cells: Grid<CaveCell>,
    chests: Vec<Point>,
}

impl Region {
    /// Where this region lies.
    pub const fn coord(&self) -> RegionCoord {
        self.coord
    }

    /// The cells, `S × S`, in cell coordinates.
    pub fn cells(&self) -> &Grid<CaveCell> {
        &self.cells
    }

    /// The cell at `cell` (cell coordinates), or `None` outside the region.
    pub fn cell(&self, cell: Point) -> Option<CaveCell> {
        self.cells.get(cell).copied()
    }

    /// The floor cells holding a chest, in reading order (cell coordinates).
    pub fn chests(&self) -> &[Point] {
        &self.chests
    }

    /// Whether `cell` holds a chest.
    pub fn has_chest(&self, cell: Point) -> bool {
        self.chests.binary_search_by(|c| (c.y, c.x).cmp(&(cell.y, cell.x))).is_ok()
    }

    /// Whether a player may be spawned on `cell` (CaveGame's `isSpawnAllowed`): floor
    /// without a chest.
    pub fn is_spawnable(&self, cell: Point) -> bool {
        self.cell(cell).is_some_and(CaveCell::is_floor) && !self.has_chest(cell)
    }

    /// The region as a tile map of its cells (map it to your own terrain with
    /// [`TileMap::map`]).
    pub fn to_tile_map(&self) -> TileMap<CaveCell> {
        TileMap::from_grid(self.cells.clone())
    }

    /// A canonical byte encoding: coordinates and side (little-endian `i32`, `i32`,
    /// `u32`), one [`CaveCell::to_byte`] per cell in reading order, the number of chests
    /// (`u32`) and each chest's `x`, `y` (`u16`). Equal regions give equal bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(16 + self.cells.size().area() + 4 * self.chests.len());
        out.extend_from_slice(&self.coord.x.to_le_bytes());
        out.extend_from_slice(&self.coord.y.to_le_bytes());
        out.extend_from_slice(&self.cells.width().to_le_bytes());
        out.extend(self.cells.values().map(|c| c.to_byte()));
        out.extend_from_slice(&(self.chests.len() as u32).to_le_bytes());
        for c in &self.chests {
            out.extend_from_slice(&(c.x as u16).to_le_bytes());
            out.extend_from_slice(&(c.y as u16).to_le_bytes());
        }
        out
    }
}

/// An infinite world of cave regions (CaveGame §2.2, §2.4.1, requirements 2.x and 3.x).
///
/// # How a region is made
///
/// 1. **Noise.** Every world cell starts as rock with probability `r`, from a hash of
///    `(world seed, x, y)`: the same for a cell whatever region asks.
/// 2. **Automaton.** The [`crate::CaRule`] runs `a` times over the region plus a margin of
///    `a + 1` cells; the region and its one-cell ring are then exactly the automaton on
///    the infinite plane (a cell after `a` steps depends only on the noise within `a`
///    cells), so neighbouring regions agree where they meet: the cave runs on across
///    borders. A corner cell of a region keeps its floor only when one of its two
///    neighbours along the border, inside the same region, is floor too (otherwise it
///    could not be joined to its region without digging the border); a rule on the
///    natural cave alone, so every region applies it alike.
/// 3. **Crossings.** Each border between two regions gets one crossing at a position
///    derived from the pair (`Seed::derive("overworld/crossing", …)`, never a corner):
///    the two cells on each side of the border are dug out.
/// 4. **Connection.** All floor components of the region (4-way) are joined to the one
///    holding its north crossing by tunnels dug breadth-first through rock, only in the
///    region's interior (never its border ring), so each region's border ring is the
///    natural cave plus the crossings, which is all its neighbours assume.
/// 5. **Walls.** Rock with floor among its 8 neighbours (across borders too) is labelled
///    [`CaveCell::Wall`].
/// 6. **Chests.** A floor cell holds a chest when a hash of `(seed, x, y)` falls below
///    [`OverworldParams::chest_probability`] (the hook the overworld mode uses).
///
/// So a region is a pure function of the world seed and its coordinates: the same bytes
/// whether made first, last, alone or among neighbours, and it never needs its
/// neighbours. Every floor cell of a region is reachable (4-way, inside the region) from
/// all four of its crossings, so the whole world is one connected cave. (The paper joins
/// grids by digging between the nearest floor cells and smoothing `b` more times; that
/// needs the neighbour, so this world uses fixed crossings instead.)
///
/// ```
/// use torchlit_procgen::{Overworld, OverworldParams, RegionCoord};
/// use torchlit_rng::Seed;
///
/// let world = Overworld::new(Seed::from_text("abc123"), OverworldParams::default())?;
/// let here = world.region(RegionCoord::new(0, 0))?;
/// let again = world.region(RegionCoord::new(0, 0))?;
/// assert_eq!(here.to_bytes(), again.to_bytes());
/// let spawn = world.spawn(torchlit_geom::Point::new(0, 0), 100)?;
/// # let _ = spawn;
/// # Ok::<(), torchlit_procgen::GenError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Overworld {
    seed: Seed,
    params: OverworldParams,
    noise_key: u64,
    chest_key: u64,
}

impl Overworld {
    /// A world for `seed` (any text is a seed: [`Seed::from_text`]).
    ///
    /// # Errors
    /// [`GenError::BadParameter`] for a region side outside
    /// [`MIN_REGION_SIZE`]..=[`MAX_REGION_SIZE`], a bad cave parameter or a chest
    /// probability outside `[0, 1]`.
    pub fn new(seed: Seed, params: OverworldParams) -> Result<Overworld, GenError> {
        if !(MIN_REGION_SIZE..=MAX_REGION_SIZE).contains(&params.region_size) {
            return Err(GenError::bad("region_size", "from 8 to 1024", params.region_size));
        }
        params.cave.validate()?;
        check_probability("chest_probability", params.chest_probability)?;
        Ok(Overworld {
            seed,
            params,
            noise_key: seed.derive("overworld/noise", &[]).0,
            chest_key: seed.derive("overworld/chest", &[]).0,
        })
    }

    /// The world seed.
    pub const fn seed(&self) -> Seed {
        self.seed
    }

    /// The parameters.
    pub const fn params(&self) -> &OverworldParams {
        &self.params
    }

    /// The region side `S`, in cells.
    pub const fn region_size(&self) -> u32 {
        self.params.region_size
    }

    /// The cell (cell coordinates of `region`) where `region`'s crossing on `side` lies,
    /// on its border ring: `(k, 0)` north, `(S−1, k)` east, `(k, S−1)` south, `(0, k)`
    /// west, with `1 ≤ k ≤ S−2` derived from the pair of regions that share the border.
    /// The neighbour across that border has its own crossing cell right opposite.
    pub fn crossing(&self, region: RegionCoord, side: CardinalDirection) -> Point {
        let s = self.params.region_size as i32;
        let (rx, ry) = (i64::from(region.x), i64::from(region.y));
        // Vertical borders are named by the region west of them, horizontal borders by
        // the region north of them.
        let k = |axis: i64, x: i64, y: i64| -> i32 {
            let sub = self.seed.derive("overworld/crossing", &[axis, x, y]);
            1 + Rng::new(sub).below(u64::from(self.params.region_size - 2)) as i32
        };
        match side {
            CardinalDirection::North => Point::new(k(1, rx, ry - 1), 0),
            CardinalDirection::East => Point::new(s - 1, k(0, rx, ry)),
            CardinalDirection::South => Point::new(k(1, rx, ry), s - 1),
            CardinalDirection::West => Point::new(0, k(0, rx - 1, ry)),
        }
    }

    /// For a world cell that is a corner of its region, the steps `(dx, dy)` towards the
    /// region's inside (each ±1); `None` for other cells.
    fn corner_inside(&self, x: i64, y: i64) -> Option<(i64, i64)> {
        let s = i64::from(self.params.region_size);
        let inside = |v: i64| match v.rem_euclid(s) {
            0 => Some(1),
            c if c == s - 1 => Some(-1),
            _ => None,
        };
        Some((inside(x)?, inside(y)?))
    }

    /// The natural cave (steps 1 and 2 above: noise, automaton, corners settled) over
    /// `w × h` world cells from `(x0, y0)`: row-major, `true` = rock.
    fn natural(&self, x0: i64, y0: i64, w: usize, h: usize) -> Vec<bool> {
        // The automaton over the window plus one cell (corners look at their neighbours)
        // plus `a` cells of margin, so that the inner part is exact.
        let a = self.params.cave.iterations as usize;
        let m = a + 1;
        let size = Size::new((w + 2 * m) as u32, (h + 2 * m) as u32);
        let origin = (x0 - m as i64, y0 - m as i64);
        let mut rock =
            RockBits::noise(self.noise_key, origin, size, self.params.cave.rock_probability);
        let mut next = RockBits::new(size, true);
        for _ in 0..a {
            self.params.cave.rule.step_bits(&rock, &mut next);
            std::mem::swap(&mut rock, &mut next);
        }
        // `raw(x, y)` for x in -1..=w, y in -1..=h (window coordinates).
        let raw = |x: i64, y: i64| {
            rock.get(Point::new((x + m as i64) as i32, (y + m as i64) as i32)).unwrap_or(true)
        };
        let mut out = Vec::with_capacity(w * h);
        for y in 0..h as i64 {
            for x in 0..w as i64 {
                let r = match self.corner_inside(x0 + x, y0 + y) {
                    // A corner keeps its floor only if a border neighbour inside its own
                    // region has floor too, through which it can be joined to the region.
                    Some((dx, dy)) => raw(x, y) || (raw(x + dx, y) && raw(x, y + dy)),
                    None => raw(x, y),
                };
                out.push(r);
            }
        }
        out
    }

    /// The natural cave seen through `window` (world cells): the automaton on the infinite
    /// plane with region corners settled, before crossings, tunnels and labels; `true` =
    /// rock. Every region's border ring equals this except at its crossings, which is what
    /// makes borders seamless.
    ///
    /// # Errors
    /// [`GenError::TooLarge`] for a window past [`MAX_SIDE`] / [`MAX_AREA`].
    pub fn natural_rock(&self, window: Rect) -> Result<Grid<bool>, GenError> {
        let Size { width, height } = window.size;
        if width > MAX_SIDE || height > MAX_SIDE || window.size.area() > MAX_AREA {
            return Err(GenError::TooLarge {
                what: "window",
                width: u64::from(width),
                height: u64::from(height),
                depth: 1,
            });
        }
        let cells = self.natural(
            i64::from(window.origin.x),
            i64::from(window.origin.y),
            width as usize,
            height as usize,
        );
        Grid::from_vec(window.size, cells).ok_or(GenError::TooLarge {
            what: "window",
            width: u64::from(width),
            height: u64::from(height),
            depth: 1,
        })
    }

    /// Generates the region at `at` (see the type's docs for how).
    ///
    /// # Errors
    /// [`GenError::RegionOutOfRange`] when the region's cells do not fit in `i32` world
    /// coordinates.
    pub fn region(&self, at: RegionCoord) -> Result<Region, GenError> {
        let s = i64::from(self.params.region_size);
        let (ox, oy) = (i64::from(at.x) * s, i64::from(at.y) * s);
        let fits = |o: i64| o >= i64::from(i32::MIN) && o + s - 1 <= i64::from(i32::MAX);
        if !fits(ox) || !fits(oy) {
            return Err(GenError::RegionOutOfRange { x: at.x, y: at.y });
        }
        let su = s as usize;
        // The region and its one-cell ring: ext (i, j) is region cell (i − 1, j − 1).
        let n = su + 2;
        let mut ext_rock = self.natural(ox - 1, oy - 1, n, n);
        let crossings = CardinalDirection::ALL.map(|side| (side, self.crossing(at, side)));
        for &(side, c) in &crossings {
            let o = side.offset();
            for step in [1, 0, -1] {
                let (x, y) = (c.x + o.dx * step + 1, c.y + o.dy * step + 1);
                ext_rock[y as usize * n + x as usize] = false;
            }
        }

        let mut floor: Vec<bool> =
            (0..su * su).map(|i| !ext_rock[(i / su + 1) * n + i % su + 1]).collect();
        let north = crossings[0].1;
        connect(&mut floor, su, north.y as usize * su + north.x as usize);
        for (i, &f) in floor.iter().enumerate() {
            ext_rock[(i / su + 1) * n + i % su + 1] = !f;
        }

        let mut cells = Vec::with_capacity(su * su);
        let mut chests = Vec::new();
        let chest = Threshold::new(self.params.chest_probability);
        for y in 0..su {
            for x in 0..su {
                if floor[y * su + x] {
                    cells.push(CaveCell::Floor);
                    if chest.hit(cell_hash(self.chest_key, ox + x as i64, oy + y as i64)) {
                        chests.push(Point::new(x as i32, y as i32));
                    }
                    continue;
                }
                let near_floor = STEPS.iter().any(|&(dx, dy)| {
                    let (ex, ey) = ((x as i32 + 1 + dx) as usize, (y as i32 + 1 + dy) as usize);
                    !ext_rock[ey * n + ex]
                });
                cells.push(if near_floor { CaveCell::Wall } else { CaveCell::Rock });
            }
        }
        let size = Size::new(self.params.region_size, self.params.region_size);
        let cells =
            Grid::from_vec(size, cells).ok_or(GenError::RegionOutOfRange { x: at.x, y: at.y })?;
        Ok(Region { coord: at, cells, chests })
    }

    /// The nearest spawnable world cell to `near` (floor without a chest), searching in
    /// the order of the spiral ([`crate::spiral`], CaveGame §2.4.4) out to Chebyshev
    /// distance `radius`: the first one found is at the smallest Chebyshev distance.
    /// Generates the regions it looks at.
    ///
    /// # Errors
    /// [`GenError::BadParameter`] for a radius above [`MAX_SPAWN_RADIUS`];
    /// [`GenError::NoSpawn`] when no cell within the radius qualifies;
    /// [`GenError::RegionOutOfRange`] from [`Overworld::region`].
    pub fn spawn(&self, near: Point, radius: u32) -> Result<Point, GenError> {
        if radius > MAX_SPAWN_RADIUS {
            return Err(GenError::bad("radius", "at most 4096", radius));
        }
        let mut regions: BTreeMap<RegionCoord, Region> = BTreeMap::new();
        for o in spiral_offsets(radius) {
            let (Some(x), Some(y)) = (near.x.checked_add(o.dx), near.y.checked_add(o.dy)) else {
                continue;
            };
            let p = Point::new(x, y);
            let (rc, cell) = world_to_region(p, self.params.region_size);
            let region = match regions.entry(rc) {
                std::collections::btree_map::Entry::Occupied(e) => e.into_mut(),
                std::collections::btree_map::Entry::Vacant(e) => match self.region(rc) {
                    Ok(r) => e.insert(r),
                    Err(GenError::RegionOutOfRange { .. }) => continue,
                    Err(other) => return Err(other),
                },
            };
            if region.is_spawnable(cell) {
                return Ok(p);
            }
        }
        Err(GenError::NoSpawn { x: near.x, y: near.y, radius })
    }
}

/// Joins every floor component (4-way) of a row-major `s × s` region to the one holding
/// `start`: breadth-first from the joined cells through interior rock; on touching an
/// unjoined component, digs the path back and joins that component.
fn connect(floor: &mut [bool], s: usize, start: usize) {
    let (labels, sizes) = components::label(floor, s, s, false);
    if sizes.len() <= 1 || labels[start] == NONE {
        return;
    }
    // Cells of each component, grouped (counting sort by label).
    let mut offsets = vec![0usize; sizes.len() + 1];
    for (i, &n) in sizes.iter().enumerate() {
        offsets[i + 1] = offsets[i] + n;
    }
    let mut fill = offsets.clone();
    let mut members = vec![0u32; offsets[sizes.len()]];
    for (i, &l) in labels.iter().enumerate() {
        if l != NONE {
            members[fill[l as usize]] = i as u32;
            fill[l as usize] += 1;
        }
    }
    let interior = |i: usize| {
        let (x, y) = (i % s, i / s);
        x >= 1 && y >= 1 && x + 2 <= s && y + 2 <= s
    };
    let mut visited = vec![false; floor.len()];
    let mut parent = vec![NONE; floor.len()];
    let mut queue = VecDeque::new();
    let join = |label: u32, visited: &mut [bool], queue: &mut VecDeque<usize>| {
        for &m in &members[offsets[label as usize]..offsets[label as usize + 1]] {
            visited[m as usize] = true;
            queue.push_back(m as usize);
        }
    };
    join(labels[start], &mut visited, &mut queue);
    let mut remaining = sizes.len() - 1;
    while remaining > 0 {
        let Some(u) = queue.pop_front() else { break };
        let (x, y) = ((u % s) as i32, (u / s) as i32);
        for &(dx, dy) in &STEPS[..4] {
            let (nx, ny) = (x + dx, y + dy);
            if nx < 0 || ny < 0 || nx >= s as i32 || ny >= s as i32 {
                continue;
            }
            let v = ny as usize * s + nx as usize;
            if visited[v] {
                continue;
            }
            if floor[v] {
                let mut w = u;
                while !floor[w] {
                    floor[w] = true;
                    w = parent[w] as usize;
                }
                join(labels[v], &mut visited, &mut queue);
                remaining -= 1;
            } else if interior(v) {
                visited[v] = true;
                parent[v] = u as u32;
                queue.push_back(v);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_use_floor_division() {
        assert_eq!(
            world_to_region(Point::new(0, 49), 50),
            (RegionCoord::new(0, 0), Point::new(0, 49))
        );
        assert_eq!(
            world_to_region(Point::new(50, -50), 50),
            (RegionCoord::new(1, -1), Point::new(0, 0))
        );
        assert_eq!(
            world_to_region(Point::new(-51, -1), 50),
            (RegionCoord::new(-2, -1), Point::new(49, 49))
        );
        let far = RegionCoord::new(i32::MAX, 0);
        assert_eq!(region_to_world(far, Point::new(0, 0), 50), None);
        let (r, c) = world_to_region(Point::new(i32::MIN, i32::MAX), 50);
        assert_eq!(region_to_world(r, c, 50), Some(Point::new(i32::MIN, i32::MAX)));
    }

    #[test]
    fn parameters_are_checked() {
        let bad = OverworldParams { region_size: 4, ..OverworldParams::default() };
        assert!(Overworld::new(Seed(1), bad).is_err());
        let bad = OverworldParams { chest_probability: -0.1, ..OverworldParams::default() };
        assert!(Overworld::new(Seed(1), bad).is_err());
        let w = Overworld::new(Seed(1), OverworldParams::default()).expect("valid");
        assert!(matches!(
            w.region(RegionCoord::new(i32::MAX, 0)),
            Err(GenError::RegionOutOfRange { .. })
        ));
        assert!(w.spawn(Point::new(0, 0), MAX_SPAWN_RADIUS + 1).is_err());
    }

    #[test]
    fn crossings_face_each_other() {
        let w = Overworld::new(Seed(9), OverworldParams::default()).expect("valid");
        let a = RegionCoord::new(-3, 4);
        let east = w.crossing(a, CardinalDirection::East);
        let west = w.crossing(RegionCoord::new(-2, 4), CardinalDirection::West);
        assert_eq!((east.x, west.x, east.y), (49, 0, west.y));
        let south = w.crossing(a, CardinalDirection::South);
        let north = w.crossing(RegionCoord::new(-3, 5), CardinalDirection::North);
        assert_eq!((south.y, north.y, south.x), (49, 0, north.x));
        assert!((1..=48).contains(&east.y) && (1..=48).contains(&south.x));
    }
}
