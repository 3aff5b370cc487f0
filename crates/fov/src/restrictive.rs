//! libtcod's `FOV_RESTRICTIVE` (python-tcod's default): Mingos' Restrictive Precise Angle
//! Shadowcasting (MRPAS, Dominik "Mingos" Marczuk, `fov_restrictive.c`).
//!
//! Each quadrant is two octants (a "vertical edge" one scanning rows, a "horizontal edge"
//! one scanning columns). Cells of line `n` span the angles `[c/n - 1/(2n), c/n + 1/(2n)]`;
//! seen walls become obstacles (angle intervals) that hide the cells of the next lines
//! whose centre angle they cover (a wall: whose whole span they cover). Angles are `f64`,
//! computed exactly as libtcod does.
//!
//! Two libtcod details are kept, since they change visible sets:
//! - a cell of a line after the first is visible only if the cell before it on the
//!   previous line, or the one diagonally before that, is visible and transparent. These
//!   are read by flat row-major index, as libtcod reads them: in the vertical-edge octant
//!   the diagonal one of the origin's column wraps to the other end of the neighbouring
//!   row. In the horizontal-edge octant, on the origin's row at the top or bottom map
//!   edge, libtcod reads one cell before or after its map buffer (undefined behaviour in
//!   C); we read such a cell as not visible.
//! - in the horizontal-edge octant, libtcod skips the obstacle after each obstacle that a
//!   cell overlaps (its loop increments the index twice); so do we.

use torchlit_geom::{Point, Size};

use crate::Viewshed;

/// MRPAS into `out` (cleared first); `radius` is libtcod's integer radius, `0` unlimited,
/// and here a *square* (at most `r` lines out from the origin, no circle). The origin is
/// always visible; a wall only with `light_walls`.
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
    let mut start = std::mem::take(&mut out.libtcod.start_angle);
    let mut end = std::mem::take(&mut out.libtcod.end_angle);
    let mut mrpas = Mrpas {
        w: i64::from(size.width),
        h: i64::from(size.height),
        px: i64::from(origin.x),
        py: i64::from(origin.y),
        radius,
        light_walls,
        is_opaque,
        out,
        start: &mut start,
        end: &mut end,
    };
    for (dx, dy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
        mrpas.octant::<true>(dx, dy);
        mrpas.octant::<false>(dx, dy);
    }
    out.libtcod.start_angle = start;
    out.libtcod.end_angle = end;
}

struct Mrpas<'a, F> {
    w: i64,
    h: i64,
    px: i64,
    py: i64,
    radius: i64,
    light_walls: bool,
    is_opaque: &'a F,
    out: &'a mut Viewshed,
    start: &'a mut Vec<f64>,
    end: &'a mut Vec<f64>,
}

impl<F: Fn(Point) -> bool> Mrpas<'_, F> {
    fn point(&self, index: i64) -> Point {
        Point::new((index % self.w) as i32, (index / self.w) as i32)
    }

    /// libtcod's `cells[index].fov && cells[index].transparent`, by flat index; a cell
    /// outside the map's buffer reads as not visible.
    fn seen_floor(&self, index: i64) -> bool {
        if index < 0 || index >= self.w * self.h {
            return false;
        }
        self.seen_floor_at(self.point(index))
    }

    /// `cells[p].fov && cells[p].transparent` for a cell of the map.
    #[inline]
    fn seen_floor_at(&self, p: Point) -> bool {
        self.out.contains(p) && !(self.is_opaque)(p)
    }

    /// One octant: lines are rows (`VERTICAL`, libtcod's "vertical edge") or columns.
    fn octant<const VERTICAL: bool>(&mut self, dx: i64, dy: i64) {
        let (w, h) = (self.w, self.h);
        // Along the line (`a`) and across lines (`l`), in map coordinates.
        let (pa, pl, da, dl, len_a, len_l) = if VERTICAL {
            (self.px, self.py, dx, dy, w, h)
        } else {
            (self.py, self.px, dy, dx, h, w)
        };
        // Flat-index steps: one cell along a line, one line further.
        let (step_a, step_l) = if VERTICAL { (dx, w * dy) } else { (w * dy, dx) };
        let mut iteration = 1i64;
        let mut total_obstacles = 0usize;
        let mut obstacles_in_last_line = 0usize;
        let mut min_angle = 0.0f64;
        let mut l = pl + dl;
        let mut done = !(0..len_l).contains(&l);
        while !done {
            let slopes_per_cell = 1.0 / iteration as f64;
            let half_slopes = slopes_per_cell * 0.5;
            let mut processed_cell = ((min_angle + half_slopes) / slopes_per_cell) as i64;
            let min_a = (pa - iteration).max(0);
            let max_a = (pa + iteration).min(len_a - 1);
            done = true;
            let mut a = pa + processed_cell * da;
            while a >= min_a && a <= max_a {
                let (x, y) = if VERTICAL { (a, l) } else { (l, a) };
                let c = x + y * w;
                let p = Point::new(x as i32, y as i32);
                let transparent = !(self.is_opaque)(p);
                let mut visible = true;
                let mut extended = false;
                let centre_slope = processed_cell as f64 * slopes_per_cell;
                let start_slope = centre_slope - half_slopes;
                let end_slope = centre_slope + half_slopes;
                if obstacles_in_last_line > 0 {
                    // The cell one line back (always on the map) and the one before it
                    // along that line, read by flat index only when it is off the map.
                    let back = if VERTICAL { (x, y - dy) } else { (x - dx, y) };
                    let back = Point::new(back.0 as i32, back.1 as i32);
                    let (dxx, dyy) = (x - dx, y - dy);
                    let diagonal_seen = || {
                        if (0..w).contains(&dxx) && (0..h).contains(&dyy) {
                            self.seen_floor_at(Point::new(dxx as i32, dyy as i32))
                        } else {
                            self.seen_floor(c - step_l - step_a)
                        }
                    };
                    if !self.seen_floor_at(back) && !diagonal_seen() {
                        visible = false;
                    } else {
                        let mut idx = 0;
                        while idx < obstacles_in_last_line && visible {
                            if start_slope <= self.end[idx] && end_slope >= self.start[idx] {
                                if transparent {
                                    if centre_slope > self.start[idx]
                                        && centre_slope < self.end[idx]
                                    {
                                        visible = false;
                                    }
                                } else if start_slope >= self.start[idx]
                                    && end_slope <= self.end[idx]
                                {
                                    visible = false;
                                } else {
                                    self.start[idx] = self.start[idx].min(start_slope);
                                    self.end[idx] = self.end[idx].max(end_slope);
                                    extended = true;
                                }
                                if !VERTICAL {
                                    idx += 1;
                                }
                            }
                            idx += 1;
                        }
                    }
                }
                if visible {
                    done = false;
                    // libtcod marks the cell and unmarks a wall again without light_walls;
                    // nothing reads the mark in between.
                    if transparent || self.light_walls {
                        self.out.insert(p);
                    }
                    if !transparent {
                        if min_angle >= start_slope {
                            min_angle = end_slope;
                            if processed_cell == iteration {
                                done = true;
                            }
                        } else if !extended {
                            if self.start.len() <= total_obstacles {
                                self.start.resize(total_obstacles + 1, 0.0);
                                self.end.resize(total_obstacles + 1, 0.0);
                            }
                            self.start[total_obstacles] = start_slope;
                            self.end[total_obstacles] = end_slope;
                            total_obstacles += 1;
                        }
                    }
                }
                processed_cell += 1;
                a += da;
            }
            if iteration == self.radius {
                done = true;
            }
            iteration += 1;
            obstacles_in_last_line = total_obstacles;
            l += dl;
            if !(0..len_l).contains(&l) {
                done = true;
            }
        }
    }
}
