//! `overworld` screens at 80x24 through the app: the title menu entry, new world, play,
//! fight panel, inventory, help, load by number or name, delete with confirmation.

use std::time::{Duration, Instant};

use torchlit_geom::Size;
use torchlit_geom::{CardinalDirection, Point};
use torchlit_save::{Config, MemoryWorlds, WorldStore};
use torchlit_sim::modes::overworld::Overworld;
use torchlit_testkit::WORLD_10X5;
use torchlit_ui::overworld::{OverworldSetup, Worlds};
use torchlit_ui::{App, Frame, Input, Screen};

fn world() -> torchlit_sim::formats::UltimaWorld {
    torchlit_sim::formats::UltimaWorld::parse(WORLD_10X5.as_bytes()).expect("10x5 parses")
}

/// One test's worlds, kept in memory (the screens never know: SQLite is the front end's).
#[derive(Clone, Debug, Default)]
struct Data(MemoryWorlds);

impl Data {
    /// The same worlds (the tests were written for a directory).
    fn path(&self) -> &Data {
        self
    }
}

fn setup(dir: &Data, turn_ticks: u32) -> OverworldSetup {
    setup_with(dir, turn_ticks, false)
}

/// The setup of new worlds with CaveGame's rules exactly (`--rules seed`): monsters stand
/// still, so a walk to a watched cell ends in exactly one fight.
fn seed_setup(dir: &Data, turn_ticks: u32) -> OverworldSetup {
    setup_with(dir, turn_ticks, true)
}

fn setup_with(dir: &Data, turn_ticks: u32, seed_rules: bool) -> OverworldSetup {
    let config = Config::defaults();
    let worlds = Worlds::with_store(dir.0.clone(), config.clone()).with_seed_rules(seed_rules);
    let mut setup = OverworldSetup::from_config(Some(worlds), &config, "abc123".to_string())
        .expect("default keys");
    setup.turn_ticks = turn_ticks;
    setup
}

fn app(dir: &Data) -> App {
    let mut app = App::title(world());
    app.set_overworld(setup(dir, 0));
    app
}

fn text(app: &App, _: &Data) -> String {
    let mut frame = Frame::with_size(Size::new(80, 24));
    app.render(&mut frame);
    frame.to_text()
}

fn press(app: &mut App, inputs: &[Input]) {
    for &i in inputs {
        assert!(matches!(app.handle(i), torchlit_ui::Transition::Stay), "{i:?}");
    }
}

fn typing(s: &str) -> Vec<Input> {
    s.chars().map(Input::Char).collect()
}

/// Ticks until the screen wants no more (saves reported, fight shown).
fn settle(app: &mut App) {
    let start = Instant::now();
    while app.wants_ticks() {
        app.tick();
        std::thread::sleep(Duration::from_millis(1));
        assert!(start.elapsed() < Duration::from_secs(10), "the screen never settled");
    }
}

fn game_of(app: &App) -> Overworld {
    app.overworld_screen().map(|s| s.session().game().clone()).expect("a world in play")
}

/// The key of each step of a walk to the nearest cell satisfying `goal` (never through a
/// cell a monster sees).
fn keys_to(g: &Overworld, goal: impl Fn(Point) -> bool) -> Vec<Input> {
    use std::collections::{BTreeMap, BTreeSet, VecDeque};
    let start = g.player().at();
    let mut prev: BTreeMap<Point, (Point, CardinalDirection)> = BTreeMap::new();
    let mut seen = BTreeSet::from([start]);
    let mut queue = VecDeque::from([start]);
    while let Some(p) = queue.pop_front() {
        if p != start && goal(p) {
            let mut keys = Vec::new();
            let mut at = p;
            while let Some(&(from, d)) = prev.get(&at) {
                keys.push(match d {
                    CardinalDirection::North => Input::Char('w'),
                    CardinalDirection::West => Input::Char('a'),
                    CardinalDirection::South => Input::Char('s'),
                    CardinalDirection::East => Input::Right,
                });
                at = from;
            }
            keys.reverse();
            return keys;
        }
        if p != start && g.watcher(p).is_some() {
            continue;
        }
        for d in CardinalDirection::ALL {
            let n = p + d.offset();
            if (n.x - start.x).abs() <= 120
                && (n.y - start.y).abs() <= 120
                && g.ground(n).is_walkable()
                && g.monster_at(n).is_none()
                && seen.insert(n)
            {
                prev.insert(n, (p, d));
                queue.push_back(n);
            }
        }
    }
    panic!("nothing to walk to");
}

/// From the title menu to a new world named `name` on seed abc123, settled.
fn new_world(app: &mut App, name: &str) {
    press(app, &[Input::Char('o'), Input::Char('n')]);
    press(app, &typing(name));
    press(app, &[Input::Enter, Input::Enter]);
    settle(app);
}

#[test]
fn the_title_menu_leads_to_the_overworld_menu_and_back() {
    let dir = Data::default();
    let mut app = app(dir.path());
    assert!(text(&app, dir.path()).contains("o) overworld"));
    press(&mut app, &[Input::Char('o')]);
    let screen = text(&app, dir.path());
    insta::assert_snapshot!("overworld_menu", screen);
    press(&mut app, &[Input::Esc]);
    assert!(text(&app, dir.path()).contains("o) overworld"), "back on the title");
}

#[test]
fn a_new_world_is_named_seeded_and_played() {
    let dir = Data::default();
    let mut app = app(dir.path());
    press(&mut app, &[Input::Char('o'), Input::Char('n')]);
    press(&mut app, &typing("Testing World"));
    let new = text(&app, dir.path());
    assert!(new.contains("Rules: the default game"), "the box names the rules: {new}");
    insta::assert_snapshot!("overworld_new_world", new);
    press(&mut app, &[Input::Enter, Input::Enter]);
    settle(&mut app);
    let screen = text(&app, dir.path());
    insta::assert_snapshot!("overworld_play_on_abc123", screen);
    let status = screen.lines().last().expect("a status line").trim_end().to_string();
    // At 80 columns the region and the world's name make room for health and the way.
    assert!(status.starts_with("hp 50/50  (") && status.ends_with("saved"), "{status:?}");
    assert!(status.contains("  artefact "), "the way to the artefact: {status:?}");

    // WASD and the arrows walk, one key each.
    let before = game_of(&app).player().at();
    let keys = keys_to(&game_of(&app), |p| p != before);
    press(&mut app, &keys[..1]);
    assert_ne!(game_of(&app).player().at(), before);
}

#[test]
fn fights_are_shown_blow_by_blow_and_can_be_skipped() {
    let dir = Data::default();
    let mut app = App::title(world());
    app.set_overworld(seed_setup(dir.path(), 3));
    new_world(&mut app, "fighter");
    let g = game_of(&app);
    let keys = keys_to(&g, |p| g.watcher(p).is_some());
    press(&mut app, &keys);
    let first = text(&app, dir.path());
    assert!(first.contains("Fight: "), "{first}");
    assert!(first.contains("any key: skip to the end"), "{first}");
    assert!(app.wants_ticks(), "the fight plays on ticks");
    // A few ticks show more blows.
    let blows = |s: &str| s.matches(" hits ").count();
    let shown = blows(&first);
    for _ in 0..7 {
        app.tick();
    }
    assert!(blows(&text(&app, dir.path())) > shown, "more blows after ticks");
    // Any key skips to the end; the next closes the panel.
    press(&mut app, &[Input::Char(' ')]);
    settle(&mut app);
    let end = text(&app, dir.path());
    assert!(end.contains("key: close"), "{end}");
    assert!(end.contains("You have killed") || end.contains("You have been killed"), "{end}");
    insta::assert_snapshot!("overworld_fight_panel", end);
    press(&mut app, &[Input::Char(' ')]);
    assert!(!text(&app, dir.path()).contains("Fight: "));
}

#[test]
fn the_inventory_shows_and_equips_by_letter_or_number() {
    let dir = Data::default();
    let mut app = app(dir.path());
    new_world(&mut app, "packer");
    press(&mut app, &[Input::Char('i')]);
    let screen = text(&app, dir.path());
    insta::assert_snapshot!("overworld_inventory", screen);
    assert!(screen.contains("a) 1. wooden sword (3 damage)  wielded"), "{screen}");
    assert!(screen.contains("b) 2. leather armour (5 armour)  worn"), "{screen}");
    press(&mut app, &[Input::Char('2')]);
    assert!(text(&app, dir.path()).contains("already equipped"));
    press(&mut app, &[Input::Char('z')]);
    assert!(text(&app, dir.path()).contains("No item has that letter or number."));
    press(&mut app, &[Input::Esc]);
    assert!(!text(&app, dir.path()).contains("Inventory"));
    press(&mut app, &[Input::Char('?')]);
    insta::assert_snapshot!("overworld_help", text(&app, dir.path()));
}

#[test]
fn worlds_load_by_number_or_name_and_delete_after_asking() {
    let dir = Data::default();
    let mut app = app(dir.path());
    for name in ["first", "🐉 second", "third/..\\"] {
        new_world(&mut app, name);
        let steps = keys_to(&game_of(&app), |_| true);
        press(&mut app, &steps[..1]);
        press(&mut app, &[Input::Char('x')]);
        assert!(text(&app, dir.path()).contains("was saved"));
        press(&mut app, &[Input::Esc]);
    }
    // Load by name.
    press(&mut app, &[Input::Char('o'), Input::Char('l')]);
    let list = text(&app, dir.path());
    // (A wide character takes two cells: the frame holds it and a blank.)
    for name in ["first", "🐉  second", "third/..\\"] {
        assert!(list.contains(name), "{list}");
    }
    assert!(list.contains("\"abc123\""), "the seed is listed: {list}");
    assert!(list.contains(" UTC"), "the last-played time is listed: {list}");
    press(&mut app, &typing("🐉 second"));
    press(&mut app, &[Input::Enter]);
    settle(&mut app);
    let screen = text(&app, dir.path());
    assert!(screen.contains("Welcome back to 🐉  second."), "{screen}");
    press(&mut app, &[Input::Char('x'), Input::Char('l')]);
    // By number (the list's order: most recently played first).
    let rows = setup(dir.path(), 0).worlds.expect("worlds").list().expect("list");
    let number = rows.iter().position(|r| r.name.as_deref() == Some("first")).expect("listed") + 1;
    press(&mut app, &typing(&number.to_string()));
    press(&mut app, &[Input::Enter]);
    settle(&mut app);
    let screen = text(&app, dir.path());
    assert!(screen.contains("Welcome back to first."), "{screen}");
    press(&mut app, &[Input::Char('x')]);
    // A name that is not there.
    press(&mut app, &[Input::Char('l')]);
    press(&mut app, &typing("nope"));
    press(&mut app, &[Input::Enter]);
    assert!(text(&app, dir.path()).contains("No world is numbered or named \"nope\"."));
    press(&mut app, &[Input::Esc]);

    // Delete asks first; n keeps it, y deletes it.
    press(&mut app, &[Input::Char('d')]);
    press(&mut app, &typing("first"));
    press(&mut app, &[Input::Enter]);
    assert!(text(&app, dir.path()).contains("It can't be undone."));
    press(&mut app, &[Input::Char('n')]);
    assert!(text(&app, dir.path()).contains("Nothing was deleted."));
    // (The cancel cleared the typed name; a world merely opened is not "played" again,
    // so the one marked is not necessarily "first".)
    press(&mut app, &typing("first"));
    press(&mut app, &[Input::Enter]);
    press(&mut app, &[Input::Char('y')]);
    let screen = text(&app, dir.path());
    assert!(screen.contains("Deleted first."), "{screen}");
    assert_eq!(setup(dir.path(), 0).worlds.expect("worlds").list().expect("list").len(), 2);
}

#[test]
fn play_overworld_with_a_seed_opens_on_the_new_world_prompts() {
    let dir = Data::default();
    let mut s = setup(dir.path(), 0);
    s.seed = "tmux".to_string();
    s.start_new = true;
    let mut app = App::overworld(s);
    let screen = text(&app, dir.path());
    assert!(screen.contains("Seed: tmux"), "{screen}");
    press(&mut app, &typing("e2e"));
    press(&mut app, &[Input::Enter, Input::Enter]);
    settle(&mut app);
    assert!(text(&app, dir.path()).contains("Welcome to e2e!"));
    // Leaving the world goes to the world menu; Esc there quits (started with `play`).
    press(&mut app, &[Input::Char('x')]);
    assert!(matches!(app.handle(Input::Esc), torchlit_ui::Transition::Quit));
}

#[test]
fn without_a_data_directory_nothing_can_be_saved_and_it_says_so() {
    let mut app = App::title(world());
    app.set_overworld(OverworldSetup::default());
    press(&mut app, &[Input::Char('o'), Input::Char('l')]);
    let mut frame = Frame::with_size(Size::new(80, 24));
    app.render(&mut frame);
    assert!(frame.to_text().contains("--data-dir"), "{}", frame.to_text());
}

#[test]
fn ctrl_c_saves_the_world_in_play() {
    let dir = Data::default();
    let mut app = app(dir.path());
    new_world(&mut app, "interrupted");
    let keys = keys_to(&game_of(&app), |_| true);
    press(&mut app, &keys[..1]);
    let at = game_of(&app).player().at();
    assert!(matches!(app.handle(Input::Ctrl('c')), torchlit_ui::Transition::Quit));
    drop(app);
    let worlds = setup(dir.path(), 0).worlds.expect("worlds");
    let row = worlds.list().expect("list").remove(0);
    let s = torchlit_ui::overworld::OverworldSession::open(&worlds, &row.id).expect("open");
    assert_eq!(s.game().player().at(), at, "the step before Ctrl-C was saved");
}

#[test]
fn tiny_and_odd_frames_never_panic() {
    let dir = Data::default();
    let mut app = app(dir.path());
    new_world(&mut app, "tiny");
    for (w, h) in [(0, 0), (1, 1), (3, 2), (10, 4), (200, 60)] {
        let mut frame = Frame::with_size(Size::new(w, h));
        app.render(&mut frame);
        press(&mut app, &[Input::Char('i')]);
        app.render(&mut frame);
        press(&mut app, &[Input::Esc, Input::Char('?')]);
        app.render(&mut frame);
        press(&mut app, &[Input::Esc]);
    }
}

fn status(screen: &str) -> String {
    screen.lines().last().expect("a status line").trim_end().to_string()
}

/// The outcome and the new kill count wait for the last blow; closing the panel puts the
/// outcome on the message line.
#[test]
fn a_fight_keeps_its_outcome_until_the_last_blow() {
    let dir = Data::default();
    let mut app = App::title(world());
    app.set_overworld(seed_setup(dir.path(), 3));
    new_world(&mut app, "suspense");
    let g = game_of(&app);
    let keys = keys_to(&g, |p| g.watcher(p).is_some());
    press(&mut app, &keys);
    let first = text(&app, dir.path());
    assert!(first.contains("Fight: "), "{first}");
    for told in ["You have killed", "You have been killed", "It leaves"] {
        assert!(!first.contains(told), "told before the end: {first}");
    }
    assert!(status(&first).contains("kills 0"), "{first}");
    press(&mut app, &[Input::Char(' ')]);
    let end = text(&app, dir.path());
    let outcome = ["You have killed", "You have been killed", "you back away"];
    assert!(outcome.iter().any(|o| end.contains(o)), "{end}");
    // The panel starts at its top once over: the outcome, then the first line of the log.
    assert!(end.contains(" sees you!"), "the first line is in view: {end}");
    press(&mut app, &[Input::Char(' ')]);
    let after = text(&app, dir.path());
    assert!(!after.contains("Fight: "));
    assert!(outcome.iter().any(|o| after.contains(o)), "on the message line: {after}");
    let kills = game_of(&app).player().kills();
    assert!(status(&after).contains(&format!("kills {kills}")), "{after}");
}

/// `saved` only when nothing is waiting; otherwise how many moves are not on disk yet.
#[test]
fn the_status_line_says_saved_only_when_nothing_is_pending() {
    let dir = Data::default();
    let mut app = app(dir.path());
    new_world(&mut app, "honest");
    assert!(status(&text(&app, dir.path())).ends_with("  saved"));
    let keys = keys_to(&game_of(&app), |_| true);
    press(&mut app, &keys[..1]);
    settle(&mut app);
    assert!(status(&text(&app, dir.path())).ends_with("unsaved 1"), "{}", text(&app, dir.path()));
}

/// An unbound key answers; `q` leaves the world (saving it), as in every mode.
#[test]
fn unknown_keys_answer_and_q_leaves() {
    let dir = Data::default();
    let mut app = app(dir.path());
    new_world(&mut app, "keys");
    press(&mut app, &[Input::Char('k')]);
    assert!(text(&app, dir.path()).contains("Unknown key; ? for help."));
    press(&mut app, &[Input::Char('q')]);
    assert!(text(&app, dir.path()).contains("keys was saved."));
}

/// The world menu: names are unique, an empty name shows as `(unnamed)`, a cancelled
/// delete clears what was typed, and the menu says that Enter loads.
#[test]
fn the_world_menu_tells_worlds_apart() {
    let dir = Data::default();
    let mut app = app(dir.path());
    new_world(&mut app, "twin");
    press(&mut app, &[Input::Char('x')]);
    assert!(text(&app, dir.path()).contains("l) load a world (or Enter)"));
    press(&mut app, &[Input::Char('n')]);
    press(&mut app, &typing("twin"));
    press(&mut app, &[Input::Enter, Input::Enter]);
    let screen = text(&app, dir.path());
    assert!(screen.contains("There is already a world named twin"), "{screen}");
    // An empty name.
    for _ in 0..4 {
        press(&mut app, &[Input::Backspace]);
    }
    press(&mut app, &[Input::Enter, Input::Enter]);
    settle(&mut app);
    assert!(text(&app, dir.path()).contains("Welcome to (unnamed)!"));
    press(&mut app, &[Input::Char('x'), Input::Char('d')]);
    let list = text(&app, dir.path());
    assert!(list.contains("(unnamed)"), "{list}");
    press(&mut app, &typing("twin"));
    press(&mut app, &[Input::Enter, Input::Char('n')]);
    let screen = text(&app, dir.path());
    assert!(screen.contains("Nothing was deleted.") && screen.contains("> █"), "{screen}");
}

/// Small terminals: the status line keeps kills, the way to the artefact and the save
/// state at 60 columns; a
/// long message wraps; below the minimum a notice says what is needed.
#[test]
fn small_terminals_keep_what_matters() {
    let dir = Data::default();
    let mut app = app(dir.path());
    new_world(&mut app, "a rather long world name");
    let mut frame = Frame::with_size(Size::new(60, 20));
    app.render(&mut frame);
    let screen = frame.to_text();
    let line = status(&screen);
    assert!(line.contains("kills 0") && line.ends_with("saved"), "{line:?}");
    assert!(!line.contains("region"), "the region goes first: {line:?}");
    assert!(line.contains("artefact "), "the way to the goal stays: {line:?}");
    // The welcome message is longer than 40 columns: it wraps instead of being cut.
    let mut frame = Frame::with_size(Size::new(40, 12));
    app.render(&mut frame);
    let screen = frame.to_text();
    assert!(screen.contains("Welcome to a rather long world name!"), "{screen}");
    assert!(screen.contains("for help."), "{screen}");
    let mut frame = Frame::with_size(Size::new(30, 8));
    app.render(&mut frame);
    let screen = frame.to_text();
    assert!(screen.contains("terminal too small") && screen.contains("needs 40x10"), "{screen}");
    insta::assert_snapshot!("overworld_too_small", screen);
}

/// The new-world box says the world gets CaveGame's own rules under `--rules seed`
/// (play-test OW-15).
#[test]
fn the_new_world_box_names_the_seed_rules() {
    let dir = Data::default();
    let mut app = App::title(world());
    app.set_overworld(seed_setup(dir.path(), 0));
    press(&mut app, &[Input::Char('o'), Input::Char('n')]);
    let new = text(&app, dir.path());
    assert!(new.contains("Rules: CaveGame's own (--rules seed)"), "{new}");
}

/// At 40x12 the inventory keeps `wielded`/`worn` and the fight panel's footer stays
/// inside its border (play-test OW-14, OW-16).
#[test]
fn narrow_panels_keep_their_marks_and_footers_inside() {
    let small = |app: &App| {
        let mut frame = Frame::with_size(Size::new(40, 12));
        app.render(&mut frame);
        frame.to_text()
    };
    let dir = Data::default();
    let mut app = App::title(world());
    app.set_overworld(seed_setup(dir.path(), 0));
    new_world(&mut app, "narrow");
    press(&mut app, &[Input::Char('i')]);
    let screen = small(&app);
    assert!(screen.contains(" wielded"), "{screen}");
    assert!(screen.contains(" worn"), "{screen}");
    press(&mut app, &[Input::Esc]);
    let g = game_of(&app);
    press(&mut app, &keys_to(&g, |p| g.watcher(p).is_some()));
    settle(&mut app);
    let screen = small(&app);
    assert!(screen.contains("key: close"), "{screen}");
    // Every line of the panel ends at its border: nothing is drawn past it.
    let footer = screen.lines().find(|l| l.contains("key: close")).expect("the footer");
    let border = footer.chars().position(|c| c == '│').expect("the left border");
    let right = footer.chars().skip(border + 1).position(|c| c == '│');
    let inside: String = footer.chars().skip(border + 1).take(right.unwrap_or(0)).collect();
    assert!(right.is_some() && inside.contains("close"), "{footer:?}");
}

#[test]
fn a_key_shows_all_it_brought_and_resting_until_healed_says_why_it_stopped() {
    let dir = Data::default();
    let mut app = app(dir.path());
    new_world(&mut app, "rester");
    press(&mut app, &[Input::Char('z')]);
    assert!(text(&app, dir.path()).contains("You rest."), "{}", text(&app, dir.path()));
    press(&mut app, &[Input::Char('Z')]);
    let full = text(&app, dir.path());
    assert!(full.contains("You are already at full health."), "{full}");
    assert!(!full.contains("You rest."), "the last key's messages only: {full}");
    // A fight leaves the player hurt; resting until healed heals and says how much.
    let g = game_of(&app);
    let keys = keys_to(&g, |p| g.watcher(p).is_some());
    for key in keys {
        press(&mut app, &[key]);
        if text(&app, dir.path()).contains("Fight: ") {
            break;
        }
    }
    press(&mut app, &[Input::Char(' '), Input::Char(' ')]);
    let hurt = game_of(&app);
    assert!(hurt.ending().is_none(), "the walker survives its first fight on this world");
    assert!(hurt.health().0 < 5000, "the fight cost health");
    press(&mut app, &[Input::Char('Z')]);
    let rested = text(&app, dir.path());
    assert!(rested.contains("You rest ") && rested.contains(" health)"), "{rested}");
    assert!(game_of(&app).health() > hurt.health(), "{rested}");
}

#[test]
fn a_finished_game_refuses_every_action_and_is_scored_once() {
    let dir = Data::default();
    let mut app = app(dir.path());
    new_world(&mut app, "doomed");
    // Walk into monsters until one kills the player (the default game ends with death).
    for _ in 0..60 {
        let g = game_of(&app);
        if g.ending().is_some() {
            break;
        }
        let keys = keys_to(&g, |p| g.watcher(p).is_some());
        let keys = if keys.is_empty() { vec![Input::Char('w')] } else { keys };
        for key in keys {
            press(&mut app, &[key]);
            if text(&app, dir.path()).contains("Fight: ") {
                break;
            }
        }
        press(&mut app, &[Input::Char(' '), Input::Char(' '), Input::Char(' ')]);
    }
    assert!(game_of(&app).ending().is_some(), "the walker dies within 60 fights");
    let scores = dir.0.clone();
    let before = scores.high_scores("overworld").expect("a table").len();
    for key in ['z', 'Z', 'w'] {
        press(&mut app, &[Input::Char(key)]);
        let screen = text(&app, dir.path());
        assert!(screen.contains("This game is over (score"), "{key}: {screen}");
    }
    assert_eq!(scores.high_scores("overworld").expect("a table").len(), before, "scored once");
    // The world list marks it, and merely opening it again saves nothing: it keeps its
    // last-played time and its place in the list (play-test OW-7, OW-10).
    press(&mut app, &[Input::Char('x')]);
    let saves = || scores.list().expect("a list")[0].info.as_ref().map(|i| i.saves).ok();
    let before = saves();
    press(&mut app, &[Input::Char('l')]);
    let list = text(&app, dir.path());
    let row = list.lines().find(|l| l.contains("doomed")).expect("listed");
    assert!(row.contains(" died "), "{list}");
    press(&mut app, &[Input::Enter]);
    settle(&mut app);
    assert!(text(&app, dir.path()).contains("This game is over"));
    press(&mut app, &[Input::Char('x')]);
    assert_eq!(saves(), before, "opened and left: not saved again");
}

/// The seed the new-world box offers, as drawn (`Seed: 123█`).
fn offered_seed(screen: &str) -> String {
    let line = screen.lines().find(|l| l.contains("Seed: ")).expect("the seed field");
    let rest = &line[line.find("Seed: ").expect("the label") + 6..];
    rest.split(['█', '│']).next().unwrap_or("").trim().to_string()
}

/// Each new-world prompt of one run of the program offers a new seed (issue 32): two
/// worlds made by pressing Enter twice differ.
#[test]
fn every_new_world_prompt_offers_a_new_seed() {
    let dir = Data::default();
    let mut app = app(dir.path());
    press(&mut app, &[Input::Char('o'), Input::Char('n')]);
    let first = offered_seed(&text(&app, dir.path()));
    assert_eq!(first, "abc123", "the first offer is the setup's seed");
    press(&mut app, &[Input::Esc, Input::Char('n')]);
    let second = offered_seed(&text(&app, dir.path()));
    press(&mut app, &typing("one"));
    press(&mut app, &[Input::Enter, Input::Enter]);
    settle(&mut app);
    let one = game_of(&app).seed();
    press(&mut app, &[Input::Char('q'), Input::Char('n')]);
    let third = offered_seed(&text(&app, dir.path()));
    press(&mut app, &typing("two"));
    press(&mut app, &[Input::Enter, Input::Enter]);
    settle(&mut app);
    let two = game_of(&app).seed();
    assert!(!second.is_empty() && second != first && third != second, "{first} {second} {third}");
    assert_ne!(one, two, "two different worlds");
}

/// Esc closes help or the inventory; on the map one Esc only asks, the second leaves
/// (issue 32: one Esc too many after closing a panel must not leave the world).
#[test]
fn one_esc_too_many_never_leaves_the_world() {
    let dir = Data::default();
    let mut app = app(dir.path());
    new_world(&mut app, "esc");
    for panel in [Input::Char('?'), Input::Char('i')] {
        press(&mut app, &[panel, Input::Esc, Input::Esc]);
        let screen = text(&app, dir.path());
        assert!(
            screen.contains("Press Esc again to save and leave the world (q leaves at once)."),
            "{screen}"
        );
        assert!(!screen.contains("esc was saved."), "{screen}");
        // Any other key disarms it.
        press(&mut app, &[Input::Char('k'), Input::Esc]);
        assert!(!text(&app, dir.path()).contains("was saved."));
        press(&mut app, &[Input::Char('k')]);
    }
    press(&mut app, &[Input::Esc, Input::Esc]);
    assert!(text(&app, dir.path()).contains("esc was saved."), "two Esc in a row leave");
}

/// The distance from the player to the nearest monster, squared.
fn nearest_monster(g: &Overworld) -> Option<(i64, torchlit_sim::modes::overworld::Monster)> {
    let at = g.player().at();
    let view = torchlit_geom::Rect::new(
        Point::new(at.x - 40, at.y - 40),
        torchlit_geom::Size::new(81, 81),
    );
    g.monsters_near(view)
        .into_iter()
        .map(|m| {
            let (dx, dy) = (i64::from(m.at.x - at.x), i64::from(m.at.y - at.y));
            (dx * dx + dy * dy, m)
        })
        .min_by_key(|(d, _)| *d)
}

/// A monster's strength and the odds show on the status line before contact (issue 32).
#[test]
fn the_status_line_tells_a_near_monsters_strength_before_the_fight() {
    let dir = Data::default();
    let mut app = App::title(world());
    app.set_overworld(seed_setup(dir.path(), 0));
    new_world(&mut app, "strength");
    let g = game_of(&app);
    let (_, m) = nearest_monster(&g).expect("a monster");
    let keys = keys_to(&g, |p| {
        let (dx, dy) = (i64::from(m.at.x - p.x), i64::from(m.at.y - p.y));
        dx * dx + dy * dy <= 100 && g.watcher(p).is_none()
    });
    press(&mut app, &keys);
    let g = game_of(&app);
    let (d2, near) = nearest_monster(&g).expect("a monster");
    assert!(d2 <= 144, "within 12 cells");
    let odds = g.odds(&near);
    let line = status(&text(&app, dir.path()));
    let want = format!("{} L0 {}hp win {}%", near.kind, odds.foe.health.0 / 100, odds.win_percent);
    assert!(line.contains(&want), "{want:?} in {line:?}");
}

/// Equipping a better item forgets the hint that named it, and Shift+letter drops an
/// item (issue 32).
#[test]
fn equipping_forgets_the_hint_and_items_can_be_dropped() {
    let dir = Data::default();
    let mut app = App::title(world());
    app.set_overworld(seed_setup(dir.path(), 0));
    new_world(&mut app, "chests");
    let mut hinted = false;
    for _ in 0..40 {
        let g = game_of(&app);
        let keys = keys_to(&g, |p| g.ground(p) == torchlit_sim::modes::overworld::Ground::Chest);
        press(&mut app, &keys);
        settle(&mut app);
        if text(&app, dir.path()).contains(" is better than your ") {
            hinted = true;
            break;
        }
    }
    assert!(hinted, "a better item in the first 40 chests");
    let screen = text(&app, dir.path());
    let hint = screen.lines().find(|l| l.contains("then ")).unwrap_or("");
    let letter = hint.split("then ").nth(1).and_then(|r| r.chars().next()).expect("a letter");
    press(&mut app, &[Input::Char('i'), Input::Char(letter), Input::Esc]);
    let after = text(&app, dir.path());
    assert!(!after.contains(" is better than your "), "{after}");
    // Shift+letter drops: the first item, the wooden sword, no longer wielded.
    let wood = torchlit_sim::modes::overworld::Item::Sword(
        torchlit_sim::modes::overworld::SwordTier::Wood,
    );
    let had = game_of(&app).player().pack().count(wood);
    press(&mut app, &[Input::Char('i'), Input::Char('A')]);
    let screen = text(&app, dir.path());
    assert!(screen.contains("You drop a wooden sword and leave it behind."), "{screen}");
    assert_eq!(game_of(&app).player().pack().count(wood), had - 1);
}
