//! Items, the item registry (CaveGame (Freddy Heppell's AQA Computer Science NEA) §2.3.12) and the player's pack.

use std::collections::BTreeMap;
use std::fmt;

use torchlit_rng::Rng;

/// The tiers of swords, weakest first (CaveGame's damage table, §2.4.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SwordTier {
    /// Wooden sword, 3 damage (the starting weapon).
    Wood,
    /// Iron sword, 7 damage.
    Iron,
    /// Steel sword, 10 damage.
    Steel,
    /// Infused sword, 14 damage.
    Infused,
}

impl SwordTier {
    /// Every tier, weakest first.
    pub const ALL: [SwordTier; 4] =
        [SwordTier::Wood, SwordTier::Iron, SwordTier::Steel, SwordTier::Infused];

    /// Damage per blow, in hit points (the damage table: 3, 7, 10, 14).
    pub const fn damage(self) -> u32 {
        match self {
            SwordTier::Wood => 3,
            SwordTier::Iron => 7,
            SwordTier::Steel => 10,
            SwordTier::Infused => 14,
        }
    }

    /// The tier's name: `wooden`, `iron`, `steel`, `infused`.
    pub const fn name(self) -> &'static str {
        match self {
            SwordTier::Wood => "wooden",
            SwordTier::Iron => "iron",
            SwordTier::Steel => "steel",
            SwordTier::Infused => "infused",
        }
    }
}

/// The tiers of armour, weakest first (CaveGame's damage table, §2.4.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ArmourTier {
    /// Leather armour, 5 points (the starting armour).
    Leather,
    /// Chainmail, 8 points.
    Chainmail,
    /// Iron armour, 10 points.
    Iron,
    /// Infused armour, 12 points.
    Infused,
}

impl ArmourTier {
    /// Every tier, weakest first.
    pub const ALL: [ArmourTier; 4] =
        [ArmourTier::Leather, ArmourTier::Chainmail, ArmourTier::Iron, ArmourTier::Infused];

    /// Armour points (the table's shielding: 5, 8, 10, 12).
    pub const fn shielding(self) -> u32 {
        match self {
            ArmourTier::Leather => 5,
            ArmourTier::Chainmail => 8,
            ArmourTier::Iron => 10,
            ArmourTier::Infused => 12,
        }
    }

    /// The tier's name: `leather`, `chainmail`, `iron`, `infused`.
    pub const fn name(self) -> &'static str {
        match self {
            ArmourTier::Leather => "leather",
            ArmourTier::Chainmail => "chainmail",
            ArmourTier::Iron => "iron",
            ArmourTier::Infused => "infused",
        }
    }
}

/// Something the player carries: a sword or a suit of armour. (Gold goes to the purse,
/// see [`Reward::Gold`].)
///
/// Items of one kind are all alike, so the pack counts them ([`Pack`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Item {
    /// A sword: wielded, it sets the damage of each blow.
    Sword(SwordTier),
    /// Armour: worn, its points absorb damage (see [`super::combat`]).
    Armour(ArmourTier),
}

impl Item {
    /// Every item kind, in pack order (swords, then armour, weakest first).
    pub fn all() -> impl Iterator<Item = Item> {
        SwordTier::ALL
            .into_iter()
            .map(Item::Sword)
            .chain(ArmourTier::ALL.into_iter().map(Item::Armour))
    }

    /// The item's name: `iron sword`, `chainmail armour`.
    pub fn name(self) -> String {
        match self {
            Item::Sword(t) => format!("{} sword", t.name()),
            Item::Armour(t) => format!("{} armour", t.name()),
        }
    }
}

impl fmt::Display for Item {
    /// `iron sword (7 damage)`, `leather armour (5 armour)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Item::Sword(t) => write!(f, "{} ({} damage)", self.name(), t.damage()),
            Item::Armour(t) => write!(f, "{} ({} armour)", self.name(), t.shielding()),
        }
    }
}

/// One thing found in a chest or on a slain monster.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Reward {
    /// Gold pieces, added to the purse.
    Gold(u32),
    /// An item, added to the pack.
    Item(Item),
}

/// What the registry can hand out (one entry of it): an item kind, or gold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Loot {
    /// That item.
    Item(Item),
    /// A handful of gold: [`GOLD_PER_DROP`] pieces at most.
    Gold,
}

/// The most gold pieces in one drop (a drop gives 1 to this many, uniformly). CaveGame's
/// `GoldItem` rolls `nextInt(10)`, 0 to 9; an empty handful is left out here.
pub const GOLD_PER_DROP: u32 = 10;

/// The item registry (CaveGame §2.3.12, `ItemRegistry.doRegister`): every drop with its
/// weight; a drop is chosen with probability weight / total weight.
///
/// | drop | weight |
/// |---|---|
/// | wooden, iron, steel, infused sword | 100, 80, 60, 10 |
/// | leather, chainmail, iron, infused armour | 100, 80, 60, 10 |
/// | gold | 100 |
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ItemRegistry {
    drops: Vec<(Loot, u32)>,
}

impl Default for ItemRegistry {
    fn default() -> ItemRegistry {
        ItemRegistry::seed_002()
    }
}

impl ItemRegistry {
    /// CaveGame's registry and weights (see the type's docs).
    pub fn seed_002() -> ItemRegistry {
        let weight = |tier: usize| [100, 80, 60, 10][tier];
        let mut drops = Vec::new();
        for (i, t) in SwordTier::ALL.into_iter().enumerate() {
            drops.push((Loot::Item(Item::Sword(t)), weight(i)));
        }
        for (i, t) in ArmourTier::ALL.into_iter().enumerate() {
            drops.push((Loot::Item(Item::Armour(t)), weight(i)));
        }
        drops.push((Loot::Gold, 100));
        ItemRegistry { drops }
    }

    /// A registry of the given drops and weights (a weight of 0 never drops).
    pub fn new(drops: Vec<(Loot, u32)>) -> ItemRegistry {
        ItemRegistry { drops }
    }

    /// Every drop and its weight.
    pub fn drops(&self) -> &[(Loot, u32)] {
        &self.drops
    }

    /// One drop, chosen by weight (`Rng::weighted`); gold gets its amount. `None` when
    /// every weight is 0.
    pub fn roll(&self, rng: &mut Rng) -> Option<Reward> {
        let weights: Vec<u32> = self.drops.iter().map(|(_, w)| *w).collect();
        let (drop, _) = self.drops.get(rng.weighted(&weights)?)?;
        Some(match drop {
            Loot::Item(item) => Reward::Item(*item),
            Loot::Gold => Reward::Gold(rng.range(1, i64::from(GOLD_PER_DROP)) as u32),
        })
    }

    /// A chest's (or a slain monster's) rewards: 1 to `max_items` drops (none when
    /// `max_items` is 0).
    ///
    /// CaveGame's `generateReward` draws `nextInt(iChestMaxItems - 1) + 1` items, which is
    /// always 1 with the default maximum of 2 (Java's `nextInt(n)` stops below `n`); the
    /// configured maximum is honoured here.
    pub fn reward(&self, max_items: u32, rng: &mut Rng) -> Vec<Reward> {
        if max_items == 0 {
            return Vec::new();
        }
        let count = rng.range(1, i64::from(max_items));
        (0..count).filter_map(|_| self.roll(rng)).collect()
    }
}

/// The player's pack: how many of each item kind, in pack order (swords, then armour,
/// weakest first). Letters and numbers on the inventory screen follow this order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Pack {
    counts: BTreeMap<Item, u32>,
}

impl Pack {
    /// An empty pack.
    pub fn new() -> Pack {
        Pack::default()
    }

    /// Adds one `item`.
    pub fn add(&mut self, item: Item) {
        let n = self.counts.entry(item).or_insert(0);
        *n = n.saturating_add(1);
    }

    /// Removes one `item`; false if there was none.
    pub fn remove(&mut self, item: Item) -> bool {
        match self.counts.get_mut(&item) {
            Some(n) if *n > 1 => {
                *n -= 1;
                true
            }
            Some(_) => {
                self.counts.remove(&item);
                true
            }
            None => false,
        }
    }

    /// How many `item`s are carried.
    pub fn count(&self, item: Item) -> u32 {
        self.counts.get(&item).copied().unwrap_or(0)
    }

    /// Whether at least one `item` is carried.
    pub fn contains(&self, item: Item) -> bool {
        self.count(item) > 0
    }

    /// The kinds carried and their counts, in pack order.
    pub fn iter(&self) -> impl Iterator<Item = (Item, u32)> + '_ {
        self.counts.iter().map(|(i, n)| (*i, *n))
    }

    /// How many kinds are carried.
    pub fn kinds(&self) -> usize {
        self.counts.len()
    }

    /// How many items in all.
    pub fn total(&self) -> u64 {
        self.counts.values().map(|&n| u64::from(n)).sum()
    }

    /// The `index`-th kind carried (0-based, pack order): what inventory letter `a + index`
    /// and number `index + 1` name.
    pub fn nth(&self, index: usize) -> Option<Item> {
        self.counts.keys().nth(index).copied()
    }

    /// One item chosen uniformly among all carried items (so a kind carried twice is
    /// twice as likely); `None` when the pack is empty.
    pub fn pick(&self, rng: &mut Rng) -> Option<Item> {
        let weights: Vec<u32> = self.counts.values().copied().collect();
        self.counts.keys().nth(rng.weighted(&weights)?).copied()
    }

    /// Drops kinds with a count of 0 (a loaded pack may hold some).
    pub(crate) fn normalize(&mut self) {
        self.counts.retain(|_, n| *n > 0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use torchlit_rng::Seed;

    #[test]
    fn the_table_tiers_have_the_seed_values() {
        let damage: Vec<u32> = SwordTier::ALL.iter().map(|t| t.damage()).collect();
        assert_eq!(damage, [3, 7, 10, 14]);
        let shielding: Vec<u32> = ArmourTier::ALL.iter().map(|t| t.shielding()).collect();
        assert_eq!(shielding, [5, 8, 10, 12]);
        assert_eq!(Item::Sword(SwordTier::Iron).to_string(), "iron sword (7 damage)");
        assert_eq!(Item::Armour(ArmourTier::Leather).to_string(), "leather armour (5 armour)");
    }

    #[test]
    fn drops_follow_the_registry_weights() {
        let registry = ItemRegistry::seed_002();
        let total: u32 = registry.drops().iter().map(|(_, w)| w).sum();
        assert_eq!(total, 600);
        let mut rng = Rng::new(Seed(5));
        let (mut gold, mut infused, n) = (0, 0, 60_000);
        for _ in 0..n {
            match registry.roll(&mut rng) {
                Some(Reward::Gold(g)) => {
                    assert!((1..=GOLD_PER_DROP).contains(&g));
                    gold += 1;
                }
                Some(Reward::Item(Item::Sword(SwordTier::Infused))) => infused += 1,
                _ => {}
            }
        }
        // 100/600 and 10/600 of the drops.
        assert!((9_400..10_600).contains(&gold), "{gold}");
        assert!((800..1_200).contains(&infused), "{infused}");
    }

    #[test]
    fn rewards_hold_one_to_the_maximum() {
        let registry = ItemRegistry::seed_002();
        let mut rng = Rng::new(Seed(9));
        let mut sizes = [0u32; 4];
        for _ in 0..1000 {
            let n = registry.reward(3, &mut rng).len();
            assert!((1..=3).contains(&n));
            sizes[n] += 1;
        }
        assert!(sizes[1] > 0 && sizes[2] > 0 && sizes[3] > 0, "{sizes:?}");
        assert!(registry.reward(0, &mut rng).is_empty());
    }

    #[test]
    fn the_pack_counts_and_orders_items() {
        let mut pack = Pack::new();
        pack.add(Item::Armour(ArmourTier::Leather));
        pack.add(Item::Sword(SwordTier::Steel));
        pack.add(Item::Sword(SwordTier::Wood));
        pack.add(Item::Sword(SwordTier::Steel));
        assert_eq!(pack.nth(0), Some(Item::Sword(SwordTier::Wood)));
        assert_eq!(pack.nth(2), Some(Item::Armour(ArmourTier::Leather)));
        assert_eq!(pack.count(Item::Sword(SwordTier::Steel)), 2);
        assert_eq!(pack.total(), 4);
        assert!(pack.remove(Item::Sword(SwordTier::Steel)));
        assert!(pack.remove(Item::Sword(SwordTier::Steel)));
        assert!(!pack.remove(Item::Sword(SwordTier::Steel)));
        assert_eq!(pack.kinds(), 2);
        let mut rng = Rng::new(Seed(1));
        assert!(pack.pick(&mut rng).is_some());
        assert_eq!(Pack::new().pick(&mut rng), None);
    }
}
