//! Configuration: defaults, the user's file, the template, errors with positions, and
//! the tables owners read through `Section` (each mode's own are tested with the mode,
//! in `torchlit-ui`).

use std::path::Path;

use serde::Deserialize;
use torchlit_save::{
    Config, ConfigError, Input, KeyNameError, LogLevel, Number, Paths, Place, Section, Spanned,
};

type TestResult = Result<(), Box<dyn std::error::Error>>;

fn parse(text: &str) -> Result<Config, ConfigError> {
    Config::parse(text, Path::new("/home/u/.config/torchlit/torchlit.toml"))
}

#[test]
fn defaults_are_the_files() {
    let c = Config::defaults();
    assert_eq!(c.log.level, LogLevel::Info);
    assert_eq!((c.web.max_sessions, c.web.public), (64, false));
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
    assert_eq!(c.log.level, LogLevel::Trace);
    assert_eq!(c.web, d.web);
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
    let d = Config::defaults();
    let app = |c: &Config| (c.log.clone(), c.web.clone(), c.ui.clone(), c.keys.clone());
    assert_eq!(app(&config), app(&d), "the template changes nothing");
    assert_eq!(config.section::<Ring>()?, d.section::<Ring>()?);
    let template = std::fs::read_to_string(paths.config_file())?;
    assert_eq!(template, Config::template());
    assert!(template.contains("# region_size = 50"));
    assert!(template.contains("# north = [\"w\", \"Up\"]"));
    assert!(template.lines().all(|l| l.is_empty() || l.starts_with('#') || l.starts_with('[')));

    std::fs::write(paths.config_file(), "[web]\nmax_sessions = 9\n")?;
    let config = Config::load(&paths)?;
    assert_eq!(config.web.max_sessions, 9);
    assert_eq!(std::fs::read_to_string(paths.config_file())?, "[web]\nmax_sessions = 9\n");
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
    let err = parse("[web]\nmax_sessions = 5\npublic = tru\n").err().ok_or("parsed")?;
    let ConfigError::Syntax { path, line, column, .. } = &err else {
        return Err(format!("{err:?}").into());
    };
    assert_eq!(
        (path.as_path(), *line, *column),
        (Path::new("/home/u/.config/torchlit/torchlit.toml"), 3, 10)
    );
    assert!(err.to_string().starts_with("/home/u/.config/torchlit/torchlit.toml:3:10: "), "{err}");

    let err = parse("[web]\nmax_sesions = 50\n").err().ok_or("parsed")?;
    assert!(matches!(err, ConfigError::Syntax { line: 2, column: 1, .. }), "{err:?}");
    assert!(err.to_string().contains("max_sesions"), "{err}");

    let err = parse("[web]\nmax_sessions = \"eight\"\n").err().ok_or("parsed")?;
    assert!(matches!(err, ConfigError::Syntax { line: 2, column: 16, .. }), "{err:?}");

    let err = parse("[log]\nlevel = \"loud\"\n").err().ok_or("parsed")?;
    assert!(matches!(err, ConfigError::Syntax { line: 2, .. }), "{err:?}");
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
    std::fs::write(&file, b"[web]\npublic = \xff\n")?;
    let err = Config::load_file(&file).err().ok_or("loaded")?;
    assert!(matches!(err, ConfigError::Syntax { line: 2, column: 10, .. }), "{err:?}");
    Ok(())
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

/// A table an owner reads: the test's stand-in for a mode's `[maze]`.
#[derive(Debug, PartialEq)]
struct Ring {
    percent: u32,
    origin: Option<String>,
}

impl Default for Ring {
    fn default() -> Ring {
        Ring { percent: 7, origin: None }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WrittenRing {
    heart_drop_percent: Option<Spanned<i64>>,
}

impl Section for Ring {
    const NAME: &'static str = "maze";
    type Written = WrittenRing;
    fn apply(&mut self, w: WrittenRing, place: &Place<'_>) -> Result<(), ConfigError> {
        if let Some(v) = &w.heart_drop_percent {
            self.origin = Some(place.origin(v.span()).to_string());
        }
        let key = "maze.heart_drop_percent";
        if let Some(n) = place.whole_number(w.heart_drop_percent, key, 0..=100)? {
            self.percent = n;
        }
        Ok(())
    }
}

/// A second stand-in, for numbers: `[generation] rock_probability`.
#[derive(Debug, PartialEq, Default)]
struct Rock(f64);

#[derive(Deserialize)]
struct WrittenRock {
    rock_probability: Option<Spanned<Number>>,
}

impl Section for Rock {
    const NAME: &'static str = "generation";
    type Written = WrittenRock;
    fn apply(&mut self, w: WrittenRock, place: &Place<'_>) -> Result<(), ConfigError> {
        let key = "generation.rock_probability";
        if let Some(x) = place.number(w.rock_probability, key, 0.0..=1.0)? {
            self.0 = x;
        }
        Ok(())
    }
}

#[test]
fn a_section_reads_the_defaults_then_the_users_file() -> TestResult {
    let d = Config::defaults().section::<Ring>()?;
    assert_eq!(d.percent, 50, "the built-in defaults' value over the owner's default");
    assert_eq!(d.origin.as_deref(), Some("<built-in defaults>:49:22"));
    let c = parse("[maze]\n\nheart_drop_percent = 20\n")?.section::<Ring>()?;
    assert_eq!(c.percent, 20);
    let at = c.origin.unwrap_or_default();
    assert_eq!(at, "/home/u/.config/torchlit/torchlit.toml:3:22");
    let c = parse("[web]\nmax_sessions = 3\n")?.section::<Ring>()?;
    assert_eq!(c.percent, 50, "a file without the table keeps the defaults'");
    assert_eq!(Config::defaults().section::<Rock>()?, Rock(0.5));
    assert_eq!(parse("[generation]\nrock_probability = 1\n")?.section::<Rock>()?, Rock(1.0));
    assert_eq!(parse("[generation]\nrock_probability = -0.0\n")?.section::<Rock>()?, Rock(0.0));
    Ok(())
}

#[test]
fn a_sections_errors_name_the_file_line_column_and_key() -> TestResult {
    let message = |text: &str| match parse(text).and_then(|c| c.section::<Ring>()) {
        Ok(r) => format!("ok {r:?}"),
        Err(e) => e.to_string(),
    };
    let file = "/home/u/.config/torchlit/torchlit.toml";
    assert_eq!(
        message("[maze]\nheart_drop_percent = 101\n"),
        format!(
            "{file}:2:22: maze.heart_drop_percent: 101 is out of range: use a whole number from 0 to 100"
        )
    );
    assert_eq!(
        message("[maze]\nheart_drop = 5\n"),
        format!("{file}:2:1: unknown field `heart_drop`, expected `heart_drop_percent`")
    );
    assert_eq!(
        message("[maze]\nheart_drop_percent = \"x\"\n"),
        format!("{file}:2:22: invalid type: string \"x\", expected i64")
    );
    let e = parse("[generation]\nrock_probability = nan\n")?.section::<Rock>();
    let e = e.err().map(|e| e.to_string()).unwrap_or_default();
    assert_eq!(
        e,
        format!(
            "{file}:2:20: generation.rock_probability: NaN is out of range: use a number from 0 to 1"
        )
    );
    Ok(())
}

#[test]
fn tables_no_one_reads_are_refused_by_name() -> TestResult {
    const KNOWN: &[&str] = &["generation", "play", "maze", "caves", "log", "web", "ui", "keys"];
    // Loading reads only the app-wide tables: the others are their owners' to check.
    let c = parse("[generation]\nregion_size = 9\n\n[foo]\nx = 1\n[bar]\n")?;
    let e = c.check_tables(KNOWN).err().map(|e| e.to_string()).unwrap_or_default();
    assert_eq!(
        e,
        "/home/u/.config/torchlit/torchlit.toml:4:2: unknown field `foo`, expected one of \
         `generation`, `play`, `maze`, `caves`, `log`, `web`, `ui`, `keys`"
    );
    assert!(parse("[maze]\n[log]\n")?.check_tables(KNOWN).is_ok());
    let e = Config::defaults().check_tables(&["keys"]).err().map(|e| e.to_string());
    assert_eq!(
        e.as_deref(),
        Some("<built-in defaults>:9:2: unknown field `generation`, expected `keys`")
    );
    let e = parse(&format!("{} = 1\n", "x".repeat(1000)))?.check_tables(KNOWN);
    let e = e.err().map(|e| e.to_string()).unwrap_or_default();
    assert!(e.contains(":1:1: unknown field `xxxx") && e.len() < 200, "{e}");
    Ok(())
}
