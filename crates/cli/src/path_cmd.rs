//! `torchlit distances` and `torchlit path`: distance fields and A* on any map file.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use anyhow::{Context, Result};
use torchlit_path::{DijkstraMap, Moves, PathGrid, Rule, Search, StepCosts};
use torchlit_sim::formats::{AnyMap, parse_any};
use torchlit_sim::modes::chase::path_grid;

use crate::args::Coord;

/// `--costs C,D`: the cardinal and diagonal step costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CostsArg(pub StepCosts);

impl FromStr for CostsArg {
    type Err = String;
    fn from_str(s: &str) -> Result<CostsArg, String> {
        let bad = || format!("expected C,D (two whole numbers from 1 to 65535), found {s:?}");
        let (c, d) = s.split_once(',').ok_or_else(bad)?;
        let num = |t: &str| t.trim().parse::<u32>().map_err(|_| bad());
        StepCosts::new(num(c)?, num(d)?).map(CostsArg).map_err(|e| e.to_string())
    }
}

fn parse_moves(s: &str) -> Result<Moves, String> {
    s.parse()
}

/// The options `distances` and `path` share.
#[derive(Debug, clap::Args)]
pub struct RuleArgs {
    /// Which neighbours: 4, 8, or `rooms` (the rule of the DM503 Rogue project, University
    /// of Southern Denmark, 2010: 8 from a room cell, 4 from a hallway `+` cell of a dungeon). Default: `rooms` on a dungeon file, 4 on others.
    #[arg(long, value_parser = parse_moves)]
    pub moves: Option<Moves>,
    /// Step costs `C,D`: cardinal and diagonal (libtcod's `dijkstra2d` model; each
    /// from 1 to 65535).
    #[arg(long, value_name = "C,D", default_value = "1,1")]
    pub costs: CostsArg,
}

impl RuleArgs {
    /// The rule for a map: `--moves`, else the DM503 Rogue rule on dungeons and 4-way on
    /// other maps.
    fn rule(&self, dungeon: bool) -> Rule {
        let default = if dungeon { Moves::Rooms } else { Moves::Four };
        Rule::new(self.moves.unwrap_or(default), self.costs.0)
    }
}

/// `torchlit distances MAP --from X,Y [--moves 4|8|rooms] [--costs C,D]`.
#[derive(Debug, clap::Args)]
pub struct DistancesArgs {
    /// The map file: an Ultima world, a dungeon or an ASCII map (detected from its content).
    pub map: PathBuf,
    /// The source cell, `X,Y` (map space: (0, 0) top-left, y down).
    #[arg(long, value_name = "X,Y", allow_hyphen_values = true)]
    pub from: Coord,
    /// The movement rule and its costs.
    #[command(flatten)]
    pub rule: RuleArgs,
}

/// `torchlit path MAP --from X,Y --to X,Y [--moves 4|8|rooms] [--costs C,D]`.
#[derive(Debug, clap::Args)]
pub struct PathArgs {
    /// The map file: an Ultima world, a dungeon or an ASCII map (detected from its content).
    pub map: PathBuf,
    /// The start cell, `X,Y`.
    #[arg(long, value_name = "X,Y", allow_hyphen_values = true)]
    pub from: Coord,
    /// The goal cell, `X,Y`.
    #[arg(long, value_name = "X,Y", allow_hyphen_values = true)]
    pub to: Coord,
    /// The movement rule and its costs.
    #[command(flatten)]
    pub rule: RuleArgs,
}

/// The map as the pathfinder sees it (passable tiles at cost 1, dungeon hallways
/// narrow), and whether it is a dungeon.
fn load_grid(path: &Path) -> Result<(PathGrid, bool)> {
    let bytes = crate::commands::read(path)?;
    let map = parse_any(&bytes).map_err(|e| e.in_file(path.display().to_string()))?;
    let grid = path_grid(map.tiles()).with_context(|| path.display().to_string())?;
    Ok((grid, matches!(map, AnyMap::Dungeon(_))))
}

/// Prints the distance field: H lines of W integers, `-1` where unreachable.
pub fn distances(args: &DistancesArgs) -> Result<()> {
    let (grid, dungeon) = load_grid(&args.map)?;
    let field = DijkstraMap::from_sources(&grid, args.rule.rule(dungeon), [args.from.0])
        .with_context(|| format!("--from {}", args.from.0))?;
    let size = grid.size();
    let mut out = String::with_capacity(size.area() * 3);
    for y in 0..size.height as i32 {
        for x in 0..size.width as i32 {
            if x > 0 {
                out.push(' ');
            }
            match field.get(torchlit_geom::Point::new(x, y)) {
                Some(c) => {
                    let _ = write!(out, "{c}");
                }
                None => out.push_str("-1"),
            }
        }
        out.push('\n');
    }
    print!("{out}");
    Ok(())
}

/// Prints the cost of a cheapest path, then its cells (`x,y` separated by spaces); only
/// `-1` when the goal cannot be reached.
pub fn path(args: &PathArgs) -> Result<()> {
    let (grid, dungeon) = load_grid(&args.map)?;
    let found = Search::new()
        .astar(&grid, args.rule.rule(dungeon), args.from.0, args.to.0)
        .context("--from/--to")?;
    match found {
        Some(p) => {
            let cells: Vec<String> = p.cells.iter().map(ToString::to_string).collect();
            println!("{}\n{}", p.cost, cells.join(" "));
        }
        None => println!("-1"),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn costs_parse_and_refuse_zero() {
        assert_eq!("10,14".parse::<CostsArg>().map(|c| c.0.diagonal()), Ok(14));
        assert!("0,1".parse::<CostsArg>().is_err());
        assert!("1".parse::<CostsArg>().is_err());
        assert!("a,b".parse::<CostsArg>().is_err());
    }
}
