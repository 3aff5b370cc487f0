//! Stateless per-cell randomness: a value-stable hash of `(key, x, y)`.
//!
//! The infinite world needs the starting noise of a cell to depend on nothing but the
//! world seed and the cell's world coordinates, so that a region computed alone agrees
//! with its neighbours near the border. Drawing from a sequential [`torchlit_rng::Rng`]
//! cannot give that, so each use derives a key once with
//! [`torchlit_rng::Seed::derive`] and hashes the coordinates with it here.

/// SplitMix64's finalizer (Steele, Lea & Flood 2014): a bijective 64-bit mixer.
#[inline]
const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// 64 uniformly distributed bits for the cell `(x, y)` under `key`. Value-stable: the
/// seed catalog pins it.
#[inline]
pub(crate) const fn cell_hash(key: u64, x: i64, y: i64) -> u64 {
    let hx = mix((x as u64).wrapping_add(0x9E37_79B9_7F4A_7C15) ^ key);
    mix(hx ^ (y as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93).wrapping_add(key.rotate_left(29)))
}

/// A test "`hash < threshold`" that is true with probability `p` (in `[0, 1]`) for a
/// uniform 64-bit hash; `p = 1` is always true.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Threshold(u128);

impl Threshold {
    pub(crate) fn new(p: f64) -> Threshold {
        // p is checked to lie in [0, 1]; 2^64 * p is exact enough and fits u128.
        let scaled = (p.clamp(0.0, 1.0) * 18_446_744_073_709_551_616.0) as u128;
        Threshold(scaled)
    }

    #[inline]
    pub(crate) fn hit(self, hash: u64) -> bool {
        u128::from(hash) < self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thresholds_bound_the_probability() {
        assert!(!Threshold::new(0.0).hit(0));
        assert!(Threshold::new(1.0).hit(u64::MAX));
        let half = Threshold::new(0.5);
        assert!(half.hit(u64::MAX / 2));
        assert!(!half.hit(u64::MAX / 2 + 1));
    }

    #[test]
    fn neighbouring_cells_hash_apart() {
        let mut rock = 0;
        let t = Threshold::new(0.5);
        for y in -50..50 {
            for x in -50..50 {
                rock += usize::from(t.hit(cell_hash(7, x, y)));
            }
        }
        assert!((4_700..5_300).contains(&rock), "{rock}");
        assert_ne!(cell_hash(1, 0, 1), cell_hash(1, 1, 0));
        assert_ne!(cell_hash(1, 0, 0), cell_hash(2, 0, 0));
    }
}
