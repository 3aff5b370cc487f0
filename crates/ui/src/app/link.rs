//! Deep links: a game opened over the title menu at once, as a shared link asks
//! (`/?play=MODE&seed=S` in the browser), with its prompts answered as a player would.

use torchlit_console::{Input, Screen};
use torchlit_rng::Seed;

use super::App;
use crate::chase::{ChaseSetup, DungeonChoice};
use crate::overworld::Worlds;

/// A mode a link can open, and its seed as the player typed it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link<'a> {
    /// `caves` with the seed set by [`App::set_caves`].
    Caves,
    /// `maze` with the level set by [`App::set_maze`].
    Maze,
    /// `overworld`: a new world of this seed (any text, as the new-world prompt takes),
    /// named `seed S` (`seed S (2)`, ... when that name is taken).
    Overworld(&'a str),
    /// `chase`: the first bundled dungeon, or a generated dungeon of this seed (a
    /// number, or text hashed as `--seed` does).
    Chase(Option<&'a str>),
    /// `ultima` on the title menu's world.
    Ultima,
}

impl App {
    /// Opens `link`'s game from the title menu (leaving it goes back there), past its
    /// prompts: the overworld's new world is created and the chase's setup started. The
    /// setups the title menu opens with ([`App::set_overworld`] for where worlds are
    /// kept, [`App::set_caves`], [`App::set_maze`] with their seeds) are set first. On any other screen than the title menu
    /// the keys go to that screen.
    pub fn open_link(&mut self, link: Link<'_>) {
        match link {
            Link::Caves => self.press(Input::Char('c')),
            Link::Maze => self.press(Input::Char('m')),
            Link::Ultima => self.press(Input::Char('u')),
            Link::Overworld(seed) => {
                let Some(launcher) = self.launcher() else { return };
                let setup = &mut launcher.overworld;
                setup.seed = seed.to_string();
                setup.start_new = true;
                let name = free_world_name(setup.worlds.as_ref(), seed);
                self.press(Input::Char('o'));
                // The new-world prompts, answered as a player would: the name, then the seed.
                for c in name.chars() {
                    self.press(Input::Char(c));
                }
                self.press(Input::Enter);
                self.press(Input::Enter);
            }
            Link::Chase(seed) => {
                self.press(Input::Char('h'));
                if let (Some(s), Some(setup)) = (seed, self.top_mut::<ChaseSetup>()) {
                    let dungeon = DungeonChoice::Generated(Seed::from_input(s).0);
                    *setup = ChaseSetup::with_dungeon(dungeon);
                }
                self.press(Input::Enter);
            }
        }
    }

    fn press(&mut self, input: Input) {
        Screen::handle(self, input);
    }
}

/// A name for a new world of `seed` that no world in `worlds` has yet.
fn free_world_name(worlds: Option<&Worlds>, seed: &str) -> String {
    let taken: Vec<String> = worlds
        .and_then(|w| w.list().ok())
        .map(|rows| rows.into_iter().filter_map(|r| r.name).collect())
        .unwrap_or_default();
    let base = if seed.is_empty() { "seed".to_string() } else { format!("seed {seed}") };
    (1..)
        .map(|n| if n == 1 { base.clone() } else { format!("{base} ({n})") })
        .find(|name| !taken.contains(name))
        .unwrap_or(base)
}
