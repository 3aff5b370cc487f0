//! What a cell shows, by meaning: the sprite a tile front end draws for it.
//!
//! A terminal draws a [`crate::Cell`]'s glyph; a tile front end draws its [`Sprite`]
//! (and the [`crate::Cell::under`] sprite beneath it), so it never guesses a creature
//! from a character. Every sprite has a stable snake_case name, the key of a tileset's
//! index (`lava`, `player_north`, `zombie`).

macro_rules! sprites {
    ($( $(#[$doc:meta])* $variant:ident => $name:literal, )*) => {
        /// A semantic sprite: a terrain kind, a creature, an item or an effect.
        ///
        /// [`Sprite::None`] means "nothing to draw" (a blank or a text cell).
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum Sprite {
            /// Nothing: text, blanks and borders.
            #[default]
            None,
            $( $(#[$doc])* $variant, )*
        }

        impl Sprite {
            /// Every sprite but [`Sprite::None`], in declaration order.
            pub const ALL: &'static [Sprite] = &[$(Sprite::$variant,)*];

            /// The stable name, used as the key in tileset indexes (`"none"` for
            /// [`Sprite::None`]).
            pub const fn name(self) -> &'static str {
                match self {
                    Sprite::None => "none",
                    $( Sprite::$variant => $name, )*
                }
            }

            /// The sprite with this [`Sprite::name`], if any.
            pub fn from_name(name: &str) -> Option<Sprite> {
                match name {
                    "none" => Some(Sprite::None),
                    $( $name => Some(Sprite::$variant), )*
                    _ => None,
                }
            }
        }
    };
}

sprites! {
    // Terrain of tile worlds (the Ultima world, caves, dungeons).
    /// Brick floor.
    BrickFloor => "brick_floor",
    /// Lava (glows).
    Lava => "lava",
    /// Water.
    Water => "water",
    /// Forest.
    Forest => "forest",
    /// Grasslands.
    Grass => "grass",
    /// Mountains.
    Mountains => "mountains",
    /// A stone wall.
    StoneWall => "stone_wall",
    /// Cave or room floor.
    Floor => "floor",
    /// A narrow hallway (a dungeon's `+`).
    Hallway => "hallway",
    /// A cave or dungeon wall.
    Wall => "wall",
    /// Solid rock never dug (the overworld's blank).
    SolidRock => "solid_rock",
    /// A closed door.
    DoorClosed => "door_closed",
    /// An open door.
    DoorOpen => "door_open",
    /// Stairs up.
    StairsUp => "stairs_up",
    /// Stairs down.
    StairsDown => "stairs_down",
    /// A closed chest.
    Chest => "chest",
    /// An opened chest.
    ChestOpen => "chest_open",
    /// The ground of a maze area.
    MazeGround => "maze_ground",
    /// A maze wall (hedge).
    MazeWall => "maze_wall",
    /// A hole in the ground.
    Hole => "hole",
    /// A portal locked with chains.
    PortalLocked => "portal_locked",
    /// An open portal (the way on).
    PortalOpen => "portal_open",

    // The player, by facing.
    /// The player (no facing).
    Player => "player",
    /// The player facing north.
    PlayerNorth => "player_north",
    /// The player facing east.
    PlayerEast => "player_east",
    /// The player facing south.
    PlayerSouth => "player_south",
    /// The player facing west.
    PlayerWest => "player_west",

    // Creatures.
    /// A fungus.
    Fungus => "fungus",
    /// A bat.
    Bat => "bat",
    /// A zombie.
    Zombie => "zombie",
    /// A rat.
    Rat => "rat",
    /// A goblin.
    Goblin => "goblin",
    /// A troll.
    Troll => "troll",
    /// A wraith.
    Wraith => "wraith",
    /// A log monster asleep.
    LogSleeping => "log_sleeping",
    /// A log monster wandering.
    LogWandering => "log_wandering",
    /// A log monster chasing.
    LogChasing => "log_chasing",
    /// The maze's boss.
    Boss => "boss",
    /// The chase's monster.
    Hunter => "hunter",

    // Items.
    /// A rock (useless item).
    Stone => "stone",
    /// Bread.
    Bread => "bread",
    /// An apple.
    Apple => "apple",
    /// A corpse.
    Corpse => "corpse",
    /// A dagger.
    Dagger => "dagger",
    /// A sword.
    Sword => "sword",
    /// A staff.
    Staff => "staff",
    /// A tunic.
    Tunic => "tunic",
    /// Chainmail.
    Chainmail => "chainmail",
    /// Platemail.
    Platemail => "platemail",
    /// The baguette.
    Baguette => "baguette",
    /// The teddy bear.
    TeddyBear => "teddy_bear",
    /// A key.
    Key => "key",
    /// A heart (one life back).
    Heart => "heart",
    /// The pickaxe.
    Pickaxe => "pickaxe",
    /// A breakable boulder.
    Boulder => "boulder",
    /// A boulder with cracks: less than half its life left.
    BoulderCracked => "boulder_cracked",
    /// A treasure.
    Treasure => "treasure",
    /// A speed potion.
    Potion => "potion",
    /// Gold coins.
    Gold => "gold",

    // Effects.
    /// A projectile in flight.
    Projectile => "projectile",
    /// A vanishing cloud.
    Vanish => "vanish",
    /// One step of a shown path.
    PathMark => "path_mark",
    /// The look cursor.
    Cursor => "cursor",
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_are_unique() {
        let mut seen = std::collections::BTreeSet::new();
        for &s in Sprite::ALL {
            assert!(seen.insert(s.name()), "duplicate name {}", s.name());
            assert_eq!(Sprite::from_name(s.name()), Some(s));
            assert!(s.name().bytes().all(|b| b.is_ascii_lowercase() || b == b'_'));
        }
        assert_eq!(Sprite::from_name("none"), Some(Sprite::None));
        assert_eq!(Sprite::from_name("dragon"), None);
        assert!(!Sprite::ALL.contains(&Sprite::None));
    }
}
