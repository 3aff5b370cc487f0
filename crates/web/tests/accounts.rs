//! A public server (`serve --public`) on loopback: registering, logging in and out, the
//! cookie, the login limits, `/ws` behind a login, per-player session limits, a ban
//! ending the games at once, and no password in plain text on disk.

mod common;

use std::net::SocketAddr;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::http::{Reply, connect_with_cookie, post_login, refused_status, request};
use common::{Harness, Mirror, press, title_factory, until};
use torchlit_web::accounts::Accounts;
use torchlit_web::{Clock, Public};

const PASSWORD: &str = "lantern-oil-42";

async fn public_server(dir: &Path, tweak: impl FnOnce(&mut Public)) -> Harness {
    let mut public = Public::new(dir);
    tweak(&mut public);
    Harness::start(title_factory(), move |o| o.public = Some(public)).await
}

async fn register(addr: SocketAddr, name: &str) -> Reply {
    post_login(addr, "register", name, PASSWORD, &[]).await
}

async fn me(addr: SocketAddr, cookie: Option<&str>) -> Reply {
    let h: Vec<(&str, &str)> = cookie.map(|c| ("Cookie", c)).into_iter().collect();
    request(addr, "GET", "/api/me", &h, "").await
}

#[tokio::test]
async fn accounts_register_log_in_and_out() {
    let dir = tempfile::tempdir().expect("tempdir");
    // More than the ten failures below (the limit has its own test).
    let h = public_server(dir.path(), |p| p.max_failures_per_minute = 100).await;
    let r = register(h.addr, "Ann").await;
    assert_eq!(r.status, 200, "{r:?}");
    assert_eq!(r.json()["name"], "Ann");
    let set = r.set_cookie().expect("a cookie").to_string();
    for flag in ["HttpOnly", "SameSite=Strict", "Path=/"] {
        assert!(set.contains(flag), "{set}");
    }
    assert!(!set.contains("Secure"), "no TLS, no Secure: {set}");
    let cookie = r.cookie().expect("cookie");
    assert_eq!(me(h.addr, Some(&cookie)).await.json()["name"], "Ann");

    // The same name in other letters is taken.
    let dup = register(h.addr, "aNN").await;
    assert_eq!(dup.status, 409, "{dup:?}");
    assert!(dup.json()["error"].as_str().is_some_and(|e| e.contains("taken")), "{dup:?}");
    for (bad, why) in [
        ("", "at least one"),
        ("abcdefghijklmnopqrstu", "at most 20"),
        ("a b", "letters, digits"),
        ("../etc", "letters, digits"),
        ("Zoë", "letters, digits"),
    ] {
        let r = register(h.addr, bad).await;
        assert_eq!(r.status, 400, "{bad:?}: {r:?}");
        assert!(r.json()["error"].as_str().is_some_and(|e| e.contains(why)), "{bad:?}: {r:?}");
    }
    let short = post_login(h.addr, "register", "Bob", "1234567", &[]).await;
    assert_eq!(short.status, 400);
    assert!(short.body.contains("at least 8"), "{short:?}");
    let garbage = request(h.addr, "POST", "/api/register", &[], "{\"name\": 3}").await;
    assert_eq!(garbage.status, 400, "{garbage:?}");

    // Wrong password and unknown name: the same 401.
    let wrong = post_login(h.addr, "login", "Ann", "not the password", &[]).await;
    let nobody = post_login(h.addr, "login", "Nobody", PASSWORD, &[]).await;
    assert_eq!((wrong.status, nobody.status), (401, 401));
    assert_eq!(wrong.body, nobody.body);
    assert!(wrong.set_cookie().is_none());
    let again = post_login(h.addr, "login", "ann", PASSWORD, &[]).await;
    assert_eq!(again.status, 200, "{again:?}");
    assert_eq!(again.json()["name"], "Ann", "the name as registered");
    let second = again.cookie().expect("cookie");
    assert_ne!(second, cookie, "each login its own token");

    // Logging out ends that login only.
    let out = request(h.addr, "POST", "/api/logout", &[("Cookie", &cookie)], "").await;
    assert_eq!(out.status, 200);
    assert!(out.set_cookie().is_some_and(|c| c.contains("Max-Age=0")), "{out:?}");
    assert_eq!(me(h.addr, Some(&cookie)).await.status, 401);
    assert_eq!(me(h.addr, None).await.status, 401);
    assert_eq!(me(h.addr, Some(&second)).await.status, 200);
    h.stop().await;
}

#[tokio::test]
async fn the_socket_needs_a_login() {
    let dir = tempfile::tempdir().expect("tempdir");
    let h = public_server(dir.path(), |_| {}).await;
    let none = connect_with_cookie(h.addr, "", None).await;
    assert_eq!(refused_status(&none), Some(401), "no cookie: {:?}", none.err());
    let forged = format!("torchlit_login={}", "0".repeat(64));
    let bad = connect_with_cookie(h.addr, "", Some(&forged)).await;
    assert_eq!(refused_status(&bad), Some(401), "an unknown token");
    let watch = connect_with_cookie(h.addr, "?watch=abc", None).await;
    assert_eq!(refused_status(&watch), Some(401), "watching too");

    let cookie = register(h.addr, "Ann").await.cookie().expect("cookie");
    let mut ws = connect_with_cookie(h.addr, "", Some(&cookie)).await.expect("accepted");
    let mut m = Mirror::default();
    until(&mut ws, &mut m, |m| m.text().contains("ultima")).await;
    press(&mut ws, "u").await;
    until(&mut ws, &mut m, |m| m.find_sprite("player").is_some()).await;
    // The lobby names the player.
    let list = h.get("/sessions").await;
    assert!(list.contains("\"player\":\"Ann\""), "{list}");
    h.stop().await;
}

#[tokio::test]
async fn failed_logins_are_limited_per_address_for_a_minute() {
    let dir = tempfile::tempdir().expect("tempdir");
    let start = Instant::now();
    let offset = Arc::new(Mutex::new(Duration::ZERO));
    let o = Arc::clone(&offset);
    let clock = Clock::new(move || start + *o.lock().expect("clock"));
    let h = public_server(dir.path(), |p| {
        p.clock = clock;
        p.trusted_proxy = Some("127.0.0.1".parse().expect("ip"));
    })
    .await;
    assert_eq!(register(h.addr, "Ann").await.status, 200);
    let from = |ip: &'static str| [("X-Forwarded-For", ip)];
    for i in 0..10 {
        let r = post_login(h.addr, "login", "Ann", "wrong password", &from("10.0.0.1")).await;
        assert_eq!(r.status, 401, "failure {i}");
    }
    // The eleventh is refused, even with the right password.
    let r = post_login(h.addr, "login", "Ann", PASSWORD, &from("10.0.0.1")).await;
    assert_eq!(r.status, 429, "{r:?}");
    assert_eq!(r.header("retry-after"), Some("60"));
    let r = register(h.addr, "Bob").await;
    assert_eq!(r.status, 200, "other addresses are not limited: {r:?}");
    let r = post_login(h.addr, "login", "Ann", PASSWORD, &from("10.0.0.2")).await;
    assert_eq!(r.status, 200, "nor another client behind the proxy");
    *offset.lock().expect("clock") = Duration::from_secs(45);
    let r = post_login(h.addr, "login", "Ann", PASSWORD, &from("10.0.0.1")).await;
    assert_eq!((r.status, r.header("retry-after")), (429, Some("15")));
    *offset.lock().expect("clock") = Duration::from_secs(60);
    let r = post_login(h.addr, "login", "Ann", PASSWORD, &from("10.0.0.1")).await;
    assert_eq!(r.status, 200, "a minute later: {r:?}");
    h.stop().await;
}

#[tokio::test]
async fn forwarded_for_is_ignored_from_untrusted_peers() {
    let dir = tempfile::tempdir().expect("tempdir");
    let h = public_server(dir.path(), |p| p.trusted_proxy = Some("10.9.9.9".parse().expect("ip")))
        .await;
    for i in 0..10 {
        let spoof = format!("10.0.0.{i}");
        let r = post_login(h.addr, "login", "x", "wrong password", &[("X-Forwarded-For", &spoof)])
            .await;
        assert_eq!(r.status, 401);
    }
    let r = post_login(h.addr, "login", "x", "wrong password", &[("X-Forwarded-For", "10.1.1.1")])
        .await;
    assert_eq!(r.status, 429, "a spoofed header does not dodge the limit");
    h.stop().await;
}

#[tokio::test]
async fn a_player_has_at_most_n_games_and_a_ban_ends_them_at_once() {
    let dir = tempfile::tempdir().expect("tempdir");
    let h = public_server(dir.path(), |p| p.max_sessions_per_player = 2).await;
    let cookie = register(h.addr, "Ann").await.cookie().expect("cookie");
    let mut games = Vec::new();
    for _ in 0..2 {
        let mut ws = connect_with_cookie(h.addr, "", Some(&cookie)).await.expect("accepted");
        let mut m = Mirror::default();
        until(&mut ws, &mut m, |m| m.text().contains("ultima")).await;
        games.push((ws, m));
    }
    let mut third = connect_with_cookie(h.addr, "", Some(&cookie)).await.expect("upgraded");
    let mut m3 = Mirror::default();
    until(&mut third, &mut m3, |m| m.ended.is_some()).await;
    assert!(m3.ended.as_deref().is_some_and(|e| e.contains("2 games")), "{:?}", m3.ended);
    // Another player is not counted against Ann.
    let bob = register(h.addr, "Bob").await.cookie().expect("cookie");
    let mut ws = connect_with_cookie(h.addr, "", Some(&bob)).await.expect("accepted");
    let mut mb = Mirror::default();
    until(&mut ws, &mut mb, |m| m.text().contains("ultima")).await;

    // `torchlit accounts ban` opens the database on its own.
    let started = Instant::now();
    Accounts::open(dir.path()).expect("open").set_banned("ann", true).expect("ban");
    for (ws, m) in &mut games {
        until(ws, m, |m| m.ended.is_some()).await;
        assert_eq!(m.ended.as_deref(), Some("an administrator banned this account"));
    }
    assert!(started.elapsed() < Duration::from_secs(3), "{:?}", started.elapsed());
    let r = post_login(h.addr, "login", "Ann", PASSWORD, &[]).await;
    assert_eq!(r.status, 403, "{r:?}");
    let refused = connect_with_cookie(h.addr, "", Some(&cookie)).await;
    assert_eq!(refused_status(&refused), Some(401));
    // Bob plays on.
    press(&mut ws, "u").await;
    until(&mut ws, &mut mb, |m| m.find_sprite("player").is_some()).await;
    h.stop().await;
}

/// Every file under `dir`, recursively.
fn files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).expect("read_dir").flatten() {
        let p = e.path();
        if p.is_dir() { out.extend(files(&p)) } else { out.push(p) }
    }
    out
}

#[tokio::test]
async fn no_password_is_kept_in_plain_text() {
    let dir = tempfile::tempdir().expect("tempdir");
    let h = public_server(dir.path(), |_| {}).await;
    let names = ["Ann", "Bob", "Cy"];
    for n in names {
        assert_eq!(register(h.addr, n).await.status, 200);
        assert_eq!(post_login(h.addr, "login", n, PASSWORD, &[]).await.status, 200);
    }
    let _ = post_login(h.addr, "login", "Ann", "another-secret-9", &[]).await;
    h.stop().await;
    let all = files(dir.path());
    assert!(all.iter().any(|p| p.ends_with("accounts.db")), "{all:?}");
    for f in all {
        let bytes = std::fs::read(&f).expect("read");
        for secret in [PASSWORD, "another-secret-9"] {
            let found = bytes.windows(secret.len()).any(|w| w == secret.as_bytes());
            assert!(!found, "{secret} in {}", f.display());
        }
        let text = String::from_utf8_lossy(&bytes);
        assert!(!text.contains("lantern"), "{}", f.display());
    }
    let db = Accounts::open(dir.path()).expect("open");
    assert_eq!(db.list().expect("list").len(), 3);
}
