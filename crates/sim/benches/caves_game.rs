//! 10,000 turns of `caves` as a player plays them (issue 16: `torchlit replay --verify`
//! of a 10,000-turn caves game under a second).
//!
//! `cargo bench -p torchlit-sim --bench caves_game -- --warm-up-time 1 --measurement-time 3`
//!
//! Outside the timed part, a small scripted player (auto-explore, fight what blocks it,
//! eat when hungry, rest when hurt, travel down when a level is explored) plays games
//! from seeds 1, 2, ... until they add up to 10,000 turns, and its actions are kept. One
//! iteration replays those actions on fresh games: what `replay --verify` does, without
//! the recording's decoding and hashes. Deterministic, so every run times the same turns.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use torchlit_geom::Direction;
use torchlit_rng::Seed;
use torchlit_sim::modes::caves::{Action, Caves, CreatureKind, Event, Stairs, Stop};

/// The turns the games add up to.
const TURNS: u64 = 10_000;

/// One game's seed and the actions played in it.
struct Game {
    seed: Seed,
    actions: Vec<Action>,
}

/// The scripted player's next action after `last`, the events of its previous one.
fn next_action(game: &Caves, last: &[Event], stalled: u32) -> Action {
    // A monster next to the player: hit it (fungi too, they spread).
    let at = game.player().at();
    for dir in Direction::ALL {
        if game.visible_creature(at + dir.offset()).is_some() {
            return Action::Move(dir);
        }
    }
    if stalled > 2 {
        return Action::Wait;
    }
    let stop = last.iter().find_map(|e| match e {
        Event::AutoStopped(s) => Some(*s),
        _ => None,
    });
    match stop {
        Some(Stop::HungryWithFood) => {
            let food = game.hero().inventory().iter().find(|(_, i)| i.is_edible());
            food.map_or(Action::Wait, |(slot, _)| Action::Eat(slot))
        }
        Some(Stop::Hurt) => Action::Rest,
        Some(Stop::MonsterNearby(_) | Stop::MonsterInView(CreatureKind::Zombie)) => Action::Wait,
        Some(Stop::Explored | Stop::NoRoute(Stairs::Up)) => Action::Travel(Stairs::Down),
        Some(Stop::Arrived) => Action::Descend,
        Some(Stop::NoRoute(Stairs::Down)) => Action::Wait,
        _ => Action::Explore,
    }
}

/// Plays games from seeds 1, 2, ... until they add up to [`TURNS`] turns.
fn script() -> Vec<Game> {
    let mut games = Vec::new();
    let mut turns = 0;
    for seed in 1.. {
        let mut game = Caves::new(Seed(seed)).expect("the caves build");
        let mut actions = Vec::new();
        let (mut last, mut stalled) = (Vec::new(), 0);
        while game.outcome().is_none() && turns + game.turn().0 < TURNS {
            let before = game.turn();
            let action = next_action(&game, &last, stalled);
            last = game.apply(action);
            actions.push(action);
            stalled = if game.turn() == before { stalled + 1 } else { 0 };
        }
        turns += game.turn().0;
        games.push(Game { seed: Seed(seed), actions });
        if turns >= TURNS {
            break;
        }
    }
    games
}

/// Replays every game; returns the turns played.
fn replay(games: &[Game]) -> u64 {
    let mut turns = 0;
    for g in games {
        let mut game = Caves::new(g.seed).expect("the caves build");
        for &a in &g.actions {
            black_box(game.apply(a));
        }
        turns += game.turn().0;
    }
    turns
}

fn caves_game(c: &mut Criterion) {
    let games = script();
    let steps: usize = games.iter().map(|g| g.actions.len()).sum();
    let turns = replay(&games);
    println!("caves/10k_turns: {} games, {steps} actions, {turns} turns", games.len());
    let mut group = c.benchmark_group("caves");
    group.throughput(Throughput::Elements(turns));
    group.sample_size(10).warm_up_time(Duration::from_secs(1));
    group.bench_function("10k_turns/scripted_player", |b| b.iter(|| replay(&games)));
    group.finish();
}

criterion_group!(benches, caves_game);
criterion_main!(benches);
