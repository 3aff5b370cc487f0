//! The `maze` play screen (ICMaze, CS-107 "Maze Games", EPFL): the current area around the hero, scaled to the
//! area, a message line, the status line, and the dialog, pause, help and victory boxes.
//!
//! Real time: the front end calls [`Screen::tick`](crate::Screen::tick) 24 times per second; key presses
//! ([`Screen::handle`](crate::Screen::handle)) and releases ([`Screen::release`](crate::Screen::release)) between two ticks make
//! that tick's input ([`KeyTracker`]). Everything drawn is timed from the game's own tick
//! counter, so a frame is a function of the game state.

pub mod config;
mod flow;
mod help;
mod keys;
pub mod look;
mod map;
mod prompts;
mod scene;
mod screen;

use torchlit_geom::Point;
use torchlit_geom::{Rect, Size};
use torchlit_sim::modes::maze::{
    Button, Buttons, DialogId, Event, Maze, MazeConfig, MazeError, Pickup, PlayerState, Thing,
    TickInput,
    rules::{BOSS_KEY_ID, DECOY_KEY_ID, SPAWN_KEY_ID},
};

pub use flow::{BARRAGE_WARNING_TICKS, DEATH_GRACE_TICKS, SWING_BUFFER_TICKS};
pub use help::dialog_page;
use help::{Place, boxed};
pub use keys::{FALLBACK_HOLD_TICKS, KeyTracker};
use look::Look;
pub use prompts::{DeathBanner, HelpBox, Question};
pub(crate) use screen::game_screen_methods;

use crate::record::{Recorder, Recordings};
use crate::sprite;
use crate::{Cell, Frame, Input, Keymap, Rgb, Sprite, palette};

/// What a key means on the `maze` screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MazeCommand {
    /// A game button (ICMaze's key bindings).
    Button(Button),
    /// Show or hide the controls (the game does not advance meanwhile).
    Help,
    /// Show or hide the map of the whole area as explored so far (the game goes on).
    Map,
    /// Leave the screen.
    Back,
}

/// The action names of `[keys.maze]` in a config file, and what each means.
pub const ACTIONS: [(&str, MazeCommand); 14] = [
    ("up", MazeCommand::Button(Button::Up)),
    ("left", MazeCommand::Button(Button::Left)),
    ("down", MazeCommand::Button(Button::Down)),
    ("right", MazeCommand::Button(Button::Right)),
    ("interact", MazeCommand::Button(Button::Interact)),
    ("pickaxe", MazeCommand::Button(Button::Pickaxe)),
    ("reset_game", MazeCommand::Button(Button::ResetGame)),
    ("reset_area", MazeCommand::Button(Button::ResetArea)),
    ("next_dialog", MazeCommand::Button(Button::NextDialog)),
    ("pause", MazeCommand::Button(Button::Pause)),
    ("show_paths", MazeCommand::Button(Button::ShowPaths)),
    ("help", MazeCommand::Help),
    ("map", MazeCommand::Map),
    ("back", MazeCommand::Back),
];

/// The command for a config action name (`"interact"`), if it is one.
pub fn action(name: &str) -> Option<MazeCommand> {
    ACTIONS.iter().find(|(n, _)| *n == name).map(|(_, c)| *c)
}

/// The default bindings (ICMaze's `KeyBindings`, for a QWERTY keyboard): arrows and
/// `w a s d` move, `e` interacts, Space or `f` swings the pickaxe, `r` resets the game,
/// `t` the area, Enter (or `n`) advances a dialog, `p` pauses, `v` shows the monsters'
/// paths, `m` the map of the area, `?` help, `q`/Esc back.
pub fn default_keymap() -> Keymap<MazeCommand> {
    use MazeCommand::{Back, Button as B, Help, Map};
    Keymap::new([
        (Input::Up, B(Button::Up)),
        (Input::Left, B(Button::Left)),
        (Input::Down, B(Button::Down)),
        (Input::Right, B(Button::Right)),
        (Input::Char('w'), B(Button::Up)),
        (Input::Char('a'), B(Button::Left)),
        (Input::Char('s'), B(Button::Down)),
        (Input::Char('d'), B(Button::Right)),
        (Input::Char('e'), B(Button::Interact)),
        (Input::Char('E'), B(Button::Interact)),
        (Input::Char(' '), B(Button::Pickaxe)),
        (Input::Char('f'), B(Button::Pickaxe)),
        (Input::Char('r'), B(Button::ResetGame)),
        (Input::Char('R'), B(Button::ResetGame)),
        (Input::Char('t'), B(Button::ResetArea)),
        (Input::Enter, B(Button::NextDialog)),
        (Input::Char('n'), B(Button::NextDialog)),
        (Input::Char('p'), B(Button::Pause)),
        (Input::Char('v'), B(Button::ShowPaths)),
        (Input::Char('?'), Help),
        (Input::Char('m'), Map),
        (Input::Char('q'), Back),
        (Input::Esc, Back),
        (Input::Ctrl('c'), Back),
    ])
}

pub use crate::keys::UnknownAction;

/// The default keymap with `overrides` applied: each `(action, keys)` replaces the
/// default keys of that one action (the config file's `[keys.maze]`); the other actions
/// keep theirs.
///
/// # Errors
/// [`UnknownAction`] for a name not in [`ACTIONS`].
pub fn keymap_with(
    overrides: &[(String, Vec<Input>)],
) -> Result<Keymap<MazeCommand>, UnknownAction> {
    default_keymap()
        .with_overrides(overrides, action)
        .map_err(|n| UnknownAction::new(torchlit_sim::ModeId::Maze, n, &ACTIONS))
}

/// What `maze` games start with: the game's config, the keys and where recordings go.
#[derive(Clone, Debug)]
pub struct MazeSetup {
    /// The seed, the level, the rules.
    pub config: MazeConfig,
    /// The key bindings.
    pub keymap: Keymap<MazeCommand>,
    /// Where the games' recordings go (none: they are dropped).
    pub recordings: Option<Recordings>,
}

impl MazeSetup {
    /// `config` with the default keys, recording nowhere.
    pub fn new(config: MazeConfig) -> MazeSetup {
        MazeSetup { config, keymap: default_keymap(), recordings: None }
    }

    /// A screen playing a new game of `config` with the setup's keys and recordings;
    /// `releases` says whether the front end reports key releases.
    ///
    /// # Errors
    /// Those of [`Maze::new`] (a level too long).
    pub fn screen(&self, config: MazeConfig, releases: bool) -> Result<MazeScreen, MazeError> {
        let game = Maze::new(config)?;
        Ok(MazeScreen::with_keymap(game, self.keymap.clone(), releases)
            .with_recordings(self.recordings.clone()))
    }

    /// The config of a new game, and the setup moves on to the next seed (a 9-digit one
    /// derived from it): every game started from the title menu in one run of the
    /// program is a new maze.
    pub fn take_config(&mut self) -> MazeConfig {
        let config = self.config;
        let next = config.seed.derive("maze/next", &[]).0 % 1_000_000_000;
        self.config.seed = torchlit_sim::modes::maze::Seed(next);
        config
    }
}

/// The controls, as the help box and the welcome dialog list them.
pub const CONTROLS: [(&str, &str); 12] = [
    ("w a s d / arrows", "walk (hold to keep walking)"),
    ("e", "interact: open a locked portal with its key"),
    ("Space / f", "swing the pickaxe (rocks, monsters, the boss)"),
    ("Enter", "next page of a dialog"),
    ("p", "pause / resume"),
    ("t", "restart this area (asks first)"),
    ("r", "restart the whole game (asks first)"),
    ("v", "show / hide the monsters' paths"),
    ("m", "map of the whole area (as explored)"),
    ("?", "show / hide this help"),
    ("q / Esc", "leave, asks first (Esc closes the map first)"),
    ("Ctrl-C", "quit at once"),
];

/// The smallest terminal the screen plays in, `(columns, rows)`: the 10x10 grid of the
/// smallest area at one cell per two columns, the message and the status line, and room
/// for the hearts, keys and hint on the status line.
pub const MIN_SIZE: (u16, u16) = (40, 12);

/// The `maze` screen: the game plus what the screen shows around it.
#[derive(Clone, Debug)]
pub struct MazeScreen {
    game: Maze,
    keymap: Keymap<MazeCommand>,
    keys: KeyTracker,
    /// A pickaxe press waiting for the swing (or step) under way to end: ticks left.
    swing: Option<u32>,
    /// Esc asked to close the dialog: its pages are turned, one a tick.
    skip_dialog: bool,
    /// Leaving quits the program (started with `play maze`): the hint says so.
    back_quits: bool,
    map: bool,
    message: String,
    message_at: u64,
    /// The game's recording (none: a replay).
    recorder: Option<Recorder<TickInput>>,
    /// Per area (by index), the grid cells that have been on screen.
    explored: Vec<Vec<bool>>,
    /// The frame's size (columns, rows) as last told ([`Screen::resize`](crate::Screen::resize)):
    /// what is on screen is computed from it.
    size: (i32, i32),
    /// The map cell the mouse points at (the scene's look text describes it).
    pointer: Option<Point>,
    /// Every message so far, oldest first (the last [`LOG_LINES`]): the scene's log.
    log: Vec<String>,
}

/// How many messages the scene's log keeps.
const LOG_LINES: usize = 200;

/// How long a message stays, in ticks (3 s).
pub(crate) const MESSAGE_TICKS: u64 = 72;

impl MazeScreen {
    /// A screen playing `game` with the default keys; `releases` says whether the front
    /// end reports key releases.
    pub fn new(game: Maze, releases: bool) -> MazeScreen {
        MazeScreen::with_keymap(game, default_keymap(), releases)
    }

    /// A screen playing `game` with `keymap`.
    pub fn with_keymap(game: Maze, keymap: Keymap<MazeCommand>, releases: bool) -> MazeScreen {
        let recorder = Some(crate::replay::maze_recorder(game.config()));
        MazeScreen {
            game,
            keymap,
            keys: KeyTracker::new(releases),
            swing: None,
            skip_dialog: false,
            back_quits: false,
            map: false,
            message: String::new(),
            message_at: 0,
            recorder,
            explored: Vec::new(),
            size: (80, 24),
            pointer: None,
            log: Vec::new(),
        }
    }

    /// A read-only screen showing `game` with `message` (the replay screen draws
    /// through it); nothing is recorded.
    pub(crate) fn replaying(game: Maze, message: Option<String>) -> MazeScreen {
        let mut screen = MazeScreen::with_keymap(game, default_keymap(), false);
        screen.recorder = None;
        if let Some(m) = message {
            screen.message = m;
            screen.message_at = screen.game.stats().ticks;
        }
        screen
    }

    /// The screen with its recording going to `sink` when the game ends (none: dropped).
    #[must_use]
    pub fn with_recordings(mut self, sink: Option<Recordings>) -> MazeScreen {
        if let Some(r) = &mut self.recorder {
            r.set_sink(sink);
        }
        self
    }

    /// The game's recording so far.
    pub fn recorder(&self) -> Option<&Recorder<TickInput>> {
        self.recorder.as_ref()
    }

    /// The game ended (won, left, or the program quits): the recording goes to the sink,
    /// once.
    pub fn end_recording(&mut self) {
        let outcome = if self.game.is_won() { "won" } else { "quit" };
        let (ticks, hash) = (self.game.now().0, self.game.state_hash());
        if let Some(Err(e)) = self.recorder.as_mut().and_then(|r| r.finish(outcome, ticks, hash)) {
            tracing::warn!("maze recording not kept: {e}");
        }
    }

    /// Says that leaving the screen quits the program (`torchlit play maze`): the hint
    /// and the question say "quit".
    pub fn set_back_quits(&mut self, quits: bool) {
        self.back_quits = quits;
    }

    /// Whether the map of the whole area is shown.
    pub fn map_open(&self) -> bool {
        self.map
    }

    /// Whether the frame (as last told) is smaller than [`MIN_SIZE`] (the game waits).
    pub fn too_small(&self) -> bool {
        let (w, h) = self.size;
        self.too_small_for(w, h)
    }

    /// Whether a `w` x `h` frame is smaller than [`MIN_SIZE`].
    fn too_small_for(&self, w: i32, h: i32) -> bool {
        w < i32::from(MIN_SIZE.0) || h < i32::from(MIN_SIZE.1)
    }

    /// Whether cell `p` of the current area has been on screen.
    pub fn is_explored(&self, p: Point) -> bool {
        let grid = self.game.area().cells().size();
        if !grid.contains(p) {
            return false;
        }
        let i = p.y as usize * grid.width as usize + p.x as usize;
        self.explored.get(self.game.current().index()).and_then(|e| e.get(i)).copied() == Some(true)
    }

    /// Marks what the view shows now as explored.
    fn mark_explored(&mut self) {
        let (w, h) = self.size;
        let view = self.window(w, (h - 2).max(1));
        let grid = self.game.area().cells().size();
        let n = self.game.areas().len();
        if self.explored.len() != n {
            self.explored = vec![Vec::new(); n];
        }
        let seen = &mut self.explored[self.game.current().index()];
        if seen.len() != grid.area() {
            *seen = vec![false; grid.area()];
        }
        for cy in 0..view.cells_h {
            for cx in 0..view.cells_w {
                let p = Point::new(cx + view.ox, cy + view.oy);
                if grid.contains(p) {
                    seen[p.y as usize * grid.width as usize + p.x as usize] = true;
                }
            }
        }
    }

    /// Rebinds `input` to `command` (a config file's `[keys.maze]`).
    pub fn bind(&mut self, input: Input, command: MazeCommand) {
        self.keymap.bind(input, command);
    }

    /// The keymap in use.
    pub fn keymap(&self) -> &Keymap<MazeCommand> {
        &self.keymap
    }

    /// The game being played.
    pub fn game(&self) -> &Maze {
        &self.game
    }

    /// The message line.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// Shows `text` on the message line from now.
    fn tell(&mut self, text: &str) {
        self.message = text.to_string();
        self.message_at = self.game.stats().ticks;
        self.remember(text);
    }

    /// Keeps `text` in the log (not an empty one).
    fn remember(&mut self, text: &str) {
        if text.is_empty() {
            return;
        }
        self.log.push(text.to_string());
        if self.log.len() > LOG_LINES {
            self.log.remove(0);
        }
    }

    fn buttons(&self, inputs: &[Input]) -> Buttons {
        let mut set = Buttons::NONE;
        for &i in inputs {
            if let Some(MazeCommand::Button(b)) = self.keymap.get(i) {
                set.insert(b);
            }
        }
        set
    }

    /// Draws the screen into `frame` (what it pushed draws over it).
    fn draw(&self, frame: &mut Frame) {
        let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
        if self.too_small_for(w, h) {
            let lines = [
                "terminal too small".to_string(),
                format!("needs {}x{}", MIN_SIZE.0, MIN_SIZE.1),
                format!("(now {w}x{h})"),
                "q: back".to_string(),
            ];
            for (i, line) in lines.iter().enumerate() {
                let x = ((w - line.chars().count() as i32) / 2).max(0);
                frame.print_at(
                    Point::new(x, i as i32),
                    line,
                    palette::HIGHLIGHT,
                    palette::BACKGROUND,
                );
            }
            return;
        }
        let view_h = (h - 2).max(1);
        if self.map {
            self.render_map(frame, w, view_h);
        } else {
            self.render_area(frame, w, view_h);
        }
        let fresh = self.game.stats().ticks.saturating_sub(self.message_at) < MESSAGE_TICKS;
        if self.map {
            let note = if w < 50 {
                "area map · m: back"
            } else {
                "map of the area as explored · m: back to the view"
            };
            frame.print_at(Point::new(0, h - 2), note, palette::NOTE, palette::BACKGROUND);
        } else if fresh {
            frame.print_at(Point::new(0, h - 2), &self.message, palette::TEXT, palette::BACKGROUND);
        }
        self.render_status(frame, w, h);
        if let Some(d) = self.game.dialog() {
            let lines = dialog_page(d.id(), d.page());
            let footer = format!("Enter: next  ({}/{})", d.page() + 1, d.id().pages());
            boxed(frame, "", lines, &footer, palette::DIALOGUE, Place::Bottom);
        } else if self.game.is_won() {
            self.render_victory(frame);
        } else if self.game.is_paused() {
            // On the message line: a box would hide part of the area.
            frame.fill_rect(
                Rect::new(Point::new(0, h - 2), Size::new(w.max(0) as u32, 1)),
                Cell::BLANK,
            );
            frame.print_bold_at(Point::new(0, h - 2), "▌▌ paused · p: resume", palette::HIGHLIGHT);
        }
    }

    /// The things of the area and how they look, lowest layer first (portals and rocks,
    /// items, monsters, projectiles), and the cells of the monsters' paths when shown.
    /// Things blinking out of sight this frame are left out.
    fn things(&self, now: u64) -> (Vec<(u8, Point, Look)>, Vec<Point>) {
        let mut layered: Vec<(u8, Point, Look)> = Vec::new();
        let mut paths: Vec<Point> = Vec::new();
        let blink = blinks;
        for (_, t) in self.game.area().present_things() {
            let entry = match t {
                Thing::Portal(p) => {
                    for c in p.cells() {
                        layered.push((0, c, look::portal(p.state(), p.side())));
                    }
                    continue;
                }
                Thing::Rock(r) => match r.vanish() {
                    Some(v) => (1, look::vanish(v)),
                    None if blink(r.life()) => continue,
                    None => (0, look::rock(r.life())),
                },
                Thing::Pickaxe(_) => (1, look::pickaxe()),
                Thing::Heart(_) => (1, look::heart(now)),
                Thing::Key(_) => (1, look::key()),
                Thing::Treasure(_) => (1, look::treasure(now)),
                Thing::Projectile(_) => (3, look::projectile(now)),
                Thing::LogMonster(m) => {
                    if self.game.shows_paths() {
                        paths.extend_from_slice(m.path());
                    }
                    match m.vanish() {
                        Some(v) => (2, look::vanish(v)),
                        None if blink(m.life()) => continue,
                        None => (2, look::monster(m.state(), m.life(), now)),
                    }
                }
                Thing::Boss(b) => match b.vanish() {
                    Some(v) => (2, look::vanish(v)),
                    None if blink(b.life()) => continue,
                    None => (2, look::boss(b.is_active(), b.life())),
                },
            };
            layered.push((entry.0, t.at(), entry.1));
        }
        layered.sort_by_key(|(layer, _, _)| *layer);
        (layered, paths)
    }

    /// How each cell of the current area looks now, row by row (`None`: off the grid's
    /// cells): the cell, the monsters' paths when shown, the things, the hero (not while
    /// it blinks). The pickaxe swing is not in it (the terminal draws it over).
    pub(crate) fn looks(&self) -> Vec<Option<Look>> {
        let area = self.game.area();
        let grid = area.cells().size();
        let hero = self.game.player();
        let now = self.game.now().0;
        let mut looks: Vec<Option<Look>> = vec![None; grid.area()];
        let index = |p: Point| (p.y as usize) * grid.width as usize + p.x as usize;
        for (p, &c) in area.cells().iter() {
            looks[index(p)] = Some(look::cell(c));
        }
        let (layered, paths) = self.things(now);
        for p in paths {
            if let Some(Some(l)) = looks.get(index(p)).copied()
                && grid.contains(p)
            {
                looks[index(p)] = Some(look::path_dot(l));
            }
        }
        for p in self.barrage_coming() {
            if let Some(Some(l)) = looks.get(index(p)).copied()
                && grid.contains(p)
                && l.glyphs == [' ', ' ']
            {
                looks[index(p)] = Some(look::barrage_warning(l));
            }
        }
        for (_, p, l) in layered {
            if grid.contains(p) {
                looks[index(p)] = Some(l);
            }
        }
        if !blinks(hero.life()) && grid.contains(hero.at()) {
            let walking = hero.motion().map(|m| u64::from(m.elapsed));
            looks[index(hero.at())] = Some(look::player(hero.facing(), walking, hero.life()));
        }
        looks
    }

    fn render_area(&self, frame: &mut Frame, w: i32, view_h: i32) {
        let area = self.game.area();
        let Window { s, cells_w, cells_h, ox, oy, pad_x } = self.window(w, view_h);
        let grid = area.cells().size();
        let hero = self.game.player();
        let index = |p: Point| (p.y as usize) * grid.width as usize + p.x as usize;
        let mut looks = self.looks();
        if hero.state() == PlayerState::AttackingWithPickaxe {
            let front = hero.in_front();
            if grid.contains(front)
                && let Some(under) = looks[index(front)]
            {
                looks[index(front)] = Some(look::swing(under, hero.swing().elapsed));
            }
        }
        for cy in 0..cells_h {
            for cx in 0..cells_w {
                let p = Point::new(cx + ox, cy + oy);
                if !grid.contains(p) {
                    continue;
                }
                let Some(l) = looks[index(p)] else { continue };
                draw_block(frame, pad_x + cx * 2 * s, cy * s, s, &l);
            }
        }
    }

    /// The status line: the area, hearts, keys, pickaxe, then the clock and the key hint
    /// when there is room for them. What does not fit goes, least important first (the
    /// hint, the clock, the area's name), so the hint never overwrites the hearts or the
    /// keys.
    fn render_status(&self, frame: &mut Frame, w: i32, h: i32) {
        let bg = palette::STATUS_BAR;
        frame.fill_rect(
            Rect::new(Point::new(0, h - 1), Size::new(w.max(0) as u32, 1)),
            Cell { bg, ..Cell::BLANK },
        );
        let hero = self.game.player();
        let life = hero.life();
        let hearts: String =
            (0..life.max()).map(|i| if i < life.current() { '♥' } else { '♡' }).collect();
        let mut parts: Vec<(String, Rgb)> = vec![
            (self.game.area().title().to_string(), palette::HIGHLIGHT),
            (format!("  {hearts}"), palette::HEART),
        ];
        if !hero.keys().is_empty() {
            let names: Vec<String> = hero.keys().iter().map(|&k| key_name(k)).collect();
            parts.push((format!("  keys {}", names.join(" ")), palette::KEY));
        }
        if hero.has_pickaxe() {
            parts.push(("  pickaxe".to_string(), palette::PICKAXE));
        }
        let len = |parts: &[(String, Rgb)]| -> i32 {
            parts.iter().map(|(t, _)| t.chars().count() as i32).sum()
        };
        if len(&parts) > w {
            parts.remove(0);
            parts[0].0 = parts[0].0.trim_start().to_string();
        }
        let secs = self.game.stats().ticks / 24;
        let time = format!("  {:02}:{:02}", secs / 60, secs % 60);
        if len(&parts) + time.len() as i32 <= w {
            parts.push((time, palette::HINT));
        }
        let used = len(&parts);
        let mut x = 0;
        for (text, fg) in &parts {
            frame.print_at(Point::new(x, h - 1), text, *fg, bg);
            x += text.chars().count() as i32;
        }
        // A replay draws its own keys in its bar: the game's would lie there.
        let hints = if self.back_quits {
            ["? help  m map  q quit", "? help  q quit", "? help"]
        } else {
            ["? help  m map  q back", "? help  q back", "? help"]
        };
        let hint = hints
            .into_iter()
            .find(|hint| self.recorder.is_some() && used + 2 + hint.len() as i32 <= w);
        if let Some(hint) = hint {
            frame.print_at(Point::new(w - hint.len() as i32, h - 1), hint, palette::HINT, bg);
        }
    }
}

/// The part of the area the view shows: scale, size in map cells, the top-left map
/// cell and the left padding in screen columns.
struct Window {
    s: i32,
    cells_w: i32,
    cells_h: i32,
    ox: i32,
    oy: i32,
    pad_x: i32,
}

/// How a key identifier reads on the status line.
/// A key's short name for the status line ("spawn", "3"); ICMaze's numbers for the
/// special keys (`Integer.MAX_VALUE`...) mean nothing to a player.
fn key_name(k: i32) -> String {
    match k {
        SPAWN_KEY_ID => "spawn".to_string(),
        DECOY_KEY_ID => "decoy".to_string(),
        BOSS_KEY_ID => "boss".to_string(),
        _ => k.to_string(),
    }
}

/// A key in a sentence: "the Spawn key", "the boss's key", "key 3".
fn key_phrase(k: i32) -> String {
    match k {
        SPAWN_KEY_ID => "the Spawn key".to_string(),
        DECOY_KEY_ID => "the decoy key".to_string(),
        BOSS_KEY_ID => "the boss's key".to_string(),
        _ => format!("key {k}"),
    }
}

/// The top-left map cell shown so the hero stays in view: centred while possible,
/// clamped at the edges, the whole area centred when it fits.
fn camera_offset(hero: i32, world: i32, view: i32) -> i32 {
    if world <= view { -(view - world) / 2 } else { (hero - view / 2).clamp(0, world - view) }
}

/// Draws one map cell as a block of `2s × s` screen cells at `(x, y)`.
fn draw_block(frame: &mut Frame, x: i32, y: i32, s: i32, l: &Look) {
    let under = match l.sprite {
        Sprite::NONE | sprite::MAZE_GROUND | sprite::MAZE_WALL | sprite::HOLE => Sprite::NONE,
        _ => sprite::MAZE_GROUND,
    };
    // A thing on the ground (the hero, a monster, a key) is one sprite at the block's
    // anchor cell, where its glyph is; the block's other cells show the ground, so a
    // tile front end draws one hero, not 2s x s of them. Terrain fills every cell.
    let anchor = if s == 1 { (x, y) } else { (x + s - 1, y + s - 1) };
    let put = |frame: &mut Frame, at: (i32, i32), glyph: char, fg: Rgb| {
        let (sprite, under) = if at == anchor || under == Sprite::NONE {
            (l.sprite, under)
        } else {
            (under, Sprite::NONE)
        };
        let cell = Cell { bold: l.bold, sprite, under, ..Cell::with_bg(glyph, fg, l.bg) };
        frame.set(Point::new(at.0, at.1), cell);
    };
    if s == 1 {
        put(frame, (x, y), l.glyphs[0], l.fg);
        match l.bar {
            Some((cur, max, colour)) => put(frame, (x + 1, y), look::bar_glyph(cur, max), colour),
            None => put(frame, (x + 1, y), l.glyphs[1], l.fg),
        }
        return;
    }
    let w = 2 * s;
    for dy in 0..s {
        for dx in 0..w {
            let glyph = if l.fill { l.glyphs[0] } else { ' ' };
            put(frame, (x + dx, y + dy), glyph, l.fg);
        }
    }
    if !l.fill {
        let mid = y + s - 1;
        put(frame, (x + s - 1, mid), l.glyphs[0], l.fg);
        put(frame, (x + s, mid), l.glyphs[1], l.fg);
    }
    if let Some((cur, max, colour)) = l.bar {
        // Rounded, but never empty while any life is left.
        let filled =
            if max > 0 { ((2 * cur * w + max) / (2 * max)).max(i32::from(cur > 0)) } else { 0 };
        for dx in 0..w {
            let fg = if dx < filled { colour } else { palette::BAR_EMPTY };
            put(frame, (x + dx, y), '▄', fg);
        }
    }
}

/// The message for an event, if it deserves one.
pub fn message_of(event: Event) -> Option<String> {
    Some(match event {
        Event::PickedUp(Pickup::Pickaxe) => "You take the pickaxe. Space swings it.".into(),
        Event::PickedUp(Pickup::Heart) => "A heart: +1 life.".into(),
        Event::PickedUp(Pickup::Key(k)) => format!("You take {}.", key_phrase(k)),
        Event::PickedUp(Pickup::Treasure) => "The treasure!".into(),
        Event::PortalOpened { key, .. } => {
            format!("{} opens the portal.", crate::grammar::capitalize(&key_phrase(key)))
        }
        Event::PortalLocked { key, .. } => format!("Locked: it needs {}.", key_phrase(key)),
        Event::Crossed { .. } => String::new(),
        Event::RockHit { life, .. } => format!("The rock cracks ({life} left)."),
        Event::RockBroken { .. } => "The rock breaks.".into(),
        Event::HeartDropped { .. } => "A heart was inside the rock.".into(),
        // ICMaze's hero dies only below zero: at zero it is still standing, which
        // "0 life left" with every heart hollow did not say.
        Event::PlayerHurt { life: 0 } => {
            "You are hit! No life left: the next hit kills you.".into()
        }
        Event::PlayerHurt { life } => format!("You are hit! {life} life left."),
        Event::PlayerDied => "You die. The area starts over.".into(),
        Event::MonsterHurt { life, .. } => format!("You hit the log monster ({life} left)."),
        Event::MonsterDied { .. } => "The log monster dies.".into(),
        Event::MonsterStateChanged { .. } => return None,
        Event::BossWoke => "The boss wakes up!".into(),
        Event::BossHurt { life } => format!("You hit the boss ({life} left)."),
        Event::BossTeleported { .. } => return None,
        Event::Barrage { .. } => "The boss fires a barrage: find the gap!".into(),
        Event::BossDefeated => "The boss is defeated! It drops a key.".into(),
        Event::KeyDropped { .. } => return None,
        Event::AreaSolved { .. } => return None,
        Event::TreasureAppeared { .. } => {
            "The mazes crumble. Something shines back in Spawn...".into()
        }
        Event::DialogOpened(_) | Event::DialogClosed(_) => String::new(),
        Event::Paused(true) => "Paused.".into(),
        Event::Paused(false) => String::new(),
        Event::PathsShown(on) => format!("Monster paths {}.", if on { "shown" } else { "hidden" }),
        Event::GameReset => "A new game.".into(),
        Event::AreaReset => "The area starts over.".into(),
        Event::Victory => "Victory!".into(),
    })
}

/// Whether a thing immune after a hit is blinked out of sight this frame.
fn blinks(life: &torchlit_sim::modes::maze::Life) -> bool {
    life.is_immune() && life.immunity_left() % 2 == 1
}

#[cfg(test)]
mod tests;
