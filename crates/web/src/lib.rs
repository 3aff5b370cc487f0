//! Play any [`Screen`] in a browser: a local web server, one canvas drawn with tiles or
//! glyphs, and read-only spectators.
//!
//! - `GET /` — the page (HTML, script, style and tileset are embedded in the binary;
//!   nothing is served from disk); `GET /watch` — the list of games to watch.
//! - `GET /ws` — the WebSocket a page plays through (see [`protocol`]): each session
//!   owns one screen built by the [`Factory`] on its own thread (screens need not be
//!   `Send`), ticked 24 times a second while it [wants ticks](Screen::wants_ticks), and
//!   sends the full frame on (re)attach, then only the cells that changed. When the
//!   player's page goes away (a closed tab, a reload, a dropped connection) the game is
//!   [saved](Screen::save) at once; a page that reconnects within [`Options::reattach`]
//!   with its session token takes it back; after that the screen is
//!   [closed](Screen::close) as if the player had quit. `GET /ws?watch=ID` joins
//!   session `ID` as a spectator. `GET /ws?play=MODE&seed=S&level=fixed` (what the
//!   page's deep link `/?play=MODE&seed=S` passes on) starts that game in a new session
//!   ([`protocol::Launch`]); a bad one opens the title menu and the page gets a notice.
//! - While the screen has a [`Scene`](torchlit_console::Scene), it is sent instead of
//!   the frame, as changes ([`wire`]); the mouse comes back as `mouse` messages.
//! - Limits: [`Options::max_sessions`], [`Options::max_message_bytes`],
//!   [`Options::max_messages_per_second`]; a malformed or unexpected message closes its
//!   connection (logged with the reason); WebSocket upgrades must come from the page's
//!   own origin.
//!
//! ```no_run
//! # async fn demo() -> std::io::Result<()> {
//! use std::sync::Arc;
//! use torchlit_console::{Frame, Input, Point, Rgb, Screen, Transition};
//! use torchlit_web::{Options, Server};
//!
//! struct Hello;
//! impl Screen for Hello {
//!     fn render(&self, frame: &mut Frame) {
//!         frame.print_at(Point::new(0, 0), "Hello, browser!", Rgb::WHITE, Rgb::BLACK);
//!     }
//!     fn handle(&mut self, _: Input) -> Transition { Transition::Stay }
//! }
//!
//! // The built-in tiles, for the game's sprites (here torchlit's).
//! let tiles = torchlit_web::Tileset::builtin(torchlit_ui::sprite::ALL).expect("built in");
//! let options = Options::new(tiles);
//! let server = Server::bind("127.0.0.1:8080".parse().expect("addr"), options,
//!     Arc::new(|_: &torchlit_web::protocol::Launch| Box::new(Hello) as Box<dyn Screen>)).await?;
//! server.run(torchlit_web::shutdown_signal()).await?;
//! # Ok(()) }
//! ```

pub mod accounts;
pub mod protocol;
mod public;
mod session;
mod tileset;
pub mod wire;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use tokio::net::TcpListener;
use tokio::sync::mpsc as tmpsc;
pub use torchlit_console::{CloseError, Screen};

pub use public::{Clock, NoFiles, PlayerFiles, Public, SaveEntry, ScoreEntry};
pub use session::{Factory, SessionInfo, TICKS_PER_SECOND};
pub use tileset::{Tileset, TilesetError};

use crate::protocol::{ClientMsg, Launch, Player};
use crate::public::PublicState;
use crate::session::{Cmd, Out, Registry};

const PAGE: &str = include_str!("../assets/index.html");
const SCRIPT: &str = include_str!("../assets/app.js");
const STYLE: &str = include_str!("../assets/style.css");
const ACCOUNT_SCRIPT: &str = include_str!("../assets/account.js");
const ACCOUNT_STYLE: &str = include_str!("../assets/account.css");

/// How a server runs.
#[derive(Clone, Debug)]
pub struct Options {
    /// Most sessions at once (a new player beyond is told the server is full).
    pub max_sessions: usize,
    /// How long a game waits for its page to reconnect before it is closed.
    pub reattach: Duration,
    /// The largest message a page may send, in bytes.
    pub max_message_bytes: usize,
    /// How many messages a second a page may send on average (bursts of twice as many).
    pub max_messages_per_second: u32,
    /// The tiles.
    pub tileset: Tileset,
    /// Accounts: `Some` makes this a public server where every game needs a login.
    pub public: Option<Public>,
}

impl Options {
    /// 64 sessions, one minute to reattach, 1 KiB messages, 100 messages a second.
    pub fn new(tileset: Tileset) -> Options {
        Options {
            max_sessions: 64,
            reattach: Duration::from_secs(60),
            max_message_bytes: 1024,
            max_messages_per_second: 100,
            tileset,
            public: None,
        }
    }
}

struct AppState {
    registry: Arc<Registry>,
    public: Option<PublicState>,
    options: Options,
    index_json: String,
    next_conn: AtomicU64,
}

/// A bound server, not yet serving.
pub struct Server {
    listener: TcpListener,
    state: Arc<AppState>,
}

/// What happened when the server stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stopped {
    /// How many sessions were closed (and saved) on the way out.
    pub sessions_closed: usize,
}

impl Server {
    /// Binds `addr` (port 0 picks a free port); a public server opens its accounts
    /// database.
    ///
    /// # Errors
    /// The address cannot be bound; the accounts database can't be opened.
    pub async fn bind(
        addr: SocketAddr,
        options: Options,
        factory: Factory,
    ) -> std::io::Result<Server> {
        let listener = TcpListener::bind(addr).await?;
        let per_player = options.public.as_ref().map_or(usize::MAX, |p| p.max_sessions_per_player);
        let registry = Registry::new(
            factory,
            protocol::SpriteTable::new(options.tileset.sprites()),
            options.max_sessions,
            per_player.max(1),
            options.reattach,
        );
        let index_json = options.tileset.index_json();
        let public = match &options.public {
            Some(p) => Some(PublicState::new(
                p.clone(),
                accounts::Accounts::open(&p.data_dir).map_err(std::io::Error::other)?,
            )),
            None => None,
        };
        let state = Arc::new(AppState {
            registry,
            public,
            options,
            index_json,
            next_conn: AtomicU64::new(1),
        });
        Ok(Server { listener, state })
    }

    /// The address bound.
    ///
    /// # Errors
    /// The socket's address cannot be read.
    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// Serves until `shutdown` completes, then closes every session (saving their games)
    /// and lets the connections end.
    ///
    /// # Errors
    /// The listener fails.
    pub async fn run(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> std::io::Result<Stopped> {
        let state = Arc::clone(&self.state);
        let app = Router::new()
            .route("/", get(page))
            .route("/watch", get(page))
            .route("/app.js", get(script))
            .route("/style.css", get(style))
            .route("/account.js", get(account_script))
            .route("/account.css", get(account_style))
            .route("/api/register", post(public::register))
            .route("/api/login", post(public::login))
            .route("/api/logout", post(public::logout))
            .route("/api/me", get(public::me))
            .route("/api/scores", get(public::scores))
            .layer(axum::extract::DefaultBodyLimit::max(4096))
            .route("/tiles.png", get(tiles_png))
            .route("/tiles.json", get(tiles_json))
            .route("/sessions", get(sessions))
            .route("/ws", get(ws))
            .with_state(Arc::clone(&state));
        let (closed_tx, closed_rx) = tokio::sync::oneshot::channel();
        let registry = Arc::clone(&state.registry);
        let graceful = async move {
            shutdown.await;
            let n = tokio::task::spawn_blocking(move || registry.close_all()).await.unwrap_or(0);
            let _ = closed_tx.send(n);
        };
        let watcher =
            state.public.is_some().then(|| tokio::spawn(watch_logins(Arc::clone(&state))));
        let app = app.into_make_service_with_connect_info::<SocketAddr>();
        axum::serve(self.listener, app).with_graceful_shutdown(graceful).await?;
        if let Some(w) = watcher {
            w.abort();
        }
        Ok(Stopped { sessions_closed: closed_rx.await.unwrap_or(0) })
    }
}

/// Completes on Ctrl-C (SIGINT), SIGTERM, SIGHUP (the terminal that started the server
/// closed) or SIGQUIT: the signals that end a program, which the terminal front end
/// answers by saving too.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let others = async {
        use tokio::signal::unix::{Signal, SignalKind, signal};
        // A signal whose handler can't be installed is never awaited.
        async fn recv(s: Option<Signal>) {
            match s {
                Some(mut s) => {
                    s.recv().await;
                }
                None => std::future::pending::<()>().await,
            }
        }
        let listen = |kind| signal(kind).ok();
        tokio::select! {
            () = recv(listen(SignalKind::terminate())) => {}
            () = recv(listen(SignalKind::hangup())) => {}
            () = recv(listen(SignalKind::quit())) => {}
        }
    };
    #[cfg(not(unix))]
    let others = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = others => {}
    }
}

/// Headers of every embedded file: no sniffing, no framing, only our own resources.
fn embedded(content_type: &'static str, body: impl IntoResponse) -> Response {
    let mut r = body.into_response();
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; img-src 'self'; style-src 'self'; script-src 'self'; connect-src 'self'",
        ),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    r
}

async fn page() -> Response {
    embedded("text/html; charset=utf-8", PAGE)
}

async fn script() -> Response {
    embedded("text/javascript; charset=utf-8", SCRIPT)
}

async fn style() -> Response {
    embedded("text/css; charset=utf-8", STYLE)
}

async fn account_script() -> Response {
    embedded("text/javascript; charset=utf-8", ACCOUNT_SCRIPT)
}

async fn account_style() -> Response {
    embedded("text/css; charset=utf-8", ACCOUNT_STYLE)
}

/// Every second, ends the games whose login ended: logged out, banned or deleted (by
/// `torchlit accounts` in another process, so the database is asked); a deleted
/// account's directory goes once its games have saved.
async fn watch_logins(state: Arc<AppState>) {
    let mut every = tokio::time::interval(Duration::from_secs(1));
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        let state = Arc::clone(&state);
        let _ = tokio::task::spawn_blocking(move || check_logins(&state)).await;
    }
}

fn check_logins(state: &AppState) {
    let Some(public) = &state.public else { return };
    for (hash, id) in state.registry.logins() {
        let why = match public.accounts.login_state(&hash, Some(id)) {
            Ok(accounts::LoginState::Valid(_)) => continue,
            Ok(accounts::LoginState::Gone) => "you logged out",
            Ok(accounts::LoginState::Banned) => "an administrator banned this account",
            Ok(accounts::LoginState::Deleted) => "an administrator deleted this account",
            Err(e) => {
                tracing::error!("accounts: {e}");
                continue;
            }
        };
        tracing::info!(account = id, "ending the games of a login: {why}");
        for t in state.registry.end_login(&hash, why) {
            let _ = t.join();
        }
        if matches!(public.accounts.login_state(&hash, Some(id)), Ok(accounts::LoginState::Deleted))
        {
            let dir = accounts::player_dir(&public.options.data_dir, id);
            if let Err(e) = std::fs::remove_dir_all(&dir)
                && e.kind() != std::io::ErrorKind::NotFound
            {
                tracing::warn!("removing {}: {e}", dir.display());
            }
        }
    }
}

async fn tiles_png(State(state): State<Arc<AppState>>) -> Response {
    embedded("image/png", state.options.tileset.png().to_vec())
}

async fn tiles_json(State(state): State<Arc<AppState>>) -> Response {
    embedded("application/json", state.index_json.clone())
}

async fn sessions(State(state): State<Arc<AppState>>) -> Response {
    let list = state.registry.list();
    embedded("application/json", serde_json::to_string(&list).unwrap_or_else(|_| "[]".into()))
}

/// Query of `/ws`: a token to reattach, or a session id to watch, or the game a deep
/// link asks for.
#[derive(Deserialize)]
struct WsQuery {
    token: Option<String>,
    watch: Option<String>,
    play: Option<String>,
    seed: Option<String>,
    level: Option<String>,
}

/// Whether the upgrade comes from a page this server served: the `Origin` must be
/// `http://HOST` for the request's own `Host`.
fn same_origin(headers: &HeaderMap) -> bool {
    let get = |h| headers.get(h).and_then(|v: &HeaderValue| v.to_str().ok());
    match (get(header::ORIGIN), get(header::HOST)) {
        (Some(origin), Some(host)) => {
            origin.strip_prefix("http://").or_else(|| origin.strip_prefix("https://")) == Some(host)
        }
        _ => false,
    }
}

async fn ws(
    State(state): State<Arc<AppState>>,
    query: Result<Query<WsQuery>, axum::extract::rejection::QueryRejection>,
    headers: HeaderMap,
    upgrade: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Response {
    // Before anything else: a public server tells a stranger nothing more.
    let login = match &state.public {
        Some(public) => match public::account_of(public, &headers).await {
            Some((account, token)) => Some((account, accounts::token_hash(&token))),
            None => {
                return (StatusCode::UNAUTHORIZED, "log in first (this server needs an account)")
                    .into_response();
            }
        },
        None => None,
    };
    let upgrade = match upgrade {
        Ok(u) => u,
        Err(e) => return e.into_response(),
    };
    if !same_origin(&headers) {
        tracing::warn!(origin = ?headers.get(header::ORIGIN), "refused a WebSocket from another origin");
        return (StatusCode::FORBIDDEN, "WebSocket upgrades only from this server's own page")
            .into_response();
    }
    let Ok(Query(query)) = query else {
        return (StatusCode::BAD_REQUEST, "bad query").into_response();
    };
    let player = match (login, &state.public) {
        (Some((a, hash)), Some(public)) => Some((
            Player {
                id: a.id,
                dir: accounts::player_dir(&public.options.data_dir, a.id),
                name: a.name,
            },
            hash,
        )),
        _ => None,
    };
    let max = state.options.max_message_bytes;
    upgrade
        .max_message_size(max)
        .max_frame_size(max)
        .on_upgrade(move |socket| connection(socket, state, query, player))
}

/// A token bucket: `rate` messages a second, bursts of `2 * rate`.
struct Bucket {
    tokens: f64,
    rate: f64,
    last: Instant,
}

impl Bucket {
    fn new(rate: u32) -> Bucket {
        let rate = f64::from(rate.max(1));
        Bucket { tokens: 2.0 * rate, rate, last: Instant::now() }
    }

    fn take(&mut self) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.last).as_secs_f64() * self.rate;
        self.tokens = (self.tokens + refill).min(2.0 * self.rate);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

async fn close_with(socket: &mut WebSocket, code: u16, why: &str) {
    let reason = protocol::close_reason(why).to_string();
    let _ = socket.send(Message::Close(Some(CloseFrame { code, reason: reason.into() }))).await;
}

/// Joins the session `query` asks for: the game to watch, the game to take back, or a
/// new one (the deep link's, or the title menu with a notice saying why not).
fn join(
    state: &AppState,
    query: &WsQuery,
    player_login: Option<(Player, String)>,
    conn: u64,
    out_tx: tmpsc::Sender<Out>,
) -> (Result<std::sync::mpsc::Sender<Cmd>, String>, Option<String>) {
    let (launch, notice) =
        match Launch::checked(query.play.as_deref(), query.seed.as_deref(), query.level.as_deref())
        {
            Ok(launch) => (launch, None),
            Err(why) => (Launch::default(), Some(why)),
        };
    let (account, login) = player_login.map_or((None, None), |(p, h)| (Some(p), Some(h)));
    let launch = Launch { player: account, ..launch };
    let joined = match &query.watch {
        Some(id) => state.registry.watch(id, conn, out_tx),
        None => state.registry.play(query.token.as_deref(), launch, login, conn, out_tx),
    };
    (joined, notice)
}

async fn connection(
    mut socket: WebSocket,
    state: Arc<AppState>,
    query: WsQuery,
    player_login: Option<(Player, String)>,
) {
    let conn = state.next_conn.fetch_add(1, Ordering::Relaxed);
    let (out_tx, mut out_rx) = tmpsc::channel::<Out>(64);
    let player = query.watch.is_none();
    let (joined, notice) = join(&state, &query, player_login, conn, out_tx);
    let session = match joined {
        Ok(tx) => tx,
        Err(why) => {
            let _ = socket.send(Message::Text(protocol::end(&why).into())).await;
            close_with(&mut socket, 1013, &why).await;
            return;
        }
    };
    if let Some(why) = notice {
        tracing::info!(conn, "a deep link was refused: {why}");
        let _ = socket.send(Message::Text(protocol::notice(&why).into())).await;
    }
    let mut bucket = Bucket::new(state.options.max_messages_per_second);
    let refused = loop {
        tokio::select! {
            out = out_rx.recv() => match out {
                Some(Out::Text(t)) => {
                    if socket.send(Message::Text(t)).await.is_err() {
                        break None;
                    }
                }
                Some(Out::End(t)) => {
                    let _ = socket.send(Message::Text(t)).await;
                    close_with(&mut socket, 1000, "the session ended").await;
                    break None;
                }
                None => {
                    close_with(&mut socket, 1011, "the session stopped").await;
                    break None;
                }
            },
            msg = socket.recv() => match msg {
                None | Some(Ok(Message::Close(_))) => break None,
                Some(Err(e)) => break Some(format!("bad WebSocket traffic: {e}")),
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                Some(Ok(Message::Binary(_))) => break Some("binary messages are not part of the protocol".into()),
                Some(Ok(Message::Text(text))) => {
                    if !bucket.take() {
                        break Some(format!(
                            "more than {} messages a second", state.options.max_messages_per_second
                        ));
                    }
                    if !player {
                        break Some("spectators send nothing".into());
                    }
                    match ClientMsg::parse(text.as_str()) {
                        Ok(msg) => {
                            if session.send(Cmd::Msg { conn, msg }).is_err() {
                                break None;
                            }
                        }
                        Err(why) => break Some(why),
                    }
                }
            },
        }
    };
    if let Some(why) = refused {
        tracing::warn!(conn, "closed a connection: {why}");
        close_with(&mut socket, 1008, &why).await;
    }
    let _ = session.send(Cmd::Detach { conn });
}

/// Serves on `addr` until Ctrl-C, SIGTERM, SIGHUP or SIGQUIT ([`shutdown_signal`]), on a runtime of its
/// own; `ready` is called with the bound address before the first connection.
///
/// # Errors
/// The runtime cannot start, the address cannot be bound, or the listener fails.
pub fn serve(
    addr: SocketAddr,
    options: Options,
    factory: Factory,
    ready: impl FnOnce(SocketAddr),
) -> std::io::Result<Stopped> {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(async move {
        let server = Server::bind(addr, options, factory).await?;
        ready(server.local_addr()?);
        server.run(shutdown_signal()).await
    })
}
