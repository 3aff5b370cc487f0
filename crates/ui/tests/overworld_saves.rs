//! `overworld` worlds on disk, through the session the play screen uses: every part of
//! seed 002's requirement 1.2 survives save and load (position, inventory, world state,
//! enemies, chests), autosaves come every `save_frequency` steps, names are any text,
//! damaged files are refused alone, the config is honoured.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::Path;

use torchlit_geom::{CardinalDirection, Point};
use torchlit_save::{Config, Paths, Save, Store};
use torchlit_sim::modes::overworld::combat::Hundredths;
use torchlit_sim::modes::overworld::{
    Action, Event, FightOutcome, Ground, Item, Overworld, PLAYER_HEALTH, PlayerV1,
};
use torchlit_ui::overworld::{OverworldSession, Worlds};

/// Worlds of CaveGame's game exactly (`--rules seed`): the requirements tested here are
/// the seed's (fights lost and woken up from, monsters that stay put).
fn worlds_in(dir: &Path) -> Worlds {
    default_worlds_in(dir).with_seed_rules(true)
}

/// Worlds of the default game.
fn default_worlds_in(dir: &Path) -> Worlds {
    let paths = Paths::in_dir(dir);
    let config = Config::load(&paths).expect("the default config");
    Worlds::with_store(Store::new(&paths), config)
}

/// A shortest walk to a cell satisfying `goal`, never through a cell a monster sees.
fn path_to(g: &Overworld, goal: impl Fn(Point) -> bool) -> Vec<CardinalDirection> {
    let start = g.player().at();
    let mut prev: BTreeMap<Point, (Point, CardinalDirection)> = BTreeMap::new();
    let mut seen = BTreeSet::from([start]);
    let mut queue = VecDeque::from([start]);
    while let Some(p) = queue.pop_front() {
        if p != start && goal(p) {
            let mut steps = Vec::new();
            let mut at = p;
            while let Some(&(from, d)) = prev.get(&at) {
                steps.push(d);
                at = from;
            }
            steps.reverse();
            return steps;
        }
        if p != start && g.watcher(p).is_some() {
            continue;
        }
        for d in CardinalDirection::ALL {
            let n = p + d.offset();
            let near = (n.x - start.x).abs() <= 150 && (n.y - start.y).abs() <= 150;
            if near && g.ground(n).is_walkable() && g.monster_at(n).is_none() && seen.insert(n) {
                prev.insert(n, (p, d));
                queue.push_back(n);
            }
        }
    }
    panic!("nothing to walk to near {start:?}");
}

fn walk(s: &mut OverworldSession, steps: &[CardinalDirection]) -> Vec<Event> {
    steps.iter().flat_map(|&d| s.apply(Action::Move(d))).collect()
}

/// Plays a session that opened a chest and won and lost fights, closes it, reopens it,
/// and returns (before, after).
fn played_and_reloaded(seed: &str) -> (Overworld, Overworld) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let worlds = worlds_in(dir.path());
    let mut s = OverworldSession::create(&worlds, "round trip", seed).expect("create");
    let steps = path_to(s.game(), |p| s.game().ground(p) == Ground::Chest);
    walk(&mut s, &steps);
    let (mut won, mut lost) = (0, 0);
    let mut beaten_by = BTreeSet::new();
    for _ in 0..30 {
        if won > 0 && lost > 0 {
            break;
        }
        // The nearest monster not yet lost to (the player wakes up near the last one).
        let g = s.game();
        let steps = path_to(g, |p| g.watcher(p).is_some_and(|m| !beaten_by.contains(&m.at)));
        for e in walk(&mut s, &steps) {
            if let Event::Fight(r) = e {
                match r.outcome {
                    FightOutcome::Won { .. } => won += 1,
                    FightOutcome::Lost { .. } => {
                        lost += 1;
                        beaten_by.insert(r.monster.at);
                    }
                    FightOutcome::BrokenOff | FightOutcome::Slain => {}
                }
            }
        }
    }
    assert!(won > 0 && lost > 0, "won {won}, lost {lost}");
    // A few steps more, fewer than an autosave's worth: the save on closing takes them.
    let before_close = s.game().player().moves().0;
    s.apply(Action::Move(CardinalDirection::North));
    s.apply(Action::Move(CardinalDirection::South));
    let before = s.game().clone();
    assert!(before.player().moves().0 >= before_close);
    let id = s.info().id.clone();
    s.close().expect("saved and closed");
    let again = OverworldSession::open(&worlds, &id).expect("reopened");
    let after = again.game().clone();
    again.close().expect("closed");
    (before, after)
}

#[test]
fn requirement_1_2_1_the_position_is_restored() {
    let (before, after) = played_and_reloaded("req-1.2.1");
    assert_eq!(after.player().at(), before.player().at());
    assert_eq!(after.player().moves(), before.player().moves());
}

#[test]
fn requirement_1_2_2_the_inventory_is_restored() {
    let (before, after) = played_and_reloaded("req-1.2.2");
    assert_eq!(after.player().pack(), before.player().pack());
    assert_eq!(after.player().gold(), before.player().gold());
    assert_eq!(after.player().weapon(), before.player().weapon());
    assert_eq!(after.player().armour(), before.player().armour());
}

#[test]
fn requirement_1_2_3_the_world_and_its_state_are_restored() {
    let (before, after) = played_and_reloaded("req-1.2.3");
    assert_eq!(after, before, "player record and every region change");
    assert_eq!(after.state_hash(), before.state_hash());
    let at = before.player().at();
    for y in -30..30 {
        for x in -40..40 {
            let p = Point::new(at.x + x, at.y + y);
            assert_eq!(after.look(p), before.look(p), "{p:?}");
        }
    }
}

#[test]
fn requirement_1_2_4_enemies_are_restored() {
    let (before, after) = played_and_reloaded("req-1.2.4");
    let slain: Vec<_> = before.changes().iter().filter(|(_, c)| c.slain != 0).collect();
    assert!(!slain.is_empty());
    for (region, _) in &slain {
        assert_eq!(after.monster_of(**region), None, "still dead");
    }
    assert_eq!(after.player().kills(), before.player().kills());
    assert_eq!(after.player().deaths(), before.player().deaths());
    // Living monsters are where they were.
    for (region, change) in before.changes() {
        if change.slain == 0 {
            assert_eq!(after.monster_of(*region), before.monster_of(*region));
        }
    }
}

#[test]
fn requirement_1_2_5_chests_stay_opened() {
    let (before, after) = played_and_reloaded("req-1.2.5");
    let opened: usize = before.changes().values().map(|c| c.opened.len()).sum();
    assert!(opened >= 1);
    assert_eq!(after.player().chests(), before.player().chests());
    for (region, change) in before.changes() {
        assert_eq!(after.changes().get(region), Some(change));
    }
}

#[test]
fn autosaves_come_every_save_frequency_steps() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    std::fs::write(dir.path().join("torchlit.toml"), "[play]\nsave_frequency = 3\n")
        .expect("config");
    let worlds = worlds_in(dir.path());
    assert_eq!(worlds.config().play.save_frequency.get(), 3);
    let mut s = OverworldSession::create(&worlds, "autosave", "autosave").expect("create");
    let start = s.game().player().at();
    let far = |p: Point| (p.x - start.x).abs() + (p.y - start.y).abs() >= 10;
    let steps = path_to(s.game(), far);
    assert!(steps.len() >= 10);
    for (i, &d) in steps.iter().take(10).enumerate() {
        let events = s.apply(Action::Move(d));
        assert!(events.iter().any(|e| matches!(e, Event::Moved { .. })));
        let taken = i + 1;
        assert_eq!(s.steps_to_autosave() as usize, 3 - taken % 3, "after {taken} steps");
    }
    // One save at creation, one every 3 steps.
    assert_eq!(s.save_times().count(), 1 + 3);
    s.flush().expect("written");
    let id = s.info().id.clone();
    // Drop without close: the drop saves too (as on Ctrl-C).
    let at = s.game().player().at();
    drop(s);
    let again = OverworldSession::open(&worlds, &id).expect("reopened");
    assert_eq!(again.game().player().at(), at);
}

#[test]
fn names_are_any_text_and_never_paths() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let worlds = worlds_in(dir.path());
    let names = ["a/b", "c\\d", "..", "../../etc/passwd", "🐉 dragon's lair", "", "CON", "   "];
    for (i, name) in names.iter().enumerate() {
        let s = OverworldSession::create(&worlds, name, &format!("seed {i}")).expect("create");
        assert_eq!(s.info().name, *name);
        s.close().expect("close");
    }
    // Every world is one file inside the worlds directory, named by its id.
    let files: Vec<String> = std::fs::read_dir(dir.path().join("worlds"))
        .expect("the worlds directory")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".db"))
        .collect();
    assert_eq!(files.len(), names.len(), "{files:?}");
    assert!(
        files.iter().all(|f| f.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.'))
    );
    assert!(!dir.path().join("etc").exists());
    let rows = worlds.list().expect("list");
    let mut listed: Vec<String> = rows.iter().filter_map(|r| r.name.clone()).collect();
    listed.sort();
    let mut expected: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    expected.sort();
    assert_eq!(listed, expected);
    let dragon =
        rows.iter().find(|r| r.name.as_deref() == Some("🐉 dragon's lair")).expect("listed");
    assert_eq!(dragon.seed_text, "seed 4");
    let s = OverworldSession::open(&worlds, &dragon.id).expect("open by the listed id");
    assert_eq!(s.info().seed_text, "seed 4");
}

#[test]
fn a_damaged_world_is_refused_alone() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let worlds = worlds_in(dir.path());
    let good = OverworldSession::create(&worlds, "good", "1").expect("create");
    let good_id = good.info().id.clone();
    good.close().expect("close");
    let bad = OverworldSession::create(&worlds, "bad", "2").expect("create");
    let bad_id = bad.info().id.clone();
    bad.close().expect("close");
    let path = Store::new(&Paths::in_dir(dir.path())).db_path(&bad_id);
    let mut bytes = std::fs::read(&path).expect("read");
    for b in bytes.iter_mut().skip(100).take(4000) {
        *b = 0x5a;
    }
    std::fs::write(&path, &bytes).expect("damage it");

    let rows = worlds.list().expect("the list still works");
    let bad_row = rows.iter().find(|r| r.id == bad_id).expect("listed");
    assert!(bad_row.problem.is_some(), "{bad_row:?}");
    let err = OverworldSession::open(&worlds, &bad_id).expect_err("damaged");
    assert!(
        err.to_string().contains("damaged") || err.to_string().contains("not a torchlit"),
        "{err}"
    );
    assert_eq!(std::fs::read(&path).expect("read"), bytes, "nothing was written to it");
    OverworldSession::open(&worlds, &good_id)
        .expect("the other world opens")
        .close()
        .expect("close");
    worlds.delete(&bad_id).expect("a damaged world can be deleted");
    assert!(worlds.list().expect("list").iter().all(|r| r.id != bad_id));
}

#[test]
fn a_world_open_twice_is_refused() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let worlds = worlds_in(dir.path());
    let s = OverworldSession::create(&worlds, "busy", "busy").expect("create");
    let err = OverworldSession::open(&worlds, &s.info().id).expect_err("in use");
    assert!(err.to_string().contains("open in another torchlit (pid"), "{err}");
}

#[test]
fn the_config_file_is_created_and_its_overrides_are_played() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let worlds = worlds_in(dir.path());
    let template = std::fs::read_to_string(dir.path().join("torchlit.toml")).expect("template");
    assert!(template.contains("# death_loses_item = true"), "{template}");
    assert!(template.contains("# save_frequency = 5"));

    let text = "[generation]\nregion_size = 32\nchest_probability = 0.05\n\n[play]\ndeath_loses_item = false\nstun_probability = 0.0\n";
    let config = Config::parse(text, Path::new("torchlit.toml")).expect("valid");
    let custom = Worlds::with_store(Store::at(dir.path().join("worlds")), config);
    let rules = custom.rules();
    assert_eq!(rules.world.region_size, 32);
    assert!(!rules.death_loses_item);
    assert_eq!(rules.combat.stun_probability, 0.0);
    let s = OverworldSession::create(&custom, "custom", "c").expect("create");
    assert_eq!(s.game().region_size(), 32);
    let id = s.info().id.clone();
    s.close().expect("close");
    // Opened with other generation settings: it still opens, says so, and keeps its own.
    let changed = OverworldSession::open(&worlds, &id).expect("open");
    assert!(changed.generation_changed());
    assert_eq!(changed.game().region_size(), 32, "rebuilt from its own settings");
    drop(changed);
    let same = OverworldSession::open(&custom, &id).expect("open");
    assert!(!same.generation_changed());
}

#[test]
fn equipping_is_saved() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let worlds = worlds_in(dir.path());
    let mut s = OverworldSession::create(&worlds, "gear", "gear").expect("create");
    // Open chests until some item other than the starting kit turns up.
    let mut found = None;
    for _ in 0..20 {
        let steps = path_to(s.game(), |p| s.game().ground(p) == Ground::Chest);
        walk(&mut s, &steps);
        found = s
            .game()
            .player()
            .pack()
            .iter()
            .map(|(i, _)| i)
            .find(|i| !s.game().player().is_equipped(*i));
        if found.is_some() {
            break;
        }
    }
    let item: Item = found.expect("a chest gave an item");
    assert_eq!(s.apply(Action::Equip(item)), [Event::Equipped(item)]);
    let id = s.info().id.clone();
    s.close().expect("close");
    let again = OverworldSession::open(&worlds, &id).expect("open");
    assert!(again.game().player().is_equipped(item));
}

#[test]
fn a_world_stopped_before_its_first_save_opens_as_a_new_game() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let worlds = worlds_in(dir.path());
    let spec = torchlit_save::WorldSpec {
        name: "unsaved".to_string(),
        mode: torchlit_ui::overworld::MODE.to_string(),
        seed: torchlit_rng::Seed::from_text("unsaved"),
        seed_text: "unsaved".to_string(),
        config_hash: worlds.config().generation.hash(),
    };
    let db = worlds.store().create(&spec).expect("create");
    let id = db.info().id.clone();
    db.close().expect("close");
    let s = OverworldSession::open(&worlds, &id).expect("opens");
    // A world without stored settings was made before they were stored: it is a
    // default game, whatever ruleset new worlds get.
    let fresh = Overworld::new(spec.seed, default_worlds_in(dir.path()).rules()).expect("a world");
    assert_eq!(s.game(), &fresh);
}

/// A world is always rebuilt from the generation settings it was made with: change
/// `region_size` in the config, reopen, and the map around the player is the same.
#[test]
fn a_saved_world_never_changes_shape() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let worlds = worlds_in(dir.path());
    let mut s = OverworldSession::create(&worlds, "fixed", "shape").expect("create");
    let steps = path_to(s.game(), |p| s.game().ground(p) == Ground::Chest);
    walk(&mut s, &steps);
    let before = s.game().clone();
    let id = s.info().id.clone();
    s.close().expect("close");
    let text = "[generation]\nregion_size = 37\n";
    let config = Config::parse(text, Path::new("torchlit.toml")).expect("valid");
    let other = Worlds::with_store(Store::at(dir.path().join("worlds")), config);
    let again = OverworldSession::open(&other, &id).expect("open");
    assert_eq!(again.game().region_size(), before.region_size());
    let at = before.player().at();
    for y in at.y - 19..=at.y + 19 {
        for x in at.x - 40..=at.x + 40 {
            let p = Point::new(x, y);
            assert_eq!(again.game().ground(p), before.ground(p), "{p:?}");
        }
    }
    assert_eq!(again.game().player(), before.player());
}

#[test]
fn a_world_keeps_its_ruleset() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let seed_game = OverworldSession::create(&worlds_in(dir.path()), "seed", "s").expect("create");
    let (seed_id, _) = (seed_game.info().id.clone(), seed_game.close().expect("closed"));
    let default =
        OverworldSession::create(&default_worlds_in(dir.path()), "default", "d").expect("create");
    let (default_id, _) = (default.info().id.clone(), default.close().expect("closed"));
    // Opened by a front end whose new worlds are the other game: each keeps its own.
    let s = OverworldSession::open(&default_worlds_in(dir.path()), &seed_id).expect("open");
    assert!(s.game().quest().is_none(), "made with --rules seed");
    drop(s);
    let d = OverworldSession::open(&worlds_in(dir.path()), &default_id).expect("open");
    assert!(d.game().quest().is_some(), "made with the default rules");
}

/// A world saved before the default game existed: its player record and its settings in
/// their version 1 layouts.
#[test]
fn an_old_world_opens_as_a_default_game_at_full_health() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let worlds = default_worlds_in(dir.path());
    let mut s = OverworldSession::create(&worlds, "old", "old").expect("create");
    let steps = path_to(s.game(), |p| s.game().ground(p) == Ground::Chest);
    walk(&mut s, &steps[..steps.len().min(6)]);
    let player = s.game().player().clone();
    let id = s.info().id.clone();
    s.close().expect("closed");
    let mut db = worlds.store().open(&id).expect("open");
    let mut save = Save::new();
    save.set_player(&PlayerV1::from(&player)).expect("encodes");
    db.commit(&save).expect("committed");
    // Version 1 settings: version, region side, passes, threshold, rock and chest
    // probabilities, drops per chest (no ruleset).
    let g = &worlds.config().generation;
    let v1 = (
        1u32,
        g.region_size,
        g.iterations,
        g.death_threshold,
        g.rock_probability,
        g.chest_probability,
        g.chest_max_items,
    );
    db.save_snapshot(&v1).expect("written");
    db.close().expect("closed");

    let again = OverworldSession::open(&worlds, &id).expect("an old world opens");
    let game = again.game();
    assert!(game.quest().is_some(), "an old world plays the default game");
    assert_eq!(game.player().at(), player.at());
    assert_eq!(game.player().moves(), player.moves());
    assert_eq!(game.player().pack(), player.pack());
    assert_eq!(game.health(), Hundredths::from_hp(PLAYER_HEALTH));
    assert_eq!(game.ending(), None);
    again.close().expect("saved again, as version 2");
    let reopened = OverworldSession::open(&worlds, &id).expect("opens again");
    assert_eq!(reopened.game().player().at(), player.at());
}

#[test]
fn health_and_roaming_monsters_are_saved() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let worlds = default_worlds_in(dir.path());
    let mut s = OverworldSession::create(&worlds, "hunt", "hunt").expect("create");
    for _ in 0..30 {
        s.apply(Action::Rest);
    }
    let before = s.game().clone();
    let id = s.info().id.clone();
    s.close().expect("closed");
    let again = OverworldSession::open(&worlds, &id).expect("reopened");
    assert_eq!(again.game().player().vitals(), before.player().vitals());
    assert_eq!(again.game().state_hash(), before.state_hash());
}

/// Closing the app (the program ending) saves the world in play to its file on disk at
/// once: the steps since the last autosave are in the file before the app is dropped
/// (dropping would save too: this checks that `close` itself does, and says so).
#[test]
fn closing_the_app_writes_the_world_in_play_to_disk() {
    use torchlit_console::Screen;
    use torchlit_ui::overworld::OverworldSetup;
    use torchlit_ui::{App, Input};
    let dir = tempfile::tempdir().expect("a temporary directory");
    let config = Config::load(&Paths::in_dir(dir.path())).expect("the default config");
    let mut setup =
        OverworldSetup::from_config(Some(default_worlds_in(dir.path())), &config, "7".into())
            .expect("default keys");
    setup.turn_ticks = 0;
    setup.start_new = true;
    let mut app = App::overworld(setup);
    for input in [Input::Char('w'), Input::Enter, Input::Enter] {
        app.handle(input);
    }
    let game = |app: &App| app.overworld_screen().map(|s| s.session().game().clone());
    let steps = path_to(&game(&app).expect("a world in play"), |_| true);
    let key = match steps[0] {
        CardinalDirection::North => Input::Up,
        CardinalDirection::East => Input::Right,
        CardinalDirection::South => Input::Down,
        CardinalDirection::West => Input::Left,
    };
    app.handle(key);
    // A panel over the play screen: the world is still found and closed.
    app.handle(Input::Char('?'));
    let played = game(&app).expect("found under the help panel");
    assert_eq!(played.player().moves().0, 1, "one step, not yet autosaved");
    assert!(Screen::close(&mut app).is_ok());
    let worlds = default_worlds_in(dir.path());
    let row = worlds.list().expect("list").remove(0);
    let s = OverworldSession::open(&worlds, &row.id).expect("the file can be opened: closed");
    assert_eq!(s.game().player().at(), played.player().at(), "the step is in the file");
    assert_eq!(s.game().player().moves().0, 1);
    assert!(Screen::close(&mut app).is_ok(), "closing again is no error");
    drop(s);
    drop(app);
}
