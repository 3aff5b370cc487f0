//! The title menu screen: the menu, what it starts games with, and a note (why a game
//! could not be opened or continued).

use torchlit_console::Mouse;
use torchlit_geom::Size;
use torchlit_sim::formats::UltimaWorld;

use torchlit_sim::modes::maze::MazeError;
use torchlit_sim::modes::ultima::{Rules, Ultima};

use super::{DEFAULT_WORLD_NAME, note};
use crate::caves::CavesSetup;
use crate::chase::ChaseSetup;
use crate::maze::MazeSetup;
use crate::overworld::OverworldSetup;
use crate::record::Recordings;
use crate::title::{TitleItem, TitleMenu};
use crate::ultima::UltimaScreen;
use crate::{Frame, Input, Screen, Transition};

/// What the title menu starts games with.
#[derive(Clone, Debug)]
pub(super) struct Launcher {
    pub(super) default_world: UltimaWorld,
    /// Where the recordings of the ultima and chase games started here go.
    pub(super) recordings: Option<Recordings>,
    pub(super) maze: MazeSetup,
    pub(super) caves: CavesSetup,
    pub(super) overworld: OverworldSetup,
}

/// The title menu screen: the menu, what it starts games with, and a note (why
/// continuing did not work).
pub(super) struct TitleScreen {
    pub(super) menu: TitleMenu,
    pub(super) launch: Launcher,
    pub(super) note: Option<String>,
    key_releases: bool,
    /// The frame's size as last told: where a click's lines are.
    size: Option<Size>,
}

impl TitleScreen {
    /// The menu starting games with `launch`.
    pub(super) fn new(launch: Launcher) -> TitleScreen {
        TitleScreen {
            menu: TitleMenu::default(),
            launch,
            note: None,
            key_releases: false,
            size: None,
        }
    }

    /// What an entry does: the screen it opens (or the quit), or why it can't open.
    fn open(&mut self, item: TitleItem) -> Result<Transition, CannotOpen> {
        let l = &mut self.launch;
        let screen: Box<dyn Screen> = match item {
            TitleItem::Ultima => {
                let game = Ultima::with_rules(l.default_world.clone(), Rules::default());
                let mut screen = UltimaScreen::new(game).with_recordings(l.recordings.clone());
                screen.set_world_name(DEFAULT_WORLD_NAME);
                Box::new(screen)
            }
            // A new run while one is saved asks first (the saved runs stay either way).
            TitleItem::Caves => l.caves.open(true)?,
            TitleItem::Continue => Box::new(l.caves.continued()?),
            TitleItem::Chase => {
                Box::new(ChaseSetup::default().with_recordings(l.recordings.clone()))
            }
            TitleItem::Overworld => crate::overworld::open(l.overworld.clone()),
            TitleItem::Maze => {
                let config = l.maze.take_config();
                Box::new(l.maze.screen(config, self.key_releases)?)
            }
            TitleItem::Quit => return Ok(Transition::Quit),
        };
        Ok(Transition::Push(screen))
    }

    /// Opens the entry chosen, if any (or quits, or notes why it cannot open).
    fn choose(&mut self, chosen: Option<TitleItem>) -> Transition {
        let Some(item) = chosen else { return Transition::Stay };
        self.note = None;
        self.open(item).unwrap_or_else(|e| {
            self.note = Some(e.to_string());
            Transition::Stay
        })
    }
}

/// Why a title menu entry could not open its game (the note the menu shows).
#[derive(Debug, thiserror::Error)]
enum CannotOpen {
    /// A caves run could not be built, continued or read.
    #[error(transparent)]
    Caves(#[from] crate::caves::OpenError),
    /// The maze level could not be built.
    #[error("The maze could not be built: {0}")]
    Maze(#[from] MazeError),
}

impl Screen for TitleScreen {
    fn render(&self, frame: &mut Frame) {
        self.menu.render(frame);
        if let Some(note) = &self.note {
            note::draw(frame, note);
        }
    }

    fn describe(&self) -> String {
        "title menu".into()
    }

    fn handle(&mut self, input: Input) -> Transition {
        let chosen = self.menu.handle(input);
        self.choose(chosen)
    }

    /// A click on an entry's line chooses it, as Enter on it would.
    fn mouse(&mut self, event: Mouse) -> Transition {
        match (event, self.size) {
            (Mouse::Text(col, row), Some(size)) => {
                let chosen = self.menu.click(col, row, size);
                self.choose(chosen)
            }
            _ => Transition::Stay,
        }
    }

    fn set_key_releases(&mut self, releases: bool) {
        self.key_releases = releases;
    }

    fn resize(&mut self, size: Size) {
        self.size = Some(size);
    }

    /// Back from a game (or given a store): is there a caves run to continue now?
    fn resume(&mut self) {
        let saved = match &self.launch.caves.store {
            // A run that can't be read is offered, so choosing it says why.
            Some(store) => !matches!(store.saved(), Ok(None)),
            None => false,
        };
        self.menu.set_saved_run(saved);
    }
}
