//! One state hash for every mode: what recordings pin and replays check.
//!
//! Every mode's `state_hash` is `state_hash` of a value, with one failure policy (0,
//! never a panic). Where a mode's state grew after recordings were pinned, the mode hashes
//! what it hashed before, so those recordings still verify, and says why beside it:
//! `maze` a tuple that adds later rules' bytes only when they are not at their old
//! values, `chase` the cursor only in a person's game, `overworld` the version-1 player
//! record when the game has no quest (CaveGame's own rules), and `caves` under rules that
//! fit its snapshot format 2 that format's bytes, without the tail format 3 appended
//! (`state_hash_without_tail`).

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

/// [`state_hash`] of `state`'s postcard bytes without their last `tail` bytes (all of them
/// when there are fewer): for a state whose encoding gained fields at its end, so a state
/// that leaves them at their old values hashes as it did before they existed. Same
/// failure policy: 0 if serializing fails.
#[cfg(feature = "serde")]
pub fn state_hash_without_tail<T: serde::Serialize + ?Sized>(state: &T, tail: usize) -> u64 {
    postcard::to_allocvec(state)
        .map_or(0, |bytes| seahash::hash(&bytes[..bytes.len().saturating_sub(tail)]))
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

    #[test]
    fn a_tail_left_off_hashes_as_the_state_before_it_grew() {
        let before = (1u32, "torch");
        let grown = (1u32, "torch", 7u8, 9u8);
        assert_eq!(state_hash_without_tail(&grown, 2), state_hash(&before));
        assert_ne!(state_hash_without_tail(&grown, 1), state_hash(&before));
        assert_eq!(state_hash_without_tail(&grown, 0), state_hash(&grown));
        assert_eq!(state_hash_without_tail(&grown, 99), seahash::hash(&[]));
    }
}
