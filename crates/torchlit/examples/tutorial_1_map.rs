//! The tutorial, chapter 1: a dungeon of rooms and corridors from a seed, an `@` that
//! walks it, and the main loop: a `Screen` run in the terminal.
//!
//! ```text
//! cargo run --example tutorial_1_map [-- --seed TEXT]
//! ```
//!
//! Keys: arrows, `hjklyubn` or the number pad walk; `q` or `Esc` quits.

// ANCHOR: constants
use std::error::Error;

use torchlit::prelude::*;
use torchlit::procgen::{RoomCell, RoomsParams, rooms_layout};

/// The dungeon's side, in cells.
const MAP_SIDE: u32 = 48;

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
/// The whole game: the map, where the player stands, and the seed it was made from.
pub(crate) struct Game {
    map: TileMap<RoomCell>,
    player: Point,
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
        Ok(Game { map: layout.map, player, seed })
    }

    // ANCHOR_END: new
    // ANCHOR: player_step
    /// The player walks one step, unless a wall is in the way.
    fn player_step(&mut self, step: Offset) {
        let to = self.player + step;
        if self.map.is_passable(to) {
            self.player = to;
        }
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

    /// How map cell `p` looks; blank off the map.
    fn terrain_cell(&self, p: Point) -> Cell {
        match self.map.tile(p) {
            Some(RoomCell::Wall) => {
                Cell::with_bg('#', Rgb(40, 40, 40), Rgb(0, 0, 100)).sprite(sprite::WALL)
            }
            Some(_) => Cell::with_bg('.', Rgb(40, 40, 40), Rgb(50, 50, 150)).sprite(sprite::FLOOR),
            None => Cell::BLANK,
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
}

impl TutorialScreen {
    /// A new game from `seed`.
    pub(crate) fn new(seed: Seed) -> Result<TutorialScreen, Box<dyn Error>> {
        Ok(TutorialScreen { game: Game::new(seed)? })
    }
}

/// The step a key asks for, if it asks for one.
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
                if let Some(step) = step_of(input) {
                    self.game.player_step(step);
                }
            }
        }
        Transition::Stay
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
    // `run` gives the terminal back (raw mode, the alternate screen) before returning.
    torchlit::term::run(&mut screen)?.closed?;
    Ok(())
}
// ANCHOR_END: main

/// Run by `tests/tutorial_chapters.rs`, which includes this file as a module.
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_player_walks_on_floor_and_not_through_walls() {
        let mut game = Game::new(Seed(7)).expect("a dungeon");
        assert!(game.map.is_passable(game.player));
        for direction in Direction::ALL {
            let (from, to) = (game.player, game.player + direction.offset());
            game.player_step(direction.offset());
            let expected = if game.map.is_passable(to) { to } else { from };
            assert_eq!(game.player, expected, "{direction:?} from {from}");
        }
    }
}
