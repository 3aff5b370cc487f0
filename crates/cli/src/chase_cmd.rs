//! `torchlit chase`: play a dungeon, watch it in the terminal, or run a tournament.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use anyhow::{Context, Result, bail};
use torchlit_map::{Dungeon, UltimaWorld};
use torchlit_rng::Seed;
use torchlit_sim::Turn;
use torchlit_sim::modes::chase::{Chase, Event, HeroKind, MonsterKind, Outcome, Role, generate};
use torchlit_ui::App;
use torchlit_ui::chase::{BUNDLED, ChaseScreen};

use crate::realtime;

fn parse_hero(s: &str) -> Result<HeroKind, String> {
    s.parse()
}

fn parse_monster(s: &str) -> Result<MonsterKind, String> {
    s.parse()
}

/// `torchlit chase DUNGEON [--hero rogue|speedy] [--monster monster] [--watch] [--max-turns N]`
/// and `torchlit chase --tournament [DIR | --generate N --seed S] [--hero ...] [--monster ...]`.
#[derive(Debug, clap::Args)]
pub struct ChaseArgs {
    /// The dungeon file (seed 003 format); not used with --tournament.
    #[arg(required_unless_present = "tournament")]
    pub dungeon: Option<PathBuf>,
    /// The hero's strategy: `rogue` (flee) or `speedy` (potions first). A tournament
    /// takes a comma-separated list (default: all).
    #[arg(long, value_delimiter = ',', value_parser = parse_hero)]
    pub hero: Vec<HeroKind>,
    /// The monster's strategy: `monster` (shortest path, ties by Euclid). A tournament
    /// takes a comma-separated list (default: all).
    #[arg(long, value_delimiter = ',', value_parser = parse_monster)]
    pub monster: Vec<MonsterKind>,
    /// Watch it in the terminal: space plays a turn, p auto-plays, +/- speed, q quits.
    #[arg(long, conflicts_with = "tournament")]
    pub watch: bool,
    /// Stop a game after N turns (a repeated position ends endless chases sooner).
    #[arg(long, value_name = "N", default_value_t = Chase::DEFAULT_LIMIT.0)]
    pub max_turns: u64,
    /// Run many games on all cores: every dungeon (`*.txt`) in DIR, the generated ones
    /// (--generate), or else the bundled ones, for every hero and monster strategy pair.
    #[arg(long, value_name = "DIR", num_args = 0..=1)]
    pub tournament: Option<Option<PathBuf>>,
    /// With --tournament: play N generated dungeons instead of files.
    #[arg(long, value_name = "N", requires = "tournament")]
    pub generate: Option<u32>,
    /// With --generate: the seed (any text) the dungeons derive from.
    #[arg(long, value_name = "S", default_value = "torchlit", requires = "generate")]
    pub seed: String,
    /// With --generate: the side of each dungeon, in cells.
    #[arg(long, value_name = "N", default_value_t = 20, requires = "generate")]
    pub size: u32,
}

/// Runs `torchlit chase`.
pub fn run(args: ChaseArgs, default_world: UltimaWorld) -> Result<()> {
    let limit = Some(Turn(args.max_turns.max(1)));
    if let Some(dir) = &args.tournament {
        return tournament(&args, dir.as_deref(), limit);
    }
    let Some(path) = &args.dungeon else { bail!("a dungeon file is needed (or --tournament)") };
    let dungeon = load(path)?;
    let hero = single(&args.hero, HeroKind::Rogue, "--hero")?;
    let monster = single(&args.monster, MonsterKind::Monster, "--monster")?;
    if args.watch {
        let name = path.file_stem().map_or("dungeon".into(), |s| s.to_string_lossy().into_owned());
        let screen = ChaseScreen::new(name, &dungeon, hero, monster, true)
            .map_err(anyhow::Error::msg)
            .with_context(|| path.display().to_string())?;
        return realtime::run(App::chase(default_world, screen));
    }
    let mut chase = Chase::new(&dungeon, hero.strategy(), monster.strategy())
        .with_context(|| path.display().to_string())?
        .with_limit(limit);
    let glyph = chase.board().monster_glyph();
    let mut out = String::new();
    while chase.outcome().is_none() {
        let events = chase.play_turn();
        out.push_str(&turn_line(chase.turn(), &events, glyph));
        out.push('\n');
    }
    if let Some(outcome) = chase.outcome() {
        out.push_str(&outcome.to_string());
        out.push('\n');
    }
    print!("{out}");
    Ok(())
}

fn single<T: Copy>(given: &[T], default: T, flag: &str) -> Result<T> {
    match given {
        [] => Ok(default),
        [one] => Ok(*one),
        _ => bail!("{flag} takes one strategy outside --tournament"),
    }
}

fn load(path: &Path) -> Result<Dungeon> {
    let bytes = crate::commands::read(path)?;
    Ok(Dungeon::parse(&bytes).map_err(|e| e.in_file(path.display().to_string()))?)
}

/// `turn 3: monster B 4,5 -> 5,5; hero @ 7,2 -> 8,2 -> 9,2 (drinks a potion: 2 steps a turn)`.
fn turn_line(turn: Turn, events: &[Event], glyph: char) -> String {
    let mut line = format!("turn {}:", turn.0);
    for role in [Role::Monster, Role::Hero] {
        let mut cells = Vec::new();
        let mut notes = Vec::new();
        for e in events {
            match *e {
                Event::Moved { who, from, to } if who == role => {
                    if cells.is_empty() {
                        cells.push(from);
                    }
                    cells.push(to);
                }
                Event::Stayed { who, at } if who == role && cells.is_empty() => cells.push(at),
                Event::Refused { who, direction } if who == role => {
                    notes.push(format!("refused {direction:?}"));
                }
                Event::Drank { who, steps_per_turn, .. } if who == role => {
                    notes.push(format!("drinks a potion: {steps_per_turn} steps a turn"));
                }
                _ => {}
            }
        }
        if cells.is_empty() {
            continue;
        }
        let name = match role {
            Role::Monster => format!("monster {glyph}"),
            Role::Hero => "hero @".to_string(),
        };
        let walk: Vec<String> = cells.iter().map(ToString::to_string).collect();
        let walk =
            if walk.len() == 1 { format!("stays at {}", walk[0]) } else { walk.join(" -> ") };
        let sep = if role == Role::Hero && line.contains("monster") { ";" } else { "" };
        line.push_str(&format!("{sep} {name} {walk}"));
        if !notes.is_empty() {
            line.push_str(&format!(" ({})", notes.join(", ")));
        }
    }
    line
}

/// The dungeons of a tournament: the files of `dir`, the generated ones, or the bundled.
fn tournament_dungeons(args: &ChaseArgs, dir: Option<&Path>) -> Result<Vec<(String, Dungeon)>> {
    if let Some(n) = args.generate {
        let seed = Seed::from_input(&args.seed);
        return (0..n)
            .map(|i| {
                let d = generate(seed.derive("chase-tournament", &[i64::from(i)]), args.size)
                    .with_context(|| format!("generated dungeon {i}"))?;
                Ok((format!("generated {i}"), d))
            })
            .collect();
    }
    let Some(dir) = dir else {
        return BUNDLED
            .iter()
            .map(|(name, text)| {
                let d = Dungeon::parse(text.as_bytes()).map_err(|e| e.in_file(*name))?;
                Ok((name.to_string(), d))
            })
            .collect();
    };
    let entries =
        std::fs::read_dir(dir).with_context(|| format!("cannot read {}", dir.display()))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    if files.is_empty() {
        bail!("{} holds no dungeon (*.txt) files", dir.display());
    }
    files.iter().map(|p| Ok((p.display().to_string(), load(p)?))).collect()
}

/// One row of the tournament table.
#[derive(Debug, Default, Clone)]
struct Tally {
    games: u64,
    escapes: u64,
    caught: u64,
    limit: u64,
    caught_turns: u64,
}

fn tournament(args: &ChaseArgs, dir: Option<&Path>, limit: Option<Turn>) -> Result<()> {
    let dungeons = tournament_dungeons(args, dir)?;
    let heroes = if args.hero.is_empty() { HeroKind::ALL.to_vec() } else { args.hero.clone() };
    let monsters =
        if args.monster.is_empty() { MonsterKind::ALL.to_vec() } else { args.monster.clone() };
    let pairs: Vec<(HeroKind, MonsterKind)> =
        heroes.iter().flat_map(|&h| monsters.iter().map(move |&m| (h, m))).collect();
    let jobs: Vec<(usize, usize)> =
        (0..dungeons.len()).flat_map(|d| (0..pairs.len()).map(move |p| (d, p))).collect();

    let bar = indicatif::ProgressBar::new(jobs.len() as u64);
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} games  {elapsed}")
    {
        bar.set_style(style);
    }
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, Result<Outcome, String>)>> = Mutex::new(Vec::new());
    let workers =
        std::thread::available_parallelism().map_or(1, |n| n.get()).min(jobs.len().max(1));
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                let mut mine = Vec::new();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(d, p)) = jobs.get(i) else { break };
                    let (hero, monster) = pairs[p];
                    let outcome = Chase::new(&dungeons[d].1, hero.strategy(), monster.strategy())
                        .map(|c| c.with_limit(limit).run())
                        .map_err(|e| format!("{}: {e}", dungeons[d].0));
                    mine.push((i, outcome));
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

    let mut tallies = vec![Tally::default(); pairs.len()];
    for (i, outcome) in results {
        let (_, p) = jobs[i];
        let t = &mut tallies[p];
        t.games += 1;
        match outcome.map_err(anyhow::Error::msg)? {
            Outcome::Caught { turn, .. } => {
                t.caught += 1;
                t.caught_turns += turn.0;
            }
            Outcome::Escaped { .. } => t.escapes += 1,
            Outcome::TurnLimit { .. } => t.limit += 1,
        }
    }
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    println!(
        "{} dungeons, {} strategy pair{}, {} games on {workers} thread{}",
        dungeons.len(),
        pairs.len(),
        plural(pairs.len()),
        jobs.len(),
        plural(workers)
    );
    println!(
        "{:<12} {:<10} {:>6} {:>8} {:>7} {:>6} {:>12}",
        "hero", "monster", "games", "escapes", "caught", "limit", "mean turns"
    );
    for ((hero, monster), t) in pairs.iter().zip(&tallies) {
        let mean = if t.caught == 0 {
            "-".to_string()
        } else {
            format!("{:.1}", t.caught_turns as f64 / t.caught as f64)
        };
        println!(
            "{:<12} {:<10} {:>6} {:>8} {:>7} {:>6} {:>12}",
            hero.strategy().name(),
            monster.strategy().name(),
            t.games,
            t.escapes,
            t.caught,
            t.limit,
            mean
        );
    }
    println!("mean turns: turns survived by the hero in the games where it was caught");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use torchlit_geom::Point;

    #[test]
    fn turn_lines_show_walks_stays_and_potions() {
        let events = [
            Event::Moved { who: Role::Monster, from: Point::new(1, 1), to: Point::new(2, 1) },
            Event::Moved { who: Role::Hero, from: Point::new(5, 5), to: Point::new(6, 5) },
            Event::Drank { who: Role::Hero, at: Point::new(6, 5), steps_per_turn: 2 },
        ];
        assert_eq!(
            turn_line(Turn(3), &events, 'B'),
            "turn 3: monster B 1,1 -> 2,1; hero @ 5,5 -> 6,5 (drinks a potion: 2 steps a turn)"
        );
        let stay = [Event::Stayed { who: Role::Monster, at: Point::new(1, 1) }];
        assert_eq!(turn_line(Turn(1), &stay, 'A'), "turn 1: monster A stays at 1,1");
    }
}
