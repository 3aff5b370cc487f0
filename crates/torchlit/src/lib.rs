//! torchlit: a roguelike toolkit.
//!
//! One facade over the toolkit crates, each usable on its own:
//!
//! | module | crate | what it gives you |
//! |---|---|---|
//! | [`geom`] | `torchlit-geom` | `Point`, `Size`, `Rect`, 4- and 8-way directions, `Grid<T>`, Bresenham lines identical to libtcod's |
//! | [`rng`] | `torchlit-rng` | one seeded, value-stable generator, text seeds, derived sub-seeds |
//! | [`map`] | `torchlit-map` | the `Terrain` trait, `TileMap<T>` of any terrain, map file formats with line-and-column errors |
//! | [`console`] | `torchlit-console` | `Frame` of `Cell`s (glyph, colours, sprite), `Input`, keymaps, the `Screen` trait and a screen stack, widgets |
//! | [`fov`] | `torchlit-fov` (feature `fov`) | field of view: libtcod's algorithms bit for bit, a torch flood fill, raycasting, light sources, memory |
//! | [`path`] | `torchlit-path` (feature `path`) | movement rules as values, BFS, Dijkstra maps, A* |
//! | [`procgen`] | `torchlit-procgen` (feature `procgen`) | mazes, caves, infinite regions, multi-level caves, rooms and hallways |
//! | [`term`] | `torchlit-term` (feature `term`) | run any `Screen` in a terminal, restored on quit, panic and signals |
//! | `window` | `torchlit-window` (feature `window`, off by default) | run any `Screen` in a desktop window: its scene as tiles with the mouse, or its frame in a real font |
//!
//! The same [`Screen`](console::Screen) runs in a terminal or in a desktop window (the
//! tutorial example's game: `examples/tutorial.rs` and `examples/tutorial_window.rs`):
//!
//! ```text
//! torchlit::term::run(&mut screen)?;          // feature `term` (on by default)
//! torchlit::window::run(Box::new(screen))?;   // feature `window`: tiles when the screen
//!                                             // has a scene, else its frame in a font
//! ```
//!
//! Coordinates everywhere: `(0, 0)` is the top-left cell, `x` grows east, `y` grows
//! south, one unit is one cell.
//!
//! ```
//! use torchlit::prelude::*;
//!
//! // A 9x5 room with a pillar, seen from the west end.
//! let size = Size::new(9, 5);
//! let pillar = Grid::from_fn(size, |p| p.x == 4 && p.y == 2);
//! let opaque = |p: Point| pillar.get(p).copied().unwrap_or(true);
//! let mut seen = Viewshed::new(size);
//! let fov = Fov { algorithm: Algorithm::Symmetric, radius: None, light_walls: true };
//! fov.compute(size, Point::new(1, 2), opaque, &mut seen)?;
//! assert!(seen.contains(Point::new(4, 2)), "the pillar itself is seen");
//! assert!(!seen.contains(Point::new(7, 2)), "the cell behind it is not");
//!
//! // The shortest 8-way path around it.
//! let grid = PathGrid::from_passable(size, |p| !opaque(p))?;
//! let path = astar(&grid, Rule::EIGHT, Point::new(1, 2), Point::new(7, 2))?;
//! assert_eq!(path.map(|p| p.cost), Some(Cost(6)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

/// The crate README's example, compiled as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

pub use torchlit_console as console;
#[cfg(feature = "fov")]
pub use torchlit_fov as fov;
pub use torchlit_geom as geom;
pub use torchlit_map as map;
#[cfg(feature = "path")]
pub use torchlit_path as path;
#[cfg(feature = "procgen")]
pub use torchlit_procgen as procgen;
pub use torchlit_rng as rng;
#[cfg(feature = "term")]
pub use torchlit_term as term;
#[cfg(feature = "window")]
pub use torchlit_window as window;

/// The names most games need, in one `use torchlit::prelude::*;`.
pub mod prelude {
    pub use torchlit_console::{
        Cell, CloseError, Frame, Input, Keymap, Rgb, Screen, Sprite, Stack, Transition,
    };
    #[cfg(feature = "fov")]
    pub use torchlit_fov::{Algorithm, Fov, Viewshed};
    pub use torchlit_geom::{
        CardinalDirection, Direction, Grid, Offset, Point, Radius, Rect, Size,
    };
    pub use torchlit_map::{Terrain, TileMap};
    #[cfg(feature = "path")]
    pub use torchlit_path::{Cost, DijkstraMap, PathGrid, Rule, Search, astar};
    pub use torchlit_rng::{Rng, Seed};
}
