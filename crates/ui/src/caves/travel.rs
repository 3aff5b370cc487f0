//! The travel prompt (`G`): a screen pushed over the map offering the known stairs of the
//! level one by one, nearest first, the one offered marked on the map; its choice goes
//! back to the game as a [`TravelAnswer`].

use torchlit_console::{Mouse, Scene};
use torchlit_geom::{Point, Size};
use torchlit_sim::modes::caves::{KnownStairs, Stairs};

use super::scene::Over;
use super::screen::draw_over_map;
use super::stairs::{prompt, prompt_lines, targets};
use super::{Auto, CavesCommand, CavesScreen, message_rows, text};
use crate::{Frame, Input, Screen, Transition};

/// What the player chose at the travel prompt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum TravelChoice {
    /// Set off (to the stairs chosen, the nearest up or down, the nearest item).
    Go(Auto),
    /// Enter with no other stairs known on the level.
    NoOther,
    /// `>` or `<` with no other stairs that way known.
    NoStairs(Stairs),
    /// Any other key.
    NeverMind,
}

/// The travel prompt's answer, and where the mouse pointed meanwhile.
pub(super) struct TravelAnswer {
    pub(super) choice: TravelChoice,
    pub(super) pointed: Option<(Point, bool)>,
}

/// The prompt over a copy of the game as it was when opened, with the stairs it offers.
pub(super) struct TravelPrompt {
    below: Box<CavesScreen>,
    targets: Vec<KnownStairs>,
    /// The stairs offered (an index into `targets`).
    index: usize,
}

impl TravelPrompt {
    /// The prompt over `screen`, offering the nearest known stairs first.
    pub(super) fn over(screen: &CavesScreen) -> TravelPrompt {
        TravelPrompt {
            targets: targets(&screen.game),
            below: Box::new(screen.snapshot()),
            index: 0,
        }
    }

    fn chose(&self, choice: TravelChoice) -> Transition {
        Transition::PopWith(Box::new(TravelAnswer { choice, pointed: self.below.pointed }))
    }

    /// Travel to the nearest known stairs `way`: by the shortest path when the player
    /// stands on none of that kind, else to the nearest other one.
    fn nearest_stairs(&self, way: Stairs) -> Option<Auto> {
        let game = &self.below.game;
        let here = game.stairs_at(game.player().at()).map(|s| s.way);
        if here != Some(way) && self.targets.iter().any(|s| s.way == way) {
            return Some(Auto::Travel(way));
        }
        self.targets.iter().find(|s| s.way == way).map(|s| Auto::Cell(s.at))
    }
}

impl Screen for TravelPrompt {
    /// The stairs offered marked on the map; what they are, then the keys, on the
    /// message rows.
    fn render(&self, frame: &mut Frame) {
        let rows = message_rows(i32::from(frame.height())) as usize;
        let game = &self.below.game;
        let lines = prompt_lines(game, &self.targets, self.index, usize::from(frame.width()), rows);
        let at = self.targets.get(self.index).map(|s| s.at);
        draw_over_map(frame, game, at, &lines);
    }

    /// `G`, Tab, Space or `j` offer the next known stairs (`k` the one before), Enter or
    /// `.` travels to the stairs offered, `>` or `<` to the nearest stairs down or up
    /// (never the ones underfoot), `i` or `*` to the nearest item seen; anything else
    /// cancels.
    fn handle(&mut self, input: Input) -> Transition {
        let count = self.targets.len().max(1);
        let travel = self.below.keymap.get(input) == Some(CavesCommand::Travel);
        let step = match input {
            _ if travel => Some(1),
            Input::Tab | Input::Char(' ' | 'j') | Input::Down => Some(1),
            Input::Char('k') | Input::Up => Some(count - 1),
            _ => None,
        };
        if let Some(step) = step {
            self.index = (self.index + step) % count;
            return Transition::Stay;
        }
        let choice = match input {
            Input::Enter | Input::Char('.') => match self.targets.get(self.index) {
                Some(s) => TravelChoice::Go(Auto::Cell(s.at)),
                None => TravelChoice::NoOther,
            },
            Input::Char(c @ ('>' | '<')) => {
                let way = if c == '>' { Stairs::Down } else { Stairs::Up };
                self.nearest_stairs(way).map_or(TravelChoice::NoStairs(way), TravelChoice::Go)
            }
            Input::Char('i' | '*') => TravelChoice::Go(Auto::Item),
            _ => TravelChoice::NeverMind,
        };
        self.chose(choice)
    }

    fn scene(&self, view: Size) -> Option<Scene> {
        let banner = prompt(&self.below.game, &self.targets, self.index);
        let goal = self.targets.get(self.index).map(|s| s.at);
        Some(self.below.scene_now(view, Over { banner: Some(banner), cursor: None, goal }))
    }

    /// Pointing at the map still says what is there; a click does nothing.
    fn mouse(&mut self, event: Mouse) -> Transition {
        self.below.point(event);
        Transition::Stay
    }

    fn is_overlay(&self) -> bool {
        true
    }
}

impl CavesScreen {
    /// Acts on the travel prompt's choice.
    pub(super) fn travel(&mut self, choice: TravelChoice) {
        match choice {
            TravelChoice::Go(auto) => self.start(auto),
            TravelChoice::NoOther => self.say("You know of no other stairs on this level."),
            TravelChoice::NoStairs(way) => self.no_stairs(way),
            TravelChoice::NeverMind => self.say("Never mind."),
        }
    }

    /// Says that no other stairs of a kind are known (on level 1 up: where the exit may be).
    fn no_stairs(&mut self, way: Stairs) {
        let mut said = vec![match way {
            Stairs::Down => "You know of no other stairs down on this level.".to_string(),
            Stairs::Up => text::NO_WAY_UP.to_string(),
        }];
        self.guide(&[], &mut said);
        self.set_messages(said);
    }
}
