//! A tiny SVG writer for the book's pictures, shared by the `*_pictures` examples
//! (included with `#[path]`; not an example itself): one square per map cell, then marks
//! drawn over the cells. Pixel coordinates are map coordinates times [`CELL`].

use std::fmt::Write as _;

use torchlit::prelude::*;

/// The side of one cell in the pictures, in pixels.
pub const CELL: i32 = 18;

/// The colour of a wall nothing reaches, the same in every picture.
pub const WALL: Rgb = Rgb(42, 42, 52);

/// A picture being drawn: the cells first ([`Svg::cells`]), then marks over them.
pub struct Svg {
    out: String,
}

impl Svg {
    /// A `size` picture (in cells) whose cell `p` is filled with `fill(p)` (any SVG
    /// colour, `#rrggbb`).
    pub fn cells(size: Size, fill: impl Fn(Point) -> String) -> Svg {
        let (w, h) = (size.width as i32 * CELL, size.height as i32 * CELL);
        let mut out = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
             viewBox=\"0 0 {w} {h}\">\n"
        );
        for p in Rect::from_size(size).points() {
            let (px, py) = (p.x * CELL, p.y * CELL);
            let _ = writeln!(
                out,
                "<rect x=\"{px}\" y=\"{py}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{}\" \
                 stroke=\"#000\" stroke-width=\"0.5\"/>",
                fill(p)
            );
        }
        Svg { out }
    }

    /// A dot of `colour` in the middle of cell `p`, a third of a cell across.
    pub fn dot(&mut self, p: Point, colour: &str) {
        let (cx, cy) = centre(p);
        let _ = writeln!(
            self.out,
            "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"{colour}\"/>",
            CELL / 3
        );
    }

    /// A line of `colour` through the middles of `cells`, in order.
    pub fn trail(&mut self, cells: &[Point], colour: &str) {
        let points: Vec<String> =
            cells.iter().map(|&p| centre(p)).map(|(x, y)| format!("{x},{y}")).collect();
        let _ = writeln!(
            self.out,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"3\" \
             stroke-linejoin=\"round\" stroke-linecap=\"round\"/>",
            points.join(" ")
        );
    }

    /// An arrow of `colour` from the middle of `from` half way to the middle of `to`.
    pub fn arrow(&mut self, from: Point, to: Point, colour: &str) {
        let ((x0, y0), (x1, y1)) = (centre(from), centre(to));
        let (x1, y1) = ((x0 + x1) / 2, (y0 + y1) / 2);
        let _ = writeln!(
            self.out,
            "<line x1=\"{x0}\" y1=\"{y0}\" x2=\"{x1}\" y2=\"{y1}\" stroke=\"{colour}\" \
             stroke-width=\"1.5\"/><circle cx=\"{x1}\" cy=\"{y1}\" r=\"1.8\" fill=\"{colour}\"/>"
        );
    }

    /// `text` of `colour` in the middle of cell `p`, in a font that fits two digits.
    pub fn label(&mut self, p: Point, text: &str, colour: &str) {
        let (cx, cy) = centre(p);
        let _ = writeln!(
            self.out,
            "<text x=\"{cx}\" y=\"{}\" font-family=\"monospace\" font-size=\"{}\" \
             text-anchor=\"middle\" fill=\"{colour}\">{text}</text>",
            cy + CELL / 4,
            CELL * 9 / 14
        );
    }

    /// The finished SVG document.
    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}

/// The pixel at the middle of cell `p`.
fn centre(p: Point) -> (i32, i32) {
    (p.x * CELL + CELL / 2, p.y * CELL + CELL / 2)
}

/// Prints `line` on standard output; a closed pipe (`| head`) is an error, not a panic.
pub fn report(line: &str) -> std::io::Result<()> {
    use std::io::Write as _;
    writeln!(std::io::stdout(), "{line}")
}

/// `colour` as SVG writes it, `#rrggbb`.
pub fn hex(colour: Rgb) -> String {
    let Rgb(r, g, b) = colour;
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// The colour `t` of the way (0 to 1, clamped) from `from` to `to`, as `#rrggbb`.
pub fn mix(from: Rgb, to: Rgb, t: f64) -> String {
    let t = t.clamp(0.0, 1.0);
    let channel = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * t).round() as u8;
    hex(Rgb(channel(from.0, to.0), channel(from.1, to.1), channel(from.2, to.2)))
}

/// A map written as rows of text, `#` a wall: its size and whether a cell is a wall (cells
/// off the map count as walls).
pub fn parse(rows: &'static [&'static str]) -> (Size, impl Fn(Point) -> bool + Copy) {
    let size = Size::new(rows.first().map_or(0, |r| r.len()) as u32, rows.len() as u32);
    let wall = move |p: Point| {
        let row = usize::try_from(p.y).ok().and_then(|y| rows.get(y));
        let cell = usize::try_from(p.x).ok().and_then(|x| row.and_then(|r| r.as_bytes().get(x)));
        cell.is_none_or(|&c| c == b'#')
    };
    (size, wall)
}
