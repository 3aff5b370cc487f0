//! Rooms and hallways in the dungeon format of the DM503 Rogue project (University of Southern Denmark, 2010).

use torchlit_geom::{Point, Rect, Size};
use torchlit_map::{Dungeon, DungeonMonster, Tile, TileMap};
use torchlit_rng::{Rng, Seed};

use crate::GenError;
use crate::error::check_size;

/// The largest dungeon side accepted (the dungeon format's own limit).
pub const MAX_DUNGEON_SIDE: u32 = 2048;

/// The parameters of a room-and-hallway dungeon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoomsParams {
    /// `N`: the dungeon is `N × N` cells (8 to [`MAX_DUNGEON_SIDE`]). Default 30.
    pub size: u32,
    /// At most this many rooms (1 to 1000). Default 8.
    pub max_rooms: u32,
    /// The smallest room side, in cells (at least 2). Default 3.
    pub room_min: u32,
    /// The largest room side, in cells (at least `room_min`). Default 8.
    pub room_max: u32,
    /// How many speed potions `s` to place (0 to 100). Default 1.
    pub potions: u32,
    /// Hallways beyond those that join all rooms (they make loops, where a hero can run
    /// from a monster forever; 0 to 100). Default 1.
    pub extra_hallways: u32,
}

impl Default for RoomsParams {
    fn default() -> Self {
        RoomsParams {
            size: 30,
            max_rooms: 8,
            room_min: 3,
            room_max: 8,
            potions: 1,
            extra_hallways: 1,
        }
    }
}

/// A generated dungeon and the rectangles of its rooms.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RoomsLayout {
    /// The dungeon: rooms [`Tile::Floor`], hallways [`Tile::Hallway`], the rest
    /// [`Tile::Wall`]; one hero, one monster, the potions.
    pub dungeon: Dungeon,
    /// The rooms, in the order they were placed.
    pub rooms: Vec<Rect>,
}

/// A room-and-hallway dungeon following DM503 Rogue's rules ([`rooms_layout`] tells how).
///
/// # Errors
/// As [`rooms_layout`].
pub fn rooms(seed: Seed, params: &RoomsParams) -> Result<Dungeon, GenError> {
    rooms_layout(seed, params).map(|l| l.dungeon)
}

/// A room-and-hallway dungeon following DM503 Rogue's rules, with its room rectangles.
///
/// - **Rooms** (`.`, 8-way movement) are rectangles inside the border, each at least two
///   cells away from every other (so no two rooms are ever adjacent, not even
///   diagonally: a room is exactly one connected block of room cells). Placed by
///   up to `30 × max_rooms` random tries.
/// - **Hallways** (`+`, 4-way movement): each room after the first is joined to the
///   nearest earlier one (centre to centre, Manhattan) by an L-shaped hallway, then
///   `extra_hallways` more join random pairs. Hallways only turn walls into hallway
///   cells; where they cross a room they run through it. Every step of a hallway is
///   4-way, so every room and hallway cell is reachable from every other under the
///   DM503 Rogue's movement rules.
/// - **The hero** `@` on a random room cell; **the monster** (a random letter `A`–`Z`)
///   on a random cell of another room when there are two or more; **potions** `s` on
///   other random room cells.
///
/// `Dungeon::to_text` prints it in the DM503 Rogue format, which `torchlit chase` reads back.
///
/// # Errors
/// [`GenError::TooSmall`] / [`GenError::TooLarge`] for `size` outside 8 to
/// [`MAX_DUNGEON_SIDE`]; [`GenError::BadParameter`] for the other fields;
/// [`GenError::GaveUp`] when the tries place no room or too few room cells for the hero,
/// the monster and the potions.
pub fn rooms_layout(seed: Seed, params: &RoomsParams) -> Result<RoomsLayout, GenError> {
    check_params(params)?;
    let &RoomsParams { size, max_rooms, room_min, room_max, potions, extra_hallways } = params;
    let mut rng = Rng::new(seed.derive("rooms", &[]));
    let room_max = room_max.min(size - 2);
    let tries = 30 * max_rooms;
    let rooms = place_rooms(&mut rng, size, tries, max_rooms, (room_min, room_max))?;

    let mut map = TileMap::new(Size::new(size, size), Tile::Wall);
    for r in &rooms {
        for p in r.points() {
            map.set(p, Tile::Floor);
        }
    }
    dig_hallways(&mut rng, &mut map, &rooms, extra_hallways);
    let dungeon = populate(&mut rng, map, &rooms, potions, tries)?;
    Ok(RoomsLayout { dungeon, rooms })
}

/// Checks `params` against the ranges [`RoomsParams`] documents.
fn check_params(params: &RoomsParams) -> Result<(), GenError> {
    let &RoomsParams { size, max_rooms, room_min, room_max, potions, extra_hallways } = params;
    if size > MAX_DUNGEON_SIDE {
        return Err(GenError::TooLarge {
            what: "dungeon",
            width: u64::from(size),
            height: u64::from(size),
            depth: 1,
        });
    }
    check_size("dungeon", size, size, 1, (8, 8))?;
    if !(1..=1000).contains(&max_rooms) {
        return Err(GenError::bad("max_rooms", "from 1 to 1000", max_rooms));
    }
    if room_min < 2 || room_min > size - 2 {
        return Err(GenError::bad("room_min", "from 2 to the dungeon size minus 2", room_min));
    }
    if room_max < room_min {
        return Err(GenError::bad("room_max", "at least room_min", room_max));
    }
    if potions > 100 {
        return Err(GenError::bad("potions", "from 0 to 100", potions));
    }
    if extra_hallways > 100 {
        return Err(GenError::bad("extra_hallways", "from 0 to 100", extra_hallways));
    }
    Ok(())
}

/// Up to `max_rooms` rooms in a `size × size` dungeon, sides from `room_min` to `room_max`,
/// placed by `tries` random tries, each at least two cells away from the others.
fn place_rooms(
    rng: &mut Rng,
    size: u32,
    tries: u32,
    max_rooms: u32,
    (room_min, room_max): (u32, u32),
) -> Result<Vec<Rect>, GenError> {
    let n = size as i64;
    let mut rooms: Vec<Rect> = Vec::new();
    for _ in 0..tries {
        if rooms.len() as u32 >= max_rooms {
            break;
        }
        let w = rng.range(i64::from(room_min), i64::from(room_max));
        let h = rng.range(i64::from(room_min), i64::from(room_max));
        let x = rng.range(1, n - 1 - w);
        let y = rng.range(1, n - 1 - h);
        let room = Rect::new(Point::new(x as i32, y as i32), Size::new(w as u32, h as u32));
        let halo = Rect::new(
            Point::new(x as i32 - 2, y as i32 - 2),
            Size::new(w as u32 + 4, h as u32 + 4),
        );
        if rooms.iter().all(|r| !r.intersects(&halo)) {
            rooms.push(room);
        }
    }
    if rooms.is_empty() {
        return Err(GenError::GaveUp { what: "place a room", attempts: tries });
    }
    Ok(rooms)
}

/// Joins each room after the first to the nearest earlier one, then digs `extra` more
/// hallways between random pairs of rooms.
fn dig_hallways(rng: &mut Rng, map: &mut TileMap, rooms: &[Rect], extra: u32) {
    for k in 1..rooms.len() {
        let c = rooms[k].center();
        let nearest = (0..k)
            .min_by_key(|&j| {
                let o = rooms[j].center() - c;
                (o.dx.abs() + o.dy.abs(), j)
            })
            .unwrap_or(0);
        let first_horizontal = rng.below(2) == 0;
        dig_hallway(map, c, rooms[nearest].center(), first_horizontal);
    }
    if rooms.len() >= 2 {
        for _ in 0..extra {
            let a = rng.below(rooms.len() as u64) as usize;
            let b = rng.below(rooms.len() as u64 - 1) as usize;
            let b = if b >= a { b + 1 } else { b };
            let first_horizontal = rng.below(2) == 0;
            dig_hallway(map, rooms[a].center(), rooms[b].center(), first_horizontal);
        }
    }
}

/// The dungeon of `map` with the hero, the monster and `potions` potions on room cells
/// (`tries` is what the error reports as attempts).
fn populate(
    rng: &mut Rng,
    map: TileMap,
    rooms: &[Rect],
    potions: u32,
    tries: u32,
) -> Result<Dungeon, GenError> {
    let cells_of = |r: &Rect| r.points().collect::<Vec<Point>>();
    let total: usize = rooms.iter().map(|r| r.size.area()).sum();
    if total < 2 + potions as usize {
        return Err(GenError::GaveUp {
            what: "find room cells for the hero, the monster and the potions",
            attempts: tries,
        });
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

/// Turns the walls on an L-shaped path from `a` to `b` into hallway cells.
fn dig_hallway(map: &mut TileMap, a: Point, b: Point, first_horizontal: bool) {
    let corner = if first_horizontal { Point::new(b.x, a.y) } else { Point::new(a.x, b.y) };
    for (from, to) in [(a, corner), (corner, b)] {
        let (dx, dy) = ((to.x - from.x).signum(), (to.y - from.y).signum());
        let mut p = from;
        loop {
            if map.tile(p) == Some(Tile::Wall) {
                map.set(p, Tile::Hallway);
            }
            if p == to {
                break;
            }
            p = Point::new(p.x + dx, p.y + dy);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_are_checked() {
        let bad = |p: RoomsParams| rooms(Seed(1), &p).is_err();
        assert!(bad(RoomsParams { size: 7, ..RoomsParams::default() }));
        assert!(bad(RoomsParams { size: 2049, ..RoomsParams::default() }));
        assert!(bad(RoomsParams { max_rooms: 0, ..RoomsParams::default() }));
        assert!(bad(RoomsParams { room_min: 1, ..RoomsParams::default() }));
        assert!(bad(RoomsParams { room_max: 2, ..RoomsParams::default() }));
        assert!(bad(RoomsParams { potions: 101, ..RoomsParams::default() }));
        assert!(!bad(RoomsParams { size: 8, room_min: 2, room_max: 2, ..RoomsParams::default() }));
    }

    #[test]
    fn too_many_potions_for_the_rooms_is_an_error() {
        let p = RoomsParams {
            size: 8,
            max_rooms: 1,
            room_min: 2,
            room_max: 2,
            potions: 3,
            ..RoomsParams::default()
        };
        assert!(matches!(rooms(Seed(4), &p), Err(GenError::GaveUp { .. })));
    }
}
