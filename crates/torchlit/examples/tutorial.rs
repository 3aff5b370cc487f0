//! The tutorial's last chapter, the whole game: the game of the python-tcod roguelike
//! tutorial through its part 6, built only on the public toolkit (`torchlit` with its
//! default features; never the torchlit game crates): an `@` in a generated dungeon of
//! rooms and corridors, field of view with memory, orcs and trolls that chase you with A*
//! once they see you, melee, a message log, a health bar, and death.
//!
//! ```text
//! cargo run --example tutorial [-- --seed TEXT]
//! ```
//!
//! Keys: arrows, `hjklyubn` or the number pad walk (into a monster: attack); `.` or `5`
//! waits; `q` or `Esc` quits. Numbers from the tutorial: you have 30 hit points, defense
//! 2, power 5; an orc 10, 0, 3; a troll 16, 1, 4; damage is power minus defense.
//!
//! The book's tutorial builds this file up in steps, one complete program per chapter:
//! `tutorial_1_map.rs`, `tutorial_2_fov.rs`, `tutorial_3_monsters.rs`,
//! `tutorial_4_combat.rs`, then this one.

// ANCHOR: constants
use std::error::Error;

use torchlit::console::widgets::wrap;
use torchlit::fov::Memory;
use torchlit::geom::Metric;
use torchlit::prelude::*;
use torchlit::procgen::{RoomCell, RoomsParams, rooms_layout};

/// The dungeon's side, in cells.
const MAP_SIDE: u32 = 48;
/// How far the player sees, in cells.
const SIGHT: f64 = 8.0;
/// At most this many monsters in a room.
const MAX_MONSTERS_PER_ROOM: i64 = 2;
/// Rows of the message log.
const LOG_ROWS: u32 = 5;
/// Columns of the health bar.
const BAR_WIDTH: i32 = 20;

/// The game's sprites: what a tiles front end (the browser, a window) draws for a cell,
/// by name, the key of the tileset's `tiles.toml` (the toolkit knows no game's sprites).
mod sprite {
    use torchlit::console::Sprite;

    /// You, the `@`.
    pub const PLAYER: Sprite = Sprite::new("player");
    /// An orc: the bundled tileset has no picture for it, so a tiles front end
    /// draws its glyph, a green `o`.
    pub const ORC: Sprite = Sprite::new("orc");
    /// A troll.
    pub const TROLL: Sprite = Sprite::new("troll");
    /// What a dead monster leaves.
    pub const CORPSE: Sprite = Sprite::new("corpse");
    /// A wall.
    pub const WALL: Sprite = Sprite::new("wall");
    /// A floor.
    pub const FLOOR: Sprite = Sprite::new("floor");
}

// ANCHOR_END: constants
// ANCHOR: actors
/// Hit points and fighting strength.
#[derive(Clone, Copy, Debug)]
struct Fighter {
    hp: i32,
    max_hp: i32,
    defense: i32,
    power: i32,
}

/// The player or a monster.
#[derive(Clone, Debug)]
struct Actor {
    name: &'static str,
    glyph: char,
    colour: Rgb,
    /// What a tiles front end draws (its glyph when the tileset has no picture for it).
    sprite: Sprite,
    at: Point,
    fighter: Fighter,
    /// Alive; a corpse otherwise.
    alive: bool,
}

impl Actor {
    fn player(at: Point) -> Actor {
        let fighter = Fighter { hp: 30, max_hp: 30, defense: 2, power: 5 };
        let (glyph, colour, sprite) = ('@', Rgb(255, 255, 255), sprite::PLAYER);
        Actor { name: "player", glyph, colour, sprite, at, fighter, alive: true }
    }

    fn orc(at: Point) -> Actor {
        let fighter = Fighter { hp: 10, max_hp: 10, defense: 0, power: 3 };
        let (glyph, colour, sprite) = ('o', Rgb(63, 127, 63), sprite::ORC);
        Actor { name: "orc", glyph, colour, sprite, at, fighter, alive: true }
    }

    fn troll(at: Point) -> Actor {
        let fighter = Fighter { hp: 16, max_hp: 16, defense: 1, power: 4 };
        let (glyph, colour, sprite) = ('T', Rgb(0, 127, 0), sprite::TROLL);
        Actor { name: "troll", glyph, colour, sprite, at, fighter, alive: true }
    }
}

// ANCHOR_END: actors
// ANCHOR: game
/// The whole game: map, actors (the player first), what is seen and remembered.
pub(crate) struct Game {
    map: TileMap<RoomCell>,
    grid: PathGrid,
    search: Search,
    actors: Vec<Actor>,
    seen: Viewshed,
    memory: Memory,
    log: Vec<(String, Rgb)>,
    seed: Seed,
}

// ANCHOR_END: game
impl Game {
    // ANCHOR: new
    pub(crate) fn new(seed: Seed) -> Result<Game, Box<dyn Error>> {
        let params = RoomsParams {
            size: MAP_SIDE,
            max_rooms: 16,
            room_min: 4,
            room_max: 10,
            extra_hallways: 3,
        };
        let layout = rooms_layout(seed, &params)?;
        let start = layout.start();
        let map = layout.map;
        let grid = PathGrid::from_passable(map.size(), |p| map.is_passable(p))?;
        let actors = place_monsters(seed, &map, &layout.rooms, Actor::player(start));
        let size = map.size();
        let mut game = Game {
            map,
            grid,
            search: Search::new(),
            actors,
            seen: Viewshed::new(size),
            memory: Memory::new(size),
            log: Vec::new(),
            seed,
        };
        game.say("Hello and welcome, adventurer, to yet another dungeon!", Rgb(32, 160, 255));
        game.update_fov()?;
        Ok(game)
    }

    // ANCHOR_END: new
    // ANCHOR: helpers
    fn player(&self) -> &Actor {
        &self.actors[0]
    }

    fn is_over(&self) -> bool {
        !self.player().alive
    }

    fn say(&mut self, text: impl Into<String>, colour: Rgb) {
        self.log.push((text.into(), colour));
    }

    // ANCHOR_END: helpers
    // ANCHOR: update_fov
    /// Sees from where the player stands and remembers what is seen.
    ///
    /// # Errors
    /// When the player stands outside the map (a bug: every step checks the map).
    fn update_fov(&mut self) -> Result<(), Box<dyn Error>> {
        let radius = Some(Radius::new(SIGHT)?);
        let fov = Fov { algorithm: Algorithm::Symmetric, radius, light_walls: true };
        let map = &self.map;
        fov.compute(map.size(), self.player().at, |p| map.is_opaque(p), &mut self.seen)?;
        self.memory.remember_all(&self.seen);
        Ok(())
    }

    // ANCHOR_END: update_fov
    // ANCHOR: actor_at
    /// The living actor at `p`, if any.
    fn actor_at(&self, p: Point) -> Option<usize> {
        self.actors.iter().position(|a| a.alive && a.at == p)
    }

    // ANCHOR_END: actor_at
    // ANCHOR: attack
    /// `attacker` hits `target`: power minus defense, never below zero.
    fn attack(&mut self, attacker: usize, target: usize) {
        let (a, t) = (&self.actors[attacker], &self.actors[target]);
        let damage = a.fighter.power - t.fighter.defense;
        let who = if attacker == 0 { "You".to_string() } else { format!("The {}", a.name) };
        let whom = if target == 0 { "you".to_string() } else { format!("the {}", t.name) };
        let (attack, does) = if attacker == 0 { ("attack", "do") } else { ("attacks", "does") };
        let colour = if target == 0 { Rgb(255, 192, 192) } else { Rgb(224, 224, 224) };
        if damage <= 0 {
            self.say(format!("{who} {attack} {whom} but {does} no damage."), colour);
            return;
        }
        let points = if damage == 1 { "point" } else { "points" };
        self.say(format!("{who} {attack} {whom} for {damage} hit {points}."), colour);
        let t = &mut self.actors[target];
        t.fighter.hp -= damage;
        if t.fighter.hp <= 0 {
            t.alive = false;
            t.glyph = '%';
            t.colour = Rgb(191, 0, 0);
            t.sprite = sprite::CORPSE;
            if target == 0 {
                self.say("You died!", Rgb(255, 48, 48));
            } else {
                let name = self.actors[target].name;
                self.say(format!("The {name} dies!"), Rgb(255, 160, 48));
            }
        }
    }

    // ANCHOR_END: attack
    // ANCHOR: player_step
    /// The player walks (or attacks) one step; then the monsters act.
    ///
    /// # Errors
    /// As [`Game::update_fov`] and [`Game::monsters_act`].
    fn player_step(&mut self, step: Offset) -> Result<(), Box<dyn Error>> {
        if step != Offset::default() {
            let to = self.player().at + step;
            match self.actor_at(to) {
                Some(target) => self.attack(0, target),
                None if self.map.is_passable(to) => self.actors[0].at = to,
                None => {
                    self.say("That way is blocked.", Rgb(128, 128, 128));
                    return Ok(());
                }
            }
        }
        self.update_fov()?;
        self.monsters_act()
    }

    // ANCHOR_END: player_step
    // ANCHOR: monsters_act
    /// Every monster the player sees hunts: attacks when adjacent, else one A* step.
    ///
    /// # Errors
    /// When A* is asked about a cell outside the map (a bug).
    fn monsters_act(&mut self) -> Result<(), Box<dyn Error>> {
        for i in 1..self.actors.len() {
            if !self.actors[i].alive || self.is_over() || !self.seen.contains(self.actors[i].at) {
                continue;
            }
            let (from, target) = (self.actors[i].at, self.player().at);
            if Metric::Chebyshev.distance(target - from) <= 1.0 {
                self.attack(i, 0);
                continue;
            }
            let path = self.search.astar(&self.grid, Rule::EIGHT, from, target)?;
            if let Some(&next) = path.as_ref().and_then(|p| p.cells.get(1))
                && self.actor_at(next).is_none()
            {
                self.actors[i].at = next;
            }
        }
        Ok(())
    }
    // ANCHOR_END: monsters_act

    // ANCHOR: draw_map
    /// The map point drawn at the view's top-left cell: the view follows the player and
    /// centres a map smaller than itself.
    fn camera(&self, view: Size) -> Offset {
        let axis = |focus: i32, world: u32, view: u32| {
            let (world, view) = (world as i32, view as i32);
            if world <= view {
                -(view - world) / 2
            } else {
                (focus - view / 2).clamp(0, world - view)
            }
        };
        let (at, size) = (self.player().at, self.map.size());
        Offset::new(axis(at.x, size.width, view.width), axis(at.y, size.height, view.height))
    }

    /// How map cell `p` looks: lit in warm colours when seen, dimmed when remembered,
    /// blank when never seen or off the map.
    fn terrain_cell(&self, p: Point) -> Cell {
        let Some(tile) = self.map.tile(p) else { return Cell::BLANK };
        let wall = tile == RoomCell::Wall;
        let (glyph, sprite) = if wall { ('#', sprite::WALL) } else { ('.', sprite::FLOOR) };
        if self.seen.contains(p) {
            let bg = if wall { Rgb(130, 110, 50) } else { Rgb(200, 180, 50) };
            Cell::with_bg(glyph, Rgb(40, 40, 40), bg).sprite(sprite)
        } else if self.memory.is_remembered(p) {
            let bg = if wall { Rgb(0, 0, 100) } else { Rgb(50, 50, 150) };
            Cell::with_bg(glyph, Rgb(90, 90, 160), bg).sprite(sprite).lit(Cell::REMEMBERED_LIGHT)
        } else {
            Cell::BLANK
        }
    }

    /// Draws the map and the actors the player sees into the `view` at the frame's
    /// top-left.
    fn draw_map(&self, frame: &mut Frame, view: Size) {
        let camera = self.camera(view);
        for s in Rect::from_size(view).points() {
            frame.set(s, self.terrain_cell(s + camera));
        }
        // Corpses first, so the living stand on top of them.
        let mut order: Vec<&Actor> =
            self.actors.iter().filter(|a| self.seen.contains(a.at)).collect();
        order.sort_by_key(|a| a.alive);
        for a in order {
            let s = a.at - camera;
            if Rect::from_size(view).contains(s) {
                frame.set(s, self.terrain_cell(a.at).overlay(a.glyph, a.colour, a.sprite));
            }
        }
    }
    // ANCHOR_END: draw_map
}

// ANCHOR: place_monsters
/// `player` and up to [`MAX_MONSTERS_PER_ROOM`] monsters in each room but the first, on
/// free floor: four orcs for one troll.
fn place_monsters(
    seed: Seed,
    map: &TileMap<RoomCell>,
    rooms: &[Rect],
    player: Actor,
) -> Vec<Actor> {
    let mut rng = Rng::new(seed.derive("tutorial/monsters", &[]));
    let mut actors = vec![player];
    for room in rooms.iter().skip(1) {
        for _ in 0..rng.range(0, MAX_MONSTERS_PER_ROOM) {
            let cells: Vec<Point> = room.points().filter(|&p| map.is_passable(p)).collect();
            let Some(&at) = rng.choose(&cells) else { continue };
            if actors.iter().any(|a| a.at == at) {
                continue;
            }
            actors.push(if rng.chance(0.8) { Actor::orc(at) } else { Actor::troll(at) });
        }
    }
    actors
}

// ANCHOR_END: place_monsters
// ANCHOR: step_of
/// The game as a screen: keys in, the map, the log and a health bar out.
pub(crate) struct TutorialScreen {
    pub(crate) game: Game,
    /// Why the game stopped, if it failed; [`Screen::close`] hands it to `main`.
    failure: Option<String>,
}

impl TutorialScreen {
    /// A new game from `seed`.
    pub(crate) fn new(seed: Seed) -> Result<TutorialScreen, Box<dyn Error>> {
        Ok(TutorialScreen { game: Game::new(seed)?, failure: None })
    }
}

/// The step a key asks for: `Some(Offset::default())`, no step, to wait.
fn step_of(input: Input) -> Option<Offset> {
    let direction = match input {
        Input::Up | Input::Char('k' | '8') => Direction::North,
        Input::Down | Input::Char('j' | '2') => Direction::South,
        Input::Left | Input::Char('h' | '4') => Direction::West,
        Input::Right | Input::Char('l' | '6') => Direction::East,
        Input::Char('y' | '7') => Direction::NorthWest,
        Input::Char('u' | '9') => Direction::NorthEast,
        Input::Char('b' | '1') => Direction::SouthWest,
        Input::Char('n' | '3') => Direction::SouthEast,
        Input::Char('.' | '5') => return Some(Offset::default()),
        _ => return None,
    };
    Some(direction.offset())
}

// ANCHOR_END: step_of
// ANCHOR: handle
impl Screen for TutorialScreen {
    fn handle(&mut self, input: Input) -> Transition {
        match input {
            Input::Char('q') | Input::Esc | Input::Ctrl('c') => return Transition::Quit,
            _ if self.game.is_over() => {}
            _ => {
                if let Some(step) = step_of(input)
                    && let Err(e) = self.game.player_step(step)
                {
                    self.failure = Some(e.to_string());
                    return Transition::Quit;
                }
            }
        }
        Transition::Stay
    }

    fn close(&mut self) -> Result<(), CloseError> {
        self.failure.take().map_or(Ok(()), |e| Err(e.into()))
    }

    // ANCHOR_END: handle
    // ANCHOR: render
    fn render(&self, frame: &mut Frame) {
        let g = &self.game;
        let (w, h) = (frame.width(), frame.height());
        let view_h = u32::from(h).saturating_sub(LOG_ROWS + 1).max(1);
        g.draw_map(frame, Size::new(u32::from(w), view_h));
        let bar_y = view_h as i32;
        // The health bar, the hit points written over it, then the seed.
        let f = g.player().fighter;
        let filled = (BAR_WIDTH * f.hp.max(0) / f.max_hp.max(1)).clamp(0, BAR_WIDTH);
        let label = format!(" HP: {}/{}", f.hp.max(0), f.max_hp);
        let mut label = label.chars();
        for x in 0..BAR_WIDTH {
            let bg = if x < filled { Rgb(0, 96, 0) } else { Rgb(64, 16, 16) };
            frame.set(
                Point::new(x, bar_y),
                Cell::with_bg(label.next().unwrap_or(' '), Rgb::WHITE, bg),
            );
        }
        let hint = format!("seed {}  q quits", g.seed.0);
        frame.print_at(Point::new(BAR_WIDTH + 2, bar_y), &hint, Rgb::GREY, Rgb::BLACK);
        // The newest messages at the bottom, wrapped, nothing cut.
        let mut lines: Vec<(String, Rgb)> = Vec::new();
        for (text, colour) in g.log.iter().rev() {
            for line in wrap(text, usize::from(w.max(1))).into_iter().rev() {
                lines.push((line, *colour));
            }
            if lines.len() >= LOG_ROWS as usize {
                break;
            }
        }
        let bottom = i32::from(h) - 1;
        for (row, (line, colour)) in (0..).zip(lines.iter().take(LOG_ROWS as usize)) {
            frame.print_at(Point::new(0, bottom - row), line, *colour, Rgb::BLACK);
        }
    }
    // ANCHOR_END: render
}

// ANCHOR: main
fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().collect();
    let seed = match args.iter().position(|a| a == "--seed") {
        Some(i) => Seed::from_input(args.get(i + 1).map_or("", String::as_str)),
        None => Seed::from_input("tutorial"),
    };
    let mut screen = TutorialScreen::new(seed)?;
    // `run` gives the terminal back before returning, so an error prints on a sane
    // terminal; `closed` is what `close` said: why the game failed, if it did.
    torchlit::term::run(&mut screen)?.closed?;
    Ok(())
}
// ANCHOR_END: main

/// Run by `tests/tutorial_chapters.rs`, which includes this file as a module.
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_starts_with_the_player_in_view_and_monsters_in_other_rooms() {
        let game = Game::new(Seed(7)).expect("a dungeon");
        assert!(game.seen.contains(game.player().at));
        assert!(game.actors.len() > 1, "monsters are placed");
        assert!(game.actors.iter().all(|a| game.map.is_passable(a.at)));
    }

    #[test]
    fn a_long_message_wraps_whole_and_the_bar_shows_the_hit_points_left() {
        let mut screen = TutorialScreen::new(Seed(7)).expect("a dungeon");
        let long =
            "The troll attacks you with a club the size of a tree trunk, and the walls shake";
        screen.game.say(long, Rgb::WHITE);
        screen.game.actors[0].fighter.hp = 15;
        let mut frame = Frame::with_size(Size::new(40, 24));
        screen.render(&mut frame);
        let text = frame.to_text();
        let last = text.lines().last().unwrap_or_default();
        assert_eq!(last.trim_end(), "shake", "the message ends on the last row:\n{text}");
        assert!(text.contains("The troll attacks you"), "and starts rows above:\n{text}");
        assert!(text.contains("HP: 15/30"), "{text}");
        // Half the bar is green, half red.
        let bar_row = 24 - LOG_ROWS as usize - 1;
        let greens = frame.cells()[bar_row * 40..bar_row * 40 + BAR_WIDTH as usize]
            .iter()
            .filter(|c| c.bg == Rgb(0, 96, 0))
            .count();
        assert_eq!(greens, BAR_WIDTH as usize / 2);
    }
}
