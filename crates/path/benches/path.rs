//! Pathfinding benchmark: torchlit's A* and distance fields against a flat breadth-first
//! search (the simplest code that does the same job) and the crates a Rust user would pick
//! instead, on the same maps, interleaved in one run.
//!
//! ```text
//! cargo bench -p torchlit-path --bench path -- table     # issue 27's table only (~1 min)
//! cargo bench -p torchlit-path --bench path -- table quick   # torchlit and the flat BFS
//! cargo bench -p torchlit-path --bench path -- scaling   # cost against map size only
//! cargo bench -p torchlit-path --bench path              # criterion benches, then both
//! ```
//!
//! # Workloads (built here, deterministically, outside every timed closure)
//!
//! - `cave_256`: a 256×256 cellular-automata cave (45% rock, 4-5 rule, 4 iterations);
//! - `maze_1025`: a 1025×1025 recursive-division maze, the game's own generator
//!   (`torchlit_procgen::maze`, `Difficulty::HARDEST`, seed text `"bench"`): every path
//!   cell reachable, one way between any two;
//! - `field_512`: a 512×512 open field with 10% random pillars;
//! - for the scaling table, mazes and fields of 256², 1025² and 2049².
//!
//! A* runs 40 fixed pairs of cells of the largest 4-connected region (so every pair is
//! reachable under both rules); one pass runs all 40 and keeps each path. The distance
//! field runs from one fixed source cell, 4-way or 8-way, unit costs.
//!
//! # Implementations
//!
//! - `torchlit`: [`Search::astar_into`] with one reused `Search` and path buffer;
//!   [`DijkstraMap::rebuild`] with one reused map.
//! - `flat_bfs`: the reference a person writes by hand: a flat `Vec<u32>` of distances
//!   filled with `u32::MAX` per call, a `Vec<u32>` queue read from a head index (a ring
//!   that never wraps), a bounds test per neighbour. For a pair it stops when the goal is
//!   reached and walks back down the distances to list the path.
//! - `pathfinding` 4.x: `astar` and `dijkstra_all` over cell indices with successor
//!   closures (its own hash maps inside; allocated per call by its API).
//! - `grid_search_cardinal` 0.4 (4-way only, uniform costs): jump-point A*
//!   (`point_to_point_search_path`) with a fresh `Context` per query (reusing one hangs),
//!   and `PopulateContext::populate_approach` into a `DistanceMap`.
//! - `bracket-pathfinding` 0.8: `a_star_search` and `DijkstraMap::new` over a `BaseMap`
//!   whose exits cost 1.0 (f32). Its answers are checked against ours below and are
//!   often wrong: its A* stores only the last step's cost as a node's `g`
//!   (`g: cost`, not `q.g + cost`, in `add_successor`), so it is not A* and most of its
//!   paths are longer than the shortest; its `DijkstraMap` never writes 0 at a source
//!   (the source cell ends up at 2, from a neighbour stepping back), one wrong cell per
//!   field. The table counts both.
//!
//! # Tables
//!
//! `table`: issue 27's five workloads; each round times one pass of every implementation
//! in turn (interleaved, so a busy machine slows them alike), 7 rounds or as many as
//! make about a second of flat BFS (at most 105), medians;
//! times are this thread's CPU time (the machine is shared); ratios are to `flat_bfs`; `wrong` counts answers (A* costs, field cells) that differ
//! from the flat BFS's. `scaling`: the maze field and A* and the open-field 8-way field at
//! 256², 1025² and 2049², torchlit and the flat BFS interleaved, in ns per reachable cell.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, SamplingMode, Throughput};
use torchlit_geom::{Point, Size};
use torchlit_path::{DijkstraMap, Flow, Moves, PathGrid, Rule, Search, StepCosts};

// ---------------------------------------------------------------------------------------
// Workloads
// ---------------------------------------------------------------------------------------

/// xorshift64*: tiny, deterministic, good enough for maps.
struct Rng(u64);

impl Rng {
    fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
    fn percent(&mut self, p: u64) -> bool {
        self.next_u64() % 100 < p
    }
}

/// A* pairs per workload (one pass runs them all).
const PAIRS: usize = 40;

struct Workload {
    name: &'static str,
    w: usize,
    h: usize,
    open: Vec<bool>,
    grid: PathGrid,
    pairs: Vec<(usize, usize)>,
    source: usize,
}

impl Workload {
    fn new(name: &'static str, w: usize, h: usize, open: Vec<bool>, seed: u64) -> Workload {
        let size = Size::new(w as u32, h as u32);
        let grid = PathGrid::from_passable(size, |p| open[p.y as usize * w + p.x as usize])
            .expect("small enough");
        // Label the 4-connected regions; pick pairs inside the largest.
        let mut label = vec![u32::MAX; w * h];
        let mut sizes = Vec::new();
        for s in 0..w * h {
            if !open[s] || label[s] != u32::MAX {
                continue;
            }
            let id = sizes.len() as u32;
            let mut stack = vec![s];
            label[s] = id;
            let mut n = 0;
            while let Some(i) = stack.pop() {
                n += 1;
                let (x, y) = (i % w, i / w);
                let mut push = |j: usize| {
                    if open[j] && label[j] == u32::MAX {
                        label[j] = id;
                        stack.push(j);
                    }
                };
                if x > 0 {
                    push(i - 1);
                }
                if x + 1 < w {
                    push(i + 1);
                }
                if y > 0 {
                    push(i - w);
                }
                if y + 1 < h {
                    push(i + w);
                }
            }
            sizes.push(n);
        }
        let big = (0..sizes.len()).max_by_key(|&i| sizes[i]).expect("some floor") as u32;
        let cells: Vec<usize> = (0..w * h).filter(|&i| label[i] == big).collect();
        let mut rng = Rng(seed.max(1));
        let pairs = (0..PAIRS)
            .map(|_| (cells[rng.below(cells.len())], cells[rng.below(cells.len())]))
            .collect();
        let source = cells[rng.below(cells.len())];
        Workload { name, w, h, open, grid, pairs, source }
    }

    fn point(&self, i: usize) -> Point {
        Point::new((i % self.w) as i32, (i / self.w) as i32)
    }
}

fn cave(seed: u64) -> Workload {
    let (w, h) = (256usize, 256usize);
    let mut rng = Rng(seed);
    let mut rock: Vec<bool> = (0..w * h).map(|_| rng.percent(45)).collect();
    for _ in 0..4 {
        rock = (0..w * h)
            .map(|i| {
                let (x, y) = ((i % w) as i64, (i / w) as i64);
                let mut n = 0;
                for dy in -1..=1 {
                    for dx in -1..=1 {
                        if dx == 0 && dy == 0 {
                            continue;
                        }
                        let (nx, ny) = (x + dx, y + dy);
                        if nx < 0
                            || ny < 0
                            || nx >= w as i64
                            || ny >= h as i64
                            || rock[ny as usize * w + nx as usize]
                        {
                            n += 1;
                        }
                    }
                }
                if rock[i] { n >= 4 } else { n >= 5 }
            })
            .collect();
    }
    Workload::new("cave_256", w, h, rock.iter().map(|r| !r).collect(), seed ^ 0xC0FFEE)
}

/// A `side × side` recursive-division maze: the game's generator, hardest difficulty.
fn maze(side: usize, name: &'static str) -> Workload {
    let grid = torchlit_procgen::maze(
        torchlit_rng::Seed::from_text("bench"),
        side as u32,
        side as u32,
        torchlit_procgen::Difficulty::HARDEST,
    )
    .expect("a valid size");
    let open = grid.values().map(|&c| c == torchlit_procgen::PATH).collect();
    Workload::new(name, side, side, open, 0x5EED_4A2E ^ side as u64)
}

/// A `side × side` open field with 10% random pillars.
fn field(side: usize, name: &'static str) -> Workload {
    let mut rng = Rng(0x5EED_F1E1 ^ side as u64);
    let open = (0..side * side).map(|_| !rng.percent(10)).collect();
    Workload::new(name, side, side, open, 0xF00D ^ side as u64)
}

const CARDINAL: [(isize, isize); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];
const ALL: [(isize, isize); 8] =
    [(0, -1), (1, 0), (0, 1), (-1, 0), (1, -1), (1, 1), (-1, 1), (-1, -1)];

fn dirs(eight: bool) -> &'static [(isize, isize)] {
    if eight { &ALL } else { &CARDINAL }
}

fn heuristic(w: usize, a: usize, b: usize, eight: bool) -> u32 {
    let (dx, dy) = ((a % w).abs_diff(b % w) as u32, (a / w).abs_diff(b / w) as u32);
    if eight { dx.max(dy) } else { dx + dy }
}

/// The passable neighbours of cell `i`.
fn neighbours(wl: &Workload, i: usize, eight: bool) -> impl Iterator<Item = usize> + '_ {
    let (x, y) = ((i % wl.w) as isize, (i / wl.w) as isize);
    dirs(eight).iter().filter_map(move |&(dx, dy)| {
        let (nx, ny) = (x + dx, y + dy);
        if nx < 0 || ny < 0 || nx >= wl.w as isize || ny >= wl.h as isize {
            return None;
        }
        let j = ny as usize * wl.w + nx as usize;
        wl.open[j].then_some(j)
    })
}

// ---------------------------------------------------------------------------------------
// The flat BFS reference
// ---------------------------------------------------------------------------------------

/// Fills `dist` with step counts from `src` (u32::MAX: unreachable), stopping early once
/// `stop` is reached when `STOP` (the distance field has no such test); returns the cells
/// reached.
fn flat_bfs<const STOP: bool>(
    wl: &Workload,
    src: usize,
    stop: usize,
    eight: bool,
    dist: &mut Vec<u32>,
    queue: &mut Vec<u32>,
) -> usize {
    let (w, h) = (wl.w, wl.h);
    dist.clear();
    dist.resize(w * h, u32::MAX);
    queue.clear();
    dist[src] = 0;
    queue.push(src as u32);
    let mut head = 0;
    while head < queue.len() {
        let i = queue[head] as usize;
        head += 1;
        let (x, y) = ((i % w) as isize, (i / w) as isize);
        let d = dist[i] + 1;
        for &(dx, dy) in dirs(eight) {
            let (nx, ny) = (x + dx, y + dy);
            if nx < 0 || ny < 0 || nx >= w as isize || ny >= h as isize {
                continue;
            }
            let j = ny as usize * w + nx as usize;
            if wl.open[j] && dist[j] == u32::MAX {
                dist[j] = d;
                queue.push(j as u32);
                if STOP && j == stop {
                    return queue.len();
                }
            }
        }
    }
    queue.len()
}

/// A shortest path from `a` to `b` by [`flat_bfs`], walked back down the distances into
/// `path` (from `b` to `a`); returns its cost (u32::MAX: none).
fn flat_bfs_path(
    wl: &Workload,
    (a, b): (usize, usize),
    eight: bool,
    dist: &mut Vec<u32>,
    queue: &mut Vec<u32>,
    path: &mut Vec<usize>,
) -> u32 {
    flat_bfs::<true>(wl, a, b, eight, dist, queue);
    path.clear();
    let cost = dist[b];
    if cost == u32::MAX {
        return cost;
    }
    let mut at = b;
    path.push(at);
    while dist[at] > 0 {
        let want = dist[at] - 1;
        at = neighbours(wl, at, eight).find(|&n| dist[n] == want).expect("a way back");
        path.push(at);
    }
    cost
}

// ---------------------------------------------------------------------------------------
// Peers
// ---------------------------------------------------------------------------------------

struct BracketMap<'a> {
    wl: &'a Workload,
    eight: bool,
}

impl bracket_pathfinding::prelude::BaseMap for BracketMap<'_> {
    fn is_opaque(&self, idx: usize) -> bool {
        !self.wl.open[idx]
    }
    fn get_available_exits(
        &self,
        idx: usize,
    ) -> bracket_pathfinding::prelude::SmallVec<[(usize, f32); 10]> {
        neighbours(self.wl, idx, self.eight).map(|j| (j, 1.0)).collect()
    }
    fn get_pathing_distance(&self, a: usize, b: usize) -> f32 {
        heuristic(self.wl.w, a, b, self.eight) as f32
    }
}

impl bracket_pathfinding::prelude::Algorithm2D for BracketMap<'_> {
    fn dimensions(&self) -> bracket_pathfinding::prelude::Point {
        bracket_pathfinding::prelude::Point::new(self.wl.w as i32, self.wl.h as i32)
    }
}

struct GscMap<'a>(&'a Workload);

impl grid_search_cardinal::CanEnter for GscMap<'_> {
    fn can_enter(&self, c: grid_search_cardinal::ICoord) -> bool {
        c.x >= 0
            && c.y >= 0
            && (c.x as usize) < self.0.w
            && (c.y as usize) < self.0.h
            && self.0.open[c.y as usize * self.0.w + c.x as usize]
    }
}

fn gsc_coord(wl: &Workload, i: usize) -> grid_search_cardinal::ICoord {
    grid_search_cardinal::ICoord::new((i % wl.w) as i32, (i / wl.w) as i32)
}

// ---------------------------------------------------------------------------------------
// One A* pass and one field per implementation
// ---------------------------------------------------------------------------------------

const ASTAR_IMPLS: [&str; 5] =
    ["torchlit", "flat_bfs", "pathfinding", "grid_search_cardinal", "bracket"];
const FIELD_IMPLS: [&str; 5] =
    ["torchlit", "flat_bfs", "pathfinding", "grid_search_cardinal", "bracket"];

fn rule(eight: bool) -> Rule {
    Rule::new(if eight { Moves::Eight } else { Moves::Four }, StepCosts::UNIT)
}

/// State reused between passes of one implementation.
#[derive(Default)]
struct Scratch {
    search: Search,
    cells: Vec<Point>,
    field: Option<DijkstraMap>,
    dist: Vec<u32>,
    queue: Vec<u32>,
    path: Vec<usize>,
    gsc_map: Option<(
        grid_search_cardinal::distance_map::PopulateContext,
        grid_search_cardinal::distance_map::DistanceMap,
    )>,
}

/// Runs every A* pair; fills `costs` with each query's cost (`u32::MAX`: none found);
/// false when the implementation does not support the rule.
fn astar_pass(
    imp: &str,
    wl: &Workload,
    eight: bool,
    s: &mut Scratch,
    costs: &mut Vec<u32>,
) -> bool {
    costs.clear();
    match imp {
        "torchlit" => {
            let r = rule(eight);
            for &(a, b) in &wl.pairs {
                let c = s
                    .search
                    .astar_into(&wl.grid, r, wl.point(a), wl.point(b), &mut s.cells)
                    .expect("inside");
                costs.push(c.map_or(u32::MAX, |c| c.0));
            }
        }
        "flat_bfs" => {
            for &pair in &wl.pairs {
                costs.push(flat_bfs_path(wl, pair, eight, &mut s.dist, &mut s.queue, &mut s.path));
            }
        }
        "pathfinding" => {
            for &(a, b) in &wl.pairs {
                let found = pathfinding::directed::astar::astar(
                    &a,
                    |&i| neighbours(wl, i, eight).map(|j| (j, 1u32)),
                    |&i| heuristic(wl.w, i, b, eight),
                    |&i| i == b,
                );
                costs.push(found.map_or(u32::MAX, |(_, c)| c));
            }
        }
        "grid_search_cardinal" => {
            if eight {
                return false;
            }
            use grid_search_cardinal::point_to_point::{Context, expand};
            let size = grid_search_cardinal::UCoord::new(wl.w as u32, wl.h as u32);
            let mut path = grid_search_cardinal::Path::default();
            for &(a, b) in &wl.pairs {
                let mut ctx = Context::new(size);
                let r = ctx.point_to_point_search_path(
                    expand::JumpPoint,
                    &GscMap(wl),
                    gsc_coord(wl, a),
                    gsc_coord(wl, b),
                    &mut path,
                );
                costs.push(if r.is_ok() { path.len() as u32 } else { u32::MAX });
            }
        }
        "bracket" => {
            let map = BracketMap { wl, eight };
            for &(a, b) in &wl.pairs {
                let p = bracket_pathfinding::prelude::a_star_search(a, b, &map);
                costs.push(if p.success {
                    p.steps.len().saturating_sub(1) as u32
                } else if a == b {
                    0
                } else {
                    u32::MAX
                });
            }
        }
        _ => unreachable!(),
    }
    true
}

/// Builds one distance field; fills `out` (row-major, u32::MAX unreachable) when asked;
/// returns false when unsupported.
fn field_pass(
    imp: &str,
    wl: &Workload,
    eight: bool,
    s: &mut Scratch,
    out: Option<&mut Vec<u32>>,
) -> bool {
    let src = wl.source;
    let mut answer: Vec<u32> = Vec::new();
    let want = out.is_some();
    match imp {
        "torchlit" => {
            let map = s.field.get_or_insert_with(|| DijkstraMap::new(wl.grid.size(), rule(eight)));
            map.rebuild(&wl.grid, rule(eight), Flow::FromSources, [wl.point(src)]).expect("inside");
            black_box(map.get(wl.point(src)));
            if want {
                answer = (0..wl.w * wl.h)
                    .map(|i| map.get(wl.point(i)).map_or(u32::MAX, |c| c.0))
                    .collect();
            }
        }
        "flat_bfs" => {
            black_box(flat_bfs::<false>(wl, src, 0, eight, &mut s.dist, &mut s.queue));
            if want {
                answer = s.dist.clone();
            }
        }
        "pathfinding" => {
            let all = pathfinding::directed::dijkstra::dijkstra_all(&src, |&i| {
                neighbours(wl, i, eight).map(|j| (j, 1u32))
            });
            black_box(all.len());
            if want {
                answer = vec![u32::MAX; wl.w * wl.h];
                answer[src] = 0;
                for (k, (_, c)) in all {
                    answer[k] = c;
                }
            }
        }
        "grid_search_cardinal" => {
            if eight {
                return false;
            }
            use grid_search_cardinal::distance_map::{DistanceMap, PopulateContext};
            let size = grid_search_cardinal::UCoord::new(wl.w as u32, wl.h as u32);
            let (ctx, map) = s
                .gsc_map
                .get_or_insert_with(|| (PopulateContext::default(), DistanceMap::new(size)));
            ctx.add(gsc_coord(wl, src));
            ctx.populate_approach(&GscMap(wl), u32::MAX, map);
            black_box(map.distance(gsc_coord(wl, src)));
            if want {
                answer = (0..wl.w * wl.h)
                    .map(|i| map.distance(gsc_coord(wl, i)).unwrap_or(u32::MAX))
                    .collect();
            }
        }
        "bracket" => {
            let map = BracketMap { wl, eight };
            let d =
                bracket_pathfinding::prelude::DijkstraMap::new(wl.w, wl.h, &[src], &map, f32::MAX);
            black_box(d.map[src]);
            if want {
                answer = d
                    .map
                    .iter()
                    .map(|&v| if v == f32::MAX { u32::MAX } else { v as u32 })
                    .collect();
            }
        }
        _ => unreachable!(),
    }
    if let Some(out) = out {
        *out = answer;
    }
    true
}

/// One job of a table: A* pairs or a distance field, one rule, one workload.
#[derive(Clone, Copy)]
struct Job<'a> {
    astar: bool,
    eight: bool,
    wl: &'a Workload,
}

impl Job<'_> {
    fn label(&self) -> String {
        let kind = if self.astar {
            format!("A* {}, {} pairs", rule_name(self.eight), self.wl.pairs.len())
        } else {
            format!("Dijkstra map {}", rule_name(self.eight))
        };
        format!("{kind}, {}", self.wl.name)
    }

    /// Runs one pass; the answers (A* costs or field cells) go to `out` when given.
    fn run(&self, imp: &str, s: &mut Scratch, out: Option<&mut Vec<u32>>) -> bool {
        if self.astar {
            let mut costs = Vec::new();
            let ok = astar_pass(imp, self.wl, self.eight, s, &mut costs);
            if let Some(out) = out {
                *out = costs;
            }
            ok
        } else {
            field_pass(imp, self.wl, self.eight, s, out)
        }
    }
}

// ---------------------------------------------------------------------------------------
// Drivers
// ---------------------------------------------------------------------------------------

/// A pass slower than this is timed once by the tables and skipped by criterion.
const SLOW_PASS: Duration = Duration::from_millis(800);
/// Rounds of the interleaved tables, at least (short passes run up to 15 times more).
const ROUNDS: usize = 7;

/// The CPU time of this thread spent in `f` (`cpu_time::ThreadTime`, the kernel's
/// per-thread clock): on a machine shared by several builds, wall-clock time would count
/// the time a pass spends descheduled, which swamps the differences measured here.
fn time_once(f: &mut dyn FnMut()) -> Duration {
    let t = cpu_time::ThreadTime::now();
    f();
    t.elapsed()
}

fn rule_name(eight: bool) -> &'static str {
    if eight { "8-way" } else { "4-way" }
}

fn median(v: &mut [Duration]) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// Times `imps` on `job` interleaved: each round runs one pass of each, in turn; a pass
/// slower than [`SLOW_PASS`] runs in the first round only. Returns each implementation's
/// median (`None`: unsupported) and how many answers differ from `imps[1]`'s (the flat BFS).
fn interleaved(job: Job<'_>, imps: &[&str]) -> Vec<Option<(Duration, usize)>> {
    let mut scratch: Vec<Scratch> = imps.iter().map(|_| Scratch::default()).collect();
    let mut exact = Vec::new();
    job.run("flat_bfs", &mut Scratch::default(), Some(&mut exact));
    let mut wrong = vec![None; imps.len()];
    for (k, imp) in imps.iter().enumerate() {
        let mut answer = Vec::new();
        if job.run(imp, &mut scratch[k], Some(&mut answer)) {
            wrong[k] = Some(answer.iter().zip(&exact).filter(|(a, b)| a != b).count());
        }
    }
    // Short passes run more rounds (about a second of flat BFS), so that a busy machine's
    // pauses fall outside the median.
    let once = time_once(&mut || {
        job.run("flat_bfs", &mut scratch[1], None);
    });
    let rounds = (Duration::from_secs(1).as_nanos() / once.as_nanos().max(1)) as usize;
    let rounds = rounds.clamp(ROUNDS, 15 * ROUNDS) | 1;
    let mut times: Vec<Vec<Duration>> = imps.iter().map(|_| Vec::new()).collect();
    for round in 0..rounds {
        for (k, imp) in imps.iter().enumerate() {
            let slow = times[k].first().is_some_and(|&t| t > SLOW_PASS);
            if wrong[k].is_none() || (round > 0 && slow) {
                continue;
            }
            let s = &mut scratch[k];
            times[k].push(time_once(&mut || {
                job.run(imp, s, None);
            }));
        }
    }
    times.iter_mut().zip(wrong).map(|(t, w)| w.map(|w| (median(t), w))).collect()
}

fn ms(d: Duration) -> String {
    let ms = d.as_secs_f64() * 1e3;
    if ms < 1.0 { format!("{:.1} µs", ms * 1e3) } else { format!("{ms:.2} ms") }
}

/// Issue 27's table: torchlit against the flat BFS, with the peers alongside.
fn issue_table(cave: &Workload, maze: &Workload, field: &Workload, quick: bool) {
    let jobs = [
        (Job { astar: true, eight: false, wl: maze }, 0.9),
        (Job { astar: true, eight: true, wl: maze }, 0.9),
        (Job { astar: false, eight: false, wl: cave }, 0.5),
        (Job { astar: false, eight: false, wl: maze }, 0.5),
        (Job { astar: false, eight: true, wl: field }, 0.4),
    ];
    println!();
    println!("Medians of 7 to 105 interleaved rounds; ratio = torchlit / flat BFS;");
    println!("peers: median (ratio to flat BFS)[, wrong answers of the pass]");
    println!();
    println!(
        "| workload | torchlit | flat BFS | ratio | goal | pathfinding | grid_search_cardinal | bracket |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (job, goal) in jobs {
        let imps: &[&str] = if quick { &ASTAR_IMPLS[..2] } else { &ASTAR_IMPLS };
        let mut r = interleaved(job, imps);
        r.resize(ASTAR_IMPLS.len(), None);
        let (t, _) = r[0].expect("torchlit runs everything");
        let (b, _) = r[1].expect("the flat BFS runs everything");
        let ratio = t.as_secs_f64() / b.as_secs_f64();
        let peer = |x: &Option<(Duration, usize)>| match x {
            None => "n/a".to_string(),
            Some((d, 0)) => format!("{} ({:.2}x)", ms(*d), d.as_secs_f64() / b.as_secs_f64()),
            Some((d, w)) => {
                format!("{} ({:.2}x), {w} wrong", ms(*d), d.as_secs_f64() / b.as_secs_f64())
            }
        };
        let wrong_t = r[0].map_or(0, |(_, w)| w);
        assert_eq!(wrong_t, 0, "torchlit disagrees with the flat BFS on {}", job.label());
        println!(
            "| {} | {} | {} | {ratio:.2}x | <= {goal}x | {} | {} | {} |",
            job.label(),
            ms(t),
            ms(b),
            peer(&r[2]),
            peer(&r[3]),
            peer(&r[4])
        );
    }
}

/// How the cost grows with the map: ns per reachable cell, torchlit and the flat BFS.
fn scaling_table() {
    println!();
    println!("Cost against map size: median of 7 to 105 interleaved rounds, ns per reachable");
    println!("cell (A*: per query, over the reachable cells of the map, 40 pairs)");
    println!();
    println!("| workload | side | reachable cells | torchlit ns/cell | flat BFS ns/cell | ratio |");
    println!("|---|---:|---:|---:|---:|---:|");
    for side in [256, 1025, 2049] {
        let maze = maze(side, "maze");
        let field = field(side, "field");
        let reach = |wl: &Workload| {
            let (mut d, mut q) = (Vec::new(), Vec::new());
            flat_bfs::<false>(wl, wl.source, 0, false, &mut d, &mut q)
        };
        let jobs = [
            (Job { astar: false, eight: false, wl: &maze }, "Dijkstra map 4-way, maze"),
            (Job { astar: true, eight: false, wl: &maze }, "A* 4-way, maze"),
            (Job { astar: false, eight: true, wl: &field }, "Dijkstra map 8-way, field"),
        ];
        for (job, label) in jobs {
            let r = interleaved(job, &["torchlit", "flat_bfs"]);
            let (t, b) = (r[0].expect("runs").0, r[1].expect("runs").0);
            let cells = reach(job.wl) as f64;
            let per = if job.astar { job.wl.pairs.len() as f64 } else { 1.0 };
            let ns = |d: Duration| d.as_secs_f64() * 1e9 / per / cells;
            println!(
                "| {label} | {side} | {} | {:.2} | {:.2} | {:.2}x |",
                cells as u64,
                ns(t),
                ns(b),
                ns(t) / ns(b)
            );
        }
    }
}

fn criterion_benches(workloads: &[&Workload]) {
    let mut criterion = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2))
        .configure_from_args();
    let mut group = criterion.benchmark_group("path");
    group.sampling_mode(SamplingMode::Flat);
    for wl in workloads {
        for eight in [false, true] {
            for astar in [true, false] {
                let job = Job { astar, eight, wl };
                for imp in if astar { ASTAR_IMPLS } else { FIELD_IMPLS } {
                    let mut s = Scratch::default();
                    if !job.run(imp, &mut s, None) {
                        continue;
                    }
                    if time_once(&mut || {
                        job.run(imp, &mut s, None);
                    }) > SLOW_PASS
                    {
                        continue;
                    }
                    let kind = if astar { "astar" } else { "field" };
                    let n = if astar { wl.pairs.len() as u64 } else { 1 };
                    group.throughput(Throughput::Elements(n));
                    let name = format!("{kind}/{imp}/{}/{}", rule_name(eight), wl.name);
                    group.bench_function(name, |b| b.iter(|| job.run(imp, &mut s, None)));
                }
            }
        }
    }
    group.finish();
    criterion.final_summary();
}

fn main() {
    let words: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    let only = |w: &str| words.iter().any(|a| a == w);
    let (table, scaling) = (only("table"), only("scaling"));
    let (cave, maze, field) = (cave(0x5EED_CA5E), maze(1025, "maze_1025"), field(512, "field_512"));
    if !table && !scaling {
        criterion_benches(&[&cave, &maze, &field]);
    }
    if table || !scaling {
        issue_table(&cave, &maze, &field, only("quick"));
    }
    if scaling || !table {
        scaling_table();
    }
}
