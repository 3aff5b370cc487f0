//! The `caves` keys: every command, its default keys, its name in the config file.

use torchlit_geom::Direction;

use crate::{Input, Keymap};

/// What a key means on the `caves` play screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CavesCommand {
    /// Walk, attack or dig one cell that way.
    Move(Direction),
    /// Let a turn pass.
    Wait,
    /// Walk down the stairs (`>`).
    Descend,
    /// Walk up the stairs (`<`), or leave by the exit on the top level.
    Ascend,
    /// Pick up what lies here.
    PickUp,
    /// Choose an item to drop.
    Drop,
    /// Choose an item to eat.
    Eat,
    /// Eat the food lying where you stand.
    EatHere,
    /// Choose an item to wear or wield (or take off).
    Wear,
    /// Show the pack.
    Inventory,
    /// Look around with a cursor.
    Look,
    /// Show the message history.
    History,
    /// Show every key.
    Help,
    /// Explore automatically until something comes up.
    Explore,
    /// Travel to stairs: then `>` or `<`.
    Travel,
    /// Travel to the nearest remembered item that is not a rock.
    TravelItem,
    /// Rest until healed, something comes into view, hunger changes, or 100 turns.
    Rest,
    /// Save and quit.
    Save,
}

impl CavesCommand {
    /// The name of the command in the config file's `[keys.caves]` table.
    pub fn name(self) -> &'static str {
        use Direction::*;
        match self {
            CavesCommand::Move(North) => "north",
            CavesCommand::Move(NorthEast) => "north_east",
            CavesCommand::Move(East) => "east",
            CavesCommand::Move(SouthEast) => "south_east",
            CavesCommand::Move(South) => "south",
            CavesCommand::Move(SouthWest) => "south_west",
            CavesCommand::Move(West) => "west",
            CavesCommand::Move(NorthWest) => "north_west",
            CavesCommand::Wait => "wait",
            CavesCommand::Descend => "descend",
            CavesCommand::Ascend => "ascend",
            CavesCommand::PickUp => "pick_up",
            CavesCommand::Drop => "drop",
            CavesCommand::Eat => "eat",
            CavesCommand::EatHere => "eat_here",
            CavesCommand::Wear => "wear",
            CavesCommand::Inventory => "inventory",
            CavesCommand::Look => "look",
            CavesCommand::History => "history",
            CavesCommand::Help => "help",
            CavesCommand::Explore => "explore",
            CavesCommand::Travel => "travel",
            CavesCommand::TravelItem => "travel_item",
            CavesCommand::Rest => "rest",
            CavesCommand::Save => "save",
        }
    }

    /// What it does, for the help screen and the README.
    pub fn help(self) -> &'static str {
        match self {
            CavesCommand::Move(_) => "walk; into a monster: attack; into a wall: dig (10 food)",
            CavesCommand::Wait => "wait a turn",
            CavesCommand::Descend => "walk down the stairs",
            CavesCommand::Ascend => "walk up the stairs (top level: leave the caves)",
            CavesCommand::PickUp => "pick up the item here",
            CavesCommand::Drop => "drop an item",
            CavesCommand::Eat => "eat an item (then -: what lies here)",
            CavesCommand::EatHere => "eat the food lying where you stand",
            CavesCommand::Wear => "wear or wield an item (again: take it off)",
            CavesCommand::Inventory => "show what you carry",
            CavesCommand::Look => "look around: move the cursor, Esc to stop",
            CavesCommand::History => "message history",
            CavesCommand::Help => "this help",
            CavesCommand::Explore => "auto-explore (any key stops)",
            CavesCommand::Travel => "travel: stairs (G next, Enter go, > < nearest, i item)",
            CavesCommand::TravelItem => "travel to the nearest item you saw (any key stops)",
            CavesCommand::Rest => "rest: until healed or disturbed, 100 turns at most",
            CavesCommand::Save => "save and quit",
        }
    }

    /// Every command, in the order the help lists them.
    pub fn all() -> [CavesCommand; 25] {
        use Direction::*;
        [
            CavesCommand::Move(North),
            CavesCommand::Move(South),
            CavesCommand::Move(West),
            CavesCommand::Move(East),
            CavesCommand::Move(NorthWest),
            CavesCommand::Move(NorthEast),
            CavesCommand::Move(SouthWest),
            CavesCommand::Move(SouthEast),
            CavesCommand::Wait,
            CavesCommand::Descend,
            CavesCommand::Ascend,
            CavesCommand::PickUp,
            CavesCommand::Drop,
            CavesCommand::Eat,
            CavesCommand::EatHere,
            CavesCommand::Wear,
            CavesCommand::Inventory,
            CavesCommand::Look,
            CavesCommand::History,
            CavesCommand::Explore,
            CavesCommand::Travel,
            CavesCommand::TravelItem,
            CavesCommand::Rest,
            CavesCommand::Help,
            CavesCommand::Save,
        ]
    }

    /// The command of a config name.
    pub fn from_name(name: &str) -> Option<CavesCommand> {
        CavesCommand::all().into_iter().find(|c| c.name() == name)
    }
}

/// The default keys: vi keys, arrows and the number pad walk (the tutorial's `h j k l y u b
/// n` and arrows), `.` `5` `s` wait, `Z` `R` rest, `<` `>` stairs, `g` `,` pick up, `d`
/// drop, `e` eat (`-` what lies here), `w` wear or wield, `i` inventory, `x` look, `Ctrl-P` history, `o`
/// explore, `G` travel to stairs, `T` travel to an item, `?` help, `S` save and quit.
pub fn default_bindings() -> Vec<(Input, CavesCommand)> {
    use CavesCommand::*;
    use Direction::*;
    let c = Input::Char;
    vec![
        (c('k'), Move(North)),
        (Input::Up, Move(North)),
        (c('8'), Move(North)),
        (c('j'), Move(South)),
        (Input::Down, Move(South)),
        (c('2'), Move(South)),
        (c('h'), Move(West)),
        (Input::Left, Move(West)),
        (c('4'), Move(West)),
        (c('l'), Move(East)),
        (Input::Right, Move(East)),
        (c('6'), Move(East)),
        (c('y'), Move(NorthWest)),
        (c('7'), Move(NorthWest)),
        (c('u'), Move(NorthEast)),
        (c('9'), Move(NorthEast)),
        (c('b'), Move(SouthWest)),
        (c('1'), Move(SouthWest)),
        (c('n'), Move(SouthEast)),
        (c('3'), Move(SouthEast)),
        (c('.'), Wait),
        (c('5'), Wait),
        (c('s'), Wait),
        (c('Z'), Rest),
        (c('R'), Rest),
        (c('>'), Descend),
        (c('<'), Ascend),
        (c('g'), PickUp),
        (c(','), PickUp),
        (c('d'), Drop),
        (c('e'), Eat),
        (c('-'), EatHere),
        (c('w'), Wear),
        (c('i'), Inventory),
        (c('x'), Look),
        (Input::Ctrl('p'), History),
        (c('o'), Explore),
        (c('G'), Travel),
        (c('T'), TravelItem),
        (c('?'), Help),
        (c('S'), Save),
        // Every other screen leaves with q: here it saves first.
        (c('q'), Save),
    ]
}

/// The default keymap.
pub fn default_keymap() -> Keymap<CavesCommand> {
    Keymap::new(default_bindings())
}

/// A config override names a command this screen does not have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownCommand {
    /// The name as written.
    pub name: String,
}

impl std::fmt::Display for UnknownCommand {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let known: Vec<&str> = CavesCommand::all().iter().map(|c| c.name()).collect();
        let shown: String = self.name.chars().take(24).collect();
        write!(f, "unknown caves action {shown:?}; the actions are {}", known.join(", "))
    }
}

impl std::error::Error for UnknownCommand {}

/// The default keymap with `overrides` applied by [`Keymap::with_overrides`]: each
/// `(command name, keys)` replaces the default keys of that one command (the config file's
/// `[keys.caves]` rule); a key taken by an override leaves any other command it was bound to.
///
/// # Errors
/// [`UnknownCommand`] for a name that is no command.
pub fn keymap_with(
    overrides: &[(String, Vec<Input>)],
) -> Result<Keymap<CavesCommand>, UnknownCommand> {
    default_keymap()
        .with_overrides(overrides, CavesCommand::from_name)
        .map_err(|name| UnknownCommand { name: name.to_owned() })
}

/// The keys bound to `command`, as shown on the help screen (`k`, `Up`, `Ctrl-P`: each
/// [`Input`]'s `Display`, the one way keys are written).
pub fn keys_of(map: &Keymap<CavesCommand>, command: CavesCommand) -> Vec<String> {
    map.bindings().iter().filter(|(_, c)| *c == command).map(|(i, _)| i.to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_overrides_replace_one_command() {
        for c in CavesCommand::all() {
            assert_eq!(CavesCommand::from_name(c.name()), Some(c));
        }
        let map = keymap_with(&[("explore".to_string(), vec![Input::Char('z')])]).expect("ok");
        assert_eq!(map.get(Input::Char('z')), Some(CavesCommand::Explore));
        assert_eq!(map.get(Input::Char('o')), None, "the default key is gone");
        assert_eq!(map.get(Input::Char('k')), Some(CavesCommand::Move(Direction::North)));
        let taken = keymap_with(&[("wait".to_string(), vec![Input::Char('k')])]).expect("ok");
        assert_eq!(taken.get(Input::Char('k')), Some(CavesCommand::Wait));
        assert!(keymap_with(&[("explor".to_string(), vec![])]).is_err());
        assert_eq!(keys_of(&default_keymap(), CavesCommand::History), vec!["Ctrl-P"]);
    }
}
