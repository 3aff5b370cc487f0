//! `torchlit chase`: play a dungeon, solve it, watch it in the terminal, or run a
//! tournament.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use anyhow::{Context, Result, bail};
use torchlit_rng::Seed;
use torchlit_sim::Turn;
use torchlit_sim::formats::Dungeon;
use torchlit_sim::modes::chase::{
    Chase, Event, HeroKind, MonsterKind, Outcome, PERSON_LIMIT, Role, Solution, StrategyMaker,
    Verdict, generate, solve,
};
use torchlit_sim::terrain::Tile;
use torchlit_ui::App;
use torchlit_ui::chase::{BUNDLED, ChaseScreen};

use crate::{chase_script, front};

/// The most dungeons `--generate` plays (they are made one at a time, as they are
/// played).
pub const MAX_GENERATED: u32 = 1_000_000;

/// `torchlit chase DUNGEON [--hero S] [--monster S] [--watch | --solve [--map]]
/// [--max-turns N]`, `torchlit chase --play hero|monster [DUNGEON]` and `torchlit chase
/// --tournament [DIR | --generate N --seed S] [--hero ...] [--monster ...]`.
#[derive(Debug, clap::Args)]
pub struct ChaseArgs {
    /// The dungeon file (the format of the DM503 Rogue project, University of Southern
    /// Denmark, 2010: one hero, one monster), or the name of a bundled one
    /// (`corner_trap`); not used with --tournament. With --play it may be left out
    /// (corner_trap).
    #[arg(required_unless_present_any = ["tournament", "play"])]
    pub dungeon: Option<PathBuf>,
    /// The hero's strategy: `rogue` (flee), `speedy` (potions first; also `SpeedyRogue`),
    /// `optimal` (perfect play from the solved game) or a script FILE.rhai. Names in any
    /// case. A tournament takes a comma-separated list (default: the three built-in).
    #[arg(long, value_delimiter = ',', value_name = "STRATEGY")]
    pub hero: Vec<String>,
    /// The monster's strategy: `monster` (shortest path, ties by Euclid), `optimal`
    /// (perfect play) or a script FILE.rhai. A tournament takes a comma-separated list
    /// (default: both built-in).
    #[arg(long, value_delimiter = ',', value_name = "STRATEGY")]
    pub monster: Vec<String>,
    /// Watch it in the terminal: space plays a turn, p auto-plays, +/- speed, q quits.
    #[arg(long, conflicts_with_all = ["tournament", "solve"])]
    pub watch: bool,
    /// Play one side yourself in the terminal (arrows, h j k l, y u b n or the keypad
    /// step, `.` stays, ? help); the other side plays the strategy of --hero or
    /// --monster (optimal by default). The solver's verdict is shown at the start and
    /// your game is compared with perfect play at the end.
    #[arg(long, value_name = "SIDE", value_parser = ["hero", "monster"],
          conflicts_with_all = ["tournament", "solve", "watch"])]
    pub play: Option<String>,
    /// Solve the dungeon: who wins with perfect play from the start, and in how many
    /// turns the monster forces the capture when it does.
    #[arg(long, conflicts_with = "tournament")]
    pub solve: bool,
    /// With --solve: also print the verdict for every monster cell (W: the monster
    /// wins, E: the hero escapes; the hero on its start `@`).
    #[arg(long, requires = "solve")]
    pub map: bool,
    /// Stop a game after N turns: the hero survived. Endless chases of built-in
    /// strategies end sooner, by a repeated position; with a script only this limit ends
    /// them. Default 10000; 100 with --play (the hero who stays free that long wins).
    #[arg(long, value_name = "N")]
    pub max_turns: Option<u64>,
    /// Run many games on all cores: every dungeon (`*.txt`) in DIR, the generated ones
    /// (--generate), or else the bundled ones, for every hero and monster strategy pair.
    #[arg(long, value_name = "DIR", num_args = 0..=1)]
    pub tournament: Option<Option<PathBuf>>,
    /// With --tournament: play N generated dungeons (made one at a time; at most
    /// 1000000) instead of files.
    #[arg(long, value_name = "N", requires = "tournament")]
    pub generate: Option<u32>,
    /// With --generate: the seed (any text) the dungeons derive from.
    #[arg(long, value_name = "S", default_value = "torchlit", requires = "generate")]
    pub seed: String,
    /// With --generate: the side of each dungeon, in cells.
    #[arg(long, value_name = "N", default_value_t = 20, requires = "generate")]
    pub size: u32,
}

/// A `--hero` value: a built-in name or a script file.
fn hero_maker(value: &str) -> Result<StrategyMaker> {
    if chase_script::is_script(value) {
        return chase_script::load(Path::new(value));
    }
    Ok(value.parse::<HeroKind>().map_err(anyhow::Error::msg).context("--hero")?.into())
}

/// A `--monster` value: a built-in name or a script file.
fn monster_maker(value: &str) -> Result<StrategyMaker> {
    if chase_script::is_script(value) {
        return chase_script::load(Path::new(value));
    }
    Ok(value.parse::<MonsterKind>().map_err(anyhow::Error::msg).context("--monster")?.into())
}

/// The makers for a list of values, or the defaults.
fn makers(
    given: &[String],
    defaults: Vec<StrategyMaker>,
    one: fn(&str) -> Result<StrategyMaker>,
) -> Result<Vec<StrategyMaker>> {
    if given.is_empty() { Ok(defaults) } else { given.iter().map(|v| one(v)).collect() }
}

/// Runs `torchlit chase`.
///
/// `dirs` are the `--data-dir` and `--config` given: `--watch` records the chase into the
/// data dir's `recordings/`.
pub fn run(args: ChaseArgs, dirs: (Option<&Path>, Option<&Path>)) -> Result<()> {
    let limit = Some(Turn(args.max_turns.unwrap_or(Chase::DEFAULT_LIMIT.0).max(1)));
    if let Some(dir) = &args.tournament {
        return tournament(&args, dir.as_deref(), limit);
    }
    if let Some(side) = &args.play {
        return play(&args, side, dirs);
    }
    let Some(path) = &args.dungeon else { bail!("a dungeon file is needed (or --tournament)") };
    let (_, dungeon) = load_or_bundled(path)?;
    if args.solve {
        return print_solution(path, &dungeon, args.map);
    }
    let hero = single(&args.hero, HeroKind::Rogue.into(), "--hero", hero_maker)?;
    let monster = single(&args.monster, MonsterKind::Monster.into(), "--monster", monster_maker)?;
    if args.watch {
        let name = path.file_stem().map_or("dungeon".into(), |s| s.to_string_lossy().into_owned());
        let screen = ChaseScreen::new(name, &dungeon, hero, monster, true)
            .and_then(|s| s.with_start(0, limit))
            .map_err(anyhow::Error::msg)
            .with_context(|| path.display().to_string())?;
        let settings = crate::settings::Settings::load(dirs.0, dirs.1)?;
        let sink = crate::replay_cmd::sink(&settings);
        return front::run(App::chase(screen.with_recordings(sink)));
    }
    let mut chase = Chase::new(&dungeon, hero.make(), monster.make())
        .with_context(|| path.display().to_string())?
        .with_limit(limit);
    let glyph = chase.board().monster_glyph();
    let mut out = String::new();
    while chase.outcome().is_none() {
        let events = chase.play_turn();
        out.push_str(&turn_line(chase.turn(), &events, glyph));
        out.push('\n');
    }
    if let Some(e) = chase.error() {
        print!("{out}");
        bail!("{e}");
    }
    if let Some(outcome) = chase.outcome() {
        out.push_str(&outcome.to_string());
        out.push('\n');
    }
    print!("{out}");
    Ok(())
}

fn single(
    given: &[String],
    default: StrategyMaker,
    flag: &str,
    one: fn(&str) -> Result<StrategyMaker>,
) -> Result<StrategyMaker> {
    match given {
        [] => Ok(default),
        [v] => one(v),
        _ => bail!("{flag} takes one strategy outside --tournament"),
    }
}

/// `--play SIDE [DUNGEON]`: a person plays `side` in the terminal.
fn play(args: &ChaseArgs, side: &str, dirs: (Option<&Path>, Option<&Path>)) -> Result<()> {
    let path = args.dungeon.clone().unwrap_or_else(|| PathBuf::from("corner_trap"));
    let (name, dungeon) = load_or_bundled(&path)?;
    let limit = Turn(args.max_turns.unwrap_or(PERSON_LIMIT.0).max(1));
    let (role, opponent) = if side == "hero" {
        let m = single(&args.monster, MonsterKind::Optimal.into(), "--monster", monster_maker)?;
        (Role::Hero, m)
    } else {
        (Role::Monster, single(&args.hero, HeroKind::Optimal.into(), "--hero", hero_maker)?)
    };
    let screen = ChaseScreen::play(name, &dungeon, role, opponent, true)
        .and_then(|s| s.with_start(0, Some(limit)))
        .map_err(anyhow::Error::msg)
        .with_context(|| path.display().to_string())?;
    let settings = crate::settings::Settings::load(dirs.0, dirs.1)?;
    let sink = crate::replay_cmd::sink(&settings);
    front::run(App::chase(screen.with_recordings(sink)))
}

/// The dungeon file at `path`, or the bundled dungeon of that name when there is no
/// such file; with the name shown for it.
fn load_or_bundled(path: &Path) -> Result<(String, Dungeon)> {
    let name = path.file_stem().map_or("dungeon".into(), |s| s.to_string_lossy().into_owned());
    if !path.exists()
        && let Some((name, text)) = BUNDLED.iter().find(|(n, _)| Path::new(n) == path)
    {
        let d = Dungeon::parse_chase(text.as_bytes()).map_err(|e| e.in_file(*name))?;
        return Ok((name.to_string(), d));
    }
    Ok((name, load(path)?))
}

fn load(path: &Path) -> Result<Dungeon> {
    let bytes = crate::commands::read(path)?;
    Ok(Dungeon::parse_chase(&bytes).map_err(|e| e.in_file(path.display().to_string()))?)
}

/// `--solve` (and `--map`): the verdict from the start, and per monster cell.
fn print_solution(path: &Path, dungeon: &Dungeon, map: bool) -> Result<()> {
    let solution = solve(dungeon).with_context(|| path.display().to_string())?;
    let monster = dungeon.monsters.first().map(|m| m.at).context("no monster")?;
    let verdict = solution.verdict(dungeon.hero, monster).context("the players stand on walls")?;
    let mut out = String::new();
    match verdict {
        Verdict::HeroEscapes => out.push_str("the hero escapes forever with perfect play\n"),
        Verdict::MonsterWins { turns } => out.push_str(&format!(
            "the monster wins with perfect play: it catches the hero in turn {turns}\n"
        )),
    }
    if map {
        out.push_str(&verdict_map(dungeon, &solution));
        out.push_str("W: the monster starting there wins; E: the hero escapes; @: the hero\n");
    }
    out.push_str(&format!(
        "{} positions solved ({} open cells, {} speed potions)\n",
        solution.positions(),
        solution.cells().len(),
        solution.potions().len()
    ));
    print!("{out}");
    Ok(())
}

/// The dungeon's grid with `W`/`E` on every open cell (the verdict with the monster
/// starting there), `@` on the hero, walls blank; cells separated by spaces as in the
/// file.
fn verdict_map(dungeon: &Dungeon, solution: &Solution) -> String {
    let size = dungeon.map.size();
    let mut out = String::new();
    for y in 0..size.height as i32 {
        let mut line = String::new();
        for x in 0..size.width as i32 {
            let p = torchlit_geom::Point::new(x, y);
            let c = if p == dungeon.hero {
                '@'
            } else if matches!(dungeon.map.tile(p), Some(Tile::Wall) | None) {
                ' '
            } else {
                match solution.verdict(dungeon.hero, p) {
                    Some(Verdict::MonsterWins { .. }) => 'W',
                    Some(Verdict::HeroEscapes) => 'E',
                    None => ' ',
                }
            };
            line.push(c);
            line.push(' ');
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
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

/// Where a tournament's dungeons come from; each is made or read when it is played.
enum Source {
    /// `N` generated dungeons of side `size` from `seed`.
    Generated { count: u32, seed: Seed, size: u32 },
    /// These files.
    Files(Vec<PathBuf>),
    /// The bundled dungeons.
    Bundled,
}

impl Source {
    fn new(args: &ChaseArgs, dir: Option<&Path>) -> Result<Source> {
        if let Some(count) = args.generate {
            if count > MAX_GENERATED {
                bail!("--generate {count}: a tournament plays at most {MAX_GENERATED} dungeons");
            }
            return Ok(Source::Generated {
                count,
                seed: Seed::from_input(&args.seed),
                size: args.size,
            });
        }
        let Some(dir) = dir else { return Ok(Source::Bundled) };
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
        Ok(Source::Files(files))
    }

    fn len(&self) -> usize {
        match self {
            Source::Generated { count, .. } => *count as usize,
            Source::Files(f) => f.len(),
            Source::Bundled => BUNDLED.len(),
        }
    }

    /// Dungeon `i` and its name.
    fn get(&self, i: usize) -> Result<(String, Dungeon)> {
        match self {
            Source::Generated { seed, size, .. } => {
                let d = generate(seed.derive("chase-tournament", &[i as i64]), *size)
                    .with_context(|| format!("generated dungeon {i}"))?;
                Ok((format!("generated {i}"), d))
            }
            Source::Files(files) => {
                let p = files.get(i).context("no such dungeon")?;
                Ok((p.display().to_string(), load(p)?))
            }
            Source::Bundled => {
                let (name, text) = BUNDLED.get(i).context("no such dungeon")?;
                let d = Dungeon::parse_chase(text.as_bytes()).map_err(|e| e.in_file(*name))?;
                Ok((name.to_string(), d))
            }
        }
    }
}

/// One row of the tournament table.
#[derive(Debug, Default, Clone)]
struct Tally {
    games: u64,
    escapes: u64,
    caught: u64,
    limit: u64,
    caught_turns: u64,
    /// Games on dungeons the hero can escape with perfect play, and those it did not lose.
    winnable: u64,
    converted: u64,
}

impl Tally {
    fn add(&mut self, other: &Tally) {
        self.games += other.games;
        self.escapes += other.escapes;
        self.caught += other.caught;
        self.limit += other.limit;
        self.caught_turns += other.caught_turns;
        self.winnable += other.winnable;
        self.converted += other.converted;
    }
}

/// Plays every pair on dungeon `i`; adds to `tallies`.
fn play_dungeon(
    source: &Source,
    i: usize,
    pairs: &[(StrategyMaker, StrategyMaker)],
    limit: Option<Turn>,
    tallies: &mut [Tally],
) -> Result<()> {
    let (name, dungeon) = source.get(i)?;
    let solution = solve(&dungeon).with_context(|| name.clone())?;
    let monster = dungeon.monsters.first().map(|m| m.at).context("no monster")?;
    let winnable = solution.verdict(dungeon.hero, monster) == Some(Verdict::HeroEscapes);
    let solution = Arc::new(solution);
    for ((hero, monster), t) in pairs.iter().zip(tallies.iter_mut()) {
        let mut chase = Chase::new(&dungeon, hero.make(), monster.make())
            .with_context(|| name.clone())?
            .with_limit(limit)
            .with_solution(solution.clone());
        let outcome = chase.run();
        t.games += 1;
        t.winnable += u64::from(winnable);
        match outcome {
            Outcome::Caught { turn, .. } => {
                t.caught += 1;
                t.caught_turns += turn.0;
            }
            Outcome::Escaped { .. } => t.escapes += 1,
            Outcome::TurnLimit { .. } => t.limit += 1,
            Outcome::Failed { .. } => {
                let e = chase.error().map_or_else(String::new, ToString::to_string);
                bail!("{name}: {} vs {}: {e}", hero.name(), monster.name());
            }
        }
        if winnable && !matches!(outcome, Outcome::Caught { .. }) {
            t.converted += 1;
        }
    }
    Ok(())
}

fn tournament(args: &ChaseArgs, dir: Option<&Path>, limit: Option<Turn>) -> Result<()> {
    let source = Source::new(args, dir)?;
    let heroes = makers(&args.hero, HeroKind::ALL.map(Into::into).to_vec(), hero_maker)?;
    let monsters = makers(&args.monster, MonsterKind::ALL.map(Into::into).to_vec(), monster_maker)?;
    let pairs: Vec<(StrategyMaker, StrategyMaker)> =
        heroes.iter().flat_map(|h| monsters.iter().map(move |m| (h.clone(), m.clone()))).collect();
    let n = source.len();
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get()).min(n.max(1));
    let tallies = play_all(&source, &pairs, limit, workers)?;
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    let games: u64 = tallies.iter().map(|t| t.games).sum();
    println!(
        "{n} dungeons, {} strategy pair{}, {games} games on {workers} thread{}",
        pairs.len(),
        plural(pairs.len()),
        plural(workers)
    );
    print_tallies(&pairs, &tallies, limit);
    Ok(())
}

/// Plays every pair of strategies on every dungeon of `source` on `workers` threads,
/// with a progress bar; the tallies per pair.
///
/// # Errors
/// The first dungeon that cannot be played, or a worker that panicked.
fn play_all(
    source: &Source,
    pairs: &[(StrategyMaker, StrategyMaker)],
    limit: Option<Turn>,
    workers: usize,
) -> Result<Vec<Tally>> {
    let n = source.len();
    let bar = indicatif::ProgressBar::new(n as u64);
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} dungeons  {elapsed}")
    {
        bar.set_style(style);
    }
    let next = AtomicUsize::new(0);
    let totals = Mutex::new((vec![Tally::default(); pairs.len()], None::<anyhow::Error>));
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                let mut mine = vec![Tally::default(); pairs.len()];
                let mut failed = None;
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= n {
                        break;
                    }
                    if let Err(e) = play_dungeon(source, i, pairs, limit, &mut mine) {
                        failed = Some(e);
                        next.store(n, Ordering::Relaxed);
                        break;
                    }
                    bar.inc(1);
                }
                if let Ok(mut all) = totals.lock() {
                    for (t, m) in all.0.iter_mut().zip(&mine) {
                        t.add(m);
                    }
                    if all.1.is_none() {
                        all.1 = failed;
                    }
                }
            });
        }
    });
    bar.finish_and_clear();
    let (tallies, failed) =
        totals.into_inner().map_err(|_| anyhow::anyhow!("a worker panicked"))?;
    match failed {
        Some(e) => Err(e),
        None => Ok(tallies),
    }
}

/// The tournament's table: one line per pair of strategies, then what the columns mean.
fn print_tallies(pairs: &[(StrategyMaker, StrategyMaker)], tallies: &[Tally], limit: Option<Turn>) {
    println!(
        "{:<14} {:<14} {:>6} {:>8} {:>8} {:>7} {:>11} {:>10}",
        "hero", "monster", "games", "escapes", "survived", "caught", "mean turns", "converts"
    );
    for ((hero, monster), t) in pairs.iter().zip(tallies) {
        let mean = if t.caught == 0 {
            "-".to_string()
        } else {
            format!("{:.1}", t.caught_turns as f64 / t.caught as f64)
        };
        println!(
            "{:<14} {:<14} {:>6} {:>8} {:>8} {:>7} {:>11} {:>10}",
            hero.name(),
            monster.name(),
            t.games,
            t.escapes,
            t.limit,
            t.caught,
            mean,
            format!("{}/{}", t.converted, t.winnable)
        );
    }
    println!(
        "escapes: a repeated position proved the chase endless (both strategies stateless); \
         survived: not caught by the turn limit ({} turns; the only rule for scripts); mean \
         turns: of the games where the hero was caught; converts: games not lost on the \
         dungeons the hero can escape with perfect play",
        limit.map_or(0, |l| l.0)
    );
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
