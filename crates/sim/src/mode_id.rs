//! [`ModeId`]: which of the five games, by name.

use std::fmt;
use std::str::FromStr;

/// One of torchlit's five games (a *mode*), named by its lowercase name everywhere a
/// name is written: the command line (`torchlit play caves`), the browser (`/?play=caves`),
/// the config file's `[keys.caves]`, recordings' and saves' headers.
///
/// Not `#[non_exhaustive]`: a new mode is meant to fail every `match` that does not
/// handle it yet.
///
/// [`ModeId::as_str`], [`fmt::Display`], [`FromStr`] and (with the `serde` feature) serde
/// all use that name, so a recording or a config file written before this type existed
/// reads the same: serde writes the name as a string, byte for byte what a `String` field
/// held.
///
/// ```
/// use torchlit_sim::ModeId;
/// assert_eq!("caves".parse::<ModeId>(), Ok(ModeId::Caves));
/// assert_eq!(ModeId::Overworld.to_string(), "overworld");
/// assert!("tetris".parse::<ModeId>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ModeId {
    /// A torch-lit walk over an Ultima 0 world (CSCI 136's assignment).
    Ultima,
    /// Real-time mazes with keys, monsters and a boss (ICMaze, CS-107).
    Maze,
    /// Turn-based caves with a crowd (Trystan's roguelike tutorial).
    Caves,
    /// The endless, saved cave world (CaveGame).
    Overworld,
    /// A monster hunting a hero through a dungeon (the DM503 project).
    Chase,
}

impl ModeId {
    /// Every mode, in the order lists show them.
    pub const ALL: [ModeId; 5] =
        [ModeId::Ultima, ModeId::Maze, ModeId::Caves, ModeId::Overworld, ModeId::Chase];

    /// The mode's name: `"ultima"`, `"maze"`, `"caves"`, `"overworld"`, `"chase"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            ModeId::Ultima => "ultima",
            ModeId::Maze => "maze",
            ModeId::Caves => "caves",
            ModeId::Overworld => "overworld",
            ModeId::Chase => "chase",
        }
    }

    /// Every mode's name, comma-separated, for messages ("the modes are ...").
    pub fn names() -> String {
        ModeId::ALL.map(ModeId::as_str).join(", ")
    }
}

impl fmt::Display for ModeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A name that is no mode.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("there is no mode called {:?}; the modes are {}", shown(name), ModeId::names())]
pub struct UnknownMode {
    /// The name as given (messages quote at most 24 characters of it).
    pub name: String,
}

fn shown(name: &str) -> String {
    name.chars().take(24).collect()
}

impl FromStr for ModeId {
    type Err = UnknownMode;

    /// The mode of an exact lowercase name.
    fn from_str(name: &str) -> Result<ModeId, UnknownMode> {
        ModeId::ALL
            .into_iter()
            .find(|m| m.as_str() == name)
            .ok_or_else(|| UnknownMode { name: name.to_owned() })
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for ModeId {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for ModeId {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<ModeId, D::Error> {
        let name = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_back_and_nothing_else_does() {
        for mode in ModeId::ALL {
            assert_eq!(mode.as_str().parse::<ModeId>(), Ok(mode));
            assert_eq!(mode.to_string(), mode.as_str());
        }
        for bad in ["", "Caves", "cave", "chase-play", " caves"] {
            assert!(bad.parse::<ModeId>().is_err(), "{bad:?}");
        }
        let message = "tetris".parse::<ModeId>().err().map(|e| e.to_string());
        assert_eq!(
            message.as_deref(),
            Some(
                "there is no mode called \"tetris\"; the modes are ultima, maze, caves, overworld, chase"
            )
        );
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serde_writes_the_name_as_a_string_would() {
        for mode in ModeId::ALL {
            let as_string = postcard::to_allocvec(mode.as_str()).expect("encodes");
            assert_eq!(postcard::to_allocvec(&mode).expect("encodes"), as_string);
            assert_eq!(postcard::from_bytes::<ModeId>(&as_string), Ok(mode));
        }
        let other = postcard::to_allocvec("chase-play").expect("encodes");
        assert!(postcard::from_bytes::<ModeId>(&other).is_err());
    }
}
