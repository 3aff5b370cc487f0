//! Run any [`Screen`] in a terminal: crossterm events in, ratatui cells out.
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
//! fn main() -> Result<(), torchlit_term::Error> {
//!     torchlit_term::run(&mut Hello)?;
//!     Ok(())
//! }
//! ```
//!
//! One loop for turn-based and real-time screens: while the screen
//! [wants ticks](Screen::wants_ticks) it is ticked 24 times a second (catching up at
//! most a few ticks after a stall, then dropping the rest rather than racing); otherwise
//! the loop waits for keys. Terminals that offer crossterm's keyboard enhancement (kitty,
//! WezTerm, foot...) get it pushed, so key releases are reported and a held key is held
//! exactly; others send presses only ([`Screen::set_key_releases`] tells the screen).
//!
//! The terminal is always given back as it was (raw mode off, main screen, cursor
//! shown, keyboard flags popped): on quit, on an error, on a panic (ratatui's hook), and
//! on SIGTERM, SIGHUP (the terminal window closed), SIGINT and SIGQUIT from outside,
//! after which the screens are [closed](Screen::close) (saving what must be saved) and
//! [`run`] returns [`Exit::Signal`]. SIGTSTP (suspend from outside) gives the terminal
//! back before stopping, and SIGCONT takes it again and redraws.
//!
//! A terminal that goes away without a SIGHUP (its tmux server killed, its pty closed
//! while the shell ignores SIGHUP) is handled as if SIGHUP had come: the loop polls the
//! tty itself and sees the hang-up (or end of file, or a read error that persists), the
//! screens are closed (saved) and [`run`] returns `Exit::Signal(1)` instead of spinning
//! on the dead tty.

use std::io::{self, IsTerminal};
use std::os::fd::AsFd;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crossterm::event::{
    self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, KeyboardEnhancementFlags,
    PopKeyboardEnhancementFlags, PushKeyboardEnhancementFlags,
};
use crossterm::execute;
use ratatui::DefaultTerminal;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};
use ratatui::widgets::Widget;
use rustix::event::{PollFd, PollFlags, Timespec};
use signal_hook::consts::{SIGCONT, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGTSTP};
use torchlit_console::{CloseError, Frame, Input, Point, Rgb, Screen, Size, Transition};

/// Ticks per second of real-time screens.
pub const TICKS_PER_SECOND: u32 = 24;

/// How many late ticks are run back to back before the loop gives up catching up.
const MAX_CATCH_UP: u32 = 5;

/// How often an idle loop looks for signals.
const IDLE_POLL: Duration = Duration::from_millis(100);

/// How many reads of the terminal in a row may fail before it counts as gone.
const MAX_READ_ERRORS: u32 = 3;

/// How the loop ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exit {
    /// The screen quit.
    Quit,
    /// A signal ended the program (its number: 15 for SIGTERM, 1 for SIGHUP...); the
    /// conventional exit status is `128 + n`. A terminal that hung up without a SIGHUP
    /// reaching the program (or that keeps failing to read) also ends as `Signal(1)`.
    Signal(i32),
}

/// What [`run`] reports: how the loop ended, and whether closing the screens (saving)
/// worked.
#[derive(Debug)]
pub struct Report {
    /// How the loop ended.
    pub exit: Exit,
    /// The result of [`Screen::close`]: why a save failed, if one did.
    pub closed: Result<(), CloseError>,
}

/// Why the terminal could not be used.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// Standard input or output is not a terminal (a pipe, a file, no tty).
    #[error("this needs a terminal (standard input and output must be a terminal)")]
    NotATerminal,
    /// Reading events or drawing failed.
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// Signals the loop reacts to, as flags set by the handlers.
struct Signals {
    /// The last ending signal received (0 for none).
    ending: Arc<AtomicUsize>,
    suspend: Arc<AtomicBool>,
    resumed: Arc<AtomicBool>,
    ids: Vec<signal_hook::SigId>,
}

impl Signals {
    fn register() -> io::Result<Signals> {
        let ending = Arc::new(AtomicUsize::new(0));
        let suspend = Arc::new(AtomicBool::new(false));
        let resumed = Arc::new(AtomicBool::new(false));
        let mut ids = Vec::new();
        for sig in [SIGTERM, SIGHUP, SIGINT, SIGQUIT] {
            ids.push(signal_hook::flag::register_usize(sig, Arc::clone(&ending), sig as usize)?);
        }
        ids.push(signal_hook::flag::register(SIGTSTP, Arc::clone(&suspend))?);
        ids.push(signal_hook::flag::register(SIGCONT, Arc::clone(&resumed))?);
        Ok(Signals { ending, suspend, resumed, ids })
    }

    fn ending(&self) -> Option<i32> {
        match self.ending.load(Ordering::SeqCst) {
            0 => None,
            n => i32::try_from(n).ok(),
        }
    }
}

impl Drop for Signals {
    fn drop(&mut self) {
        for id in self.ids.drain(..) {
            signal_hook::low_level::unregister(id);
        }
    }
}

/// The terminal while a screen runs in it.
struct Session {
    terminal: DefaultTerminal,
    enhanced: bool,
}

impl Session {
    fn enter() -> io::Result<Session> {
        let terminal = ratatui::try_init()?;
        let enhanced = matches!(crossterm::terminal::supports_keyboard_enhancement(), Ok(true))
            && execute!(
                io::stdout(),
                PushKeyboardEnhancementFlags(
                    KeyboardEnhancementFlags::DISAMBIGUATE_ESCAPE_CODES
                        | KeyboardEnhancementFlags::REPORT_EVENT_TYPES
                )
            )
            .is_ok();
        Ok(Session { terminal, enhanced })
    }

    /// Gives the terminal back: keyboard flags, raw mode, alternate screen, cursor.
    fn leave(&self) -> io::Result<()> {
        if self.enhanced {
            let _ = execute!(io::stdout(), PopKeyboardEnhancementFlags);
        }
        ratatui::try_restore()
    }

    /// Takes the terminal again after a suspension (the shell may have reset it).
    fn resume(&mut self) -> io::Result<()> {
        crossterm::terminal::enable_raw_mode()?;
        execute!(io::stdout(), crossterm::terminal::EnterAlternateScreen)?;
        if self.enhanced {
            let _ = execute!(
                io::stdout(),
                PushKeyboardEnhancementFlags(
                    KeyboardEnhancementFlags::DISAMBIGUATE_ESCAPE_CODES
                        | KeyboardEnhancementFlags::REPORT_EVENT_TYPES
                )
            );
        }
        self.terminal.clear()
    }
}

/// Runs `screen` in the terminal until it quits or a signal ends the program, then
/// gives the terminal back and [closes](Screen::close) the screen.
///
/// # Errors
/// [`Error::NotATerminal`] when standard input or output is not a terminal (checked
/// before anything is changed); [`Error::Io`] when the terminal fails (it is restored
/// all the same).
pub fn run<S: Screen + ?Sized>(screen: &mut S) -> Result<Report, Error> {
    if !io::stdin().is_terminal() || !io::stdout().is_terminal() {
        return Err(Error::NotATerminal);
    }
    let signals = Signals::register()?;
    let mut session = Session::enter()?;
    if session.enhanced {
        // ratatui's hook restores the terminal on panic; pop the flags before it.
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let _ = execute!(io::stdout(), PopKeyboardEnhancementFlags);
            previous(info);
        }));
    }
    screen.set_key_releases(session.enhanced);
    let gone = || matches!(tty_state(io::stdin(), Duration::ZERO), Ok(Tty::Gone) | Err(_));
    let result = match run_loop(&mut session, screen, &signals) {
        // Drawing on a tty that hung up fails: that is a hang-up, not a failure.
        Err(_) if gone() => Ok(Exit::Signal(SIGHUP)),
        result => result,
    };
    let restored = session.leave();
    let exit = result?;
    // A terminal that is gone cannot be given back; the screens are closed all the same.
    if !gone() {
        restored?;
    }
    let closed = screen.close();
    Ok(Report { exit, closed })
}

/// What the terminal offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tty {
    /// Nothing to read yet.
    Idle,
    /// Bytes to read.
    Input,
    /// Hung up (the other end of the pty closed) or no longer a valid file.
    Gone,
}

/// Waits up to `wait` (at most [`IDLE_POLL`]) for `tty` to have input or to hang up,
/// without reading it. crossterm cannot be asked this: on a hung-up tty its reader
/// loops forever (each read returns end of file), so it is only called when this says
/// the terminal is still there.
fn tty_state(tty: impl AsFd, wait: Duration) -> io::Result<Tty> {
    let timeout = Timespec::try_from(wait.min(IDLE_POLL))
        .map_err(|_| io::Error::from(io::ErrorKind::InvalidInput))?;
    let mut fds = [PollFd::new(&tty, PollFlags::IN)];
    match rustix::event::poll(&mut fds, Some(&timeout)) {
        Ok(0) | Err(rustix::io::Errno::INTR) => Ok(Tty::Idle),
        Ok(_) if fds[0].revents().intersects(PollFlags::HUP | PollFlags::ERR | PollFlags::NVAL) => {
            Ok(Tty::Gone)
        }
        Ok(_) => Ok(Tty::Input),
        Err(e) => Err(e.into()),
    }
}

/// What [`next_event`] found.
enum Polled {
    Event(Event),
    Nothing,
    Gone,
}

/// Waits up to `wait` for the next terminal event (or a hang-up); crossterm itself is
/// never left waiting (see [`tty_state`]).
fn next_event(wait: Duration) -> io::Result<Polled> {
    let state = tty_state(io::stdin(), wait)?;
    if state == Tty::Gone {
        return Ok(Polled::Gone);
    }
    // What crossterm has queued, or reads now without waiting.
    if event::poll(Duration::ZERO)? {
        return Ok(Polled::Event(event::read()?));
    }
    if state == Tty::Input {
        // Bytes crossterm does not take yet (its edge-triggered poll saw them before):
        // wait here rather than spin on them.
        std::thread::sleep(wait.min(IDLE_POLL));
    }
    Ok(Polled::Nothing)
}

fn draw<S: Screen + ?Sized>(terminal: &mut DefaultTerminal, screen: &S) -> io::Result<()> {
    terminal.draw(|f| {
        let area = f.area();
        let size = Size::new(u32::from(area.width), u32::from(area.height));
        let mut frame = Frame::with_size(size);
        screen.render(&mut frame);
        f.render_widget(FrameView(&frame), area);
    })?;
    Ok(())
}

fn run_loop<S: Screen + ?Sized>(
    session: &mut Session,
    screen: &mut S,
    signals: &Signals,
) -> io::Result<Exit> {
    let tick = Duration::from_secs(1) / TICKS_PER_SECOND;
    let mut next = Instant::now() + tick;
    let mut dirty = true;
    let mut had_event = false;
    let mut read_errors = 0;
    loop {
        if let Some(sig) = signals.ending() {
            return Ok(Exit::Signal(sig));
        }
        if signals.suspend.swap(false, Ordering::SeqCst) {
            session.leave()?;
            // Stop as SIGTSTP's default action would; we run on after SIGCONT.
            signal_hook::low_level::emulate_default_handler(SIGTSTP)?;
            signals.resumed.store(true, Ordering::SeqCst);
        }
        if signals.resumed.swap(false, Ordering::SeqCst) {
            session.resume()?;
            dirty = true;
        }
        if dirty {
            let area = session.terminal.size()?;
            screen.resize(Size::new(u32::from(area.width), u32::from(area.height)));
            draw(&mut session.terminal, screen)?;
            dirty = false;
        }
        let timeout = if screen.wants_ticks() {
            next.saturating_duration_since(Instant::now()).min(IDLE_POLL)
        } else {
            IDLE_POLL
        };
        // After an event, more may be queued: look again without waiting.
        let wait = if had_event { Duration::ZERO } else { timeout };
        had_event = false;
        match next_event(wait) {
            Ok(Polled::Gone) => return Ok(Exit::Signal(SIGHUP)),
            Ok(Polled::Nothing) => read_errors = 0,
            Ok(Polled::Event(ev)) => {
                read_errors = 0;
                had_event = true;
                match handle_event(ev, screen, session.enhanced) {
                    Some(Transition::Quit) => return Ok(Exit::Quit),
                    Some(_) => dirty = true,
                    None => {}
                }
            }
            Err(e) => {
                read_errors += 1;
                if read_errors >= MAX_READ_ERRORS {
                    return Ok(Exit::Signal(SIGHUP));
                }
                if e.kind() != io::ErrorKind::Interrupted {
                    std::thread::sleep(timeout);
                }
            }
        }
        if screen.wants_ticks() {
            let now = Instant::now();
            let mut ran = 0;
            while now >= next && ran < MAX_CATCH_UP {
                if matches!(screen.tick(), Transition::Quit) {
                    return Ok(Exit::Quit);
                }
                next += tick;
                ran += 1;
                dirty = true;
            }
            if now >= next {
                next = now + tick;
            }
        } else {
            next = Instant::now() + tick;
        }
    }
}

/// Gives `ev` to `screen`: `Some` transition when the screen saw it (a key it uses, a
/// resize), `None` when the event means nothing to it.
fn handle_event<S: Screen + ?Sized>(
    ev: Event,
    screen: &mut S,
    enhanced: bool,
) -> Option<Transition> {
    match ev {
        Event::Key(key) => {
            let input = to_input(key)?;
            Some(match key.kind {
                KeyEventKind::Release => screen.release(input),
                // With releases reported, a held key is already held.
                KeyEventKind::Repeat if enhanced && screen.wants_ticks() => Transition::Stay,
                _ => screen.handle(input),
            })
        }
        Event::Resize(..) => Some(Transition::Stay),
        _ => None,
    }
}

/// Turns a crossterm key into a screen [`Input`] (`None` for keys no screen uses).
pub fn to_input(key: KeyEvent) -> Option<Input> {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    Some(match key.code {
        KeyCode::Char(c) if ctrl => Input::ctrl(c),
        KeyCode::Char(c) => Input::Char(c),
        KeyCode::Up => Input::Up,
        KeyCode::Down => Input::Down,
        KeyCode::Left => Input::Left,
        KeyCode::Right => Input::Right,
        KeyCode::Enter => Input::Enter,
        KeyCode::Esc => Input::Esc,
        KeyCode::Backspace => Input::Backspace,
        KeyCode::Tab => Input::Tab,
        KeyCode::Home => Input::Home,
        KeyCode::End => Input::End,
        KeyCode::PageUp => Input::PageUp,
        KeyCode::PageDown => Input::PageDown,
        KeyCode::Insert => Input::Insert,
        KeyCode::Delete => Input::Delete,
        KeyCode::F(n @ 1..=12) => Input::F(n),
        _ => return None,
    })
}

/// Draws a [`Frame`] into a ratatui buffer, cell for cell.
pub struct FrameView<'a>(pub &'a Frame);

fn color(c: Rgb) -> Color {
    Color::Rgb(c.0, c.1, c.2)
}

impl Widget for FrameView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        for y in 0..area.height.min(self.0.height()) {
            for x in 0..area.width.min(self.0.width()) {
                let Some(cell) = self.0.cell(Point::new(i32::from(x), i32::from(y))) else {
                    continue;
                };
                let Some(target) = buf.cell_mut((area.x + x, area.y + y)) else { continue };
                target.set_char(cell.glyph).set_fg(color(cell.fg)).set_bg(color(cell.bg));
                if cell.bold {
                    target.modifier.insert(Modifier::BOLD);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    #[test]
    fn keys_become_inputs() {
        let k = |code, m| KeyEvent::new(code, m);
        assert_eq!(to_input(k(KeyCode::Char('c'), KeyModifiers::CONTROL)), Some(Input::Ctrl('c')));
        assert_eq!(to_input(k(KeyCode::Char('+'), KeyModifiers::SHIFT)), Some(Input::Char('+')));
        assert_eq!(to_input(k(KeyCode::Up, KeyModifiers::NONE)), Some(Input::Up));
        assert_eq!(to_input(k(KeyCode::F(5), KeyModifiers::NONE)), Some(Input::F(5)));
        assert_eq!(to_input(k(KeyCode::F(13), KeyModifiers::NONE)), None);
        assert_eq!(to_input(k(KeyCode::PageDown, KeyModifiers::NONE)), Some(Input::PageDown));
        assert_eq!(to_input(k(KeyCode::F(1), KeyModifiers::NONE)), Some(Input::F(1)));
    }

    #[test]
    fn frames_reach_the_terminal_buffer() {
        let backend = TestBackend::new(6, 2);
        let mut terminal = Terminal::new(backend).expect("test backend");
        let mut frame = Frame::with_size(Size::new(6, 2));
        frame.print_at(Point::new(0, 0), "torch", Rgb(255, 0, 0), Rgb::BLACK);
        frame.print_bold_at(Point::new(1, 1), "@", Rgb::WHITE);
        terminal.draw(|f| f.render_widget(FrameView(&frame), f.area())).expect("draw");
        let buf = terminal.backend().buffer();
        assert_eq!(buf[(0, 0)].symbol(), "t");
        assert_eq!(buf[(0, 0)].fg, Color::Rgb(255, 0, 0));
        assert_eq!(buf[(1, 1)].symbol(), "@");
        assert!(buf[(1, 1)].modifier.contains(Modifier::BOLD));
    }

    /// A pty pair: the master (the terminal emulator's end) and the slave (the program's
    /// terminal).
    fn pty() -> (rustix::fd::OwnedFd, rustix::fd::OwnedFd) {
        use rustix::fs::{Mode, OFlags};
        use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};
        let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY).expect("a pty");
        grantpt(&master).expect("grantpt");
        unlockpt(&master).expect("unlockpt");
        let name = ptsname(&master, Vec::new()).expect("the slave's name");
        let slave = rustix::fs::open(name.as_c_str(), OFlags::RDWR | OFlags::NOCTTY, Mode::empty())
            .expect("the slave opens");
        (master, slave)
    }

    #[test]
    fn a_closed_pty_is_seen_as_gone_not_as_input() {
        let (master, slave) = pty();
        assert_eq!(tty_state(&slave, Duration::ZERO).expect("poll"), Tty::Idle);
        // A line: the pty is in canonical mode (a game would have set raw mode).
        rustix::io::write(&master, b"x\n").expect("a key from the terminal");
        assert_eq!(tty_state(&slave, IDLE_POLL).expect("poll"), Tty::Input);
        // The terminal emulator goes away (a killed tmux server): no SIGHUP reaches a
        // process outside the pty's session, only the hang-up on its tty.
        drop(master);
        assert_eq!(tty_state(&slave, IDLE_POLL).expect("poll"), Tty::Gone);
    }

    #[test]
    fn no_terminal_is_a_clear_error() {
        // Under `cargo test` standard input is not a terminal when run by CI; when it
        // is (a developer's shell), the check is skipped.
        if io::stdin().is_terminal() && io::stdout().is_terminal() {
            return;
        }
        struct Never;
        impl Screen for Never {
            fn render(&self, _: &mut Frame) {}
            fn handle(&mut self, _: Input) -> Transition {
                Transition::Quit
            }
        }
        assert!(matches!(run(&mut Never), Err(Error::NotATerminal)));
    }
}
