//! What a tiles front end draws of `caves` ([`Scene`]), and the mouse.
//!
//! The scene is built from the same game state and the same looks as the terminal map
//! (`map_cell`'s rules): terrain seen now or remembered, the creatures in view, the
//! items seen (and remembered items, faded), the look cursor, the travel path.
//!
//! The mouse: a hover (or a right-click, kept until the next hover) makes the panel's
//! look text describe the cell, as `x` look mode does. A click on a monster next to the
//! hero attacks it (the move into it); a click on any other cell the player knows
//! travels there one step per tick on the same machinery as the keyboard's travel
//! ([`Action::TravelTo`], stopped by what stops travel to the stairs, each step recorded
//! like a key's); a click on the hero's own cell picks up what lies there (the pick-up
//! key) and does nothing on bare ground; a click while travelling stops, as a key
//! does. On the inventory and the pick lists a click on an item's line chooses it.

use torchlit_console::Rgb;
use torchlit_console::scene::{
    Entity, EntityKind, Known, LogLine, Mark, MarkKind, Meter, Mouse, Scene, SceneCell, SceneMap,
};
use torchlit_geom::{Direction, Point, Size};
use torchlit_sim::modes::caves::{
    Action, Caves, CreatureKind, Hunger, Item, ItemKind, Outcome, Slot,
};
use torchlit_sim::terrain::Tile;

use super::draw::{camera_offset, creature_sprite, item_sprite, status_hp_colour};
use super::{Auto, CavesCommand, CavesScreen, creature_look, item_look, keys_of};
use crate::theme::{remembered_cell, tile_cell};
use crate::{Input, Screen, Transition, palette};

/// What a prompt pushed over the map adds to the game's scene.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Over {
    /// The prompt's question or hint, as the banner.
    pub(super) banner: Option<String>,
    /// The look cursor: marked, and the cell the look text describes.
    pub(super) cursor: Option<Point>,
    /// A travel target offered: marked as the goal.
    pub(super) goal: Option<Point>,
}

/// How many lines the scene's log keeps.
const LOG_LINES: usize = 200;

/// Appends `lines` to `log`, keeping the last [`LOG_LINES`].
pub(super) fn keep(log: &mut Vec<String>, lines: Vec<String>) {
    for line in lines.into_iter().filter(|l| !l.is_empty()) {
        super::history::push_folded(log, line);
    }
    let extra = log.len().saturating_sub(LOG_LINES);
    log.drain(..extra);
}

/// The first map cell and the number of cells shown along one axis of `world` cells in a
/// view of `view` cells, `focus` kept in view (the terminal's camera; a smaller world is
/// shown whole from 0).
pub(crate) fn span(focus: i32, world: u32, view: u32) -> (i32, u32) {
    if world <= view { (0, world) } else { (camera_offset(focus, world as i32, view as i32), view) }
}

/// The 8-way compass word for the way from `from` to `to` ("north-east"), or `None` when
/// they are the same cell.
pub(crate) fn compass(from: Point, to: Point) -> Option<&'static str> {
    let d = from.offset_to(to);
    let (dx, dy) = (d.dx, d.dy);
    if dx == 0 && dy == 0 {
        return None;
    }
    let x = if dx.abs() * 2 < dy.abs() { 0 } else { dx.signum() };
    let y = if dy.abs() * 2 < dx.abs() { 0 } else { dy.signum() };
    Some(match (x, y) {
        (0, -1) => "north",
        (1, -1) => "north-east",
        (1, 0) => "east",
        (1, 1) => "south-east",
        (0, 1) => "south",
        (-1, 1) => "south-west",
        (-1, 0) => "west",
        _ => "north-west",
    })
}

/// The scene's cell for map point `p`: its terrain (what lies or stands on it is an
/// entity), as the terminal map draws it.
fn scene_cell(game: &Caves, p: Point) -> SceneCell {
    let cell = if game.is_visible(p) {
        game.current_level().tile(p).map(tile_cell)
    } else {
        game.remembered(p).map(|r| match super::draw::is_stairs(r.tile) {
            true => tile_cell(r.tile),
            false => remembered_cell(r.tile),
        })
    };
    let Some(cell) = cell else { return SceneCell::UNKNOWN };
    let cell = super::stairs::marked(game, p, cell);
    let known = if game.is_visible(p) { Known::Seen } else { Known::Remembered };
    SceneCell {
        terrain: cell.sprite,
        glyph: cell.glyph,
        fg: cell.fg,
        bg: cell.bg,
        light: cell.light,
        known,
    }
}

/// The creature's state the panel shows, from its kind's behaviour (the sim keeps no
/// other state): a fungus never moves, a bat flits at random, a zombie in view hunts.
fn creature_state(kind: CreatureKind) -> &'static str {
    match kind {
        CreatureKind::Fungus => "rooted",
        CreatureKind::Bat => "flitting",
        CreatureKind::Zombie => "hunting",
        CreatureKind::Player => "you",
    }
}

/// The items (seen, and remembered ones faded), then the creatures in view, the hero
/// last; as the terminal map, nothing is drawn on stairs but a creature.
fn entities(game: &Caves, map: &SceneMap) -> Vec<Entity> {
    let level = game.current_level();
    let mut items = Vec::new();
    let mut actors = Vec::new();
    let mut hero = None;
    for p in map.positions() {
        if game.is_visible(p) {
            if let Some(c) = game.visible_creature(p) {
                let (glyph, fg) = creature_look(c.kind());
                let (kind, name) = match c.kind() {
                    CreatureKind::Player => (EntityKind::Hero, "you"),
                    other => (EntityKind::Monster, other.name()),
                };
                let hp = u32::try_from(c.hp().max(0)).unwrap_or(0);
                let max = u32::try_from(c.stats().max_hp.max(0)).unwrap_or(0);
                let e = Entity::new(p, kind, name, creature_sprite(c.kind()), glyph, fg)
                    .with_health(hp, max);
                if kind == EntityKind::Hero {
                    hero = Some(e);
                } else {
                    actors.push(e.with_state(creature_state(c.kind())));
                }
            }
            let stairs = matches!(level.tile(p), Some(Tile::StairsUp | Tile::StairsDown));
            if let Some(item) = level.item(p).filter(|_| !stairs) {
                items.push(item_entity(p, item.kind, false));
            }
        } else if let Some(r) = game.remembered(p)
            && !matches!(r.tile, Tile::StairsUp | Tile::StairsDown)
            && let Some(kind) = r.item
        {
            items.push(item_entity(p, kind, true));
        }
    }
    items.extend(actors);
    items.extend(hero);
    items
}

fn item_entity(at: Point, kind: ItemKind, remembered: bool) -> Entity {
    let (glyph, fg) = item_look(kind);
    let fg = if remembered { fg.dimmed(2, 5) } else { fg };
    let mut e = Entity::new(at, EntityKind::Item, kind.name(), item_sprite(kind), glyph, fg);
    e.faded = remembered;
    e
}

/// The nearest remembered cell of the level that `wanted` picks, as the crow flies.
fn nearest_known(game: &Caves, wanted: impl Fn(Tile, Option<ItemKind>) -> bool) -> Option<Point> {
    let size = game.current_level().size();
    let at = game.player().at();
    let cells = (0..size.height as i32).flat_map(|y| (0..size.width as i32).map(move |x| (x, y)));
    cells
        .map(|(x, y)| Point::new(x, y))
        .filter(|&p| game.remembered(p).is_some_and(|r| wanted(r.tile, r.item)))
        .min_by_key(|&p| {
            let d = at.offset_to(p);
            d.dx.abs().max(d.dy.abs())
        })
}

/// What to do next and which way: the stairs down to the teddy bear's level, the bear,
/// then the way up and out.
fn goal_text(game: &Caves) -> String {
    let last = game.depth_count().saturating_sub(1);
    let at = game.player().at();
    let (what, target) = if game.hero().has_teddy_bear() {
        let what = if game.depth() == 0 {
            "Leave by the exit (<) with the teddy bear".to_string()
        } else {
            "Bring the teddy bear up (<) to level 1 and out".to_string()
        };
        (what, nearest_known(game, |t, _| t == Tile::StairsUp))
    } else if game.depth() < last {
        let what = format!("Go down (>) to level {} for the teddy bear", last + 1);
        (what, nearest_known(game, |t, _| t == Tile::StairsDown))
    } else {
        let bear = |_, i: Option<ItemKind>| i == Some(ItemKind::TeddyBear);
        ("Find the teddy bear (*) on this level".to_string(), nearest_known(game, bear))
    };
    match target.map(|t| compass(at, t)) {
        Some(Some(way)) => format!("{what}: {way}."),
        Some(None) => format!("{what}: here."),
        None => format!("{what}: not found yet."),
    }
}

/// The panel's meters: health and food.
fn meters(game: &Caves) -> Vec<Meter> {
    let p = game.player();
    let stomach = game.hero().stomach();
    let food_colour = match stomach.hunger() {
        h if h <= Hunger::Hungry => palette::DANGER,
        _ => palette::BREAD,
    };
    let n = |v: i32| u32::try_from(v.max(0)).unwrap_or(0);
    vec![
        Meter {
            label: "Health".to_string(),
            now: n(p.hp()),
            max: n(p.stats().max_hp),
            colour: status_hp_colour(game),
        },
        Meter {
            label: "Food".to_string(),
            now: n(stomach.food()),
            max: n(stomach.max_food()),
            colour: food_colour,
        },
    ]
}

/// The panel's stats: what the status line shows, and what is wielded and worn.
fn stats(game: &Caves) -> Vec<(String, String)> {
    let hero = game.hero();
    let slot_name = |slot: Option<Slot>| {
        slot.and_then(|s| hero.inventory().get(s)).map_or("nothing".to_string(), Item::name)
    };
    [
        ("Depth", format!("{} of {}", game.depth() + 1, game.depth_count())),
        ("Turn", game.turn().0.to_string()),
        ("Attack", game.attack().to_string()),
        ("Defence", game.defense().to_string()),
        ("Hunger", hero.stomach().hunger().name().to_string()),
        ("Wielding", slot_name(hero.weapon())),
        ("Wearing", slot_name(hero.armor())),
        ("Seed", crate::record::seed_shown(game.seed().0)),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect()
}

impl CavesScreen {
    /// The scene of the game in view, with a map view of at most `view` map cells, and
    /// what a prompt pushed over the map adds (`over`: its banner, cursor, goal).
    pub(super) fn scene_now(&self, view: Size, over: Over) -> Scene {
        let game = &self.game;
        let size = game.current_level().size();
        let at = game.player().at();
        let (ox, w) = span(at.x, size.width, view.width);
        let (oy, h) = span(at.y, size.height, view.height);
        let mut map = SceneMap::new(Point::new(ox, oy), Size::new(w, h));
        let cells: Vec<SceneCell> = map.positions().map(|p| scene_cell(game, p)).collect();
        map.cells = cells;
        map.entities = entities(game, &map);
        map.marks = self.marks(&over);
        map.hero = Some(at);
        Scene {
            mode: torchlit_sim::ModeId::Caves.to_string(),
            turn: game.turn().0,
            map,
            title: format!("Depth {}", game.depth() + 1),
            meters: meters(game),
            stats: stats(game),
            goal: Some(goal_text(game)),
            look: over.cursor.or(self.pointed.map(|(p, _)| p)).map(|p| self.look_at(p)),
            log: self.log_lines(),
            hints: self.hints(),
            banner: over.banner.clone().or_else(|| self.banner()),
        }
    }

    /// The path still to walk and its goal, the travel target offered, and the look
    /// cursor (the look cursor's, else a right-click's).
    fn marks(&self, over: &Over) -> Vec<Mark> {
        let mut marks = Vec::new();
        let path = self.game.planned_path();
        if self.running.is_some() {
            let goal = match self.running {
                Some(Auto::Cell(p)) => Some(p),
                _ => path.first().copied(),
            };
            let steps = path.iter().skip(usize::from(goal == path.first().copied()));
            marks.extend(steps.map(|&at| Mark { at, kind: MarkKind::Path }));
            marks.extend(goal.map(|at| Mark { at, kind: MarkKind::Goal }));
        }
        marks.extend(over.goal.map(|at| Mark { at, kind: MarkKind::Goal }));
        let inspected = self.pointed.filter(|(_, inspect)| *inspect).map(|(p, _)| p);
        let cursor = over.cursor.or(inspected);
        marks.extend(cursor.map(|at| Mark { at, kind: MarkKind::Cursor }));
        marks
    }

    /// The messages so far, oldest first, the current ones last.
    fn log_lines(&self) -> Vec<LogLine> {
        let shown = self.log.len() + self.messages.len();
        let skip = shown.saturating_sub(LOG_LINES);
        self.log
            .iter()
            .chain(self.messages.iter())
            .filter(|l| !l.is_empty())
            .skip(skip)
            .map(|text| LogLine { text: text.clone(), colour: Rgb::WHITE })
            .collect()
    }

    /// The main keys, as the keymap has them.
    fn hints(&self) -> Vec<(String, String)> {
        let main = [
            (CavesCommand::Explore, "explore"),
            (CavesCommand::Travel, "travel to stairs"),
            (CavesCommand::Rest, "rest"),
            (CavesCommand::PickUp, "pick up"),
            (CavesCommand::Inventory, "inventory"),
            (CavesCommand::Eat, "eat"),
            (CavesCommand::Wear, "wear or wield"),
            (CavesCommand::Descend, "go down"),
            (CavesCommand::Ascend, "go up"),
            (CavesCommand::Look, "look"),
            (CavesCommand::History, "messages"),
            (CavesCommand::Help, "help"),
        ];
        main.into_iter()
            .filter_map(|(c, what)| {
                keys_of(&self.keymap, c).into_iter().next().map(|k| (k, what.to_string()))
            })
            .collect()
    }

    /// The run's end, a press under way, or a page of messages waiting (a prompt over
    /// the map has its own banner).
    fn banner(&self) -> Option<String> {
        match self.game.outcome() {
            Some(Outcome::Won) => return Some("You escaped with the teddy bear!".to_string()),
            Some(Outcome::Lost(_)) => return Some("You died.".to_string()),
            None => {}
        }
        if self.running.is_some() {
            return Some("On the way (any key or click stops).".to_string());
        }
        self.next_page().map(|_| "--More-- (any key)".to_string())
    }

    /// Answers the mouse over the scene (see the module's docs).
    pub(crate) fn on_mouse(&mut self, event: Mouse) -> Transition {
        match event {
            Mouse::Hover(p) => self.pointed = Some((p, false)),
            Mouse::Inspect(p) => self.pointed = Some((p, true)),
            Mouse::Leave => self.pointed = None,
            Mouse::Click(p) => self.click(p),
            Mouse::Text(..) => {}
        }
        Transition::Stay
    }

    /// The mouse under a prompt over the map: a hover, an inspect or a leave changes what
    /// the look text describes; clicks are the prompt's.
    pub(super) fn point(&mut self, event: Mouse) {
        if matches!(event, Mouse::Hover(_) | Mouse::Inspect(_) | Mouse::Leave) {
            self.on_mouse(event);
        }
    }

    /// A click on map cell `p`.
    fn click(&mut self, p: Point) {
        if self.running.is_some() {
            self.handle(Input::Esc);
            return;
        }
        let game = &self.game;
        let at = game.player().at();
        if p == at {
            if game.current_level().item(at).is_some() {
                self.act(Action::PickUp);
            }
            return;
        }
        let monster = game.visible_creature(p).is_some_and(|c| c.kind() != CreatureKind::Player);
        match Direction::from_offset(at.offset_to(p)) {
            Some(dir) if monster => self.act(Action::Move(dir)),
            _ if game.is_visible(p) || game.remembered(p).is_some() => self.start(Auto::Cell(p)),
            _ => self.say("You have not seen that place."),
        }
    }
}

#[cfg(test)]
#[path = "scene_tests.rs"]
mod tests;
