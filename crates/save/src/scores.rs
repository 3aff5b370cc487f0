//! The high-score table: the best finished games of each mode, kept beside the worlds as
//! `high-scores.toml` (readable, and written to a temporary file then renamed, so it is
//! the old table or the new one, never a mix).

#[cfg(feature = "sqlite")]
use std::fs;
#[cfg(feature = "sqlite")]
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

#[cfg(feature = "sqlite")]
use crate::{SaveError, Store, fsutil};

/// How many games a mode's table keeps.
pub const KEPT_SCORES: usize = 10;

/// The file name of the table, in the worlds directory.
pub const SCORES_FILE: &str = "high-scores.toml";

/// One finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    /// The mode (`overworld`).
    pub mode: String,
    /// The world's name, as given.
    pub name: String,
    /// The points.
    pub score: u64,
    /// How it ended, in words (`took the artefact`, `slain by a troll`).
    pub ending: String,
    /// Turns played.
    pub turns: u64,
    /// When it ended, in seconds since the Unix epoch.
    pub when: u64,
}

#[cfg(feature = "sqlite")]
#[derive(Debug, Default, Serialize, Deserialize)]
struct Table {
    #[serde(default)]
    score: Vec<Score>,
}

#[cfg(feature = "sqlite")]
impl Store {
    /// Where the high-score table lives.
    pub fn scores_path(&self) -> PathBuf {
        self.dir().join(SCORES_FILE)
    }

    /// Mode `mode`'s best games, best first (ties: the earlier game first). A missing
    /// table is empty.
    ///
    /// # Errors
    /// [`SaveError::Io`] if it can't be read; [`SaveError::Corrupt`] if it is not a table.
    pub fn high_scores(&self, mode: &str) -> Result<Vec<Score>, SaveError> {
        let mut all = read(&self.scores_path())?.score;
        all.retain(|s| s.mode == mode);
        Ok(all)
    }

    /// Adds a finished game and keeps each mode's [`KEPT_SCORES`] best. Returns its rank
    /// in its mode's table (1 is the best), `None` if it did not make the table.
    ///
    /// # Errors
    /// As [`Store::high_scores`], and [`SaveError::Io`] if the table can't be written.
    pub fn add_score(&self, score: Score) -> Result<Option<usize>, SaveError> {
        let path = self.scores_path();
        let mut table = read(&path)?;
        let rank = keep_best(&mut table.score, score);
        let text = toml::to_string(&table).map_err(|e| SaveError::Corrupt {
            path: path.clone(),
            reason: format!("the high scores can't be written: {e}"),
        })?;
        fs::create_dir_all(self.dir()).map_err(|e| SaveError::io("creating", self.dir(), e))?;
        fsutil::write_atomic(&path, text.as_bytes())
            .map_err(|e| SaveError::io("writing", &path, e))?;
        Ok(rank)
    }
}

/// Adds `score` to `table` (every mode's games, best first), keeps each mode's
/// [`KEPT_SCORES`] best, and returns its rank in its mode (1 is the best), `None` if it did
/// not make the table.
pub(crate) fn keep_best(table: &mut Vec<Score>, score: Score) -> Option<usize> {
    let mode = score.mode.clone();
    let new = score.clone();
    table.push(score);
    // Stable: among equal scores the earlier game stays ahead.
    table.sort_by(|a, b| b.score.cmp(&a.score).then(a.when.cmp(&b.when)));
    let mut per_mode = std::collections::BTreeMap::<String, usize>::new();
    table.retain(|s| {
        let n = per_mode.entry(s.mode.clone()).or_default();
        *n += 1;
        *n <= KEPT_SCORES
    });
    let mut kept = 0;
    let mut rank = None;
    for s in table.iter().filter(|s| s.mode == mode) {
        kept += 1;
        if *s == new && rank.is_none() {
            rank = Some(kept);
        }
    }
    rank
}

#[cfg(feature = "sqlite")]
fn read(path: &Path) -> Result<Table, SaveError> {
    let text = match fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Table::default()),
        Err(e) => return Err(SaveError::io("reading", path, e)),
    };
    toml::from_str(&text).map_err(|e| SaveError::Corrupt {
        path: path.to_path_buf(),
        reason: format!("the high scores: {}", e.message()),
    })
}

#[cfg(all(test, feature = "sqlite"))]
mod tests {
    use super::*;

    fn score(name: &str, points: u64, when: u64) -> Score {
        Score {
            mode: "overworld".into(),
            name: name.into(),
            score: points,
            ending: "slain by a rat".into(),
            turns: 10,
            when,
        }
    }

    #[test]
    fn the_table_keeps_the_best_ten_per_mode_best_first() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let store = Store::at(dir.path().join("worlds"));
        assert_eq!(store.high_scores("overworld").expect("empty"), []);
        for i in 0..12u64 {
            let rank = store.add_score(score(&format!("w{i}"), i * 10, i)).expect("written");
            assert_eq!(rank, Some(1), "each game beats the ones before");
        }
        assert_eq!(store.add_score(score("low", 0, 99)).expect("written"), None);
        let mut other = score("caves", 5, 1);
        other.mode = "caves".into();
        assert_eq!(store.add_score(other).expect("written"), Some(1));
        let table = store.high_scores("overworld").expect("a table");
        let names: Vec<&str> = table.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["w11", "w10", "w9", "w8", "w7", "w6", "w5", "w4", "w3", "w2"]);
        assert_eq!(store.add_score(score("tie", 110, 50)).expect("written"), Some(2));
        assert_eq!(store.high_scores("caves").expect("a table").len(), 1);
    }

    #[test]
    fn a_damaged_table_is_an_error_not_a_panic() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let store = Store::at(dir.path());
        fs::write(store.scores_path(), "score = 3\n[[").expect("written");
        assert!(matches!(store.high_scores("overworld"), Err(SaveError::Corrupt { .. })));
        assert!(store.add_score(score("x", 1, 1)).is_err());
    }
}
