//! What a graphical front end draws of a screen: a [`Scene`], at one tile per map cell.
//!
//! A terminal draws a screen's [`crate::Frame`], where a map cell may span several
//! characters and a cue may be only a background colour. A tiles front end (the browser,
//! a desktop window) draws the screen's [`Scene`] instead: the map cells in view with
//! their terrain and light, the entities (actors and items) on them with a name and a
//! health fraction, [`Mark`]s over them (a look cursor, the cells a monster sees, a
//! travel path), and the side panel's data (stats, goal, message log, key hints). The
//! front end chooses the tile size; the screen chooses the camera, given how many cells
//! fit ([`crate::Screen::scene`]).
//!
//! Coordinates: map space, `(0, 0)` the map's top-left cell, `x` east, `y` south, one
//! unit one map cell, whatever the mode draws in a terminal.

use crate::{Rgb, Sprite};

pub use torchlit_geom::{Point, Size};

/// How much the player knows of a map cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Known {
    /// Never seen: draw nothing (black).
    #[default]
    Unknown,
    /// Seen before, not now: draw dimmed, without the entities on it.
    Remembered,
    /// In view now.
    Seen,
}

/// One map cell of a [`SceneMap`]: its terrain as a sprite and as a glyph.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SceneCell {
    /// The terrain's sprite ([`Sprite::NONE`] for unknown cells).
    pub terrain: Sprite,
    /// The glyph the glyph view draws when no entity stands here (one per map cell).
    pub glyph: char,
    /// The glyph's colour.
    pub fg: Rgb,
    /// The cell's background colour in the glyph view.
    pub bg: Rgb,
    /// Light level, 0 (dark) to 255 (full light): the tile is dimmed by it.
    pub light: u8,
    /// What the player knows of the cell.
    pub known: Known,
}

impl SceneCell {
    /// A cell never seen.
    pub const UNKNOWN: SceneCell = SceneCell {
        terrain: Sprite::NONE,
        glyph: ' ',
        fg: Rgb::BLACK,
        bg: Rgb::BLACK,
        light: 0,
        known: Known::Unknown,
    };
}

impl Default for SceneCell {
    fn default() -> SceneCell {
        SceneCell::UNKNOWN
    }
}

/// What an entity is, for the side panel's lists and the mouse.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EntityKind {
    /// The player's own character.
    Hero,
    /// A creature that may harm the hero.
    #[default]
    Monster,
    /// A creature that won't (a bystander, a sleeping log before it wakes is still a
    /// monster).
    Neutral,
    /// Something lying on the ground or standing still: an item, a chest, a key.
    Item,
}

/// An actor or item on a map cell, drawn over the terrain.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Entity {
    /// Its map cell.
    pub at: Point,
    /// Its sprite.
    pub sprite: Sprite,
    /// Its glyph in the glyph view.
    pub glyph: char,
    /// The glyph's colour.
    pub fg: Rgb,
    /// The name the game gives it ("bat", "goblin", "the teddy bear").
    pub name: String,
    /// What it is.
    pub kind: EntityKind,
    /// Health now and at most, when it has health the player may see: a life bar is
    /// drawn over its tile.
    pub health: Option<(u32, u32)>,
    /// A short state the panel shows after the name ("asleep", "hunting", "immune").
    pub state: Option<String>,
    /// Drawn faded (blinking immunity, a remembered item).
    pub faded: bool,
}

impl Entity {
    /// An entity with a name, a sprite and a glyph; no health, no state.
    pub fn new(
        at: Point,
        kind: EntityKind,
        name: impl Into<String>,
        sprite: Sprite,
        glyph: char,
        fg: Rgb,
    ) -> Entity {
        Entity {
            at,
            sprite,
            glyph,
            fg,
            name: name.into(),
            kind,
            health: None,
            state: None,
            faded: false,
        }
    }

    /// The same entity with a health fraction (`now` of `max`).
    pub fn with_health(mut self, now: u32, max: u32) -> Entity {
        self.health = Some((now, max));
        self
    }

    /// The same entity with a state shown after its name.
    pub fn with_state(mut self, state: impl Into<String>) -> Entity {
        self.state = Some(state.into());
        self
    }
}

/// What a [`Mark`] shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MarkKind {
    /// The look or aim cursor.
    Cursor,
    /// A cell a monster sees, or where stepping is dangerous (drawn as a red tint).
    Danger,
    /// A cell on the travel path.
    Path,
    /// The cell the player is heading for (a travel goal, a chosen target).
    Goal,
    /// A projectile or effect in flight, with its sprite.
    Effect(Sprite),
}

/// Something drawn over a map cell's terrain and entity, never instead of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mark {
    /// Its map cell.
    pub at: Point,
    /// What it shows.
    pub kind: MarkKind,
}

/// The map part of a [`Scene`]: the cells in view, the entities on them, the marks.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SceneMap {
    /// The map cell drawn at the view's top-left corner.
    pub origin: Point,
    /// The view's width and height in map cells.
    pub size: Size,
    /// `size.width * size.height` cells, row by row from `origin`.
    pub cells: Vec<SceneCell>,
    /// The actors and items in view (and remembered items), hero included, drawn in
    /// this order.
    pub entities: Vec<Entity>,
    /// The marks, drawn in this order over the cells and the entities.
    pub marks: Vec<Mark>,
    /// The hero's map cell, when the hero is on the map.
    pub hero: Option<Point>,
}

impl SceneMap {
    /// A view of `size` map cells from `origin`, every cell unknown.
    pub fn new(origin: Point, size: Size) -> SceneMap {
        let n = size.width as usize * size.height as usize;
        SceneMap {
            origin,
            size,
            cells: vec![SceneCell::UNKNOWN; n],
            entities: Vec::new(),
            marks: Vec::new(),
            hero: None,
        }
    }

    /// The index in [`SceneMap::cells`] of map cell `at`, when it is in view.
    pub fn index(&self, at: Point) -> Option<usize> {
        let (x, y) = (at.x.checked_sub(self.origin.x)?, at.y.checked_sub(self.origin.y)?);
        let (x, y) = (u32::try_from(x).ok()?, u32::try_from(y).ok()?);
        (x < self.size.width && y < self.size.height)
            .then(|| y as usize * self.size.width as usize + x as usize)
    }

    /// Map cell `at`, when it is in view.
    pub fn cell(&self, at: Point) -> Option<&SceneCell> {
        self.index(at).and_then(|i| self.cells.get(i))
    }

    /// Sets map cell `at` (nothing when it is out of view).
    pub fn set(&mut self, at: Point, cell: SceneCell) {
        if let Some(c) = self.index(at).and_then(|i| self.cells.get_mut(i)) {
            *c = cell;
        }
    }

    /// The map cells of the view, row by row, with their positions.
    pub fn positions(&self) -> impl Iterator<Item = Point> + '_ {
        let (w, h) = (self.size.width as i32, self.size.height as i32);
        let o = self.origin;
        (0..h).flat_map(move |y| (0..w).map(move |x| Point::new(o.x + x, o.y + y)))
    }

    /// The view as text, one character per map cell: an entity's glyph where one stands
    /// (the last drawn), else the cell's glyph, a space where nothing is known. What the
    /// glyph view draws, and what the browser's test hook reports.
    pub fn rows(&self) -> Vec<String> {
        let (w, h) = (self.size.width as usize, self.size.height as usize);
        let mut glyphs: Vec<char> = self
            .cells
            .iter()
            .map(|c| if c.known == Known::Unknown { ' ' } else { c.glyph })
            .collect();
        for e in &self.entities {
            if let Some(i) = self.index(e.at) {
                glyphs[i] = e.glyph;
            }
        }
        (0..h).map(|y| glyphs[y * w..(y + 1) * w].iter().collect()).collect()
    }
}

/// One line of the message log.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LogLine {
    /// The message.
    pub text: String,
    /// Its colour.
    pub colour: Rgb,
}

/// A bar of the side panel (health, food, time): `now` of `max`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Meter {
    /// What it measures ("Health").
    pub label: String,
    /// How much there is now.
    pub now: u32,
    /// How much there can be.
    pub max: u32,
    /// The bar's colour.
    pub colour: Rgb,
}

/// Everything a tiles front end draws of a screen.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Scene {
    /// The mode's name (`"caves"`, `"overworld"`, `"maze"`, `"chase"`, `"ultima"`).
    pub mode: String,
    /// The game's turn or tick count.
    pub turn: u64,
    /// The map in view.
    pub map: SceneMap,
    /// The panel's title line ("Depth 3", "Area 2 of 4").
    pub title: String,
    /// The panel's meters.
    pub meters: Vec<Meter>,
    /// The panel's other stats, as label and value ("Turn", "120").
    pub stats: Vec<(String, String)>,
    /// What the player is after, and where ("The exit is north-east").
    pub goal: Option<String>,
    /// What the look cursor, the mouse or a right-click points at, in words.
    pub look: Option<String>,
    /// The message log, oldest first (the newest at the end; the front end shows the
    /// last ones and lets the player scroll back).
    pub log: Vec<LogLine>,
    /// The key hints: key and what it does (`("o", "explore")`).
    pub hints: Vec<(String, String)>,
    /// A line the front end shows over the map until it changes (a death, a pause, a
    /// won game); none when there is nothing to say.
    pub banner: Option<String>,
}

/// What the mouse did, in map space when it is over the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mouse {
    /// The pointer is over map cell `at` (sent when it enters a new cell).
    Hover(Point),
    /// The pointer left the map.
    Leave,
    /// Map cell `at` was clicked with the main button (travel, attack, step).
    Click(Point),
    /// Map cell `at` was clicked with the other button or long-pressed (look).
    Inspect(Point),
    /// A text screen's cell (screen space: column, row of its [`crate::Frame`]) was
    /// clicked: menus choose the line clicked.
    Text(u16, u16),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_map_view_indexes_its_cells_from_the_origin() {
        let p = Point::new;
        let mut m = SceneMap::new(p(10, 5), Size::new(3, 2));
        assert_eq!(m.index(p(10, 5)), Some(0));
        assert_eq!(m.index(p(12, 6)), Some(5));
        assert_eq!(m.index(p(13, 6)), None);
        assert_eq!(m.index(p(9, 5)), None);
        assert_eq!(m.index(p(10, 7)), None);
        let floor = SceneCell {
            terrain: Sprite::new("floor"),
            glyph: '.',
            fg: Rgb::WHITE,
            bg: Rgb::BLACK,
            light: 255,
            known: Known::Seen,
        };
        m.set(p(11, 5), floor);
        m.set(p(12, 6), SceneCell { known: Known::Remembered, glyph: '#', ..floor });
        m.set(p(40, 40), floor);
        let rock =
            Entity::new(p(12, 6), EntityKind::Item, "rock", Sprite::new("stone"), ',', Rgb::WHITE);
        m.entities.push(rock);
        assert_eq!(m.rows(), vec![" . ".to_string(), "  ,".to_string()]);
        assert_eq!(m.positions().nth(4), Some(p(11, 6)));
    }
}
