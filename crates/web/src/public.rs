//! A public server's HTTP side: the `/api/*` routes (register, login, logout, me,
//! scores), the login cookie, the per-address limit on failed logins, and who the
//! client is behind a trusted reverse proxy.

use std::collections::HashMap;
use std::fmt;
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::AppState;
use crate::accounts::{self, Account, AccountError, Accounts, Credentials};

/// A source of "now" for the login limits (tests move it by hand instead of sleeping).
#[derive(Clone)]
pub struct Clock(Arc<dyn Fn() -> Instant + Send + Sync>);

impl Clock {
    /// The real monotonic clock.
    pub fn system() -> Clock {
        Clock(Arc::new(Instant::now))
    }

    /// A clock that reads `now`.
    pub fn new(now: impl Fn() -> Instant + Send + Sync + 'static) -> Clock {
        Clock(Arc::new(now))
    }

    /// The time now.
    pub fn now(&self) -> Instant {
        (self.0)()
    }
}

impl fmt::Debug for Clock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Clock")
    }
}

/// One saved game of a player, for `GET /api/me`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SaveEntry {
    /// The mode (`caves`, `overworld`).
    pub mode: String,
    /// The save's name (a world's name, a run's).
    pub name: String,
    /// When it was last saved, in seconds since the Unix epoch.
    pub when: u64,
}

/// One high score, for `GET /api/scores`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScoreEntry {
    /// The mode.
    pub mode: String,
    /// The player's account name (filled in by the server).
    pub player: String,
    /// The world's name.
    pub world: String,
    /// The points.
    pub score: u64,
    /// How the game ended, in words.
    pub ending: String,
    /// Turns played.
    pub turns: u64,
    /// When it ended, in seconds since the Unix epoch.
    pub when: u64,
}

/// What the server reads of a player's directory (the games own the formats).
pub trait PlayerFiles: Send + Sync {
    /// The saved games in player directory `dir`, most recent first.
    fn saves(&self, dir: &Path) -> Vec<SaveEntry>;
    /// The high scores kept in `dir` (the `player` field is filled in by the server).
    fn scores(&self, dir: &Path) -> Vec<ScoreEntry>;
}

/// A [`PlayerFiles`] that sees nothing (a server whose games keep no files).
#[derive(Clone, Copy, Debug, Default)]
pub struct NoFiles;

impl PlayerFiles for NoFiles {
    fn saves(&self, _: &Path) -> Vec<SaveEntry> {
        Vec::new()
    }
    fn scores(&self, _: &Path) -> Vec<ScoreEntry> {
        Vec::new()
    }
}

/// How a public server (`serve --public`) runs: every game needs an account.
#[derive(Clone)]
pub struct Public {
    /// The data dir: `accounts.db` and `players/<id>/` live here.
    pub data_dir: PathBuf,
    /// The reverse proxy whose `X-Forwarded-For` names the client (no other
    /// connection's is believed).
    pub trusted_proxy: Option<IpAddr>,
    /// Most games one account plays at once.
    pub max_sessions_per_player: usize,
    /// Most failed logins or registrations an address makes a minute before it is
    /// answered 429.
    pub max_failures_per_minute: u32,
    /// Reads saves and scores of player directories.
    pub files: Arc<dyn PlayerFiles>,
    /// The clock of the login limits.
    pub clock: Clock,
}

impl Public {
    /// A public server keeping its data in `data_dir`: no proxy, 3 games a player,
    /// 10 failures a minute, no files read.
    pub fn new(data_dir: impl Into<PathBuf>) -> Public {
        Public {
            data_dir: data_dir.into(),
            trusted_proxy: None,
            max_sessions_per_player: 3,
            max_failures_per_minute: 10,
            files: Arc::new(NoFiles),
            clock: Clock::system(),
        }
    }
}

impl fmt::Debug for Public {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Public")
            .field("data_dir", &self.data_dir)
            .field("trusted_proxy", &self.trusted_proxy)
            .field("max_sessions_per_player", &self.max_sessions_per_player)
            .field("max_failures_per_minute", &self.max_failures_per_minute)
            .finish_non_exhaustive()
    }
}

/// Failed logins per address, counted in one-minute windows.
#[derive(Default)]
pub(crate) struct Limiter {
    by_addr: Mutex<HashMap<IpAddr, (Instant, u32)>>,
}

const WINDOW: Duration = Duration::from_secs(60);

impl Limiter {
    /// `Err(seconds to wait)` while `addr` has used up its failures this minute.
    fn check(&self, addr: IpAddr, now: Instant, max: u32) -> Result<(), u64> {
        let mut map = crate::session::lock(&self.by_addr);
        match map.get(&addr) {
            Some((start, n)) if now.duration_since(*start) < WINDOW && *n >= max => {
                let left = WINDOW.saturating_sub(now.duration_since(*start));
                Err(left.as_secs() + u64::from(left.subsec_nanos() > 0))
            }
            Some((start, _)) if now.duration_since(*start) >= WINDOW => {
                map.remove(&addr);
                Ok(())
            }
            _ => Ok(()),
        }
    }

    fn fail(&self, addr: IpAddr, now: Instant) {
        let mut map = crate::session::lock(&self.by_addr);
        if map.len() > 100_000 {
            map.retain(|_, (start, _)| now.duration_since(*start) < WINDOW);
        }
        let e = map.entry(addr).or_insert((now, 0));
        if now.duration_since(e.0) >= WINDOW {
            *e = (now, 0);
        }
        e.1 += 1;
    }
}

/// The public side of the server's state.
pub(crate) struct PublicState {
    pub(crate) options: Public,
    pub(crate) accounts: Arc<Accounts>,
    pub(crate) limiter: Limiter,
    /// One permit per core: password hashes made at once. Each takes 19 MiB and a core
    /// for tens of milliseconds, so a crowd registering at once (500 in a load test)
    /// queues here instead of asking for gigabytes.
    pub(crate) hashing: tokio::sync::Semaphore,
}

impl PublicState {
    /// The state of a public server with these options and accounts.
    pub(crate) fn new(options: Public, accounts: Accounts) -> PublicState {
        let cores = std::thread::available_parallelism().map_or(2, std::num::NonZero::get);
        PublicState {
            options,
            accounts: Arc::new(accounts),
            limiter: Limiter::default(),
            hashing: tokio::sync::Semaphore::new(cores),
        }
    }
}

/// The client's address: the peer's, or the last `X-Forwarded-For` entry when the
/// peer is the trusted proxy.
pub(crate) fn client_addr(
    peer: SocketAddr,
    headers: &HeaderMap,
    trusted: Option<IpAddr>,
) -> IpAddr {
    if trusted != Some(peer.ip()) {
        return peer.ip();
    }
    // The proxy appends the address it saw last; anything before it is the client's
    // own say. An unreadable last entry counts as the proxy itself.
    headers
        .get_all("x-forwarded-for")
        .iter()
        .next_back()
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.rsplit(',').next())
        .and_then(|s| s.trim().parse::<IpAddr>().ok())
        .unwrap_or(peer.ip())
}

/// Whether the client reached the proxy over TLS (then the cookie is `Secure`).
fn behind_tls(peer: SocketAddr, headers: &HeaderMap, trusted: Option<IpAddr>) -> bool {
    trusted == Some(peer.ip())
        && headers
            .get("x-forwarded-proto")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.trim().eq_ignore_ascii_case("https"))
}

/// The login token of a request's cookies, if any is well formed.
pub(crate) fn request_token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(accounts::cookie_token)
        .map(str::to_string)
}

fn json(status: StatusCode, body: &serde_json::Value) -> Response {
    let mut r = (status, body.to_string()).into_response();
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

fn error(status: StatusCode, why: &str) -> Response {
    json(status, &serde_json::json!({ "error": why }))
}

fn cookie(token: &str, secure: bool, max_age: Option<u64>) -> HeaderValue {
    let mut c = format!("{}={token}; Path=/; HttpOnly; SameSite=Strict", accounts::COOKIE);
    if let Some(age) = max_age {
        c.push_str(&format!("; Max-Age={age}"));
    }
    if secure {
        c.push_str("; Secure");
    }
    HeaderValue::from_str(&c).unwrap_or_else(|_| HeaderValue::from_static(""))
}

fn no_public() -> Response {
    error(StatusCode::NOT_FOUND, "this server has no accounts (it is not public)")
}

/// `POST /api/register` and `POST /api/login`.
pub(crate) async fn register(
    state: State<Arc<AppState>>,
    peer: ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    credentials(state, peer, headers, body, true).await
}

/// `POST /api/login`.
pub(crate) async fn login(
    state: State<Arc<AppState>>,
    peer: ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    credentials(state, peer, headers, body, false).await
}

async fn credentials(
    State(state): State<Arc<AppState>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Bytes,
    new: bool,
) -> Response {
    let Some(public) = state.public.as_ref() else { return no_public() };
    let o = &public.options;
    let addr = client_addr(peer, &headers, o.trusted_proxy);
    if let Err(wait) = public.limiter.check(addr, o.clock.now(), o.max_failures_per_minute) {
        let mut r = error(
            StatusCode::TOO_MANY_REQUESTS,
            &format!("too many failed attempts from your address: try again in {wait} s"),
        );
        r.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(wait));
        return r;
    }
    let answer = match Credentials::parse(&body) {
        Err(why) => Err((StatusCode::BAD_REQUEST, why)),
        Ok(c) => {
            let accounts = Arc::clone(&public.accounts);
            // Never closed, so always a permit in the end.
            let _permit = public.hashing.acquire().await.ok();
            let done = tokio::task::spawn_blocking(move || {
                if new {
                    accounts.register(&c.name, &c.password)
                } else {
                    accounts.login(&c.name, &c.password)
                }
            })
            .await;
            match done {
                Ok(Ok(ok)) => Ok(ok),
                Ok(Err(e)) => Err(account_error(&e)),
                Err(e) => Err((StatusCode::INTERNAL_SERVER_ERROR, format!("{e}"))),
            }
        }
    };
    match answer {
        Ok((account, token)) => {
            tracing::info!(account = account.id, name = %account.name, %addr, new, "logged in");
            let mut r = json(StatusCode::OK, &serde_json::json!({ "name": account.name }));
            let secure = behind_tls(peer, &headers, o.trusted_proxy);
            r.headers_mut().insert(header::SET_COOKIE, cookie(&token, secure, None));
            r
        }
        Err((status, why)) => {
            if status != StatusCode::INTERNAL_SERVER_ERROR {
                public.limiter.fail(addr, o.clock.now());
            }
            tracing::info!(%addr, new, "refused a login: {why}");
            error(status, &why)
        }
    }
}

fn account_error(e: &AccountError) -> (StatusCode, String) {
    let status = match e {
        AccountError::BadName(_) | AccountError::BadPassword(_) => StatusCode::BAD_REQUEST,
        AccountError::Taken(_) => StatusCode::CONFLICT,
        AccountError::WrongLogin | AccountError::NoSuchAccount(_) => StatusCode::UNAUTHORIZED,
        AccountError::Banned => StatusCode::FORBIDDEN,
        AccountError::Db { .. } | AccountError::Io { .. } | AccountError::Hash(_) => {
            tracing::error!("accounts: {e}");
            return (StatusCode::INTERNAL_SERVER_ERROR, "the server failed; try later".into());
        }
    };
    (status, e.to_string())
}

/// The account logged in with the request's cookie (blocking: the database).
pub(crate) async fn account_of(
    public: &PublicState,
    headers: &HeaderMap,
) -> Option<(Account, String)> {
    let token = request_token(headers)?;
    let accounts = Arc::clone(&public.accounts);
    tokio::task::spawn_blocking(move || {
        let who = accounts.who(&token);
        match who {
            Ok(Some(a)) => Some((a, token)),
            Ok(None) => None,
            Err(e) => {
                tracing::error!("accounts: {e}");
                None
            }
        }
    })
    .await
    .ok()
    .flatten()
}

/// `POST /api/logout`: ends the cookie's login (its games end within a second).
pub(crate) async fn logout(
    State(state): State<Arc<AppState>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Response {
    let Some(public) = state.public.as_ref() else { return no_public() };
    if let Some(token) = request_token(&headers) {
        let accounts = Arc::clone(&public.accounts);
        let done = tokio::task::spawn_blocking(move || accounts.logout(&token)).await;
        if let Ok(Err(e)) = done {
            tracing::error!("accounts: {e}");
        }
    }
    let mut r = json(StatusCode::OK, &serde_json::json!({}));
    let secure = behind_tls(peer, &headers, public.options.trusted_proxy);
    r.headers_mut().insert(header::SET_COOKIE, cookie("", secure, Some(0)));
    r
}

/// `GET /api/me`: the player's name and saves; 401 when not logged in.
pub(crate) async fn me(State(state): State<Arc<AppState>>, headers: HeaderMap) -> Response {
    let Some(public) = state.public.as_ref() else { return no_public() };
    let Some((account, _)) = account_of(public, &headers).await else {
        return error(StatusCode::UNAUTHORIZED, "not logged in");
    };
    let files = Arc::clone(&public.options.files);
    let dir = accounts::player_dir(&public.options.data_dir, account.id);
    let saves = tokio::task::spawn_blocking(move || files.saves(&dir)).await.unwrap_or_default();
    json(StatusCode::OK, &serde_json::json!({ "name": account.name, "saves": saves }))
}

/// `GET /api/scores`: every mode's best games on this server, with the players' names.
pub(crate) async fn scores(State(state): State<Arc<AppState>>) -> Response {
    let Some(public) = state.public.as_ref() else { return no_public() };
    let accounts = Arc::clone(&public.accounts);
    let files = Arc::clone(&public.options.files);
    let data_dir = public.options.data_dir.clone();
    let table = tokio::task::spawn_blocking(move || {
        let mut by_mode: std::collections::BTreeMap<String, Vec<ScoreEntry>> = Default::default();
        for a in accounts.list().unwrap_or_default() {
            for mut s in files.scores(&accounts::player_dir(&data_dir, a.id)) {
                s.player = a.name.clone();
                by_mode.entry(s.mode.clone()).or_default().push(s);
            }
        }
        for list in by_mode.values_mut() {
            list.sort_by(|a, b| b.score.cmp(&a.score).then(a.when.cmp(&b.when)));
            list.truncate(20);
        }
        by_mode
    })
    .await
    .unwrap_or_default();
    json(StatusCode::OK, &serde_json::json!({ "modes": table }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limiter_counts_failures_per_minute() {
        let l = Limiter::default();
        let a: IpAddr = "10.0.0.1".parse().expect("ip");
        let b: IpAddr = "10.0.0.2".parse().expect("ip");
        let t0 = Instant::now();
        for i in 0..10 {
            assert!(l.check(a, t0, 10).is_ok(), "failure {i}");
            l.fail(a, t0);
        }
        assert_eq!(l.check(a, t0, 10), Err(60));
        assert_eq!(l.check(a, t0 + Duration::from_millis(30_500), 10), Err(30));
        assert!(l.check(b, t0, 10).is_ok());
        assert!(l.check(a, t0 + WINDOW, 10).is_ok());
    }

    #[test]
    fn forwarded_for_counts_only_from_the_trusted_proxy() {
        let mut h = HeaderMap::new();
        h.insert("x-forwarded-for", HeaderValue::from_static("1.2.3.4, 5.6.7.8"));
        let proxy: SocketAddr = "127.0.0.1:5000".parse().expect("addr");
        let other: SocketAddr = "9.9.9.9:5000".parse().expect("addr");
        let trusted = Some(proxy.ip());
        assert_eq!(client_addr(proxy, &h, trusted), "5.6.7.8".parse::<IpAddr>().expect("ip"));
        assert_eq!(client_addr(other, &h, trusted), other.ip());
        assert_eq!(client_addr(proxy, &h, None), proxy.ip());
        assert_eq!(client_addr(proxy, &HeaderMap::new(), trusted), proxy.ip());
    }
}
