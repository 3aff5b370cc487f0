//! The tutorial, chapter 2: chapter 1's dungeon seen through the player's eyes: field of
//! view (symmetric shadowcasting), and a memory of every cell once seen, drawn dimmed.
//!
//! ```text
//! cargo run --example tutorial_2_fov [-- --seed TEXT]
//! ```
//!
//! Keys: arrows, `hjklyubn` or the number pad walk; `.` or `5` waits; `q` or `Esc` quits.

// ANCHOR: constants
use std::error::Error;

use torchlit::fov::Memory;
use torchlit::prelude::*;
use torchlit::procgen::{RoomCell, RoomsParams, rooms_layout};

/// The dungeon's side, in cells.
const MAP_SIDE: u32 = 48;
/// How far the player sees, in cells.
const SIGHT: f64 = 8.0;

/// The game's sprites: what a tiles front end (the browser, a window) draws for a cell,
/// by name, the key of the tileset's `tiles.toml` (the toolkit knows no game's sprites).
mod sprite {
    use torchlit::console::Sprite;

    /// You, the `@`.
    pub const PLAYER: Sprite = Sprite::new("player");
    /// A wall.
    pub const WALL: Sprite = Sprite::new("wall");
    /// A floor.
    pub const FLOOR: Sprite = Sprite::new("floor");
}

// ANCHOR_END: constants
// ANCHOR: game
/// The whole game: the map, where the player stands, what they see and remember, and
/// the seed it was made from.
pub(crate) struct Game {
    map: TileMap<RoomCell>,
    player: Point,
    seen: Viewshed,
    memory: Memory,
    seed: Seed,
}

// ANCHOR_END: game
impl Game {
    // ANCHOR: new
    /// A dungeon made from `seed`, the player in its first room.
    pub(crate) fn new(seed: Seed) -> Result<Game, Box<dyn Error>> {
        let params = RoomsParams {
            size: MAP_SIDE,
            max_rooms: 16,
            room_min: 4,
            room_max: 10,
            extra_hallways: 3,
        };
        let layout = rooms_layout(seed, &params)?;
        let player = layout.start();
        let map = layout.map;
        let size = map.size();
        let (seen, memory) = (Viewshed::new(size), Memory::new(size));
        let mut game = Game { map, player, seen, memory, seed };
        game.update_fov()?;
        Ok(game)
    }

    // ANCHOR_END: new
    // ANCHOR: update_fov
    /// Sees from where the player stands and remembers what is seen.
    ///
    /// # Errors
    /// When the player stands outside the map (a bug: every step checks the map).
    fn update_fov(&mut self) -> Result<(), Box<dyn Error>> {
        let radius = Some(Radius::new(SIGHT)?);
        let fov = Fov { algorithm: Algorithm::Symmetric, radius, light_walls: true };
        let map = &self.map;
        fov.compute(map.size(), self.player, |p| map.is_opaque(p), &mut self.seen)?;
        self.memory.remember_all(&self.seen);
        Ok(())
    }

    // ANCHOR_END: update_fov
    // ANCHOR: player_step
    /// The player walks one step, unless a wall is in the way, and looks around.
    ///
    /// # Errors
    /// As [`Game::update_fov`].
    fn player_step(&mut self, step: Offset) -> Result<(), Box<dyn Error>> {
        let to = self.player + step;
        if self.map.is_passable(to) {
            self.player = to;
        }
        self.update_fov()
    }

    // ANCHOR_END: player_step
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
        let (at, size) = (self.player, self.map.size());
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

    /// Draws the map and the player into the `view` at the frame's top-left.
    fn draw_map(&self, frame: &mut Frame, view: Size) {
        let camera = self.camera(view);
        for s in Rect::from_size(view).points() {
            frame.set(s, self.terrain_cell(s + camera));
        }
        let s = self.player - camera;
        if Rect::from_size(view).contains(s) {
            let under = self.terrain_cell(self.player);
            frame.set(s, under.overlay('@', Rgb::WHITE, sprite::PLAYER));
        }
    }
    // ANCHOR_END: draw_map
}

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
// ANCHOR: screen
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

    fn render(&self, frame: &mut Frame) {
        // The map fills the frame but its last row, which shows the seed.
        let view = Size::new(u32::from(frame.width()), u32::from(frame.height()).saturating_sub(1));
        self.game.draw_map(frame, view);
        let hint = format!("seed {}  q quits", self.game.seed.0);
        frame.print_at(Point::new(0, view.height as i32), &hint, Rgb::GREY, Rgb::BLACK);
    }
}

// ANCHOR_END: screen
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
    fn the_player_sees_around_them_and_remembers_what_they_saw() {
        let mut game = Game::new(Seed(7)).expect("a dungeon");
        let start = game.player;
        assert!(game.seen.contains(start));
        assert!(!game.seen.contains(start + Offset::new(9, 0)), "8 cells of sight");
        let step = Direction::ALL
            .into_iter()
            .map(Direction::offset)
            .find(|&o| game.map.is_passable(start + o))
            .expect("a way out of the first cell");
        for _ in 0..3 {
            game.player_step(step).expect("a step");
        }
        assert!(game.memory.is_remembered(start), "where the player stood is remembered");
        assert!(game.seen.contains(game.player));
    }
}
