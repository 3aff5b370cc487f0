//! A small test screen with a scene: a walled 30x20 room, the hero, a bat and a
//! sword; the arrows walk, `?` opens a text page (no scene) and any key closes it;
//! hovering a cell says what is there, a click walks one step toward it, a click on
//! the bat hits it; the log says what happened.

use std::cell::Cell as StdCell;

use torchlit_console::scene::{
    Entity, EntityKind, Known, LogLine, Mark, MarkKind, Meter, Point, SceneCell, SceneMap, Size,
};
use torchlit_console::{Frame, Input, Mouse, Rgb, Scene, Screen, Transition};
use torchlit_ui::sprite;

pub const W: i32 = 30;
pub const H: i32 = 20;

pub struct Room {
    pub hero: Point,
    pub bat: Point,
    pub bat_hp: u32,
    pub help: bool,
    pub turn: u64,
    pub look: Option<Point>,
    pub log: Vec<String>,
    pub last_view: StdCell<Size>,
}

impl Default for Room {
    fn default() -> Room {
        Room {
            hero: Point::new(5, 5),
            bat: Point::new(9, 5),
            bat_hp: 3,
            help: false,
            turn: 0,
            look: None,
            log: vec!["Welcome to the room.".into()],
            last_view: StdCell::new(Size::new(0, 0)),
        }
    }
}

fn wall(p: Point) -> bool {
    p.x == 0 || p.y == 0 || p.x == W - 1 || p.y == H - 1
}

impl Room {
    fn step(&mut self, dx: i32, dy: i32) {
        let to = Point::new(self.hero.x + dx, self.hero.y + dy);
        self.turn += 1;
        if to == self.bat && self.bat_hp > 0 {
            self.bat_hp -= 1;
            self.log.push(format!("You hit the bat (turn {}).", self.turn));
        } else if !wall(to) {
            self.hero = to;
            self.log.push(format!("You step to {},{}.", to.x, to.y));
        }
    }

    fn cell(p: Point) -> SceneCell {
        let light = (255 - 6 * (p.x + p.y)).clamp(60, 255) as u8;
        if wall(p) {
            SceneCell {
                terrain: sprite::WALL,
                glyph: '#',
                fg: Rgb(160, 160, 160),
                bg: Rgb(30, 30, 30),
                light,
                known: Known::Seen,
            }
        } else {
            SceneCell {
                terrain: sprite::FLOOR,
                glyph: '.',
                fg: Rgb(120, 110, 90),
                bg: Rgb::BLACK,
                light,
                known: if p.x > 20 { Known::Remembered } else { Known::Seen },
            }
        }
    }

    fn describe_cell(&self, p: Point) -> String {
        if p == self.hero {
            "you, standing on the floor".into()
        } else if p == self.bat && self.bat_hp > 0 {
            format!("a bat (hp {}/3, flitting)", self.bat_hp)
        } else if wall(p) {
            "a stone wall".into()
        } else {
            "the floor".into()
        }
    }

    fn origin(&self, view: Size) -> Point {
        let clamp = |c: i32, v: u32, n: i32| (c - v as i32 / 2).clamp(0, (n - v as i32).max(0));
        Point::new(clamp(self.hero.x, view.width, W), clamp(self.hero.y, view.height, H))
    }

    fn map(&self, view: Size) -> SceneMap {
        let size = Size::new(view.width.min(W as u32), view.height.min(H as u32));
        let mut map = SceneMap::new(self.origin(size), size);
        let ps: Vec<Point> = map.positions().collect();
        for p in ps {
            map.set(p, Room::cell(p));
        }
        let sword = Point::new(3, 8);
        map.entities.push(Entity::new(
            sword,
            EntityKind::Item,
            "sword",
            sprite::SWORD,
            ')',
            Rgb::WHITE,
        ));
        if self.bat_hp > 0 {
            let bat = Entity::new(
                self.bat,
                EntityKind::Monster,
                "bat",
                sprite::BAT,
                'b',
                Rgb(200, 150, 60),
            );
            map.entities.push(bat.with_health(self.bat_hp, 3).with_state("flitting"));
        }
        let hero = Entity::new(self.hero, EntityKind::Hero, "you", sprite::PLAYER, '@', Rgb::WHITE);
        map.entities.push(hero);
        map.hero = Some(self.hero);
        map.marks.push(Mark { at: Point::new(self.bat.x, self.bat.y + 1), kind: MarkKind::Danger });
        if let Some(p) = self.look {
            map.marks.push(Mark { at: p, kind: MarkKind::Cursor });
        }
        map
    }
}

impl Screen for Room {
    fn render(&self, frame: &mut Frame) {
        let (fg, bg) = (Rgb::WHITE, Rgb::BLACK);
        if self.help {
            frame.print_at(Point::new(2, 1), "Help for the room", Rgb(255, 200, 80), bg);
            frame.print_at(Point::new(2, 3), "┌────────┐", fg, bg);
            frame.print_at(Point::new(2, 4), "│ arrows │ walk", fg, bg);
            frame.print_at(Point::new(2, 5), "└────────┘", fg, bg);
        } else {
            frame.print_at(Point::new(0, 0), &format!("room turn {}", self.turn), fg, bg);
        }
    }

    fn handle(&mut self, input: Input) -> Transition {
        if self.help {
            self.help = false;
            return Transition::Stay;
        }
        match input {
            Input::Left => self.step(-1, 0),
            Input::Right => self.step(1, 0),
            Input::Up => self.step(0, -1),
            Input::Down => self.step(0, 1),
            Input::Char('?') => self.help = true,
            Input::Char('q') => return Transition::Quit,
            _ => {}
        }
        Transition::Stay
    }

    fn scene(&self, view: Size) -> Option<Scene> {
        if self.help {
            return None;
        }
        self.last_view.set(view);
        let log =
            self.log.iter().map(|t| LogLine { text: t.clone(), colour: Rgb::WHITE }).collect();
        Some(Scene {
            mode: "room".into(),
            turn: self.turn,
            map: self.map(view),
            title: "The room".into(),
            meters: vec![Meter {
                label: "Health".into(),
                now: 7,
                max: 10,
                colour: Rgb(200, 40, 40),
            }],
            stats: vec![("Turn".into(), self.turn.to_string())],
            goal: Some("Hit the bat (east)".into()),
            look: self.look.map(|p| self.describe_cell(p)),
            log,
            hints: vec![("arrows".into(), "walk".into()), ("?".into(), "help".into())],
            banner: None,
        })
    }

    fn mouse(&mut self, event: Mouse) -> Transition {
        match event {
            Mouse::Hover(p) | Mouse::Inspect(p) => self.look = Some(p),
            Mouse::Leave => self.look = None,
            Mouse::Click(p) => {
                let d = |a: i32, b: i32| (b - a).signum();
                let (dx, dy) = (d(self.hero.x, p.x), d(self.hero.y, p.y));
                if dx != 0 {
                    self.step(dx, 0);
                } else if dy != 0 {
                    self.step(0, dy);
                }
            }
            Mouse::Text(..) => self.help = false,
        }
        Transition::Stay
    }

    fn describe(&self) -> String {
        format!("room: turn {}", self.turn)
    }
}

/// A server factory for the room.
pub fn room_factory() -> torchlit_web::Factory {
    std::sync::Arc::new(|_: &torchlit_web::protocol::Launch| {
        Box::new(Room::default()) as Box<dyn Screen>
    })
}
