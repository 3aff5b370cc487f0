//! The words of `overworld`: events and fight logs as sentences.

use torchlit_sim::modes::overworld::combat::{FightEntry, Hundredths, Side};
use torchlit_sim::modes::overworld::{
    Blocker, Ending, Event, FightOutcome, FightReport, Item, MonsterKind, Odds, Reward,
};

/// The player's health on the status line in whole hit points, read at a glance:
/// `hp 44/50` for the fight log's `Health: 44.52`. Rounded down as [`whole_hp`] (never
/// `50/50` before it is full), but a living hero never reads 0: `hp 1/50` for 0.40.
pub fn health_text(health: Hundredths, full: u32) -> String {
    let hp = if health.0 > 0 { whole_hp(health).max(1) } else { 0 };
    format!("hp {hp}/{full}")
}

/// Health as a whole number of hit points, the one rounding rule of every place that
/// shows whole hit points (the browser's health meter and life bars, a monster's hit
/// points, rest's `+N health`): rounded down, so it never reads above the fight log's
/// exact `Health: 44.52` nor says "full" before it is. The fight log shows the exact
/// hundredths; the status line ([`health_text`]) whole ones, at least 1 while alive.
pub fn whole_hp(health: Hundredths) -> u32 {
    health.0 / 100
}

/// A monster's strength, as a player sees it before a fight: `goblin, level 1: 31 hp,
/// 4 damage, 1 armour`.
pub fn strength_text(kind: MonsterKind, odds: &Odds) -> String {
    let f = &odds.foe;
    format!(
        "{kind}, level {}: {} hp, {} damage, {} armour",
        odds.level,
        whole_hp(f.health),
        f.damage,
        f.armour
    )
}

/// The player's odds against a monster, in a few words: `you win 97 % (about 21 hp
/// left)`, `you win 0 %`.
pub fn odds_text(odds: &Odds) -> String {
    match odds.health_after {
        Some(h) => format!("you win {} % (about {} hp left)", odds.win_percent, whole_hp(h)),
        None => format!("you win {} %", odds.win_percent),
    }
}

/// `rewards` as a list, the gold added up first and the same item counted: `7 gold, an
/// iron sword and leather armour`, `2 iron swords`; `nothing` when empty.
pub fn rewards_text(rewards: &[Reward]) -> String {
    let gold: u64 =
        rewards.iter().map(|r| if let Reward::Gold(g) = r { u64::from(*g) } else { 0 }).sum();
    let has_gold = rewards.iter().any(|r| matches!(r, Reward::Gold(_)));
    let mut counted: Vec<(Item, usize)> = Vec::new();
    for r in rewards {
        if let Reward::Item(item) = r {
            match counted.iter_mut().find(|(i, _)| i == item) {
                Some((_, n)) => *n += 1,
                None => counted.push((*item, 1)),
            }
        }
    }
    let items = counted.into_iter().map(|(item, n)| match (n, item) {
        (1, _) => with_article(item),
        (n, Item::Sword(_)) => format!("{n} {}s", item.name()),
        (n, Item::Armour(_)) => format!("{n} suits of {}", item.name()),
    });
    let words: Vec<String> =
        has_gold.then(|| format!("{gold} gold")).into_iter().chain(items).collect();
    match words.as_slice() {
        [] => "nothing".to_string(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// `an iron sword`, `leather armour` (armour is uncountable).
pub fn with_article(item: Item) -> String {
    match item {
        Item::Sword(_) => crate::grammar::indefinite(&item.name()),
        Item::Armour(_) => item.name(),
    }
}

/// The message for an event outside fights (`None`: nothing to say).
pub fn message_of(event: &Event) -> Option<String> {
    Some(match event {
        Event::Moved { .. } => return None,
        Event::Blocked { by: Blocker::Rock, .. } => "The rock blocks your way.".to_string(),
        Event::Blocked { by: Blocker::Edge, .. } => "This is the end of the world.".to_string(),
        Event::Blocked { by: Blocker::Monster(kind), .. } => {
            format!("The {kind} stands in your way.")
        }
        Event::EnteredRegion { to, .. } => format!("You enter region ({}, {}).", to.x, to.y),
        Event::ChestOpened { rewards, .. } if rewards.is_empty() => {
            "You open a chest: it is empty.".to_string()
        }
        Event::ChestOpened { rewards, .. } => {
            format!("You open a chest and find {}.", rewards_text(rewards))
        }
        Event::Fight(report) => outcome_text(report),
        Event::Equipped(item @ Item::Sword(_)) => format!("You wield the {}.", item.name()),
        Event::Equipped(item @ Item::Armour(_)) => format!("You wear the {}.", item.name()),
        Event::AlreadyEquipped(item) => format!("The {} is already equipped.", item.name()),
        Event::NotCarried(item) => format!("You carry no {}.", item.name()),
        Event::Dropped(item) => format!("You drop {} and leave it behind.", with_article(*item)),
        Event::Rested => "You rest.".to_string(),
        Event::CannotRest => "There is no resting in CaveGame's rules (--rules seed).".to_string(),
        Event::Healed { hp: 0, .. } => {
            "The shrine's light is warm. (It heals for gold.)".to_string()
        }
        Event::Healed { hp, paid } => format!("The shrine heals {hp} health for {paid} gold."),
        Event::GameOver(Ending::Victory) => {
            "You lift the artefact! The caves fall silent: you have won.".to_string()
        }
        Event::GameOver(Ending::Slain(kind)) => {
            format!("The {kind} has killed you. The game is over.")
        }
    })
}

/// How a fight ended, in one sentence.
pub fn outcome_text(report: &FightReport) -> String {
    let kind = report.monster.kind;
    match &report.outcome {
        FightOutcome::Won { rewards } if rewards.is_empty() => {
            format!("You have killed the {kind}!")
        }
        FightOutcome::Won { rewards } => {
            format!("You have killed the {kind}! It leaves {}.", rewards_text(rewards))
        }
        FightOutcome::Lost { respawned_at, lost: Some(item) } => format!(
            "You have been killed by the {kind}. You wake up at ({}, {}) without your {}.",
            respawned_at.x,
            respawned_at.y,
            item.name()
        ),
        FightOutcome::Lost { respawned_at, lost: None } => format!(
            "You have been killed by the {kind}. You wake up at ({}, {}).",
            respawned_at.x, respawned_at.y
        ),
        FightOutcome::Slain => format!("You have been killed by the {kind}."),
        FightOutcome::BrokenOff => {
            format!("Neither you nor the {kind} can hurt the other: you back away.")
        }
    }
}

/// Who strikes first, as the seed says it ("Enemy goes first.").
pub fn opening_text(report: &FightReport) -> String {
    let kind = report.monster.kind;
    match report.log.first {
        Side::Player => format!("A {kind} sees you! You strike first."),
        Side::Monster => format!("A {kind} sees you! The {kind} strikes first."),
    }
}

/// One line of the fight log, in CaveGame's words ("Enemy attacks Player for 1.92 damage,
/// using 3 armour (2 remaining). Health: 48.08").
pub fn entry_text(entry: &FightEntry, kind: MonsterKind) -> String {
    match *entry {
        FightEntry::Blow {
            attacker: Side::Monster,
            damage,
            armour_used,
            armour_left,
            health_left,
        } => {
            let armour = if armour_used > 0 {
                format!(", using {armour_used} armour ({armour_left} remaining)")
            } else {
                String::new()
            };
            format!("The {kind} hits you for {damage} damage{armour}. Health: {health_left}")
        }
        FightEntry::Blow {
            attacker: Side::Player,
            damage,
            armour_used,
            armour_left,
            health_left,
        } => {
            let armour = if armour_used > 0 {
                format!(", through {armour_used} armour ({armour_left} remaining)")
            } else {
                String::new()
            };
            format!("You hit the {kind} for {damage} damage{armour}. Its health: {health_left}")
        }
        FightEntry::Stun { attacker: Side::Monster } => {
            format!("You are stunned! The {kind} attacks again.")
        }
        FightEntry::Stun { attacker: Side::Player } => {
            format!("You stun the {kind} and attack again.")
        }
        FightEntry::ArmourRestored { side: Side::Player, points } => {
            format!("You recover {points} armour.")
        }
        FightEntry::ArmourRestored { side: Side::Monster, points } => {
            format!("The {kind} recovers {points} armour.")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use torchlit_sim::modes::overworld::combat::Hundredths;
    use torchlit_sim::modes::overworld::{ArmourTier, SwordTier};

    #[test]
    fn lists_read_naturally() {
        assert_eq!(rewards_text(&[]), "nothing");
        assert_eq!(
            rewards_text(&[
                Reward::Gold(7),
                Reward::Item(Item::Sword(SwordTier::Iron)),
                Reward::Item(Item::Armour(ArmourTier::Leather)),
            ]),
            "7 gold, an iron sword and leather armour"
        );
        assert_eq!(rewards_text(&[Reward::Gold(7), Reward::Gold(6)]), "13 gold");
        let iron = Reward::Item(Item::Sword(SwordTier::Iron));
        let leather = Reward::Item(Item::Armour(ArmourTier::Leather));
        assert_eq!(rewards_text(&[iron, iron]), "2 iron swords");
        assert_eq!(
            rewards_text(&[leather, iron, leather]),
            "2 suits of leather armour and an iron sword"
        );
    }

    #[test]
    fn the_status_health_is_whole_and_never_0_while_alive() {
        assert_eq!(health_text(Hundredths(4452), 50), "hp 44/50");
        assert_eq!(health_text(Hundredths(4999), 50), "hp 49/50", "full only when full");
        assert_eq!(health_text(Hundredths(5000), 50), "hp 50/50");
        assert_eq!(health_text(Hundredths(1), 50), "hp 1/50", "alive is never 0");
        assert_eq!(health_text(Hundredths(0), 50), "hp 0/50");
    }

    #[test]
    fn a_stun_says_what_happens_next() {
        let stun = |attacker| entry_text(&FightEntry::Stun { attacker }, MonsterKind::Goblin);
        assert_eq!(stun(Side::Monster), "You are stunned! The goblin attacks again.");
        assert_eq!(stun(Side::Player), "You stun the goblin and attack again.");
    }

    #[test]
    fn blows_read_like_the_seed_log() {
        let blow = FightEntry::Blow {
            attacker: Side::Monster,
            damage: Hundredths(192),
            armour_used: 3,
            armour_left: 2,
            health_left: Hundredths(4808),
        };
        assert_eq!(
            entry_text(&blow, MonsterKind::Goblin),
            "The goblin hits you for 1.92 damage, using 3 armour (2 remaining). Health: 48.08"
        );
    }
}
