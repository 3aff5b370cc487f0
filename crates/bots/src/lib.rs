//! Bots that play every torchlit mode the way a careful person does, for balance
//! measurements (`torchlit bench-play`) and regression tests.
//!
//! Each bot plays only through what a player's screen sends (the mode's `Action`s, or
//! `maze`'s per-tick held and pressed buttons) and decides only from what the screen
//! shows: the field of view and the map memory, the creatures in view with what the
//! look command tells of them, and the status line. It never changes the game's state
//! directly. A bot is deterministic: the same seed gives the same game, action for
//! action, and the same [`Report`].
//!
//! - [`caves`]: explores (with the game's own auto-explore and travel), fights what it
//!   can beat, flees and rests when hurt, eats when hungry, picks up and wears better
//!   gear, takes the stairs, fetches the teddy bear and climbs out.
//! - [`maze`]: walks to keys, hearts and the pickaxe, breaks rocks, fights the log
//!   monsters next to it, opens portals, fights the boss from beside it.
//! - [`overworld`]: explores new regions, opens chests, wears better gear, and steps into
//!   a monster's sight only when its odds are good.
//! - [`ultima`]: walks towards the unexplored and changes the torch now and then.
//! - [`chase`]: the chase tournament's games (the hero's strategy is the bot).
//!
//! The modes' bots share one result type, [`Report`], so one table sums them up.

pub mod caves;
pub mod chase;
mod grid;
pub mod maze;
pub mod overworld;
pub mod ultima;

/// How a bot's game ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// The mode's goal was reached (teddy bear out of the caves, maze treasure, survived
    /// the overworld's turn budget, the ultima walk done, the chase hero escaped).
    Won,
    /// The player died (or lost); the cause as a short phrase ("zombie", "starved").
    Died(String),
    /// The bot gave up: no progress, or it left without the goal.
    Quit(String),
    /// The turn or tick budget ran out.
    Timeout,
}

impl Ending {
    /// `won`, `died`, `quit` or `timeout`.
    pub fn name(&self) -> &'static str {
        match self {
            Ending::Won => "won",
            Ending::Died(_) => "died",
            Ending::Quit(_) => "quit",
            Ending::Timeout => "timeout",
        }
    }
}

/// One measured number of a game; `None` when it does not apply to this game (for
/// example fungi at turn 2000 of a game that ended before).
pub type Signal = (&'static str, Option<f64>);

/// The result of one bot game.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The seed played.
    pub seed: u64,
    /// How it ended.
    pub ending: Ending,
    /// Turns (turn-based modes) or ticks (maze, 24 per second) played.
    pub time: u64,
    /// How far it got: the deepest level (caves, counted from 1), the areas entered
    /// (maze), the regions explored (overworld), the cells seen (ultima).
    pub reached: u64,
    /// The mode's own measurements, in a fixed order per mode.
    pub signals: Vec<Signal>,
    /// The final state hash of the game (`state_hash`), so regressions show.
    pub hash: u64,
}

impl Report {
    /// The value of the signal `name`, if the game measured it.
    pub fn signal(&self, name: &str) -> Option<f64> {
        self.signals.iter().find(|(n, _)| *n == name).and_then(|(_, v)| *v)
    }
}

/// Whether a bot game goes on after a step, and what the bot is after now.
pub trait Bot {
    /// Plays one player action (one tick in `maze`); `false` once the game is over (then
    /// nothing is played).
    fn step(&mut self) -> bool;
    /// What the bot is trying to do now, for the watch screen's status line.
    fn goal(&self) -> &str;
    /// The result so far (final once [`Bot::step`] returned `false`).
    fn report(&self) -> Report;
}

/// Plays a bot until its game is over and returns its report.
pub fn play_out(bot: &mut dyn Bot) -> Report {
    while bot.step() {}
    bot.report()
}
