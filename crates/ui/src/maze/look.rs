//! How the maze looks in a terminal: a glyph pair and colours per cell and actor, and
//! the animation frames (timed in ticks from the game's clock, never a wall clock).

use torchlit_geom::CardinalDirection;
use torchlit_sim::modes::maze::{
    CellType, Countdown, Life, MonsterState, PortalState, Side, rules::VANISH_TICKS,
};

use crate::sprite;
use crate::{Rgb, Sprite, palette};

/// What one map cell shows: two glyphs (a cell is two columns wide at scale 1), colours,
/// and optionally a health bar (`current`, `max`, colour).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Look {
    /// The two glyphs.
    pub glyphs: [char; 2],
    /// Foreground.
    pub fg: Rgb,
    /// Background.
    pub bg: Rgb,
    /// Bold.
    pub bold: bool,
    /// Fill the whole block with the first glyph when scaled up (walls, rocks).
    pub fill: bool,
    /// A health bar: current, max, colour.
    pub bar: Option<(i32, i32, Rgb)>,
    /// What it is, for tile front ends.
    pub sprite: Sprite,
}

/// The ground's background.
pub const GROUND_BG: Rgb = palette::MAZE_GROUND_BG;

impl Look {
    /// Two glyphs in `fg` on the ground.
    pub const fn new(glyphs: [char; 2], fg: Rgb) -> Look {
        Look {
            glyphs,
            fg,
            bg: GROUND_BG,
            bold: false,
            fill: false,
            bar: None,
            sprite: Sprite::NONE,
        }
    }

    const fn sprite(mut self, sprite: Sprite) -> Look {
        self.sprite = sprite;
        self
    }

    const fn bold(mut self) -> Look {
        self.bold = true;
        self
    }

    const fn filled(mut self, bg: Rgb) -> Look {
        self.fill = true;
        self.bg = bg;
        self
    }

    fn with_bar(mut self, life: &Life, colour: Rgb) -> Look {
        self.bar = Some((life.current().max(0), life.max(), colour));
        self
    }
}

/// The look of a cell type.
pub fn cell(c: CellType) -> Look {
    match c {
        CellType::Ground => Look::new([' ', ' '], palette::MAZE_GROUND).sprite(sprite::MAZE_GROUND),
        CellType::Wall => Look::new(['▓', '▓'], palette::MAZE_WALL)
            .filled(palette::MAZE_WALL_BG)
            .sprite(sprite::MAZE_WALL),
        CellType::Hole => Look::new(['(', ')'], palette::HOLE).sprite(sprite::HOLE),
        CellType::None => Look { bg: palette::VOID, ..Look::new([' ', ' '], palette::VOID) },
    }
}

/// A portal: chained logs when locked, wall when invisible, nothing (ground) when open.
pub fn portal(state: PortalState, side: Side) -> Look {
    match state {
        PortalState::Open => cell(CellType::Ground),
        PortalState::Invisible => cell(CellType::Wall),
        PortalState::Locked => {
            let chain = if matches!(side, Side::N | Side::S) { '╪' } else { '╫' };
            Look::new([chain, chain], palette::PORTAL_LOCKED)
                .filled(palette::PORTAL_LOCKED_BG)
                .bold()
                .sprite(sprite::PORTAL_LOCKED)
        }
    }
}

/// A rock: cracks show its life (its health bar): `██`, then `▒▒` and `░░`, never the
/// walls' `▓▓`.
pub fn rock(life: &Life) -> Look {
    let glyph = match life.current() {
        i32::MIN..=1 => '░',
        2 => '▒',
        _ => '█',
    };
    Look::new([glyph, glyph], palette::BOULDER).filled(palette::BOULDER_BG).sprite(sprite::BOULDER)
}

/// The vanishing cloud (appendix 7.3.3: 7 frames of 3 ticks).
pub fn vanish(c: Countdown) -> Look {
    const FRAMES: [char; 7] = ['✶', '✷', '✸', '*', '∗', '·', '.'];
    let frame = (c.elapsed * 7 / VANISH_TICKS.max(1)).min(6) as usize;
    Look::new([FRAMES[frame], FRAMES[frame]], palette::VANISH).bold().sprite(sprite::VANISH)
}

/// The hero: `@` and an arrow for its orientation; the arrow alternates between full
/// and hollow while walking (appendix 7.3.1: 4 ticks per frame).
pub fn player(facing: CardinalDirection, walking_frame: Option<u64>, life: &Life) -> Look {
    let (full, hollow) = match facing {
        CardinalDirection::North => ('▲', '△'),
        CardinalDirection::East => ('▶', '▷'),
        CardinalDirection::South => ('▼', '▽'),
        CardinalDirection::West => ('◀', '◁'),
    };
    let arrow = match walking_frame {
        Some(f) if (f / 4) % 2 == 1 => hollow,
        _ => full,
    };
    let sprite = match facing {
        CardinalDirection::North => sprite::PLAYER_NORTH,
        CardinalDirection::East => sprite::PLAYER_EAST,
        CardinalDirection::South => sprite::PLAYER_SOUTH,
        CardinalDirection::West => sprite::PLAYER_WEST,
    };
    Look::new(['@', arrow], palette::MAZE_HERO)
        .bold()
        .with_bar(life, palette::BAR_PLAYER)
        .sprite(sprite)
}

/// A log monster: its state in the glyph and colour, a red health bar.
pub fn monster(state: MonsterState, life: &Life, now: u64) -> Look {
    let (glyph, fg, sprite) = match state {
        MonsterState::Sleeping => (
            if (now / 24).is_multiple_of(2) { 'z' } else { 'Z' },
            palette::MONSTER_ASLEEP,
            sprite::LOG_SLEEPING,
        ),
        MonsterState::Wandering => ('M', palette::MONSTER_WANDERING, sprite::LOG_WANDERING),
        MonsterState::Chasing => ('M', palette::MONSTER_CHASING, sprite::LOG_CHASING),
    };
    let look = Look::new([glyph, ' '], fg).with_bar(life, palette::BAR_ENEMY).sprite(sprite);
    if state == MonsterState::Chasing { look.bold() } else { look }
}

/// The boss: dim while idle, bright once fighting.
pub fn boss(active: bool, life: &Life) -> Look {
    let fg = if active { palette::BOSS_ACTIVE } else { palette::BOSS_IDLE };
    Look::new(['B', ' '], fg).bold().with_bar(life, palette::BAR_ENEMY).sprite(sprite::BOSS)
}

/// A water projectile (appendix 7.3.4: 4 frames of 3 ticks).
pub fn projectile(now: u64) -> Look {
    const FRAMES: [char; 4] = ['•', '◦', '∘', '◦'];
    let g = FRAMES[((now / 3) % 4) as usize];
    Look::new([g, g], palette::PROJECTILE).bold().sprite(sprite::PROJECTILE)
}

/// A heart (appendix 7.3.2: 4 frames of 6 ticks).
pub fn heart(now: u64) -> Look {
    let g = if (now / 6) % 4 == 2 { '♡' } else { '♥' };
    Look::new([g, ' '], palette::HEART).bold().sprite(sprite::HEART)
}

/// The pickaxe lying on the ground.
pub fn pickaxe() -> Look {
    Look::new(['T', ' '], palette::PICKAXE).bold().sprite(sprite::PICKAXE)
}

/// A key.
pub fn key() -> Look {
    Look::new(['k', ' '], palette::KEY).bold().sprite(sprite::KEY)
}

/// The treasure, sparkling.
pub fn treasure(now: u64) -> Look {
    let g = if (now / 8).is_multiple_of(2) { '$' } else { '¤' };
    Look::new([g, g], palette::TREASURE).bold().sprite(sprite::TREASURE)
}

/// A ground cell the boss's next barrage is about to sweep (in its last
/// [`BARRAGE_WARNING_TICKS`](super::BARRAGE_WARNING_TICKS)): red dots.
pub fn barrage_warning(under: Look) -> Look {
    Look { glyphs: ['·', '·'], fg: palette::DANGER, ..under }
}

/// A cell of a log monster's path (the debug display).
pub fn path_dot(under: Look) -> Look {
    Look {
        glyphs: ['·', under.glyphs[1]],
        fg: palette::MONSTER_PATH,
        sprite: sprite::PATH_MARK,
        ..under
    }
}

/// The pickaxe swing on the cell in front (4 frames of 5 ticks).
pub fn swing(under: Look, elapsed: u32) -> Look {
    const FRAMES: [char; 4] = ['|', '/', '─', '\\'];
    let g = FRAMES[((elapsed / 5) % 4) as usize];
    Look { glyphs: [g, g], fg: palette::PICKAXE, bold: true, ..under }
}

/// The level glyph of a health bar in one column (braille dots filling up, so a full bar
/// never looks like a rock).
pub fn bar_glyph(current: i32, max: i32) -> char {
    const LEVELS: [char; 8] = ['⡀', '⣀', '⣄', '⣤', '⣦', '⣶', '⣷', '⣿'];
    if max <= 0 || current <= 0 {
        return ' ';
    }
    let i = ((current * 8 + max - 1) / max).clamp(1, 8) - 1;
    LEVELS[i as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn health_bar_levels() {
        assert_eq!(bar_glyph(5, 5), '⣿');
        assert_eq!(bar_glyph(1, 5), '⣀');
        assert_eq!(bar_glyph(0, 5), ' ');
    }

    #[test]
    fn every_cell_type_and_actor_looks_different() {
        let life = Life::full(3);
        let looks = [
            cell(CellType::Ground),
            cell(CellType::Wall),
            cell(CellType::Hole),
            portal(PortalState::Locked, Side::E),
            rock(&life),
            player(CardinalDirection::North, None, &life),
            monster(MonsterState::Wandering, &life, 0),
            monster(MonsterState::Chasing, &life, 0),
            monster(MonsterState::Sleeping, &life, 0),
            boss(true, &life),
            projectile(0),
            heart(0),
            pickaxe(),
            key(),
            treasure(0),
        ];
        for (i, a) in looks.iter().enumerate() {
            for b in &looks[i + 1..] {
                assert!((a.glyphs, a.fg) != (b.glyphs, b.fg), "{a:?} vs {b:?}");
            }
        }
    }
}
