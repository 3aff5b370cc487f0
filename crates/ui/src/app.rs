//! The application: a [`Stack`] of screens with the title menu at the bottom (or a
//! game alone, when started with `play`), and how each torchlit screen sits on it.

mod link;
mod note;
mod title;

pub use link::Link;
use torchlit_map::UltimaWorld;
use torchlit_sim::modes::maze::{DEFAULT_LEVEL_LENGTH, Maze, MazeConfig, MazeError, Seed};
use torchlit_sim::modes::ultima::{Rules, Ultima};

use crate::caves::{CavesScreen, CavesSetup};
use crate::chase::{ChaseScreen, ChaseSetup, SetupOutcome};
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
    /// Opens straight into `ultima` on `world`; leaving the game quits.
    pub fn ultima(world: UltimaWorld) -> App {
        App::alone(Box::new(UltimaScreen::new(Ultima::with_rules(world, Rules::default()))))
    }

    /// Opens straight into `ultima` on `world` (named `name` in its recording) with the
    /// config's keys; leaving quits.
    pub fn ultima_with_keys(
        world: UltimaWorld,
        name: &str,
        keymap: crate::Keymap<crate::ultima::UltimaCommand>,
    ) -> App {
        App::ultima_with_rules(world, name, keymap, Rules::default())
    }

    /// Opens straight into `ultima` on `world` (named `name` in its recording) with the
    /// config's keys and `rules` (the default game's, or Ultima 0's free walk); leaving
    /// quits.
    pub fn ultima_with_rules(
        world: UltimaWorld,
        name: &str,
        keymap: crate::Keymap<crate::ultima::UltimaCommand>,
        rules: Rules,
    ) -> App {
        let mut screen = UltimaScreen::with_keymap(Ultima::with_rules(world, rules), keymap);
        screen.set_world_name(name);
        App::alone(Box::new(screen))
    }

    /// Opens straight into `maze` with `config`; leaving the game quits.
    ///
    /// # Errors
    /// Those of [`Maze::new`] (a level too long).
    pub fn maze(_default_world: UltimaWorld, setup: MazeSetup) -> Result<App, MazeError> {
        let game = Maze::new(setup.config)?;
        let mut screen = MazeScreen::with_keymap(game, setup.keymap, false);
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
    pub fn overworld(_default_world: UltimaWorld, setup: OverworldSetup) -> App {
        App::alone(crate::overworld::open(setup))
    }

    /// Opens straight into watching a bot play (`bench-play --watch`) at `speed` steps a
    /// second; leaving it quits.
    pub fn watch(_default_world: UltimaWorld, bot: crate::watch::Watched, speed: u32) -> App {
        App::alone(Box::new(crate::watch::WatchScreen::new(bot, speed)))
    }

    /// Opens straight into the `chase` watch screen; leaving it quits.
    pub fn chase(_default_world: UltimaWorld, mut screen: ChaseScreen) -> App {
        screen.back_quits = true;
        App::alone(Box::new(screen))
    }

    /// Opens straight into the `chase` setup screen (`torchlit play chase`); leaving it
    /// quits.
    pub fn chase_setup(_default_world: UltimaWorld) -> App {
        App::alone(Box::<ChaseSetup>::default())
    }

    /// Opens straight into the replay screen; leaving it quits.
    pub fn replay(_default_world: UltimaWorld, screen: ReplayScreen) -> App {
        App::alone(Box::new(screen))
    }

    /// Sets where the recordings of finished games go (also for the caves runs the
    /// title menu starts from now on, unless their setup has a sink of its own).
    pub fn set_recordings(&mut self, recordings: Recordings) {
        if let Some(l) = self.launcher() {
            if l.caves.recordings.is_none() {
                l.caves.recordings = Some(recordings.clone());
            }
            if l.overworld.recordings.is_none() {
                l.overworld.recordings = Some(recordings.clone());
            }
        }
        self.recordings = Some(recordings);
    }

    /// Hands the recordings sink to a play screen that has none yet (a game just began).
    fn attach_recordings(&mut self) {
        let sink = self.recordings.clone();
        if let Some(s) = self.stack.top_mut::<MazeScreen>() {
            if !s.has_recordings() {
                s.set_recordings(sink);
            }
        } else if let Some(s) = self.stack.top_mut::<UltimaScreen>() {
            if !s.has_recordings() {
                s.set_recordings(sink);
            }
        } else if let Some(s) = self.stack.top_mut::<ChaseScreen>()
            && !s.has_recordings()
        {
            s.set_recordings(sink);
        }
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

    /// Sets what `maze` starts with from the title menu (the seed, the level, the keys).
    pub fn set_maze(&mut self, setup: MazeSetup) {
        if let Some(l) = self.launcher() {
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
        self.top()
    }

    /// The `caves` screen, when a run is being played (also under its help, inventory
    /// or a prompt).
    pub fn caves_screen(&self) -> Option<&CavesScreen> {
        self.find()
    }

    /// The `maze` screen, when it is up.
    pub fn maze_screen(&self) -> Option<&MazeScreen> {
        self.top()
    }

    /// The `ultima` screen, when it is up.
    pub fn ultima_screen(&self) -> Option<&UltimaScreen> {
        self.top()
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
        self.attach_recordings();
        self.stack.handle(input)
    }

    fn scene(&self, view: Size) -> Option<Scene> {
        self.stack.scene(view)
    }

    fn mouse(&mut self, event: Mouse) -> Transition {
        self.attach_recordings();
        self.stack.mouse(event)
    }

    fn release(&mut self, input: Input) -> Transition {
        self.stack.release(input)
    }

    fn wants_ticks(&self) -> bool {
        self.stack.wants_ticks()
    }

    fn tick(&mut self) -> Transition {
        self.attach_recordings();
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
    fn close(&mut self) -> Result<(), String> {
        self.stack.close()
    }

    /// Saves the caves run and the overworld in play, and plays on (a browser tab that
    /// may come back was closed).
    fn save(&mut self) -> Result<(), String> {
        self.stack.save()
    }
}

fn leave_if(leave: bool) -> Transition {
    if leave { Transition::Pop } else { Transition::Stay }
}

impl Screen for UltimaScreen {
    fn render(&self, frame: &mut Frame) {
        UltimaScreen::render(self, frame);
    }

    fn scene(&self, view: Size) -> Option<Scene> {
        self.scene_now(view)
    }

    fn mouse(&mut self, event: Mouse) -> Transition {
        self.on_mouse(event)
    }

    fn describe(&self) -> String {
        format!("ultima: turn {}", self.game().turns().0)
    }

    fn handle(&mut self, input: Input) -> Transition {
        leave_if(UltimaScreen::handle(self, input))
    }

    fn close(&mut self) -> Result<(), String> {
        self.end_recording();
        Ok(())
    }
}

impl Screen for MazeScreen {
    fn render(&self, frame: &mut Frame) {
        MazeScreen::render(self, frame);
    }

    fn scene(&self, view: Size) -> Option<Scene> {
        self.scene_now(view)
    }

    fn mouse(&mut self, event: Mouse) -> Transition {
        self.on_mouse(event)
    }

    fn describe(&self) -> String {
        let game = self.game();
        format!("maze: area {} of {}", game.current().0 + 1, game.areas().len())
    }

    fn handle(&mut self, input: Input) -> Transition {
        leave_if(MazeScreen::handle(self, input))
    }

    fn release(&mut self, input: Input) -> Transition {
        MazeScreen::release(self, input);
        Transition::Stay
    }

    fn wants_ticks(&self) -> bool {
        true
    }

    fn tick(&mut self) -> Transition {
        MazeScreen::tick(self);
        Transition::Stay
    }

    fn set_key_releases(&mut self, releases: bool) {
        MazeScreen::set_key_releases(self, releases);
    }

    fn close(&mut self) -> Result<(), String> {
        self.end_recording();
        Ok(())
    }
}

impl Screen for ChaseSetup {
    fn render(&self, frame: &mut Frame) {
        ChaseSetup::render(self, frame);
    }

    fn mouse(&mut self, event: Mouse) -> Transition {
        let Mouse::Text(_, row) = event else { return Transition::Stay };
        match self.click(row) {
            Some(SetupOutcome::Back) => Transition::Pop,
            Some(SetupOutcome::Start(screen)) => Transition::Push(screen),
            None => Transition::Stay,
        }
    }

    fn handle(&mut self, input: Input) -> Transition {
        match ChaseSetup::handle(self, input) {
            Some(SetupOutcome::Back) => Transition::Pop,
            Some(SetupOutcome::Start(screen)) => Transition::Push(screen),
            None => Transition::Stay,
        }
    }
}

impl Screen for ChaseScreen {
    fn render(&self, frame: &mut Frame) {
        ChaseScreen::render(self, frame);
    }

    fn scene(&self, view: Size) -> Option<Scene> {
        self.scene_now(view)
    }

    fn mouse(&mut self, event: Mouse) -> Transition {
        self.on_mouse(event)
    }

    fn describe(&self) -> String {
        format!("chase: turn {}", self.game().turn().0)
    }

    fn handle(&mut self, input: Input) -> Transition {
        leave_if(ChaseScreen::handle(self, input))
    }

    fn wants_ticks(&self) -> bool {
        ChaseScreen::wants_ticks(self)
    }

    fn tick(&mut self) -> Transition {
        ChaseScreen::tick(self);
        Transition::Stay
    }

    fn close(&mut self) -> Result<(), String> {
        self.end_recording();
        Ok(())
    }
}

impl Screen for ReplayScreen {
    fn render(&self, frame: &mut Frame) {
        ReplayScreen::render(self, frame);
    }

    fn handle(&mut self, input: Input) -> Transition {
        leave_if(ReplayScreen::handle(self, input))
    }

    fn wants_ticks(&self) -> bool {
        ReplayScreen::wants_ticks(self)
    }

    fn tick(&mut self) -> Transition {
        ReplayScreen::tick(self);
        Transition::Stay
    }
}

impl Screen for crate::watch::WatchScreen {
    fn render(&self, frame: &mut Frame) {
        crate::watch::WatchScreen::render(self, frame);
    }

    fn handle(&mut self, input: Input) -> Transition {
        leave_if(crate::watch::WatchScreen::handle(self, input))
    }

    fn wants_ticks(&self) -> bool {
        true
    }

    fn tick(&mut self) -> Transition {
        crate::watch::WatchScreen::tick(self);
        Transition::Stay
    }
}
