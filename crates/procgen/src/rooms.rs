//! Rooms joined by hallways, after the dungeons of the DM503 Rogue project (University of
//! Southern Denmark, 2010): the layout only, with nothing placed in it.

use torchlit_geom::{Point, Rect, Size};
use torchlit_map::{Terrain, TileMap};
use torchlit_rng::{Rng, Seed};

use crate::GenError;
use crate::error::check_size;

/// The largest dungeon side accepted (the DM503 dungeon format's own limit).
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
    /// Hallways beyond those that join all rooms (they make loops, where a hero can run
    /// from a monster forever; 0 to 100). Default 1.
    pub extra_hallways: u32,
}

impl Default for RoomsParams {
    fn default() -> Self {
        RoomsParams { size: 30, max_rooms: 8, room_min: 3, room_max: 8, extra_hallways: 1 }
    }
}

/// One cell of a [`RoomsLayout`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RoomCell {
    /// Solid wall: impassable, opaque.
    Wall,
    /// A room cell (`.` in the DM503 format): open floor.
    Room,
    /// A hallway cell (`+` in the DM503 format): open floor (DM503 Rogue walks it 4-way).
    Hallway,
}

impl Terrain for RoomCell {
    fn is_passable(&self) -> bool {
        *self != RoomCell::Wall
    }

    fn is_opaque(&self) -> bool {
        *self == RoomCell::Wall
    }
}

/// A generated dungeon: its terrain and the rectangles of its rooms. Nothing stands in it;
/// where the player, monsters and items go is the game's choice (the rooms say where
/// there is space).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RoomsLayout {
    /// The terrain, `size × size` in map space: rooms, hallways and walls. Map it to your
    /// own terrain with [`TileMap::map`].
    pub map: TileMap<RoomCell>,
    /// The rooms, in the order they were placed; never empty.
    pub rooms: Vec<Rect>,
}

impl RoomsLayout {
    /// The centre of the first room: a room cell, a good place to start a player.
    pub fn start(&self) -> Point {
        self.rooms.first().map_or(Point::ORIGIN, Rect::center)
    }
}

/// A room-and-hallway dungeon following DM503 Rogue's rules, drawn from its own stream
/// of `seed` ([`rooms_layout_with`] tells how it is laid out).
///
/// ```
/// use torchlit_procgen::{RoomsParams, rooms_layout};
/// use torchlit_rng::Seed;
///
/// let layout = rooms_layout(Seed::from_text("hello"), &RoomsParams::default())?;
/// assert!(layout.map.is_passable(layout.start()));
/// # Ok::<(), torchlit_procgen::GenError>(())
/// ```
///
/// # Errors
/// As [`rooms_layout_with`].
pub fn rooms_layout(seed: Seed, params: &RoomsParams) -> Result<RoomsLayout, GenError> {
    rooms_layout_with(&mut Rng::new(seed.derive("rooms", &[])), params)
}

/// A room-and-hallway dungeon following DM503 Rogue's rules, drawn from `rng`; the game
/// may go on drawing from `rng` to place what stands in it (the chase of `torchlit-sim`
/// places its hero, monster and potions so).
///
/// - **Rooms** (`.` in the DM503 format, 8-way movement there) are rectangles inside the
///   border, each at least two cells away from every other (so no two rooms are ever
///   adjacent, not even diagonally: a room is exactly one connected block of room cells).
///   Placed by up to `30 × max_rooms` random tries.
/// - **Hallways** (`+`, 4-way movement): each room after the first is joined to the
///   nearest earlier one (centre to centre, Manhattan) by an L-shaped hallway, then
///   `extra_hallways` more join random pairs. Hallways only turn walls into hallway
///   cells; where they cross a room they run through it. Every step of a hallway is
///   4-way, so every room and hallway cell is reachable from every other under the
///   DM503 Rogue's movement rules.
///
/// # Errors
/// [`GenError::TooSmall`] / [`GenError::TooLarge`] for `size` outside 8 to
/// [`MAX_DUNGEON_SIDE`]; [`GenError::BadParameter`] for the other fields;
/// [`GenError::GaveUp`] when the tries place no room.
pub fn rooms_layout_with(rng: &mut Rng, params: &RoomsParams) -> Result<RoomsLayout, GenError> {
    check_params(params)?;
    let &RoomsParams { size, max_rooms, room_min, room_max, extra_hallways } = params;
    let room_max = room_max.min(size - 2);
    let tries = 30 * max_rooms;
    let rooms = place_rooms(rng, size, tries, max_rooms, (room_min, room_max))?;

    let mut map = TileMap::new(Size::new(size, size), RoomCell::Wall);
    for r in &rooms {
        for p in r.points() {
            map.set(p, RoomCell::Room);
        }
    }
    dig_hallways(rng, &mut map, &rooms, extra_hallways);
    Ok(RoomsLayout { map, rooms })
}

/// Checks `params` against the ranges [`RoomsParams`] documents.
fn check_params(params: &RoomsParams) -> Result<(), GenError> {
    let &RoomsParams { size, max_rooms, room_min, room_max, extra_hallways } = params;
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
fn dig_hallways(rng: &mut Rng, map: &mut TileMap<RoomCell>, rooms: &[Rect], extra: u32) {
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

/// Turns the walls on an L-shaped path from `a` to `b` into hallway cells.
fn dig_hallway(map: &mut TileMap<RoomCell>, a: Point, b: Point, first_horizontal: bool) {
    let corner = if first_horizontal { Point::new(b.x, a.y) } else { Point::new(a.x, b.y) };
    for (from, to) in [(a, corner), (corner, b)] {
        let (dx, dy) = ((to.x - from.x).signum(), (to.y - from.y).signum());
        let mut p = from;
        loop {
            if map.tile(p) == Some(RoomCell::Wall) {
                map.set(p, RoomCell::Hallway);
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
        let bad = |p: RoomsParams| rooms_layout(Seed(1), &p).is_err();
        assert!(bad(RoomsParams { size: 7, ..RoomsParams::default() }));
        assert!(bad(RoomsParams { size: 2049, ..RoomsParams::default() }));
        assert!(bad(RoomsParams { max_rooms: 0, ..RoomsParams::default() }));
        assert!(bad(RoomsParams { room_min: 1, ..RoomsParams::default() }));
        assert!(bad(RoomsParams { room_max: 2, ..RoomsParams::default() }));
        assert!(bad(RoomsParams { extra_hallways: 101, ..RoomsParams::default() }));
        assert!(!bad(RoomsParams { size: 8, room_min: 2, room_max: 2, ..RoomsParams::default() }));
    }

    #[test]
    fn the_start_is_in_the_first_room() {
        let l = rooms_layout(Seed(4), &RoomsParams::default()).expect("valid");
        assert!(l.rooms[0].contains(l.start()));
        assert_eq!(l.map.tile(l.start()), Some(RoomCell::Room));
    }
}
