//! Recordings in the terminal: where finished games' recordings go
//! (`<data dir>/recordings/`), `torchlit replay FILE [--verify]` and
//! `torchlit recordings`.

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, Result};
use torchlit_save::recording::{self, Header, RecordingError, Summary};
use torchlit_sim::ModeId;
use torchlit_ui::App;
use torchlit_ui::caves::StoreError;
use torchlit_ui::record::{RecordingSink, Recordings};
use torchlit_ui::replay::{self, ReplayScreen, ScriptLoader};

/// Replays of chases played by scripts compile the scripts they keep.
const SCRIPTS: Option<ScriptLoader> = Some(crate::chase_script::from_recording);

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
pub fn run(path: &Path, verify: bool) -> Result<()> {
    let bytes = read(path)?;
    if verify {
        println!("{}", verify_line(&bytes).with_context(|| format!("{}", path.display()))?);
        return Ok(());
    }
    let mut replay =
        replay::open_with(&bytes, SCRIPTS).with_context(|| format!("{}", path.display()))?;
    // One pass first lays down the snapshots, so every later seek is quick; a mismatch
    // shows on the status line when playback reaches it.
    let len = replay.len();
    let _ = replay.seek(len);
    let _ = replay.seek(0);
    crate::front::run(App::replay(ReplayScreen::new(replay)))
}

/// Replays `bytes` headless and says what it found, with the time it took.
///
/// # Errors
/// As [`replay::verify`].
pub fn verify_line(bytes: &[u8]) -> Result<String, replay::ReplayError> {
    let started = Instant::now();
    let v = replay::verify_with(bytes, SCRIPTS)?;
    let secs = started.elapsed().as_secs_f64();
    let unit = match v.mode.parse() {
        Ok(ModeId::Maze) => "tick",
        Ok(ModeId::Overworld) => "move",
        _ => "turn",
    };
    Ok(format!(
        "{} {}: {} at {unit} {} ({} steps), final hash {:016x}, {} checkpoints ok, {:.3} s",
        v.mode,
        v.start,
        v.outcome.as_deref().unwrap_or("in progress"),
        v.turns,
        v.steps,
        v.hash,
        v.checkpoints,
        secs
    ))
}

/// The length of a recording for the list: turns, moves, or in `maze` every tick in the
/// file (the game's own tick count starts over when the game is restarted with `r`, so it
/// would say "0 ticks" for a game restarted at the end).
fn length(h: &Header, s: &Summary) -> String {
    match replay::mode_of(h) {
        Some(ModeId::Maze) => format!("{} ticks", s.steps),
        Some(ModeId::Overworld) => format!("{} moves", s.turns),
        _ => format!("{} turns", s.turns),
    }
}

/// One row of `torchlit recordings`: mode, seed as typed (or the dungeon's or world's
/// name), outcome, length, the date its last session started, file.
fn row(path: &Path, info: &Result<(Header, Summary), RecordingError>) -> String {
    let name = path.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    match info {
        Ok((h, s)) => {
            let (date, time) = recording::utc_date_time(h.last_started());
            format!(
                "{:<9} {:<20}  {:<10} {:>13}  {date} {}:{}  {name}",
                h.mode,
                replay::start_name(h),
                s.outcome.as_deref().unwrap_or("-"),
                length(h, s),
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
        "{:<9} {:<20}  {:<10} {:>13}  {:<16}  file (in {})",
        "mode",
        "seed or file",
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
    let replay = replay::open_with(bytes, SCRIPTS).ok()?;
    let mut app = App::replay(ReplayScreen::new(replay));
    for &k in keys {
        if matches!(torchlit_ui::Screen::handle(&mut app, k), torchlit_ui::Transition::Quit) {
            return None;
        }
    }
    for _ in 0..ticks {
        torchlit_ui::Screen::tick(&mut app);
    }
    let mut frame = torchlit_ui::Frame::with_size(torchlit_geom::Size::new(100, 30));
    torchlit_ui::Screen::render(&app, &mut frame);
    Some(frame.to_text())
}

#[cfg(test)]
mod tests {
    use super::*;
    use torchlit_sim::formats::UltimaWorld;

    #[test]
    fn the_replay_screen_runs_in_the_app_and_shows_where_it_stands() {
        let bytes = std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../testdata/recordings/chase-caught.tlrec"
        ))
        .expect("a catalog recording");
        let text = screen_text(&bytes, &[torchlit_ui::Input::Char('e')], 1).expect("a screen");
        assert!(text.contains("replay chase  dungeon corner_trap  step 4/4  turn 4"), "{text}");
        assert!(text.contains("ends: caught at turn 4"), "{text}");
        assert!(screen_text(&bytes, &[torchlit_ui::Input::Char('q')], 0).is_none());
    }

    fn catalog(name: &str) -> Vec<u8> {
        let path = format!("{}/../../testdata/recordings/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read(path).expect("a catalog recording")
    }

    fn row_of(bytes: &[u8]) -> String {
        row(Path::new("x.tlrec"), &recording::read_info(bytes))
    }

    /// The row's second column (the seed, or the dungeon's or world's name).
    fn second_column(row: &str) -> &str {
        row.split_whitespace().nth(1).unwrap_or_default()
    }

    #[test]
    fn bundled_dungeons_and_worlds_are_listed_by_name_not_seed_0() {
        let chase = row_of(&catalog("chase-caught.tlrec"));
        assert_eq!(second_column(&chase), "corner_trap", "{chase}");
        let line = verify_line(&catalog("chase-escaped.tlrec")).expect("verifies");
        assert!(line.starts_with("chase dungeon hallway_escape: escaped"), "{line}");
        // An ultima walk names its world.
        let world = UltimaWorld::parse(b"1 1\n0 0\nG\n").expect("a world");
        let game = torchlit_sim::modes::ultima::Ultima::new(world);
        let mut rec = replay::ultima_recorder(&game);
        rec.set_file_name(torchlit_ui::DEFAULT_WORLD_NAME);
        rec.finish("quit", 0, game.state_hash());
        let bytes = rec.recording().encode().expect("encodes");
        assert_eq!(second_column(&row_of(&bytes)), "keep");
        // Seeded games keep their number.
        assert_eq!(second_column(&row_of(&catalog("caves-short.tlrec"))), "1");
    }

    #[test]
    fn a_text_seed_is_listed_and_verified_as_typed() {
        let seed = crate::settings::seed_arg(Some("lanterns"), "test");
        let game = torchlit_sim::modes::caves::Caves::new(seed).expect("caves");
        let mut rec = replay::caves_recorder(&game);
        rec.finish("quit", 0, game.state_hash());
        let bytes = rec.recording().encode().expect("encodes");
        assert_eq!(second_column(&row_of(&bytes)), "lanterns");
        let line = verify_line(&bytes).expect("verifies");
        assert!(line.starts_with("caves seed lanterns: quit"), "{line}");
    }

    #[test]
    fn a_maze_restarted_with_r_is_listed_with_every_tick_in_the_file() {
        use torchlit_sim::modes::maze::{Button, Maze, MazeConfig, Seed, TickInput};
        let config = MazeConfig::generated(Seed(9), 3);
        let mut game = Maze::new(config).expect("a maze");
        let mut rec = replay::maze_recorder(&config);
        let reset = TickInput::press(Button::ResetGame);
        for i in 0..500 {
            let input = if i == 499 { reset } else { TickInput::default() };
            game.tick(&input);
            rec.record(input, || game.state_hash());
        }
        assert!(game.now().0 < 2, "the game's clock started over");
        rec.finish("quit", game.now().0, game.state_hash());
        let bytes = rec.recording().encode().expect("encodes");
        let listed = row_of(&bytes);
        assert!(listed.contains(" 500 ticks "), "{listed}");
    }

    #[test]
    fn a_continued_game_is_dated_by_its_own_session() {
        let bytes = catalog("caves-short.tlrec");
        assert!(row_of(&bytes).contains("2025-11-24 16:00"), "{}", row_of(&bytes));
        let mut rec = recording::Recording::<torchlit_sim::modes::caves::Action>::decode(&bytes)
            .expect("decodes");
        rec.summary.outcome = None;
        rec.resume(1_800_000_000);
        rec.finish("died", 50, 0);
        let listed = row_of(&rec.encode().expect("encodes"));
        assert!(listed.contains("2027-01-15 08:00"), "{listed}");
    }
}
