//! ICMaze (seed 001) step 4 (§5.1.3 to §5.4) and the end of the game (§6.2).

mod maze_support;

use maze_support::Bot;
use torchlit_geom::{CardinalDirection, Point};
use torchlit_sim::modes::maze::rules::{
    BOSS_BARRAGE_TICKS, BOSS_KEY_ID, BOSS_MAX_LIFE, PROJECTILE_MOVE_TICKS, PROJECTILE_RANGE,
};
use torchlit_sim::modes::maze::{
    AreaId, AreaKind, Boss, Button, DialogId, Event, MazeConfig, MonsterState, PortalState, Rules,
    Seed, Side, Thing, TickInput,
};

/// A game of length 0 (Spawn then the boss) with the hero in BossArea, pickaxe in hand.
/// The boss area of a level of length 0, by ICMaze's rules (§5.1: one safe cell a
/// barrage; the default game leaves three).
fn at_the_boss(seed: u64) -> Bot {
    let config = MazeConfig { rules: Rules::original(), ..MazeConfig::generated(Seed(seed), 0) };
    let mut bot = Bot::new(config);
    assert!(bot.leave_spawn());
    assert_eq!(bot.game.area().kind(), AreaKind::Boss);
    bot
}

fn projectiles(bot: &Bot) -> Vec<Point> {
    bot.game
        .area()
        .present_things()
        .filter(|(_, t)| matches!(t, Thing::Projectile(_)))
        .map(|(_, t)| t.at())
        .collect()
}

fn entry(bot: &Bot) -> Side {
    Side::ALL
        .into_iter()
        .find(|&s| bot.game.area().portal(s).is_some_and(|p| p.link().is_some()))
        .expect("the boss area's entry")
}

/// §5.1.3 1-2: the entry portal is locked behind the hero (key -1) and the boss waits
/// idle in the middle.
#[test]
fn the_hero_is_trapped_with_an_idle_boss() {
    let mut bot = at_the_boss(1);
    let side = entry(&bot);
    let portal = bot.game.area().portal(side).expect("entry");
    assert_eq!((portal.state(), portal.key()), (PortalState::Locked, BOSS_KEY_ID));
    assert!(!bot.cross(side), "trapped");
    let (at, active) = bot.boss().expect("the boss");
    assert_eq!(at, Boss::spots(8)[0].0, "in the middle");
    assert!(!active);
    bot.idle(BOSS_BARRAGE_TICKS * 3);
    assert_eq!(bot.boss(), Some((at, false)), "idle: no move");
    assert!(projectiles(&bot).is_empty(), "no barrage before the first blow");
}

/// §5.1.3 3-7: the first blow wakes the boss, which teleports to one of the five spots
/// (never the same twice in a row) and fires every 60 ticks a barrage covering the row or
/// column in front of it except exactly one safe cell; projectiles fly, hurt the hero and
/// vanish at the walls.
#[test]
fn the_boss_teleports_and_fires_barrages_with_one_safe_cell() {
    let mut bot = at_the_boss(2);
    let (start, _) = bot.boss().expect("boss");
    // Next to the boss, facing it, one swing.
    let below = start + CardinalDirection::South.offset();
    assert!(bot.walk_to(below));
    bot.face(CardinalDirection::North);
    let ev = bot.swing();
    assert!(ev.contains(&Event::BossWoke));
    let (moved, active) = bot.boss().expect("boss");
    assert!(active);
    assert_ne!(moved, start, "teleported away");
    assert!(Boss::spots(8).iter().any(|&(p, _)| p == moved));
    assert_eq!(
        bot.game.area().present_things().find_map(|(_, t)| match t {
            Thing::Boss(b) => Some(b.life().current()),
            _ => None,
        }),
        Some(BOSS_MAX_LIFE),
        "the first blow does no damage"
    );
    // Barrages every BOSS_BARRAGE_TICKS.
    let mut barrages = Vec::new();
    let mut hurt = false;
    for t in 0..BOSS_BARRAGE_TICKS * 3 + 5 {
        for e in bot.tick(TickInput::IDLE) {
            match e {
                Event::Barrage { safe, projectiles: n } => {
                    let boss = bot.game.area().present_things().find_map(|(_, t)| match t {
                        Thing::Boss(b) => Some(*b),
                        _ => None,
                    });
                    let line = boss.expect("boss").barrage_line(8);
                    assert_eq!(line.len(), 8, "a whole row or column");
                    assert!(line.contains(&safe));
                    assert_eq!(n as usize, line.len() - 1, "every cell but one");
                    let fired: Vec<Point> = projectiles(&bot);
                    for p in &line {
                        assert_eq!(fired.contains(p), *p != safe, "{p} (safe {safe})");
                    }
                    barrages.push(t);
                }
                Event::PlayerHurt { .. } => hurt = true,
                _ => {}
            }
        }
    }
    assert_eq!(barrages.len(), 3, "{barrages:?}");
    assert!(barrages.windows(2).all(|w| w[1] - w[0] == BOSS_BARRAGE_TICKS));
    // Projectiles fly at most PROJECTILE_RANGE cells, then are gone (or stop at walls).
    bot.idle(PROJECTILE_MOVE_TICKS * (PROJECTILE_RANGE + 1) + 1);
    let _ = hurt;
    assert!(projectiles(&bot).len() <= 7, "only the last barrage may still fly");
}

/// §5.1.3 6: a projectile hurts the hero standing in its way.
#[test]
fn projectiles_hurt_the_hero() {
    for seed in 0..20 {
        let mut bot = at_the_boss(seed);
        let (start, _) = bot.boss().expect("boss");
        assert!(bot.walk_to(start + CardinalDirection::South.offset()));
        bot.face(CardinalDirection::North);
        bot.swing();
        for _ in 0..BOSS_BARRAGE_TICKS * 6 {
            if bot.tick(TickInput::IDLE).iter().any(|e| matches!(e, Event::PlayerHurt { .. })) {
                return;
            }
        }
    }
    panic!("standing still, the hero was never hit in 20 games");
}

/// §5.1.3 8-9 and §5.2.1: the boss dies, drops the key -1, which opens the entry portal;
/// then every maze loses its rocks, its monsters sleep, the treasure appears in Spawn;
/// taking it wins the game. The reset key then restarts everything unsolved.
#[test]
fn defeating_the_boss_solves_every_area_and_the_treasure_ends_the_game() {
    let mut bot = Bot::new(MazeConfig::generated(Seed(5), 1));
    assert!(bot.leave_spawn());
    let maze = bot.game.current();
    assert!(bot.through_maze(5));
    assert_eq!(bot.game.area().kind(), AreaKind::Boss);
    assert!(bot.fight_boss(), "the boss dies");
    assert!(bot.events.contains(&Event::BossDefeated));
    bot.idle(25);
    let key = bot.find(|t| matches!(t, Thing::Key(k) if k.id == BOSS_KEY_ID)).expect("dropped key");
    assert!(!bot.game.areas().iter().any(|a| a.is_solved()), "not before the key is taken");
    assert!(bot.walk_to(key));
    bot.idle(1);
    assert!(bot.game.areas().iter().all(|a| a.is_solved()), "every signal on");
    let side = entry(&bot);
    let ev = bot.open_portal(side);
    assert!(ev.contains(&Event::PortalOpened { side, key: BOSS_KEY_ID }));
    assert!(bot.cross(side));
    assert_eq!(bot.game.current(), maze);
    let area = bot.game.area();
    assert!(!area.present_things().any(|(_, t)| matches!(t, Thing::Rock(_))), "no maze");
    assert!(area.things().any(|(_, t)| matches!(t, Thing::Rock(_))), "rocks hidden, not lost");
    bot.idle(200);
    assert!(
        bot.game.area().things().all(
            |(_, t)| !matches!(t, Thing::LogMonster(m) if m.state() != MonsterState::Sleeping)
        )
    );
    // Back to Spawn: the treasure.
    let back = entry(&bot);
    assert!(bot.cross(back));
    let treasure = bot.find(|t| matches!(t, Thing::Treasure(_))).expect("a treasure in Spawn");
    assert!(bot.find(|t| matches!(t, Thing::Rock(_))).is_some(), "Spawn has no maze to lose");
    assert!(bot.walk_to(treasure));
    assert!(bot.game.is_won());
    assert!(bot.events.contains(&Event::Victory));
    let stats = bot.game.stats();
    assert!(stats.ticks > 0 && stats.monsters_defeated >= 1);
    // Nothing moves after the victory; the reset key starts over, unsolved.
    let at = bot.at();
    #[cfg(feature = "serde")]
    let hash = bot.game.state_hash();
    bot.tick(TickInput::hold(Button::Down));
    assert_eq!(bot.at(), at);
    #[cfg(feature = "serde")]
    assert_eq!(bot.game.state_hash(), hash);
    bot.press(Button::ResetGame);
    assert!(!bot.game.is_won());
    assert!(bot.game.areas().iter().all(|a| !a.is_solved()));
    assert_eq!(bot.game.current(), AreaId(0));
}

/// §5.4: the welcome dialog opens on the first visit to Spawn, pages with the next-dialog
/// key, freezes the hero meanwhile; a game reset shows it again, an area reset does not.
#[test]
fn the_welcome_dialog() {
    let mut bot = Bot::raw(MazeConfig::fixed(Seed(1)));
    let ev = bot.tick(TickInput::IDLE);
    assert_eq!(ev, vec![Event::DialogOpened(DialogId::Welcome)]);
    let at = bot.at();
    for _ in 0..30 {
        bot.tick(TickInput::hold(Button::Down));
    }
    assert_eq!(bot.at(), at, "no control while the dialog is open");
    assert_eq!(bot.game.now().0, 0, "the area does not advance");
    bot.press(Button::NextDialog);
    assert_eq!(bot.game.dialog().map(|d| d.page()), Some(1));
    bot.press(Button::NextDialog);
    let ev = bot.press(Button::NextDialog);
    assert!(ev.contains(&Event::DialogClosed(DialogId::Welcome)));
    assert!(bot.step(CardinalDirection::South), "the game resumes");
    // An area reset keeps it closed; leaving and coming back too.
    bot.press(Button::ResetArea);
    bot.idle(2);
    assert!(bot.game.dialog().is_none());
    // A game reset shows it again.
    bot.press(Button::ResetGame);
    bot.idle(1);
    assert_eq!(bot.game.dialog().map(|d| d.id()), Some(DialogId::Welcome));
}

/// §6.2: `p` pauses everything and resumes.
#[test]
fn pause_freezes_the_game() {
    let mut bot = Bot::fixed(3);
    bot.press(Button::Pause);
    assert!(bot.game.is_paused());
    let at = bot.at();
    #[cfg(feature = "serde")]
    let hash = bot.game.state_hash();
    for _ in 0..50 {
        bot.tick(TickInput::hold(Button::Right));
    }
    assert_eq!(bot.at(), at, "nothing moves while paused");
    #[cfg(feature = "serde")]
    assert_eq!(bot.game.state_hash(), hash, "nothing moves while paused");
    bot.press(Button::Pause);
    assert!(!bot.game.is_paused());
    assert!(bot.step(CardinalDirection::East));
}
