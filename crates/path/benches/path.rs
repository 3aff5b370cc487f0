//! Pathfinding benchmark: torchlit's A* and distance fields against the crates a Rust user
//! would pick instead, and against a plain breadth-first search, on the same maps.
//!
//! Run with `cargo bench -p torchlit-path --bench path` (a filter after `--` narrows the
//! criterion benches; the summary table always covers everything).
//!
//! # Workloads (built here, deterministically, outside every timed closure)
//!
//! - `cave_256`: a 256×256 cellular-automata cave (45% rock, 4-5 rule, 4 iterations);
//! - `maze_1025`: a 1025×1025 perfect maze (recursive backtracker on the odd cells);
//! - `field_512`: a 512×512 open field with 10% random pillars.
//!
//! Each with 4-way and 8-way moves at unit costs. A* runs 200 fixed pairs of cells of the
//! same 4-connected region (so every pair is reachable under both rules); one
//! criterion iteration runs all 200. The distance field runs from one fixed source.
//!
//! # Implementations
//!
//! - `torchlit`: [`Search::astar_into`] with one reused `Search` and path buffer;
//!   [`DijkstraMap::rebuild`] with one reused map.
//! - `plain_bfs` (distance field only): the reference a person writes by hand: a flat
//!   `Vec<u32>` of distances filled with `u32::MAX`, a `Vec<u32>` queue, a bounds test
//!   per neighbour.
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
//! After the criterion benches, a summary table prints the median time per A* query and
//! per distance field (our own timing over a few passes), its ratio to torchlit, the
//! distance field's ns per reached cell and its ratio to the plain BFS, and how many
//! answers of each peer differ from the exact ones.

use std::hint::black_box;
use std::time::{Duration, Instant};

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
        let pairs = (0..200)
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

fn maze(seed: u64) -> Workload {
    let n = 1025usize;
    let rooms = (n - 1) / 2;
    let mut rng = Rng(seed);
    let mut open = vec![false; n * n];
    let mut visited = vec![false; rooms * rooms];
    let mut stack = vec![(0usize, 0usize)];
    visited[0] = true;
    open[n + 1] = true;
    while let Some(&(rx, ry)) = stack.last() {
        let mut options = [(0usize, 0usize); 4];
        let mut count = 0;
        for (dx, dy) in [(1i64, 0i64), (-1, 0), (0, 1), (0, -1)] {
            let (nx, ny) = (rx as i64 + dx, ry as i64 + dy);
            if nx >= 0
                && ny >= 0
                && nx < rooms as i64
                && ny < rooms as i64
                && !visited[ny as usize * rooms + nx as usize]
            {
                options[count] = (nx as usize, ny as usize);
                count += 1;
            }
        }
        if count == 0 {
            stack.pop();
            continue;
        }
        let (nx, ny) = options[rng.below(count)];
        visited[ny * rooms + nx] = true;
        let (cx, cy, tx, ty) = (2 * rx + 1, 2 * ry + 1, 2 * nx + 1, 2 * ny + 1);
        open[((cy + ty) / 2) * n + (cx + tx) / 2] = true;
        open[ty * n + tx] = true;
        stack.push((nx, ny));
    }
    Workload::new("maze_1025", n, n, open, seed ^ 0xBEEF)
}

fn field(seed: u64) -> Workload {
    let n = 512usize;
    let mut rng = Rng(seed);
    let open = (0..n * n).map(|_| !rng.percent(10)).collect();
    Workload::new("field_512", n, n, open, seed ^ 0xF00D)
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
// The plain BFS reference
// ---------------------------------------------------------------------------------------

/// Fills `dist` with step counts from `src` (u32::MAX: unreachable); returns cells reached.
fn plain_bfs(
    wl: &Workload,
    src: usize,
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
            }
        }
    }
    queue.len()
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
// One A* pass and one field per implementation: returns (checksum, per-query answers)
// ---------------------------------------------------------------------------------------

const ASTAR_IMPLS: [&str; 4] = ["torchlit", "pathfinding", "grid_search_cardinal", "bracket"];
const FIELD_IMPLS: [&str; 5] =
    ["torchlit", "plain_bfs", "pathfinding", "grid_search_cardinal", "bracket"];

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
    gsc_map: Option<(
        grid_search_cardinal::distance_map::PopulateContext,
        grid_search_cardinal::distance_map::DistanceMap,
    )>,
}

/// Runs all 200 A* queries; returns each query's cost (`u32::MAX`: none found), or
/// `None` when the implementation does not support the rule.
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
        "plain_bfs" => {
            black_box(plain_bfs(wl, src, eight, &mut s.dist, &mut s.queue));
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

// ---------------------------------------------------------------------------------------
// Drivers
// ---------------------------------------------------------------------------------------

/// A pass slower than this is timed once by the summary and skipped by criterion.
const SLOW_PASS: Duration = Duration::from_millis(800);

fn time_once(f: &mut dyn FnMut()) -> Duration {
    let t = Instant::now();
    f();
    t.elapsed()
}

/// The median of `n` timed runs of `f`.
fn median(n: usize, f: &mut dyn FnMut()) -> Duration {
    let mut v: Vec<Duration> = (0..n).map(|_| time_once(f)).collect();
    v.sort();
    v[v.len() / 2]
}

fn rule_name(eight: bool) -> &'static str {
    if eight { "8way" } else { "4way" }
}

fn main() {
    let workloads = [cave(0x5EED_CA5E), maze(0x5EED_4A2E), field(0x5EED_F1E1)];
    let mut criterion = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2))
        .configure_from_args();

    // Criterion, one bench per (kind, implementation, rule, workload).
    {
        let mut group = criterion.benchmark_group("path");
        group.sampling_mode(SamplingMode::Flat);
        for wl in &workloads {
            for eight in [false, true] {
                for imp in ASTAR_IMPLS {
                    let mut s = Scratch::default();
                    let mut costs = Vec::new();
                    if !astar_pass(imp, wl, eight, &mut s, &mut costs) {
                        continue;
                    }
                    let probe = time_once(&mut || {
                        astar_pass(imp, wl, eight, &mut s, &mut costs);
                    });
                    if probe > SLOW_PASS {
                        continue;
                    }
                    group.throughput(Throughput::Elements(wl.pairs.len() as u64));
                    group.bench_function(
                        format!("astar/{imp}/{}/{}", rule_name(eight), wl.name),
                        |b| {
                            b.iter(|| astar_pass(imp, wl, eight, &mut s, &mut costs));
                        },
                    );
                }
                for imp in FIELD_IMPLS {
                    let mut s = Scratch::default();
                    if !field_pass(imp, wl, eight, &mut s, None) {
                        continue;
                    }
                    let probe = time_once(&mut || {
                        field_pass(imp, wl, eight, &mut s, None);
                    });
                    if probe > SLOW_PASS {
                        continue;
                    }
                    group.throughput(Throughput::Elements(1));
                    group.bench_function(
                        format!("field/{imp}/{}/{}", rule_name(eight), wl.name),
                        |b| {
                            b.iter(|| field_pass(imp, wl, eight, &mut s, None));
                        },
                    );
                }
            }
        }
        group.finish();
    }

    // The summary: medians, ratios, wrong answers.
    println!();
    println!("A*: median µs per query (200 pairs), ratio to torchlit, wrong costs out of 200");
    println!(
        "{:<12} {:<5} {:<22} {:>10} {:>8} {:>6}",
        "workload", "rule", "impl", "µs/query", "ratio", "wrong"
    );
    for wl in &workloads {
        for eight in [false, true] {
            let mut exact = Vec::new();
            astar_pass("torchlit", wl, eight, &mut Scratch::default(), &mut exact);
            let mut base = 0.0;
            for imp in ASTAR_IMPLS {
                let mut s = Scratch::default();
                let mut costs = Vec::new();
                if !astar_pass(imp, wl, eight, &mut s, &mut costs) {
                    continue;
                }
                let wrong = costs.iter().zip(&exact).filter(|(a, b)| a != b).count();
                let probe = time_once(&mut || {
                    astar_pass(imp, wl, eight, &mut s, &mut costs);
                });
                let runs = if probe > SLOW_PASS { 1 } else { 5 };
                let t = if runs == 1 {
                    probe
                } else {
                    median(runs, &mut || {
                        astar_pass(imp, wl, eight, &mut s, &mut costs);
                    })
                };
                let us = t.as_secs_f64() * 1e6 / wl.pairs.len() as f64;
                if imp == "torchlit" {
                    base = us;
                }
                println!(
                    "{:<12} {:<5} {:<22} {:>10.2} {:>8.2} {:>6}",
                    wl.name,
                    rule_name(eight),
                    imp,
                    us,
                    us / base,
                    wrong
                );
            }
        }
    }
    println!();
    println!(
        "Distance field from one source: median ms, ratio to torchlit, ns per reached cell, ratio to plain_bfs, wrong cells"
    );
    println!(
        "{:<12} {:<5} {:<22} {:>9} {:>7} {:>9} {:>9} {:>7}",
        "workload", "rule", "impl", "ms", "ratio", "ns/cell", "vs bfs", "wrong"
    );
    for wl in &workloads {
        for eight in [false, true] {
            let mut exact = Vec::new();
            field_pass("plain_bfs", wl, eight, &mut Scratch::default(), Some(&mut exact));
            let reached = exact.iter().filter(|&&d| d != u32::MAX).count();
            let (mut base, mut bfs) = (0.0, 0.0);
            let mut rows = Vec::new();
            for imp in FIELD_IMPLS {
                let mut s = Scratch::default();
                let mut answer = Vec::new();
                if !field_pass(imp, wl, eight, &mut s, Some(&mut answer)) {
                    continue;
                }
                let wrong = answer.iter().zip(&exact).filter(|(a, b)| a != b).count();
                let probe = time_once(&mut || {
                    field_pass(imp, wl, eight, &mut s, None);
                });
                let runs = if probe > SLOW_PASS { 1 } else { 7 };
                let t = if runs == 1 {
                    probe
                } else {
                    median(runs, &mut || {
                        field_pass(imp, wl, eight, &mut s, None);
                    })
                };
                let ms = t.as_secs_f64() * 1e3;
                match imp {
                    "torchlit" => base = ms,
                    "plain_bfs" => bfs = ms,
                    _ => {}
                }
                rows.push((imp, ms, wrong));
            }
            for (imp, ms, wrong) in rows {
                let ns_cell = ms * 1e6 / reached as f64;
                println!(
                    "{:<12} {:<5} {:<22} {:>9.3} {:>7.2} {:>9.2} {:>9.2} {:>7}",
                    wl.name,
                    rule_name(eight),
                    imp,
                    ms,
                    ms / base,
                    ns_cell,
                    ms / bfs,
                    wrong
                );
            }
        }
    }
    criterion.final_summary();
}
