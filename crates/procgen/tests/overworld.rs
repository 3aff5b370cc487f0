//! The infinite world: regions are pure functions of (seed, coordinates), seamless and
//! connected across borders; the spiral spawn finds the nearest spawnable cell.

use std::collections::{BTreeMap, VecDeque};

use proptest::prelude::*;
use torchlit_geom::{CardinalDirection, Grid, Point, Rect, Size};
use torchlit_procgen::{
    CaveCell, Overworld, OverworldParams, Region, RegionCoord, region_to_world, world_to_region,
};
use torchlit_rng::{Rng, Seed};

fn world(text: &str) -> Overworld {
    Overworld::new(Seed::from_text(text), OverworldParams::default()).expect("valid")
}

fn block(x0: i32, y0: i32, n: i32) -> Vec<RegionCoord> {
    (0..n).flat_map(|y| (0..n).map(move |x| RegionCoord::new(x0 + x, y0 + y))).collect()
}

#[test]
fn regions_do_not_depend_on_generation_order() {
    let coords = block(-3, -3, 7);
    let w = world("order");
    let reference: BTreeMap<RegionCoord, Vec<u8>> = coords
        .iter()
        .map(|&c| {
            (
                c,
                Overworld::new(w.seed(), *w.params())
                    .expect("valid")
                    .region(c)
                    .expect("in range")
                    .to_bytes(),
            )
        })
        .collect();
    for shuffle_seed in 0..4 {
        let mut order = coords.clone();
        Rng::new(Seed(shuffle_seed)).shuffle(&mut order);
        let same_world = world("order");
        for c in order {
            let bytes = same_world.region(c).expect("in range").to_bytes();
            assert_eq!(bytes, reference[&c], "region {c:?}, order {shuffle_seed}");
        }
    }
    // Alone, far from the others, in a world made from scratch.
    let alone = world("order").region(RegionCoord::new(3, 3)).expect("in range");
    assert_eq!(alone.to_bytes(), reference[&RegionCoord::new(3, 3)]);
}

#[test]
fn any_text_is_a_seed() {
    for text in ["", " ", "hello", "héllo wörld", "🦀", "a\nb"] {
        let a = world(text).region(RegionCoord::new(0, 0)).expect("in range");
        let b = world(text).region(RegionCoord::new(0, 0)).expect("in range");
        assert_eq!(a, b, "{text:?}");
    }
    let a = world("abc").region(RegionCoord::new(0, 0)).expect("in range");
    let b = world("abd").region(RegionCoord::new(0, 0)).expect("in range");
    assert_ne!(a, b);
}

/// An `n × n` block of regions from `(x0, y0)`, stitched into one grid of world cells.
fn stitch(
    w: &Overworld,
    x0: i32,
    y0: i32,
    n: i32,
) -> (Grid<CaveCell>, BTreeMap<RegionCoord, Region>) {
    let s = w.region_size() as i32;
    let regions: BTreeMap<RegionCoord, Region> =
        block(x0, y0, n).into_iter().map(|c| (c, w.region(c).expect("in range"))).collect();
    let grid = Grid::from_fn(Size::new((n * s) as u32, (n * s) as u32), |p| {
        let r = RegionCoord::new(x0 + p.x / s, y0 + p.y / s);
        regions[&r].cell(Point::new(p.x % s, p.y % s)).expect("inside")
    });
    (grid, regions)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6))]

    #[test]
    fn borders_are_seamless_and_connected(text in ".{0,12}", x0 in -40i32..40, y0 in -40i32..40) {
        let w = world(&text);
        let s = w.region_size() as i32;
        let n = 4;
        let (grid, regions) = stitch(&w, x0, y0, n);
        let origin = region_to_world(RegionCoord::new(x0, y0), Point::new(0, 0), w.region_size()).expect("fits");
        let natural = w.natural_rock(Rect::new(origin, grid.size())).expect("small window");
        let mut crossings = std::collections::BTreeSet::new();
        for &c in regions.keys() {
            for side in CardinalDirection::ALL {
                let k = w.crossing(c, side);
                crossings.insert(((c.x - x0) * s + k.x, (c.y - y0) * s + k.y));
            }
        }

        for (p, &cell) in grid.iter() {
            let (cx, cy) = (p.x % s, p.y % s);
            let ring = cx == 0 || cy == 0 || cx == s - 1 || cy == s - 1;
            // The border ring of every region is the natural cave, but for the crossings,
            // which are floor: nothing artificial runs along the borders.
            if ring {
                if crossings.contains(&(p.x, p.y)) {
                    prop_assert_eq!(cell, CaveCell::Floor, "crossing {}", p);
                } else {
                    prop_assert_eq!(cell.is_floor(), !natural[p], "ring cell {}", p);
                }
            }
            // Labels agree across borders: wall exactly where rock touches floor.
            let inner = p.x > 0 && p.y > 0 && p.x < n * s - 1 && p.y < n * s - 1;
            if inner && !cell.is_floor() {
                let near = (-1..=1).any(|dy| (-1..=1).any(|dx| {
                    grid.get(Point::new(p.x + dx, p.y + dy)).is_some_and(|c| c.is_floor())
                }));
                prop_assert_eq!(cell == CaveCell::Wall, near, "label at {}", p);
            }
        }

        // Each crossing is floor on both sides of its border.
        for &c in regions.keys() {
            for side in CardinalDirection::ALL {
                let k = w.crossing(c, side);
                let at = Point::new((c.x - x0) * s + k.x, (c.y - y0) * s + k.y) + side.offset();
                if let Some(cell) = grid.get(at) {
                    prop_assert_eq!(*cell, CaveCell::Floor, "across the {:?} crossing of {:?}", side, c);
                }
            }
        }

        // Every region's floor is one component (4-way, without leaving the region)
        // holding its four crossings.
        for (&c, r) in &regions {
            let cells = r.cells();
            let start = w.crossing(c, CardinalDirection::North);
            let mut seen = Grid::new(cells.size(), false);
            seen[start] = true;
            let mut queue = VecDeque::from([start]);
            let mut reached = 0;
            while let Some(p) = queue.pop_front() {
                reached += 1;
                for side in CardinalDirection::ALL {
                    let q = p + side.offset();
                    if cells.get(q).is_some_and(|c| c.is_floor()) && !seen[q] {
                        seen[q] = true;
                        queue.push_back(q);
                    }
                }
            }
            let floor = cells.values().filter(|c| c.is_floor()).count();
            prop_assert_eq!(reached, floor, "region {:?}", c);
            for side in CardinalDirection::ALL {
                prop_assert!(seen[w.crossing(c, side)]);
            }
        }
    }
}

#[test]
fn chests_stand_on_floor_at_the_configured_rate() {
    let w = world("chests");
    let mut floor = 0;
    let mut chests = 0;
    for c in block(0, 0, 6) {
        let r = w.region(c).expect("in range");
        floor += r.cells().values().filter(|c| c.is_floor()).count();
        chests += r.chests().len();
        for &p in r.chests() {
            assert_eq!(r.cell(p), Some(CaveCell::Floor));
            assert!(!r.is_spawnable(p));
        }
    }
    let expected = floor as f64 * 0.005;
    assert!(
        (chests as f64) > expected * 0.6 && (chests as f64) < expected * 1.4,
        "{chests} of {floor}"
    );

    let none = Overworld::new(
        Seed(1),
        OverworldParams { chest_probability: 0.0, ..OverworldParams::default() },
    )
    .expect("valid");
    assert!(none.region(RegionCoord::new(0, 0)).expect("in range").chests().is_empty());
    let all = Overworld::new(
        Seed(1),
        OverworldParams { chest_probability: 1.0, ..OverworldParams::default() },
    )
    .expect("valid");
    let r = all.region(RegionCoord::new(0, 0)).expect("in range");
    assert_eq!(r.chests().len(), r.cells().values().filter(|c| c.is_floor()).count());
}

#[test]
fn spawn_is_the_nearest_spawnable_cell_in_spiral_order() {
    for text in ["", "spawn", "abc123", "x"] {
        let w = world(text);
        for start in [Point::new(0, 0), Point::new(-1, -1), Point::new(123, -77)] {
            let p = w.spawn(start, 60).expect("a cave has floor within 60 cells");
            let (rc, cell) = world_to_region(p, w.region_size());
            assert!(w.region(rc).expect("in range").is_spawnable(cell));
            let dist = (p.x - start.x).abs().max((p.y - start.y).abs());
            // Nothing closer (Chebyshev) is spawnable.
            for dy in -(dist - 1)..dist {
                for dx in -(dist - 1)..dist {
                    let q = Point::new(start.x + dx, start.y + dy);
                    let (rc, cell) = world_to_region(q, w.region_size());
                    assert!(
                        !w.region(rc).expect("in range").is_spawnable(cell),
                        "{q} is closer than {p}"
                    );
                }
            }
        }
    }
    // A world of solid rock has nowhere to spawn: an error, not a hang.
    let mut params = OverworldParams::default();
    params.cave.rock_probability = 1.0;
    params.cave.iterations = 0;
    let rock = Overworld::new(Seed(1), params).expect("valid");
    // Crossings and the tunnels between them are still floor, so look where none are.
    let corner = Point::new(0, 0);
    assert!(rock.spawn(corner, 0).is_err());
}
