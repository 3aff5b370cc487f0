//! Runs the screens in the terminal or in a window and turns how they ended into the
//! program's exit.

use anyhow::{Result, bail};
use torchlit_save::FrontEnd;
use torchlit_term::{Error, Exit};
use torchlit_ui::{App, Screen};

use crate::settings::Settings;

/// Where the game is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Front {
    /// The terminal the program was started from.
    Terminal,
    /// A desktop window.
    Window,
}

/// The message of `--window` without a display (one line; the program exits 2).
pub const NO_DISPLAY: &str = "--window needs a display, and neither DISPLAY nor WAYLAND_DISPLAY \
     is set (play in the terminal without --window)";

/// Where to show the game: `--window` or `--terminal`, else the config's
/// `[ui] front_end`. A window chosen by the config without a display falls back to the
/// terminal with a warning.
///
/// # Errors
/// `--window` without a display ([`NO_DISPLAY`]).
pub fn choose(window: bool, terminal: bool, settings: &Settings) -> Result<Front> {
    choose_with(
        window,
        terminal,
        settings.config.ui.front_end,
        torchlit_window::display_available(),
    )
}

/// [`choose`] with the display's presence given.
fn choose_with(window: bool, terminal: bool, config: FrontEnd, display: bool) -> Result<Front> {
    if window {
        if !display {
            bail!("{NO_DISPLAY}");
        }
        return Ok(Front::Window);
    }
    if terminal || config == FrontEnd::Terminal {
        return Ok(Front::Terminal);
    }
    if !display {
        eprintln!(
            "torchlit: warning: [ui] front_end = \"window\" needs a display (neither DISPLAY nor \
             WAYLAND_DISPLAY is set); playing in the terminal"
        );
        return Ok(Front::Terminal);
    }
    Ok(Front::Window)
}

/// Runs `app` where `front` says: the terminal (checked first) or a window.
///
/// # Errors
/// As [`run`] and [`run_window`].
pub fn show(app: App, front: Front) -> Result<()> {
    match front {
        Front::Terminal => {
            crate::commands::needs_terminal()?;
            run(app)
        }
        Front::Window => run_window(app),
    }
}

/// Runs `app` in the terminal (see `torchlit-term`): the terminal is restored, then the
/// screens are closed (the caves run and the overworld saved) and their farewells
/// printed ("The caves run is saved ...").
///
/// # Errors
/// No terminal ("`play` needs a terminal"), a terminal failure, or a save that failed on
/// the way out ("could not save the run: ..."). After a signal the process exits with
/// `128 + signal` once everything is saved.
pub fn run(mut app: App) -> Result<()> {
    let report = match torchlit_term::run(&mut app) {
        Ok(report) => report,
        Err(Error::NotATerminal) => {
            bail!("`play` needs a terminal (standard input and output are not one)")
        }
        Err(e) => return Err(e.into()),
    };
    finish(&app, report.closed, report.exit)
}

/// Runs `app` in a window (see `torchlit-window`): closing the window saves as quitting
/// does; then the farewells are printed.
///
/// # Errors
/// No display ([`NO_DISPLAY`]), a window that can't be opened, or a save that failed on
/// the way out. After a signal the process exits with `128 + signal` once everything is
/// saved.
pub fn run_window(mut app: App) -> Result<()> {
    let report = match torchlit_window::run_screen(&mut app) {
        Ok(report) => report,
        Err(torchlit_window::WindowError::NoDisplay) => bail!("{NO_DISPLAY}"),
        Err(e) => return Err(e.into()),
    };
    let exit = match report.exit {
        torchlit_window::Exit::Signal(sig) => Exit::Signal(sig),
        _ => Exit::Quit,
    };
    finish(&app, report.closed, exit)
}

/// After the screens closed: a failed save is the error; else the farewells, and the
/// exit status of a signal.
fn finish(app: &App, closed: Result<(), torchlit_ui::CloseError>, exit: Exit) -> Result<()> {
    if let Err(why) = closed {
        bail!("{why}");
    }
    if let Some(lines) = app.farewell() {
        println!("{lines}");
    }
    if let Exit::Signal(sig) = exit {
        std::process::exit(128 + sig);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flags_win_over_the_config_and_a_window_needs_a_display() {
        let pick = |w, t, c, d| choose_with(w, t, c, d).map_err(|e| e.to_string());
        assert_eq!(pick(true, false, FrontEnd::Terminal, true), Ok(Front::Window));
        assert_eq!(pick(false, true, FrontEnd::Window, true), Ok(Front::Terminal));
        assert_eq!(pick(false, false, FrontEnd::Window, true), Ok(Front::Window));
        assert_eq!(pick(false, false, FrontEnd::Terminal, true), Ok(Front::Terminal));
        assert_eq!(pick(false, false, FrontEnd::Window, false), Ok(Front::Terminal));
        assert_eq!(pick(true, false, FrontEnd::Window, false), Err(NO_DISPLAY.to_string()));
    }
}
