//! A small console layer for grid games: what a screen draws and what it is told.
//!
//! - [`Frame`] — a `width × height` grid of [`Cell`]s in screen space (`(0, 0)` the
//!   top-left cell, `x` right, `y` down), addressed with geom's [`Point`], [`Size`] and
//!   [`Rect`] (re-exported here); writes outside are clipped, never a panic.
//! - [`Cell`] — a glyph, [`Rgb`] colours and a semantic [`Sprite`] (with the terrain
//!   [`Cell::under`] it and a light level), so a terminal draws characters and a tile
//!   front end draws pictures from the same frame. A [`Sprite`] is an open id, a name the
//!   game chooses (`Sprite::new("orc")`): the toolkit lists no game's sprites.
//! - [`Input`] — the one key type: device-independent key presses, written and parsed
//!   the same on help screens and in config files (`"Ctrl-P"`, `"Up"`; errors
//!   [`KeyNameError`]); [`Keymap`] — bindings as data.
//! - [`Screen`] — render, handle an input, tick, close; one [`Transition`] type; a
//!   [`Stack`] of screens that is itself a screen.
//! - [`Scene`] — what a tiles front end draws of a screen: the map at one tile per map
//!   cell, its entities and marks, and the side panel's data; [`Mouse`] — what the
//!   pointer did, in map space.
//! - [`palette`] — named colours of the chrome (text, panels, message kinds, health
//!   bars) that screens draw with instead of colour literals; a game adds its own.
//! - [`widgets`] — word wrap, cutting to a width ([`widgets::fit`]), a bordered
//!   [`widgets::Panel`], a [`widgets::ListPicker`], a [`widgets::TextInput`].
//!
//! No game, no I/O: a front end (`torchlit-term` for terminals) turns device events into
//! inputs and draws frames.
//!
//! ```
//! use torchlit_console::{Frame, Input, Point, Rgb, Screen, Size, Transition};
//!
//! struct Hello { presses: u32 }
//!
//! impl Screen for Hello {
//!     fn render(&self, frame: &mut Frame) {
//!         let text = format!("{} keys", self.presses);
//!         frame.print_at(Point::new(0, 0), &text, Rgb::WHITE, Rgb::BLACK);
//!     }
//!     fn handle(&mut self, input: Input) -> Transition {
//!         if input == Input::Esc { return Transition::Quit; }
//!         self.presses += 1;
//!         Transition::Stay
//!     }
//! }
//!
//! let mut screen = Hello { presses: 0 };
//! screen.handle(Input::Char('a'));
//! let mut frame = Frame::with_size(Size::new(8, 1));
//! screen.render(&mut frame);
//! assert_eq!(frame.to_text(), "1 keys  \n");
//! ```

mod frame;
mod input;
mod keymap;
mod keys;
mod screen;
mod sprite;

pub mod scene;

pub mod palette;
pub mod widgets;

pub use frame::{Cell, Frame, Rgb};
pub use input::Input;
pub use keymap::Keymap;
pub use keys::KeyNameError;
pub use scene::{Mouse, Scene};
pub use screen::{CloseError, Screen, Stack, Transition};
pub use sprite::Sprite;
/// Geom's screen-space types, which [`Frame`] takes: a cell, a size, a rectangle.
pub use torchlit_geom::{Point, Rect, Size};
