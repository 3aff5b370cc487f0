//! Tests of the maze screen.

use super::*;

#[test]
fn keys_are_named_for_players_not_by_the_seeds_numbers() {
    let took = |k| message_of(Event::PickedUp(Pickup::Key(k)));
    assert_eq!(took(SPAWN_KEY_ID).as_deref(), Some("You take the Spawn key."));
    assert_eq!(took(3).as_deref(), Some("You take key 3."));
    assert_eq!(key_name(SPAWN_KEY_ID), "spawn");
    assert_eq!(key_name(DECOY_KEY_ID), "decoy");
}

#[test]
fn the_hero_at_zero_life_is_told_the_next_hit_kills() {
    let hurt = |life| message_of(Event::PlayerHurt { life });
    assert_eq!(hurt(2).as_deref(), Some("You are hit! 2 life left."));
    assert_eq!(hurt(0).as_deref(), Some("You are hit! No life left: the next hit kills you."));
}

#[test]
fn every_welcome_page_has_text_and_every_action_a_name() {
    for page in 0..DialogId::Welcome.pages() {
        assert!(!dialog_page(DialogId::Welcome, page).is_empty());
    }
    assert_eq!(action("interact"), Some(MazeCommand::Button(Button::Interact)));
    assert_eq!(action("nope"), None);
    let k = default_keymap();
    assert_eq!(k.get(Input::Char('e')), Some(MazeCommand::Button(Button::Interact)));
}

#[test]
fn camera_centres_small_areas() {
    assert_eq!(camera_offset(3, 10, 20), -5);
    assert_eq!(camera_offset(20, 34, 22), 9);
    assert_eq!(camera_offset(33, 34, 22), 12);
}
