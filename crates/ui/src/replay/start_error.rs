//! Why a recorded game can't be started again, or a recorder can't be made for one.

use torchlit_sim::formats::ParseError;
use torchlit_sim::modes::caves::CavesError;
use torchlit_sim::modes::chase::ChaseError;
use torchlit_sim::modes::maze::MazeError;
use torchlit_sim::modes::overworld::OverworldError;

/// Why the start a recording's header describes can't be rebuilt (or written).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StartError {
    /// The mode's options in the header don't decode (or can't be encoded).
    #[error("the {mode} options: {source}")]
    Options {
        /// The mode whose options they are.
        mode: &'static str,
        /// What postcard said.
        #[source]
        source: postcard::Error,
    },
    /// Options of a layout version this torchlit does not know (a newer file).
    #[error("{mode} options version {version} is unknown")]
    UnknownVersion {
        /// The mode whose options they are.
        mode: &'static str,
        /// The version found.
        version: u32,
    },
    /// The header names a bundled file instead of keeping it.
    #[error("bundled file {0:?} is not kept")]
    BundledFile(String),
    /// The header keeps no start file, and the mode needs one.
    #[error("the recording holds no start file")]
    NoStartFile,
    /// The kept world or dungeon does not parse.
    #[error(transparent)]
    File(#[from] ParseError),
    /// The maze can't be built from the options.
    #[error(transparent)]
    Maze(#[from] MazeError),
    /// The caves can't be built from the options.
    #[error(transparent)]
    Caves(#[from] CavesError),
    /// A built-in strategy index no strategy has.
    #[error("unknown {role} strategy {index}")]
    UnknownStrategy {
        /// `hero` or `monster`.
        role: &'static str,
        /// The index in the header.
        index: u8,
    },
    /// A side is a script, and no script loader was given.
    #[error("the {role} is the script {name}, and scripts can't run here")]
    NoScripts {
        /// `hero` or `monster`.
        role: &'static str,
        /// The script's name.
        name: String,
    },
    /// The script loader refused a script.
    #[error("the {role}'s script {name}: {reason}")]
    Script {
        /// `hero` or `monster`.
        role: &'static str,
        /// The script's name.
        name: String,
        /// What the loader said.
        reason: String,
    },
    /// A strategy a recording can't keep (neither built in nor a script with its source).
    #[error("the strategy {0} is neither built in nor a script kept whole")]
    NotKeepable(String),
    /// The chase refused the dungeon (not exactly one monster, too large).
    #[error(transparent)]
    Chase(#[from] ChaseError),
    /// The overworld can't be built from the options.
    #[error(transparent)]
    Overworld(#[from] OverworldError),
    /// A person's chase keeps its dungeon in the recording, and this one keeps none.
    #[error("the recording holds no dungeon")]
    NoDungeon,
    /// A person's chase names an opponent strategy no built-in one has.
    #[error("unknown opponent strategy {0}")]
    UnknownOpponent(usize),
}
