//! Tests of the caves screen.

use super::*;

#[test]
fn wrapping_keeps_words_whole() {
    assert_eq!(wrap("aa bb cc", 5), vec!["aa bb", "cc"]);
    assert!(wrap("", 5).is_empty());
}

#[test]
fn a_press_that_moved_and_met_a_zombie_stops_rather_than_refuses_and_a_rest_says_why() {
    use torchlit_sim::modes::caves::{CreatureKind, Hunger, Stop};
    let game = Caves::from_ascii(&[&["#####", "#@..#", "#####"]], torchlit_rng::Seed(1))
        .expect("a fixture");
    let mut screen = CavesScreen::new(game, default_keymap(), None);
    let refused = Event::AutoStopped(Stop::MonsterNearby(CreatureKind::Zombie));
    let mut said = messages_of(&[refused]);
    screen.stop_words(Auto::Explore, false, &mut said);
    assert_eq!(said, ["Not with a zombie in view!"], "a press that never began is refused");
    let mut said = messages_of(&[refused]);
    screen.stop_words(Auto::Explore, true, &mut said);
    assert_eq!(said, ["You stop: a zombie is in view."]);
    screen.run_events = vec![
        Event::HungerChanged { hunger: Hunger::Hungry },
        Event::AutoStopped(Stop::Hunger(Hunger::Hungry)),
    ];
    let mut said = messages_of(&screen.run_events);
    screen.stop_words(Auto::Rest, true, &mut said);
    assert_eq!(said.last().map(String::as_str), Some("You stop resting: you are hungry."));
}
