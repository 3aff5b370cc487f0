//! torchlit's colours: the console's chrome ([`torchlit_console::palette`], re-exported
//! here) and the game's own, a section per kind of thing: the modes' chrome, terrain (the
//! foreground and background of each [`crate::sprite`] tile), and the actors and items of
//! each mode.
//!
//! A screen draws with these names (`palette::HEADING`, `palette::LAVA`), never with
//! colour literals, so a colour is changed here once and a theme stays consistent.

use torchlit_console::Rgb;
pub use torchlit_console::palette::*;

// --- the modes' chrome --------------------------------------------------------------

/// The replay's bar background.
pub const REPLAY_BAR: Rgb = Rgb(40, 30, 60);
/// A menu screen's title (the overworld's world menu).
pub const MENU_TITLE: Rgb = Rgb(255, 200, 90);

// --- the modes' messages ------------------------------------------------------------

/// A dialogue's border (the maze's signs and talks).
pub const DIALOGUE: Rgb = Rgb(120, 200, 255);

// --- terrain ------------------------------------------------------------------------

/// Brick floor.
pub const BRICK_FLOOR: Rgb = Rgb(196, 120, 84);
/// Brick floor's background.
pub const BRICK_FLOOR_BG: Rgb = Rgb(48, 24, 16);
/// Lava.
pub const LAVA: Rgb = Rgb(255, 200, 40);
/// Lava's background.
pub const LAVA_BG: Rgb = Rgb(170, 40, 0);
/// Water.
pub const WATER: Rgb = Rgb(90, 150, 255);
/// Water's background.
pub const WATER_BG: Rgb = Rgb(10, 30, 90);
/// Forest.
pub const FOREST: Rgb = Rgb(40, 170, 60);
/// Forest's background.
pub const FOREST_BG: Rgb = Rgb(6, 40, 10);
/// Grass.
pub const GRASS: Rgb = Rgb(120, 200, 80);
/// Grass's background.
pub const GRASS_BG: Rgb = Rgb(14, 40, 10);
/// Mountains.
pub const MOUNTAINS: Rgb = Rgb(190, 180, 170);
/// Mountains' background.
pub const MOUNTAINS_BG: Rgb = Rgb(50, 45, 40);
/// A stone wall.
pub const STONE_WALL: Rgb = Rgb(170, 170, 180);
/// A stone wall's background.
pub const STONE_WALL_BG: Rgb = Rgb(70, 70, 80);
/// A room's floor.
pub const FLOOR: Rgb = Rgb(180, 180, 180);
/// A hallway.
pub const HALLWAY: Rgb = Rgb(180, 160, 120);
/// A dungeon wall.
pub const WALL: Rgb = Rgb(150, 150, 150);
/// A dungeon wall's background.
pub const WALL_BG: Rgb = Rgb(40, 40, 40);
/// A door, open or closed.
pub const DOOR: Rgb = Rgb(200, 140, 60);
/// Stairs.
pub const STAIRS: Rgb = Rgb::WHITE;
/// The maze's ground (background).
pub const MAZE_GROUND_BG: Rgb = Rgb(24, 32, 24);
/// The maze's ground (foreground: nothing is drawn on it).
pub const MAZE_GROUND: Rgb = Rgb::GREY;
/// A maze wall.
pub const MAZE_WALL: Rgb = Rgb(120, 120, 135);
/// A maze wall's background.
pub const MAZE_WALL_BG: Rgb = Rgb(48, 48, 58);
/// A hole in the maze.
pub const HOLE: Rgb = Rgb(90, 70, 50);
/// A locked portal's chains.
pub const PORTAL_LOCKED: Rgb = Rgb(230, 170, 60);
/// A locked portal's background.
pub const PORTAL_LOCKED_BG: Rgb = Rgb(100, 55, 20);

// --- actors and items ---------------------------------------------------------------

/// The player's `@` (ultima, chase).
pub const AVATAR: Rgb = Rgb(255, 255, 120);
/// The maze's hero.
pub const MAZE_HERO: Rgb = Rgb(255, 235, 110);
/// The hero on the maze's map.
pub const MAP_HERO: Rgb = Rgb(255, 255, 255);
/// The chase's monster.
pub const HUNTER: Rgb = Rgb(255, 80, 60);
/// The chase monster's planned path.
pub const PATH_MARK: Rgb = Rgb(255, 90, 70);
/// A speed potion.
pub const POTION: Rgb = Rgb(120, 220, 255);
/// A rock (boulder).
pub const BOULDER: Rgb = Rgb(150, 112, 72);
/// A rock's background.
pub const BOULDER_BG: Rgb = Rgb(60, 42, 26);
/// The cloud of something vanishing.
pub const VANISH: Rgb = Rgb(220, 220, 230);
/// A sleeping log monster.
pub const MONSTER_ASLEEP: Rgb = Rgb(110, 130, 190);
/// A wandering log monster.
pub const MONSTER_WANDERING: Rgb = Rgb(240, 150, 50);
/// A chasing log monster.
pub const MONSTER_CHASING: Rgb = Rgb(255, 70, 60);
/// A monster on the maze's map.
pub const MAP_MONSTER: Rgb = Rgb(200, 110, 50);
/// A monster's path (the debug display).
pub const MONSTER_PATH: Rgb = Rgb(255, 120, 120);
/// The boss, fighting.
pub const BOSS_ACTIVE: Rgb = Rgb(230, 80, 255);
/// The boss, idle.
pub const BOSS_IDLE: Rgb = Rgb(140, 90, 160);
/// The boss on the maze's map.
pub const MAP_BOSS: Rgb = Rgb(220, 60, 220);
/// A water projectile.
pub const PROJECTILE: Rgb = Rgb(90, 180, 255);
/// A heart (life).
pub const HEART: Rgb = Rgb(255, 80, 110);
/// The pickaxe, and its swing.
pub const PICKAXE: Rgb = Rgb(110, 230, 230);
/// A key.
pub const KEY: Rgb = Rgb(255, 210, 40);
/// The treasure.
pub const TREASURE: Rgb = Rgb(255, 215, 0);

// --- caves (the roguelike tutorial's AsciiPanel colours) ----------------------------

/// AsciiPanel's yellow: bats, rocks, staffs.
pub const ANSI_YELLOW: Rgb = Rgb(193, 156, 0);
/// AsciiPanel's green: fungi, tunics.
pub const ANSI_GREEN: Rgb = Rgb(0, 170, 0);
/// AsciiPanel's white (a light grey): zombies, daggers, chainmail.
pub const ANSI_WHITE: Rgb = Rgb(192, 192, 192);
/// AsciiPanel's bright white: the player, swords, platemail, the teddy bear.
pub const ANSI_BRIGHT_WHITE: Rgb = Rgb(255, 255, 255);
/// AsciiPanel's bright red: apples.
pub const ANSI_BRIGHT_RED: Rgb = Rgb(255, 85, 85);
/// Bread (torchlit's food, not the tutorial's).
pub const BREAD: Rgb = Rgb(210, 170, 90);
/// A baguette (a weapon you can eat).
pub const BAGUETTE: Rgb = Rgb(230, 190, 80);

// --- overworld ----------------------------------------------------------------------

/// Ground a monster watches (its sight, tinted).
pub const WATCHED_BG: Rgb = Rgb(70, 14, 14);
/// Solid rock's background.
pub const ROCK_BG: Rgb = Rgb(24, 20, 17);
/// Cave floor.
pub const CAVE_FLOOR: Rgb = Rgb(105, 100, 90);
/// Cave wall (rock next to floor).
pub const CAVE_WALL: Rgb = Rgb(176, 138, 92);
/// A chest.
pub const CHEST: Rgb = Rgb(255, 210, 60);
/// An opened chest.
pub const CHEST_OPEN: Rgb = Rgb(140, 110, 60);
/// The shrine that heals for gold.
pub const SHRINE: Rgb = Rgb(120, 230, 255);
/// The artefact, the default game's goal.
pub const ARTEFACT: Rgb = Rgb(255, 120, 255);
/// A rat.
pub const RAT: Rgb = Rgb(200, 150, 110);
/// A goblin.
pub const GOBLIN: Rgb = Rgb(120, 220, 90);
/// A bat.
pub const BAT: Rgb = Rgb(190, 140, 230);
/// A troll.
pub const TROLL: Rgb = Rgb(240, 120, 60);
/// A wraith.
pub const WRAITH: Rgb = Rgb(150, 210, 255);
