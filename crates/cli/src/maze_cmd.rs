//! `maze` in the terminal: its seed and level from the command line, its keys from the
//! config file's `[keys.maze]` (actions: up, left, down, right, interact, pickaxe,
//! reset_game, reset_area, next_dialog, pause, show_paths, help, back).

use std::path::Path;

use anyhow::{Context, Result, bail};
use torchlit_save::{Config, Key, KeySpec, Paths};
use torchlit_sim::modes::maze::{MazeConfig, Seed};
use torchlit_ui::Input;
use torchlit_ui::maze::{MazeSetup, keymap_with};

use crate::args::LevelArg;

/// The mode name in the config file (`[keys.maze]`).
const MODE: &str = "maze";

/// What `maze` starts with: the game for `--seed`, `--level`, `--length`, and the keys
/// of the config file (the defaults when there is none).
///
/// # Errors
/// A config file that can't be read or parsed, or binds a key or action `maze` doesn't
/// know, with the file and line.
pub fn setup(
    data_dir: Option<&Path>,
    config: Option<&Path>,
    seed: Option<&str>,
    level: LevelArg,
    length: u32,
) -> Result<MazeSetup> {
    let paths = Paths::resolve(data_dir, config).ok();
    let config = match &paths {
        Some(p) => Config::load(p).context("the config file")?,
        None => Config::defaults(),
    };
    let mut overrides = Vec::new();
    for (action, binding) in config.keys.mode(MODE) {
        let mut inputs = Vec::new();
        for spec in &binding.keys {
            match input_of(*spec) {
                Some(i) => inputs.push(i),
                None => bail!("{}: key {spec} can't be bound in maze", binding.origin),
            }
        }
        overrides.push((action.to_string(), inputs));
    }
    let keymap = keymap_with(&overrides).context("the config file's [keys.maze]")?;
    Ok(MazeSetup { config: maze_config(seed, level, length), keymap })
}

/// The game for the command line's `--seed`, `--level` and `--length`. A seed that is a
/// number is that number (as the victory screen shows it); any other text is hashed; no
/// seed takes one from the clock.
pub fn maze_config(seed: Option<&str>, level: LevelArg, length: u32) -> MazeConfig {
    let seed = match seed {
        Some(text) => text.trim().parse::<u64>().map_or_else(|_| Seed::from_text(text), Seed),
        None => {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64);
            Seed(nanos % 1_000_000_000)
        }
    };
    match level {
        LevelArg::Fixed => MazeConfig::fixed(seed),
        LevelArg::Generated => MazeConfig::generated(seed, length),
    }
}

/// A config key as a screen input; `None` for keys the screens never receive.
fn input_of(spec: KeySpec) -> Option<Input> {
    if spec.alt {
        return None;
    }
    Some(match (spec.key, spec.ctrl) {
        (Key::Char(c), true) => Input::Ctrl(c.to_ascii_lowercase()),
        (Key::Char(c), false) => Input::Char(c),
        (_, true) => return None,
        (Key::Up, _) => Input::Up,
        (Key::Down, _) => Input::Down,
        (Key::Left, _) => Input::Left,
        (Key::Right, _) => Input::Right,
        (Key::Enter, _) => Input::Enter,
        (Key::Esc, _) => Input::Esc,
        (Key::Tab, _) => Input::Tab,
        (Key::Backspace, _) => Input::Backspace,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use torchlit_sim::modes::maze::{Button, LevelKind};
    use torchlit_ui::maze::MazeCommand;

    #[test]
    fn numbers_are_seeds_and_text_is_hashed() {
        let c = maze_config(Some("42"), LevelArg::Fixed, 0);
        assert_eq!((c.seed, c.level), (Seed(42), LevelKind::Fixed));
        let c = maze_config(Some("hello"), LevelArg::Generated, 2);
        assert_eq!(
            (c.seed, c.level),
            (Seed::from_text("hello"), LevelKind::Generated { length: 2 })
        );
    }

    #[test]
    fn config_keys_replace_one_action_each() {
        let overrides = vec![(
            "pickaxe".to_string(),
            vec![input_of("x".parse().expect("key")).expect("input")],
        )];
        let k = keymap_with(&overrides).expect("known action");
        assert_eq!(k.get(Input::Char('x')), Some(MazeCommand::Button(Button::Pickaxe)));
        assert_eq!(k.get(Input::Char(' ')), None, "the default pickaxe keys are replaced");
        assert_eq!(k.get(Input::Char('e')), Some(MazeCommand::Button(Button::Interact)));
        assert!(keymap_with(&[("fly".to_string(), vec![])]).is_err());
    }
}
