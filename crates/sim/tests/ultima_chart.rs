//! The default game's goal (chart every tile you can walk to) and its torch maximum;
//! Ultima 0's free walk (`Rules::original`) has neither.

use torchlit_geom::CardinalDirection;
use torchlit_sim::Turn;
use torchlit_sim::formats::UltimaWorld;
use torchlit_sim::modes::ultima::{Action, Event, Rules, TorchRadius, Ultima};

/// Twelve tiles in a row, a stone wall at the eleventh: the last one can't be walked to.
const ROW: &[u8] = b"12 1\n0 0\nG G G G G G G G G G S G\n";

fn world(bytes: &[u8]) -> UltimaWorld {
    UltimaWorld::parse(bytes).expect("the test world parses")
}

#[test]
fn the_default_game_ends_when_every_reachable_tile_was_lit() {
    let mut game = Ultima::with_rules(world(ROW), Rules::default());
    let chart = game.chart().expect("the default game charts");
    assert_eq!((chart.total, chart.done), (10, None), "the tile behind the wall is not counted");
    assert_eq!(chart.percent(), 40, "the torch (4.0) lights four of the ten at the start");
    let mut ended = Vec::new();
    for _ in 0..9 {
        for e in game.apply(Action::Move(CardinalDirection::East)) {
            if let Event::Charted { turns } = e {
                ended.push(turns);
            }
        }
    }
    assert_eq!(ended, vec![Turn(6)], "charted once, at the sixth step");
    let chart = game.chart().expect("charting");
    assert_eq!((chart.seen, chart.percent(), chart.done), (10, 100, Some(Turn(6))));
}

#[test]
fn the_default_torch_burns_at_most_8() {
    let mut game = Ultima::with_rules(world(ROW), Rules::default());
    let mut last = Vec::new();
    for _ in 0..20 {
        last = game.apply(Action::TorchUp);
    }
    assert_eq!(game.avatar().torch(), TorchRadius::MAX);
    assert_eq!(last, vec![Event::TorchChanged { radius: TorchRadius::MAX, changed: false }]);
}

#[test]
fn ultima_0s_walk_has_no_goal_and_no_maximum() {
    let mut game = Ultima::new(world(ROW));
    assert_eq!(game.rules(), Rules::original());
    assert_eq!(game.chart(), None);
    for _ in 0..20 {
        game.apply(Action::TorchUp);
    }
    assert_eq!(game.avatar().torch().to_string(), "14.0");
    for _ in 0..9 {
        let events = game.apply(Action::Move(CardinalDirection::East));
        assert!(!events.iter().any(|e| matches!(e, Event::Charted { .. })));
    }
}
