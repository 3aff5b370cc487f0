//! The Ultima torch of seed 000 on the seed's own world.

use torchlit_fov::{Algorithm, Fov, Viewshed};
use torchlit_geom::{Point, Radius, Size};

/// Seed 000's `10x5.txt`, rows top to bottom; F, M and S are opaque.
const WORLD_10X5: [&str; 5] =
    ["WWWWWGGGWW", "WFWGWSGGGG", "WFFGSLSGGG", "WFFGGSGGGW", "WWWFGGGGGG"];

fn torch(rows: &[&str], origin: Point, radius: f64) -> Viewshed {
    let size = Size::new(rows[0].len() as u32, rows.len() as u32);
    let opaque =
        |p: Point| matches!(rows[p.y as usize].as_bytes()[p.x as usize], b'F' | b'M' | b'S');
    let fov = Fov {
        algorithm: Algorithm::Torch,
        radius: Some(Radius::new(radius).expect("radius")),
        light_walls: true,
    };
    let mut seen = Viewshed::new(size);
    fov.compute(size, origin, opaque, &mut seen).expect("origin on the map");
    seen
}

fn picture(rows: &[&str], seen: &Viewshed) -> Vec<String> {
    (0..rows.len() as i32)
        .map(|y| {
            (0..rows[0].len() as i32)
                .map(|x| {
                    if seen.contains(Point::new(x, y)) {
                        rows[y as usize].as_bytes()[x as usize] as char
                    } else {
                        ' '
                    }
                })
                .collect()
        })
        .collect()
}

#[test]
fn seed_example_lights_23_tiles() {
    // Ultima (3, 1) is map (3, 5 - 1 - 1) = (3, 3).
    let seen = torch(&WORLD_10X5, Point::new(3, 3), 4.0);
    assert_eq!(seen.len(), 23);
    assert_eq!(
        picture(&WORLD_10X5, &seen),
        vec![" WWWWG    ", " FWGWS    ", "  FGS S   ", "  FGGSG   ", "   FGGG   "]
    );
}

#[test]
fn an_avatar_in_a_forest_lights_only_its_own_tile() {
    let seen = torch(&WORLD_10X5, Point::new(1, 1), 6.0);
    assert_eq!(seen.iter().collect::<Vec<_>>(), vec![Point::new(1, 1)]);
}

#[test]
fn a_huge_open_map_does_not_overflow_the_stack() {
    let size = Size::new(2000, 2000);
    let fov = Fov { algorithm: Algorithm::Torch, radius: None, light_walls: true };
    let mut seen = Viewshed::new(size);
    fov.compute(size, Point::new(1000, 1000), |_| false, &mut seen).expect("origin on the map");
    assert_eq!(seen.len(), 4_000_000);
}
