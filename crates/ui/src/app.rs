//! The application: a [`Stack`] of screens with the title menu at the bottom (or a
//! game alone, when started with `play`), and how each torchlit screen sits on it.

mod link;
mod note;

pub use link::Link;
use torchlit_map::UltimaWorld;
use torchlit_sim::modes::maze::{DEFAULT_LEVEL_LENGTH, Maze, MazeConfig, MazeError, Seed};
use torchlit_sim::modes::ultima::{Rules, Ultima};

use crate::caves::{CavesScreen, CavesSetup, Leave};
use crate::chase::{ChaseScreen, ChaseSetup, SetupOutcome};
use crate::maze::{MazeScreen, MazeSetup};
use crate::overworld::{OverworldScreen, OverworldSetup};
use crate::record::Recordings;
use crate::replay::ReplayScreen;
use crate::title::{TitleItem, TitleMenu};
use crate::ultima::UltimaScreen;
use crate::{Frame, Input, Screen, Stack, Transition};
use torchlit_console::{Mouse, Scene};
use torchlit_geom::Size;

/// What the front end should do after a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    /// Keep running and redraw.
    Continue,
    /// Close the screens ([`Screen::close`]: saves what must be saved), restore the
    /// terminal and exit.
    Quit,
}

/// The name of the bundled `ultima` world the front ends pass as the default world (the
/// walled keep in a valley): the name its walks' recordings give it.
pub const DEFAULT_WORLD_NAME: &str = "keep";

/// What the title menu starts games with.
#[derive(Clone, Debug)]
struct Launcher {
    default_world: UltimaWorld,
    maze: MazeSetup,
    caves: CavesSetup,
    overworld: OverworldSetup,
}

/// The title menu screen: the menu, what it starts games with, and a note (why
/// continuing did not work).
struct TitleScreen {
    menu: TitleMenu,
    launch: Launcher,
    note: Option<String>,
    key_releases: bool,
}

/// The whole front-end state: the screens, and what the title menu starts games with.
///
/// `App` is a [`Screen`] (a front end runs it like any other); its inherent
/// [`App::handle`] says [`Control::Quit`] when the program should end. Ctrl-C quits from
/// every screen.
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
        let title =
            TitleScreen { menu: TitleMenu::default(), launch, note: None, key_releases: false };
        App { stack: Stack::new(Box::new(title)), recordings: None }
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
    /// `setup.next_seed`. When the caves can't be built, the title menu says why.
    pub fn caves(default_world: UltimaWorld, mut setup: CavesSetup) -> App {
        match new_caves(&mut setup, true) {
            Ok(screen) => App::alone(screen),
            Err(note) => {
                let mut app = App::with_title(default_world);
                if let Some(title) = app.stack.top_mut::<TitleScreen>() {
                    title.note = Some(note);
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
        App::alone(Box::new(OverworldScreen::new(setup)))
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

    /// Sets where the recordings of finished games go.
    pub fn set_recordings(&mut self, recordings: Recordings) {
        self.recordings = Some(recordings);
    }

    /// Hands the recordings sink to a play screen that has none yet (a game just began).
    fn attach_recordings(&mut self) {
        let sink = self.recordings.clone();
        if let Some(s) = self.stack.top_mut::<CavesScreen>() {
            if !s.has_recordings() {
                s.set_recordings(sink);
            }
        } else if let Some(s) = self.stack.top_mut::<MazeScreen>() {
            if !s.has_recordings() {
                s.set_recordings(sink);
            }
        } else if let Some(s) = self.stack.top_mut::<UltimaScreen>() {
            if !s.has_recordings() {
                s.set_recordings(sink);
            }
        } else if let Some(s) = self.stack.top_mut::<ChaseScreen>() {
            if !s.has_recordings() {
                s.set_recordings(sink);
            }
        } else if let Some(s) = self.stack.top_mut::<OverworldScreen>()
            && !s.has_recordings()
        {
            s.set_recordings(sink);
        }
    }

    /// Sets what `overworld` opens with from the title menu (worlds, keys, seed).
    pub fn set_overworld(&mut self, setup: OverworldSetup) {
        if let Some(l) = self.launcher() {
            l.overworld = setup;
        }
    }

    /// Sets what `caves` starts and continues with from the title menu (store, keys,
    /// seed).
    pub fn set_caves(&mut self, setup: CavesSetup) {
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

    /// The `overworld` screens, when they are up.
    pub fn overworld_screen(&self) -> Option<&OverworldScreen> {
        self.top()
    }

    /// The `chase` watch screen, when it is up.
    pub fn chase_screen(&self) -> Option<&ChaseScreen> {
        self.top()
    }

    /// The `caves` screen, when it is up.
    pub fn caves_screen(&self) -> Option<&CavesScreen> {
        self.top()
    }

    /// The `maze` screen, when it is up.
    pub fn maze_screen(&self) -> Option<&MazeScreen> {
        self.top()
    }

    /// The `ultima` screen, when it is up.
    pub fn ultima_screen(&self) -> Option<&UltimaScreen> {
        self.top()
    }

    /// Tells the screens whether the front end reports key releases (keyboard
    /// enhancement); without them a press counts as held for a few ticks.
    pub fn set_key_releases(&mut self, releases: bool) {
        self.stack.set_key_releases(releases);
    }

    /// Whether the current screen runs in real time: the front end then calls
    /// [`App::tick`] 24 times per second.
    pub fn wants_ticks(&self) -> bool {
        self.stack.wants_ticks()
    }

    /// Advances a real-time screen by one tick (does nothing on other screens).
    pub fn tick(&mut self) -> Control {
        self.attach_recordings();
        control(self.stack.tick())
    }

    /// A key went up (front ends with keyboard enhancement report releases).
    pub fn release(&mut self, input: Input) {
        self.stack.release(input);
    }

    /// Handles one key.
    pub fn handle(&mut self, input: Input) -> Control {
        if input == Input::Ctrl('c') {
            return Control::Quit;
        }
        self.attach_recordings();
        control(self.stack.handle(input))
    }

    /// Draws the current screen into `frame`.
    pub fn render(&self, frame: &mut Frame) {
        self.stack.render(frame);
    }

    /// Closes every screen (saves the caves run and the overworld in play).
    ///
    /// # Errors
    /// The first save that failed, as a sentence.
    pub fn close(&mut self) -> Result<(), String> {
        self.stack.close()
    }

    /// Lines for the shell once the program has ended (where a saved run is), one per
    /// line; see [`Screen::farewell`].
    pub fn farewell(&self) -> Option<String> {
        self.stack.farewell()
    }

    /// Saves the caves run and the overworld in play, and plays on (a browser tab that
    /// may come back was closed).
    ///
    /// # Errors
    /// The first save that failed, as a sentence.
    pub fn save(&mut self) -> Result<(), String> {
        self.stack.save()
    }
}

fn control(t: Transition) -> Control {
    match t {
        Transition::Quit => Control::Quit,
        _ => Control::Continue,
    }
}

impl Screen for App {
    fn render(&self, frame: &mut Frame) {
        App::render(self, frame);
    }

    fn handle(&mut self, input: Input) -> Transition {
        match App::handle(self, input) {
            Control::Quit => Transition::Quit,
            Control::Continue => Transition::Stay,
        }
    }

    fn scene(&self, view: Size) -> Option<Scene> {
        self.stack.scene(view)
    }

    fn mouse(&mut self, event: Mouse) -> Transition {
        self.attach_recordings();
        match self.stack.mouse(event) {
            Transition::Quit => Transition::Quit,
            _ => Transition::Stay,
        }
    }

    fn release(&mut self, input: Input) -> Transition {
        App::release(self, input);
        Transition::Stay
    }

    fn wants_ticks(&self) -> bool {
        App::wants_ticks(self)
    }

    fn tick(&mut self) -> Transition {
        match App::tick(self) {
            Control::Quit => Transition::Quit,
            Control::Continue => Transition::Stay,
        }
    }

    fn set_key_releases(&mut self, releases: bool) {
        App::set_key_releases(self, releases);
    }

    fn describe(&self) -> String {
        self.stack.describe()
    }

    fn farewell(&self) -> Option<String> {
        App::farewell(self)
    }

    fn close(&mut self) -> Result<(), String> {
        App::close(self)
    }

    fn save(&mut self) -> Result<(), String> {
        App::save(self)
    }
}

/// A new caves run from `setup`'s next seed, or why it could not be built. With
/// `offer_saved`, a saved run is offered first (it is never silently replaced).
fn new_caves(setup: &mut CavesSetup, offer_saved: bool) -> Result<Box<dyn Screen>, String> {
    // A saved run of the seed asked for (`play caves --seed S`) is the one offered; one
    // that can't be read (a read-only file...) is said, never passed over.
    let (saved, unreadable) = match (&setup.store, offer_saved) {
        (Some(store), true) => {
            let _ = store.choose(setup.next_seed);
            match store.saved() {
                Ok(saved) => (saved, None),
                Err(e) => (None, Some(e)),
            }
        }
        _ => (None, None),
    };
    match setup.new_game() {
        Ok(game) => {
            let (keys, store) = (setup.keymap.clone(), setup.store.clone());
            let screen = match saved {
                Some(about) => CavesScreen::offering(game, keys, store, about),
                None => CavesScreen::new(game, keys, store),
            };
            let mut screen = screen.with_pickup(setup.pickup);
            if let Some(e) = unreadable {
                screen.tell(format!("The saved run can't be opened: {e}. This is a new run."));
            }
            Ok(Box::new(screen))
        }
        Err(e) => Err(format!("The caves could not be built: {e}")),
    }
}

impl TitleScreen {
    /// The screen an entry opens, or a note on the title menu.
    fn open(&mut self, item: TitleItem) -> Result<Box<dyn Screen>, String> {
        let l = &mut self.launch;
        match item {
            TitleItem::Ultima => {
                let game = Ultima::with_rules(l.default_world.clone(), Rules::default());
                let mut screen = UltimaScreen::new(game);
                screen.set_world_name(DEFAULT_WORLD_NAME);
                Ok(Box::new(screen))
            }
            // A new run while one is saved asks first (the saved runs stay either way).
            TitleItem::Caves => new_caves(&mut l.caves, true),
            TitleItem::Continue => {
                let loaded = match &l.caves.store {
                    Some(store) => store.load(),
                    None => Ok(None),
                };
                match loaded {
                    Ok(Some(game)) => Ok(Box::new(
                        CavesScreen::resumed(game, l.caves.keymap.clone(), l.caves.store.clone())
                            .with_pickup(l.caves.pickup),
                    )),
                    Ok(None) => Err("There is no saved caves run.".to_string()),
                    Err(e) => Err(format!("The saved run can't be read: {e}")),
                }
            }
            TitleItem::Chase => Ok(Box::<ChaseSetup>::default()),
            TitleItem::Overworld => Ok(Box::new(OverworldScreen::new(l.overworld.clone()))),
            TitleItem::Maze => match Maze::new(l.maze.take_config()) {
                Ok(game) => Ok(Box::new(MazeScreen::with_keymap(
                    game,
                    l.maze.keymap.clone(),
                    self.key_releases,
                ))),
                Err(e) => Err(format!("The maze could not be built: {e}")),
            },
            TitleItem::Quit => Err(String::new()),
        }
    }
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
        match event {
            Mouse::Text(col, row) => {
                let chosen = self.menu.click(col, row);
                self.choose(chosen)
            }
            _ => Transition::Stay,
        }
    }

    fn set_key_releases(&mut self, releases: bool) {
        self.key_releases = releases;
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

impl TitleScreen {
    /// Opens the entry chosen, if any (or quits, or notes why it cannot open).
    fn choose(&mut self, chosen: Option<TitleItem>) -> Transition {
        match chosen {
            None => Transition::Stay,
            Some(TitleItem::Quit) => Transition::Quit,
            Some(item) => {
                self.note = None;
                match self.open(item) {
                    Ok(screen) => Transition::Push(screen),
                    Err(note) => {
                        self.note = Some(note);
                        Transition::Stay
                    }
                }
            }
        }
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

impl Screen for CavesScreen {
    fn render(&self, frame: &mut Frame) {
        CavesScreen::render(self, frame);
    }

    fn scene(&self, view: Size) -> Option<Scene> {
        self.scene_now(view)
    }

    fn mouse(&mut self, event: Mouse) -> Transition {
        self.on_mouse(event)
    }

    fn describe(&self) -> String {
        let game = self.game();
        format!("caves: depth {}, turn {}", game.depth() + 1, game.turn().0)
    }

    fn handle(&mut self, input: Input) -> Transition {
        leave_if(CavesScreen::handle(self, input) == Leave::Back)
    }

    fn wants_ticks(&self) -> bool {
        self.is_running()
    }

    fn tick(&mut self) -> Transition {
        CavesScreen::tick(self);
        Transition::Stay
    }

    fn close(&mut self) -> Result<(), String> {
        self.save_on_exit()
    }

    fn save(&mut self) -> Result<(), String> {
        self.save_on_exit()
    }

    fn farewell(&self) -> Option<String> {
        CavesScreen::farewell(self)
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

impl Screen for OverworldScreen {
    fn render(&self, frame: &mut Frame) {
        OverworldScreen::render(self, frame);
    }

    fn scene(&self, view: Size) -> Option<Scene> {
        self.scene_now(view)
    }

    fn mouse(&mut self, event: Mouse) -> Transition {
        self.on_mouse(event)
    }

    fn describe(&self) -> String {
        torchlit_sim::ModeId::Overworld.to_string()
    }

    fn handle(&mut self, input: Input) -> Transition {
        leave_if(OverworldScreen::handle(self, input) == crate::overworld::Leave::Back)
    }

    fn wants_ticks(&self) -> bool {
        OverworldScreen::wants_ticks(self)
    }

    fn tick(&mut self) -> Transition {
        OverworldScreen::tick(self);
        Transition::Stay
    }

    fn close(&mut self) -> Result<(), String> {
        self.shut_down()
    }

    fn save(&mut self) -> Result<(), String> {
        self.save_now()
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
