//! Tilesets: one PNG atlas of square tiles and a TOML index from sprite names to atlas
//! cells, with optional autotile variants and a legend.
//!
//! `tiles.toml`:
//!
//! ```toml
//! tile_size = 32          # pixels per tile side
//! [sprites]
//! lava = [1, 0]           # column, row of the tile in tiles.png
//! player_north = [0, 3]
//! wall = [2, 0]           # drawn when no variant fits
//! "wall@5" = [3, 0]       # optional: a wall whose north and south neighbours are walls
//! [legend]                # optional: what the help says about a sprite
//! bat = "bat: flits about, bites"
//! [floors]                # optional: the floors an actor, item or mark stands on
//! bat = ["floor", "water"]  # (the legend draws it over each of them)
//! ```
//!
//! Sprite names are [`Sprite::name`]s of the game's sprites, the list the tileset is
//! loaded with ([`Tileset::builtin`], [`Tileset::load`]; torchlit's is
//! `torchlit_ui::sprite::ALL`). A key `NAME@M` is an autotile variant of sprite
//! `NAME`: `M` (0 to 15) is the mask of the cardinal neighbours that show the same sprite
//! (north 1, east 2, south 4, west 8; see [`Tileset::neighbour_mask`]); a front end draws it
//! instead of `NAME` when the index has it. A sprite the index leaves out is drawn as its
//! glyph; a name that is no sprite, a variant out of range, a tile outside the image, a
//! legend line that is empty or not one line, a floor that is no sprite, or a file that cannot be read or parsed
//! is an error naming the file.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use torchlit_console::Sprite;

/// The built-in atlas (made by `examples/make_tileset.rs`).
const BUILTIN_PNG: &[u8] = include_bytes!("../assets/tiles.png");
/// The built-in index.
const BUILTIN_TOML: &str = include_str!("../assets/tiles.toml");
/// The longest legend line, in characters.
const LEGEND_MAX: usize = 120;

/// Why a tileset could not be loaded.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TilesetError {
    /// A file could not be read.
    #[error("cannot read {file}")]
    Read {
        /// The file.
        file: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The index is not valid TOML or has the wrong shape.
    #[error("{file}: {message}")]
    Index {
        /// The file.
        file: PathBuf,
        /// What is wrong (with line and column from the TOML parser).
        message: String,
    },
    /// The atlas is not a PNG image.
    #[error("{file}: not a PNG image: {message}")]
    Image {
        /// The file.
        file: PathBuf,
        /// What the decoder said.
        message: String,
    },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct IndexFile {
    tile_size: u32,
    sprites: BTreeMap<String, [u32; 2]>,
    #[serde(default)]
    legend: BTreeMap<String, String>,
    #[serde(default)]
    floors: BTreeMap<String, Vec<String>>,
}

/// The sprite and autotile mask a `[sprites]` key names (`wall`, `wall@5`).
fn parse_key(key: &str, sprites: &[Sprite]) -> Result<(Sprite, Option<u8>), String> {
    let (name, mask) = match key.split_once('@') {
        Some((name, m)) => {
            let mask = m.parse::<u8>().ok().filter(|m| *m < 16).ok_or_else(|| {
                format!(
                    "[sprites] {key}: a variant is NAME@M with M from 0 to 15 (the mask of \
                     same neighbours: north 1, east 2, south 4, west 8), found {m:?}"
                )
            })?;
            (name, Some(mask))
        }
        None => (key, None),
    };
    match Sprite::find(sprites, name) {
        Some(s) if !s.is_none() => Ok((s, mask)),
        _ => Err(format!("[sprites] {key}: no sprite has the name {name:?}")),
    }
}

/// Checks the `[legend]` table: every key a sprite, every text one non-empty line.
fn check_legend(legend: &BTreeMap<String, String>, sprites: &[Sprite]) -> Result<(), String> {
    for (name, text) in legend {
        if Sprite::find(sprites, name).is_none_or(Sprite::is_none) {
            return Err(format!("[legend] {name}: no sprite has this name"));
        }
        let chars = text.chars().count();
        if text.trim().is_empty() || text.contains(['\n', '\r']) || chars > LEGEND_MAX {
            return Err(format!(
                "[legend] {name}: expected one line of 1 to {LEGEND_MAX} characters, found \
                 {chars} characters{}",
                if text.contains(['\n', '\r']) { " on several lines" } else { "" }
            ));
        }
    }
    Ok(())
}

/// Checks the `[floors]` table: every key and every floor a sprite.
fn check_floors(floors: &BTreeMap<String, Vec<String>>, sprites: &[Sprite]) -> Result<(), String> {
    let known = |n: &str| Sprite::find(sprites, n).is_some_and(|s| !s.is_none());
    for (name, list) in floors {
        if !known(name) {
            return Err(format!("[floors] {name}: no sprite has this name"));
        }
        if let Some(f) = list.iter().find(|f| !known(f)) {
            return Err(format!("[floors] {name}: no sprite has the name {f:?}"));
        }
    }
    Ok(())
}

/// A loaded tileset: the PNG bytes as served and the index, checked against the image.
#[derive(Clone, Debug)]
pub struct Tileset {
    sprites: &'static [Sprite],
    png: Vec<u8>,
    tile_size: u32,
    cells: BTreeMap<String, [u32; 2]>,
    legend: BTreeMap<String, String>,
    floors: BTreeMap<String, Vec<String>>,
}

impl Tileset {
    /// torchlit's own 32×32 tileset, embedded in the binary, with autotile variants of its
    /// walls and a legend, for the game whose sprites are `sprites`
    /// (`torchlit_ui::sprite::ALL`).
    ///
    /// # Errors
    /// If the embedded files are damaged (a build defect) or name a sprite `sprites` lacks.
    pub fn builtin(sprites: &'static [Sprite]) -> Result<Tileset, TilesetError> {
        let file = Path::new("<built-in>/tiles.toml");
        Tileset::parse(file, BUILTIN_TOML, BUILTIN_PNG.to_vec(), sprites)
    }

    /// Loads `DIR/tiles.toml` and `DIR/tiles.png` for the game whose sprites are `sprites`.
    ///
    /// # Errors
    /// A file missing or unreadable, an index that does not parse or names a sprite that
    /// is not in `sprites`, a variant out of range, a tile outside the image or a bad legend
    /// line, an image that is not a PNG.
    pub fn load(dir: &Path, sprites: &'static [Sprite]) -> Result<Tileset, TilesetError> {
        let toml_path = dir.join("tiles.toml");
        let png_path = dir.join("tiles.png");
        let text = std::fs::read_to_string(&toml_path)
            .map_err(|source| TilesetError::Read { file: toml_path.clone(), source })?;
        let png = std::fs::read(&png_path)
            .map_err(|source| TilesetError::Read { file: png_path.clone(), source })?;
        Tileset::parse(&toml_path, &text, png, sprites).map_err(|e| match e {
            TilesetError::Image { message, .. } => TilesetError::Image { file: png_path, message },
            e => e,
        })
    }

    fn parse(
        file: &Path,
        text: &str,
        png: Vec<u8>,
        sprites: &'static [Sprite],
    ) -> Result<Tileset, TilesetError> {
        let index_err = |message: String| TilesetError::Index { file: file.to_path_buf(), message };
        let index: IndexFile = toml::from_str(text).map_err(|e| index_err(e.to_string()))?;
        let decoder = png::Decoder::new(std::io::Cursor::new(png.as_slice()));
        let reader = decoder.read_info().map_err(|e| TilesetError::Image {
            file: file.with_file_name("tiles.png"),
            message: e.to_string(),
        })?;
        let (w, h) = (reader.info().width, reader.info().height);
        if index.tile_size == 0 || index.tile_size > 256 {
            return Err(index_err(format!(
                "tile_size must be 1 to 256 pixels, found {}",
                index.tile_size
            )));
        }
        let fits = |c: u32, size: u32| {
            c.checked_add(1).and_then(|c| c.checked_mul(index.tile_size)).is_some_and(|e| e <= size)
        };
        for (name, [col, row]) in &index.sprites {
            parse_key(name, sprites).map_err(index_err)?;
            if !fits(*col, w) || !fits(*row, h) {
                return Err(index_err(format!(
                    "[sprites] {name} = [{col}, {row}]: outside the {w}x{h} image of {} pixel tiles",
                    index.tile_size
                )));
            }
        }
        check_legend(&index.legend, sprites).map_err(index_err)?;
        check_floors(&index.floors, sprites).map_err(index_err)?;
        Ok(Tileset {
            sprites,
            png,
            tile_size: index.tile_size,
            cells: index.sprites,
            legend: index.legend,
            floors: index.floors,
        })
    }

    /// The autotile mask of a cell from which of its cardinal neighbours show the same
    /// sprite: north 1, east 2, south 4, west 8 (north is up, toward smaller map `y`).
    ///
    /// ```
    /// assert_eq!(torchlit_web::Tileset::neighbour_mask(true, false, true, false), 5);
    /// ```
    pub const fn neighbour_mask(north: bool, east: bool, south: bool, west: bool) -> u8 {
        north as u8 | (east as u8) << 1 | (south as u8) << 2 | (west as u8) << 3
    }

    /// The atlas as PNG bytes.
    pub fn png(&self) -> &[u8] {
        &self.png
    }

    /// Pixels per tile side.
    pub fn tile_size(&self) -> u32 {
        self.tile_size
    }

    /// The atlas cell (column, row) of `sprite`, if the index has it.
    pub fn cell(&self, sprite: Sprite) -> Option<[u32; 2]> {
        self.cells.get(sprite.name()).copied()
    }

    /// The atlas cell (column, row) of `sprite`'s autotile variant for `mask` (see
    /// [`Tileset::neighbour_mask`]; 0 to 15), if the index has one.
    pub fn variant(&self, sprite: Sprite, mask: u8) -> Option<[u32; 2]> {
        self.cells.get(&format!("{}@{mask}", sprite.name())).copied()
    }

    /// The tile to draw for `sprite` whose same-sprite neighbours make `mask`: its variant
    /// if the index has one, else the sprite's own tile, else `None` (draw the glyph).
    pub fn cell_joined(&self, sprite: Sprite, mask: u8) -> Option<[u32; 2]> {
        self.variant(sprite, mask).or_else(|| self.cell(sprite))
    }

    /// What the legend says about `sprite` (`"bat: flits about, bites"`), if anything.
    pub fn legend(&self, sprite: Sprite) -> Option<&str> {
        self.legend.get(sprite.name()).map(String::as_str)
    }

    /// The game's sprites, as given to [`Tileset::builtin`] or [`Tileset::load`] (what the
    /// protocol numbers, [`crate::protocol::SpriteTable`]).
    pub fn sprites(&self) -> &'static [Sprite] {
        self.sprites
    }

    /// The game's sprites the index leaves out (drawn as glyphs).
    pub fn missing(&self) -> Vec<Sprite> {
        self.sprites.iter().copied().filter(|s| self.cell(*s).is_none()).collect()
    }

    /// The floors `sprite` (an actor, item or mark) can stand on, by sprite name, as the
    /// index's `[floors]` table gives them (empty for terrain and when the index has none).
    pub fn floors(&self, sprite: Sprite) -> &[String] {
        self.floors.get(sprite.name()).map_or(&[], Vec::as_slice)
    }

    /// The index as the page reads it:
    /// `{"tile":32,"sprites":{"lava":[1,0],"wall@5":[3,0],…},"legend":{"bat":"…",…},
    /// "floors":{"bat":["floor",…],…}}` (`legend` and `floors` are `{}` when the index
    /// has none).
    pub fn index_json(&self) -> String {
        serde_json::json!({
            "tile": self.tile_size,
            "sprites": self.cells,
            "legend": self.legend,
            "floors": self.floors,
        })
        .to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use torchlit_ui::sprite;

    #[test]
    fn the_builtin_tileset_has_every_sprite_variants_and_a_legend() {
        let t = Tileset::builtin(sprite::ALL).expect("built-in tileset");
        assert_eq!(t.tile_size(), 32);
        assert_eq!(t.missing(), Vec::<Sprite>::new());
        for s in [sprite::WALL, sprite::STONE_WALL, sprite::MAZE_WALL, sprite::SOLID_ROCK] {
            for m in 0..16 {
                assert!(t.variant(s, m).is_some(), "{}@{m}", s.name());
            }
            assert_eq!(t.variant(s, 16), None);
            assert_eq!(t.cell_joined(s, 5), t.variant(s, 5));
        }
        assert_eq!(t.variant(sprite::GRASS, 0), None);
        assert_eq!(t.cell_joined(sprite::GRASS, 3), t.cell(sprite::GRASS));
        assert!(t.legend(sprite::BAT).is_some_and(|l| l.starts_with("bat")));
        let json: serde_json::Value = serde_json::from_str(&t.index_json()).expect("json");
        assert_eq!(json["tile"], 32);
        assert!(json["sprites"]["wall@15"].is_array());
        assert!(json["legend"]["bat"].is_string());
    }

    #[test]
    fn masks_count_north_east_south_west() {
        assert_eq!(Tileset::neighbour_mask(false, false, false, false), 0);
        assert_eq!(Tileset::neighbour_mask(true, false, false, false), 1);
        assert_eq!(Tileset::neighbour_mask(false, true, false, false), 2);
        assert_eq!(Tileset::neighbour_mask(false, false, true, false), 4);
        assert_eq!(Tileset::neighbour_mask(false, false, false, true), 8);
        assert_eq!(Tileset::neighbour_mask(true, true, true, true), 15);
    }

    fn err(text: &str) -> String {
        let f = Path::new("x/tiles.toml");
        Tileset::parse(f, text, BUILTIN_PNG.to_vec(), sprite::ALL).expect_err("refused").to_string()
    }

    #[test]
    fn bad_indexes_are_clear_errors() {
        let f = Path::new("x/tiles.toml");
        let e = err("tile_size = 16\n[sprites]\ndragon = [0, 0]\n");
        assert!(e.starts_with("x/tiles.toml: ") && e.contains("dragon: no sprite"), "{e}");
        assert!(err("tile_size = 16\n[sprites]\nlava = [999, 0]\n").contains("outside"));
        assert!(err("tile_size = 16\n[sprites]\nlava = [0]\n").contains("line 3"));
        assert!(err("tile_size = 0\n[sprites]\n").contains("tile_size"));
        assert!(err("tile_size = 16\n[sprites]\n[extra]\n").contains("extra"));
        let bad_png =
            Tileset::parse(f, "tile_size = 16\n[sprites]\n", b"GIF89a".to_vec(), sprite::ALL);
        assert!(matches!(bad_png, Err(TilesetError::Image { .. })));
        let partial = Tileset::parse(
            f,
            "tile_size = 16\n[sprites]\nlava = [0, 0]\n",
            BUILTIN_PNG.to_vec(),
            sprite::ALL,
        )
        .expect("a partial index is fine");
        assert_eq!(partial.cell(sprite::LAVA), Some([0, 0]));
        assert!(partial.missing().contains(&sprite::WATER));
        assert_eq!(partial.legend(sprite::LAVA), None);
        assert!(partial.index_json().contains("\"legend\":{}"), "{}", partial.index_json());
        let e = err("tile_size = 16\n[sprites]\n[floors]\nbat = [\"floor\", \"moss\"]\n");
        assert!(e.contains("[floors] bat: no sprite has the name \"moss\""), "{e}");
        assert!(err("tile_size = 16\n[sprites]\n[floors]\nimp = []\n").contains("imp"));
    }

    #[test]
    fn bad_variants_and_legends_are_clear_errors() {
        let e = err("tile_size = 32\n[sprites]\n\"wall@16\" = [0, 0]\n");
        assert!(e.contains("wall@16") && e.contains("0 to 15"), "{e}");
        let e = err("tile_size = 32\n[sprites]\n\"wall@x\" = [0, 0]\n");
        assert!(e.contains("wall@x") && e.contains("0 to 15"), "{e}");
        let e = err("tile_size = 32\n[sprites]\n\"dragon@3\" = [0, 0]\n");
        assert!(e.contains("no sprite has the name \"dragon\""), "{e}");
        let e = err("tile_size = 32\n[sprites]\n\"wall@3\" = [99, 0]\n");
        assert!(e.contains("wall@3 = [99, 0]: outside"), "{e}");
        let e = err("tile_size = 32\n[sprites]\n[legend]\ndragon = \"a dragon\"\n");
        assert!(e.contains("[legend] dragon: no sprite"), "{e}");
        let e = err("tile_size = 32\n[sprites]\n[legend]\nbat = \"\"\n");
        assert!(e.contains("[legend] bat: expected one line"), "{e}");
        let e = err("tile_size = 32\n[sprites]\n[legend]\nbat = \"a\\nb\"\n");
        assert!(e.contains("several lines"), "{e}");
        let e = err("tile_size = 32\n[sprites]\n[legend]\nbat = 3\n");
        assert!(e.contains("legend") || e.contains("string"), "{e}");
        let ok = "tile_size = 32\n[sprites]\nwall = [0, 0]\n\"wall@5\" = [1, 0]\n[legend]\nbat = \"b\"\n";
        let t = Tileset::parse(Path::new("x/tiles.toml"), ok, BUILTIN_PNG.to_vec(), sprite::ALL)
            .expect("valid");
        assert_eq!(t.variant(sprite::WALL, 5), Some([1, 0]));
        assert_eq!(t.cell_joined(sprite::WALL, 4), Some([0, 0]));
        assert_eq!(t.legend(sprite::BAT), Some("b"));
    }

    /// A user's old-style tileset (16 px, no variants, no legend) in a directory.
    #[test]
    fn a_user_tileset_without_variants_or_legend_loads() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let mut png_bytes = Vec::new();
        {
            let mut enc = png::Encoder::new(&mut png_bytes, 32, 16);
            enc.set_color(png::ColorType::Rgba);
            enc.set_depth(png::BitDepth::Eight);
            let mut w = enc.write_header().expect("header");
            w.write_image_data(&[200; 32 * 16 * 4]).expect("pixels");
        }
        std::fs::write(dir.path().join("tiles.png"), &png_bytes).expect("write png");
        let index = "tile_size = 16\n[sprites]\nlava = [0, 0]\nbat = [1, 0]\n";
        std::fs::write(dir.path().join("tiles.toml"), index).expect("write toml");
        let t = Tileset::load(dir.path(), sprite::ALL).expect("an old-style tileset loads");
        assert_eq!((t.tile_size(), t.cell(sprite::BAT)), (16, Some([1, 0])));
        assert_eq!(t.cell_joined(sprite::WALL, 15), None);
        std::fs::write(dir.path().join("tiles.toml"), "tile_size = 16\n[sprites]\nbat = [2, 0]\n")
            .expect("write toml");
        let e = Tileset::load(dir.path(), sprite::ALL).expect_err("outside the image").to_string();
        assert!(e.contains("tiles.toml") && e.contains("bat = [2, 0]: outside the 32x16"), "{e}");
        std::fs::write(dir.path().join("tiles.png"), b"not a png").expect("write png");
        let e = Tileset::load(dir.path(), sprite::ALL).expect_err("not a png").to_string();
        assert!(e.contains("tiles.png: not a PNG image"), "{e}");
    }

    #[test]
    fn missing_directories_name_the_file() {
        let e =
            Tileset::load(Path::new("/nonexistent/tiles"), sprite::ALL).expect_err("no such dir");
        assert!(e.to_string().contains("/nonexistent/tiles/tiles.toml"), "{e}");
    }
}
