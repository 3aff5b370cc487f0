//! The maze's table of the config file, `[maze]` (ICMaze, CS-107 "Maze Games", EPFL).

use serde::Deserialize;
use torchlit_save::{Config, ConfigError, Place, Section, Spanned};

/// Settings of `maze` (the `[maze]` table).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct MazeSettings {
    /// The chance, in percent, that a broken rock leaves a heart (ICMaze §3.4: "e.g.
    /// 50%"). 0 to 100.
    pub heart_drop_percent: u8,
}

impl Default for MazeSettings {
    fn default() -> MazeSettings {
        MazeSettings { heart_drop_percent: 50 }
    }
}

impl MazeSettings {
    /// The `[maze]` table of a config a front end checked ([`crate::config::check`]); the
    /// defaults if it was not and its table is bad.
    pub fn of(config: &Config) -> MazeSettings {
        config.section().unwrap_or_default()
    }
}

/// `[maze]` as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WrittenMaze {
    heart_drop_percent: Option<Spanned<i64>>,
}

impl Section for MazeSettings {
    const NAME: &'static str = "maze";
    type Written = WrittenMaze;

    fn apply(&mut self, w: WrittenMaze, place: &Place<'_>) -> Result<(), ConfigError> {
        let key = "maze.heart_drop_percent";
        if let Some(n) = place.whole_number(w.heart_drop_percent, key, 0..=100)? {
            self.heart_drop_percent = u8::try_from(n).unwrap_or(100);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn heart_drop_is_a_setting_with_a_range() {
        let parse =
            |text: &str| Config::parse(text, Path::new("t.toml")).map_err(|e| e.to_string());
        assert_eq!(
            Config::defaults().section::<MazeSettings>().ok(),
            Some(MazeSettings::default())
        );
        assert_eq!(MazeSettings::default().heart_drop_percent, 50);
        let c = parse("[maze]\nheart_drop_percent = 20\n").map(|c| MazeSettings::of(&c));
        assert_eq!(c, Ok(MazeSettings { heart_drop_percent: 20 }));
        let e = parse("[maze]\nheart_drop_percent = 101\n")
            .and_then(|c| c.section::<MazeSettings>().map_err(|e| e.to_string()));
        assert_eq!(
            e,
            Err("t.toml:2:22: maze.heart_drop_percent: 101 is out of range: \
                 use a whole number from 0 to 100"
                .to_string())
        );
    }
}
