//! The look page: a cursor over the map and what is under it.

use super::*;

impl CavesScreen {
    pub(super) fn look_key(&mut self, cursor: Point, input: Input) {
        let dir = match self.keymap.get(input) {
            Some(CavesCommand::Move(d)) => Some(d),
            _ => None,
        };
        match dir {
            Some(d) => {
                let size = self.game.current_level().size();
                let p = cursor + d.offset();
                let p = Point::new(
                    p.x.clamp(0, size.width as i32 - 1),
                    p.y.clamp(0, size.height as i32 - 1),
                );
                self.mode = Mode::Look { cursor: p };
            }
            None => self.mode = Mode::Play,
        }
    }

    /// What look mode says about `p` (for stairs, also where they lead).
    pub fn look_at(&self, p: Point) -> String {
        let seen = self.look_plain(p);
        match self.game.stairs_at(p) {
            Some(s) => {
                format!("{} ({}).", seen.trim_end_matches('.'), super::stairs::stairs_text(&s))
            }
            None => seen,
        }
    }

    fn look_plain(&self, p: Point) -> String {
        let g = &self.game;
        let level = g.current_level();
        if g.is_visible(p) {
            let tile = level.tile(p).map_or("nothing", Tile::name);
            let mut parts = Vec::new();
            if let Some(c) = g.visible_creature(p) {
                if c.kind() == torchlit_sim::modes::caves::CreatureKind::Player {
                    let under = level
                        .item(p)
                        .map(|i| format!(", on {}", super::text::a(&item_details(i))))
                        .unwrap_or_default();
                    return format!("You are standing on {}{under}.", tile_phrase(tile));
                } else {
                    parts.push(format!(
                        "a {} ({}/{} hp)",
                        c.kind().name(),
                        c.hp(),
                        c.stats().max_hp
                    ));
                }
            }
            if let Some(item) = level.item(p) {
                parts.push(super::text::a(&item_details(item)));
            }
            if parts.is_empty() {
                format!("You see {}.", tile_phrase(tile))
            } else {
                format!("You see {} on {}.", parts.join(" and "), tile_phrase(tile))
            }
        } else if let Some(r) = g.remembered(p) {
            match r.item {
                Some(kind) => format!(
                    "You remember {} on {}.",
                    super::text::a(&kind.name()),
                    tile_phrase(r.tile.name())
                ),
                None => format!("You remember {}.", tile_phrase(r.tile.name())),
            }
        } else {
            "You have not seen that place.".to_string()
        }
    }
}

fn tile_phrase(name: &str) -> String {
    match name {
        "floor" => "the cave floor".to_string(),
        "wall" => "solid rock".to_string(),
        "stairs up" => "stairs leading up".to_string(),
        "stairs down" => "stairs leading down".to_string(),
        other => format!("the {other}"),
    }
}

pub(super) fn direction_phrase(d: Direction) -> &'static str {
    match d {
        Direction::North => "walk north",
        Direction::NorthEast => "walk north-east",
        Direction::East => "walk east",
        Direction::SouthEast => "walk south-east",
        Direction::South => "walk south",
        Direction::SouthWest => "walk south-west",
        Direction::West => "walk west",
        Direction::NorthWest => "walk north-west",
    }
}
