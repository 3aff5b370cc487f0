//! The `overworld` keys: the commands of the play screen and their bindings from the
//! config's `[keys.overworld]` table.

use torchlit_geom::CardinalDirection;
use torchlit_save::Config;

use crate::{Input, Keymap};

use super::worlds::MODE;

/// What a key means on the `overworld` play screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OverworldCommand {
    /// Step one cell.
    Move(CardinalDirection),
    /// Rest a turn (the default game).
    Rest,
    /// Rest until healed, a monster comes near or 100 turns (the default game).
    RestLong,
    /// Show the inventory (and equip from it).
    Inventory,
    /// Show the keys.
    Help,
    /// Save and leave the world.
    Quit,
}

impl OverworldCommand {
    /// Every command, in the order the help lists them.
    pub const ALL: [OverworldCommand; 9] = [
        OverworldCommand::Move(CardinalDirection::North),
        OverworldCommand::Move(CardinalDirection::West),
        OverworldCommand::Move(CardinalDirection::South),
        OverworldCommand::Move(CardinalDirection::East),
        OverworldCommand::Rest,
        OverworldCommand::RestLong,
        OverworldCommand::Inventory,
        OverworldCommand::Help,
        OverworldCommand::Quit,
    ];

    /// The command's name in the config file's `[keys.overworld]` table.
    pub fn name(self) -> &'static str {
        match self {
            OverworldCommand::Move(CardinalDirection::North) => "north",
            OverworldCommand::Move(CardinalDirection::West) => "west",
            OverworldCommand::Move(CardinalDirection::South) => "south",
            OverworldCommand::Move(CardinalDirection::East) => "east",
            OverworldCommand::Rest => "rest",
            OverworldCommand::RestLong => "rest_long",
            OverworldCommand::Inventory => "inventory",
            OverworldCommand::Help => "help",
            OverworldCommand::Quit => "quit",
        }
    }

    /// What it does, for the help screen.
    pub fn help(self) -> &'static str {
        match self {
            OverworldCommand::Move(CardinalDirection::North) => "walk north",
            OverworldCommand::Move(CardinalDirection::West) => "walk west",
            OverworldCommand::Move(CardinalDirection::South) => "walk south",
            OverworldCommand::Move(CardinalDirection::East) => "walk east",
            OverworldCommand::Rest => "rest a turn: heal 1 health (monsters move)",
            OverworldCommand::RestLong => "rest until healed, a monster comes near or 100 turns",
            OverworldCommand::Inventory => "inventory: wield, wear or drop",
            OverworldCommand::Help => "this help",
            OverworldCommand::Quit => "save and leave the world (Esc: press it twice)",
        }
    }

    /// The command named `name` in the config.
    pub fn from_name(name: &str) -> Option<OverworldCommand> {
        OverworldCommand::ALL.into_iter().find(|c| c.name() == name)
    }
}

/// The default keys (the same as the built-in config): WASD and the arrows walk, `z` and
/// `.` rest a turn, `Z` and `R` rest until healed, `i` inventory, `?` help, `q`, `x` and
/// Esc save and leave.
pub fn default_keymap() -> Keymap<OverworldCommand> {
    use CardinalDirection::*;
    use OverworldCommand::*;
    let c = Input::Char;
    Keymap::new([
        (c('w'), Move(North)),
        (Input::Up, Move(North)),
        (c('a'), Move(West)),
        (Input::Left, Move(West)),
        (c('s'), Move(South)),
        (Input::Down, Move(South)),
        (c('d'), Move(East)),
        (Input::Right, Move(East)),
        (c('z'), Rest),
        (c('.'), Rest),
        (c('Z'), RestLong),
        (c('R'), RestLong),
        (c('i'), Inventory),
        (c('?'), Help),
        (c('q'), Quit),
        (c('x'), Quit),
        (Input::Esc, Quit),
    ])
}

/// A `[keys.overworld]` entry that can't be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum KeyConfigError {
    /// No command has this name.
    #[error(
        "{origin}: keys.overworld: unknown action {action:?} (the actions are north, west, south, east, rest, rest_long, inventory, help, quit)"
    )]
    UnknownAction {
        /// Where it was written.
        origin: String,
        /// The name (its first 24 characters).
        action: String,
    },
}

/// The keymap of the config: for every action in `[keys.overworld]`, its keys replace
/// the default ones ([`Keymap::with_overrides`]; the built-in config lists them all).
///
/// # Errors
/// [`KeyConfigError`] naming the file and line of an unknown action.
pub fn keymap_from_config(config: &Config) -> Result<Keymap<OverworldCommand>, KeyConfigError> {
    default_keymap()
        .with_overrides(&config.keys.overrides(MODE), OverworldCommand::from_name)
        .map_err(|action| KeyConfigError::UnknownAction {
            origin: config
                .keys
                .get(MODE, action)
                .map_or_else(|| "the config file".to_string(), |b| b.origin.to_string()),
            action: action.chars().take(24).collect(),
        })
}

/// The keys bound to `command`, in binding order.
pub fn keys_of(keymap: &Keymap<OverworldCommand>, command: OverworldCommand) -> Vec<Input> {
    keymap.bindings().iter().filter(|(_, c)| *c == command).map(|(i, _)| *i).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn the_built_in_config_gives_the_default_keys() {
        let k = keymap_from_config(&Config::defaults()).expect("valid");
        assert_eq!(k.get(Input::Char('w')), Some(OverworldCommand::Move(CardinalDirection::North)));
        assert_eq!(k.get(Input::Right), Some(OverworldCommand::Move(CardinalDirection::East)));
        assert_eq!(k.get(Input::Esc), Some(OverworldCommand::Quit));
        assert_eq!(k.bindings().len(), default_keymap().bindings().len());
    }

    #[test]
    fn a_config_entry_replaces_one_action() {
        let config =
            Config::parse("[keys.overworld]\nnorth = [\"k\", \"Ctrl-p\"]\n", Path::new("t.toml"))
                .expect("valid");
        let k = keymap_from_config(&config).expect("valid");
        let north = OverworldCommand::Move(CardinalDirection::North);
        assert_eq!(k.get(Input::Char('k')), Some(north));
        assert_eq!(k.get(Input::Ctrl('p')), Some(north));
        assert_eq!(k.get(Input::Char('w')), None, "w no longer walks north");
        assert_eq!(k.get(Input::Char('s')), Some(OverworldCommand::Move(CardinalDirection::South)));
        let bad =
            Config::parse("[keys.overworld]\nfly = [\"f\"]\n", Path::new("t.toml")).expect("toml");
        let err = keymap_from_config(&bad).expect_err("unknown action");
        assert!(
            err.to_string().starts_with("t.toml:2:1: keys.overworld: unknown action \"fly\""),
            "{err}"
        );
    }
}
