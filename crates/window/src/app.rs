//! The event loop: winit events to screen calls, ticks, redraws, signals.

use std::num::NonZeroU32;
use std::rc::Rc;
use std::time::{Duration, Instant};

use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
use torchlit_console::scene::{Point, Size};
use torchlit_console::{Mouse, Screen, Transition};
use winit::application::ApplicationHandler;
use winit::dpi::{LogicalSize, PhysicalPosition};
use winit::event::{ElementState, KeyEvent, MouseButton, MouseScrollDelta, WindowEvent};
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop};
use winit::keyboard::{Key, ModifiersState, NamedKey};
use winit::window::{Fullscreen, Window, WindowId};

use crate::draw::{DEFAULT_TILE, Placement, Renderer, TEXT_PX, ZOOM};
use crate::{Exit, TICK, WindowError, draw_screen, keys};

/// How many late ticks run back to back before the loop gives up catching up.
const MAX_CATCH_UP: u32 = 5;
/// Zoom step of the wheel and Ctrl +/-, in pixels.
const ZOOM_STEP: i64 = 8;
/// How long after a change the screen is saved at the latest ([`Screen::save`]): when the
/// X server goes away, Xlib ends the process at once (`exit(1)` in its I/O error
/// handler, which safe code can't replace), so what was played since the last save would
/// be lost. A change is saved once the loop is idle if the last save is this old, else
/// when it becomes this old.
pub(crate) const AUTOSAVE: Duration = Duration::from_secs(1);

/// What the signal thread sends the loop.
#[derive(Debug)]
enum UserEvent {
    Signal(i32),
}

type Surface = softbuffer::Surface<Rc<Window>, Rc<Window>>;

/// The loop's state.
struct App<'s, S: ?Sized> {
    screen: &'s mut S,
    window: Option<(Rc<Window>, Surface)>,
    renderer: Renderer,
    /// The tile side in logical pixels (before the scale factor).
    zoom: u32,
    mods: ModifiersState,
    cursor: Option<PhysicalPosition<f64>>,
    hover: Option<Point>,
    /// Where the last scene's map went; `None` while a text page shows.
    placement: Option<Placement>,
    /// A text page's cell size in pixels.
    grid_cell: (u32, u32),
    next_tick: Instant,
    /// The screen changed since it was last saved.
    unsaved: bool,
    last_save: Instant,
    exit: Option<Exit>,
    error: Option<WindowError>,
}

/// Runs the loop until the screen quits, the window closes or a signal comes.
pub(crate) fn run_loop<S: Screen + ?Sized>(screen: &mut S) -> Result<Exit, WindowError> {
    let event_loop = EventLoop::<UserEvent>::with_user_event()
        .build()
        .map_err(|e| WindowError::Window(e.to_string()))?;
    let mut signals = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGINT, SIGQUIT])
        .map_err(|e| WindowError::Window(format!("signal handlers: {e}")))?;
    let handle = signals.handle();
    let proxy = event_loop.create_proxy();
    let thread = std::thread::spawn(move || {
        for sig in signals.forever() {
            if proxy.send_event(UserEvent::Signal(sig)).is_err() {
                break;
            }
        }
    });
    screen.set_key_releases(true);
    let mut app = App {
        screen,
        window: None,
        renderer: Renderer::new()?,
        zoom: DEFAULT_TILE,
        mods: ModifiersState::empty(),
        cursor: None,
        hover: None,
        placement: None,
        grid_cell: (1, 1),
        next_tick: Instant::now() + TICK,
        unsaved: false,
        last_save: Instant::now(),
        exit: None,
        error: None,
    };
    let ran = event_loop.run_app(&mut app);
    handle.close();
    let _ = thread.join();
    if let Some(e) = app.error {
        return Err(e);
    }
    ran.map_err(|e| WindowError::Window(e.to_string()))?;
    Ok(app.exit.unwrap_or(Exit::Closed))
}

impl<S: Screen + ?Sized> App<'_, S> {
    fn open(&mut self, event_loop: &ActiveEventLoop) -> Result<(), WindowError> {
        let attrs = Window::default_attributes()
            .with_title("torchlit")
            .with_inner_size(LogicalSize::new(1280.0, 800.0));
        let window = Rc::new(
            event_loop.create_window(attrs).map_err(|e| WindowError::Window(e.to_string()))?,
        );
        let draw_err = |e: softbuffer::SoftBufferError| WindowError::Draw(e.to_string());
        let context = softbuffer::Context::new(Rc::clone(&window)).map_err(draw_err)?;
        let surface = Surface::new(&context, Rc::clone(&window)).map_err(draw_err)?;
        self.window = Some((window, surface));
        self.rescale();
        Ok(())
    }

    /// Sizes text and tiles for the window's scale factor.
    fn rescale(&mut self) {
        let scale = self.window.as_ref().map_or(1.0, |(w, _)| w.scale_factor());
        self.renderer.text_px = ((f64::from(TEXT_PX) * scale).round() as u32).max(8);
        self.renderer.tile = ((f64::from(self.zoom) * scale).round() as u32).max(1);
    }

    fn redraw(&mut self) -> Result<(), WindowError> {
        let Some((window, surface)) = self.window.as_mut() else { return Ok(()) };
        let size = window.inner_size();
        let (Some(w), Some(h)) = (NonZeroU32::new(size.width), NonZeroU32::new(size.height)) else {
            return Ok(());
        };
        let draw_err = |e: softbuffer::SoftBufferError| WindowError::Draw(e.to_string());
        surface.resize(w, h).map_err(draw_err)?;
        let mut buffer = surface.buffer_mut().map_err(draw_err)?;
        let dims = (w.get(), h.get());
        let (cols, rows, _, _) = self.renderer.grid(dims.0, dims.1);
        self.screen.resize(Size::new(u32::from(cols), u32::from(rows)));
        self.placement = draw_screen(&mut self.renderer, &*self.screen, &mut buffer, dims);
        let (_, _, cw, ch) = self.renderer.grid(dims.0, dims.1);
        self.grid_cell = (cw, ch);
        buffer.present().map_err(draw_err)
    }

    /// Applies what the screen answered to a key, click or tick (the game may have
    /// changed: it is saved soon); a quit ends the loop.
    fn answer(&mut self, t: Transition, event_loop: &ActiveEventLoop) {
        self.unsaved = true;
        self.show(t, event_loop);
    }

    /// Applies what the screen answered to the pointer hovering or leaving: that changes
    /// what is shown (the look text), never the game, so nothing is saved for it.
    fn show(&mut self, t: Transition, event_loop: &ActiveEventLoop) {
        if matches!(t, Transition::Quit) {
            self.finish(Exit::Quit, event_loop);
        } else {
            self.request_redraw();
        }
    }

    fn finish(&mut self, exit: Exit, event_loop: &ActiveEventLoop) {
        self.exit.get_or_insert(exit);
        event_loop.exit();
    }

    fn request_redraw(&self) {
        if let Some((w, _)) = &self.window {
            w.request_redraw();
        }
    }

    fn zoom_by(&mut self, steps: i64) {
        let z = (i64::from(self.zoom) + steps * ZOOM_STEP)
            .clamp(i64::from(*ZOOM.start()), i64::from(*ZOOM.end()));
        self.zoom = z as u32;
        self.rescale();
        self.request_redraw();
    }

    fn key(&mut self, event: &KeyEvent, event_loop: &ActiveEventLoop) {
        let ctrl = self.mods.control_key();
        let pressed = event.state == ElementState::Pressed;
        if pressed && self.window_key(&event.logical_key, ctrl) {
            return;
        }
        let Some(input) = keys::to_input(&event.logical_key, ctrl) else { return };
        let t = if !pressed {
            self.screen.release(input)
        } else if event.repeat && self.screen.wants_ticks() {
            // Releases are reported: a held key is already held.
            return;
        } else {
            self.screen.handle(input)
        };
        self.answer(t, event_loop);
    }

    /// The window's own keys (F2 glyphs, F11 fullscreen, Ctrl +/- zoom); true when used.
    fn window_key(&mut self, key: &Key, ctrl: bool) -> bool {
        match key {
            Key::Named(NamedKey::F2) => {
                self.renderer.glyphs = !self.renderer.glyphs;
                self.request_redraw();
            }
            Key::Named(NamedKey::F11) => {
                if let Some((w, _)) = &self.window {
                    let full = w.fullscreen().is_some();
                    w.set_fullscreen((!full).then_some(Fullscreen::Borderless(None)));
                }
            }
            Key::Character(s) if ctrl && matches!(s.as_str(), "+" | "=") => self.zoom_by(1),
            Key::Character(s) if ctrl && s.as_str() == "-" => self.zoom_by(-1),
            _ => return false,
        }
        true
    }

    fn moved(&mut self, at: PhysicalPosition<f64>, event_loop: &ActiveEventLoop) {
        self.cursor = Some(at);
        let cell = self.placement.and_then(|p| p.cell_at(at.x, at.y));
        if cell == self.hover {
            return;
        }
        self.hover = cell;
        let t = match cell {
            Some(p) => self.screen.mouse(Mouse::Hover(p)),
            None => self.screen.mouse(Mouse::Leave),
        };
        self.show(t, event_loop);
    }

    fn left(&mut self, event_loop: &ActiveEventLoop) {
        self.cursor = None;
        if self.hover.take().is_some() {
            let t = self.screen.mouse(Mouse::Leave);
            self.show(t, event_loop);
        }
    }

    fn clicked(&mut self, button: MouseButton, event_loop: &ActiveEventLoop) {
        let Some(at) = self.cursor else { return };
        let event = match (self.placement, button) {
            (Some(p), MouseButton::Left) => p.cell_at(at.x, at.y).map(Mouse::Click),
            (Some(p), MouseButton::Right) => p.cell_at(at.x, at.y).map(Mouse::Inspect),
            (None, MouseButton::Left) => {
                let (cw, ch) =
                    (f64::from(self.grid_cell.0.max(1)), f64::from(self.grid_cell.1.max(1)));
                let (col, row) = ((at.x / cw).floor(), (at.y / ch).floor());
                (col >= 0.0 && row >= 0.0 && col < 65536.0 && row < 65536.0)
                    .then_some(Mouse::Text(col as u16, row as u16))
            }
            _ => None,
        };
        if let Some(event) = event {
            let t = self.screen.mouse(event);
            self.answer(t, event_loop);
        }
    }

    /// Runs the ticks that are due (a real-time screen) and says when to wake next.
    fn ticks(&mut self, event_loop: &ActiveEventLoop) {
        if !self.screen.wants_ticks() {
            self.next_tick = Instant::now() + crate::TICK;
            event_loop.set_control_flow(ControlFlow::Wait);
            return;
        }
        let now = Instant::now();
        let mut ran = 0;
        while now >= self.next_tick && ran < MAX_CATCH_UP {
            self.next_tick += crate::TICK;
            ran += 1;
            let t = self.screen.tick();
            self.answer(t, event_loop);
            if self.exit.is_some() {
                return;
            }
        }
        if now >= self.next_tick {
            self.next_tick = now + crate::TICK;
        }
        event_loop.set_control_flow(ControlFlow::WaitUntil(self.next_tick));
    }
}

impl<S: Screen + ?Sized> App<'_, S> {
    /// Saves a change once the last save is [`AUTOSAVE`] old, or wakes the loop then. A
    /// failed save is not fatal here: closing saves again and reports its own outcome.
    fn autosave(&mut self, event_loop: &ActiveEventLoop) {
        if !self.unsaved {
            return;
        }
        let due = self.last_save + AUTOSAVE;
        let now = Instant::now();
        if now >= due {
            self.unsaved = false;
            self.last_save = now;
            let _ = self.screen.save();
            return;
        }
        let wake = match event_loop.control_flow() {
            ControlFlow::WaitUntil(t) => t.min(due),
            _ => due,
        };
        event_loop.set_control_flow(ControlFlow::WaitUntil(wake));
    }
}

impl<S: Screen + ?Sized> ApplicationHandler<UserEvent> for App<'_, S> {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.window.is_none()
            && let Err(e) = self.open(event_loop)
        {
            self.error = Some(e);
            event_loop.exit();
        }
    }

    fn user_event(&mut self, event_loop: &ActiveEventLoop, event: UserEvent) {
        let UserEvent::Signal(sig) = event;
        self.finish(Exit::Signal(sig), event_loop);
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _: WindowId, event: WindowEvent) {
        match event {
            WindowEvent::CloseRequested => self.finish(Exit::Closed, event_loop),
            WindowEvent::RedrawRequested => {
                if let Err(e) = self.redraw() {
                    self.error = Some(e);
                    event_loop.exit();
                }
            }
            WindowEvent::Resized(_) => self.request_redraw(),
            WindowEvent::ScaleFactorChanged { .. } => {
                self.rescale();
                self.request_redraw();
            }
            WindowEvent::ModifiersChanged(m) => self.mods = m.state(),
            WindowEvent::KeyboardInput { event, .. } => self.key(&event, event_loop),
            WindowEvent::CursorMoved { position, .. } => self.moved(position, event_loop),
            WindowEvent::CursorLeft { .. } => self.left(event_loop),
            WindowEvent::MouseInput { state: ElementState::Pressed, button, .. } => {
                self.clicked(button, event_loop);
            }
            WindowEvent::MouseWheel { delta, .. } => {
                let dy = match delta {
                    MouseScrollDelta::LineDelta(_, y) => f64::from(y),
                    MouseScrollDelta::PixelDelta(p) => p.y / 40.0,
                };
                if dy.abs() >= 0.5 {
                    self.zoom_by(dy.signum() as i64);
                }
            }
            WindowEvent::Focused(false) => self.mods = ModifiersState::empty(),
            _ => {}
        }
    }

    fn about_to_wait(&mut self, event_loop: &ActiveEventLoop) {
        if self.exit.is_some() {
            return;
        }
        self.ticks(event_loop);
        self.autosave(event_loop);
    }
}
