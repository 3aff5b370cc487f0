//! Creatures: the player, fungi, bats and zombies, with their stats from Trystan's
//! roguelike tutorial (2011).

use torchlit_geom::Point;

use crate::engine::{Energy, Speed};

/// What a creature is; its behaviour ([`super::ai`]) and its stats follow from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CreatureKind {
    /// You (`@`).
    Player,
    /// Stationary, spreads to nearby empty cells (`f`, part 05).
    Fungus,
    /// Flies about twice per turn, never attacks another bat (`b`, part 09).
    Bat,
    /// Hunts the player it can see along an A* path, otherwise wanders (`z`, part 13).
    Zombie,
}

impl CreatureKind {
    /// Every monster kind (all but the player).
    pub const MONSTERS: [CreatureKind; 3] =
        [CreatureKind::Fungus, CreatureKind::Bat, CreatureKind::Zombie];

    /// The name used in messages: "bat", "zombie".
    pub const fn name(self) -> &'static str {
        match self {
            CreatureKind::Player => "player",
            CreatureKind::Fungus => "fungus",
            CreatureKind::Bat => "bat",
            CreatureKind::Zombie => "zombie",
        }
    }

    /// The verb of its melee attack: "You hit the bat", "The bat bites you".
    pub const fn attack_verb(self) -> &'static str {
        match self {
            CreatureKind::Player => "hit",
            CreatureKind::Fungus => "touch",
            CreatureKind::Bat => "bite",
            CreatureKind::Zombie => "claw",
        }
    }

    /// Actions per player turn: bats move twice (part 09), everyone else once.
    pub const fn speed(self) -> Speed {
        match self {
            CreatureKind::Bat => Speed::actions_per_turn(2),
            _ => Speed::NORMAL,
        }
    }

    /// The stats of this kind when created on level `depth` (0 is the top level).
    ///
    /// The tutorial's values are the top level's: player 100 hp / attack 20 / defense 5,
    /// fungus 10/0/0, bat 15/5/0, zombie 50/10/10. The tutorial passes `depth` to every
    /// factory method without using it; here deeper monsters are stronger, linearly:
    /// fungus +2 hp and +1 defense per level, bat +3 hp, +1 attack, +1 defense,
    /// zombie +5 hp, +1 attack, +1 defense.
    pub const fn stats(self, depth: usize) -> Stats {
        let d = if depth > 100 { 100 } else { depth as i32 };
        match self {
            CreatureKind::Player => Stats { max_hp: 100, attack: 20, defense: 5 },
            CreatureKind::Fungus => Stats { max_hp: 10 + 2 * d, attack: 0, defense: d },
            CreatureKind::Bat => Stats { max_hp: 15 + 3 * d, attack: 5 + d, defense: d },
            CreatureKind::Zombie => Stats { max_hp: 50 + 5 * d, attack: 10 + d, defense: 10 + d },
        }
    }
}

/// Hit points, attack and defense values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Stats {
    /// Hit points when unhurt.
    pub max_hp: i32,
    /// Attack value (before weapons and armour).
    pub attack: i32,
    /// Defense value (before weapons and armour).
    pub defense: i32,
}

/// One creature in the caves.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Creature {
    pub(crate) kind: CreatureKind,
    pub(crate) depth: usize,
    pub(crate) at: Point,
    pub(crate) hp: i32,
    pub(crate) stats: Stats,
    pub(crate) energy: Energy,
    /// How many times a fungus has spread (at most [`super::ai::FUNGUS_MAX_SPREAD`]).
    pub(crate) spread_count: u32,
}

impl Creature {
    /// A creature of `kind` at full health on level `depth`.
    pub fn new(kind: CreatureKind, depth: usize, at: Point) -> Creature {
        let stats = kind.stats(depth);
        Creature {
            kind,
            depth,
            at,
            hp: stats.max_hp,
            stats,
            energy: Energy::default(),
            spread_count: 0,
        }
    }

    /// What it is.
    pub fn kind(&self) -> CreatureKind {
        self.kind
    }

    /// The level it is on (0 is the top).
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// Where it stands on its level.
    pub fn at(&self) -> Point {
        self.at
    }

    /// Hit points left.
    pub fn hp(&self) -> i32 {
        self.hp
    }

    /// Its own stats (the player's equipment is added by the game).
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// How many times it has spread (fungi only).
    pub fn spread_count(&self) -> u32 {
        self.spread_count
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_stats_on_the_top_level_and_stronger_below() {
        assert_eq!(CreatureKind::Player.stats(0), Stats { max_hp: 100, attack: 20, defense: 5 });
        assert_eq!(CreatureKind::Bat.stats(0), Stats { max_hp: 15, attack: 5, defense: 0 });
        assert_eq!(CreatureKind::Zombie.stats(0), Stats { max_hp: 50, attack: 10, defense: 10 });
        assert_eq!(CreatureKind::Fungus.stats(0), Stats { max_hp: 10, attack: 0, defense: 0 });
        for kind in CreatureKind::MONSTERS {
            let (top, deep) = (kind.stats(0), kind.stats(4));
            assert!(deep.max_hp > top.max_hp && deep.defense > top.defense, "{kind:?}");
        }
        assert_eq!(CreatureKind::Bat.speed(), Speed::actions_per_turn(2));
    }
}
