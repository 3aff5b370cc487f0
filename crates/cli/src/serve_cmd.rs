//! `torchlit serve`: the title menu and the five modes in a browser (torchlit-web), with
//! exactly the terminal's keys, config and saves; with `--public`, accounts, and each
//! player's saves in a directory of their own.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::{Context, Result, bail};
use torchlit_save::{Paths, Store};
use torchlit_sim::ModeId;
use torchlit_sim::formats::UltimaWorld;
use torchlit_ui::caves::StoreHandle;
use torchlit_ui::overworld::Worlds;
use torchlit_ui::record::Recordings;
use torchlit_ui::{App, Link};
use torchlit_web::protocol::Launch;
use torchlit_web::{Options, Public, Screen, Tileset};

use crate::args::LevelArg;
use crate::serve_files::{HiddenCaves, HiddenRecordings, HiddenWorlds, StoreFiles};
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
    /// How many games may be played at once (default: the config's
    /// `[web] max_sessions`, 64 unless changed).
    #[arg(long, value_name = "N")]
    pub max_sessions: Option<usize>,
    /// A public server: every game needs an account (register and log in on the page),
    /// and each player's saves, recordings and scores live under
    /// `<data dir>/players/<id>/` (also the config's `[web] public = true`).
    #[arg(long)]
    pub public: bool,
    /// The reverse proxy in front (nginx): only connections from this address have their
    /// `X-Forwarded-For` believed (the client address the login limits count).
    #[arg(long, value_name = "ADDR")]
    pub trusted_proxy: Option<IpAddr>,
    /// How many games one account may have open at once on a public server.
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub max_sessions_per_player: usize,
}

/// The settings of a session: the server's, with the data dir of the session's player
/// on a public server.
fn session_settings(settings: &Settings, launch: &Launch) -> Settings {
    match &launch.player {
        Some(p) => Settings { paths: Some(Paths::in_dir(&p.dir)), config: settings.config.clone() },
        None => settings.clone(),
    }
}

/// The caves setup of `settings`, its store telling the page no server path.
fn caves(settings: &Settings, seed: Option<&str>) -> Result<torchlit_ui::caves::CavesSetup> {
    let mut setup = caves_cmd::setup(settings, seed, Default::default())?;
    setup.store =
        settings.paths.as_ref().map(|p| StoreHandle::new(HiddenCaves::new(p, &settings.config)));
    Ok(setup)
}

/// The overworld setup of `settings`, its worlds' place named "this server".
fn overworld(
    settings: &Settings,
    seed: Option<&str>,
) -> Result<torchlit_ui::overworld::OverworldSetup> {
    let mut setup = overworld_cmd::setup(settings, seed, crate::args::RulesArg::Default)?;
    setup.worlds = settings
        .paths
        .as_ref()
        .map(|p| Worlds::with_store(HiddenWorlds(Store::new(p)), settings.config.clone()));
    Ok(setup)
}

/// The title menu with everything the terminal's has: the config's keys, the saves
/// (where the page is told no server path).
fn app(settings: &Settings, world: UltimaWorld) -> Result<App> {
    let mut app = App::title(world);
    if let Some(p) = &settings.paths {
        app.set_recordings(Recordings::new(HiddenRecordings { dir: p.recordings_dir() }));
    }
    let rules = maze_cmd::rules(settings, crate::args::RulesArg::Default, None);
    app.set_maze(maze_cmd::setup(settings, None, LevelArg::Generated, 4, rules)?);
    app.set_caves(caves(settings, None)?);
    app.set_overworld(overworld(settings, None)?);
    Ok(app)
}

/// The title menu, and on it the game a deep link asked for (`launch`, checked by the
/// server: a known mode, a well-formed seed), opened as its entry would be, so leaving
/// it goes back to the title menu. `maze` plays a generated level unless `level` is
/// `fixed`; `overworld` creates a new world of that seed (named `seed S`, or `seed S (2)`
/// when that name is taken); `chase` starts the first bundled dungeon, or with a seed a
/// generated dungeon of that seed.
fn launched(settings: &Settings, world: UltimaWorld, launch: &Launch) -> Result<App> {
    let settings = &session_settings(settings, launch);
    let mut app = app(settings, world)?;
    let seed = launch.seed.as_deref();
    let Some(Ok(mode)) = launch.play.as_deref().map(str::parse::<ModeId>) else {
        return Ok(app);
    };
    let link = match mode {
        ModeId::Caves => {
            app.set_caves(caves(settings, seed)?);
            Link::Caves
        }
        ModeId::Maze => {
            let level = match launch.level.as_deref() {
                Some("fixed") => LevelArg::Fixed,
                _ => LevelArg::Generated,
            };
            let rules = maze_cmd::rules(settings, crate::args::RulesArg::Default, None);
            app.set_maze(maze_cmd::setup(settings, seed, level, 4, rules)?);
            Link::Maze
        }
        ModeId::Overworld => Link::Overworld(seed.unwrap_or_default()),
        ModeId::Chase => Link::Chase(seed),
        ModeId::Ultima => Link::Ultima,
    };
    app.open_link(link);
    Ok(app)
}

/// The session limit: `--max-sessions`, else the config's `[web] max_sessions`.
fn max_sessions(args: &ServeArgs, settings: &Settings) -> Result<usize> {
    match args.max_sessions {
        Some(0) => bail!("--max-sessions must be at least 1"),
        Some(n) => Ok(n),
        None => Ok(usize::try_from(settings.config.web.max_sessions).unwrap_or(usize::MAX)),
    }
}

/// The public server's options (`--public` or `[web] public = true`), `None` for a
/// personal server.
///
/// # Errors
/// No data dir to keep the accounts in, or no games allowed per player.
fn public(args: &ServeArgs, settings: &Settings) -> Result<Option<Public>> {
    if !(args.public || settings.config.web.public) {
        if args.trusted_proxy.is_some() {
            eprintln!("torchlit: --trusted-proxy matters only with --public (login limits)");
        }
        return Ok(None);
    }
    let Some(paths) = &settings.paths else {
        bail!("a public server keeps its accounts in the data dir: pass --data-dir DIR");
    };
    if args.max_sessions_per_player == 0 {
        bail!("--max-sessions-per-player must be at least 1");
    }
    let mut p = Public::new(paths.data_dir());
    p.trusted_proxy = args.trusted_proxy;
    p.max_sessions_per_player = args.max_sessions_per_player;
    p.files = Arc::new(StoreFiles);
    Ok(Some(p))
}

/// Serves until Ctrl-C or SIGTERM, then closes (and saves) every game.
///
/// # Errors
/// A bad config or tileset, an address that cannot be bound, a failing listener.
pub fn run(args: &ServeArgs, settings: Settings, world: UltimaWorld) -> Result<()> {
    // Built once here so a bad config is an error now, not in every browser tab.
    drop(app(&settings, world.clone())?);
    let tileset = match &args.tileset {
        Some(dir) => Tileset::load(dir, torchlit_ui::sprite::ALL).context("--tileset")?,
        None => Tileset::builtin(torchlit_ui::sprite::ALL)?,
    };
    let missing = tileset.missing();
    if !missing.is_empty() {
        let names: Vec<&str> = missing.iter().map(|s| s.name()).collect();
        eprintln!("torchlit: the tileset has no tile for {}: drawn as glyphs", names.join(", "));
    }
    let max_sessions = max_sessions(args, &settings)?;
    let public = public(args, &settings)?;
    if public.is_none() && !args.addr.ip().is_loopback() {
        eprintln!(
            "torchlit: WARNING: listening on {}, not on this machine only: anyone who can \
             reach this address can play here and watch the games (there are no passwords)",
            args.addr
        );
    }
    let mut options = Options::new(tileset);
    options.max_sessions = max_sessions;
    options.public = public;
    let factory = Arc::new(move |launch: &Launch| -> Box<dyn Screen> {
        match launched(&settings, world.clone(), launch) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use torchlit_ui::Input;

    fn settings(toml: &str) -> Settings {
        let config = torchlit_save::Config::parse(toml, std::path::Path::new("t.toml"))
            .expect("a valid config");
        Settings { paths: None, config }
    }

    fn args(max: Option<usize>) -> ServeArgs {
        ServeArgs {
            addr: "127.0.0.1:0".parse().expect("addr"),
            tileset: None,
            max_sessions: max,
            public: false,
            trusted_proxy: None,
            max_sessions_per_player: 3,
        }
    }

    fn world() -> UltimaWorld {
        UltimaWorld::parse(torchlit_testkit::WORLD_30X20.as_bytes()).expect("world")
    }

    #[test]
    fn deep_links_open_their_game_over_the_title_menu() {
        let s = settings("");
        let launch = |play: &str, seed: Option<&str>| Launch {
            play: Some(play.into()),
            seed: seed.map(str::to_string),
            level: None,
            player: None,
        };
        let title = launched(&s, world(), &Launch::default()).expect("the title menu");
        assert_eq!(title.describe(), "title menu");
        let caves = launched(&s, world(), &launch("caves", Some("42"))).expect("caves");
        assert!(caves.describe().contains("caves"), "{}", caves.describe());
        let ultima = launched(&s, world(), &launch("ultima", None)).expect("ultima");
        assert!(ultima.describe().contains("ultima"), "{}", ultima.describe());
        let maze = launched(
            &s,
            world(),
            &Launch { level: Some("fixed".into()), ..launch("maze", Some("7")) },
        )
        .expect("maze");
        assert!(maze.describe().contains("maze"), "{}", maze.describe());
    }

    #[test]
    fn overworld_and_chase_links_start_their_game_at_once() {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut s = settings("");
        s.paths = Some(torchlit_save::Paths::in_dir(dir.path()));
        let link = |play: &str, seed: Option<&str>| Launch {
            play: Some(play.into()),
            seed: seed.map(str::to_string),
            ..Launch::default()
        };
        let mut names = Vec::new();
        for _ in 0..2 {
            let app = launched(&s, world(), &link("overworld", Some("lanterns"))).expect("world");
            let playing = app.overworld_screen().map(|o| o.session().info().name.clone());
            names.push(playing.expect("a world is being played, not a prompt"));
        }
        assert_eq!(names, ["seed lanterns", "seed lanterns (2)"], "a second link gets a new name");
        let bundled = launched(&s, world(), &link("chase", None)).expect("chase");
        assert!(bundled.chase_screen().is_some(), "{}", bundled.describe());
        let generated = launched(&s, world(), &link("chase", Some("9"))).expect("chase");
        let screen = generated.chase_screen().expect("a chase, not its setup");
        let mut frame = torchlit_ui::Frame::with_size(torchlit_geom::Size::new(80, 24));
        screen.render(&mut frame);
        assert!(frame.to_text().contains("generated 9"), "{}", frame.to_text());
    }

    #[test]
    fn a_players_session_keeps_its_files_in_the_players_dir() {
        let dir = tempfile::tempdir().expect("tempdir");
        let server = Settings {
            paths: Some(Paths::in_dir(dir.path())),
            config: torchlit_save::Config::defaults(),
        };
        let player_dir = dir.path().join("players").join("7");
        let launch = Launch {
            player: Some(torchlit_web::protocol::Player {
                id: 7,
                name: "Ann".into(),
                dir: player_dir.clone(),
            }),
            ..Launch::default()
        };
        let mine = session_settings(&server, &launch);
        let paths = mine.paths.expect("paths");
        assert_eq!(paths.worlds_dir(), player_dir.join("worlds"));
        assert_eq!(paths.recordings_dir(), player_dir.join("recordings"));
        // The overworld menu names no server path.
        let mut app = launched(&server, world(), &launch).expect("the title menu");
        Screen::handle(&mut app, Input::Char('o'));
        let mut frame = torchlit_ui::Frame::with_size(torchlit_geom::Size::new(80, 24));
        Screen::render(&app, &mut frame);
        let text = frame.to_text();
        assert!(text.contains("this server"), "{text}");
        assert!(!text.contains(&dir.path().display().to_string()), "{text}");
        let theirs = session_settings(&server, &Launch::default());
        assert_eq!(theirs.paths.expect("paths").data_dir(), dir.path());
        // The public options need the data dir.
        let mut a = args(None);
        a.public = true;
        assert!(public(&a, &server).expect("ok").is_some());
        let none = Settings { paths: None, config: torchlit_save::Config::defaults() };
        assert!(public(&a, &none).is_err());
        a.public = false;
        assert!(public(&a, &settings("[web]\npublic = true\n")).is_err(), "no data dir");
        assert!(public(&a, &server).expect("ok").is_none());
    }

    #[test]
    fn the_session_limit_comes_from_the_config_unless_the_flag_says() {
        assert_eq!(max_sessions(&args(None), &settings("")).expect("ok"), 64);
        let three = settings("[web]\nmax_sessions = 3\n");
        assert_eq!(max_sessions(&args(None), &three).expect("ok"), 3);
        assert_eq!(max_sessions(&args(Some(9)), &three).expect("ok"), 9);
        let zero = max_sessions(&args(Some(0)), &three).expect_err("zero is refused");
        assert!(zero.to_string().contains("at least 1"), "{zero}");
    }
}
