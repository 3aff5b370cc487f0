//! `caves` screens at 80x24: play, inventory, end; and the app's flows: a new run from
//! the title menu, save and continue, permadeath with a morgue file.

use std::cell::RefCell;
use std::rc::Rc;

use torchlit_geom::Size;
use torchlit_sim::modes::caves::{Caves, Seed};
use torchlit_testkit::WORLD_10X5;
use torchlit_ui::caves::{
    CavesCommand, CavesScreen, CavesSetup, MemoryStore, SharedMemoryStore, StoreHandle,
    default_keymap,
};
use torchlit_ui::{App, Frame, Input, Keymap, Screen, Stack, Transition};

/// A caves screen on a stack, as the app holds it: its pages and prompts open over it.
struct Play(Stack);

impl Play {
    fn new(game: Caves, keymap: Keymap<CavesCommand>, store: Option<StoreHandle>) -> Play {
        Play(Stack::new(Box::new(CavesScreen::new(game, keymap, store))))
    }

    fn handle(&mut self, input: Input) {
        self.0.handle(input);
    }

    fn tick(&mut self) {
        self.0.tick();
    }

    fn render(&self, frame: &mut Frame) {
        self.0.render(frame);
    }
}

impl std::ops::Deref for Play {
    type Target = CavesScreen;

    fn deref(&self) -> &CavesScreen {
        self.0.find::<CavesScreen>().expect("the game is on the stack")
    }
}

fn render_screen(screen: &Play) -> Frame {
    let mut frame = Frame::with_size(Size::new(80, 24));
    screen.render(&mut frame);
    frame
}

fn render(app: &App) -> Frame {
    let mut frame = Frame::with_size(Size::new(80, 24));
    app.render(&mut frame);
    frame
}

fn world() -> torchlit_sim::formats::UltimaWorld {
    torchlit_sim::formats::UltimaWorld::parse(WORLD_10X5.as_bytes()).expect("10x5 parses")
}

fn fixture(rows: &[&str]) -> Caves {
    Caves::from_ascii(&[rows], Seed(3)).expect("fixture")
}

fn keys(screen: &mut Play, inputs: &[Input]) {
    for &i in inputs {
        screen.handle(i);
    }
}

fn shared_store() -> (Rc<RefCell<MemoryStore>>, StoreHandle) {
    let shared = SharedMemoryStore::default();
    let inner = shared.0.clone();
    (inner, StoreHandle::new(shared))
}

#[test]
fn play_screen_on_seed_42() {
    let screen = Play::new(Caves::new(Seed(42)).expect("caves"), default_keymap(), None);
    insta::assert_snapshot!(render_screen(&screen).to_text());
}

#[test]
fn play_screen_after_a_fight() {
    let mut screen = Play::new(
        fixture(&["##########", "#...,....#", "#.@b..%..#", "#....z...#", "##########"]),
        default_keymap(),
        None,
    );
    keys(&mut screen, &[Input::Char('l'), Input::Char('l')]);
    insta::assert_snapshot!(render_screen(&screen).to_text());
}

#[test]
fn inventory_screens_show_equipment_and_refuse_what_does_not_apply() {
    let mut screen =
        Play::new(fixture(&["##########", "#@/&(]*,.#", "##########"]), default_keymap(), None);
    for _ in 0..6 {
        keys(&mut screen, &[Input::Char('l'), Input::Char('g')]);
    }
    keys(&mut screen, &[Input::Char('w'), Input::Char('a'), Input::Char('w'), Input::Char('d')]);
    assert!(
        screen
            .game()
            .hero()
            .is_equipped(torchlit_sim::modes::caves::Slot::from_letter('a').expect("a"))
    );
    keys(&mut screen, &[Input::Char('e'), Input::Char('a')]);
    let refused = render_screen(&screen).to_text();
    assert!(refused.contains("You can't eat the sword."), "{refused}");
    insta::assert_snapshot!("inventory_eat_refuses_the_sword", refused);
    keys(&mut screen, &[Input::Esc, Input::Char('i')]);
    insta::assert_snapshot!("inventory_list", render_screen(&screen).to_text());
}

#[test]
fn end_screen_after_fleeing_without_the_bear() {
    let (store, handle) = shared_store();
    let mut screen =
        Play::new(fixture(&["#####", "#@<.#", "#####"]), default_keymap(), Some(handle));
    keys(&mut screen, &[Input::Char('l'), Input::Char('<')]);
    assert!(render_screen(&screen).to_text().contains("Leave the caves without the teddy bear?"));
    keys(&mut screen, &[Input::Char('y')]);
    assert!(screen.has_ended());
    let text = render_screen(&screen).to_text();
    insta::assert_snapshot!(text);
    let morgues = &store.borrow().morgues;
    assert_eq!(morgues.len(), 1);
    assert!(morgues[0].contains("Fled the caves without the teddy bear"), "{}", morgues[0]);
    assert!(morgues[0].contains("Seed:          3"));
}

#[test]
fn end_screen_after_winning() {
    let mut screen = Play::new(fixture(&["#####", "#@*<#", "#####"]), default_keymap(), None);
    keys(&mut screen, &[Input::Char('l'), Input::Char('g'), Input::Char('l'), Input::Char('<')]);
    let text = render_screen(&screen).to_text();
    assert!(text.contains("V I C T O R Y") && text.contains("Escaped the caves"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn help_lists_every_key_and_look_describes_cells() {
    let mut screen = Play::new(fixture(&["######", "#@.b.#", "######"]), default_keymap(), None);
    keys(&mut screen, &[Input::Char('?')]);
    let help = render_screen(&screen).to_text();
    for needle in ["Ctrl-P", "auto-explore", "travel", "k Up 8", "G", "x", "Z R", "rest"] {
        assert!(help.contains(needle), "help shows {needle}:\n{help}");
    }
    assert!(!help.contains("save and quit"), "below the fold at 80x24:\n{help}");
    keys(&mut screen, &[Input::Down; 20]);
    let help = render_screen(&screen).to_text();
    assert!(help.contains("save and quit") && help.contains("Bring the teddy bear"), "{help}");
    insta::assert_snapshot!("help_scrolled_to_the_end", help);
    keys(&mut screen, &[Input::Esc, Input::Char('x'), Input::Char('l'), Input::Char('l')]);
    let look = render_screen(&screen).to_text();
    assert!(look.contains("You see a bat (15/15 hp) on the cave floor."), "{look}");
    keys(&mut screen, &[Input::Esc, Input::Ctrl('p')]);
    assert!(render_screen(&screen).to_text().contains("Message history"));
}

#[test]
fn auto_explore_runs_on_ticks_and_any_key_stops_it() {
    let mut screen = Play::new(
        fixture(&[
            "##############################",
            "#@...........................#",
            "#............................#",
            "##############################",
        ]),
        default_keymap(),
        None,
    );
    keys(&mut screen, &[Input::Char('o')]);
    assert!(screen.is_running());
    let turn = screen.game().turn();
    screen.tick();
    screen.tick();
    assert!(screen.game().turn().0 > turn.0);
    screen.handle(Input::Char('.'));
    assert!(!screen.is_running(), "a key stops it");
    let stopped = screen.game().turn();
    screen.tick();
    assert_eq!(screen.game().turn(), stopped, "and it stays stopped");
}

#[test]
fn a_new_run_from_the_title_saves_and_continues_exactly() {
    let (store, handle) = shared_store();
    let mut app = App::title(world());
    app.set_caves(CavesSetup {
        store: Some(handle),
        keymap: default_keymap(),
        next_seed: Seed(77),
        ..CavesSetup::default()
    });
    app.handle(Input::Char('c'));
    let game = app.caves_screen().expect("caves is up").game().clone();
    assert_eq!(game.seed(), Seed(77));
    for k in ['l', 'j', 'h', 'k', '.'] {
        app.handle(Input::Char(k));
    }
    let before = app.caves_screen().expect("playing").game().state_hash();
    assert_eq!(app.farewell(), None, "nothing saved yet");
    assert!(matches!(app.handle(Input::Char('S')), Transition::Stay));
    assert!(app.caves_screen().is_none(), "back on the title");
    // The shell is told where the run is once the program ends.
    let said = app.farewell().unwrap_or_default();
    assert!(said.starts_with("The caves run is saved (seed 77, level 1, turn "), "{said}");
    assert!(said.ends_with("`torchlit play caves` continues it."), "{said}");
    assert!(store.borrow().saved.is_some());
    let title = render(&app).to_text();
    assert!(title.contains("r) continue   resume your saved caves run"), "{title}");
    app.handle(Input::Char('r'));
    let resumed = app.caves_screen().expect("continued").game();
    assert_eq!(resumed.state_hash(), before, "the exact state");
    // A second new run gets the next seed; q saves and leaves as S does.
    app.handle(Input::Char('q'));
    assert!(app.caves_screen().is_none(), "q leaves to the title, saved");
    app.handle(Input::Char('c'));
    assert!(app.caves_screen().is_none(), "the saved run is offered first");
    app.handle(Input::Char('n'));
    assert_ne!(app.caves_screen().expect("new run").game().seed(), Seed(77));
}

#[test]
fn continue_without_a_save_says_so() {
    let (_store, handle) = shared_store();
    let mut app = App::title(world());
    app.set_caves(CavesSetup {
        store: Some(handle),
        keymap: default_keymap(),
        next_seed: Seed(1),
        ..CavesSetup::default()
    });
    assert!(render(&app).to_text().contains("r) continue   (no saved caves run)"));
    app.handle(Input::Char('r'));
    assert!(app.caves_screen().is_none());
    assert!(render(&app).to_text().contains("There is no saved caves run."));
}

#[test]
fn death_deletes_the_save_and_leaves_a_morgue() {
    let (store, handle) = shared_store();
    // A starving player: wait until the end.
    let mut screen =
        Play::new(fixture(&["####", "#@.#", "####"]), default_keymap(), Some(handle.clone()));
    handle.save(screen.game()).expect("saved");
    for _ in 0..700 {
        screen.handle(Input::Char('.'));
    }
    assert!(screen.has_ended());
    assert!(store.borrow().saved.is_none(), "permadeath");
    let morgue = store.borrow().morgues.join("\n");
    assert!(morgue.contains("Starved to death on level 1"), "{morgue}");
    assert!(morgue.contains("Turns:         666"), "{morgue}");
}

#[test]
fn play_caves_quits_after_the_end_screen() {
    let mut app = App::caves(world(), CavesSetup { next_seed: Seed(9), ..CavesSetup::default() });
    assert_eq!(app.caves_screen().map(|s| s.game().seed()), Some(Seed(9)));
    // Ctrl-C quits at once.
    assert!(matches!(app.handle(Input::Ctrl('c')), Transition::Quit));
}

fn render_at(screen: &Play, w: u16, h: u16) -> String {
    let mut frame = Frame::with_size(Size::new(u32::from(w), u32::from(h)));
    screen.render(&mut frame);
    frame.to_text()
}

#[test]
fn no_message_is_lost_and_repeats_merge() {
    // Three bats come into view at once, and the turn says more than three rows hold.
    let mut screen = Play::new(
        fixture(&[
            "##########",
            "#@########",
            "#.########",
            "#........#",
            "#..b.b.b.#",
            "##########",
        ]),
        default_keymap(),
        None,
    );
    keys(&mut screen, &[Input::Char('j'), Input::Char('j')]);
    let text = render_at(&screen, 40, 12);
    assert!(text.contains("2 bats come into view."), "{text}");
    let said = screen.messages().join(" ");
    assert!(said.contains("The bat bumps into a wall. (x"), "seen, and merged: {said}");
    // The player's own action comes first and is never the line cut.
    let mut screen =
        Play::new(fixture(&["##########", "#@,.....##", "##########"]), default_keymap(), None);
    keys(&mut screen, &[Input::Char('l'), Input::Char('g')]);
    keys(&mut screen, &[Input::Char('d'), Input::Char('a')]);
    let page = render_at(&screen, 40, 12);
    assert!(page.contains("You drop a rock."), "the action is never the line cut:\n{page}");
    assert_eq!(screen.messages(), ["You drop a rock.", "A rock lands between your feet."]);
    insta::assert_snapshot!("drop_at_40x12", page);
}

#[test]
fn more_pages_through_a_long_turn() {
    let mut screen =
        Play::new(fixture(&["##########", "#@%.....##", "##########"]), default_keymap(), None);
    // The welcome line and a turn of messages at 40 columns need more than two rows.
    keys(&mut screen, &[Input::Char('l'), Input::Char('g'), Input::Char('e'), Input::Char('a')]);
    let text = render_at(&screen, 40, 12);
    assert!(text.contains("You eat some bread."), "{text}");
    let mut long = Play::new(Caves::new(Seed(42)).expect("caves"), default_keymap(), None);
    // The front end tells the size it draws at: the key pages by it.
    long.0.resize(Size::new(40, 12));
    let welcome = render_at(&long, 40, 12);
    assert!(welcome.contains("--More--"), "{welcome}");
    long.handle(Input::Char(' '));
    let next = render_at(&long, 40, 12);
    assert!(!next.contains("--More--") && next.contains("Press ? for help."), "{next}");
    assert_eq!(long.game().turn().0, 0, "the key only turned the page");
}

#[test]
fn the_inventory_footer_keys_act_on_the_selected_item() {
    let mut screen =
        Play::new(fixture(&["##########", "#@/%]....#", "##########"]), default_keymap(), None);
    for _ in 0..3 {
        keys(&mut screen, &[Input::Char('l'), Input::Char('g')]);
    }
    assert_eq!(screen.game().hero().inventory().len(), 3);
    keys(&mut screen, &[Input::Char('i'), Input::Down, Input::Char('e')]);
    assert_eq!(screen.game().hero().inventory().len(), 2, "the bread (b) was eaten");
    assert!(
        screen.messages().iter().any(|m| m == "You eat some bread."),
        "{:?}",
        screen.messages()
    );
    keys(&mut screen, &[Input::Char('i'), Input::Down, Input::Char('w')]);
    let armour = torchlit_sim::modes::caves::Slot::from_letter('c').expect("c");
    assert!(screen.game().hero().is_equipped(armour), "the chainmail is worn");
    keys(&mut screen, &[Input::Char('i'), Input::Char('d')]);
    assert_eq!(screen.game().hero().inventory().len(), 1, "the sword (a) was dropped");
}

#[test]
fn eating_from_the_floor() {
    let mut screen = Play::new(fixture(&["######", "#@&..#", "######"]), default_keymap(), None);
    keys(&mut screen, &[Input::Char('l'), Input::Char('e')]);
    assert!(render_at(&screen, 80, 24).contains("apple (food 100) (lying here)"));
    keys(&mut screen, &[Input::Char('-')]);
    assert!(screen.messages().iter().any(|m| m == "You eat an apple."), "{:?}", screen.messages());
    assert!(screen.game().hero().inventory().is_empty());
}

#[test]
fn small_terminals_keep_the_status_and_say_when_too_small() {
    let screen = Play::new(Caves::new(Seed(42)).expect("caves"), default_keymap(), None);
    let text = render_at(&screen, 40, 12);
    let status = text.lines().last().unwrap_or_default().to_string();
    for field in ["Depth 1/5", "HP", "Fed", "Turn 0"] {
        assert!(status.contains(field), "{status}");
    }
    insta::assert_snapshot!("play_at_40x12", text);
    let status = render_at(&screen, 80, 24).lines().last().unwrap_or_default().to_string();
    assert!(status.contains("Turn 0") && status.contains("Fed") && status.contains("Seed 42"));
    assert!(render_at(&screen, 39, 12).contains("too small"));
}

#[test]
fn play_caves_offers_the_saved_run_and_loading_consumes_it() {
    let (store, handle) = shared_store();
    let mut saved = Caves::new(Seed(5)).expect("caves");
    saved.apply(torchlit_sim::modes::caves::Action::Wait);
    handle.save(&saved).expect("saved");
    let setup = CavesSetup {
        store: Some(handle),
        keymap: default_keymap(),
        next_seed: Seed(9),
        ..CavesSetup::default()
    };
    let mut app = App::caves(world(), setup.clone());
    let text = render(&app).to_text();
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains("Continue the saved run (seed 5, level 1, turn 1)?"), "{text}");
    assert!(words.contains("n: a new run (seed 9)"), "the new run's seed is named:\n{text}");
    app.handle(Input::Char('y'));
    assert_eq!(app.caves_screen().map(|s| s.game().seed()), Some(Seed(5)));
    assert!(store.borrow().saved.is_none(), "consumed on load");
    // Declining keeps the save and plays the new run.
    store.borrow_mut().saved = Some(saved);
    let mut app = App::caves(world(), setup);
    app.handle(Input::Char('n'));
    assert_eq!(app.caves_screen().map(|s| s.game().seed()), Some(Seed(9)));
    assert!(store.borrow().saved.is_some());
}

fn run_to_stop(screen: &mut Play) {
    for _ in 0..200 {
        if !screen.is_running() {
            return;
        }
        screen.tick();
    }
    panic!("the press never stopped");
}

#[test]
fn travel_and_steps_say_what_is_true_and_unknown_keys_answer() {
    let mut screen =
        Play::new(fixture(&["##########", "#@...>.%.#", "##########"]), default_keymap(), None);
    let shown = |s: &Play| render_screen(s).to_text();
    keys(&mut screen, &[Input::Char('Q')]);
    assert!(shown(&screen).contains("Unknown key; ? for help."), "{}", shown(&screen));
    // Travel to the stairs, then again while on them.
    keys(&mut screen, &[Input::Char('G'), Input::Char('>')]);
    run_to_stop(&mut screen);
    assert!(shown(&screen).contains("You arrive at the stairs."), "{}", shown(&screen));
    // Again on them: `G >` never picks the stairs underfoot.
    keys(&mut screen, &[Input::Char('G'), Input::Char('>')]);
    run_to_stop(&mut screen);
    let again = shown(&screen);
    assert!(again.contains("You know of no other stairs down on this level."), "{again}");
    // Travel to the bread: it reaches the item, it does not "arrive at the stairs".
    keys(&mut screen, &[Input::Char('T')]);
    run_to_stop(&mut screen);
    let at_item = shown(&screen);
    assert!(at_item.contains("You reach the item.") && !at_item.contains("stairs"), "{at_item}");
    // A step onto the stairs says they are there (the @ hides them).
    keys(&mut screen, &[Input::Char('h'), Input::Char('h')]);
    assert!(shown(&screen).contains("There is a staircase down here."), "{}", shown(&screen));
}

#[test]
fn the_teddy_bear_and_a_missing_exit_say_where_to_go() {
    let mut screen = Play::new(fixture(&["######", "#@*..#", "######"]), default_keymap(), None);
    // The screen's words, wrapped lines joined.
    let shown =
        |s: &Play| render_screen(s).to_text().split_whitespace().collect::<Vec<_>>().join(" ");
    keys(&mut screen, &[Input::Char('l'), Input::Char('g')]);
    let took = shown(&screen);
    assert!(took.contains("Now bring it up to level 1 and out by the exit stairs (<)."), "{took}");
    // No exit known on level 1: travel up says the exit may be elsewhere on the level.
    keys(&mut screen, &[Input::Char('G'), Input::Char('<')]);
    run_to_stop(&mut screen);
    let lost = shown(&screen);
    assert!(lost.contains("You know of no way out that you can reach"), "{lost}");
    assert!(!lost.contains("no way up"), "{lost}");
}

#[test]
fn the_end_screen_table_shares_one_left_edge() {
    let mut screen = Play::new(fixture(&["####", "#@.#", "####"]), default_keymap(), None);
    for _ in 0..700 {
        screen.handle(Input::Char('.'));
    }
    assert!(screen.has_ended());
    let text = render_screen(&screen).to_text();
    let labels = ["Turns played", "Depth reached", "Monsters slain", "Walls dug", "Seed "];
    let edges: Vec<usize> =
        labels.iter().filter_map(|l| text.lines().find_map(|line| line.find(l))).collect();
    assert_eq!(edges.len(), labels.len(), "{text}");
    assert!(edges.iter().all(|&x| x == edges[0]), "ragged: {edges:?}\n{text}");
}

#[test]
fn the_pack_fits_40_columns_and_questions_list_only_what_they_take() {
    let mut screen =
        Play::new(fixture(&["##########", "#@/&(]*,.#", "##########"]), default_keymap(), None);
    for _ in 0..6 {
        keys(&mut screen, &[Input::Char('l'), Input::Char('g')]);
    }
    keys(&mut screen, &[Input::Char('w'), Input::Char('a'), Input::Char('i')]);
    let pack = render_at(&screen, 40, 12);
    // Every row of the box ends in its border; the cut details keep "(wielded)".
    for line in pack.lines().filter(|l| l.starts_with('│')) {
        assert!(line.trim_end().ends_with('│'), "past the border: {line:?}\n{pack}");
    }
    assert!(
        pack.contains("(wielded)") && pack.contains("teddy bear (bring it up the ex…"),
        "{pack}"
    );
    keys(&mut screen, &[Input::Esc, Input::Char('e')]);
    let eat = render_at(&screen, 40, 12);
    assert!(eat.contains("What to eat?") && eat.contains("b - % apple"), "{eat}");
    assert!(!eat.contains("sword") && !eat.contains("rock"), "only food: {eat}");
    keys(&mut screen, &[Input::Esc, Input::Char('w')]);
    let wear = render_at(&screen, 40, 12);
    assert!(wear.contains("chainmail") && !wear.contains("apple"), "{wear}");
    keys(&mut screen, &[Input::Esc, Input::Char('?')]);
    let help = render_at(&screen, 40, 12);
    assert!(help.lines().next().is_some_and(|l| l.contains("(Up/Down; Esc)")), "{help}");
}

#[test]
fn travel_offers_the_known_stairs_one_by_one_and_says_where_they_lead() {
    let mut screen = Play::new(
        Caves::from_ascii(
            &[
                &["############", "#<.@...>..>#", "############"],
                &["############", "##########<#", "############"],
            ],
            Seed(1),
        )
        .expect("a fixture"),
        default_keymap(),
        None,
    );
    let shown =
        |s: &Play| render_screen(s).to_text().split_whitespace().collect::<Vec<_>>().join(" ");
    keys(&mut screen, &[Input::Char('G')]);
    // At 40x12 the two message rows keep what the stairs are, the keys after them.
    let small = render_at(&screen, 40, 12).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(small.contains("Travel to the exit out of the caves (2"), "{small}");
    let first = shown(&screen);
    assert!(first.contains("Travel to the exit out of the caves (2 cells west) [1/3]"), "{first}");
    keys(&mut screen, &[Input::Char('G')]);
    let second = shown(&screen);
    assert!(
        second.contains("stairs down to level 2, never taken (4 cells east) [2/3]"),
        "{second}"
    );
    keys(&mut screen, &[Input::Tab, Input::Enter]);
    run_to_stop(&mut screen);
    assert_eq!(
        screen.game().player().at(),
        torchlit_geom::Point::new(10, 1),
        "the third: {}",
        shown(&screen)
    );
    // Down and back up: those stairs are marked as taken, with what lies beyond.
    keys(&mut screen, &[Input::Char('>'), Input::Char('<')]);
    keys(&mut screen, &[Input::Char('G')]);
    let marked = shown(&screen);
    assert!(marked.contains("[1/2]"), "not the stairs underfoot: {marked}");
    keys(
        &mut screen,
        &[Input::Esc, Input::Char('x'), Input::Char('h'), Input::Char('h'), Input::Char('h')],
    );
    let look = shown(&screen);
    assert!(look.contains("stairs down to level 2, never taken"), "{look}");
    keys(&mut screen, &[Input::Esc, Input::Char('x')]);
    let here = shown(&screen);
    assert!(here.contains("stairs down to level 2, taken; explored there"), "{here}");
}

#[test]
fn several_saved_runs_are_listed_and_a_new_run_of_a_saved_seed_offers_that_run() {
    let (store, handle) = shared_store();
    let mut runs = Vec::new();
    for (seed, turns) in [(5, 1), (6, 2), (7, 3)] {
        let mut game = Caves::new(Seed(seed)).expect("caves");
        for _ in 0..turns {
            game.apply(torchlit_sim::modes::caves::Action::Wait);
        }
        runs.push(game);
    }
    {
        let mut s = store.borrow_mut();
        s.saved = Some(runs[0].clone());
        s.others = runs[1..].to_vec();
    }
    let setup = |seed| CavesSetup {
        store: Some(handle.clone()),
        keymap: default_keymap(),
        next_seed: Seed(seed),
        ..CavesSetup::default()
    };
    let words = |app: &App| render(app).to_text().split_whitespace().collect::<Vec<_>>().join(" ");
    // `play caves` lists them all; 3 continues the third.
    let mut app = App::caves(world(), setup(9));
    let listed = words(&app);
    assert!(listed.contains("3 saved runs:"), "{listed}");
    for line in
        ["1) seed 5, level 1, turn 1", "2) seed 6, level 1, turn 2", "3) seed 7, level 1, turn 3"]
    {
        assert!(listed.contains(line), "{line}: {listed}");
    }
    assert!(listed.contains("n: a new run (seed 9)"), "{listed}");
    app.handle(Input::Char('3'));
    assert_eq!(
        app.caves_screen().map(|s| (s.game().seed(), s.game().turn().0)),
        Some((Seed(7), 3))
    );
    // `play caves --seed 6` offers the saved run of seed 6 first.
    let mut app = App::caves(world(), setup(6));
    let offered = words(&app);
    assert!(offered.contains("1) seed 6, level 1, turn 2"), "{offered}");
    app.handle(Input::Char('y'));
    assert_eq!(
        app.caves_screen().map(|s| (s.game().seed(), s.game().turn().0)),
        Some((Seed(6), 2))
    );
    // `c` on the title asks before a new run while a run is saved.
    let mut app = App::title(world());
    app.set_caves(setup(11));
    app.handle(Input::Char('c'));
    let asked = words(&app);
    assert!(asked.contains("saved run") && asked.contains("n: a new run (seed 11)"), "{asked}");
    app.handle(Input::Char('n'));
    assert_eq!(app.caves_screen().map(|s| s.game().seed()), Some(Seed(11)));
    assert!(store.borrow().saved.is_some(), "the saved run stays");
}

#[test]
fn bread_and_armour_take_some_and_dash_eats_what_lies_here() {
    let mut screen = Play::new(fixture(&["#######", "#@%]..#", "#######"]), default_keymap(), None);
    let shown =
        |s: &Play| render_screen(s).to_text().split_whitespace().collect::<Vec<_>>().join(" ");
    keys(&mut screen, &[Input::Char('-')]);
    assert!(shown(&screen).contains("There is nothing here to eat."), "{}", shown(&screen));
    keys(&mut screen, &[Input::Char('l')]);
    assert!(shown(&screen).contains("You see some bread here."), "{}", shown(&screen));
    keys(&mut screen, &[Input::Char('-')]);
    assert!(shown(&screen).contains("You eat some bread."), "{}", shown(&screen));
    keys(&mut screen, &[Input::Char('l'), Input::Char('g')]);
    assert!(shown(&screen).contains("You pick up some chainmail (a)."), "{}", shown(&screen));
}

#[test]
fn the_exit_prompt_is_pushed_over_the_map_and_shows_in_the_scene() {
    let mut screen = Play::new(fixture(&["#####", "#@<.#", "#####"]), default_keymap(), None);
    keys(&mut screen, &[Input::Char('l'), Input::Char('<')]);
    assert_eq!(screen.0.len(), 2, "the prompt is a screen over the game");
    let shown = render_screen(&screen).to_text();
    assert!(shown.contains("Leave the caves without the teddy bear?"), "{shown}");
    assert!(shown.contains('@') && shown.contains("Depth 1/"), "the map and status below: {shown}");
    let scene = screen.0.scene(torchlit_geom::Size::new(40, 12)).expect("the map stays up");
    assert!(scene.banner.is_some_and(|b| b.starts_with("Leave the caves")));
    keys(&mut screen, &[Input::Char('n')]);
    assert_eq!(screen.0.len(), 1);
    assert_eq!(screen.messages(), ["You stay in the caves."]);
    assert!(!screen.has_ended() && screen.game().outcome().is_none());
}
