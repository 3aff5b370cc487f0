//! Items: rocks, food, weapons, armour, the edible weapon and the teddy bear.

use super::creature::CreatureKind;

/// What an item is. Its values ([`Item`]) come from here (corpses from their creature).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ItemKind {
    /// `,` a rock: no use at all (part 10).
    Rock,
    /// `%` bread: food 400.
    Bread,
    /// `%` an apple: food 100.
    Apple,
    /// `%` what a creature leaves when it dies: food 3 × its maximum hit points (part 11).
    Corpse(CreatureKind),
    /// `)` dagger: attack 5 (part 12).
    Dagger,
    /// `)` sword: attack 10.
    Sword,
    /// `)` staff: attack 5, defense 3.
    Staff,
    /// `[` tunic, the light armour: defense 2.
    Tunic,
    /// `[` chainmail, the medium armour: defense 4.
    Chainmail,
    /// `[` platemail, the heavy armour: defense 6.
    Platemail,
    /// `)` baguette, the edible weapon: attack 3, food 50.
    Baguette,
    /// `*` the teddy bear: the victory item, on the deepest level (part 10).
    TeddyBear,
}

impl ItemKind {
    /// The name used in messages and lists: "dagger", "bat corpse".
    pub fn name(self) -> String {
        match self {
            ItemKind::Corpse(kind) => format!("{} corpse", kind.name()),
            other => other.simple_name().to_string(),
        }
    }

    fn simple_name(self) -> &'static str {
        match self {
            ItemKind::Rock => "rock",
            ItemKind::Bread => "bread",
            ItemKind::Apple => "apple",
            ItemKind::Corpse(_) => "corpse",
            ItemKind::Dagger => "dagger",
            ItemKind::Sword => "sword",
            ItemKind::Staff => "staff",
            ItemKind::Tunic => "tunic",
            ItemKind::Chainmail => "chainmail",
            ItemKind::Platemail => "platemail",
            ItemKind::Baguette => "baguette",
            ItemKind::TeddyBear => "teddy bear",
        }
    }

    /// The item of this kind with the tutorial's values. A corpse's food value depends on
    /// its creature's hit points: use [`Item::corpse`] for those; here it is 0.
    pub fn item(self) -> Item {
        let (attack, defense, food) = match self {
            ItemKind::Rock | ItemKind::TeddyBear | ItemKind::Corpse(_) => (0, 0, 0),
            ItemKind::Bread => (0, 0, 400),
            ItemKind::Apple => (0, 0, 100),
            ItemKind::Dagger => (5, 0, 0),
            ItemKind::Sword => (10, 0, 0),
            ItemKind::Staff => (5, 3, 0),
            ItemKind::Tunic => (0, 2, 0),
            ItemKind::Chainmail => (0, 4, 0),
            ItemKind::Platemail => (0, 6, 0),
            ItemKind::Baguette => (3, 0, 50),
        };
        Item { kind: self, attack, defense, food }
    }
}

/// One item: its kind and its values, as the tutorial's single `Item` class has them, so one
/// item can be food and weapon at once (the baguette).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Item {
    /// What it is.
    pub kind: ItemKind,
    /// Added to the attack value of whoever wields or wears it.
    pub attack: i32,
    /// Added to the defense value of whoever wields or wears it.
    pub defense: i32,
    /// Food gained by eating it; 0 is not edible.
    pub food: i32,
}

impl Item {
    /// The corpse of a creature with `max_hp` hit points: food `3 × max_hp` (part 11).
    pub fn corpse(of: CreatureKind, max_hp: i32) -> Item {
        Item { kind: ItemKind::Corpse(of), attack: 0, defense: 0, food: max_hp.saturating_mul(3) }
    }

    /// Its name ("dagger").
    pub fn name(&self) -> String {
        self.kind.name()
    }

    /// Whether it can be eaten (part 11's `EatScreen`: food value not 0).
    pub fn is_edible(&self) -> bool {
        self.food != 0
    }

    /// Whether it can be worn or wielded (part 12's `EquipScreen`: attack or defense > 0).
    pub fn is_equippable(&self) -> bool {
        self.attack > 0 || self.defense > 0
    }

    /// Whether equipping it wields it (attack ≥ defense) rather than wears it (part 12).
    pub fn is_weapon(&self) -> bool {
        self.is_equippable() && self.attack >= self.defense
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_values_and_rules() {
        let staff = ItemKind::Staff.item();
        assert!(staff.is_weapon(), "attack 5 >= defense 3 wields");
        assert!(!ItemKind::Chainmail.item().is_weapon());
        assert!(ItemKind::Chainmail.item().is_equippable());
        let baguette = ItemKind::Baguette.item();
        assert!(baguette.is_edible() && baguette.is_weapon());
        assert!(!ItemKind::Rock.item().is_edible() && !ItemKind::Rock.item().is_equippable());
        let corpse = Item::corpse(CreatureKind::Bat, 15);
        assert_eq!((corpse.food, corpse.name()), (45, "bat corpse".to_string()));
    }
}
