//! Pictures of generated maps: panels of coloured cells, titles and a legend in an 8×8
//! font, written as an indexed-colour PNG (few colours, so small files).

use std::io::BufWriter;
use std::path::Path;

use anyhow::{Context, Result, bail};
use font8x8::legacy::BASIC_LEGACY;
use torchlit_geom::{Grid, Point};

/// A colour, red, green, blue.
pub type Rgb = [u8; 3];

/// The background around panels and behind the legend.
const BACKGROUND: Rgb = [24, 24, 28];
/// Titles and legend text.
const INK: Rgb = [230, 230, 230];
/// Pixels between panels and around the picture.
const GAP: u32 = 8;
/// The height of a line of text, 8 pixels of glyph and 4 of spacing.
const LINE: u32 = 12;

/// `color` moved `amount` (0 to 1) of the way towards `to`.
pub fn blend(color: Rgb, to: Rgb, amount: f32) -> Rgb {
    let mix = |a: u8, b: u8| (f32::from(a) + (f32::from(b) - f32::from(a)) * amount).round() as u8;
    [mix(color[0], to[0]), mix(color[1], to[1]), mix(color[2], to[2])]
}

/// A panel: a title over a grid of cell colours.
pub struct Panel {
    /// Shown above the cells (nothing when empty).
    pub title: String,
    /// One colour per cell.
    pub cells: Grid<Rgb>,
}

/// An image of palette indices.
struct Canvas {
    width: u32,
    height: u32,
    pixels: Vec<u8>,
    palette: Vec<Rgb>,
}

impl Canvas {
    fn new(width: u32, height: u32) -> Canvas {
        Canvas {
            width,
            height,
            pixels: vec![0; width as usize * height as usize],
            palette: vec![BACKGROUND],
        }
    }

    fn index(&mut self, color: Rgb) -> u8 {
        if let Some(i) = self.palette.iter().position(|&c| c == color) {
            return i as u8;
        }
        if self.palette.len() < 256 {
            self.palette.push(color);
            return (self.palette.len() - 1) as u8;
        }
        // Out of palette entries: the nearest colour already there.
        let dist =
            |c: &Rgb| (0..3).map(|k| (i32::from(c[k]) - i32::from(color[k])).pow(2)).sum::<i32>();
        (0..self.palette.len()).min_by_key(|&i| dist(&self.palette[i])).unwrap_or(0) as u8
    }

    fn rect(&mut self, x: u32, y: u32, w: u32, h: u32, color: Rgb) {
        let i = self.index(color);
        for yy in y..(y + h).min(self.height) {
            let row = yy as usize * self.width as usize;
            for xx in x..(x + w).min(self.width) {
                self.pixels[row + xx as usize] = i;
            }
        }
    }

    fn text(&mut self, x: u32, y: u32, text: &str, color: Rgb) {
        let i = self.index(color);
        for (k, ch) in text.chars().enumerate() {
            let glyph =
                BASIC_LEGACY.get(ch as usize).copied().unwrap_or(BASIC_LEGACY[usize::from(b'?')]);
            for (gy, bits) in glyph.iter().enumerate() {
                for gx in 0..8 {
                    if bits >> gx & 1 == 1 {
                        let (px, py) = (x + 8 * k as u32 + gx, y + gy as u32);
                        if px < self.width && py < self.height {
                            self.pixels[py as usize * self.width as usize + px as usize] = i;
                        }
                    }
                }
            }
        }
    }

    fn write(&self, path: &Path) -> Result<()> {
        let file = std::fs::File::create(path)
            .with_context(|| format!("cannot create {}", path.display()))?;
        let mut encoder = png::Encoder::new(BufWriter::new(file), self.width, self.height);
        encoder.set_color(png::ColorType::Indexed);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_compression(png::Compression::High);
        encoder.set_palette(self.palette.iter().flatten().copied().collect::<Vec<u8>>());
        let mut writer =
            encoder.write_header().with_context(|| format!("cannot write {}", path.display()))?;
        writer
            .write_image_data(&self.pixels)
            .with_context(|| format!("cannot write {}", path.display()))?;
        writer.finish().with_context(|| format!("cannot write {}", path.display()))
    }
}

/// The largest picture side written, in pixels.
const MAX_PIXELS: u64 = 16_384;

/// Lays out `panels` in `columns` columns, each cell `scale × scale` pixels, with the
/// legend (a swatch and a label per entry) below, and writes the PNG to `path`.
pub fn write(
    path: &Path,
    panels: &[Panel],
    columns: usize,
    scale: u32,
    legend: &[(Rgb, String)],
) -> Result<()> {
    let columns = columns.clamp(1, panels.len().max(1));
    let rows = panels.len().div_ceil(columns);
    let titled = panels.iter().any(|p| !p.title.is_empty());
    let title_h = if titled { LINE } else { 0 };
    let cell_w = panels.iter().map(|p| p.cells.width()).max().unwrap_or(0) * scale;
    let cell_h = panels.iter().map(|p| p.cells.height()).max().unwrap_or(0) * scale;
    let body_w = u64::from(GAP) + columns as u64 * u64::from(cell_w + GAP);
    let body_h = u64::from(GAP) + rows as u64 * u64::from(cell_h + title_h + GAP);

    // The legend flows left to right and wraps at the picture's width (at least 320).
    let width = body_w.max(320);
    let mut placed = Vec::new();
    let (mut lx, mut ly) = (u64::from(GAP), 0u64);
    for (color, label) in legend {
        let w = 8 + 4 + 8 * label.chars().count() as u64 + 12;
        if lx + w > width && lx > u64::from(GAP) {
            lx = u64::from(GAP);
            ly += u64::from(LINE);
        }
        placed.push((lx, ly, *color, label));
        lx += w;
    }
    let legend_h = if legend.is_empty() { 0 } else { ly + u64::from(LINE) + u64::from(GAP) };
    let height = body_h + legend_h;
    if width > MAX_PIXELS || height > MAX_PIXELS {
        bail!("the picture would be {width}x{height} pixels; at most {MAX_PIXELS} on a side");
    }
    let mut canvas = Canvas::new(width as u32, height as u32);
    for (k, panel) in panels.iter().enumerate() {
        let (col, row) = ((k % columns) as u32, (k / columns) as u32);
        let x0 = GAP + col * (cell_w + GAP);
        let y0 = GAP + row * (cell_h + title_h + GAP);
        if !panel.title.is_empty() {
            canvas.text(x0, y0, &panel.title, INK);
        }
        for (p, &color) in panel.cells.iter() {
            let Point { x, y } = p;
            canvas.rect(
                x0 + x as u32 * scale,
                y0 + title_h + y as u32 * scale,
                scale,
                scale,
                color,
            );
        }
    }
    for (x, y, color, label) in placed {
        let (x, y) = (x as u32, (body_h + y) as u32);
        canvas.rect(x, y, 8, 8, color);
        canvas.rect(x, y, 8, 1, blend(color, INK, 0.3));
        canvas.text(x + 12, y, label, INK);
    }
    canvas.write(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use torchlit_geom::Size;

    #[test]
    fn palettes_reuse_colours() {
        let mut c = Canvas::new(4, 4);
        let a = c.index([1, 2, 3]);
        assert_eq!(c.index([1, 2, 3]), a);
        assert_eq!(c.index(BACKGROUND), 0);
        c.text(0, 0, "A", INK);
        assert!(c.pixels.iter().any(|&p| p != 0));
    }

    #[test]
    fn writes_a_png() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let path = dir.path().join("p.png");
        let panel = Panel { title: "t".into(), cells: Grid::new(Size::new(3, 2), [200, 0, 0]) };
        write(&path, &[panel], 1, 4, &[([0, 200, 0], "green".into())]).expect("written");
        let bytes = std::fs::read(&path).expect("read back");
        assert_eq!(&bytes[1..4], b"PNG");
    }
}
