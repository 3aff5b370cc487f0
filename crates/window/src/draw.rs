//! The pure renderer: a [`Scene`] or a [`Frame`] into a pixel buffer, no window needed.
//!
//! Screen layout of a scene (pixels, `(0, 0)` top-left): the map on the left, a message
//! log under it, the side panel on the right. The map area shows as many whole tiles
//! as fit; the scene's view (at most that many cells) is centred in it.

use torchlit_console::scene::{EntityKind, Known, MarkKind, Point, SceneCell, Size};
use torchlit_console::{Cell, Frame, Rgb, Scene, Sprite, palette};

use crate::WindowError;
use crate::canvas::{Canvas, rgb};
use crate::font::{Font, wrap};
use crate::tiles::{Atlas, Tile};

/// The smallest and largest tile side, in pixels.
pub const ZOOM: std::ops::RangeInclusive<u32> = 16..=64;
/// The tile side a window opens with, in pixels.
pub const DEFAULT_TILE: u32 = 32;
/// Text size of the panel, the log and text pages at scale factor 1, in pixels.
pub const TEXT_PX: u32 = 16;
/// Lines of the message log under the map.
const LOG_LINES: u32 = 6;

/// A rectangle in pixels.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Area {
    /// Left edge.
    pub x: i32,
    /// Top edge.
    pub y: i32,
    /// Width.
    pub w: i32,
    /// Height.
    pub h: i32,
}

/// Where a scene's map was drawn: what the mouse needs to find a map cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Placement {
    /// The map area of the window (tiles are drawn inside it).
    pub area: Area,
    /// The pixel of the top-left corner of map cell `origin`.
    pub at: (i32, i32),
    /// The tile side in pixels.
    pub tile: u32,
    /// The map cell drawn at `at`.
    pub origin: Point,
    /// The map cells drawn, wide and high.
    pub size: Size,
}

impl Placement {
    /// The map cell under pixel (`x`, `y`), when a drawn cell is there.
    pub fn cell_at(&self, x: f64, y: f64) -> Option<Point> {
        let t = f64::from(self.tile.max(1));
        let (cx, cy) =
            (((x - f64::from(self.at.0)) / t).floor(), ((y - f64::from(self.at.1)) / t).floor());
        let inside = cx >= 0.0
            && cy >= 0.0
            && cx < f64::from(self.size.width)
            && cy < f64::from(self.size.height);
        inside.then(|| Point::new(self.origin.x + cx as i32, self.origin.y + cy as i32))
    }
}

/// The renderer: the atlas scaled to the tile size, the font, the view options.
pub struct Renderer {
    atlas: Atlas,
    font: Font,
    scaled: Vec<Tile>,
    scaled_side: u32,
    /// Tile side in pixels ([`ZOOM`]).
    pub tile: u32,
    /// Text size in pixels (the panel, the log, text pages).
    pub text_px: u32,
    /// Draw glyphs instead of tiles (F2).
    pub glyphs: bool,
}

impl Renderer {
    /// A renderer with the bundled atlas and font, 32 px tiles, 16 px text.
    ///
    /// # Errors
    /// Only if the bundled assets are damaged.
    pub fn new() -> Result<Renderer, WindowError> {
        Renderer::with_atlas(Atlas::builtin()?)
    }

    /// A renderer drawing tiles from `atlas` (`--tileset`-like), with the bundled font.
    ///
    /// # Errors
    /// Only if the bundled font is damaged.
    pub fn with_atlas(atlas: Atlas) -> Result<Renderer, WindowError> {
        Ok(Renderer {
            atlas,
            font: Font::builtin()?,
            scaled: Vec::new(),
            scaled_side: 0,
            tile: DEFAULT_TILE,
            text_px: TEXT_PX,
            glyphs: false,
        })
    }

    /// Sets the tile side, clamped to [`ZOOM`].
    pub fn set_tile(&mut self, side: i64) {
        self.tile = side.clamp(i64::from(*ZOOM.start()), i64::from(*ZOOM.end())) as u32;
    }

    /// The map area and the log and panel areas of a `w x h` window.
    pub fn areas(&self, w: u32, h: u32) -> (Area, Area, Area) {
        let (w, h) = (w as i32, h as i32);
        let cell = self.font.cell(self.text_px);
        let panel_w =
            (w * 28 / 100).clamp(cell.width as i32 * 24, cell.width as i32 * 40).min(w / 2);
        let log_h = ((LOG_LINES * cell.height + 8) as i32).min(h / 3);
        let map = Area { x: 0, y: 0, w: w - panel_w, h: h - log_h };
        let log = Area { x: 0, y: h - log_h, w: w - panel_w, h: log_h };
        let panel = Area { x: w - panel_w, y: 0, w: panel_w, h };
        (map, log, panel)
    }

    /// How many map cells fit in the map area of a `w x h` window (what to ask
    /// [`torchlit_console::Screen::scene`] for).
    pub fn view(&self, w: u32, h: u32) -> Size {
        let (map, _, _) = self.areas(w, h);
        let t = self.tile.max(1) as i32;
        Size::new((map.w / t).max(1) as u32, (map.h / t).max(1) as u32)
    }

    /// Draws `scene` into `buf` (`w * h` pixels, `0x00RRGGBB`, row by row): the map,
    /// the log and the panel. Returns where the map went, for the mouse.
    pub fn draw(&mut self, scene: &Scene, buf: &mut [u32], w: u32, h: u32) -> Placement {
        if self.scaled_side != self.tile {
            self.scaled = self.atlas.scaled(self.tile);
            self.scaled_side = self.tile;
        }
        let mut canvas = Canvas::new(buf, w, h);
        let (map, log, panel) = self.areas(w, h);
        let t = self.tile as i32;
        let size = scene.map.size;
        let (cols, rows) = (size.width as i32, size.height as i32);
        let at = (map.x + (map.w - cols * t).max(0) / 2, map.y + (map.h - rows * t).max(0) / 2);
        // Black around the map (the map, the log and the panel cover the rest).
        let (gw, gh) = (cols * t, rows * t);
        canvas.fill(map.x, map.y, map.w, at.1 - map.y, 0);
        canvas.fill(map.x, at.1 + gh, map.w, map.y + map.h - at.1 - gh, 0);
        canvas.fill(map.x, at.1, at.0 - map.x, gh, 0);
        canvas.fill(at.0 + gw, at.1, map.x + map.w - at.0 - gw, gh, 0);
        if scene.map.cells.len() < (cols * rows).max(0) as usize {
            canvas.fill(at.0, at.1, gw, gh, 0);
        }
        let place = Placement { area: map, at, tile: self.tile, origin: scene.map.origin, size };
        self.draw_cells(&mut canvas, scene, &place);
        self.draw_entities(&mut canvas, scene, &place);
        self.draw_marks(&mut canvas, scene, &place);
        if let Some(banner) = &scene.banner {
            self.draw_banner(&mut canvas, banner, map);
        }
        self.draw_log(&mut canvas, scene, log);
        crate::panel::draw(&mut self.font, self.text_px, &mut canvas, scene, panel);
        place
    }

    /// The terrain: glyph cells drawn at once, tiles planned per cell and then copied
    /// line by line across the whole map (one pass down the buffer, not 32 rows per
    /// tile).
    fn draw_cells(&mut self, canvas: &mut Canvas<'_>, scene: &Scene, place: &Place) {
        let m = &scene.map;
        let (w, h) = (m.size.width as i32, m.size.height as i32);
        let t = self.tile as i32;
        let mut plan = vec![Blit::Skip; (w * h).max(0) as usize];
        let mut memo: Vec<(Sprite, u8, Option<usize>)> = Vec::new();
        for (i, cell) in m.cells.iter().enumerate().take(plan.len()) {
            let (x, y) = (i as i32 % w, i as i32 / w);
            let (px, py) = (place.at.0 + x * t, place.at.1 + y * t);
            if cell.known == Known::Unknown {
                plan[i] = Blit::Black;
                continue;
            }
            let tile = if self.glyphs {
                None
            } else {
                let mask = self.mask(m, x, y);
                let found = memo.iter().find(|(s, k, _)| *s == cell.terrain && *k == mask);
                found.map(|f| f.2).unwrap_or_else(|| {
                    let ti = self.atlas.tile(cell.terrain, mask);
                    memo.push((cell.terrain, mask, ti));
                    ti
                })
            };
            match tile {
                Some(ti) => plan[i] = Blit::Tile(ti, light_of(cell)),
                None => self.glyph_cell(canvas, (px, py), cell.glyph, cell.fg, cell.bg, cell.known),
            }
        }
        for y in 0..h {
            for line in 0..t {
                let py = place.at.1 + y * t + line;
                for x in 0..w {
                    let px = place.at.0 + x * t;
                    match plan[(y * w + x) as usize] {
                        Blit::Skip => {}
                        Blit::Black => canvas.fill(px, py, t, 1, 0),
                        Blit::Tile(ti, light) => {
                            canvas.tile_row(&self.scaled[ti], px, py, line, light)
                        }
                    }
                }
            }
        }
    }

    /// The autotile mask of map view cell (`x`, `y`): which cardinal neighbours have its
    /// terrain (N = 1, E = 2, S = 4, W = 8; past the view's edge counts as the same).
    fn mask(&self, m: &torchlit_console::scene::SceneMap, x: i32, y: i32) -> u8 {
        let (w, h) = (m.size.width as i32, m.size.height as i32);
        let Some(me) = m.cells.get((y * w + x) as usize).map(|c| c.terrain) else { return 0 };
        if !self.atlas.joins(me) {
            return 0;
        }
        let same = |dx: i32, dy: i32| {
            let (x, y) = (x + dx, y + dy);
            let inside = x >= 0 && y >= 0 && x < w && y < h;
            !inside || m.cells.get((y * w + x) as usize).is_none_or(|c| c.terrain == me)
        };
        u8::from(same(0, -1))
            | (u8::from(same(1, 0)) << 1)
            | (u8::from(same(0, 1)) << 2)
            | (u8::from(same(-1, 0)) << 3)
    }

    /// One map cell as its glyph on its background (the glyph view, or a sprite the atlas
    /// lacks).
    fn glyph_cell(
        &mut self,
        canvas: &mut Canvas<'_>,
        at: (i32, i32),
        glyph: char,
        fg: Rgb,
        bg: Rgb,
        known: Known,
    ) {
        let t = self.tile as i32;
        let (fg, bg) = match known {
            Known::Remembered => (fg.dimmed(2, 5), bg.dimmed(2, 5)),
            _ => (fg, bg),
        };
        canvas.fill(at.0, at.1, t, t, rgb(bg));
        self.centred_glyph(canvas, at, glyph, rgb(fg));
    }

    /// `glyph` centred in the tile at `at`.
    fn centred_glyph(&mut self, canvas: &mut Canvas<'_>, at: (i32, i32), glyph: char, colour: u32) {
        let t = self.tile as i32;
        let px = (self.tile * 4 / 5).max(8);
        let cell = self.font.cell(px);
        let pen = (
            at.0 + (t - cell.width as i32) / 2,
            at.1 + (t - cell.height as i32) / 2 + cell.ascent as i32,
        );
        self.font.draw_char(canvas, glyph, px, pen, colour);
    }

    fn draw_entities(&mut self, canvas: &mut Canvas<'_>, scene: &Scene, place: &Place) {
        let t = self.tile as i32;
        for e in &scene.map.entities {
            let Some(cell) = scene.map.cell(e.at) else { continue };
            if cell.known == Known::Unknown {
                continue;
            }
            let (px, py) = cell_px(place, e.at, t);
            let opacity = if e.faded { 128 } else { 255 };
            let tile = (!self.glyphs).then(|| self.atlas.tile(e.sprite, 0)).flatten();
            match tile {
                Some(ti) => canvas.tile(&self.scaled[ti], px, py, light_of(cell).max(200), opacity),
                None => {
                    let fg = if e.faded { e.fg.dimmed(1, 2) } else { e.fg };
                    if self.glyphs {
                        canvas.fill(px, py, t, t, rgb(cell.bg));
                    }
                    self.centred_glyph(canvas, (px, py), e.glyph, rgb(fg));
                }
            }
            if let Some((now, max)) = e.health {
                let colour = if e.kind == EntityKind::Hero {
                    palette::BAR_PLAYER
                } else {
                    palette::BAR_ENEMY
                };
                life_bar(canvas, (px, py), t, (now, max), rgb(colour));
            }
        }
    }

    fn draw_marks(&mut self, canvas: &mut Canvas<'_>, scene: &Scene, place: &Place) {
        let t = self.tile as i32;
        let thick = (t / 16).max(2);
        for mark in &scene.map.marks {
            if scene.map.index(mark.at).is_none() {
                continue;
            }
            let (px, py) = cell_px(place, mark.at, t);
            match mark.kind {
                MarkKind::Cursor => canvas.outline(px, py, t, t, thick, CURSOR),
                MarkKind::Goal => canvas.outline(
                    px + thick,
                    py + thick,
                    t - 2 * thick,
                    t - 2 * thick,
                    thick,
                    GOAL,
                ),
                MarkKind::Danger => canvas.tint(px, py, t, t, DANGER, 96),
                MarkKind::Path => {
                    let d = (t / 6).max(2);
                    canvas.fill(px + (t - d) / 2, py + (t - d) / 2, d, d, PATH);
                }
                MarkKind::Effect(sprite) => match self.atlas.tile(sprite, 0) {
                    Some(ti) if !self.glyphs => canvas.tile(&self.scaled[ti], px, py, 255, 255),
                    _ => self.centred_glyph(canvas, (px, py), '*', PATH),
                },
            }
        }
    }

    fn draw_banner(&mut self, canvas: &mut Canvas<'_>, banner: &str, map: Area) {
        let cell = self.font.cell(self.text_px);
        let cols = ((map.w - 32) / cell.width as i32).max(1) as usize;
        let lines = wrap(banner, cols);
        let lh = cell.height as i32;
        let longest = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0) as i32;
        let bw = longest * cell.width as i32 + 24;
        let bh = lines.len() as i32 * lh + 16;
        let (bx, by) = (map.x + (map.w - bw) / 2, map.y + 16);
        canvas.tint(bx, by, bw, bh, 0, 200);
        canvas.outline(bx, by, bw, bh, 1, rgb(palette::BANNER));
        for (i, line) in lines.iter().enumerate() {
            let at = (bx + 12, by + 8 + i as i32 * lh);
            self.font.draw_text(canvas, line, self.text_px, at, bw - 24, rgb(palette::BANNER));
        }
    }

    fn draw_log(&mut self, canvas: &mut Canvas<'_>, scene: &Scene, log: Area) {
        canvas.fill(log.x, log.y, log.w, log.h, rgb(palette::PANEL_DARK));
        let lh = self.font.cell(self.text_px).height as i32;
        let fit = ((log.h - 8) / lh.max(1)).max(0) as usize;
        let first = scene.log.len().saturating_sub(fit);
        for (i, line) in scene.log[first..].iter().enumerate() {
            let at = (log.x + 8, log.y + 4 + i as i32 * lh);
            self.font.draw_text(canvas, &line.text, self.text_px, at, log.w - 16, rgb(line.colour));
        }
    }

    /// The text grid of a `w x h` window: columns and rows, and a cell's size in pixels.
    pub fn grid(&self, w: u32, h: u32) -> (u16, u16, u32, u32) {
        let cell = self.font.cell(self.text_px);
        let cols = (w / cell.width.max(1)).clamp(1, u32::from(u16::MAX)) as u16;
        let rows = (h / cell.height.max(1)).clamp(1, u32::from(u16::MAX)) as u16;
        (cols, rows, cell.width, cell.height)
    }

    /// Draws a text screen's `frame` as a character grid in the font (cell size from the
    /// font's metrics, top-left aligned).
    pub fn draw_frame(&mut self, frame: &Frame, buf: &mut [u32], w: u32, h: u32) {
        let mut canvas = Canvas::new(buf, w, h);
        canvas.clear(0);
        let cell = self.font.cell(self.text_px);
        let (cw, ch) = (cell.width as i32, cell.height as i32);
        for y in 0..frame.height() {
            for x in 0..frame.width() {
                let Some(c) = frame.cell(Point::new(i32::from(x), i32::from(y))) else { continue };
                let (px, py) = (i32::from(x) * cw, i32::from(y) * ch);
                if c.bg != Rgb::BLACK {
                    canvas.fill(px, py, cw, ch, rgb(c.bg));
                }
                let fg = if c.bold { brighter(c) } else { rgb(c.fg) };
                self.font.draw_char(
                    &mut canvas,
                    c.glyph,
                    self.text_px,
                    (px, py + cell.ascent as i32),
                    fg,
                );
            }
        }
    }

    /// The font (the panel draws with it).
    pub fn font_mut(&mut self) -> &mut Font {
        &mut self.font
    }
}

type Place = Placement;

/// What a map cell's terrain needs drawn, planned before the copying.
#[derive(Clone, Copy)]
enum Blit {
    /// Already drawn (as a glyph).
    Skip,
    /// Unknown: black.
    Black,
    /// A tile of the scaled atlas at a light level.
    Tile(usize, u8),
}

/// A bold cell's colour: a little brighter.
fn brighter(c: &Cell) -> u32 {
    let up = |v: u8| v.saturating_add(25);
    rgb(Rgb(up(c.fg.0), up(c.fg.1), up(c.fg.2)))
}

/// The light a cell's tile is drawn at: remembered cells dimmed.
fn light_of(cell: &SceneCell) -> u8 {
    match cell.known {
        Known::Remembered => cell.light.min(Cell::REMEMBERED_LIGHT),
        _ => cell.light,
    }
}

/// The pixel of map cell `at`'s top-left corner.
fn cell_px(place: &Place, at: Point, t: i32) -> (i32, i32) {
    (place.at.0 + (at.x - place.origin.x) * t, place.at.1 + (at.y - place.origin.y) * t)
}

/// A life bar along the top of a tile.
fn life_bar(canvas: &mut Canvas<'_>, at: (i32, i32), t: i32, (now, max): (u32, u32), colour: u32) {
    let h = (t / 8).max(3);
    let w = t - 4;
    let full =
        if max == 0 { 0 } else { (i64::from(w) * i64::from(now.min(max)) / i64::from(max)) as i32 };
    canvas.fill(at.0 + 1, at.1, w + 2, h + 2, 0);
    canvas.fill(at.0 + 2, at.1 + 1, w, h, rgb(palette::BAR_EMPTY));
    canvas.fill(at.0 + 2, at.1 + 1, full, h, colour);
}

/// The look cursor's outline.
const CURSOR: u32 = 0x00FF_E040;
/// A travel goal's outline.
const GOAL: u32 = 0x0040_E0FF;
/// A path dot.
const PATH: u32 = 0x00FF_D070;
/// The danger tint.
pub const DANGER: u32 = 0x00FF_2020;
