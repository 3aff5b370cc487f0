//! The pure renderer: known scenes to pixels, no window.

mod support;

use support::scene::{floor, room};
use torchlit_console::scene::{Mark, MarkKind, Point};
use torchlit_window::{Placement, Renderer};

const W: u32 = 900;
const H: u32 = 600;

fn draw(scene: &torchlit_console::Scene) -> (Vec<u32>, Placement) {
    let mut r = Renderer::new().expect("bundled assets");
    // Garbage from a frame before: every pixel must be drawn again.
    let mut buf = vec![0x0012_3456u32; (W * H) as usize];
    let place = r.draw(scene, &mut buf, W, H);
    assert!(!buf.contains(&0x0012_3456), "a pixel was left as it was");
    (buf, place)
}

/// The pixels of map cell `p`'s tile.
fn tile(buf: &[u32], place: &Placement, p: Point) -> Vec<u32> {
    let t = place.tile as i32;
    let x0 = place.at.0 + (p.x - place.origin.x) * t;
    let y0 = place.at.1 + (p.y - place.origin.y) * t;
    let mut out = Vec::new();
    for y in y0..y0 + t {
        for x in x0..x0 + t {
            out.push(buf[(y as u32 * W + x as u32) as usize]);
        }
    }
    out
}

fn mean(px: &[u32]) -> (f64, f64, f64) {
    let n = px.len().max(1) as f64;
    let s = |shift: u32| px.iter().map(|p| f64::from((p >> shift) & 255)).sum::<f64>() / n;
    (s(16), s(8), s(0))
}

#[test]
fn the_hero_tile_differs_from_the_floor() {
    let scene = room(10, 8);
    let (buf, place) = draw(&scene);
    let hero = scene.map.hero.expect("a hero");
    let floor_tile = tile(&buf, &place, Point::new(2, 2));
    let hero_tile = tile(&buf, &place, hero);
    let differ = floor_tile.iter().zip(&hero_tile).filter(|(a, b)| a != b).count();
    assert!(differ > hero_tile.len() / 10, "{differ} pixels differ");
    assert!(floor_tile.iter().any(|&p| p != 0), "the floor is drawn");
    assert_eq!(
        place.cell_at(f64::from(place.at.0) + 1.0, f64::from(place.at.1) + 1.0),
        Some(Point::new(0, 0))
    );
}

#[test]
fn a_smaller_map_is_centred_and_unknown_cells_stay_black() {
    let mut scene = room(6, 4);
    scene.map.set(Point::new(1, 1), torchlit_console::scene::SceneCell::UNKNOWN);
    let (buf, place) = draw(&scene);
    assert!(place.at.0 > 0 && place.at.1 > 0, "{place:?}");
    assert!(tile(&buf, &place, Point::new(1, 1)).iter().all(|&p| p == 0));
    assert_eq!(place.cell_at(0.0, 0.0), None);
}

#[test]
fn a_danger_mark_tints_the_cell_red() {
    let mut scene = room(10, 8);
    let at = Point::new(2, 2);
    let (plain, place) = draw(&scene);
    scene.map.marks.push(Mark { at, kind: MarkKind::Danger });
    let (marked, _) = draw(&scene);
    let (r0, g0, b0) = mean(&tile(&plain, &place, at));
    let (r1, g1, b1) = mean(&tile(&marked, &place, at));
    assert!(r1 - r0 > 20.0, "red rises: {r0} -> {r1}");
    assert!(g1 < g0 + 1.0 && b1 < b0 + 1.0, "green and blue don't: {g0}->{g1}, {b0}->{b1}");
    assert_eq!(tile(&plain, &place, Point::new(3, 3)), tile(&marked, &place, Point::new(3, 3)));
}

#[test]
fn a_life_bar_is_drawn_over_an_entity_with_health() {
    let mut scene = room(10, 8);
    let hero = scene.map.hero.expect("a hero");
    let (plain, place) = draw(&scene);
    if let Some(e) = scene.map.entities.last_mut() {
        e.health = Some((1, 4));
    }
    let (barred, _) = draw(&scene);
    let (before, after) = (tile(&plain, &place, hero), tile(&barred, &place, hero));
    let t = place.tile as usize;
    let top_changed = (0..t * 4).filter(|&i| before[i] != after[i]).count();
    let rest_changed = (t * 8..t * t).filter(|&i| before[i] != after[i]).count();
    assert!(top_changed > t, "the bar along the top: {top_changed}");
    assert_eq!(rest_changed, 0, "nothing else");
    // A quarter full: green on the left, grey on the right.
    let row = &after[2 * t..3 * t];
    let green = |p: u32| (p >> 8) & 255 > 150 && (p >> 16) & 255 < 120;
    assert!(green(row[4]) && !green(row[t - 5]), "{:06x} {:06x}", row[4], row[t - 5]);
}

#[test]
fn the_glyph_view_draws_glyphs_not_tiles() {
    let scene = room(10, 8);
    let mut r = Renderer::new().expect("bundled assets");
    let mut tiles = vec![0u32; (W * H) as usize];
    let place = r.draw(&scene, &mut tiles, W, H);
    r.glyphs = true;
    let mut glyphs = vec![0u32; (W * H) as usize];
    r.draw(&scene, &mut glyphs, W, H);
    let floor_px = tile(&glyphs, &place, Point::new(2, 2));
    assert_ne!(tile(&tiles, &place, Point::new(2, 2)), floor_px);
    let lit = floor_px.iter().filter(|&&p| p != 0).count();
    assert!(lit > 0 && lit < floor_px.len() / 4, "a small '.' on black: {lit}");
    let _ = floor();
}

#[test]
fn zoom_changes_the_view_and_the_tile() {
    let mut r = Renderer::new().expect("bundled assets");
    let v32 = r.view(W, H);
    r.set_tile(16);
    let v16 = r.view(W, H);
    assert!(v16.width >= v32.width * 2 - 1, "{v16:?} {v32:?}");
    r.set_tile(1000);
    assert_eq!(r.tile, 64);
    r.set_tile(-5);
    assert_eq!(r.tile, 16);
}

/// A PNG of `colours.len()` 2-pixel tiles in a row, each one colour.
fn atlas_png(colours: &[[u8; 3]]) -> Vec<u8> {
    let mut out = Vec::new();
    let w = 2 * colours.len() as u32;
    let mut enc = png::Encoder::new(&mut out, w, 2);
    enc.set_color(png::ColorType::Rgb);
    let mut writer = enc.write_header().expect("header");
    let row: Vec<u8> = colours.iter().flat_map(|c| [*c, *c]).flatten().collect();
    writer.write_image_data(&[row.clone(), row].concat()).expect("data");
    writer.finish().expect("finished");
    out
}

#[test]
fn walls_join_up_with_their_autotile_variants() {
    // Blue plain wall; red when walls (or the view's edge) are on every side; green with
    // floor to the east only.
    let png = atlas_png(&[[0, 0, 255], [255, 0, 0], [0, 255, 0], [90, 90, 90]]);
    let index = "tile_size = 2\n[sprites]\nwall = [0, 0]\n\"wall@15\" = [1, 0]\n\"wall@13\" = [2, 0]\nfloor = [3, 0]\n";
    let atlas = torchlit_window::tiles::Atlas::parse(index, &png).expect("a valid atlas");
    let mut r = Renderer::with_atlas(atlas).expect("the font");
    let mut scene = room(4, 1);
    scene.map.entities.clear();
    for x in 0..4 {
        let cell = if x == 2 { floor() } else { support::scene::wall() };
        scene.map.set(Point::new(x, 0), cell);
    }
    let mut buf = vec![0u32; (W * H) as usize];
    let place = r.draw(&scene, &mut buf, W, H);
    let colour = |x: i32| tile(&buf, &place, Point::new(x, 0))[0];
    assert_eq!(colour(0), 0x00FF_0000, "walls all round (the view's edge counts)");
    assert_eq!(colour(1), 0x0000_FF00, "floor to the east: mask 13");
    assert_eq!(colour(3), 0x0000_00FF, "floor to the west: mask 7 has no variant");
}
