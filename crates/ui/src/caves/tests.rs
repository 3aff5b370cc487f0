//! Tests of the caves screen.

use super::*;

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

/// At 80 columns a server's long paths wrapped "Morgue file: … Recording: …" into one
/// ragged paragraph with "Recording:" at a line's end: each gets its own line(s).
#[test]
fn the_end_page_puts_the_morgue_and_the_recording_on_lines_of_their_own() {
    let game =
        Caves::from_ascii(&[&["####", "#@.#", "####"]], torchlit_rng::Seed(1)).expect("a fixture");
    let morgue = "Morgue file: /tmp/play/data/worlds/caves-7-1.morgue.txt  Recording: \
                  /tmp/play/data/recordings/caves-2026-11-29-083316-died.tlrec";
    let page = end::EndPage::new(&game, morgue.to_string());
    let mut frame = crate::Frame::with_size(torchlit_geom::Size::new(80, 24));
    crate::Screen::render(&page, &mut frame);
    let text = frame.to_text();
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    assert!(lines.contains(&"Morgue file: /tmp/play/data/worlds/caves-7-1.morgue.txt"), "{text}");
    assert!(lines.iter().any(|l| l.starts_with("Recording: /tmp/play")), "{text}");
    // Short enough, they share one line.
    let page = end::EndPage::new(&game, "Morgue file: a.txt  Recording: b.tlrec".to_string());
    let mut frame = crate::Frame::with_size(torchlit_geom::Size::new(80, 24));
    crate::Screen::render(&page, &mut frame);
    assert!(frame.to_text().contains("Morgue file: a.txt  Recording: b.tlrec"));
}
