//! The `overworld` game through its public API: deterministic worlds, chests that stay
//! opened, fights that start exactly when a monster sees the player, death and respawn,
//! and state that survives being saved and restored (requirements 1.2.x, 2.1.2, 4, 6, 7
//! of seed 002).

use std::collections::{BTreeMap, VecDeque};

use torchlit_geom::{CardinalDirection, Point, Rect, Size, line};
use torchlit_rng::{Rng, Seed};
use torchlit_sim::modes::overworld::combat::Side;
use torchlit_sim::modes::overworld::{
    Action, Event, FightOutcome, Ground, Item, Overworld, Player, PlayerV1, RegionChanges,
    RegionCoord, Reward, Rules, SwordTier,
};

fn game(seed: &str) -> Overworld {
    Overworld::new(Seed::from_text(seed), Rules::original()).expect("a world")
}

/// A walk of `n` random steps from a fixed generator (fights included).
fn random_walk(g: &mut Overworld, n: usize, rng: &mut Rng) -> Vec<Event> {
    let mut events = Vec::new();
    for _ in 0..n {
        let d = CardinalDirection::ALL[rng.below(4) as usize];
        events.extend(g.apply(Action::Move(d)));
    }
    events
}

/// The steps of a shortest 4-way walk from the player to a cell satisfying `goal`, over
/// walkable cells without monsters, never through a cell a monster sees (except the goal),
/// within `radius` cells.
fn path_to(
    g: &Overworld,
    goal: impl Fn(Point) -> bool,
    radius: i32,
) -> Option<Vec<CardinalDirection>> {
    let start = g.player().at();
    let mut prev: BTreeMap<Point, (Point, CardinalDirection)> = BTreeMap::new();
    let mut queue = VecDeque::from([start]);
    let mut seen = std::collections::BTreeSet::from([start]);
    while let Some(p) = queue.pop_front() {
        if p != start && goal(p) {
            let mut steps = Vec::new();
            let mut at = p;
            while let Some(&(from, d)) = prev.get(&at) {
                steps.push(d);
                at = from;
            }
            steps.reverse();
            return Some(steps);
        }
        if p != start && g.watcher(p).is_some() {
            continue; // never walk on through a watched cell
        }
        for d in CardinalDirection::ALL {
            let n = p + d.offset();
            if (n.x - start.x).abs() > radius || (n.y - start.y).abs() > radius {
                continue;
            }
            if g.ground(n).is_walkable() && g.monster_at(n).is_none() && seen.insert(n) {
                prev.insert(n, (p, d));
                queue.push_back(n);
            }
        }
    }
    None
}

fn walk(g: &mut Overworld, steps: &[CardinalDirection]) -> Vec<Event> {
    steps.iter().flat_map(|&d| g.apply(Action::Move(d))).collect()
}

fn fights(events: &[Event]) -> Vec<&torchlit_sim::modes::overworld::FightReport> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Fight(r) => Some(r.as_ref()),
            _ => None,
        })
        .collect()
}

/// Saves the way the front end does (postcard records), restores, and returns the copy.
fn save_and_restore(g: &Overworld, rules: Rules) -> Overworld {
    let player = postcard::to_allocvec(g.player()).expect("encode the player");
    let regions: Vec<(RegionCoord, Vec<u8>)> = g
        .changes()
        .iter()
        .map(|(k, v)| (*k, postcard::to_allocvec(v).expect("encode a region")))
        .collect();
    let player: Player = postcard::from_bytes(&player).expect("decode the player");
    let changes = regions.into_iter().map(|(k, bytes)| {
        (k, postcard::from_bytes::<RegionChanges>(&bytes).expect("decode a region"))
    });
    Overworld::restore(g.seed(), rules, player, changes).expect("restore")
}

#[test]
fn the_same_seed_makes_the_same_world_and_game() {
    let (mut a, mut b) = (game("abc123"), game("abc123"));
    let window = Rect::new(Point::new(-120, -120), Size::new(240, 240));
    let cells = |g: &Overworld| window.points().map(|p| g.look(p)).collect::<Vec<_>>();
    assert_eq!(cells(&a), cells(&b));
    let (mut ra, mut rb) = (Rng::new(Seed(7)), Rng::new(Seed(7)));
    assert_eq!(random_walk(&mut a, 1500, &mut ra), random_walk(&mut b, 1500, &mut rb));
    assert_eq!(a.state_hash(), b.state_hash());
    assert_eq!(a, b);

    // Another seed, another world; any text is a seed, the empty one included.
    let c = game("abc124");
    assert_ne!(cells(&c), cells(&game("abc123")));
    assert_eq!(cells(&game("")), cells(&game("")));
    let emoji = game("🐉 ../\\ seed");
    assert_eq!(emoji.player().at(), game("🐉 ../\\ seed").player().at());
}

#[test]
fn regions_are_the_same_whatever_order_they_are_visited_in() {
    let a = game("order");
    let b = game("order");
    // a looks far east first, b far west first; then both look at the same place.
    let far_east = Rect::new(Point::new(5000, 0), Size::new(60, 60));
    let far_west = Rect::new(Point::new(-5000, 0), Size::new(60, 60));
    let here = Rect::new(Point::new(-30, -30), Size::new(60, 60));
    let look = |g: &Overworld, r: Rect| r.points().map(|p| g.look(p)).collect::<Vec<_>>();
    let _ = (look(&a, far_east), look(&b, far_west));
    assert_eq!(look(&a, here), look(&b, here));
    assert_eq!(a.monsters_near(here), b.monsters_near(here));
}

#[test]
fn a_fight_starts_exactly_when_a_living_monster_sees_the_new_cell() {
    let mut fought = 0;
    for seed in ["fights-1", "fights-2", "fights-3"] {
        let mut g = game(seed);
        let mut rng = Rng::new(Seed::from_text(seed));
        for _ in 0..3000 {
            let d = CardinalDirection::ALL[rng.below(4) as usize];
            let to = g.player().at() + d.offset();
            let can_step = g.ground(to).is_walkable() && g.monster_at(to).is_none();
            let expected = if can_step { g.watcher(to) } else { None };
            let events = g.apply(Action::Move(d));
            let got = fights(&events);
            match expected {
                Some(m) => {
                    assert_eq!(got.len(), 1, "{m:?} sees {to:?}: {events:?}");
                    assert_eq!(got[0].monster, m);
                    assert!(g.sees(&m, to));
                    fought += 1;
                }
                None => assert!(got.is_empty(), "no monster sees {to:?}: {events:?}"),
            }
        }
    }
    assert!(fought > 0, "the walks met monsters");
}

#[test]
fn sight_needs_a_clear_line_that_slips_through_no_diagonal_gap() {
    let g = game("sight");
    let mut gaps = 0;
    let mut clear = 0;
    for y in -3..3 {
        for x in -3..3 {
            let Some(m) = g.monster_of(RegionCoord::new(x, y)) else { continue };
            let r = m.kind.sight() as i32;
            for dy in -r..=r {
                for dx in -r..=r {
                    let p = Point::new(m.at.x + dx, m.at.y + dy);
                    if !g.ground(p).is_walkable() || p == m.at {
                        continue;
                    }
                    let blocks = |q: Point| !g.ground(q).is_walkable();
                    let cells: Vec<Point> = line(m.at, p).collect();
                    let inner_blocked = cells[1..cells.len() - 1].iter().any(|&q| blocks(q));
                    let gap = cells.windows(2).any(|w| {
                        let (a, b) = (w[0], w[1]);
                        a.x != b.x
                            && a.y != b.y
                            && blocks(Point::new(b.x, a.y))
                            && blocks(Point::new(a.x, b.y))
                    });
                    let in_area = torchlit_sim::modes::overworld::in_sight_area(
                        dx.into(),
                        dy.into(),
                        m.kind.sight(),
                    );
                    assert_eq!(g.sees(&m, p), in_area && !inner_blocked && !gap, "{m:?} -> {p:?}");
                    if in_area && !inner_blocked && gap {
                        gaps += 1;
                    }
                    if in_area && !inner_blocked && !gap {
                        clear += 1;
                    }
                }
            }
        }
    }
    assert!(gaps > 0, "the sample holds diagonal gaps that hide the player");
    assert!(clear > 100);
}

#[test]
fn chests_give_rewards_once_and_stay_opened() {
    let mut g = game("chests");
    let mut opened = Vec::new();
    for _ in 0..3 {
        let steps = path_to(&g, |p| g.ground(p) == Ground::Chest, 120).expect("a chest in reach");
        let before_gold = g.player().gold();
        let before_items = g.player().pack().total();
        let events = walk(&mut g, &steps);
        let (at, rewards) = events
            .iter()
            .find_map(|e| match e {
                Event::ChestOpened { at, rewards } => Some((*at, rewards.clone())),
                _ => None,
            })
            .expect("the chest opens");
        assert!((1..=2).contains(&rewards.len()), "{rewards:?}");
        let gold: u64 =
            rewards.iter().map(|r| if let Reward::Gold(n) = r { u64::from(*n) } else { 0 }).sum();
        let items = rewards.iter().filter(|r| matches!(r, Reward::Item(_))).count() as u64;
        assert_eq!(g.player().gold(), before_gold + gold);
        assert_eq!(g.player().pack().total(), before_items + items);
        assert_eq!(g.ground(at), Ground::OpenedChest);
        opened.push((at, rewards));
    }
    // Stepping off and on again gives nothing.
    let here = g.player().at();
    let back: Vec<Event> = [
        CardinalDirection::North,
        CardinalDirection::South,
        CardinalDirection::East,
        CardinalDirection::West,
    ]
    .into_iter()
    .flat_map(|d| {
        let mut e = g.apply(Action::Move(d));
        if g.player().at() != here {
            e.extend(g.apply(Action::Move(d.opposite())));
        }
        e
    })
    .collect();
    assert!(!back.iter().any(|e| matches!(e, Event::ChestOpened { .. })), "{back:?}");
    assert_eq!(g.player().chests(), 3);
    // The same chest in another game of the same seed holds the same reward.
    let changed = g.take_changed_regions();
    assert!(!changed.is_empty());
    assert!(g.take_changed_regions().is_empty(), "taken once");
    let restored = save_and_restore(&g, Rules::original());
    for (at, _) in &opened {
        assert_eq!(restored.ground(*at), Ground::OpenedChest, "still opened after a load");
    }
    assert_eq!(restored.state_hash(), g.state_hash());
}

/// Walks into monsters' sight one after another until both a won and a lost fight were
/// seen; checks each outcome.
fn fight_until_both(seed: &str, rules: Rules) -> (Overworld, usize, usize) {
    let mut g = Overworld::new(Seed::from_text(seed), rules).expect("a world");
    let (mut won, mut lost) = (0, 0);
    let mut beaten_by = std::collections::BTreeSet::new();
    for _ in 0..40 {
        if won > 0 && lost > 0 {
            break;
        }
        // The nearest monster not yet lost to (the player wakes up near the last one).
        let goal = |p: Point| g.watcher(p).is_some_and(|m| !beaten_by.contains(&m.at));
        let Some(steps) = path_to(&g, goal, 160) else { break };
        let pack_before = g.player().pack().total();
        let deaths_before = g.player().deaths();
        let events = walk(&mut g, &steps);
        let reports = fights(&events);
        assert_eq!(reports.len(), 1, "one fight on entering the sight: {events:?}");
        let report = reports[0];
        match &report.outcome {
            FightOutcome::Won { rewards } => {
                won += 1;
                assert_eq!(report.log.winner, Some(Side::Player));
                assert!(
                    g.monster_of(g.region_of(report.monster.at)).is_none(),
                    "the monster is dead"
                );
                assert!(g.monster_at(report.monster.at).is_none());
                let items = rewards.iter().filter(|r| matches!(r, Reward::Item(_))).count() as u64;
                assert_eq!(g.player().pack().total(), pack_before + items);
            }
            FightOutcome::Lost { respawned_at, lost: item } => {
                lost += 1;
                beaten_by.insert(report.monster.at);
                assert_eq!(g.player().deaths(), deaths_before + 1);
                assert_eq!(g.player().at(), *respawned_at);
                assert_eq!(g.ground(*respawned_at), Ground::Floor);
                assert!(g.watcher(*respawned_at).is_none(), "respawned out of sight");
                assert!(g.monster_of(g.region_of(report.monster.at)).is_some(), "it lives on");
                if g.rules().death_loses_item {
                    assert!(item.is_some());
                    assert_eq!(g.player().pack().total(), pack_before - 1);
                } else {
                    assert_eq!(*item, None);
                    assert_eq!(g.player().pack().total(), pack_before);
                }
                // Whatever is equipped is still carried.
                if let Some(t) = g.player().weapon() {
                    assert!(g.player().pack().contains(Item::Sword(t)));
                }
            }
            FightOutcome::BrokenOff => panic!("seed 002's numbers always end a fight"),
            FightOutcome::Slain => panic!("under --rules seed a death is never the end"),
        }
    }
    (g, won, lost)
}

#[test]
fn fights_are_won_and_lost_and_death_costs_an_item() {
    let (g, won, lost) = fight_until_both("battles", Rules::original());
    assert!(won > 0 && lost > 0, "won {won}, lost {lost}");
    // Slain monsters stay dead after a load.
    let restored = save_and_restore(&g, Rules::original());
    assert_eq!(restored, g);
    for (at, change) in g.changes() {
        if change.slain != 0 {
            assert!(restored.monster_of(*at).is_none());
        }
    }
}

#[test]
fn death_can_be_made_to_cost_nothing() {
    let rules = Rules { death_loses_item: false, ..Rules::original() };
    let (_, _, lost) = fight_until_both("battles", rules);
    assert!(lost > 0);
}

#[test]
fn a_restored_game_plays_on_exactly_like_the_original() {
    let mut g = game("round trip");
    let mut rng = Rng::new(Seed(11));
    random_walk(&mut g, 2000, &mut rng);
    assert!(g.player().moves().0 > 500);
    let mut copy = save_and_restore(&g, Rules::original());
    assert_eq!(copy, g);
    assert_eq!(copy.state_hash(), g.state_hash());
    let (mut r1, mut r2) = (rng.clone(), rng);
    assert_eq!(random_walk(&mut g, 1000, &mut r1), random_walk(&mut copy, 1000, &mut r2));
    assert_eq!(copy.state_hash(), g.state_hash());
}

#[test]
fn a_restored_record_is_made_consistent() {
    let g = game("repair");
    // A record inside rock (as after a change of region size) is moved to safe floor.
    let rock = Rect::new(Point::new(-40, -40), Size::new(80, 80))
        .points()
        .find(|&p| g.ground(p) == Ground::Rock)
        .expect("rock nearby");
    let player = Player::new(rock, Rng::new(Seed(1)));
    // "Opened chests" where there are none change nothing; cells outside the region are
    // dropped; the slain monster stays slain.
    let not_chests: Vec<Point> = Rect::new(Point::new(0, 0), Size::new(50, 50))
        .points()
        .filter(|&c| g.ground(c) != Ground::Chest)
        .take(2)
        .collect();
    let grounds: Vec<Ground> = not_chests.iter().map(|&c| g.ground(c)).collect();
    let mut opened: std::collections::BTreeSet<Point> = not_chests.iter().copied().collect();
    opened.insert(Point::new(50, 3));
    opened.insert(Point::new(-1, 3));
    let bogus = RegionChanges { opened, slain: 1 };
    let restored =
        Overworld::restore(g.seed(), Rules::original(), player, [(RegionCoord::new(0, 0), bogus)])
            .expect("restore");
    assert_eq!(restored.ground(restored.player().at()), Ground::Floor);
    assert!(restored.watcher(restored.player().at()).is_none());
    let kept = restored.changes().get(&RegionCoord::new(0, 0)).expect("the slain monster");
    assert!(kept.slain == 1 && kept.opened.len() == 2, "{kept:?}");
    let after: Vec<Ground> = not_chests.iter().map(|&c| restored.ground(c)).collect();
    assert_eq!(after, grounds);
    assert!(restored.monster_of(RegionCoord::new(0, 0)).is_none());
}

#[test]
fn equipping_changes_the_blows() {
    let mut g = game("equip");
    let wood = Item::Sword(SwordTier::Wood);
    assert_eq!(g.apply(Action::Equip(wood)), [Event::AlreadyEquipped(wood)]);
    assert_eq!(g.player().combatant().damage, 3);
    assert_eq!(g.player().combatant().armour, 5);
    let steel = Item::Sword(SwordTier::Steel);
    assert_eq!(g.apply(Action::Equip(steel)), [Event::NotCarried(steel)]);
}

/// The player record's layout, to write records no game would (a damaged or edited save).
#[derive(serde::Serialize)]
struct RawPlayer {
    at: Point,
    pack: RawPack,
    weapon: Option<SwordTier>,
    armour: Option<torchlit_sim::modes::overworld::ArmourTier>,
    gold: u64,
    moves: u64,
    kills: u32,
    deaths: u32,
    chests: u32,
    rng: Rng,
}

#[derive(serde::Serialize)]
struct RawPack {
    counts: BTreeMap<Item, u32>,
}

#[test]
fn odd_saved_records_never_panic() {
    let odd_places = [
        Point::new(i32::MAX, i32::MAX),
        Point::new(i32::MIN, i32::MIN),
        Point::new(i32::MAX - 30, 7),
        Point::new(0, 0),
    ];
    for (i, at) in odd_places.into_iter().enumerate() {
        let raw = RawPlayer {
            at,
            pack: RawPack {
                counts: [
                    (Item::Sword(SwordTier::Steel), 0),
                    (Item::Sword(SwordTier::Wood), u32::MAX),
                ]
                .into_iter()
                .collect(),
            },
            weapon: Some(SwordTier::Infused),
            armour: Some(torchlit_sim::modes::overworld::ArmourTier::Iron),
            gold: u64::MAX,
            moves: u64::MAX,
            kills: u32::MAX,
            deaths: u32::MAX,
            chests: u32::MAX,
            rng: Rng::new(Seed(i as u64)),
        };
        let bytes = postcard::to_allocvec(&raw).expect("encode");
        // The version 1 layout (before the default game's vitals), migrated.
        let old: PlayerV1 = postcard::from_bytes(&bytes).expect("the same layout");
        let player = Player::from(old);
        let changes = [(
            RegionCoord::new(i32::MAX, i32::MIN),
            RegionChanges { opened: [Point::new(-5, 900)].into_iter().collect(), slain: 1 },
        )];
        let rules = Rules { death_loses_item: true, ..Rules::original() };
        match Overworld::restore(Seed(i as u64), rules, player, changes) {
            Ok(mut g) => {
                assert_eq!(g.player().weapon(), None, "not carried");
                assert_eq!(g.player().armour(), None, "not carried");
                assert_eq!(g.player().pack().count(Item::Sword(SwordTier::Steel)), 0);
                assert!(g.ground(g.player().at()).is_walkable());
                let mut rng = Rng::new(Seed(3));
                random_walk(&mut g, 300, &mut rng);
                assert_eq!(g.player().moves().0, u64::MAX, "counters saturate");
            }
            Err(e) => assert!(e.to_string().contains("no floor"), "{e}"),
        }
    }
}
