//! Optimality against an independent reference: a textbook Dijkstra over [`Rule::steps`]
//! (a binary heap, a `Vec<Option<u64>>` of distances, no shared code with the crate's
//! searches) on random maps, for every movement rule, unit and weighted costs, both flows,
//! A* between every pair, and the tie-break hook of `downhill`.
//!
//! If any search stopped returning cheapest walks (a BFS dispatched where costs differ, a
//! heuristic that overestimates, a queue that pops out of order, a stale stamp), the
//! values here would differ from the reference's.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use proptest::prelude::*;
use torchlit_geom::{Direction, Point, Size};
use torchlit_path::{Cost, DijkstraMap, Flow, Moves, PathGrid, Rule, Search, StepCosts};

/// A random map: blocked cells, costs `1..=max_cost`, narrow cells; sometimes 1 only.
#[derive(Clone, Debug)]
struct Map {
    size: Size,
    cells: Vec<Option<(u32, bool)>>,
}

fn map(max_side: u32) -> impl Strategy<Value = Map> {
    (1u32..=max_side, 1u32..=max_side, 0u32..60, prop_oneof![Just(1u32), Just(3), Just(9)])
        .prop_flat_map(|(w, h, wall, max_cost)| {
            let cell = (0u32..100, 1u32..=max_cost, any::<bool>())
                .prop_map(move |(r, c, n)| (r >= wall).then_some((c, n)));
            proptest::collection::vec(cell, (w * h) as usize)
                .prop_map(move |cells| Map { size: Size::new(w, h), cells })
        })
}

fn rule() -> impl Strategy<Value = Rule> {
    let moves = prop_oneof![Just(Moves::Four), Just(Moves::Eight), Just(Moves::Rooms)];
    let costs = prop_oneof![
        3 => Just((1, 1)),
        1 => Just((10, 14)),
        1 => Just((2, 3)),
        1 => Just((3, 1)),
        1 => (1u32..6, 1u32..12)
    ];
    (moves, costs).prop_map(|(m, (c, d))| Rule::new(m, StepCosts::new(c, d).expect("valid")))
}

impl Map {
    fn grid(&self) -> PathGrid {
        let w = self.size.width as usize;
        let at = |p: Point| self.cells[p.y as usize * w + p.x as usize];
        let mut g = PathGrid::from_costs(self.size, |p| at(p).map(|(c, _)| Cost(c))).expect("ok");
        for p in self.points() {
            if let Some((_, true)) = at(p) {
                g.set_narrow(p, true).expect("inside");
            }
        }
        g
    }

    fn points(&self) -> impl Iterator<Item = Point> + use<> {
        let size = self.size;
        (0..size.area()).map(move |i| size.point_at(i))
    }

    fn pick(&self, seed: u64) -> Point {
        self.size.point_at((seed % self.size.area() as u64) as usize)
    }
}

/// The reference: Dijkstra from `starts` over the steps of `rule` (reversed for
/// [`Flow::ToGoals`], where only passable cells and the goals themselves get a value).
fn reference(grid: &PathGrid, rule: Rule, flow: Flow, starts: &[Point]) -> Vec<Option<u64>> {
    let size = grid.size();
    let w = size.width as usize;
    let idx = |p: Point| p.y as usize * w + p.x as usize;
    let all: Vec<Point> = (0..size.area()).map(|i| size.point_at(i)).collect();
    // Edges to relax from a settled cell: forward steps, or the steps that arrive there.
    let mut edges: Vec<Vec<(usize, u64)>> = vec![Vec::new(); all.len()];
    for &p in &all {
        if flow == Flow::ToGoals && !grid.is_passable(p) {
            continue; // no walker stands on a blocked cell
        }
        for (q, c) in rule.steps(grid, p) {
            match flow {
                Flow::FromSources => edges[idx(p)].push((idx(q), u64::from(c.0))),
                Flow::ToGoals => edges[idx(q)].push((idx(p), u64::from(c.0))),
            }
        }
    }
    let mut dist = vec![None; all.len()];
    let mut heap = BinaryHeap::new();
    for &s in starts {
        heap.push(Reverse((0u64, idx(s))));
    }
    while let Some(Reverse((d, u))) = heap.pop() {
        if dist[u].is_some() {
            continue;
        }
        dist[u] = Some(d);
        let leads = flow == Flow::FromSources || grid.is_passable(all[u]);
        for &(v, c) in edges[u].iter().filter(|_| leads) {
            if dist[v].is_none() {
                heap.push(Reverse((d + c, v)));
            }
        }
    }
    dist
}

fn value(m: &DijkstraMap, p: Point) -> Option<u64> {
    m.get(p).map(|c| u64::from(c.0))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn dijkstra_maps_equal_the_reference_for_every_rule_and_flow(
        m in map(40), rule in rule(), starts in proptest::collection::vec(any::<u64>(), 1..4)
    ) {
        let grid = m.grid();
        let starts: Vec<Point> = starts.iter().map(|&s| m.pick(s)).collect();
        let mut field = DijkstraMap::new(m.size, rule);
        for flow in [Flow::FromSources, Flow::ToGoals] {
            field.rebuild(&grid, rule, flow, starts.iter().copied()).expect("inside");
            let want = reference(&grid, rule, flow, &starts);
            for (i, p) in m.points().enumerate() {
                prop_assert_eq!(value(&field, p), want[i], "{:?} at {}", flow, p);
            }
        }
    }

    #[test]
    fn astar_finds_a_cheapest_legal_walk_between_every_pair(
        m in map(14), rule in rule(), seed in any::<u64>()
    ) {
        let grid = m.grid();
        let from = m.pick(seed);
        let want = reference(&grid, rule, Flow::FromSources, &[from]);
        let mut search = Search::new();
        for (i, to) in m.points().enumerate() {
            let found = search.astar(&grid, rule, from, to).expect("inside");
            prop_assert_eq!(found.as_ref().map(|p| u64::from(p.cost.0)), want[i], "{} -> {}", from, to);
            let Some(path) = found else { continue };
            prop_assert_eq!(path.cells.first(), Some(&from));
            prop_assert_eq!(path.cells.last(), Some(&to));
            let mut paid = 0u64;
            for w in path.cells.windows(2) {
                let step = rule.steps(&grid, w[0]).find(|(n, _)| *n == w[1]);
                prop_assert!(step.is_some(), "illegal step {} -> {}", w[0], w[1]);
                paid += step.map_or(0, |(_, c)| u64::from(c.0));
            }
            prop_assert_eq!(paid, u64::from(path.cost.0));
        }
    }

    #[test]
    fn downhill_takes_the_cheapest_step_the_caller_ranks_first(
        m in map(16), rule in rule(), goal in any::<u64>(), salt in any::<u64>()
    ) {
        let grid = m.grid();
        let goal = m.pick(goal);
        let field = DijkstraMap::to_goals(&grid, rule, [goal]).expect("inside");
        let want = reference(&grid, rule, Flow::ToGoals, &[goal]);
        let w = m.size.width as usize;
        // A rank that is arbitrary but fixed per cell, with ties.
        let rank = |n: Point| (n.x as u64 * 31 + n.y as u64 * 17 + salt) % 3;
        for p in m.points() {
            let got = field.downhill(&grid, p, rank);
            let Some(here) = want[p.y as usize * w + p.x as usize] else {
                prop_assert_eq!(got, None, "unreachable {}", p);
                continue;
            };
            if here == 0 {
                prop_assert_eq!(got, Some(p));
                continue;
            }
            // Reference: legal steps minimising step + value, then the rank, then
            // Direction::ALL order.
            let expected = Direction::ALL
                .into_iter()
                .filter_map(|d| rule.step(&grid, p, d))
                .filter_map(|(n, c)| {
                    want[n.y as usize * w + n.x as usize].map(|v| (u64::from(c.0) + v, rank(n), n))
                })
                .min_by_key(|&(t, r, _)| (t, r))
                .map(|(_, _, n)| n);
            prop_assert_eq!(got, expected, "from {}", p);
            if let Some(n) = got {
                let (_, c) = rule.steps(&grid, p).find(|(q, _)| *q == n).expect("legal");
                let v = want[n.y as usize * w + n.x as usize].expect("reachable");
                prop_assert_eq!(u64::from(c.0) + v, here, "a step down a cheapest walk");
            }
        }
    }
}

#[test]
fn a_reused_search_survives_its_stamps_wrapping() {
    // More queries than the stamp has epochs, alternating answers, on one grid: a stale
    // stamp from an earlier search would show as a wrong cost or a missing path.
    let rows = ["......", ".####.", "......", "####..", "......"];
    let grid = PathGrid::from_passable(Size::new(6, 5), |p| {
        rows[p.y as usize].as_bytes()[p.x as usize] == b'.'
    })
    .expect("small");
    let want = reference(&grid, Rule::FOUR, Flow::FromSources, &[Point::new(0, 0)]);
    let mut search = Search::new();
    for round in 0..100i32 {
        let to = Point::new(round % 6, (round / 6) % 5);
        let found = search.astar(&grid, Rule::FOUR, Point::new(0, 0), to).expect("inside");
        let i = to.y as usize * 6 + to.x as usize;
        assert_eq!(found.map(|p| u64::from(p.cost.0)), want[i], "round {round}, to {to}");
    }
}
