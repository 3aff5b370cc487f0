//! Every config error a user sees, pinned as text: the file, line and column, the key
//! quoted and what was expected. `torchlit-save` reads the files and the app-wide tables;
//! each mode's table is read and checked by its owner (`torchlit_ui::config::check`). The
//! expected messages were recorded when `torchlit-save` still held every table, so moving
//! a table never changes what a user reads.

use std::path::Path;

use torchlit_save::Config;

/// The error `torchlit` reports for a config file holding `text` (what the binary does:
/// load, then check every mode's table), or `"ok"`.
fn error_of(text: &str) -> String {
    let path = Path::new("/home/u/.config/torchlit/torchlit.toml");
    match Config::parse(text, path).and_then(|c| torchlit_ui::config::check(&c)) {
        Err(e) => e.to_string(),
        Ok(()) => "ok".to_string(),
    }
}

/// (file, the error it gets).
const CASES: &[(&str, &str)] = &[
    ("", "ok"),
    (
        "[foo]\nx = 1\n",
        "/home/u/.config/torchlit/torchlit.toml:1:2: unknown field `foo`, expected one of `generation`, `play`, `maze`, `log`, `caves`, `web`, `ui`, `keys`",
    ),
    (
        "bar = 1\n",
        "/home/u/.config/torchlit/torchlit.toml:1:1: unknown field `bar`, expected one of `generation`, `play`, `maze`, `log`, `caves`, `web`, `ui`, `keys`",
    ),
    (
        "[generation]\nregion_sise = 50\n",
        "/home/u/.config/torchlit/torchlit.toml:2:1: unknown field `region_sise`, expected one of `region_size`, `iterations`, `death_threshold`, `rock_probability`, `chest_probability`, `chest_max_items`",
    ),
    (
        "[generation]\nregion_size = 7\n",
        "/home/u/.config/torchlit/torchlit.toml:2:15: generation.region_size: 7 is out of range: use a whole number from 8 to 1024",
    ),
    (
        "[generation]\nregion_size = 1025\n",
        "/home/u/.config/torchlit/torchlit.toml:2:15: generation.region_size: 1025 is out of range: use a whole number from 8 to 1024",
    ),
    (
        "[generation]\nregion_size = -50\n",
        "/home/u/.config/torchlit/torchlit.toml:2:15: generation.region_size: -50 is out of range: use a whole number from 8 to 1024",
    ),
    (
        "[generation]\nregion_size = \"big\"\n",
        "/home/u/.config/torchlit/torchlit.toml:2:15: invalid type: string \"big\", expected i64",
    ),
    (
        "[generation]\niterations = 101\n",
        "/home/u/.config/torchlit/torchlit.toml:2:14: generation.iterations: 101 is out of range: use a whole number from 0 to 100",
    ),
    (
        "[generation]\ndeath_threshold = 9\n",
        "/home/u/.config/torchlit/torchlit.toml:2:19: generation.death_threshold: 9 is out of range: use a whole number from 0 to 8",
    ),
    (
        "[generation]\nrock_probability = 1.5\n",
        "/home/u/.config/torchlit/torchlit.toml:2:20: generation.rock_probability: 1.5 is out of range: use a number from 0 to 1",
    ),
    (
        "[generation]\nrock_probability = nan\n",
        "/home/u/.config/torchlit/torchlit.toml:2:20: generation.rock_probability: NaN is out of range: use a number from 0 to 1",
    ),
    ("[generation]\nrock_probability = -0.0\n", "ok"),
    (
        "[generation]\nchest_probability = 2\n",
        "/home/u/.config/torchlit/torchlit.toml:2:21: generation.chest_probability: 2 is out of range: use a number from 0 to 1",
    ),
    (
        "[generation]\nchest_max_items = 65\n",
        "/home/u/.config/torchlit/torchlit.toml:2:19: generation.chest_max_items: 65 is out of range: use a whole number from 0 to 64",
    ),
    (
        "[generation]\nregion_size = 64\niterations = 3\ndeath_threshold = 4\nrock_probability = 1\nchest_probability = 0\nchest_max_items = 0\n",
        "ok",
    ),
    (
        "[play]\nregion_cache_size = 0\n",
        "/home/u/.config/torchlit/torchlit.toml:2:21: play.region_cache_size: 0 is out of range: use a whole number from 1 to 4096",
    ),
    (
        "[play]\nregion_cache_size = \"eight\"\n",
        "/home/u/.config/torchlit/torchlit.toml:2:21: invalid type: string \"eight\", expected i64",
    ),
    (
        "[play]\nsave_frequency = 0\n",
        "/home/u/.config/torchlit/torchlit.toml:2:18: play.save_frequency: 0 is out of range: use a whole number from 1 to 10000",
    ),
    (
        "[play]\nsave_frequency = 10001\n",
        "/home/u/.config/torchlit/torchlit.toml:2:18: play.save_frequency: 10001 is out of range: use a whole number from 1 to 10000",
    ),
    (
        "[play]\narmour_protection = 1.5\n",
        "/home/u/.config/torchlit/torchlit.toml:2:21: play.armour_protection: 1.5 is out of range: use a number from 0 to 1",
    ),
    (
        "[play]\ndamage_multiplier = -1\n",
        "/home/u/.config/torchlit/torchlit.toml:2:21: play.damage_multiplier: -1 is out of range: use a number from 0 to 10",
    ),
    (
        "[play]\nstun_probability = inf\n",
        "/home/u/.config/torchlit/torchlit.toml:2:20: play.stun_probability: inf is out of range: use a number from 0 to 1",
    ),
    (
        "[play]\nstun_probability = \"x\"\n",
        "/home/u/.config/torchlit/torchlit.toml:2:20: invalid type: string \"x\", expected a number",
    ),
    (
        "[play]\nturn_delay_ms = 99999999999\n",
        "/home/u/.config/torchlit/torchlit.toml:2:17: play.turn_delay_ms: 99999999999 is out of range: use a whole number from 0 to 10000",
    ),
    (
        "[play]\ndebug_info = tru\n",
        "/home/u/.config/torchlit/torchlit.toml:2:14: invalid boolean, expected `true`",
    ),
    (
        "[play]\ndeath_loses_item = 1\n",
        "/home/u/.config/torchlit/torchlit.toml:2:20: invalid type: integer `1`, expected a boolean",
    ),
    (
        "[play]\nwhatever = 1\n",
        "/home/u/.config/torchlit/torchlit.toml:2:1: unknown field `whatever`, expected one of `region_cache_size`, `save_frequency`, `armour_protection`, `damage_multiplier`, `stun_probability`, `turn_delay_ms`, `debug_info`, `death_loses_item`",
    ),
    (
        "[play]\nregion_cache_size = 4096\nsave_frequency = 10000\narmour_protection = 0\ndamage_multiplier = 2\nstun_probability = 1\nturn_delay_ms = 0\ndebug_info = true\ndeath_loses_item = false\n",
        "ok",
    ),
    (
        "[maze]\nheart_drop_percent = 101\n",
        "/home/u/.config/torchlit/torchlit.toml:2:22: maze.heart_drop_percent: 101 is out of range: use a whole number from 0 to 100",
    ),
    (
        "[maze]\nheart_drop_percent = -1\n",
        "/home/u/.config/torchlit/torchlit.toml:2:22: maze.heart_drop_percent: -1 is out of range: use a whole number from 0 to 100",
    ),
    (
        "[maze]\nheart_drop = 5\n",
        "/home/u/.config/torchlit/torchlit.toml:2:1: unknown field `heart_drop`, expected `heart_drop_percent`",
    ),
    ("[maze]\nheart_drop_percent = 0\n", "ok"),
    (
        "[caves]\nautopickup = [\"food\", \"rocks\"]\n",
        "/home/u/.config/torchlit/torchlit.toml:2:23: caves.autopickup: \"rocks\" is no item class: use any of food, weapons, armour",
    ),
    (
        "[caves]\nautopickup = \"food\"\n",
        "/home/u/.config/torchlit/torchlit.toml:2:14: invalid type: string \"food\", expected a sequence",
    ),
    (
        "[caves]\nautopickup = [1]\n",
        "/home/u/.config/torchlit/torchlit.toml:2:15: invalid type: integer `1`, expected a string",
    ),
    (
        "[caves]\nauto = []\n",
        "/home/u/.config/torchlit/torchlit.toml:2:1: unknown field `auto`, expected `autopickup`",
    ),
    ("[caves]\nautopickup = []\n", "ok"),
    (
        "[web]\nmax_sessions = 0\n",
        "/home/u/.config/torchlit/torchlit.toml:2:16: web.max_sessions: 0 is out of range: use a whole number from 1 to 10000",
    ),
    (
        "[web]\nsessions = 3\n",
        "/home/u/.config/torchlit/torchlit.toml:2:1: unknown field `sessions`, expected `max_sessions` or `public`",
    ),
    (
        "[web]\npublic = 1\n",
        "/home/u/.config/torchlit/torchlit.toml:2:10: invalid type: integer `1`, expected a boolean",
    ),
    (
        "[ui]\nfront_end = \"browser\"\n",
        "/home/u/.config/torchlit/torchlit.toml:2:13: unknown variant `browser`, expected `terminal` or `window`",
    ),
    (
        "[ui]\nfrontend = \"window\"\n",
        "/home/u/.config/torchlit/torchlit.toml:2:1: unknown field `frontend`, expected `front_end`",
    ),
    (
        "[log]\nlevel = \"loud\"\n",
        "/home/u/.config/torchlit/torchlit.toml:2:9: unknown variant `loud`, expected one of `off`, `error`, `warn`, `info`, `debug`, `trace`",
    ),
    (
        "[log]\nlvl = \"info\"\n",
        "/home/u/.config/torchlit/torchlit.toml:2:1: unknown field `lvl`, expected `level`",
    ),
    (
        "[keys.overworld]\nnorth = [\"w\",\n  \"Upp\"]\n",
        "/home/u/.config/torchlit/torchlit.toml:3:3: keys.overworld.north: unknown key \"Upp\": use one character (w, +, ?) or Space, Up, Down, Left, Right, Enter, Esc, Tab, Backspace, Home, End, PageUp, PageDown, Insert, Delete, F1-F12, optionally after Ctrl-",
    ),
    (
        "[keys.overworld]\nnorth = \"w\"\n",
        "/home/u/.config/torchlit/torchlit.toml:2:9: invalid type: string \"w\", expected a sequence",
    ),
    (
        "[keys.bogus]\nnorth = [\"w\"]\n",
        "/home/u/.config/torchlit/torchlit.toml:1:7: unknown mode \"bogus\" in [keys.MODE]; the modes are ultima, maze, caves, overworld, chase",
    ),
    (
        "[keys.caves]\nexplore = [\"Alt-x\"]\n",
        "/home/u/.config/torchlit/torchlit.toml:2:12: keys.caves.explore: key \"Alt-x\" can't be bound: no front end reports Alt- keys",
    ),
    (
        "[keys]\nnorth = 1\n",
        "/home/u/.config/torchlit/torchlit.toml:2:9: invalid type: integer `1`, expected a map",
    ),
    (
        "[generation]\nregion_size = 7\n[play]\nsave_frequency = 0\n",
        "/home/u/.config/torchlit/torchlit.toml:2:15: generation.region_size: 7 is out of range: use a whole number from 8 to 1024",
    ),
    (
        "[play]\nstun_probability = 2\nsave_frequency = 0\n",
        "/home/u/.config/torchlit/torchlit.toml:3:18: play.save_frequency: 0 is out of range: use a whole number from 1 to 10000",
    ),
    (
        "[play]\nstun_probability = 2\n[web]\nmax_sessions = 0\n",
        "/home/u/.config/torchlit/torchlit.toml:4:16: web.max_sessions: 0 is out of range: use a whole number from 1 to 10000",
    ),
    (
        "[foo]\n[generation]\nregion_size = 7\n",
        "/home/u/.config/torchlit/torchlit.toml:1:2: unknown field `foo`, expected one of `generation`, `play`, `maze`, `log`, `caves`, `web`, `ui`, `keys`",
    ),
    ("[generation]\n[generation]\n", "/home/u/.config/torchlit/torchlit.toml:2:2: duplicate key"),
    (
        "[play]\nsave_frequency = 5\ndebug_info = tru\n",
        "/home/u/.config/torchlit/torchlit.toml:3:14: invalid boolean, expected `true`",
    ),
    (
        "[caves]\nautopickup = [\"rocks\"]\n[keys.bogus]\nx = [\"y\"]\n",
        "/home/u/.config/torchlit/torchlit.toml:2:15: caves.autopickup: \"rocks\" is no item class: use any of food, weapons, armour",
    ),
];

/// Files with two errors whose first reported one changed when the tables moved: the
/// app-wide tables are checked when the file is read, each mode's table after (a mode's
/// table's unknown keys with its ranges). Each message is still one of [`CASES`]'.
const TWO_ERRORS: &[(&str, &str)] = &[
    (
        "[generation]\nregion_size = 7\n[maze]\nbogus = 1\n",
        "/home/u/.config/torchlit/torchlit.toml:2:15: generation.region_size: 7 is out of range: use a whole number from 8 to 1024",
    ),
    (
        "[maze]\nheart_drop_percent = 101\n[web]\nmax_sessions = 0\n",
        "/home/u/.config/torchlit/torchlit.toml:4:16: web.max_sessions: 0 is out of range: use a whole number from 1 to 10000",
    ),
];

#[test]
fn a_long_name_is_quoted_short() {
    let long = "z".repeat(100_000);
    for text in [
        format!("[keys.{long}]\nexplore = [\"x\"]\n"),
        format!("[{long}]\n"),
        format!("[maze]\n{long} = 1\n"),
        format!("[caves]\nautopickup = [\"{long}\"]\n"),
    ] {
        let message = error_of(&text);
        assert!(message.len() < 400 && message.contains("zzzzzzzzzzzz"), "{message:.300}");
    }
}

#[test]
fn every_error_reads_as_before() {
    let mut wrong = Vec::new();
    for (text, expected) in CASES.iter().chain(TWO_ERRORS) {
        let got = error_of(text);
        if got != *expected {
            wrong.push(format!("{text:?}\n  expected {expected:?}\n  got      {got:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
