//! `torchlit gen`: generate a map, print it as text, and optionally draw it as a PNG.
//!
//! The seed goes to stderr (`seed: TEXT`) so that stdout holds only the map: `torchlit
//! gen rooms > d.txt` is a valid dungeon file. Any text is a seed (`Seed::from_input`, as
//! every command reads seeds: a number is that number, other text is hashed); without
//! `--seed` the clock picks one, printed so that the same map can be made again.

mod picture;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use anyhow::{Context, Result, bail};
use clap::{Args, ValueEnum};
use torchlit_geom::{CardinalDirection, Grid, Point, Size};
use torchlit_procgen::{
    AreaKind, CaveCell, CaveLevelsParams, CaveParams, ChainArea, Difficulty, LevelCell, MAX_AREA,
    MAX_SIDE, Overworld, OverworldParams, PATH, RegionCoord, cave_bitwise, cave_levels,
    level_chain, maze, region_to_world,
};
use torchlit_rng::Seed;
use torchlit_sim::terrain::Tile;

use picture::{Panel, Rgb, blend};

/// What `torchlit gen` makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GenKind {
    /// A recursive-division maze (ICMaze, CS-107 "Maze Games", EPFL): `#` wall, `.` path.
    Maze,
    /// A cellular-automaton cave (CaveGame, Freddy Heppell's AQA NEA): `.` floor, `#` wall, ` ` rock.
    Cave,
    /// Cave levels joined by stairs (the roguelike tutorial, Trystan, 2011): `<` up, `>` down, one block per level.
    Caves,
    /// A window of the infinite cave world (CaveGame): `$` chest, `@` spawn.
    Overworld,
    /// A chain of maze areas from spawn to boss (ICMaze).
    LevelChain,
    /// Rooms and hallways, printed in the dungeon format (the DM503 Rogue project, University of Southern Denmark, 2010).
    Rooms,
}

/// The arguments of `torchlit gen`.
#[derive(Debug, Args)]
pub struct GenArgs {
    /// What to generate.
    pub kind: GenKind,
    /// The seed: any text (default: one from the clock, printed to stderr).
    #[arg(long)]
    pub seed: Option<String>,
    /// The size, `WxH` (or `N` for `NxN`). maze 41x25, cave 80x40, caves 80x40 per level,
    /// overworld the region side (50x50), rooms the dungeon side (30x30).
    #[arg(long, value_name = "WxH")]
    pub size: Option<SizeArg>,
    /// Also draw the map into this PNG file, with a legend.
    #[arg(long, value_name = "FILE")]
    pub png: Option<PathBuf>,
    /// overworld: the regions to show, `X0,Y0..X1,Y1` inclusive (default -1,-1..1,1).
    #[arg(long, value_name = "X0,Y0..X1,Y1", allow_hyphen_values = true)]
    pub regions: Option<RegionWindow>,
    /// caves: how many levels (default 5).
    #[arg(long)]
    pub depth: Option<u32>,
    /// level-chain: how many maze areas between spawn and boss (default 4, as `play maze`).
    #[arg(long)]
    pub length: Option<u32>,
    /// maze: easy, medium, hard, hardest (default) or the smallest undivided side.
    #[arg(long)]
    pub difficulty: Option<DifficultyArg>,
}

/// A size given as `WxH` or `N` (zero and sizes past the caps are refused before use).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SizeArg(pub Size);

impl FromStr for SizeArg {
    type Err = String;
    fn from_str(s: &str) -> Result<SizeArg, String> {
        s.parse::<Size>().map(SizeArg).map_err(|e| e.to_string())
    }
}

/// A window of regions, `X0,Y0..X1,Y1`, both corners included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RegionWindow {
    /// The north-west region.
    pub from: RegionCoord,
    /// The south-east region.
    pub to: RegionCoord,
}

impl FromStr for RegionWindow {
    type Err = String;
    fn from_str(s: &str) -> Result<RegionWindow, String> {
        let bad = || format!("expected X0,Y0..X1,Y1 (region coordinates), found {s:?}");
        let (a, b) = s.split_once("..").ok_or_else(bad)?;
        let coord = |t: &str| -> Result<RegionCoord, String> {
            let (x, y) = t.split_once(',').ok_or_else(bad)?;
            let n = |v: &str| v.trim().parse::<i32>().map_err(|_| bad());
            Ok(RegionCoord::new(n(x)?, n(y)?))
        };
        let (from, to) = (coord(a)?, coord(b)?);
        if from.x > to.x || from.y > to.y {
            return Err(format!("{s:?}: the first region must be north-west of the second"));
        }
        Ok(RegionWindow { from, to })
    }
}

/// A maze difficulty by name or number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DifficultyArg(pub Difficulty);

impl FromStr for DifficultyArg {
    type Err = String;
    fn from_str(s: &str) -> Result<DifficultyArg, String> {
        let d = match s.trim().to_ascii_lowercase().as_str() {
            "easy" => Difficulty::EASY,
            "medium" => Difficulty::MEDIUM,
            "hard" => Difficulty::HARD,
            "hardest" => Difficulty::HARDEST,
            other => other.parse::<u32>().ok().and_then(|n| Difficulty::new(n).ok()).ok_or_else(
                || {
                    format!(
                        "expected easy, medium, hard, hardest or a positive integer, found {s:?}"
                    )
                },
            )?,
        };
        Ok(DifficultyArg(d))
    }
}

/// The most regions `--regions` may show.
const MAX_WINDOW_REGIONS: i64 = 256;
/// The most cells `--regions` may show (4096 × 4096).
const MAX_WINDOW_CELLS: i64 = 1 << 24;

// The palette: one clear colour per kind of cell.
const FLOOR: Rgb = [214, 196, 150];
const WALL: Rgb = [128, 86, 52];
const ROCK: Rgb = [44, 40, 48];
const MAZE_PATH: Rgb = [232, 226, 208];
const MAZE_WALL: Rgb = [58, 64, 84];
const ROOM: Rgb = [226, 208, 160];
const HALLWAY: Rgb = [120, 150, 196];
const DUNGEON_WALL: Rgb = [36, 36, 44];
const HERO: Rgb = [228, 40, 40];
const MONSTER: Rgb = [160, 70, 210];
const POTION: Rgb = [40, 190, 90];
const STAIRS_UP: Rgb = [40, 190, 230];
const STAIRS_DOWN: Rgb = [245, 140, 30];
const EXIT: Rgb = [255, 236, 60];
const CHEST: Rgb = [255, 200, 0];
const SPAWN: Rgb = [228, 40, 40];
const BORDER: Rgb = [255, 255, 255];

/// Runs `torchlit gen`.
///
/// `config` supplies the `[generation]` settings of `overworld`, so that `gen overworld`
/// shows the world `play overworld` makes from the same seed.
pub fn run(args: &GenArgs, config: &torchlit_save::Config) -> Result<()> {
    let (text, seed) = match &args.seed {
        Some(t) => (t.clone(), Seed::from_input(t)),
        None => {
            let s = crate::settings::clock_seed("gen/clock");
            (s.to_string(), s)
        }
    };
    let shown = if text.is_empty() || text.chars().any(|c| c.is_whitespace() || c.is_control()) {
        format!("{text:?}")
    } else {
        text
    };
    eprintln!("seed: {shown}");
    check_options(args)?;
    let png = args.png.as_deref();
    let out = match args.kind {
        GenKind::Maze => gen_maze(args, seed, png)?,
        GenKind::Cave => gen_cave(args, seed, png)?,
        GenKind::Caves => gen_caves(args, seed, png)?,
        GenKind::Overworld => gen_overworld(args, seed, png, config)?,
        GenKind::LevelChain => gen_chain(args, seed, png)?,
        GenKind::Rooms => gen_rooms(args, seed, png)?,
    };
    print!("{out}");
    Ok(())
}

/// Refuses options that do not apply to the kind, so that a typo is not ignored.
fn check_options(args: &GenArgs) -> Result<()> {
    let k = args.kind;
    let only = |given: bool, option: &str, kind: GenKind, name: &str| -> Result<()> {
        if given && k != kind {
            bail!("{option} only applies to `gen {name}`");
        }
        Ok(())
    };
    only(args.regions.is_some(), "--regions", GenKind::Overworld, "overworld")?;
    only(args.depth.is_some(), "--depth", GenKind::Caves, "caves")?;
    only(args.length.is_some(), "--length", GenKind::LevelChain, "level-chain")?;
    only(args.difficulty.is_some(), "--difficulty", GenKind::Maze, "maze")?;
    if args.size.is_some() && k == GenKind::LevelChain {
        bail!(
            "--size does not apply to `gen level-chain` (its areas have fixed sizes); use --length"
        );
    }
    if let Some(SizeArg(s)) = args.size {
        check_size(s)?;
    }
    Ok(())
}

/// Refuses a size with no cells, or past the caps every generator has ([`MAX_SIDE`] on a
/// side, [`MAX_AREA`] in all); each kind may then ask for more or less.
fn check_size(s: Size) -> Result<()> {
    if s.width == 0 || s.height == 0 {
        bail!("--size {s} has no cells; expected WxH (two positive integers and an x) or N");
    }
    if s.width > MAX_SIDE || s.height > MAX_SIDE || s.area() > MAX_AREA {
        bail!(
            "--size {s} is too large; expected at most {MAX_SIDE} cells on a side and {MAX_AREA} in all"
        );
    }
    Ok(())
}

fn size_or(args: &GenArgs, default: Size) -> Size {
    args.size.map_or(default, |s| s.0)
}

fn square(args: &GenArgs, default: u32, what: &str) -> Result<u32> {
    let s = size_or(args, Size::new(default, default));
    if s.width != s.height {
        bail!("--size {s}: {what} is square; give NxN or N");
    }
    Ok(s.width)
}

/// A scale in pixels per cell that draws `cells` cells across in about 720 pixels.
fn scale_for(cells: u32) -> u32 {
    (720 / cells.max(1)).clamp(1, 8)
}

fn legend(items: &[(Rgb, &str)]) -> Vec<(Rgb, String)> {
    items.iter().map(|(c, s)| (*c, (*s).to_string())).collect()
}

fn gen_maze(args: &GenArgs, seed: Seed, png: Option<&Path>) -> Result<String> {
    let size = size_or(args, Size::new(41, 25));
    let difficulty = args.difficulty.map_or(Difficulty::HARDEST, |d| d.0);
    let m = maze(seed, size.width, size.height, difficulty).context("cannot generate the maze")?;
    let mut out = String::with_capacity(size.area() + size.height as usize);
    for y in 0..size.height as i32 {
        out.extend(m.row(y).unwrap_or_default().iter().map(|&c| if c == PATH { '.' } else { '#' }));
        out.push('\n');
    }
    if let Some(path) = png {
        let cells = m.map(|&c| if c == PATH { MAZE_PATH } else { MAZE_WALL });
        let title = format!("maze {size} difficulty {}", difficulty.get());
        picture::write(
            path,
            &[Panel { title, cells }],
            1,
            scale_for(size.width.max(size.height)),
            &legend(&[(MAZE_PATH, "path (0)"), (MAZE_WALL, "wall (1)")]),
        )?;
    }
    Ok(out)
}

fn cave_glyph(c: CaveCell) -> char {
    match c {
        CaveCell::Floor => '.',
        CaveCell::Wall => '#',
        CaveCell::Rock => ' ',
    }
}

fn cave_color(c: CaveCell) -> Rgb {
    match c {
        CaveCell::Floor => FLOOR,
        CaveCell::Wall => WALL,
        CaveCell::Rock => ROCK,
    }
}

fn gen_cave(args: &GenArgs, seed: Seed, png: Option<&Path>) -> Result<String> {
    let size = size_or(args, Size::new(80, 40));
    // The bit-parallel automaton: the same cave as `cave`, cell for cell, much faster.
    let c = cave_bitwise(seed, size, &CaveParams::default()).context("cannot generate the cave")?;
    let mut out = String::new();
    for y in 0..size.height as i32 {
        out.extend(c.row(y).unwrap_or_default().iter().map(|&x| cave_glyph(x)));
        out.push('\n');
    }
    if let Some(path) = png {
        let title = format!("cave {size}: r 0.5, T 5, 4 iterations");
        picture::write(
            path,
            &[Panel { title, cells: c.map(|&x| cave_color(x)) }],
            1,
            scale_for(size.width.max(size.height)),
            &legend(&[(FLOOR, "floor"), (WALL, "wall"), (ROCK, "rock")]),
        )?;
    }
    Ok(out)
}

fn gen_caves(args: &GenArgs, seed: Seed, png: Option<&Path>) -> Result<String> {
    let defaults = CaveLevelsParams::default();
    let size = size_or(args, Size::new(defaults.width, defaults.height));
    let params = CaveLevelsParams {
        width: size.width,
        height: size.height,
        depth: args.depth.unwrap_or(defaults.depth),
        ..defaults
    };
    let caves = cave_levels(seed, &params).context("cannot generate the caves")?;
    let glyph = |t: LevelCell| match t {
        LevelCell::Floor => '.',
        LevelCell::StairsUp => '<',
        LevelCell::StairsDown => '>',
        _ => '#',
    };
    let mut out = String::new();
    for (z, level) in caves.levels().iter().enumerate() {
        if z > 0 {
            out.push('\n');
        }
        for y in 0..size.height as i32 {
            out.extend(
                (0..size.width as i32).map(|x| level.tile(Point::new(x, y)).map_or('#', glyph)),
            );
            out.push('\n');
        }
    }
    if let Some(path) = png {
        let panels: Vec<Panel> = caves
            .levels()
            .iter()
            .enumerate()
            .map(|(z, level)| {
                let cells = level.grid().map(|&t| match t {
                    LevelCell::Floor => FLOOR,
                    LevelCell::StairsUp => STAIRS_UP,
                    LevelCell::StairsDown => STAIRS_DOWN,
                    _ => ROCK,
                });
                let mut cells = cells;
                if z == 0
                    && let Some(c) = cells.get_mut(caves.exit())
                {
                    *c = EXIT;
                }
                let title = if z == 0 { "level 0 (top)".to_string() } else { format!("level {z}") };
                Panel { title, cells }
            })
            .collect();
        let columns = if panels.len() > 1 && size.width <= size.height * 2 { 3 } else { 2 };
        let width_cells = size.width * columns.min(panels.len()) as u32;
        picture::write(
            path,
            &panels,
            columns,
            scale_for(width_cells).min(4),
            &legend(&[
                (FLOOR, "floor"),
                (ROCK, "wall"),
                (STAIRS_DOWN, "stairs down >"),
                (STAIRS_UP, "stairs up <"),
                (EXIT, "exit (up, level 0)"),
            ]),
        )?;
    }
    Ok(out)
}

/// A window of the overworld, stitched: its cells, chests and the player's spawn, in
/// window coordinates.
struct Stitched {
    cells: Grid<CaveCell>,
    chests: Vec<Point>,
    spawn: Option<Point>,
    side: u32,
    window: RegionWindow,
}

fn gen_overworld(
    args: &GenArgs,
    seed: Seed,
    png: Option<&Path>,
    config: &torchlit_save::Config,
) -> Result<String> {
    let configured = torchlit_ui::overworld::rules_from_config(config).world;
    let side = square(args, configured.region_size, "a region")?;
    let params = OverworldParams { region_size: side, ..configured };
    let world = Overworld::new(seed, params).context("cannot make the world")?;
    let window = args
        .regions
        .unwrap_or(RegionWindow { from: RegionCoord::new(-1, -1), to: RegionCoord::new(1, 1) });
    let stitched = stitch(&world, window, side)?;
    let mut text = Grid::from_fn(stitched.cells.size(), |p| cave_glyph(stitched.cells[p]));
    for &c in &stitched.chests {
        if let Some(t) = text.get_mut(c) {
            *t = '$';
        }
    }
    if let Some(t) = stitched.spawn.and_then(|s| text.get_mut(s)) {
        *t = '@';
    }
    let mut out = String::new();
    for y in 0..text.size().height as i32 {
        out.extend(text.row(y).unwrap_or_default());
        out.push('\n');
    }
    if let Some(path) = png {
        overworld_picture(path, &stitched)?;
    }
    Ok(out)
}

/// The regions of `window` side by side, with their chests and the player's spawn.
///
/// # Errors
/// A window of too many regions or cells, or a region that cannot be made.
fn stitch(world: &Overworld, window: RegionWindow, side: u32) -> Result<Stitched> {
    let (nx, ny) = (
        i64::from(window.to.x) - i64::from(window.from.x) + 1,
        i64::from(window.to.y) - i64::from(window.from.y) + 1,
    );
    if nx * ny > MAX_WINDOW_REGIONS {
        bail!("--regions: {nx}x{ny} regions is too many; at most {MAX_WINDOW_REGIONS}");
    }
    if nx * ny * i64::from(side) * i64::from(side) > MAX_WINDOW_CELLS {
        bail!(
            "--regions with --size {side}: {nx}x{ny} regions of {side}x{side} is too many cells; \
             at most {MAX_WINDOW_CELLS}"
        );
    }
    let (w, h) = (nx as u32 * side, ny as u32 * side);
    let mut cells = Grid::new(Size::new(w, h), CaveCell::Rock);
    let mut chests = Vec::new();
    for ry in 0..ny as i32 {
        for rx in 0..nx as i32 {
            let at = RegionCoord::new(window.from.x + rx, window.from.y + ry);
            let region = world.region(at).with_context(|| format!("region {},{}", at.x, at.y))?;
            let origin = Point::new(rx * side as i32, ry * side as i32);
            for (p, &c) in region.cells().iter() {
                if let Some(cell) = cells.get_mut(Point::new(origin.x + p.x, origin.y + p.y)) {
                    *cell = c;
                }
            }
            chests
                .extend(region.chests().iter().map(|c| Point::new(origin.x + c.x, origin.y + c.y)));
        }
    }
    // The player's spawn (CaveGame §2.4.4: the nearest spawnable cell to (0, 0)), if it
    // falls in the window.
    let world_origin = region_to_world(window.from, Point::new(0, 0), side)
        .context("--regions lies outside the world")?;
    let spawn = world
        .spawn(Point::new(0, 0), 200)
        .ok()
        .map(|p| Point::new(p.x - world_origin.x, p.y - world_origin.y))
        .filter(|p| cells.contains(*p));
    Ok(Stitched { cells, chests, spawn, side, window })
}

/// `gen overworld --png`: the stitched window, region borders marked faintly.
fn overworld_picture(path: &Path, stitched: &Stitched) -> Result<()> {
    let Stitched { cells, chests, spawn, side, window } = stitched;
    let s = *side as i32;
    let mut colors = Grid::from_fn(cells.size(), |p| {
        let c = cave_color(cells[p]);
        // Region borders, marked faintly along each region's north and west edges.
        if p.x % s == 0 || p.y % s == 0 { blend(c, BORDER, 0.22) } else { c }
    });
    for &c in chests {
        if let Some(px) = colors.get_mut(c) {
            *px = CHEST;
        }
    }
    if let Some(px) = spawn.and_then(|s| colors.get_mut(s)) {
        *px = SPAWN;
    }
    let title = format!(
        "overworld, regions {},{}..{},{} of {side}x{side}",
        window.from.x, window.from.y, window.to.x, window.to.y
    );
    let size = cells.size();
    picture::write(
        path,
        &[Panel { title, cells: colors }],
        1,
        scale_for(size.width.max(size.height)),
        &legend(&[
            (FLOOR, "floor"),
            (WALL, "wall"),
            (ROCK, "rock"),
            (CHEST, "chest"),
            (SPAWN, "spawn"),
            (blend(FLOOR, BORDER, 0.22), "region border"),
        ]),
    )
}

fn direction_name(d: CardinalDirection) -> &'static str {
    match d {
        CardinalDirection::North => "north",
        CardinalDirection::East => "east",
        CardinalDirection::South => "south",
        CardinalDirection::West => "west",
    }
}

/// The colour of an area: spawn green, boss red, maze areas from pale to deep by
/// difficulty.
fn area_color(kind: AreaKind, difficulty: Option<Difficulty>) -> Rgb {
    match (kind, difficulty.map(Difficulty::get)) {
        (AreaKind::Spawn, _) => [70, 190, 90],
        (AreaKind::Boss, _) => [220, 40, 40],
        (_, Some(8..)) => [120, 200, 230],
        (_, Some(6..=7)) => [90, 140, 230],
        (_, Some(4..=5)) => [150, 90, 220],
        _ => [200, 70, 170],
    }
}

/// Where a level chain's areas lie: the smallest area coordinates and the grid's size in
/// areas.
#[derive(Clone, Copy)]
struct ChainBounds {
    min: Point,
    columns: usize,
    rows: usize,
}

impl ChainBounds {
    fn of(areas: &[ChainArea]) -> ChainBounds {
        let min_x = areas.iter().map(|a| a.at.x).min().unwrap_or(0);
        let min_y = areas.iter().map(|a| a.at.y).min().unwrap_or(0);
        let max_x = areas.iter().map(|a| a.at.x).max().unwrap_or(0);
        let max_y = areas.iter().map(|a| a.at.y).max().unwrap_or(0);
        ChainBounds {
            min: Point::new(min_x, min_y),
            columns: (max_x - min_x + 1) as usize,
            rows: (max_y - min_y + 1) as usize,
        }
    }
}

fn gen_chain(args: &GenArgs, seed: Seed, png: Option<&Path>) -> Result<String> {
    let length = args.length.unwrap_or(torchlit_sim::modes::maze::DEFAULT_LEVEL_LENGTH);
    let chain = level_chain(seed, length).context("cannot generate the level chain")?;
    let areas = chain.areas();
    let bounds = ChainBounds::of(areas);
    let mut out = chain_drawing(areas, bounds);
    out.push('\n');
    for (i, a) in areas.iter().enumerate() {
        let _ = write!(
            out,
            "{i:>3} {:<6} at {:>3},{:<3} side {:>2}",
            a.kind.name(),
            a.at.x,
            a.at.y,
            a.kind.side()
        );
        if let Some(d) = a.difficulty {
            let _ = write!(out, "  difficulty {}", d.get());
        }
        if let Some(d) = a.entry {
            let _ = write!(out, "  entry {}", direction_name(d));
        }
        if let Some(d) = a.exit {
            let _ = write!(out, "  exit {}", direction_name(d));
        }
        out.push('\n');
    }
    if let Some(path) = png {
        chain_picture(path, areas, bounds, length)?;
    }
    Ok(out)
}

/// The chain as text: each area a letter two columns apart, links as - and |.
fn chain_drawing(areas: &[ChainArea], bounds: ChainBounds) -> String {
    let mut grid = vec![vec![' '; 4 * bounds.columns - 3]; 2 * bounds.rows - 1];
    for a in areas {
        let cx = 4 * (a.at.x - bounds.min.x) as usize;
        let cy = 2 * (a.at.y - bounds.min.y) as usize;
        grid[cy][cx] = match a.kind {
            AreaKind::Spawn => 'S',
            AreaKind::Boss => 'B',
            AreaKind::Small => 's',
            AreaKind::Medium => 'm',
            AreaKind::Large => 'l',
        };
        if let Some(d) = a.exit {
            match d {
                CardinalDirection::East => grid[cy][cx + 1..cx + 4].fill('-'),
                CardinalDirection::North => grid[cy - 1][cx] = '|',
                CardinalDirection::South => grid[cy + 1][cx] = '|',
                CardinalDirection::West => grid[cy][cx - 3..cx].fill('-'),
            }
        }
    }
    let mut out = String::new();
    for row in &grid {
        let line: String = row.iter().collect();
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out
}

/// `gen level-chain --png`: each area is a 32x32 box (its maze drawn inside, scaled to
/// fit) in a 40x40 slot; links are bars across the gaps.
fn chain_picture(path: &Path, areas: &[ChainArea], bounds: ChainBounds, length: u32) -> Result<()> {
    let size = Size::new(bounds.columns as u32 * SLOT as u32, bounds.rows as u32 * SLOT as u32);
    let mut px = Grid::new(size, [24, 24, 28]);
    for a in areas {
        let x0 = (a.at.x - bounds.min.x) * SLOT + (SLOT - BOX) / 2;
        let y0 = (a.at.y - bounds.min.y) * SLOT + (SLOT - BOX) / 2;
        draw_area(&mut px, a, Point::new(x0, y0))?;
    }
    let title = format!("level chain, length {length}");
    picture::write(
        path,
        &[Panel { title, cells: px }],
        1,
        1,
        &legend(&[
            (area_color(AreaKind::Spawn, None), "spawn"),
            (area_color(AreaKind::Small, Some(Difficulty::EASY)), "easy"),
            (area_color(AreaKind::Small, Some(Difficulty::MEDIUM)), "medium"),
            (area_color(AreaKind::Small, Some(Difficulty::HARD)), "hard"),
            (area_color(AreaKind::Small, Some(Difficulty::HARDEST)), "hardest"),
            (area_color(AreaKind::Boss, None), "boss"),
            (LINK, "link"),
        ]),
    )
}

/// The pixels of one area's slot in `gen level-chain --png`.
const SLOT: i32 = 40;
/// The pixels of one area's box inside its slot.
const BOX: i32 = 32;
/// The colour of a link between areas.
const LINK: Rgb = [150, 150, 150];

/// Draws area `a` as a box with its top-left pixel at `corner`: its link to the next area,
/// its border and its maze (paths pale, walls dark).
fn draw_area(px: &mut Grid<Rgb>, a: &ChainArea, corner: Point) -> Result<()> {
    let color = area_color(a.kind, a.difficulty);
    if let Some(d) = a.exit {
        let c = Point::new(corner.x + BOX / 2, corner.y + BOX / 2);
        let o = d.offset();
        for t in 0..SLOT {
            for k in -2..=2 {
                let p =
                    Point::new(c.x + o.dx * t + o.dy.abs() * k, c.y + o.dy * t + o.dx.abs() * k);
                if let Some(v) = px.get_mut(p) {
                    *v = LINK;
                }
            }
        }
    }
    let maze = a.maze().context("cannot generate an area's maze")?;
    let scale = BOX / a.kind.side() as i32;
    for y in 0..BOX {
        for x in 0..BOX {
            let cell = Point::new(x / scale, y / scale);
            let inside = match &maze {
                Some(m) => m.get(cell).is_some_and(|&c| c == PATH),
                None => true,
            };
            let border = x == 0 || y == 0 || x == BOX - 1 || y == BOX - 1;
            let v = if border {
                color
            } else if inside {
                blend(color, [255, 255, 255], 0.75)
            } else {
                blend(color, [0, 0, 0], 0.35)
            };
            if let Some(p) = px.get_mut(Point::new(corner.x + x, corner.y + y)) {
                *p = v;
            }
        }
    }
    Ok(())
}

fn gen_rooms(args: &GenArgs, seed: Seed, png: Option<&Path>) -> Result<String> {
    let n = square(args, 30, "a dungeon")?;
    let (d, rooms) = torchlit_sim::modes::chase::generate_with_rooms(seed, n)
        .context("cannot generate the dungeon")?;
    if let Some(path) = png {
        let mut cells = d.map.grid().map(|&t| match t {
            Tile::Floor => ROOM,
            Tile::Hallway => HALLWAY,
            _ => DUNGEON_WALL,
        });
        for &p in &d.potions {
            if let Some(c) = cells.get_mut(p) {
                *c = POTION;
            }
        }
        for m in &d.monsters {
            if let Some(c) = cells.get_mut(m.at) {
                *c = MONSTER;
            }
        }
        if let Some(c) = cells.get_mut(d.hero) {
            *c = HERO;
        }
        let monster = d.monsters.first().map_or('?', |m| m.glyph);
        picture::write(
            path,
            &[Panel { title: format!("dungeon {n}x{n}, {} rooms", rooms.len()), cells }],
            1,
            scale_for(n),
            &[
                (ROOM, "room .".to_string()),
                (HALLWAY, "hallway +".to_string()),
                (DUNGEON_WALL, "wall".to_string()),
                (HERO, "hero @".to_string()),
                (MONSTER, format!("monster {monster}")),
                (POTION, "speed potion s".to_string()),
            ],
        )?;
    }
    Ok(d.to_text())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_parse_and_refuse_garbage() {
        assert_eq!("80x40".parse::<SizeArg>(), Ok(SizeArg(Size::new(80, 40))));
        assert_eq!("30".parse::<SizeArg>(), Ok(SizeArg(Size::new(30, 30))));
        assert!("80x".parse::<SizeArg>().is_err());
        assert!("-3x4".parse::<SizeArg>().is_err());
        let w: RegionWindow = "-2,-1..3,4".parse().expect("valid");
        assert_eq!((w.from, w.to), (RegionCoord::new(-2, -1), RegionCoord::new(3, 4)));
        assert!("3,0..1,0".parse::<RegionWindow>().is_err());
        assert!("1,2".parse::<RegionWindow>().is_err());
        assert_eq!("Hard".parse::<DifficultyArg>(), Ok(DifficultyArg(Difficulty::HARD)));
        assert!("0".parse::<DifficultyArg>().is_err());
        assert!("5".parse::<DifficultyArg>().is_ok());
    }
}
