//! Cellular-automata caves: the bit-parallel automaton equals the straightforward one.

use proptest::prelude::*;
use torchlit_geom::{Grid, Size};
use torchlit_procgen::{CaRule, CaveCell, CaveParams, RockBits, cave, cave_bitwise, label_walls};
use torchlit_rng::Seed;

fn params() -> impl Strategy<Value = CaveParams> {
    (0.0f64..=1.0, 0u8..=9, any::<bool>(), 0u32..6).prop_map(|(r, t, include_self, a)| CaveParams {
        rock_probability: r,
        rule: CaRule { threshold: t, include_self },
        iterations: a,
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn bitwise_cave_equals_the_naive_cave(
        seed in any::<u64>(), w in 1u32..200, h in 1u32..40, p in params(),
    ) {
        let size = Size::new(w, h);
        let naive = cave(Seed(seed), size, &p).expect("valid");
        let fast = cave_bitwise(Seed(seed), size, &p).expect("valid");
        prop_assert_eq!(naive, fast);
    }

    #[test]
    fn one_step_agrees_on_any_grid(
        cells in proptest::collection::vec(any::<bool>(), 1..2000),
        w in 1u32..140, t in 0u8..=12, include_self in any::<bool>(),
    ) {
        let h = (cells.len() as u32).div_ceil(w);
        let g = Grid::from_fn(Size::new(w, h), |p| cells[(p.y as u32 * w + p.x as u32) as usize % cells.len()]);
        let rule = CaRule { threshold: t, include_self };
        let mut naive = Grid::new(Size::new(1, 1), false);
        rule.step(&g, &mut naive);
        let mut fast = RockBits::new(Size::new(1, 1), false);
        rule.step_bits(&RockBits::from_grid(&g), &mut fast);
        prop_assert_eq!(fast.to_grid(), naive);
        prop_assert_eq!(RockBits::from_grid(&g).label_walls(), label_walls(&g));
    }
}

#[test]
fn widths_around_word_boundaries_agree() {
    for w in [63, 64, 65, 127, 128, 129, 192] {
        let size = Size::new(w, 17);
        let p = CaveParams::default();
        assert_eq!(
            cave(Seed(w.into()), size, &p),
            cave_bitwise(Seed(w.into()), size, &p),
            "width {w}"
        );
    }
}

#[test]
fn the_papers_defaults_give_a_cave() {
    let c =
        cave(Seed::from_text("paper"), Size::new(50, 50), &CaveParams::default()).expect("valid");
    let floor = c.values().filter(|&&x| x == CaveCell::Floor).count();
    let wall = c.values().filter(|&&x| x == CaveCell::Wall).count();
    assert!((500..2_400).contains(&floor), "{floor}");
    assert!(wall > 100, "{wall}");
}
