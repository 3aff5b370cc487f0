//! The worlds on disk: the list (with seed and last-played time), the rules a world is
//! played with, deleting.

use std::cell::RefCell;
use std::rc::Rc;

use torchlit_save::{Config, SaveError, WorldId, WorldStore};

use super::config::{GenerationConfig, PlayConfig};
use torchlit_sim::modes::overworld::{
    CaRule, CaveParams, CombatRules, Ending, OverworldParams, Rules,
};

/// The mode name stored in `overworld` worlds (and the config's `[keys.overworld]`).
pub const MODE: &str = torchlit_sim::ModeId::Overworld.as_str();

/// Where `overworld` worlds live (a [`WorldStore`] the front end supplies: the terminal's
/// and the browser's is the SQLite `torchlit_save::Store`, tests use
/// [`torchlit_save::MemoryWorlds`]) and the config they are played with.
///
/// Clones share [`Worlds::unsaved`]: the front end keeps one to learn, after the screens
/// are gone, that the save on quitting failed.
#[derive(Clone, Debug)]
pub struct Worlds {
    store: Rc<dyn WorldStore>,
    config: Config,
    unsaved: Rc<RefCell<Option<String>>>,
    seed_rules: bool,
}

/// One line of the world list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorldRow {
    /// The world's id (its file name, never shown as its name).
    pub id: WorldId,
    /// The player's name for it, exactly as given; `None` when the file can't be read.
    pub name: Option<String>,
    /// The seed as the player typed it.
    pub seed_text: String,
    /// When it was last saved, in seconds since the Unix epoch.
    pub last_played: u64,
    /// Why it can't be loaded (damaged, foreign, newer, in use), if so.
    pub problem: Option<String>,
    /// How its game ended, once it has (the default game): marked `won` or `died`.
    pub ending: Option<Ending>,
}

impl WorldRow {
    /// The name to show: the world's name, or its id in brackets when unreadable.
    pub fn label(&self) -> String {
        match &self.name {
            Some(name) if name.is_empty() => "(unnamed)".to_string(),
            Some(name) => name.clone(),
            None => format!("[{}]", self.id),
        }
    }

    /// `won` or `died` for a finished game, empty while it goes on.
    pub fn mark(&self) -> &'static str {
        match self.ending {
            Some(Ending::Victory) => "won",
            Some(Ending::Slain(_)) => "died",
            None => "",
        }
    }
}

impl Worlds {
    /// The worlds in `store`, played with `config`.
    pub fn with_store(store: impl WorldStore + 'static, config: Config) -> Worlds {
        Worlds { store: Rc::new(store), config, unsaved: Rc::default(), seed_rules: false }
    }

    /// These worlds, with new ones made for CaveGame's rules exactly (`--rules seed`) when
    /// `seed` is true; a world always keeps the rules it was made with.
    pub fn with_seed_rules(mut self, seed: bool) -> Worlds {
        self.seed_rules = seed;
        self
    }

    /// Whether new worlds are made for CaveGame's rules exactly (`--rules seed`).
    pub fn seed_rules(&self) -> bool {
        self.seed_rules
    }

    /// Why saving the world on quitting failed, if it did: the progress since its last
    /// save is lost.
    pub fn unsaved(&self) -> Option<String> {
        self.unsaved.try_borrow().ok().and_then(|u| u.clone())
    }

    /// Records the outcome of the save on quitting.
    pub(crate) fn note_quit_save(&self, failure: Option<String>) {
        if let Ok(mut unsaved) = self.unsaved.try_borrow_mut() {
            *unsaved = failure;
        }
    }

    /// The store.
    pub fn store(&self) -> &dyn WorldStore {
        &*self.store
    }

    /// The config.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The rules of a new game from the config (see [`rules_from_config`]) and the
    /// ruleset chosen ([`Worlds::with_seed_rules`]).
    pub fn rules(&self) -> Rules {
        let rules = rules_from_config(&self.config);
        if self.seed_rules { Rules { quest: None, ..rules } } else { rules }
    }

    /// Every `overworld` world, most recently played first, then the files that can't be
    /// read (each with its problem: they can be deleted, not loaded).
    ///
    /// # Errors
    /// [`SaveError::Io`] when the worlds directory can't be read.
    pub fn list(&self) -> Result<Vec<WorldRow>, SaveError> {
        let mut rows = Vec::new();
        for entry in self.store.list()? {
            match entry.info {
                Ok(info) if info.mode == MODE => rows.push(WorldRow {
                    ending: super::session::ending_of(&*self.store, &entry.id),
                    id: entry.id,
                    name: Some(info.name),
                    seed_text: info.seed_text,
                    last_played: info.last_played,
                    problem: None,
                }),
                Ok(_) => {}
                Err(e) => rows.push(WorldRow {
                    id: entry.id,
                    name: None,
                    seed_text: String::new(),
                    last_played: 0,
                    problem: Some(short_problem(&e)),
                    ending: None,
                }),
            }
        }
        Ok(rows)
    }

    /// Deletes a world (the caller has asked the player).
    ///
    /// # Errors
    /// [`SaveError::NoSave`] if it is gone already; [`SaveError::Io`].
    pub fn delete(&self, id: &WorldId) -> Result<(), SaveError> {
        self.store.delete(id)
    }
}

/// One short line for the world list saying why a world can't be opened.
pub fn short_problem(e: &SaveError) -> String {
    match e {
        SaveError::Corrupt { .. } => "damaged".to_string(),
        SaveError::Foreign { .. } => "not a torchlit world".to_string(),
        SaveError::NewerVersion { .. } => "saved by a newer torchlit".to_string(),
        SaveError::InUse { .. } => "open in another torchlit".to_string(),
        // "read-only world file": the cause alone (the message goes on with the path).
        SaveError::ReadOnly { why, .. } => (*why).to_string(),
        other => other.to_string(),
    }
}

/// The game's rules from the config: `[generation]` shapes the world (region side,
/// automaton passes `a`, threshold `T` over the 3×3 block, rock and chest probabilities,
/// drops per chest), `[play]` the fights (`e`, `m`, stun chance), death and the cache;
/// the default game's hunt ([`Rules::default`]).
pub fn rules_from_config(config: &Config) -> Rules {
    rules_from(&GenerationConfig::of(config), &PlayConfig::of(config))
}

/// The game's rules from the overworld's two tables ([`rules_from_config`]).
pub fn rules_from(g: &GenerationConfig, p: &PlayConfig) -> Rules {
    Rules {
        world: OverworldParams {
            region_size: g.region_size,
            cave: CaveParams {
                rock_probability: g.rock_probability,
                rule: CaRule {
                    threshold: u8::try_from(g.death_threshold).unwrap_or(u8::MAX),
                    include_self: true,
                },
                iterations: g.iterations,
            },
            chest_probability: g.chest_probability,
        },
        chest_max_items: g.chest_max_items,
        combat: CombatRules::from(p.combat),
        death_loses_item: p.death_loses_item,
        region_cache_size: p.region_cache_size.get(),
        ..Rules::default()
    }
}

/// A time in seconds since the Unix epoch as `YYYY-MM-DD HH:MM UTC` (no clock read, no
/// time zone database: the same text everywhere).
///
/// ```
/// use torchlit_ui::overworld::format_time;
/// assert_eq!(format_time(0), "1970-01-01 00:00 UTC");
/// assert_eq!(format_time(1_700_000_000), "2023-11-14 22:13 UTC");
/// ```
pub fn format_time(unix: u64) -> String {
    let days = (unix / 86_400) as i64;
    let secs = unix % 86_400;
    let (y, m, d) = civil_from_days(days);
    format!("{y:04}-{m:02}-{d:02} {:02}:{:02} UTC", secs / 3600, secs % 3600 / 60)
}

/// Howard Hinnant's `civil_from_days`: the proleptic Gregorian date of a day count from
/// 1970-01-01.
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_civil() {
        assert_eq!(format_time(951_782_400), "2000-02-29 00:00 UTC");
        assert_eq!(format_time(4_102_444_799), "2099-12-31 23:59 UTC");
    }

    #[test]
    fn the_default_config_gives_the_seed_rules() {
        let rules = rules_from_config(&Config::defaults());
        assert_eq!(rules.world.region_size, 50);
        assert_eq!(rules.world.cave.iterations, 2);
        assert_eq!(rules.combat.protection, 36);
        assert!(rules.death_loses_item);
        assert_eq!(rules.chest_max_items, 2);
    }
}
