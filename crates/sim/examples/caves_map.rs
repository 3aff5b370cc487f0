//! Prints the levels of a new `caves` game: `cargo run -p torchlit-sim --example caves_map -- SEED`.

use torchlit_geom::Point;
use torchlit_rng::Seed;
use torchlit_sim::modes::caves::{Caves, CreatureKind, ItemKind};

fn main() {
    let seed = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let game = match Caves::new(Seed(seed)) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    for depth in 0..game.depth_count() {
        let Some(level) = game.level(depth) else { continue };
        println!("level {}", depth + 1);
        let size = level.size();
        for y in 0..size.height as i32 {
            let row: String = (0..size.width as i32)
                .map(|x| {
                    let p = Point::new(x, y);
                    if let Some(c) = game.creature_at(depth, p) {
                        return match c.kind() {
                            CreatureKind::Player => '@',
                            CreatureKind::Fungus => 'f',
                            CreatureKind::Bat => 'b',
                            CreatureKind::Zombie => 'z',
                        };
                    }
                    if let Some(i) = level.item(p) {
                        return match i.kind {
                            ItemKind::Rock => ',',
                            ItemKind::TeddyBear => '*',
                            ItemKind::Tunic | ItemKind::Chainmail | ItemKind::Platemail => '[',
                            ItemKind::Dagger | ItemKind::Sword | ItemKind::Staff => ')',
                            ItemKind::Baguette => ')',
                            _ => '%',
                        };
                    }
                    level.tile(p).map_or(' ', torchlit_sim::formats::tile_glyph)
                })
                .collect();
            println!("{row}");
        }
    }
}
