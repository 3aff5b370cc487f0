//! The look cursor: a screen pushed over the map, moved with the movement keys (or a
//! click), saying what is under it on the message rows (and, in the scene, in the look
//! text); any other key closes it.

use torchlit_console::{Mouse, Scene};
use torchlit_geom::Size;

use super::scene::Over;
use super::screen::draw_over_map;
use super::*;
use crate::{Frame, Screen, Transition};

/// The hint on the first message row (and the scene's banner) while looking.
const LOOK_HINT: &str = "Look: move the cursor with the movement keys; any other key stops.";

/// Where the mouse pointed while the cursor was up: the game's look text goes on
/// describing it once the cursor closes.
pub(super) struct Looked {
    pub(super) pointed: Option<(Point, bool)>,
}

/// The look cursor over a copy of the game as it was when opened (nothing moves while
/// the player looks).
pub(super) struct LookCursor {
    below: Box<CavesScreen>,
    cursor: Point,
}

impl LookCursor {
    /// The cursor on the hero, over `screen`.
    pub(super) fn over(screen: &CavesScreen) -> LookCursor {
        LookCursor { cursor: screen.game.player().at(), below: Box::new(screen.snapshot()) }
    }

    fn closed(&self) -> Transition {
        Transition::PopWith(Box::new(Looked { pointed: self.below.pointed }))
    }
}

impl Screen for LookCursor {
    /// The cursor on the map; the hint, then what is under the cursor, on the message
    /// rows (the hint goes first when the rows run out).
    fn render(&self, frame: &mut Frame) {
        let mut lines = vec![LOOK_HINT.to_string()];
        lines.extend(wrap(&self.below.look_at(self.cursor), usize::from(frame.width())));
        draw_over_map(frame, &self.below.game, Some(self.cursor), &lines);
    }

    /// A movement key moves the cursor (never off the level); any other key closes it.
    fn handle(&mut self, input: Input) -> Transition {
        let Some(CavesCommand::Move(d)) = self.below.keymap.get(input) else {
            return self.closed();
        };
        let size = self.below.game.current_level().size();
        let p = self.cursor + d.offset();
        self.cursor =
            Point::new(p.x.clamp(0, size.width as i32 - 1), p.y.clamp(0, size.height as i32 - 1));
        Transition::Stay
    }

    fn scene(&self, view: Size) -> Option<Scene> {
        let over =
            Over { banner: Some(LOOK_HINT.to_string()), cursor: Some(self.cursor), goal: None };
        Some(self.below.scene_now(view, over))
    }

    /// A click moves the cursor there; pointing still says what is there.
    fn mouse(&mut self, event: Mouse) -> Transition {
        match event {
            Mouse::Click(p) => self.cursor = p,
            other => self.below.point(other),
        }
        Transition::Stay
    }

    fn is_overlay(&self) -> bool {
        true
    }
}

impl CavesScreen {
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
