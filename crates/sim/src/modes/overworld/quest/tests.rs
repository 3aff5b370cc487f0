//! Tests of `quest`.

use super::super::{Action, Ground, Rules};
use super::*;
use torchlit_rng::Seed;

fn game(seed: &str) -> Overworld {
    Overworld::new(Seed::from_text(seed), Rules::default()).expect("a world")
}

#[test]
fn the_shrine_is_beside_the_start_and_the_artefact_far_out() {
    for seed in ["a", "b", "c", "d"] {
        let g = game(seed);
        let shrine = g.shrine().expect("the default game has a shrine");
        assert_eq!(g.ground(shrine), Ground::Shrine);
        assert_ne!(g.player().at(), shrine);
        let art = g.artefact().expect("an artefact");
        assert_eq!(g.ground(art), Ground::Artefact);
        let rc = g.region_of(art);
        assert_eq!(Some(rc), g.artefact_region());
        let far = QuestRules::default().artefact_distance;
        assert_eq!(region_distance(rc, RegionCoord::new(0, 0)), far);
        assert!(g.monster_at(art).is_none(), "the monster's home is another cell");
    }
    let seed = Overworld::new(Seed::from_text("a"), Rules::original()).expect("a world");
    assert_eq!((seed.shrine(), seed.artefact(), seed.quest()), (None, None, None));
}

#[test]
fn monsters_farther_out_are_stronger() {
    let g = game("levels");
    let near = Monster { kind: MonsterKind::Goblin, at: Point::new(10, 10) };
    let far = Monster { kind: MonsterKind::Goblin, at: Point::new(10 + 50 * 6, 10) };
    assert_eq!(g.monster_combatant(&near), MonsterKind::Goblin.combatant());
    let f = g.monster_combatant(&far);
    // Six regions out, past the gentle ring of one region around the start: level 5.
    assert_eq!(g.monster_level(g.region_of(far.at)), 5);
    assert_eq!((f.health, f.damage, f.armour), (Hundredths(2500 + 625 * 5), 8, 5));
}

#[test]
fn resting_heals_and_the_seed_game_cannot_rest() {
    let mut g = game("rest");
    g.player.vitals.health = Hundredths(1000);
    let events = g.apply(Action::Rest);
    assert_eq!(events.first(), Some(&Event::Rested));
    assert_eq!(g.player().moves(), Turn(1));
    if !events.iter().any(|e| matches!(e, Event::Fight(_))) {
        assert_eq!(g.health(), Hundredths(1100));
    }
    let mut seed = Overworld::new(Seed::from_text("rest"), Rules::original()).expect("a world");
    assert_eq!(seed.apply(Action::Rest), [Event::CannotRest]);
    assert_eq!(seed.player().moves(), Turn(0));
}

#[test]
fn guards_stand_farther_out_and_stay_slain() {
    let mut g = game("guards");
    let start = g.region_of(g.shrine().expect("a shrine"));
    assert!(g.guards(start).is_empty(), "the start region has its wanderer only");
    let far = RegionCoord::new(start.x + 3, start.y);
    let guards = g.guards(far);
    assert_eq!(guards.len(), 3, "a region 3 out holds 3 guards: {guards:?}");
    assert_eq!(guards, game("guards").guards(far), "placed by the seed");
    let home = g.monster_of(far).map(|m| m.at);
    for guard in &guards {
        assert_eq!(g.region_of(guard.at), far);
        assert_eq!(g.ground(guard.at), Ground::Floor);
        assert_ne!(Some(guard.at), home);
        assert_eq!(g.monster_at(guard.at), Some(*guard));
    }
    let art = g.artefact_region().expect("an artefact");
    let at = g.artefact().expect("an artefact");
    assert!(g.guards(art).iter().all(|m| m.at != at), "the artefact is never guarded on");
    assert_eq!(g.guards(RegionCoord::new(start.x + 40, start.y)).len(), MAX_GUARDS as usize);
    // Slaying guard 1 leaves the others and the wanderer.
    let bit = g.slain_bit(far, &guards[1]);
    assert_eq!(bit, 0b100);
    g.change(far).slain |= bit;
    let alive = g.monsters_of(far);
    assert!(!alive.contains(&guards[1]) && alive.contains(&guards[0]), "{alive:?}");
    assert_eq!(alive.len(), guards.len() - 1 + usize::from(home.is_some()));
    let seed = Overworld::new(Seed::from_text("guards"), Rules::original()).expect("a world");
    assert!(seed.guards(far).is_empty(), "CaveGame's game has one monster a region");
}

#[test]
#[cfg(feature = "serde")]
fn a_slain_flag_saved_before_the_guards_reads_as_the_wanderers_bit() {
    #[derive(serde::Serialize)]
    struct Before {
        opened: std::collections::BTreeSet<Point>,
        monster_slain: bool,
    }
    for (flag, bits) in [(false, 0), (true, 1)] {
        let old = Before { opened: [Point::new(3, 4)].into(), monster_slain: flag };
        let bytes = postcard::to_allocvec(&old).expect("encodes");
        let now: super::super::RegionChanges = postcard::from_bytes(&bytes).expect("decodes");
        assert_eq!((now.slain, now.opened), (bits, old.opened));
    }
}

#[test]
fn a_fights_turn_heals_nothing() {
    let mut g = game("wounds");
    let spot = g.loaded_regions().into_iter().filter_map(|rc| g.monster_of(rc)).find_map(|m| {
        let watched = g.sight_of(&m);
        watched.iter().find_map(|&p| {
            CardinalDirection::ALL.iter().find_map(|&d| {
                let o = d.offset();
                let from = Point::new(p.x - o.dx, p.y - o.dy);
                let free = g.ground(from) == Ground::Floor && g.ground(p) == Ground::Floor;
                (free && g.watcher(from).is_none() && g.monster_at(p).is_none())
                    .then_some((from, d))
            })
        })
    });
    let (from, d) = spot.expect("a watched cell with an unwatched neighbour");
    g.player.at = from;
    g.player.vitals.health = Hundredths(4452);
    g.player.vitals.regen = QuestRules::default().regen_every - 1;
    let events = g.apply(Action::Move(d));
    let Some(Event::Fight(report)) = events.iter().find(|e| matches!(e, Event::Fight(_))) else {
        panic!("stepping into sight starts a fight: {events:?}")
    };
    assert_eq!(report.player.health, Hundredths(4452), "the fight starts unhealed");
    assert_eq!(g.health(), report.log.player_health, "and ends at the log's number");
}

#[test]
fn the_shrine_heals_for_gold() {
    let mut g = game("shrine");
    g.player.vitals.health = Hundredths(4050);
    g.player.gold = 7;
    assert_eq!(g.heal_at_shrine(), Event::Healed { hp: 3, paid: 6 });
    assert_eq!((g.health(), g.player().gold()), (Hundredths(4350), 1));
    g.player.gold = 100;
    assert_eq!(g.heal_at_shrine(), Event::Healed { hp: 7, paid: 14 });
    assert_eq!(g.health(), Hundredths::from_hp(PLAYER_HEALTH));
    assert_eq!(g.heal_at_shrine(), Event::Healed { hp: 0, paid: 0 });
}

#[test]
#[cfg(feature = "serde")]
fn monsters_roam_and_hunt_deterministically_and_stay_home() {
    let mut a = game("roam");
    let mut b = game("roam");
    let mut moved = false;
    let homes: Vec<_> = a.loaded_regions().iter().filter_map(|&rc| a.monster_of(rc)).collect();
    for _ in 0..40 {
        let ea = a.apply(Action::Rest);
        assert_eq!(ea, b.apply(Action::Rest));
        if a.ending().is_some() {
            break;
        }
        for (&(x, y), &at) in &a.player().vitals().roaming {
            assert_eq!(a.region_of(at), RegionCoord::new(x, y), "monsters stay home");
            assert!(a.ground(at).is_walkable());
            moved = true;
        }
    }
    assert!(moved || homes.is_empty(), "in 40 turns some monster wanders");
    assert_eq!(a.state_hash(), b.state_hash());
}

#[test]
fn a_hunting_monster_closes_in() {
    let mut g = game("hunt");
    // Put the player near a monster of a loaded region, out of its fight sight but
    // within notice, on a straight open line.
    let found = g.loaded_regions().into_iter().filter_map(|rc| g.monster_of(rc)).find_map(|m| {
        CardinalDirection::ALL.iter().find_map(|d| {
            let o = d.offset();
            let cells: Vec<Point> =
                (1..=7).map(|k| Point::new(m.at.x + o.dx * k, m.at.y + o.dy * k)).collect();
            let open = cells.iter().all(|&c| g.ground(c) == Ground::Floor);
            let spot = cells[6];
            (open && !g.sees(&m, spot)).then_some((m, spot))
        })
    });
    let Some((m, spot)) = found else { return };
    g.player.at = spot;
    let rc = g.region_of(m.at);
    let before = distance2(m.at, spot);
    let q = QuestRules::default();
    let how = Stepping { notice: q.notice, roam_percent: q.roam_percent, also: None };
    let to = g.monster_step(m, rc, how);
    assert!(distance2(to, spot) < before, "{m:?} hunts {spot:?}: went to {to:?}");
}

/// A guard of a region two to five regions from the start of `g` and a floor cell of its region
/// `notice` cells away on a straight open line, out of its sight and every monster's.
fn guard_and_spot(g: &Overworld, notice: i32) -> Option<(RegionCoord, u32, Monster, Point)> {
    let start = g.region_of(g.shrine().expect("a shrine"));
    (2..=5).flat_map(|x| [(x, 0), (0, x), (-x, 0), (0, -x)]).find_map(|(dx, dy)| {
        let rc = RegionCoord::new(start.x + dx, start.y + dy);
        (0u32..).zip(g.guards(rc)).find_map(|(k, guard)| {
            CardinalDirection::ALL.iter().find_map(|d| {
                let o = d.offset();
                let cells: Vec<Point> = (1..=notice)
                    .map(|i| Point::new(guard.at.x + o.dx * i, guard.at.y + o.dy * i))
                    .collect();
                let open = cells.iter().all(|&c| {
                    g.ground(c) == Ground::Floor
                        && g.region_of(c) == rc
                        && g.monster_at(c).is_none()
                });
                let spot = *cells.last()?;
                (open && g.watcher(spot).is_none()).then_some((rc, k, guard, spot))
            })
        })
    })
}

#[test]
fn a_guard_wakes_hunts_and_goes_back_to_its_post() {
    let q = QuestRules::default();
    assert!(q.guard_notice > 0, "guards hunt in the default game");
    let mut g = game("guard hunt");
    let n = i32::try_from(q.guard_notice).expect("small");
    let (rc, k, guard, spot) = guard_and_spot(&g, n).expect("a guard with room to hunt");
    let post = g.guard_posts(rc)[k as usize];
    assert_eq!(post, guard);
    let mut asleep = Overworld::new(
        Seed::from_text("guard hunt"),
        Rules { quest: Some(QuestRules { guard_notice: 0, ..q }), ..Rules::default() },
    )
    .expect("a world");
    for w in [&mut g, &mut asleep] {
        w.player.at = spot;
        w.player.vitals.health = Hundredths::from_hp(PLAYER_HEALTH);
        w.apply(Action::Rest);
    }
    let now = g.guards(rc)[k as usize];
    assert!(distance2(now.at, spot) < distance2(guard.at, spot), "{guard:?} -> {now:?}");
    assert_eq!(g.player().vitals().guards.get(&(rc.x, rc.y, k)), Some(&now.at));
    assert_eq!(g.region_of(now.at), rc, "a guard stays in its region");
    assert_eq!(asleep.guards(rc)[k as usize], guard, "guard_notice 0: guards never move");
    assert!(asleep.player().vitals().guards.is_empty());
    #[cfg(feature = "serde")]
    {
        let bytes = postcard::to_allocvec(g.player()).expect("encodes");
        let back: Player = postcard::from_bytes(&bytes).expect("decodes");
        assert_eq!(&back, g.player(), "the guard's cell is saved with the player");
    }
    // Far away its region is unloaded and the guard is back on its post.
    g.player.at = g.shrine().expect("a shrine");
    g.apply(Action::Move(CardinalDirection::North));
    g.apply(Action::Rest);
    assert!(g.player().vitals().guards.is_empty());
    assert_eq!(g.guards(rc)[k as usize], post);
}

#[test]
#[cfg(feature = "serde")]
fn vitals_without_guards_keep_the_version_2_layout_and_both_load() {
    #[derive(serde::Serialize)]
    struct V2 {
        version: u32,
        health: Hundredths,
        regen: u32,
        roaming: BTreeMap<(i32, i32), Point>,
        farthest: u32,
        ending: Option<Ending>,
    }
    let mut v = Vitals::fresh();
    v.roaming.insert((1, 2), Point::new(60, 110));
    (v.regen, v.farthest, v.health) = (3, 2, Hundredths(4452));
    let old = V2 {
        version: 2,
        health: v.health,
        regen: 3,
        roaming: v.roaming.clone(),
        farthest: 2,
        ending: None,
    };
    let bytes = postcard::to_allocvec(&v).expect("encodes");
    assert_eq!(bytes, postcard::to_allocvec(&old).expect("encodes"), "version 2, unchanged");
    assert_eq!(postcard::from_bytes::<Vitals>(&bytes).expect("decodes"), v);
    v.guards.insert((3, -1, 2), Point::new(170, -40));
    v.ending = Some(Ending::Slain(MonsterKind::Troll));
    let bytes = postcard::to_allocvec(&v).expect("encodes");
    assert_eq!(bytes.first(), Some(&3), "version 3 with the guards' cells");
    assert_eq!(postcard::from_bytes::<Vitals>(&bytes).expect("decodes"), v);
    let mut unknown = bytes.clone();
    unknown[0] = 9;
    let e = postcard::from_bytes::<Vitals>(&unknown).expect_err("version 9 is unknown");
    assert!(matches!(e, postcard::Error::SerdeDeCustom), "{e:?}");
    let short = &bytes[..bytes.len() - 1];
    assert!(postcard::from_bytes::<Vitals>(short).is_err(), "a cut record is refused");
}

#[test]
fn dying_ends_the_game_and_every_action_then_answers_so() {
    let mut g = game("death");
    g.player.vitals.health = Hundredths(1);
    g.player.weapon = None;
    g.player.armour = None;
    let mut ended = None;
    let mut rng = Rng::new(Seed(5));
    for _ in 0..5000u32 {
        let d = CardinalDirection::ALL[rng.below(4) as usize];
        let events = g.apply(Action::Move(d));
        if let Some(Event::GameOver(e)) = events.last() {
            ended = Some(*e);
            break;
        }
        g.player.vitals.health = Hundredths(1);
    }
    let Some(Ending::Slain(kind)) = ended else { panic!("a monster finds a 0.01 HP player") };
    assert_eq!(g.ending(), Some(Ending::Slain(kind)));
    let moves = g.player().moves();
    assert_eq!(g.apply(Action::Rest), [Event::GameOver(Ending::Slain(kind))]);
    assert_eq!(g.player().moves(), moves);
    assert_eq!(g.player().deaths(), 1);
}

#[test]
fn taking_the_artefact_wins_and_scores() {
    let mut g = game("win");
    let art = g.artefact().expect("an artefact");
    let before = g.score();
    // Stand beside it and step on.
    let (from, d) = CardinalDirection::ALL
        .iter()
        .find_map(|&d| {
            let o = d.offset();
            let from = Point::new(art.x - o.dx, art.y - o.dy);
            g.ground(from).is_walkable().then_some((from, d))
        })
        .expect("the artefact has a walkable neighbour");
    g.player.at = from;
    g.player.vitals.roaming.clear();
    let events = g.apply(Action::Move(d));
    assert_eq!(events.last(), Some(&Event::GameOver(Ending::Victory)), "{events:?}");
    assert_eq!(g.ground(art), Ground::Floor);
    assert!(g.score() >= before + 500 + 25 * u64::from(QuestRules::default().artefact_distance));
}

#[test]
#[cfg(feature = "serde")]
fn an_old_record_migrates_to_full_health() {
    let g = game("old");
    let old = PlayerV1::from(g.player());
    let bytes = postcard::to_allocvec(&old).expect("encodes");
    let back: PlayerV1 = postcard::from_bytes(&bytes).expect("decodes");
    let p = Player::from(back);
    assert_eq!(p.at(), g.player().at());
    assert_eq!(p.vitals(), &Vitals::fresh());
    // A version 1 record is not a version 2 one, and the other way round.
    assert!(postcard::take_from_bytes::<Player>(&bytes).is_err());
    let new = postcard::to_allocvec(g.player()).expect("encodes");
    assert!(!matches!(postcard::take_from_bytes::<PlayerV1>(&new), Ok((_, []))));
}

#[test]
fn a_hunter_is_no_faster_than_the_player_in_the_default_game() {
    let q = QuestRules::default();
    assert_eq!(q.fast_from, 0, "hunters walk, so a player can walk away");
    let n = i32::try_from(q.guard_notice).expect("small");
    let run = |quest: QuestRules| {
        let rules = Rules { quest: Some(quest), ..Rules::default() };
        let mut g = Overworld::new(Seed::from_text("guard hunt"), rules).expect("a world");
        let (rc, k, guard, spot) = guard_and_spot(&g, n).expect("a guard with room to hunt");
        g.player.at = spot;
        assert!(g.is_guard(&guard) && g.is_hunting(&guard), "{guard:?} sees the player");
        g.apply(Action::Rest);
        let now = g.guards(rc)[k as usize];
        (i64::from(now.at.x - guard.at.x).abs() + i64::from(now.at.y - guard.at.y).abs(), now)
    };
    assert_eq!(run(q).0, 1, "one step a turn, as the player");
    assert_eq!(run(QuestRules { fast_from: 1, ..q }).0, 2, "the old runners: two");
    let seed = Overworld::new(Seed::from_text("guard hunt"), Rules::original()).expect("a world");
    let m = seed.monster_of(RegionCoord::new(0, 0)).expect("a monster");
    assert!(!seed.is_hunting(&m) && !seed.is_guard(&m), "nothing hunts in CaveGame's game");
}
