//! What the reference tests share: random maps, and the cell-for-cell check.

use proptest::prelude::*;
use torchlit_fov::{Algorithm, Fov, Viewshed};
use torchlit_geom::{Point, Radius, Size};

/// A random map of a size in `widths` × `heights` with a density of walls (percent) in
/// `densities`, its opacity and a cell in it.
pub fn sized_map(
    widths: std::ops::Range<u32>,
    heights: std::ops::Range<u32>,
    densities: std::ops::Range<u32>,
) -> impl Strategy<Value = (Size, Vec<bool>, Point)> {
    (widths, heights, densities).prop_flat_map(|(w, h, density)| {
        let cells = proptest::collection::vec(
            proptest::bool::weighted(f64::from(density) / 100.0),
            (w * h) as usize,
        );
        (Just(Size::new(w, h)), cells, 0..w as i32, 0..h as i32)
            .prop_map(|(s, c, x, y)| (s, c, Point::new(x, y)))
    })
}

/// Checks `algorithm` (libtcod's integer `radius`, 0 unlimited) from `origin` on the map
/// `size` of row-major `opaque` cells against `want`, libtcod's row-major visibility:
/// every cell, and the count.
pub fn agrees(
    algorithm: Algorithm,
    (size, opaque, origin): (Size, &[bool], Point),
    radius: i32,
    light_walls: bool,
    want: &[bool],
) -> Result<(), TestCaseError> {
    let fov = Fov {
        algorithm,
        radius: (radius > 0).then(|| Radius::new(f64::from(radius)).expect("radius")),
        light_walls,
    };
    let mut seen = Viewshed::new(size);
    let width = size.width as usize;
    fov.compute(size, origin, |p: Point| opaque[p.y as usize * width + p.x as usize], &mut seen)
        .expect("origin on the map");
    for (i, &visible) in want.iter().enumerate() {
        let p = Point::new((i % width) as i32, (i / width) as i32);
        prop_assert_eq!(seen.contains(p), visible, "cell {:?}", p);
    }
    prop_assert_eq!(seen.len(), want.iter().filter(|&&v| v).count());
    Ok(())
}
