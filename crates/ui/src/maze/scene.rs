//! What a tiles front end draws of `maze` ([`Scene`]), and the mouse.
//!
//! One map cell of the scene is one maze cell (the terminal draws each as a block of
//! two or more characters); its glyph is the first of the terminal's pair, as drawn at
//! scale 1. The terrain is the cell (ground, wall, hole) or the portal on it (locked,
//! open; an invisible portal is wall). Rocks, items, log monsters, the boss and the hero
//! are entities, rocks, monsters, the boss and the hero with their life as `health`
//! (the terminal's life bars); an actor blinking while immune is `faded` (the terminal
//! hides it every other tick). Projectiles and vanishing clouds are
//! [`MarkKind::Effect`] marks; a projectile's cell and the cell in front of an awake log
//! monster (where it hurts the hero) are [`MarkKind::Danger`]; the monsters' paths,
//! when shown (`v`), are [`MarkKind::Path`].
//!
//! Mouse: hovering or right-clicking a cell describes it. A click does nothing: the
//! maze is played in real time with the keys, and walking toward a clicked cell would
//! take the game out of the player's hands between two ticks.

use torchlit_console::scene::{
    Entity, EntityKind, Known, LogLine, Mark, MarkKind, Meter, Mouse, Scene, SceneCell, SceneMap,
};
use torchlit_geom::{CardinalDirection, Point, Size};
use torchlit_sim::modes::maze::{CellType, Life, MonsterState, PortalState, Thing};

use super::look::{self, Look};
use super::{CONTROLS, MESSAGE_TICKS, MazeScreen, blinks, camera_offset, key_name};
use crate::sprite;
use crate::{Sprite, Transition, palette};

impl MazeScreen {
    /// The scene of the game in view, with a map view of at most `view` map cells;
    /// `None` while a text page (help, a dialog, the map of the area) is up.
    pub(crate) fn scene_now(&self, view: Size) -> Option<Scene> {
        if self.map || self.game.dialog().is_some() {
            return None;
        }
        let area = self.game.area();
        let grid = area.cells().size();
        let hero = self.game.player();
        let (w, h) = (grid.width.min(view.width), grid.height.min(view.height));
        let origin = Point::new(
            camera_offset(hero.at().x, grid.width as i32, w as i32).max(0),
            camera_offset(hero.at().y, grid.height as i32, h as i32).max(0),
        );
        let mut map = SceneMap::new(origin, Size::new(w, h));
        let looks = self.looks();
        let portals = self.portals();
        let positions: Vec<Point> = map.positions().collect();
        for p in positions {
            let i = p.y as usize * grid.width as usize + p.x as usize;
            let Some(Some(l)) = looks.get(i).copied() else { continue };
            let terrain = self.terrain_at(p, &portals);
            if terrain == Sprite::NONE {
                // Outside the maze (a cell of no type): nothing to draw.
                continue;
            }
            map.set(
                p,
                SceneCell {
                    terrain,
                    glyph: l.glyphs[0],
                    fg: l.fg,
                    bg: l.bg,
                    light: 255,
                    known: Known::Seen,
                },
            );
        }
        self.fill_things(&mut map);
        map.hero = Some(hero.at());
        let life = hero.life();
        let stats = self.game.stats();
        let secs = stats.ticks / 24;
        let keys: Vec<String> = hero.keys().iter().map(|&k| key_name(k)).collect();
        Some(Scene {
            mode: torchlit_sim::ModeId::Maze.to_string(),
            turn: self.game.now().0,
            map,
            title: area.title().to_string(),
            meters: vec![Meter {
                label: "Life".to_string(),
                now: life.current().max(0) as u32,
                max: life.max().max(0) as u32,
                colour: palette::BAR_PLAYER,
            }],
            stats: vec![
                (
                    "Area".to_string(),
                    format!("{} of {}", self.game.current().0 + 1, self.game.areas().len()),
                ),
                ("Time".to_string(), format!("{:02}:{:02}", secs / 60, secs % 60)),
                (
                    "Keys".to_string(),
                    if keys.is_empty() { "none".to_string() } else { keys.join(" ") },
                ),
                ("Pickaxe".to_string(), if hero.has_pickaxe() { "yes" } else { "no" }.to_string()),
                ("Deaths".to_string(), stats.deaths.to_string()),
            ],
            goal: Some(goal_text(self)),
            look: self.pointer.and_then(|p| self.look_at(p)),
            log: self
                .log
                .iter()
                .map(|t| LogLine { text: t.clone(), colour: palette::TEXT })
                .collect(),
            hints: CONTROLS.iter().map(|(k, a)| (k.to_string(), a.to_string())).collect(),
            banner: self.banner(),
        })
    }

    /// Answers the mouse over the scene: a hover or a right-click describes the cell; a
    /// click does nothing (the maze is played in real time with the keys).
    pub(crate) fn on_mouse(&mut self, event: Mouse) -> Transition {
        match event {
            Mouse::Hover(p) | Mouse::Inspect(p) => self.pointer = Some(p),
            Mouse::Leave => self.pointer = None,
            Mouse::Click(_) | Mouse::Text(..) => {}
        }
        Transition::Stay
    }

    /// The cells of the area's portals, with their state.
    fn portals(&self) -> Vec<(Point, PortalState)> {
        let things = self.game.area().present_things();
        let portals = things.filter_map(|(_, t)| match t {
            Thing::Portal(portal) => Some(portal.cells().map(|c| (c, portal.state()))),
            _ => None,
        });
        portals.flatten().collect()
    }

    /// The terrain sprite of cell `p`: its cell, or the portal on it (of `portals`).
    fn terrain_at(&self, p: Point, portals: &[(Point, PortalState)]) -> Sprite {
        let area = self.game.area();
        let portal = portals.iter().find(|(at, _)| *at == p).map(|(_, state)| *state);
        match portal {
            Some(PortalState::Locked) => sprite::PORTAL_LOCKED,
            Some(PortalState::Open) => sprite::PORTAL_OPEN,
            Some(PortalState::Invisible) => sprite::MAZE_WALL,
            None => area.cells().get(p).map_or(Sprite::NONE, |&c| look::cell(c).sprite),
        }
    }

    /// The things in view as entities and marks (rocks, then items, then monsters and
    /// the boss, then the hero), the danger and the monsters' paths.
    fn fill_things(&self, map: &mut SceneMap) {
        let now = self.game.now().0;
        let mut layered: Vec<(u8, Entity)> = Vec::new();
        let mut marks: Vec<Mark> = Vec::new();
        for (_, t) in self.game.area().present_things() {
            let at = t.at();
            let mut effect = |sprite| marks.push(Mark { at, kind: MarkKind::Effect(sprite) });
            let entry = match t {
                Thing::Portal(_) => continue,
                Thing::Rock(r) if r.vanish().is_some() => {
                    effect(sprite::VANISH);
                    continue;
                }
                Thing::Rock(r) => (0, rock(at, r.life())),
                Thing::Pickaxe(_) => (1, item(at, "pickaxe", look::pickaxe())),
                Thing::Heart(_) => (1, item(at, "heart", look::heart(now))),
                Thing::Key(_) => (1, item(at, "key", look::key())),
                Thing::Treasure(_) => (1, item(at, "treasure", look::treasure(now))),
                Thing::Projectile(_) => {
                    effect(sprite::PROJECTILE);
                    marks.push(Mark { at, kind: MarkKind::Danger });
                    continue;
                }
                Thing::LogMonster(m) if m.vanish().is_some() => {
                    effect(sprite::VANISH);
                    continue;
                }
                Thing::LogMonster(m) => {
                    if self.game.shows_paths() {
                        marks
                            .extend(m.path().iter().map(|&p| Mark { at: p, kind: MarkKind::Path }));
                    }
                    if m.state() != MonsterState::Sleeping {
                        let front = ahead(at, m.facing());
                        marks.push(Mark { at: front, kind: MarkKind::Danger });
                    }
                    let l = look::monster(m.state(), m.life(), now);
                    let state = match m.state() {
                        MonsterState::Sleeping => "asleep",
                        MonsterState::Wandering => "wandering",
                        MonsterState::Chasing => "chasing",
                    };
                    (
                        2,
                        actor(at, EntityKind::Monster, "log monster", l, m.life())
                            .with_state(state),
                    )
                }
                Thing::Boss(b) if b.vanish().is_some() => {
                    effect(sprite::VANISH);
                    continue;
                }
                Thing::Boss(b) => {
                    let l = look::boss(b.is_active(), b.life());
                    let state = if b.is_active() { "fighting" } else { "idle" };
                    (2, actor(at, EntityKind::Monster, "boss", l, b.life()).with_state(state))
                }
            };
            layered.push(entry);
        }
        layered.sort_by_key(|(layer, _)| *layer);
        let hero = self.game.player();
        let walking = hero.motion().map(|m| u64::from(m.elapsed));
        let l = look::player(hero.facing(), walking, hero.life());
        let mut you = actor(hero.at(), EntityKind::Hero, "you", l, hero.life());
        if hero.life().is_immune() {
            you.state = Some("immune".to_string());
        }
        layered.push((3, you));
        map.entities =
            layered.into_iter().map(|(_, e)| e).filter(|e| map.index(e.at).is_some()).collect();
        marks.extend(
            self.barrage_coming().into_iter().map(|at| Mark { at, kind: MarkKind::Danger }),
        );
        marks.retain(|m| map.index(m.at).is_some());
        map.marks = marks;
    }

    /// The cells of the boss's barrage line while its next barrage is at most
    /// [`BARRAGE_WARNING_TICKS`](super::BARRAGE_WARNING_TICKS) away (none otherwise): a
    /// person sees where the wave starts before it comes.
    pub(crate) fn barrage_coming(&self) -> Vec<Point> {
        let area = self.game.area();
        let boss = area.present_things().find_map(|(_, t)| match t {
            Thing::Boss(b) if b.is_active() && !b.is_dead() => Some(*b),
            _ => None,
        });
        match boss {
            Some(b) if b.next_barrage() <= super::BARRAGE_WARNING_TICKS => {
                b.barrage_line(area.size())
            }
            _ => Vec::new(),
        }
    }

    /// What the panel's banner says: a pause, a won game, a death (the question and the
    /// death banner pushed over the maze say theirs).
    fn banner(&self) -> Option<String> {
        let fresh = self.game.stats().ticks.saturating_sub(self.message_at) < MESSAGE_TICKS;
        if self.game.is_won() {
            Some("Victory! The treasure is yours. (r: play again, q: back)".to_string())
        } else if self.game.is_paused() {
            Some("paused · p: resume".to_string())
        } else if fresh && self.message.starts_with("You die") {
            Some(self.message.clone())
        } else {
            None
        }
    }

    /// Cell `p` in words: what it is, then what stands or lies there.
    fn look_at(&self, p: Point) -> Option<String> {
        let area = self.game.area();
        let cell = area.cells().get(p).copied()?;
        let ground = match self.terrain_at(p, &self.portals()) {
            sprite::PORTAL_LOCKED => "a locked portal (chained logs)",
            sprite::PORTAL_OPEN => "an open portal",
            _ => match cell {
                CellType::Ground => "ground",
                CellType::Wall => "wall",
                CellType::Hole => "a hole",
                CellType::None => "nothing",
            },
        };
        let mut parts = vec![ground.to_string()];
        let mut scratch = SceneMap::new(p, Size::new(1, 1));
        self.fill_things(&mut scratch);
        for e in scratch.entities.iter().filter(|e| e.at == p) {
            let mut text = e.name.clone();
            if let Some((now, max)) = e.health {
                text.push_str(&format!(" ({now}/{max})"));
            }
            if let Some(state) = &e.state {
                text.push_str(&format!(", {state}"));
            }
            parts.push(text);
        }
        if scratch.marks.iter().any(|m| m.kind == MarkKind::Danger) {
            parts.push("danger: a monster hits here".to_string());
        }
        Some(parts.join(": "))
    }
}

/// What the hero is after in this area.
fn goal_text(screen: &MazeScreen) -> String {
    let hero = screen.game.player();
    if screen.game.is_won() {
        "The treasure is yours.".to_string()
    } else if !hero.has_pickaxe() && screen.game.current().0 == 0 {
        "Take the pickaxe, find the key, open the chained portal (e).".to_string()
    } else {
        "Find this maze's key and open its locked portal (e).".to_string()
    }
}

/// The cell one step from `at` toward `facing`.
fn ahead(at: Point, facing: CardinalDirection) -> Point {
    let o = facing.offset();
    Point::new(at.x + o.dx, at.y + o.dy)
}

/// An item lying on the ground.
fn item(at: Point, name: &str, l: Look) -> Entity {
    Entity::new(at, EntityKind::Item, name, l.sprite, l.glyphs[0], l.fg)
}

/// A rock (cracked below half of its life), with a life bar only once it is damaged: a
/// large area's many whole rocks would each show a full bar.
fn rock(at: Point, life: &Life) -> Entity {
    let l = look::rock(life);
    let sprite =
        if life.current() * 2 < life.max() { sprite::BOULDER_CRACKED } else { sprite::BOULDER };
    let mut e = Entity::new(at, EntityKind::Item, "rock", sprite, l.glyphs[0], l.fg);
    if life.current() < life.max() {
        e = e.with_health(life.current().max(0) as u32, life.max().max(0) as u32);
    }
    e.faded = blinks(life);
    e
}

/// An actor with its life bar, faded while it blinks.
fn actor(at: Point, kind: EntityKind, name: &str, l: Look, life: &Life) -> Entity {
    let mut e = Entity::new(at, kind, name, l.sprite, l.glyphs[0], l.fg)
        .with_health(life.current().max(0) as u32, life.max().max(0) as u32);
    e.faded = blinks(life);
    e
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Screen;
    use crate::{Frame, Input};
    use torchlit_rng::Seed;
    use torchlit_sim::modes::maze::{AreaId, Maze, MazeConfig, Side};

    #[test]
    fn a_rock_shows_its_life_bar_only_once_damaged() {
        let mut life = Life::full(3);
        assert_eq!(rock(Point::new(1, 1), &life).health, None, "a whole rock: no bar");
        life.damage(1);
        assert_eq!(rock(Point::new(1, 1), &life).health, Some((2, 3)));
        let s = screen_in(0, None);
        let scene = s.scene_now(Size::new(100, 100)).expect("a scene");
        let rocks: Vec<_> = scene.map.entities.iter().filter(|e| e.name == "rock").collect();
        assert!(!rocks.is_empty(), "the first area has rocks");
        assert!(rocks.iter().all(|r| r.health.is_none()), "none of them hit yet");
    }

    /// The fixed level of seed 5 in `area`, its dialogs skipped.
    fn screen_in(area: u32, monsters: Option<MonsterState>) -> MazeScreen {
        let mut game = Maze::new(MazeConfig::fixed(Seed(5))).expect("builds");
        let mut w = game.wizard();
        w.skip_dialogs();
        if area > 0 {
            assert!(w.enter(AreaId(area), Side::W));
        }
        if let Some(state) = monsters {
            w.set_monsters(state);
        }
        MazeScreen::new(game, false)
    }

    fn screen() -> MazeScreen {
        screen_in(0, None)
    }

    #[test]
    fn the_scene_has_one_cell_per_maze_cell_and_the_hero_with_its_life() {
        let s = screen();
        let scene = s.scene_now(Size::new(100, 100)).expect("a scene");
        let grid = s.game().area().cells().size();
        assert_eq!(scene.map.size, grid, "a small area is shown whole, a cell per cell");
        let hero = s.game().player();
        assert_eq!(scene.map.hero, Some(hero.at()));
        let you = scene.map.entities.last().expect("the hero is drawn last");
        assert_eq!((you.kind, you.at), (EntityKind::Hero, hero.at()));
        let life = hero.life();
        assert_eq!(you.health, Some((life.current() as u32, life.max() as u32)));
        assert_eq!(scene.meters[0].now, life.current() as u32);
        assert!(scene.stats.iter().any(|(k, v)| k == "Area" && v.starts_with("1 of ")));
    }

    #[test]
    fn the_rows_are_the_terminals_first_glyphs_at_scale_one() {
        let mut s = screen();
        s.tick();
        let scene = s.scene_now(Size::new(100, 100)).expect("a scene");
        let grid = s.game().area().cells().size();
        let (gw, gh) = (grid.width as i32, grid.height as i32);
        // The smallest terminal: one cell is two columns and one row (scale 1).
        let (fw, fh) = (i32::from(crate::maze::MIN_SIZE.0), gh + 2);
        let mut frame = Frame::with_size(Size::new(fw as u32, fh as u32));
        s.render(&mut frame);
        let win = s.window(fw, fh - 2);
        assert_eq!(win.s, 1);
        let text: Vec<Vec<char>> = frame.to_text().lines().map(|l| l.chars().collect()).collect();
        let rows = scene.map.rows();
        assert_eq!(rows.len(), gh as usize);
        for (y, row) in rows.iter().enumerate() {
            let line = text.get((y as i32 - win.oy) as usize).cloned().unwrap_or_default();
            let terminal: String = (0..gw)
                .map(|x| line.get((win.pad_x + 2 * (x - win.ox)) as usize).copied())
                .map(|c| c.unwrap_or(' '))
                .collect();
            assert_eq!(row, &terminal, "row {y}");
        }
    }

    #[test]
    fn walls_are_maze_walls_and_monsters_have_life_bars_and_danger() {
        let s = screen();
        let scene = s.scene_now(Size::new(100, 100)).expect("a scene");
        assert!(scene.map.cells.iter().any(|c| c.terrain == sprite::MAZE_WALL));
        assert!(scene.map.cells.iter().any(|c| c.terrain == sprite::PORTAL_LOCKED));
        let s = screen_in(2, Some(MonsterState::Chasing));
        let scene = s.scene_now(Size::new(100, 100)).expect("a scene");
        let monsters: Vec<(Point, CardinalDirection, i32)> = s
            .game()
            .area()
            .present_things()
            .filter_map(|(_, t)| match t {
                Thing::LogMonster(m) => Some((m.at(), m.facing(), m.life().current())),
                _ => None,
            })
            .collect();
        assert!(!monsters.is_empty(), "area 2 has log monsters");
        for (at, facing, life) in monsters {
            let e = scene.map.entities.iter().find(|e| e.at == at).expect("an entity per monster");
            assert_eq!(e.name, "log monster");
            assert_eq!(e.state.as_deref(), Some("chasing"));
            assert_eq!(e.health.map(|h| h.0), Some(life as u32), "its life bar");
            let front = ahead(at, facing);
            if scene.map.index(front).is_some() {
                let danger = Mark { at: front, kind: MarkKind::Danger };
                assert!(scene.map.marks.contains(&danger), "danger in front of {at:?}");
            }
        }
    }

    #[test]
    fn a_hover_describes_the_cell_and_a_click_does_nothing() {
        let mut s = screen();
        let at = s.game().player().at();
        assert!(matches!(s.on_mouse(Mouse::Hover(at)), Transition::Stay));
        let look = s.scene_now(Size::new(100, 100)).and_then(|sc| sc.look).expect("a look");
        assert!(look.contains("you ("), "{look}");
        let before = s.game().state_hash();
        s.on_mouse(Mouse::Click(Point::new(at.x + 1, at.y)));
        assert_eq!(s.game().state_hash(), before, "a click changes nothing");
        s.on_mouse(Mouse::Leave);
        assert_eq!(s.scene_now(Size::new(100, 100)).and_then(|sc| sc.look), None);
    }

    #[test]
    fn help_and_the_map_are_text_pages() {
        let mut s = screen();
        s.handle(Input::Char('m'));
        assert!(s.scene_now(Size::new(40, 40)).is_none());
        s.handle(Input::Char('m'));
        assert!(s.scene_now(Size::new(40, 40)).is_some());
        let mut stack = crate::Stack::new(Box::new(s));
        stack.handle(Input::Char('?'));
        assert!(stack.top::<super::super::HelpBox>().is_some(), "the help is pushed");
        assert!(stack.scene(Size::new(40, 40)).is_none());
    }
}
