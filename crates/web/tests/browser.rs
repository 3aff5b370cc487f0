//! The page in a real browser: headless Chromium over WebDriver (chromedriver), at
//! 1280x800: the scene client (through the page's test hook `window.torchlit`, the
//! page's text and screenshots' pixels), text pages, deep links, spectators. Skipped, with a message, when
//! `chromium` or `chromedriver` is not installed (`apt-get install chromium
//! chromium-driver`).
//!
//! With `TORCHLIT_SCREENSHOTS=DIR` set, the screenshots of each mode are written to DIR
//! (a relative DIR is under `crates/web`: the README's pictures come from
//! `TORCHLIT_SCREENSHOTS=$PWD/docs/img` at the repository's root).

mod common;

use std::time::{Duration, Instant};

use common::Harness;
use common::chrome::{Shot, start_browser};
use fantoccini::Client;
use fantoccini::actions::{
    InputSource, KeyAction, KeyActions, MOUSE_BUTTON_LEFT, MOUSE_BUTTON_RIGHT, MouseActions,
    PointerAction,
};
use serde_json::{Value, json};
use torchlit_ui::Link;

async fn frames(c: &Client) -> u64 {
    let v = c
        .execute("return document.getElementById('screen').dataset.frames || '0'", vec![])
        .await
        .expect("script");
    v.as_str().and_then(|s| s.parse().ok()).unwrap_or(0)
}

/// Waits until the page has had more than `n` messages and then a quiet 150 ms.
async fn settle(c: &Client, n: u64) {
    let start = Instant::now();
    while frames(c).await <= n && start.elapsed() < Duration::from_secs(10) {
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    tokio::time::sleep(Duration::from_millis(150)).await;
}

async fn keys(c: &Client, seq: &[KeyAction]) {
    let mut a = KeyActions::new("keyboard".into());
    for k in seq {
        a = a.then(k.clone());
    }
    c.perform_actions(a).await.expect("keys");
}

/// Presses `key` and waits for the page to redraw.
async fn press(c: &Client, key: char) {
    let n = frames(c).await;
    keys(c, &[KeyAction::Down { value: key }, KeyAction::Up { value: key }]).await;
    settle(c, n).await;
}

async fn probe(c: &Client) -> Value {
    c.execute("return window.torchlit.probe()", vec![]).await.expect("probe")
}

/// Map cell (x, y)'s rectangle: left, top, width, height in CSS pixels.
async fn cell_rect(c: &Client, x: i64, y: i64) -> Option<[f64; 4]> {
    let r = c
        .execute(
            "return window.torchlit.cellRect(arguments[0], arguments[1])",
            vec![json!(x), json!(y)],
        )
        .await
        .expect("cellRect");
    let f = |k: &str| r[k].as_f64();
    Some([f("left")?, f("top")?, f("width")?, f("height")?])
}

async fn page_text(c: &Client) -> String {
    let v = c.execute("return document.body.innerText", vec![]).await.expect("text");
    v.as_str().unwrap_or_default().to_string()
}

/// Waits (up to 5 s) until `check` holds of the probe.
async fn until_probe(c: &Client, what: &str, check: impl Fn(&Value) -> bool) -> Value {
    let start = Instant::now();
    loop {
        let p = probe(c).await;
        if check(&p) {
            return p;
        }
        assert!(start.elapsed() < Duration::from_secs(5), "{what}: {p}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Moves the pointer to the centre of map cell (x, y), and clicks with `button` if some.
async fn point_at(c: &Client, x: i64, y: i64, button: Option<u64>) {
    let [l, t, w, h] = cell_rect(c, x, y).await.expect("the cell is drawn");
    let (px, py) = ((l + w / 2.0).floor(), (t + h / 2.0).floor());
    let mut a = MouseActions::new("mouse".into()).then(PointerAction::MoveTo {
        duration: None,
        x: px,
        y: py,
    });
    if let Some(b) = button {
        a = a.then(PointerAction::Down { button: b }).then(PointerAction::Up { button: b });
    }
    c.perform_actions(a).await.expect("mouse");
    c.release_actions().await.expect("release");
}

/// The mean colour of a screenshot's square of CSS pixels [l, l+w) x [t, t+w).
fn mean(shot: &Shot, r: [f64; 4]) -> [f64; 3] {
    let mut sum = [0.0; 3];
    let mut n: f64 = 0.0;
    for y in r[1] as usize..(r[1] + r[3]) as usize {
        for x in r[0] as usize..(r[0] + r[2]) as usize {
            if x < shot.w && y < shot.h {
                let p = shot.rgb[y * shot.w + x];
                for k in 0..3 {
                    sum[k] += f64::from(p[k]);
                }
                n += 1.0;
            }
        }
    }
    sum.map(|s| s / n.max(1.0))
}

fn distance(a: [f64; 3], b: [f64; 3]) -> f64 {
    a.iter().zip(b).map(|(x, y)| (x - y).abs()).sum::<f64>() / 3.0
}

/// The scene client on a test screen with a scene (crates/web/tests/common/room.rs):
/// the probe, square tiles of at least 24 px, hover, click, panel, log, zoom, glyphs,
/// a text page and its click, a spectator, and the hero's tile standing out.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_scene_client_draws_tiles_and_answers_the_mouse() {
    let Some((_driver, c)) = start_browser("the_scene_client").await else { return };
    let h = Harness::start(common::room::room_factory(), |_| {}).await;
    c.goto(&format!("http://{}/", h.addr)).await.expect("open the page");
    let p = until_probe(&c, "a scene", |p| p["mode"] == "room").await;
    assert_eq!(p["hero"], json!([5, 5]));
    let rows: Vec<&str> =
        p["rows"].as_array().expect("rows").iter().filter_map(Value::as_str).collect();
    let vy = p["view"]["y"].as_i64().expect("y");
    let vx = p["view"]["x"].as_i64().expect("x");
    let hero_row = rows[(5 - vy) as usize];
    assert_eq!(hero_row.chars().nth((5 - vx) as usize), Some('@'), "{rows:?}");
    assert!(p["entities"].as_array().expect("entities").iter().any(|e| e["name"] == "bat"));
    let r = cell_rect(&c, 5, 5).await.expect("the hero's cell is drawn");
    assert!(r[2] == r[3] && r[2] >= 24.0, "square tiles of 24 px or more: {r:?}");
    assert!(cell_rect(&c, 500, 5).await.is_none());
    let text = page_text(&c).await;
    for words in ["The room", "Welcome to the room.", "bat", "Hit the bat"] {
        assert!(text.contains(words), "{words:?} is in the page:\n{text}");
    }
    // The hero's tile stands out from the floor beside it.
    let shot = Shot::take(&c).await;
    shot.save("web-scene");
    let floor = cell_rect(&c, 4, 6).await.expect("floor");
    let d = distance(mean(&shot, r), mean(&shot, floor));
    assert!(d > 12.0, "the hero's tile differs from the floor (mean colour distance {d:.1})");
    // Hover: the look text; a click on the bat: steps toward it and hits it.
    point_at(&c, 9, 5, None).await;
    let p =
        until_probe(&c, "the look text", |p| p["look"].as_str().is_some_and(|l| l.contains("bat")))
            .await;
    assert!(page_text(&c).await.contains("a bat (hp 3/3"), "{p}");
    for _ in 0..4 {
        point_at(&c, 9, 5, Some(MOUSE_BUTTON_LEFT)).await;
        tokio::time::sleep(Duration::from_millis(150)).await;
    }
    until_probe(&c, "the hero walked to the bat", |p| p["hero"] == json!([8, 5])).await;
    let start = Instant::now();
    while !page_text(&c).await.contains("You hit the bat") {
        assert!(start.elapsed() < Duration::from_secs(5), "the log says the bat was hit");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    point_at(&c, 3, 8, Some(MOUSE_BUTTON_RIGHT)).await;
    until_probe(&c, "inspect", |p| p["look"].as_str().is_some_and(|l| l.contains("floor"))).await;
    // Zoom: bigger tiles, remembered.
    let before = cell_rect(&c, 8, 5).await.expect("drawn")[2];
    c.find(fantoccini::Locator::Id("zoom-in")).await.expect("zoom").click().await.expect("click");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let after = cell_rect(&c, 8, 5).await.expect("drawn")[2];
    assert!(after > before, "zoom in: {before} -> {after}");
    let f2 = [KeyAction::Down { value: F2 }, KeyAction::Up { value: F2 }];
    keys(&c, &f2).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    Shot::take(&c).await.save("web-scene-glyphs");
    keys(&c, &f2).await;
    c.find(fantoccini::Locator::Id("zoom-out")).await.expect("zoom").click().await.expect("click");
    // A text page: HTML text, clickable.
    press(&c, '?').await;
    let p = until_probe(&c, "a text page", |p| p["mode"].is_null()).await;
    assert!(
        p["rows"]
            .as_array()
            .expect("rows")
            .iter()
            .any(|r| r.as_str().is_some_and(|r| r.contains("Help for the room")))
    );
    Shot::take(&c).await.save("web-text-page");
    // A cell's background fills its whole row: an inline span's covers only the font's
    // height, which drew a hairline of the page between rows of a coloured page.
    let gaps = c
        .execute(
            "return [...document.querySelectorAll('#text pre div span')].filter(s => \
             Math.abs(s.getBoundingClientRect().height - \
             s.parentElement.getBoundingClientRect().height) > 0.05).length",
            vec![],
        )
        .await
        .expect("measured");
    assert_eq!(gaps, json!(0), "spans shorter than their rows");
    c.find(fantoccini::Locator::Css("#text pre"))
        .await
        .expect("text")
        .click()
        .await
        .expect("click");
    until_probe(&c, "back to the scene", |p| p["mode"] == "room").await;
    // A spectator sees the same scene.
    let id = h.get("/sessions").await;
    let id =
        id.split("\"id\":\"").nth(1).and_then(|s| s.split('"').next()).expect("an id").to_string();
    let me = c.window().await.expect("window");
    let other = c.new_window(false).await.expect("a second window");
    c.switch_to_window(other.handle.clone()).await.expect("switch");
    c.goto(&format!("http://{}/watch?id={id}", h.addr)).await.expect("watch");
    let seen = until_probe(&c, "the spectator's scene", |p| p["mode"] == "room").await;
    assert_eq!(seen["hero"], json!([8, 5]));
    assert!(page_text(&c).await.contains("You hit the bat"));
    c.switch_to_window(me).await.expect("back");
    c.close().await.expect("close the browser");
    h.stop().await;
}

/// The title menu is HTML text, clicked with the mouse; a deep link starts a game at
/// once; a bad one opens the title menu with a notice.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn menus_are_clickable_text_and_deep_links_start_games() {
    let Some((_driver, c)) = start_browser("menus_and_deep_links").await else { return };
    let factory: torchlit_web::Factory =
        std::sync::Arc::new(|l: &torchlit_web::protocol::Launch| {
            let world =
                torchlit_sim::formats::UltimaWorld::parse(torchlit_testkit::WORLD_30X20.as_bytes())
                    .expect("world");
            let mut app = torchlit_ui::App::title(world);
            if l.play.as_deref() == Some("ultima") {
                torchlit_web::Screen::handle(&mut app, torchlit_console::Input::Char('u'));
            }
            Box::new(app) as Box<dyn torchlit_web::Screen>
        });
    let h = Harness::start(factory, |_| {}).await;
    c.goto(&format!("http://{}/", h.addr)).await.expect("open the page");
    let p = until_probe(&c, "the title menu", |p| {
        p["rows"]
            .as_array()
            .is_some_and(|r| r.iter().any(|r| r.as_str().is_some_and(|r| r.contains("u) ultima"))))
    })
    .await;
    assert!(p["mode"].is_null());
    // The page's first size message redraws the menu: wait for it to settle.
    tokio::time::sleep(Duration::from_millis(600)).await;
    let p = probe(&c).await;
    Shot::take(&c).await.save("web-title");
    // Click the ultima line.
    let rows = p["rows"].as_array().expect("rows");
    let row =
        rows.iter().position(|r| r.as_str().is_some_and(|r| r.contains("u) ultima"))).expect("row");
    let script = "const pre = document.querySelector('#text pre'); const r = pre.children[arguments[0]].getBoundingClientRect(); return [r.left + 40, r.top + r.height / 2];";
    let at = c.execute(script, vec![json!(row)]).await.expect("row rect");
    let (x, y) = (at[0].as_f64().expect("x").floor(), at[1].as_f64().expect("y").floor());
    let a = MouseActions::new("mouse".into())
        .then(PointerAction::MoveTo { duration: None, x, y })
        .then(PointerAction::Down { button: MOUSE_BUTTON_LEFT })
        .then(PointerAction::Up { button: MOUSE_BUTTON_LEFT });
    c.perform_actions(a).await.expect("click");
    wait_for_status(&h, "ultima").await;
    // A deep link, and a bad one (a new tab: no session token to take a game back).
    c.execute("sessionStorage.clear()", vec![]).await.expect("script");
    c.goto(&format!("http://{}/?play=ultima&seed=3", h.addr)).await.expect("deep link");
    tokio::time::sleep(Duration::from_millis(500)).await;
    let list = h.get("/sessions").await;
    assert_eq!(list.matches("ultima").count(), 2, "{list}");
    c.execute("sessionStorage.clear()", vec![]).await.expect("script");
    c.goto(&format!("http://{}/?play=tetris", h.addr)).await.expect("bad link");
    let start = Instant::now();
    while !page_text(&c).await.contains("no mode called") {
        assert!(start.elapsed() < Duration::from_secs(5), "the page says the mode is unknown");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    c.close().await.expect("close the browser");
    h.stop().await;
}

async fn wait_for_status(h: &Harness, what: &str) {
    let start = Instant::now();
    while !h.get("/sessions").await.contains(what) {
        assert!(start.elapsed() < Duration::from_secs(10), "no session shows {what:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// `caves` through a deep link: its scene is drawn in square tiles, a hover's look text
/// reaches the panel, a click on a seen floor cell travels there, the log is in the page.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn caves_plays_with_the_mouse_from_a_deep_link() {
    let Some((_driver, c)) = start_browser("caves_with_the_mouse").await else { return };
    let factory: torchlit_web::Factory =
        std::sync::Arc::new(|l: &torchlit_web::protocol::Launch| {
            let world =
                torchlit_sim::formats::UltimaWorld::parse(torchlit_testkit::WORLD_30X20.as_bytes())
                    .expect("world");
            let mut app = torchlit_ui::App::title(world);
            if l.play.as_deref() == Some("caves") {
                torchlit_web::Screen::handle(&mut app, torchlit_console::Input::Char('c'));
            }
            Box::new(app) as Box<dyn torchlit_web::Screen>
        });
    let h = Harness::start(factory, |_| {}).await;
    c.goto(&format!("http://{}/?play=caves&seed=7", h.addr)).await.expect("deep link");
    let p = until_probe(&c, "the caves scene", |p| p["mode"] == "caves").await;
    let hero = p["hero"].as_array().expect("hero").clone();
    let (hx, hy) = (hero[0].as_i64().expect("x"), hero[1].as_i64().expect("y"));
    let r = cell_rect(&c, hx, hy).await.expect("the hero is drawn");
    assert!(r[2] == r[3] && r[2] >= 24.0, "square tiles of 24 px or more: {r:?}");
    let shot = Shot::take(&c).await;
    shot.save("web-caves");
    // A seen floor cell two or more cells from the hero, in the probe's rows.
    let (vx, vy) = (p["view"]["x"].as_i64().expect("x"), p["view"]["y"].as_i64().expect("y"));
    let rows: Vec<Vec<char>> = p["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| r.as_str().unwrap_or_default().chars().collect())
        .collect();
    let mut target = None;
    'find: for (y, row) in rows.iter().enumerate() {
        for (x, ch) in row.iter().enumerate() {
            let (mx, my) = (vx + x as i64, vy + y as i64);
            let d = (mx - hx).abs().max((my - hy).abs());
            if *ch == '.' && (2..=5).contains(&d) {
                target = Some((mx, my));
                break 'find;
            }
        }
    }
    let (tx, ty) = target.expect("a floor cell near the hero");
    let floor = mean(&shot, cell_rect(&c, tx, ty).await.expect("drawn"));
    let d = distance(mean(&shot, r), floor);
    assert!(d > 12.0, "the hero's tile stands out from the floor ({d:.1})");
    point_at(&c, tx, ty, None).await;
    until_probe(&c, "a look text", |p| p["look"].is_string()).await;
    let log = |c: &Client| {
        let c = c.clone();
        async move {
            let v = c.execute("return document.getElementById('log').innerText", vec![]).await;
            v.expect("log").as_str().unwrap_or_default().to_string()
        }
    };
    let before = log(&c).await;
    point_at(&c, tx, ty, Some(MOUSE_BUTTON_LEFT)).await;
    // The click travels, or (monsters in view stop travel, as they stop the keys'
    // travel) the log says why.
    let start = Instant::now();
    loop {
        let p = probe(&c).await;
        if p["hero"] != json!([hx, hy]) || log(&c).await != before {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(5), "the click did nothing: {p}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let text = page_text(&c).await;
    assert!(text.contains("Depth") || text.contains("depth"), "the panel:\n{text}");
    glyphs_and_zoom(&c, "caves").await;
    c.close().await.expect("close the browser");
    h.stop().await;
}

/// The games of `torchlit serve`'s factory (crates/cli/src/serve_cmd.rs) without a config
/// file: the title menu, and on it the deep link's game opened by its menu key: `maze`
/// on the seed's fixed (`level=fixed`) or generated level, `overworld` on its new-world
/// prompts with the seed (worlds kept in memory), `chase` on its setup.
fn game_factory() -> torchlit_web::Factory {
    std::sync::Arc::new(|l: &torchlit_web::protocol::Launch| {
        let world =
            torchlit_sim::formats::UltimaWorld::parse(torchlit_testkit::WORLD_30X20.as_bytes())
                .expect("world");
        let mut app = torchlit_ui::App::title(world);
        let seed = l.seed.as_deref().and_then(|s| s.parse().ok()).unwrap_or(1);
        let link = match l.play.as_deref() {
            Some("maze") => {
                let seed = torchlit_sim::modes::maze::Seed(seed);
                let config = match l.level.as_deref() {
                    Some("fixed") => torchlit_sim::modes::maze::MazeConfig::fixed(seed),
                    _ => torchlit_sim::modes::maze::MazeConfig::generated(seed, 4),
                };
                app.set_maze(torchlit_ui::maze::MazeSetup::new(config));
                Link::Maze
            }
            Some("overworld") => {
                let config = torchlit_save::Config::defaults();
                let store = torchlit_save::MemoryWorlds::default();
                let worlds = torchlit_ui::overworld::Worlds::with_store(store, config.clone());
                let setup = torchlit_ui::overworld::OverworldSetup::from_config(
                    Some(worlds),
                    &config,
                    String::new(),
                )
                .expect("the default keys");
                app.set_overworld(setup);
                Link::Overworld(l.seed.as_deref().unwrap_or_default())
            }
            Some("caves") => Link::Caves,
            Some("chase") => Link::Chase(l.seed.as_deref()),
            Some("ultima") => Link::Ultima,
            _ => return Box::new(app) as Box<dyn torchlit_web::Screen>,
        };
        app.open_link(link);
        Box::new(app) as Box<dyn torchlit_web::Screen>
    })
}

const ENTER: char = '\u{e007}';

/// Opens `/?play=MODE` + `query` (`&seed=S`, `&level=fixed`) and answers its text pages
/// (prompts, welcome pages, setup) with Enter until the mode's scene is up; checks the
/// scene: the probe's mode, square tiles of 24 px or more, the hero among the entities.
/// Returns the harness and the probe; with `at_once`, fails if a key had to be pressed.
async fn open_mode(c: &Client, mode: &str, query: &str, at_once: bool) -> (Harness, Value) {
    let h = Harness::start(game_factory(), |_| {}).await;
    c.goto(&format!("http://{}/?play={mode}{query}", h.addr)).await.expect("deep link");
    let start = Instant::now();
    let p = loop {
        tokio::time::sleep(Duration::from_millis(300)).await;
        let p = probe(c).await;
        if p["mode"] == mode {
            break p;
        }
        assert!(start.elapsed() < Duration::from_secs(15), "no {mode} scene: {p}");
        let shown = p["mode"].is_string() || p["rows"].as_array().is_some_and(|r| !r.is_empty());
        if at_once {
            // Something else is up (a prompt, a setup page): the link did not start the game.
            assert!(!shown, "{mode}: the link did not start the game at once: {p}");
        } else {
            press(c, ENTER).await;
        }
    };
    let hero = p["hero"].clone();
    let (hx, hy) = (hero[0].as_i64().expect("x"), hero[1].as_i64().expect("y"));
    let ents = p["entities"].as_array().expect("entities");
    assert!(
        ents.iter().any(|e| e["kind"] == "hero" && e["x"] == hx && e["y"] == hy),
        "the hero is an entity at {hero}: {p}"
    );
    let r = cell_rect(c, hx, hy).await.expect("the hero is drawn");
    assert!(r[2] == r[3] && r[2] >= 24.0, "{mode}: square tiles of 24 px or more: {r:?}");
    (h, p)
}

fn hero_of(p: &Value) -> (i64, i64) {
    (p["hero"][0].as_i64().expect("x"), p["hero"][1].as_i64().expect("y"))
}

async fn log_text(c: &Client) -> String {
    let v = c.execute("return document.getElementById('log').innerText", vec![]).await;
    v.expect("log").as_str().unwrap_or_default().to_string()
}

/// Hovers a cell next to the hero: the look text is in the probe and in the page.
async fn hover_looks(c: &Client, p: &Value) {
    let (hx, hy) = hero_of(p);
    let x = if cell_rect(c, hx + 1, hy).await.is_some() { hx + 1 } else { hx - 1 };
    point_at(c, x, hy, None).await;
    let p =
        until_probe(c, "a look text", |p| p["look"].as_str().is_some_and(|l| !l.is_empty())).await;
    let look = p["look"].as_str().unwrap_or_default();
    let first = look.lines().next().unwrap_or_default().trim();
    let text = page_text(c).await;
    assert!(text.contains(first), "the look text {first:?} is in the page:\n{text}");
}

/// Every monster in the probe is named in the page (the side panel's list).
async fn monsters_are_listed(c: &Client, p: &Value) -> usize {
    let text = page_text(c).await;
    let monsters: Vec<&str> = p["entities"]
        .as_array()
        .expect("entities")
        .iter()
        .filter(|e| e["kind"] == "monster")
        .filter_map(|e| e["name"].as_str())
        .collect();
    for m in &monsters {
        assert!(text.contains(m), "the panel names the {m}:\n{text}");
    }
    monsters.len()
}

/// Clicks the cells around the hero (nearest first) until one moves the hero.
async fn click_moves_the_hero(c: &Client, p: &Value) {
    let (hx, hy) = hero_of(p);
    let around = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)];
    for (dx, dy) in around {
        if cell_rect(c, hx + dx, hy + dy).await.is_none() {
            continue;
        }
        point_at(c, hx + dx, hy + dy, Some(MOUSE_BUTTON_LEFT)).await;
        let start = Instant::now();
        while start.elapsed() < Duration::from_millis(800) {
            if probe(c).await["hero"] != json!([hx, hy]) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    panic!("no click next to the hero at ({hx}, {hy}) moved it: {}", probe(c).await);
}

const F2: char = '\u{e032}';

/// F2 draws the same scene in glyphs (the hero's cell looks different, the mode stays)
/// and the zoom button makes the tiles bigger; both are put back.
async fn glyphs_and_zoom(c: &Client, mode: &str) {
    let (hx, hy) = hero_of(&probe(c).await);
    let r = cell_rect(c, hx, hy).await.expect("the hero is drawn");
    let tiles = mean(&Shot::take(c).await, r);
    // F2 is the page's own key (no message to the server, so no frame to wait for).
    let f2 = [KeyAction::Down { value: F2 }, KeyAction::Up { value: F2 }];
    keys(c, &f2).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(probe(c).await["mode"], mode, "{mode}: F2 keeps the scene");
    let glyphs = mean(&Shot::take(c).await, r);
    assert!(distance(tiles, glyphs) > 3.0, "{mode}: F2 draws glyphs ({tiles:?}, {glyphs:?})");
    keys(c, &f2).await;
    let zoom = |id: &'static str| {
        let c = c.clone();
        async move {
            c.find(fantoccini::Locator::Id(id)).await.expect("zoom").click().await.expect("click");
            tokio::time::sleep(Duration::from_millis(300)).await;
        }
    };
    zoom("zoom-in").await;
    let (hx, hy) = hero_of(&probe(c).await);
    let bigger = cell_rect(c, hx, hy).await.expect("the hero is drawn")[2];
    assert!(bigger > r[2], "{mode}: zoom in: {} -> {bigger}", r[2]);
    zoom("zoom-out").await;
}

/// Clicks a monster in view until a fight with it is shown (the click travels to it and
/// attacks, as walking into it does).
async fn click_attacks_a_monster(c: &Client) {
    let p = probe(c).await;
    let monster =
        p["entities"].as_array().expect("entities").iter().find(|e| e["kind"] == "monster");
    let m = monster.expect("a monster in view").clone();
    let name =
        m["name"].as_str().expect("a name").split_whitespace().last().unwrap_or("").to_string();
    let before = log_text(c).await;
    let start = Instant::now();
    loop {
        let p = probe(c).await;
        let now = p["entities"]
            .as_array()
            .expect("entities")
            .iter()
            .find(|e| e["kind"] == "monster")
            .cloned();
        if let Some(m) = now {
            point_at(
                c,
                m["x"].as_i64().expect("x"),
                m["y"].as_i64().expect("y"),
                Some(MOUSE_BUTTON_LEFT),
            )
            .await;
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
        // The fight: its panel (a text page) or, once it is over, the log names the monster.
        let log = log_text(c).await;
        let page = page_text(c).await.to_lowercase();
        if page.contains(&format!("fight: {}", name.to_lowercase()))
            || (log != before && log.to_lowercase().contains(&name.to_lowercase()))
        {
            return;
        }
        if start.elapsed() > Duration::from_secs(8) {
            panic!("no fight with the {name}: {log}\n{}\n{}", page_text(c).await, probe(c).await);
        }
    }
}

/// `overworld`, `maze`, `chase` and `ultima` through deep links, each in its scene: square
/// tiles, the hero, a hover's look text, a click that moves the hero (overworld, ultima)
/// or plays a turn (chase), monsters in view named in the panel, the message log.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_other_modes_play_from_deep_links() {
    let Some((_driver, c)) = start_browser("the_other_modes").await else { return };
    // overworld: the link starts a new world at once; seed 9 starts with a monster in view.
    let (h, p) = open_mode(&c, "overworld", "&seed=9", true).await;
    Shot::take(&c).await.save("web-overworld");
    assert!(monsters_are_listed(&c, &p).await >= 1, "overworld: a monster in view: {p}");
    hover_looks(&c, &p).await;
    click_moves_the_hero(&c, &p).await;
    assert!(!log_text(&c).await.trim().is_empty(), "overworld: the log is in the page");
    glyphs_and_zoom(&c, "overworld").await;
    click_attacks_a_monster(&c).await;
    h.stop().await;
    // maze: its welcome pages are turned with Enter; real time, so no click.
    c.execute("sessionStorage.clear()", vec![]).await.expect("script");
    let (h, p) = open_mode(&c, "maze", "&seed=7&level=fixed", false).await;
    Shot::take(&c).await.save("web-maze");
    monsters_are_listed(&c, &p).await;
    hover_looks(&c, &p).await;
    glyphs_and_zoom(&c, "maze").await;
    // The maze logs nothing before its first pickup or fight: the log is there, empty.
    c.find(fantoccini::Locator::Id("log")).await.expect("maze: the log is in the page");
    h.stop().await;
    // chase: the link starts a generated dungeon at once; a click plays a turn.
    c.execute("sessionStorage.clear()", vec![]).await.expect("script");
    let (h, p) = open_mode(&c, "chase", "&seed=7", true).await;
    hover_looks(&c, &p).await;
    // Paused at the start: one click, one turn.
    let turn = probe(&c).await["turn"].as_i64().expect("a turn");
    let (hx, hy) = hero_of(&p);
    point_at(&c, hx, hy, Some(MOUSE_BUTTON_LEFT)).await;
    until_probe(&c, "a click plays a turn", |p| p["turn"] == turn + 1).await;
    Shot::take(&c).await.save("web-chase");
    glyphs_and_zoom(&c, "chase").await;
    assert!(!log_text(&c).await.trim().is_empty(), "chase: the log is in the page");
    h.stop().await;
    // ultima: a click next to the hero steps there.
    c.execute("sessionStorage.clear()", vec![]).await.expect("script");
    let (h, p) = open_mode(&c, "ultima", "&seed=7", true).await;
    hover_looks(&c, &p).await;
    click_moves_the_hero(&c, &p).await;
    Shot::take(&c).await.save("web-ultima");
    glyphs_and_zoom(&c, "ultima").await;
    assert!(!log_text(&c).await.trim().is_empty(), "ultima: the log is in the page");
    c.close().await.expect("close the browser");
    h.stop().await;
}

#[path = "tileset/contrast.rs"]
#[allow(dead_code)]
mod contrast;

/// A legend tile as the page drew it: which sprite, over which floor, where.
struct LegendTile {
    sprite: String,
    floor: String,
    rect: [f64; 4],
}

async fn legend_tiles(c: &Client) -> Vec<LegendTile> {
    let v = c
        .execute(
            "return [...document.querySelectorAll('.help-legend canvas')] \
             .filter((e) => e.getClientRects().length > 0).map((e) => { \
             const r = e.getBoundingClientRect(); \
             return [e.dataset.sprite, e.dataset.floor, r.left, r.top, r.width, r.height]; })",
            vec![],
        )
        .await
        .expect("script");
    let f = |x: &Value| x.as_f64().expect("a number");
    v.as_array()
        .expect("an array")
        .iter()
        .map(|t| LegendTile {
            sprite: t[0].as_str().expect("a name").to_string(),
            floor: t[1].as_str().expect("a floor").to_string(),
            rect: [f(&t[2]), f(&t[3]), f(&t[4]), f(&t[5])],
        })
        .collect()
}

/// How a legend tile stands out from its bare floor in a screenshot: the mean colour
/// difference (0-255) over the pixels the sprite changed, and how many it changed.
fn stands_out(shot: &Shot, tile: [f64; 4], floor: [f64; 4]) -> (f64, usize) {
    let px = |r: [f64; 4], x: usize, y: usize| {
        let (sx, sy) = (r[0] as usize + x, r[1] as usize + y);
        shot.rgb.get(sy * shot.w + sx).copied().unwrap_or([0; 3])
    };
    let (mut sum, mut n) = (0.0, 0);
    for y in 0..tile[3] as usize {
        for x in 0..tile[2] as usize {
            let (a, b) = (px(tile, x, y), px(floor, x, y));
            let d = (0..3).map(|k| f64::from(a[k].abs_diff(b[k]))).sum::<f64>() / 3.0;
            if d > 6.0 {
                sum += d;
                n += 1;
            }
        }
    }
    (sum / n.max(1) as f64, n)
}

/// `?` over a game shows the help with the sprite legend under it; in the screenshot,
/// every actor, item and mark stands out from every floor it can stand on. Then the
/// page at 800x600 and 1920x1080: square tiles, nothing cut, the text at its own size.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_help_shows_the_sprites_and_each_stands_out_on_its_floors() {
    let Some((_driver, c)) = start_browser("the_help_legend").await else { return };
    let (h, _) = open_mode(&c, "ultima", "&seed=7", true).await;
    let font = |c: &Client| {
        let c = c.clone();
        async move {
            let v = c
                .execute("return getComputedStyle(document.getElementById('log')).fontSize", vec![])
                .await
                .expect("script");
            v.as_str().expect("a size").to_string()
        }
    };
    let log_font = font(&c).await;
    press(&c, '?').await;
    let start = Instant::now();
    while legend_tiles(&c).await.is_empty() {
        assert!(start.elapsed() < Duration::from_secs(10), "no legend under the help");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let text = page_text(&c).await;
    assert!(text.contains("Sprites") && text.contains("bat: flits about"), "{text}");
    assert!(probe(&c).await["rows"].as_array().is_some_and(|r| !r.is_empty()), "help text");
    c.execute("document.querySelector('.help-legend').scrollIntoView()", vec![])
        .await
        .expect("script");
    Shot::take(&c).await.save("web-help-legend");
    // Tall enough to show the whole legend in one screenshot.
    c.set_window_size(1280, 4200).await.expect("resize");
    tokio::time::sleep(Duration::from_millis(400)).await;
    let tiles = legend_tiles(&c).await;
    let shot = Shot::take(&c).await;
    let bare =
        |name: &str| tiles.iter().find(|t| t.sprite == name && t.floor.is_empty()).map(|t| t.rect);
    let mut bad = Vec::new();
    let mut checked = 0;
    for (sprite, floors) in contrast::PAIRS {
        for floor in *floors {
            let tile = tiles.iter().find(|t| t.sprite == *sprite && t.floor == *floor);
            let (Some(tile), Some(under)) = (tile, bare(floor)) else {
                bad.push(format!("{sprite} on {floor}: not in the legend"));
                continue;
            };
            assert!(tile.rect[1] + tile.rect[3] <= shot.h as f64, "{sprite} is on screen");
            let (diff, n) = stands_out(&shot, tile.rect, under);
            checked += 1;
            if diff < f64::from(contrast::MIN_CONTRAST) || n < 20 {
                bad.push(format!("{sprite} on {floor}: {n} pixels differ by {diff:.1} on average"));
            }
        }
    }
    assert!(checked > 100, "{checked} pairs");
    assert!(bad.is_empty(), "sprites that do not stand out in the page:\n{}", bad.join("\n"));
    // Back to the game: the legend goes with the help.
    press(&c, '\u{e00c}').await;
    until_probe(&c, "the game again", |p| p["mode"] == "ultima").await;
    assert!(legend_tiles(&c).await.is_empty(), "the legend left with the help");
    for (w, ht) in [(800, 600), (1920, 1080)] {
        c.set_window_size(w, ht).await.expect("resize");
        let p = until_probe(&c, "a resized view", |p| p["view"]["w"].as_i64() > Some(4)).await;
        let (hx, hy) = hero_of(&p);
        let r = cell_rect(&c, hx, hy).await.expect("the hero is drawn");
        assert!(r[2] == r[3] && r[2] >= 24.0, "{w}x{ht}: square tiles: {r:?}");
        let (vx, vy) = (p["view"]["x"].as_i64().unwrap_or(0), p["view"]["y"].as_i64().unwrap_or(0));
        let (vw, vh) = (p["view"]["w"].as_i64().unwrap_or(0), p["view"]["h"].as_i64().unwrap_or(0));
        let corner = cell_rect(&c, vx + vw - 1, vy + vh - 1).await.expect("the last cell");
        let inner = c
            .execute(
                "return [innerWidth, innerHeight, document.documentElement.scrollWidth]",
                vec![],
            )
            .await
            .expect("script");
        let (iw, ih) = (inner[0].as_f64().unwrap_or(0.0), inner[1].as_f64().unwrap_or(0.0));
        assert!(
            corner[0] + corner[2] <= iw && corner[1] + corner[3] <= ih,
            "{w}x{ht}: the view's last cell {corner:?} is inside the window {iw}x{ih}"
        );
        assert!(inner[2].as_f64().unwrap_or(0.0) <= iw, "{w}x{ht}: no sideways scrolling");
        assert_eq!(font(&c).await, log_font, "{w}x{ht}: the text keeps its size");
        Shot::take(&c).await.save(&format!("web-ultima-{w}x{ht}"));
    }
    c.close().await.expect("close the browser");
    h.stop().await;
}
