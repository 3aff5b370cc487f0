//! The square spiral of CaveGame (Freddy Heppell's AQA Computer Science NEA) §2.4.4 (the order of the Ulam spiral, without its
//! primes): which cell to try n-th when looking for a place to spawn.

use torchlit_geom::Offset;

/// The offset of the `n`-th cell of the spiral (`n` from 1), in map space.
///
/// `n = 1` is the centre, `2` is east of it, then the spiral turns north, west, south and
/// east again, ring after ring: ring `a` holds the cells at Chebyshev distance `a`, so
/// the first `(2a + 1)²` cells are exactly the square of radius `a`. Drawn on a map (north
/// up) the order is CaveGame's figure:
///
/// ```text
/// 17 16 15 14 13
/// 18  5  4  3 12
/// 19  6  1  2 11
/// 20  7  8  9 10
/// 21 22 23 24 25
/// ```
///
/// CaveGame computes in y-up coordinates; here `y` grows south (map space), so its
/// `y` is negated. `n = 0` is treated as 1. Exact for every `n` (integer arithmetic);
/// offsets beyond the `i32` range (past `n ≈ 1.8·10¹⁹`) are clamped to it.
///
/// ```
/// use torchlit_geom::Offset;
/// use torchlit_procgen::spiral;
///
/// assert_eq!(spiral(1), Offset::new(0, 0));
/// assert_eq!(spiral(3), Offset::new(1, -1)); // north-east
/// assert_eq!(spiral(10), Offset::new(2, 1));
/// ```
pub fn spiral(n: u64) -> Offset {
    let n = i128::from(n.max(1));
    // a = ceil((sqrt(n) - 1) / 2): the smallest ring whose square (2a + 1)² holds n.
    let mut a = ((n as f64).sqrt() as i128 - 1).max(0) / 2;
    while (2 * a + 1) * (2 * a + 1) < n {
        a += 1;
    }
    while a > 0 && (2 * a - 1) * (2 * a - 1) >= n {
        a -= 1;
    }
    let side = 2 * a; // cells per side of ring a, minus one
    let mut c = (2 * a + 1) * (2 * a + 1);
    // Seed coordinates (y up), then flipped to map space.
    let (x, y) = if n >= c - side {
        (a - (c - n), -a)
    } else {
        c -= side;
        if n >= c - side {
            (-a, -a + (c - n))
        } else {
            c -= side;
            if n >= c - side { (-a + (c - n), a) } else { (a, a - (c - n - side)) }
        }
    };
    let clamp = |v: i128| v.clamp(i128::from(i32::MIN), i128::from(i32::MAX)) as i32;
    Offset::new(clamp(x), clamp(-y))
}

/// The spiral's offsets in order, from `n = 1` (the centre) out to Chebyshev radius
/// `radius` inclusive: `(2·radius + 1)²` offsets.
pub fn spiral_offsets(radius: u32) -> impl Iterator<Item = Offset> {
    let side = 2 * u64::from(radius) + 1;
    (1..=side * side).map(spiral)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_seed_figure() {
        // The figure, top row first (north up), as map-space offsets.
        let figure = [
            [17, 16, 15, 14, 13],
            [18, 5, 4, 3, 12],
            [19, 6, 1, 2, 11],
            [20, 7, 8, 9, 10],
            [21, 22, 23, 24, 25],
        ];
        for (row, line) in figure.iter().enumerate() {
            for (col, &n) in line.iter().enumerate() {
                assert_eq!(spiral(n), Offset::new(col as i32 - 2, row as i32 - 2), "n = {n}");
            }
        }
    }

    #[test]
    fn rings_fill_squares_without_repeats() {
        let mut seen = std::collections::BTreeSet::new();
        for (i, o) in spiral_offsets(20).enumerate() {
            assert!(seen.insert((o.dx, o.dy)), "repeat at {}", i + 1);
            let ring = o.dx.abs().max(o.dy.abs()) as u64;
            let n = i as u64 + 1;
            assert!((2 * ring).saturating_sub(1).pow(2) < n && n <= (2 * ring + 1).pow(2));
        }
        assert_eq!(seen.len(), 41 * 41);
        let far = spiral(u64::MAX);
        assert!(far.dx.abs() > 1_000_000_000 || far.dy.abs() > 1_000_000_000);
    }
}
