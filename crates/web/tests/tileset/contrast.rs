//! Which floors each actor, item and effect can stand on, and how well its tile stands
//! out there. Shared by the tileset test and `examples/make_tileset.rs` (which prints the
//! same numbers while the art is drawn).

/// The floors of the caves and dungeons (the caves mode, the Ultima world's towns).
const CAVE: &[&str] = &["floor", "brick_floor", "hallway", "door_open"];
/// The Ultima world's avatar walks everywhere.
const WORLD: &[&str] = &[
    "grass",
    "forest",
    "mountains",
    "brick_floor",
    "floor",
    "hallway",
    "lava",
    "water",
    "door_open",
    "stairs_up",
    "stairs_down",
];
/// Bats fly over water too.
const BAT: &[&str] = &["floor", "brick_floor", "hallway", "door_open", "water"];
/// The overworld's monsters on its floor, and the chase's rooms and hallways.
const DUNGEON: &[&str] = &["floor", "brick_floor", "hallway"];
/// The maze's ground.
const MAZE: &[&str] = &["maze_ground"];
/// Items found in the maze and on the overworld's floor.
const MAZE_AND_FLOOR: &[&str] = &["maze_ground", "floor"];
/// Marks drawn over any floor.
const ANY: &[&str] = &["floor", "brick_floor", "hallway", "grass", "maze_ground", "water"];

/// Every actor, item and effect sprite with the floors it can be drawn over.
pub const PAIRS: &[(&str, &[&str])] = &[
    ("chest", &["floor"]),
    ("chest_open", &["floor"]),
    ("portal_locked", MAZE),
    ("portal_open", MAZE),
    ("player", WORLD),
    ("player_north", MAZE),
    ("player_east", MAZE),
    ("player_south", MAZE),
    ("player_west", MAZE),
    ("fungus", CAVE),
    ("bat", BAT),
    ("zombie", CAVE),
    ("rat", DUNGEON),
    ("goblin", DUNGEON),
    ("troll", DUNGEON),
    ("wraith", DUNGEON),
    ("log_sleeping", MAZE),
    ("log_wandering", MAZE),
    ("log_chasing", MAZE),
    ("boss", MAZE),
    ("hunter", DUNGEON),
    ("stone", CAVE),
    ("bread", CAVE),
    ("apple", CAVE),
    ("corpse", CAVE),
    ("dagger", CAVE),
    ("sword", CAVE),
    ("staff", CAVE),
    ("tunic", CAVE),
    ("chainmail", CAVE),
    ("platemail", CAVE),
    ("baguette", CAVE),
    ("teddy_bear", CAVE),
    ("key", MAZE),
    ("heart", MAZE_AND_FLOOR),
    ("pickaxe", MAZE),
    ("boulder", MAZE),
    ("boulder_cracked", MAZE),
    ("treasure", MAZE_AND_FLOOR),
    ("potion", DUNGEON),
    ("gold", DUNGEON),
    ("projectile", MAZE),
    ("vanish", MAZE),
    ("path_mark", ANY),
    ("cursor", ANY),
];

/// Terrain: opaque tiles that are the floor (or wall) itself.
pub const TERRAIN: &[&str] = &[
    "brick_floor",
    "lava",
    "water",
    "forest",
    "grass",
    "mountains",
    "stone_wall",
    "floor",
    "hallway",
    "wall",
    "solid_rock",
    "door_closed",
    "door_open",
    "stairs_up",
    "stairs_down",
    "maze_ground",
    "maze_wall",
    "hole",
];

/// Terrain drawn with autotile variants `NAME@0` to `NAME@15`.
pub const AUTOTILED: &[&str] = &["wall", "stone_wall", "maze_wall", "solid_rock", "water", "lava"];

/// The least mean colour difference (0-255, mean over the three channels) between a
/// sprite drawn over a floor and the bare floor, over the sprite's opaque pixels.
pub const MIN_CONTRAST: f32 = 40.0;
/// The least share of a sprite's edge pixels that must be dark (its outline).
pub const MIN_RING: f32 = 0.95;
/// Luminance (0-255) under which an edge pixel counts as outline.
pub const DARK: f32 = 56.0;

/// How a sprite tile stands out over a floor tile (both `side`x`side` RGBA, row by row).
#[derive(Clone, Copy, Debug)]
pub struct Measure {
    /// Mean colour difference between the composite and the bare floor over the sprite's
    /// opaque pixels (alpha >= 128), 0-255.
    pub contrast: f32,
    /// The share of the sprite's edge pixels (opaque, with a 4-neighbour that is not) that
    /// are dark.
    pub ring: f32,
    /// How many opaque pixels the sprite has.
    pub opaque: usize,
}

/// Measures `sprite` drawn over `floor`.
pub fn measure(sprite: &[[u8; 4]], floor: &[[u8; 4]], side: usize) -> Measure {
    let solid = |x: i64, y: i64| {
        x >= 0
            && y >= 0
            && (x as usize) < side
            && (y as usize) < side
            && sprite[y as usize * side + x as usize][3] >= 128
    };
    let (mut diff, mut opaque, mut edge, mut dark) = (0.0f32, 0usize, 0usize, 0usize);
    for y in 0..side {
        for x in 0..side {
            let (s, f) = (sprite[y * side + x], floor[y * side + x]);
            if s[3] < 128 {
                continue;
            }
            opaque += 1;
            let a = f32::from(s[3]) / 255.0;
            let d: f32 = (0..3)
                .map(|i| {
                    (a * f32::from(s[i]) + (1.0 - a) * f32::from(f[i]) - f32::from(f[i])).abs()
                })
                .sum();
            diff += d / 3.0;
            let (xi, yi) = (x as i64, y as i64);
            let inner =
                solid(xi - 1, yi) && solid(xi + 1, yi) && solid(xi, yi - 1) && solid(xi, yi + 1);
            let on_border = x == 0 || y == 0 || x == side - 1 || y == side - 1;
            if !inner || on_border {
                edge += 1;
                let lum =
                    0.299 * f32::from(s[0]) + 0.587 * f32::from(s[1]) + 0.114 * f32::from(s[2]);
                if lum < DARK {
                    dark += 1;
                }
            }
        }
    }
    Measure {
        contrast: if opaque == 0 { 0.0 } else { diff / opaque as f32 },
        ring: if edge == 0 { 0.0 } else { dark as f32 / edge as f32 },
        opaque,
    }
}
