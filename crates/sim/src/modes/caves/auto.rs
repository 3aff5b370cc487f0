//! Auto-explore and travel: one step at a time down a Dijkstra map (Brogue's explore,
//! DCSS's `o` and `G`), stopping when something needs the player's attention.

use torchlit_geom::{Direction, Point};
use torchlit_map::Tile;
use torchlit_path::{DijkstraMap, Flow, PathGrid, Rule};

use super::Caves;
use super::creature::CreatureKind;
use super::events::{Event, Refusal, Stairs, Stop};
use super::level::is_ground;

impl Caves {
    /// One step of auto-explore (`travel: None`) or of travel to the nearest known stairs
    /// of a kind. Takes a turn when it steps; ends with [`Event::AutoStopped`] when it
    /// should not go on.
    pub(super) fn auto_step(&mut self, travel: Option<Stairs>, out: &mut Vec<Event>) {
        let depth = self.depth();
        let at = self.player().at;
        if let Some(way) = travel {
            let wanted = match way {
                Stairs::Down => Tile::StairsDown,
                Stairs::Up => Tile::StairsUp,
            };
            if self.levels[depth].tile(at) == Some(wanted) {
                out.push(Event::AutoStopped(Stop::Arrived));
                return;
            }
        }
        // As DCSS: no automatic walking while a hunter is in sight.
        let hunter = self
            .visible_creature_ids()
            .into_iter()
            .filter_map(|id| self.creatures.get(id))
            .find(|c| c.kind == CreatureKind::Zombie)
            .map(|c| c.kind);
        if let Some(kind) = hunter {
            out.push(Event::AutoStopped(Stop::MonsterNearby(kind)));
            return;
        }
        let wanted = travel.map(|way| match way {
            Stairs::Down => Tile::StairsDown,
            Stairs::Up => Tile::StairsUp,
        });
        // Around the monsters in view if possible; else up to the one in the way.
        let dir = match self.auto_direction(wanted, true) {
            Some(dir) => dir,
            None => {
                let direct = self.auto_direction(wanted, false);
                let blocker = direct
                    .and_then(|d| self.visible_creature(at + d.offset()).map(|c| (c.kind, d)));
                match (direct, blocker, travel) {
                    (Some(dir), None, _) => dir,
                    (_, Some((kind, dir)), _) => {
                        out.push(Event::AutoStopped(Stop::Blocked(kind, dir)));
                        return;
                    }
                    (None, None, None) => {
                        out.push(Event::AutoStopped(Stop::Explored));
                        return;
                    }
                    (None, None, Some(way)) => {
                        out.push(Event::AutoStopped(Stop::NoRoute(way)));
                        return;
                    }
                }
            }
        };
        let hp = self.player().hp;
        let hunger = self.hero.stomach.hunger();
        let start = out.len();
        if !self.player_move(dir, out) {
            out.push(Event::AutoStopped(Stop::Explored));
            return;
        }
        self.end_turn(out);
        if self.outcome.is_some() {
            return;
        }
        let mut stop = None;
        for e in &out[start..] {
            stop = stop.or(match *e {
                // Fungi stand still and spread all the time: they stop nothing.
                Event::CameIntoView { kind } if kind != CreatureKind::Fungus => {
                    Some(Stop::MonsterInView(kind))
                }
                Event::Found { item } => Some(Stop::ItemFound(item)),
                Event::Refused(Refusal::MapEdge) => Some(Stop::Explored),
                _ => None,
            });
        }
        if stop.is_none() && self.player().hp < hp {
            stop = Some(Stop::Hurt);
        }
        let now = self.hero.stomach.hunger();
        if stop.is_none() && now < hunger {
            stop = Some(Stop::Hunger(now));
        }
        if stop.is_none()
            && let Some(way) = travel
        {
            let here = self.levels[depth].tile(self.player().at);
            let arrived = matches!(
                (way, here),
                (Stairs::Down, Some(Tile::StairsDown)) | (Stairs::Up, Some(Tile::StairsUp))
            );
            if arrived {
                stop = Some(Stop::Arrived);
            }
        }
        if let Some(stop) = stop {
            out.push(Event::AutoStopped(stop));
        }
    }

    /// The next step towards the nearest goal on a Dijkstra map over what the player
    /// remembers (`torchlit-path`, 8-way, unit steps): the goals are the cells never seen
    /// (`wanted: None`) or the remembered tiles of a kind; walking is on remembered
    /// ground, around monsters in view when `avoid` holds. Ties go to the first
    /// direction in [`Direction::ALL`] order.
    fn auto_direction(&mut self, wanted: Option<Tile>, avoid: bool) -> Option<Direction> {
        let depth = self.depth();
        let at = self.player().at;
        let size = self.levels[depth].size();
        let memory = &self.memory[depth];
        let goal = |p: Point| {
            let r = memory.get(p).copied().flatten();
            match wanted {
                None => r.is_none(),
                Some(tile) => r.is_some_and(|r| r.tile == tile),
            }
        };
        let grid = PathGrid::from_passable(size, |p| {
            if avoid && p != at && self.visible_creature(p).is_some() {
                return false;
            }
            // Explore walks towards the unknown; travel only over what is known.
            let r = memory.get(p).copied().flatten();
            match wanted {
                None => r.is_none_or(|r| is_ground(r.tile)),
                Some(_) => r.is_some_and(|r| is_ground(r.tile)),
            }
        })
        .ok()?;
        let goals: Vec<Point> = memory.iter().map(|(p, _)| p).filter(|&p| goal(p)).collect();
        let field = self.cache.field.get_or_insert_with(|| DijkstraMap::new(size, Rule::EIGHT));
        field.rebuild(&grid, Rule::EIGHT, Flow::ToGoals, goals).ok()?;
        let next = field.downhill(&grid, at, |_| 0u8)?;
        Direction::from_offset(at.offset_to(next))
    }
}
