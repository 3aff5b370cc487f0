//! Grid geometry for roguelikes.
//!
//! # Coordinates
//!
//! Map space: `(0, 0)` is the top-left cell, `x` grows east (right) and `y` grows south
//! (down); one unit is one cell. [`Direction::North`] is `y - 1`. Every torchlit crate uses
//! this convention; formats with another one (the Ultima world files put `(0, 0)` at the
//! bottom-left) convert at their parser.
//!
//! # What is here
//!
//! - [`Point`] (a cell), [`Offset`] (a difference between cells), [`Size`], [`Rect`].
//! - [`CardinalDirection`] for 4-way moves and [`Direction`] for 8-way moves: separate types,
//!   so a 4-way rule cannot be handed a diagonal.
//! - [`Grid`]: a row-major `width × height` array addressed by [`Point`].
//! - [`line()`]: Bresenham lines, cell for cell identical to libtcod's `TCOD_line`.
//! - [`Metric`] and [`Radius`]: distances, and the one place each "within radius" rule lives.
//! - `FromStr` for [`Point`] (`X,Y`) and [`Size`] (`WxH` or `N`), the forms their
//!   `Display` prints; [`ParseTextError`] says what was expected.
//!
//! What it leaves out: anything about tiles, maps or games (see `torchlit-map`).
//!
//! ```
//! use torchlit_geom::{line, Grid, Point, Size};
//!
//! let mut grid = Grid::new(Size::new(5, 3), '.');
//! for p in line(Point::new(0, 0), Point::new(4, 2)) {
//!     grid[p] = '*';
//! }
//! assert_eq!(grid.get(Point::new(2, 1)), Some(&'*'));
//! assert_eq!(grid.get(Point::new(9, 9)), None);
//! ```

mod direction;
mod grid;
mod line;
mod metric;
mod parse;
mod point;
mod rect;

pub use direction::{CardinalDirection, Direction};
pub use grid::Grid;
pub use line::{Line, line};
pub use metric::{Metric, Radius, RadiusError};
pub use parse::ParseTextError;
pub use point::{Offset, Point, Size};
pub use rect::Rect;
