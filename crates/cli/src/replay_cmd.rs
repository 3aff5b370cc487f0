//! Recordings in the terminal: where finished games' recordings go
//! (`<data dir>/recordings/`), `torchlit replay FILE [--verify]` and
//! `torchlit recordings`.

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, Result};
use torchlit_map::UltimaWorld;
use torchlit_save::recording::{self, Header, RecordingError, Summary};
use torchlit_ui::App;
use torchlit_ui::caves::StoreError;
use torchlit_ui::record::{RecordingSink, Recordings};
use torchlit_ui::replay::{self, ReplayScreen};

use crate::settings::Settings;

/// Writes finished recordings into a directory, named by mode, date and outcome.
struct DirSink {
    dir: PathBuf,
}

impl RecordingSink for DirSink {
    fn keep(&mut self, header: &Header, outcome: &str, bytes: &[u8]) -> Result<String, StoreError> {
        let path = recording::write_file(&self.dir, header, outcome, bytes)
            .map_err(|e| StoreError(e.to_string()))?;
        Ok(path.display().to_string())
    }
}

/// The sink of the data dir's `recordings/` (none without a data dir).
pub fn sink(settings: &Settings) -> Option<Recordings> {
    let dir = settings.paths.as_ref()?.recordings_dir();
    Some(Recordings::new(DirSink { dir }))
}

/// The file's bytes; an error names the path once (I/O and not-a-file errors name it
/// themselves).
fn read(path: &Path) -> Result<Vec<u8>> {
    recording::read_file(path).map_err(|e| match e {
        // Its source is in its own words: printed as a chain it would come twice.
        RecordingError::Io { path, source } => anyhow::anyhow!("{}: {source}", path.display()),
        RecordingError::NotAFile { .. } => e.into(),
        other => anyhow::Error::new(other).context(path.display().to_string()),
    })
}

/// `torchlit replay FILE`: the replay screen, or with `verify` one line of checks.
///
/// # Errors
/// A file that can't be read or is not a good recording; with `verify`, a checkpoint
/// mismatch.
pub fn run(path: &Path, verify: bool, default_world: UltimaWorld) -> Result<()> {
    let bytes = read(path)?;
    if verify {
        println!("{}", verify_line(&bytes).with_context(|| format!("{}", path.display()))?);
        return Ok(());
    }
    let mut replay = replay::open(&bytes).with_context(|| format!("{}", path.display()))?;
    // One pass first lays down the snapshots, so every later seek is quick; a mismatch
    // shows on the status line when playback reaches it.
    let len = replay.len();
    let _ = replay.seek(len);
    let _ = replay.seek(0);
    crate::front::run(App::replay(default_world, ReplayScreen::new(replay)))
}

/// Replays `bytes` headless and says what it found, with the time it took.
///
/// # Errors
/// As [`replay::verify`].
pub fn verify_line(bytes: &[u8]) -> Result<String, replay::ReplayError> {
    let started = Instant::now();
    let v = replay::verify(bytes)?;
    let secs = started.elapsed().as_secs_f64();
    let unit = match v.mode.as_str() {
        "maze" => "tick",
        "overworld" => "move",
        _ => "turn",
    };
    Ok(format!(
        "{} seed {}: {} at {unit} {} ({} steps), final hash {:016x}, {} checkpoints ok, {:.3} s",
        v.mode,
        v.seed,
        v.outcome.as_deref().unwrap_or("in progress"),
        v.turns,
        v.steps,
        v.hash,
        v.checkpoints,
        secs
    ))
}

/// One row of `torchlit recordings`.
fn row(path: &Path, info: &Result<(Header, Summary), RecordingError>) -> String {
    let name = path.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    match info {
        Ok((h, s)) => {
            let (date, time) = recording::utc_date_time(h.started);
            let unit = match h.mode.as_str() {
                "maze" => "ticks",
                "overworld" => "moves",
                _ => "turns",
            };
            let length = format!("{} {unit}", s.turns);
            format!(
                "{:<9} {:>20}  {:<10} {:>13}  {date} {}:{}  {name}",
                h.mode,
                h.seed,
                s.outcome.as_deref().unwrap_or("-"),
                length,
                &time[..2],
                &time[2..4]
            )
        }
        Err(e) => format!("{name}: {e}"),
    }
}

/// `torchlit recordings`: the recordings of the data dir, one line each.
///
/// # Errors
/// No data dir, or one that can't be listed.
pub fn list(settings: &Settings) -> Result<()> {
    let paths = settings.paths.as_ref().context("no data directory: pass --data-dir DIR")?;
    let dir = paths.recordings_dir();
    let entries = recording::list_dir(&dir)?;
    if entries.is_empty() {
        println!("No recordings in {} yet: play a game.", dir.display());
        return Ok(());
    }
    println!(
        "{:<9} {:>20}  {:<10} {:>13}  {:<16}  file (in {})",
        "mode",
        "seed",
        "outcome",
        "length",
        "date (UTC)",
        dir.display()
    );
    for e in &entries {
        println!("{}", row(&e.path, &e.info));
    }
    Ok(())
}

/// Keys for a headless run of the replay screen (tests): plays `keys` and returns the
/// last frame's text.
#[cfg(test)]
pub fn screen_text(bytes: &[u8], keys: &[torchlit_ui::Input], ticks: u32) -> Option<String> {
    let replay = replay::open(bytes).ok()?;
    let world = UltimaWorld::parse(b"1 1\n0 0\nB\n").ok()?;
    let mut app = App::replay(world, ReplayScreen::new(replay));
    for &k in keys {
        if app.handle(k) == torchlit_ui::Control::Quit {
            return None;
        }
    }
    for _ in 0..ticks {
        app.tick();
    }
    let mut frame = torchlit_ui::Frame::new(100, 30);
    app.render(&mut frame);
    Some(frame.to_text())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_replay_screen_runs_in_the_app_and_shows_where_it_stands() {
        let bytes = std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../testdata/recordings/chase-caught.tlrec"
        ))
        .expect("a catalog recording");
        let text = screen_text(&bytes, &[torchlit_ui::Input::Char('e')], 1).expect("a screen");
        assert!(text.contains("replay chase  seed 0  step 4/4  turn 4"), "{text}");
        assert!(text.contains("ends: caught at turn 4"), "{text}");
        assert!(screen_text(&bytes, &[torchlit_ui::Input::Char('q')], 0).is_none());
    }
}
