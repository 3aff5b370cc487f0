//! `torchlit serve`: the title menu and the five modes in a browser (torchlit-web), with
//! exactly the terminal's keys, config and saves.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::{Context, Result, bail};
use torchlit_map::UltimaWorld;
use torchlit_ui::App;
use torchlit_web::{Options, Screen, Tileset};

use crate::args::LevelArg;
use crate::settings::Settings;
use crate::{caves_cmd, maze_cmd, overworld_cmd};

/// `torchlit serve`'s options.
#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// The address to listen on. Anything but a loopback address lets other machines
    /// play (a warning is printed).
    #[arg(long, value_name = "HOST:PORT", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// A directory with another tileset: `tiles.png` and its index `tiles.toml`.
    #[arg(long, value_name = "DIR")]
    pub tileset: Option<PathBuf>,
    /// How many games may be played at once.
    #[arg(long, value_name = "N", default_value_t = 64)]
    pub max_sessions: usize,
}

/// The title menu with everything the terminal's has: the config's keys, the saves.
fn app(settings: &Settings, world: UltimaWorld) -> Result<App> {
    let mut app = App::title(world);
    if let Some(sink) = crate::replay_cmd::sink(settings) {
        app.set_recordings(sink);
    }
    let rules = maze_cmd::rules(settings, crate::args::RulesArg::Default, None);
    app.set_maze(maze_cmd::setup(settings, None, LevelArg::Generated, 4, rules)?);
    app.set_caves(caves_cmd::setup(settings, None, Default::default())?);
    app.set_overworld(overworld_cmd::setup(settings, None, crate::args::RulesArg::Default)?);
    Ok(app)
}

/// Serves until Ctrl-C or SIGTERM, then closes (and saves) every game.
///
/// # Errors
/// A bad config or tileset, an address that cannot be bound, a failing listener.
pub fn run(args: &ServeArgs, settings: Settings, world: UltimaWorld) -> Result<()> {
    // Built once here so a bad config is an error now, not in every browser tab.
    drop(app(&settings, world.clone())?);
    let tileset = match &args.tileset {
        Some(dir) => Tileset::load(dir).context("--tileset")?,
        None => Tileset::builtin()?,
    };
    let missing = tileset.missing();
    if !missing.is_empty() {
        let names: Vec<&str> = missing.iter().map(|s| s.name()).collect();
        eprintln!("torchlit: the tileset has no tile for {}: drawn as glyphs", names.join(", "));
    }
    if args.max_sessions == 0 {
        bail!("--max-sessions must be at least 1");
    }
    if !args.addr.ip().is_loopback() {
        eprintln!(
            "torchlit: WARNING: listening on {}, not on this machine only: anyone who can \
             reach this address can play here and watch the games (there are no passwords)",
            args.addr
        );
    }
    let mut options = Options::new(tileset);
    options.max_sessions = args.max_sessions;
    let factory = Arc::new(move || -> Box<dyn Screen> {
        match app(&settings, world.clone()) {
            Ok(app) => Box::new(app),
            Err(e) => {
                tracing::error!("cannot set up the games: {e:#}");
                Box::new(App::title(world.clone()))
            }
        }
    });
    let stopped = torchlit_web::serve(args.addr, options, factory, |addr| {
        println!("open http://{addr}/");
    })
    .with_context(|| format!("serve on {}", args.addr))?;
    println!("closed {} games", stopped.sessions_closed);
    Ok(())
}
