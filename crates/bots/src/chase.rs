//! `chase` through the bots' table: the existing tournament's games, one generated
//! dungeon per seed, DM503's rogue (the hero's strategy is its bot) against the
//! monster.

use torchlit_rng::Seed;
use torchlit_sim::Turn;
use torchlit_sim::modes::chase::{
    Chase, ChaseError, Event, HeroKind, MonsterKind, Outcome, generate,
};

use crate::{Ending, Report};

/// The side of each generated dungeon, in cells (the tournament's default).
pub const DUNGEON_SIDE: u32 = 20;

/// Plays the dungeon generated from `seed` (as `torchlit chase --tournament --generate`
/// derives them) with `hero` against DM503's monster, to the default turn limit.
///
/// # Errors
/// As [`generate`] and [`Chase::new`].
pub fn play(seed: u64, hero: HeroKind) -> Result<Report, ChaseError> {
    let dungeon = generate(Seed(seed).derive("chase-bench", &[]), DUNGEON_SIDE)?;
    let mut chase = Chase::new(&dungeon, hero.strategy(), MonsterKind::Monster.strategy())?
        .with_limit(Some(Chase::DEFAULT_LIMIT));
    let mut potions = 0u32;
    while chase.outcome().is_none() {
        for e in chase.play_turn() {
            if matches!(e, Event::Drank { .. }) {
                potions += 1;
            }
        }
    }
    let outcome = chase.outcome().unwrap_or(Outcome::TurnLimit { turns: Turn(0) });
    let (ending, turns) = match outcome {
        Outcome::Caught { turn, .. } => (Ending::Died("monster".to_string()), turn),
        Outcome::Escaped { turn, .. } => (Ending::Won, turn),
        Outcome::TurnLimit { turns } => (Ending::Timeout, turns),
        // Built-in strategies never fail; a failure ends the game like a quit.
        Outcome::Failed { turn, .. } => (Ending::Timeout, turn),
    };
    let hash = {
        let b = chase.board();
        let (h, m) = (b.hero().at, b.monster().at);
        (h.x as u64) << 48 ^ (h.y as u64) << 32 ^ (m.x as u64) << 16 ^ m.y as u64 ^ turns.0 << 56
    };
    Ok(Report {
        seed,
        ending,
        time: turns.0,
        reached: turns.0,
        signals: vec![("potions_drunk", Some(f64::from(potions)))],
        hash,
    })
}
