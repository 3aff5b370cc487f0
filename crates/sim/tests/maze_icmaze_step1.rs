//! ICMaze (seed 001) step 1 (§2.3.1 to §2.7.1), tick by tick through the public API.

mod maze_support;

use maze_support::Bot;
use torchlit_geom::{CardinalDirection, Point};
use torchlit_sim::modes::maze::geometry::{from_seed, to_seed};
use torchlit_sim::modes::maze::rules::{DECOY_KEY_ID, PLAYER_MAX_LIFE, SPAWN_KEY_ID};
use torchlit_sim::modes::maze::{
    Button, CellType, Event, Pickup, PortalState, Side, Thing, TickInput,
};

use CardinalDirection::{East, North, South, West};

fn spawn_point(x: i32, y: i32) -> Point {
    from_seed(x, y, 8)
}

/// §2.3.1: the empty starting area: a 10x10 grid, wall around, ground inside.
#[test]
fn spawn_is_a_walled_square_of_ground() {
    let bot = Bot::fixed(1);
    let area = bot.game.area();
    assert_eq!(area.title(), "icmaze/Spawn");
    assert_eq!(area.size(), 8);
    assert_eq!(area.cells().size().width, 10);
    for (p, &c) in area.cells().iter() {
        let border = p.x == 0 || p.y == 0 || p.x == 9 || p.y == 9;
        let doorway =
            Side::ALL.iter().any(|&s| area.portal(s).is_some_and(|d| d.cells().contains(&p)));
        let expected = if border && !doorway { CellType::Wall } else { CellType::Ground };
        assert_eq!(c, expected, "{p}");
    }
    assert_eq!(area.cell(Point::new(-1, 3)), CellType::None);
}

/// §2.4.4: the hero starts at (5, 7) facing forward, moves with the keys, turns, cannot
/// walk on the border walls or leave the map, and steps take time (animated).
#[test]
fn the_hero_walks_turns_and_stays_inside() {
    let mut bot = Bot::fixed(1);
    assert_eq!(to_seed(bot.at(), 8), Point::new(5, 7));
    assert_eq!(bot.game.player().facing(), South);
    assert_eq!(bot.game.player().life().current(), PLAYER_MAX_LIFE);

    // A step takes 8 ticks: the hero is in motion for the press tick and 7 more.
    bot.press(Button::Left);
    assert_eq!(bot.game.player().facing(), West);
    assert!(bot.game.player().is_moving());
    bot.idle(7);
    assert!(bot.game.player().is_moving());
    bot.idle(1);
    assert!(!bot.game.player().is_moving());
    assert_eq!(to_seed(bot.at(), 8), Point::new(4, 7));

    // North until the wall: seed y 8 is the last ground row; the wall stops the hero.
    assert!(bot.step(North));
    assert_eq!(to_seed(bot.at(), 8), Point::new(4, 8));
    assert!(!bot.step(North), "the border wall blocks");
    assert_eq!(bot.game.player().facing(), North, "but the hero turns to it");
    // West to the wall, then no further: the map edge is never reached.
    while bot.step(West) {}
    assert_eq!(to_seed(bot.at(), 8), Point::new(1, 8));
    for d in [West, North] {
        assert!(!bot.step(d));
    }
    // Holding a key keeps walking, one cell per 8 ticks.
    for _ in 0..24 {
        bot.tick(TickInput::hold(Button::Right));
    }
    bot.settle();
    assert_eq!(to_seed(bot.at(), 8), Point::new(4, 8));
}

/// A held arrow walks over the pickaxe without stopping, and the hero takes it on the
/// way (seed §3.1: collectables are picked up by walking over them, not only by a hero
/// that stops on them).
#[test]
fn a_held_key_walks_over_items_and_takes_them() {
    let mut bot = Bot::fixed(1);
    let pickaxe = bot.find(|t| matches!(t, Thing::Pickaxe(_))).expect("a pickaxe");
    assert_eq!(bot.at(), spawn_point(5, 7));
    let mut stood_still_on_it = false;
    for _ in 0..4 * 8 {
        bot.tick(TickInput::hold(Button::Down));
        stood_still_on_it |= bot.at() == pickaxe && !bot.game.player().is_moving();
    }
    assert!(!stood_still_on_it, "the hero never stopped on the pickaxe");
    assert_eq!(bot.at(), spawn_point(5, 3), "it walked on past it");
    assert!(bot.game.player().has_pickaxe());
    assert!(bot.events.contains(&Event::PickedUp(Pickup::Pickaxe)));
}

/// §2.5.1 and §2.5.3: the pickaxe at (5, 4) and the heart at (4, 5) are picked up by
/// walking over them, and disappear.
#[test]
fn collectables_lie_where_the_seed_puts_them_and_vanish_when_taken() {
    let mut bot = Bot::fixed(1);
    let pickaxe = bot.find(|t| matches!(t, Thing::Pickaxe(_))).expect("a pickaxe");
    let heart = bot.find(|t| matches!(t, Thing::Heart(_))).expect("a heart");
    assert_eq!(pickaxe, spawn_point(5, 4));
    assert_eq!(heart, spawn_point(4, 5));

    assert!(bot.walk_to(pickaxe));
    assert!(bot.game.player().has_pickaxe());
    assert!(bot.events.contains(&Event::PickedUp(Pickup::Pickaxe)));
    assert!(bot.find(|t| matches!(t, Thing::Pickaxe(_))).is_none(), "gone from the area");

    assert!(bot.walk_to(heart));
    assert!(bot.events.contains(&Event::PickedUp(Pickup::Heart)));
    assert!(bot.find(|t| matches!(t, Thing::Heart(_))).is_none());
    assert_eq!(bot.game.player().life().current(), PLAYER_MAX_LIFE, "never above the maximum");
}

/// §2.6.4: invisible portals, the locked east portal, the keys, the wrong key, opening
/// with E, crossing both ways, portals staying open.
#[test]
fn portals_keys_and_crossing() {
    let mut bot = Bot::fixed(1);
    let spawn = bot.game.area();
    for side in [Side::N, Side::W, Side::S] {
        assert_eq!(spawn.portal(side).map(|p| p.state()), Some(PortalState::Invisible), "{side:?}");
    }
    let east = spawn.portal(Side::E).expect("east portal");
    assert_eq!(east.state(), PortalState::Locked);
    assert_eq!(east.key(), SPAWN_KEY_ID);
    assert_eq!(east.cells().len(), 2, "two cells wide");

    // Locked: the hero cannot walk through it. (A way around the key at (6, 5).)
    for d in [East, East, East, South, South] {
        assert!(bot.step(d));
    }
    assert_eq!(bot.at(), bot.game.area().arrival(Side::E));
    let ev = bot.open_portal(Side::E);
    assert!(ev.contains(&Event::PortalLocked { side: Side::E, key: SPAWN_KEY_ID }));
    assert!(!bot.step(East), "the locked portal blocks");
    assert_eq!(bot.game.current().0, 0);

    // The decoy key Integer.MAX_VALUE - 1 at (1, 2) is collected but opens nothing.
    bot.avoid = vec![spawn_point(6, 5)];
    assert!(bot.walk_to(spawn_point(1, 2)));
    assert!(bot.events.contains(&Event::PickedUp(Pickup::Key(DECOY_KEY_ID))));
    assert_eq!(bot.game.player().keys(), &[DECOY_KEY_ID]);
    bot.open_portal(Side::E);
    assert_eq!(bot.game.area().portal(Side::E).map(|p| p.state()), Some(PortalState::Locked));

    // The invisible west portal never opens, whatever the hero holds.
    assert!(bot.walk_to(bot.game.area().arrival(Side::W)));
    bot.face(West);
    bot.interact();
    assert_eq!(bot.game.area().portal(Side::W).map(|p| p.state()), Some(PortalState::Invisible));

    // Integer.MAX_VALUE at (6, 5) opens it with E; the hero crosses to the next area.
    bot.avoid.clear();
    assert!(bot.walk_to(spawn_point(6, 5)));
    assert_eq!(bot.game.player().keys(), &[DECOY_KEY_ID, SPAWN_KEY_ID]);
    let ev = bot.open_portal(Side::E);
    assert!(ev.contains(&Event::PortalOpened { side: Side::E, key: SPAWN_KEY_ID }));
    assert!(bot.cross(Side::E));
    assert_eq!(bot.game.area().title(), "icmaze/SmallArea[1]");
    assert_eq!(bot.at(), bot.game.area().arrival(Side::W), "arrives by the west portal");

    // Back and forth through the open portals: they stay open.
    for _ in 0..2 {
        assert!(bot.cross(Side::W));
        assert_eq!(bot.game.area().title(), "icmaze/Spawn");
        assert_eq!(bot.at(), bot.game.area().arrival(Side::E));
        assert_eq!(bot.game.area().portal(Side::E).map(|p| p.state()), Some(PortalState::Open));
        assert!(bot.cross(Side::E));
        assert_eq!(bot.game.area().title(), "icmaze/SmallArea[1]");
    }
}

/// §2.7.1: the reset key restores the game as at first launch, from either area.
#[test]
fn reset_restores_every_actor_from_both_areas() {
    let mut fresh = Bot::fixed(3);
    fresh.idle(1);
    let mut bot = Bot::fixed(3);
    let initial = bot.game.area().clone();
    // Take everything in Spawn and go through.
    for p in [spawn_point(5, 4), spawn_point(4, 5), spawn_point(1, 2), spawn_point(6, 5)] {
        assert!(bot.walk_to(p));
    }
    bot.open_portal(Side::E);
    assert!(bot.cross(Side::E));
    let ev = bot.press(Button::ResetGame);
    assert_eq!(ev, vec![Event::GameReset]);
    assert_eq!(bot.game.area().title(), "icmaze/Spawn");
    assert_eq!(bot.game.area(), &initial, "hero, keys, heart, pickaxe as at launch");
    assert_eq!(to_seed(bot.at(), 8), Point::new(5, 7));
    assert!(bot.game.player().keys().is_empty() && !bot.game.player().has_pickaxe());
    // From Spawn too, after taking things there.
    bot.idle(1);
    for _ in 0..3 {
        bot.press(Button::NextDialog);
    }
    assert!(bot.walk_to(spawn_point(5, 4)));
    bot.press(Button::ResetGame);
    assert_eq!(bot.game.area(), &initial);
    // Exactly the first launch: same state as a game never touched.
    let mut untouched = Bot::raw(*bot.game.config());
    assert_eq!(untouched.game.area(), bot.game.area());
    #[cfg(feature = "serde")]
    assert_eq!(untouched.game.state_hash(), bot.game.state_hash());
    untouched.idle(1);
    bot.idle(1);
    #[cfg(feature = "serde")]
    assert_eq!(untouched.game.state_hash(), bot.game.state_hash());
    let _ = fresh;
}
