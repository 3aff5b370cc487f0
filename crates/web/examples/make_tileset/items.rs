//! Items and effects: small, bright, outlined things lying on the floor.

use super::paint::*;

const STEEL: Rgb = rgb(214, 220, 232);
const GOLD: Rgb = rgb(244, 200, 60);
const WOOD: Rgb = rgb(150, 98, 52);
const CRUST: Rgb = rgb(214, 160, 84);

/// Finishes an item: its outline.
fn done(mut c: Canvas) -> Canvas {
    c.outline(OUTLINE);
    c
}

/// A plain rock.
pub fn stone() -> Canvas {
    let mut c = Canvas::new();
    c.shadow(16.0, 25.0, 8.0, 2.0);
    let s =
        poly(&[(9.0, 24.0), (8.0, 19.0), (12.0, 14.0), (19.0, 13.0), (24.0, 18.0), (23.0, 24.0)]);
    c.body(s, rgb(170, 164, 156), [16.0, 18.0, 8.0, 5.0]);
    c.dots(&[(12, 17), (13, 16)], rgb(230, 226, 220));
    done(c)
}

/// A round loaf.
pub fn bread() -> Canvas {
    let mut c = Canvas::new();
    c.shadow(16.0, 25.0, 10.0, 2.0);
    c.body(ellipse(16.0, 19.0, 10.0, 6.5), CRUST, [16.0, 17.0, 10.0, 6.5]);
    for x in [11.0, 16.0, 21.0] {
        c.solid(capsule((x - 1.0, 15.0), (x + 1.0, 19.0), 0.6), rgb(250, 220, 160));
    }
    done(c)
}

/// A red apple with a leaf.
pub fn apple() -> Canvas {
    let mut c = Canvas::new();
    c.shadow(16.0, 26.0, 8.0, 2.0);
    c.body(
        |x, y| ellipse(13.0, 18.0, 6.0, 7.0)(x, y) || ellipse(19.0, 18.0, 6.0, 7.0)(x, y),
        rgb(220, 40, 40),
        [16.0, 16.0, 10.0, 7.0],
    );
    c.solid(ellipse(12.0, 15.0, 1.5, 2.0), rgb(255, 200, 190));
    c.solid(rect(15.5, 8.0, 17.0, 13.0), rgb(100, 60, 30));
    c.solid(ellipse(20.0, 9.5, 3.5, 1.8), rgb(80, 190, 60));
    done(c)
}

/// A corpse: a skull, bones and blood.
pub fn corpse() -> Canvas {
    let mut c = Canvas::new();
    let bone = rgb(232, 224, 204);
    c.solid(ellipse(17.0, 24.0, 12.0, 3.5), rgb(150, 20, 20));
    c.solid(capsule((5.0, 22.0), (24.0, 26.0), 1.3), bone);
    c.solid(capsule((9.0, 27.0), (27.0, 20.0), 1.3), bone);
    for p in [(5.0, 22.0), (24.0, 26.0), (9.0, 27.0), (27.0, 20.0)] {
        c.solid(ellipse(p.0, p.1, 2.0, 2.0), bone);
    }
    c.body(ellipse(15.0, 16.0, 6.0, 5.5), bone, [15.0, 15.0, 6.0, 5.5]);
    c.solid(rect(12.0, 19.0, 18.0, 23.0), bone);
    c.solid(ellipse(12.5, 16.0, 1.6, 1.8), rgb(30, 20, 20));
    c.solid(ellipse(17.5, 16.0, 1.6, 1.8), rgb(30, 20, 20));
    c.dots(&[(13, 22), (15, 22), (17, 22)], rgb(90, 80, 70));
    done(c)
}

/// A blade from `tip` to `hilt`, with a guard and grip; `w` the blade's half width.
fn blade(c: &mut Canvas, tip: (f32, f32), hilt: (f32, f32), w: f32, guard: Rgb) {
    c.solid(capsule(tip, hilt, w), STEEL);
    let (dx, dy) = (hilt.0 - tip.0, hilt.1 - tip.1);
    let len = (dx * dx + dy * dy).sqrt();
    let (ux, uy) = (dx / len, dy / len);
    c.solid(
        capsule((tip.0 + uy * 0.6, tip.1 - ux * 0.6), (hilt.0 + uy * 0.6, hilt.1 - ux * 0.6), 0.5),
        rgb(255, 255, 255),
    );
    let g = (hilt.0, hilt.1);
    c.solid(
        capsule((g.0 - uy * 4.0, g.1 + ux * 4.0), (g.0 + uy * 4.0, g.1 - ux * 4.0), 1.3),
        guard,
    );
    c.solid(capsule(g, (g.0 + ux * 6.0, g.1 + uy * 6.0), 1.3), rgb(110, 64, 30));
    c.solid(ellipse(g.0 + ux * 7.0, g.1 + uy * 7.0, 1.6, 1.6), guard);
}

/// A short dagger.
pub fn dagger() -> Canvas {
    let mut c = Canvas::new();
    blade(&mut c, (23.0, 10.0), (14.0, 19.0), 1.4, GOLD);
    done(c)
}

/// A long sword, corner to corner.
pub fn sword() -> Canvas {
    let mut c = Canvas::new();
    blade(&mut c, (28.0, 3.0), (11.0, 20.0), 1.6, GOLD);
    done(c)
}

/// A wooden staff with a glowing purple orb.
pub fn staff() -> Canvas {
    let mut c = Canvas::new();
    c.solid(capsule((5.0, 28.0), (23.0, 9.0), 1.4), WOOD);
    c.solid(capsule((22.0, 10.0), (27.0, 6.0), 1.0), WOOD);
    c.solid(capsule((22.0, 10.0), (20.0, 4.0), 1.0), WOOD);
    c.body(ellipse(24.0, 6.0, 3.5, 3.5), rgb(190, 90, 240), [24.0, 6.0, 3.5, 3.5]);
    c.dots(&[(23, 5)], rgb(255, 230, 255));
    done(c)
}

/// A shirt-shaped garment in `colour`, with a `detail(x, y)` texture.
fn garment(c: &mut Canvas, colour: Rgb, detail: impl Fn(f32, f32) -> f32) {
    let shirt = [
        (11.0, 7.0),
        (14.0, 9.0),
        (18.0, 9.0),
        (21.0, 7.0),
        (28.0, 11.0),
        (26.0, 17.0),
        (22.0, 15.0),
        (22.0, 27.0),
        (10.0, 27.0),
        (10.0, 15.0),
        (6.0, 17.0),
        (4.0, 11.0),
    ];
    c.fill(poly(&shirt), |x, y| {
        let t = -0.5 * (x - 16.0) / 12.0 - 0.8 * (y - 17.0) / 10.0;
        shade(colour, (1.0 + 0.25 * t) * detail(x, y))
    });
}

/// A green cloth tunic with a belt.
pub fn tunic() -> Canvas {
    let mut c = Canvas::new();
    garment(&mut c, rgb(70, 170, 70), |_, _| 1.0);
    c.solid(rect(10.0, 20.0, 22.0, 22.0), rgb(120, 76, 36));
    done(c)
}

/// Chainmail: a long grey hauberk of rings, sleeves to the wrist and a split hem.
pub fn chainmail() -> Canvas {
    let mut c = Canvas::new();
    let hauberk = [
        (11.0, 5.0),
        (14.0, 7.0),
        (18.0, 7.0),
        (21.0, 5.0),
        (28.0, 9.0),
        (30.0, 22.0),
        (26.0, 22.0),
        (23.0, 13.0),
        (24.0, 29.0),
        (17.0, 29.0),
        (16.0, 25.0),
        (15.0, 29.0),
        (8.0, 29.0),
        (9.0, 13.0),
        (6.0, 22.0),
        (2.0, 22.0),
        (4.0, 9.0),
    ];
    c.fill(poly(&hauberk), |x, y| {
        let t = -0.5 * (x - 16.0) / 12.0 - 0.8 * (y - 17.0) / 12.0;
        let ring = if (x as i32 + y as i32) % 2 == 0 { 1.0 } else { 0.72 };
        shade(rgb(176, 180, 192), (1.0 + 0.25 * t) * ring)
    });
    c.solid(rect(9.0, 17.0, 23.0, 19.0), rgb(110, 70, 36));
    done(c)
}

/// Platemail: a bright steel breastplate with round shoulder plates and gold trim.
pub fn platemail() -> Canvas {
    let mut c = Canvas::new();
    let plate = [(10.0, 8.0), (22.0, 8.0), (24.0, 16.0), (22.0, 27.0), (10.0, 27.0), (8.0, 16.0)];
    c.body(poly(&plate), rgb(214, 220, 232), [16.0, 15.0, 8.0, 10.0]);
    for x in [7.0, 25.0] {
        c.body(ellipse(x, 10.0, 4.5, 3.5), rgb(196, 202, 216), [x, 9.0, 4.5, 3.5]);
        c.solid(|px, py| ellipse(x, 10.0, 4.5, 3.5)(px, py) && py > 12.0, GOLD);
    }
    c.solid(capsule((12.0, 8.5), (16.0, 12.0), 0.7), GOLD);
    c.solid(capsule((20.0, 8.5), (16.0, 12.0), 0.7), GOLD);
    c.solid(rect(15.5, 12.0, 16.5, 27.0), rgb(150, 156, 170));
    c.solid(rect(9.0, 21.0, 23.0, 22.0), rgb(150, 156, 170));
    c.solid(ellipse(12.5, 14.0, 1.5, 2.5), rgb(255, 255, 255));
    done(c)
}

/// The long baguette.
pub fn baguette() -> Canvas {
    let mut c = Canvas::new();
    c.body(capsule((4.0, 27.0), (27.0, 6.0), 3.2), CRUST, [16.0, 16.0, 12.0, 12.0]);
    for t in [0.2, 0.4, 0.6, 0.8] {
        let (x, y) = (4.0 + 23.0 * t, 27.0 - 21.0 * t);
        c.solid(capsule((x - 1.0, y - 1.5), (x + 1.5, y + 0.5), 0.6), rgb(252, 226, 170));
    }
    done(c)
}

/// The teddy bear.
pub fn teddy_bear() -> Canvas {
    let mut c = Canvas::new();
    let fur = rgb(184, 120, 64);
    c.shadow(16.0, 28.0, 9.0, 2.0);
    c.solid(ellipse(10.0, 26.0, 3.0, 2.5), fur);
    c.solid(ellipse(22.0, 26.0, 3.0, 2.5), fur);
    c.body(ellipse(16.0, 21.0, 6.5, 6.0), fur, [16.0, 20.0, 6.5, 6.0]);
    c.solid(ellipse(16.0, 22.0, 3.5, 3.5), rgb(230, 190, 140));
    c.solid(ellipse(9.0, 19.0, 2.5, 2.0), fur);
    c.solid(ellipse(23.0, 19.0, 2.5, 2.0), fur);
    c.solid(ellipse(10.5, 6.5, 2.8, 2.8), fur);
    c.solid(ellipse(21.5, 6.5, 2.8, 2.8), fur);
    c.body(ellipse(16.0, 11.0, 6.5, 5.5), fur, [16.0, 10.0, 6.5, 5.5]);
    c.solid(ellipse(16.0, 13.0, 2.5, 1.8), rgb(230, 190, 140));
    c.dots(&[(13, 10), (19, 10), (16, 12)], rgb(20, 14, 10));
    c.dots(&[(10, 6), (21, 6)], rgb(230, 160, 150));
    done(c)
}

/// A gold key.
pub fn key() -> Canvas {
    let mut c = Canvas::new();
    c.solid(|x, y| ellipse(9.0, 16.0, 5.5, 5.5)(x, y) && !ellipse(9.0, 16.0, 2.5, 2.5)(x, y), GOLD);
    c.solid(rect(13.0, 14.5, 28.0, 17.5), GOLD);
    c.solid(rect(21.0, 17.0, 23.0, 21.0), GOLD);
    c.solid(rect(25.0, 17.0, 27.0, 22.0), GOLD);
    c.solid(rect(13.0, 14.5, 28.0, 15.5), rgb(255, 240, 170));
    c.dots(&[(6, 13), (7, 12)], rgb(255, 245, 190));
    done(c)
}

/// A red heart with a shine.
pub fn heart() -> Canvas {
    let mut c = Canvas::new();
    let h = |x: f32, y: f32| {
        ellipse(11.0, 12.0, 6.0, 6.0)(x, y)
            || ellipse(21.0, 12.0, 6.0, 6.0)(x, y)
            || poly(&[(5.3, 14.0), (26.7, 14.0), (16.0, 27.0)])(x, y)
    };
    c.body(h, rgb(230, 36, 60), [16.0, 14.0, 11.0, 10.0]);
    c.solid(ellipse(10.0, 10.0, 2.0, 1.5), rgb(255, 200, 210));
    done(c)
}

/// The pickaxe: an iron head on a wooden handle.
pub fn pickaxe() -> Canvas {
    let mut c = Canvas::new();
    c.solid(capsule((8.0, 28.0), (21.0, 9.0), 1.4), WOOD);
    let head = |x: f32, y: f32| {
        let (dx, dy) = (x - 21.0, y - 20.0);
        let r = (dx * dx + dy * dy).sqrt();
        (12.0..14.8).contains(&r) && dy < -4.0
    };
    c.body(head, rgb(170, 174, 184), [16.0, 6.0, 10.0, 4.0]);
    c.solid(rect(19.0, 5.0, 23.0, 9.0), rgb(110, 112, 122));
    done(c)
}

/// A big round boulder; `cracked` when it has lost half its life: dark cracks, a chip
/// missing and fragments at its foot.
pub fn boulder(cracked: bool) -> Canvas {
    let mut c = Canvas::new();
    c.shadow(16.0, 28.0, 13.0, 2.5);
    let rock = rgb(158, 150, 140);
    let shape = poly(&[
        (4.0, 26.0),
        (2.5, 17.0),
        (6.0, 8.0),
        (13.0, 3.5),
        (21.0, 4.0),
        (28.0, 9.0),
        (30.0, 19.0),
        (27.0, 27.0),
    ]);
    if cracked {
        c.body(
            |x, y| {
                shape(x, y) && !poly(&[(21.0, 3.0), (31.0, 3.0), (31.0, 14.0), (24.0, 10.0)])(x, y)
            },
            rock,
            [16.0, 15.0, 14.0, 12.0],
        );
        let crack = rgb(24, 18, 16);
        for &(a, b) in &[
            ((24.0, 10.0), (17.0, 14.0)),
            ((17.0, 14.0), (19.0, 20.0)),
            ((19.0, 20.0), (14.0, 27.0)),
            ((17.0, 14.0), (9.0, 12.0)),
            ((9.0, 12.0), (6.0, 17.0)),
            ((19.0, 20.0), (27.0, 22.0)),
        ] {
            c.solid(capsule(a, b, 0.8), crack);
        }
        c.solid(poly(&[(21.0, 3.5), (24.0, 10.0), (29.0, 9.5)]), shade(rock, 0.5));
        for (x, y) in [(27.0, 29.0), (30.0, 27.0), (5.0, 29.0)] {
            c.body(ellipse(x, y, 1.6, 1.3), rock, [x, y, 1.5, 1.5]);
        }
    } else {
        c.body(shape, rock, [16.0, 15.0, 14.0, 12.0]);
        c.solid(ellipse(11.0, 9.0, 3.0, 1.6), rgb(206, 200, 192));
        c.dots(&[(20, 18), (22, 20), (9, 20)], shade(rock, 0.7));
    }
    done(c)
}

/// A heap of gold with a gem.
pub fn treasure() -> Canvas {
    let mut c = Canvas::new();
    c.shadow(16.0, 27.0, 13.0, 2.5);
    c.body(
        poly(&[(3.0, 27.0), (10.0, 15.0), (16.0, 11.0), (22.0, 15.0), (29.0, 27.0)]),
        GOLD,
        [16.0, 16.0, 12.0, 10.0],
    );
    for (x, y) in [(9.0, 22.0), (14.0, 18.0), (20.0, 21.0), (24.0, 25.0), (12.0, 26.0)] {
        c.solid(ellipse(x, y, 2.5, 1.3), rgb(255, 236, 140));
        c.solid(ellipse(x, y + 0.8, 2.5, 0.5), rgb(190, 130, 30));
    }
    c.solid(poly(&[(16.0, 6.0), (20.0, 10.0), (16.0, 15.0), (12.0, 10.0)]), rgb(60, 220, 240));
    c.solid(poly(&[(16.0, 6.0), (16.0, 15.0), (12.0, 10.0)]), rgb(170, 250, 255));
    done(c)
}

/// A speed potion: a round flask of cyan liquid.
pub fn potion() -> Canvas {
    let mut c = Canvas::new();
    c.shadow(16.0, 28.0, 8.0, 2.0);
    c.solid(rect(13.5, 4.0, 18.5, 8.0), rgb(150, 100, 60));
    c.solid(rect(14.0, 7.0, 18.0, 12.0), rgb(200, 230, 240));
    c.solid(ellipse(16.0, 19.5, 8.0, 8.0), rgb(200, 230, 240));
    c.body(
        |x, y| ellipse(16.0, 19.5, 7.0, 7.0)(x, y) && y > 16.0,
        rgb(60, 230, 230),
        [16.0, 20.0, 7.0, 5.0],
    );
    c.solid(ellipse(13.0, 17.0, 1.2, 2.0), rgb(255, 255, 255));
    done(c)
}

/// A small stack of gold coins.
pub fn gold() -> Canvas {
    let mut c = Canvas::new();
    c.shadow(16.0, 27.0, 10.0, 2.0);
    for (i, (x, y)) in
        [(12.0, 24.0), (12.0, 21.0), (12.0, 18.0), (21.0, 24.0), (21.0, 21.0), (17.0, 14.0)]
            .iter()
            .enumerate()
    {
        c.solid(ellipse(*x, *y + 1.2, 5.0, 2.2), rgb(180, 120, 20));
        c.solid(ellipse(*x, *y, 5.0, 2.2), if i == 5 { rgb(255, 240, 150) } else { GOLD });
    }
    done(c)
}

/// A projectile: a small fireball with a trail.
pub fn projectile() -> Canvas {
    let mut c = Canvas::new();
    c.solid(capsule((8.0, 24.0), (16.0, 16.0), 2.5), rgb(230, 80, 20));
    c.solid(ellipse(18.0, 14.0, 6.0, 6.0), rgb(250, 140, 30));
    c.solid(ellipse(19.0, 13.0, 3.5, 3.5), rgb(255, 230, 120));
    c.solid(ellipse(20.0, 12.0, 1.5, 1.5), rgb(255, 255, 240));
    done(c)
}

/// A vanishing puff of smoke with sparks.
pub fn vanish() -> Canvas {
    let mut c = Canvas::new();
    for (x, y, r) in [(11.0, 18.0, 6.0), (20.0, 17.0, 7.0), (16.0, 11.0, 6.0), (16.0, 22.0, 5.0)] {
        c.body(ellipse(x, y, r, r * 0.9), rgb(220, 222, 232), [16.0, 14.0, 10.0, 10.0]);
    }
    c.dots(&[(4, 6), (27, 5), (29, 26), (3, 27), (16, 3)], rgb(255, 250, 180));
    done(c)
}

/// One step of a path: a gold dot.
pub fn path_mark() -> Canvas {
    let mut c = Canvas::new();
    c.body(ellipse(16.0, 16.0, 3.5, 3.5), rgb(255, 220, 80), [16.0, 16.0, 3.5, 3.5]);
    done(c)
}

/// The look cursor: bright corner brackets.
pub fn cursor() -> Canvas {
    let mut c = Canvas::new();
    let y = rgb(255, 236, 90);
    for (x0, y0, sx, sy) in [
        (1.0, 1.0, 1.0, 1.0),
        (31.0, 1.0, -1.0, 1.0),
        (1.0, 31.0, 1.0, -1.0),
        (31.0, 31.0, -1.0, -1.0),
    ] {
        let (xa, xb) = if sx > 0.0 { (x0, x0 + 9.0) } else { (x0 - 9.0, x0) };
        let (ya, yb) = if sy > 0.0 { (y0, y0 + 2.0) } else { (y0 - 2.0, y0) };
        c.solid(rect(xa, ya, xb, yb), y);
        let (xa, xb) = if sx > 0.0 { (x0, x0 + 2.0) } else { (x0 - 2.0, x0) };
        let (ya, yb) = if sy > 0.0 { (y0, y0 + 9.0) } else { (y0 - 9.0, y0) };
        c.solid(rect(xa, ya, xb, yb), y);
    }
    done(c)
}
