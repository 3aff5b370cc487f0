//! torchlit's sprites: every terrain, creature, item and effect its modes draw, as the
//! toolkit's open [`Sprite`] ids.
//!
//! Each constant's name is the upper-case form of its sprite name (`MAZE_WALL` is
//! `maze_wall`), the key of the tileset's index (`crates/web/assets/tiles.toml`). [`ALL`]
//! lists them in the order the tileset generator lays out the atlas; the front ends that
//! number sprites or check a tileset's names take it (`torchlit_web::Tileset::builtin`).

use torchlit_console::Sprite;

macro_rules! sprites {
    ($( $(#[$doc:meta])* $id:ident => $name:literal, )*) => {
        $( $(#[$doc])* pub const $id: Sprite = Sprite::new($name); )*

        /// Every sprite of the game but [`Sprite::NONE`], in declaration order (the atlas's).
        pub const ALL: &[Sprite] = &[$($id,)*];
    };
}

sprites! {
// Terrain of tile worlds (the Ultima world, caves, dungeons).
/// Brick floor.
BRICK_FLOOR => "brick_floor",
/// Lava (glows).
LAVA => "lava",
/// Water.
WATER => "water",
/// Forest.
FOREST => "forest",
/// Grasslands.
GRASS => "grass",
/// Mountains.
MOUNTAINS => "mountains",
/// A stone wall.
STONE_WALL => "stone_wall",
/// Cave or room floor.
FLOOR => "floor",
/// A narrow hallway (a dungeon's `+`).
HALLWAY => "hallway",
/// A cave or dungeon wall.
WALL => "wall",
/// Solid rock never dug (the overworld's blank).
SOLID_ROCK => "solid_rock",
/// A closed door.
DOOR_CLOSED => "door_closed",
/// An open door.
DOOR_OPEN => "door_open",
/// Stairs up.
STAIRS_UP => "stairs_up",
/// Stairs down.
STAIRS_DOWN => "stairs_down",
/// A closed chest.
CHEST => "chest",
/// An opened chest.
CHEST_OPEN => "chest_open",
/// The ground of a maze area.
MAZE_GROUND => "maze_ground",
/// A maze wall (hedge).
MAZE_WALL => "maze_wall",
/// A hole in the ground.
HOLE => "hole",
/// A portal locked with chains.
PORTAL_LOCKED => "portal_locked",
/// An open portal (the way on).
PORTAL_OPEN => "portal_open",

// The player, by facing.
/// The player (no facing).
PLAYER => "player",
/// The player facing north.
PLAYER_NORTH => "player_north",
/// The player facing east.
PLAYER_EAST => "player_east",
/// The player facing south.
PLAYER_SOUTH => "player_south",
/// The player facing west.
PLAYER_WEST => "player_west",

// Creatures.
/// A fungus.
FUNGUS => "fungus",
/// A bat.
BAT => "bat",
/// A zombie.
ZOMBIE => "zombie",
/// A rat.
RAT => "rat",
/// A goblin.
GOBLIN => "goblin",
/// A troll.
TROLL => "troll",
/// A wraith.
WRAITH => "wraith",
/// A log monster asleep.
LOG_SLEEPING => "log_sleeping",
/// A log monster wandering.
LOG_WANDERING => "log_wandering",
/// A log monster chasing.
LOG_CHASING => "log_chasing",
/// The maze's boss.
BOSS => "boss",
/// The chase's monster.
HUNTER => "hunter",

// Items.
/// A rock (useless item).
STONE => "stone",
/// Bread.
BREAD => "bread",
/// An apple.
APPLE => "apple",
/// A corpse.
CORPSE => "corpse",
/// A dagger.
DAGGER => "dagger",
/// A sword.
SWORD => "sword",
/// A staff.
STAFF => "staff",
/// A tunic.
TUNIC => "tunic",
/// Chainmail.
CHAINMAIL => "chainmail",
/// Platemail.
PLATEMAIL => "platemail",
/// The baguette.
BAGUETTE => "baguette",
/// The teddy bear.
TEDDY_BEAR => "teddy_bear",
/// A key.
KEY => "key",
/// A heart (one life back).
HEART => "heart",
/// The pickaxe.
PICKAXE => "pickaxe",
/// A breakable boulder.
BOULDER => "boulder",
/// A boulder with cracks: less than half its life left.
BOULDER_CRACKED => "boulder_cracked",
/// A treasure.
TREASURE => "treasure",
/// A speed potion.
POTION => "potion",
/// Gold coins.
GOLD => "gold",

// Effects.
/// A projectile in flight.
PROJECTILE => "projectile",
/// A vanishing cloud.
VANISH => "vanish",
/// One step of a shown path.
PATH_MARK => "path_mark",
/// The look cursor.
CURSOR => "cursor",}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_none_is_not_listed() {
        let mut seen = std::collections::BTreeSet::new();
        for &s in ALL {
            assert!(seen.insert(s.name()), "duplicate name {}", s.name());
            assert_eq!(Sprite::find(ALL, s.name()), Some(s));
        }
        assert!(!ALL.contains(&Sprite::NONE));
        assert_eq!(Sprite::find(ALL, "dragon"), None);
        assert_eq!(ALL.len(), 63);
    }
}
