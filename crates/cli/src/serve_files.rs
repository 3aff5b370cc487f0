//! What `torchlit serve` gives a browser session: the same stores as the terminal's, in
//! the session's own data dir (its player's on a public server), telling the page no
//! server path (a morgue or a recording is named by its file name, the worlds' place is
//! "this server"), and what the server reads of a player's directory for `/api/me` and
//! `/api/scores`.

use std::path::{Path, PathBuf};

use torchlit_save::recording::{self, Header};
use torchlit_save::{
    OpenWorld, Paths, SaveError, Score, Store, WorldEntry, WorldId, WorldSpec, WorldStore,
};
use torchlit_sim::ModeId;
use torchlit_sim::modes::caves::Caves;
use torchlit_ui::caves::{CavesStore, StoreError, WorldsStore};
use torchlit_ui::record::RecordingSink;
use torchlit_web::{PlayerFiles, SaveEntry, ScoreEntry};

/// `text` with `dir` (and anything under it) named only by what follows it.
pub fn hide(text: &str, dir: &Path) -> String {
    let shown = dir.display().to_string();
    if shown.is_empty() {
        return text.to_string();
    }
    text.replace(&format!("{shown}/"), "").replace(&shown, "this server")
}

/// The file name of `path`, as a page may see it.
fn file_name(path: &str) -> String {
    Path::new(path).file_name().map_or_else(|| path.to_string(), |n| n.to_string_lossy().into())
}

/// Caves runs in a data dir, as the terminal keeps them, paths hidden.
pub struct HiddenCaves {
    inner: WorldsStore,
    dir: PathBuf,
}

impl HiddenCaves {
    /// The runs in `paths`' data dir.
    pub fn new(paths: &Paths, config: &torchlit_save::Config) -> HiddenCaves {
        let inner = WorldsStore::new(Store::new(paths), config);
        HiddenCaves { inner, dir: paths.data_dir().to_path_buf() }
    }

    fn err(&self, e: StoreError) -> StoreError {
        StoreError(hide(&e.0, &self.dir))
    }
}

impl CavesStore for HiddenCaves {
    fn save(&mut self, game: &Caves) -> Result<(), StoreError> {
        self.inner.save(game).map_err(|e| self.err(e))
    }
    fn load(&mut self) -> Result<Option<Caves>, StoreError> {
        self.inner.load().map_err(|e| self.err(e))
    }
    fn saved(&mut self) -> Result<Option<String>, StoreError> {
        self.inner.saved().map_err(|e| self.err(e))
    }
    fn finish(&mut self, game: &Caves, morgue: &str) -> Result<String, StoreError> {
        self.inner.finish(game, morgue).map(|p| file_name(&p)).map_err(|e| self.err(e))
    }
    fn save_recording(&mut self, game: &Caves, bytes: &[u8]) -> Result<(), StoreError> {
        self.inner.save_recording(game, bytes).map_err(|e| self.err(e))
    }
    fn load_recording(&mut self, game: &Caves) -> Option<Vec<u8>> {
        self.inner.load_recording(game)
    }
}

/// The overworld's worlds in a data dir, their place named "this server".
#[derive(Debug)]
pub struct HiddenWorlds(pub Store);

impl WorldStore for HiddenWorlds {
    fn list(&self) -> Result<Vec<WorldEntry>, SaveError> {
        WorldStore::list(&self.0)
    }
    fn create(&self, spec: &WorldSpec) -> Result<Box<dyn OpenWorld>, SaveError> {
        WorldStore::create(&self.0, spec)
    }
    fn open(&self, id: &WorldId) -> Result<Box<dyn OpenWorld>, SaveError> {
        WorldStore::open(&self.0, id)
    }
    fn peek(&self, id: &WorldId) -> Result<Box<dyn OpenWorld>, SaveError> {
        WorldStore::peek(&self.0, id)
    }
    fn delete(&self, id: &WorldId) -> Result<(), SaveError> {
        WorldStore::delete(&self.0, id)
    }
    fn high_scores(&self, mode: &str) -> Result<Vec<Score>, SaveError> {
        WorldStore::high_scores(&self.0, mode)
    }
    fn add_score(&self, score: Score) -> Result<Option<usize>, SaveError> {
        WorldStore::add_score(&self.0, score)
    }
    fn location(&self) -> String {
        "this server (your own saves)".into()
    }
    fn explain(&self, error: &SaveError) -> String {
        hide(&error.to_string(), self.0.dir())
    }
    fn write_morgue(&self, id: &WorldId, text: &str) -> Result<String, SaveError> {
        WorldStore::write_morgue(&self.0, id, text).map(|p| file_name(&p))
    }
    fn save_recording(&self, id: &WorldId, bytes: &[u8]) -> Result<(), SaveError> {
        WorldStore::save_recording(&self.0, id, bytes)
    }
    fn load_recording(&self, id: &WorldId) -> Result<Option<Vec<u8>>, SaveError> {
        WorldStore::load_recording(&self.0, id)
    }
    fn remove_recording(&self, id: &WorldId) -> Result<(), SaveError> {
        WorldStore::remove_recording(&self.0, id)
    }
}

/// Writes finished recordings into a directory; the page is told only the file name.
pub struct HiddenRecordings {
    /// The recordings directory.
    pub dir: PathBuf,
}

impl RecordingSink for HiddenRecordings {
    fn keep(&mut self, header: &Header, outcome: &str, bytes: &[u8]) -> Result<String, StoreError> {
        match recording::write_file(&self.dir, header, outcome, bytes) {
            Ok(path) => Ok(file_name(&path.display().to_string())),
            Err(e) => Err(StoreError(hide(&e.to_string(), &self.dir))),
        }
    }
}

/// Reads the saves and high scores of a player's directory (a data dir of its own).
#[derive(Clone, Copy, Debug, Default)]
pub struct StoreFiles;

impl PlayerFiles for StoreFiles {
    fn saves(&self, dir: &Path) -> Vec<SaveEntry> {
        let store = Store::new(&Paths::in_dir(dir));
        let mut saves: Vec<SaveEntry> = Store::list(&store)
            .unwrap_or_default()
            .into_iter()
            .filter_map(|e| e.info.ok())
            .map(|i| SaveEntry { mode: i.mode, name: i.name, when: i.last_played })
            .collect();
        saves.sort_by_key(|s| std::cmp::Reverse(s.when));
        saves
    }

    fn scores(&self, dir: &Path) -> Vec<ScoreEntry> {
        let store = Store::new(&Paths::in_dir(dir));
        ModeId::ALL
            .iter()
            .flat_map(|m| Store::high_scores(&store, m.as_str()).unwrap_or_default())
            .map(|s| ScoreEntry {
                mode: s.mode,
                player: String::new(),
                world: s.name,
                score: s.score,
                ending: s.ending,
                turns: s.turns,
                when: s.when,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_server_knows_every_mode_by_its_name() {
        // `torchlit-web` sees no game crate, so it keeps the names `/?play=MODE` accepts
        // itself: they must be exactly the modes'.
        let mut web = torchlit_web::protocol::MODES.to_vec();
        let mut ours = ModeId::ALL.map(ModeId::as_str).to_vec();
        web.sort_unstable();
        ours.sort_unstable();
        assert_eq!(web, ours);
    }

    #[test]
    fn paths_are_hidden() {
        let dir = Path::new("/srv/torchlit/players/7");
        assert_eq!(
            hide(
                "this world is open in another torchlit (pid 3): /srv/torchlit/players/7/worlds/a.db",
                dir
            ),
            "this world is open in another torchlit (pid 3): worlds/a.db"
        );
        assert_eq!(hide("cannot write /srv/torchlit/players/7", dir), "cannot write this server");
        assert_eq!(file_name("/srv/x/recordings/caves-died.tlrec"), "caves-died.tlrec");
    }

    /// A browser player whose high score could not be written (a full disk) was shown the
    /// server's path to the table.
    #[test]
    fn a_hidden_store_explains_its_errors_without_paths() {
        let store = HiddenWorlds(Store::at("/srv/torchlit/players/7/worlds"));
        let full = SaveError::Io {
            action: "writing",
            path: "/srv/torchlit/players/7/worlds/high-scores.toml".into(),
            cause: std::io::Error::from_raw_os_error(28),
        };
        assert_eq!(store.explain(&full), "the disk is full (writing high-scores.toml)");
        assert!(
            Store::at("/d").explain(&full).contains("/srv/torchlit"),
            "the terminal's says where"
        );
    }
}
