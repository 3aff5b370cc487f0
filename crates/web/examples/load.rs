//! Load benchmark (not a test): N concurrent sessions on loopback, half of them in
//! `maze` (24 ticks a second), half in `caves`, each pressing an arrow every 100 ms.
//! A mode whose screen has a scene is sent scenes (as changes) instead of text frames;
//! the bench follows its hero, so it measures whichever the server sends.
//!
//! ```text
//! cargo build --release -p torchlit-web --example load
//! ./target/release/examples/load [SESSIONS] [SECONDS] [--public] [--per-account K] [--nginx]
//! ```
//!
//! Defaults: 200 sessions for 60 s, a personal server, straight to it.
//! - `--public`: a public server (`serve --public`, accounts in a temporary data dir):
//!   the bench registers `ceil(N / K)` accounts (K = `--per-account`, 1 by default, also
//!   the server's `--max-sessions-per-player`), a few at a time as a crowd arriving
//!   would, and every page opens `/ws` with its account's login cookie (K pages share
//!   one, as one player's tabs do);
//! - `--nginx`: everything (logins and WebSockets) goes through Debian's nginx with the
//!   documented site (`deploy/nginx/torchlit.conf`, as `tests/nginx.rs` starts it; one
//!   worker process), and a public server trusts it (`--trusted-proxy 127.0.0.1`).
//!
//! Every client mirrors the frames it receives (as a page does), so the run is checked,
//! not assumed: a session whose connection ends early, a setup that times out, a caves
//! key that no frame answers within 100 ms are counted and printed; a caves hero who
//! dies is sent back into a new run (counted).
//!
//! Reported:
//! - caves (turn-based): input-to-frame latency, from sending a key-down to the first
//!   frame after it (every step changes the screen: a move, an attack or a dig);
//! - maze (real time): a key takes effect at the next tick (as in the terminal), so its
//!   latency is the wait for the next 1/24 s boundary (0-41.7 ms, by design) plus the
//!   server's delay; what the server adds is measured as tick jitter, how far apart
//!   consecutive frames are from a whole number of ticks; input-to-next-frame is shown
//!   too;
//! - logins (public): how long the register requests took (argon2id hashing, at most
//!   one per core at once on the server);
//! - with `LOAD_DEBUG=1`, the screen of a session whose keys go unanswered is printed;
//! - the server's CPU per session (session threads and server runtime threads, from
//!   /proc), memory per session (growth of the process's resident set from after the
//!   logins, clients included, so an upper bound) and the bytes a second each page
//!   receives; through nginx, nginx's CPU and memory per session too.
//!
//! 500 sessions need about 1,100 file descriptors in this process (a server socket and
//! a client socket each, and 2 more per session in nginx): check `ulimit -n`.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use tokio::net::TcpStream;
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use torchlit_sim::formats::UltimaWorld;
use torchlit_ui::App;
use torchlit_web::{Factory, Options, Public, Screen, Server, Tileset};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Plain HTTP requests (register, login), shared with the tests.
#[allow(dead_code)]
#[path = "../tests/common/http.rs"]
mod http;

/// nginx in front of the server, as the nginx test starts it.
#[allow(dead_code)]
#[path = "../tests/common/nginx.rs"]
mod nginx;

/// The password of every bench account.
const PASSWORD: &str = "load-bench-password";
/// How many register/login requests are in flight at once.
const LOGINS_AT_ONCE: usize = 8;

/// One tick of a real-time screen.
const TICK: Duration = Duration::from_nanos(1_000_000_000 / 24);
/// How often each page presses a key.
const KEY_EVERY: Duration = Duration::from_millis(100);

/// (utime + stime) in clock ticks of this process's threads whose name starts with
/// one of `prefixes`.
fn cpu_ticks(prefixes: &[&str]) -> u64 {
    let mut total = 0;
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else { return 0 };
    for t in tasks.flatten() {
        let Ok(stat) = std::fs::read_to_string(t.path().join("stat")) else { continue };
        let (Some(open), Some(close)) = (stat.find('('), stat.rfind(')')) else { continue };
        let name = &stat[open + 1..close];
        if !prefixes.iter().any(|p| name.starts_with(p)) {
            continue;
        }
        let fields: Vec<&str> = stat[close + 2..].split(' ').collect();
        let num = |i: usize| fields.get(i).and_then(|f| f.parse::<u64>().ok()).unwrap_or(0);
        total += num(11) + num(12);
    }
    total
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// A cell of a full frame: glyph, fg, bg, sprite, under, light, bold.
type FullCell = (char, u32, u32, u16, u16, u8, u8);
/// A changed cell: its index, then as [`FullCell`].
type DiffCell = (usize, char, u32, u32, u16, u16, u8, u8);

/// A server message, as far as the bench reads it.
#[derive(Deserialize)]
#[serde(tag = "t", rename_all = "lowercase")]
enum ServerMsg {
    Hello {
        sprites: Vec<String>,
    },
    Full {
        w: usize,
        c: Vec<FullCell>,
    },
    Diff {
        c: Vec<DiffCell>,
    },
    /// A scene (or its changes): the bench follows the hero (and keeps the log's new
    /// lines for `LOAD_DEBUG`).
    Scene {
        hero: Option<(i32, i32)>,
        #[serde(default)]
        log: Vec<serde_json::Value>,
    },
    Notice {},
    End {
        why: String,
    },
}

/// What the page would show: glyphs and sprites.
#[derive(Default)]
struct Mirror {
    w: usize,
    glyphs: Vec<char>,
    sprites: Vec<u16>,
    player_sprites: Vec<u16>,
    /// The hero's map cell while the screen sends scenes (`Some(None)`: a scene without
    /// a hero).
    scene_hero: Option<Option<(i32, i32)>>,
    /// The scene log's last lines.
    log: Vec<String>,
    ended: Option<String>,
}

impl Mirror {
    /// Applies a message; false when it is no message of the protocol.
    fn apply(&mut self, text: &str) -> bool {
        let Ok(msg) = serde_json::from_str::<ServerMsg>(text) else { return false };
        match msg {
            ServerMsg::Hello { sprites } => {
                self.player_sprites = (0..sprites.len())
                    .filter(|&i| sprites[i].starts_with("player"))
                    .filter_map(|i| u16::try_from(i).ok())
                    .collect();
            }
            ServerMsg::Full { w, c } => {
                self.scene_hero = None;
                self.w = w;
                self.glyphs = c.iter().map(|c| c.0).collect();
                self.sprites = c.iter().map(|c| c.3).collect();
            }
            ServerMsg::Diff { c } => {
                for (i, g, _, _, s, ..) in c {
                    if i >= self.glyphs.len() {
                        return false;
                    }
                    self.glyphs[i] = g;
                    self.sprites[i] = s;
                }
            }
            ServerMsg::Scene { hero, log } => {
                self.scene_hero = Some(hero);
                let lines = log.iter().filter_map(|l| l.get(0)?.as_str().map(str::to_string));
                self.log.extend(lines);
                let extra = self.log.len().saturating_sub(5);
                self.log.drain(..extra);
            }
            ServerMsg::Notice {} => {}
            ServerMsg::End { why } => self.ended = Some(why),
        }
        true
    }

    fn has_player(&self) -> bool {
        match self.scene_hero {
            Some(hero) => hero.is_some(),
            None => self.sprites.iter().any(|s| self.player_sprites.contains(s)),
        }
    }

    /// Whether a maze dialog (the welcome pages) is open.
    fn in_dialog(&self) -> bool {
        if self.scene_hero.is_some() {
            return false;
        }
        let text = self.text();
        ["Welcome to the maze!", "w a s d / arrows", "A hint"].iter().any(|t| text.contains(t))
    }

    fn text(&self) -> String {
        let mut s = String::new();
        for row in self.glyphs.chunks(self.w.max(1)) {
            s.extend(row);
            s.push('\n');
        }
        s
    }
}

/// What went wrong with one session, if anything.
#[derive(Debug)]
enum Trouble {
    Connect(String),
    Setup(String),
    Closed(String),
    Garbled,
}

impl Trouble {
    fn describe(&self) -> String {
        match self {
            Trouble::Connect(e) => format!("could not connect: {e}"),
            Trouble::Setup(e) => format!("setup: {e}"),
            Trouble::Closed(e) => format!("closed early: {e}"),
            Trouble::Garbled => "a message that is not of the protocol".into(),
        }
    }
}

/// One page: the socket and what it shows.
struct Page {
    ws: Ws,
    m: Mirror,
}

impl Page {
    async fn open(addr: SocketAddr, cookie: Option<&str>) -> Result<Page, Trouble> {
        let mut req = format!("ws://{addr}/ws")
            .into_client_request()
            .map_err(|e| Trouble::Connect(e.to_string()))?;
        let origin = HeaderValue::from_str(&format!("http://{addr}"))
            .map_err(|e| Trouble::Connect(e.to_string()))?;
        req.headers_mut().insert("origin", origin);
        if let Some(c) = cookie {
            let c = HeaderValue::from_str(c).map_err(|e| Trouble::Connect(e.to_string()))?;
            req.headers_mut().insert("cookie", c);
        }
        let (mut ws, _) = tokio_tungstenite::connect_async(req)
            .await
            .map_err(|e| Trouble::Connect(e.to_string()))?;
        // The map view a page at 1280x800 asks for (32 px tiles beside the panel).
        let view = r#"{"t":"view","w":30,"h":24}"#;
        ws.send(Message::Text(view.into())).await.map_err(|e| Trouble::Connect(e.to_string()))?;
        Ok(Page { ws, m: Mirror::default() })
    }

    /// The next message, applied; its size.
    async fn next(&mut self) -> Result<usize, Trouble> {
        loop {
            match self.ws.next().await {
                Some(Ok(Message::Text(t))) => {
                    if !self.m.apply(t.as_str()) {
                        return Err(Trouble::Garbled);
                    }
                    if let Some(why) = &self.m.ended {
                        return Err(Trouble::Closed(why.clone()));
                    }
                    return Ok(t.len());
                }
                Some(Ok(_)) => {}
                Some(Err(e)) => return Err(Trouble::Closed(e.to_string())),
                None => return Err(Trouble::Closed("the connection ended".into())),
            }
        }
    }

    async fn until(&mut self, what: &str, done: impl Fn(&Mirror) -> bool) -> Result<(), Trouble> {
        let wait = async {
            while !done(&self.m) {
                self.next().await?;
            }
            Ok::<(), Trouble>(())
        };
        match tokio::time::timeout(Duration::from_secs(20), wait).await {
            Ok(r) => r,
            Err(_) => Err(Trouble::Setup(format!("no {what} after 20 s:\n{}", self.m.text()))),
        }
    }

    async fn press(&mut self, key: &str) -> Result<(), Trouble> {
        let down = format!(r#"{{"t":"down","k":"{key}","c":false,"r":false}}"#);
        let up = format!(r#"{{"t":"up","k":"{key}","c":false}}"#);
        for m in [down, up] {
            self.ws
                .send(Message::Text(m.into()))
                .await
                .map_err(|e| Trouble::Closed(e.to_string()))?;
        }
        Ok(())
    }

    /// From the title menu into a new game of the mode.
    async fn start(&mut self, maze: bool) -> Result<(), Trouble> {
        self.until("title menu", |m| m.text().contains("ultima") && !m.has_player()).await?;
        self.press(if maze { "m" } else { "c" }).await?;
        self.until("player", Mirror::has_player).await?;
        if !maze {
            return Ok(());
        }
        // The maze opens its welcome pages at its first tick.
        self.until("welcome dialog", Mirror::in_dialog).await?;
        // Through the maze's welcome pages, one Enter per page: a page turns at the
        // next tick, so each press waits for its frame.
        for _ in 0..10 {
            if !self.m.in_dialog() {
                return Ok(());
            }
            self.press("Enter").await?;
            let turned = tokio::time::timeout(Duration::from_millis(500), self.next()).await;
            if let Ok(r) = turned {
                r?;
            }
        }
        Err(Trouble::Setup(format!("stuck in a dialog:\n{}", self.m.text())))
    }
}

/// What one session measured.
#[derive(Default)]
struct Tally {
    latencies: Vec<Duration>,
    jitter: Vec<Duration>,
    bytes: usize,
    frames: usize,
    keys: usize,
    unanswered: usize,
    restarts: usize,
    trouble: Option<String>,
}

/// How far `interval` is from a whole number of ticks.
fn off_grid(interval: Duration) -> Duration {
    let rem = Duration::from_nanos((interval.as_nanos() % TICK.as_nanos()) as u64);
    rem.min(TICK - rem)
}

/// A caves key no frame answered: the hero may have died (the run's end screen takes
/// Enter back to the title menu): start a new run. Whether it did.
async fn restart_caves(p: &mut Page) -> Result<bool, Trouble> {
    p.press("Enter").await?;
    let back = tokio::time::timeout(Duration::from_millis(500), async {
        while p.m.has_player() {
            p.next().await?;
        }
        Ok::<(), Trouble>(())
    })
    .await;
    match back {
        Ok(r) => r?,
        Err(_) => return Ok(false), // still playing: the key was just unanswered
    }
    p.start(false).await?;
    Ok(true)
}

/// Plays for `run_for`: a key every 100 ms, measuring.
async fn play(p: &mut Page, maze: bool, run_for: Duration, t: &mut Tally) -> Result<(), Trouble> {
    let arrows = ["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"];
    let start = Instant::now();
    let mut next_key = Instant::now();
    let mut pending: Option<Instant> = None;
    let mut last_frame: Option<Instant> = None; // maze only
    while start.elapsed() < run_for {
        tokio::select! {
            got = p.next() => {
                let now = Instant::now();
                t.bytes += got?;
                t.frames += 1;
                if let Some(sent) = pending.take() {
                    t.latencies.push(now - sent);
                }
                if maze && let Some(before) = last_frame {
                    t.jitter.push(off_grid(now - before));
                }
                last_frame = Some(now);
            }
            () = tokio::time::sleep_until(next_key.into()) => {
                if pending.take().is_some() {
                    t.unanswered += 1;
                    if std::env::var_os("LOAD_DEBUG").is_some() && t.unanswered == 3 {
                        let (mode, text) = (if maze { "maze" } else { "caves" }, p.m.text());
                        eprintln!("unanswered ({mode}): {:?} {:?}\n{text}", p.m.scene_hero, p.m.log);
                    }
                    if !maze && restart_caves(p).await? {
                        t.restarts += 1;
                        next_key = Instant::now();
                        continue;
                    }
                }
                p.press(arrows[(t.keys / 3) % 4]).await?;
                pending = Some(Instant::now());
                t.keys += 1;
                next_key += KEY_EVERY;
            }
        }
    }
    Ok(())
}

async fn session(addr: SocketAddr, cookie: Option<String>, maze: bool, run_for: Duration) -> Tally {
    let mut t = Tally::default();
    let run = async {
        let mut p = Page::open(addr, cookie.as_deref()).await?;
        p.start(maze).await?;
        play(&mut p, maze, run_for, &mut t).await?;
        Ok::<(), Trouble>(())
    };
    if let Err(e) = run.await {
        t.trouble = Some(e.describe());
    }
    t
}

/// The title menu with the test world (caves and maze without saves).
fn factory() -> Factory {
    Arc::new(|_: &torchlit_web::protocol::Launch| {
        let world = UltimaWorld::parse(torchlit_testkit::WORLD_30X20.as_bytes()).expect("world");
        Box::new(App::title(world)) as Box<dyn Screen>
    })
}

#[derive(Default)]
struct Totals {
    caves: Vec<Tally>,
    maze: Vec<Tally>,
}

/// What the command line asks for.
struct Args {
    sessions: usize,
    seconds: u64,
    public: bool,
    per_account: usize,
    nginx: bool,
}

const USAGE: &str = "usage: load [SESSIONS] [SECONDS] [--public] [--per-account K] [--nginx]";

fn parse_args() -> Result<Args, String> {
    let mut a = Args { sessions: 200, seconds: 60, public: false, per_account: 1, nginx: false };
    let mut numbers = 0;
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--public" => a.public = true,
            "--nginx" => a.nginx = true,
            "--per-account" => {
                let k = it.next().ok_or("--per-account needs a number")?;
                a.per_account =
                    k.parse().map_err(|_| format!("--per-account {k}: not a number"))?;
                if a.per_account == 0 {
                    return Err("--per-account is at least 1".into());
                }
            }
            n if numbers < 2 && n.parse::<u64>().is_ok() => {
                let v = n.parse::<u64>().map_err(|e| e.to_string())?;
                if numbers == 0 {
                    a.sessions = usize::try_from(v).map_err(|e| e.to_string())?;
                } else {
                    a.seconds = v;
                }
                numbers += 1;
            }
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    Ok(a)
}

/// (utime + stime) in clock ticks of process `pid`.
fn process_cpu_ticks(pid: u32) -> u64 {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else { return 0 };
    let Some(close) = stat.rfind(')') else { return 0 };
    let fields: Vec<&str> = stat[close + 2..].split(' ').collect();
    let num = |i: usize| fields.get(i).and_then(|f| f.parse::<u64>().ok()).unwrap_or(0);
    num(11) + num(12)
}

/// The resident set of process `pid` (`"self"` for this one), in KiB.
fn process_rss_kib(pid: &str) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1).and_then(|n| n.parse().ok()))
        })
        .unwrap_or(0)
}

/// One register (or login) request: the cookie, or why not.
async fn one_login(front: SocketAddr, what: &str, name: &str) -> Result<String, String> {
    let r = http::post_login(front, what, name, PASSWORD, &[]).await;
    if r.status != 200 {
        return Err(format!("{what} {name}: {} {}", r.status, r.body));
    }
    r.cookie().ok_or_else(|| format!("{what} {name}: no cookie"))
}

/// Registers `ceil(sessions / per_account)` accounts, [`LOGINS_AT_ONCE`] requests at a
/// time: a login cookie per session (an account's sessions share its cookie, as one
/// player's tabs do), and how long each request took.
async fn log_in(
    front: SocketAddr,
    sessions: usize,
    per_account: usize,
) -> Result<(Vec<Option<String>>, Vec<Duration>), String> {
    let gate = Arc::new(tokio::sync::Semaphore::new(LOGINS_AT_ONCE));
    let mut tasks = Vec::new();
    for account in 0..sessions.div_ceil(per_account) {
        let gate = Arc::clone(&gate);
        tasks.push(tokio::spawn(async move {
            let _permit = gate.acquire().await.map_err(|e| e.to_string())?;
            let start = Instant::now();
            let cookie = one_login(front, "register", &format!("load{account}")).await?;
            Ok::<_, String>((cookie, start.elapsed()))
        }));
    }
    let mut cookies = Vec::new();
    let mut took = Vec::new();
    for t in tasks {
        let (cookie, d) = t.await.map_err(|e| e.to_string())??;
        cookies.push(cookie);
        took.push(d);
    }
    took.sort();
    Ok(((0..sessions).map(|i| cookies.get(i / per_account).cloned()).collect(), took))
}

/// What the run measured besides the sessions' tallies.
struct Measured {
    /// How the server was reached, in words.
    setup: String,
    /// Server CPU in clock ticks while everyone played.
    cpu: u64,
    wall: Duration,
    /// Growth of this process's resident set, in KiB.
    rss_kib: u64,
    /// nginx's CPU ticks and resident-set growth (KiB), when it was in front.
    nginx: Option<(u64, u64)>,
    /// How long each register or login request took, sorted.
    logins: Vec<Duration>,
}

fn main() {
    let args = parse_args().unwrap_or_else(|e| {
        eprintln!("{e}\n{USAGE}");
        std::process::exit(2);
    });
    let (sessions, run_for) = (args.sessions, Duration::from_secs(args.seconds));
    // The server on a runtime of its own ("srv-" threads), the clients on another.
    let server_rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("srv-worker")
        .enable_all()
        .build()
        .expect("server runtime");
    let client_rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("client-worker")
        .enable_all()
        .build()
        .expect("client runtime");
    let data = tempfile::tempdir().expect("a temporary data dir");
    let mut options = Options::new(Tileset::builtin(torchlit_ui::sprite::ALL).expect("tileset"));
    options.max_sessions = sessions;
    if args.public {
        let mut p = Public::new(data.path());
        p.max_sessions_per_player = args.per_account;
        p.trusted_proxy = args.nginx.then(|| "127.0.0.1".parse().expect("ip"));
        options.public = Some(p);
    }
    let server = server_rt
        .block_on(Server::bind("127.0.0.1:0".parse().expect("addr"), options, factory()))
        .expect("bind");
    let addr = server.local_addr().expect("addr");
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let served = server_rt.spawn(server.run(async move {
        let _ = stop_rx.await;
    }));
    let prefix = tempfile::tempdir().expect("a temporary nginx prefix");
    let proxy = args.nginx.then(|| {
        assert!(nginx::installed(), "{} is not installed (apt-get install nginx)", nginx::NGINX);
        nginx::start(prefix.path(), addr, 4 * sessions + 256)
    });
    let front = proxy.as_ref().map_or(addr, |n| n.addr);
    let (cookies, logins) = if args.public {
        client_rt.block_on(log_in(front, sessions, args.per_account)).unwrap_or_else(|e| {
            eprintln!("logging in failed: {e}");
            std::process::exit(1);
        })
    } else {
        (vec![None; sessions], Vec::new())
    };
    let rss_before = process_rss_kib("self");
    let nginx_pid = proxy.as_ref().map(|n| n.pid());
    let nginx_rss_before = nginx_pid.map(|p| process_rss_kib(&p.to_string()));
    let totals = Arc::new(Mutex::new(Totals::default()));
    let (cpu_before, nginx_before, wall) = client_rt.block_on(async {
        let mut tasks = Vec::new();
        for (i, cookie) in cookies.into_iter().enumerate() {
            let totals = Arc::clone(&totals);
            let maze = i % 2 == 0;
            tasks.push(tokio::spawn(async move {
                let t = session(front, cookie, maze, run_for).await;
                let mut all = totals.lock().await;
                if maze { all.maze.push(t) } else { all.caves.push(t) }
            }));
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        // Measure CPU from when everyone plays.
        tokio::time::sleep(Duration::from_secs(2)).await;
        let cpu_before = cpu_ticks(&["session", "srv-worker"]);
        let nginx_before = nginx_pid.map(process_cpu_ticks);
        let wall = Instant::now();
        for t in tasks {
            let _ = t.await;
        }
        (cpu_before, nginx_before, wall.elapsed())
    });
    let rss_after = process_rss_kib("self");
    let cpu = cpu_ticks(&["session", "srv-worker"]).saturating_sub(cpu_before);
    let nginx = nginx_pid.zip(nginx_before).zip(nginx_rss_before).map(|((pid, cpu), rss)| {
        let rss_now = process_rss_kib(&pid.to_string());
        (process_cpu_ticks(pid).saturating_sub(cpu), rss_now.saturating_sub(rss))
    });
    if proxy.is_some() {
        let log = std::fs::read_to_string(prefix.path().join("error.log")).unwrap_or_default();
        for line in log.lines().rev().take(5) {
            eprintln!("nginx: {line}");
        }
    }
    drop(proxy);
    let _ = stop_tx.send(());
    let _ = server_rt.block_on(served);
    let totals = client_rt.block_on(async { std::mem::take(&mut *totals.lock().await) });
    let setup = format!(
        "{}, {}",
        if args.public {
            format!("public server, {} session(s) per account", args.per_account)
        } else {
            "personal server".into()
        },
        if args.nginx { "through nginx (1 worker)" } else { "direct" }
    );
    let m =
        Measured { setup, cpu, wall, rss_kib: rss_after.saturating_sub(rss_before), nginx, logins };
    report(&totals, sessions, args.seconds, &m);
}

/// Every sample `f` picks from `of`, sorted.
fn sorted(of: &[Tally], f: fn(&Tally) -> &Vec<Duration>) -> Vec<Duration> {
    let mut v: Vec<Duration> = of.iter().flat_map(|t| f(t).iter().copied()).collect();
    v.sort();
    v
}

fn sum(of: &[Tally], f: fn(&Tally) -> usize) -> usize {
    of.iter().map(f).sum()
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1e3)
}

/// `p50 / p99 (n samples)`.
fn spread(v: &[Duration]) -> String {
    format!("{} / {} ({} samples)", ms(percentile(v, 0.5)), ms(percentile(v, 0.99)), v.len())
}

/// Prints the table (markdown).
fn report(t: &Totals, sessions: usize, seconds: u64, m: &Measured) {
    let caves = sorted(&t.caves, |t| &t.latencies);
    let maze = sorted(&t.maze, |t| &t.latencies);
    let jitter = sorted(&t.maze, |t| &t.jitter);
    let troubled: Vec<&String> =
        t.caves.iter().chain(&t.maze).filter_map(|t| t.trouble.as_ref()).collect();
    let n = sessions as f64;
    let per_s = |bytes: usize, of: usize| bytes as f64 / of.max(1) as f64 / seconds as f64;
    let (cb, mb) = (sum(&t.caves, |t| t.bytes), sum(&t.maze, |t| t.bytes));
    let frames = sum(&t.caves, |t| t.frames) + sum(&t.maze, |t| t.frames);
    let per_core =
        |ticks: u64| format!("{:.2} % of a core", ticks as f64 / m.wall.as_secs_f64() / n);
    let mut rows = vec![
        ("caves input-to-frame p50 / p99".to_string(), spread(&caves)),
        ("maze tick jitter p50 / p99".into(), spread(&jitter)),
        ("maze input-to-next-frame p50 / p99 (waits for the tick)".into(), spread(&maze)),
        (
            "keys sent: caves / maze".into(),
            format!("{} / {}", sum(&t.caves, |t| t.keys), sum(&t.maze, |t| t.keys)),
        ),
        (
            "keys no frame answered within 100 ms: caves / maze".into(),
            format!("{} / {}", sum(&t.caves, |t| t.unanswered), sum(&t.maze, |t| t.unanswered)),
        ),
        ("caves runs restarted (the hero died)".into(), sum(&t.caves, |t| t.restarts).to_string()),
        (
            "sessions in trouble (closed early, setup failed)".into(),
            format!("{} of {}", troubled.len(), t.caves.len() + t.maze.len()),
        ),
        ("server CPU per session".into(), per_core(m.cpu)),
        (
            "memory per session (RSS growth / N, clients included)".into(),
            format!("{:.0} KiB", m.rss_kib as f64 / n),
        ),
        (
            "bytes/s per session: caves / maze".into(),
            format!("{:.0} / {:.0}", per_s(cb, t.caves.len()), per_s(mb, t.maze.len())),
        ),
        (
            "bytes per frame message".into(),
            format!("{:.0}", (cb + mb) as f64 / frames.max(1) as f64),
        ),
    ];
    if let Some((cpu, rss)) = m.nginx {
        rows.push(("nginx CPU per session".into(), per_core(cpu)));
        rows.push((
            "nginx memory per session (RSS growth / N)".into(),
            format!("{:.0} KiB", rss as f64 / n),
        ));
    }
    if !m.logins.is_empty() {
        rows.push(("register requests p50 / p99".into(), spread(&m.logins)));
    }
    println!(
        "sessions {sessions} (half maze at 24 ticks/s, half caves), {seconds} s, a key every 100 ms, {}",
        m.setup
    );
    println!("| measure | value |");
    println!("|---|---|");
    for (what, value) in rows {
        println!("| {what} | {value} |");
    }
    for (i, why) in troubled.iter().take(5).enumerate() {
        println!("trouble {}: {}", i + 1, why.chars().take(400).collect::<String>());
    }
}
