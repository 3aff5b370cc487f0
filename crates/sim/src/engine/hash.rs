//! One state hash for every mode: what recordings pin and replays check.

/// A stable, portable hash of `state`: seahash over its postcard bytes. postcard writes
/// integers as fixed-meaning varints and enum variants as their index, so equal states
/// hash equal on every machine and every run.
///
/// Serializing plain data into memory does not fail; if it ever did, the hash is 0
/// (never a panic), which no recording pins.
#[cfg(feature = "serde")]
pub fn state_hash<T: serde::Serialize + ?Sized>(state: &T) -> u64 {
    postcard::to_allocvec(state).map_or(0, |bytes| seahash::hash(&bytes))
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use super::*;

    #[test]
    fn equal_states_hash_equal_and_a_change_moves_the_hash() {
        let a = (1u32, "torch", [3i8, -4]);
        assert_eq!(state_hash(&a), state_hash(&(1u32, "torch", [3i8, -4])));
        assert_ne!(state_hash(&a), state_hash(&(2u32, "torch", [3i8, -4])));
        // Pinned: postcard's bytes of this tuple never change, nor seahash's of them.
        assert_eq!(state_hash(&a), seahash::hash(&[1, 5, b't', b'o', b'r', b'c', b'h', 3, 0xfc]));
    }
}
