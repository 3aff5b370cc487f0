//! Invariants on random maps: A* costs equal Dijkstra values, every step of a path is
//! legal under its rule, and distances obey the triangle inequality along every edge.

use proptest::prelude::*;
use torchlit_geom::{Point, Size};
use torchlit_path::{Cost, DijkstraMap, Flow, Moves, PathGrid, Rule, Search, StepCosts};

/// A random map: each cell blocked, or passable with cost 1..=3, maybe narrow.
#[derive(Clone, Debug)]
struct Map {
    size: Size,
    cells: Vec<Option<(u32, bool)>>,
}

fn map() -> impl Strategy<Value = Map> {
    (1u32..12, 1u32..12).prop_flat_map(|(w, h)| {
        let cell = prop_oneof![
            1 => Just(None),
            3 => (1u32..=3, any::<bool>()).prop_map(Some),
        ];
        proptest::collection::vec(cell, (w * h) as usize)
            .prop_map(move |cells| Map { size: Size::new(w, h), cells })
    })
}

fn rule() -> impl Strategy<Value = Rule> {
    let moves = prop_oneof![Just(Moves::Four), Just(Moves::Eight), Just(Moves::Rooms)];
    let costs =
        prop_oneof![Just((1, 1)), Just((10, 14)), Just((2, 3)), Just((3, 1)), (1u32..5, 1u32..9)];
    (moves, costs).prop_map(|(m, (c, d))| Rule::new(m, StepCosts::new(c, d).expect("valid")))
}

impl Map {
    fn grid(&self, unit: bool) -> PathGrid {
        let w = self.size.width as usize;
        let at = |p: Point| self.cells[p.y as usize * w + p.x as usize];
        let mut g =
            PathGrid::from_costs(self.size, |p| at(p).map(|(c, _)| Cost(if unit { 1 } else { c })))
                .expect("valid costs");
        for p in (0..self.size.area()).map(|i| self.size.point_at(i)) {
            if let Some((_, true)) = at(p) {
                g.set_narrow(p, true).expect("inside");
            }
        }
        g
    }

    fn points(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.size.area()).map(|i| self.size.point_at(i))
    }
}

fn check_path(grid: &PathGrid, rule: Rule, from: Point, to: Point, path: &[Point], cost: Cost) {
    assert_eq!(path.first(), Some(&from));
    assert_eq!(path.last(), Some(&to));
    let mut total = Cost::ZERO;
    for w in path.windows(2) {
        let step = rule.steps(grid, w[0]).find(|(n, _)| *n == w[1]);
        let (_, c) = step.unwrap_or_else(|| panic!("illegal step {} -> {}", w[0], w[1]));
        total = total + c;
    }
    assert_eq!(total, cost, "the steps add up to the cost");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn astar_cost_equals_the_dijkstra_value_and_steps_are_legal(
        m in map(), rule in rule(), unit in any::<bool>(), seed in any::<u64>()
    ) {
        let grid = m.grid(unit);
        let n = m.size.area();
        let from = m.size.point_at((seed % n as u64) as usize);
        let field = DijkstraMap::from_sources(&grid, rule, [from]).expect("inside");
        let mut search = Search::new();
        for to in m.points() {
            let found = search.astar(&grid, rule, from, to).expect("inside");
            prop_assert_eq!(found.as_ref().map(|p| p.cost), field.get(to), "{} -> {}", from, to);
            if let Some(p) = found {
                check_path(&grid, rule, from, to, &p.cells, p.cost);
            }
        }
    }

    #[test]
    fn distances_satisfy_the_triangle_inequality_on_every_edge(
        m in map(), rule in rule(), unit in any::<bool>(), goals in proptest::collection::vec(any::<u64>(), 1..4)
    ) {
        let grid = m.grid(unit);
        let n = m.size.area() as u64;
        let goals: Vec<Point> = goals.iter().map(|g| m.size.point_at((g % n) as usize)).collect();
        let from = DijkstraMap::from_sources(&grid, rule, goals.iter().copied()).expect("inside");
        let to = DijkstraMap::to_goals(&grid, rule, goals.iter().copied()).expect("inside");
        prop_assert_eq!(from.flow(), Flow::FromSources);
        for p in m.points() {
            let is_goal = goals.contains(&p);
            let mut best_out: Option<Cost> = None;
            for (q, c) in rule.steps(&grid, p) {
                // Forward: d(q) <= d(p) + c. Backward: t(p) <= c + t(q).
                if let Some(dp) = from.get(p) {
                    let dq = from.get(q);
                    prop_assert!(dq.is_some_and(|dq| dq <= dp + c), "from: {} -> {}", p, q);
                }
                // Blocked cells hold no to-goals value (no walker stands there).
                if let (Some(tq), true) = (to.get(q), grid.is_passable(p)) {
                    let tp = to.get(p);
                    prop_assert!(tp.is_some_and(|tp| tp <= c + tq), "to: {} -> {}", p, q);
                    best_out = Some(best_out.map_or(c + tq, |b: Cost| b.min(c + tq)));
                }
            }
            // And each non-goal value is achieved by some step (it is a shortest walk).
            if is_goal {
                prop_assert_eq!(to.get(p), Some(Cost::ZERO));
                prop_assert_eq!(from.get(p), Some(Cost::ZERO));
            } else if grid.is_passable(p) {
                prop_assert_eq!(to.get(p), best_out, "to-goals value at {}", p);
            }
        }
    }

    #[test]
    fn downhill_walks_reach_a_goal_at_the_mapped_cost(m in map(), rule in rule(), g in any::<u64>()) {
        let grid = m.grid(false);
        let goal = m.size.point_at((g % m.size.area() as u64) as usize);
        let to = DijkstraMap::to_goals(&grid, rule, [goal]).expect("inside");
        for p in m.points() {
            let Some(start) = to.get(p) else { continue };
            let (mut at, mut paid) = (p, Cost::ZERO);
            while at != goal {
                let next = to.downhill(&grid, at, |_| 0).expect("a reachable cell has a way down");
                let (_, c) = rule.steps(&grid, at).find(|(n, _)| *n == next).expect("a legal step");
                paid = paid + c;
                at = next;
            }
            prop_assert_eq!(paid, start);
        }
    }
}
