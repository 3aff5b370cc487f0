//! The stable command line (DESIGN.md), parsed by clap.

use std::path::PathBuf;
use std::str::FromStr;

use clap::{Parser, Subcommand, ValueEnum};
use torchlit_fov::Algorithm;
use torchlit_geom::Point;

/// torchlit: a roguelike toolkit and game.
///
/// Without a command, opens the title menu.
#[derive(Debug, Parser)]
#[command(name = "torchlit", version, about, long_about = None)]
pub struct Cli {
    /// Where saves and logs live (default: the OS data directory).
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    /// A configuration file to use instead of the default one.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Open the title menu in a desktop window (tiles, the mouse) instead of the
    /// terminal (default: the config's `[ui] front_end`).
    #[arg(long, conflicts_with = "terminal")]
    pub window: bool,
    /// Play in the terminal even when the config's `[ui] front_end` is "window".
    #[arg(long)]
    pub terminal: bool,
    /// What to do.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Start a mode directly.
    Play {
        /// The mode to play.
        mode: ModeArg,
        /// The world file (default: the bundled world).
        file: Option<PathBuf>,
        /// The seed for modes that generate their world (any text).
        #[arg(long)]
        seed: Option<String>,
        /// `maze`: the hard-coded level or a generated chain of mazes.
        #[arg(long, value_enum, default_value_t = LevelArg::Generated)]
        level: LevelArg,
        /// `maze`: how many maze areas a generated level has (0 goes straight to the boss).
        #[arg(long, default_value_t = torchlit_sim::modes::maze::DEFAULT_LEVEL_LENGTH)]
        length: u32,
        /// `maze`, `caves`, `overworld` and `ultima`: the rules: `seed` is the source
        /// document's game exactly (ultima: a free walk), `default` differs as the README
        /// lists (ultima: chart the world; a continued caves run or a saved overworld world
        /// keeps its own).
        #[arg(long, value_enum, default_value_t = RulesArg::Default)]
        rules: RulesArg,
        /// `maze`: the chance, in percent, that a broken rock leaves a heart (default:
        /// the config's `[maze] heart_drop_percent`, 50).
        #[arg(long, value_name = "PERCENT", value_parser = clap::value_parser!(u8).range(0..=100))]
        heart_drop: Option<u8>,
        /// Play in a desktop window (tiles, the mouse) instead of the terminal (default:
        /// the config's `[ui] front_end`).
        #[arg(long, conflicts_with = "terminal")]
        window: bool,
        /// Play in the terminal even when the config's `[ui] front_end` is "window".
        #[arg(long)]
        terminal: bool,
    },
    /// Print how many tiles Ultima 0's torch lights: `light(X, Y, R) = N`.
    ///
    /// Coordinates are Ultima's: (0, 0) is the bottom-left tile, y grows north.
    Light {
        /// An Ultima world file.
        world: PathBuf,
        /// Where the torch is, `X,Y` in Ultima coordinates (default: the avatar).
        #[arg(long, value_name = "X,Y", allow_hyphen_values = true)]
        at: Option<Coord>,
        /// The torch radius in tiles (default 4.0).
        #[arg(long, default_value_t = 4.0, allow_negative_numbers = true)]
        radius: f64,
    },
    /// Print what one of Ultima 0's test programs prints: `avatar` (`java Avatar`: an
    /// avatar moved and its torch changed) or `tiles` (`java Tile`: every tile code's
    /// properties).
    Demo {
        /// Which program.
        #[arg(value_enum)]
        which: DemoArg,
    },
    /// Print the field of view from a cell: H lines of W characters, 1 visible, 0 not.
    ///
    /// MAP may be an Ultima world, a dungeon or an ASCII map (detected from its content).
    /// Coordinates are map space: (0, 0) is the top-left cell, y grows down.
    Fov {
        /// The map file.
        map: PathBuf,
        /// The viewer's cell, `X,Y`.
        #[arg(long, value_name = "X,Y")]
        from: Coord,
        /// How far the viewer sees, in cells; 0 means unlimited.
        #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
        radius: f64,
        /// Which algorithm.
        #[arg(long, default_value = "symmetric", value_parser = parse_algorithm)]
        algorithm: Algorithm,
        /// Whether walls in view are visible.
        #[arg(long, default_value_t = true, action = clap::ArgAction::Set)]
        light_walls: bool,
    },
    /// Print the cells of the Bresenham line from X0,Y0 to X1,Y1 (libtcod's), `x,y`
    /// separated by spaces.
    Line {
        /// The first end, `X0,Y0`.
        #[arg(allow_hyphen_values = true)]
        from: Coord,
        /// The last end, `X1,Y1`.
        #[arg(allow_hyphen_values = true)]
        to: Coord,
    },
    /// Print the distance field from a cell: H lines of W integers, -1 unreachable.
    ///
    /// Distances equal python-tcod's dijkstra2d for the same step costs. MAP may be any
    /// format; coordinates are map space ((0, 0) top-left, y down).
    Distances(crate::path_cmd::DistancesArgs),
    /// Print the cost of a cheapest path (A*), then its cells `x,y`; -1 if unreachable.
    Path(crate::path_cmd::PathArgs),
    /// Play a DM503 Rogue dungeon: a monster hunts the hero; or watch it, or run a tournament.
    ///
    /// Prints one line per turn and the outcome (caught at turn N, or the hero escapes).
    Chase(crate::chase_cmd::ChaseArgs),
    /// Generate a map and print it (rooms in the dungeon format); `--png` also draws it.
    ///
    /// KIND: maze | cave | caves | overworld | level-chain | rooms. The seed used goes to
    /// stderr (`seed: TEXT`), so `torchlit gen rooms > d.txt` writes a valid dungeon file.
    Gen(crate::r#gen::GenArgs),
    /// Watch a recording (pause, step, speeds, seek; `?` lists the keys), or check it
    /// headless with --verify.
    Replay {
        /// The recording (`.tlrec`, from `<data dir>/recordings/` or anywhere).
        file: PathBuf,
        /// Replay headless as fast as possible, check every checkpoint and print one line
        /// (mode, seed, outcome, final turn or tick, final hash, time); exit code 2 on a
        /// mismatch or a bad file.
        #[arg(long)]
        verify: bool,
    },
    /// List the recordings in the data dir (mode, seed, outcome, length, date).
    Recordings,
    /// Let a bot play many seeded games of a mode and print the balance table: wins,
    /// deaths by cause, quits and timeouts, time to win or die, how far it got, and the
    /// mode's own signals; or watch one game (`--seed S --watch`).
    BenchPlay(crate::bench_cmd::BenchArgs),
    /// Play in a browser, with tiles: serve the title menu and every mode on a local web
    /// page (`open http://127.0.0.1:8080/`), and let others watch at `/watch`.
    ///
    /// Same keys, config and saves as the terminal. Ctrl-C or SIGTERM closes and saves
    /// every game.
    Serve(crate::serve_cmd::ServeArgs),
    /// Administer a public server's accounts (`serve --public`): list, ban, unban,
    /// reset-password, delete.
    #[command(subcommand)]
    Accounts(crate::accounts_cmd::AccountsCmd),
}

/// The playable modes, as the command line offers them ([`ModeArg::id`] is the mode).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ModeArg {
    /// Walk a torch-lit tile world at night (Ultima 0, CSCI 136, Montana Tech, 2014).
    Ultima,
    /// Real-time mazes, keys, portals, log monsters and a boss (ICMaze, CS-107 "Maze Games", EPFL).
    Maze,
    /// Descend the caves for the teddy bear: fungi, bats, zombies, hunger (the roguelike tutorial, Trystan, 2011).
    Caves,
    /// Explore an endless cave world: chests, monsters, fights, autosave (CaveGame, Freddy Heppell's AQA NEA).
    /// `--seed S` opens the new-world prompts with that seed.
    Overworld,
    /// Watch a monster hunt a hero (DM503 Rogue): the setup screen of the title menu's
    /// `chase` (`torchlit chase DUNGEON` plays one from the command line).
    Chase,
}

impl ModeArg {
    /// The mode.
    pub fn id(self) -> torchlit_sim::ModeId {
        use torchlit_sim::ModeId;
        match self {
            ModeArg::Ultima => ModeId::Ultima,
            ModeArg::Maze => ModeId::Maze,
            ModeArg::Caves => ModeId::Caves,
            ModeArg::Overworld => ModeId::Overworld,
            ModeArg::Chase => ModeId::Chase,
        }
    }
}

/// Which of Ultima 0's test programs `demo` reproduces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DemoArg {
    /// `java Avatar`.
    Avatar,
    /// `java Tile`.
    Tiles,
}

/// Which `maze` level to play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LevelArg {
    /// ICMaze's hard-coded level: Spawn, three HARDEST mazes (small, medium, large), boss.
    Fixed,
    /// A chain of `--length` mazes from `generateLine`.
    Generated,
}

/// Which rules a mode plays by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RulesArg {
    /// The default game: the source document's rules with the changes the README lists.
    Default,
    /// The source document's rules exactly.
    Seed,
}

impl RulesArg {
    /// The caves rules of this choice.
    pub fn caves(self) -> torchlit_sim::modes::caves::Rules {
        match self {
            RulesArg::Seed => torchlit_sim::modes::caves::Rules::original(),
            RulesArg::Default => torchlit_sim::modes::caves::Rules::default(),
        }
    }

    /// The ultima rules of this choice: the default game charts the world; Ultima 0's
    /// is a free walk.
    pub fn ultima(self) -> torchlit_sim::modes::ultima::Rules {
        match self {
            RulesArg::Seed => torchlit_sim::modes::ultima::Rules::original(),
            RulesArg::Default => torchlit_sim::modes::ultima::Rules::default(),
        }
    }

    /// The overworld rules of this choice (the built-in config's numbers).
    pub fn overworld(self) -> torchlit_sim::modes::overworld::Rules {
        match self {
            RulesArg::Seed => torchlit_sim::modes::overworld::Rules::original(),
            RulesArg::Default => torchlit_sim::modes::overworld::Rules::default(),
        }
    }

    /// The maze rules of this choice (the default heart drop).
    pub fn maze(self) -> torchlit_sim::modes::maze::Rules {
        match self {
            RulesArg::Seed => torchlit_sim::modes::maze::Rules::original(),
            RulesArg::Default => torchlit_sim::modes::maze::Rules::default(),
        }
    }

    /// `seed` or `default`, as typed.
    pub fn name(self) -> &'static str {
        match self {
            RulesArg::Seed => "seed",
            RulesArg::Default => "default",
        }
    }
}

/// A cell given as `X,Y` on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Coord(pub Point);

impl FromStr for Coord {
    type Err = String;
    fn from_str(s: &str) -> Result<Coord, String> {
        s.parse::<Point>().map(Coord).map_err(|e| e.to_string())
    }
}

fn parse_algorithm(s: &str) -> Result<Algorithm, String> {
    s.parse()
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn every_maze_length_defaults_to_the_one_constant() {
        let length = torchlit_sim::modes::maze::DEFAULT_LEVEL_LENGTH.to_string();
        let mut cli = Cli::command();
        cli.build();
        for name in ["play", "bench-play", "gen"] {
            let cmd = cli.find_subcommand(name).expect("the subcommand");
            let arg = cmd.get_arguments().find(|a| a.get_id() == "length").expect("--length");
            let defaults: Vec<String> =
                arg.get_default_values().iter().map(|v| v.to_string_lossy().into()).collect();
            let help = arg.get_help().map(|h| h.to_string()).unwrap_or_default();
            let said = defaults == [length.clone()]
                || help.contains(&format!("(default {length}, as `play maze`)"));
            assert!(said, "{name}: {defaults:?} {help:?}");
        }
    }

    #[test]
    fn coords_parse_and_refuse_garbage() {
        assert_eq!("3,-4".parse::<Coord>(), Ok(Coord(Point::new(3, -4))));
        assert!("3".parse::<Coord>().is_err());
        assert!("a,b".parse::<Coord>().is_err());
    }
}
