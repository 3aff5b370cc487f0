//! Generated chase dungeons: `torchlit-procgen`'s rooms and hallways, then the chase's own
//! placement of the hero, the monster and the speed potions.

use torchlit_geom::{Point, Rect};
use torchlit_map::TileMap;
use torchlit_procgen::{RoomsParams, rooms_layout_with};
use torchlit_rng::{Rng, Seed};

use super::ChaseError;
use crate::formats::{Dungeon, DungeonMonster};
use crate::terrain::{Tile, room_tile};

/// How many speed potions a generated dungeon holds.
const POTIONS: u32 = 1;

/// A generated room-and-hallway dungeon of `side × side` cells for seed `seed`, with one
/// hero, one monster and one speed potion ([`generate_with_rooms`] tells how).
///
/// # Errors
/// As [`generate_with_rooms`].
pub fn generate(seed: Seed, side: u32) -> Result<Dungeon, ChaseError> {
    generate_with_rooms(seed, side).map(|(dungeon, _)| dungeon)
}

/// A generated dungeon of `side × side` cells for seed `seed` and the rectangles of its
/// rooms.
///
/// The rooms and hallways are `torchlit-procgen`'s [`rooms_layout_with`] (DM503 Rogue's
/// rules, [`RoomsParams::default`] but for the side), drawn from the stream
/// `seed.derive("rooms", &[])`; the same stream then places:
///
/// - **the hero** `@` on a random cell of a random room;
/// - **the monster** (a random letter `A`–`Z`) on a random cell of another room when there
///   are two or more (of the hero's room otherwise);
/// - **one speed potion** `s` on another random room cell.
///
/// # Errors
/// [`ChaseError::Generate`] when the generator refuses the side (8 to 2048) or gives up,
/// or when the rooms have too few cells for the hero, the monster and the potion.
pub fn generate_with_rooms(seed: Seed, side: u32) -> Result<(Dungeon, Vec<Rect>), ChaseError> {
    let mut rng = Rng::new(seed.derive("rooms", &[]));
    let params = RoomsParams { size: side, ..RoomsParams::default() };
    let layout =
        rooms_layout_with(&mut rng, &params).map_err(|e| ChaseError::Generate(e.to_string()))?;
    let dungeon = populate(&mut rng, layout.map.map(room_tile), &layout.rooms, POTIONS)?;
    Ok((dungeon, layout.rooms))
}

/// The dungeon of `map` with the hero, the monster and `potions` potions on cells of
/// `rooms`, drawn from `rng`.
fn populate(
    rng: &mut Rng,
    map: TileMap<Tile>,
    rooms: &[Rect],
    potions: u32,
) -> Result<Dungeon, ChaseError> {
    let cells_of = |r: &Rect| r.points().collect::<Vec<Point>>();
    let total: usize = rooms.iter().map(|r| r.size.area()).sum();
    if rooms.is_empty() || total < 2 + potions as usize {
        return Err(ChaseError::Generate(format!(
            "the rooms have {total} cells, too few for the hero, the monster and {potions} \
             potions"
        )));
    }
    let hero_room = rng.below(rooms.len() as u64) as usize;
    let hero = pick(rng, &cells_of(&rooms[hero_room]), &[]);
    let monster_room = if rooms.len() >= 2 {
        let m = rng.below(rooms.len() as u64 - 1) as usize;
        if m >= hero_room { m + 1 } else { m }
    } else {
        hero_room
    };
    let monster_at = pick(rng, &cells_of(&rooms[monster_room]), &[hero]);
    let glyph = char::from(b'A' + rng.below(26) as u8);
    let all: Vec<Point> = rooms.iter().flat_map(cells_of).collect();
    let mut taken = vec![hero, monster_at];
    let mut placed = Vec::new();
    for _ in 0..potions {
        let p = pick(rng, &all, &taken);
        taken.push(p);
        placed.push(p);
    }
    placed.sort_by_key(|p| (p.y, p.x));
    Ok(Dungeon {
        map,
        hero,
        monsters: vec![DungeonMonster { glyph, at: monster_at }],
        potions: placed,
    })
}

/// A uniformly random cell of `cells` not in `taken` (`cells` holds more than
/// `taken.len()` cells, so one exists).
fn pick(rng: &mut Rng, cells: &[Point], taken: &[Point]) -> Point {
    let free: Vec<Point> = cells.iter().copied().filter(|c| !taken.contains(c)).collect();
    rng.choose(&free).copied().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use torchlit_geom::Size;

    use super::*;
    use crate::terrain::Tile;

    #[test]
    fn hero_monster_and_potion_stand_on_distinct_room_cells_of_different_rooms() {
        for i in 0..40 {
            let (d, rooms) = generate_with_rooms(Seed(i), 8 + i as u32).expect("generates");
            assert_eq!(d.map.size(), Size::new(8 + i as u32, 8 + i as u32));
            let things = [d.hero, d.monsters[0].at, d.potions[0]];
            for (k, at) in things.iter().enumerate() {
                assert_eq!(d.map.tile(*at), Some(Tile::Floor), "seed {i}: {at}");
                assert!(!things[..k].contains(at), "seed {i}: two on {at}");
            }
            let room_of = |p: Point| rooms.iter().position(|r| r.contains(p));
            if rooms.len() >= 2 {
                assert_ne!(room_of(d.hero), room_of(d.monsters[0].at), "seed {i}");
            }
            assert!(d.monsters[0].glyph.is_ascii_uppercase());
            let back = Dungeon::parse_chase(d.to_text().as_bytes()).expect("reads back");
            assert_eq!(back, d, "seed {i}");
        }
    }

    #[test]
    fn too_few_room_cells_is_an_error() {
        let one = [Rect::new(Point::new(1, 1), Size::new(1, 2))];
        let map = TileMap::new(Size::new(8, 8), Tile::Wall);
        let e =
            populate(&mut Rng::new(Seed(1)), map, &one, 1).expect_err("two cells, three things");
        assert!(matches!(e, ChaseError::Generate(_)), "{e}");
        assert!(generate(Seed(1), 7).is_err());
    }
}
