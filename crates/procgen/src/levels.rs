//! Multi-level caves joined by stairs (Trystan's roguelike tutorial, 2011, part 07).

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use torchlit_geom::{Grid, Point, Size};
use torchlit_map::{Terrain, TileMap};
use torchlit_rng::{Rng, Seed};

use crate::GenError;
use crate::cave::{CaRule, CaveParams, RockBits};
use crate::components::{self, NONE, STEPS};
use crate::error::check_size;

/// The largest number of levels accepted.
pub const MAX_DEPTH: u32 = 256;

/// The cap on joining rounds; each at least halves the parts, so 64 is never reached.
const MAX_JOIN_ROUNDS: u32 = 64;

/// The parameters of a multi-level cave.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CaveLevelsParams {
    /// Cells from west to east on every level (at least 8).
    pub width: u32,
    /// Cells from north to south on every level (at least 8).
    pub height: u32,
    /// How many levels (1 to [`MAX_DEPTH`]); level 0 is the top.
    pub depth: u32,
    /// Each level's automaton. Default: `r = 0.5`, the 3×3 majority rule (`T = 5` with
    /// the home cell counted) applied 8 times, the smoothing the tutorial uses.
    pub cave: CaveParams,
    /// Regions (8-way connected floor) smaller than this many cells are filled with
    /// wall. Default 25 (the tutorial's).
    pub min_region: usize,
    /// One more pair of stairs for every this many overlapping cells between two
    /// regions: the tutorial keeps adding stairs while `cells left / stairs > 250`.
    /// Default 250; at least 1.
    pub cells_per_stair: usize,
}

impl Default for CaveLevelsParams {
    fn default() -> Self {
        CaveLevelsParams {
            width: 80,
            height: 40,
            depth: 5,
            cave: CaveParams {
                rock_probability: 0.5,
                rule: CaRule { threshold: 5, include_self: true },
                iterations: 8,
            },
            min_region: 25,
            cells_per_stair: 250,
        }
    }
}

/// One cell of a [`CaveLevels`] level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LevelCell {
    /// Open cave floor.
    Floor,
    /// Rock: impassable, opaque.
    Wall,
    /// Stairs up (to the level above, or out of the caves on level 0): passable.
    StairsUp,
    /// Stairs down to the level below: passable.
    StairsDown,
}

impl Terrain for LevelCell {
    fn is_passable(&self) -> bool {
        *self != LevelCell::Wall
    }

    fn is_opaque(&self) -> bool {
        *self == LevelCell::Wall
    }
}

/// A stack of cave levels: [`LevelCell::Floor`], [`LevelCell::Wall`], and stairs. A
/// [`LevelCell::StairsDown`] at `(x, y)` on level `z` leads to the [`LevelCell::StairsUp`] at the
/// same `(x, y)` on level `z + 1` and back; the one [`LevelCell::StairsUp`] on level 0 is the
/// exit out of the caves ([`CaveLevels::exit`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CaveLevels {
    levels: Vec<TileMap<LevelCell>>,
    exit: Point,
}

impl CaveLevels {
    /// The levels, top (0) first.
    pub fn levels(&self) -> &[TileMap<LevelCell>] {
        &self.levels
    }

    /// How many levels.
    pub fn depth(&self) -> usize {
        self.levels.len()
    }

    /// The size of every level.
    pub fn size(&self) -> Size {
        self.levels.first().map_or(Size::new(0, 0), TileMap::size)
    }

    /// The exit stairs (up, on level 0).
    pub const fn exit(&self) -> Point {
        self.exit
    }
}

/// Generates a `width × height × depth` cave (the roguelike tutorial part 07).
///
/// 1. Each level is a cellular-automaton cave ([`CaveParams`], its noise from
///    `Seed::derive("caves/noise", [z])`), floor or wall.
/// 2. Regions: 8-way connected floor, found by flood fill; regions under
///    [`CaveLevelsParams::min_region`] cells are filled in. (A level left without floor
///    gets a small room dug in its middle.)
/// 3. Stairs, as the tutorial places them: for each level `z` and each pair of regions
///    (one on `z`, one on `z + 1`) that overlap, in reading order, the overlapping cells
///    are shuffled and stairs put on the first ones (down on `z`, up on `z + 1`), one,
///    then more while `cells left / stairs > cells_per_stair`.
/// 4. The exit (stairs up) on a random floor cell of level 0.
/// 5. Then what the tutorial leaves to chance: while some floor is not reachable from the
///    exit (8-way moves on each level plus the stairs), a cell of an unreached part gets
///    stairs to the level above (or below), where a tunnel is dug (4-way, so it works for
///    either movement rule) from the cell under the stairs to the nearest reached floor;
///    with one level the tunnel is dug on the level itself. Each round joins at least
///    two parts, and the rounds are capped.
///
/// Every floor and stairs cell of every level is then reachable from the exit.
///
/// # Errors
/// [`GenError::TooSmall`] below 8×8, [`GenError::TooLarge`] past the size caps,
/// [`GenError::BadParameter`] for a depth of 0 or above [`MAX_DEPTH`], a bad cave
/// parameter or `cells_per_stair = 0`; [`GenError::GaveUp`] if the capped joining
/// rounds run out (not expected).
pub fn cave_levels(seed: Seed, params: &CaveLevelsParams) -> Result<CaveLevels, GenError> {
    let &CaveLevelsParams { width, height, depth, cave, min_region, cells_per_stair } = params;
    if depth == 0 || depth > MAX_DEPTH {
        return Err(GenError::bad("depth", "from 1 to 256", depth));
    }
    check_size("multi-level cave", width, height, depth, (8, 8))?;
    cave.validate()?;
    if cells_per_stair == 0 {
        return Err(GenError::bad("cells_per_stair", "at least 1", 0));
    }
    let (w, h) = (width as usize, height as usize);
    let size = Size::new(width, height);

    // 1, 2: levels and their regions.
    let (mut tiles, regions): (Vec<Vec<LevelCell>>, Vec<Vec<u32>>) =
        (0..depth as usize).map(|z| level(seed, z, size, &cave, min_region)).unzip();

    // 3: stairs where regions of adjacent levels overlap.
    let mut rng = Rng::new(seed.derive("caves/stairs", &[]));
    for z in 0..tiles.len().saturating_sub(1) {
        place_stairs(&mut tiles, &regions, z, cells_per_stair, &mut rng);
    }

    // 4: the exit.
    let floor0: Vec<usize> = (0..w * h).filter(|&i| tiles[0][i] == LevelCell::Floor).collect();
    let exit = *rng
        .choose(&floor0)
        .ok_or(GenError::GaveUp { what: "find a floor cell for the exit", attempts: 1 })?;
    tiles[0][exit] = LevelCell::StairsUp;

    // 5: join whatever the exit cannot reach. Each round labels the parts once, then
    // joins every part not yet joined to the exit's (union-find keeps track within the
    // round), so the number of parts at least halves per round.
    let mut joined = false;
    for _ in 0..MAX_JOIN_ROUNDS {
        let comp = components_3d(&tiles, w, h);
        let main = comp[0][exit];
        if comp.iter().flatten().all(|&c| c == NONE || c == main) {
            joined = true;
            break;
        }
        if !join_round(&mut tiles, &comp, main, w, h) {
            break;
        }
    }
    if !joined {
        return Err(GenError::GaveUp {
            what: "join every cave region to the exit",
            attempts: MAX_JOIN_ROUNDS,
        });
    }

    let levels = tiles
        .into_iter()
        .map(|t| Grid::from_vec(size, t).map(TileMap::from_grid))
        .collect::<Option<Vec<_>>>()
        .ok_or(GenError::GaveUp { what: "assemble the levels", attempts: 1 })?;
    let exit = Point::new((exit % w) as i32, (exit / w) as i32);
    Ok(CaveLevels { levels, exit })
}

/// Level `z`: the cave automaton's rock, regions smaller than `min_region` filled (a
/// small room carved in the middle when nothing is left), and the region label of every
/// cell (row-major, [`NONE`] for rock).
fn level(
    seed: Seed,
    z: usize,
    size: Size,
    cave: &CaveParams,
    min_region: usize,
) -> (Vec<LevelCell>, Vec<u32>) {
    let (w, h) = (size.width as usize, size.height as usize);
    let key = seed.derive("caves/noise", &[z as i64]).0;
    let mut rock = RockBits::noise(key, (0, 0), size, cave.rock_probability);
    let mut next = RockBits::new(size, true);
    for _ in 0..cave.iterations {
        cave.rule.step_bits(&rock, &mut next);
        std::mem::swap(&mut rock, &mut next);
    }
    let mut open: Vec<bool> = rock.to_grid().values().map(|&r| !r).collect();
    let (labels, sizes) = components::label(&open, w, h, true);
    for (i, l) in labels.iter().enumerate() {
        if *l != NONE && sizes[*l as usize] < min_region {
            open[i] = false;
        }
    }
    if !open.contains(&true) {
        let (rw, rh) = (6.min(w - 2), 6.min(h - 2));
        let (x0, y0) = ((w - rw) / 2, (h - rh) / 2);
        for y in y0..y0 + rh {
            open[y * w + x0..y * w + x0 + rw].fill(true);
        }
    }
    let (labels, _) = components::label(&open, w, h, true);
    (open.iter().map(|&o| if o { LevelCell::Floor } else { LevelCell::Wall }).collect(), labels)
}

/// Stairs between levels `z` and `z + 1` where their regions overlap: one pair at least
/// per overlapping pair of regions, one more per `cells_per_stair` shared cells.
fn place_stairs(
    tiles: &mut [Vec<LevelCell>],
    regions: &[Vec<u32>],
    z: usize,
    cells_per_stair: usize,
    rng: &mut Rng,
) {
    // The overlapping cells of each pair of regions, pairs in the reading order of their
    // first shared cell (placing one pair's stairs changes no other pair's cells).
    let mut order: Vec<(u32, u32)> = Vec::new();
    let mut overlaps: BTreeMap<(u32, u32), Vec<usize>> = BTreeMap::new();
    for i in 0..tiles[z].len() {
        if tiles[z][i] != LevelCell::Floor || tiles[z + 1][i] != LevelCell::Floor {
            continue;
        }
        let pair = (regions[z][i], regions[z + 1][i]);
        overlaps
            .entry(pair)
            .or_insert_with(|| {
                order.push(pair);
                Vec::new()
            })
            .push(i);
    }
    for pair in order {
        let Some(mut candidates) = overlaps.remove(&pair) else { continue };
        rng.shuffle(&mut candidates);
        let mut stairs = 0;
        for (used, &p) in candidates.iter().enumerate() {
            tiles[z][p] = LevelCell::StairsDown;
            tiles[z + 1][p] = LevelCell::StairsUp;
            stairs += 1;
            if (candidates.len() - used - 1) / stairs <= cells_per_stair {
                break;
            }
        }
    }
}

/// One round of joining: every part (`comp`, labelled across levels) not yet joined to
/// `main` digs to another part, on its level or through new stairs. Returns whether
/// anything was dug.
fn join_round(
    tiles: &mut [Vec<LevelCell>],
    comp: &[Vec<u32>],
    main: u32,
    w: usize,
    h: usize,
) -> bool {
    let d = tiles.len();
    let parts = comp.iter().flatten().filter(|&&c| c != NONE).max().map_or(0, |&m| m + 1);
    let mut cells: Vec<Vec<(usize, usize)>> = vec![Vec::new(); parts as usize];
    let mut present: Vec<BTreeSet<u32>> = vec![BTreeSet::new(); d];
    for z in 0..d {
        for (a, &c) in comp[z].iter().enumerate() {
            if c != NONE {
                cells[c as usize].push((z, a));
                present[z].insert(c);
            }
        }
    }
    let mut sets = UnionFind::new(parts as usize);
    let mut dug = false;
    for part in 0..parts {
        if sets.find(part) == sets.find(main) {
            continue;
        }
        'cells: for &(z, a) in &cells[part as usize] {
            if tiles[z][a] != LevelCell::Floor {
                continue;
            }
            let levels = [z.checked_sub(1), (z + 1 < d).then_some(z + 1), Some(z)];
            for zz in levels.into_iter().flatten() {
                let free = zz == z || matches!(tiles[zz][a], LevelCell::Floor | LevelCell::Wall);
                let root = sets.find(part);
                let other = present[zz].iter().any(|&o| sets.find(o) != root);
                if !free || !other {
                    continue;
                }
                let Some(reached) =
                    dig(&mut tiles[zz], &comp[zz], |c| sets.find(c) != root, a, w, h)
                else {
                    continue;
                };
                if zz + 1 == z {
                    tiles[z][a] = LevelCell::StairsUp;
                    tiles[zz][a] = LevelCell::StairsDown;
                } else if zz == z + 1 {
                    tiles[z][a] = LevelCell::StairsDown;
                    tiles[zz][a] = LevelCell::StairsUp;
                }
                sets.union(part, reached);
                dug = true;
                break 'cells;
            }
        }
    }
    dug
}

/// Digs a 4-way tunnel on one level from cell `from` to the nearest passable cell whose
/// part is `other` (by `comp`, the parts at the start of the round), turning every wall
/// on the way into floor. Returns the part reached.
fn dig(
    tiles: &mut [LevelCell],
    comp: &[u32],
    mut other: impl FnMut(u32) -> bool,
    from: usize,
    w: usize,
    h: usize,
) -> Option<u32> {
    let mut parent = vec![NONE; tiles.len()];
    let mut seen = vec![false; tiles.len()];
    let mut queue = VecDeque::from([from]);
    seen[from] = true;
    while let Some(u) = queue.pop_front() {
        if comp[u] != NONE && tiles[u].is_passable() && other(comp[u]) {
            let mut c = u as u32;
            while c != NONE {
                if tiles[c as usize] == LevelCell::Wall {
                    tiles[c as usize] = LevelCell::Floor;
                }
                c = parent[c as usize];
            }
            return Some(comp[u]);
        }
        let (x, y) = ((u % w) as i32, (u / w) as i32);
        for &(dx, dy) in &STEPS[..4] {
            let (nx, ny) = (x + dx, y + dy);
            if nx < 0 || ny < 0 || nx >= w as i32 || ny >= h as i32 {
                continue;
            }
            let v = ny as usize * w + nx as usize;
            if !seen[v] {
                seen[v] = true;
                parent[v] = u as u32;
                queue.push_back(v);
            }
        }
    }
    None
}

/// Disjoint sets of part ids, with path halving.
struct UnionFind {
    parent: Vec<u32>,
}

impl UnionFind {
    fn new(n: usize) -> UnionFind {
        UnionFind { parent: (0..n as u32).collect() }
    }

    fn find(&mut self, mut x: u32) -> u32 {
        while self.parent[x as usize] != x {
            let grand = self.parent[self.parent[x as usize] as usize];
            self.parent[x as usize] = grand;
            x = grand;
        }
        x
    }

    fn union(&mut self, a: u32, b: u32) {
        let (ra, rb) = (self.find(a), self.find(b));
        // The smaller id becomes the root, so results never depend on hashing or order.
        let (lo, hi) = if ra < rb { (ra, rb) } else { (rb, ra) };
        self.parent[hi as usize] = lo;
    }
}

/// Connected parts of the whole cave: 8-way moves between passable cells of a level, and
/// stairs down ↔ stairs up at the same cell of the next level. `NONE` for walls.
fn components_3d(tiles: &[Vec<LevelCell>], w: usize, h: usize) -> Vec<Vec<u32>> {
    let d = tiles.len();
    let n = w * h;
    let mut comp = vec![vec![NONE; n]; d];
    let mut next_id = 0u32;
    let mut queue = VecDeque::new();
    for z0 in 0..d {
        for i0 in 0..n {
            if comp[z0][i0] != NONE || !tiles[z0][i0].is_passable() {
                continue;
            }
            comp[z0][i0] = next_id;
            queue.push_back((z0, i0));
            while let Some((z, i)) = queue.pop_front() {
                let (x, y) = ((i % w) as i32, (i / w) as i32);
                let mut visit = |zz: usize, j: usize, queue: &mut VecDeque<(usize, usize)>| {
                    if comp[zz][j] == NONE && tiles[zz][j].is_passable() {
                        comp[zz][j] = next_id;
                        queue.push_back((zz, j));
                    }
                };
                for &(dx, dy) in &STEPS {
                    let (nx, ny) = (x + dx, y + dy);
                    if nx >= 0 && ny >= 0 && nx < w as i32 && ny < h as i32 {
                        visit(z, ny as usize * w + nx as usize, &mut queue);
                    }
                }
                if tiles[z][i] == LevelCell::StairsDown
                    && z + 1 < d
                    && tiles[z + 1][i] == LevelCell::StairsUp
                {
                    visit(z + 1, i, &mut queue);
                }
                if tiles[z][i] == LevelCell::StairsUp
                    && z > 0
                    && tiles[z - 1][i] == LevelCell::StairsDown
                {
                    visit(z - 1, i, &mut queue);
                }
            }
            next_id += 1;
        }
    }
    comp
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_are_checked() {
        let p = CaveLevelsParams { depth: 0, ..CaveLevelsParams::default() };
        assert!(matches!(cave_levels(Seed(1), &p), Err(GenError::BadParameter { .. })));
        let p = CaveLevelsParams { width: 7, ..CaveLevelsParams::default() };
        assert!(matches!(cave_levels(Seed(1), &p), Err(GenError::TooSmall { .. })));
        let p = CaveLevelsParams { cells_per_stair: 0, ..CaveLevelsParams::default() };
        assert!(cave_levels(Seed(1), &p).is_err());
        let p =
            CaveLevelsParams { width: 4096, height: 4096, depth: 8, ..CaveLevelsParams::default() };
        assert!(matches!(cave_levels(Seed(1), &p), Err(GenError::TooLarge { .. })));
    }

    #[test]
    fn one_level_has_one_exit_and_no_other_stairs() {
        let p = CaveLevelsParams { depth: 1, ..CaveLevelsParams::default() };
        let c = cave_levels(Seed(3), &p).expect("valid");
        let stairs: Vec<LevelCell> = c.levels()[0]
            .iter()
            .map(|(_, t)| t)
            .filter(|t| *t != LevelCell::Floor && *t != LevelCell::Wall)
            .collect();
        assert_eq!(stairs, vec![LevelCell::StairsUp]);
        assert_eq!(c.levels()[0].tile(c.exit()), Some(LevelCell::StairsUp));
    }
}
