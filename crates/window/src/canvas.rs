//! A pixel buffer to draw in: `0x00RRGGBB` pixels, row by row, clipped on every write.

use crate::tiles::Tile;

/// A `width x height` pixel buffer (`0x00RRGGBB`, row by row, top-left first).
pub struct Canvas<'a> {
    buf: &'a mut [u32],
    width: i32,
    height: i32,
}

/// `0x00RRGGBB` of a colour.
pub fn rgb(c: torchlit_console::Rgb) -> u32 {
    u32::from_be_bytes([0, c.0, c.1, c.2])
}

/// `p` scaled by `level / 256` per channel (256 keeps it).
#[inline]
fn dim(p: u32, level: u32) -> u32 {
    let rb = (((p & 0x00FF_00FF) * level) >> 8) & 0x00FF_00FF;
    let g = (((p & 0x0000_FF00) * level) >> 8) & 0x0000_FF00;
    rb | g
}

/// `src` over `dst` with `alpha` of 255.
#[inline]
pub fn mix(dst: u32, src: u32, alpha: u32) -> u32 {
    let a = alpha + 1;
    let na = 256 - a;
    let rb = (((src & 0x00FF_00FF) * a + (dst & 0x00FF_00FF) * na) >> 8) & 0x00FF_00FF;
    let g = (((src & 0x0000_FF00) * a + (dst & 0x0000_FF00) * na) >> 8) & 0x0000_FF00;
    rb | g
}

impl<'a> Canvas<'a> {
    /// A canvas over `buf`, which must hold at least `width * height` pixels (a shorter
    /// one is drawn as if the canvas had only the rows it holds).
    pub fn new(buf: &'a mut [u32], width: u32, height: u32) -> Canvas<'a> {
        let width = width.min(i32::MAX as u32) as i32;
        let rows = if width == 0 { 0 } else { buf.len() / width as usize };
        let height = (height as usize).min(rows).min(i32::MAX as usize) as i32;
        Canvas { buf, width, height }
    }

    /// Width in pixels.
    pub fn width(&self) -> i32 {
        self.width
    }

    /// Height in pixels.
    pub fn height(&self) -> i32 {
        self.height
    }

    /// The pixel at (`x`, `y`), if inside.
    pub fn get(&self, x: i32, y: i32) -> Option<u32> {
        self.index(x, y).map(|i| self.buf[i])
    }

    fn index(&self, x: i32, y: i32) -> Option<usize> {
        (x >= 0 && y >= 0 && x < self.width && y < self.height)
            .then(|| y as usize * self.width as usize + x as usize)
    }

    /// Fills the whole canvas with `colour`.
    pub fn clear(&mut self, colour: u32) {
        let n = self.width as usize * self.height as usize;
        self.buf[..n].fill(colour);
    }

    /// The rectangle clipped to the canvas: (x0, y0, x1, y1), x1/y1 exclusive.
    fn clip(&self, x: i32, y: i32, w: i32, h: i32) -> Option<(i32, i32, i32, i32)> {
        let (x0, y0) = (x.max(0), y.max(0));
        let (x1, y1) = (x.saturating_add(w).min(self.width), y.saturating_add(h).min(self.height));
        (x0 < x1 && y0 < y1).then_some((x0, y0, x1, y1))
    }

    /// Fills a rectangle with `colour`.
    pub fn fill(&mut self, x: i32, y: i32, w: i32, h: i32, colour: u32) {
        let Some((x0, y0, x1, y1)) = self.clip(x, y, w, h) else { return };
        for row in y0..y1 {
            let start = row as usize * self.width as usize;
            self.buf[start + x0 as usize..start + x1 as usize].fill(colour);
        }
    }

    /// Blends `colour` over a rectangle with `alpha` of 255.
    pub fn tint(&mut self, x: i32, y: i32, w: i32, h: i32, colour: u32, alpha: u8) {
        let Some((x0, y0, x1, y1)) = self.clip(x, y, w, h) else { return };
        for row in y0..y1 {
            let start = row as usize * self.width as usize;
            for p in &mut self.buf[start + x0 as usize..start + x1 as usize] {
                *p = mix(*p, colour, u32::from(alpha));
            }
        }
    }

    /// A `thick`-pixel outline of a rectangle.
    pub fn outline(&mut self, x: i32, y: i32, w: i32, h: i32, thick: i32, colour: u32) {
        self.fill(x, y, w, thick, colour);
        self.fill(x, y + h - thick, w, thick, colour);
        self.fill(x, y, thick, h, colour);
        self.fill(x + w - thick, y, thick, h, colour);
    }

    /// Blends one pixel of `colour` with `alpha` of 255.
    pub fn blend(&mut self, x: i32, y: i32, colour: u32, alpha: u8) {
        if let Some(i) = self.index(x, y) {
            self.buf[i] =
                if alpha == 255 { colour } else { mix(self.buf[i], colour, u32::from(alpha)) };
        }
    }

    /// Draws `tile` with its top-left corner at (`x`, `y`), every pixel scaled by `light`
    /// (255 as drawn), its alpha multiplied by `opacity` (255 as drawn).
    pub fn tile(&mut self, tile: &Tile, x: i32, y: i32, light: u8, opacity: u8) {
        let side = tile.side as i32;
        let Some((x0, y0, x1, y1)) = self.clip(x, y, side, side) else { return };
        let level = u32::from(light) + u32::from(light > 0);
        let (cols, skip) = ((x1 - x0) as usize, (x0 - x) as usize);
        for row in y0..y1 {
            let src_start = (row - y) as usize * tile.side as usize + skip;
            let src = &tile.pixels[src_start..src_start + cols];
            let start = row as usize * self.width as usize + x0 as usize;
            let dst = &mut self.buf[start..start + cols];
            if tile.opaque && opacity == 255 {
                if level >= 256 {
                    // Opaque tiles are stored without alpha: a plain copy.
                    dst.copy_from_slice(src);
                } else {
                    for (d, s) in dst.iter_mut().zip(src) {
                        *d = dim(*s, level);
                    }
                }
                continue;
            }
            for (d, &s) in dst.iter_mut().zip(src) {
                let alpha = if tile.opaque { 255 } else { s >> 24 };
                let a = alpha * u32::from(opacity) / 255;
                if a > 0 {
                    *d = mix(*d, dim(s, level), a);
                }
            }
        }
    }
}

impl Canvas<'_> {
    /// Draws row `row` of `tile` at (`x`, `y`) scaled by `light`, over black where the
    /// tile is transparent (terrain: nothing is under it).
    pub fn tile_row(&mut self, tile: &Tile, x: i32, y: i32, row: i32, light: u8) {
        let side = tile.side as i32;
        if row < 0 || row >= side {
            return;
        }
        let Some((x0, y0, x1, _)) = self.clip(x, y, side, 1) else { return };
        let level = u32::from(light) + u32::from(light > 0);
        let (cols, skip) = ((x1 - x0) as usize, (x0 - x) as usize);
        let src_start = row as usize * tile.side as usize + skip;
        let src = &tile.pixels[src_start..src_start + cols];
        let start = y0 as usize * self.width as usize + x0 as usize;
        let dst = &mut self.buf[start..start + cols];
        match (tile.opaque, level >= 256) {
            (true, true) => dst.copy_from_slice(src),
            (true, false) => dst.iter_mut().zip(src).for_each(|(d, s)| *d = dim(*s, level)),
            (false, _) => {
                for (d, &s) in dst.iter_mut().zip(src) {
                    *d = mix(0, dim(s, level), s >> 24);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_are_clipped_and_blending_mixes() {
        let mut buf = vec![0u32; 4 * 3];
        let mut c = Canvas::new(&mut buf, 4, 3);
        c.fill(-2, -2, 4, 4, 0x00FF_FFFF);
        c.fill(3, 2, 10, 10, 0x0000_00FF);
        c.blend(99, 99, 1, 255);
        assert_eq!(c.get(1, 1), Some(0x00FF_FFFF));
        assert_eq!(c.get(2, 2), Some(0));
        assert_eq!(c.get(3, 2), Some(0xFF));
        assert_eq!(c.get(4, 0), None);
        assert_eq!(mix(0, 0x00FF_0000, 127) >> 16, 127, "half of 255");
        assert_eq!(dim(0x0080_8080, 128), 0x0040_4040);
    }

    #[test]
    fn tiles_are_lit_and_transparent_pixels_kept() {
        let tile =
            Tile { side: 2, pixels: vec![0xFF10_2030, 0, 0x80FF_FFFF, 0xFFFF_FFFF], opaque: false };
        let mut buf = vec![0x0000_0001u32; 9];
        let mut c = Canvas::new(&mut buf, 3, 3);
        c.tile(&tile, 1, 1, 255, 255);
        assert_eq!(c.get(1, 1), Some(0x0010_2030));
        assert_eq!(c.get(2, 1), Some(1), "transparent: the pixel under it stays");
        assert_eq!(c.get(2, 2), Some(0x00FF_FFFF));
        c.tile(&tile, 1, 1, 0, 255);
        assert_eq!(c.get(2, 2), Some(0), "no light: black");
    }
}
