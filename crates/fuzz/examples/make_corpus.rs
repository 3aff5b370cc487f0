//! Writes the save-blob seeds of the corpus (`fuzz/corpus/{caves_save,overworld_player,
//! overworld_region}`): real records as torchlit saves them, so mutation starts from
//! valid blobs. The text corpora are copies of `testdata/` and the bundled files.
//!
//! ```text
//! cargo run -p torchlit-fuzz --example make_corpus
//! ```

use std::path::PathBuf;

use torchlit_geom::CardinalDirection;
use torchlit_sim::modes::{caves, overworld};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let root: PathBuf = [env!("CARGO_MANIFEST_DIR"), "..", "..", "fuzz", "corpus"].iter().collect();
    let write = |target: &str, name: &str, bytes: Vec<u8>| -> std::io::Result<()> {
        let dir = root.join(target);
        std::fs::create_dir_all(&dir)?;
        std::fs::write(dir.join(name), bytes)
    };
    let mut game = caves::Caves::new(caves::Seed(1))?;
    write("caves_save", "new-1", postcard::to_allocvec(&game)?)?;
    for _ in 0..30 {
        game.apply(caves::Action::Explore);
    }
    write("caves_save", "explored-1", postcard::to_allocvec(&game)?)?;
    let mut world = overworld::Overworld::new(torchlit_rng::Seed(7), overworld::Rules::original())?;
    write("overworld_player", "new-7", postcard::to_allocvec(world.player())?)?;
    for d in CardinalDirection::ALL.iter().cycle().take(40) {
        world.apply(overworld::Action::Move(*d));
    }
    write("overworld_player", "walked-7", postcard::to_allocvec(world.player())?)?;
    write(
        "overworld_region",
        "empty",
        postcard::to_allocvec(&overworld::RegionChanges::default())?,
    )?;
    for (i, change) in world.changes().values().enumerate().take(3) {
        write("overworld_region", &format!("changed-{i}"), postcard::to_allocvec(change)?)?;
    }
    Ok(())
}
