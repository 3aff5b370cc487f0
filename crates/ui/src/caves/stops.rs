//! What the screen says when a press of explore, travel or rest stops: the sim's words
//! for the stop, fitted to what the press was and did.

use torchlit_sim::modes::caves::{CreatureKind, Event, Stop};

use super::{Auto, CavesScreen, text};

impl CavesScreen {
    /// Fits the stop's words in `said` to the press `auto` (which `moved` or not): where
    /// travel arrived, that a zombie seen again after a step stops it (not "Not with a
    /// zombie in view!", which refuses a press that has not begun), why a rest ended
    /// when no message of its own says it last, and the stairs stepped onto.
    pub(super) fn stop_words(&self, auto: Auto, moved: bool, said: &mut Vec<String>) {
        let refused =
            text::message_of(&Event::AutoStopped(Stop::MonsterNearby(CreatureKind::Zombie)));
        for line in said.iter_mut() {
            if line == text::ARRIVED {
                *line = match (auto, moved) {
                    (Auto::Item, true) => "You reach the item.".to_string(),
                    (Auto::Item, false) => "You are already there.".to_string(),
                    (Auto::Cell(p), true) if self.game.stairs_at(p).is_some() => {
                        text::ARRIVED.to_string()
                    }
                    (Auto::Cell(_), true) => "You arrive.".to_string(),
                    (Auto::Cell(_), false) => "You are already there.".to_string(),
                    (_, false) => "You are already on the stairs.".to_string(),
                    (_, true) => text::ARRIVED.to_string(),
                };
            } else if moved && Some(&*line) == refused.as_ref() {
                *line = "You stop: a zombie is in view.".to_string();
            }
        }
        if auto == Auto::Rest
            && let Some(why) = self.rest_reason()
        {
            said.push(why);
        }
        if moved && !said.iter().any(|l| l == text::ARRIVED) {
            said.extend(self.stairs_here());
        }
    }

    /// Why a rest stopped, when the stop's own message is another event's (a blow, a
    /// monster, hunger) that may have been said earlier in the rest.
    fn rest_reason(&self) -> Option<String> {
        let stop = self.run_events.iter().rev().find_map(|e| match e {
            Event::AutoStopped(stop) => Some(*stop),
            _ => None,
        })?;
        Some(match stop {
            Stop::Hurt => "You stop resting: you were hurt.".to_string(),
            Stop::Hunger(h) => format!("You stop resting: you are {}.", h.name().to_lowercase()),
            Stop::MonsterInView(kind) => {
                format!("You stop resting: a {} came into view.", kind.name())
            }
            Stop::ItemFound(_) => "You stop resting: you noticed something.".to_string(),
            _ => return None,
        })
    }
}
