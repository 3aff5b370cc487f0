//! The `ultima` play screen: the lit world around the avatar, a status line, help.

use torchlit_geom::{CardinalDirection, Point};
use torchlit_geom::{Rect, Size};
use torchlit_sim::modes::ultima::{Action, Event, Ultima};

use crate::record::{Recorder, Recordings};
use crate::theme::{avatar_cell, remembered_cell, tile_cell};
use crate::{Cell, Frame, Input, Keymap, Screen, Transition, palette};
use torchlit_console::widgets::{fit, too_small};

mod help;
mod scene;

pub use help::UltimaHelp;

/// What a key means on the `ultima` screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UltimaCommand {
    /// Send an action to the game.
    Act(Action),
    /// Show or hide the controls.
    Help,
    /// Leave the screen.
    Back,
}

/// The default bindings: WASD and arrows move, `+`/`-` torch, `l` lighting, `?` help,
/// `q`/Esc back. (`=` also raises the torch, for keyboards where `+` needs Shift.)
pub fn default_keymap() -> Keymap<UltimaCommand> {
    use CardinalDirection::{East, North, South, West};
    use UltimaCommand::{Act, Back, Help};
    Keymap::new([
        (Input::Char('w'), Act(Action::Move(North))),
        (Input::Char('a'), Act(Action::Move(West))),
        (Input::Char('s'), Act(Action::Move(South))),
        (Input::Char('d'), Act(Action::Move(East))),
        (Input::Up, Act(Action::Move(North))),
        (Input::Left, Act(Action::Move(West))),
        (Input::Down, Act(Action::Move(South))),
        (Input::Right, Act(Action::Move(East))),
        (Input::Char('+'), Act(Action::TorchUp)),
        (Input::Char('='), Act(Action::TorchUp)),
        (Input::Char('-'), Act(Action::TorchDown)),
        (Input::Char('l'), Act(Action::ToggleLighting)),
        (Input::Char('?'), Help),
        (Input::Char('q'), Back),
        (Input::Esc, Back),
        (Input::Ctrl('c'), Back),
    ])
}

/// The action names of the config file's `[keys.ultima]`, with their commands.
pub const ACTIONS: [(&str, UltimaCommand); 9] = [
    ("north", UltimaCommand::Act(Action::Move(CardinalDirection::North))),
    ("west", UltimaCommand::Act(Action::Move(CardinalDirection::West))),
    ("south", UltimaCommand::Act(Action::Move(CardinalDirection::South))),
    ("east", UltimaCommand::Act(Action::Move(CardinalDirection::East))),
    ("torch_up", UltimaCommand::Act(Action::TorchUp)),
    ("torch_down", UltimaCommand::Act(Action::TorchDown)),
    ("lighting", UltimaCommand::Act(Action::ToggleLighting)),
    ("help", UltimaCommand::Help),
    ("back", UltimaCommand::Back),
];

pub use crate::keys::UnknownAction;

/// The default keymap with `overrides` applied: each `(action, keys)` replaces the
/// default keys of that one action (the config file's `[keys.ultima]`); the other actions
/// keep theirs.
///
/// # Errors
/// [`UnknownAction`] for a name not in [`ACTIONS`].
pub fn keymap_with(
    overrides: &[(String, Vec<Input>)],
) -> Result<Keymap<UltimaCommand>, UnknownAction> {
    let command = |name: &str| ACTIONS.iter().find(|(n, _)| *n == name).map(|(_, c)| *c);
    default_keymap()
        .with_overrides(overrides, command)
        .map_err(|n| UnknownAction::new(torchlit_sim::ModeId::Ultima, n, &ACTIONS))
}

/// The controls, as shown by `?` (and in the README).
pub const CONTROLS: [(&str, &str); 6] = [
    ("w a s d / arrows", "walk north, west, south, east"),
    ("+ / -", "torch brighter / dimmer (0.5 steps, 2.0 to 8.0)"),
    ("l", "classic flood-fill light / occluding light"),
    ("?", "show / hide this help"),
    ("q / Esc", "leave (to the title menu, or quit)"),
    ("Ctrl-C", "quit at once"),
];

/// The first message of Ultima 0's free walk.
const WELCOME: &str = "Night falls. Your torch flickers. (? for help)";

/// The first message of the default game (charting the world).
const WELCOME_CHART: &str =
    "Night falls. Chart the land: light every tile you can walk to. (? for help)";

/// What the help box says about the game, above the keys: the goal (the default game),
/// the status line and the torch.
const ABOUT_CHART: &[&str] = &[
    "Goal: chart the land, lighting every tile you can walk to, in as few steps as you can.",
    "charted N%: the share of those tiles lit so far.  lit N: tiles lit right now.",
    "The torch burns at most 8.0. Walls, forests and mountains stop its light, so among",
    "them a brighter torch lights no more. Lava glows on its own.",
];

/// The same for Ultima 0's free walk (`--rules seed`).
const ABOUT_FREE: &[&str] = &[
    "A free walk (Ultima 0's rules): no goal, nothing to lose, no maximum torch (+ / -).",
    "lit N: the tiles lit right now, by your torch and the lava's glow.",
    "Walls, forests and mountains stop the light (occluding light), so a brighter torch",
    "soon lights no more; l switches to the classic flood fill, which flows around them.",
];

/// The `ultima` screen's state: the game plus what the screen shows around it.
#[derive(Clone, Debug)]
pub struct UltimaScreen {
    game: Ultima,
    keymap: Keymap<UltimaCommand>,
    message: String,
    /// The walk's recording (none: a replay).
    recorder: Option<Recorder<Action>>,
    /// The way the avatar last stepped (or tried to): its sprite faces it.
    facing: CardinalDirection,
    /// The messages shown so far, oldest first (the scene's log).
    log: Vec<String>,
    /// The map cell the mouse points at (the scene's look text describes it).
    pointed: Option<Point>,
    /// A replay's screen: the replay bar has the keys, so the game's are not hinted.
    replay: bool,
}

impl UltimaScreen {
    /// A screen playing `game` with the default keys.
    pub fn new(game: Ultima) -> UltimaScreen {
        let recorder = Some(crate::replay::ultima_recorder(&game));
        let welcome = if game.chart().is_some() { WELCOME_CHART } else { WELCOME };
        UltimaScreen {
            game,
            keymap: default_keymap(),
            message: welcome.to_string(),
            recorder,
            facing: CardinalDirection::South,
            log: vec![welcome.to_string()],
            pointed: None,
            replay: false,
        }
    }

    /// A read-only screen showing `game` with `message` (the replay screen draws
    /// through it); nothing is recorded.
    pub(crate) fn replaying(game: Ultima, message: Option<String>) -> UltimaScreen {
        let mut screen = UltimaScreen::new(game);
        screen.recorder = None;
        screen.replay = true;
        if let Some(m) = message {
            screen.message = m;
        }
        screen
    }

    /// Names the world in the walk's recording (`torchlit recordings` lists it): the
    /// bundled world's name, or a world file's.
    pub fn set_world_name(&mut self, name: &str) {
        if let Some(r) = &mut self.recorder {
            r.set_file_name(name);
        }
    }

    /// The screen with the walk's recording going to `sink` when it ends (none: dropped).
    #[must_use]
    pub fn with_recordings(mut self, sink: Option<Recordings>) -> UltimaScreen {
        if let Some(r) = &mut self.recorder {
            r.set_sink(sink);
        }
        self
    }

    /// A screen playing `game` with `keymap` (see [`keymap_with`]).
    pub fn with_keymap(game: Ultima, keymap: Keymap<UltimaCommand>) -> UltimaScreen {
        UltimaScreen { keymap, ..UltimaScreen::new(game) }
    }

    /// The game being played.
    pub fn game(&self) -> &Ultima {
        &self.game
    }

    /// The walk ended (left, or the program quits): the recording goes to the sink, once.
    pub fn end_recording(&mut self) {
        let (turns, hash) = (self.game.turns().0, self.game.state_hash());
        if let Some(Err(e)) = self.recorder.as_mut().and_then(|r| r.finish("quit", turns, hash)) {
            tracing::warn!("ultima recording not kept: {e}");
        }
    }

    /// Handles a key: leaves (popping the screen), opens the help over the world, or
    /// acts.
    fn on_key(&mut self, input: Input) -> Transition {
        match self.keymap.get(input) {
            Some(UltimaCommand::Back) => {
                self.end_recording();
                return Transition::Pop;
            }
            Some(UltimaCommand::Help) => {
                let about = if self.game.chart().is_some() { ABOUT_CHART } else { ABOUT_FREE };
                return Transition::Push(Box::new(UltimaHelp::new(about)));
            }
            Some(UltimaCommand::Act(action)) => self.act(action),
            None => {}
        }
        Transition::Stay
    }

    /// The one place actions reach the game: applies and records `action`, shows (and
    /// logs) what happened.
    fn act(&mut self, action: Action) {
        if let Action::Move(d) = action {
            self.facing = d;
        }
        let events = self.game.apply(action);
        if let Some(r) = &mut self.recorder {
            let game = &self.game;
            r.record(action, || game.state_hash());
        }
        for event in events {
            if let Event::Charted { turns } = event {
                let hash = self.game.state_hash();
                let kept = self.recorder.as_mut().and_then(|r| r.finish("charted", turns.0, hash));
                if let Some(Err(e)) = kept {
                    tracing::warn!("ultima recording not kept: {e}");
                }
            }
            self.message = message_of(event);
            if !self.message.is_empty() {
                scene::keep(&mut self.log, self.message.clone());
            }
        }
        // Once charted, the line says so until something else is to be said.
        if let (true, Some(turns)) =
            (self.message.is_empty(), self.game.chart().and_then(|c| c.done))
        {
            self.message = format!("The land is charted, in {} steps. Walk on, or q.", turns.0);
        }
    }

    /// Draws the world and the status line; below [`MIN_SIZE`] only a notice.
    fn draw(&self, frame: &mut Frame) {
        let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
        if too_small(frame, "ultima needs", MIN_SIZE) {
            return;
        }
        let view_h = (h - 2).max(0);
        let size = self.game.size();
        let avatar = self.game.avatar().at();
        let ox = camera_offset(avatar.x, size.width as i32, w);
        let oy = camera_offset(avatar.y, size.height as i32, view_h);
        for sy in 0..view_h {
            for sx in 0..w {
                let p = Point::new(sx + ox, sy + oy);
                let Some(tile) = self.game.map().tile(p) else { continue };
                let cell = if p == avatar {
                    avatar_cell(tile)
                } else if self.game.is_lit(p) {
                    tile_cell(tile)
                } else if self.game.is_remembered(p) {
                    remembered_cell(tile)
                } else {
                    Cell::BLANK
                };
                frame.set(Point::new(sx, sy), cell);
            }
        }
        frame.print_at(
            Point::new(0, h - 2),
            &fit(&self.message, w.max(0) as usize),
            palette::TEXT,
            palette::BACKGROUND,
        );
        self.render_status(frame);
    }
}

/// The top-left world cell shown, so the avatar stays in view: centred while possible,
/// clamped at the world's edges, and the whole world centred when it fits.
fn camera_offset(avatar: i32, world: i32, view: i32) -> i32 {
    if world <= view { -(view - world) / 2 } else { (avatar - view / 2).clamp(0, world - view) }
}

pub(crate) fn message_of(event: Event) -> String {
    match event {
        Event::Moved { .. } => String::new(),
        Event::Blocked { tile: Some(t), .. } => {
            // Plural tile names ("mountains") take a plural verb.
            let verb = if t.name().ends_with('s') { "block" } else { "blocks" };
            format!("The {} {verb} your way.", t.name())
        }
        Event::Blocked { tile: None, .. } => "You cannot leave the map.".to_string(),
        Event::TorchChanged { radius, changed: true } => format!("Torch radius {radius}."),
        Event::TorchChanged { radius, changed: false } => {
            format!("The torch cannot burn lower than {radius}.")
        }
        Event::LightingChanged(l) => format!("Lighting: {}.", l.name()),
        Event::Charted { turns } => format!(
            "The land is charted: every tile you can walk to, in {} steps. Walk on, or q.",
            turns.0
        ),
    }
}

impl UltimaScreen {
    /// The status line: the fields that fit, the least important going first (the
    /// lighting kind when that makes room for the key hint, then the key hint, the
    /// mode's name, the lighting, the lit count, the turn and the share charted); the
    /// position and the torch stay.
    fn render_status(&self, frame: &mut Frame) {
        let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
        let at = self.game.avatar_ultima();
        // (text, importance): higher stays longer.
        let mut fields = vec![
            (torchlit_sim::ModeId::Ultima.to_string(), 2),
            (format!("({}, {})", at.x, at.y), 7),
            (format!("torch {}", self.game.avatar().torch()), 6),
        ];
        if let Some(chart) = self.game.chart() {
            let text = match chart.done {
                Some(turns) => format!("charted in {}", turns.0),
                None => format!("charted {}%", chart.percent()),
            };
            fields.push((text, 5));
        }
        fields.extend([
            (format!("lit {}", self.game.lit_count()), 3),
            (format!("light {}", self.game.lighting().name()), 1),
            (format!("turn {}", self.game.turns().0), 4),
        ]);
        let hint = if self.replay { "" } else { "? help  q back" };
        let line = |fields: &[(String, i32)]| {
            fields.iter().map(|(t, _)| t.as_str()).collect::<Vec<_>>().join("  ")
        };
        let room = w.max(0) as usize;
        let fits = |fields: &[(String, i32)]| {
            !hint.is_empty() && line(fields).chars().count() + 2 + hint.len() <= room
        };
        // The lighting kind (said when it switches, and in `?`) makes room for the hint.
        if !fits(&fields) {
            let mut without = fields.clone();
            without.retain(|f| f.1 > 1);
            if fits(&without) {
                fields = without;
            }
        }
        let with_hint = fits(&fields);
        while fields.len() > 1 && line(&fields).chars().count() > room {
            if let Some(i) = (0..fields.len()).min_by_key(|&i| fields[i].1) {
                fields.remove(i);
            }
        }
        frame.fill_rect(
            Rect::new(Point::new(0, h - 1), Size::new(w.max(0) as u32, 1)),
            Cell { bg: palette::STATUS_BAR, ..Cell::BLANK },
        );
        frame.print_at(
            Point::new(0, h - 1),
            &fit(&line(&fields), room),
            palette::HIGHLIGHT,
            palette::STATUS_BAR,
        );
        if with_hint {
            frame.print_at(
                Point::new(w - hint.len() as i32, h - 1),
                hint,
                palette::HINT,
                palette::STATUS_BAR,
            );
        }
    }
}

/// The smallest terminal the `ultima` screen draws on (below it, a notice).
pub const MIN_SIZE: (u16, u16) = (40, 12);

impl Screen for UltimaScreen {
    crate::maze::game_screen_methods!();

    fn describe(&self) -> String {
        format!("ultima: turn {}", self.game().turns().0)
    }

    fn close(&mut self) -> Result<(), crate::CloseError> {
        self.end_recording();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Screen;

    #[test]
    fn camera_centres_small_worlds_and_clamps_big_ones() {
        assert_eq!(camera_offset(3, 10, 20), -5);
        assert_eq!(camera_offset(0, 100, 20), 0);
        assert_eq!(camera_offset(50, 100, 20), 40);
        assert_eq!(camera_offset(99, 100, 20), 80);
    }

    use crate::record::{MemoryRecordings, Recordings};
    use torchlit_sim::formats::UltimaWorld;
    use torchlit_sim::modes::ultima::Rules;

    /// Twelve tiles in a row, a stone wall at the eleventh.
    const ROW: &[u8] = b"12 1\n0 0\nG G G G G G G G G G S G\n";

    fn screen(rules: Rules) -> UltimaScreen {
        let world = UltimaWorld::parse(ROW).expect("the test world parses");
        UltimaScreen::new(Ultima::with_rules(world, rules))
    }

    fn text(s: &UltimaScreen) -> String {
        let mut frame = Frame::with_size(Size::new(80, 24));
        s.render(&mut frame);
        frame.to_text()
    }

    /// The help `?` pushes over `s`, drawn over it at 80x24.
    fn help_text(s: &mut UltimaScreen) -> String {
        let Transition::Push(help) = s.handle(Input::Char('?')) else { panic!("the help") };
        let mut frame = Frame::with_size(Size::new(80, 24));
        s.render(&mut frame);
        help.render(&mut frame);
        frame.to_text()
    }

    #[test]
    fn the_default_game_says_its_goal_and_counts_the_charted_share() {
        let mut s = screen(Rules::default());
        let shown = text(&s);
        assert!(shown.contains("Chart the land") && shown.contains("charted 40%"), "{shown}");
        let help = help_text(&mut s);
        assert!(help.contains("Goal: chart the land") && help.contains("lit N:"), "{help}");
        assert!(help.contains("at most 8.0"), "{help}");
    }

    #[test]
    fn the_free_walk_says_it_has_no_goal_and_why_lit_stops_growing() {
        let mut s = screen(Rules::original());
        assert!(!text(&s).contains("charted"));
        let help = help_text(&mut s);
        assert!(help.contains("no goal") && help.contains("stop the light"), "{help}");
    }

    #[test]
    fn charting_ends_the_walk_and_its_recording() {
        let kept = MemoryRecordings::default();
        let mut s = screen(Rules::default()).with_recordings(Some(Recordings::new(kept.clone())));
        for _ in 0..6 {
            s.handle(Input::Char('d'));
        }
        let shown = text(&s);
        assert!(shown.contains("The land is charted") && shown.contains("charted in 6"), "{shown}");
        s.handle(Input::Char('a'));
        assert!(text(&s).contains("The land is charted, in 6 steps"), "the ending stays");
        let recordings = kept.0.borrow();
        let [(name, bytes)] = recordings.as_slice() else { panic!("one recording") };
        assert_eq!(name, "ultima-charted");
        let v = crate::replay::verify(bytes).expect("it replays under the default rules");
        assert_eq!((v.turns, v.outcome.as_deref()), (6, Some("charted")));
    }

    #[test]
    fn a_replay_draws_no_key_hint_of_the_game() {
        let world = UltimaWorld::parse(ROW).expect("parses");
        let s = UltimaScreen::replaying(Ultima::with_rules(world, Rules::default()), None);
        assert!(!text(&s).contains("? help"));
    }

    #[test]
    fn blocked_by_a_plural_tile_takes_a_plural_verb() {
        use torchlit_sim::terrain::Tile;
        let at = Point::new(1, 1);
        let said = |tile| message_of(Event::Blocked { at, tile: Some(tile) });
        assert_eq!(said(Tile::Mountains), "The mountains block your way.");
        assert_eq!(said(Tile::StoneWall), "The stone wall blocks your way.");
    }
}
