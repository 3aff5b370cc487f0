//! Terrain tiles: opaque floors that tile seamlessly, and walls that join up (autotile
//! variants by the mask of same-sprite neighbours: north 1, east 2, south 4, west 8).

use super::paint::*;

/// Overworld grass: the browser tests count these two exact colours.
pub const GRASS_DARK: Rgb = rgb(30, 95, 35);
/// The grass's blades.
pub const GRASS_LIGHT: Rgb = rgb(70, 165, 60);

/// Cave and room floor: dark warm stone with pebbles.
pub fn floor() -> Canvas {
    let mut c = Canvas::from_fn(|x, y| {
        let n = noise(x, y, 8.0, 1) * 0.6 + noise(x, y, 4.0, 2) * 0.4;
        shade(rgb(74, 66, 60), 0.85 + 0.3 * n)
    });
    pebbles(&mut c, 3, rgb(104, 94, 84));
    c
}

/// A few small stones scattered on a floor (seeded).
fn pebbles(c: &mut Canvas, seed: u32, stone: Rgb) {
    for i in 0..5 {
        let x = 3.0 + hash(i, 0, seed) * 26.0;
        let y = 3.0 + hash(i, 1, seed) * 26.0;
        let r = 0.9 + hash(i, 2, seed) * 0.9;
        c.solid(ellipse(x, y + 0.7, r + 0.3, r * 0.7 + 0.3), shade(stone, 0.55));
        c.solid(ellipse(x, y, r, r * 0.7), stone);
    }
}

/// A dungeon's narrow hallway: dark flagstones with joints.
pub fn hallway() -> Canvas {
    Canvas::from_fn(|x, y| {
        let by = (y / 10.67).floor();
        let off = if by as i32 % 2 == 0 { 0.0 } else { 8.0 };
        let lx = (x + off).rem_euclid(16.0);
        let ly = y - by * 10.67;
        let joint = lx < 1.0 || ly < 1.0;
        let k = 0.85 + 0.2 * hash(((x + off) / 16.0) as i32 % 2, by as i32, 7);
        let n = noise(x, y, 4.0, 8) * 0.12;
        if joint { rgb(36, 36, 42) } else { shade(rgb(66, 66, 74), k + n) }
    })
}

/// Brick floor: warm bricks in running bond, lit top edges.
pub fn brick_floor() -> Canvas {
    Canvas::from_fn(|x, y| {
        let row = (y / 8.0).floor() as i32;
        let off = if row % 2 == 0 { 0.0 } else { 8.0 };
        let lx = (x + off).rem_euclid(16.0);
        let ly = y - row as f32 * 8.0;
        let col = ((x + off) / 16.0).floor() as i32;
        if lx < 1.0 || ly < 1.0 {
            return rgb(72, 52, 44);
        }
        let k = 0.85 + 0.25 * hash(col.rem_euclid(2), row, 11) + 0.1 * noise(x, y, 4.0, 12);
        let base = shade(rgb(150, 90, 62), k);
        if ly < 2.0 {
            shade(base, 1.18)
        } else if ly >= 7.0 {
            shade(base, 0.8)
        } else {
            base
        }
    })
}

/// Grass: the two grass colours, blades scattered.
pub fn grass() -> Canvas {
    let mut c = Canvas::from_fn(|_, _| GRASS_DARK);
    for i in 0..22 {
        let x = (hash(i, 0, 21) * 32.0) as i32;
        let y = (hash(i, 1, 21) * 32.0) as i32;
        c.dots(&[(x, y), (x, (y + 1) % 32)], GRASS_LIGHT);
        if i % 3 == 0 {
            c.dots(&[((x + 1) % 32, (y + 31) % 32)], GRASS_LIGHT);
        }
    }
    c
}

/// A forest: grass under a round tree with a trunk.
pub fn forest() -> Canvas {
    let mut c = grass();
    c.solid(rect(14.0, 20.0, 18.0, 29.0), rgb(92, 58, 30));
    c.solid(rect(14.0, 20.0, 15.0, 29.0), rgb(120, 80, 44));
    c.solid(ellipse(16.0, 29.0, 7.0, 1.8), rgb(18, 60, 22));
    let canopy = |x: f32, y: f32| {
        ellipse(16.0, 11.0, 11.0, 9.0)(x, y)
            || ellipse(9.0, 15.0, 6.5, 6.0)(x, y)
            || ellipse(23.0, 15.0, 6.5, 6.0)(x, y)
    };
    c.solid(|x, y| canopy(x, y + 1.5) && !canopy(x, y), rgb(14, 48, 18));
    c.fill(canopy, |x, y| {
        let t = -0.5 * (x - 16.0) / 12.0 - 0.8 * (y - 12.0) / 10.0;
        let n = noise(x, y, 4.0, 23);
        shade(rgb(36, 120, 44), 0.85 + 0.3 * t + 0.25 * n)
    });
    c
}

/// Mountains: a grey peak with snow, on grass.
pub fn mountains() -> Canvas {
    let mut c = grass();
    let peak = [(2.0, 29.0), (15.0, 4.0), (30.0, 29.0)];
    let small = [(17.0, 29.0), (25.0, 14.0), (32.0, 29.0)];
    c.fill(poly(&small), |x, _| if x < 25.0 { rgb(120, 116, 110) } else { rgb(84, 80, 76) });
    c.fill(poly(&peak), |x, y| {
        let k = if x < 15.0 + (y - 4.0) * 0.08 { 1.0 } else { 0.72 };
        shade(rgb(138, 132, 124), k * (0.9 + 0.2 * noise(x, y, 4.0, 31)))
    });
    let snow = [(10.0, 13.6), (15.0, 4.0), (20.4, 14.4), (17.0, 12.0), (15.0, 14.0), (12.0, 12.0)];
    c.fill(poly(&snow), |x, _| if x < 15.0 { rgb(244, 244, 250) } else { rgb(196, 200, 214) });
    c.solid(rect(2.0, 29.0, 31.0, 30.0), rgb(20, 70, 26));
    c
}

/// Water: deep blue with light wave crests.
pub fn water() -> Canvas {
    Canvas::from_fn(|x, y| {
        let n = noise(x, y, 8.0, 41);
        let wave = ((x * 0.39 + (y * 0.2).sin() * 2.0 + y * 0.785).sin() + 1.0) * 0.5;
        let base = shade(rgb(34, 78, 168), 0.85 + 0.3 * n);
        if wave > 0.93 && (y as i32) % 8 < 4 { rgb(120, 180, 240) } else { base }
    })
}

/// Lava: glowing orange with bright veins and dark crust.
pub fn lava() -> Canvas {
    Canvas::from_fn(|x, y| {
        let n = noise(x, y, 8.0, 51) * 0.75 + noise(x, y, 4.0, 52) * 0.25;
        let fine = noise(x, y, 2.0, 53);
        if (n - 0.45).abs() < 0.022 {
            rgb(255, 232, 130)
        } else if n > 0.66 && fine > 0.6 {
            rgb(130, 38, 20)
        } else {
            mix(rgb(206, 58, 20), rgb(250, 150, 40), (n * 1.8 - 0.35).clamp(0.0, 1.0))
        }
    })
}

/// The maze's ground: a light meadow.
pub fn maze_ground() -> Canvas {
    let mut c = Canvas::from_fn(|x, y| {
        let n = noise(x, y, 8.0, 61) * 0.7 + noise(x, y, 4.0, 62) * 0.3;
        shade(rgb(118, 156, 74), 0.9 + 0.2 * n)
    });
    for i in 0..10 {
        let x = (hash(i, 0, 63) * 32.0) as i32;
        let y = (hash(i, 1, 63) * 32.0) as i32;
        c.dots(&[(x, y), (x + 1, y - 1), (x - 1, y - 1)], rgb(88, 126, 56));
    }
    c
}

/// A hole in the maze's ground: a dark pit with an earth rim.
pub fn hole() -> Canvas {
    let mut c = maze_ground();
    c.solid(ellipse(16.0, 17.0, 13.0, 11.0), rgb(96, 70, 44));
    c.fill(ellipse(16.0, 17.5, 11.0, 9.0), |_, y| shade(rgb(24, 18, 14), 0.6 + (y - 8.0) * 0.03));
    c.solid(ellipse(16.0, 19.5, 7.0, 5.0), rgb(4, 4, 6));
    c
}

/// What kind of wall, for its texture and front face.
#[derive(Clone, Copy)]
pub enum WallKind {
    /// A cave's rough rock.
    Cave,
    /// Masonry blocks.
    Stone,
    /// The maze's hedge.
    Hedge,
    /// Undug solid rock (the overworld's blank).
    Rock,
}

/// The face height, in pixels, shown when the south neighbour is not the same wall.
const FACE: f32 = 9.0;

/// A wall tile whose same-wall neighbours make `mask` (north 1, east 2, south 4, west 8).
pub fn wall(kind: WallKind, mask: u8) -> Canvas {
    let (n, e, s, w) = (mask & 1 != 0, mask & 2 != 0, mask & 4 != 0, mask & 8 != 0);
    let face_top = if s { 40.0 } else { 32.0 - FACE };
    let mut c = Canvas::from_fn(|x, y| {
        if y >= face_top { face(kind, x, y, y - face_top) } else { top(kind, x, y) }
    });
    let edge = edge_colour(kind);
    // Rims where the neighbour is not this wall: lit to the north and west, dark to the east.
    if !n {
        c.solid(rect(0.0, 0.0, 32.0, 2.0), shade(top(kind, 16.0, 4.0), 1.35));
        c.solid(rect(0.0, 0.0, 32.0, 1.0), edge);
    }
    if !w {
        c.glaze(rect(0.0, 0.0, 2.0, face_top), rgb(255, 255, 255), 0.18);
        c.solid(rect(0.0, 0.0, 1.0, 32.0), edge);
    }
    if !e {
        c.glaze(rect(30.0, 0.0, 32.0, face_top), rgb(0, 0, 0), 0.3);
        c.solid(rect(31.0, 0.0, 32.0, 32.0), edge);
    }
    if !s {
        c.solid(rect(0.0, face_top - 1.0, 32.0, face_top), edge);
        c.glaze(rect(0.0, face_top, 32.0, face_top + 2.0), rgb(0, 0, 0), 0.35);
        c.solid(rect(0.0, 31.0, 32.0, 32.0), edge);
    }
    c
}

fn edge_colour(kind: WallKind) -> Rgb {
    match kind {
        WallKind::Hedge => rgb(10, 34, 12),
        WallKind::Rock => rgb(6, 6, 8),
        _ => rgb(20, 18, 18),
    }
}

/// The wall's top surface at (x, y).
fn top(kind: WallKind, x: f32, y: f32) -> Rgb {
    match kind {
        WallKind::Cave => {
            let n = noise(x, y, 8.0, 71) * 0.6 + noise(x, y, 4.0, 72) * 0.4;
            let crack = (noise(x, y, 8.0, 73) - 0.5).abs() < 0.03;
            if crack { rgb(70, 62, 58) } else { shade(rgb(138, 126, 114), 0.8 + 0.35 * n) }
        }
        WallKind::Stone => {
            let row = (y / 8.0).floor() as i32;
            let off = if row % 2 == 0 { 0.0 } else { 8.0 };
            let lx = (x + off).rem_euclid(16.0);
            let ly = y - row as f32 * 8.0;
            if lx < 1.0 || ly < 1.0 {
                return rgb(84, 84, 92);
            }
            let col = ((x + off) / 16.0).floor() as i32;
            let k = 0.9 + 0.18 * hash(col.rem_euclid(2), row, 75) + 0.08 * noise(x, y, 4.0, 76);
            shade(rgb(160, 160, 170), k)
        }
        WallKind::Hedge => {
            let n = noise(x, y, 8.0, 82);
            let leaves = noise(x, y, 2.0, 81);
            let base = shade(rgb(38, 108, 44), 0.8 + 0.3 * n);
            if leaves > 0.72 {
                shade(rgb(84, 160, 64), 0.85 + 0.3 * n)
            } else if leaves < 0.22 {
                shade(base, 0.6)
            } else {
                base
            }
        }
        WallKind::Rock => {
            let speck = hash(x as i32, y as i32, 91) > 0.93;
            if speck { rgb(40, 38, 42) } else { rgb(22, 21, 24) }
        }
    }
}

/// The wall's front face (seen from the south) at (x, y), `d` pixels below its top.
fn face(kind: WallKind, x: f32, y: f32, d: f32) -> Rgb {
    let k = 0.95 - d * 0.035;
    match kind {
        WallKind::Cave => {
            let strata = noise(x * 0.3, y * 2.0, 4.0, 77);
            shade(rgb(96, 84, 76), k * (0.8 + 0.3 * strata))
        }
        WallKind::Stone => {
            let lx = (x + if d < 4.5 { 0.0 } else { 6.0 }).rem_euclid(12.0);
            if lx < 1.0 || (d - 4.5).abs() < 0.5 {
                rgb(50, 50, 58)
            } else {
                shade(rgb(118, 118, 130), k)
            }
        }
        WallKind::Hedge => {
            let n = noise(x, y, 4.0, 84);
            shade(rgb(26, 76, 30), k * (0.75 + 0.4 * n))
        }
        WallKind::Rock => shade(rgb(30, 28, 32), k),
    }
}

/// Water or lava whose same neighbours make `mask`: the open sides get a shore (water:
/// a foam line; lava: a dark cooled crust with a bright seam).
pub fn liquid(lava: bool, mask: u8) -> Canvas {
    let mut c = if lava { self::lava() } else { water() };
    let (outer, inner) = if lava {
        (rgb(54, 22, 14), rgb(255, 214, 90))
    } else {
        (rgb(214, 236, 250), rgb(24, 58, 132))
    };
    let sides = [
        (1, rect(0.0, 0.0, 32.0, 2.0), rect(0.0, 2.0, 32.0, 3.0)),
        (2, rect(30.0, 0.0, 32.0, 32.0), rect(29.0, 0.0, 30.0, 32.0)),
        (4, rect(0.0, 30.0, 32.0, 32.0), rect(0.0, 29.0, 32.0, 30.0)),
        (8, rect(0.0, 0.0, 2.0, 32.0), rect(2.0, 0.0, 3.0, 32.0)),
    ];
    for (bit, _, seam) in &sides {
        if mask & bit == 0 {
            c.solid(seam, inner);
        }
    }
    for (bit, edge, _) in &sides {
        if mask & bit == 0 {
            c.solid(edge, outer);
        }
    }
    c
}
