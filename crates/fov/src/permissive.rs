//! libtcod's `FOV_PERMISSIVE_0` … `FOV_PERMISSIVE_8`: precise permissive field of view
//! (`fov_permissive2.c`), Jonathon Duerig's algorithm ("Precise Permissive Field of View",
//! RogueBasin, 2007), with libtcod's permissiveness parameter.
//!
//! Each quadrant is walked diagonal by diagonal, keeping a sorted list of active *views*
//! (a shallow and a steep line, each bent by the corners of the walls it bumped into). A
//! square is seen when some line from the part of the origin square that the
//! permissiveness allows (`offset = 8 - p` to `limit = 8 + p` sixteenths) reaches it; a
//! seen wall splits, narrows or closes the view it lies in. Permissiveness 8 is Duerig's
//! fully permissive FOV; 0 looks from the origin's centre only.

use torchlit_geom::{Point, Size};

use crate::Viewshed;

/// Sixteenths of a cell: the unit of the lines' coordinates.
const STEP: i64 = 16;

/// A line through two points, in sixteenths.
#[derive(Clone, Copy, Debug, Default)]
struct Line {
    xi: i64,
    yi: i64,
    xf: i64,
    yf: i64,
}

impl Line {
    fn relative_slope(&self, x: i64, y: i64) -> i64 {
        (self.yf - self.yi) * (self.xf - x) - (self.xf - self.xi) * (self.yf - y)
    }
    fn below(&self, x: i64, y: i64) -> bool {
        self.relative_slope(x, y) > 0
    }
    fn below_or_colinear(&self, x: i64, y: i64) -> bool {
        self.relative_slope(x, y) >= 0
    }
    fn above(&self, x: i64, y: i64) -> bool {
        self.relative_slope(x, y) < 0
    }
    fn above_or_colinear(&self, x: i64, y: i64) -> bool {
        self.relative_slope(x, y) <= 0
    }
    fn colinear(&self, x: i64, y: i64) -> bool {
        self.relative_slope(x, y) == 0
    }
    fn line_colinear(&self, other: &Line) -> bool {
        self.colinear(other.xi, other.yi) && self.colinear(other.xf, other.yf)
    }
}

/// "No bump".
const NONE: u32 = u32::MAX;

/// A corner a view's line bent around, and the one before it on the same side.
#[derive(Clone, Copy, Debug)]
struct Bump {
    x: i64,
    y: i64,
    parent: u32,
}

/// A view: the region between its shallow and steep lines.
#[derive(Clone, Copy, Debug)]
struct View {
    shallow: Line,
    steep: Line,
    shallow_bump: u32,
    steep_bump: u32,
}

/// The views, bumps and active list of one call, kept between calls.
#[derive(Clone, Debug, Default)]
pub(crate) struct Buffers {
    views: Vec<View>,
    bumps: Vec<Bump>,
    /// Indices into `views`, sorted from shallow to steep.
    active: Vec<u32>,
}

impl Buffers {
    fn add_shallow_bump(&mut self, x: i64, y: i64, view: u32) {
        let bump = self.bumps.len() as u32;
        let v = &mut self.views[view as usize];
        v.shallow.xf = x;
        v.shallow.yf = y;
        self.bumps.push(Bump { x, y, parent: v.shallow_bump });
        v.shallow_bump = bump;
        let mut current = v.steep_bump;
        while current != NONE {
            let b = self.bumps[current as usize];
            if v.shallow.above(b.x, b.y) {
                v.shallow.xi = b.x;
                v.shallow.yi = b.y;
            }
            current = b.parent;
        }
    }

    fn add_steep_bump(&mut self, x: i64, y: i64, view: u32) {
        let bump = self.bumps.len() as u32;
        let v = &mut self.views[view as usize];
        v.steep.xf = x;
        v.steep.yf = y;
        self.bumps.push(Bump { x, y, parent: v.steep_bump });
        v.steep_bump = bump;
        let mut current = v.shallow_bump;
        while current != NONE {
            let b = self.bumps[current as usize];
            if v.steep.below(b.x, b.y) {
                v.steep.xi = b.x;
                v.steep.yi = b.y;
            }
            current = b.parent;
        }
    }

    /// Removes the active view at `at` if it has shrunk to a line through the origin
    /// square's corners of the permissive range; returns whether it was kept.
    fn check_view(&mut self, at: usize, offset: i64, limit: i64) -> bool {
        let v = &self.views[self.active[at] as usize];
        if v.shallow.line_colinear(&v.steep)
            && (v.shallow.colinear(offset, limit) || v.shallow.colinear(limit, offset))
        {
            self.active.remove(at);
            return false;
        }
        true
    }
}

/// A quadrant: its direction and extent in cells.
struct Quadrant {
    dx: i64,
    dy: i64,
    extent_x: i64,
    extent_y: i64,
}

/// Precise permissive FOV into `out` (cleared first) with permissiveness `0..=8`;
/// `radius` is libtcod's integer radius, `0` unlimited, and here a *square*: the scan
/// stops `r` cells from the origin along each axis (no circle). The origin is always
/// visible; a wall is visible only with `light_walls`.
///
/// Coordinates are kept in `i64` (libtcod's `int` products overflow past 2,048 cells).
pub(crate) fn compute(
    size: Size,
    origin: Point,
    radius: i64,
    light_walls: bool,
    permissiveness: u8,
    is_opaque: &impl Fn(Point) -> bool,
    out: &mut Viewshed,
) {
    out.clear();
    out.insert(origin);
    let offset = 8 - i64::from(permissiveness);
    let limit = 8 + i64::from(permissiveness);
    let (w, h) = (i64::from(size.width), i64::from(size.height));
    let (px, py) = (i64::from(origin.x), i64::from(origin.y));
    let (mut min_x, mut max_x, mut min_y, mut max_y) = (px, w - px - 1, py, h - py - 1);
    if radius > 0 {
        min_x = min_x.min(radius);
        max_x = max_x.min(radius);
        min_y = min_y.min(radius);
        max_y = max_y.min(radius);
    }
    let mut buffers = std::mem::take(&mut out.libtcod.permissive);
    for q in [
        Quadrant { dx: 1, dy: 1, extent_x: max_x, extent_y: max_y },
        Quadrant { dx: 1, dy: -1, extent_x: max_x, extent_y: min_y },
        Quadrant { dx: -1, dy: -1, extent_x: min_x, extent_y: min_y },
        Quadrant { dx: -1, dy: 1, extent_x: min_x, extent_y: max_y },
    ] {
        check_quadrant(&q, origin, light_walls, offset, limit, is_opaque, out, &mut buffers);
    }
    out.libtcod.permissive = buffers;
}

#[allow(clippy::too_many_arguments)]
fn check_quadrant(
    q: &Quadrant,
    origin: Point,
    light_walls: bool,
    offset: i64,
    limit: i64,
    is_opaque: &impl Fn(Point) -> bool,
    out: &mut Viewshed,
    b: &mut Buffers,
) {
    b.bumps.clear();
    b.views.clear();
    b.active.clear();
    b.views.push(View {
        shallow: Line { xi: offset, yi: limit, xf: q.extent_x * STEP, yf: 0 },
        steep: Line { xi: limit, yi: offset, xf: 0, yf: q.extent_y * STEP },
        shallow_bump: NONE,
        steep_bump: NONE,
    });
    b.active.push(0);
    for i in 1..=q.extent_x + q.extent_y {
        if b.active.is_empty() {
            break;
        }
        let mut current = 0usize;
        for j in (i - q.extent_x).max(0)..=i.min(q.extent_y) {
            if b.active.is_empty() || current == b.active.len() {
                break;
            }
            let (x, y) = ((i - j) * STEP, j * STEP);
            visit(q, origin, x, y, &mut current, light_walls, offset, limit, is_opaque, out, b);
        }
    }
}

/// libtcod's `visit_coords` for the square whose bottom-left corner is `(x, y)`
/// (sixteenths, quadrant-relative).
#[allow(clippy::too_many_arguments)]
fn visit(
    q: &Quadrant,
    origin: Point,
    x: i64,
    y: i64,
    current: &mut usize,
    light_walls: bool,
    offset: i64,
    limit: i64,
    is_opaque: &impl Fn(Point) -> bool,
    out: &mut Viewshed,
    b: &mut Buffers,
) {
    let (tlx, tly) = (x, y + STEP);
    let (brx, bry) = (x + STEP, y);
    let mut view = 0u32;
    while *current < b.active.len() {
        view = b.active[*current];
        if !b.views[view as usize].steep.below_or_colinear(brx, bry) {
            break;
        }
        *current += 1;
    }
    if *current == b.active.len() || b.views[view as usize].shallow.above_or_colinear(tlx, tly) {
        return;
    }
    // libtcod's is_blocked: marks the square and tells whether it is a wall.
    let p = Point::new(origin.x + (x / STEP * q.dx) as i32, origin.y + (y / STEP * q.dy) as i32);
    let blocked = is_opaque(p);
    if !blocked || light_walls {
        out.insert(p);
    }
    if !blocked {
        return;
    }
    let v = b.views[view as usize];
    let shallow_above = v.shallow.above(brx, bry);
    let steep_below = v.steep.below(tlx, tly);
    if shallow_above && steep_below {
        // The wall fills the view.
        b.active.remove(*current);
    } else if shallow_above {
        b.add_shallow_bump(tlx, tly, view);
        b.check_view(*current, offset, limit);
    } else if steep_below {
        b.add_steep_bump(brx, bry, view);
        b.check_view(*current, offset, limit);
    } else {
        // The wall splits the view in two.
        let shallower = b.views.len() as u32;
        b.views.push(v);
        let at = *current;
        b.active.insert(at, shallower);
        let mut steeper_at = at + 1;
        *current = at;
        b.add_steep_bump(brx, bry, shallower);
        if !b.check_view(at, offset, limit) {
            steeper_at -= 1;
        }
        let steeper = b.active[steeper_at];
        b.add_shallow_bump(tlx, tly, steeper);
        b.check_view(steeper_at, offset, limit);
        if at > b.active.len() {
            *current = b.active.len();
        }
    }
}
