//! Things the hero picks up by walking over them (seed §2.5, §2.6.1, §5.2).
//!
//! All are traversable, accept only contact interactions, and leave the area when
//! collected. The pickaxe and keys are equipment; hearts heal; the treasure ends the game.

use torchlit_geom::Point;

use super::rules::KeyNumber;

/// The pickaxe: breaks rocks and hits enemies once collected (seed §2.5, §3.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Pickaxe {
    /// Where it lies (map space).
    pub at: Point,
}

/// A heart: +1 life (seed §4.2), animated in a 24-tick cycle (appendix 7.3.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Heart {
    /// Where it lies (map space).
    pub at: Point,
}

/// A key with its identifier (seed §2.6.1): opens the portals locked with the same one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Key {
    /// Where it lies (map space).
    pub at: Point,
    /// Its identifier (a Java `int` in ICMaze).
    pub id: KeyNumber,
}

/// The treasure that appears in `Spawn` once its challenge is solved (seed §5.2);
/// collecting it ends the game in victory (seed §6.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Treasure {
    /// Where it lies (map space).
    pub at: Point,
}
