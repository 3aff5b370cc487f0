//! Tests of `overworld`.

use super::*;

fn game(seed: &str) -> Overworld {
    Overworld::new(Seed::from_text(seed), Rules::original()).expect("a world")
}

#[test]
fn the_player_starts_on_safe_floor_near_the_origin() {
    let g = game("abc123");
    let at = g.player().at();
    assert_eq!(g.ground(at), Ground::Floor);
    assert!(g.watcher(at).is_none());
    assert!(at.x.abs() < 50 && at.y.abs() < 50, "{at:?}");
    assert_eq!(g.player().weapon(), Some(SwordTier::Wood));
    assert_eq!(g.player().armour(), Some(ArmourTier::Leather));
}

#[test]
fn each_region_has_one_monster_near_its_centre_on_floor() {
    let g = game("monsters");
    for y in -2..2 {
        for x in -2..2 {
            let rc = RegionCoord::new(x, y);
            let m = g.monster_of(rc).expect("every region has floor, so a monster");
            assert_eq!(g.region_of(m.at), rc);
            assert_eq!(g.ground(m.at), Ground::Floor, "never on a chest");
            let centre = Point::new(x * 50 + 25, y * 50 + 25);
            let d = (m.at.x - centre.x).abs().max((m.at.y - centre.y).abs());
            // The first spawnable cell of the spiral: nothing spawnable is nearer.
            for yy in -d + 1..d {
                for xx in -d + 1..d {
                    let p = Point::new(centre.x + xx, centre.y + yy);
                    assert!(g.ground(p) != Ground::Floor, "{p:?} is nearer than {m:?}");
                }
            }
        }
    }
}

#[test]
fn equip_needs_the_item() {
    let mut g = game("equip");
    let iron = Item::Sword(SwordTier::Iron);
    assert_eq!(g.apply(Action::Equip(iron)), [Event::NotCarried(iron)]);
    let wood = Item::Sword(SwordTier::Wood);
    assert_eq!(g.apply(Action::Equip(wood)), [Event::AlreadyEquipped(wood)]);
    g.player.pack.add(iron);
    assert_eq!(g.apply(Action::Equip(iron)), [Event::Equipped(iron)]);
    assert_eq!(g.player().combatant().damage, 7);
}

#[test]
fn dropping_leaves_one_item_behind_and_takes_off_what_is_gone() {
    let mut g = game("drop");
    let (wood, iron) = (Item::Sword(SwordTier::Wood), Item::Sword(SwordTier::Iron));
    assert_eq!(g.apply(Action::Drop(iron)), [Event::NotCarried(iron)]);
    g.player.pack.add(wood);
    assert_eq!(g.apply(Action::Drop(wood)), [Event::Dropped(wood)]);
    assert_eq!((g.player().pack().count(wood), g.player().weapon()), (1, Some(SwordTier::Wood)));
    assert_eq!(g.apply(Action::Drop(wood)), [Event::Dropped(wood)]);
    assert_eq!((g.player().pack().count(wood), g.player().weapon()), (0, None));
    assert_eq!(g.player().combatant().damage, FIST_DAMAGE);
    assert_eq!(g.player().moves().0, 0, "no turn passes");
}
