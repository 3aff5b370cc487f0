//! The page's lobby and list of games in a real browser (headless Chromium over
//! WebDriver, as in `browser.rs`). On a public server: the login form, registering,
//! the lobby (who plays what, links to watch, the high scores), watching from it,
//! logging out, and a wrong password's message. On `/watch`: readable links, a
//! spectator sent away told why, and a reload that shows the list with that note.
//! Skipped, with a message, where chromium or chromedriver is not installed.
//!
//! With `TORCHLIT_SCREENSHOTS=DIR` set, the screenshots are written to DIR.

mod common;

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::chrome::{Shot, start_browser};
use common::http::{connect_with_cookie, post_login};
use common::{Harness, Mirror, press, title_factory, until};
use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::{Client, Locator};
use serde_json::Value;
use torchlit_web::{PlayerFiles, Public, SaveEntry, ScoreEntry};

const PASSWORD: &str = "lantern-oil-42";

/// Every player has one caves score: 1000 times the account's number.
struct OneScoreEach;

impl PlayerFiles for OneScoreEach {
    fn saves(&self, _: &Path) -> Vec<SaveEntry> {
        Vec::new()
    }
    fn scores(&self, dir: &Path) -> Vec<ScoreEntry> {
        let id: u64 = dir.file_name().and_then(|n| n.to_str()?.parse().ok()).unwrap_or(0);
        vec![ScoreEntry {
            mode: "caves".into(),
            player: String::new(),
            world: format!("seed {id}"),
            score: 1000 * id,
            ending: "escaped with the bear".into(),
            turns: 2000 + id,
            when: 0,
        }]
    }
}

async fn js(c: &Client, script: &str) -> Value {
    c.execute(script, vec![]).await.expect("script")
}

/// Waits (up to 10 s) until the script returns something truthy; returns it.
async fn until_js(c: &Client, what: &str, script: &str) -> Value {
    let start = Instant::now();
    loop {
        let v = js(c, script).await;
        let truthy = match &v {
            Value::Null | Value::Bool(false) => false,
            Value::String(s) => !s.is_empty(),
            _ => true,
        };
        if truthy {
            return v;
        }
        let text = js(c, "return document.body.innerText").await;
        assert!(start.elapsed() < Duration::from_secs(10), "{what}; the page says:\n{text}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Types the name and password into the login form and clicks `button` (its text).
async fn fill_login(c: &Client, name: &str, password: &str, button: &str) {
    until_js(c, "the login form", "return document.getElementById('acct-login')").await;
    for (field, value) in [("name", name), ("password", password)] {
        let input = c
            .find(Locator::Css(&format!("#acct-login input[name={field}]")))
            .await
            .expect("the field");
        input.clear().await.expect("clear");
        input.send_keys(value).await.expect("type");
    }
    let xpath = format!("//form[@id='acct-login']//button[text()='{button}']");
    c.find(Locator::XPath(&xpath)).await.expect("the button").click().await.expect("click");
}

async fn click_button(c: &Client, text: &str) {
    let xpath = format!("//button[text()='{text}']");
    c.find(Locator::XPath(&xpath)).await.expect("the button").click().await.expect("click");
}

/// The WCAG contrast ratio of two `rgb(r, g, b)` colours (1 to 21).
fn contrast(a: &str, b: &str) -> f64 {
    let lum = |css: &str| {
        let v: Vec<f64> = css
            .trim_start_matches("rgba(")
            .trim_start_matches("rgb(")
            .trim_end_matches(')')
            .split(',')
            .take(3)
            .map(|x| x.trim().parse::<f64>().expect("a colour channel") / 255.0)
            .map(|c| if c <= 0.03928 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) })
            .collect();
        0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]
    };
    let (x, y) = (lum(a), lum(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

/// Opens the lobby and checks it: both players' games with links to watch that can be
/// read on the box, and the high scores by name.
async fn the_lobby_shows_who_plays_what(c: &Client) {
    click_button(c, "Lobby").await;
    let lobby = until_js(
        c,
        "the lobby lists both games and the scores",
        "const b = document.getElementById('acct-lobby');
         return b && b.innerText.includes('Bob') && b.innerText.includes('Ann')
             && b.innerText.includes('High scores') && b.innerText.includes('2000') ? b.innerText : null",
    )
    .await;
    let lobby = lobby.as_str().unwrap_or_default().to_string();
    for words in ["Playing now", "player", "watchers", "watch", "caves", "escaped with the bear"] {
        assert!(lobby.contains(words), "{words:?} in the lobby:\n{lobby}");
    }
    let links = js(
        c,
        "return [...document.querySelectorAll('#acct-lobby a')].map(a => [a.getAttribute('href'),
             getComputedStyle(a).color, getComputedStyle(document.getElementById('acct-lobby')).backgroundColor])",
    )
    .await;
    let links = links.as_array().expect("links").clone();
    assert_eq!(links.len(), 2, "a link per game: {links:?}");
    for l in &links {
        assert!(l[0].as_str().is_some_and(|h| h.starts_with("/watch?id=")), "{l}");
        let (fg, bg) = (l[1].as_str().expect("colour"), l[2].as_str().expect("colour"));
        let ratio = contrast(fg, bg);
        assert!(ratio >= 4.5, "a link {fg} on {bg} has contrast {ratio:.1} (WCAG AA wants 4.5)");
    }
    Shot::take(c).await.save("web-lobby");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_registers_sees_the_lobby_watches_and_logs_out() {
    let Some((_driver, c)) = start_browser("the login form and lobby").await else { return };
    let data = tempfile::tempdir().expect("tempdir");
    let mut public = Public::new(data.path());
    public.files = Arc::new(OneScoreEach);
    let h = Harness::start(title_factory(), move |o| o.public = Some(public)).await;
    let url = format!("http://{}/", h.addr);
    c.goto(&url).await.expect("open the page");
    until_js(&c, "the login form", "return document.getElementById('acct-login')").await;
    Shot::take(&c).await.save("web-login");

    // Register: the form goes, the bar names the player, the title menu opens.
    fill_login(&c, "Ann", PASSWORD, "Register").await;
    until_js(
        &c,
        "the player's name in the bar",
        "return document.getElementById('acct-user')?.innerText === 'Ann'",
    )
    .await;
    until_js(&c, "the title menu", "return document.body.innerText.includes('ultima')").await;
    assert!(js(&c, "return document.getElementById('acct-login')").await.is_null());
    // Into caves with the keyboard.
    let key = KeyActions::new("keyboard".into())
        .then(KeyAction::Down { value: 'c' })
        .then(KeyAction::Up { value: 'c' });
    c.perform_actions(key).await.expect("keys");
    let playing = Instant::now();
    while !h.get("/sessions").await.contains("\"player\":\"Ann\"") {
        assert!(playing.elapsed() < Duration::from_secs(10), "{}", h.get("/sessions").await);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // Another player, Bob, plays ultima from a socket.
    let bob = post_login(h.addr, "register", "Bob", PASSWORD, &[]).await;
    let cookie = bob.cookie().expect("Bob's cookie");
    let mut ws = connect_with_cookie(h.addr, "", Some(&cookie)).await.expect("Bob plays");
    let mut m = Mirror::default();
    until(&mut ws, &mut m, |m| m.text().contains("ultima")).await;
    press(&mut ws, "u").await;
    until(&mut ws, &mut m, |m| m.find_sprite("player").is_some()).await;

    the_lobby_shows_who_plays_what(&c).await;
    // Watch Bob's game from the lobby.
    let bob_link = "//section[@id='acct-lobby']//tr[td[text()='Bob']]//a";
    c.find(Locator::XPath(bob_link)).await.expect("Bob's link").click().await.expect("click");
    until_js(
        &c,
        "watching Bob",
        "return document.getElementById('status').innerText.includes('watching')",
    )
    .await;
    assert!(js(&c, "return location.pathname").await == "/watch");

    // Log out: the login form again, and Ann's game ends within a second or two.
    c.goto(&url).await.expect("back to the game");
    until_js(&c, "the bar", "return document.getElementById('acct-user')").await;
    click_button(&c, "Log out").await;
    until_js(
        &c,
        "the login form after logging out",
        "return document.getElementById('acct-login')",
    )
    .await;
    let out = Instant::now();
    while h.get("/sessions").await.contains("\"player\":\"Ann\"") {
        assert!(out.elapsed() < Duration::from_secs(5), "Ann's game ends after the log-out");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // A wrong password says so, and the right one logs in.
    fill_login(&c, "Ann", "not the password", "Log in").await;
    let err = until_js(
        &c,
        "the error message",
        "return document.querySelector('#acct-login .acct-error').innerText",
    )
    .await;
    assert_eq!(err, "wrong name or password");
    Shot::take(&c).await.save("web-login-wrong");
    fill_login(&c, "ann", PASSWORD, "Log in").await;
    until_js(
        &c,
        "logged in again",
        "return document.getElementById('acct-user')?.innerText === 'Ann'",
    )
    .await;
    let _ = c.close().await;
    h.stop().await;
}

/// `/watch`: the list's links are readable, a spectator sent away is told why and what to
/// do, and reloading then shows the list with that note, not the same box on a blank page.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_sent_away_is_told_why_and_a_reload_shows_the_list() {
    let Some((_driver, c)) = start_browser("the watch page").await else { return };
    let h = Harness::start(title_factory(), |_| {}).await;
    let mut ws = h.connect("").await.expect("a player");
    let mut m = Mirror::default();
    until(&mut ws, &mut m, |m| m.text().contains("ultima")).await;
    press(&mut ws, "u").await;
    until(&mut ws, &mut m, |m| m.find_sprite("player").is_some()).await;

    c.goto(&format!("http://{}/watch", h.addr)).await.expect("open the list");
    let row = until_js(
        &c,
        "the game in the list",
        "const r = document.querySelector('#games tbody tr'); return r && r.innerText",
    )
    .await;
    let row = row.as_str().unwrap_or_default().to_string();
    assert!(row.contains("ultima") && row.contains("0m "), "{row}");
    let colours = js(
        &c,
        "const a = document.querySelector('#games a');
         return [getComputedStyle(a).color, getComputedStyle(document.getElementById('list')).backgroundColor]",
    )
    .await;
    let (fg, bg) = (colours[0].as_str().expect("colour"), colours[1].as_str().expect("colour"));
    let ratio = contrast(fg, bg);
    assert!(
        ratio >= 4.5,
        "the watch link {fg} on {bg} has contrast {ratio:.1} (WCAG AA wants 4.5)"
    );
    Shot::take(&c).await.save("web-watch-list");
    c.find(Locator::Css("#games a")).await.expect("the link").click().await.expect("click");
    until_js(
        &c,
        "watching",
        "return document.getElementById('status').innerText.includes('watching')",
    )
    .await;

    // The player turns watching off: the spectator is told why and where to go.
    common::send(&mut ws, serde_json::json!({"t": "watchable", "on": false})).await;
    let told = until_js(
        &c,
        "the box for a spectator sent away",
        "const b = document.getElementById('acct-ended'); return b && b.innerText",
    )
    .await;
    let told = told.as_str().unwrap_or_default().to_string();
    for words in ["can't be watched", "the player turned watching off", "Back to the list of games"]
    {
        assert!(told.contains(words), "{words:?} in the box:\n{told}");
    }
    Shot::take(&c).await.save("web-watch-sent-away");

    // A reload: the list, saying why that game can't be watched; no box on a blank page.
    c.refresh().await.expect("reload");
    let note = until_js(
        &c,
        "the note over the list",
        "const n = document.getElementById('list-note'); return n && !n.hidden && n.innerText",
    )
    .await;
    assert!(note.as_str().is_some_and(|n| n.contains("the player turned watching off")), "{note}");
    assert!(js(&c, "return document.getElementById('acct-ended')").await.is_null());
    assert_eq!(js(&c, "return location.pathname + location.search").await, "/watch");
    assert!(
        !js(&c, "return document.getElementById('list').hidden").await.as_bool().unwrap_or(true)
    );
    Shot::take(&c).await.save("web-watch-reloaded");
    let _ = c.close().await;
    h.stop().await;
}
