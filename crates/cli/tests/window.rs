//! `torchlit --window` under Xvfb: the window opens and draws, keys, the mouse and a
//! resize change the picture, closing the window saves; and without a display
//! `--window` says so in one line and exits 2.
//!
//! Each test starts its own `Xvfb` (Debian `xvfb`) and uses `xdotool` and `import`
//! (imagemagick); without them the tests say so and pass (CI installs them). Set
//! `TORCHLIT_UPDATE_SCREENSHOTS=1` to write the screenshots under `docs/img/`.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// How long a window may take to appear or to draw (the machine may be busy).
const PATIENCE: Duration = Duration::from_secs(60);

fn have(program: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// The tools, or a message saying which is missing.
fn tools() -> Option<()> {
    for program in ["Xvfb", "xdotool", "import"] {
        if !have(program) {
            eprintln!(
                "skipped: {program} is not installed (apt-get install xvfb xdotool imagemagick)"
            );
            assert!(std::env::var_os("CI").is_none(), "CI installs {program}");
            return None;
        }
    }
    Some(())
}

/// An X server of its own, killed on drop. One at a time: the tests' windows, keys and
/// screenshots never meet, and a loaded machine runs one game at a time.
struct Xvfb {
    child: Child,
    display: String,
    one_at_a_time: Option<MutexGuard<'static, ()>>,
}

static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

impl Xvfb {
    fn start() -> Option<Xvfb> {
        tools()?;
        let guard = ONE_AT_A_TIME.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let mut guard = Some(guard);
        // Tests run in parallel threads of one process: each takes its own numbers.
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let base = 40 + (std::process::id() % 300) * 7;
        for _ in 0..200 {
            let n = base + NEXT.fetch_add(1, Ordering::SeqCst);
            if Path::new(&format!("/tmp/.X{n}-lock")).exists() {
                continue;
            }
            let display = format!(":{n}");
            let child = Command::new("Xvfb")
                .args([display.as_str(), "-screen", "0", "1280x1024x24", "-br", "-nolisten", "tcp"])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .ok()?;
            let mut x = Xvfb { child, display, one_at_a_time: guard.take() };
            let start = Instant::now();
            while start.elapsed() < Duration::from_secs(20) {
                if matches!(x.child.try_wait(), Ok(Some(_))) {
                    break; // the number was taken after all
                }
                if Path::new(&format!("/tmp/.X11-unix/X{n}")).exists()
                    && x.run(&["xdotool", "getmouselocation"]).is_some()
                {
                    std::thread::sleep(Duration::from_millis(200));
                    if matches!(x.child.try_wait(), Ok(None)) {
                        return Some(x);
                    }
                }
                std::thread::sleep(Duration::from_millis(100));
            }
            guard = x.one_at_a_time.take();
        }
        panic!("no Xvfb display could be started");
    }

    /// Runs a program on this display; its standard output when it succeeds.
    fn run(&self, args: &[&str]) -> Option<Vec<u8>> {
        let out =
            Command::new(args[0]).args(&args[1..]).env("DISPLAY", &self.display).output().ok()?;
        out.status.success().then_some(out.stdout)
    }

    /// Starts `torchlit ARGS` on this display with its data in `data`.
    fn torchlit(&self, data: &Path, args: &[&str]) -> Child {
        Command::new(env!("CARGO_BIN_EXE_torchlit"))
            .arg("--data-dir")
            .arg(data)
            .args(args)
            .env("DISPLAY", &self.display)
            .env_remove("WAYLAND_DISPLAY")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("torchlit starts")
    }

    /// The id of the torchlit window, once it is mapped.
    fn window(&self, game: &mut Child) -> String {
        let start = Instant::now();
        while start.elapsed() < PATIENCE {
            let found = self.run(&["xdotool", "search", "--onlyvisible", "--name", "^torchlit$"]);
            if let Some(id) = found
                .as_deref()
                .map(String::from_utf8_lossy)
                .and_then(|o| o.lines().next().map(|l| l.trim().to_string()))
            {
                return id;
            }
            if let Ok(Some(status)) = game.try_wait() {
                panic!("torchlit ended before its window showed: {status}: {}", stderr(game));
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        panic!("no torchlit window after {PATIENCE:?}");
    }

    /// The screen's pixels.
    fn shot(&self) -> Shot {
        let png = self.run(&["import", "-window", "root", "png:-"]).expect("a screenshot");
        Shot::decode(&png)
    }

    /// A screenshot once it differs from `before` (and has stopped changing), or the last
    /// one after [`PATIENCE`].
    fn shot_changed(&self, before: &Shot) -> Shot {
        let start = Instant::now();
        loop {
            let now = self.shot();
            if now.pixels != before.pixels || start.elapsed() > PATIENCE {
                std::thread::sleep(Duration::from_millis(300));
                return self.shot();
            }
            std::thread::sleep(Duration::from_millis(200));
        }
    }

    /// A screenshot once something is drawn (not all black) and has stopped changing.
    fn shot_drawn(&self) -> Shot {
        let start = Instant::now();
        while self.shot().drawn().4 == 0 && start.elapsed() < PATIENCE {
            std::thread::sleep(Duration::from_millis(200));
        }
        std::thread::sleep(Duration::from_millis(500));
        self.shot()
    }

    fn keys(&self, window: &str, keys: &[&str]) {
        self.run(&["xdotool", "windowfocus", "--sync", window]).expect("focus");
        std::thread::sleep(Duration::from_millis(300));
        let mut args = vec!["xdotool", "key", "--delay", "80"];
        args.extend_from_slice(keys);
        self.run(&args).expect("keys");
    }

    /// Asks the window to close as a window manager does (WM_DELETE_WINDOW).
    fn close(&self, window: &str) {
        use x11rb::connection::Connection;
        use x11rb::protocol::xproto::{ClientMessageEvent, ConnectionExt, EventMask};
        let id: u32 = window.parse().expect("a window id");
        let (conn, _) = x11rb::connect(Some(&self.display)).expect("the X server");
        let atom = |name: &[u8]| {
            conn.intern_atom(false, name).expect("intern").reply().expect("atom").atom
        };
        let (protocols, delete) = (atom(b"WM_PROTOCOLS"), atom(b"WM_DELETE_WINDOW"));
        let event = ClientMessageEvent::new(32, id, protocols, [delete, 0, 0, 0, 0]);
        conn.send_event(false, id, EventMask::NO_EVENT, event).expect("sent");
        conn.flush().expect("flushed");
    }
}

impl Xvfb {
    /// Stops the server as a session's end does (SIGTERM: it removes its lock file and
    /// socket); killed, with those removed here, if it does not go within seconds.
    fn stop(&mut self) {
        if matches!(self.child.try_wait(), Ok(Some(_))) {
            return;
        }
        let pid = self.child.id().to_string();
        let _ = Command::new("kill").args(["-TERM", &pid]).status();
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(10) {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        let n = self.display.trim_start_matches(':');
        let _ = std::fs::remove_file(format!("/tmp/.X{n}-lock"));
        let _ = std::fs::remove_file(format!("/tmp/.X11-unix/X{n}"));
    }
}

impl Drop for Xvfb {
    fn drop(&mut self) {
        self.stop();
    }
}

/// A screenshot: RGB pixels, row by row.
struct Shot {
    width: u32,
    height: u32,
    pixels: Vec<[u8; 3]>,
}

impl Shot {
    fn decode(png_bytes: &[u8]) -> Shot {
        let mut decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
        decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
        let mut reader = decoder.read_info().expect("a PNG");
        let mut buf = vec![0; reader.output_buffer_size().expect("a size")];
        let info = reader.next_frame(&mut buf).expect("a frame");
        let n = info.color_type.samples();
        let pixels = buf[..info.buffer_size()].chunks(n).map(|c| [c[0], c[1], c[2]]).collect();
        Shot { width: info.width, height: info.height, pixels }
    }

    /// The bounding box (x0, y0, x1, y1; exclusive ends) and count of the pixels that
    /// are not black.
    fn drawn(&self) -> (u32, u32, u32, u32, usize) {
        let (mut x0, mut y0, mut x1, mut y1, mut n) = (u32::MAX, u32::MAX, 0, 0, 0);
        for (i, p) in self.pixels.iter().enumerate() {
            if p.iter().any(|&c| c > 8) {
                let (x, y) = (i as u32 % self.width, i as u32 / self.width);
                (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x + 1), y1.max(y + 1));
                n += 1;
            }
        }
        (x0, y0, x1, y1, n)
    }

    fn save(&self, path: &Path) {
        let file = std::fs::File::create(path).expect("the screenshot file");
        let mut enc = png::Encoder::new(std::io::BufWriter::new(file), self.width, self.height);
        enc.set_color(png::ColorType::Rgb);
        let mut w = enc.write_header().expect("a PNG header");
        w.write_image_data(&self.pixels.concat()).expect("the pixels");
    }

    /// This screenshot cut to the top-left `w x h`.
    fn crop(&self, w: u32, h: u32) -> Shot {
        let pixels = (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .map(|(x, y)| self.pixels[(y * self.width + x) as usize])
            .collect();
        Shot { width: w, height: h, pixels }
    }
}

/// Writes `shot` to `docs/img/NAME` when asked to (`TORCHLIT_UPDATE_SCREENSHOTS=1`), and
/// always under the target's temporary directory.
fn keep(shot: &Shot, name: &str) {
    shot.save(&PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name));
    if std::env::var_os("TORCHLIT_UPDATE_SCREENSHOTS").is_some() {
        let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/img");
        shot.save(&docs.join(name));
    }
}

fn stderr(child: &mut Child) -> String {
    use std::io::Read;
    let mut text = String::new();
    if let Some(mut e) = child.stderr.take() {
        let _ = e.read_to_string(&mut text);
    }
    text
}

/// Closes `window` as a window manager does and waits for `child` to end; its status
/// code and standard output. The request is sent again every few seconds: on a loaded
/// machine one was seen to go unanswered while the game sat waiting for events (a
/// window manager's close button can be clicked again too).
fn closed(x: &Xvfb, window: &str, child: &mut Child) -> (Option<i32>, String) {
    use std::io::Read;
    let start = Instant::now();
    let mut sent = start - Duration::from_secs(60);
    while start.elapsed() < PATIENCE {
        if sent.elapsed() > Duration::from_secs(5) {
            x.close(window);
            sent = Instant::now();
        }
        if let Ok(Some(status)) = child.try_wait() {
            let mut out = String::new();
            if let Some(mut o) = child.stdout.take() {
                let _ = o.read_to_string(&mut out);
            }
            return (status.code(), out);
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("torchlit did not end: {}", stderr(child));
}

#[test]
fn without_a_display_window_says_so_in_one_line_and_exits_2() {
    let data = tempfile::tempdir().expect("a temporary directory");
    for args in [&["--window"][..], &["play", "caves", "--window"][..]] {
        let out = Command::new(env!("CARGO_BIN_EXE_torchlit"))
            .arg("--data-dir")
            .arg(data.path())
            .args(args)
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .stdin(Stdio::null())
            .output()
            .expect("torchlit runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "one line: {err}");
        assert!(err.contains("--window needs a display"), "{err}");
        assert!(!err.contains("panick"), "{err}");
    }
}

#[test]
fn the_title_menu_draws_and_redraws_at_a_new_size() {
    let Some(x) = Xvfb::start() else { return };
    let data = tempfile::tempdir().expect("a temporary directory");
    let mut game = x.torchlit(data.path(), &["--window"]);
    let window = x.window(&mut game);
    let shot = x.shot_drawn();
    let (x0, y0, x1, y1, n) = shot.drawn();
    keep(&shot.crop(1280, 800), "window-title.png");
    assert!(n > 2000, "the menu's text is drawn: {n} pixels");
    assert!(x1 <= 1280 && y1 <= 800, "inside the 1280x800 window: {x1}x{y1}");
    assert!(x1 - x0 > 100 && y1 - y0 > 100, "text spread over the menu: {x0},{y0} {x1},{y1}");
    x.run(&["xdotool", "windowsize", &window, "700", "500"]).expect("resized");
    let small = x.shot_changed(&shot);
    let (sx0, sy0, sx1, sy1, sn) = small.drawn();
    assert!(sn > 1000, "the menu is drawn again: {sn}");
    assert!(sx1 <= 700 && sy1 <= 500, "nothing past the new size: {sx1}x{sy1}");
    // Laid out again for the new size, not cut: the menu is centred in 700x500 now.
    let (before, after) = ((x0 + x1) / 2, (sx0 + sx1) / 2);
    assert!(before > 550 && after < 450, "the menu's centre moved from x {before} to {after}");
    assert!((sy0 + sy1) / 2 < 330, "and up: y {}", (sy0 + sy1) / 2);
    let (code, _) = closed(&x, &window, &mut game);
    assert_eq!(code, Some(0), "{}", stderr(&mut game));
}

#[test]
fn a_key_moves_the_hero_and_the_picture_changes() {
    let Some(x) = Xvfb::start() else { return };
    let data = tempfile::tempdir().expect("a temporary directory");
    let mut game = x.torchlit(data.path(), &["play", "ultima", "--window"]);
    let window = x.window(&mut game);
    let before = x.shot_drawn();
    keep(&before.crop(1280, 800), "window-ultima.png");
    x.keys(&window, &["Right", "Right", "Down"]);
    let after = x.shot_changed(&before);
    let changed = before.pixels.iter().zip(&after.pixels).filter(|(a, b)| a != b).count();
    assert!(changed > 50, "the picture changed: {changed} pixels");
    assert_eq!(closed(&x, &window, &mut game).0, Some(0));
}

#[test]
fn closing_a_caves_window_saves_the_run_and_a_click_travels() {
    let Some(x) = Xvfb::start() else { return };
    let data = tempfile::tempdir().expect("a temporary directory");
    let mut game = x.torchlit(data.path(), &["play", "caves", "--window", "--seed", "42"]);
    let window = x.window(&mut game);
    let before = x.shot_drawn();
    keep(&before.crop(1280, 800), "window.png");
    click_travels(&x, &window, &before);
    x.keys(&window, &["l", "j"]);
    let (code, out) = closed(&x, &window, &mut game);
    assert_eq!(code, Some(0), "{}", stderr(&mut game));
    assert!(out.contains("The caves run is saved"), "the farewell: {out}");
    let saved = std::fs::read_dir(data.path()).expect("the data dir").count();
    assert!(saved > 1, "the data dir holds the save");
}

/// When the caves screen draws a scene (a side panel at the right edge), a click a few
/// cells from the hero (in the middle of the map) travels: the picture changes.
fn click_travels(x: &Xvfb, window: &str, before: &Shot) {
    let panel = before.pixels[(400 * before.width + 1270) as usize];
    if panel != [20, 20, 30] {
        eprintln!("skipped the click: caves draws no scene yet (text only)");
        return;
    }
    let (map_w, map_h) = (1280 * 72 / 100, 800 - 6 * 19 - 8);
    let (cx, cy) = (map_w / 2, map_h / 2);
    for (dx, dy) in [(3, 0), (-3, 0), (0, 3), (0, -3), (2, 2), (-2, -2)] {
        let (px, py) = ((cx + dx * 32).to_string(), (cy + dy * 32).to_string());
        // Hovering alone changes the panel's look text: compare after the hover.
        x.run(&["xdotool", "mousemove", "--window", window, &px, &py]).expect("move");
        std::thread::sleep(Duration::from_secs(1));
        let hovered = x.shot();
        x.run(&["xdotool", "click", "1"]).expect("click");
        std::thread::sleep(Duration::from_secs(2));
        let now = x.shot();
        let changed = hovered.pixels.iter().zip(&now.pixels).filter(|(a, b)| a != b).count();
        if changed > 32 * 32 {
            return;
        }
    }
    panic!("no click travelled");
}

/// The caves run saved in `data`, if there is one: its turn.
fn saved_turn(data: &Path) -> Option<u64> {
    use torchlit_ui::caves::{StoreHandle, WorldsStore};
    let paths = torchlit_save::Paths::in_dir(data);
    let config = torchlit_save::Config::default();
    let store = StoreHandle::new(WorldsStore::new(torchlit_save::Store::new(&paths), &config));
    store.load().expect("the store reads").map(|game| game.turn().0)
}

/// Waits for `child` to end by itself; its status code (`None`: a signal ended it).
fn ended(child: &mut Child) -> Option<i32> {
    let start = Instant::now();
    while start.elapsed() < PATIENCE {
        if let Ok(Some(status)) = child.try_wait() {
            return status.code();
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("torchlit did not end: {}", stderr(child));
}

#[test]
fn when_the_x_server_goes_away_the_steps_taken_are_saved() {
    let Some(mut x) = Xvfb::start() else { return };
    let data = tempfile::tempdir().expect("a temporary directory");
    let mut game = x.torchlit(data.path(), &["play", "caves", "--window", "--seed", "42"]);
    let window = x.window(&mut game);
    x.shot_drawn();
    x.keys(&window, &["period", "period", "period"]);
    // The window saves a change within a second (Xlib ends the process when the server
    // goes, with no chance to save then).
    std::thread::sleep(Duration::from_secs(3));
    x.stop();
    let code = ended(&mut game);
    assert_ne!(code, Some(0), "the X server's end is not a clean exit");
    assert_eq!(saved_turn(data.path()), Some(3), "the three turns waited are saved");
}

#[test]
fn sigterm_and_sighup_close_the_window_and_save() {
    for (signal, status) in [("TERM", 143), ("HUP", 129)] {
        let Some(x) = Xvfb::start() else { return };
        let data = tempfile::tempdir().expect("a temporary directory");
        let mut game = x.torchlit(data.path(), &["play", "caves", "--window", "--seed", "42"]);
        let window = x.window(&mut game);
        x.shot_drawn();
        x.keys(&window, &["period", "period"]);
        std::thread::sleep(Duration::from_millis(500));
        let pid = game.id().to_string();
        let sent = Command::new("kill").args([&format!("-{signal}"), pid.as_str()]).status();
        assert!(sent.is_ok_and(|s| s.success()), "kill -{signal}");
        assert_eq!(ended(&mut game), Some(status), "SIG{signal}: {}", stderr(&mut game));
        assert_eq!(saved_turn(data.path()), Some(2), "SIG{signal}: both turns are saved");
    }
}
