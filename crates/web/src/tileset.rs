//! Tilesets: one PNG atlas of square tiles and a TOML index from sprite names to atlas
//! cells.
//!
//! `tiles.toml`:
//!
//! ```toml
//! tile_size = 16          # pixels per tile side
//! [sprites]
//! lava = [1, 0]           # column, row of the tile in tiles.png
//! player_north = [0, 3]
//! ```
//!
//! Sprite names are [`Sprite::name`]s. A sprite the index leaves out is drawn as its
//! glyph; a name that is no sprite, a tile outside the image, or a file that cannot be
//! read or parsed is an error naming the file.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use torchlit_console::Sprite;

/// The built-in atlas (made by `examples/make_tileset.rs`).
const BUILTIN_PNG: &[u8] = include_bytes!("../assets/tiles.png");
/// The built-in index.
const BUILTIN_TOML: &str = include_str!("../assets/tiles.toml");

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
}

/// A loaded tileset: the PNG bytes as served and the index, checked against the image.
#[derive(Clone, Debug)]
pub struct Tileset {
    png: Vec<u8>,
    tile_size: u32,
    cells: BTreeMap<String, [u32; 2]>,
}

impl Tileset {
    /// torchlit's own 16×16 tileset, embedded in the binary.
    ///
    /// # Errors
    /// Only if the embedded files are damaged (a build defect).
    pub fn builtin() -> Result<Tileset, TilesetError> {
        Tileset::parse(Path::new("<built-in>/tiles.toml"), BUILTIN_TOML, BUILTIN_PNG.to_vec())
    }

    /// Loads `DIR/tiles.toml` and `DIR/tiles.png`.
    ///
    /// # Errors
    /// A file missing or unreadable, an index that does not parse or names a sprite that
    /// does not exist or a tile outside the image, an image that is not a PNG.
    pub fn load(dir: &Path) -> Result<Tileset, TilesetError> {
        let toml_path = dir.join("tiles.toml");
        let png_path = dir.join("tiles.png");
        let text = std::fs::read_to_string(&toml_path)
            .map_err(|source| TilesetError::Read { file: toml_path.clone(), source })?;
        let png = std::fs::read(&png_path)
            .map_err(|source| TilesetError::Read { file: png_path.clone(), source })?;
        Tileset::parse(&toml_path, &text, png).map_err(|e| match e {
            TilesetError::Image { message, .. } => TilesetError::Image { file: png_path, message },
            e => e,
        })
    }

    fn parse(file: &Path, text: &str, png: Vec<u8>) -> Result<Tileset, TilesetError> {
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
        for (name, [col, row]) in &index.sprites {
            if Sprite::from_name(name).is_none_or(|s| s == Sprite::None) {
                return Err(index_err(format!("[sprites] {name}: no sprite has this name")));
            }
            let fits = |c: u32, size: u32| {
                c.checked_add(1)
                    .and_then(|c| c.checked_mul(index.tile_size))
                    .is_some_and(|e| e <= size)
            };
            if !fits(*col, w) || !fits(*row, h) {
                return Err(index_err(format!(
                    "[sprites] {name} = [{col}, {row}]: outside the {w}x{h} image of {} pixel tiles",
                    index.tile_size
                )));
            }
        }
        Ok(Tileset { png, tile_size: index.tile_size, cells: index.sprites })
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

    /// The sprites of [`Sprite::ALL`] the index leaves out (drawn as glyphs).
    pub fn missing(&self) -> Vec<Sprite> {
        Sprite::ALL.iter().copied().filter(|s| self.cell(*s).is_none()).collect()
    }

    /// The index as the page reads it: `{"tile":16,"sprites":{"lava":[1,0],…}}`.
    pub fn index_json(&self) -> String {
        serde_json::json!({ "tile": self.tile_size, "sprites": self.cells }).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_builtin_tileset_has_every_sprite() {
        let t = Tileset::builtin().expect("built-in tileset");
        assert_eq!(t.tile_size(), 16);
        assert_eq!(t.missing(), Vec::<Sprite>::new());
    }

    #[test]
    fn bad_indexes_are_clear_errors() {
        let png = BUILTIN_PNG.to_vec();
        let f = Path::new("x/tiles.toml");
        let err =
            |text: &str| Tileset::parse(f, text, png.clone()).expect_err("refused").to_string();
        assert!(err("tile_size = 16\n[sprites]\ndragon = [0, 0]\n").contains("dragon: no sprite"));
        assert!(err("tile_size = 16\n[sprites]\nlava = [999, 0]\n").contains("outside"));
        assert!(err("tile_size = 16\n[sprites]\nlava = [0]\n").contains("line 3"));
        assert!(err("tile_size = 0\n[sprites]\n").contains("tile_size"));
        let bad_png = Tileset::parse(f, "tile_size = 16\n[sprites]\n", b"GIF89a".to_vec());
        assert!(matches!(bad_png, Err(TilesetError::Image { .. })));
        let partial = Tileset::parse(f, "tile_size = 16\n[sprites]\nlava = [0, 0]\n", png)
            .expect("a partial index is fine");
        assert_eq!(partial.cell(Sprite::Lava), Some([0, 0]));
        assert!(partial.missing().contains(&Sprite::Water));
    }

    #[test]
    fn missing_directories_name_the_file() {
        let e = Tileset::load(Path::new("/nonexistent/tiles")).expect_err("no such dir");
        assert!(e.to_string().contains("/nonexistent/tiles/tiles.toml"), "{e}");
    }
}
