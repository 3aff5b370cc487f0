//! What the default game adds to the saved player ([`Vitals`]) and the player record of
//! layout 1 ([`PlayerV1`]), with their serialized layouts.

use super::*;

/// The part of the player record the default game adds: health between fights, the
/// monsters that moved, the farthest region reached and the ending. Under `--rules seed`
/// it stays at full health and is never used.
///
/// Saved as its layout version and then its fields, in the oldest layout that holds it:
/// version 2 (no [`Vitals::guards`]) while no guard is off its post, so records and state
/// hashes of games from before guards hunted stay as they were; version 3
/// ([`Vitals::VERSION`]) with the guards' cells. Both load.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vitals {
    /// Health now.
    pub health: Hundredths,
    /// Turns since the last hit point came back.
    pub regen: u32,
    /// Where the monsters of loaded regions stand, by region `(x, y)`, when not at home.
    pub roaming: BTreeMap<(i32, i32), Point>,
    /// The largest Chebyshev distance, in regions, from the start region reached.
    pub farthest: u32,
    /// How the game ended, once it has.
    pub ending: Option<Ending>,
    /// Where the guards of loaded regions that left their posts stand, by region
    /// `(x, y)` and guard index ([`Overworld::guards`]).
    pub guards: BTreeMap<(i32, i32, u32), Point>,
}

impl Vitals {
    /// The newest layout version of the vitals (version 1 player records, from before
    /// the hunt, have none: see [`PlayerV1`]; version 2 has no guards' cells).
    pub const VERSION: u32 = 3;

    /// Full health, nothing moved, nothing ended.
    pub fn fresh() -> Vitals {
        Vitals {
            health: Hundredths::from_hp(PLAYER_HEALTH),
            regen: 0,
            roaming: BTreeMap::new(),
            farthest: 0,
            ending: None,
            guards: BTreeMap::new(),
        }
    }
}

#[cfg(feature = "serde")]
mod vitals_serde {
    use std::collections::BTreeMap;

    use serde::de::{self, SeqAccess, Visitor};
    use serde::ser::SerializeTuple;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::Vitals;

    impl Serialize for Vitals {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let v3 = !self.guards.is_empty();
            let mut t = s.serialize_tuple(if v3 { 7 } else { 6 })?;
            t.serialize_element(&if v3 { Vitals::VERSION } else { 2 })?;
            t.serialize_element(&self.health)?;
            t.serialize_element(&self.regen)?;
            t.serialize_element(&self.roaming)?;
            t.serialize_element(&self.farthest)?;
            t.serialize_element(&self.ending)?;
            if v3 {
                t.serialize_element(&self.guards)?;
            }
            t.end()
        }
    }

    impl<'de> Deserialize<'de> for Vitals {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Vitals, D::Error> {
            d.deserialize_tuple(7, VitalsVisitor)
        }
    }

    struct VitalsVisitor;

    /// The next field of the vitals, the `i`-th.
    fn field<'de, A: SeqAccess<'de>, T: Deserialize<'de>>(
        seq: &mut A,
        i: usize,
    ) -> Result<T, A::Error> {
        seq.next_element()?.ok_or_else(|| de::Error::invalid_length(i, &"the vitals' fields"))
    }

    impl<'de> Visitor<'de> for VitalsVisitor {
        type Value = Vitals;

        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a player's vitals: their layout version (2 or 3), then their fields")
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vitals, A::Error> {
            let version: u32 = field(&mut seq, 0)?;
            if !(2..=Vitals::VERSION).contains(&version) {
                return Err(de::Error::custom(format!("vitals layout {version} is unknown")));
            }
            Ok(Vitals {
                health: field(&mut seq, 1)?,
                regen: field(&mut seq, 2)?,
                roaming: field(&mut seq, 3)?,
                farthest: field(&mut seq, 4)?,
                ending: field(&mut seq, 5)?,
                guards: if version >= 3 { field(&mut seq, 6)? } else { BTreeMap::new() },
            })
        }
    }
}

/// A player record as saved before the default game's hunt (layout version 1: no
/// [`Vitals`]). [`Player::from`] migrates it: full health, nothing moved, the game
/// going on.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PlayerV1 {
    at: Point,
    pack: Pack,
    weapon: Option<SwordTier>,
    armour: Option<ArmourTier>,
    gold: u64,
    moves: Turn,
    kills: u32,
    deaths: u32,
    chests: u32,
    rng: torchlit_rng::Rng,
}

impl From<PlayerV1> for Player {
    fn from(v: PlayerV1) -> Player {
        Player {
            at: v.at,
            pack: v.pack,
            weapon: v.weapon,
            armour: v.armour,
            gold: v.gold,
            moves: v.moves,
            kills: v.kills,
            deaths: v.deaths,
            chests: v.chests,
            rng: v.rng,
            vitals: Vitals::fresh(),
        }
    }
}

impl From<&Player> for PlayerV1 {
    /// The record as a version 1 save held it (for migration tests).
    fn from(p: &Player) -> PlayerV1 {
        PlayerV1 {
            at: p.at,
            pack: p.pack.clone(),
            weapon: p.weapon,
            armour: p.armour,
            gold: p.gold,
            moves: p.moves,
            kills: p.kills,
            deaths: p.deaths,
            chests: p.chests,
            rng: p.rng.clone(),
        }
    }
}
