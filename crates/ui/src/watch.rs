//! Watching a bot play (`torchlit bench-play MODE --seed S --watch`): the mode's own play
//! screen drawing, the bot stepped on ticks at a chosen speed, and the bot's current goal
//! on the bottom line. Space pauses, `+` and `-` change the speed, `q` leaves.

use torchlit_bots::Bot;
use torchlit_bots::caves::CavesBot;
use torchlit_bots::maze::MazeBot;
use torchlit_bots::overworld::OverworldBot;
use torchlit_bots::ultima::UltimaBot;

use crate::{Frame, Input, Screen, Transition, palette};
use torchlit_geom::Point;

/// The bot being watched, with its game.
#[derive(Clone, Debug)]
pub enum Watched {
    /// A `caves` bot.
    Caves(Box<CavesBot>),
    /// A `maze` bot (its speed counts ticks).
    Maze(Box<MazeBot>),
    /// An `overworld` bot.
    Overworld(Box<OverworldBot>),
    /// An `ultima` bot.
    Ultima(Box<UltimaBot>),
}

impl Watched {
    fn bot(&mut self) -> &mut dyn Bot {
        match self {
            Watched::Caves(b) => b.as_mut(),
            Watched::Maze(b) => b.as_mut(),
            Watched::Overworld(b) => b.as_mut(),
            Watched::Ultima(b) => b.as_mut(),
        }
    }

    fn goal(&self) -> &str {
        match self {
            Watched::Caves(b) => b.goal(),
            Watched::Maze(b) => b.goal(),
            Watched::Overworld(b) => b.goal(),
            Watched::Ultima(b) => b.goal(),
        }
    }
}

/// Ticks per second of the front end (the bot's speed is counted against it).
const TICKS: u32 = torchlit_sim::TICKS_PER_SECOND as u32;

/// The watch screen.
#[derive(Clone, Debug)]
pub struct WatchScreen {
    bot: Watched,
    /// Bot steps per second.
    speed: u32,
    paused: bool,
    /// Steps owed, in 1/24 of a step.
    owed: u32,
    over: bool,
}

impl WatchScreen {
    /// Watches `bot` at `speed` steps per second (maze: ticks per second).
    pub fn new(bot: Watched, speed: u32) -> WatchScreen {
        WatchScreen { bot, speed: speed.clamp(1, 2400), paused: false, owed: 0, over: false }
    }

    /// The bot's current goal.
    pub fn goal(&self) -> &str {
        self.bot.goal()
    }

    /// Whether the bot's game is over.
    pub fn is_over(&self) -> bool {
        self.over
    }
}

impl Screen for WatchScreen {
    fn wants_ticks(&self) -> bool {
        true
    }

    /// Plays what one tick of time buys at the current speed.
    fn tick(&mut self) -> Transition {
        if self.paused || self.over {
            return Transition::Stay;
        }
        self.owed += self.speed;
        while self.owed >= TICKS {
            self.owed -= TICKS;
            if !self.bot.bot().step() {
                self.over = true;
                break;
            }
        }
        Transition::Stay
    }

    /// Space pauses, `+`/`-` change the speed, `.` steps while paused, `q` leaves.
    fn handle(&mut self, input: Input) -> Transition {
        match input {
            Input::Char('q') | Input::Esc => return Transition::Pop,
            Input::Char(' ') => self.paused = !self.paused,
            Input::Char('+') | Input::Char('=') => self.speed = (self.speed * 2).min(2400),
            Input::Char('-') => self.speed = (self.speed / 2).max(1),
            Input::Char('.') if self.paused && !self.over => {
                self.over = !self.bot.bot().step();
            }
            _ => {}
        }
        Transition::Stay
    }

    /// Draws the mode's play screen and the bot's line at the bottom.
    fn render(&self, frame: &mut Frame) {
        match &self.bot {
            Watched::Caves(b) => crate::caves::draw_still(
                b.game(),
                vec![crate::caves::welcome(b.game())],
                "No save directory: no morgue file written.",
                frame,
            ),
            Watched::Maze(b) => crate::maze::MazeScreen::new(b.game().clone(), false).render(frame),
            Watched::Overworld(b) => {
                let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
                crate::overworld::draw_world(b.game(), frame, (0, 0, w, h - 1));
            }
            Watched::Ultima(b) => {
                crate::ultima::UltimaScreen::new(b.game().clone()).render(frame);
            }
        }
        let y = i32::from(frame.height()) - 1;
        let state = if self.over {
            "game over".to_string()
        } else if self.paused {
            "paused (. steps)".to_string()
        } else {
            format!("{}/s", self.speed)
        };
        let line = format!(" bot: {}  [{state}]  space pause, +/- speed, q quit ", self.bot.goal());
        let width = usize::from(frame.width());
        let line: String = line.chars().chain(std::iter::repeat(' ')).take(width).collect();
        frame.print_at(Point::new(0, y), &line, palette::BACKGROUND, palette::BANNER);
    }
}
