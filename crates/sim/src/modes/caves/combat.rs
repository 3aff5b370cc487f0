//! Melee damage (part 06).

use torchlit_rng::Rng;

/// The damage of one attack: a uniform random number from 1 to `attack - defense`
/// (part 06's `(int)(Math.random() * max(0, attack - defense)) + 1`).
///
/// When `attack - defense` is below 1 the tutorial's formula still gives 1, and so does this:
/// every blow hurts a little, so no armour makes a creature invulnerable.
pub fn damage(attack: i32, defense: i32, rng: &mut Rng) -> i32 {
    let most = attack.saturating_sub(defense).max(1);
    1 + rng.below(most as u64) as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use torchlit_rng::Seed;

    #[test]
    fn from_one_to_attack_minus_defense_and_never_below_one() {
        let mut rng = Rng::new(Seed(5));
        let mut seen = [false; 16];
        for _ in 0..2_000 {
            let d = damage(20, 5, &mut rng);
            assert!((1..=15).contains(&d), "{d}");
            seen[d as usize] = true;
        }
        assert!(seen[1..=15].iter().all(|&s| s), "every value from 1 to 15 comes up");
        for _ in 0..100 {
            assert_eq!(damage(5, 5, &mut rng), 1, "attack = defense: 1");
            assert_eq!(damage(0, 12, &mut rng), 1, "attack < defense: 1");
        }
    }
}
