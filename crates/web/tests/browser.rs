//! The page in a real browser: headless Chromium over WebDriver (chromedriver). Checks
//! are made on screenshots' pixels, not on the DOM. Skipped, with a message, when
//! `chromium` or `chromedriver` is not installed (`apt-get install chromium
//! chromium-driver`).
//!
//! With `TORCHLIT_SCREENSHOTS=DIR` set, the screenshots of each mode are written to DIR
//! (a relative DIR is under `crates/web`: the README's pictures come from
//! `TORCHLIT_SCREENSHOTS=$PWD/docs/img` at the repository's root).

mod common;

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::Harness;
use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::{Client, ClientBuilder};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::json;

/// The player's tunic colour in the built-in tileset (nothing else uses it).
const TUNIC: [u8; 3] = [90, 60, 255];
/// The grass colours of the built-in tileset.
const GRASS: [[u8; 3]; 2] = [[70, 165, 60], [30, 95, 35]];

fn find_on_path(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|d| names.iter().map(move |n| d.join(n)))
        .find(|p| p.is_file())
}

struct Driver {
    child: Child,
    port: u16,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Driver {
    fn start() -> Option<Driver> {
        let driver = find_on_path(&["chromedriver"])?;
        find_on_path(&["chromium", "chromium-browser", "google-chrome"])?;
        let port = TcpListener::bind("127.0.0.1:0").ok()?.local_addr().ok()?.port();
        let child = Command::new(driver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let d = Driver { child, port };
        let start = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            if start.elapsed() > Duration::from_secs(10) {
                return None;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Some(d)
    }

    async fn client(&self) -> Client {
        let mut caps = serde_json::Map::new();
        caps.insert(
            "goog:chromeOptions".into(),
            json!({"args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                "--disable-dev-shm-usage", "--window-size=1000,760",
                "--force-device-scale-factor=1"]}),
        );
        ClientBuilder::new(HttpConnector::new())
            .capabilities(caps)
            .connect(&format!("http://127.0.0.1:{}", self.port))
            .await
            .expect("a WebDriver session")
    }
}

/// A screenshot as RGB pixels.
struct Shot {
    w: usize,
    h: usize,
    rgb: Vec<[u8; 3]>,
    png: Vec<u8>,
}

impl Shot {
    async fn take(c: &Client) -> Shot {
        let png = c.screenshot().await.expect("screenshot");
        let mut reader =
            png::Decoder::new(std::io::Cursor::new(png.as_slice())).read_info().expect("a PNG");
        let mut buf = vec![0; reader.output_buffer_size().expect("size")];
        let info = reader.next_frame(&mut buf).expect("pixels");
        let step = info.color_type.samples();
        let rgb = buf[..info.buffer_size()].chunks(step).map(|p| [p[0], p[1], p[2]]).collect();
        Shot { w: info.width as usize, h: info.height as usize, rgb, png }
    }

    fn count(&self, colour: [u8; 3]) -> usize {
        self.rgb.iter().filter(|p| p.iter().zip(colour).all(|(a, b)| a.abs_diff(b) <= 6)).count()
    }

    /// The centre of the pixels of `colour`, if there are some.
    fn centre(&self, colour: [u8; 3]) -> Option<(f64, f64)> {
        let (mut n, mut sx, mut sy) = (0.0, 0.0, 0.0);
        for (i, p) in self.rgb.iter().enumerate() {
            if p.iter().zip(colour).all(|(a, b)| a.abs_diff(b) <= 6) {
                n += 1.0;
                sx += (i % self.w) as f64;
                sy += (i / self.w) as f64;
            }
        }
        (n > 0.0).then(|| (sx / n, sy / n))
    }

    fn save(&self, name: &str) {
        if let Some(dir) = std::env::var_os("TORCHLIT_SCREENSHOTS") {
            let dir = PathBuf::from(dir);
            let _ = std::fs::create_dir_all(&dir);
            std::fs::write(dir.join(format!("{name}.png")), &self.png).expect("write screenshot");
        }
        assert!(self.h > 0);
    }
}

async fn frames(c: &Client) -> u64 {
    let v = c
        .execute("return document.getElementById('screen').dataset.frames || '0'", vec![])
        .await
        .expect("script");
    v.as_str().and_then(|s| s.parse().ok()).unwrap_or(0)
}

/// Waits until the page has drawn more than `n` messages and then a quiet 150 ms.
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

const ARROWS: [char; 4] = ['\u{e014}', '\u{e012}', '\u{e015}', '\u{e013}'];

/// Tries the arrows (each pressed, or held for `hold`) until the tunic moves.
async fn move_avatar(c: &Client, hold: Duration) -> ((f64, f64), (f64, f64)) {
    let before = Shot::take(c).await.centre(TUNIC).expect("the avatar is drawn");
    for k in ARROWS {
        let n = frames(c).await;
        keys(
            c,
            &[
                KeyAction::Down { value: k },
                KeyAction::Pause { duration: hold },
                KeyAction::Up { value: k },
            ],
        )
        .await;
        settle(c, n).await;
        let after = Shot::take(c).await.centre(TUNIC).expect("the avatar is drawn");
        if (after.0 - before.0).abs() + (after.1 - before.1).abs() >= 8.0 {
            return (before, after);
        }
    }
    panic!("the avatar never moved");
}

async fn wait_for_status(h: &Harness, what: &str) {
    let start = Instant::now();
    while !h.get("/sessions").await.contains(what) {
        assert!(start.elapsed() < Duration::from_secs(10), "no session shows {what:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn plays_and_watches_in_a_real_browser() {
    let Some(driver) = Driver::start() else {
        eprintln!(
            "SKIPPED plays_and_watches_in_a_real_browser: chromium and chromedriver are not \
             installed (apt-get install chromium chromium-driver)"
        );
        return;
    };
    let data = tempfile::tempdir().expect("a data directory");
    let h = Harness::start(factory_with_worlds(data.path()), |_| {}).await;
    let c = driver.client().await;
    c.goto(&format!("http://{}/", h.addr)).await.expect("open the page");
    settle(&c, 1).await;
    Shot::take(&c).await.save("web-title");

    // ultima: tiles drawn, the avatar walks.
    press(&c, 'u').await;
    wait_for_status(&h, "ultima").await;
    let shot = Shot::take(&c).await;
    let grass: usize = GRASS.iter().map(|g| shot.count(*g)).sum();
    assert!(grass > 2000, "grass tiles are drawn ({grass} pixels)");
    shot.save("web-ultima");
    let (_, moved_to) = move_avatar(&c, Duration::from_millis(0)).await;

    // Glyphs at F2: no grass tiles left; F2 again brings them back.
    press(&c, '\u{e032}').await;
    tokio::time::sleep(Duration::from_millis(100)).await;
    let glyphs = Shot::take(&c).await;
    assert!(GRASS.iter().map(|g| glyphs.count(*g)).sum::<usize>() < grass / 10);
    glyphs.save("web-ultima-glyphs");
    press(&c, '\u{e032}').await;
    tokio::time::sleep(Duration::from_millis(100)).await;

    // A second window watches the game, and sees it move.
    let me = c.window().await.expect("window");
    let other = c.new_window(false).await.expect("a second window");
    c.switch_to_window(other.handle.clone()).await.expect("switch");
    c.goto(&format!("http://{}/watch", h.addr)).await.expect("open /watch");
    tokio::time::sleep(Duration::from_millis(500)).await;
    let link = c.find(fantoccini::Locator::Css("#games a")).await.expect("the game is listed");
    link.click().await.expect("watch it");
    settle(&c, 1).await;
    let seen = Shot::take(&c).await.centre(TUNIC).expect("the spectator sees the avatar");
    c.switch_to_window(me.clone()).await.expect("switch back");
    let (_, moved_again) = move_avatar(&c, Duration::from_millis(0)).await;
    c.switch_to_window(other.handle.clone()).await.expect("switch");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let seen_after = Shot::take(&c).await.centre(TUNIC).expect("the spectator sees the avatar");
    assert_ne!(seen, seen_after, "the spectator saw the avatar move");
    assert_ne!(moved_to, moved_again);
    Shot::take(&c).await.save("web-watch");
    c.switch_to_window(me).await.expect("switch back");

    // maze: hold an arrow for half a second (real key-down and key-up).
    press(&c, '\u{e00c}').await;
    wait_for_status(&h, "title menu").await;
    press(&c, 'm').await;
    wait_for_status(&h, "maze").await;
    for _ in 0..3 {
        press(&c, '\u{e007}').await; // Enter: through the welcome pages
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (a, b) = move_avatar(&c, Duration::from_millis(500)).await;
    let cells = ((b.0 - a.0).abs() + (b.1 - a.1).abs()) / 16.0;
    eprintln!("a half-second hold moved the hero {cells:.1} cells");
    Shot::take(&c).await.save("web-maze");

    press(&c, '\u{e00c}').await;
    wait_for_status(&h, "title menu").await;
    chase_and_overworld(&c, &h).await;

    // caves, for the picture (last: without a save directory it cannot be left).
    press(&c, 'c').await;
    wait_for_status(&h, "caves").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    Shot::take(&c).await.save("web-caves");
    c.close().await.expect("close the browser");
    h.stop().await;
}

/// The title menu with the test world, and overworld worlds kept in `data`.
fn factory_with_worlds(data: &std::path::Path) -> torchlit_web::Factory {
    let paths = torchlit_save::Paths::resolve(Some(data), None).expect("paths");
    std::sync::Arc::new(move |_: &torchlit_web::protocol::Launch| {
        let world = torchlit_map::UltimaWorld::parse(torchlit_testkit::WORLD_30X20.as_bytes())
            .expect("world");
        let mut app = torchlit_ui::App::title(world);
        let store = torchlit_save::Store::new(&paths);
        let worlds =
            torchlit_ui::overworld::Worlds::with_store(store, torchlit_save::Config::defaults());
        app.set_overworld(torchlit_ui::overworld::OverworldSetup {
            worlds: Some(worlds),
            seed: "web".into(),
            ..Default::default()
        });
        Box::new(app) as Box<dyn torchlit_web::Screen>
    })
}

/// Types `text` (one key per character) and waits for the page to redraw.
async fn type_text(c: &Client, text: &str) {
    for ch in text.chars() {
        press(c, ch).await;
    }
}

/// From the title menu, watches a chase for a few turns and walks an overworld (their
/// pictures), then goes back to the title menu.
async fn chase_and_overworld(c: &Client, h: &Harness) {
    press(c, 'h').await;
    press(c, '\u{e007}').await; // Enter: the first bundled dungeon
    wait_for_status(h, "chase").await;
    for _ in 0..4 {
        press(c, ' ').await; // one turn each
    }
    let shot = Shot::take(c).await;
    assert!(shot.count(TUNIC) > 20, "the chase's hero is drawn as a tile");
    shot.save("web-chase");
    press(c, '\u{e00c}').await; // to the chase's setup
    press(c, '\u{e00c}').await; // to the title menu
    wait_for_status(h, "title menu").await;

    press(c, 'o').await;
    wait_for_status(h, "overworld").await;
    press(c, 'n').await; // a new world: its name, then the offered seed
    type_text(c, "demo").await;
    press(c, '\u{e007}').await;
    press(c, '\u{e007}').await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let before = Shot::take(c).await;
    assert!(before.count(TUNIC) > 20, "the overworld's hero is drawn as a tile");
    before.save("web-overworld");
    // The view follows the hero: a step scrolls the whole map.
    let mut moved = false;
    for k in ARROWS {
        press(c, k).await;
        let after = Shot::take(c).await;
        let changed = before.rgb.iter().zip(&after.rgb).filter(|(a, b)| a != b).count();
        if changed > 5000 {
            moved = true;
            break;
        }
    }
    assert!(moved, "a step scrolls the overworld");
    press(c, '\u{e00c}').await; // saved, to the world menu
    press(c, '\u{e00c}').await; // to the title menu
    wait_for_status(h, "title menu").await;
}
