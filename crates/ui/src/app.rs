//! The application: which screen is up, and how keys move between screens.

use torchlit_map::UltimaWorld;
use torchlit_sim::modes::ultima::Ultima;

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
}

/// The whole front-end state: the current screen and what the menu starts games with.
#[derive(Clone, Debug)]
pub struct App {
    screen: Screen,
    default_world: UltimaWorld,
    /// Leaving the play screen quits (started with `play`) instead of showing the title.
    back_quits: bool,
}

impl App {
    /// Opens on the title menu; `default_world` is what `ultima` plays from there.
    pub fn title(default_world: UltimaWorld) -> App {
        App { screen: Screen::Title(TitleMenu::default()), default_world, back_quits: false }
    }

    /// Opens straight into `ultima` on `world`; leaving the game quits.
    pub fn ultima(world: UltimaWorld) -> App {
        App {
            screen: Screen::Ultima(Box::new(UltimaScreen::new(Ultima::new(world.clone())))),
            default_world: world,
            back_quits: true,
        }
    }

    /// The `ultima` screen, when it is up.
    pub fn ultima_screen(&self) -> Option<&UltimaScreen> {
        match &self.screen {
            Screen::Ultima(s) => Some(s),
            Screen::Title(_) => None,
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
                None => {}
            },
            Screen::Ultima(screen) => {
                if input == Input::Ctrl('c') {
                    return Control::Quit;
                }
                if screen.handle(input) {
                    if self.back_quits {
                        return Control::Quit;
                    }
                    self.screen = Screen::Title(TitleMenu::default());
                }
            }
        }
        Control::Continue
    }

    /// Draws the current screen into `frame`.
    pub fn render(&self, frame: &mut Frame) {
        match &self.screen {
            Screen::Title(menu) => menu.render(frame),
            Screen::Ultima(screen) => screen.render(frame),
        }
    }
}
