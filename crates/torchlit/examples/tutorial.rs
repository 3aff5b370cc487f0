//! The game of the python-tcod roguelike tutorial through its part 6, built only on the
//! public toolkit (`torchlit` with its default features; never the torchlit game crates):
//! an `@` in a generated dungeon of rooms and corridors, field of view with memory, orcs
//! and trolls that chase you with A* once they see you, melee, a message log, and death.
//!
//! ```text
//! cargo run --example tutorial [-- --seed TEXT]
//! ```
//!
//! Keys: arrows, `hjklyubn` or the number pad walk (into a monster: attack); `.` or `5`
//! waits; `q` or `Esc` quits. Numbers from the tutorial: you have 30 hit points, defense
//! 2, power 5; an orc 10, 0, 3; a troll 16, 1, 4; damage is power minus defense.

// ANCHOR: constants
use torchlit::console::widgets::wrap;
use torchlit::fov::Memory;
use torchlit::prelude::*;
use torchlit::procgen::{RoomsParams, rooms_layout};

/// The dungeon's side, in cells.
const MAP_SIDE: u32 = 48;
/// How far the player sees, in cells.
const SIGHT: f64 = 8.0;
/// At most this many monsters in a room.
const MAX_MONSTERS_PER_ROOM: i64 = 2;
/// Rows of the message log.
const LOG_ROWS: i32 = 5;

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
    sprite: Sprite,
    at: Point,
    fighter: Fighter,
    /// Alive; a corpse otherwise.
    alive: bool,
}

impl Actor {
    fn player(at: Point) -> Actor {
        let fighter = Fighter { hp: 30, max_hp: 30, defense: 2, power: 5 };
        let (glyph, colour, sprite) = ('@', Rgb(255, 255, 255), Sprite::Player);
        Actor { name: "player", glyph, colour, sprite, at, fighter, alive: true }
    }

    fn orc(at: Point) -> Actor {
        let fighter = Fighter { hp: 10, max_hp: 10, defense: 0, power: 3 };
        let (glyph, colour, sprite) = ('o', Rgb(63, 127, 63), Sprite::Goblin);
        Actor { name: "orc", glyph, colour, sprite, at, fighter, alive: true }
    }

    fn troll(at: Point) -> Actor {
        let fighter = Fighter { hp: 16, max_hp: 16, defense: 1, power: 4 };
        let (glyph, colour, sprite) = ('T', Rgb(0, 127, 0), Sprite::Troll);
        Actor { name: "troll", glyph, colour, sprite, at, fighter, alive: true }
    }
}

// ANCHOR_END: actors
// ANCHOR: game
/// The whole game: map, actors (the player first), what is seen and remembered.
pub(crate) struct Game {
    map: TileMap,
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
    pub(crate) fn new(seed: Seed) -> Result<Game, Box<dyn std::error::Error>> {
        let params = RoomsParams {
            size: MAP_SIDE,
            max_rooms: 16,
            room_min: 4,
            room_max: 10,
            potions: 0,
            extra_hallways: 3,
        };
        let layout = rooms_layout(seed, &params)?;
        let map = layout.dungeon.map;
        let grid = PathGrid::from_passable(map.size(), |p| map.is_passable(p))?;
        let mut rng = Rng::new(seed.derive("tutorial/monsters", &[]));
        let start = layout.rooms.first().map_or(layout.dungeon.hero, Rect::center);
        let mut actors = vec![Actor::player(start)];
        for room in layout.rooms.iter().skip(1) {
            for _ in 0..rng.range(0, MAX_MONSTERS_PER_ROOM) {
                let cells: Vec<Point> = room.points().filter(|&p| map.is_passable(p)).collect();
                let Some(&at) = rng.choose(&cells) else { continue };
                if actors.iter().any(|a| a.at == at) {
                    continue;
                }
                actors.push(if rng.chance(0.8) { Actor::orc(at) } else { Actor::troll(at) });
            }
        }
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
        game.update_fov();
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
    fn update_fov(&mut self) {
        let radius = Radius::new(SIGHT).ok();
        let fov = Fov { algorithm: Algorithm::Symmetric, radius, light_walls: true };
        let map = &self.map;
        // The player is always inside the map, so this cannot fail.
        let _ = fov.compute(map.size(), self.actors[0].at, |p| map.is_opaque(p), &mut self.seen);
        self.memory.remember_all(&self.seen);
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
        let colour = if target == 0 { Rgb(255, 192, 192) } else { Rgb(224, 224, 224) };
        if damage <= 0 {
            self.say(format!("{who} attack {whom} but do no damage."), colour);
            return;
        }
        self.say(format!("{who} attack {whom} for {damage} hit points."), colour);
        let t = &mut self.actors[target];
        t.fighter.hp -= damage;
        if t.fighter.hp <= 0 {
            t.alive = false;
            t.glyph = '%';
            t.colour = Rgb(191, 0, 0);
            t.sprite = Sprite::Corpse;
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
    fn player_step(&mut self, offset: Offset) {
        let to = Point::new(self.player().at.x + offset.dx, self.player().at.y + offset.dy);
        if offset != Offset::new(0, 0) {
            match self.actor_at(to) {
                Some(target) => self.attack(0, target),
                None if self.map.is_passable(to) => self.actors[0].at = to,
                None => {
                    self.say("That way is blocked.", Rgb(128, 128, 128));
                    return;
                }
            }
        }
        self.update_fov();
        self.monsters_act();
    }

    // ANCHOR_END: player_step
    // ANCHOR: monsters_act
    /// Every monster the player sees hunts: attacks when adjacent, else one A* step.
    fn monsters_act(&mut self) {
        for i in 1..self.actors.len() {
            if !self.actors[i].alive || self.is_over() || !self.seen.contains(self.actors[i].at) {
                continue;
            }
            let (from, target) = (self.actors[i].at, self.player().at);
            let d = from.offset_to(target);
            if d.dx.abs().max(d.dy.abs()) <= 1 {
                self.attack(i, 0);
                continue;
            }
            let step = match self.search.astar(&self.grid, Rule::EIGHT, from, target) {
                Ok(Some(path)) => path.cells.get(1).copied(),
                _ => None,
            };
            if let Some(next) = step
                && self.actor_at(next).is_none()
            {
                self.actors[i].at = next;
            }
        }
    }
    // ANCHOR_END: monsters_act
}

// ANCHOR: step_of
/// The game as a screen: keys in, the map, the log and a health bar out.
pub(crate) struct TutorialScreen {
    pub(crate) game: Game,
}

/// The step a key asks for: `Some(Offset(0, 0))` to wait.
fn step_of(input: Input) -> Option<Offset> {
    let (dx, dy) = match input {
        Input::Up | Input::Char('k' | '8') => (0, -1),
        Input::Down | Input::Char('j' | '2') => (0, 1),
        Input::Left | Input::Char('h' | '4') => (-1, 0),
        Input::Right | Input::Char('l' | '6') => (1, 0),
        Input::Char('y' | '7') => (-1, -1),
        Input::Char('u' | '9') => (1, -1),
        Input::Char('b' | '1') => (-1, 1),
        Input::Char('n' | '3') => (1, 1),
        Input::Char('.' | '5') => (0, 0),
        _ => return None,
    };
    Some(Offset::new(dx, dy))
}

// ANCHOR_END: step_of
// ANCHOR: handle
impl Screen for TutorialScreen {
    fn handle(&mut self, input: Input) -> Transition {
        match input {
            Input::Char('q') | Input::Esc | Input::Ctrl('c') => return Transition::Quit,
            _ if self.game.is_over() => {}
            _ => {
                if let Some(offset) = step_of(input) {
                    self.game.player_step(offset);
                }
            }
        }
        Transition::Stay
    }

    // ANCHOR_END: handle
    // ANCHOR: render
    fn render(&self, frame: &mut Frame) {
        let g = &self.game;
        let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
        let view_h = (h - LOG_ROWS - 1).max(1);
        let size = g.map.size();
        let camera = |focus: i32, world: i32, view: i32| {
            if world <= view {
                -(view - world) / 2
            } else {
                (focus - view / 2).clamp(0, world - view)
            }
        };
        let ox = camera(g.player().at.x, size.width as i32, w);
        let oy = camera(g.player().at.y, size.height as i32, view_h);
        for sy in 0..view_h {
            for sx in 0..w {
                let p = Point::new(sx + ox, sy + oy);
                let Some(tile) = g.map.tile(p) else { continue };
                let (glyph, sprite) = match tile {
                    Tile::Wall => ('#', Sprite::Wall),
                    _ => ('.', Sprite::Floor),
                };
                let cell = if g.seen.contains(p) {
                    let bg = if tile == Tile::Wall { Rgb(130, 110, 50) } else { Rgb(200, 180, 50) };
                    Cell::with_bg(glyph, Rgb(40, 40, 40), bg).sprite(sprite)
                } else if g.memory.is_remembered(p) {
                    let bg = if tile == Tile::Wall { Rgb(0, 0, 100) } else { Rgb(50, 50, 150) };
                    Cell::with_bg(glyph, Rgb(90, 90, 160), bg)
                        .sprite(sprite)
                        .lit(Cell::REMEMBERED_LIGHT)
                } else {
                    Cell::BLANK
                };
                frame.put(sx, sy, cell);
            }
        }
        // Corpses first, so the living stand on top of them.
        let mut order: Vec<&Actor> = g.actors.iter().collect();
        order.sort_by_key(|a| a.alive);
        for a in order.into_iter().filter(|a| g.seen.contains(a.at)) {
            let (x, y) = (a.at.x - ox, a.at.y - oy);
            if let Some(under) = frame.get(x as u16, y as u16).copied()
                && y < view_h
            {
                frame.put(x, y, under.overlay(a.glyph, a.colour, a.sprite));
            }
        }
        // The health bar and the seed.
        let f = g.player().fighter;
        let bar_w = 20;
        let filled = (bar_w * f.hp.max(0) / f.max_hp.max(1)).clamp(0, bar_w);
        frame.fill(0, view_h, bar_w, 1, Cell::with_bg(' ', Rgb::WHITE, Rgb(64, 16, 16)));
        frame.fill(0, view_h, filled, 1, Cell::with_bg(' ', Rgb::WHITE, Rgb(0, 96, 0)));
        frame.print(
            1,
            view_h,
            &format!("HP: {}/{}", f.hp.max(0), f.max_hp),
            Rgb::WHITE,
            Rgb::BLACK,
        );
        let hint = format!("seed {}  q quits", g.seed.0);
        frame.print(bar_w + 2, view_h, &hint, Rgb::GREY, Rgb::BLACK);
        // The newest messages at the bottom, wrapped, nothing cut.
        let mut lines: Vec<(String, Rgb)> = Vec::new();
        for (text, colour) in g.log.iter().rev() {
            for line in wrap(text, w.max(1) as usize).into_iter().rev() {
                lines.push((line, *colour));
            }
            if lines.len() >= LOG_ROWS as usize {
                break;
            }
        }
        for (i, (line, colour)) in lines.iter().take(LOG_ROWS as usize).enumerate() {
            frame.print(0, h - 1 - i as i32, line, *colour, Rgb::BLACK);
        }
    }
    // ANCHOR_END: render
}

// ANCHOR: main
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let seed = match args.iter().position(|a| a == "--seed") {
        Some(i) => Seed::from_input(args.get(i + 1).map_or("", String::as_str)),
        None => Seed::from_input("tutorial"),
    };
    let mut screen = TutorialScreen { game: Game::new(seed)? };
    torchlit::term::run(&mut screen)?;
    Ok(())
}
// ANCHOR_END: main

/// Run by `tests/tutorial_tmux.rs`, which includes this file as a module.
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
}
