//! `maze` in the terminal: its seed and level from the command line, its keys from the
//! config file's `[keys.maze]` (actions: up, left, down, right, interact, pickaxe,
//! reset_game, reset_area, next_dialog, pause, show_paths, help, back).

use anyhow::Result;
use torchlit_sim::ModeId;
use torchlit_sim::modes::maze::{MazeConfig, Rules};
use torchlit_ui::maze::{MazeSetup, keymap_with};

use crate::args::{LevelArg, RulesArg};
use crate::settings::{Settings, seed_arg};

/// What `maze` starts with: the game for `--seed`, `--level`, `--length` and `rules`,
/// and the keys of the config file's `[keys.maze]` (the defaults when there is none).
///
/// # Errors
/// A `[keys.maze]` entry naming a key or action `maze` doesn't know, with file and line.
pub fn setup(
    settings: &Settings,
    seed: Option<&str>,
    level: LevelArg,
    length: u32,
    rules: Rules,
) -> Result<MazeSetup> {
    let overrides = settings.key_overrides(ModeId::Maze);
    let keymap = keymap_with(&overrides).map_err(|e| {
        anyhow::anyhow!("{}: keys.maze: {e}", settings.origin_of(ModeId::Maze, &e.name))
    })?;
    let config = MazeConfig { rules, ..maze_config(seed, level, length) };
    Ok(MazeSetup { config, keymap, recordings: None })
}

/// The rules for `--rules` and `--heart-drop`: the ruleset, with the heart drop from
/// `--heart-drop`, else the config's `[maze] heart_drop_percent`.
pub fn rules(settings: &Settings, set: RulesArg, heart_drop: Option<u8>) -> Rules {
    let base = match set {
        RulesArg::Default => Rules::default(),
        RulesArg::Seed => Rules::original(),
    };
    let configured = torchlit_ui::maze::config::MazeSettings::of(&settings.config);
    let heart_drop_percent = heart_drop.unwrap_or(configured.heart_drop_percent);
    Rules { heart_drop_percent, ..base }
}

/// The game for the command line's `--seed`, `--level` and `--length`. A seed that is a
/// number is that number (as the victory screen shows it); any other text is hashed; no
/// seed takes one from the clock.
pub fn maze_config(seed: Option<&str>, level: LevelArg, length: u32) -> MazeConfig {
    let seed = seed_arg(seed, "maze/clock");
    match level {
        LevelArg::Fixed => MazeConfig::fixed(seed),
        LevelArg::Generated => MazeConfig::generated(seed, length),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use torchlit_sim::modes::maze::Seed;
    use torchlit_sim::modes::maze::{Button, LevelKind};
    use torchlit_ui::Input;
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
    fn rules_come_from_the_ruleset_the_flag_and_the_config() {
        let settings = Settings { paths: None, config: torchlit_save::Config::defaults() };
        let seed = rules(&settings, RulesArg::Seed, None);
        assert_eq!(seed, Rules::original());
        let r = rules(&settings, RulesArg::Default, Some(10));
        assert_eq!(r, Rules { heart_drop_percent: 10, ..Rules::default() });
        assert_ne!(r.forget_ticks, None);
        let text = "[maze]\nheart_drop_percent = 80\n";
        let config = torchlit_save::Config::parse(text, std::path::Path::new("t.toml"));
        let settings = Settings { config: config.expect("valid"), ..settings };
        assert_eq!(rules(&settings, RulesArg::Seed, None).heart_drop_percent, 80);
    }

    #[test]
    fn config_keys_replace_one_action_each() {
        let overrides = vec![("pickaxe".to_string(), vec![Input::Char('x')])];
        let k = keymap_with(&overrides).expect("known action");
        assert_eq!(k.get(Input::Char('x')), Some(MazeCommand::Button(Button::Pickaxe)));
        assert_eq!(k.get(Input::Char(' ')), None, "the default pickaxe keys are replaced");
        assert_eq!(k.get(Input::Char('e')), Some(MazeCommand::Button(Button::Interact)));
        assert!(keymap_with(&[("fly".to_string(), vec![])]).is_err());
    }
}
