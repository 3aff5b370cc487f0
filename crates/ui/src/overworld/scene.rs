//! What a tiles front end draws of `overworld` ([`Scene`]), and the mouse.
//!
//! The world has no field of view: every cell in the view is seen, in full light, as the
//! terminal draws it ([`draw_world`](super::draw_world)'s glyphs and colours). A cell a
//! monster sees keeps the terminal's red ground as its `bg` and gets a
//! [`MarkKind::Danger`] mark (stepping there starts a fight). Chests, the shrine and the
//! artefact are items on floor; monsters are entities named by kind with their hit
//! points and whether they roam, guard a post or hunt the player.
//!
//! Mouse: a hover (or a right-click) describes the cell and shows the way a click would
//! travel there ([`MarkKind::Path`], [`MarkKind::Goal`]). A click on a cell next to the
//! player is one step there, as the key: into a monster, what moving into it does. A
//! click farther away travels there step by step on the shortest way that enters no
//! watched cell (but the one clicked), each step the same action the keys send; it
//! stops at a fight, a chest, anything the game says but a new region, or a monster
//! that comes to watch the way. The world menu, the new-world prompts, the world list,
//! the inventory, help and the fight and end panels are text pages (`None`).

use std::collections::BTreeSet;

use torchlit_console::scene::{
    Entity, EntityKind, Known, LogLine, Mark, MarkKind, Meter, Mouse, Scene, SceneCell, SceneMap,
};
use torchlit_geom::{CardinalDirection, Point, Rect, Size};
use torchlit_sim::modes::overworld::{Ground, Monster, Overworld, PLAYER_HEALTH};

use super::draw::{PLAYER, Role, WATCHED_BG, ground_look, monster_look};
use super::status::{compass, gear_of};
use super::text::{odds_text, strength_text, whole_hp};
use super::{Keymap, OverworldCommand, OverworldScreen, display_name, keys_of};
use crate::sprite;
use crate::{Transition, palette};

/// The largest side, in cells, of the box travel searches for a way (a click farther
/// away than about this is refused).
const TRAVEL_BOX: i64 = 200;

impl OverworldScreen {
    /// Answers the mouse over the scene (see the module docs).
    pub(super) fn on_mouse(&mut self, event: Mouse) -> Transition {
        match event {
            Mouse::Hover(p) | Mouse::Inspect(p) => self.pointer = Some(p),
            Mouse::Leave => self.pointer = None,
            Mouse::Click(p) => {
                self.click(p);
                return self.take_push();
            }
            Mouse::Text(..) => {}
        }
        Transition::Stay
    }

    /// A click on world cell `p`.
    fn click(&mut self, p: Point) {
        self.pointer = Some(p);
        let at = self.session.game().player().at();
        match step_toward(at, p) {
            Some(d) => self.act(torchlit_sim::modes::overworld::Action::Move(d)),
            None if p != at => self.travel(p),
            None => {}
        }
    }

    /// Walks toward `goal` step by step (see the module docs for when it stops); toward
    /// a monster standing there, until the fight with it (or another) starts.
    fn travel(&mut self, goal: Point) {
        let attack = self.session.game().monster_at(goal).is_some();
        let Some(path) = travel_path(self.session.game(), goal) else {
            self.fresh = 0;
            self.say("There is no way there that no monster watches.".to_string());
            return;
        };
        for next in path {
            let game = self.session.game();
            let Some(d) = step_toward(game.player().at(), next) else { break };
            if next != goal
                && !attack
                && let Some(m) = game.watcher(next)
            {
                self.say(format!("You stop: a {} watches the way ahead.", m.kind));
                break;
            }
            let plain = self.act_told(torchlit_sim::modes::overworld::Action::Move(d));
            let moved = self.session.game().player().at() == next;
            if !plain || !moved || self.push.is_some() {
                break;
            }
        }
    }
}

/// The direction from `from` to `to` when they are next to each other (not diagonally).
fn step_toward(from: Point, to: Point) -> Option<CardinalDirection> {
    let (dx, dy) = (i64::from(to.x) - i64::from(from.x), i64::from(to.y) - i64::from(from.y));
    match (dx, dy) {
        (0, -1) => Some(CardinalDirection::North),
        (1, 0) => Some(CardinalDirection::East),
        (0, 1) => Some(CardinalDirection::South),
        (-1, 0) => Some(CardinalDirection::West),
        _ => None,
    }
}

/// The cells some monster near `rect` sees (the terminal's red ground).
fn watched_cells(game: &Overworld, rect: Rect) -> BTreeSet<Point> {
    game.monsters_near(rect).iter().flat_map(|m| game.sight_of(m)).collect()
}

/// The shortest way from the player to `goal` (the cells after the player's, `goal`
/// last), by steps north, east, south and west over walkable cells no monster stands on
/// and no monster watches (but `goal`), within a box around both; `None` when there is
/// none, `goal` can't be stood on, or it is too far. When a monster stands on `goal`,
/// the way to it may cross watched cells (walking it starts the fight).
fn travel_path(game: &Overworld, goal: Point) -> Option<Vec<Point>> {
    let from = game.player().at();
    if !game.ground(goal).is_walkable() || goal == from {
        return None;
    }
    let attack = game.monster_at(goal).is_some();
    let margin = 8;
    let (x0, y0) = (i64::from(from.x.min(goal.x)) - margin, i64::from(from.y.min(goal.y)) - margin);
    let (x1, y1) = (i64::from(from.x.max(goal.x)) + margin, i64::from(from.y.max(goal.y)) + margin);
    let (x0, y0) = (x0.max(i64::from(i32::MIN)), y0.max(i64::from(i32::MIN)));
    let (x1, y1) = (x1.min(i64::from(i32::MAX)), y1.min(i64::from(i32::MAX)));
    let (w, h) = (x1 - x0 + 1, y1 - y0 + 1);
    if w > TRAVEL_BOX || h > TRAVEL_BOX {
        return None;
    }
    let rect = Rect::new(Point::new(x0 as i32, y0 as i32), Size::new(w as u32, h as u32));
    let watched = watched_cells(game, rect);
    let index = |p: Point| ((i64::from(p.y) - y0) * w + (i64::from(p.x) - x0)) as usize;
    let inside =
        |p: Point| (x0..=x1).contains(&i64::from(p.x)) && (y0..=y1).contains(&i64::from(p.y));
    let mut came: Vec<Option<Point>> = vec![None; (w * h) as usize];
    let mut queue = std::collections::VecDeque::from([from]);
    came[index(from)] = Some(from);
    while let Some(p) = queue.pop_front() {
        if p == goal {
            break;
        }
        for d in CardinalDirection::ALL {
            let o = d.offset();
            let (Some(x), Some(y)) = (p.x.checked_add(o.dx), p.y.checked_add(o.dy)) else {
                continue;
            };
            let q = Point::new(x, y);
            if !inside(q) || came[index(q)].is_some() {
                continue;
            }
            let open = q == goal
                || (game.ground(q).is_walkable()
                    && game.monster_at(q).is_none()
                    && (attack || !watched.contains(&q)));
            if open {
                came[index(q)] = Some(p);
                queue.push_back(q);
            }
        }
    }
    came[index(goal)]?;
    let mut path = vec![goal];
    let mut p = goal;
    while let Some(prev) = came[index(p)].filter(|&prev| prev != from) {
        path.push(prev);
        p = prev;
    }
    path.reverse();
    Some(path)
}

/// The play screen's scene (a panel over it has none: the text frame shows).
pub(super) fn play_scene(play: &OverworldScreen, view: Size) -> Scene {
    let game = play.session.game();
    let at = game.player().at();
    let origin = Point::new(
        at.x.saturating_sub((view.width / 2) as i32),
        at.y.saturating_sub((view.height / 2) as i32),
    );
    let mut map = SceneMap::new(origin, view);
    let rect = Rect::new(origin, view);
    let watched = watched_cells(game, rect);
    let cells: Vec<(Point, Ground)> = map.positions().map(|p| (p, game.ground(p))).collect();
    for &(p, ground) in &cells {
        map.set(p, scene_cell(ground, watched.contains(&p)));
    }
    map.entities = entities(game, &map, &cells);
    map.marks = watched
        .iter()
        .filter(|p| map.index(**p).is_some())
        .map(|&at| Mark { at, kind: MarkKind::Danger })
        .collect();
    if let Some(p) = play.pointer
        && step_toward(at, p).is_none()
        && let Some(path) = travel_path(game, p)
    {
        let (goal, way) = path.split_last().map_or((p, &[][..]), |(g, w)| (*g, w));
        map.marks.extend(way.iter().map(|&at| Mark { at, kind: MarkKind::Path }));
        map.marks.push(Mark { at: goal, kind: MarkKind::Goal });
        let view = Rect::new(map.origin, map.size);
        map.marks.retain(|m| view.contains(m.at));
    }
    map.hero = Some(at);
    Scene {
        mode: torchlit_sim::ModeId::Overworld.to_string(),
        turn: game.player().moves().0,
        map,
        title: display_name(&play.session.info().name),
        meters: meters(game),
        stats: stats(play),
        goal: goal_text(game),
        look: play.pointer.map(|p| look_text(game, p)),
        log: play
            .messages
            .iter()
            .map(|t| LogLine { text: t.clone(), colour: palette::TEXT })
            .collect(),
        hints: hints(&play.setup.keymap),
        banner: game.ending().map(|e| {
            format!("Game over: {} (score {}). q leaves.", super::ending_text(e), game.score())
        }),
    }
}

/// A world cell as the scene shows it: the terminal's ground look, red when watched;
/// chests, the shrine and the artefact are items on floor.
fn scene_cell(ground: Ground, watched: bool) -> SceneCell {
    if ground == Ground::Void {
        return SceneCell::UNKNOWN;
    }
    let look = ground_look(ground);
    let terrain = match ground {
        Ground::Chest | Ground::Shrine | Ground::Artefact => sprite::FLOOR,
        _ => look.sprite,
    };
    SceneCell {
        terrain,
        glyph: look.glyph,
        fg: look.fg,
        bg: if watched { WATCHED_BG } else { look.bg },
        light: 255,
        known: Known::Seen,
    }
}

/// The items, the monsters and the player in view, in that order (`cells`: the view's
/// cells and their ground).
fn entities(game: &Overworld, map: &SceneMap, cells: &[(Point, Ground)]) -> Vec<Entity> {
    let mut out = Vec::new();
    for &(p, ground) in cells {
        let name = match ground {
            Ground::Chest => "chest",
            Ground::Shrine => "shrine",
            Ground::Artefact => "artefact",
            _ => continue,
        };
        let look = ground_look(ground);
        out.push(Entity::new(p, EntityKind::Item, name, look.sprite, look.glyph, look.fg));
    }
    let rect = Rect::new(map.origin, map.size);
    for m in game.monsters_near(rect).into_iter().filter(|m| map.index(m.at).is_some()) {
        out.push(monster_entity(game, &m));
    }
    let at = game.player().at();
    let mut you = Entity::new(at, EntityKind::Hero, "you", PLAYER.sprite, PLAYER.glyph, PLAYER.fg);
    if game.quest().is_some() {
        you = you.with_health(whole_hp(game.health()), PLAYER_HEALTH);
    }
    out.push(you);
    out
}

/// A monster as an entity: its kind's name, hit points, and what it is doing with its
/// strength and the player's odds (`hunting, level 1, you win 97 %`).
fn monster_entity(game: &Overworld, m: &Monster) -> Entity {
    let look = monster_look(m.kind);
    let odds = game.odds(m);
    let hp = whole_hp(odds.foe.health);
    let state =
        format!("{}, level {}, you win {} %", monster_state(game, m), odds.level, odds.win_percent);
    Entity::new(m.at, EntityKind::Monster, m.kind.to_string(), look.sprite, look.glyph, look.fg)
        .with_health(hp, hp)
        .with_state(state)
}

/// `hunting` (it sees the player within its notice and steps towards the player every
/// turn), `guard` (a guard not hunting) or `roaming` (a region's own monster; `standing`
/// when monsters stand still).
fn monster_state(game: &Overworld, m: &Monster) -> &'static str {
    match Role::of(game, m) {
        Role::Hunting => "hunting",
        Role::Guard => "guard",
        Role::Roaming if game.quest().is_some_and(|q| q.roam_percent > 0) => "roaming",
        Role::Roaming => "standing",
    }
}

/// World cell `p` in words: its ground, who stands there, and who watches it.
fn look_text(game: &Overworld, p: Point) -> String {
    let ground = match game.ground(p) {
        Ground::Floor => "cave floor",
        Ground::Wall => "cave wall",
        Ground::Rock => "solid rock",
        Ground::Chest => "a chest (step on it to open it)",
        Ground::OpenedChest => "an opened chest",
        Ground::Shrine => "the shrine (heals for gold)",
        Ground::Artefact => "the artefact (take it to win)",
        Ground::Void => "the end of the world",
    };
    let mut parts = vec![format!("({}, {}) {ground}", p.x, p.y)];
    if p == game.player().at() {
        parts.push("you".to_string());
    }
    if let Some(m) = game.monster_at(p) {
        let odds = game.odds(&m);
        parts.push(format!(
            "a {} ({}): {}",
            strength_text(m.kind, &odds),
            monster_state(game, &m),
            odds_text(&odds)
        ));
    }
    if game.ground(p).is_walkable()
        && game.monster_at(p).is_none()
        && let Some(m) = game.watcher(p)
    {
        parts.push(format!("a {} sees it: step here and it attacks", m.kind));
    }
    parts.join(": ")
}

/// Health, in the default game.
fn meters(game: &Overworld) -> Vec<Meter> {
    if game.quest().is_none() {
        return Vec::new();
    }
    vec![Meter {
        label: "Health".to_string(),
        now: whole_hp(game.health()),
        max: PLAYER_HEALTH,
        colour: palette::WARNING,
    }]
}

/// What the status line shows, as label and value.
fn stats(play: &OverworldScreen) -> Vec<(String, String)> {
    let game = play.session.game();
    let p = game.player();
    let region = game.region_of(p.at());
    let (sword, armour) = gear_of(p);
    let status = play.session.status();
    let saved = match (&status.error, status.pending, play.session.unsaved_moves()) {
        (Some(_), _, _) => "SAVE FAILED".to_string(),
        (None, 0, 0) => "saved".to_string(),
        (None, 0, n) => format!("unsaved {n}"),
        (None, _, _) => "saving".to_string(),
    };
    let pairs = [
        ("Position", format!("({}, {})", p.at().x, p.at().y)),
        ("Region", format!("({}, {})", region.x, region.y)),
        ("Gold", p.gold().to_string()),
        ("Sword", sword.to_string()),
        ("Armour", armour.to_string()),
        ("Kills", p.kills().to_string()),
        ("Deaths", p.deaths().to_string()),
        ("Moves", p.moves().0.to_string()),
        ("World", saved),
    ];
    pairs.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
}

/// Where the artefact lies (the default game): `Take the artefact: NE, 212 cells away`.
fn goal_text(game: &Overworld) -> Option<String> {
    let c = compass(game);
    let mut words = c.split_whitespace().skip(1);
    let (point, distance) = (words.next()?, words.next()?);
    Some(if point == "here" {
        "The artefact is here: take it.".to_string()
    } else {
        format!("Take the artefact: {point}, {distance} cells away")
    })
}

/// The main keys, as the keymap has them.
fn hints(keymap: &Keymap<OverworldCommand>) -> Vec<(String, String)> {
    let mut out = vec![("click".to_string(), "travel there / step".to_string())];
    for command in OverworldCommand::ALL {
        if let Some(&key) = keys_of(keymap, command).first() {
            out.push((key.to_string(), command.help().to_string()));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::overworld::{GUARD_BG, HUNTING_BG, OverworldSetup, Worlds, draw, open};
    use crate::{Frame, Input, Screen, Stack};
    use torchlit_save::{Config, MemoryWorlds};

    /// The overworld screens on a stack, a new world named `w` with seed `abc123` in play
    /// (fights shown at once; `still`: CaveGame's rules, where monsters stand still).
    fn screen(still: bool) -> Stack {
        let config = Config::defaults();
        let worlds =
            Worlds::with_store(MemoryWorlds::default(), config.clone()).with_seed_rules(still);
        let mut setup = OverworldSetup::from_config(Some(worlds), &config, "abc123".to_string())
            .expect("default keys");
        setup.turn_ticks = 0;
        let mut s = Stack::new(open(setup));
        for input in [Input::Char('n'), Input::Char('w'), Input::Enter, Input::Enter] {
            s.handle(input);
        }
        assert!(s.top::<OverworldScreen>().is_some(), "on the play screen");
        s
    }

    fn game(s: &Stack) -> Overworld {
        s.find::<OverworldScreen>().map(|s| s.session().game().clone()).expect("a world in play")
    }

    const VIEW: Size = Size::new(61, 41);

    #[test]
    fn the_scene_is_the_terminals_map_one_glyph_per_cell_with_its_red_ground() {
        let s = screen(false);
        let scene = s.scene(VIEW).expect("a scene");
        let g = game(&s);
        assert_eq!(scene.mode, "overworld");
        assert_eq!(scene.map.hero, Some(g.player().at()));
        assert_eq!(scene.map.size, VIEW);
        let you = scene.map.entities.last().expect("the player is drawn last");
        assert_eq!((you.kind, you.at, you.glyph), (EntityKind::Hero, g.player().at(), '@'));
        let mut frame = Frame::with_size(Size::new(VIEW.width, VIEW.height));
        draw::draw_world(&g, &mut frame, (0, 0, VIEW.width as i32, VIEW.height as i32));
        let text = frame.to_text();
        let terminal: Vec<&str> = text.lines().collect();
        let rows = scene.map.rows();
        for (y, row) in rows.iter().enumerate() {
            assert_eq!(row.trim_end(), terminal[y].trim_end(), "row {y}");
        }
        // A Danger mark exactly where the terminal's ground is red.
        let mut red = 0;
        for (i, p) in scene.map.positions().enumerate() {
            let (x, y) = (i % VIEW.width as usize, i / VIEW.width as usize);
            let bg = frame.cell(Point::new(x as i32, y as i32)).map(|c| c.bg);
            // A monster's own cell is in its sight: hunting monsters and guards have
            // backgrounds of their own there.
            let watched = bg.is_some_and(|bg| [WATCHED_BG, HUNTING_BG, GUARD_BG].contains(&bg));
            let danger = scene.map.marks.contains(&Mark { at: p, kind: MarkKind::Danger });
            assert_eq!(watched, danger, "{p:?}");
            red += usize::from(watched);
        }
        assert!(red > 0, "some monster watches cells in view");
    }

    #[test]
    fn monsters_in_view_are_named_entities_with_hit_points() {
        let s = screen(false);
        let scene = s.scene(Size::new(121, 81)).expect("a scene");
        let g = game(&s);
        let monsters: Vec<&Entity> =
            scene.map.entities.iter().filter(|e| e.kind == EntityKind::Monster).collect();
        assert!(!monsters.is_empty(), "a monster in view");
        for e in monsters {
            let m = g.monster_at(e.at).expect("a monster there");
            assert_eq!(e.name, m.kind.to_string());
            assert!(e.health.is_some_and(|(now, max)| now > 0 && now == max));
            let state = e.state.as_deref().unwrap_or("");
            let role = state.split(',').next().unwrap_or("");
            assert!(matches!(role, "roaming" | "guard" | "hunting"), "{state}");
            let odds = g.odds(&m);
            let strength = format!(", level {}, you win {} %", odds.level, odds.win_percent);
            assert!(state.ends_with(&strength), "{state}");
        }
    }

    #[test]
    fn a_hover_describes_the_cell_and_leaving_forgets_it() {
        let mut s = screen(false);
        let at = game(&s).player().at();
        s.mouse(Mouse::Hover(at));
        let look = s.scene(VIEW).and_then(|sc| sc.look).expect("a look");
        assert!(look.contains("you") && look.contains("cave floor"), "{look}");
        s.mouse(Mouse::Leave);
        assert_eq!(s.scene(VIEW).and_then(|sc| sc.look), None);
    }

    /// A floor cell 3 to 8 steps away whose way crosses plain floor only.
    fn quiet_goal(g: &Overworld) -> Point {
        let at = g.player().at();
        (-8..=8)
            .flat_map(|dy| (-8..=8).map(move |dx| Point::new(at.x + dx, at.y + dy)))
            .find(|&p| {
                travel_path(g, p).is_some_and(|path| {
                    (3..=8).contains(&path.len())
                        && path
                            .iter()
                            .all(|&c| g.ground(c) == Ground::Floor && g.watcher(c).is_none())
                })
            })
            .expect("a quiet floor cell near the start")
    }

    #[test]
    fn a_click_travels_there_and_a_hover_shows_the_way() {
        let mut s = screen(false);
        let g = game(&s);
        let goal = quiet_goal(&g);
        let path = travel_path(&g, goal).expect("a way");
        s.mouse(Mouse::Hover(goal));
        let scene = s.scene(VIEW).expect("a scene");
        assert!(scene.map.marks.contains(&Mark { at: goal, kind: MarkKind::Goal }));
        let dots = scene.map.marks.iter().filter(|m| m.kind == MarkKind::Path).count();
        assert_eq!(dots, path.len() - 1);
        s.mouse(Mouse::Click(goal));
        let after = game(&s);
        assert_eq!(after.player().at(), goal, "travelled");
        assert_eq!(after.player().moves().0, g.player().moves().0 + path.len() as u64);
        let recorded = s.find::<OverworldScreen>().map_or(0, |s| s.session().unsaved_moves());
        assert!(recorded > 0, "the steps went through the session");
    }

    #[test]
    fn a_click_next_to_the_player_is_the_key_and_on_a_monster_fights_it() {
        // An adjacent cell: the same as the key.
        let (mut a, mut b) = (screen(false), screen(false));
        let at = game(&a).player().at();
        a.mouse(Mouse::Click(Point::new(at.x + 1, at.y)));
        b.handle(Input::Right);
        assert_eq!(game(&a).state_hash(), game(&b).state_hash());
        // A monster farther away: walk until its fight.
        let mut s = screen(true);
        let g = game(&s);
        let rect = Rect::new(Point::new(at.x - 30, at.y - 20), VIEW);
        let target = g
            .monsters_near(rect)
            .into_iter()
            .find(|m| {
                travel_path(&g, m.at).is_some_and(|path| {
                    path.iter().all(|&c| c == m.at || g.ground(c) == Ground::Floor)
                })
            })
            .expect("a monster within reach, no chest on the way");
        s.mouse(Mouse::Click(target.at));
        let after = game(&s);
        assert!(after.player().moves().0 > g.player().moves().0, "walked toward it");
        let fought = after.player().kills() + after.player().deaths()
            > g.player().kills() + g.player().deaths();
        let shown = s.scene(VIEW).is_none();
        assert!(fought || shown, "a fight came of it");
    }

    #[test]
    fn menus_and_panels_are_text_pages() {
        let config = Config::defaults();
        let worlds = Worlds::with_store(MemoryWorlds::default(), config.clone());
        let setup = OverworldSetup::from_config(Some(worlds), &config, String::new())
            .expect("default keys");
        let s = Stack::new(open(setup));
        assert!(s.scene(VIEW).is_none(), "the world menu");
        let mut s = screen(false);
        s.handle(Input::Char('?'));
        assert!(s.scene(VIEW).is_none(), "help");
        s.handle(Input::Esc);
        assert!(s.scene(VIEW).is_some());
    }

    /// The row of the last frame (80x24) where `text` shows first.
    fn row_of(s: &Stack, text: &str) -> u16 {
        let mut frame = Frame::with_size(Size::new(80, 24));
        s.render(&mut frame);
        let screen = frame.to_text();
        let row = screen.lines().position(|l| l.contains(text));
        row.map(|r| r as u16).unwrap_or_else(|| panic!("{text:?} not on\n{screen}"))
    }

    #[test]
    fn a_click_on_the_world_menu_and_list_chooses_the_line() {
        let mut s = screen(false);
        s.handle(Input::Char('q'));
        assert!(s.find::<OverworldScreen>().is_none(), "left for the world menu");
        assert!(matches!(s.mouse(Mouse::Text(0, 0)), Transition::Stay), "the title");
        assert!(s.find::<OverworldScreen>().is_none());
        let load = row_of(&s, "l) load a world");
        s.mouse(Mouse::Text(10, load));
        let row = row_of(&s, "  1  w ");
        assert!(row > row_of(&s, "Load a world"), "the world list");
        s.mouse(Mouse::Text(5, row));
        assert!(s.find::<OverworldScreen>().is_some(), "the world clicked is loaded");
        s.handle(Input::Char('q'));
        let back = row_of(&s, "Esc) back");
        assert!(matches!(s.mouse(Mouse::Text(3, back)), Transition::Quit), "the menu left");
        assert!(s.is_empty());
    }
}
