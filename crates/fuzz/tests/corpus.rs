//! Replays every committed corpus file (`fuzz/corpus/TARGET/*`) through its target, so a
//! crash once found stays fixed. Runs on stable, in seconds; no fuzzing here.

use std::path::PathBuf;

fn corpus_root() -> PathBuf {
    [env!("CARGO_MANIFEST_DIR"), "..", "..", "fuzz", "corpus"].iter().collect()
}

#[test]
fn every_target_has_a_corpus_and_replays_it_without_a_crash() {
    let mut total = 0;
    for (name, target) in torchlit_fuzz::TARGETS {
        let dir = corpus_root().join(name);
        let entries = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e} (every target has a corpus)", dir.display()));
        let mut files = 0;
        for entry in entries {
            let path = entry.expect("a directory entry").path();
            let data = std::fs::read(&path).expect("a corpus file");
            if std::panic::catch_unwind(|| target(&data)).is_err() {
                panic!("{name}: {} crashes the target", path.display());
            }
            files += 1;
        }
        assert!(files > 0, "{name}: empty corpus");
        total += files;
    }
    eprintln!("{total} corpus files replayed");
}
