//! The rules of `caves`, one behaviour per test, on small hand-drawn levels.

use torchlit_geom::{Direction, Point};
use torchlit_rng::Seed;
use torchlit_sim::modes::caves::ai::{FUNGUS_MAX_SPREAD, in_sight};
use torchlit_sim::modes::caves::{
    Action, Cause, Caves, CreatureKind, Event, Hunger, ItemKind, Outcome, Refusal, Slot, Who,
};

fn game(levels: &[&[&str]]) -> Caves {
    match Caves::from_ascii(levels, Seed(1)) {
        Ok(g) => g,
        Err(e) => panic!("bad fixture: {e}"),
    }
}

fn slot(letter: char) -> Slot {
    Slot::from_letter(letter).expect("a slot letter")
}

fn creatures_of(game: &Caves, kind: CreatureKind) -> Vec<Point> {
    game.creatures().filter(|c| c.kind() == kind).map(|c| c.at()).collect()
}

#[test]
fn fungi_spread_nearby_and_at_most_five_times_each() {
    // The player waits behind a wall; one fungus has a big room to fill.
    let mut g = game(&[&[
        "###################",
        "#@#...............#",
        "###...............#",
        "#.................#",
        "#........f........#",
        "#.................#",
        "#.................#",
        "###################",
    ]]);
    let mut before = creatures_of(&g, CreatureKind::Fungus);
    for _ in 0..600 {
        g.apply(Action::Wait);
        let now = creatures_of(&g, CreatureKind::Fungus);
        for p in &now {
            if !before.contains(p) {
                let near = before.iter().any(|q| {
                    let o = q.offset_to(*p);
                    o.dx.abs() <= 5 && o.dy.abs() <= 5
                });
                assert!(near, "a new fungus at {p} within 5 cells of an old one");
            }
        }
        assert!(now.len() >= before.len(), "fungi never move or die here");
        before = now;
    }
    assert!(before.len() > 1, "600 turns at 2% a turn: it spread");
    for c in g.creatures().filter(|c| c.kind() == CreatureKind::Fungus) {
        assert!(c.spread_count() <= FUNGUS_MAX_SPREAD, "spread {} times", c.spread_count());
    }
    let first = g.creature_at(0, Point::new(9, 4)).expect("the first fungus never moves");
    assert!(first.spread_count() >= 1);
}

#[test]
fn a_fungus_with_no_room_never_spreads() {
    let mut g = game(&[&["#####", "#@#f#", "#####"]]);
    for _ in 0..300 {
        g.apply(Action::Wait);
    }
    assert_eq!(creatures_of(&g, CreatureKind::Fungus).len(), 1);
}

#[test]
fn bats_fly_two_cells_a_turn_at_most_and_never_bite_each_other() {
    let mut g = game(&[&[
        "############",
        "#@#........#",
        "###..bb....#",
        "#....bb....#",
        "#..........#",
        "############",
    ]]);
    let mut seen_two = false;
    for _ in 0..300 {
        let before: Vec<(Point, i32)> = g
            .creatures()
            .filter(|c| c.kind() == CreatureKind::Bat)
            .map(|c| (c.at(), c.hp()))
            .collect();
        let events = g.apply(Action::Wait);
        let after: Vec<Point> = creatures_of(&g, CreatureKind::Bat);
        assert_eq!(after.len(), 4, "no bat dies");
        for (b, a) in before.iter().zip(&after) {
            let o = b.0.offset_to(*a);
            let steps = o.dx.abs().max(o.dy.abs());
            assert!(steps <= 2, "a bat moves twice a turn at most: {b:?} -> {a}");
            seen_two |= steps == 2;
        }
        assert!(
            !events.iter().any(|e| matches!(
                e,
                Event::Attacked {
                    attacker: Who::It(CreatureKind::Bat),
                    target: Who::It(CreatureKind::Bat),
                    ..
                }
            )),
            "bats never attack bats"
        );
    }
    assert!(seen_two, "over 300 turns some bat flies two cells in one turn");
    assert!(g.creatures().filter(|c| c.kind() == CreatureKind::Bat).all(|c| c.hp() == 15));
}

#[test]
fn a_zombie_hunts_around_a_corner() {
    let rows: &[&str] = &["#########", "#.......#", "#@...#..#", "#.....z.#", "#########"];
    let (zombie, player) = (Point::new(6, 3), Point::new(1, 2));
    let wall = |p: Point| rows[p.y as usize].as_bytes()[p.x as usize] == b'#';
    assert!(in_sight(zombie, player, wall), "the zombie sees the player");
    assert!(wall(Point::new(5, 2)), "the straight diagonal step is a wall");
    let mut g = game(&[rows]);
    let mut bitten = false;
    let mut path = vec![zombie];
    for _ in 0..30 {
        let events = g.apply(Action::Wait);
        assert!(!events.iter().any(|e| matches!(e, Event::Bumped { .. })), "never bumps");
        let z = creatures_of(&g, CreatureKind::Zombie)[0];
        if path.last() != Some(&z) {
            path.push(z);
        }
        if events.iter().any(|e| {
            matches!(
                e,
                Event::Attacked { attacker: Who::It(CreatureKind::Zombie), target: Who::You, .. }
            )
        }) {
            bitten = true;
            break;
        }
    }
    assert!(bitten, "the zombie reaches and attacks the player: {path:?}");
    assert_eq!(path[1], Point::new(5, 3), "first step around the corner: {path:?}");
    assert_eq!(path.len(), 5, "a shortest path, 4 steps to be adjacent: {path:?}");
}

#[test]
fn a_zombie_that_cannot_see_the_player_wanders() {
    let mut g = game(&[&["#########", "#@#.....#", "###..z..#", "#.......#", "#########"]]);
    for _ in 0..50 {
        let events = g.apply(Action::Wait);
        assert!(!events.iter().any(|e| matches!(e, Event::Attacked { .. })));
    }
}

#[test]
fn combat_damage_is_one_to_attack_minus_defense() {
    // Player attack 20 against zombie defense 10: 1..=10 per blow.
    let mut g = game(&[&["#####", "#@z.#", "#####"]]);
    let mut blows = Vec::new();
    for _ in 0..40 {
        for e in g.apply(Action::Move(Direction::East)) {
            if let Event::Attacked { attacker: Who::You, damage, .. } = e {
                blows.push(damage);
            }
        }
        if g.outcome().is_some() || creatures_of(&g, CreatureKind::Zombie).is_empty() {
            break;
        }
    }
    assert!(!blows.is_empty());
    assert!(blows.iter().all(|d| (1..=10).contains(d)), "{blows:?}");
    assert_eq!(g.record().kills_of(CreatureKind::Zombie), 1, "the zombie died");
    let corpse = g.current_level().item(Point::new(2, 1)).map(|i| (i.kind, i.food));
    assert_eq!(corpse, Some((ItemKind::Corpse(CreatureKind::Zombie), 150)), "3 x 50 hp");
}

#[test]
fn attack_below_defense_still_hurts_one() {
    // A fungus (attack 0) is never the attacker; a bat (attack 5) against the player
    // (defense 5 + platemail 6 = 11) always does exactly 1.
    let mut g = game(&[&["#####", "#@{#", "#b###", "#####"]]);
    g.apply(Action::Move(Direction::East));
    g.apply(Action::PickUp);
    g.apply(Action::Equip(slot('a')));
    assert_eq!(g.defense(), 11);
    g.apply(Action::Move(Direction::West));
    for _ in 0..100 {
        for e in g.apply(Action::Wait) {
            if let Event::Attacked { target: Who::You, damage, .. } = e {
                assert_eq!(damage, 1);
            }
        }
    }
}

#[test]
fn inventory_letters_stay_and_full_packs_refuse() {
    let mut g = game(&[&["########", "#@,&/,.#", "########"]]);
    let mut letters = Vec::new();
    for _ in 0..4 {
        g.apply(Action::Move(Direction::East));
        for e in g.apply(Action::PickUp) {
            if let Event::PickedUp { slot, .. } = e {
                letters.push(slot.letter());
            }
        }
    }
    assert_eq!(letters, vec!['a', 'b', 'c', 'd']);
    let turn = g.turn();
    assert!(g.apply(Action::PickUp).contains(&Event::Refused(Refusal::NothingHere)));
    assert_eq!(g.turn(), turn, "a refusal takes no time");
    g.apply(Action::Drop(slot('b')));
    let inv = g.hero().inventory();
    assert_eq!(inv.get(slot('c')).map(|i| i.kind), Some(ItemKind::Sword), "c keeps its letter");
    assert!(inv.get(slot('b')).is_none());
    assert!(
        g.apply(Action::Drop(slot('b'))).contains(&Event::Refused(Refusal::EmptySlot(slot('b'))))
    );
    // The apple went to the nearest free cell: here, under the player? No: a rock lies
    // there, so next to it.
    let level = g.current_level();
    let apples = level.items().filter(|(_, i)| i.kind == ItemKind::Apple).count();
    assert_eq!(apples, 1);
}

#[test]
fn eat_and_equip_refuse_what_does_not_apply() {
    let mut g = game(&[&["#######", "#@/&(]#", "#######"]]);
    for _ in 0..4 {
        g.apply(Action::Move(Direction::East));
        g.apply(Action::PickUp);
    }
    let (sword, apple, baguette, mail) = (slot('a'), slot('b'), slot('c'), slot('d'));
    assert!(
        g.apply(Action::Eat(sword)).contains(&Event::Refused(Refusal::NotEdible(ItemKind::Sword)))
    );
    assert!(
        g.apply(Action::Equip(apple))
            .contains(&Event::Refused(Refusal::NotEquippable(ItemKind::Apple)))
    );
    let e = g.apply(Action::Equip(sword));
    assert!(e.contains(&Event::Equipped { item: ItemKind::Sword, wielded: true }));
    assert_eq!(g.attack(), 30);
    // Wielding the baguette puts the sword away first.
    let e = g.apply(Action::Equip(baguette));
    let i = e.iter().position(|e| *e == Event::Unequipped { item: ItemKind::Sword, wielded: true });
    let j =
        e.iter().position(|e| *e == Event::Equipped { item: ItemKind::Baguette, wielded: true });
    assert!(i.is_some() && i < j, "{e:?}");
    assert_eq!(g.attack(), 23);
    let e = g.apply(Action::Equip(mail));
    assert!(e.contains(&Event::Equipped { item: ItemKind::Chainmail, wielded: false }));
    assert_eq!(g.defense(), 9);
    assert!(g.hero().is_equipped(mail) && g.hero().is_equipped(baguette));
    // Equipping what is equipped takes it off.
    let e = g.apply(Action::Equip(mail));
    assert!(e.contains(&Event::Unequipped { item: ItemKind::Chainmail, wielded: false }));
    assert_eq!(g.defense(), 5);
    // Eating the wielded baguette puts it away, then eats it.
    let food = g.hero().stomach().food();
    let e = g.apply(Action::Eat(baguette));
    assert!(e.contains(&Event::Unequipped { item: ItemKind::Baguette, wielded: true }));
    assert!(e.contains(&Event::Ate { item: ItemKind::Baguette }));
    assert_eq!(g.hero().weapon(), None);
    assert_eq!(g.hero().stomach().food(), food + 50 - 1, "50 food, minus the turn");
    assert_eq!(g.attack(), 20);
}

#[test]
fn hunger_goes_down_each_turn_and_by_ten_per_dig() {
    let mut g = game(&[&["#####", "#@..#", "#####"]]);
    assert_eq!(g.hero().stomach().food(), 666);
    g.apply(Action::Wait);
    g.apply(Action::Move(Direction::East));
    assert_eq!(g.hero().stomach().food(), 664, "one a turn");
    let e = g.apply(Action::Move(Direction::North));
    assert!(e.iter().any(|e| matches!(e, Event::Dug { .. })), "{e:?}");
    assert_eq!(g.hero().stomach().food(), 653, "ten for the dig and one for the turn");
    assert_eq!(g.current_level().tile(Point::new(2, 0)), Some(torchlit_sim::terrain::Tile::Floor));
    assert_eq!(g.player().at(), Point::new(2, 1), "digging does not move");
    g.apply(Action::Move(Direction::North));
    assert!(g.apply(Action::Move(Direction::North)).contains(&Event::Refused(Refusal::MapEdge)));
}

#[test]
fn starvation_kills() {
    let mut g = game(&[&["####", "#@.#", "####"]]);
    let mut warned = Vec::new();
    for _ in 0..1000 {
        for e in g.apply(Action::Wait) {
            if let Event::HungerChanged { hunger } = e {
                warned.push(hunger);
            }
        }
        if g.outcome().is_some() {
            break;
        }
    }
    assert_eq!(warned, vec![Hunger::Hungry, Hunger::Starving]);
    assert_eq!(g.outcome(), Some(Outcome::Lost(Cause::Starved)));
    assert_eq!(g.turn().0, 666, "666 food, one a turn");
    assert!(g.apply(Action::Wait).contains(&Event::Refused(Refusal::GameOver)));
}

#[test]
fn overeating_stretches_the_stomach_and_hurts() {
    let mut g = game(&[&["#####", "#@%%#", "#####"]]);
    for _ in 0..2 {
        g.apply(Action::Move(Direction::East));
        g.apply(Action::PickUp);
    }
    // 666 - 4 turns = 662; + 400 = 1062 > 1000: the stomach stretches to
    // 1000 + 1062 / 2 = 1531 and is full, it costs a hit point, and the turn one food.
    let e = g.apply(Action::Eat(slot('a')));
    assert!(e.contains(&Event::StomachStretched), "{e:?}");
    let food = g.hero().stomach();
    assert_eq!((food.food(), food.max_food()), (1530, 1531), "{food:?}");
    assert_eq!(g.player().hp(), 99);
    assert_eq!(food.hunger(), Hunger::Stuffed);
}

fn fungi_per_level(game: &torchlit_sim::modes::caves::Caves) -> Vec<usize> {
    let mut per = vec![0; game.depth_count()];
    for c in game.creatures() {
        if c.kind() == torchlit_sim::modes::caves::CreatureKind::Fungus {
            per[c.depth()] += 1;
        }
    }
    per
}

#[test]
fn the_seed_rules_grow_fungi_everywhere_and_the_default_only_where_the_player_went() {
    use torchlit_sim::modes::caves::{Action, Caves, Rules, Seed, WorldSpec};
    let mut seed =
        Caves::with_rules(Seed(3), WorldSpec::default(), Rules::original()).expect("caves");
    let mut default =
        Caves::with_rules(Seed(3), WorldSpec::default(), Rules::default()).expect("caves");
    for _ in 0..300 {
        seed.apply(Action::Wait);
        default.apply(Action::Wait);
    }
    let (s, d) = (fungi_per_level(&seed), fungi_per_level(&default));
    assert!(s[1..].iter().all(|&n| n > 8), "unvisited levels grow under the seed's rules: {s:?}");
    assert!(d[1..].iter().all(|&n| n == 8), "and wait under the default: {d:?}");
}

#[test]
fn the_seed_rules_give_deep_monsters_top_level_stats_and_saves_keep_the_rules() {
    use torchlit_sim::modes::caves::{Caves, CreatureKind, Rules, Seed, WorldSpec};
    let game = Caves::with_rules(Seed(5), WorldSpec::default(), Rules::original()).expect("caves");
    assert_eq!(game.rules(), Rules::original());
    for c in game.creatures().filter(|c| c.kind() != CreatureKind::Player) {
        assert_eq!(c.stats(), c.kind().stats(0), "{:?} on level {}", c.kind(), c.depth());
    }
    let deep = Caves::with_rules(Seed(5), WorldSpec::default(), Rules::default()).expect("caves");
    assert!(deep.creatures().any(|c| c.depth() == 4 && c.stats() == c.kind().stats(4)));
    #[cfg(feature = "serde")]
    {
        let bytes = postcard::to_allocvec(&game).expect("saves");
        let back: Caves = postcard::from_bytes(&bytes).expect("loads");
        assert_eq!(back.rules(), Rules::original());
        assert_eq!(back, game);
    }
}
