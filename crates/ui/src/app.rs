//! The application: a [`Stack`] of screens with the title menu at the bottom (or a
//! game alone, when started with `play`), and how each torchlit screen sits on it.

mod link;
mod note;
mod title;

pub use link::Link;
use torchlit_sim::formats::UltimaWorld;
use torchlit_sim::modes::maze::{DEFAULT_LEVEL_LENGTH, MazeConfig, MazeError, Seed};
use torchlit_sim::modes::ultima::{Rules, Ultima};

use crate::caves::{CavesScreen, CavesSetup};
use crate::chase::{ChaseScreen, ChaseSetup};
use crate::maze::{MazeScreen, MazeSetup};
use crate::overworld::{OverworldScreen, OverworldSetup};
use crate::record::Recordings;
use crate::replay::ReplayScreen;
use crate::ultima::UltimaScreen;
use crate::{Frame, Input, Screen, Stack, Transition};
use title::{Launcher, TitleScreen};
use torchlit_console::{Mouse, Scene};
use torchlit_geom::Size;

/// The name of the bundled `ultima` world the front ends pass as the default world (the
/// walled keep in a valley): the name its walks' recordings give it.
pub const DEFAULT_WORLD_NAME: &str = "keep";

/// The whole front-end state: the screens, and what the title menu starts games with.
///
/// `App` is a [`Screen`]: a front end runs it like any other, and it ends the program
/// with [`Transition::Quit`] (its last screen left, or a quit). Ctrl-C quits from every
/// screen.
pub struct App {
    stack: Stack,
    /// Where finished games' recordings go (none: they are dropped).
    recordings: Option<Recordings>,
}

impl App {
    fn with_title(default_world: UltimaWorld) -> App {
        let launch = Launcher {
            default_world,
            recordings: None,
            maze: MazeSetup::new(MazeConfig::generated(Seed(0), DEFAULT_LEVEL_LENGTH)),
            caves: CavesSetup::default(),
            overworld: OverworldSetup::default(),
        };
        App { stack: Stack::new(Box::new(TitleScreen::new(launch))), recordings: None }
    }

    /// A game alone on the stack: leaving it quits.
    fn alone(screen: Box<dyn Screen>) -> App {
        App { stack: Stack::new(screen), recordings: None }
    }

    fn launcher(&mut self) -> Option<&mut Launcher> {
        self.stack.top_mut::<TitleScreen>().map(|t| &mut t.launch)
    }

    /// Opens on the title menu; `default_world` is what `ultima` plays from there (the
    /// bundled world, named [`DEFAULT_WORLD_NAME`] in recordings).
    pub fn title(default_world: UltimaWorld) -> App {
        App::with_title(default_world)
    }
    /// Opens straight into `ultima` on `world` with the default rules and keys, recording
    /// nowhere; leaving the game quits.
    pub fn ultima(world: UltimaWorld) -> App {
        App::alone(Box::new(UltimaScreen::new(Ultima::with_rules(world, Rules::default()))))
    }

    /// Opens straight into `screen` (an `ultima` walk set up with its world's name, keys,
    /// rules and recordings); leaving quits.
    pub fn ultima_with(screen: UltimaScreen) -> App {
        App::alone(Box::new(screen))
    }

    /// Opens straight into `maze` with `setup` (its config, keys and recordings);
    /// leaving the game quits.
    ///
    /// # Errors
    /// Those of [`torchlit_sim::modes::maze::Maze::new`] (a level too long).
    pub fn maze(setup: MazeSetup) -> Result<App, MazeError> {
        let mut screen = setup.screen(setup.config, false)?;
        screen.set_back_quits(true);
        Ok(App::alone(Box::new(screen)))
    }

    /// Opens straight into a `caves` run; leaving the game quits. The run starts from
    /// `setup.next_seed` (a saved run is offered first). When the caves can't be built,
    /// the title menu says why.
    pub fn caves(default_world: UltimaWorld, mut setup: CavesSetup) -> App {
        match setup.open(true) {
            Ok(screen) => App::alone(screen),
            Err(e) => {
                let mut app = App::with_title(default_world);
                if let Some(title) = app.stack.top_mut::<TitleScreen>() {
                    title.note = Some(e.to_string());
                    title.launch.caves = setup;
                    title.resume();
                }
                app
            }
        }
    }

    /// Opens straight into `overworld` (its world menu, or the new-world screen when
    /// `setup.start_new`); leaving it quits.
    pub fn overworld(setup: OverworldSetup) -> App {
        App::alone(crate::overworld::open(setup))
    }

    /// Opens straight into watching a bot play (`bench-play --watch`) at `speed` steps a
    /// second; leaving it quits.
    pub fn watch(bot: crate::watch::Watched, speed: u32) -> App {
        App::alone(Box::new(crate::watch::WatchScreen::new(bot, speed)))
    }

    /// Opens straight into the `chase` watch screen (recording where it was built to);
    /// leaving it quits.
    pub fn chase(mut screen: ChaseScreen) -> App {
        screen.back_quits = true;
        App::alone(Box::new(screen))
    }

    /// Opens straight into the `chase` setup screen (`torchlit play chase`), the chases
    /// it starts recorded to `recordings`; leaving it quits.
    pub fn chase_setup(recordings: Option<Recordings>) -> App {
        App::alone(Box::new(ChaseSetup::default().with_recordings(recordings)))
    }

    /// Opens straight into the replay screen; leaving it quits.
    pub fn replay(screen: ReplayScreen) -> App {
        App::alone(Box::new(screen))
    }

    /// Sets where the recordings of finished games go: those of the games the title menu
    /// starts from now on, unless their setup has a sink of its own (a game opened alone
    /// is given its sink when it is built).
    pub fn set_recordings(&mut self, recordings: Recordings) {
        if let Some(l) = self.launcher() {
            l.recordings = Some(recordings.clone());
            if l.maze.recordings.is_none() {
                l.maze.recordings = Some(recordings.clone());
            }
            if l.caves.recordings.is_none() {
                l.caves.recordings = Some(recordings.clone());
            }
            if l.overworld.recordings.is_none() {
                l.overworld.recordings = Some(recordings.clone());
            }
        }
        self.recordings = Some(recordings);
    }

    /// Sets what `overworld` opens with from the title menu (worlds, keys, seed; the
    /// recordings set by [`App::set_recordings`] unless it has its own).
    pub fn set_overworld(&mut self, mut setup: OverworldSetup) {
        if setup.recordings.is_none() {
            setup.recordings = self.recordings.clone();
        }
        if let Some(l) = self.launcher() {
            l.overworld = setup;
        }
    }

    /// Sets what `caves` starts and continues with from the title menu (store, keys,
    /// seed, and the recordings sink: the app's when the setup has none).
    pub fn set_caves(&mut self, mut setup: CavesSetup) {
        if setup.recordings.is_none() {
            setup.recordings = self.recordings.clone();
        }
        if let Some(title) = self.stack.top_mut::<TitleScreen>() {
            title.launch.caves = setup;
            title.resume();
        }
    }

    /// Sets what `maze` starts with from the title menu (the seed, the level, the keys;
    /// recordings go where [`App::set_recordings`] said, unless `setup` says where).
    pub fn set_maze(&mut self, mut setup: MazeSetup) {
        if let Some(l) = self.launcher() {
            if setup.recordings.is_none() {
                setup.recordings = l.recordings.clone();
            }
            l.maze = setup;
        }
    }

    /// The screen on top, if it is a `T` (tests and front ends look at it).
    pub fn top<T: Screen>(&self) -> Option<&T> {
        self.stack.top::<T>()
    }

    /// The screen on top, if it is a `T`, to change (a deep link sets up a screen
    /// the title menu opened).
    pub fn top_mut<T: Screen>(&mut self) -> Option<&mut T> {
        self.stack.top_mut::<T>()
    }

    /// The topmost screen that is a `T`, also under a page or a prompt pushed over it.
    pub fn find<T: Screen>(&self) -> Option<&T> {
        self.stack.find::<T>()
    }

    /// The `overworld` play screen, when a world is in play (under the panels over it).
    pub fn overworld_screen(&self) -> Option<&OverworldScreen> {
        self.stack.find()
    }

    /// The `chase` watch screen, when it is up.
    pub fn chase_screen(&self) -> Option<&ChaseScreen> {
        self.find()
    }

    /// The `caves` screen, when a run is being played (also under its help, inventory
    /// or a prompt).
    pub fn caves_screen(&self) -> Option<&CavesScreen> {
        self.find()
    }

    /// The `maze` screen, when it is up (also under its help, a question or the death
    /// banner).
    pub fn maze_screen(&self) -> Option<&MazeScreen> {
        self.find()
    }

    /// The `ultima` screen, when it is up (also under its help).
    pub fn ultima_screen(&self) -> Option<&UltimaScreen> {
        self.find()
    }
}

impl Screen for App {
    fn render(&self, frame: &mut Frame) {
        self.stack.render(frame);
    }

    /// Ctrl-C quits; any other key goes to the screen on top.
    fn handle(&mut self, input: Input) -> Transition {
        if input == Input::Ctrl('c') {
            return Transition::Quit;
        }
        self.stack.handle(input)
    }

    fn scene(&self, view: Size) -> Option<Scene> {
        self.stack.scene(view)
    }

    fn mouse(&mut self, event: Mouse) -> Transition {
        self.stack.mouse(event)
    }

    fn release(&mut self, input: Input) -> Transition {
        self.stack.release(input)
    }

    fn wants_ticks(&self) -> bool {
        self.stack.wants_ticks()
    }

    fn tick(&mut self) -> Transition {
        self.stack.tick()
    }

    fn set_key_releases(&mut self, releases: bool) {
        self.stack.set_key_releases(releases);
    }

    fn resize(&mut self, size: Size) {
        self.stack.resize(size);
    }

    fn describe(&self) -> String {
        self.stack.describe()
    }

    fn farewell(&self) -> Option<String> {
        self.stack.farewell()
    }

    /// Closes every screen (saves the caves run and the overworld in play).
    fn close(&mut self) -> Result<(), crate::CloseError> {
        self.stack.close()
    }

    /// Saves the caves run and the overworld in play, and plays on (a browser tab that
    /// may come back was closed).
    fn save(&mut self) -> Result<(), crate::CloseError> {
        self.stack.save()
    }
}
