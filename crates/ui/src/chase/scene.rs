//! What a tiles front end draws of `chase` ([`Scene`]), and the mouse.
//!
//! One tile per dungeon cell (the terminal draws a cell two columns wide when the map
//! fits; the scene never does). Everything is in view (there is no field of view in
//! `chase`): each cell is seen, in full light. The cells keep the terminal's glyphs,
//! including the monster's path dots (`∙`), which are also [`MarkKind::Path`] marks; the
//! potions, the monster and the hero are entities. A click plays one turn, as the step
//! key does; hovering or right-clicking a cell describes it.

use torchlit_console::scene::{
    Entity, EntityKind, Known, LogLine, Mark, MarkKind, Mouse, Scene, SceneCell, SceneMap,
};
use torchlit_geom::{Point, Size};
use torchlit_sim::modes::chase::{Outcome, Role};

use super::{CONTROLS, ChaseScreen, ChaseSetup, PLAY_CONTROLS, camera};
use crate::sprite;
use crate::theme::tile_sprite;
use crate::{Input, Transition, palette};
use torchlit_geom::Direction;
use torchlit_sim::modes::chase::Move;

impl ChaseScreen {
    /// The scene of the game in view, with a map view of at most `view` map cells.
    pub(crate) fn scene_now(&self, view: Size) -> Option<Scene> {
        let board = self.game.board();
        let size = board.map().size();
        let (hero, monster) = (board.hero().at, board.monster().at);
        let (w, h) = (size.width.min(view.width), size.height.min(view.height));
        let origin = Point::new(
            camera(hero.x, monster.x, size.width as i32, w as i32).max(0),
            camera(hero.y, monster.y, size.height as i32, h as i32).max(0),
        );
        let mut map = SceneMap::new(origin, Size::new(w, h));
        let positions: Vec<Point> = map.positions().collect();
        for p in positions {
            map.set(p, self.scene_cell(p));
        }
        map.entities = self.entities(&map);
        if self.path.len() > 2 {
            let inner = &self.path[1..self.path.len() - 1];
            let marks: Vec<Mark> = inner
                .iter()
                .filter(|&&p| map.index(p).is_some())
                .map(|&at| Mark { at, kind: MarkKind::Path })
                .collect();
            map.marks = marks;
        }
        map.hero = Some(hero);
        Some(Scene {
            mode: torchlit_sim::ModeId::Chase.to_string(),
            turn: self.game.turn().0,
            map,
            title: format!("chase: {}", self.name),
            stats: self.scene_stats(),
            goal: Some(goal_text(self.game.outcome())),
            look: self.pointer.and_then(|p| self.look_at(p)),
            log: self
                .log
                .iter()
                .map(|t| LogLine { text: t.clone(), colour: palette::TEXT })
                .collect(),
            hints: if self.person().is_some() { &PLAY_CONTROLS[..] } else { &CONTROLS[..] }
                .iter()
                .map(|(k, a)| (k.to_string(), a.to_string()))
                .collect(),
            banner: self.game.outcome().map(|_| self.message.clone()),
            ..Scene::default()
        })
    }

    /// Answers the mouse over the scene: a hover or a right-click describes the cell, a
    /// click plays one turn (as the step key does, pausing auto-play).
    pub(crate) fn on_mouse(&mut self, event: Mouse) -> Transition {
        match event {
            Mouse::Hover(p) | Mouse::Inspect(p) => self.pointer = Some(p),
            Mouse::Leave => self.pointer = None,
            Mouse::Click(p) => {
                self.pointer = Some(p);
                if let Some(role) = self.person() {
                    // A person steps onto the clicked neighbour (or stays: a click on
                    // their own cell); a click farther away does nothing.
                    let at = self.game.board().player(role).at;
                    if p == at {
                        self.play_step(Move::Stay);
                    } else if let Some(d) = Direction::from_offset(p - at) {
                        self.play_step(Move::Step(d));
                    }
                } else {
                    self.watch_key(Input::Char(' '));
                }
            }
            Mouse::Text(..) => {}
        }
        Transition::Stay
    }

    /// Map cell `p` as the scene shows it: the tile's sprite and the terminal's glyph
    /// (a path dot or a potion over the tile; players are entities).
    fn scene_cell(&self, p: Point) -> SceneCell {
        let Some(tile) = self.game.board().map().tile(p) else { return SceneCell::UNKNOWN };
        let Some(cell) = self.cell_at(p, false) else { return SceneCell::UNKNOWN };
        let board = self.game.board();
        // The terminal's glyph of the cell without the players standing on it.
        let glyph = if p == board.hero().at || p == board.monster().at {
            self.bare_glyph(p).unwrap_or(cell.glyph)
        } else {
            cell.glyph
        };
        SceneCell {
            terrain: tile_sprite(tile),
            glyph,
            fg: cell.fg,
            bg: cell.bg,
            light: 255,
            known: Known::Seen,
        }
    }

    /// The glyph of cell `p` as if no player stood there.
    fn bare_glyph(&self, p: Point) -> Option<char> {
        let board = self.game.board();
        if board.potions().contains(&p) {
            return Some('s');
        }
        if self.path.len() > 2 && self.path[1..self.path.len() - 1].contains(&p) {
            return Some('∙');
        }
        let tile = board.map().tile(p)?;
        Some(if tile == torchlit_sim::Tile::Wall {
            ' '
        } else {
            crate::theme::tile_cell(tile).glyph
        })
    }

    /// The potions, the monster and the hero in view, in that order (after a capture,
    /// the monster last, standing on the hero as the terminal draws it).
    fn entities(&self, map: &SceneMap) -> Vec<Entity> {
        let board = self.game.board();
        let mut out: Vec<Entity> = board
            .potions()
            .iter()
            .filter(|&&p| map.index(p).is_some())
            .map(|&p| {
                Entity::new(p, EntityKind::Item, "potion", sprite::POTION, 's', palette::POTION)
            })
            .collect();
        let steps = |n: u32| format!("{n} steps a turn");
        let monster = Entity::new(
            board.monster().at,
            EntityKind::Monster,
            Role::Monster.name(),
            sprite::HUNTER,
            board.monster_glyph(),
            palette::HUNTER,
        )
        .with_state(steps(board.monster().steps_per_turn()));
        let hero = Entity::new(
            board.hero().at,
            EntityKind::Hero,
            Role::Hero.name(),
            sprite::PLAYER,
            '@',
            palette::AVATAR,
        )
        .with_state(steps(board.hero().steps_per_turn()));
        if matches!(self.game.outcome(), Some(Outcome::Caught { .. })) {
            out.extend([hero, monster]);
        } else {
            out.extend([monster, hero]);
        }
        out
    }

    /// The panel's stats: the strategies, the turn, the steps a turn, the state.
    fn scene_stats(&self) -> Vec<(String, String)> {
        let board = self.game.board();
        let state = self.status_parts().pop().unwrap_or_default();
        vec![
            ("Hero".to_string(), self.game.strategy_name(Role::Hero).to_string()),
            ("Monster".to_string(), self.game.strategy_name(Role::Monster).to_string()),
            ("Turn".to_string(), self.game.turn().0.to_string()),
            (
                "Steps".to_string(),
                format!("{}/{}", board.hero().steps_per_turn(), board.monster().steps_per_turn()),
            ),
            ("State".to_string(), state),
        ]
    }

    /// What map cell `p` holds, in words: the tile, then who or what stands there.
    fn look_at(&self, p: Point) -> Option<String> {
        let board = self.game.board();
        let tile = board.map().tile(p)?;
        let mut parts = vec![format!("{} ({}, {})", tile.name(), p.x, p.y)];
        if p == board.hero().at {
            parts.push(format!("the hero ({})", self.game.strategy_name(Role::Hero)));
        }
        if p == board.monster().at {
            parts.push(format!("the monster ({})", self.game.strategy_name(Role::Monster)));
        }
        if board.potions().contains(&p) {
            parts.push("a speed potion".to_string());
        }
        if self.path.len() > 2 && self.path[1..self.path.len() - 1].contains(&p) {
            parts.push("on the monster's path".to_string());
        }
        Some(parts.join(": "))
    }
}

impl ChaseSetup {
    /// A click on line `row` of the setup screen (as drawn at the height last told): a choice's line is
    /// selected (clicked again, it takes the next value, as →), the `start` line starts
    /// the chase (as Enter).
    pub(super) fn click(&mut self, row: u16) -> Transition {
        let top = (i32::from(self.height) - 12).max(0) / 2;
        match i32::from(row) - (top + 2) {
            4 => {
                self.row = 4;
                self.on_key(Input::Enter)
            }
            i @ 0..=3 if self.row == i as usize => self.on_key(Input::Right),
            i @ 0..=3 => {
                self.row = i as usize;
                Transition::Stay
            }
            _ => Transition::Stay,
        }
    }
}

/// What the panel says the chase is about, or how it ended.
fn goal_text(outcome: Option<Outcome>) -> String {
    match outcome {
        None => "The monster hunts the hero; a click or space plays a turn.".to_string(),
        Some(Outcome::Caught { .. }) => "The monster caught the hero (r: again).".to_string(),
        Some(Outcome::Escaped { .. }) => "The hero escaped (r: again).".to_string(),
        Some(Outcome::TurnLimit { .. }) => "The hero survived (r: again).".to_string(),
        Some(Outcome::Failed { .. }) => "A strategy failed (r: again).".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Frame;
    use crate::Screen;
    use crate::chase::DungeonChoice;
    use torchlit_sim::modes::chase::{HeroKind, MonsterKind};

    fn screen() -> ChaseScreen {
        let (name, d) = DungeonChoice::Bundled(0).dungeon().expect("parses");
        ChaseScreen::new(name, &d, HeroKind::Rogue, MonsterKind::Monster, false).expect("a chase")
    }

    #[test]
    fn the_scene_has_the_players_where_the_game_has_them() {
        let s = screen();
        let scene = s.scene_now(Size::new(80, 40)).expect("a scene");
        let board = s.game().board();
        assert_eq!(scene.mode, "chase");
        assert_eq!(scene.map.hero, Some(board.hero().at));
        let hero = scene.map.entities.iter().find(|e| e.kind == EntityKind::Hero).expect("hero");
        assert_eq!((hero.at, hero.name.as_str(), hero.glyph), (board.hero().at, "hero", '@'));
        let monster = scene.map.entities.iter().find(|e| e.kind == EntityKind::Monster);
        assert_eq!(monster.map(|m| (m.at, m.name.as_str())), Some((board.monster().at, "monster")));
        assert_eq!(scene.map.size, board.map().size(), "a small dungeon is shown whole");
    }

    #[test]
    fn the_rows_are_the_terminals_glyphs_one_per_cell() {
        let mut s = screen();
        s.handle(Input::Char(' '));
        let scene = s.scene_now(Size::new(80, 40)).expect("a scene");
        let size = s.game().board().map().size();
        let (mw, mh) = (size.width as i32, size.height as i32);
        // Wide enough for one status line and two columns a cell; tall enough for the map.
        let (fw, fh) = (200, mh + 10);
        let mut frame = Frame::with_size(Size::new(fw as u32, fh as u32));
        s.render(&mut frame);
        let text: Vec<Vec<char>> = frame.to_text().lines().map(|l| l.chars().collect()).collect();
        let (ox, oy) = (-(fw / 2 - mw) / 2, -(fh - 2 - mh) / 2);
        let rows = scene.map.rows();
        assert_eq!(rows.len(), mh as usize);
        for (y, row) in rows.iter().enumerate() {
            let sy = (y as i32 - oy) as usize;
            let terminal: String = (0..mw)
                .map(|x| text.get(sy).and_then(|l| l.get((2 * (x - ox)) as usize)).copied())
                .map(|c| c.unwrap_or(' '))
                .collect();
            assert_eq!(row, &terminal, "row {y}");
        }
    }

    #[test]
    fn a_hover_describes_the_cell_and_a_click_plays_a_turn() {
        let mut s = screen();
        let hero = s.game().board().hero().at;
        assert!(matches!(s.on_mouse(Mouse::Hover(hero)), Transition::Stay));
        let look = s.scene_now(Size::new(80, 40)).and_then(|sc| sc.look).expect("a look");
        assert!(look.contains("the hero"), "{look}");
        s.on_mouse(Mouse::Leave);
        assert_eq!(s.scene_now(Size::new(80, 40)).and_then(|sc| sc.look), None);
        assert_eq!(s.game().turn().0, 0);
        s.on_mouse(Mouse::Click(hero));
        assert_eq!(s.game().turn().0, 1, "a click plays one turn");
        let scene = s.scene_now(Size::new(80, 40)).expect("a scene");
        assert_eq!(scene.turn, 1);
        assert_eq!(scene.log.len(), 1, "the turn's line is logged");
    }

    #[test]
    fn a_click_on_a_setup_line_selects_it_changes_it_and_starts() {
        let mut setup = ChaseSetup::default();
        let mut frame = Frame::with_size(Size::new(80, 24));
        crate::Screen::render(&setup, &mut frame);
        let text = frame.to_text();
        let row_of = |t: &str| text.lines().position(|l| l.contains(t)).expect(t) as u16;
        let (hero, start) = (row_of("hero"), row_of("  start"));
        let stays = |t: Transition| matches!(t, Transition::Stay);
        assert!(stays(setup.click(0)), "the heading does nothing");
        assert!(stays(setup.click(hero)));
        assert_eq!((setup.row, setup.hero), (1, HeroKind::Rogue), "selected");
        assert!(stays(setup.click(hero)));
        assert_eq!(setup.hero, HeroKind::Speedy, "clicked again: the next one");
        assert!(matches!(setup.click(start), Transition::Push(_)));
    }

    #[test]
    fn a_small_view_keeps_the_hero_in_it() {
        let s = screen();
        let scene = s.scene_now(Size::new(5, 4)).expect("a scene");
        assert_eq!(scene.map.size, Size::new(5, 4));
        let hero = s.game().board().hero().at;
        assert!(scene.map.index(hero).is_some(), "{:?} {hero:?}", scene.map.origin);
        assert_eq!(scene.map.rows().len(), 4);
    }
}
