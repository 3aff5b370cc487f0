//! Actors: the player by facing, the monsters, the log monster's three states, the
//! boss and the chase's hunter. Each has its own silhouette and a dark outline.

use super::paint::*;

/// The player's tunic: a colour nothing else uses (the browser tests look for it).
pub const TUNIC: Rgb = rgb(90, 60, 255);
const SKIN: Rgb = rgb(240, 190, 140);
const HAIR: Rgb = rgb(120, 72, 34);
const BOOT: Rgb = rgb(92, 56, 30);
const STEEL: Rgb = rgb(220, 224, 236);
const EYE_RED: Rgb = rgb(255, 60, 50);
const EYE_GLOW: Rgb = rgb(255, 235, 80);

/// Which way the player faces (None: the plain player).
#[derive(Clone, Copy, PartialEq)]
pub enum Facing {
    /// No facing: the plain player, holding a torch.
    None,
    /// Up.
    North,
    /// Right.
    East,
    /// Down.
    South,
    /// Left.
    West,
}

/// The player: a blue tunic, a head whose face shows the facing, a sword pointing the
/// way they face (a torch when there is no facing).
pub fn player(f: Facing) -> Canvas {
    if f == Facing::West {
        return player(Facing::East).flipped();
    }
    let mut c = Canvas::new();
    c.shadow(16.0, 29.5, 8.0, 2.0);
    // legs and boots
    if f == Facing::East {
        c.solid(capsule((14.0, 21.0), (12.0, 27.0), 1.8), shade(TUNIC, 0.6));
        c.solid(capsule((17.0, 21.0), (19.5, 27.0), 1.8), shade(TUNIC, 0.6));
        c.solid(rect(10.0, 26.0, 15.0, 29.0), BOOT);
        c.solid(rect(18.0, 26.0, 23.0, 29.0), BOOT);
    } else {
        c.solid(rect(11.5, 21.0, 15.0, 27.0), shade(TUNIC, 0.6));
        c.solid(rect(17.0, 21.0, 20.5, 27.0), shade(TUNIC, 0.6));
        c.solid(rect(11.0, 26.0, 15.0, 29.0), BOOT);
        c.solid(rect(17.0, 26.0, 21.0, 29.0), BOOT);
    }
    // body
    // Flat tunic colour (the browser tests count it), lit on the left, shaded on the right.
    let torso = poly(&[(10.0, 12.0), (22.0, 12.0), (23.0, 23.0), (9.0, 23.0)]);
    c.solid(&torso, TUNIC);
    c.solid(|x, y| torso(x, y) && !torso(x - 2.0, y), shade(TUNIC, 1.25));
    c.solid(|x, y| torso(x, y) && !torso(x + 2.5, y), shade(TUNIC, 0.7));
    c.solid(rect(9.5, 19.0, 22.5, 20.5), rgb(120, 70, 30));
    c.dots(&[(16, 19), (16, 20)], rgb(240, 200, 60));
    weapon(&mut c, f);
    head(&mut c, f);
    c.outline(OUTLINE);
    c
}

fn head(c: &mut Canvas, f: Facing) {
    let h = ellipse(16.0, 8.0, 5.0, 5.2);
    c.body(&h, SKIN, [16.0, 8.0, 5.0, 5.0]);
    match f {
        Facing::North => c.body(&h, HAIR, [16.0, 8.0, 5.0, 5.0]),
        Facing::East => {
            c.solid(|x, y| h(x, y) && (y < 6.0 || x < 14.0), HAIR);
            c.dots(&[(19, 8)], rgb(20, 20, 40));
            c.dots(&[(21, 9)], SKIN);
        }
        _ => {
            c.solid(|x, y| h(x, y) && y < 6.0, HAIR);
            c.dots(&[(14, 8), (18, 8)], rgb(20, 20, 40));
            c.dots(&[(15, 11), (16, 11), (17, 11)], rgb(170, 90, 80));
        }
    }
}

fn weapon(c: &mut Canvas, f: Facing) {
    match f {
        Facing::North => {
            c.solid(capsule((23.0, 16.0), (23.0, 13.0), 1.6), SKIN);
            c.solid(rect(22.0, 1.0, 25.0, 13.0), STEEL);
            c.solid(rect(20.0, 12.0, 27.0, 14.0), rgb(200, 160, 50));
        }
        Facing::East => {
            c.solid(capsule((17.0, 15.0), (22.0, 17.0), 1.8), TUNIC);
            c.solid(rect(21.0, 16.0, 24.0, 19.0), SKIN);
            c.solid(
                poly(&[(24.0, 16.5), (31.0, 16.5), (32.0, 17.5), (31.0, 18.5), (24.0, 18.5)]),
                STEEL,
            );
            c.solid(rect(23.0, 14.0, 25.0, 21.0), rgb(200, 160, 50));
        }
        Facing::South => {
            c.solid(capsule((22.0, 14.0), (24.0, 20.0), 1.8), TUNIC);
            c.solid(rect(23.0, 19.0, 26.0, 22.0), SKIN);
            c.solid(rect(23.5, 22.0, 25.5, 31.0), STEEL);
            c.solid(rect(21.5, 21.0, 27.5, 22.5), rgb(200, 160, 50));
        }
        _ => {
            c.solid(capsule((22.0, 14.0), (24.0, 19.0), 1.8), TUNIC);
            c.solid(rect(23.0, 10.0, 25.0, 22.0), rgb(110, 70, 36));
            c.solid(ellipse(24.0, 8.0, 2.6, 4.0), rgb(255, 150, 40));
            c.solid(ellipse(24.0, 9.0, 1.3, 2.2), rgb(255, 240, 150));
        }
    }
}

/// A fungus: two spotted red caps on pale stems.
pub fn fungus() -> Canvas {
    let mut c = Canvas::new();
    c.shadow(16.0, 28.5, 12.0, 2.5);
    for (x, y, s) in [(11.0, 15.0, 1.0), (22.0, 19.0, 0.75)] {
        c.body(rect(x - 2.5 * s, y, x + 2.5 * s, 28.5), rgb(236, 220, 190), [x, y + 6.0, 3.0, 6.0]);
        let cap = |px: f32, py: f32| ellipse(x, y, 9.0 * s, 7.0 * s)(px, py) && py < y + 1.5 * s;
        c.body(cap, rgb(220, 50, 50), [x, y - 3.0, 8.0 * s, 5.0 * s]);
        c.solid(ellipse(x - 3.0 * s, y - 3.5 * s, 1.6 * s, 1.3 * s), rgb(255, 250, 240));
        c.solid(ellipse(x + 3.0 * s, y - 2.0 * s, 1.3 * s, 1.1 * s), rgb(255, 250, 240));
        c.solid(ellipse(x, y - 5.0 * s, 1.1, 1.0), rgb(255, 250, 240));
    }
    c.outline(OUTLINE);
    c
}

/// A bat: wide pale-violet wings, red eyes, white fangs (it must show on dark floors).
pub fn bat() -> Canvas {
    let mut c = Canvas::new();
    c.shadow(16.0, 29.0, 7.0, 1.8);
    let wing = [
        (16.0, 11.0),
        (9.0, 6.0),
        (1.0, 9.0),
        (2.0, 17.0),
        (5.0, 15.0),
        (7.0, 19.0),
        (10.0, 16.0),
        (13.0, 20.0),
        (16.0, 18.0),
    ];
    let right: Vec<(f32, f32)> = wing.iter().map(|&(x, y)| (32.0 - x, y)).collect();
    c.body(poly(&wing), rgb(150, 104, 170), [10.0, 10.0, 10.0, 6.0]);
    c.body(poly(&right), rgb(150, 104, 170), [22.0, 10.0, 10.0, 6.0]);
    for &(a, b) in
        &[((9.0, 6.5), (3.0, 16.0)), ((9.0, 6.5), (7.0, 18.0)), ((9.0, 6.5), (12.0, 18.5))]
    {
        c.solid(capsule(a, b, 0.5), rgb(90, 60, 100));
        c.solid(capsule((32.0 - a.0, a.1), (32.0 - b.0, b.1), 0.5), rgb(90, 60, 100));
    }
    c.body(ellipse(16.0, 14.0, 4.5, 6.0), rgb(176, 132, 190), [16.0, 13.0, 4.5, 6.0]);
    c.solid(poly(&[(12.5, 10.0), (13.0, 5.0), (15.0, 9.0)]), rgb(176, 132, 190));
    c.solid(poly(&[(19.5, 10.0), (19.0, 5.0), (17.0, 9.0)]), rgb(176, 132, 190));
    c.dots(&[(14, 12), (17, 12)], EYE_RED);
    c.dots(&[(15, 16), (17, 16)], rgb(255, 255, 255));
    c.outline(OUTLINE);
    c
}

/// A zombie: green skin, torn clothes, arms stretched out to the right.
pub fn zombie() -> Canvas {
    let mut c = Canvas::new();
    let skin = rgb(140, 184, 110);
    c.shadow(15.0, 29.5, 8.0, 2.0);
    c.solid(capsule((13.0, 21.0), (11.0, 28.0), 2.0), rgb(70, 80, 110));
    c.solid(capsule((17.0, 21.0), (18.0, 28.0), 2.0), rgb(70, 80, 110));
    c.body(
        poly(&[(9.0, 12.0), (20.0, 12.0), (21.0, 23.0), (8.0, 23.0)]),
        rgb(104, 112, 150),
        [14.0, 17.0, 6.0, 6.0],
    );
    c.solid(poly(&[(9.0, 20.0), (12.0, 23.0), (8.0, 23.0)]), rgb(20, 20, 20));
    c.solid(poly(&[(17.0, 21.0), (19.0, 23.0), (15.0, 23.0)]), rgb(20, 20, 20));
    c.solid(capsule((17.0, 14.0), (29.0, 14.5), 1.8), skin);
    c.solid(capsule((16.0, 17.0), (28.0, 18.0), 1.8), skin);
    c.body(ellipse(14.5, 7.5, 5.0, 5.0), skin, [14.5, 7.5, 5.0, 5.0]);
    c.dots(&[(14, 7), (18, 7)], rgb(255, 40, 30));
    c.dots(&[(15, 10), (16, 10), (17, 10)], rgb(40, 30, 30));
    c.solid(rect(10.0, 3.0, 15.0, 5.0), rgb(60, 70, 40));
    c.outline(OUTLINE);
    c
}

/// A rat: a pale body in profile, pink ears and a long curling tail.
pub fn rat() -> Canvas {
    let mut c = Canvas::new();
    let fur = rgb(172, 150, 132);
    c.shadow(15.0, 27.5, 11.0, 2.0);
    c.solid(capsule((6.0, 22.0), (2.5, 17.0), 1.0), rgb(230, 150, 160));
    c.solid(capsule((2.5, 17.0), (4.0, 12.0), 1.0), rgb(230, 150, 160));
    c.body(ellipse(14.0, 21.0, 9.0, 5.5), fur, [14.0, 20.0, 9.0, 5.5]);
    c.body(poly(&[(19.0, 16.5), (29.0, 21.0), (19.0, 25.0)]), fur, [22.0, 20.0, 5.0, 4.0]);
    c.solid(ellipse(19.5, 16.0, 2.2, 2.4), rgb(230, 150, 160));
    c.dots(&[(23, 19)], rgb(200, 20, 20));
    c.dots(&[(29, 21), (28, 21)], rgb(240, 120, 140));
    for x in [9.0, 17.0] {
        c.solid(rect(x, 25.0, x + 2.0, 28.0), rgb(230, 150, 160));
    }
    c.outline(OUTLINE);
    c
}

/// A goblin: small and green, with big pointed ears and a dagger.
pub fn goblin() -> Canvas {
    let mut c = Canvas::new();
    let skin = rgb(110, 190, 64);
    c.shadow(16.0, 29.5, 7.0, 2.0);
    c.solid(rect(12.0, 23.0, 14.5, 29.0), shade(skin, 0.75));
    c.solid(rect(17.5, 23.0, 20.0, 29.0), shade(skin, 0.75));
    c.body(
        poly(&[(11.0, 16.0), (21.0, 16.0), (22.0, 25.0), (10.0, 25.0)]),
        rgb(130, 86, 50),
        [16.0, 20.0, 6.0, 5.0],
    );
    c.solid(capsule((11.0, 18.0), (7.0, 23.0), 1.5), skin);
    c.solid(capsule((21.0, 18.0), (24.0, 21.0), 1.5), skin);
    c.solid(poly(&[(24.0, 22.0), (28.0, 13.0), (26.0, 21.5)]), STEEL);
    c.solid(poly(&[(11.0, 10.0), (2.0, 6.0), (11.0, 14.0)]), skin);
    c.solid(poly(&[(21.0, 10.0), (30.0, 6.0), (21.0, 14.0)]), skin);
    c.body(ellipse(16.0, 11.5, 5.5, 5.0), skin, [16.0, 11.5, 5.5, 5.0]);
    c.dots(&[(14, 11), (18, 11)], EYE_RED);
    c.dots(&[(14, 14), (15, 14), (16, 14), (17, 14), (18, 14)], rgb(40, 20, 10));
    c.dots(&[(15, 15), (17, 15)], rgb(255, 255, 240));
    c.outline(OUTLINE);
    c
}

/// A troll: huge and hunched, filling the tile, with a club.
pub fn troll() -> Canvas {
    let mut c = Canvas::new();
    let skin = rgb(150, 164, 120);
    c.shadow(16.0, 30.0, 13.0, 2.0);
    c.solid(rect(8.0, 23.0, 13.0, 30.0), shade(skin, 0.7));
    c.solid(rect(19.0, 23.0, 24.0, 30.0), shade(skin, 0.7));
    c.body(ellipse(16.0, 16.0, 12.0, 10.0), skin, [16.0, 14.0, 12.0, 10.0]);
    c.solid(rect(6.0, 20.0, 26.0, 25.0), rgb(110, 80, 50));
    c.solid(capsule((5.0, 14.0), (3.0, 24.0), 2.5), skin);
    c.solid(capsule((26.0, 14.0), (27.0, 20.0), 2.5), skin);
    c.body(capsule((28.0, 20.0), (29.0, 3.0), 2.8), rgb(130, 90, 50), [28.0, 10.0, 3.0, 9.0]);
    c.dots(&[(27, 7), (30, 11), (28, 14)], rgb(70, 44, 24));
    c.body(ellipse(14.0, 8.5, 5.5, 4.5), skin, [14.0, 8.0, 5.5, 4.5]);
    c.dots(&[(12, 8), (16, 8)], rgb(255, 220, 60));
    c.solid(rect(11.0, 6.0, 18.0, 7.0), shade(skin, 0.5));
    c.dots(&[(12, 11), (16, 11)], rgb(255, 255, 230));
    c.outline(OUTLINE);
    c
}

/// A wraith: a pale hooded shape trailing into wisps, with glowing cyan eyes.
pub fn wraith() -> Canvas {
    let mut c = Canvas::new();
    let robe = rgb(208, 218, 236);
    let shape = [
        (16.0, 2.0),
        (23.0, 7.0),
        (25.0, 16.0),
        (29.0, 24.0),
        (25.0, 22.0),
        (24.0, 29.0),
        (20.0, 24.0),
        (16.0, 30.0),
        (12.0, 24.0),
        (8.0, 29.0),
        (7.0, 22.0),
        (3.0, 24.0),
        (7.0, 16.0),
        (9.0, 7.0),
    ];
    c.body(poly(&shape), robe, [16.0, 12.0, 10.0, 12.0]);
    c.solid(ellipse(16.0, 10.0, 4.5, 4.8), rgb(30, 34, 60));
    c.dots(&[(14, 10), (18, 10)], rgb(120, 255, 255));
    c.solid(capsule((7.0, 15.0), (3.0, 19.0), 1.3), robe);
    c.solid(capsule((25.0, 15.0), (29.0, 19.0), 1.3), robe);
    c.outline(OUTLINE);
    c
}

/// Which state a log monster is in.
#[derive(Clone, Copy, PartialEq)]
pub enum LogState {
    /// Lying down, eyes shut, snoring.
    Asleep,
    /// Upright, calm eyes, little legs.
    Wandering,
    /// Upright, red angry eyes, fangs, running.
    Chasing,
}

/// The maze's log monster in one of its states.
pub fn log(state: LogState) -> Canvas {
    let bark = rgb(150, 96, 50);
    let ring = rgb(226, 186, 126);
    let mut c = Canvas::new();
    if state == LogState::Asleep {
        c.shadow(16.0, 27.0, 14.0, 2.5);
        c.body(rect(4.0, 16.0, 27.0, 27.0), bark, [15.0, 21.0, 11.0, 5.0]);
        for x in [8.0, 14.0, 20.0] {
            c.solid(rect(x, 17.0, x + 1.0, 26.0), shade(bark, 0.6));
        }
        c.solid(ellipse(27.0, 21.5, 3.5, 5.5), ring);
        c.solid(ellipse(27.0, 21.5, 1.5, 2.5), shade(ring, 0.7));
        c.solid(rect(10.0, 21.0, 13.0, 22.0), rgb(40, 20, 10));
        c.solid(rect(17.0, 21.0, 20.0, 22.0), rgb(40, 20, 10));
        let z = rgb(230, 240, 255);
        for (x, y, s) in [(17.0, 9.0, 1.0), (23.0, 3.0, 1.4)] {
            c.solid(rect(x, y, x + 4.0 * s, y + 1.0), z);
            c.solid(capsule((x + 4.0 * s - 0.5, y + 0.5), (x + 0.5, y + 4.0 * s - 0.5), 0.5), z);
            c.solid(rect(x, y + 4.0 * s - 1.0, x + 4.0 * s, y + 4.0 * s), z);
        }
        c.outline(OUTLINE);
        return c;
    }
    let chasing = state == LogState::Chasing;
    c.shadow(16.0, 29.5, 9.0, 2.0);
    if chasing {
        c.solid(capsule((12.0, 25.0), (8.0, 29.0), 1.5), shade(bark, 0.6));
        c.solid(capsule((20.0, 25.0), (25.0, 28.0), 1.5), shade(bark, 0.6));
        for y in [10.0, 16.0, 22.0] {
            c.solid(rect(1.0, y, 5.0, y + 1.0), rgb(250, 250, 255));
        }
    } else {
        c.solid(rect(12.0, 25.0, 14.0, 29.0), shade(bark, 0.6));
        c.solid(rect(18.0, 25.0, 20.0, 29.0), shade(bark, 0.6));
    }
    c.body(rect(9.0, 6.0, 23.0, 26.0), bark, [16.0, 14.0, 7.0, 10.0]);
    c.solid(ellipse(16.0, 6.0, 7.0, 2.6), ring);
    c.solid(ellipse(16.0, 6.0, 3.0, 1.1), shade(ring, 0.7));
    if chasing {
        c.solid(poly(&[(10.0, 11.0), (15.0, 13.5), (15.0, 16.0), (10.0, 15.0)]), rgb(255, 40, 30));
        c.solid(poly(&[(22.0, 11.0), (17.0, 13.5), (17.0, 16.0), (22.0, 15.0)]), rgb(255, 40, 30));
        c.dots(&[(13, 14), (18, 14)], rgb(255, 240, 120));
        c.solid(rect(11.0, 18.0, 21.0, 23.0), rgb(40, 8, 8));
        c.dots(
            &[
                (12, 18),
                (14, 18),
                (16, 18),
                (18, 18),
                (20, 18),
                (13, 22),
                (15, 22),
                (17, 22),
                (19, 22),
            ],
            rgb(255, 255, 240),
        );
    } else {
        for x in [12.5, 19.5] {
            c.solid(ellipse(x, 13.0, 2.5, 2.8), rgb(250, 250, 245));
            c.solid(ellipse(x, 13.8, 1.1, 1.4), rgb(20, 20, 30));
        }
        c.solid(rect(14.0, 19.0, 18.0, 20.0), rgb(60, 30, 14));
    }
    c.outline(OUTLINE);
    c
}

/// The maze's boss: a horned demon filling the whole tile, glowing eyes and fangs.
pub fn boss() -> Canvas {
    let mut c = Canvas::new();
    let hide = rgb(196, 38, 34);
    let horn = rgb(250, 226, 150);
    c.solid(poly(&[(8.0, 8.0), (1.0, 0.5), (3.0, 9.0), (7.0, 12.0)]), horn);
    c.solid(poly(&[(24.0, 8.0), (31.0, 0.5), (29.0, 9.0), (25.0, 12.0)]), horn);
    c.solid(poly(&[(4.0, 14.0), (0.5, 30.0), (6.0, 27.0), (9.0, 20.0)]), shade(hide, 0.75));
    c.solid(poly(&[(28.0, 14.0), (31.5, 30.0), (26.0, 27.0), (23.0, 20.0)]), shade(hide, 0.75));
    c.body(ellipse(16.0, 19.0, 12.0, 12.0), hide, [16.0, 16.0, 12.0, 12.0]);
    c.body(ellipse(16.0, 11.0, 9.0, 7.5), hide, [16.0, 10.0, 9.0, 7.5]);
    c.solid(poly(&[(8.0, 9.0), (14.0, 11.0), (14.0, 13.0), (8.0, 12.0)]), rgb(60, 0, 0));
    c.solid(poly(&[(24.0, 9.0), (18.0, 11.0), (18.0, 13.0), (24.0, 12.0)]), rgb(60, 0, 0));
    c.solid(rect(10.0, 11.0, 13.0, 12.5), EYE_GLOW);
    c.solid(rect(19.0, 11.0, 22.0, 12.5), EYE_GLOW);
    c.solid(ellipse(16.0, 19.5, 7.0, 3.5), rgb(40, 0, 0));
    c.solid(poly(&[(10.0, 18.0), (12.0, 18.0), (11.0, 22.0)]), rgb(255, 255, 240));
    c.solid(poly(&[(20.0, 18.0), (22.0, 18.0), (21.0, 22.0)]), rgb(255, 255, 240));
    c.dots(&[(14, 18), (16, 18), (18, 18)], rgb(255, 255, 240));
    for x in [2.0, 5.0, 27.0, 30.0] {
        c.solid(poly(&[(x - 1.0, 28.0), (x + 1.0, 28.0), (x, 31.5)]), horn);
    }
    c.outline(OUTLINE);
    c
}

/// The chase's hunter: a tall crimson hooded cloak, yellow eyes, reaching claws.
pub fn hunter() -> Canvas {
    let mut c = Canvas::new();
    let cloak = rgb(214, 48, 44);
    c.shadow(16.0, 29.5, 10.0, 2.0);
    let shape = [
        (16.0, 1.0),
        (22.0, 5.0),
        (24.0, 14.0),
        (27.0, 29.0),
        (5.0, 29.0),
        (8.0, 14.0),
        (10.0, 5.0),
    ];
    c.body(poly(&shape), cloak, [16.0, 12.0, 10.0, 14.0]);
    c.solid(rect(15.5, 16.0, 16.5, 29.0), shade(cloak, 0.55));
    c.solid(ellipse(16.0, 9.5, 4.5, 4.5), rgb(24, 6, 6));
    c.solid(rect(13.0, 9.0, 15.0, 10.5), EYE_GLOW);
    c.solid(rect(17.0, 9.0, 19.0, 10.5), EYE_GLOW);
    for (x, d) in [(6.0, -1.0), (26.0, 1.0)] {
        c.solid(capsule((x - d * 2.0, 15.0), (x + d * 2.0, 20.0), 1.8), shade(cloak, 0.8));
        for k in 0..3 {
            let kx = x + d * 2.5 + k as f32 - 1.0;
            c.solid(capsule((kx, 20.5), (kx + d, 23.5), 0.5), rgb(240, 240, 220));
        }
    }
    c.outline(OUTLINE);
    c
}
