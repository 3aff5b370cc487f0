//! The player record: position, belongings, counters and the vitals of the default game.

use super::*;

/// The player record (CaveGame's `player.json`): position, belongings, counters, the
/// generator of fights and the default game's [`Vitals`]. Saved whole at every autosave
/// (layout version 2 or 3, see [`Vitals`]; a version 1 record loads as [`PlayerV1`] and
/// converts).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Player {
    pub(super) at: Point,
    pub(super) pack: Pack,
    pub(super) weapon: Option<SwordTier>,
    pub(super) armour: Option<ArmourTier>,
    pub(super) gold: u64,
    pub(super) moves: Turn,
    pub(super) kills: u32,
    pub(super) deaths: u32,
    pub(super) chests: u32,
    pub(super) rng: Rng,
    pub(super) vitals: Vitals,
}

impl Player {
    /// A new player at `at` with the starting kit: a wooden sword and leather armour,
    /// wielded and worn (CaveGame's `starterSword`, `starterArmour`).
    pub fn new(at: Point, rng: Rng) -> Player {
        let mut pack = Pack::new();
        pack.add(Item::Sword(SwordTier::Wood));
        pack.add(Item::Armour(ArmourTier::Leather));
        Player {
            at,
            pack,
            weapon: Some(SwordTier::Wood),
            armour: Some(ArmourTier::Leather),
            gold: 0,
            moves: Turn(0),
            kills: 0,
            deaths: 0,
            chests: 0,
            rng,
            vitals: Vitals::fresh(),
        }
    }

    /// The default game's state: health, roaming monsters, the farthest region, the end.
    pub fn vitals(&self) -> &Vitals {
        &self.vitals
    }

    /// Where the player stands (world cell).
    pub fn at(&self) -> Point {
        self.at
    }

    /// The pack.
    pub fn pack(&self) -> &Pack {
        &self.pack
    }

    /// The sword wielded, if any.
    pub fn weapon(&self) -> Option<SwordTier> {
        self.weapon
    }

    /// The armour worn, if any.
    pub fn armour(&self) -> Option<ArmourTier> {
        self.armour
    }

    /// Whether `item` is wielded or worn.
    pub fn is_equipped(&self, item: Item) -> bool {
        match item {
            Item::Sword(t) => self.weapon == Some(t),
            Item::Armour(t) => self.armour == Some(t),
        }
    }

    /// Gold pieces in the purse.
    pub fn gold(&self) -> u64 {
        self.gold
    }

    /// Turns taken: steps, and rests in the default game.
    pub fn moves(&self) -> Turn {
        self.moves
    }

    /// Monsters slain.
    pub fn kills(&self) -> u32 {
        self.kills
    }

    /// Times died.
    pub fn deaths(&self) -> u32 {
        self.deaths
    }

    /// Chests opened.
    pub fn chests(&self) -> u32 {
        self.chests
    }

    /// The player's stats at the start of a fight: full health, the wielded sword's damage
    /// (fists: [`FIST_DAMAGE`]) and the worn armour's points.
    pub fn combatant(&self) -> Combatant {
        Combatant {
            health: Hundredths::from_hp(PLAYER_HEALTH),
            damage: self.weapon.map_or(FIST_DAMAGE, SwordTier::damage),
            armour: self.armour.map_or(0, ArmourTier::shielding),
        }
    }

    pub(super) fn take(&mut self, rewards: &[Reward]) {
        for r in rewards {
            match *r {
                Reward::Gold(g) => self.gold = self.gold.saturating_add(u64::from(g)),
                Reward::Item(item) => self.pack.add(item),
            }
        }
    }

    /// Makes a loaded record consistent: no empty stacks, nothing equipped that is not
    /// carried.
    pub(super) fn normalize(&mut self) {
        self.pack.normalize();
        if self.weapon.is_some_and(|t| !self.pack.contains(Item::Sword(t))) {
            self.weapon = None;
        }
        if self.armour.is_some_and(|t| !self.pack.contains(Item::Armour(t))) {
            self.armour = None;
        }
    }
}
