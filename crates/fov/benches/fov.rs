//! Field-of-view benchmark: torchlit's symmetric shadowcasting against the crates a Rust
//! user would pick instead, on the same maps, radii and origins.
//!
//! Run with `cargo bench -p torchlit-fov --bench fov` (a filter after `--` narrows both the
//! criterion benches and the summary table).
//!
//! # Workloads
//!
//! Built deterministically here (a local xorshift64*, fixed seeds), outside every timed
//! closure:
//! - `cave_256`: a 256×256 cellular-automata cave (45% rock, 4-5 rule, 4 iterations);
//! - `maze_1025`: a 1025×1025 perfect maze (recursive backtracker), walls on odd cells:
//!   513×513 rooms on the even coordinates, walls between them except where the
//!   backtracker knocked one out, the map's edge as its border;
//! - `field_512`: a 512×512 open field with 10% random pillars.
//!
//! Each with radius 8, 20 and unlimited, from 1,000 fixed transparent origins. One
//! criterion iteration runs all 1,000 origins (`Throughput::Elements(1000)`, so criterion's
//! "elem/s" is calls per second); benches are named `fov/<impl>/<radius>/<workload>`.
//!
//! # Peers, and how each is asked the closest question to torchlit's
//!
//! torchlit: `Fov { Symmetric, radius, light_walls: true }`, libtcod's
//! `FOV_SYMMETRIC_SHADOWCAST`: a cell is in range when `dx² + dy² < r²` (strict), unlimited
//! is `None`; results go into a reused [`Viewshed`] (no allocation per call; clearing it
//! costs what the previous call found).
//!
//! - `adam_fov_rs` 0.5 (Adam Milazzo's algorithm, not shadowcasting): `range` is an integer
//!   and the test is `sqrt(dx² + dy²) <= range` in `f32` (inclusive); no "unlimited", so
//!   we pass a range covering the whole map from that origin. Walls are always lit. Its
//!   callback may report a cell several times; our sink dedups with stamps (O(1) clear).
//! - `symmetric-shadowcasting` 0.2 (Albert Ford's algorithm, `num-rational` slopes,
//!   recursion): no radius and no bounds at all. We answer "blocking" for cells off the map
//!   or with `dx² + dy² >= r²`, and keep only in-range cells in the sink: the usual way to
//!   bolt a radius onto it, and exact for libtcod's strict rule (cells outside the circle
//!   never change what is seen inside it; see `symmetric.rs`).
//! - `doryen-fov` 0.1 (`FovRecursiveShadowCasting`, a port of libtcod's `FOV_SHADOW`, which
//!   is *not* the symmetric algorithm): integer radius, inclusive `dx² + dy² <= r²`, `0` is
//!   unlimited. It writes into its own `MapData::fov: Vec<bool>` and never clears it; we
//!   clear only the radius' bounding box before each call (the whole map when unlimited,
//!   which is what its API leaves a user).
//! - `bracket-pathfinding` 0.8 (bracket-lib's FOV), two algorithms:
//!   - `bracket_field_of_view`: `field_of_view(center, range, &map) -> Vec<Point>`, the
//!     recursive shadowcasting the bracket-lib tutorial uses; range test
//!     `(|dx| - ½)² + (|dy| - ½)² <= r²` (more generous than torchlit's);
//!   - `bracket_symmetric`: `FieldOfViewAlg::SymmetricShadowcasting.field_of_view(..)`,
//!     Ford's algorithm with `Rational32`; range test `dx² + dy² <= (r + ½)²`.
//!
//!   Both allocate a `HashSet` with capacity about `4·r²` and then a `Vec` on every call;
//!   no "unlimited", so we pass the radius covering the map from that origin (which makes
//!   that allocation O(map area) per call: the cost of its API, not of our choice).
//!
//! # Every algorithm (`-- algorithms`)
//!
//! `cargo bench -p torchlit-fov --bench fov -- algorithms` skips the criterion benches and
//! the tables above and times every [`Algorithm`] (walls lit, the first 100 origins of each
//! workload, radius 8, 20 and unlimited) next to the Rust peers that implement the same
//! algorithm: `doryen-fov` (`FovRecursiveShadowCasting`, a port of libtcod's `FOV_SHADOW`;
//! `FovRestrictive`, MRPAS), `gametools` 0.11 (`recursive_shadowcasting_into`,
//! `perimeter_raycasting_into`: Chebyshev radius, walls lit, no wall post-processing, a
//! whole-grid clear per call), bracket-lib's recursive shadowcasting and the two Ford
//! implementations above. The radius rules differ as described above, so the work is
//! close, not identical.
//!
//! How equal the terms are (checked on the cave and field maps, radius 8 and 20, first
//! 100 origins, against torchlit, which equals libtcod):
//! - every peer returns less than torchlit: only a grid of flags (doryen-fov's
//!   `MapData::fov`, gametools' `Grid<bool>`), no list of the visible cells and no count,
//!   where torchlit's [`Viewshed`] also counts the visible cells (each call here asks
//!   `len`) and lists each once; shadow and restrictive build that list only when it is
//!   asked for, which these timings never do (a caller that iterates pays it then);
//! - doryen-fov's MRPAS sees libtcod's set (0 to 32 cells of 17,000 to 50,000 differ
//!   over 100 calls); its recursive shadowcasting sees slightly more than libtcod (0.01 %
//!   more cells at cave r8, 4.7 % at field r20);
//! - gametools' raycasting stops at the radius' square, not libtcod's circle, so its
//!   rays walk further and it sees 4 to 26 % more cells, and it skips libtcod's wall
//!   post-pass (torchlit's basic does it, as libtcod); it clears its whole grid on every
//!   call (1 MiB on the maze), which is most of its time at small radii there.
//!
//! A further row times unlimited raycasting on an open 4096×1024
//! map (issue 18). The maps, origins and medians go to `target/fov-bench/`, where
//! `tools/tcod-vectors/bench.py` picks them up to time libtcod's C on the same calls.
//! A filter such as `-- algorithms/shadow` narrows the table.
//!
//! After the criterion benches, a summary table gives the median ns per call of each
//! implementation (our own `Instant` timing over a few 1,000-origin passes) and its ratio
//! to torchlit, plus how far each peer's visible set is from libtcod's inside the common
//! disc (`dx² + dy² < r²`), so radius rules do not count as differences.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, SamplingMode, Throughput};
use torchlit_fov::{Algorithm, Fov, Viewshed};
use torchlit_geom::{Point, Radius, Size};

// ---------------------------------------------------------------------------------------
// Workloads
// ---------------------------------------------------------------------------------------

/// xorshift64*: tiny, deterministic, good enough for maps.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }

    fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `0..n` (`n > 0`; the modulo bias is irrelevant here).
    fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// `true` with probability `percent / 100`.
    fn percent(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }
}

/// One map and its origins.
struct Workload {
    name: &'static str,
    size: Size,
    /// Row-major opacity.
    opaque: Vec<bool>,
    /// 1,000 transparent cells.
    origins: Vec<Point>,
}

impl Workload {
    fn width(&self) -> usize {
        self.size.width as usize
    }

    fn new(name: &'static str, size: Size, opaque: Vec<bool>, seed: u64) -> Workload {
        let mut rng = Rng::new(seed);
        let w = size.width as usize;
        let mut origins = Vec::with_capacity(ORIGINS);
        while origins.len() < ORIGINS {
            let i = rng.below(opaque.len());
            if !opaque[i] {
                origins.push(Point::new((i % w) as i32, (i / w) as i32));
            }
        }
        Workload { name, size, opaque, origins }
    }

    /// The smallest integer radius that reaches every cell of the map from `o` (inclusive
    /// rules), for peers without an "unlimited" setting.
    fn covering_radius(&self, o: Point) -> i32 {
        let dx = i64::from(o.x.max(self.size.width as i32 - 1 - o.x));
        let dy = i64::from(o.y.max(self.size.height as i32 - 1 - o.y));
        ((dx * dx + dy * dy) as f64).sqrt().ceil() as i32 + 1
    }
}

const ORIGINS: usize = 1000;

/// 256×256 cave: 45% rock, then four rounds of the 4-5 rule (rock stays rock with >= 4 rock
/// neighbours, floor turns to rock with >= 5; off-map neighbours count as rock).
fn cave(seed: u64) -> Workload {
    let (w, h) = (256usize, 256usize);
    let mut rng = Rng::new(seed);
    let mut rock: Vec<bool> = (0..w * h).map(|_| rng.percent(45)).collect();
    for _ in 0..4 {
        let next = (0..w * h)
            .map(|i| {
                let (x, y) = ((i % w) as i64, (i / w) as i64);
                let mut n = 0;
                for dy in -1..=1 {
                    for dx in -1..=1 {
                        if dx == 0 && dy == 0 {
                            continue;
                        }
                        let (nx, ny) = (x + dx, y + dy);
                        let off = nx < 0 || ny < 0 || nx >= w as i64 || ny >= h as i64;
                        if off || rock[ny as usize * w + nx as usize] {
                            n += 1;
                        }
                    }
                }
                if rock[i] { n >= 4 } else { n >= 5 }
            })
            .collect();
        rock = next;
    }
    Workload::new("cave_256", Size::new(w as u32, h as u32), rock, seed ^ 0xC0FFEE)
}

/// 1025×1025 perfect maze, walls on odd cells: the 513×513 rooms sit on the even
/// coordinates (0, 2, ..., 1024), every cell with an odd coordinate starts as wall, and an
/// iterative recursive backtracker knocks out the wall between each room and the next.
/// The map's edge is the maze's border (algorithms see nothing past it).
fn maze(seed: u64) -> Workload {
    let n = 1025usize;
    let rooms = n.div_ceil(2);
    let mut rng = Rng::new(seed);
    let mut wall: Vec<bool> = (0..n * n).map(|i| (i % n) % 2 == 1 || (i / n) % 2 == 1).collect();
    let mut visited = vec![false; rooms * rooms];
    let mut stack = vec![(0usize, 0usize)];
    visited[0] = true;
    while let Some(&(rx, ry)) = stack.last() {
        let mut options = [(0usize, 0usize); 4];
        let mut count = 0;
        for (dx, dy) in [(1i64, 0i64), (-1, 0), (0, 1), (0, -1)] {
            let (nx, ny) = (rx as i64 + dx, ry as i64 + dy);
            if nx >= 0 && ny >= 0 && nx < rooms as i64 && ny < rooms as i64 {
                let (nx, ny) = (nx as usize, ny as usize);
                if !visited[ny * rooms + nx] {
                    options[count] = (nx, ny);
                    count += 1;
                }
            }
        }
        if count == 0 {
            stack.pop();
            continue;
        }
        let (nx, ny) = options[rng.below(count)];
        visited[ny * rooms + nx] = true;
        // Knock out the wall between the two rooms (rooms are at twice their indices).
        wall[(ry + ny) * n + (rx + nx)] = false;
        stack.push((nx, ny));
    }
    Workload::new("maze_1025", Size::new(n as u32, n as u32), wall, seed ^ 0xBEEF)
}

/// 512×512 open field, 10% pillars.
fn field(seed: u64) -> Workload {
    let n = 512usize;
    let mut rng = Rng::new(seed);
    let pillars = (0..n * n).map(|_| rng.percent(10)).collect();
    Workload::new("field_512", Size::new(n as u32, n as u32), pillars, seed ^ 0xF00D)
}

/// The radii every workload runs with: `Some(r)` or unlimited.
const RADII: [Option<u32>; 3] = [Some(8), Some(20), None];

fn radius_name(r: Option<u32>) -> String {
    r.map_or_else(|| "unlimited".to_string(), |r| format!("r{r}"))
}

// ---------------------------------------------------------------------------------------
// A visible-set sink for the callback-style peers: stamps, so clearing is O(1) and the
// peers are not charged an O(area) clear that torchlit does not pay either.
// ---------------------------------------------------------------------------------------

struct Sink {
    width: usize,
    height: usize,
    stamps: Vec<u32>,
    epoch: u32,
    count: usize,
}

impl Sink {
    fn new(size: Size) -> Sink {
        Sink {
            width: size.width as usize,
            height: size.height as usize,
            stamps: vec![0; size.area()],
            epoch: 0,
            count: 0,
        }
    }

    fn clear(&mut self) {
        self.epoch += 1;
        self.count = 0;
    }

    #[inline]
    fn mark(&mut self, x: i64, y: i64) {
        if x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height {
            let i = y as usize * self.width + x as usize;
            if self.stamps[i] != self.epoch {
                self.stamps[i] = self.epoch;
                self.count += 1;
            }
        }
    }

    fn contains(&self, p: Point) -> bool {
        self.stamps[p.y as usize * self.width + p.x as usize] == self.epoch
    }
}

// ---------------------------------------------------------------------------------------
// The implementations, behind one small trait so each runs the same loops.
// ---------------------------------------------------------------------------------------

/// One FOV implementation, set up for one workload (its buffers reused across calls).
trait Impl {
    /// Computes the field of view from `origin`; returns the number of visible cells.
    fn run(&mut self, w: &Workload, radius: Option<u32>, origin: Point) -> usize;
    /// Whether `p` was visible in the last `run`.
    fn contains(&self, p: Point) -> bool;
}

struct Torchlit {
    algorithm: Algorithm,
    seen: Viewshed,
}

impl Impl for Torchlit {
    #[inline]
    fn run(&mut self, w: &Workload, radius: Option<u32>, origin: Point) -> usize {
        let width = w.width();
        let fov = Fov {
            algorithm: self.algorithm,
            radius: radius.map(|r| Radius::new(f64::from(r)).expect("valid radius")),
            light_walls: true,
        };
        let opaque: &[bool] = &w.opaque;
        fov.compute(
            w.size,
            origin,
            move |p: Point| opaque[p.y as usize * width + p.x as usize],
            &mut self.seen,
        )
        .expect("origin on the map");
        self.seen.len()
    }

    fn contains(&self, p: Point) -> bool {
        self.seen.contains(p)
    }
}

struct AdamFov {
    sink: Sink,
}

impl Impl for AdamFov {
    #[inline]
    fn run(&mut self, w: &Workload, radius: Option<u32>, origin: Point) -> usize {
        let width = w.width();
        let range = radius.map_or_else(|| w.covering_radius(origin) as usize, |r| r as usize);
        let opaque: &[bool] = &w.opaque;
        let sink = &mut self.sink;
        sink.clear();
        adam_fov_rs::compute_fov(
            [origin.x, origin.y],
            range,
            [w.size.width, w.size.height],
            move |p: adam_fov_rs::IVec2| opaque[p.y as usize * width + p.x as usize],
            |p: adam_fov_rs::IVec2| sink.mark(i64::from(p.x), i64::from(p.y)),
        );
        sink.count
    }

    fn contains(&self, p: Point) -> bool {
        self.sink.contains(p)
    }
}

struct FordFov {
    sink: Sink,
}

impl Impl for FordFov {
    #[inline]
    fn run(&mut self, w: &Workload, radius: Option<u32>, origin: Point) -> usize {
        let (width, height) = (w.size.width as isize, w.size.height as isize);
        let (ox, oy) = (origin.x as isize, origin.y as isize);
        // libtcod's strict rule; `isize::MAX` stands for "unlimited".
        let r2 = radius.map_or(isize::MAX, |r| (r as isize) * (r as isize));
        let in_range = move |(x, y): (isize, isize)| (x - ox).pow(2) + (y - oy).pow(2) < r2;
        let opaque: &[bool] = &w.opaque;
        let mut is_blocking = move |(x, y): (isize, isize)| {
            x < 0
                || y < 0
                || x >= width
                || y >= height
                || !in_range((x, y))
                || opaque[y as usize * width as usize + x as usize]
        };
        let sink = &mut self.sink;
        sink.clear();
        let mut mark = |(x, y): (isize, isize)| {
            if in_range((x, y)) {
                sink.mark(x as i64, y as i64);
            }
        };
        symmetric_shadowcasting::compute_fov((ox, oy), &mut is_blocking, &mut mark);
        sink.count
    }

    fn contains(&self, p: Point) -> bool {
        self.sink.contains(p)
    }
}

struct Doryen<A> {
    map: doryen_fov::MapData,
    /// `FovRecursiveShadowCasting` (libtcod's FOV_SHADOW) or `FovRestrictive` (MRPAS).
    fov: A,
    /// The previous origin: its radius' box is what the previous call could have set.
    last: Option<Point>,
}

impl<A> Doryen<A> {
    fn new(w: &Workload, fov: A) -> Doryen<A> {
        let mut map = doryen_fov::MapData::new(w.width(), w.size.height as usize);
        for (t, &o) in map.transparent.iter_mut().zip(&w.opaque) {
            *t = !o;
        }
        Doryen { map, fov, last: None }
    }
}

impl<A: doryen_fov::FovAlgorithm> Impl for Doryen<A> {
    #[inline]
    fn run(&mut self, w: &Workload, radius: Option<u32>, origin: Point) -> usize {
        let (width, height) = (w.width(), w.size.height as usize);
        // doryen-fov never clears `MapData::fov`: clear the box the previous call could
        // have touched (the whole map when unlimited).
        match (radius, self.last) {
            (Some(r), Some(last)) => {
                let r = r as usize;
                let (ox, oy) = (last.x as usize, last.y as usize);
                let (x0, x1) = (ox.saturating_sub(r), (ox + r).min(width - 1));
                for y in oy.saturating_sub(r)..=(oy + r).min(height - 1) {
                    self.map.fov[y * width + x0..=y * width + x1].fill(false);
                }
            }
            _ => self.map.fov.fill(false),
        }
        self.last = Some(origin);
        self.fov.compute_fov(
            &mut self.map,
            origin.x as usize,
            origin.y as usize,
            radius.map_or(0, |r| r as usize),
            true,
        );
        // Counting the set would cost a scan the other peers do not pay; return the
        // origin's flag so the call cannot be optimised away.
        usize::from(self.map.fov[origin.y as usize * width + origin.x as usize])
    }

    fn contains(&self, p: Point) -> bool {
        self.map.is_in_fov(p.x as usize, p.y as usize)
    }
}

/// The map as bracket-lib wants it: `BaseMap::is_opaque(index)` plus `dimensions()`.
struct BracketMap {
    width: i32,
    height: i32,
    opaque: Vec<bool>,
}

impl bracket_pathfinding::prelude::BaseMap for BracketMap {
    fn is_opaque(&self, idx: usize) -> bool {
        self.opaque[idx]
    }
}

impl bracket_pathfinding::prelude::Algorithm2D for BracketMap {
    fn dimensions(&self) -> bracket_pathfinding::prelude::Point {
        bracket_pathfinding::prelude::Point::new(self.width, self.height)
    }
}

struct Bracket {
    map: BracketMap,
    symmetric: bool,
    /// Filled only by `contains` checks (outside timing).
    sink: Sink,
    last: Vec<bracket_pathfinding::prelude::Point>,
}

impl Bracket {
    fn new(w: &Workload, symmetric: bool) -> Bracket {
        Bracket {
            map: BracketMap {
                width: w.size.width as i32,
                height: w.size.height as i32,
                opaque: w.opaque.clone(),
            },
            symmetric,
            sink: Sink::new(w.size),
            last: Vec::new(),
        }
    }
}

impl Impl for Bracket {
    #[inline]
    fn run(&mut self, w: &Workload, radius: Option<u32>, origin: Point) -> usize {
        use bracket_pathfinding::prelude::{FieldOfViewAlg, Point as BPoint, field_of_view};
        let range = radius.map_or_else(|| w.covering_radius(origin), |r| r as i32);
        let center = BPoint::new(origin.x, origin.y);
        // The API returns a fresh `Vec` (built from a fresh `HashSet`) every call.
        self.last = if self.symmetric {
            FieldOfViewAlg::SymmetricShadowcasting.field_of_view(center, range, &self.map)
        } else {
            field_of_view(center, range, &self.map)
        };
        self.last.len()
    }

    fn contains(&self, p: Point) -> bool {
        self.sink.contains(p)
    }
}

impl Bracket {
    /// Copies the last result into the sink so `contains` can answer (not timed).
    fn index_last(&mut self) {
        self.sink.clear();
        for p in &self.last {
            self.sink.mark(i64::from(p.x), i64::from(p.y));
        }
    }
}

/// gametools 0.11 (`perimeter_raycasting_into`, `recursive_shadowcasting_into`): a
/// Chebyshev radius (`None` covers the map), walls always lit, results in a caller-owned
/// `Grid<bool>` that every call clears whole (its API's cost).
struct Gametools {
    map: gametools::Grid<bool>,
    visible: gametools::FovMap,
    shadow: bool,
}

impl Gametools {
    fn new(w: &Workload, shadow: bool) -> Gametools {
        let size = gametools::GridSize::new(w.width(), w.size.height as usize).expect("size");
        let map = gametools::Grid::from_vec(size, w.opaque.clone()).expect("cells");
        let visible = gametools::Grid::new(size, false).expect("size");
        Gametools { map, visible, shadow }
    }
}

impl Impl for Gametools {
    #[inline]
    fn run(&mut self, _w: &Workload, radius: Option<u32>, origin: Point) -> usize {
        let source = gametools::Point::new(origin.x, origin.y);
        let opaque = |_: gametools::Point, o: &bool| *o;
        if self.shadow {
            gametools::recursive_shadowcasting_into(
                &self.map,
                &mut self.visible,
                source,
                radius,
                opaque,
            );
        } else {
            gametools::perimeter_raycasting_into(
                &self.map,
                &mut self.visible,
                source,
                radius,
                opaque,
            );
        }
        usize::from(self.visible[source])
    }

    fn contains(&self, p: Point) -> bool {
        self.visible[gametools::Point::new(p.x, p.y)]
    }
}

/// The implementations, in table order; `torchlit` first (the ratios' denominator).
const IMPLS: [&str; 6] = [
    "symmetric",
    "adam_fov_rs",
    "symmetric_shadowcasting",
    "doryen_fov",
    "bracket_field_of_view",
    "bracket_symmetric",
];

/// The implementation called `name`, set up for `w`.
fn boxed_impl(name: &str, w: &Workload) -> Box<dyn ImplDyn> {
    match name {
        "symmetric" => {
            Box::new(Torchlit { algorithm: Algorithm::Symmetric, seen: Viewshed::new(w.size) })
        }
        "adam_fov_rs" => Box::new(AdamFov { sink: Sink::new(w.size) }),
        "symmetric_shadowcasting" => Box::new(FordFov { sink: Sink::new(w.size) }),
        "doryen_fov" => Box::new(Doryen::new(w, doryen_fov::FovRecursiveShadowCasting::new())),
        "doryen_restrictive" => Box::new(Doryen::new(w, doryen_fov::FovRestrictive::new())),
        "gametools_raycast" => Box::new(Gametools::new(w, false)),
        "gametools_shadow" => Box::new(Gametools::new(w, true)),
        "bracket_field_of_view" => Box::new(Bracket::new(w, false)),
        "bracket_symmetric" => Box::new(Bracket::new(w, true)),
        other => match other.strip_prefix("torchlit-").map(str::parse::<Algorithm>) {
            Some(Ok(algorithm)) => Box::new(Torchlit { algorithm, seen: Viewshed::new(w.size) }),
            _ => unreachable!("unknown implementation {other}"),
        },
    }
}

/// Runs `f` with the implementation called `name`, set up for `w`.
fn with_impl<R>(name: &str, w: &Workload, f: impl FnOnce(&mut dyn ImplDyn) -> R) -> R {
    f(boxed_impl(name, w).as_mut())
}

/// What the drivers need of an implementation, object-safe: the 1,000-origin loop is
/// monomorphised inside (one virtual call per pass, not per FOV call).
trait ImplDyn {
    /// Runs every origin once; returns a checksum of the visible counts.
    fn pass(&mut self, w: &Workload, radius: Option<u32>) -> usize {
        self.run_all(w, radius, &w.origins)
    }
    /// Runs each of `origins` once; returns a checksum of the visible counts.
    fn run_all(&mut self, w: &Workload, radius: Option<u32>, origins: &[Point]) -> usize;
    /// Runs one origin and leaves its result readable by `contains`.
    fn run_one(&mut self, w: &Workload, radius: Option<u32>, origin: Point);
    /// Whether `p` was visible in the last `run_one`.
    fn visible(&self, p: Point) -> bool;
}

macro_rules! impl_dyn {
    ($t:ty, $after:expr) => {
        impl ImplDyn for $t {
            #[inline(never)]
            fn run_all(&mut self, w: &Workload, radius: Option<u32>, origins: &[Point]) -> usize {
                let mut sum = 0usize;
                for &o in origins {
                    sum = sum.wrapping_add(self.run(w, radius, black_box(o)));
                }
                sum
            }
            fn run_one(&mut self, w: &Workload, radius: Option<u32>, origin: Point) {
                self.run(w, radius, origin);
                #[allow(clippy::redundant_closure_call)]
                ($after)(self);
            }
            fn visible(&self, p: Point) -> bool {
                self.contains(p)
            }
        }
    };
}

impl_dyn!(Torchlit, |_: &mut Torchlit| ());
impl_dyn!(AdamFov, |_: &mut AdamFov| ());
impl_dyn!(FordFov, |_: &mut FordFov| ());
impl_dyn!(Doryen<doryen_fov::FovRecursiveShadowCasting>, |_: &mut _| ());
impl_dyn!(Doryen<doryen_fov::FovRestrictive>, |_: &mut _| ());
impl_dyn!(Gametools, |_: &mut Gametools| ());
impl_dyn!(Bracket, |b: &mut Bracket| b.index_last());

// ---------------------------------------------------------------------------------------
// Drivers
// ---------------------------------------------------------------------------------------

fn bench_name(imp: &str, radius: Option<u32>, w: &Workload) -> String {
    format!("{imp}/{}/{}", radius_name(radius), w.name)
}

/// A pass slower than this (one call per origin) is too slow for criterion's ten samples
/// within the time budget: such a bench is timed once (by the probe) and skipped.
const SLOW_PASS: Duration = Duration::from_secs(1);

/// ns per call of the benches that were too slow for criterion, by bench name.
type SlowPasses = Vec<(String, f64)>;

/// The criterion benches: group `fov`, one bench per (implementation, radius, workload).
fn criterion_benches(
    c: &mut Criterion,
    workloads: &[Workload],
    filter: Option<&str>,
    slow: &mut SlowPasses,
) {
    let mut group = c.benchmark_group("fov");
    group
        .throughput(Throughput::Elements(ORIGINS as u64))
        // Some peers take a large fraction of a second per 1,000 origins: flat sampling
        // keeps them to sample_size iterations instead of 1 + 2 + ... + sample_size.
        .sampling_mode(SamplingMode::Flat);
    for w in workloads {
        for radius in RADII {
            for imp in IMPLS {
                let name = bench_name(imp, radius, w);
                with_impl(imp, w, |i| {
                    // bracket-lib allocates a HashSet of capacity ~4·r² per call, and with
                    // no "unlimited" r must cover the map: those get one probe pass first.
                    let selected = filter.is_none_or(|f| format!("fov/{name}").contains(f));
                    if selected && imp.starts_with("bracket") && radius.is_none() {
                        let t = Instant::now();
                        black_box(i.pass(w, radius));
                        let elapsed = t.elapsed();
                        if elapsed > SLOW_PASS {
                            let ns = elapsed.as_secs_f64() * 1e9 / w.origins.len() as f64;
                            println!(
                                "fov/{name}: one pass took {elapsed:.1?} ({ns:.0} ns/call); \
                                 too slow for 10 criterion samples, timed once"
                            );
                            slow.push((name.clone(), ns));
                            return;
                        }
                    }
                    group.bench_function(&name, |b| b.iter(|| i.pass(w, radius)));
                });
            }
        }
    }
    group.finish();
}

/// The origins of one timed sample in [`interleaved_timings`].
const CHUNK: usize = 100;

/// Median and best-case ns per call of each implementation, in [`IMPLS`] order.
type Timings = Vec<(f64, f64)>;

/// ns per call of every implementation on one (workload, radius): the median over rounds
/// of a full pass, and the best case (each chunk of [`CHUNK`] origins at its fastest over
/// the rounds, summed).
///
/// The implementations take turns chunk by chunk within each round, so load from
/// elsewhere on the machine hits them alike; at least 5 rounds, more while under a third
/// of a second. An implementation whose passes add up past [`SLOW_PASS`] stops there (a
/// bench too slow for criterion reuses its probe).
fn interleaved_timings(w: &Workload, radius: Option<u32>, slow: &SlowPasses) -> Timings {
    let n = w.origins.len() as f64;
    let chunks: Vec<&[Point]> = w.origins.chunks(CHUNK).collect();
    let mut impls: Vec<Box<dyn ImplDyn>> = IMPLS.iter().map(|imp| boxed_impl(imp, w)).collect();
    let mut passes: Vec<Vec<f64>> = vec![Vec::new(); IMPLS.len()];
    let mut best: Vec<Vec<f64>> = vec![vec![f64::MAX; chunks.len()]; IMPLS.len()];
    let mut active = vec![true; IMPLS.len()];
    for (i, imp) in IMPLS.iter().enumerate() {
        let name = bench_name(imp, radius, w);
        if let Some(&(_, ns)) = slow.iter().find(|(s, _)| *s == name) {
            passes[i].push(ns);
            best[i] = chunks.iter().map(|c| ns * c.len() as f64).collect();
            active[i] = false;
        }
    }
    for (i, imp) in impls.iter_mut().enumerate() {
        if active[i] {
            black_box(imp.pass(w, radius)); // warm-up: buffers touched, code in cache
        }
    }
    let start = Instant::now();
    for round in 0.. {
        let enough = round >= 5 && (round >= 15 || start.elapsed() > Duration::from_millis(330));
        if enough || !active.contains(&true) {
            break;
        }
        warm(w);
        let mut totals = vec![0.0; IMPLS.len()];
        for (c, chunk) in chunks.iter().enumerate() {
            for (i, imp) in impls.iter_mut().enumerate() {
                if active[i] {
                    let t = Instant::now();
                    black_box(imp.run_all(w, radius, chunk));
                    let ns = t.elapsed().as_secs_f64() * 1e9;
                    totals[i] += ns;
                    best[i][c] = best[i][c].min(ns);
                }
            }
        }
        for i in 0..IMPLS.len() {
            if active[i] {
                passes[i].push(totals[i] / n);
                active[i] = passes[i].iter().sum::<f64>() * n < SLOW_PASS.as_nanos() as f64;
            }
        }
    }
    passes
        .into_iter()
        .zip(best)
        .map(|(mut p, b)| {
            p.sort_by(f64::total_cmp);
            (p[p.len() / 2], b.iter().sum::<f64>() / n)
        })
        .collect()
}

/// Reads the whole map, so that every implementation's pass starts with it in cache
/// whatever ran before (a peer that clears a map-sized buffer per call evicts it).
fn warm(w: &Workload) {
    black_box(w.opaque.iter().filter(|&&o| o).count());
}

/// How far `peer`'s visible sets are from torchlit's (libtcod's) inside the disc both
/// cover (`dx² + dy² < r²`, the whole map when unlimited), over the first `n` origins:
/// cells in one set and not the other, as a percentage of torchlit's cells there.
fn difference_percent(peer: &str, w: &Workload, radius: Option<u32>, n: usize) -> f64 {
    let mut reference = boxed_impl("symmetric", w);
    let mut i = boxed_impl(peer, w);
    let (mut differ, mut total) = (0usize, 0usize);
    for &o in &w.origins[..n] {
        reference.run_one(w, radius, o);
        i.run_one(w, radius, o);
        for p in disc(w, radius, o) {
            let (want, got) = (reference.visible(p), i.visible(p));
            total += usize::from(want);
            differ += usize::from(want != got);
        }
    }
    100.0 * differ as f64 / total.max(1) as f64
}

/// The map cells with `dx² + dy² < r²` from `o` (all of them when unlimited).
fn disc(w: &Workload, radius: Option<u32>, o: Point) -> impl Iterator<Item = Point> + '_ {
    let r = radius.map_or(i32::MAX, |r| r as i32);
    let x0 = o.x.saturating_sub(r).max(0);
    let x1 = o.x.saturating_add(r).min(w.size.width as i32 - 1);
    let y0 = o.y.saturating_sub(r).max(0);
    let y1 = o.y.saturating_add(r).min(w.size.height as i32 - 1);
    let r2 = radius.map_or(i64::MAX, |r| i64::from(r) * i64::from(r));
    (y0..=y1)
        .flat_map(move |y| (x0..=x1).map(move |x| Point::new(x, y)))
        .filter(move |&p| o.offset_to(p).length_squared() < r2)
}

/// The summary tables: median ns per call and each peer's ratio to torchlit, then how far
/// each peer's visible sets are from libtcod's.
fn summary(workloads: &[Workload], filter: Option<&str>, slow: &SlowPasses) {
    let wanted = |w: &Workload, radius| {
        filter.is_none_or(|f| {
            IMPLS.iter().any(|imp| format!("fov/{}", bench_name(imp, radius, w)).contains(f))
        })
    };
    let header = |first: usize| {
        print!("{:<10} {:>9}", "workload", "radius");
        for imp in &IMPLS[first..] {
            print!(" {:>24}", if *imp == "symmetric" { "torchlit" } else { imp });
        }
        println!();
    };
    let timings: Vec<(&Workload, Option<u32>, Timings)> = workloads
        .iter()
        .flat_map(|w| RADII.map(|r| (w, r)))
        .filter(|&(w, r)| wanted(w, r))
        .map(|(w, r)| (w, r, interleaved_timings(w, r, slow)))
        .collect();
    for (title, pick_best) in [
        ("median ns per FOV call over interleaved passes of 1,000 origins", false),
        ("best case: ns per FOV call, each 100-origin chunk at its fastest over the passes", true),
    ] {
        println!();
        println!("{title} (ratio = peer / torchlit)");
        header(0);
        for (w, radius, t) in &timings {
            let ns = |i: usize| if pick_best { t[i].1 } else { t[i].0 };
            print!("{:<10} {:>9} {:>24.0}", w.name, radius_name(*radius), ns(0));
            for i in 1..IMPLS.len() {
                print!(" {:>15.0} ({:>5.1}x)", ns(i), ns(i) / ns(0));
            }
            println!();
        }
    }
    println!();
    println!("visible cells differing from torchlit (= libtcod) inside dx² + dy² < r², in % of");
    println!("torchlit's visible cells there (first 30 origins; radius rules excluded)");
    header(1);
    for w in workloads {
        for radius in RADII {
            if !wanted(w, radius) {
                continue;
            }
            print!("{:<10} {:>9}", w.name, radius_name(radius));
            for imp in &IMPLS[1..] {
                print!(" {:>23.2}%", difference_percent(imp, w, radius, 30));
            }
            println!();
        }
    }
}

// ---------------------------------------------------------------------------------------
// Every algorithm: torchlit against the Rust peers with the same algorithm
// ---------------------------------------------------------------------------------------

/// The peers of each algorithm: the crates implementing the same algorithm (with their
/// own radius rules, see the module docs). Algorithms not listed have none.
const PEERS: [(&str, &[&str]); 4] = [
    ("symmetric", &["symmetric_shadowcasting", "bracket_symmetric"]),
    ("shadow", &["doryen_fov", "gametools_shadow", "bracket_field_of_view"]),
    ("restrictive", &["doryen_restrictive"]),
    ("basic", &["gametools_raycast"]),
];

/// Origins per (algorithm, workload, radius) in the algorithm table.
const ALGO_ORIGINS: usize = 100;

/// Median ns per call of `imps` (in turns, pass by pass) on the first [`ALGO_ORIGINS`]
/// origins: at least 3 passes, more while under a fifth of a second, none after a second.
fn algorithm_timings(w: &Workload, radius: Option<u32>, imps: &[String]) -> Vec<f64> {
    let origins = &w.origins[..ALGO_ORIGINS.min(w.origins.len())];
    let n = origins.len() as f64;
    let mut impls: Vec<Box<dyn ImplDyn>> = imps.iter().map(|i| boxed_impl(i, w)).collect();
    let mut passes: Vec<Vec<f64>> = vec![Vec::new(); imps.len()];
    let mut spent = vec![0.0f64; imps.len()];
    let start = Instant::now();
    for round in 0..15 {
        if round >= 3 && start.elapsed() > Duration::from_millis(200) {
            break;
        }
        warm(w);
        for (i, imp) in impls.iter_mut().enumerate() {
            if round > 0 && spent[i] > SLOW_PASS.as_secs_f64() * 1e9 {
                continue;
            }
            let t = Instant::now();
            black_box(imp.run_all(w, radius, origins));
            let ns = t.elapsed().as_secs_f64() * 1e9;
            spent[i] += ns;
            passes[i].push(ns / n);
        }
    }
    passes
        .into_iter()
        .map(|mut p| {
            p.sort_by(f64::total_cmp);
            p[p.len() / 2]
        })
        .collect()
}

/// Issue 18's case: unlimited raycasting on a legal open 4096×1024 map (walls on the
/// border only) was `O(W·H·max(W, H))`, 21 s a call, where the other algorithms take a
/// fraction of a second. Rows `algorithms/open_4096/<algorithm>`, 3 origins.
fn open_map_row(filter: Option<&str>) {
    let (w, h) = (4096usize, 1024usize);
    let border = (0..w * h).map(|i| i % w == 0 || i % w == w - 1 || i / w == 0 || i / w == h - 1);
    let mut open = Workload::new("open_4096", Size::new(w as u32, h as u32), border.collect(), 18);
    open.origins.truncate(3);
    for algorithm in [Algorithm::Raycast, Algorithm::Symmetric, Algorithm::Shadow, Algorithm::Basic]
    {
        let row = format!("algorithms/open_4096/{algorithm}");
        if filter.is_some_and(|f| !row.contains(f)) {
            continue;
        }
        let ns = algorithm_timings(&open, None, &[format!("torchlit-{algorithm}")]);
        println!(
            "{:<14} {:<10} {:>9} {:>12.0}  (issue 18: open 4096x1024 map, origins {})",
            algorithm.name(),
            open.name,
            "unlimited",
            ns[0],
            open.origins.iter().map(|o| o.to_string()).collect::<Vec<_>>().join(" ")
        );
    }
}

/// Where the algorithm table and the maps for `tools/tcod-vectors/bench.py` go.
fn export_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/fov-bench")
}

/// Writes each workload (`W H`, rows of `#`/`.`, then the table's origins as `x,y`) for
/// `bench.py`, which times libtcod's C on the same maps and origins.
fn export_workloads(workloads: &[Workload]) -> std::io::Result<()> {
    use std::fmt::Write as _;
    let dir = export_dir();
    std::fs::create_dir_all(&dir)?;
    for w in workloads {
        let mut text = format!("{} {}\n", w.size.width, w.size.height);
        for row in w.opaque.chunks(w.width()) {
            text.extend(row.iter().map(|&o| if o { '#' } else { '.' }));
            text.push('\n');
        }
        for o in &w.origins[..ALGO_ORIGINS.min(w.origins.len())] {
            let _ = write!(text, "{},{} ", o.x, o.y);
        }
        text.push('\n');
        std::fs::write(dir.join(format!("{}.txt", w.name)), text)?;
    }
    Ok(())
}

/// The algorithm table: for every algorithm, workload and radius, torchlit's median ns per
/// call and each same-algorithm peer's, with ratio = peer / torchlit. Rows are named
/// `algorithms/<algorithm>/<radius>/<workload>` for the filter. Also written, tab
/// separated, to `target/fov-bench/torchlit.tsv` for `bench.py`.
fn algorithm_table(workloads: &[Workload], filter: Option<&str>) {
    if let Err(e) = export_workloads(workloads) {
        println!("could not export the workloads for bench.py: {e}");
    }
    println!();
    println!(
        "every algorithm: median ns per call, walls lit, first {ALGO_ORIGINS} origins \
         (ratio = peer / torchlit)"
    );
    println!("{:<14} {:<10} {:>9} {:>12}  peers", "algorithm", "workload", "radius", "torchlit");
    let mut tsv = String::from("algorithm\tworkload\tradius\ttorchlit_ns\tpeers\n");
    for algorithm in Algorithm::ALL {
        let peers = PEERS.iter().find(|(a, _)| *a == algorithm.name()).map_or(&[][..], |p| p.1);
        for w in workloads {
            for radius in RADII {
                let row = format!("algorithms/{}/{}/{}", algorithm, radius_name(radius), w.name);
                if filter.is_some_and(|f| !row.contains(f)) {
                    continue;
                }
                let mut imps = vec![format!("torchlit-{algorithm}")];
                imps.extend(peers.iter().map(|p| p.to_string()));
                let ns = algorithm_timings(w, radius, &imps);
                print!(
                    "{:<14} {:<10} {:>9} {:>12.0}",
                    algorithm.name(),
                    w.name,
                    radius_name(radius),
                    ns[0]
                );
                let mut cells = Vec::new();
                for (peer, t) in peers.iter().zip(&ns[1..]) {
                    print!("  {peer} {t:.0} ({:.1}x)", t / ns[0]);
                    cells.push(format!("{peer}={t:.0}"));
                }
                println!();
                tsv.push_str(&format!(
                    "{}\t{}\t{}\t{:.0}\t{}\n",
                    algorithm,
                    w.name,
                    radius.unwrap_or(0),
                    ns[0],
                    cells.join(",")
                ));
            }
        }
    }
    open_map_row(filter);
    let path = export_dir().join("torchlit.tsv");
    match std::fs::write(&path, tsv) {
        Ok(()) => println!("written to {}", path.display()),
        Err(e) => println!("could not write {}: {e}", path.display()),
    }
}

fn main() {
    let mut workloads = [cave(0x5EED_0001), maze(0x5EED_0002), field(0x5EED_0003)];
    let args: Vec<String> = std::env::args().skip(1).collect();
    // `cargo bench` passes `--bench`; `cargo test --benches` does not, and criterion then
    // runs each bench once as a smoke test: a few origins are enough, and no tables.
    let has = |flag: &str| args.iter().any(|a| a == flag);
    let benchmarking = has("--bench") && !has("--test") && !has("--list");
    if !benchmarking {
        for w in &mut workloads {
            w.origins.truncate(5);
        }
    }
    // Nor are tables printed when profiling one bench (`--profile-time`).
    let tables = benchmarking && !has("--profile-time");
    let filter = name_filter(&args);

    let mut slow = SlowPasses::new();
    // FOV_BENCH_TABLE_ONLY=1 skips the criterion benches and prints only the tables.
    let algorithms_only = filter.is_some_and(|f| f.starts_with("algorithms"));
    if (std::env::var_os("FOV_BENCH_TABLE_ONLY").is_none() || !tables) && !algorithms_only {
        let mut c = Criterion::default()
            .warm_up_time(Duration::from_secs(1))
            .measurement_time(Duration::from_secs(2))
            .sample_size(10)
            .configure_from_args();
        criterion_benches(&mut c, &workloads, filter, &mut slow);
        c.final_summary();
    }
    // `algorithms...` filters select the algorithm table only.
    let algorithms_only = filter.is_some_and(|f| f.starts_with("algorithms"));
    if tables && !algorithms_only {
        summary(&workloads, filter, &slow);
    }
    if tables && filter.is_none_or(|f| f.starts_with("algorithms")) {
        algorithm_table(&workloads, filter);
    }
}

/// The bench-name filter criterion was given (its first positional argument), which the
/// probes and the tables apply as a plain substring of `fov/<impl>/<radius>/<workload>`
/// (criterion itself reads it as a regular expression).
fn name_filter(args: &[String]) -> Option<&str> {
    // Criterion's options that take a separate value.
    const WITH_VALUE: [&str; 16] = [
        "--save-baseline",
        "-s",
        "--baseline",
        "-b",
        "--baseline-lenient",
        "--load-baseline",
        "--profile-time",
        "--sample-size",
        "--warm-up-time",
        "--measurement-time",
        "--nresamples",
        "--noise-threshold",
        "--confidence-level",
        "--significance-level",
        "--color",
        "--format",
    ];
    let mut args = args.iter();
    while let Some(a) = args.next() {
        if WITH_VALUE.contains(&a.as_str()) {
            args.next();
        } else if !a.starts_with('-') {
            return Some(a);
        }
    }
    None
}
