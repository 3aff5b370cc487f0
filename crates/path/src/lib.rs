//! Pathfinding on grids: movement rules, distance fields (Dijkstra maps) and A*.
//!
//! - [`PathGrid`]: what the pathfinder knows of a map, built from a closure
//!   (`|p| -> Option<Cost>` or `|p| -> bool`): which cells can be entered, the cost of
//!   entering each, and which cells are narrow (hallways). It never sees the game's types.
//! - [`Rule`]: movement rules as values: [`Moves::Four`], [`Moves::Eight`] and DM503 Rogue's
//!   [`Moves::Rooms`] (8 neighbours from a room cell, 4 from a hallway cell), each with
//!   [`StepCosts`] (cardinal, diagonal). Diagonal steps follow libtcod's model: no
//!   corner-cutting check.
//! - [`DijkstraMap`]: multi-source breadth-first search and Dijkstra maps, any number of
//!   sources or goals, integer costs, unreachable cells marked; values equal to
//!   python-tcod's `dijkstra2d` for the same costs. [`DijkstraMap::downhill`] and
//!   [`DijkstraMap::uphill`] pick steps, with a hook for the caller to rank ties.
//! - [`Search`]: A* with a reusable context (generation stamps, a bucket queue), whose
//!   path cost always equals the Dijkstra map's value.
//!
//! Coordinates are map space (`(0, 0)` top-left, `x` east, `y` south; see
//! `torchlit-geom`). What this crate leaves out: any notion of tiles, actors or games,
//! floating-point costs, and movement that depends on more than the cell a step leaves and
//! the cell it enters.
//!
//! ```
//! use torchlit_geom::{Point, Size};
//! use torchlit_path::{Cost, DijkstraMap, PathGrid, Rule, Search};
//!
//! let rows = ["#######", "#..#..#", "#..#..#", "#.....#", "#######"];
//! let grid = PathGrid::from_passable(Size::new(7, 5), |p| {
//!     rows[p.y as usize].as_bytes()[p.x as usize] != b'#'
//! })?;
//! let (a, b) = (Point::new(1, 1), Point::new(5, 1));
//! let field = DijkstraMap::from_sources(&grid, Rule::EIGHT, [a])?;
//! let path = Search::new().astar(&grid, Rule::EIGHT, a, b)?.expect("connected");
//! assert_eq!(path.cost, Cost(4));
//! assert_eq!(field.get(b), Some(path.cost));
//! # Ok::<(), torchlit_path::PathError>(())
//! ```

mod astar;
mod cost;
mod dijkstra;
mod error;
mod grid;
mod queue;
mod rule;

pub use astar::{Path, Search, astar};
pub use cost::Cost;
pub use dijkstra::{DijkstraMap, Flow};
pub use error::PathError;
pub use grid::PathGrid;
pub use rule::{Moves, Rule, StepCosts};
