//! What each command does: read files, call the libraries, print.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::{Context, Result, bail};
use torchlit_fov::{Fov, Viewshed};
use torchlit_geom::{Point, Radius, line};
use torchlit_map::{AnyMap, UltimaWorld, map_to_ultima, parse_any, ultima_to_map};
use torchlit_sim::modes::ultima::classic_light;
use torchlit_ui::App;

use crate::args::{Cli, Command, LevelArg, Mode};
use crate::settings::Settings;
use crate::{caves_cmd, front, maze_cmd, overworld_cmd};

/// The world `ultima` plays when no file is given: a 48x28 valley with a walled keep.
const DEFAULT_WORLD: &[u8] = include_bytes!("../assets/keep.txt");

/// Runs the parsed command line.
pub fn run(cli: Cli) -> Result<()> {
    match cli.command {
        None => {
            let settings = Settings::load(cli.data_dir.as_deref(), cli.config.as_deref())?;
            let _log = settings.start_logging();
            let mut app = App::title(default_world()?);
            app.set_maze(maze_cmd::setup(&settings, None, LevelArg::Generated, 4)?);
            app.set_caves(caves_cmd::setup(&settings, None)?);
            app.set_overworld(overworld_cmd::setup(&settings, None)?);
            front::run(app)
        }
        Some(Command::Play { mode: Mode::Overworld, seed, .. }) => {
            let settings = Settings::load(cli.data_dir.as_deref(), cli.config.as_deref())?;
            let _log = settings.start_logging();
            overworld_cmd::play(&settings, seed.as_deref(), default_world()?)
        }
        Some(Command::Play { mode: Mode::Caves, seed, .. }) => {
            let settings = Settings::load(cli.data_dir.as_deref(), cli.config.as_deref())?;
            let _log = settings.start_logging();
            let setup = caves_cmd::setup(&settings, seed.as_deref())?;
            front::run(App::caves(default_world()?, setup))
        }
        Some(Command::Play { mode: Mode::Maze, seed, level, length, .. }) => {
            let settings = Settings::load(cli.data_dir.as_deref(), cli.config.as_deref())?;
            let _log = settings.start_logging();
            let setup = maze_cmd::setup(&settings, seed.as_deref(), level, length)?;
            let app = App::maze(default_world()?, setup).context("play maze")?;
            front::run(app)
        }
        Some(Command::Play { mode: Mode::Ultima, file, .. }) => {
            let world = match file {
                Some(path) => load_ultima(&path)?,
                None => default_world()?,
            };
            front::run(App::ultima(world))
        }
        Some(Command::Light { world, at, radius }) => {
            let w = load_ultima(&world)?;
            let r = radius_arg(radius)?;
            let height = w.map.size().height;
            let at_ultima = at.map_or_else(|| map_to_ultima(w.avatar, height), |c| c.0);
            let n = classic_light(&w.map, ultima_to_map(at_ultima, height), r);
            println!("light({}, {}, {r}) = {n}", at_ultima.x, at_ultima.y);
            Ok(())
        }
        Some(Command::Fov { map, from, radius, algorithm, light_walls }) => {
            let m = load_map(&map)?;
            let tiles = m.tiles();
            let size = tiles.size();
            let radius = if radius == 0.0 { None } else { Some(radius_arg(radius)?) };
            let fov = Fov { algorithm, radius, light_walls };
            let mut seen = Viewshed::new(size);
            fov.compute(size, from.0, |p| tiles.is_opaque(p), &mut seen)
                .with_context(|| format!("--from {}", from.0))?;
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
        Some(Command::Distances(args)) => crate::path_cmd::distances(&args),
        Some(Command::Path(args)) => crate::path_cmd::path(&args),
        Some(Command::Chase(args)) => crate::chase_cmd::run(args, default_world()?),
        Some(Command::Gen(args)) => {
            // `gen overworld` draws the world `play overworld` makes: same config. The other
            // kinds take no config, so they never touch the config directory.
            let config = if args.kind == crate::r#gen::GenKind::Overworld {
                Settings::load(cli.data_dir.as_deref(), cli.config.as_deref())?.config
            } else {
                torchlit_save::Config::defaults()
            };
            crate::r#gen::run(&args, &config)
        }
        Some(Command::Serve(args)) => {
            let settings = Settings::load(cli.data_dir.as_deref(), cli.config.as_deref())?;
            let _log = settings.start_logging();
            crate::serve_cmd::run(&args, settings, default_world()?)
        }
        Some(Command::Line { from, to }) => {
            let mut out = String::new();
            for (i, p) in line(from.0, to.0).enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                let _ = write!(out, "{p}");
            }
            println!("{out}");
            Ok(())
        }
    }
}

fn radius_arg(radius: f64) -> Result<Radius> {
    Radius::new(radius).with_context(|| "--radius")
}

fn read(path: &Path) -> Result<Vec<u8>> {
    std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))
}

fn load_ultima(path: &Path) -> Result<UltimaWorld> {
    let bytes = read(path)?;
    Ok(UltimaWorld::parse(&bytes).map_err(|e| e.in_file(path.display().to_string()))?)
}

fn load_map(path: &Path) -> Result<AnyMap> {
    let bytes = read(path)?;
    Ok(parse_any(&bytes).map_err(|e| e.in_file(path.display().to_string()))?)
}

fn default_world() -> Result<UltimaWorld> {
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
            torchlit_map::Tile::Lava,
            torchlit_map::Tile::Water,
            torchlit_map::Tile::Forest,
            torchlit_map::Tile::Mountains,
            torchlit_map::Tile::StoneWall,
            torchlit_map::Tile::BrickFloor,
            torchlit_map::Tile::Grass,
        ] {
            assert!(w.map.iter().any(|(_, t)| t == code), "{code:?} missing");
        }
    }
}
