//! Room-and-hallway dungeons follow seed 003's rules and read back as dungeon files.

use std::collections::VecDeque;

use proptest::prelude::*;
use torchlit_geom::{Grid, Point};
use torchlit_map::{Dungeon, Tile};
use torchlit_procgen::{RoomsParams, rooms_layout};
use torchlit_rng::Seed;

fn params() -> impl Strategy<Value = RoomsParams> {
    (12u32..60, 1u32..12, 2u32..5, 0u32..6, 0u32..4, 0u32..3).prop_map(
        |(size, max_rooms, room_min, extra, potions, extra_hallways)| RoomsParams {
            size,
            max_rooms,
            room_min,
            room_max: room_min + extra,
            potions,
            extra_hallways,
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn dungeons_follow_the_rules(seed in any::<u64>(), p in params()) {
        let layout = match rooms_layout(Seed(seed), &p) {
            Ok(l) => l,
            // Too few room cells for the potions: a typed refusal, not a panic.
            Err(torchlit_procgen::GenError::GaveUp { .. }) => return Ok(()),
            Err(e) => return Err(TestCaseError::fail(e.to_string())),
        };
        let d = &layout.dungeon;
        let map = &d.map;
        let n = p.size as i32;
        prop_assert_eq!(map.size(), torchlit_geom::Size::new(p.size, p.size));

        // Rooms are exactly the room cells, and no two rooms touch, not even diagonally.
        let mut owner = Grid::new(map.size(), usize::MAX);
        for (i, r) in layout.rooms.iter().enumerate() {
            for c in r.points() {
                prop_assert_eq!(map.tile(c), Some(Tile::Floor));
                owner[c] = i;
            }
        }
        for (c, t) in map.iter() {
            prop_assert!(matches!(t, Tile::Floor | Tile::Hallway | Tile::Wall));
            if t == Tile::Floor {
                prop_assert_ne!(owner[c], usize::MAX, "room cell {} outside every room", c);
                for dy in -1..=1 {
                    for dx in -1..=1 {
                        let q = Point::new(c.x + dx, c.y + dy);
                        if let Some(&o) = owner.get(q) {
                            prop_assert!(o == usize::MAX || o == owner[c], "rooms touch at {} and {}", c, q);
                        }
                    }
                }
            }
            if c.x == 0 || c.y == 0 || c.x == n - 1 || c.y == n - 1 {
                prop_assert_ne!(t, Tile::Floor);
            }
        }

        // Hero, monster and potions on distinct room cells.
        let mut things = vec![d.hero];
        things.extend(d.monsters.iter().map(|m| m.at));
        things.extend(d.potions.iter().copied());
        prop_assert_eq!(d.monsters.len(), 1);
        prop_assert_eq!(d.potions.len(), p.potions as usize);
        for (i, a) in things.iter().enumerate() {
            prop_assert_eq!(map.tile(*a), Some(Tile::Floor));
            prop_assert!(!things[..i].contains(a));
        }
        if layout.rooms.len() >= 2 {
            prop_assert_ne!(owner[d.hero], owner[d.monsters[0].at]);
        }

        // Every room and hallway cell reachable with 4-way steps, which both of seed
        // 003's movement rules allow (so also both ways under them).
        let mut seen = Grid::new(map.size(), false);
        seen[d.hero] = true;
        let mut queue = VecDeque::from([d.hero]);
        let mut reached = 0;
        while let Some(c) = queue.pop_front() {
            reached += 1;
            for (dx, dy) in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
                let q = Point::new(c.x + dx, c.y + dy);
                if map.is_passable(q) && !seen[q] {
                    seen[q] = true;
                    queue.push_back(q);
                }
            }
        }
        let passable = map.iter().filter(|(_, t)| t.is_passable()).count();
        prop_assert_eq!(reached, passable);

        // The text is a valid dungeon file that reads back to the same dungeon.
        let text = d.to_text();
        let back = Dungeon::parse(text.as_bytes()).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(&back, d);
    }
}

#[test]
fn rooms_have_hallways_between_them() {
    let l = rooms_layout(Seed::from_text("hello"), &RoomsParams::default()).expect("valid");
    assert!(l.rooms.len() >= 3);
    assert!(l.dungeon.map.iter().any(|(_, t)| t == Tile::Hallway));
}
