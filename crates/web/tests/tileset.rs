//! The built-in tileset as a player sees it: every sprite has a tile, the walls have all
//! their autotile variants, floors are opaque, and every actor, item and effect stands
//! out from every floor it can stand on (mean colour difference) with a dark outline.

#[path = "tileset/contrast.rs"]
mod contrast;

use torchlit_console::Sprite;
use torchlit_ui::sprite;
use torchlit_web::Tileset;

/// The atlas decoded: RGBA pixels, width, tile size.
struct Atlas {
    rgba: Vec<u8>,
    width: usize,
    tile: usize,
    set: Tileset,
}

impl Atlas {
    fn builtin() -> Atlas {
        let set = Tileset::builtin(sprite::ALL).expect("the built-in tileset loads");
        let decoder = png::Decoder::new(std::io::Cursor::new(set.png().to_vec()));
        let mut reader = decoder.read_info().expect("a PNG");
        let mut rgba = vec![0; reader.output_buffer_size().expect("a size")];
        let info = reader.next_frame(&mut rgba).expect("one frame");
        assert_eq!(info.color_type, png::ColorType::Rgba, "the atlas is RGBA");
        let width = info.width as usize;
        let tile = set.tile_size() as usize;
        Atlas { rgba, width, tile, set }
    }

    /// The pixels of the tile with this index key (`wall`, `wall@5`), row by row.
    fn tile(&self, key: &str) -> Vec<[u8; 4]> {
        let cell = match key.split_once('@') {
            Some((name, m)) => {
                let s = Sprite::find(sprite::ALL, name).expect("a sprite");
                self.set.variant(s, m.parse().expect("a mask"))
            }
            None => self.set.cell(Sprite::find(sprite::ALL, key).expect("a sprite")),
        };
        let [col, row] = cell.unwrap_or_else(|| panic!("the index has {key}"));
        let (x0, y0) = (col as usize * self.tile, row as usize * self.tile);
        let mut out = Vec::with_capacity(self.tile * self.tile);
        for y in y0..y0 + self.tile {
            for x in x0..x0 + self.tile {
                let i = (y * self.width + x) * 4;
                out.push([self.rgba[i], self.rgba[i + 1], self.rgba[i + 2], self.rgba[i + 3]]);
            }
        }
        out
    }
}

#[test]
fn every_sprite_has_a_32_pixel_tile_and_a_place_in_the_checks() {
    let atlas = Atlas::builtin();
    assert_eq!(atlas.tile, 32);
    assert_eq!(atlas.set.missing(), Vec::<Sprite>::new());
    for s in sprite::ALL {
        let name = s.name();
        let checked = contrast::PAIRS.iter().any(|(n, _)| *n == name);
        let terrain = contrast::TERRAIN.contains(&name);
        assert!(checked != terrain, "{name} is either terrain or checked against its floors");
    }
}

#[test]
fn terrain_is_opaque_and_actors_are_not() {
    let atlas = Atlas::builtin();
    for name in contrast::TERRAIN {
        assert!(atlas.tile(name).iter().all(|p| p[3] == 255), "{name} is opaque");
    }
    for (name, _) in contrast::PAIRS {
        let t = atlas.tile(name);
        assert!(t.iter().any(|p| p[3] == 0), "{name} lets its floor show");
        assert!(t.iter().filter(|p| p[3] >= 128).count() >= 20, "{name} has a body");
    }
}

#[test]
fn walls_have_every_autotile_variant_and_they_differ() {
    let atlas = Atlas::builtin();
    for name in contrast::AUTOTILED {
        let s = Sprite::find(sprite::ALL, name).expect("a sprite");
        let tiles: Vec<_> = (0..16).map(|m| atlas.tile(&format!("{name}@{m}"))).collect();
        for (m, t) in tiles.iter().enumerate() {
            assert!(t.iter().all(|p| p[3] == 255), "{name}@{m} is opaque");
        }
        for a in 0..16 {
            for b in a + 1..16 {
                assert_ne!(tiles[a], tiles[b], "{name}@{a} and {name}@{b} look the same");
            }
        }
        assert_eq!(atlas.set.variant(s, 16), None, "no mask beyond 15");
    }
    let json = atlas.set.index_json();
    assert!(json.contains("\"wall@15\"") && json.contains("\"legend\""), "{json}");
}

#[test]
fn every_actor_item_and_effect_stands_out_on_every_floor_it_can_stand_on() {
    let atlas = Atlas::builtin();
    let mut bad = Vec::new();
    let mut pairs = 0;
    for (sprite, floors) in contrast::PAIRS {
        let s = atlas.tile(sprite);
        for floor in *floors {
            let m = contrast::measure(&s, &atlas.tile(floor), atlas.tile);
            pairs += 1;
            if m.contrast < contrast::MIN_CONTRAST || m.ring < contrast::MIN_RING {
                bad.push(format!(
                    "{sprite} on {floor}: contrast {:.1} (want {}), outline {:.2} (want {})",
                    m.contrast,
                    contrast::MIN_CONTRAST,
                    m.ring,
                    contrast::MIN_RING
                ));
            }
        }
    }
    assert!(pairs > 100, "{pairs} pairs checked");
    assert!(bad.is_empty(), "sprites that do not stand out:\n{}", bad.join("\n"));
}

#[test]
fn the_measure_sees_a_sprite_with_no_outline_or_the_floor_colour() {
    let side = 8;
    let floor = vec![[70, 62, 56, 255]; side * side];
    // A floor-coloured blob with no outline: no contrast, no ring.
    let mut same = vec![[0, 0, 0, 0]; side * side];
    for i in [18, 19, 20, 26, 27, 28, 34, 35, 36] {
        same[i] = [72, 60, 58, 255];
    }
    let m = contrast::measure(&same, &floor, side);
    assert!(m.contrast < 5.0 && m.ring < 0.5, "{m:?}");
    // The same blob bright, ringed in black: both pass.
    let mut good = same.clone();
    for p in good.iter_mut().filter(|p| p[3] == 255) {
        *p = [16, 12, 12, 255];
    }
    good[27] = [250, 250, 250, 255];
    let m = contrast::measure(&good, &floor, side);
    assert!(m.ring == 1.0 && m.opaque == 9, "{m:?}");
}

#[test]
fn the_index_names_the_floors_the_checks_use() {
    let atlas = Atlas::builtin();
    for (name, floors) in contrast::PAIRS {
        let s = Sprite::find(sprite::ALL, name).expect("a sprite");
        assert_eq!(atlas.set.floors(s), *floors, "[floors] {name} in tiles.toml");
    }
    for name in contrast::TERRAIN {
        let s = Sprite::find(sprite::ALL, name).expect("a sprite");
        assert!(atlas.set.floors(s).is_empty(), "{name} is terrain: no floors");
    }
}
