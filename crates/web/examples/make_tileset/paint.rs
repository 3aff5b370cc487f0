//! A 32x32 RGBA canvas and the few drawing tools the tiles are made with: shapes given
//! as "is this pixel inside" tests, shading by a light from the top left, seamless noise
//! for floors, and the dark outline every actor and item gets.

/// Pixels per tile side.
pub const N: usize = 32;

/// A colour, 0-255 per channel.
pub type Rgb = [f32; 3];

/// The outline drawn around actors and items.
pub const OUTLINE: Rgb = [16.0, 12.0, 12.0];

/// A colour from bytes.
pub const fn rgb(r: u8, g: u8, b: u8) -> Rgb {
    [r as f32, g as f32, b as f32]
}

/// `c` scaled by `k` (1 unchanged, < 1 darker, > 1 lighter).
pub fn shade(c: Rgb, k: f32) -> Rgb {
    [c[0] * k, c[1] * k, c[2] * k].map(|v| v.clamp(0.0, 255.0))
}

/// A mix of `a` and `b`: `t` 0 is `a`, 1 is `b`.
pub fn mix(a: Rgb, b: Rgb, t: f32) -> Rgb {
    let t = t.clamp(0.0, 1.0);
    [0, 1, 2].map(|i| a[i] + (b[i] - a[i]) * t)
}

/// A deterministic hash of a lattice point to 0..1.
pub fn hash(x: i32, y: i32, seed: u32) -> f32 {
    let mut h = (x as u32).wrapping_mul(0x9E37_79B1)
        ^ (y as u32).wrapping_mul(0x85EB_CA77)
        ^ seed.wrapping_mul(0xC2B2_AE3D);
    h ^= h >> 15;
    h = h.wrapping_mul(0x2C1B_3C6D);
    h ^= h >> 12;
    h = h.wrapping_mul(0x297A_2D39);
    h ^= h >> 15;
    (h & 0xFFFF) as f32 / 65535.0
}

/// Smooth value noise, 0..1, periodic over the tile (so floors tile seamlessly): `cell`
/// pixels per lattice step (a divisor of 32).
pub fn noise(x: f32, y: f32, cell: f32, seed: u32) -> f32 {
    let period = (N as f32 / cell).round() as i32;
    let (fx, fy) = (x / cell, y / cell);
    let (x0, y0) = (fx.floor() as i32, fy.floor() as i32);
    let (tx, ty) = (fx - x0 as f32, fy - y0 as f32);
    let s = |t: f32| t * t * (3.0 - 2.0 * t);
    let at = |i: i32, j: i32| hash(i.rem_euclid(period), j.rem_euclid(period), seed);
    let top = at(x0, y0) + (at(x0 + 1, y0) - at(x0, y0)) * s(tx);
    let bottom = at(x0, y0 + 1) + (at(x0 + 1, y0 + 1) - at(x0, y0 + 1)) * s(tx);
    top + (bottom - top) * s(ty)
}

/// A 32x32 tile being drawn; straight (not premultiplied) alpha, 0..1.
#[derive(Clone)]
pub struct Canvas {
    /// Row by row, `[r, g, b, a]`.
    pub px: Vec<[f32; 4]>,
}

impl Canvas {
    /// A transparent tile.
    pub fn new() -> Canvas {
        Canvas { px: vec![[0.0; 4]; N * N] }
    }

    /// A tile painted by `f(x, y)` at every pixel centre.
    pub fn from_fn(f: impl Fn(f32, f32) -> Rgb) -> Canvas {
        let mut c = Canvas::new();
        c.fill(|_, _| true, f);
        c
    }

    /// The pixel at (x, y).
    pub fn get(&self, x: usize, y: usize) -> [f32; 4] {
        self.px[y * N + x]
    }

    /// Blends `c` at alpha `a` over pixel (x, y) (ignored outside the tile).
    pub fn blend(&mut self, x: i32, y: i32, c: Rgb, a: f32) {
        if x < 0 || y < 0 || x >= N as i32 || y >= N as i32 {
            return;
        }
        let p = &mut self.px[y as usize * N + x as usize];
        let out_a = a + p[3] * (1.0 - a);
        if out_a <= 0.0 {
            return;
        }
        for i in 0..3 {
            p[i] = (c[i] * a + p[i] * p[3] * (1.0 - a)) / out_a;
        }
        p[3] = out_a;
    }

    /// Paints `colour(x, y)` on every pixel whose centre is `inside`.
    pub fn fill(&mut self, inside: impl Fn(f32, f32) -> bool, colour: impl Fn(f32, f32) -> Rgb) {
        for y in 0..N {
            for x in 0..N {
                let (cx, cy) = (x as f32 + 0.5, y as f32 + 0.5);
                if inside(cx, cy) {
                    self.blend(x as i32, y as i32, colour(cx, cy), 1.0);
                }
            }
        }
    }

    /// Like [`Canvas::fill`] at alpha `a`.
    pub fn glaze(&mut self, inside: impl Fn(f32, f32) -> bool, c: Rgb, a: f32) {
        for y in 0..N {
            for x in 0..N {
                if inside(x as f32 + 0.5, y as f32 + 0.5) {
                    self.blend(x as i32, y as i32, c, a);
                }
            }
        }
    }

    /// Paints a solid colour where `inside`.
    pub fn solid(&mut self, inside: impl Fn(f32, f32) -> bool, c: Rgb) {
        self.fill(inside, |_, _| c);
    }

    /// Paints `c` shaded as a rounded body lit from the top left, centred on (cx, cy)
    /// with radii (rx, ry), where `inside`.
    pub fn body(&mut self, inside: impl Fn(f32, f32) -> bool, c: Rgb, centre: [f32; 4]) {
        let [cx, cy, rx, ry] = centre;
        self.fill(inside, |x, y| {
            let t = -0.55 * (x - cx) / rx - 0.8 * (y - cy) / ry;
            shade(c, 1.0 + 0.28 * t.clamp(-1.3, 1.3))
        });
    }

    /// Sets single pixels.
    pub fn dots(&mut self, pts: &[(i32, i32)], c: Rgb) {
        for &(x, y) in pts {
            self.blend(x, y, c, 1.0);
        }
    }

    /// Mirrors the tile left to right.
    pub fn flipped(&self) -> Canvas {
        let mut out = Canvas::new();
        for y in 0..N {
            for x in 0..N {
                out.px[y * N + x] = self.px[y * N + (N - 1 - x)];
            }
        }
        out
    }

    /// Draws `top` over this tile.
    pub fn over(&mut self, top: &Canvas) {
        for i in 0..N * N {
            let p = top.px[i];
            if p[3] > 0.0 {
                self.blend((i % N) as i32, (i / N) as i32, [p[0], p[1], p[2]], p[3]);
            }
        }
    }

    /// Whether pixel (x, y) is mostly opaque (outside the tile: no).
    pub fn solid_at(&self, x: i32, y: i32) -> bool {
        x >= 0
            && y >= 0
            && x < N as i32
            && y < N as i32
            && self.px[y as usize * N + x as usize][3] > 0.5
    }

    /// Surrounds the opaque shape with a 1-pixel ring of `c` (8-neighbourhood), then
    /// darkens the shape's own edge pixels that touch the tile's border.
    pub fn outline(&mut self, c: Rgb) {
        let before = self.clone();
        for y in 0..N as i32 {
            for x in 0..N as i32 {
                if before.solid_at(x, y) {
                    let edge = x == 0 || y == 0 || x == N as i32 - 1 || y == N as i32 - 1;
                    if edge {
                        self.blend(x, y, c, 1.0);
                    }
                    continue;
                }
                let near = (-1..=1).any(|dy| (-1..=1).any(|dx| before.solid_at(x + dx, y + dy)));
                if near {
                    self.px[y as usize * N + x as usize] = [c[0], c[1], c[2], 1.0];
                }
            }
        }
    }

    /// A soft shadow on the ground under an actor or item: an ellipse at (cx, cy), drawn
    /// only where the tile is still transparent.
    pub fn shadow(&mut self, cx: f32, cy: f32, rx: f32, ry: f32) {
        for y in 0..N {
            for x in 0..N {
                let (dx, dy) = ((x as f32 + 0.5 - cx) / rx, (y as f32 + 0.5 - cy) / ry);
                if dx * dx + dy * dy <= 1.0 && self.px[y * N + x][3] == 0.0 {
                    self.px[y * N + x] = [0.0, 0.0, 0.0, 0.35];
                }
            }
        }
    }
}

/// Inside an ellipse.
pub fn ellipse(cx: f32, cy: f32, rx: f32, ry: f32) -> impl Fn(f32, f32) -> bool {
    move |x, y| {
        let (dx, dy) = ((x - cx) / rx, (y - cy) / ry);
        dx * dx + dy * dy <= 1.0
    }
}

/// Inside an axis-aligned rectangle from (x0, y0) to (x1, y1) (pixel edges).
pub fn rect(x0: f32, y0: f32, x1: f32, y1: f32) -> impl Fn(f32, f32) -> bool {
    move |x, y| x >= x0 && x < x1 && y >= y0 && y < y1
}

/// Within `r` of the segment from `a` to `b`.
pub fn capsule(a: (f32, f32), b: (f32, f32), r: f32) -> impl Fn(f32, f32) -> bool {
    move |x, y| {
        let (vx, vy) = (b.0 - a.0, b.1 - a.1);
        let len2 = (vx * vx + vy * vy).max(1e-6);
        let t = (((x - a.0) * vx + (y - a.1) * vy) / len2).clamp(0.0, 1.0);
        let (px, py) = (a.0 + vx * t - x, a.1 + vy * t - y);
        px * px + py * py <= r * r
    }
}

/// Inside a polygon (even-odd rule).
pub fn poly(pts: &[(f32, f32)]) -> impl Fn(f32, f32) -> bool + '_ {
    move |x, y| {
        let mut inside = false;
        let mut j = pts.len() - 1;
        for i in 0..pts.len() {
            let ((xi, yi), (xj, yj)) = (pts[i], pts[j]);
            if (yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi {
                inside = !inside;
            }
            j = i;
        }
        inside
    }
}
