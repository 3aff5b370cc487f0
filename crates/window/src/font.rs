//! Text with a real font rasteriser (fontdue) and the bundled DejaVu Sans Mono.

use std::collections::HashMap;

use crate::WindowError;
use crate::canvas::Canvas;

/// DejaVu Sans Mono (Bitstream Vera licence, `assets/DejaVuSansMono-LICENSE.txt`).
const FONT: &[u8] = include_bytes!("../assets/DejaVuSansMono.ttf");

/// A rasterised glyph: its coverage bitmap and where it sits on the line.
struct Glyph {
    width: usize,
    height: usize,
    /// Pixels from the pen to the bitmap's left edge.
    left: i32,
    /// Pixels from the baseline up to the bitmap's top edge.
    top: i32,
    coverage: Vec<u8>,
}

/// The font and the glyphs drawn so far, per pixel size.
pub struct Font {
    font: fontdue::Font,
    glyphs: HashMap<(char, u32), Glyph>,
}

/// Sizes of a monospaced text cell at one pixel size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellMetrics {
    /// A character's advance, in pixels.
    pub width: u32,
    /// A line's height, in pixels.
    pub height: u32,
    /// From a line's top to its baseline, in pixels.
    pub ascent: u32,
}

impl Font {
    /// The bundled font.
    ///
    /// # Errors
    /// Only if the bundled font is damaged (a build defect; tests load it).
    pub fn builtin() -> Result<Font, WindowError> {
        let font = fontdue::Font::from_bytes(FONT, fontdue::FontSettings::default())
            .map_err(|e| WindowError::Font(e.to_string()))?;
        Ok(Font { font, glyphs: HashMap::new() })
    }

    /// The text cell of the font at `px` pixels.
    pub fn cell(&self, px: u32) -> CellMetrics {
        let size = px as f32;
        let advance = self.font.metrics('M', size).advance_width.round().max(1.0) as u32;
        match self.font.horizontal_line_metrics(size) {
            Some(l) => CellMetrics {
                width: advance,
                height: l.new_line_size.ceil().max(1.0) as u32,
                ascent: l.ascent.ceil().max(0.0) as u32,
            },
            None => CellMetrics { width: advance, height: px.max(1), ascent: px * 4 / 5 },
        }
    }

    fn glyph(&mut self, c: char, px: u32) -> &Glyph {
        let font = &self.font;
        self.glyphs.entry((c, px)).or_insert_with(|| {
            let (m, coverage) = font.rasterize(c, px as f32);
            Glyph {
                width: m.width,
                height: m.height,
                left: m.xmin,
                top: m.ymin + m.height as i32,
                coverage,
            }
        })
    }

    /// Draws `c` in `colour` (`0x00RRGGBB`) with its pen at `x` and baseline at
    /// `baseline`, blended by coverage, clipped to the canvas.
    pub fn draw_char(
        &mut self,
        canvas: &mut Canvas<'_>,
        c: char,
        px: u32,
        pen: (i32, i32),
        colour: u32,
    ) {
        if c == ' ' {
            return;
        }
        let g = self.glyph(c, px);
        let (x0, y0) = (pen.0 + g.left, pen.1 - g.top);
        for gy in 0..g.height {
            let row = &g.coverage[gy * g.width..(gy + 1) * g.width];
            for (gx, &a) in row.iter().enumerate() {
                if a > 0 {
                    canvas.blend(x0 + gx as i32, y0 + gy as i32, colour, a);
                }
            }
        }
    }

    /// Draws `text` from the top-left corner `at` on one line in a monospaced cell of
    /// `px` pixels, at most `max_width` pixels wide (cut with `…`); returns the width drawn.
    pub fn draw_text(
        &mut self,
        canvas: &mut Canvas<'_>,
        text: &str,
        px: u32,
        at: (i32, i32),
        max_width: i32,
        colour: u32,
    ) -> i32 {
        let cell = self.cell(px);
        let w = cell.width as i32;
        let fits = (max_width / w.max(1)).max(0) as usize;
        let count = text.chars().count();
        let baseline = at.1 + cell.ascent as i32;
        let mut x = at.0;
        for (i, c) in text.chars().enumerate() {
            if i + 1 == fits && count > fits {
                self.draw_char(canvas, '…', px, (x, baseline), colour);
                return x + w - at.0;
            }
            if i >= fits {
                break;
            }
            self.draw_char(canvas, c, px, (x, baseline), colour);
            x += w;
        }
        x - at.0
    }
}

/// `text` broken into lines of at most `width` characters, at spaces where it can be.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = Vec::new();
    for para in text.split('\n') {
        let mut line = String::new();
        for word in para.split(' ') {
            let (lw, ww) = (line.chars().count(), word.chars().count());
            if lw > 0 && lw + 1 + ww > width {
                lines.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
            while line.chars().count() > width {
                let cut: String = line.chars().take(width).collect();
                line = line.chars().skip(width).collect();
                lines.push(cut);
            }
        }
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_font_loads_and_is_monospaced() {
        let font = Font::builtin().expect("bundled font");
        let c = font.cell(16);
        assert!(c.width >= 8 && c.width <= 11, "{c:?}");
        assert!(c.height >= 16 && c.height <= 22, "{c:?}");
        assert!(c.ascent > 0 && c.ascent < c.height);
    }

    #[test]
    fn text_draws_pixels_in_its_colour() {
        let mut font = Font::builtin().expect("bundled font");
        let mut buf = vec![0u32; 64 * 24];
        let mut canvas = Canvas::new(&mut buf, 64, 24);
        let drawn = font.draw_text(&mut canvas, "Hi", 16, (0, 0), 64, 0xFF_FF_FF);
        assert!(drawn > 0);
        assert!(buf.contains(&0xFF_FF_FF), "some pixels fully covered");
    }

    #[test]
    fn long_lines_wrap_at_spaces() {
        assert_eq!(wrap("the quick brown fox", 9), vec!["the quick", "brown fox"]);
        assert_eq!(wrap("abcdefghij", 4), vec!["abcd", "efgh", "ij"]);
        assert_eq!(wrap("a\nb", 5), vec!["a", "b"]);
    }
}
