//! `torchlit bench-play`: the `torchlit-bots` bots play many seeded games of a mode on
//! every core, and a table (or one JSON line) sums them up.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::str::FromStr;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use anyhow::{Context, Result, bail};
use torchlit_bots::{Ending, Report};
use torchlit_sim::ModeId;
use torchlit_sim::formats::UltimaWorld;
use torchlit_sim::modes::chase::HeroKind;
use torchlit_sim::modes::maze::{MazeConfig, Seed};

use crate::args::LevelArg;

/// The modes a bot plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum BenchMode {
    /// the roguelike tutorial's caves: fetch the teddy bear and climb out.
    Caves,
    /// ICMaze's mazes: beat the boss and take the treasure.
    Maze,
    /// CaveGame's endless caves: survive 1,000 moves (or take the artefact).
    Overworld,
    /// Ultima 0's torch-lit world: a 1,000-step walk.
    Ultima,
    /// DM503 Rogue's chase: the rogue against the monster on a generated dungeon.
    Chase,
}

impl BenchMode {
    /// The mode the bot plays (its name is the mode's name).
    fn id(self) -> ModeId {
        match self {
            BenchMode::Caves => ModeId::Caves,
            BenchMode::Maze => ModeId::Maze,
            BenchMode::Overworld => ModeId::Overworld,
            BenchMode::Ultima => ModeId::Ultima,
            BenchMode::Chase => ModeId::Chase,
        }
    }

    /// What `time` counts, and what `reached` measures.
    fn units(self) -> (&'static str, &'static str) {
        match self {
            BenchMode::Caves => ("turns", "depth reached"),
            BenchMode::Maze => ("ticks", "areas entered"),
            BenchMode::Overworld => ("moves", "regions explored"),
            BenchMode::Ultima => ("steps", "cells seen"),
            BenchMode::Chase => ("turns", "turns survived"),
        }
    }
}

pub use crate::args::RulesArg;

/// A half-open range of seeds, `A..B` (B excluded).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeedRange {
    /// The first seed.
    pub start: u64,
    /// One past the last seed.
    pub end: u64,
}

impl FromStr for SeedRange {
    type Err = String;
    fn from_str(s: &str) -> Result<SeedRange, String> {
        let bad = || format!("expected A..B (two whole numbers, A below B), found {s:?}");
        let (a, b) = s.split_once("..").ok_or_else(bad)?;
        let start = a.trim().parse::<u64>().map_err(|_| bad())?;
        let end = b.trim().parse::<u64>().map_err(|_| bad())?;
        if start >= end {
            return Err(bad());
        }
        Ok(SeedRange { start, end })
    }
}

/// `torchlit bench-play MODE [--runs N] [--seeds A..B] [--rules seed|default] [--json]`
/// and `torchlit bench-play MODE --seed S [--watch]`.
#[derive(Debug, clap::Args)]
pub struct BenchArgs {
    /// The mode the bot plays.
    #[arg(value_enum)]
    pub mode: BenchMode,
    /// How many games (default: every seed of --seeds, or 100 from seed 0).
    #[arg(long, value_name = "N")]
    pub runs: Option<u64>,
    /// The seeds to play, `A..B` (B excluded); with --runs, the first N of them.
    #[arg(long, value_name = "A..B", conflicts_with = "seed")]
    pub seeds: Option<SeedRange>,
    /// One game of seed S (its table, or with --watch the game on screen).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// `caves`, `maze` and `overworld`: the source document's rules or the default game
    /// (other modes: the same).
    #[arg(long, value_enum, default_value_t = RulesArg::Default)]
    pub rules: RulesArg,
    /// Print the results as one JSON object on one line.
    #[arg(long, conflicts_with = "watch")]
    pub json: bool,
    /// Watch one game (--seed) in the terminal, with the bot's goal on the status line.
    #[arg(long, requires = "seed")]
    pub watch: bool,
    /// With --watch: bot actions (maze: ticks) per second; + and - change it.
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub speed: u32,
    /// `maze`: the hard-coded level or generated chains.
    #[arg(long, value_enum, default_value_t = LevelArg::Generated)]
    pub level: LevelArg,
    /// `maze`: maze areas in a generated level.
    #[arg(long, default_value_t = torchlit_sim::modes::maze::DEFAULT_LEVEL_LENGTH)]
    pub length: u32,
}

/// Runs `torchlit bench-play`.
pub fn run(args: &BenchArgs, world: &UltimaWorld) -> Result<()> {
    if args.watch {
        let Some(seed) = args.seed else { bail!("--watch needs --seed S") };
        let bot = watch_bot(args, seed, world)?;
        return crate::front::run(torchlit_ui::App::watch(bot, args.speed));
    }
    let seeds = seeds(args)?;
    let started = std::time::Instant::now();
    let (reports, threads) = play_all(args, &seeds, world)?;
    let elapsed = started.elapsed();
    let n = reports.len().max(1) as f64;
    eprintln!(
        "{} games on {threads} thread{} in {:.1} s ({:.0} ms a game, {:.0} ms of one core)",
        reports.len(),
        if threads == 1 { "" } else { "s" },
        elapsed.as_secs_f64(),
        elapsed.as_secs_f64() * 1000.0 / n,
        elapsed.as_secs_f64() * 1000.0 * threads as f64 / n
    );
    let summary = Summary::of(args, &seeds, &reports);
    if args.json {
        println!("{}", summary.json());
    } else {
        print!("{}", summary.table());
    }
    Ok(())
}

/// The seeds to play, in order.
fn seeds(args: &BenchArgs) -> Result<Vec<u64>> {
    if let Some(s) = args.seed {
        return Ok(vec![s]);
    }
    let range = args.seeds.unwrap_or(SeedRange { start: 0, end: args.runs.unwrap_or(100).max(1) });
    let all: Vec<u64> = (range.start..range.end).collect();
    match args.runs {
        Some(n) if n as usize > all.len() => {
            bail!("--runs {n} asks for more games than --seeds {}..{} has", range.start, range.end)
        }
        Some(n) => Ok(all[..n as usize].to_vec()),
        None => Ok(all),
    }
}

/// One game.
fn play_one(args: &BenchArgs, seed: u64, world: &UltimaWorld) -> Result<Report> {
    Ok(match args.mode {
        BenchMode::Caves => torchlit_bots::caves::play(seed, args.rules.caves())
            .with_context(|| format!("caves seed {seed}"))?,
        BenchMode::Maze => torchlit_bots::maze::play(maze_config(args, seed))
            .with_context(|| format!("maze seed {seed}"))?,
        BenchMode::Overworld => torchlit_bots::overworld::play(seed, args.rules.overworld())
            .with_context(|| format!("overworld seed {seed}"))?,
        BenchMode::Ultima => torchlit_bots::ultima::play(world.clone(), seed),
        BenchMode::Chase => torchlit_bots::chase::play(seed, HeroKind::Rogue)
            .with_context(|| format!("chase seed {seed}"))?,
    })
}

fn maze_config(args: &BenchArgs, seed: u64) -> MazeConfig {
    let config = match args.level {
        LevelArg::Fixed => MazeConfig::fixed(Seed(seed)),
        LevelArg::Generated => MazeConfig::generated(Seed(seed), args.length),
    };
    MazeConfig { rules: args.rules.maze(), ..config }
}

/// The bot of one game, for watching.
fn watch_bot(
    args: &BenchArgs,
    seed: u64,
    world: &UltimaWorld,
) -> Result<torchlit_ui::watch::Watched> {
    use torchlit_ui::watch::Watched;
    Ok(match args.mode {
        BenchMode::Caves => Watched::Caves(Box::new(
            torchlit_bots::caves::CavesBot::new(
                torchlit_sim::modes::caves::Seed(seed),
                args.rules.caves(),
            )
            .with_context(|| format!("caves seed {seed}"))?,
        )),
        BenchMode::Maze => Watched::Maze(Box::new(
            torchlit_bots::maze::MazeBot::new(maze_config(args, seed))
                .with_context(|| format!("maze seed {seed}"))?,
        )),
        BenchMode::Overworld => Watched::Overworld(Box::new(
            torchlit_bots::overworld::OverworldBot::new(
                torchlit_rng::Seed(seed),
                args.rules.overworld(),
            )
            .with_context(|| format!("overworld seed {seed}"))?,
        )),
        BenchMode::Ultima => {
            Watched::Ultima(Box::new(torchlit_bots::ultima::UltimaBot::new(world.clone(), seed)))
        }
        BenchMode::Chase => bail!("watch a chase with `torchlit chase DUNGEON --watch`"),
    })
}

/// Plays every seed on all cores; the reports come back in seed order.
fn play_all(args: &BenchArgs, seeds: &[u64], world: &UltimaWorld) -> Result<(Vec<Report>, usize)> {
    let bar = indicatif::ProgressBar::new(seeds.len() as u64);
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} games  {elapsed}")
    {
        bar.set_style(style);
    }
    if seeds.len() < 2 {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, Result<Report>)>> = Mutex::new(Vec::new());
    let workers =
        std::thread::available_parallelism().map_or(1, |n| n.get()).min(seeds.len().max(1));
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                let mut mine = Vec::new();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&seed) = seeds.get(i) else { break };
                    mine.push((i, play_one(args, seed, world)));
                    bar.inc(1);
                }
                if let Ok(mut all) = results.lock() {
                    all.extend(mine);
                }
            });
        }
    });
    bar.finish_and_clear();
    let mut results = results.into_inner().map_err(|_| anyhow::anyhow!("a worker panicked"))?;
    results.sort_by_key(|(i, _)| *i);
    let reports = results.into_iter().map(|(_, r)| r).collect::<Result<Vec<Report>>>()?;
    Ok((reports, workers))
}

/// Median and 90th percentile (nearest rank) of some numbers.
fn spread(mut values: Vec<u64>) -> Option<(u64, u64)> {
    if values.is_empty() {
        return None;
    }
    values.sort_unstable();
    let rank = |q: f64| {
        let r = (q * values.len() as f64).ceil() as usize;
        values[r.clamp(1, values.len()) - 1]
    };
    Some((rank(0.5), rank(0.9)))
}

/// The sums of a bench run.
#[derive(Debug, Clone, PartialEq)]
struct Summary {
    mode: BenchMode,
    rules: RulesArg,
    level: Option<String>,
    seeds: (u64, u64),
    runs: usize,
    wins: usize,
    deaths: BTreeMap<String, usize>,
    quits: BTreeMap<String, usize>,
    timeouts: usize,
    to_win: Option<(u64, u64)>,
    to_die: Option<(u64, u64)>,
    reached: Option<(u64, u64)>,
    reached_max: u64,
    /// Signal name, mean over the games that measured it, how many did.
    signals: Vec<(&'static str, Option<f64>, usize)>,
}

impl Summary {
    fn of(args: &BenchArgs, seeds: &[u64], reports: &[Report]) -> Summary {
        let mut deaths = BTreeMap::new();
        let mut quits = BTreeMap::new();
        let (mut wins, mut timeouts) = (0, 0);
        let (mut to_win, mut to_die) = (Vec::new(), Vec::new());
        for r in reports {
            match &r.ending {
                Ending::Won => {
                    wins += 1;
                    to_win.push(r.time);
                }
                Ending::Died(cause) => {
                    *deaths.entry(cause.clone()).or_insert(0) += 1;
                    to_die.push(r.time);
                }
                Ending::Quit(why) => *quits.entry(why.clone()).or_insert(0) += 1,
                Ending::Timeout => timeouts += 1,
            }
        }
        let mut signals: Vec<(&'static str, Option<f64>, usize)> = Vec::new();
        if let Some(first) = reports.first() {
            for &(name, _) in &first.signals {
                let values: Vec<f64> = reports.iter().filter_map(|r| r.signal(name)).collect();
                let mean =
                    (!values.is_empty()).then(|| values.iter().sum::<f64>() / values.len() as f64);
                signals.push((name, mean, values.len()));
            }
        }
        let level = (args.mode == BenchMode::Maze).then(|| match args.level {
            LevelArg::Fixed => "fixed".to_string(),
            LevelArg::Generated => format!("generated, length {}", args.length),
        });
        Summary {
            mode: args.mode,
            rules: args.rules,
            level,
            seeds: (seeds.first().copied().unwrap_or(0), seeds.last().map_or(0, |s| s + 1)),
            runs: reports.len(),
            wins,
            deaths,
            quits,
            timeouts,
            to_win: spread(to_win),
            to_die: spread(to_die),
            reached: spread(reports.iter().map(|r| r.reached).collect()),
            reached_max: reports.iter().map(|r| r.reached).max().unwrap_or(0),
            signals,
        }
    }

    fn table(&self) -> String {
        let (time, reached) = self.mode.units();
        let pct = |n: usize| if self.runs == 0 { 0.0 } else { 100.0 * n as f64 / self.runs as f64 };
        let causes = |m: &BTreeMap<String, usize>| {
            if m.is_empty() {
                String::new()
            } else {
                let parts: Vec<String> = m.iter().map(|(k, v)| format!("{k} {v}")).collect();
                format!(" ({})", parts.join(", "))
            }
        };
        let mp = |s: Option<(u64, u64)>| {
            s.map_or("-".to_string(), |(m, p)| format!("median {m}, p90 {p}"))
        };
        let mut out = String::new();
        let level = self.level.as_ref().map(|l| format!(", level {l}")).unwrap_or_default();
        let _ = writeln!(
            out,
            "bench-play {}: seeds {}..{}, rules {}{level}",
            self.mode.id().as_str(),
            self.seeds.0,
            self.seeds.1,
            self.rules.name()
        );
        let dead: usize = self.deaths.values().sum();
        let quit: usize = self.quits.values().sum();
        let _ = writeln!(out, "  runs          {}", self.runs);
        let _ = writeln!(out, "  wins          {} ({:.1} %)", self.wins, pct(self.wins));
        let _ =
            writeln!(out, "  deaths        {} ({:.1} %){}", dead, pct(dead), causes(&self.deaths));
        let _ = writeln!(out, "  quits         {}{}", quit, causes(&self.quits));
        let _ = writeln!(out, "  timeouts      {}", self.timeouts);
        let _ = writeln!(out, "  {:<13} {}", format!("{time} to win"), mp(self.to_win));
        let _ = writeln!(out, "  {:<13} {}", format!("{time} to die"), mp(self.to_die));
        let _ = writeln!(out, "  {reached:<13} {}, max {}", mp(self.reached), self.reached_max);
        if !self.signals.is_empty() {
            let _ = writeln!(out, "  signals (mean over the games that measured them):");
            for (name, mean, n) in &self.signals {
                let v = mean.map_or("-".to_string(), |m| format!("{m:.1}"));
                let note = if *n == self.runs { String::new() } else { format!("  ({n} games)") };
                let _ = writeln!(out, "    {name:<20} {v:>8}{note}");
            }
        }
        out
    }

    fn json(&self) -> String {
        let spread = |s: Option<(u64, u64)>| match s {
            Some((m, p)) => serde_json::json!({ "median": m, "p90": p }),
            None => serde_json::Value::Null,
        };
        let mut signals = serde_json::Map::new();
        for (name, mean, n) in &self.signals {
            signals.insert(name.to_string(), serde_json::json!({ "mean": mean, "games": n }));
        }
        let (time, _) = self.mode.units();
        let value = serde_json::json!({
            "mode": self.mode.id().as_str(),
            "rules": self.rules.name(),
            "level": self.level,
            "seeds": [self.seeds.0, self.seeds.1],
            "runs": self.runs,
            "wins": self.wins,
            "deaths": self.deaths,
            "quits": self.quits,
            "timeouts": self.timeouts,
            "time_unit": time,
            "time_to_win": spread(self.to_win),
            "time_to_die": spread(self.to_die),
            "reached": { "median": self.reached.map(|r| r.0), "p90": self.reached.map(|r| r.1), "max": self.reached_max },
            "signals": signals,
        });
        value.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_ranges_parse_and_refuse_garbage() {
        assert_eq!("3..7".parse::<SeedRange>(), Ok(SeedRange { start: 3, end: 7 }));
        assert!("7..3".parse::<SeedRange>().is_err());
        assert!("3".parse::<SeedRange>().is_err());
        assert!("a..b".parse::<SeedRange>().is_err());
    }

    #[test]
    fn spreads_are_nearest_rank() {
        assert_eq!(spread(vec![]), None);
        assert_eq!(spread(vec![5]), Some((5, 5)));
        assert_eq!(spread((1..=10).collect()), Some((5, 9)));
    }
}
