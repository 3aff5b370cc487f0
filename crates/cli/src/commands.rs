//! What each command does: read files, call the libraries, print.

use std::path::Path;

use anyhow::{Context, Result, bail};
use torchlit_fov::{Algorithm, Fov, Viewshed};
use torchlit_geom::{Point, Radius, line};
use torchlit_map::MAX_FILE_BYTES;
use torchlit_sim::ModeId;
use torchlit_sim::formats::{AnyMap, UltimaWorld, map_to_ultima, parse_any, ultima_to_map};
use torchlit_sim::modes::ultima::{Ultima, avatar_demo, classic_light, tile_demo};
use torchlit_ui::App;
use torchlit_ui::ultima::UltimaScreen;

use crate::args::{Cli, Command, DemoArg, LevelArg, ModeArg, RulesArg};
use crate::front::Front;
use crate::settings::Settings;
use crate::{caves_cmd, front, maze_cmd, overworld_cmd, replay_cmd};

/// The world `ultima` plays when no file is given: a 48x28 valley with a walled keep.
const DEFAULT_WORLD: &[u8] = include_bytes!("../assets/keep.txt");

/// `torchlit demo avatar|tiles`: what Ultima 0's `java Avatar` and `java Tile` print.
fn print_demo(which: DemoArg) -> Result<()> {
    print!(
        "{}",
        match which {
            DemoArg::Avatar => avatar_demo(),
            DemoArg::Tiles => tile_demo(),
        }
    );
    Ok(())
}

/// Runs the parsed command line.
pub fn run(cli: Cli) -> Result<()> {
    let settings = || Settings::load(cli.data_dir.as_deref(), cli.config.as_deref());
    match cli.command {
        None => {
            let settings = settings()?;
            let front = front::choose(cli.window, cli.terminal, &settings)?;
            play_title(&settings, front)
        }
        Some(Command::Play {
            mode,
            file,
            seed,
            level,
            length,
            rules,
            heart_drop,
            window,
            terminal,
        }) => {
            let settings = settings()?;
            let front = front::choose(window || cli.window, terminal || cli.terminal, &settings)?;
            let _log = settings.start_logging();
            let play = Play { mode, file, seed, level, length, rules, heart_drop };
            play_mode(&settings, front, play)
        }
        Some(Command::Replay { file, verify }) => replay_cmd::run(&file, verify),
        Some(Command::Recordings) => replay_cmd::list(&settings()?),
        Some(Command::Light { world, at, radius }) => print_light(&world, at.map(|c| c.0), radius),
        Some(Command::Demo { which }) => print_demo(which),
        Some(Command::Fov { map, from, radius, algorithm, light_walls }) => {
            print_fov(&map, from.0, radius, algorithm, light_walls)
        }
        Some(Command::Distances(args)) => crate::path_cmd::distances(&args),
        Some(Command::Path(args)) => crate::path_cmd::path(&args),
        Some(Command::Chase(args)) => {
            let dirs = (cli.data_dir.as_deref(), cli.config.as_deref());
            crate::chase_cmd::run(args, dirs)
        }
        Some(Command::BenchPlay(args)) => crate::bench_cmd::run(&args, &default_world()?),
        Some(Command::Gen(args)) => {
            // `gen overworld` draws the world `play overworld` makes: same config. The other
            // kinds take no config, so they never touch the config directory.
            let config = if args.kind == crate::r#gen::GenKind::Overworld {
                settings()?.config
            } else {
                torchlit_save::Config::defaults()
            };
            crate::r#gen::run(&args, &config)
        }
        Some(Command::Serve(args)) => {
            let settings = settings()?;
            let _log = settings.start_logging();
            crate::serve_cmd::run(&args, settings, default_world()?)
        }
        Some(Command::Accounts(cmd)) => crate::accounts_cmd::run(&cmd, &settings()?),
        Some(Command::Line { from, to }) => print_line(from.0, to.0),
    }
}

/// What `play MODE` was asked for.
struct Play {
    mode: ModeArg,
    file: Option<std::path::PathBuf>,
    seed: Option<String>,
    level: LevelArg,
    length: u32,
    rules: RulesArg,
    heart_drop: Option<u8>,
}

/// `torchlit play MODE`: one mode where `front` says.
fn play_mode(settings: &Settings, front: Front, play: Play) -> Result<()> {
    let Play { mode, file, seed, level, length, rules, heart_drop } = play;
    match mode.id() {
        ModeId::Overworld => overworld_cmd::play(settings, front, seed.as_deref(), rules),
        ModeId::Caves => {
            let mut setup = caves_cmd::setup(settings, seed.as_deref(), rules.caves())?;
            setup.recordings = replay_cmd::sink(settings);
            let store = setup.store.clone();
            play_app(settings, front, App::caves(default_world()?, setup))?;
            caves_cmd::check_saved(store.as_ref())
        }
        ModeId::Maze => {
            let rules = maze_cmd::rules(settings, rules, heart_drop);
            let mut setup = maze_cmd::setup(settings, seed.as_deref(), level, length, rules)?;
            setup.recordings = replay_cmd::sink(settings);
            front::show(App::maze(setup).context("play maze")?, front)
        }
        ModeId::Chase => front::show(App::chase_setup(replay_cmd::sink(settings)), front),
        ModeId::Ultima => {
            let keymap = ultima_keymap(settings)?;
            let (world, name) = match file {
                Some(path) => (load_ultima(&path)?, file_stem(&path)),
                None => (default_world()?, torchlit_ui::DEFAULT_WORLD_NAME.to_string()),
            };
            let game = Ultima::with_rules(world, rules.ultima());
            let mut screen =
                UltimaScreen::with_keymap(game, keymap).with_recordings(replay_cmd::sink(settings));
            screen.set_world_name(&name);
            front::show(App::ultima_with(screen), front)
        }
    }
}

/// `torchlit` with no command: the title menu, with every mode set up from the settings.
fn play_title(settings: &Settings, front: Front) -> Result<()> {
    let _log = settings.start_logging();
    let mut app = App::title(default_world()?);
    if let Some(sink) = replay_cmd::sink(settings) {
        app.set_recordings(sink);
    }
    let rules = maze_cmd::rules(settings, RulesArg::Default, None);
    app.set_maze(maze_cmd::setup(settings, None, LevelArg::Generated, 4, rules)?);
    let (caves, overworld) = (
        caves_cmd::setup(settings, None, Default::default())?,
        overworld_cmd::setup(settings, None, RulesArg::Default)?,
    );
    let (store, worlds) = (caves.store.clone(), overworld.worlds.clone());
    app.set_caves(caves);
    app.set_overworld(overworld);
    front::show(app, front)?;
    caves_cmd::check_saved(store.as_ref())?;
    overworld_cmd::check_saved(worlds.as_ref())
}

/// Plays one mode's `app` where `front` says, recording games when the settings say so.
fn play_app(settings: &Settings, front: Front, mut app: App) -> Result<()> {
    if let Some(sink) = replay_cmd::sink(settings) {
        app.set_recordings(sink);
    }
    front::show(app, front)
}

/// `torchlit light`: how many tiles Ultima 0's torch lights at `at` (Ultima coordinates;
/// default: the avatar) with `radius`.
fn print_light(world: &Path, at: Option<Point>, radius: f64) -> Result<()> {
    let w = load_ultima(world)?;
    let r = radius_arg(radius)?;
    let height = w.map.size().height;
    let at_ultima = at.unwrap_or_else(|| map_to_ultima(w.avatar, height));
    let at_map = ultima_to_map(at_ultima, height);
    if !w.map.contains(at_map) {
        let size = w.map.size();
        bail!(
            "--at {},{} is outside the world, which is {}x{} (x 0 to {}, y 0 to {})",
            at_ultima.x,
            at_ultima.y,
            size.width,
            size.height,
            size.width.saturating_sub(1),
            size.height.saturating_sub(1)
        );
    }
    let n = classic_light(&w.map, at_map, r);
    println!("light({}, {}, {r}) = {n}", at_ultima.x, at_ultima.y);
    Ok(())
}

/// `torchlit fov`: the field of view from `from` on the map file with `radius` (0 =
/// unlimited), one row of `0`/`1` per map row (`1` = visible).
fn print_fov(
    map: &Path,
    from: Point,
    radius: f64,
    algorithm: Algorithm,
    light_walls: bool,
) -> Result<()> {
    let m = load_map(map)?;
    let tiles = m.tiles();
    let size = tiles.size();
    let radius = if radius == 0.0 { None } else { Some(radius_arg(radius)?) };
    let fov = Fov { algorithm, radius, light_walls };
    let mut seen = Viewshed::new(size);
    fov.compute(size, from, |p| tiles.is_opaque(p), &mut seen)
        .with_context(|| format!("--from {from}"))?;
    let mut out = String::with_capacity(size.area() + size.height as usize);
    for y in 0..size.height as i32 {
        for x in 0..size.width as i32 {
            out.push(if seen.contains(Point::new(x, y)) { '1' } else { '0' });
        }
        out.push('\n');
    }
    print!("{out}");
    Ok(())
}

/// The interactive modes draw on a terminal: without one (output redirected, no
/// controlling terminal) say so instead of the OS's "No such device or address".
pub(crate) fn needs_terminal() -> Result<()> {
    use std::io::IsTerminal;
    if !std::io::stdout().is_terminal() {
        bail!("`play` needs a terminal (standard output is not one)");
    }
    if !std::io::stdin().is_terminal() && std::fs::File::open("/dev/tty").is_err() && cfg!(unix) {
        bail!("`play` needs a terminal (there is no controlling terminal to read keys from)");
    }
    Ok(())
}

/// The `ultima` keys: the defaults with the config file's `[keys.ultima]` applied.
fn ultima_keymap(
    settings: &Settings,
) -> Result<torchlit_ui::Keymap<torchlit_ui::ultima::UltimaCommand>> {
    let overrides = settings.key_overrides(ModeId::Ultima);
    torchlit_ui::ultima::keymap_with(&overrides).map_err(|e| {
        anyhow::anyhow!("{}: keys.ultima: {e}", settings.origin_of(ModeId::Ultima, &e.name))
    })
}

/// Prints the cells of the line as they are made: a line of two billion cells streams
/// out in constant memory. A reader that stops early (`| head`) ends it quietly.
fn print_line(from: Point, to: Point) -> Result<()> {
    use std::io::Write;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let written = (|| -> std::io::Result<()> {
        for (i, p) in line(from, to).enumerate() {
            if i > 0 {
                out.write_all(b" ")?;
            }
            write!(out, "{p}")?;
        }
        writeln!(out)?;
        out.flush()
    })();
    match written {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => other.context("writing the line"),
    }
}

fn radius_arg(radius: f64) -> Result<Radius> {
    Radius::new(radius).with_context(|| "--radius")
}

/// Reads a map file whole, refusing one larger than [`MAX_FILE_BYTES`] (16 MiB) after
/// reading at most one byte more: an endless input (`/dev/zero`, a FIFO kept open) is
/// refused at once instead of filling memory.
///
/// # Errors
/// The file can't be read, or is too large.
pub(crate) fn read(path: &Path) -> Result<Vec<u8>> {
    use std::io::Read;
    let file =
        std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {}", path.display()))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        bail!(
            "{}: larger than {} MiB, the most a map file may be (maps hold at most {} cells)",
            path.display(),
            MAX_FILE_BYTES >> 20,
            torchlit_map::MAX_MAP_AREA
        );
    }
    Ok(bytes)
}

/// A file's name without its extension (`world` when it has none).
fn file_stem(path: &Path) -> String {
    path.file_stem().map_or_else(|| "world".to_string(), |s| s.to_string_lossy().into_owned())
}

fn load_ultima(path: &Path) -> Result<UltimaWorld> {
    let bytes = read(path)?;
    Ok(UltimaWorld::parse(&bytes).map_err(|e| e.in_file(path.display().to_string()))?)
}

fn load_map(path: &Path) -> Result<AnyMap> {
    let bytes = read(path)?;
    Ok(parse_any(&bytes).map_err(|e| e.in_file(path.display().to_string()))?)
}

pub(crate) fn default_world() -> Result<UltimaWorld> {
    match UltimaWorld::parse(DEFAULT_WORLD) {
        Ok(w) => Ok(w),
        Err(e) => bail!("the bundled world is damaged: {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_world_parses_and_has_every_feature() {
        let w = default_world().expect("bundled world");
        let size = w.map.size();
        assert!(size.width >= 30 && size.height >= 20);
        for code in [
            torchlit_sim::Tile::Lava,
            torchlit_sim::Tile::Water,
            torchlit_sim::Tile::Forest,
            torchlit_sim::Tile::Mountains,
            torchlit_sim::Tile::StoneWall,
            torchlit_sim::Tile::BrickFloor,
            torchlit_sim::Tile::Grass,
        ] {
            assert!(w.map.iter().any(|(_, t)| t == code), "{code:?} missing");
        }
    }
}
