//! Level chains (seed 001 §4.3): never backwards, never overlapping, linked both ways.

use std::collections::BTreeSet;

use proptest::prelude::*;
use torchlit_geom::CardinalDirection;
use torchlit_procgen::{AreaKind, Difficulty, chain_difficulty, level_chain};
use torchlit_rng::Seed;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn chains_never_overlap_never_go_back_and_link_both_ways(
        seed in any::<u64>(), length in 0u32..60,
    ) {
        let chain = level_chain(Seed(seed), length).expect("valid");
        let areas = chain.areas();
        prop_assert_eq!(areas.len(), length as usize + 2);
        prop_assert_eq!(areas[0].kind, AreaKind::Spawn);
        prop_assert_eq!(areas[0].at, torchlit_geom::Point::new(0, 0));
        prop_assert_eq!(areas[areas.len() - 1].kind, AreaKind::Boss);
        let mut seen = BTreeSet::new();
        for a in areas {
            prop_assert!(seen.insert((a.at.x, a.at.y)), "two areas at {}", a.at);
        }
        for (i, pair) in areas.windows(2).enumerate() {
            let (a, b) = (pair[0], pair[1]);
            let dir = a.exit.expect("every area but the boss has an exit");
            prop_assert_ne!(dir, CardinalDirection::West);
            prop_assert_eq!(b.at, a.at + dir.offset());
            prop_assert_eq!(b.entry, Some(dir.opposite()));
            if b.kind.is_maze() {
                prop_assert_eq!(b.difficulty, Some(chain_difficulty(i as u32, length)));
            }
        }
        prop_assert_eq!(areas[0].entry, None);
        prop_assert_eq!(areas[areas.len() - 1].exit, None);
        prop_assert!(areas[1..areas.len() - 1].iter().all(|a| a.kind.is_maze()));
    }
}

#[test]
fn length_zero_links_spawn_to_boss() {
    for seed in 0..20 {
        let chain = level_chain(Seed(seed), 0).expect("valid");
        let kinds: Vec<AreaKind> = chain.areas().iter().map(|a| a.kind).collect();
        assert_eq!(kinds, [AreaKind::Spawn, AreaKind::Boss]);
        assert!(chain.areas()[0].exit.is_some());
    }
}

#[test]
fn areas_grow_larger_and_harder_along_the_chain() {
    let (mut early, mut late) = (0u32, 0u32);
    for seed in 0..200 {
        let chain = level_chain(Seed(seed), 12).expect("valid");
        let areas = chain.areas();
        early += areas[1..5].iter().map(|a| a.kind.side()).sum::<u32>();
        late += areas[9..13].iter().map(|a| a.kind.side()).sum::<u32>();
        assert_eq!(areas[1].difficulty, Some(Difficulty::EASY));
        assert_eq!(areas[12].difficulty, Some(Difficulty::HARDEST));
        let maze = areas[12].maze().expect("valid").expect("a maze area");
        assert_eq!(maze.width(), areas[12].kind.side());
    }
    assert!(late > 2 * early, "early {early}, late {late}");
}
