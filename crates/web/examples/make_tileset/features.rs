//! Features: doors, stairs, chests and portals.

use super::paint::*;
use super::terrain;

/// Iron and the wood of doors and chests.
const WOOD: Rgb = rgb(132, 84, 44);
const IRON: Rgb = rgb(60, 60, 68);
const GOLD: Rgb = rgb(240, 196, 60);

/// The stone door frame both doors share, over a cave floor.
fn door_frame() -> Canvas {
    let mut c = terrain::floor();
    c.body(rect(3.0, 1.0, 29.0, 31.0), rgb(130, 126, 120), [16.0, 16.0, 14.0, 16.0]);
    c.solid(rect(3.0, 1.0, 29.0, 2.0), rgb(30, 28, 28));
    for x in [3.0, 28.0] {
        c.solid(rect(x, 1.0, x + 1.0, 31.0), rgb(30, 28, 28));
    }
    c
}

/// A closed door: planks, iron bands, a ring.
pub fn door_closed() -> Canvas {
    let mut c = door_frame();
    c.fill(rect(7.0, 4.0, 25.0, 31.0), |x, _| {
        let plank = ((x - 7.0) / 6.0).floor();
        let lx = (x - 7.0) - plank * 6.0;
        if lx < 1.0 { shade(WOOD, 0.55) } else { shade(WOOD, 1.0 + 0.08 * plank - 0.03 * lx) }
    });
    for y in [8.0, 24.0] {
        c.solid(rect(7.0, y, 25.0, y + 2.0), IRON);
        c.dots(&[(9, y as i32), (15, y as i32), (21, y as i32)], rgb(140, 140, 150));
    }
    c.solid(ellipse(21.0, 17.0, 2.0, 2.0), GOLD);
    c.solid(ellipse(21.0, 17.0, 0.9, 0.9), shade(GOLD, 0.5));
    c.solid(rect(6.0, 4.0, 26.0, 5.0), rgb(30, 22, 16));
    c
}

/// An open door: the leaf swung against the frame, the dark way through.
pub fn door_open() -> Canvas {
    let mut c = door_frame();
    c.fill(rect(7.0, 4.0, 25.0, 31.0), |x, y| {
        shade(rgb(74, 66, 60), 0.35 + 0.02 * (y - 4.0) + 0.005 * (x - 7.0))
    });
    c.fill(poly(&[(4.0, 3.0), (10.0, 6.0), (10.0, 31.0), (4.0, 31.0)]), |x, _| {
        shade(WOOD, 0.7 + 0.06 * (x - 4.0))
    });
    c.solid(rect(4.0, 9.0, 10.0, 11.0), IRON);
    c.solid(rect(4.0, 24.0, 10.0, 26.0), IRON);
    c.solid(rect(10.0, 6.0, 11.0, 31.0), rgb(30, 22, 16));
    c
}

/// Stairs: steps over a floor, `up` lit toward the top with a gold up arrow, down
/// sinking into the dark with a down arrow.
pub fn stairs(up: bool) -> Canvas {
    let mut c = terrain::floor();
    c.solid(rect(4.0, 3.0, 28.0, 30.0), rgb(28, 24, 22));
    for i in 0..5 {
        let y0 = 4.0 + i as f32 * 5.2;
        let k = if up { 1.25 - i as f32 * 0.14 } else { 0.95 - i as f32 * 0.17 };
        let inset = if up { 0.0 } else { i as f32 * 1.6 };
        let tread = rect(5.0 + inset, y0, 27.0 - inset, y0 + 3.6);
        c.body(tread, shade(rgb(150, 142, 132), k), [16.0, y0 + 1.8, 11.0, 3.0]);
        c.solid(rect(5.0 + inset, y0 + 3.6, 27.0 - inset, y0 + 5.2), shade(rgb(60, 54, 50), k));
    }
    if !up {
        c.glaze(rect(5.0, 18.0, 27.0, 30.0), rgb(0, 0, 0), 0.45);
    }
    let arrow: Vec<(f32, f32)> = if up {
        vec![
            (23.5, 1.0),
            (30.0, 8.0),
            (26.0, 8.0),
            (26.0, 12.0),
            (21.0, 12.0),
            (21.0, 8.0),
            (17.0, 8.0),
        ]
    } else {
        vec![
            (23.5, 31.0),
            (30.0, 24.0),
            (26.0, 24.0),
            (26.0, 20.0),
            (21.0, 20.0),
            (21.0, 24.0),
            (17.0, 24.0),
        ]
    };
    let mut a = Canvas::new();
    a.solid(poly(&arrow), GOLD);
    a.outline(OUTLINE);
    c.over(&a);
    c
}

/// A chest, `open` showing its gold; drawn over whatever floor it stands on.
pub fn chest(open: bool) -> Canvas {
    let mut c = Canvas::new();
    c.shadow(16.0, 28.0, 13.0, 3.0);
    c.body(rect(4.0, 15.0, 28.0, 28.0), WOOD, [16.0, 21.0, 12.0, 7.0]);
    c.solid(rect(4.0, 15.0, 28.0, 16.0), shade(WOOD, 0.6));
    for x in [4.0, 15.0, 26.0] {
        c.solid(rect(x, 15.0, x + 2.0, 28.0), GOLD);
    }
    if open {
        c.body(rect(5.0, 4.0, 27.0, 13.0), shade(WOOD, 0.8), [16.0, 8.0, 11.0, 5.0]);
        c.solid(rect(6.0, 10.0, 26.0, 15.0), rgb(40, 24, 14));
        c.fill(ellipse(16.0, 15.0, 9.0, 3.0), |x, _| {
            if (x as i32) % 3 == 0 { rgb(255, 240, 150) } else { GOLD }
        });
        c.solid(rect(5.0, 4.0, 27.0, 5.0), GOLD);
    } else {
        c.body(ellipse(16.0, 15.0, 12.5, 6.5), WOOD, [16.0, 11.0, 12.0, 5.0]);
        c.solid(|x, y| ellipse(16.0, 15.0, 12.5, 6.5)(x, y) && y > 13.0 && y < 15.0, GOLD);
        c.solid(rect(14.0, 14.0, 18.0, 19.0), GOLD);
        c.solid(rect(15.5, 16.0, 16.5, 18.0), rgb(30, 20, 10));
    }
    c.outline(OUTLINE);
    c
}

/// The portal's stone ring, shared by both states.
fn portal_ring(c: &mut Canvas, glow: Rgb) {
    c.shadow(16.0, 29.0, 12.0, 2.5);
    let outer = ellipse(16.0, 16.0, 14.0, 14.5);
    let inner = ellipse(16.0, 16.0, 9.5, 10.0);
    c.fill(outer, |x, y| {
        let t = -0.5 * (x - 16.0) / 14.0 - 0.8 * (y - 16.0) / 14.0;
        shade(rgb(120, 100, 150), 1.0 + 0.3 * t)
    });
    c.solid(&inner, glow);
    for i in 0..8 {
        let a = i as f32 * std::f32::consts::FRAC_PI_4;
        let (x, y) = (16.0 + 11.8 * a.cos(), 16.0 + 12.2 * a.sin());
        c.dots(&[(x as i32, y as i32)], rgb(60, 46, 80));
    }
}

/// A portal: `open` swirls with light; locked, it is dark and chained with a padlock.
pub fn portal(open: bool) -> Canvas {
    let mut c = Canvas::new();
    if open {
        portal_ring(&mut c, rgb(250, 140, 255));
        c.fill(ellipse(16.0, 16.0, 9.5, 10.0), |x, y| {
            let (dx, dy) = (x - 16.0, y - 16.0);
            let r = (dx * dx + dy * dy).sqrt();
            let a = dy.atan2(dx) + r * 0.45;
            let swirl = (a * 3.0).sin() * 0.5 + 0.5;
            mix(
                mix(rgb(255, 255, 255), rgb(120, 230, 255), r / 6.0),
                rgb(210, 70, 230),
                swirl * r / 10.0,
            )
        });
    } else {
        portal_ring(&mut c, rgb(30, 20, 40));
        let chain = rgb(170, 170, 180);
        c.solid(capsule((6.0, 8.0), (26.0, 24.0), 1.4), chain);
        c.solid(capsule((26.0, 8.0), (6.0, 24.0), 1.4), chain);
        for i in 0..6 {
            let t = i as f32 / 5.0;
            c.dots(&[((6.0 + 20.0 * t) as i32, (8.0 + 16.0 * t) as i32)], rgb(80, 80, 90));
            c.dots(&[((26.0 - 20.0 * t) as i32, (8.0 + 16.0 * t) as i32)], rgb(80, 80, 90));
        }
        c.solid(ellipse(16.0, 15.0, 3.5, 3.5), rgb(40, 36, 30));
        c.solid(ellipse(16.0, 15.0, 2.3, 2.3), rgb(120, 110, 90));
        c.body(rect(11.0, 16.0, 21.0, 25.0), GOLD, [16.0, 20.0, 5.0, 5.0]);
        c.solid(rect(15.0, 19.0, 17.0, 22.0), rgb(40, 26, 10));
    }
    c.outline(OUTLINE);
    c
}
