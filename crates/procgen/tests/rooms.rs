//! Room-and-hallway dungeons follow DM503 Rogue's rules: separate rooms, every
//! cell reachable.

use std::collections::VecDeque;

use proptest::prelude::*;
use torchlit_geom::{Grid, Point};
use torchlit_map::Terrain;
use torchlit_procgen::{RoomCell, RoomsParams, rooms_layout};
use torchlit_rng::Seed;

fn params() -> impl Strategy<Value = RoomsParams> {
    (12u32..60, 1u32..12, 2u32..5, 0u32..6, 0u32..3).prop_map(
        |(size, max_rooms, room_min, extra, extra_hallways)| RoomsParams {
            size,
            max_rooms,
            room_min,
            room_max: room_min + extra,
            extra_hallways,
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn dungeons_follow_the_rules(seed in any::<u64>(), p in params()) {
        let layout = rooms_layout(Seed(seed), &p).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let map = &layout.map;
        let n = p.size as i32;
        prop_assert_eq!(map.size(), torchlit_geom::Size::new(p.size, p.size));

        // Rooms are exactly the room cells, and no two rooms touch, not even diagonally.
        let mut owner = Grid::new(map.size(), usize::MAX);
        for (i, r) in layout.rooms.iter().enumerate() {
            for c in r.points() {
                prop_assert_eq!(map.tile(c), Some(RoomCell::Room));
                owner[c] = i;
            }
        }
        for (c, t) in map.iter() {
            prop_assert!(matches!(t, RoomCell::Room | RoomCell::Hallway | RoomCell::Wall));
            if t == RoomCell::Room {
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
                prop_assert_ne!(t, RoomCell::Room);
            }
        }

        // Every room and hallway cell reachable with 4-way steps, which both of DM503
        // Rogue's movement rules allow (so also both ways under them).
        let mut seen = Grid::new(map.size(), false);
        let start = layout.start();
        prop_assert_eq!(map.tile(start), Some(RoomCell::Room));
        seen[start] = true;
        let mut queue = VecDeque::from([start]);
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
    }
}

#[test]
fn rooms_have_hallways_between_them() {
    let l = rooms_layout(Seed::from_text("hello"), &RoomsParams::default()).expect("valid");
    assert!(l.rooms.len() >= 3);
    assert!(l.map.iter().any(|(_, t)| t == RoomCell::Hallway));
}
