//! Recordings: the committed catalog (`testdata/recordings/`) replays to its pinned final
//! hashes, the scripts that made it still make it byte for byte, random inputs recorded
//! and replayed reproduce every checkpoint, and the screens record what they send.
//!
//! `TORCHLIT_UPDATE_RECORDINGS=1 cargo test -p torchlit-ui --test recordings` rewrites
//! the catalog (a deliberate rules change: bump `torchlit_sim::RULES_VERSION` too).

#[path = "../../sim/tests/maze_support/mod.rs"]
mod maze_support;

use std::path::PathBuf;

use proptest::prelude::*;
use torchlit_geom::Size;
use torchlit_geom::{CardinalDirection, Direction};
use torchlit_rng::{Rng, Seed as RngSeed};
use torchlit_save::recording::Recording;
use torchlit_sim::formats::{Dungeon, UltimaWorld};
use torchlit_sim::modes::caves::{self, Action, Caves, Slot, Stairs};
use torchlit_sim::modes::chase::{Chase, HeroKind, MonsterKind, Outcome, StrategyMaker};
use torchlit_sim::modes::maze::{Button, Buttons, Maze, MazeConfig, Rules, Seed, TickInput};
use torchlit_sim::modes::overworld;
use torchlit_sim::modes::ultima::{self, Ultima};
use torchlit_ui::caves::{CavesScreen, SharedMemoryStore, StoreHandle, default_keymap};
use torchlit_ui::chase::ChaseScreen;
use torchlit_ui::record::{MemoryRecordings, Recordings};
use torchlit_ui::replay::{
    self, ReplayError, ReplayScreen, caves_recorder, chase_recorder, maze_recorder,
    overworld_recorder, ultima_recorder,
};
use torchlit_ui::ultima::UltimaScreen;
use torchlit_ui::{App, Frame, Input, Screen};

/// The start date written into catalog recordings (2025-11-24), so they are reproducible.
const DATE: u64 = 1_764_000_000;

fn catalog_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/recordings")
}

fn caves_word(o: caves::Outcome) -> &'static str {
    match o {
        caves::Outcome::Won => "won",
        caves::Outcome::Lost(caves::Cause::LeftWithoutTreasure) => "left",
        caves::Outcome::Lost(_) => "died",
    }
}

/// The rules of the catalog's caves games: the default game's before snapshot format 3
/// (the stairs, bats and fleeing rules), which the committed recordings were played by.
const CAVES_CATALOG_RULES: caves::Rules = caves::Rules::default_format_2();

/// A new caves run of `seed` under [`CAVES_CATALOG_RULES`].
fn catalog_caves(seed: u64) -> Caves {
    Caves::with_rules(caves::Seed(seed), caves::WorldSpec::default(), CAVES_CATALOG_RULES)
        .expect("the caves build")
}

/// Plays `actions` on a new caves run of `seed` (until it ends) and records them.
fn caves_recording(seed: u64, actions: impl IntoIterator<Item = Action>) -> Vec<u8> {
    caves_recording_of(catalog_caves(seed), actions)
}

/// Plays `actions` on `game` (until it ends) and records them.
fn caves_recording_of(mut game: Caves, actions: impl IntoIterator<Item = Action>) -> Vec<u8> {
    let mut rec = caves_recorder(&game);
    rec.set_started(DATE);
    for a in actions {
        if game.outcome().is_some() {
            break;
        }
        game.apply(a);
        rec.record(a, || game.state_hash());
    }
    let outcome = game.outcome().map_or("quit", caves_word);
    rec.finish(outcome, game.turn().0, game.state_hash());
    rec.recording().encode().expect("encodes")
}

/// The caves test script: walk, explore, pick up, eat, wield.
fn caves_short() -> Vec<Action> {
    (0..120)
        .map(|i| match i % 12 {
            0..=2 => Action::Explore,
            3 | 4 => Action::Move(Direction::ALL[(i / 12) % 8]),
            5 => Action::Wait,
            6 => Action::PickUp,
            7 => Action::Move(Direction::ALL[i % 8]),
            8 => Action::Equip(Slot::from_letter('a').expect("a")),
            9 => Action::Eat(Slot::from_letter('b').expect("b")),
            10 => Action::Travel(Stairs::Down),
            _ => Action::Descend,
        })
        .collect()
}

/// A scripted delver: explores, fights what it bumps into, picks up and eats what it
/// finds, goes down when it can; `n` actions from its own generator.
fn caves_delver(seed: u64, n: usize) -> Vec<Action> {
    let mut rng = Rng::new(RngSeed(seed));
    let letters = ['a', 'b', 'c', 'd', 'e'];
    (0..n)
        .map(|_| match rng.below(20) {
            0..=7 => Action::Explore,
            8..=11 => Action::Move(Direction::ALL[rng.below(8) as usize]),
            12 => Action::PickUp,
            13 | 14 => {
                Action::Eat(Slot::from_letter(letters[rng.below(5) as usize]).expect("a letter"))
            }
            15 => Action::Equip(Slot::from_letter(letters[rng.below(5) as usize]).expect("a")),
            16 => Action::Travel(Stairs::Down),
            17 => Action::Descend,
            _ => Action::Wait,
        })
        .collect()
}

/// A delver that looks before it acts: eats when hungry, fights what stands next to it,
/// picks up what it stands on, wields what it finds, explores, and waits for monsters
/// to come when there is nothing left to see. Returns the actions it took (at most
/// `n`).
fn caves_survivor(seed: u64, n: usize) -> Vec<Action> {
    let mut game = catalog_caves(seed);
    let mut rng = Rng::new(RngSeed(seed));
    let mut out = Vec::with_capacity(n);
    let mut explored = false;
    let mut wait = false;
    while out.len() < n && game.outcome().is_none() {
        let hero = game.hero();
        let at = game.player().at();
        let hungry = hero.stomach().food() < 400;
        let food = hero.inventory().iter().find(|(_, i)| i.is_edible()).map(|(s, _)| s);
        let weapon = hero
            .inventory()
            .iter()
            .find(|(s, i)| i.is_equippable() && !hero.is_equipped(*s))
            .map(|(s, _)| s);
        let foe = Direction::ALL.into_iter().find(|d| {
            game.visible_creature(at + d.offset())
                .is_some_and(|c| c.kind() != caves::CreatureKind::Player)
        });
        let action = if let (true, Some(slot)) = (hungry, food) {
            Action::Eat(slot)
        } else if let Some(d) = foe {
            Action::Move(d)
        } else if game.current_level().item(at).is_some() && hero.inventory().len() < 20 {
            Action::PickUp
        } else if let Some(slot) = weapon {
            Action::Equip(slot)
        } else if !explored && !wait {
            Action::Explore
        } else if rng.below(4) == 0 {
            Action::Move(Direction::ALL[rng.below(8) as usize])
        } else {
            Action::Wait
        };
        let events = game.apply(action);
        wait = false;
        if action == Action::Explore {
            for e in &events {
                match e {
                    caves::Event::AutoStopped(caves::Stop::Explored) => explored = true,
                    caves::Event::AutoStopped(
                        caves::Stop::MonsterNearby(_) | caves::Stop::Blocked(..),
                    ) => wait = true,
                    _ => {}
                }
            }
        }
        out.push(action);
    }
    out
}

/// The actions of `torchlit-bots`' caves bot on seed `seed` (the catalog's rules), to its end.
fn caves_bot(seed: u64) -> Vec<Action> {
    use torchlit_bots::Bot;
    let mut bot = torchlit_bots::caves::CavesBot::new(caves::Seed(seed), CAVES_CATALOG_RULES)
        .expect("the caves build");
    while bot.step() {}
    bot.actions().to_vec()
}

/// Records `inputs` on a maze of `config` (quit at the end, or won).
fn maze_recording(config: MazeConfig, inputs: &[TickInput]) -> Vec<u8> {
    let mut game = Maze::new(config).expect("the level builds");
    let mut rec = maze_recorder(&config);
    rec.set_started(DATE);
    for input in inputs {
        game.tick(input);
        rec.record(*input, || game.state_hash());
    }
    let outcome = if game.is_won() { "won" } else { "quit" };
    rec.finish(outcome, game.now().0, game.state_hash());
    rec.recording().encode().expect("encodes")
}

/// Random buttons held for random spans, the welcome dialog read first.
fn maze_script(seed: u64, ticks: usize) -> Vec<TickInput> {
    let mut rng = Rng::new(RngSeed(seed));
    let moves = [Button::Up, Button::Left, Button::Down, Button::Right];
    let mut out = vec![TickInput::IDLE];
    out.extend([TickInput::press(Button::NextDialog); 3]);
    while out.len() < ticks {
        let held = match rng.below(10) {
            0 => Button::Interact,
            1 => Button::Pickaxe,
            _ => moves[rng.below(4) as usize],
        };
        for i in 0..rng.range(1, 20) {
            let pressed = if i == 0 { Buttons::of(&[held]) } else { Buttons::NONE };
            out.push(TickInput { held: Buttons::of(&[held]), pressed });
        }
    }
    out.truncate(ticks);
    out
}

/// The maze bot of the sim's tests wins a one-maze level (as the sim's step 4 test).
fn maze_win() -> Vec<TickInput> {
    use torchlit_sim::modes::maze::Thing;
    let mut bot = maze_support::Bot::new(MazeConfig::generated(Seed(5), 1));
    assert!(bot.leave_spawn() && bot.through_maze(5) && bot.fight_boss());
    bot.idle(25);
    let key = bot
        .find(
            |t| matches!(t, Thing::Key(k) if k.id == torchlit_sim::modes::maze::rules::BOSS_KEY_ID),
        )
        .expect("the boss dropped its key");
    assert!(bot.walk_to(key));
    bot.idle(1);
    let side = entry(&bot);
    bot.open_portal(side);
    assert!(bot.cross(side));
    bot.idle(200);
    let back = entry(&bot);
    assert!(bot.cross(back));
    let treasure = bot.find(|t| matches!(t, Thing::Treasure(_))).expect("a treasure in Spawn");
    assert!(bot.walk_to(treasure));
    assert!(bot.game.is_won());
    bot.inputs
}

fn entry(bot: &maze_support::Bot) -> torchlit_sim::modes::maze::Side {
    torchlit_sim::modes::maze::Side::ALL
        .into_iter()
        .find(|&s| bot.game.area().portal(s).is_some_and(|p| p.link().is_some()))
        .expect("an entry")
}

fn ultima_world() -> UltimaWorld {
    UltimaWorld::parse(include_bytes!("../../../testdata/ultima/30x20.txt")).expect("parses")
}

fn ultima_actions(seed: u64, n: usize) -> Vec<ultima::Action> {
    let mut rng = Rng::new(RngSeed(seed));
    (0..n)
        .map(|_| match rng.below(12) {
            0 => ultima::Action::TorchUp,
            1 => ultima::Action::TorchDown,
            2 => ultima::Action::ToggleLighting,
            _ => ultima::Action::Move(CardinalDirection::ALL[rng.below(4) as usize]),
        })
        .collect()
}

fn ultima_recording(actions: &[ultima::Action]) -> Vec<u8> {
    let mut game = Ultima::new(ultima_world());
    let mut rec = ultima_recorder(&game);
    rec.set_started(DATE);
    for &a in actions {
        game.apply(a);
        rec.record(a, || game.state_hash());
    }
    rec.finish("quit", game.turns().0, game.state_hash());
    rec.recording().encode().expect("encodes")
}

/// A walker on the overworld of `seed`: holds a heading for a random span (so it leaves
/// its region and meets the monsters watching the next), now and then wields or wears
/// something from its pack. `n` actions from its own generator.
fn overworld_actions(seed: u64, n: usize) -> Vec<overworld::Action> {
    let mut rng = Rng::new(RngSeed(seed));
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        if rng.below(12) == 0 {
            let items: Vec<overworld::Item> = overworld::Item::all().collect();
            out.push(overworld::Action::Equip(items[rng.below(items.len() as u64) as usize]));
            continue;
        }
        let d = CardinalDirection::ALL[rng.below(4) as usize];
        for _ in 0..rng.range(1, 30) {
            out.push(overworld::Action::Move(d));
        }
    }
    out.truncate(n);
    out
}

/// The first steps of a shortest walk from the player to a cell a monster watches
/// (never through one), within 100 cells; `None` when there is none.
fn overworld_path_to_fight(g: &overworld::Overworld) -> Option<Vec<CardinalDirection>> {
    use std::collections::{BTreeMap, VecDeque};
    let start = g.player().at();
    let mut prev = BTreeMap::new();
    let mut queue = VecDeque::from([start]);
    prev.insert(start, None);
    while let Some(p) = queue.pop_front() {
        if p != start && g.watcher(p).is_some() {
            let mut steps = Vec::new();
            let mut at = p;
            while let Some(Some((from, d))) = prev.get(&at).copied() {
                steps.push(d);
                at = from;
            }
            steps.reverse();
            return Some(steps);
        }
        for d in CardinalDirection::ALL {
            let n = p + d.offset();
            let near = (n.x - start.x).abs() <= 100 && (n.y - start.y).abs() <= 100;
            if near
                && !prev.contains_key(&n)
                && g.ground(n).is_walkable()
                && g.monster_at(n).is_none()
            {
                prev.insert(n, Some((p, d)));
                queue.push_back(n);
            }
        }
    }
    None
}

/// A walker that hunts: walks the shortest way into the sight of the nearest monster
/// (where the fight starts), wanders a little after each fight, and wields or wears
/// something from its pack now and then. Plays its own game of `seed` under `rules`;
/// returns its `n` actions, or fewer when the game ends (the default game's death or win).
fn overworld_walker(seed: u64, rules: overworld::Rules, n: usize) -> Vec<overworld::Action> {
    let mut game = overworld::Overworld::new(RngSeed(seed), rules).expect("a world");
    let mut rng = Rng::new(RngSeed(seed ^ 0x5eed));
    let items: Vec<overworld::Item> = overworld::Item::all().collect();
    let mut out = Vec::with_capacity(n);
    while out.len() < n && game.ending().is_none() {
        let mut plan: Vec<overworld::Action> = match overworld_path_to_fight(&game) {
            Some(steps) => steps.into_iter().map(overworld::Action::Move).collect(),
            None => Vec::new(),
        };
        let d = CardinalDirection::ALL[rng.below(4) as usize];
        plan.extend(std::iter::repeat_n(overworld::Action::Move(d), rng.range(1, 20) as usize));
        plan.push(overworld::Action::Equip(items[rng.below(items.len() as u64) as usize]));
        for action in plan.into_iter().take(n - out.len()) {
            game.apply(action);
            out.push(action);
            if game.ending().is_some() {
                break;
            }
        }
    }
    out
}

/// Records `actions` on a new overworld of `seed` under `rules`; returns the file and
/// the fights fought.
fn overworld_recording(
    seed: u64,
    rules: overworld::Rules,
    actions: &[overworld::Action],
) -> (Vec<u8>, usize) {
    let mut game = overworld::Overworld::new(RngSeed(seed), rules).expect("a world");
    let mut rec = overworld_recorder(&game, true);
    rec.set_started(DATE);
    let mut fights = 0;
    for &a in actions {
        let events = game.apply(a);
        fights += events.iter().filter(|e| matches!(e, overworld::Event::Fight(_))).count();
        rec.record(a, || game.state_hash());
    }
    let outcome = torchlit_ui::overworld::outcome_word(&game);
    rec.finish(outcome, game.player().moves().0, game.state_hash());
    (rec.recording().encode().expect("encodes"), fights)
}

fn chase_recording(name: &str, text: &str, hero: HeroKind) -> Vec<u8> {
    let dungeon = Dungeon::parse(text.as_bytes()).expect("parses");
    let mut game =
        Chase::new(&dungeon, hero.strategy(), MonsterKind::Monster.strategy()).expect("a chase");
    let mut rec = chase_recorder(name, &dungeon, &hero.into(), &MonsterKind::Monster.into())
        .expect("built-in strategies are recorded");
    rec.set_started(DATE);
    while game.outcome().is_none() {
        game.play_turn();
        rec.record((), || game.state_hash());
    }
    let word = match game.outcome() {
        Some(Outcome::Caught { .. }) => "caught",
        Some(Outcome::Escaped { .. }) => "escaped",
        _ => "limit",
    };
    rec.finish(word, game.turn().0, game.state_hash());
    rec.recording().encode().expect("encodes")
}

/// Every catalog recording, by file name, as the scripts make it.
fn catalog() -> Vec<(&'static str, Vec<u8>)> {
    let bundled = |name: &str| {
        torchlit_ui::chase::BUNDLED.iter().find(|b| b.0 == name).map(|b| b.1).expect("bundled")
    };
    vec![
        ("caves-short.tlrec", caves_recording(1, caves_short())),
        ("caves-death.tlrec", caves_recording(7, caves_delver(7, 20_000))),
        ("caves-long.tlrec", caves_recording(11, caves_survivor(11, 10_000))),
        ("caves-won.tlrec", caves_recording(16, caves_bot(16))),
        ("caves-won-long.tlrec", caves_recording(28, caves_bot(28))),
        (
            "maze-short.tlrec",
            maze_recording(MazeConfig::generated(Seed(9), 3), &maze_script(42, 3000)),
        ),
        ("maze-win.tlrec", maze_recording(MazeConfig::generated(Seed(5), 1), &maze_win())),
        (
            "maze-ten-minutes.tlrec",
            maze_recording(MazeConfig::generated(Seed(3), 4), &maze_script(7, 24 * 600)),
        ),
        ("ultima-walk.tlrec", ultima_recording(&ultima_actions(5, 400))),
        (
            "chase-caught.tlrec",
            chase_recording("corner_trap", bundled("corner_trap"), HeroKind::Rogue),
        ),
        (
            "chase-escaped.tlrec",
            chase_recording("hallway_escape", bundled("hallway_escape"), HeroKind::Speedy),
        ),
        (
            "overworld-short.tlrec",
            overworld_recording(
                3,
                overworld::Rules::default(),
                &overworld_walker(3, overworld::Rules::default(), 300),
            )
            .0,
        ),
        ("overworld-long.tlrec", overworld_long().0),
        (
            "overworld-death.tlrec",
            overworld_recording(
                21,
                overworld::Rules::default(),
                &overworld_walker(21, overworld::Rules::default(), 2000),
            )
            .0,
        ),
    ]
}

/// The long overworld game: 5,000 actions of CaveGame's own game (`--rules seed`, where
/// death costs an item and play goes on) under tuned combat (the rules go into the
/// header), with fights won and lost.
fn overworld_long() -> (Vec<u8>, usize) {
    let rules = overworld::Rules {
        combat: overworld::CombatRules::new(0.4, 1.5, 0.2),
        ..overworld::Rules::original()
    };
    let actions = overworld_walker(21, rules.clone(), 5000);
    overworld_recording(21, rules, &actions)
}

fn catalog_line(name: &str, bytes: &[u8]) -> String {
    let v = replay::verify(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
    format!(
        "{name} {} {} {} {} {:016x}",
        v.mode,
        v.outcome.as_deref().unwrap_or("-"),
        v.turns,
        v.steps,
        v.hash
    )
}

#[test]
fn the_scripts_still_make_the_committed_catalog_and_it_verifies_to_its_hashes() {
    let dir = catalog_dir();
    let made = catalog();
    let lines: Vec<String> = made.iter().map(|(n, b)| catalog_line(n, b)).collect();
    if std::env::var_os("TORCHLIT_UPDATE_RECORDINGS").is_some() {
        std::fs::create_dir_all(&dir).expect("the catalog directory");
        for (name, bytes) in &made {
            std::fs::write(dir.join(name), bytes).expect("written");
        }
        std::fs::write(dir.join("catalog.txt"), lines.join("\n") + "\n").expect("written");
    }
    let pinned = std::fs::read_to_string(dir.join("catalog.txt")).expect("catalog.txt");
    let pinned: Vec<&str> = pinned.lines().collect();
    assert_eq!(pinned, lines, "final hashes changed: a rules change bumps RULES_VERSION");
    for (name, bytes) in &made {
        let committed = std::fs::read(dir.join(name)).expect("a committed recording");
        assert!(committed == *bytes, "{name}: the script no longer makes the committed file");
    }
}

/// Maze recordings made before the barrage gap and the size ramp (their options are
/// layout version 2) still replay to their pinned final hashes, by ICMaze's barrage and
/// level draw.
#[test]
fn maze_recordings_from_before_the_barrage_gap_still_verify() {
    let dir = catalog_dir().join("maze-options-v2");
    let pinned = std::fs::read_to_string(dir.join("catalog.txt")).expect("catalog.txt");
    let lines: Vec<&str> = pinned.lines().collect();
    assert_eq!(lines.len(), 3);
    for line in lines {
        let name = line.split(' ').next().expect("a name");
        let bytes = std::fs::read(dir.join(name)).expect("a committed recording");
        assert_eq!(catalog_line(name, &bytes), line);
        let r: Recording<TickInput> = Recording::decode(&bytes).expect("decodes");
        let rules = replay::maze_start(&r.header).expect("starts").config().rules;
        assert_eq!((rules.barrage_gap, rules.size_ramp), (1, false), "{name}");
        assert_eq!(rules.spawn_clearance, Some(3), "{name}");
    }
}

/// Maze recordings made before the monsters' spawn clearance (their options are layout
/// version 1, without it) still replay to their pinned final hashes.
#[test]
fn maze_recordings_from_before_the_spawn_clearance_still_verify() {
    let dir = catalog_dir().join("maze-options-v1");
    let pinned = std::fs::read_to_string(dir.join("catalog.txt")).expect("catalog.txt");
    let lines: Vec<&str> = pinned.lines().collect();
    assert_eq!(lines.len(), 3);
    for line in lines {
        let name = line.split(' ').next().expect("a name");
        let bytes = std::fs::read(dir.join(name)).expect("a committed recording");
        assert_eq!(catalog_line(name, &bytes), line);
        let r: Recording<TickInput> = Recording::decode(&bytes).expect("decodes");
        let game = replay::maze_start(&r.header).expect("starts");
        assert_eq!(game.config().rules.spawn_clearance, None, "{name}");
    }
}

/// Overworld recordings of the default game made before its fair fights (their options
/// are layout version 4: hunters that run, no gentle ring around the start) still replay
/// to their pinned final hashes, with the rules they were played with.
#[test]
fn overworld_recordings_from_before_the_fair_fights_still_verify() {
    let dir = catalog_dir().join("overworld-options-v4");
    let pinned = std::fs::read_to_string(dir.join("catalog.txt")).expect("catalog.txt");
    let lines: Vec<&str> = pinned.lines().collect();
    assert_eq!(lines.len(), 2);
    for line in lines {
        let name = line.split(' ').next().expect("a name");
        let bytes = std::fs::read(dir.join(name)).expect("a committed recording");
        assert_eq!(catalog_line(name, &bytes), line);
        let r: Recording<overworld::Action> = Recording::decode(&bytes).expect("decodes");
        let game = replay::overworld_start(&r.header).expect("starts");
        let quest = game.rules().quest.expect("the default game");
        assert_eq!((quest.fast_from, quest.gentle), (1, 0), "{name}");
    }
}

/// A maze recording's options give back the config it was played with, clearance or not.
#[test]
fn maze_options_keep_the_rules() {
    let seed_rules = MazeConfig { rules: Rules::original(), ..MazeConfig::generated(Seed(3), 4) };
    for config in [MazeConfig::generated(Seed(3), 4), seed_rules] {
        let bytes = maze_recording(config, &maze_script(7, 200));
        let r: Recording<TickInput> = Recording::decode(&bytes).expect("decodes");
        let game = replay::maze_start(&r.header).expect("starts");
        assert_eq!(game.config(), &config);
    }
}

#[test]
fn the_catalog_has_a_win_and_a_death_and_long_games() {
    let pinned = std::fs::read_to_string(catalog_dir().join("catalog.txt")).expect("catalog");
    let has = |mode: &str, outcome: &str| {
        pinned
            .lines()
            .any(|l| l.split(' ').nth(1) == Some(mode) && l.split(' ').nth(2) == Some(outcome))
    };
    assert!(has("caves", "died") && has("caves", "won") && has("maze", "won"));
    assert!(has("chase", "caught") && has("chase", "escaped"));
    let ticks = |name: &str| {
        pinned
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split(' ').nth(4)?.parse::<u64>().ok())
    };
    assert_eq!(ticks("maze-ten-minutes"), Some(24 * 600));
    assert!(has("overworld", "saved") && has("overworld", "died"));
    let (_, fights) = overworld_long();
    assert!(fights >= 5, "the long overworld game has fights: {fights}");
}

#[test]
fn a_changed_input_is_a_divergence_naming_the_step_and_rules_version() {
    let bytes = caves_recording(1, caves_short());
    let mut rec: Recording<Action> = Recording::decode(&bytes).expect("decodes");
    // The same header and checkpoints over other inputs: the game goes another way.
    let mut other: Recording<Action> = Recording::new(rec.header.clone());
    let cps = rec.checkpoints().to_vec();
    let inputs: Vec<Action> = rec.inputs().copied().collect();
    for (i, a) in inputs.iter().enumerate() {
        let a = if i == 50 { Action::Move(Direction::North) } else { *a };
        other.push(a);
        if let Some(c) = cps.iter().find(|c| c.step == other.steps()) {
            other.checkpoint(c.hash);
        }
    }
    rec = other;
    let err = replay::verify(&rec.encode().expect("encodes")).err();
    match err {
        Some(ReplayError::Diverged(d)) => {
            assert_eq!((d.since, d.step), (0, 100), "{d}");
            assert!(
                d.to_string().contains(&format!("rules version {}", torchlit_sim::RULES_VERSION)),
                "{d}"
            );
        }
        other => panic!("expected a divergence, got {other:?}"),
    }
}

#[test]
fn damaged_and_foreign_files_are_errors() {
    let bytes = caves_recording(1, caves_short());
    assert!(matches!(replay::open(b"hello"), Err(ReplayError::File(_))));
    assert!(matches!(replay::verify(&bytes[..bytes.len() / 2]), Err(ReplayError::File(_))));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn caves_random_inputs_replay_to_every_checkpoint(seed in 0u64..1000, picks in prop::collection::vec(0u8..40, 0..300)) {
        let actions = picks.iter().map(|&p| match p {
            0..=7 => Action::Move(Direction::ALL[p as usize]),
            8..=15 => Action::Explore,
            16 => Action::PickUp,
            17 => Action::Descend,
            18 => Action::Ascend,
            19 => Action::Travel(Stairs::Down),
            20 => Action::Travel(Stairs::Up),
            21 => Action::Eat(Slot::from_letter('a').expect("a")),
            22 => Action::Drop(Slot::from_letter('a').expect("a")),
            23 => Action::Equip(Slot::from_letter('b').expect("b")),
            _ => Action::Wait,
        });
        // Today's default rules (options version 2) and the seed's.
        let rules = if seed % 2 == 0 { caves::Rules::default() } else { caves::Rules::original() };
        let game = Caves::with_rules(caves::Seed(seed), caves::WorldSpec::default(), rules).expect("caves");
        let bytes = caves_recording_of(game, actions);
        let v = replay::verify(&bytes);
        prop_assert!(v.is_ok(), "{:?}", v.err());
        let header = Recording::<Action>::decode(&bytes).expect("decodes").header;
        prop_assert_eq!(header.options.first().copied(), Some(if seed % 2 == 0 { 2 } else { 1 }));
    }

    #[test]
    fn maze_random_inputs_replay_to_every_checkpoint(seed in 0u64..1000, masks in prop::collection::vec((0u16..2048, 0u16..2048, 1usize..30), 0..80)) {
        let mut inputs = Vec::new();
        for (held, pressed, n) in masks {
            let buttons = |m: u16| Buttons::of(&Button::ALL.iter().enumerate().filter(|(i, _)| m & (1 << i) != 0).map(|(_, b)| *b).collect::<Vec<_>>());
            inputs.extend(std::iter::repeat_n(TickInput { held: buttons(held), pressed: buttons(pressed) }, n));
        }
        let bytes = maze_recording(MazeConfig::generated(Seed(seed), 2), &inputs);
        let v = replay::verify(&bytes);
        prop_assert!(v.is_ok(), "{:?}", v.err());
    }

    #[test]
    fn ultima_random_inputs_replay_to_every_checkpoint(seed in 0u64..1000, n in 0usize..400) {
        let bytes = ultima_recording(&ultima_actions(seed, n));
        let v = replay::verify(&bytes);
        prop_assert!(v.is_ok(), "{:?}", v.err());
    }

    #[test]
    fn overworld_random_inputs_replay_to_every_checkpoint(seed in 0u64..1000, picks in prop::collection::vec(0u8..14, 0..400)) {
        let items: Vec<overworld::Item> = overworld::Item::all().collect();
        let actions: Vec<overworld::Action> = picks.iter().map(|&p| match p {
            0..=9 => overworld::Action::Move(CardinalDirection::ALL[(p % 4) as usize]),
            _ => overworld::Action::Equip(items[usize::from(p) % items.len()]),
        }).collect();
        let (bytes, _) = overworld_recording(seed, overworld::Rules::default(), &actions);
        let v = replay::verify(&bytes);
        prop_assert!(v.is_ok(), "{:?}", v.err());
    }

    #[test]
    fn chase_games_replay_to_every_checkpoint(i in 0usize..9, speedy: bool) {
        let (name, text) = torchlit_ui::chase::BUNDLED[i];
        let hero = if speedy { HeroKind::Speedy } else { HeroKind::Rogue };
        let v = replay::verify(&chase_recording(name, text, hero));
        prop_assert!(v.is_ok(), "{:?}", v.err());
    }
}

#[test]
fn seeking_back_and_forth_lands_on_the_same_states() {
    let bytes = caves_recording(7, caves_delver(7, 3000));
    let mut r = replay::open(&bytes).expect("opens");
    let len = r.len();
    let mut hashes = Vec::new();
    while r.position() < len {
        hashes.push(r.hash());
        r.forward().expect("no divergence");
    }
    for target in [len / 2, 3, len - 1, 0, len / 3, 1] {
        r.seek(target).expect("seeks");
        assert_eq!(r.position(), target);
        assert_eq!(r.hash(), hashes[target as usize], "step {target}");
    }
}

/// A maze replay plays at the games' smallest size, and shows the replay's keys, not the
/// game's (which would lie: `m` and `r` do nothing there).
#[test]
fn a_maze_replay_fits_40x12_and_hints_no_game_keys() {
    let bytes = maze_recording(MazeConfig::generated(Seed(3), 2), &maze_script(3, 400));
    let mut screen = App::replay(ReplayScreen::new(replay::open(&bytes).expect("opens")));
    screen.handle(Input::Char('g'));
    screen.handle(Input::Char('9'));
    screen.handle(Input::Enter);
    for (w, h) in [(40u16, 12u16), (80, 24)] {
        let mut frame = Frame::with_size(Size::new(u32::from(w), u32::from(h)));
        screen.render(&mut frame);
        let text = frame.to_text();
        assert!(!text.contains("too small"), "{w}x{h}:\n{text}");
        assert!(!text.contains("m map") && !text.contains("? help"), "{w}x{h}:\n{text}");
        let last = text.lines().last().unwrap_or_default();
        assert!(last.contains("step 9/"), "the replay bar at the bottom:\n{text}");
    }
}

#[test]
fn the_replay_screen_pauses_steps_seeks_and_lists_its_keys() {
    let bytes = caves_recording(1, caves_short());
    let replay = replay::open(&bytes).expect("opens");
    let len = replay.len();
    let mut app = App::replay(ReplayScreen::new(replay));
    let shown = |app: &App| app.top::<ReplayScreen>().expect("the replay").clone();
    assert!(app.wants_ticks());
    for _ in 0..24 {
        app.tick();
    }
    assert_eq!(shown(&app).replay().position(), 4, "1x: four turns a second");
    app.handle(Input::Char(' '));
    assert!(shown(&app).is_paused() && !app.wants_ticks());
    app.handle(Input::Char('.'));
    assert_eq!(shown(&app).replay().position(), 5);
    app.handle(Input::Char(','));
    app.handle(Input::Char(','));
    assert_eq!(shown(&app).replay().position(), 3);
    for c in ['g', '6', '0'] {
        app.handle(Input::Char(c));
    }
    app.handle(Input::Enter);
    assert_eq!(shown(&app).replay().position(), 60);
    assert!(shown(&app).status().contains("step 60/"), "{}", shown(&app).status());
    assert!(shown(&app).status().contains("ends: "), "{}", shown(&app).status());
    for _ in 0..4 {
        app.handle(Input::Char('+'));
    }
    assert_eq!(shown(&app).speed(), Some(16));
    app.handle(Input::Char('+'));
    assert_eq!(shown(&app).speed(), None, "instant");
    app.handle(Input::Char(' '));
    app.tick();
    assert_eq!(shown(&app).replay().position(), len, "instant jumps to the end");
    app.handle(Input::Char('b'));
    assert_eq!(shown(&app).replay().position(), 0);
    app.handle(Input::Char('?'));
    let mut frame = Frame::with_size(Size::new(100, 30));
    app.render(&mut frame);
    let text = frame.to_text();
    assert!(text.contains("replay keys") && text.contains("faster / slower"), "{text}");
    app.handle(Input::Char('x'));
    assert!(matches!(app.handle(Input::Char('q')), torchlit_ui::Transition::Quit));
}

#[test]
fn the_ultima_screen_records_what_it_sends_and_keeps_it_on_leaving() {
    let kept = MemoryRecordings::default();
    let game = Ultima::with_rules(ultima_world(), ultima::Rules::default());
    let sink = Some(Recordings::new(kept.clone()));
    let mut app = App::ultima_with(UltimaScreen::new(game).with_recordings(sink));
    for c in ['d', 'd', 's', '+', 'l', 'a'] {
        app.handle(Input::Char(c));
    }
    let hash = app.ultima_screen().expect("playing").game().state_hash();
    assert!(matches!(app.handle(Input::Char('q')), torchlit_ui::Transition::Quit));
    let kept = kept.0.borrow();
    assert_eq!(kept.len(), 1);
    let v = replay::verify(&kept[0].1).expect("verifies");
    assert_eq!(
        (v.mode.as_str(), v.outcome.as_deref(), v.steps, v.hash),
        ("ultima", Some("quit"), 6, hash)
    );
}

#[test]
fn saving_a_caves_run_with_no_store_plays_on_and_keeps_one_whole_recording() {
    // The window saves as play goes (Screen::save every second): with no store that must
    // not end the recording, or the run after the first second would be lost from it.
    let kept = MemoryRecordings::default();
    let game = Caves::new(caves::Seed(3)).expect("caves");
    let mut screen = CavesScreen::new(game, default_keymap(), None)
        .with_recordings(Some(Recordings::new(kept.clone())));
    for c in ['l', 'l'] {
        screen.handle(Input::Char(c));
    }
    Screen::save(&mut screen).expect("nothing to save");
    assert!(kept.0.borrow().is_empty(), "saving kept (ended) the recording");
    for c in ['j', '.'] {
        screen.handle(Input::Char(c));
    }
    let steps = screen.recorder().expect("recording").recording().steps();
    let hash = screen.game().state_hash();
    Screen::close(&mut screen).expect("closed");
    let kept = kept.0.borrow();
    assert_eq!(kept.len(), 1);
    let v = replay::verify(&kept[0].1).expect("verifies");
    assert_eq!((v.outcome.as_deref(), v.steps, v.hash), (Some("quit"), steps, hash));
}

#[test]
fn a_saved_caves_run_keeps_its_recording_and_records_on() {
    let shared = SharedMemoryStore::default();
    let store = StoreHandle::new(shared.clone());
    let game = Caves::new(caves::Seed(3)).expect("caves");
    let mut screen = CavesScreen::new(game, default_keymap(), Some(store.clone()));
    for c in ['l', 'l', 'j', '.'] {
        screen.handle(Input::Char(c));
    }
    let steps = screen.recorder().expect("recording").recording().steps();
    assert!(steps >= 4, "{steps}");
    screen.handle(Input::Char('S'));
    let saved = store.load().expect("readable").expect("saved");
    let mut resumed = CavesScreen::resumed(saved, default_keymap(), Some(store));
    assert_eq!(resumed.recorder().expect("kept with the save").recording().steps(), steps);
    for c in ['h', 'k', '.'] {
        resumed.handle(Input::Char(c));
    }
    let rec = resumed.recorder().expect("recording").recording();
    assert_eq!(rec.steps(), steps + 3);
    let v = replay::verify(&rec.encode().expect("encodes")).expect("the whole run verifies");
    assert_eq!(v.hash, resumed.game().state_hash());
}

#[test]
fn a_saved_overworld_world_keeps_its_recording_and_records_on() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let paths = torchlit_save::Paths::in_dir(dir.path());
    // Tuned combat: the recording must carry it to verify.
    std::fs::write(paths.config_file(), "[play]\nstun_probability = 0.3\n").expect("written");
    let config = torchlit_save::Config::load(&paths).expect("the config");
    let worlds =
        torchlit_ui::overworld::Worlds::with_store(torchlit_save::Store::new(&paths), config);
    let kept = MemoryRecordings::default();
    let mut s =
        torchlit_ui::overworld::OverworldSession::create(&worlds, "rec", "7").expect("a world");
    s.set_recordings(Some(Recordings::new(kept.clone())));
    let actions = overworld_actions(8, 400);
    for &a in &actions[..150] {
        s.apply(a);
    }
    let id = s.info().id.clone();
    s.close().expect("saved");
    let mut s = torchlit_ui::overworld::OverworldSession::open(&worlds, &id).expect("reopened");
    assert_eq!(s.recorder().recording().steps(), 150, "kept with the save");
    for &a in &actions[150..] {
        s.apply(a);
    }
    let hash = s.game().state_hash();
    let bytes = s.recorder().recording().encode().expect("encodes");
    let v = replay::verify(&bytes).expect("the whole game verifies across the reload");
    assert_eq!((v.steps, v.hash), (400, hash));
    drop(s);
    // Each session left a copy with the data dir's recordings: 150 steps, then 400.
    let kept = kept.0.borrow();
    assert_eq!(kept.len(), 1, "the second session had no sink");
    let first = replay::verify(&kept[0].1).expect("verifies");
    assert_eq!(
        (first.mode.as_str(), first.outcome.as_deref(), first.steps),
        ("overworld", Some("saved"), 150)
    );
}

#[test]
fn an_overworld_recording_may_start_from_a_saved_state() {
    let mut game =
        overworld::Overworld::new(RngSeed(4), overworld::Rules::default()).expect("a world");
    let actions = overworld_actions(4, 600);
    for &a in &actions[..300] {
        game.apply(a);
    }
    let mut rec = overworld_recorder(&game, false);
    for &a in &actions[300..] {
        game.apply(a);
        rec.record(a, || game.state_hash());
    }
    let outcome = torchlit_ui::overworld::outcome_word(&game);
    rec.finish(outcome, game.player().moves().0, game.state_hash());
    let v = replay::verify(&rec.recording().encode().expect("encodes")).expect("verifies");
    assert_eq!((v.steps, v.hash), (300, game.state_hash()));
}

#[test]
fn a_caves_run_with_another_autopickup_keeps_it_in_its_recording() {
    use torchlit_sim::modes::caves::AutoPickup;
    let kept = MemoryRecordings::default();
    let game = Caves::new(caves::Seed(11)).expect("caves");
    let mut screen = CavesScreen::new(game, default_keymap(), None)
        .with_pickup(AutoPickup::NONE)
        .with_recordings(Some(Recordings::new(kept.clone())));
    // Auto-explore is where the pickup matters: walking to items or past them.
    for _ in 0..40 {
        screen.handle(Input::Char('o'));
        while screen.is_running() {
            screen.tick();
        }
    }
    let rec = screen.recorder().expect("recording").recording().clone();
    let v = replay::verify(&rec.encode().expect("encodes")).expect("verifies with its pickup");
    assert_eq!(v.hash, screen.game().state_hash());
    // The same inputs under the default pickup go another way (or the test proves nothing).
    let mut plain = Caves::new(caves::Seed(11)).expect("caves");
    for a in rec.inputs() {
        plain.apply(*a);
    }
    assert_ne!(plain.state_hash(), screen.game().state_hash(), "the pickup made no difference");
}

/// The replay screen's bottom line at 80x24 after `e` (the end), and the outcome words
/// it must hold whole.
fn status_line_at_the_end(bytes: &[u8]) -> (String, String) {
    let r = replay::open(bytes).expect("opens");
    let unit = if r.header().mode == "maze" { "tick" } else { "turn" };
    let ends = format!(
        "ends: {} at {unit} {}",
        r.summary().outcome.clone().expect("a finished game"),
        r.summary().turns
    );
    let mut screen = ReplayScreen::new(r);
    screen.handle(Input::Char('e'));
    let mut frame = Frame::with_size(Size::new(80, 24));
    screen.render(&mut frame);
    let text = frame.to_text();
    let last = text.lines().last().unwrap_or_default().trim_end().to_string();
    (last, ends)
}

#[test]
fn the_replay_status_line_fits_80_columns_without_cutting_a_number() {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(catalog_dir())
        .expect("the catalog")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "tlrec"))
        .map(|p| (p.display().to_string(), std::fs::read(&p).expect("readable")))
        .collect();
    files.push(("a 20-digit seed".into(), caves_recording(u64::MAX, caves_short())));
    for mode in ["caves", "maze", "ultima", "chase", "overworld"] {
        assert!(files.iter().any(|(n, _)| n.contains(&format!("/{mode}-"))), "{mode}");
    }
    for (name, bytes) in &files {
        let (line, ends) = status_line_at_the_end(bytes);
        assert!(line.starts_with("replay ") && line.contains(&ends), "{name}: {line:?}");
        assert!(line.contains(" step "), "{name}: {line:?}");
        assert!(line.chars().count() <= 80, "{name}: {line:?}");
    }
}

/// A stand-in for the command line's script engine: a "script" whose text names a
/// built-in hero kind plays as that kind.
fn fake_scripts(name: &str, source: &str) -> Result<StrategyMaker, String> {
    let kind = source.trim().parse::<HeroKind>().map_err(|e| format!("{name}: {e}"))?;
    Ok(StrategyMaker::new(name, move || kind.strategy()).with_source(source))
}

/// Watches `screen` to its end (at most 100 turns) and returns the recording it kept.
fn watched_recording(screen: ChaseScreen) -> Vec<u8> {
    let kept = MemoryRecordings::default();
    let mut app = App::chase(screen.with_recordings(Some(Recordings::new(kept.clone()))));
    for _ in 0..100 {
        app.handle(Input::Char(' '));
    }
    app.handle(Input::Char('q'));
    let kept = kept.0.borrow();
    assert_eq!(kept.len(), 1, "one recording");
    kept[0].1.clone()
}

#[test]
fn a_chase_played_by_a_script_records_the_script_and_its_turn_limit() {
    let (name, text) = torchlit_ui::chase::BUNDLED[2];
    let d = Dungeon::parse(text.as_bytes()).expect("parses");
    let hero = fake_scripts("speedy", "SpeedyRogue").expect("a maker");
    let screen = ChaseScreen::new(name.into(), &d, hero, MonsterKind::Monster, true)
        .and_then(|s| s.with_start(0, Some(torchlit_sim::Turn(3))))
        .expect("a chase");
    let bytes = watched_recording(screen);
    assert!(
        matches!(replay::verify(&bytes), Err(replay::ReplayError::Start(_))),
        "without a script loader the script can't run"
    );
    let v = replay::verify_with(&bytes, Some(fake_scripts)).expect("the script replays");
    assert_eq!((v.outcome.as_deref(), v.turns), (Some("limit"), 3));
}

#[test]
fn a_generated_chase_records_its_seed() {
    let (name, d) = torchlit_ui::chase::DungeonChoice::Generated(3).dungeon().expect("made");
    let screen = ChaseScreen::new(name, &d, HeroKind::Rogue, MonsterKind::Monster, true)
        .and_then(|s| s.with_start(3, Some(torchlit_sim::modes::chase::Chase::DEFAULT_LIMIT)))
        .expect("a chase");
    let bytes = watched_recording(screen);
    let v = replay::verify(&bytes).expect("verifies");
    assert_eq!(v.seed, 3);
}

#[test]
fn a_strategy_a_recording_cannot_keep_is_not_recorded_and_the_screen_says_so() {
    let (name, text) = torchlit_ui::chase::BUNDLED[0];
    let d = Dungeon::parse(text.as_bytes()).expect("parses");
    let odd = StrategyMaker::new("odd", || HeroKind::Rogue.strategy());
    let screen = ChaseScreen::new(name.into(), &d, odd.clone(), MonsterKind::Monster, true)
        .expect("a chase");
    let kept = MemoryRecordings::default();
    let mut app = App::chase(screen.with_recordings(Some(Recordings::new(kept.clone()))));
    let mut frame = Frame::with_size(Size::new(80, 24));
    app.render(&mut frame);
    assert!(frame.to_text().contains("Not recorded: the strategy odd"), "{}", frame.to_text());
    app.handle(Input::Char(' '));
    app.handle(Input::Char('q'));
    assert!(kept.0.borrow().is_empty(), "no recording that could not be replayed");
    assert!(chase_recorder(name, &d, &odd, &MonsterKind::Monster.into()).is_err());
}
