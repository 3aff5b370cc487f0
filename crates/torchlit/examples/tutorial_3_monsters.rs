//! The tutorial, chapter 3: chapter 2's dungeon gets orcs and trolls, which hunt the
//! player with A* once they see each other and stop next to them (they learn to fight in
//! chapter 4).
//!
//! ```text
//! cargo run --example tutorial_3_monsters [-- --seed TEXT]
//! ```
//!
//! Keys: arrows, `hjklyubn` or the number pad walk; `.` or `5` waits; `q` or `Esc` quits.

// ANCHOR: constants
use std::error::Error;

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
    /// A wall.
    pub const WALL: Sprite = Sprite::new("wall");
    /// A floor.
    pub const FLOOR: Sprite = Sprite::new("floor");
}

// ANCHOR_END: constants
// ANCHOR: actors
/// The player or a monster.
#[derive(Clone, Debug)]
struct Actor {
    glyph: char,
    colour: Rgb,
    /// What a tiles front end draws (its glyph when the tileset has no picture for it).
    sprite: Sprite,
    at: Point,
}

impl Actor {
    fn player(at: Point) -> Actor {
        let (glyph, colour, sprite) = ('@', Rgb(255, 255, 255), sprite::PLAYER);
        Actor { glyph, colour, sprite, at }
    }

    fn orc(at: Point) -> Actor {
        let (glyph, colour, sprite) = ('o', Rgb(63, 127, 63), sprite::ORC);
        Actor { glyph, colour, sprite, at }
    }

    fn troll(at: Point) -> Actor {
        let (glyph, colour, sprite) = ('T', Rgb(0, 127, 0), sprite::TROLL);
        Actor { glyph, colour, sprite, at }
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
            seed,
        };
        game.update_fov()?;
        Ok(game)
    }

    // ANCHOR_END: new
    // ANCHOR: helpers
    fn player(&self) -> &Actor {
        &self.actors[0]
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
    /// The actor at `p`, if any.
    fn actor_at(&self, p: Point) -> Option<usize> {
        self.actors.iter().position(|a| a.at == p)
    }

    // ANCHOR_END: actor_at
    // ANCHOR: player_step
    /// The player walks one step (a monster or a wall in the way: no step, no turn);
    /// then the monsters act.
    ///
    /// # Errors
    /// As [`Game::update_fov`] and [`Game::monsters_act`].
    fn player_step(&mut self, step: Offset) -> Result<(), Box<dyn Error>> {
        if step != Offset::default() {
            let to = self.player().at + step;
            if self.actor_at(to).is_some() || !self.map.is_passable(to) {
                return Ok(());
            }
            self.actors[0].at = to;
        }
        self.update_fov()?;
        self.monsters_act()
    }

    // ANCHOR_END: player_step
    // ANCHOR: monsters_act
    /// Every monster the player sees hunts: one A* step towards the player, unless next
    /// to them already.
    ///
    /// # Errors
    /// When A* is asked about a cell outside the map (a bug).
    fn monsters_act(&mut self) -> Result<(), Box<dyn Error>> {
        for i in 1..self.actors.len() {
            let (from, target) = (self.actors[i].at, self.player().at);
            if !self.seen.contains(from) || Metric::Chebyshev.distance(target - from) <= 1.0 {
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
        for a in self.actors.iter().filter(|a| self.seen.contains(a.at)) {
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
/// The game as a screen: keys in, the map out.
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
        // The map fills the frame but its last row, which shows the seed.
        let view = Size::new(u32::from(frame.width()), u32::from(frame.height()).saturating_sub(1));
        self.game.draw_map(frame, view);
        let hint = format!("seed {}  q quits", self.game.seed.0);
        frame.print_at(Point::new(0, view.height as i32), &hint, Rgb::GREY, Rgb::BLACK);
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
    fn a_monster_in_view_comes_closer_and_stops_next_to_the_player() {
        let mut game = Game::new(Seed(7)).expect("a dungeon");
        assert!(game.actors.len() > 1, "monsters are placed");
        assert!(game.actors.iter().all(|a| game.map.is_passable(a.at)));
        // An orc in the player's room, as far from them as the room allows.
        let at = game.player().at;
        let far =
            game.seen.iter().filter(|&p| game.map.is_passable(p) && game.actor_at(p).is_none());
        let start = far.max_by_key(|&p| (p - at).length_squared()).expect("a free seen cell");
        game.actors.push(Actor::orc(start));
        let orc = game.actors.len() - 1;
        let distance =
            |game: &Game| Metric::Chebyshev.distance(game.player().at - game.actors[orc].at);
        assert!(distance(&game) > 1.0, "the orc starts away from the player");
        let mut before = distance(&game);
        for _ in 0..20 {
            game.player_step(Offset::default()).expect("a wait");
            let now = distance(&game);
            assert!(now < before || now <= 1.0, "{before} -> {now}");
            before = now;
        }
        assert_eq!(distance(&game), 1.0, "the orc waits next to the player");
    }
}
