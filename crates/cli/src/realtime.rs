//! The real-time terminal loop: 24 ticks per second for screens that want them, keys as
//! they come for the others.
//!
//! The clock lives here and only here: the loop waits for keys with `event::poll` until
//! the next tick is due, then calls `App::tick` (catching up at most a few ticks after a
//! stall, then dropping the rest rather than racing). Terminals that offer crossterm's
//! keyboard enhancement get it pushed (key releases and repeats are then reported, so a
//! held key is held exactly); others send only presses, and the screen counts a press
//! as held for a few ticks. The flags are popped and the terminal restored on quit, on
//! error, on Ctrl-C (a key in raw mode) and on panic.

use std::io;
use std::time::{Duration, Instant};

use anyhow::Result;
use crossterm::event::{
    self, Event, KeyEventKind, KeyboardEnhancementFlags, PopKeyboardEnhancementFlags,
    PushKeyboardEnhancementFlags,
};
use crossterm::execute;
use ratatui::DefaultTerminal;
use torchlit_sim::TICKS_PER_SECOND;
use torchlit_ui::{App, Control, Frame};

use crate::terminal::{FrameView, to_input};

/// How many late ticks are run back to back before the loop gives up catching up.
const MAX_CATCH_UP: u32 = 5;

/// Runs `app` until it quits, ticking real-time screens 24 times per second.
pub fn run(mut app: App) -> Result<()> {
    let mut terminal = ratatui::try_init()?;
    let enhanced = matches!(crossterm::terminal::supports_keyboard_enhancement(), Ok(true))
        && execute!(
            io::stdout(),
            PushKeyboardEnhancementFlags(
                KeyboardEnhancementFlags::DISAMBIGUATE_ESCAPE_CODES
                    | KeyboardEnhancementFlags::REPORT_EVENT_TYPES
            )
        )
        .is_ok();
    if enhanced {
        // ratatui's hook restores the terminal on panic; pop the flags before it.
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let _ = execute!(io::stdout(), PopKeyboardEnhancementFlags);
            previous(info);
        }));
    }
    app.set_key_releases(enhanced);
    let result = run_loop(&mut terminal, &mut app, enhanced);
    if enhanced {
        let _ = execute!(io::stdout(), PopKeyboardEnhancementFlags);
    }
    ratatui::try_restore()?;
    result
}

fn run_loop(terminal: &mut DefaultTerminal, app: &mut App, enhanced: bool) -> Result<()> {
    let tick = Duration::from_secs(1) / TICKS_PER_SECOND as u32;
    let mut next = Instant::now() + tick;
    let mut dirty = true;
    loop {
        if dirty {
            terminal.draw(|f| {
                let area = f.area();
                let mut frame = Frame::new(area.width, area.height);
                app.render(&mut frame);
                f.render_widget(FrameView(&frame), area);
            })?;
            dirty = false;
        }
        let timeout = if app.wants_ticks() {
            next.saturating_duration_since(Instant::now())
        } else {
            Duration::from_millis(500)
        };
        if event::poll(timeout)? {
            match event::read()? {
                Event::Key(key) => {
                    if let Some(input) = to_input(key) {
                        match key.kind {
                            KeyEventKind::Release => app.release(input),
                            // With releases reported, a held key is already held.
                            KeyEventKind::Repeat if enhanced && app.wants_ticks() => {}
                            _ => {
                                if app.handle(input) == Control::Quit {
                                    return Ok(());
                                }
                            }
                        }
                        dirty = true;
                    }
                }
                Event::Resize(..) => dirty = true,
                _ => {}
            }
        }
        if app.wants_ticks() {
            let now = Instant::now();
            let mut ran = 0;
            while now >= next && ran < MAX_CATCH_UP {
                app.tick();
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
