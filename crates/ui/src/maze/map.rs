//! The map page: the whole area as explored, two map rows per screen row.

use super::*;
use torchlit_geom::Point;

impl MazeScreen {
    /// Cells per map cell: `(columns, rows)`. The view shows about `min(1.375 × size,
    /// 30)` cells across (ICMaze's dynamic scale factor), at 2 or 4 columns per cell.
    fn scale(&self, w: i32, view_h: i32) -> i32 {
        let size = self.game.area().size() as f64;
        let cells = (size * 1.375).clamp(1.0, 30.0) as i32;
        let grid = self.game.area().cells().size().width as i32;
        let rows = (view_h / cells).max(1);
        let cols = (w / (2 * grid.min(cells))).max(1);
        rows.min(cols).clamp(1, 4)
    }

    /// What the view of `w × view_h` screen cells shows now.
    pub(super) fn window(&self, w: i32, view_h: i32) -> Window {
        let s = self.scale(w, view_h);
        let grid = self.game.area().cells().size();
        let (cells_w, cells_h) = (w / (2 * s), view_h / s);
        let hero = self.game.player().at();
        Window {
            s,
            cells_w,
            cells_h,
            ox: camera_offset(hero.x, grid.width as i32, cells_w),
            oy: camera_offset(hero.y, grid.height as i32, cells_h),
            pad_x: (w - cells_w * 2 * s) / 2,
        }
    }

    /// The whole area, two map rows per screen row (`▀` with the upper cell's colour in
    /// front and the lower one's behind) and two columns per cell when they fit; cells
    /// never on screen stay black.
    pub(super) fn render_map(&self, frame: &mut Frame, w: i32, view_h: i32) {
        let area = self.game.area();
        let grid = area.cells().size();
        let (gw, gh) = (grid.width as i32, grid.height as i32);
        let cols = if 2 * gw <= w { 2 } else { 1 };
        let x0 = ((w - cols * gw) / 2).max(0);
        let y0 = ((view_h - (gh + 1) / 2) / 2).max(0);
        let mut colours: Vec<Rgb> = vec![palette::BACKGROUND; grid.area()];
        let index = |p: Point| (p.y as usize) * grid.width as usize + p.x as usize;
        for (p, &c) in area.cells().iter() {
            if self.is_explored(p) {
                colours[index(p)] = map_colour(look::cell(c));
            }
        }
        for (_, t) in area.present_things() {
            let colour = match t {
                Thing::Portal(p) => {
                    for c in p.cells() {
                        if grid.contains(c) && self.is_explored(c) {
                            colours[index(c)] = map_colour(look::portal(p.state(), p.side()));
                        }
                    }
                    continue;
                }
                Thing::Rock(_) => palette::MAZE_WALL,
                Thing::Key(_) => palette::KEY,
                Thing::Heart(_) => palette::HEART,
                Thing::Pickaxe(_) => palette::PICKAXE,
                Thing::Treasure(_) => palette::TREASURE,
                Thing::LogMonster(_) => palette::MAP_MONSTER,
                Thing::Boss(_) => palette::MAP_BOSS,
                Thing::Projectile(_) => continue,
            };
            let p = t.at();
            if grid.contains(p) && self.is_explored(p) {
                colours[index(p)] = colour;
            }
        }
        let hero = self.game.player().at();
        if grid.contains(hero) {
            colours[index(hero)] = palette::MAP_HERO;
        }
        for sy in 0..(gh + 1) / 2 {
            for x in 0..gw {
                let top = colours[index(Point::new(x, 2 * sy))];
                let bottom = if 2 * sy + 1 < gh {
                    colours[index(Point::new(x, 2 * sy + 1))]
                } else {
                    palette::BACKGROUND
                };
                let cell = if top == bottom {
                    if top == palette::BACKGROUND { Cell::BLANK } else { Cell::new('█', top) }
                } else {
                    Cell { bg: bottom, ..Cell::new('▀', top) }
                };
                for dx in 0..cols {
                    frame.set(Point::new(x0 + cols * x + dx, y0 + sy), cell);
                }
            }
        }
    }
}

/// One colour for a cell's look on the map: walls their glyph colour, the rest their
/// background.
fn map_colour(l: Look) -> Rgb {
    if l.fill { l.fg } else { l.bg }
}
