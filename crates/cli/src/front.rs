//! Runs the screens in the terminal and turns how they ended into the program's exit.

use anyhow::{Result, bail};
use torchlit_term::{Error, Exit};
use torchlit_ui::App;

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
    if let Err(why) = report.closed {
        bail!("{why}");
    }
    if let Some(lines) = app.farewell() {
        println!("{lines}");
    }
    if let Exit::Signal(sig) = report.exit {
        std::process::exit(128 + sig);
    }
    Ok(())
}
