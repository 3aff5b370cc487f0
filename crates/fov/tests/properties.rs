//! Invariants of every algorithm on random maps.

use proptest::prelude::*;
use torchlit_fov::{Algorithm, Fov, Viewshed, line_of_sight};
use torchlit_geom::{CardinalDirection, Point, Radius, Size};

/// A random map: size, opaque cells (row-major), origin.
fn map_and_origin() -> impl Strategy<Value = (Size, Vec<bool>, Point)> {
    (1u32..24, 1u32..24, 0u32..60).prop_flat_map(|(w, h, density)| {
        let cells = proptest::collection::vec(
            proptest::bool::weighted(f64::from(density) / 100.0),
            (w * h) as usize,
        );
        (Just(Size::new(w, h)), cells, 0..w as i32, 0..h as i32)
            .prop_map(|(s, c, x, y)| (s, c, Point::new(x, y)))
    })
}

fn radius() -> impl Strategy<Value = Option<Radius>> {
    prop_oneof![Just(None), (1u32..40).prop_map(|r| Radius::new(f64::from(r) / 2.0).ok())]
}

fn compute(
    algorithm: Algorithm,
    size: Size,
    cells: &[bool],
    origin: Point,
    radius: Option<Radius>,
    light_walls: bool,
) -> Viewshed {
    let opaque = |p: Point| cells[p.y as usize * size.width as usize + p.x as usize];
    let mut seen = Viewshed::new(size);
    Fov { algorithm, radius, light_walls }
        .compute(size, origin, opaque, &mut seen)
        .expect("origin on the map");
    seen
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Every algorithm sees its origin (libtcod's own algorithms always; torch, symmetric
    /// and raycast when it is transparent) and nothing beyond its radius rule; without
    /// light_walls no wall but (for libtcod's algorithms) the origin.
    #[test]
    fn origin_visible_and_radius_bounds((size, cells, origin) in map_and_origin(), r in radius(), light_walls: bool) {
        let opaque = |p: Point| cells[p.y as usize * size.width as usize + p.x as usize];
        for algorithm in Algorithm::ALL {
            let seen = compute(algorithm, size, &cells, origin, r, light_walls);
            let own = !matches!(algorithm, Algorithm::Torch | Algorithm::Symmetric | Algorithm::Raycast);
            if own || (!opaque(origin) && r.is_none_or(|r| r.get() > 0.0)) {
                prop_assert!(seen.contains(origin), "{} origin", algorithm);
            }
            for p in seen.iter() {
                let d = origin.offset_to(p);
                if let Some(r) = r {
                    // libtcod's integer radius: rounded down, below 1 only the origin.
                    let n = r.get().floor() as i64;
                    let (dx, dy) = (i64::from(d.dx), i64::from(d.dy));
                    let (d2, square) = (dx * dx + dy * dy, dx.abs().max(dy.abs()) <= n);
                    let ok = match algorithm {
                        Algorithm::Torch | Algorithm::Symmetric => r.contains(d),
                        Algorithm::Raycast => r.contains_inclusive(d),
                        Algorithm::Shadow => d2 <= n * n,
                        // Walls next to seen floor are lit anywhere in the radius' square.
                        Algorithm::Basic | Algorithm::Diamond => {
                            d2 <= n * n || (light_walls && opaque(p) && square)
                        }
                        Algorithm::Permissive(_) | Algorithm::Restrictive => square,
                    };
                    prop_assert!(ok || (own && p == origin), "{} sees {} beyond radius {}", algorithm, p, r);
                }
                let libtcod_origin = own && p == origin;
                if !light_walls && !libtcod_origin {
                    prop_assert!(!opaque(p), "{} sees wall {} with light_walls false", algorithm, p);
                }
            }
        }
    }

    /// The algorithms that claim symmetry ([`Algorithm::is_symmetric`]: symmetric
    /// shadowcasting and permissive-8, Duerig's fully permissive FOV) are symmetric between
    /// floor cells, with or without lit walls; libtcod's other algorithms are not.
    #[test]
    fn symmetric_algorithms_are_symmetric((size, mut cells, a) in map_and_origin(), r in radius(), light_walls: bool) {
        cells[a.y as usize * size.width as usize + a.x as usize] = false;
        let opaque = |p: Point| cells[p.y as usize * size.width as usize + p.x as usize];
        for algorithm in Algorithm::ALL.into_iter().filter(|a| a.is_symmetric()) {
            let from_a = compute(algorithm, size, &cells, a, r, light_walls);
            for b in (0..size.area()).map(|i| size.point_at(i)).filter(|&b| !opaque(b)) {
                let from_b = compute(algorithm, size, &cells, b, r, light_walls);
                prop_assert_eq!(from_a.contains(b), from_b.contains(a), "{} a={} b={}", algorithm, a, b);
            }
        }
    }

    /// The torch never crosses an opaque cell: every lit cell but the origin has a lit,
    /// transparent 4-neighbour.
    #[test]
    fn torch_never_crosses_opaque_cells((size, cells, origin) in map_and_origin(), r in radius()) {
        let opaque = |p: Point| cells[p.y as usize * size.width as usize + p.x as usize];
        let seen = compute(Algorithm::Torch, size, &cells, origin, r, true);
        for p in seen.iter().filter(|&p| p != origin) {
            let fed = CardinalDirection::ALL.iter().any(|d| {
                let q = p + d.offset();
                seen.contains(q) && !opaque(q)
            });
            prop_assert!(fed, "{} lit without a lit transparent neighbour", p);
        }
    }

    /// Raycast sees exactly the cells with a clear line (and within the radius).
    #[test]
    fn raycast_matches_its_definition((size, cells, origin) in map_and_origin(), r in radius()) {
        let opaque = |p: Point| cells[p.y as usize * size.width as usize + p.x as usize];
        let seen = compute(Algorithm::Raycast, size, &cells, origin, r, true);
        for p in (0..size.area()).map(|i| size.point_at(i)) {
            let inside = r.is_none_or(|r| r.contains_inclusive(origin.offset_to(p)));
            let clear = torchlit_geom::line(origin, p).skip(1).take_while(|&q| q != p).all(|q| !opaque(q));
            prop_assert_eq!(seen.contains(p), inside && clear, "{}", p);
        }
    }

    /// Line of sight is never granted where a plain Bresenham check refuses it.
    #[test]
    fn line_of_sight_is_at_most_the_plain_check((size, cells, a) in map_and_origin(), bx in 0i32..24, by in 0i32..24) {
        let opaque = |p: Point| !size.contains(p) || cells[p.y as usize * size.width as usize + p.x as usize];
        let b = Point::new(bx, by);
        let plain = torchlit_geom::line(a, b).skip(1).take_while(|&q| q != b).all(|q| !opaque(q));
        if line_of_sight(a, b, opaque) {
            prop_assert!(plain);
        }
    }
}

#[test]
fn out_of_map_origin_and_wrong_size_are_errors() {
    let size = Size::new(3, 3);
    let mut seen = Viewshed::new(size);
    let fov = Fov { algorithm: Algorithm::Symmetric, radius: None, light_walls: true };
    assert!(fov.compute(size, Point::new(3, 0), |_| false, &mut seen).is_err());
    let mut small = Viewshed::new(Size::new(2, 2));
    assert!(fov.compute(size, Point::new(0, 0), |_| false, &mut small).is_err());
    let fov = Fov { algorithm: Algorithm::Permissive(9), radius: None, light_walls: true };
    assert_eq!(
        fov.compute(size, Point::new(0, 0), |_| false, &mut seen),
        Err(torchlit_fov::FovError::Permissiveness(9))
    );
}

#[test]
fn algorithm_names_round_trip() {
    for algorithm in Algorithm::ALL {
        assert_eq!(algorithm.name().parse::<Algorithm>(), Ok(algorithm));
    }
    assert_eq!("permissive-4".parse::<Algorithm>(), Ok(Algorithm::Permissive(4)));
    assert!("permissive-9".parse::<Algorithm>().is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// A viewshed reused from call to call (as a game reuses one) lists exactly the cells
    /// it contains, each once, and its length counts them, for every algorithm (some list
    /// only when asked); a change after a call (insert, retain) keeps list, length and
    /// membership in step.
    #[test]
    fn list_length_and_membership_agree(
        (size, cells, origin) in map_and_origin(),
        other in (0u32..24, 0u32..24),
        r in radius(),
        light_walls: bool,
    ) {
        let opaque = |p: Point| cells[p.y as usize * size.width as usize + p.x as usize];
        let second = Point::new(other.0 as i32 % size.width as i32, other.1 as i32 % size.height as i32);
        let mut seen = Viewshed::new(size);
        for algorithm in Algorithm::ALL {
            let fov = Fov { algorithm, radius: r, light_walls };
            for o in [origin, second] {
                fov.compute(size, o, opaque, &mut seen).expect("origin on the map");
                let listed: Vec<Point> = seen.iter().collect();
                let members: Vec<Point> = (0..size.area()).map(|i| size.point_at(i)).filter(|&p| seen.contains(p)).collect();
                let mut sorted = listed.clone();
                sorted.sort_by_key(|p| (p.y, p.x));
                sorted.dedup();
                prop_assert_eq!(sorted.len(), listed.len(), "{} lists a cell twice", algorithm);
                prop_assert_eq!(listed.len(), seen.len(), "{}", algorithm);
                let mut members_sorted = members.clone();
                members_sorted.sort_by_key(|p| (p.y, p.x));
                prop_assert_eq!(&sorted, &members_sorted, "{}", algorithm);
            }
            // A change after the call: the list follows.
            let corner = Point::new(0, 0);
            let was = seen.contains(corner);
            prop_assert_eq!(seen.insert(corner), !was);
            seen.retain(|p| p != second || p == corner);
            let listed: Vec<Point> = seen.iter().collect();
            prop_assert!(listed.contains(&corner) && seen.contains(corner));
            prop_assert_eq!(listed.contains(&second), second == corner);
            prop_assert_eq!(listed.len(), seen.len());
        }
    }
}
