//! Front-end-agnostic torchlit screens.
//!
//! A front end (the terminal today; tiles or web later) turns device events into
//! [`Input`]s, hands them to [`App::handle`], and draws the [`Frame`] that
//! [`App::render`] fills. Screens hold no game rules: they send actions to `torchlit-sim`
//! and show its state. [`theme`] maps tiles to glyphs and colours; [`Keymap`] holds
//! bindings as data.
//!
//! Screen space: `(0, 0)` is the top-left cell of the frame, `x` right, `y` down; the
//! camera of each play screen converts from map space.

mod app;
pub(crate) mod grammar;
mod keys;
mod title;

pub mod caves;
pub mod chase;
pub mod config;
pub mod maze;
pub mod overworld;
pub mod palette;
pub mod record;
pub mod replay;
pub mod sprite;
pub mod theme;
pub mod ultima;
pub mod watch;

pub use app::{App, DEFAULT_WORLD_NAME, Link};
pub use title::{TitleItem, TitleMenu};
pub use torchlit_console::{
    Cell, CloseError, Frame, Input, Keymap, Rgb, Screen, Sprite, Stack, Transition, widgets,
};
