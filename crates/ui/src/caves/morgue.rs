//! The morgue file: the story of a finished run, as text.

use std::fmt::Write as _;

use torchlit_sim::modes::caves::{Caves, CreatureKind};

use super::text::{item_details, verdict};

/// How many of the last messages the morgue repeats.
const LAST_MESSAGES: usize = 20;

/// The morgue text of `game` (usually finished): verdict, seed, turns, depth reached,
/// kills, what was carried, and the last messages.
pub fn morgue_text(game: &Caves) -> String {
    let s = game.summary();
    let mut t = String::new();
    let _ = writeln!(t, "torchlit caves: morgue file");
    let _ = writeln!(t, "===========================");
    let _ = writeln!(t);
    let _ = writeln!(t, "{}.", verdict(&s, game.depth()));
    let _ = writeln!(t);
    let seed = crate::record::seed_shown(s.seed.0);
    let _ = writeln!(t, "Seed:          {} (replay: torchlit play caves --seed {})", seed, seed);
    let _ = writeln!(t, "Turns:         {}", s.turns.0);
    let _ = writeln!(t, "Depth reached: {} of {}", s.deepest_level, s.levels);
    let _ = writeln!(t, "Hit points:    {}/{}", s.hp.0.max(0), s.hp.1);
    let _ = writeln!(t, "Food:          {}/{}", s.food.0, s.food.1);
    let _ = writeln!(t, "Kills:         {}", s.record.total_kills());
    for kind in CreatureKind::MONSTERS {
        let n = s.record.kills_of(kind);
        if n > 0 {
            let _ = writeln!(t, "  {:<12} {n}", kind.name());
        }
    }
    let _ = writeln!(t, "Walls dug:     {}", s.record.dug);
    let _ = writeln!(t, "Meals eaten:   {}", s.record.eaten);
    let _ = writeln!(t);
    let _ = writeln!(t, "Carried:");
    if s.pack.is_empty() {
        let _ = writeln!(t, "  nothing");
    }
    for (slot, _, equipped) in &s.pack {
        if let Some(item) = game.hero().inventory().get(*slot) {
            let mark = if *equipped { " (equipped)" } else { "" };
            let _ = writeln!(t, "  {} - {}{mark}", slot.letter(), item_details(item));
        }
    }
    let _ = writeln!(t);
    let _ = writeln!(t, "Last messages:");
    let lines: Vec<String> = super::history::folded_journal(game)
        .into_iter()
        .map(|(turn, m)| format!("  [{turn:>5}] {m}"))
        .collect();
    for line in &lines[lines.len().saturating_sub(LAST_MESSAGES)..] {
        let _ = writeln!(t, "{line}");
    }
    t
}
