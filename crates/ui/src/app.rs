//! The application: which screen is up, and how keys move between screens.

use torchlit_map::UltimaWorld;
use torchlit_sim::modes::maze::{Maze, MazeConfig, MazeError, Seed};
use torchlit_sim::modes::ultima::Ultima;

use crate::caves::{CavesScreen, CavesSetup, Leave};
use crate::chase::{ChaseScreen, ChaseSetup, SetupOutcome};
use crate::maze::{MazeScreen, MazeSetup};
use crate::overworld::{OverworldScreen, OverworldSetup};
use crate::title::{TitleItem, TitleMenu};
use crate::ultima::UltimaScreen;
use crate::{Frame, Input};

/// What the front end should do after a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    /// Keep running and redraw.
    Continue,
    /// Restore the terminal and exit.
    Quit,
}

#[derive(Clone, Debug)]
enum Screen {
    Title(TitleMenu),
    Ultima(Box<UltimaScreen>),
    Maze(Box<MazeScreen>),
    Caves(Box<CavesScreen>),
    ChaseSetup(Box<ChaseSetup>),
    Chase(Box<ChaseScreen>),
    Overworld(OverworldScreen),
}

/// The whole front-end state: the current screen and what the menu starts games with.
#[derive(Clone, Debug)]
pub struct App {
    screen: Screen,
    default_world: UltimaWorld,
    /// Leaving the play screen quits (started with `play`) instead of showing the title.
    back_quits: bool,
    /// What `maze` starts from the title menu.
    maze: MazeSetup,
    /// Whether the front end reports key releases (real-time screens use them).
    key_releases: bool,
    /// What `caves` runs start and continue with.
    caves: CavesSetup,
    /// A line under the title menu (why continuing did not work).
    note: Option<String>,
    /// What `overworld` opens with from the title menu.
    overworld: OverworldSetup,
}

impl App {
    /// Opens on the title menu; `default_world` is what `ultima` plays from there.
    pub fn title(default_world: UltimaWorld) -> App {
        App {
            screen: Screen::Title(TitleMenu::default()),
            default_world,
            back_quits: false,
            maze: MazeSetup::new(MazeConfig::generated(Seed(0), 4)),
            key_releases: false,
            caves: CavesSetup::default(),
            note: None,
            overworld: OverworldSetup::default(),
        }
    }

    /// Opens straight into `ultima` on `world`; leaving the game quits.
    pub fn ultima(world: UltimaWorld) -> App {
        App {
            screen: Screen::Ultima(Box::new(UltimaScreen::new(Ultima::new(world.clone())))),
            default_world: world,
            back_quits: true,
            maze: MazeSetup::new(MazeConfig::generated(Seed(0), 4)),
            key_releases: false,
            caves: CavesSetup::default(),
            note: None,
            overworld: OverworldSetup::default(),
        }
    }

    /// Opens straight into `maze` with `config`; leaving the game quits.
    ///
    /// # Errors
    /// Those of [`Maze::new`] (a level too long).
    pub fn maze(default_world: UltimaWorld, setup: MazeSetup) -> Result<App, MazeError> {
        let game = Maze::new(setup.config)?;
        let mut app = App::title(default_world);
        app.back_quits = true;
        app.screen =
            Screen::Maze(Box::new(MazeScreen::with_keymap(game, setup.keymap.clone(), false)));
        app.maze = setup;
        Ok(app)
    }

    /// Opens straight into a `caves` run; leaving the game quits. The run starts from
    /// `setup.next_seed`.
    pub fn caves(default_world: UltimaWorld, mut setup: CavesSetup) -> App {
        let mut app = App::title(default_world);
        app.back_quits = true;
        let seed = setup.take_seed();
        // A saved run is offered before a new one starts (it is never silently replaced).
        let saved = setup.store.as_ref().and_then(|s| s.saved().ok().flatten());
        app.screen = match torchlit_sim::modes::caves::Caves::new(seed) {
            Ok(game) => {
                let (keys, store) = (setup.keymap.clone(), setup.store.clone());
                Screen::Caves(Box::new(
                    match saved {
                        Some(about) => CavesScreen::offering(game, keys, store, about),
                        None => CavesScreen::new(game, keys, store),
                    }
                    .with_pickup(setup.pickup),
                ))
            }
            Err(e) => {
                app.note = Some(format!("The caves could not be built: {e}"));
                Screen::Title(TitleMenu::default())
            }
        };
        app.caves = setup;
        app
    }

    /// Opens straight into `overworld` (its world menu, or the new-world screen when
    /// `setup.start_new`); leaving it quits.
    pub fn overworld(default_world: UltimaWorld, setup: OverworldSetup) -> App {
        let mut app = App::title(default_world);
        app.back_quits = true;
        app.screen = Screen::Overworld(OverworldScreen::new(setup.clone()));
        app.overworld = OverworldSetup { start_new: false, ..setup };
        app
    }

    /// Sets what `overworld` opens with from the title menu (worlds, keys, seed).
    pub fn set_overworld(&mut self, setup: OverworldSetup) {
        self.overworld = setup;
    }

    /// The `overworld` screens, when they are up.
    pub fn overworld_screen(&self) -> Option<&OverworldScreen> {
        match &self.screen {
            Screen::Overworld(s) => Some(s),
            _ => None,
        }
    }

    /// Opens straight into the `chase` watch screen; leaving it quits.
    pub fn chase(default_world: UltimaWorld, mut screen: ChaseScreen) -> App {
        let mut app = App::title(default_world);
        app.back_quits = true;
        screen.back_quits = true;
        app.screen = Screen::Chase(Box::new(screen));
        app
    }

    /// The `chase` watch screen, when it is up.
    pub fn chase_screen(&self) -> Option<&ChaseScreen> {
        match &self.screen {
            Screen::Chase(s) => Some(s),
            _ => None,
        }
    }

    /// Sets what `caves` starts and continues with from the title menu (store, keys,
    /// seed).
    pub fn set_caves(&mut self, setup: CavesSetup) {
        self.caves = setup;
    }

    /// The `caves` screen, when it is up.
    pub fn caves_screen(&self) -> Option<&CavesScreen> {
        match &self.screen {
            Screen::Caves(s) => Some(s),
            _ => None,
        }
    }

    /// Sets what `maze` starts with from the title menu (the seed, the level, the keys).
    pub fn set_maze(&mut self, setup: MazeSetup) {
        self.maze = setup;
    }

    /// Tells the screens whether the front end reports key releases (keyboard
    /// enhancement); without them a press counts as held for a few ticks.
    pub fn set_key_releases(&mut self, releases: bool) {
        self.key_releases = releases;
        if let Screen::Maze(s) = &mut self.screen {
            s.set_key_releases(releases);
        }
    }

    /// The `maze` screen, when it is up.
    pub fn maze_screen(&self) -> Option<&MazeScreen> {
        match &self.screen {
            Screen::Maze(s) => Some(s),
            _ => None,
        }
    }

    /// Whether the current screen runs in real time: the front end then calls
    /// [`App::tick`] 24 times per second.
    pub fn wants_ticks(&self) -> bool {
        match &self.screen {
            Screen::Maze(_) => true,
            Screen::Caves(s) => s.is_running(),
            Screen::Chase(s) => s.wants_ticks(),
            Screen::Overworld(s) => s.wants_ticks(),
            _ => false,
        }
    }

    /// Advances a real-time screen by one tick (does nothing on other screens).
    pub fn tick(&mut self) {
        if let Screen::Maze(s) = &mut self.screen {
            s.tick();
        }
        if let Screen::Caves(s) = &mut self.screen {
            s.tick();
        }
        if let Screen::Chase(s) = &mut self.screen {
            s.tick();
        }
        if let Screen::Overworld(s) = &mut self.screen {
            s.tick();
        }
    }

    /// A key went up (front ends with keyboard enhancement report releases).
    pub fn release(&mut self, input: Input) {
        if let Screen::Maze(s) = &mut self.screen {
            s.release(input);
        }
    }

    /// The `ultima` screen, when it is up.
    pub fn ultima_screen(&self) -> Option<&UltimaScreen> {
        match &self.screen {
            Screen::Ultima(s) => Some(s),
            _ => None,
        }
    }

    /// Handles one key.
    pub fn handle(&mut self, input: Input) -> Control {
        match &mut self.screen {
            Screen::Title(menu) => match menu.handle(input) {
                Some(TitleItem::Quit) => return Control::Quit,
                Some(TitleItem::Ultima) => {
                    let game = Ultima::new(self.default_world.clone());
                    self.screen = Screen::Ultima(Box::new(UltimaScreen::new(game)));
                }
                Some(TitleItem::Caves) => {
                    self.note = None;
                    let seed = self.caves.take_seed();
                    match torchlit_sim::modes::caves::Caves::new(seed) {
                        Ok(game) => {
                            let (keys, store) =
                                (self.caves.keymap.clone(), self.caves.store.clone());
                            self.screen = Screen::Caves(Box::new(
                                CavesScreen::new(game, keys, store).with_pickup(self.caves.pickup),
                            ));
                        }
                        Err(e) => self.note = Some(format!("The caves could not be built: {e}")),
                    }
                }
                Some(TitleItem::Continue) => {
                    self.note = None;
                    let loaded = match &self.caves.store {
                        Some(store) => store.load(),
                        None => Ok(None),
                    };
                    match loaded {
                        Ok(Some(game)) => {
                            let (keys, store) =
                                (self.caves.keymap.clone(), self.caves.store.clone());
                            self.screen = Screen::Caves(Box::new(
                                CavesScreen::resumed(game, keys, store)
                                    .with_pickup(self.caves.pickup),
                            ));
                        }
                        Ok(None) => self.note = Some("There is no saved caves run.".to_string()),
                        Err(e) => self.note = Some(format!("The saved run can't be read: {e}")),
                    }
                }
                Some(TitleItem::Chase) => {
                    self.screen = Screen::ChaseSetup(Box::default());
                }
                Some(TitleItem::Overworld) => {
                    self.screen = Screen::Overworld(OverworldScreen::new(self.overworld.clone()));
                }
                Some(TitleItem::Maze) => {
                    // A config that fails (a level too long) keeps the title up.
                    if let Ok(game) = Maze::new(self.maze.config) {
                        let keymap = self.maze.keymap.clone();
                        let screen = MazeScreen::with_keymap(game, keymap, self.key_releases);
                        self.screen = Screen::Maze(Box::new(screen));
                    }
                }
                None => {}
            },
            Screen::Ultima(screen) => {
                if input == Input::Ctrl('c') {
                    return Control::Quit;
                }
                if screen.handle(input) {
                    return self.leave(Screen::Title(TitleMenu::default()));
                }
            }
            Screen::Caves(screen) => {
                if input == Input::Ctrl('c') {
                    screen.save_quietly();
                    return Control::Quit;
                }
                if screen.handle(input) == Leave::Back {
                    return self.leave(Screen::Title(TitleMenu::default()));
                }
            }
            Screen::ChaseSetup(setup) => match setup.handle(input) {
                _ if input == Input::Ctrl('c') => return Control::Quit,
                Some(SetupOutcome::Back) => self.screen = Screen::Title(TitleMenu::default()),
                Some(SetupOutcome::Start(screen)) => self.screen = Screen::Chase(screen),
                None => {}
            },
            Screen::Chase(screen) => {
                if input == Input::Ctrl('c') {
                    return Control::Quit;
                }
                if screen.handle(input) {
                    return self.leave(Screen::ChaseSetup(Box::default()));
                }
            }
            Screen::Overworld(screen) => {
                if input == Input::Ctrl('c') {
                    screen.shut_down();
                    return Control::Quit;
                }
                if screen.handle(input) == crate::overworld::Leave::Back {
                    return self.leave(Screen::Title(TitleMenu::default()));
                }
            }
            Screen::Maze(screen) => {
                if input == Input::Ctrl('c') {
                    return Control::Quit;
                }
                if screen.handle(input) {
                    return self.leave(Screen::Title(TitleMenu::default()));
                }
            }
        }
        Control::Continue
    }

    /// Leaves the current play screen: to `back` (the title menu or the chase setup),
    /// or out of torchlit when the game was started directly with `play`.
    fn leave(&mut self, back: Screen) -> Control {
        if self.back_quits {
            return Control::Quit;
        }
        self.screen = back;
        Control::Continue
    }

    /// Draws the current screen into `frame`.
    pub fn render(&self, frame: &mut Frame) {
        match &self.screen {
            Screen::Title(menu) => {
                menu.render(frame);
                if let Some(note) = &self.note {
                    let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
                    let x = ((w - note.chars().count() as i32) / 2).max(0);
                    frame.print(x, h - 2, note, crate::Rgb(255, 120, 100), crate::Rgb::BLACK);
                }
            }
            Screen::Caves(screen) => screen.render(frame),
            Screen::Ultima(screen) => screen.render(frame),
            Screen::Maze(screen) => screen.render(frame),
            Screen::ChaseSetup(setup) => setup.render(frame),
            Screen::Chase(screen) => screen.render(frame),
            Screen::Overworld(screen) => screen.render(frame),
        }
    }
}
