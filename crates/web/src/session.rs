//! Sessions: one screen each, on its own thread (screens need not be `Send`), driven by
//! commands over a channel and sending frames to the player's and the spectators'
//! connections.

use std::collections::HashMap;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, MutexGuard, Weak};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use axum::extract::ws::Utf8Bytes;
use serde::Serialize;
use tokio::sync::mpsc as tmpsc;
use torchlit_console::scene::Size;
use torchlit_console::{Cell, Frame, Mouse, Scene, Screen, Transition};

use crate::protocol::{self, ClientMsg, Launch, Player, SpriteTable};

/// Builds the screen of a new session (called on the session's own thread), given the
/// game the page asked for (checked: a known mode and a well-formed seed; the default
/// [`Launch`] for the title menu).
pub type Factory = Arc<dyn Fn(&Launch) -> Box<dyn Screen> + Send + Sync>;

/// Ticks per second of real-time screens (as in the terminal).
pub const TICKS_PER_SECOND: u32 = 24;

/// How many late ticks run back to back before the loop gives up catching up.
const MAX_CATCH_UP: u32 = 5;

/// The most commands handled before a frame is drawn (a flood cannot starve ticks).
const MAX_BATCH: usize = 32;

/// What a command did to the session.
enum Step {
    /// The session is over, for this reason.
    Stop(&'static str),
    /// The screen may look different.
    Changed,
    /// Nothing to draw.
    Same,
}

/// The grid a session starts with, before the page says its size.
const START_SIZE: (u16, u16) = (80, 30);

/// The map view a session starts with, before the page says what fits.
const START_VIEW: (u16, u16) = (40, 25);

/// What a connection receives from its session.
#[derive(Debug)]
pub(crate) enum Out {
    /// A protocol message.
    Text(Utf8Bytes),
    /// The session is over: a last message, then close.
    End(Utf8Bytes),
}

/// What a connection sends its session.
pub(crate) enum Cmd {
    /// A connection joins: as the player (replacing any earlier one) or a spectator.
    Attach { conn: u64, out: tmpsc::Sender<Out>, player: bool },
    /// A connection went away.
    Detach { conn: u64 },
    /// A message from the player's connection.
    Msg { conn: u64, msg: ClientMsg },
    /// Close the session now (the server is stopping).
    Close,
    /// End the session now, for this reason (the player logged out, was banned...).
    End(&'static str),
}

/// What `/watch` shows of a session.
#[derive(Clone, Debug, Serialize)]
pub struct SessionInfo {
    /// The public id (spectators join with it; it cannot take the game over).
    pub id: String,
    /// What the screen on top says of itself (mode, player, turn...).
    pub status: String,
    /// Seconds since the game on screen started (a session back on the title menu is
    /// not listed).
    pub seconds: u64,
    /// The player's account name on a public server.
    pub player: Option<String>,
    /// How many spectators watch it now.
    pub spectators: usize,
    /// Whether the player is connected now.
    pub connected: bool,
}

struct Shared {
    status: String,
    /// When the game on screen started (`None` on the title menu or before the first
    /// frame: such sessions are not listed).
    game_since: Option<Instant>,
    watchable: bool,
    spectators: usize,
    connected: bool,
}

struct Handle {
    token: String,
    tx: mpsc::Sender<Cmd>,
    shared: Arc<Mutex<Shared>>,
    /// The account playing (public servers).
    player: Option<Player>,
    /// The hash of the login token the session was opened with (public servers).
    login: Option<String>,
    thread: Option<JoinHandle<()>>,
}

/// The live sessions of one server.
pub(crate) struct Registry {
    factory: Factory,
    /// The game's sprites as the wire numbers them.
    sprites: Arc<SpriteTable>,
    max_sessions: usize,
    max_per_player: usize,
    reattach: Duration,
    inner: Mutex<Inner>,
    me: Weak<Registry>,
}

#[derive(Default)]
struct Inner {
    by_id: HashMap<String, Handle>,
    closing: bool,
}

pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// 128 random bits as hex (session tokens and ids).
fn random_hex() -> String {
    let mut bytes = [0u8; 16];
    if getrandom::fill(&mut bytes).is_err() {
        // No OS randomness: std's hasher keys are still random per process.
        use std::hash::{BuildHasher, Hasher};
        for chunk in bytes.chunks_mut(8) {
            let mut h = std::collections::hash_map::RandomState::new().build_hasher();
            h.write_u128(Instant::now().elapsed().as_nanos());
            chunk.copy_from_slice(&h.finish().to_le_bytes());
        }
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

impl Registry {
    pub(crate) fn new(
        factory: Factory,
        sprites: SpriteTable,
        max_sessions: usize,
        max_per_player: usize,
        reattach: Duration,
    ) -> Arc<Registry> {
        Arc::new_cyclic(|me| Registry {
            factory,
            sprites: Arc::new(sprites),
            max_sessions,
            max_per_player,
            reattach,
            inner: Mutex::new(Inner::default()),
            me: me.clone(),
        })
    }

    /// Joins as the player: the session with `token` when it is alive (and the same
    /// account's, on a public server), else a new one for `launch` (whose `player` is the
    /// account, logged in with the token hashed to `login`).
    ///
    /// # Errors
    /// Why not, as a sentence for the page (the server is full or stopping, the account
    /// plays too many games).
    pub(crate) fn play(
        &self,
        token: Option<&str>,
        launch: Launch,
        login: Option<String>,
        conn: u64,
        out: tmpsc::Sender<Out>,
    ) -> Result<mpsc::Sender<Cmd>, String> {
        let mut inner = lock(&self.inner);
        if inner.closing {
            return Err("the server is shutting down".into());
        }
        let account = launch.player.as_ref().map(|p| p.id);
        if let Some(token) = token {
            let found = inner
                .by_id
                .iter()
                .find(|(_, h)| h.token == token && h.player.as_ref().map(|p| p.id) == account)
                .map(|(id, _)| id.clone());
            if let Some(id) = found {
                let attached = inner.by_id.get(&id).and_then(|h| {
                    let cmd = Cmd::Attach { conn, out: out.clone(), player: true };
                    h.tx.send(cmd).ok().map(|()| h.tx.clone())
                });
                match attached {
                    Some(tx) => return Ok(tx),
                    None => {
                        inner.by_id.remove(&id);
                    }
                }
            }
        }
        if inner.by_id.len() >= self.max_sessions {
            return Err(format!(
                "the server is full ({} sessions are playing); try again later",
                self.max_sessions
            ));
        }
        if account.is_some() {
            let mine = inner.by_id.values().filter(|h| h.player.as_ref().map(|p| p.id) == account);
            if mine.count() >= self.max_per_player {
                return Err(format!(
                    "you already have {} games open here (the most a player may); close one first",
                    self.max_per_player
                ));
            }
        }
        let (id, token) = (random_hex(), random_hex());
        let (tx, rx) = mpsc::channel();
        let shared = Arc::new(Mutex::new(Shared {
            status: String::new(),
            game_since: None,
            watchable: true,
            spectators: 0,
            connected: true,
        }));
        let player = launch.player.clone();
        let run = Runner {
            factory: Arc::clone(&self.factory),
            sprites: Arc::clone(&self.sprites),
            launch,
            rx,
            shared: Arc::clone(&shared),
            reattach: self.reattach,
            registry: self.me.clone(),
            id: id.clone(),
            token: token.clone(),
        };
        let thread = std::thread::Builder::new()
            .name(format!("session-{}", &id[..8]))
            .spawn(move || run.run())
            .map_err(|e| format!("cannot start a session: {e}"))?;
        let _ = tx.send(Cmd::Attach { conn, out, player: true });
        let handle = Handle { token, tx: tx.clone(), shared, player, login, thread: Some(thread) };
        inner.by_id.insert(id, handle);
        Ok(tx)
    }

    /// Joins session `id` as a spectator.
    ///
    /// # Errors
    /// The session is gone or its player turned watching off.
    pub(crate) fn watch(
        &self,
        id: &str,
        conn: u64,
        out: tmpsc::Sender<Out>,
    ) -> Result<mpsc::Sender<Cmd>, String> {
        let inner = lock(&self.inner);
        let Some(h) = inner.by_id.get(id) else {
            return Err("this game is over (or never was)".into());
        };
        if !lock(&h.shared).watchable {
            return Err("the player turned watching off".into());
        }
        h.tx.send(Cmd::Attach { conn, out, player: false })
            .map_err(|_| "this game is over".to_string())?;
        Ok(h.tx.clone())
    }

    /// The sessions that may be watched, oldest first.
    pub(crate) fn list(&self) -> Vec<SessionInfo> {
        let inner = lock(&self.inner);
        let mut v: Vec<(Instant, SessionInfo)> = inner
            .by_id
            .iter()
            .filter_map(|(id, h)| {
                let s = lock(&h.shared);
                let since = s.game_since.filter(|_| s.watchable)?;
                Some((
                    since,
                    SessionInfo {
                        id: id.clone(),
                        status: s.status.clone(),
                        seconds: since.elapsed().as_secs(),
                        player: h.player.as_ref().map(|p| p.name.clone()),
                        spectators: s.spectators,
                        connected: s.connected,
                    },
                ))
            })
            .collect();
        v.sort_by_key(|(t, _)| *t);
        v.into_iter().map(|(_, i)| i).collect()
    }

    /// The logins of the live sessions: (token hash, account id), each once.
    pub(crate) fn logins(&self) -> Vec<(String, i64)> {
        let inner = lock(&self.inner);
        let mut v: Vec<(String, i64)> = inner
            .by_id
            .values()
            .filter_map(|h| Some((h.login.clone()?, h.player.as_ref()?.id)))
            .collect();
        v.sort();
        v.dedup();
        v
    }

    /// Ends every session opened with login `hash`, saying `why`; returns their threads
    /// (to wait for their last saves).
    pub(crate) fn end_login(&self, hash: &str, why: &'static str) -> Vec<JoinHandle<()>> {
        let mut inner = lock(&self.inner);
        let mut threads = Vec::new();
        for h in inner.by_id.values_mut().filter(|h| h.login.as_deref() == Some(hash)) {
            let _ = h.tx.send(Cmd::End(why));
            threads.extend(h.thread.take());
        }
        threads
    }

    fn finished(&self, id: &str) {
        lock(&self.inner).by_id.remove(id);
    }

    /// Closes every session (each screen is [closed](Screen::close): games are saved)
    /// and waits for their threads; refuses new sessions from now on. Returns how many
    /// sessions were closed.
    pub(crate) fn close_all(&self) -> usize {
        let handles: Vec<Handle> = {
            let mut inner = lock(&self.inner);
            inner.closing = true;
            inner.by_id.drain().map(|(_, h)| h).collect()
        };
        for h in &handles {
            let _ = h.tx.send(Cmd::Close);
        }
        let n = handles.len();
        for mut h in handles {
            if let Some(t) = h.thread.take() {
                let _ = t.join();
            }
        }
        n
    }
}

struct Sub {
    conn: u64,
    out: tmpsc::Sender<Out>,
    /// Needs a whole text frame next (it has none, or missed a message).
    needs_full: bool,
    /// Needs a whole scene next.
    needs_scene: bool,
}

impl Sub {
    /// Sends `msg`; false when the connection is gone. A full queue (a slow viewer)
    /// drops the message and asks for a full frame later.
    fn send(&mut self, msg: &Utf8Bytes) -> bool {
        match self.out.try_send(Out::Text(msg.clone())) {
            Ok(()) => true,
            Err(tmpsc::error::TrySendError::Full(_)) => {
                self.needs_full = true;
                self.needs_scene = true;
                true
            }
            Err(tmpsc::error::TrySendError::Closed(_)) => false,
        }
    }
}

struct Runner {
    factory: Factory,
    sprites: Arc<SpriteTable>,
    launch: Launch,
    rx: mpsc::Receiver<Cmd>,
    shared: Arc<Mutex<Shared>>,
    reattach: Duration,
    registry: Weak<Registry>,
    id: String,
    token: String,
}

/// The session's state on its thread.
struct Live {
    screen: Box<dyn Screen>,
    /// The game's sprites as the wire numbers them.
    sprites: Arc<SpriteTable>,
    size: (u16, u16),
    /// The map view the page asked for, in map cells.
    view: Size,
    /// The scene last sent, while the screen has one.
    scene: Option<Scene>,
    shown: Option<Frame>,
    /// The frame before `shown`, drawn over next time (no allocation per frame).
    spare: Option<Frame>,
    player: Option<Sub>,
    spectators: Vec<Sub>,
}

impl Live {
    /// Whether `event` is about something the page was sent: a map cell in the scene's view,
    /// or a cell of the text page. The page only sends those; anything else (a stale or a
    /// hostile message, a cell a million columns away) never reaches the screen.
    fn shows(&self, event: Mouse) -> bool {
        match event {
            Mouse::Hover(p) | Mouse::Click(p) | Mouse::Inspect(p) => {
                self.scene.as_ref().is_some_and(|s| s.map.index(p).is_some())
            }
            Mouse::Leave => true,
            Mouse::Text(col, row) => self.scene.is_none() && col < self.size.0 && row < self.size.1,
        }
    }

    /// Renders into the spare frame (blanked), or a new one after a resize.
    fn render(&mut self) -> Frame {
        let (w, h) = self.size;
        let mut f = match self.spare.take() {
            Some(mut f) if f.width() == w && f.height() == h => {
                f.fill_rect(f.area(), Cell::BLANK);
                f
            }
            _ => Frame::with_size(Size::new(u32::from(w), u32::from(h))),
        };
        self.screen.render(&mut f);
        f
    }

    /// Sends what changed to everyone: the screen's scene when it has one, else its
    /// text frame.
    fn broadcast(&mut self, shared: &Mutex<Shared>) {
        // Before any page sees the frame, so the list never lags behind it.
        let status = self.screen.describe();
        {
            let mut sh = lock(shared);
            if status == "title menu" {
                sh.game_since = None;
            } else if !status.is_empty() && sh.game_since.is_none() {
                sh.game_since = Some(Instant::now());
            }
            // A help page or a menu over a game says nothing: the game's line stays.
            if !status.is_empty() {
                sh.status = status;
            }
        }
        match self.screen.scene(self.view) {
            Some(scene) => self.broadcast_scene(scene),
            None => {
                if self.scene.take().is_some() {
                    self.shown = None;
                }
                self.broadcast_frame();
            }
        }
        let mut sh = lock(shared);
        sh.spectators = self.spectators.len();
        sh.connected = self.player.is_some();
    }

    /// Sends `now` as changes from the last scene (whole to those who need it).
    fn broadcast_scene(&mut self, now: Scene) {
        if self.scene.is_none() {
            for s in self.player.iter_mut().chain(self.spectators.iter_mut()) {
                s.needs_scene = true;
            }
        }
        let delta = self
            .scene
            .as_ref()
            .filter(|b| **b != now)
            .map(|b| Utf8Bytes::from(crate::wire::scene(Some(b), &now, &self.sprites)));
        let sprites = Arc::clone(&self.sprites);
        let sprites = sprites.as_ref();
        let mut whole: Option<Utf8Bytes> = None;
        let mut send = |s: &mut Sub| {
            if s.needs_scene {
                let msg = whole.get_or_insert_with(|| {
                    Utf8Bytes::from(crate::wire::scene(None, &now, sprites))
                });
                s.needs_scene = false;
                s.needs_full = true;
                s.send(msg)
            } else if let Some(d) = &delta {
                s.send(d)
            } else {
                true
            }
        };
        if let Some(p) = self.player.as_mut()
            && !send(p)
        {
            self.player = None;
        }
        self.spectators.retain_mut(&mut send);
        self.scene = Some(now);
    }

    /// Renders and sends what changed to everyone (full frames to those who need one).
    fn broadcast_frame(&mut self) {
        let now = self.render();
        let diff = match &self.shown {
            Some(before) if before.width() == now.width() && before.height() == now.height() => {
                protocol::diff(before, &now, &self.sprites).map(Utf8Bytes::from)
            }
            _ => {
                for s in self.player.iter_mut().chain(self.spectators.iter_mut()) {
                    s.needs_full = true;
                }
                None
            }
        };
        let sprites = Arc::clone(&self.sprites);
        let sprites = sprites.as_ref();
        let mut full: Option<Utf8Bytes> = None;
        let mut send = |s: &mut Sub| {
            if s.needs_full {
                let msg =
                    full.get_or_insert_with(|| Utf8Bytes::from(protocol::full(&now, sprites)));
                s.needs_full = false;
                s.send(msg)
            } else if let Some(d) = &diff {
                s.send(d)
            } else {
                true
            }
        };
        if let Some(p) = self.player.as_mut()
            && !send(p)
        {
            self.player = None;
        }
        self.spectators.retain_mut(&mut send);
        self.spare = self.shown.replace(now);
        for s in self.player.iter_mut().chain(self.spectators.iter_mut()) {
            s.needs_scene = true;
        }
    }

    fn end_all(&mut self, why: &str) {
        let msg = Utf8Bytes::from(protocol::end(why));
        for s in self.player.take().into_iter().chain(self.spectators.drain(..)) {
            let _ = s.out.try_send(Out::End(msg.clone()));
        }
    }
}

impl Runner {
    fn run(self) {
        let mut screen = (self.factory)(&self.launch);
        screen.set_key_releases(true);
        screen.resize(Size::new(u32::from(START_SIZE.0), u32::from(START_SIZE.1)));
        let mut live = Live {
            screen,
            sprites: Arc::clone(&self.sprites),
            size: START_SIZE,
            view: Size::new(u32::from(START_VIEW.0), u32::from(START_VIEW.1)),
            scene: None,
            shown: None,
            spare: None,
            player: None,
            spectators: Vec::new(),
        };
        let why = self.drive(&mut live);
        let closed = live.screen.close();
        match &closed {
            Ok(()) => tracing::info!(session = %self.id, "session closed: {why}"),
            Err(e) => {
                tracing::warn!(session = %self.id, "session closed: {why}; saving failed: {e}")
            }
        }
        let why = match closed {
            Ok(()) => why.to_string(),
            Err(e) => format!("{why}; saving failed: {e}"),
        };
        // Leave the registry before the page is told: a player told the game ended may
        // start another at once, and must not find the server full of this one.
        if let Some(r) = self.registry.upgrade() {
            r.finished(&self.id);
        }
        live.end_all(&why);
    }

    /// Runs the session until it ends; returns why.
    fn drive(&self, live: &mut Live) -> &'static str {
        let tick = Duration::from_secs(1) / TICKS_PER_SECOND;
        let mut next = Instant::now() + tick;
        let mut alone_since: Option<Instant> = None;
        loop {
            let now = Instant::now();
            let mut wait = if live.screen.wants_ticks() && live.player.is_some() {
                next.saturating_duration_since(now)
            } else {
                Duration::from_millis(500)
            };
            if let Some(t) = alone_since {
                wait = wait.min((t + self.reattach).saturating_duration_since(now));
            }
            let first = match self.rx.recv_timeout(wait) {
                Ok(cmd) => Some(cmd),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) => return "the server stopped",
            };
            // Every command queued behind the first (a key's down and up come
            // together), then one frame for all of them.
            let queued = std::iter::from_fn(|| self.rx.try_recv().ok());
            let mut dirty = false;
            for cmd in first.into_iter().chain(queued).take(MAX_BATCH) {
                match self.command(live, cmd, &mut alone_since) {
                    Step::Stop(why) => return why,
                    Step::Changed => dirty = true,
                    Step::Same => {}
                }
            }
            // A real-time game waits while its page is gone (closed, reloading): its
            // clock resumes when the page comes back.
            if live.screen.wants_ticks() && live.player.is_some() {
                let now = Instant::now();
                let mut ran = 0;
                while now >= next && ran < MAX_CATCH_UP {
                    if matches!(live.screen.tick(), Transition::Quit) {
                        return "you quit";
                    }
                    next += tick;
                    ran += 1;
                    dirty = true;
                }
                if now >= next {
                    next = now + tick;
                }
            } else {
                next = Instant::now() + tick;
            }
            if alone_since.is_some_and(|t| t.elapsed() >= self.reattach) {
                return "the player left";
            }
            if dirty && (live.player.is_some() || !live.spectators.is_empty()) {
                live.broadcast(&self.shared);
            }
        }
    }

    /// Carries out one command from a connection.
    fn command(&self, live: &mut Live, cmd: Cmd, alone_since: &mut Option<Instant>) -> Step {
        match cmd {
            Cmd::Close => Step::Stop("the server is shutting down"),
            Cmd::End(why) => Step::Stop(why),
            Cmd::Attach { conn, out, player } => {
                let hello = if player {
                    protocol::hello("play", &self.token, &self.id, &self.sprites)
                } else {
                    protocol::hello("watch", "", &self.id, &self.sprites)
                };
                let _ = out.try_send(Out::Text(Utf8Bytes::from(hello)));
                let sub = Sub { conn, out, needs_full: true, needs_scene: true };
                if player {
                    if let Some(old) = live.player.replace(sub) {
                        let why = protocol::end("this game was opened in another tab");
                        let _ = old.out.try_send(Out::End(Utf8Bytes::from(why)));
                    }
                    *alone_since = None;
                } else {
                    live.spectators.push(sub);
                }
                Step::Changed
            }
            Cmd::Detach { conn } => {
                if live.player.as_ref().is_some_and(|p| p.conn == conn) {
                    live.player = None;
                    *alone_since = Some(Instant::now());
                    // Keys held when the page went never come up: forget them.
                    live.screen.set_key_releases(true);
                    lock(&self.shared).connected = false;
                    // Saved now, as quitting would: the page may never come back.
                    match live.screen.save() {
                        Ok(()) => tracing::info!(session = %self.id, "the page left: saved"),
                        Err(e) => {
                            tracing::warn!(session = %self.id, "the page left; saving failed: {e}")
                        }
                    }
                }
                live.spectators.retain(|s| s.conn != conn);
                Step::Same
            }
            Cmd::Msg { conn, msg } => {
                if live.player.as_ref().is_none_or(|p| p.conn != conn) {
                    return Step::Same;
                }
                if self.apply(live, msg) { Step::Stop("you quit") } else { Step::Changed }
            }
        }
    }

    /// Applies a player's message; true when the screen quit.
    fn apply(&self, live: &mut Live, msg: ClientMsg) -> bool {
        let t = match msg {
            ClientMsg::Down { k, c, r } => {
                let Some(input) = protocol::key_input(&k, c) else { return false };
                // With releases reported, a held key is already held.
                if r && live.screen.wants_ticks() {
                    return false;
                }
                live.screen.handle(input)
            }
            ClientMsg::Up { k, c } => {
                let Some(input) = protocol::key_input(&k, c) else { return false };
                live.screen.release(input)
            }
            ClientMsg::Size { w, h } => {
                live.size = protocol::clamp_size(w, h);
                let (w, h) = live.size;
                live.screen.resize(Size::new(u32::from(w), u32::from(h)));
                Transition::Stay
            }
            ClientMsg::View { w, h } => {
                let (w, h) = protocol::clamp_view(w, h);
                live.view = Size::new(u32::from(w), u32::from(h));
                Transition::Stay
            }
            ClientMsg::Mouse { k, x, y } => match protocol::mouse_event(k, x, y) {
                Some(event) if live.shows(event) => live.screen.mouse(event),
                _ => Transition::Stay,
            },
            ClientMsg::Watchable { on } => {
                lock(&self.shared).watchable = on;
                if !on {
                    let msg = Utf8Bytes::from(protocol::end("the player turned watching off"));
                    for s in live.spectators.drain(..) {
                        let _ = s.out.try_send(Out::End(msg.clone()));
                    }
                }
                Transition::Stay
            }
        };
        matches!(t, Transition::Quit)
    }
}
