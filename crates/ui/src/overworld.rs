//! The `overworld` screens (CaveGame, Freddy Heppell's AQA Computer Science NEA): the world menu (new, load, delete), the
//! new-world prompts, the world list, the play screen with its fight panel, inventory and
//! help.
//!
//! - **New world**: a name and a seed, both any text (the seed is hashed with
//!   `Seed::from_input`: the same text, the same world).
//! - **Load**: the worlds on disk with their seed and last-played time; pick one by number
//!   or by name (or with the arrows). **Delete** asks first.
//! - **Play**: the world around the player, as large as the terminal; WASD or the arrows
//!   walk (one key, no Enter). Cells a monster sees are tinted red: stepping there starts a
//!   fight, shown blow by blow in a panel (any key skips to the end). `i` inventory (wield
//!   or wear by letter or number), `?` help, `x` or Esc save and leave.
//! - **Saves**: every `save_frequency` steps (5) and when leaving, in the background
//!   ([`OverworldSession`]).
//!
//! Each page is a [`Screen`] of its own on the app's stack: the world
//! menu ([`OverworldMenu`]) at the bottom, the new-world prompts ([`NewWorldScreen`]) and
//! the world list ([`WorldPicker`]) pushed over it, the play screen ([`OverworldScreen`])
//! in their place; the fight, inventory, help and end panels are overlays pushed over
//! the play screen, each given what it shows, answering with
//! [`Transition::PopWith`](crate::Transition::PopWith).

pub mod config;
mod draw;
mod end;
mod fight;
mod help;
mod inventory;
mod keys;
mod menu;
mod new_world;
mod picker;
mod play;
mod scene;
mod session;
mod status;
mod text;
mod worlds;

use torchlit_save::Config;
use torchlit_sim::TICKS_PER_SECOND;
use torchlit_sim::modes::overworld::{Ending, Overworld, PLAYER_HEALTH};

use crate::record::Recordings;
use crate::{Frame, Keymap, Rgb, Screen, palette};
// Lines of text: a label keeps its number (`Health: 48.72`).
use torchlit_console::widgets::wrap_labelled as wrap;

pub use draw::{
    GUARD_BG, HUNTING_BG, PLAYER, ROCK_BG, Role, WATCHED_BG, draw_world, ground_look, monster_look,
};
pub use keys::{KeyConfigError, OverworldCommand, default_keymap, keymap_from_config, keys_of};
pub use menu::OverworldMenu;
pub use new_world::NewWorldScreen;
pub use picker::WorldPicker;
pub use play::{CloseError, OverworldScreen};
pub use session::{OverworldSession, SaveStatus, SaveTimes, SessionError, outcome_word};
use status::gear_of;
pub use text::{
    entry_text, health_text, message_of, odds_text, outcome_text, rewards_text, strength_text,
    whole_hp,
};
pub use worlds::{
    MODE, WorldRow, Worlds, format_time, rules_from, rules_from_config, short_problem,
};

/// The longest world name accepted, in characters.
pub const MAX_NAME: usize = 100;
/// The longest seed accepted, in characters.
pub const MAX_SEED: usize = 200;

/// What the overworld screens start with.
#[derive(Clone, Debug)]
pub struct OverworldSetup {
    /// Where worlds are kept (none: no data directory, nothing can be saved).
    pub worlds: Option<Worlds>,
    /// The keys of the play screen.
    pub keymap: Keymap<OverworldCommand>,
    /// The seed offered on the new-world screen.
    pub seed: String,
    /// Open on the new-world screen instead of the world menu (`play overworld --seed S`).
    pub start_new: bool,
    /// Ticks between two blows shown in the fight panel (0: all at once).
    pub turn_ticks: u32,
    /// Show debug information (autosave stalls, regions generated) on the play screen.
    pub debug: bool,
    /// Where the recordings of worlds left go (each time a world is left, a copy of its
    /// recording so far, outcome `saved`); none: they are not kept.
    pub recordings: Option<Recordings>,
}

impl Default for OverworldSetup {
    fn default() -> OverworldSetup {
        OverworldSetup {
            worlds: None,
            keymap: default_keymap(),
            seed: String::new(),
            start_new: false,
            turn_ticks: 12,
            debug: false,
            recordings: None,
        }
    }
}

impl OverworldSetup {
    /// The setup of `config`: its keys, turn delay and debug flag; worlds in `worlds`.
    ///
    /// # Errors
    /// [`KeyConfigError`] for a bad `[keys.overworld]` entry.
    pub fn from_config(
        worlds: Option<Worlds>,
        config: &Config,
        seed: String,
    ) -> Result<OverworldSetup, KeyConfigError> {
        let play = config::PlayConfig::of(config);
        let delay_ms = play.turn_delay.as_millis() as u64;
        Ok(OverworldSetup {
            worlds,
            keymap: keymap_from_config(config)?,
            seed,
            start_new: false,
            turn_ticks: ((delay_ms * TICKS_PER_SECOND + 500) / 1000) as u32,
            debug: play.debug_info,
            recordings: None,
        })
    }
}

/// The first overworld screen of `setup`: the world menu, or the new-world prompts when
/// `setup.start_new` (`play overworld --seed S`; Esc there goes to the world menu).
pub fn open(setup: OverworldSetup) -> Box<dyn Screen> {
    if setup.start_new {
        let seed = setup.seed.clone();
        Box::new(NewWorldScreen::new(setup, seed, Below::Nothing))
    } else {
        Box::new(OverworldMenu::new(setup, 0, None))
    }
}

/// What a screen that leaves for the world menu finds below it: the menu (it pops with a
/// [`MenuNote`]) or nothing of the overworld's (it puts a world menu in its place).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Below {
    /// The world menu: pop back to it.
    Menu,
    /// The new-world prompts were the first screen: a world menu takes the place.
    Nothing,
}

/// The answer a screen pushed over the world menu leaves with: what the menu says next
/// (`first was saved.`, why the worlds can't be listed).
#[derive(Debug)]
struct MenuNote(Option<String>);

/// Back to the world menu saying `note`: popping to it, or a new menu in this screen's
/// place (`offered` new-world prompts were opened so far).
fn to_menu(
    below: Below,
    setup: &OverworldSetup,
    offered: u32,
    note: Option<String>,
) -> crate::Transition {
    match below {
        Below::Menu => crate::Transition::PopWith(Box::new(MenuNote(note))),
        Below::Nothing => {
            crate::Transition::Replace(Box::new(OverworldMenu::new(setup.clone(), offered, note)))
        }
    }
}

/// The high scores as an overlay shows them: read when it opened (`None`: no data
/// directory).
type HighScores = Option<Result<Vec<torchlit_save::Score>, String>>;

/// The high scores of `worlds` now.
fn high_scores(worlds: Option<&Worlds>) -> HighScores {
    worlds.map(|w| w.store().high_scores(MODE).map_err(|e| e.to_string()))
}

/// The high-score table, one line a game (empty without a data directory).
fn score_lines(scores: &HighScores, width: usize) -> Vec<String> {
    match scores {
        None => Vec::new(),
        Some(Ok(scores)) if scores.is_empty() => vec!["High scores: none yet.".to_string()],
        Some(Ok(scores)) => std::iter::once("High scores:".to_string())
            .chain(scores.iter().enumerate().map(|(i, s)| {
                let line = format!(
                    "{:>2}. {:>6}  {}  {} ({} turns)",
                    i + 1,
                    s.score,
                    draw::fit(&s.name, 16),
                    s.ending,
                    s.turns
                );
                draw::fit(&line, width)
            }))
            .collect(),
        Some(Err(e)) => vec![draw::fit(&format!("High scores: {e}"), width)],
    }
}

/// How a finished game ended, after "you": `you were slain by a troll`.
fn ending_text(ending: Ending) -> String {
    match ending {
        Ending::Victory => "you took the artefact".to_string(),
        Ending::Slain(kind) => format!("you were slain by a {kind}"),
    }
}

const TITLE: Rgb = palette::MENU_TITLE;
const NOTE: Rgb = palette::WARNING;

/// A box `w` by `h` (with its border) centred in `frame`, titled `title` in `fg`;
/// returns the area inside it for text, `(x, y, w, h)` (two columns of margin).
fn panel(frame: &mut Frame, w: i32, h: i32, title: &str, fg: Rgb) -> (i32, i32, i32, i32) {
    let panel = torchlit_console::widgets::Panel {
        title,
        lines: &[],
        footer: None,
        fg,
        bg: Rgb::BLACK,
        scroll: 0,
    };
    let a = panel.draw_box(frame, w, h);
    (a.x + 2, a.y + 1, a.w - 4, a.h - 2)
}

/// A frame's size as told to [`Screen::resize`], `(columns, rows)` as the frame counts
/// them (a side beyond `u16` is the largest).
fn frame_size(size: torchlit_geom::Size) -> (u16, u16) {
    let side = |n: u32| u16::try_from(n).unwrap_or(u16::MAX);
    (side(size.width), side(size.height))
}

/// Whether `frame` is too small for the play screen (it then says so, and the panels
/// over it draw nothing).
fn too_small(frame: &Frame) -> bool {
    frame.width() < MIN_SIZE.0 || frame.height() < MIN_SIZE.1
}

/// Draws an overworld game being replayed: the world around the player, the last step's
/// latest message and a status line (health in the default game, position, gold, gear,
/// kills, deaths, moves).
pub(crate) fn render_replay(game: &Overworld, messages: &[String], frame: &mut Frame) {
    let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
    let message = messages.last().cloned().unwrap_or_default();
    let mut lines = wrap(&message, w.max(1) as usize);
    lines.truncate(2);
    let message_h = lines.len().max(1) as i32;
    let map_h = (h - 1 - message_h).max(0);
    draw::draw_world(game, frame, (0, 0, w, map_h));
    for (i, line) in lines.iter().enumerate() {
        draw::text(frame, 0, map_h + i as i32, line, Rgb::WHITE, Rgb::BLACK, false);
    }
    let p = game.player();
    let (sword, armour) = gear_of(p);
    let health = if game.quest().is_some() {
        format!("{}  ", health_text(game.health(), PLAYER_HEALTH))
    } else {
        String::new()
    };
    let status = format!(
        "{health}({}, {})  gold {}  sword {sword} armour {armour}  kills {}  deaths {}  moves {}",
        p.at().x,
        p.at().y,
        p.gold(),
        p.kills(),
        p.deaths(),
        p.moves().0
    );
    let status = draw::fit(&status, w.max(0) as usize);
    draw::text(frame, 0, h - 1, &status, palette::STATUS_TEXT, Rgb::BLACK, false);
}

/// Saves (when anything was played since the world was opened) and waits until the
/// world on disk holds everything.
fn sync_world(session: &mut OverworldSession) -> Result<(), SessionError> {
    if session.played() {
        session.save()?;
    }
    session.flush()
}

/// A world's seed for the list: quoted, so an empty or spaced seed shows; nothing for a
/// world that can't be read.
fn seed_shown(row: &WorldRow) -> String {
    if row.problem.is_some() { String::new() } else { format!("{:?}", row.seed_text) }
}

fn no_data_dir() -> String {
    picker::ListError::NoDataDir.to_string()
}

/// A world's name for messages (`(unnamed)` for the empty name).
fn display_name(name: &str) -> String {
    if name.is_empty() { "(unnamed)".to_string() } else { name.to_string() }
}

/// The smallest terminal the play screen is drawn in, `(columns, rows)`: below it a
/// notice says so.
pub const MIN_SIZE: (u16, u16) = (40, 10);

#[cfg(test)]
mod tests;
