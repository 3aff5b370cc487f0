use std::path::Path;

use super::*;

fn parse(text: &str) -> Config {
    Config::parse(text, Path::new("t.toml")).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_defaults_file_states_the_builtin_values() {
    let c = Config::defaults();
    let g = c.section::<GenerationConfig>().ok();
    assert_eq!(g, Some(GenerationConfig::default()));
    let g = GenerationConfig::default();
    assert_eq!((g.region_size, g.iterations, g.death_threshold, g.chest_max_items), (50, 2, 5, 2));
    assert_eq!((g.rock_probability, g.chest_probability), (0.5, 0.005));
    assert_eq!(c.section::<PlayConfig>().ok(), Some(PlayConfig::default()));
    let p = PlayConfig::default();
    assert_eq!((p.region_cache_size.get(), p.save_frequency.get()), (8, 5));
    assert_eq!(p.turn_delay, Duration::from_millis(500));
    assert!(!p.debug_info && p.death_loses_item);
}

#[test]
fn an_override_changes_only_what_it_names() {
    let c = parse(
        "[generation]\nregion_size = 64\n\n[play]\nregion_cache_size = 3\narmour_protection = 1\n\
         debug_info = true\n",
    );
    let (g, p) = (GenerationConfig::of(&c), PlayConfig::of(&c));
    let (dg, dp) = (GenerationConfig::default(), PlayConfig::default());
    assert_eq!((g.region_size, g.iterations), (64, dg.iterations));
    assert_eq!(p.region_cache_size.get(), 3);
    assert_eq!(p.combat.armour_protection, 1.0, "an integer is accepted where a fraction goes");
    assert_eq!(p.combat.stun_probability, dp.combat.stun_probability);
    assert_eq!(p.save_frequency, dp.save_frequency);
    assert!(p.debug_info);
}

#[test]
fn the_defaults_are_the_sims_and_a_value_out_of_range_is_named_where_it_was_written() {
    assert_eq!(combat_tuning(&Config::defaults()).ok(), Some(CombatTuning::default()));
    let text = "[play]\narmour_protection = 1\nstun_probability = 0.5\ndamage_multiplier = 0\n";
    let t = combat_tuning(&parse(text)).expect("in range");
    assert_eq!((t.armour_protection, t.damage_multiplier, t.stun_probability), (1.0, 0.0, 0.5));
    let err = check(&parse("[play]\n\nstun_probability = 1.5\n")).map_err(|e| e.to_string());
    assert_eq!(
        err,
        Err("t.toml:3:20: play.stun_probability: 1.5 is out of range: use a number from 0 to 1"
            .to_string())
    );
    let err = check(&parse("[play]\ndamage_multiplier = inf\n"));
    let err = err.map_err(|e| e.to_string()).err().unwrap_or_default();
    assert!(err.starts_with("t.toml:2:21: play.damage_multiplier: inf is out of range"), "{err}");
    // An unchecked bad table reads as the defaults.
    assert_eq!(PlayConfig::of(&parse("[play]\nsave_frequency = 0\n")), PlayConfig::default());
}

#[test]
fn generation_hash_is_stable_and_sees_every_field() {
    let base = GenerationConfig::default();
    // Pinned: a change here changes every world's stored hash. Only on purpose.
    assert_eq!(base.hash(), ConfigHash(0x534f_f1ef_f7a0_5153), "{}", base.hash());
    assert_eq!(base.hash().to_string().len(), 16);
    let custom = GenerationConfig {
        region_size: 64,
        iterations: 3,
        death_threshold: 4,
        rock_probability: 0.45,
        chest_probability: 0.01,
        chest_max_items: 3,
    };
    // Pinned too (the value `torchlit-save` computed when it held this type).
    assert_eq!(custom.hash(), ConfigHash(CUSTOM_HASH), "{}", custom.hash());
    let changes: [fn(&mut GenerationConfig); 6] = [
        |g| g.region_size = 51,
        |g| g.iterations = 3,
        |g| g.death_threshold = 4,
        |g| g.rock_probability = 0.45,
        |g| g.chest_probability = 0.01,
        |g| g.chest_max_items = 3,
    ];
    let mut hashes: Vec<ConfigHash> = changes
        .iter()
        .map(|change| {
            let mut g = base.clone();
            change(&mut g);
            g.hash()
        })
        .collect();
    hashes.push(base.hash());
    hashes.sort();
    hashes.dedup();
    assert_eq!(hashes.len(), 7);
    // Play settings are not part of it.
    let c = GenerationConfig::of(&parse("[play]\nstun_probability = 0.5\n"));
    assert_eq!(c.hash(), base.hash());
    // -0.0 and 0.0 are the same setting.
    let (mut z, mut nz) = (base.clone(), base);
    z.chest_probability = 0.0;
    nz.chest_probability = -0.0;
    assert_eq!(z.hash(), nz.hash());
}

/// `GenerationConfig { 64, 3, 4, 0.45, 0.01, 3 }.hash()` as `torchlit-save` gave it (computed from its code at the commit before the move).
const CUSTOM_HASH: u64 = 0xa582_c587_ad99_d4e4;
