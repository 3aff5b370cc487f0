//! The tile atlas: the browser's `tiles.png` + `tiles.toml` (a copy is bundled), decoded
//! to pixels and scaled to the tile size the window draws.
//!
//! `tiles.toml` names atlas cells by [`Sprite::name`]: `floor = [7, 0]` is column 7,
//! row 0 of `tile_size`-pixel squares. The atlas needs no list of the game's sprites: a
//! cell's sprite is looked up by its name, and a name no sprite of the game has is never
//! drawn (the browser's tileset checks the bundled index against torchlit's sprites). A name `NAME@M` (M = 0..=15) is the variant of
//! sprite `NAME` drawn when the cardinal neighbours with the same terrain sprite make the
//! 4-bit mask M (N = 1, E = 2, S = 4, W = 8): walls join up.

use std::collections::BTreeMap;

use serde::Deserialize;
use torchlit_console::Sprite;

use crate::WindowError;

/// The bundled atlas (a byte-identical copy of `crates/web/assets/tiles.png`).
pub const BUILTIN_PNG: &[u8] = include_bytes!("../assets/tiles.png");
/// The bundled index (a byte-identical copy of `crates/web/assets/tiles.toml`).
pub const BUILTIN_TOML: &str = include_str!("../assets/tiles.toml");

/// The largest atlas side accepted, in pixels.
const MAX_SIDE: u32 = 8192;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct IndexFile {
    tile_size: u32,
    sprites: BTreeMap<String, [u32; 2]>,
    /// The sprite legend the browser's help shows (not drawn here).
    #[serde(rename = "legend", default)]
    _legend: Option<toml::Value>,
    /// The floors the browser's legend draws each actor on (not drawn here).
    #[serde(rename = "floors", default)]
    _floors: Option<toml::Value>,
}

/// One tile's pixels, `side * side` of `0xAARRGGBB`, row by row (`0x00RRGGBB` when
/// `opaque`: every pixel is then fully opaque).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tile {
    /// The tile's side in pixels.
    pub side: u32,
    /// The pixels, alpha in the top byte.
    pub pixels: Vec<u32>,
    /// Whether every pixel is fully opaque (drawn by copying rows).
    pub opaque: bool,
}

/// The atlas, cut into tiles: the base tile of each sprite and its autotile variants.
#[derive(Clone, Debug)]
pub struct Atlas {
    tile_size: u32,
    tiles: Vec<Tile>,
    /// Sprite name -> index in `tiles`.
    base: BTreeMap<String, usize>,
    /// Sprite name -> (mask -> index in `tiles`), for sprites with `NAME@M` variants.
    joined: BTreeMap<String, [Option<usize>; 16]>,
}

impl Atlas {
    /// The bundled atlas.
    ///
    /// # Errors
    /// Only if the bundled files are damaged (a build defect; a test loads them).
    pub fn builtin() -> Result<Atlas, WindowError> {
        Atlas::parse(BUILTIN_TOML, BUILTIN_PNG)
    }

    /// An atlas from an index's text and a PNG's bytes.
    ///
    /// # Errors
    /// [`WindowError::Tileset`] when the index is not valid TOML of the shape above, has a
    /// key that is no sprite name ([`Sprite::is_valid_name`]) or an atlas cell outside the
    /// image, or the image is no PNG.
    pub fn parse(index: &str, png_bytes: &[u8]) -> Result<Atlas, WindowError> {
        let bad = |m: String| WindowError::Tileset(m);
        let index: IndexFile =
            toml::from_str(index).map_err(|e| bad(format!("tiles.toml: {e}")))?;
        let (w, h, rgba) = decode_png(png_bytes)?;
        let ts = index.tile_size;
        if ts == 0 || ts > 256 {
            return Err(bad(format!("tiles.toml: tile_size must be 1 to 256, found {ts}")));
        }
        let mut atlas = Atlas {
            tile_size: ts,
            tiles: Vec::new(),
            base: BTreeMap::new(),
            joined: BTreeMap::new(),
        };
        for (name, [col, row]) in &index.sprites {
            let (base_name, mask) = match name.split_once('@') {
                Some((b, m)) => match m.parse::<usize>() {
                    Ok(m) if m < 16 => (b, Some(m)),
                    _ => return Err(bad(format!("tiles.toml: {name}: the mask must be 0 to 15"))),
                },
                None => (name.as_str(), None),
            };
            if !Sprite::is_valid_name(base_name) || base_name == Sprite::NONE.name() {
                return Err(bad(format!(
                    "tiles.toml: {name}: no sprite has this name (a name is [a-z][a-z0-9_]*)"
                )));
            }
            let sprite = base_name.to_string();
            let fits = |c: u32, side: u32| (u64::from(c) + 1) * u64::from(ts) <= u64::from(side);
            if !fits(*col, w) || !fits(*row, h) {
                return Err(bad(format!("tiles.toml: {name} = [{col}, {row}]: outside the image")));
            }
            let tile = cut(&rgba, w, col * ts, row * ts, ts);
            atlas.tiles.push(tile);
            let i = atlas.tiles.len() - 1;
            match mask {
                Some(m) => atlas.joined.entry(sprite).or_insert([None; 16])[m] = Some(i),
                None => {
                    atlas.base.insert(sprite, i);
                }
            }
        }
        Ok(atlas)
    }

    /// The atlas's own tile side, in pixels.
    pub fn tile_size(&self) -> u32 {
        self.tile_size
    }

    /// The tile to draw for `sprite` whose same-sprite cardinal neighbours make `mask`
    /// (N = 1, E = 2, S = 4, W = 8): the `NAME@mask` variant when the index has it, else
    /// the base tile; `None` when the index has neither.
    pub fn tile(&self, sprite: Sprite, mask: u8) -> Option<usize> {
        let joined = self.joined.get(sprite.name()).and_then(|v| v[usize::from(mask & 15)]);
        joined.or_else(|| self.base.get(sprite.name()).copied())
    }

    /// Whether `sprite` has autotile variants (its neighbours need looking at).
    pub fn joins(&self, sprite: Sprite) -> bool {
        self.joined.contains_key(sprite.name())
    }

    /// Every tile scaled (nearest neighbour) to `side` pixels, indexed as [`Atlas::tile`].
    pub fn scaled(&self, side: u32) -> Vec<Tile> {
        self.tiles.iter().map(|t| scale(t, side)).collect()
    }
}

/// Decodes a PNG to `0xAARRGGBB` pixels.
fn decode_png(bytes: &[u8]) -> Result<(u32, u32, Vec<u32>), WindowError> {
    let bad = |e: String| WindowError::Tileset(format!("tiles.png: not a PNG image: {e}"));
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().map_err(|e| bad(e.to_string()))?;
    let (w, h) = (reader.info().width, reader.info().height);
    if w > MAX_SIDE || h > MAX_SIDE {
        return Err(bad(format!("{w}x{h} is larger than {MAX_SIDE} pixels a side")));
    }
    let size = reader.output_buffer_size().ok_or_else(|| bad("too large".into()))?;
    let mut buf = vec![0; size];
    let info = reader.next_frame(&mut buf).map_err(|e| bad(e.to_string()))?;
    let channels = info.color_type.samples();
    let px = |i: usize| -> u32 {
        let s = &buf[i * channels..(i + 1) * channels];
        let (r, g, b, a) = match channels {
            1 => (s[0], s[0], s[0], 255),
            2 => (s[0], s[0], s[0], s[1]),
            3 => (s[0], s[1], s[2], 255),
            _ => (s[0], s[1], s[2], s[3]),
        };
        u32::from_be_bytes([a, r, g, b])
    };
    let n = w as usize * h as usize;
    if buf.len() < n * channels {
        return Err(bad("truncated".into()));
    }
    Ok((w, h, (0..n).map(px).collect()))
}

/// The `side`-pixel square at (`x`, `y`) of an image `w` pixels wide.
fn cut(rgba: &[u32], w: u32, x: u32, y: u32, side: u32) -> Tile {
    let mut pixels = Vec::with_capacity((side * side) as usize);
    for row in y..y + side {
        let start = (row * w + x) as usize;
        pixels.extend_from_slice(&rgba[start..start + side as usize]);
    }
    let opaque = pixels.iter().all(|p| p >> 24 == 255);
    if opaque {
        // Drawn by copying: no alpha byte.
        pixels.iter_mut().for_each(|p| *p &= 0x00FF_FFFF);
    }
    Tile { side, pixels, opaque }
}

/// `tile` scaled to `side` pixels (nearest neighbour).
fn scale(tile: &Tile, side: u32) -> Tile {
    let side = side.max(1);
    let mut pixels = Vec::with_capacity((side * side) as usize);
    for y in 0..side {
        let sy = (y * tile.side / side) as usize;
        for x in 0..side {
            let sx = (x * tile.side / side) as usize;
            pixels.push(tile.pixels[sy * tile.side as usize + sx]);
        }
    }
    Tile { side, pixels, opaque: tile.opaque }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FLOOR: Sprite = Sprite::new("floor");
    const WALL: Sprite = Sprite::new("wall");

    /// A 2x1-tile PNG of 2-pixel tiles: red, then half-transparent green.
    fn png2() -> Vec<u8> {
        let mut out = Vec::new();
        {
            let mut enc = png::Encoder::new(&mut out, 4, 2);
            enc.set_color(png::ColorType::Rgba);
            let mut w = enc.write_header().expect("header");
            let red = [255, 0, 0, 255];
            let green = [0, 255, 0, 128];
            let row: Vec<u8> = [red, red, green, green].concat();
            w.write_image_data(&[row.clone(), row].concat()).expect("data");
        }
        out
    }

    #[test]
    fn the_bundled_atlas_loads_and_has_the_common_sprites() {
        let atlas = Atlas::builtin().expect("bundled atlas");
        for s in [FLOOR, WALL, Sprite::new("bat")] {
            assert!(atlas.tile(s, 0).is_some(), "{s:?}");
        }
    }

    #[test]
    fn autotile_variants_are_used_when_present() {
        let index = "tile_size = 2\n[sprites]\nwall = [0, 0]\n\"wall@5\" = [1, 0]\n";
        let atlas = Atlas::parse(index, &png2()).expect("valid");
        assert_eq!(atlas.tile(WALL, 5), Some(1));
        assert_eq!(atlas.tile(WALL, 4), Some(0), "no variant: the base tile");
        assert!(atlas.joins(WALL));
        assert_eq!(atlas.tile(FLOOR, 0), None);
        let scaled = atlas.scaled(4);
        assert_eq!(scaled[0].pixels.len(), 16);
        assert_eq!(scaled[0].pixels[5], 0x00FF_0000, "opaque: no alpha byte");
        assert_eq!(scaled[1].pixels[0] >> 24, 128, "alpha kept");
        assert!(scaled[0].opaque && !scaled[1].opaque);
    }

    #[test]
    fn bad_indexes_are_clear_errors() {
        let err = |index: &str| Atlas::parse(index, &png2()).err().map(|e| e.to_string());
        let e = err("tile_size = 2\n[sprites]\nWizard = [0, 0]\n").unwrap_or_default();
        assert!(e.contains("Wizard: no sprite"), "{e}");
        let e = err("tile_size = 2\n[sprites]\nnone = [0, 0]\n").unwrap_or_default();
        assert!(e.contains("none: no sprite"), "{e}");
        let e = err("tile_size = 2\n[sprites]\nwall = [5, 0]\n").unwrap_or_default();
        assert!(e.contains("outside the image"), "{e}");
        let e = err("tile_size = 2\n[sprites]\n\"wall@16\" = [0, 0]\n").unwrap_or_default();
        assert!(e.contains("mask"), "{e}");
        assert!(Atlas::parse("tile_size = 2\n[sprites]\n", b"not a png").is_err());
    }

    #[test]
    fn the_bundled_copies_match_the_browser_assets() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/assets");
        let png = std::fs::read(dir.join("tiles.png")).expect("the web crate's tiles.png");
        let toml = std::fs::read_to_string(dir.join("tiles.toml")).expect("its tiles.toml");
        assert!(png == BUILTIN_PNG, "crates/window/assets/tiles.png differs from the web crate's");
        assert!(
            toml == BUILTIN_TOML,
            "crates/window/assets/tiles.toml differs from the web crate's"
        );
    }
}
