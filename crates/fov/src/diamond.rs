//! libtcod's `FOV_DIAMOND`: diamond raycasting (`fov_diamond_raycasting.c`), which
//! libtcod's `fov_types.h` says is based on the Temerra "LOS rays" article
//! (`oocities.org/temerra/los_rays.html`): Bresenham line shadows cast per tile.
//!
//! Rays grow outwards from the origin in a diamond (breadth first, by Manhattan distance);
//! each tile merges the obscurity vectors of the one or two tiles it grew from (along x
//! and along y), and a wall starts a new obscurity vector `(|dx|, |dy|)`.

use torchlit_geom::{Point, Size};

use crate::Viewshed;
use crate::libtcod::postprocess;

/// "No tile": the input of a tile that has none.
const NONE: u32 = u32::MAX;

/// One ray tile: libtcod's `RaycastTile`, with indices instead of pointers.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ray {
    x_obscurity: i32,
    y_obscurity: i32,
    x_error: i32,
    y_error: i32,
    x_input: u32,
    y_input: u32,
    touched: bool,
    ignore: bool,
    /// The call that last reset this tile: older tiles read as fresh, so a call never
    /// clears the grid, only the tiles it touches.
    stamp: u32,
}

impl Ray {
    const FRESH: Ray = Ray {
        x_obscurity: 0,
        y_obscurity: 0,
        x_error: 0,
        y_error: 0,
        x_input: NONE,
        y_input: NONE,
        touched: false,
        ignore: false,
        stamp: 0,
    };

    fn is_obscured(&self) -> bool {
        (self.x_error > 0 && self.x_error <= self.x_obscurity)
            || (self.y_error > 0 && self.y_error <= self.y_obscurity)
    }
}

/// Diamond raycasting into `out` (cleared first); `radius` is libtcod's integer radius
/// (`0` unlimited, else a tile is in range when `dx² + dy² <= r²`). The origin is always
/// visible. Walls are never visible by the rays themselves; with `light_walls`,
/// [`postprocess`] lights those next to visible floor.
///
/// The tiles live in a grid over the radius' bounding box plus one (tiles just out of range
/// are queued but never grow further), reset lazily (see `Ray::stamp`), so a call costs
/// the tiles it reaches, neither the box nor the map.
pub(crate) fn compute(
    size: Size,
    origin: Point,
    radius: i64,
    light_walls: bool,
    is_opaque: &impl Fn(Point) -> bool,
    out: &mut Viewshed,
) {
    out.clear();
    out.insert(origin);
    let grid = RayGrid::new(size, origin, radius);
    let mut rays = std::mem::take(&mut out.libtcod.rays);
    let mut queue = std::mem::take(&mut out.libtcod.queue);
    let epoch = next_epoch(&mut rays, grid.area(), &mut out.libtcod.epoch);
    queue.clear();
    let r2 = radius * radius;
    let start = grid.index(0, 0).unwrap_or(0);
    rays[start as usize] = Ray { touched: true, stamp: epoch, ..Ray::FRESH };
    queue.push(start);
    let mut head = 0;
    while head < queue.len() {
        let current = queue[head];
        let (rx, ry) = grid.relative(current);
        if head > 0 {
            if r2 <= 0 || rx * rx + ry * ry <= r2 {
                merge_input(&mut rays, current, (rx, ry), origin, is_opaque);
            } else {
                rays[current as usize].ignore = true;
            }
        }
        if !rays[current as usize].ignore {
            grid.expand(&mut rays, &mut queue, current, epoch);
        }
        let ray = &rays[current as usize];
        if head > 0 && !ray.ignore && !ray.is_obscured() {
            out.insert(Point::new(origin.x + rx as i32, origin.y + ry as i32));
        }
        head += 1;
    }
    out.libtcod.rays = rays;
    out.libtcod.queue = queue;
    if light_walls {
        postprocess(size, origin, radius, is_opaque, out);
    }
}

/// Makes `rays` cover `area` tiles and returns the stamp of a new call (tiles of older
/// calls then read as fresh); on the stamp's wrap-around every tile is reset.
fn next_epoch(rays: &mut Vec<Ray>, area: usize, last: &mut u32) -> u32 {
    if rays.len() < area {
        rays.resize(area, Ray::FRESH);
    }
    let mut epoch = last.wrapping_add(1);
    if epoch == 0 {
        rays.fill(Ray::FRESH);
        epoch = 1;
    }
    *last = epoch;
    epoch
}

/// The box of tiles a call can touch: the radius' bounding box plus one, clipped to the
/// map (the whole map when unlimited); tiles are indexed row-major within it.
struct RayGrid {
    px: i64,
    py: i64,
    x0: i64,
    y0: i64,
    x1: i64,
    y1: i64,
}

impl RayGrid {
    fn new(size: Size, origin: Point, radius: i64) -> RayGrid {
        let (w, h) = (i64::from(size.width), i64::from(size.height));
        let (px, py) = (i64::from(origin.x), i64::from(origin.y));
        let (x0, y0, x1, y1) = if radius > 0 {
            (
                (px - radius - 1).max(0),
                (py - radius - 1).max(0),
                (px + radius + 1).min(w - 1),
                (py + radius + 1).min(h - 1),
            )
        } else {
            (0, 0, w - 1, h - 1)
        };
        RayGrid { px, py, x0, y0, x1, y1 }
    }

    fn width(&self) -> i64 {
        self.x1 - self.x0 + 1
    }

    fn area(&self) -> usize {
        (self.width() * (self.y1 - self.y0 + 1)) as usize
    }

    /// The tile at `(dx, dy)` from the origin, if in the box.
    fn index(&self, dx: i64, dy: i64) -> Option<u32> {
        let (x, y) = (self.px + dx, self.py + dy);
        ((self.x0..=self.x1).contains(&x) && (self.y0..=self.y1).contains(&y))
            .then(|| ((y - self.y0) * self.width() + (x - self.x0)) as u32)
    }

    /// The offset from the origin of tile `i`.
    fn relative(&self, i: u32) -> (i64, i64) {
        let (i, bw) = (i64::from(i), self.width());
        (i % bw + self.x0 - self.px, i / bw + self.y0 - self.py)
    }

    /// Grows the perimeter from tile `current` away from the origin: each neighbour
    /// outwards records `current` as its input along x or y, and is queued once.
    fn expand(&self, rays: &mut [Ray], queue: &mut Vec<u32>, current: u32, epoch: u32) {
        let (rx, ry) = self.relative(current);
        let mut grow = |dx: i64, dy: i64| {
            let Some(next) = self.index(rx + dx, ry + dy) else {
                return;
            };
            let ray = &mut rays[next as usize];
            if ray.stamp != epoch {
                *ray = Ray { stamp: epoch, ..Ray::FRESH };
            }
            if dy == 0 {
                ray.x_input = current;
            } else {
                ray.y_input = current;
            }
            if !ray.touched {
                ray.touched = true;
                queue.push(next);
            }
        };
        if rx >= 0 {
            grow(1, 0);
        }
        if rx <= 0 {
            grow(-1, 0);
        }
        if ry >= 0 {
            grow(0, 1);
        }
        if ry <= 0 {
            grow(0, -1);
        }
    }
}

/// libtcod's `merge_input`: combines the obscurity of the tiles `current` grew from.
fn merge_input(
    rays: &mut [Ray],
    current: u32,
    (rx, ry): (i64, i64),
    origin: Point,
    is_opaque: &impl Fn(Point) -> bool,
) {
    let mut ray = rays[current as usize];
    let x_input = (ray.x_input != NONE).then(|| rays[ray.x_input as usize]);
    let y_input = (ray.y_input != NONE).then(|| rays[ray.y_input as usize]);
    if let Some(input) = &x_input {
        process_x_input(&mut ray, input);
    }
    if let Some(input) = &y_input {
        process_y_input(&mut ray, input);
    }
    match (&x_input, &y_input) {
        (None, Some(y)) => ray.ignore |= y.is_obscured(),
        (Some(x), None) => ray.ignore |= x.is_obscured(),
        (Some(x), Some(y)) => ray.ignore |= x.is_obscured() && y.is_obscured(),
        (None, None) => {}
    }
    let p = Point::new(origin.x + rx as i32, origin.y + ry as i32);
    if !ray.ignore && is_opaque(p) {
        ray.x_error = rx.unsigned_abs() as i32;
        ray.x_obscurity = ray.x_error;
        ray.y_error = ry.unsigned_abs() as i32;
        ray.y_obscurity = ray.y_error;
    }
    rays[current as usize] = ray;
}

fn process_x_input(ray: &mut Ray, input: &Ray) {
    if input.x_obscurity == 0 && input.y_obscurity == 0 {
        return;
    }
    if input.x_error > 0 && ray.x_obscurity == 0 {
        ray.x_error = input.x_error - input.y_obscurity;
        ray.y_error = input.y_error + input.y_obscurity;
        ray.x_obscurity = input.x_obscurity;
        ray.y_obscurity = input.y_obscurity;
    }
    if input.y_error <= 0 && input.y_obscurity > 0 && input.x_error > 0 {
        ray.y_error = input.y_error + input.y_obscurity;
        ray.x_error = input.x_error - input.y_obscurity;
        ray.x_obscurity = input.x_obscurity;
        ray.y_obscurity = input.y_obscurity;
    }
}

fn process_y_input(ray: &mut Ray, input: &Ray) {
    if input.x_obscurity == 0 && input.y_obscurity == 0 {
        return;
    }
    if input.y_error > 0 && ray.y_obscurity == 0 {
        ray.y_error = input.y_error - input.x_obscurity;
        ray.x_error = input.x_error + input.x_obscurity;
        ray.x_obscurity = input.x_obscurity;
        ray.y_obscurity = input.y_obscurity;
    }
    if input.x_error <= 0 && input.x_obscurity > 0 && input.y_error > 0 {
        ray.y_error = input.y_error - input.x_obscurity;
        ray.x_error = input.x_error + input.x_obscurity;
        ray.x_obscurity = input.x_obscurity;
        ray.y_obscurity = input.y_obscurity;
    }
}
