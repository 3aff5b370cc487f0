//! Configuration: defaults, the user's file, the template, errors with positions, hashes.

use std::num::{NonZeroU32, NonZeroUsize};
use std::path::Path;
use std::time::Duration;

use torchlit_save::{
    Config, ConfigError, ConfigHash, GenerationConfig, Input, KeyNameError, LogLevel, Paths,
};

type TestResult = Result<(), Box<dyn std::error::Error>>;

fn parse(text: &str) -> Result<Config, ConfigError> {
    Config::parse(text, Path::new("/home/u/.config/torchlit/torchlit.toml"))
}

#[test]
fn defaults_are_seed_002s() {
    let c = Config::defaults();
    let g = &c.generation;
    assert_eq!((g.region_size, g.iterations, g.death_threshold, g.chest_max_items), (50, 2, 5, 2));
    assert_eq!((g.rock_probability, g.chest_probability), (0.5, 0.005));
    let p = &c.play;
    assert_eq!(p.region_cache_size, NonZeroUsize::new(8).ok_or("8").unwrap_or(NonZeroUsize::MIN));
    assert_eq!(p.save_frequency.get(), 5);
    let t = &p.combat;
    let values = (t.armour_protection.value, t.damage_multiplier.value, t.stun_probability.value);
    assert_eq!(values, (0.3, 1.2, 0.1));
    assert_eq!(t.stun_probability.origin.to_string(), "<built-in defaults>:36:20");
    assert_eq!(p.turn_delay, Duration::from_millis(500));
    assert!(!p.debug_info);
    assert_eq!(c.log.level, LogLevel::Info);
    let north = c.keys.get("overworld", "north").map(|b| b.keys.clone());
    assert_eq!(north, Some(vec![Input::Char('w'), Input::Up]));
    let back = c.keys.get("ultima", "back").map(|b| b.keys.clone()).unwrap_or_default();
    assert!(back.contains(&Input::Ctrl('c')));
    assert!(c.keys.get("ultima", "back").is_some_and(|b| b.origin.file.is_none()));
}

#[test]
fn an_override_changes_only_what_it_names() -> TestResult {
    let c = parse(
        "[generation]\nregion_size = 64\n\n[play]\nregion_cache_size = 3\narmour_protection = 1\n\
         debug_info = true\n\n[log]\nlevel = \"trace\"\n\n[keys.overworld]\nnorth = [\"k\", \"Ctrl-p\"]\n",
    )?;
    let d = Config::defaults();
    assert_eq!(c.generation.region_size, 64);
    assert_eq!(c.generation.iterations, d.generation.iterations);
    assert_eq!(c.play.region_cache_size.get(), 3);
    assert_eq!(
        c.play.combat.armour_protection.value, 1.0,
        "an integer is accepted where a fraction goes"
    );
    assert_eq!(c.play.save_frequency, NonZeroU32::new(5).unwrap_or(NonZeroU32::MIN));
    assert!(c.play.debug_info);
    assert_eq!(c.log.level, LogLevel::Trace);
    let north = c.keys.get("overworld", "north").ok_or("north bound")?;
    assert_eq!(north.keys, vec![Input::Char('k'), Input::Ctrl('p')]);
    assert_eq!(north.origin.line, 13);
    assert_eq!(
        north.origin.file.as_deref(),
        Some(Path::new("/home/u/.config/torchlit/torchlit.toml"))
    );
    // Other actions and modes keep their defaults.
    assert_eq!(c.keys.get("overworld", "west"), d.keys.get("overworld", "west"));
    assert_eq!(c.keys.get("ultima", "north"), d.keys.get("ultima", "north"));
    Ok(())
}

#[test]
fn a_new_mode_table_adds_bindings() -> TestResult {
    let c = parse("[keys.maze]\ndig = [\"Space\", \"F5\"]\nnothing = []\n")?;
    let dig = c.keys.get("maze", "dig").ok_or("dig")?;
    assert_eq!(dig.keys, vec![Input::Char(' '), Input::F(5)]);
    assert_eq!(c.keys.get("maze", "nothing").map(|b| b.keys.len()), Some(0));
    assert!(c.keys.modes().any(|m| m == "maze"));
    assert_eq!(c.keys.mode("maze").count(), 2);
    Ok(())
}

#[test]
fn the_template_is_created_when_missing_and_never_overwritten() -> TestResult {
    let dir = tempfile::tempdir()?;
    let paths = Paths::in_dir(dir.path().join("data"));
    let config = Config::load(&paths)?;
    assert_eq!(config, Config::defaults(), "the template changes nothing");
    let template = std::fs::read_to_string(paths.config_file())?;
    assert_eq!(template, Config::template());
    assert!(template.contains("# region_size = 50"));
    assert!(template.contains("# north = [\"w\", \"Up\"]"));
    assert!(template.lines().all(|l| l.is_empty() || l.starts_with('#') || l.starts_with('[')));

    std::fs::write(paths.config_file(), "[play]\nsave_frequency = 9\n")?;
    let config = Config::load(&paths)?;
    assert_eq!(config.play.save_frequency.get(), 9);
    assert_eq!(std::fs::read_to_string(paths.config_file())?, "[play]\nsave_frequency = 9\n");
    assert!(!Config::ensure_template(paths.config_file())?);
    Ok(())
}

#[test]
fn an_explicit_config_file_must_exist() -> TestResult {
    let dir = tempfile::tempdir()?;
    let missing = dir.path().join("typo.toml");
    let paths = Paths::resolve(Some(dir.path()), Some(&missing))?;
    let err = Config::load(&paths).err().ok_or("loaded a missing file")?;
    assert!(matches!(err, ConfigError::Io { .. }), "{err:?}");
    assert!(err.to_string().contains("typo.toml"), "{err}");
    assert!(!missing.exists(), "not created");
    Ok(())
}

#[test]
fn bad_toml_reports_file_line_and_column() -> TestResult {
    let err = parse("[play]\nsave_frequency = 5\ndebug_info = tru\n").err().ok_or("parsed")?;
    let ConfigError::Syntax { path, line, column, .. } = &err else {
        return Err(format!("{err:?}").into());
    };
    assert_eq!(
        (path.as_path(), *line, *column),
        (Path::new("/home/u/.config/torchlit/torchlit.toml"), 3, 14)
    );
    assert!(err.to_string().starts_with("/home/u/.config/torchlit/torchlit.toml:3:14: "), "{err}");

    let err = parse("[generation]\nregion_sise = 50\n").err().ok_or("parsed")?;
    assert!(matches!(err, ConfigError::Syntax { line: 2, column: 1, .. }), "{err:?}");
    assert!(err.to_string().contains("region_sise"), "{err}");

    let err = parse("[play]\nregion_cache_size = \"eight\"\n").err().ok_or("parsed")?;
    assert!(matches!(err, ConfigError::Syntax { line: 2, column: 21, .. }), "{err:?}");

    let err = parse("[log]\nlevel = \"loud\"\n").err().ok_or("parsed")?;
    assert!(matches!(err, ConfigError::Syntax { line: 2, .. }), "{err:?}");
    Ok(())
}

#[test]
fn out_of_range_values_say_the_range() -> TestResult {
    let err = parse("[play]\n\nregion_cache_size = 0\n").err().ok_or("parsed")?;
    let ConfigError::Value { line, column, key, .. } = &err else {
        return Err(format!("{err:?}").into());
    };
    assert_eq!((*line, *column, key.as_str()), (3, 21, "play.region_cache_size"));
    assert!(err.to_string().contains("from 1 to 4096"), "{err}");
    for bad in [
        "[generation]\nrock_probability = 1.5",
        "[generation]\nrock_probability = nan",
        "[generation]\ndeath_threshold = 9",
        "[generation]\nregion_size = -50",
        "[play]\nturn_delay_ms = 99999999999",
    ] {
        assert!(matches!(parse(bad), Err(ConfigError::Value { line: 2, .. })), "{bad}");
    }
    Ok(())
}

#[test]
fn bad_keys_name_the_file_line_and_key() -> TestResult {
    let err = parse("[keys.overworld]\nnorth = [\"w\",\n  \"Upp\"]\n").err().ok_or("parsed")?;
    let ConfigError::Key { line, column, mode, action, error, .. } = &err else {
        return Err(format!("{err:?}").into());
    };
    assert_eq!((*line, *column), (3, 3));
    assert_eq!((mode.as_str(), action.as_str()), ("overworld", "north"));
    assert!(matches!(error, KeyNameError::Unknown { name } if name == "Upp"));
    let message = err.to_string();
    assert!(
        message.starts_with(
            "/home/u/.config/torchlit/torchlit.toml:3:3: keys.overworld.north: unknown key \"Upp\""
        ),
        "{message}"
    );
    assert!(matches!(
        parse("[keys.overworld]\nnorth = [\"Ctrl-\"]\n"),
        Err(ConfigError::Key { .. })
    ));
    assert!(matches!(
        parse("[keys.overworld]\nnorth = \"w\"\n"),
        Err(ConfigError::Syntax { line: 2, .. })
    ));
    Ok(())
}

#[test]
fn non_utf8_files_are_refused_with_a_position() -> TestResult {
    let dir = tempfile::tempdir()?;
    let file = dir.path().join("c.toml");
    std::fs::write(&file, b"[play]\ndebug_info = \xff\n")?;
    let err = Config::load_file(&file).err().ok_or("loaded")?;
    assert!(matches!(err, ConfigError::Syntax { line: 2, column: 14, .. }), "{err:?}");
    Ok(())
}

#[test]
fn generation_hash_is_stable_and_sees_every_field() {
    let base = GenerationConfig::default();
    // Pinned: a change here changes every world's stored hash. Only on purpose.
    assert_eq!(base.hash(), ConfigHash(0x534f_f1ef_f7a0_5153), "{}", base.hash());
    assert_eq!(base.hash().to_string().len(), 16);
    let changes: [fn(&mut GenerationConfig); 6] = [
        |g| g.region_size = 51,
        |g| g.iterations = 3,
        |g| g.death_threshold = 4,
        |g| g.rock_probability = 0.45,
        |g| g.chest_probability = 0.01,
        |g| g.chest_max_items = 3,
    ];
    let variants: Vec<GenerationConfig> = changes
        .iter()
        .map(|change| {
            let mut g = base.clone();
            change(&mut g);
            g
        })
        .collect();
    let mut hashes: Vec<ConfigHash> = variants.iter().map(GenerationConfig::hash).collect();
    hashes.push(base.hash());
    hashes.sort();
    hashes.dedup();
    assert_eq!(hashes.len(), 7);
    // Play settings are not part of it.
    let c = parse("[play]\nstun_probability = 0.5\n").map(|c| c.generation.hash()).ok();
    assert_eq!(c, Some(base.hash()));
    // -0.0 and 0.0 are the same setting.
    let (mut z, mut nz) = (base.clone(), base);
    z.chest_probability = 0.0;
    nz.chest_probability = -0.0;
    assert_eq!(z.hash(), nz.hash());
}

#[test]
fn web_max_sessions_is_a_setting_with_a_range() -> TestResult {
    assert_eq!(Config::defaults().web.max_sessions, 64);
    let c = parse("[web]\nmax_sessions = 3\n")?;
    assert_eq!(c.web.max_sessions, 3);
    for bad in ["0", "10001", "-1"] {
        let e = parse(&format!("[web]\nmax_sessions = {bad}\n")).expect_err("out of range");
        assert!(e.to_string().contains(":2:") && e.to_string().contains("1 to 10000"), "{e}");
    }
    let e = parse("[web]\nsessions = 3\n").expect_err("unknown key");
    assert!(e.to_string().contains("sessions"), "{e}");
    Ok(())
}

#[test]
fn maze_heart_drop_is_a_setting_with_a_range() -> TestResult {
    assert_eq!(Config::defaults().maze.heart_drop_percent, 50);
    let c = parse("[maze]\nheart_drop_percent = 20\n")?;
    assert_eq!(c.maze.heart_drop_percent, 20);
    let e = parse("[maze]\nheart_drop_percent = 101\n").expect_err("out of range");
    assert!(e.to_string().contains(":2:") && e.to_string().contains("0 to 100"), "{e}");
    Ok(())
}
