//! Every chapter of the book's tutorial (`examples/tutorial_1_map.rs` … `tutorial.rs`),
//! compiled into this test so each chapter's own unit tests run, and played headless: a
//! few scripted turns through `Screen::handle`, each answered and drawn into an 80x24
//! `Frame`, then `q` quits and `close` reports no failure.

#![allow(dead_code)]

use torchlit::prelude::*;

#[path = "../examples/tutorial_1_map.rs"]
mod chapter_1;
#[path = "../examples/tutorial_2_fov.rs"]
mod chapter_2;
#[path = "../examples/tutorial_3_monsters.rs"]
mod chapter_3;
#[path = "../examples/tutorial_4_combat.rs"]
mod chapter_4;
#[path = "../examples/tutorial.rs"]
mod chapter_5;

/// The keys the headless player presses: west, north, east, south, the diagonals, a
/// wait, and keys that mean nothing.
const SCRIPT: [Input; 14] = [
    Input::Left,
    Input::Left,
    Input::Up,
    Input::Char('k'),
    Input::Right,
    Input::Char('j'),
    Input::Char('y'),
    Input::Char('u'),
    Input::Char('b'),
    Input::Char('n'),
    Input::Char('5'),
    Input::Char('.'),
    Input::Char('x'),
    Input::Tab,
];

/// The screen drawn into an 80x24 frame, as text.
fn draw(screen: &dyn Screen) -> String {
    let mut frame = Frame::with_size(Size::new(80, 24));
    screen.render(&mut frame);
    frame.to_text()
}

/// Plays `screen` through [`SCRIPT`]; `expect` is text every frame shows. Returns the
/// frames drawn.
fn play(mut screen: Box<dyn Screen>, expect: &str) -> Vec<String> {
    let mut frames = vec![draw(screen.as_ref())];
    for input in SCRIPT {
        assert!(matches!(screen.handle(input), Transition::Stay), "{input:?} quit the game");
        frames.push(draw(screen.as_ref()));
    }
    for frame in &frames {
        assert!(frame.contains('@') || frame.contains("You died!"), "no player:\n{frame}");
        assert!(frame.contains(expect), "no {expect:?}:\n{frame}");
    }
    assert!(matches!(screen.handle(Input::Char('q')), Transition::Quit), "q quits");
    assert!(screen.close().is_ok(), "the game ended without a failure");
    frames
}

#[test]
fn every_chapter_plays_a_few_turns_headless_and_quits() {
    let seed = Seed::from_input("tutorial");
    let frames = [
        play(Box::new(chapter_1::TutorialScreen::new(seed).expect("chapter 1")), "q quits"),
        play(Box::new(chapter_2::TutorialScreen::new(seed).expect("chapter 2")), "q quits"),
        play(Box::new(chapter_3::TutorialScreen::new(seed).expect("chapter 3")), "q quits"),
        play(Box::new(chapter_4::TutorialScreen::new(seed).expect("chapter 4")), "HP: "),
        play(Box::new(chapter_5::TutorialScreen::new(seed).expect("chapter 5")), "HP: "),
    ];
    for (chapter, frames) in (1..).zip(&frames) {
        // The player walked: the picture changed at least once.
        assert!(frames.windows(2).any(|w| w[0] != w[1]), "chapter {chapter} never changed");
    }
    // Chapter 1 shows the whole map at once; from chapter 2 on, cells never seen are blank.
    let blanks = |frame: &str| frame.chars().filter(|&c| c == ' ').count();
    assert!(blanks(&frames[1][0]) > blanks(&frames[0][0]) + 200);
    // From chapter 4 on, the log greets the player.
    assert!(frames[3][0].contains("yet another dungeon"));
    assert!(frames[4][0].contains("yet another dungeon"));
}
