//! The replay screen with the committed catalog (`testdata/recordings/`): seeking at
//! instant speed, messages held as long as the live game holds them, and `n` / `N`
//! jumping between the steps that said something (a death).

use torchlit_geom::Size;
use torchlit_ui::replay::{self, ReplayScreen, Replayer, TURN_MESSAGE_HOLD};
use torchlit_ui::{Frame, Input, Screen};

fn catalog(name: &str) -> Box<dyn Replayer> {
    let path = format!("{}/../../testdata/recordings/{name}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(path).expect("a catalog recording");
    replay::open(&bytes).expect("opens")
}

fn text(screen: &ReplayScreen) -> String {
    let mut frame = Frame::with_size(Size::new(80, 24));
    screen.render(&mut frame);
    frame.to_text()
}

#[test]
fn at_instant_speed_seeking_after_the_end_works_at_once() {
    let mut screen = ReplayScreen::new(catalog("caves-short.tlrec"));
    for _ in 0..5 {
        screen.handle(Input::Char('+'));
    }
    assert_eq!(screen.speed(), None, "instant");
    screen.tick();
    let len = screen.replay().len();
    assert_eq!(screen.replay().position(), len, "instant plays to the end at once");
    screen.handle(Input::Char('b'));
    screen.tick();
    assert_eq!(screen.replay().position(), 0, "b stays at the beginning");
    assert!(screen.is_paused());
    assert!(text(&screen).contains("paused"), "{}", text(&screen));
    // Space plays again: to the end at once.
    screen.handle(Input::Char(' '));
    screen.tick();
    assert_eq!(screen.replay().position(), len);
    screen.handle(Input::Char('['));
    screen.tick();
    assert_eq!(screen.replay().position(), len - len / 10, "[ stays 10% back");
    // At other speeds a seek plays on from there, as before.
    for _ in 0..5 {
        screen.handle(Input::Char('-'));
    }
    assert_eq!(screen.speed(), Some(1));
    screen.handle(Input::Char(' '));
    screen.handle(Input::Char('b'));
    assert!(!screen.is_paused());
    for _ in 0..6 {
        screen.tick();
    }
    assert_eq!(screen.replay().position(), 1, "1x plays on from the beginning");
}

/// The steps at which `replay` says something, with what it says, found with `n`.
fn said(replay: &mut dyn Replayer) -> Vec<(u64, Vec<String>)> {
    replay.seek(0).expect("seeks");
    let mut found = Vec::new();
    while replay.next_message().expect("replays") {
        found.push((replay.position(), replay.messages()));
    }
    found
}

#[test]
fn a_maze_message_stays_on_screen_three_seconds_as_in_the_live_game() {
    let mut replay = catalog("maze-short.tlrec");
    let found = said(replay.as_mut());
    let (at, shown) = found.first().cloned().expect("something is said");
    assert_eq!(shown, ["A heart: +1 life."]);
    assert!(found[1].0 > at + 72, "{found:?}");
    // Still on screen 71 ticks later (2.96 s), gone at 72 (3 s), as MazeScreen does.
    replay.seek(at + 71).expect("seeks");
    assert_eq!(replay.messages(), shown);
    let screen = ReplayScreen::new(replay.boxed_clone());
    assert!(text(&screen).contains("A heart: +1 life."), "{}", text(&screen));
    replay.seek(at + 72).expect("seeks");
    assert!(replay.messages().is_empty());
    // Seeking back from far ahead (a snapshot) shows it again.
    replay.seek(2000).expect("seeks");
    replay.seek(at + 10).expect("seeks");
    assert_eq!(replay.messages(), shown);
}

#[test]
fn n_and_shift_n_step_through_the_messages_to_the_death() {
    let mut replay = catalog("caves-death.tlrec");
    let found = said(replay.as_mut());
    let death = found.len() - 1;
    let (at, last) = &found[death];
    assert!(last.iter().any(|l| l.contains("die")), "{last:?}");
    let mut screen = ReplayScreen::new(replay.boxed_clone());
    screen.handle(Input::Char('b'));
    for (step, _) in &found {
        screen.handle(Input::Char('n'));
        assert_eq!(screen.replay().position(), *step);
        assert!(screen.is_paused());
    }
    assert_eq!(screen.replay().position(), *at);
    // (The screen shows the death page there, as the live game does.)
    assert_eq!(&screen.replay().messages(), last);
    screen.handle(Input::Char('N'));
    assert_eq!(screen.replay().position(), found[death - 1].0);
    // Nothing is said after the death: `n` says so and stays.
    screen.handle(Input::Char('e'));
    screen.handle(Input::Char('n'));
    assert_eq!(screen.replay().position(), screen.replay().len());
    assert!(text(&screen).contains("Nothing is said after step"), "{}", text(&screen));
}

#[test]
fn turn_based_messages_stay_until_newer_ones() {
    let mut replay = catalog("caves-death.tlrec");
    let found = said(replay.as_mut());
    assert!(found.len() > 3, "{found:?}");
    for pair in found.windows(2) {
        let ((at, shown), (next, _)) = (&pair[0], &pair[1]);
        let hold = (at + TURN_MESSAGE_HOLD - 1).min(next - 1);
        replay.seek(hold).expect("seeks");
        assert_eq!(&replay.messages(), shown, "step {hold}: the messages of step {at}");
    }
    // Nothing said before the first: `N` says so and stays.
    let mut screen = ReplayScreen::new(replay.boxed_clone());
    screen.handle(Input::Char('b'));
    screen.handle(Input::Char('n'));
    assert_eq!(screen.replay().position(), found[0].0);
    screen.handle(Input::Char('N'));
    assert_eq!(screen.replay().position(), found[0].0);
    let shown = text(&screen);
    assert!(shown.contains(&format!("Nothing is said before step {}", found[0].0)), "{shown}");
}

#[test]
fn n_finds_messages_beyond_what_was_played_and_stays_put_after_the_last() {
    // A fresh replay has played nothing: `n` plays on to the first message.
    let mut replay = catalog("caves-death.tlrec");
    assert!(replay.next_message().expect("replays"));
    let first = replay.position();
    assert!(first > 0 && !replay.messages().is_empty());
    let end = replay.len();
    replay.seek(end).expect("seeks");
    assert!(!replay.next_message().expect("replays"));
    assert_eq!(replay.position(), end);
}
