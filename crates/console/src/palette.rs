//! Named colours of a game's chrome: text, hints, panels, bars, message kinds.
//!
//! A screen draws with these names (`palette::HEADING`, `palette::WARNING`), never with
//! colour literals, so a colour is changed here once and every screen and front end (the
//! terminal, the browser, the window's panel) stays consistent. The toolkit knows no
//! game: a game's terrain, creatures and items get their colours in the game's own
//! palette (torchlit's is `torchlit_ui::palette`, which re-exports these). Terminal
//! colours are 24-bit [`Rgb`].

use crate::Rgb;

// --- UI chrome ----------------------------------------------------------------------

/// Ordinary text.
pub const TEXT: Rgb = Rgb::WHITE;
/// Hints: which keys do what, footers.
pub const HINT: Rgb = Rgb::GREY;
/// The screen's background.
pub const BACKGROUND: Rgb = Rgb::BLACK;
/// Headings: the title logo, a panel's border and title.
pub const HEADING: Rgb = Rgb(255, 170, 60);
/// What stands out: the chosen menu entry, the status line, key names in help.
pub const HIGHLIGHT: Rgb = Rgb(255, 220, 120);
/// The background of a chosen list entry (text on it is [`BACKGROUND`]).
pub const SELECTION: Rgb = Rgb(220, 200, 120);
/// The status bar's background.
pub const STATUS_BAR: Rgb = Rgb(30, 30, 50);
/// A help panel's background.
pub const PANEL: Rgb = Rgb(20, 20, 30);
/// A dialogue box's background (darker than [`PANEL`]).
pub const PANEL_DARK: Rgb = Rgb(16, 18, 30);
/// A banner's background (a notice across the screen); its text is [`BACKGROUND`].
pub const BANNER: Rgb = Rgb(230, 200, 90);
/// A status line's text.
pub const STATUS_TEXT: Rgb = Rgb(200, 200, 160);
/// The background of the chosen row of a panel's list.
pub const SELECTED_ROW: Rgb = Rgb(60, 60, 90);
/// A look cursor over a map (its background; the text on it is [`BACKGROUND`]).
pub const LOOK_CURSOR: Rgb = Rgb(200, 170, 60);

// --- message kinds ------------------------------------------------------------------

/// A warning or a refusal shown to the player.
pub const WARNING: Rgb = Rgb(255, 120, 100);
/// A note of the game (a hint).
pub const NOTE: Rgb = Rgb(150, 200, 255);
/// A win: the end of a game well played.
pub const VICTORY: Rgb = Rgb(255, 215, 0);
/// A death: the end screen's epitaph.
pub const DEATH: Rgb = Rgb(200, 80, 80);
/// Danger in the status line: hit points at a quarter or less.
pub const DANGER: Rgb = Rgb(255, 80, 80);
/// Good news in a panel (what was equipped, gained).
pub const GOOD_NEWS: Rgb = Rgb(150, 220, 150);

// --- health bars --------------------------------------------------------------------

/// The player's health bar.
pub const BAR_PLAYER: Rgb = Rgb(80, 220, 80);
/// An enemy's health bar.
pub const BAR_ENEMY: Rgb = Rgb(230, 50, 50);
/// The empty part of a health bar.
pub const BAR_EMPTY: Rgb = Rgb(60, 60, 60);

// --- maps ---------------------------------------------------------------------------

/// Outside the map.
pub const VOID: Rgb = Rgb::BLACK;
