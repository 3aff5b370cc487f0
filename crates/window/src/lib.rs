//! Run any [`Screen`] in a desktop window: winit for the window and input, softbuffer to
//! put pixels drawn on the CPU on screen (no GPU needed: it runs under Xvfb), fontdue with
//! the bundled DejaVu Sans Mono for text.
//!
//! ```no_run
//! use torchlit_console::{Frame, Input, Point, Rgb, Screen, Transition};
//!
//! struct Hello;
//! impl Screen for Hello {
//!     fn render(&self, frame: &mut Frame) {
//!         frame.print_at(Point::new(0, 0), "Hello! Esc quits.", Rgb::WHITE, Rgb::BLACK);
//!     }
//!     fn handle(&mut self, input: Input) -> Transition {
//!         if input == Input::Esc { Transition::Quit } else { Transition::Stay }
//!     }
//! }
//!
//! fn main() -> Result<(), torchlit_window::WindowError> {
//!     torchlit_window::run(Box::new(Hello))
//! }
//! ```
//!
//! What is drawn: when the screen has a [`Scene`](torchlit_console::Scene)
//! ([`Screen::scene`]), its map at one tile per map cell (32 px art, zoom 16 to 64 px
//! with the wheel or Ctrl +/-; F2 toggles glyphs), the marks over it, life bars, a side
//! panel and a message log in the font; otherwise the screen's [`Frame`] from
//! [`Screen::render`] as a character grid in the font. F11 toggles fullscreen.
//!
//! Input: keys go down and up ([`Screen::release`]; the screen is told with
//! [`Screen::set_key_releases`]); auto-repeat reaches turn-based screens as presses and is
//! dropped for real-time screens (they see the key held). The mouse over the map sends
//! [`Mouse::Hover`](torchlit_console::Mouse::Hover) when the cell under it changes, [`Mouse::Leave`](torchlit_console::Mouse::Leave), [`Mouse::Click`](torchlit_console::Mouse::Click)
//! (left button) and [`Mouse::Inspect`](torchlit_console::Mouse::Inspect) (right button); over a text page a click sends
//! [`Mouse::Text`](torchlit_console::Mouse::Text) with the clicked column and row.
//!
//! Time: while the screen [wants ticks](Screen::wants_ticks) it is ticked 24 times a
//! second; otherwise the window sleeps until an event comes (an idle window costs no CPU).
//!
//! Lifecycle: closing the window, quitting, SIGTERM, SIGHUP, SIGINT and SIGQUIT all end
//! the loop, then the screen is [closed](Screen::close) (saving what must be saved); so
//! does a window or drawing error (the error is returned after the screen closed). A
//! panic unwinds without closing the screen (its state may be broken), so the last
//! autosave is kept as it was; the window goes away with the process.
//!
//! The X server going away (the session ended, the server killed) can't be answered:
//! Xlib's I/O error handler ends the process at once. So the loop also saves as it goes
//! ([`Screen::save`]): a change is saved once the loop is idle and the last save is a
//! second old, else a second after the last save, so at most the last second of play is
//! lost that way.

use std::time::Duration;

use torchlit_console::{CloseError, Frame, Screen, Size, Stack};

mod app;
pub mod canvas;
pub mod draw;
pub mod font;
mod keys;
pub mod panel;
pub mod tiles;

pub use draw::{Placement, Renderer};
pub use keys::to_input;

/// Ticks per second of real-time screens.
pub const TICKS_PER_SECOND: u32 = 24;

/// One tick.
const TICK: Duration = Duration::from_nanos(1_000_000_000 / TICKS_PER_SECOND as u64);

/// Why the window could not run.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum WindowError {
    /// Neither `DISPLAY` nor `WAYLAND_DISPLAY` is set: there is no desktop to open a
    /// window on.
    #[error("no display to open a window on (neither DISPLAY nor WAYLAND_DISPLAY is set)")]
    NoDisplay,
    /// The windowing system refused (no X server at `DISPLAY`, a window that can't be
    /// made).
    #[error("cannot open a window: {0}")]
    Window(String),
    /// The pixels could not be put on screen.
    #[error("cannot draw in the window: {0}")]
    Draw(String),
    /// The bundled tileset is damaged, or a tileset file is bad.
    #[error("tileset: {0}")]
    Tileset(String),
    /// The bundled font is damaged.
    #[error("font: {0}")]
    Font(String),
    /// The screen ran and closed, but saving failed (the screen's sentence).
    #[error("{0}")]
    Save(CloseError),
}

/// How the loop ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exit {
    /// The screen quit.
    Quit,
    /// The player closed the window.
    Closed,
    /// A signal ended the program (its number: 15 for SIGTERM, 1 for SIGHUP...); the
    /// conventional exit status is `128 + n`.
    Signal(i32),
}

/// What [`run_screen`] reports: how the loop ended and whether closing the screen
/// (saving) worked.
#[derive(Debug)]
pub struct Report {
    /// How the loop ended.
    pub exit: Exit,
    /// The result of [`Screen::close`]: why a save failed, if one did.
    pub closed: Result<(), CloseError>,
}

/// Whether a display is named in the environment (`DISPLAY` or `WAYLAND_DISPLAY`, not
/// empty). Without one, [`run`] fails with [`WindowError::NoDisplay`] before touching
/// anything.
pub fn display_available() -> bool {
    let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty());
    set("DISPLAY") || set("WAYLAND_DISPLAY")
}

/// Runs `screen` in a window until it quits, the window is closed or a signal ends the
/// program, then [closes](Screen::close) it. The screen runs on a [`Stack`], so its
/// `Push`, `Replace` and `Pop` transitions work.
///
/// # Errors
/// [`WindowError::NoDisplay`] without a display, [`WindowError::Window`] or
/// [`WindowError::Draw`] when the windowing system fails, [`WindowError::Save`] when
/// closing the screen reported a failed save.
pub fn run(screen: Box<dyn Screen>) -> Result<(), WindowError> {
    let mut stack = Stack::new(screen);
    let report = run_screen(&mut stack)?;
    report.closed.map_err(WindowError::Save)
}

/// Runs `screen` (itself, not on a new [`Stack`]) in a window, as [`run`] does, and says
/// how it ended; a game's binary uses it to print farewells and exit with `128 + n`
/// after a signal.
///
/// # Errors
/// As [`run`], except a failed save, which is in [`Report::closed`]. After a window or
/// drawing error the screen is closed too, and a failed save is then
/// [`WindowError::Save`], naming both.
pub fn run_screen<S: Screen + ?Sized>(screen: &mut S) -> Result<Report, WindowError> {
    if !display_available() {
        return Err(WindowError::NoDisplay);
    }
    let exit = app::run_loop(screen);
    let closed = screen.close();
    match (exit, closed) {
        (Ok(exit), closed) => Ok(Report { exit, closed }),
        (Err(e), Ok(())) => Err(e),
        (Err(e), Err(save)) => Err(WindowError::Save(format!("{save} (after: {e})").into())),
    }
}

/// Draws what `screen` shows into a `w x h` pixel buffer, as the window does: its scene
/// when it has one (returning where the map went), else its frame as text.
pub fn draw_screen<S: Screen + ?Sized>(
    renderer: &mut Renderer,
    screen: &S,
    buf: &mut [u32],
    (w, h): (u32, u32),
) -> Option<Placement> {
    match screen.scene(renderer.view(w, h)) {
        Some(scene) => Some(renderer.draw(&scene, buf, w, h)),
        None => {
            let (cols, rows, _, _) = renderer.grid(w, h);
            let mut frame = Frame::with_size(Size::new(u32::from(cols), u32::from(rows)));
            screen.render(&mut frame);
            renderer.draw_frame(&frame, buf, w, h);
            None
        }
    }
}
