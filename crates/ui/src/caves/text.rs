//! Words for what happened: events become the tutorial's second-person messages ("You hit
//! the bat for 7 damage." / "The bat bites you for 1 damage."), through the engine's
//! grammar helper.

use crate::grammar::{Noun, capitalize, indefinite, sentence};
use torchlit_sim::modes::caves::{
    Cause, CreatureKind, Event, Hunger, ItemKind, Outcome, Refusal, Stairs, Stop, Summary, Who,
};

fn noun(who: Who) -> (Noun<'static>, CreatureKind) {
    match who {
        Who::You => (Noun::You, CreatureKind::Player),
        Who::It(kind) => (Noun::The(kind.name()), kind),
    }
}

/// The message for an event, or `None` for events that need no words (a step).
pub fn message_of(event: &Event) -> Option<String> {
    Some(match *event {
        Event::Moved { .. } => return None,
        Event::Attacked { attacker, target, damage } => {
            let (a, kind) = noun(attacker);
            let (t, _) = noun(target);
            sentence(a, kind.attack_verb(), Some(t), &format!(" for {damage} damage"))
        }
        Event::Died { who: Who::You } => "You die...".to_string(),
        Event::Died { who } => sentence(noun(who).0, "die", None, ""),
        Event::Dug { .. } => sentence(Noun::You, "dig", None, " through the rock"),
        // The tutorial's words; several in one turn are merged by `messages_of`.
        Event::Bumped { who } => sentence(noun(who).0, "bump", None, " into a wall"),
        Event::Spawned { parent } => sentence(noun(parent).0, "spawn", Some(Noun::A("child")), ""),
        Event::TookStairs { way, depth } => {
            let verb = match way {
                Stairs::Down => "walk down",
                Stairs::Up => "walk up",
            };
            sentence(
                Noun::You,
                verb,
                Some(Noun::The("stairs")),
                &format!(" to level {}", depth.saturating_add(1)),
            )
        }
        Event::StairsBlocked { way, kind } => {
            let end = match way {
                Stairs::Down => "foot",
                Stairs::Up => "top",
            };
            format!(
                "{} stands at the {end} of the stairs: you attack it.",
                capitalize(&indefinite(kind.name()))
            )
        }
        // Fungi spread all the time: their arrivals are noise (spawning is told).
        Event::CameIntoView { kind: CreatureKind::Fungus } => return None,
        Event::CameIntoView { kind } => {
            format!("{} comes into view.", crate::grammar::capitalize(&indefinite(kind.name())))
        }
        Event::Found { item } => format!("You see {}.", a(&item.name())),
        Event::ItemHere { item } => format!("You see {} here.", a(&item.name())),
        Event::PickedUp { item, slot } => {
            let name = item.name();
            format!("You pick up {} ({}).", a(&name), slot.letter())
        }
        Event::Dropped { item } => format!("You drop {}.", a(&item.name())),
        Event::Landed { item } => {
            format!("{} lands between your feet.", capitalize(&a(&item.name())))
        }
        Event::Ate { item } => format!("You eat {}.", a(&item.name())),
        Event::Equipped { item, wielded } => {
            let verb = if wielded { "wield" } else { "put on" };
            format!("You {verb} {}.", a(&item.name()))
        }
        Event::Unequipped { item, wielded } => {
            let verb = if wielded { "put away" } else { "remove" };
            sentence(Noun::You, verb, Some(Noun::Your(&item.name())), "")
        }
        Event::StomachStretched => "You can't believe your stomach can hold that much!".to_string(),
        Event::HungerChanged { hunger } => match hunger {
            Hunger::Hungry => "You are getting hungry.".to_string(),
            Hunger::Starving => "You are starving! Eat something soon.".to_string(),
            other => format!("You feel {}.", other.name().to_lowercase()),
        },
        Event::Refused(r) => refusal(r),
        Event::AutoStopped(stop) => return stopped(stop),
        Event::GameOver(Outcome::Won) => {
            "You climb out of the caves with the teddy bear. You win!".to_string()
        }
        Event::GameOver(Outcome::Lost(cause)) => format!("{}.", capitalized_cause(cause)),
    })
}

/// An item's name with its article: "a rock", "an apple", but "some bread", "some
/// chainmail" (mass nouns take no "a"; `name` may go on after its first word).
pub fn a(name: &str) -> String {
    let first = name.split([' ', ',']).next().unwrap_or(name);
    if matches!(first, "bread" | "chainmail" | "platemail") {
        format!("some {name}")
    } else {
        indefinite(name)
    }
}

/// The plural of a creature's name ("fungi", "bats", "zombies").
pub fn plural(kind: CreatureKind) -> &'static str {
    match kind {
        CreatureKind::Player => "players",
        CreatureKind::Fungus => "fungi",
        CreatureKind::Bat => "bats",
        CreatureKind::Zombie => "zombies",
    }
}

/// `n` creatures of a kind, counted: "a bat", "2 bats", "1 fungus", "3 fungi".
pub fn count_of(n: u32, kind: CreatureKind) -> String {
    if n == 1 { format!("1 {}", kind.name()) } else { format!("{n} {}", plural(kind)) }
}

/// The messages of a list of events (one turn, or one press of explore), repeats merged:
/// "A bat comes into view." twice becomes "2 bats come into view." (one event per
/// creature), "The bat dies." twice "2 bats die."; other repeats get a count ("The bat
/// bumps into a wall. (x3)": one bat may bump twice). The order is that of each message's first
/// event.
pub fn messages_of(events: &[Event]) -> Vec<String> {
    let mut counted: Vec<(Event, u32)> = Vec::new();
    for &event in events {
        if message_of(&event).is_none() {
            continue;
        }
        match counted.iter_mut().find(|(e, _)| *e == event) {
            Some((_, n)) => *n += 1,
            None => counted.push((event, 1)),
        }
    }
    // Kinds that died earlier in the list: a later blow at that kind is at another one
    // ("The zombie dies. The bat bites another zombie.").
    let mut dead: Vec<CreatureKind> = Vec::new();
    let mut out = Vec::new();
    for (event, n) in counted {
        let line = if n == 1 {
            message_of(&event)
        } else {
            match event {
                Event::CameIntoView { kind } => {
                    Some(format!("{} come into view.", count_of(n, kind)))
                }
                Event::Died { who: Who::It(kind) } => {
                    Some(format!("{} die.", capitalize(&count_of(n, kind))))
                }
                other => message_of(&other).map(|d| format!("{d} (x{n})")),
            }
        };
        let Some(mut line) = line else { continue };
        match event {
            Event::Attacked { target: Who::It(kind), .. } if dead.contains(&kind) => {
                let (the, another) =
                    (format!("the {}", kind.name()), format!("another {}", kind.name()));
                line = line.replacen(&the, &another, 1);
            }
            Event::Died { who: Who::It(kind) } => dead.push(kind),
            _ => {}
        }
        out.push(line);
    }
    out
}

fn refusal(r: Refusal) -> String {
    match r {
        Refusal::NothingHere => "You grab at the ground: there is nothing here.".to_string(),
        Refusal::PackFull => "You grab at the ground, but your pack is full.".to_string(),
        Refusal::EmptySlot(slot) => format!("You have nothing in slot {}.", slot.letter()),
        Refusal::NotEdible(item) => format!("You can't eat the {}.", item.name()),
        Refusal::NotEquippable(item) => format!("You can't wear or wield the {}.", item.name()),
        Refusal::NowhereToDrop(item) => format!("There's nowhere to drop the {}.", item.name()),
        Refusal::MapEdge => "The rock here is too hard to dig: the edge of the world.".to_string(),
        Refusal::NoStairs(Stairs::Up) => {
            "You try to go up but are stopped by the cave ceiling.".to_string()
        }
        Refusal::NoStairs(Stairs::Down) => {
            "You try to go down but are stopped by the cave floor.".to_string()
        }
        Refusal::GameOver => "The game is over.".to_string(),
    }
}

/// What travel says when it reaches the stairs (the screen words it otherwise for an
/// item, or when the hero was there already).
pub(crate) const ARRIVED: &str = "You arrive at the stairs.";

/// What travel up says when it knows no reachable staircase up (the screen words it
/// otherwise on level 1, where the only one is the exit).
pub(crate) const NO_WAY_UP: &str = "You know of no way up that you can reach.";

fn stopped(stop: Stop) -> Option<String> {
    Some(match stop {
        // The event that stopped it already has its own message.
        Stop::MonsterInView(_) | Stop::ItemFound(_) | Stop::Hurt | Stop::Hunger(_) => {
            return None;
        }
        Stop::Blocked(kind, dir) => {
            format!("{} {} blocks the way.", capitalize(&indefinite(kind.name())), towards(dir))
        }
        Stop::MonsterNearby(kind @ CreatureKind::Zombie) => {
            format!("Not with {} in view!", indefinite(kind.name()))
        }
        Stop::MonsterNearby(kind) => {
            format!("{} is too close.", capitalize(&indefinite(kind.name())))
        }
        Stop::Explored => {
            "Nothing left to explore here that you can reach without digging.".to_string()
        }
        Stop::Arrived => ARRIVED.to_string(),
        Stop::NoRoute(Stairs::Down) => "You know of no way down that you can reach.".to_string(),
        Stop::NoRoute(Stairs::Up) => NO_WAY_UP.to_string(),
        Stop::NoProgress => "You make no progress: the way keeps changing.".to_string(),
        Stop::HungryWithFood => "You are hungry; eat first.".to_string(),
        Stop::Starving => "You are starving: resting will not help; find food.".to_string(),
        Stop::Rested => "You are done resting.".to_string(),
        Stop::NoItem => "You know of no item you can reach here.".to_string(),
        Stop::NoPath => "You know of no way there.".to_string(),
        Stop::Adjacent(kind) => {
            format!("{} is next to you.", capitalize(&indefinite(kind.name())))
        }
    })
}

fn towards(dir: torchlit_geom::Direction) -> &'static str {
    use torchlit_geom::Direction::*;
    match dir {
        North => "to the north",
        NorthEast => "to the north-east",
        East => "to the east",
        SouthEast => "to the south-east",
        South => "to the south",
        SouthWest => "to the south-west",
        West => "to the west",
        NorthWest => "to the north-west",
    }
}

/// "killed by a zombie", "starved to death"...
pub fn cause(cause: Cause) -> String {
    match cause {
        Cause::KilledBy(kind) => format!("killed by {}", indefinite(kind.name())),
        Cause::Starved => "starved to death".to_string(),
        Cause::Overate => "burst from overeating".to_string(),
        Cause::LeftWithoutTreasure => "fled the caves without the teddy bear".to_string(),
    }
}

fn capitalized_cause(c: Cause) -> String {
    format!(
        "You {}",
        match c {
            Cause::KilledBy(kind) => format!("were killed by {}", indefinite(kind.name())),
            Cause::Starved => "starved to death".to_string(),
            Cause::Overate => "burst from overeating".to_string(),
            Cause::LeftWithoutTreasure => "fled the caves without the teddy bear".to_string(),
        }
    )
}

/// The one-line verdict of a run: "Escaped with the teddy bear" / "Killed by a zombie on
/// level 3".
pub fn verdict(summary: &Summary, depth_now: usize) -> String {
    match summary.outcome {
        Some(Outcome::Won) => "Escaped the caves with the teddy bear".to_string(),
        Some(Outcome::Lost(Cause::LeftWithoutTreasure)) => {
            "Fled the caves without the teddy bear".to_string()
        }
        Some(Outcome::Lost(c)) => {
            let mut text = cause(c);
            if let Some(first) = text.get(..1) {
                text = first.to_uppercase() + &text[1..];
            }
            format!("{text} on level {}", depth_now + 1)
        }
        None => format!("Still alive on level {}", depth_now + 1),
    }
}

/// The name of an item with its values, for inventory lists ("sword (attack 10)").
pub fn item_details(item: &torchlit_sim::modes::caves::Item) -> String {
    let mut parts = Vec::new();
    if item.attack != 0 {
        parts.push(format!("attack {}", item.attack));
    }
    if item.defense != 0 {
        parts.push(format!("defense {}", item.defense));
    }
    if item.food != 0 {
        parts.push(format!("food {}", item.food));
    }
    if item.kind == ItemKind::TeddyBear {
        parts.push("bring it up the exit stairs".to_string());
    }
    if parts.is_empty() { item.name() } else { format!("{} ({})", item.name(), parts.join(", ")) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use torchlit_sim::modes::caves::Slot;

    #[test]
    fn a_creature_on_the_stairs_is_named_before_the_blow() {
        let down = Event::StairsBlocked { way: Stairs::Down, kind: CreatureKind::Bat };
        let up = Event::StairsBlocked { way: Stairs::Up, kind: CreatureKind::Zombie };
        assert_eq!(
            message_of(&down).as_deref(),
            Some("A bat stands at the foot of the stairs: you attack it.")
        );
        assert_eq!(
            message_of(&up).as_deref(),
            Some("A zombie stands at the top of the stairs: you attack it.")
        );
    }

    #[test]
    fn a_blow_after_a_death_of_that_kind_is_at_another_one() {
        let zombie = Who::It(CreatureKind::Zombie);
        let bat = Who::It(CreatureKind::Bat);
        let died = Event::Died { who: zombie };
        let bite = Event::Attacked { attacker: bat, target: zombie, damage: 3 };
        let lines = messages_of(&[died, bite]);
        assert_eq!(lines[0], "The zombie dies.");
        assert!(
            lines[1].contains("another zombie") && !lines[1].contains("the zombie"),
            "{lines:?}"
        );
        // A blow that comes before the death is at the one that died.
        let lines = messages_of(&[bite, died]);
        assert!(lines[0].contains("the zombie"), "{lines:?}");
    }

    #[test]
    fn second_person_from_the_players_side() {
        let hit =
            Event::Attacked { attacker: Who::You, target: Who::It(CreatureKind::Bat), damage: 7 };
        assert_eq!(message_of(&hit).as_deref(), Some("You hit the bat for 7 damage."));
        let bite =
            Event::Attacked { attacker: Who::It(CreatureKind::Bat), target: Who::You, damage: 1 };
        assert_eq!(message_of(&bite).as_deref(), Some("The bat bites you for 1 damage."));
        let claw = Event::Attacked {
            attacker: Who::It(CreatureKind::Zombie),
            target: Who::It(CreatureKind::Fungus),
            damage: 3,
        };
        assert_eq!(message_of(&claw).as_deref(), Some("The zombie claws the fungus for 3 damage."));
        assert_eq!(
            message_of(&Event::Died { who: Who::It(CreatureKind::Zombie) }).as_deref(),
            Some("The zombie dies.")
        );
        let slot = Slot::from_letter('c').expect("c");
        assert_eq!(
            message_of(&Event::PickedUp { item: ItemKind::Apple, slot }).as_deref(),
            Some("You pick up an apple (c).")
        );
        assert_eq!(
            message_of(&Event::Landed { item: ItemKind::Corpse(CreatureKind::Bat) }).as_deref(),
            Some("A bat corpse lands between your feet.")
        );
        assert_eq!(
            message_of(&Event::Unequipped { item: ItemKind::Sword, wielded: true }).as_deref(),
            Some("You put away your sword.")
        );
        assert_eq!(
            message_of(&Event::Spawned { parent: Who::It(CreatureKind::Fungus) }).as_deref(),
            Some("The fungus spawns a child.")
        );
        assert_eq!(
            message_of(&Event::CameIntoView { kind: CreatureKind::Zombie }).as_deref(),
            Some("A zombie comes into view.")
        );
        assert_eq!(message_of(&Event::Moved { to: torchlit_geom::Point::ORIGIN }), None);
    }
}
