//! The server through its WebSocket, as a page uses it: playing, malformed traffic,
//! limits, reattaching, spectators and shutdown.

use torchlit_console::Point;

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use common::{Harness, Mirror, closed, connect_with_origin, press, send, title_factory, until};
use futures_util::SinkExt;
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;
use torchlit_console::{Frame, Input, Rgb, Screen, Transition};
use torchlit_sim::formats::UltimaWorld;
use torchlit_sim::modes::caves::Caves;
use torchlit_ui::App;
use torchlit_ui::caves::{CavesSetup, CavesStore, StoreError, StoreHandle};

/// Moves the player (the first `player*` sprite) by trying the four arrows; returns
/// the key that moved it.
async fn move_player(ws: &mut common::Ws, m: &mut Mirror) -> &'static str {
    let start = m.find_sprite("player").expect("the player is drawn as a player sprite");
    for key in ["ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp"] {
        press(ws, key).await;
        let got = tokio::time::timeout(
            Duration::from_millis(1500),
            until(ws, m, |m| m.find_sprite("player") != Some(start)),
        )
        .await;
        if got.is_ok() {
            return key;
        }
    }
    panic!("the player never moved:\n{}", m.text());
}

#[tokio::test]
async fn ultima_plays_through_the_socket() {
    let h = Harness::start(title_factory(), |_| {}).await;
    let mut ws = h.connect("").await.expect("connect");
    let mut m = Mirror::default();
    until(&mut ws, &mut m, |m| m.w > 0 && m.text().contains("ultima")).await;
    assert_eq!(m.sprites.first().map(String::as_str), Some("none"));
    assert_eq!(m.token.len(), 32);
    send(&mut ws, json!({"t": "size", "w": 60, "h": 24})).await;
    until(&mut ws, &mut m, |m| m.w == 60 && m.h == 24).await;
    press(&mut ws, "u").await;
    until(&mut ws, &mut m, |m| m.find_sprite("player").is_some()).await;
    let terrain = m.terrain_count("grass");
    assert!(terrain > 10, "terrain has sprites:\n{}", m.text());
    move_player(&mut ws, &mut m).await;
    let list = h.get("/sessions").await;
    assert!(list.contains("ultima: turn 1"), "{list}");
    // Leaving the game goes back to the title menu, as in the terminal.
    press(&mut ws, "Escape").await;
    until(&mut ws, &mut m, |m| m.find_sprite("player").is_none()).await;
    assert!(m.bytes > 0 && m.messages > 3);
    h.stop().await;
}

#[tokio::test]
async fn caves_play_through_the_socket() {
    let h = Harness::start(title_factory(), |_| {}).await;
    let mut ws = h.connect("").await.expect("connect");
    let mut m = Mirror::default();
    until(&mut ws, &mut m, |m| m.text().contains("caves")).await;
    press(&mut ws, "c").await;
    until(&mut ws, &mut m, |m| m.find_sprite("player").is_some()).await;
    let list = h.get("/sessions").await;
    assert!(list.contains("caves: depth 1"), "{list}");
    move_player(&mut ws, &mut m).await;
    let stopped = h.stop().await;
    assert_eq!(stopped.sessions_closed, 1);
    until(&mut ws, &mut m, |m| m.ended.is_some()).await;
    assert_eq!(m.ended.as_deref(), Some("the server is shutting down"));
}

#[tokio::test]
async fn malformed_messages_close_only_their_connection() {
    let h = Harness::start(title_factory(), |o| o.max_messages_per_second = 100).await;
    let mut good = h.connect("").await.expect("connect");
    let mut gm = Mirror::default();
    until(&mut good, &mut gm, |m| m.shown()).await;
    let huge = format!(r#"{{"t":"down","k":"{}"}}"#, "x".repeat(5000));
    let bad: Vec<Message> = vec![
        Message::Text("garbage".into()),
        Message::Text(huge.into()),
        Message::Text(r#"{"t":"down","k":5}"#.into()),
        Message::Text(r#"{"t":"size","w":"wide","h":3}"#.into()),
        Message::Text(r#"{"t":"teleport"}"#.into()),
        Message::Text(r#"{"t":"up","k":"a","sneaky":1}"#.into()),
        Message::Binary(vec![0, 1, 2].into()),
    ];
    for msg in bad {
        let mut ws = h.connect("").await.expect("connect");
        let shown = format!("{msg:?}").chars().take(60).collect::<String>();
        let _ = ws.send(msg).await;
        assert!(closed(&mut ws).await, "not closed after {shown}");
    }
    // A flood: 10,000 well-formed messages as fast as possible.
    let mut flood = h.connect("").await.expect("connect");
    let key = Message::Text(r#"{"t":"size","w":80,"h":30}"#.into());
    for _ in 0..10_000 {
        if flood.feed(key.clone()).await.is_err() {
            break;
        }
    }
    let _ = flood.flush().await;
    assert!(closed(&mut flood).await, "a flood is refused");
    // The first page still plays.
    press(&mut good, "u").await;
    until(&mut good, &mut gm, |m| m.find_sprite("player").is_some()).await;
    h.stop().await;
}

#[tokio::test]
async fn upgrades_only_from_the_own_origin() {
    let h = Harness::start(title_factory(), |_| {}).await;
    assert!(connect_with_origin(h.addr, "", None).await.is_err(), "no Origin");
    assert!(connect_with_origin(h.addr, "", Some("http://evil.example")).await.is_err());
    assert!(h.connect("").await.is_ok());
    h.stop().await;
}

#[tokio::test]
async fn a_dropped_connection_reattaches_with_its_token() {
    let h = Harness::start(title_factory(), |_| {}).await;
    let mut ws = h.connect("").await.expect("connect");
    let mut m = Mirror::default();
    until(&mut ws, &mut m, |m| m.shown()).await;
    press(&mut ws, "u").await;
    until(&mut ws, &mut m, |m| m.find_sprite("player").is_some()).await;
    let (token, id) = (m.token.clone(), m.id.clone());
    drop(ws);
    let mut again = h.connect(&format!("?token={token}")).await.expect("reconnect");
    let mut m2 = Mirror::default();
    until(&mut again, &mut m2, |m| m.shown()).await;
    assert_eq!(m2.id, id, "the same session");
    assert!(m2.find_sprite("player").is_some(), "still in ultima:\n{}", m2.text());
    // A page without the token gets a game of its own.
    let mut other = h.connect("?token=nope").await.expect("connect");
    let mut m3 = Mirror::default();
    until(&mut other, &mut m3, |m| m.shown()).await;
    assert_ne!(m3.id, id);
    assert!(m3.find_sprite("player").is_none());
    h.stop().await;
}

/// A screen that counts closes (saves).
struct Counting(Arc<AtomicUsize>);

impl Screen for Counting {
    fn render(&self, frame: &mut Frame) {
        frame.print_at(Point::new(0, 0), "counting", Rgb::WHITE, Rgb::BLACK);
    }
    fn handle(&mut self, input: Input) -> Transition {
        if input == Input::Char('q') { Transition::Quit } else { Transition::Stay }
    }
    fn close(&mut self) -> Result<(), torchlit_web::CloseError> {
        self.0.fetch_add(1, Ordering::SeqCst);
        Ok(())
    }
}

#[tokio::test]
async fn sessions_close_when_the_page_is_gone_quits_or_the_server_stops() {
    let closes = Arc::new(AtomicUsize::new(0));
    let c = Arc::clone(&closes);
    let factory: torchlit_web::Factory = Arc::new(move |_: &torchlit_web::protocol::Launch| {
        Box::new(Counting(Arc::clone(&c))) as Box<dyn Screen>
    });
    let h = Harness::start(factory, |o| {
        o.reattach = Duration::from_millis(300);
        o.max_sessions = 2;
    })
    .await;
    // Gone: closed after the reattach window.
    let mut ws = h.connect("").await.expect("connect");
    let mut m = Mirror::default();
    until(&mut ws, &mut m, |m| m.shown()).await;
    drop(ws);
    tokio::time::sleep(Duration::from_millis(900)).await;
    assert_eq!(closes.load(Ordering::SeqCst), 1);
    assert_eq!(h.get("/sessions").await, "[]");
    // Quit: closed at once, the page is told.
    let mut ws = h.connect("").await.expect("connect");
    let mut m = Mirror::default();
    until(&mut ws, &mut m, |m| m.shown()).await;
    press(&mut ws, "q").await;
    until(&mut ws, &mut m, |m| m.ended.is_some()).await;
    assert_eq!(closes.load(Ordering::SeqCst), 2);
    // Full: two sessions at most.
    let mut a = h.connect("").await.expect("connect");
    let mut b = h.connect("").await.expect("connect");
    let (mut ma, mut mb) = (Mirror::default(), Mirror::default());
    until(&mut a, &mut ma, |m| m.shown()).await;
    until(&mut b, &mut mb, |m| m.shown()).await;
    let mut c3 = h.connect("").await.expect("connect");
    let mut mc = Mirror::default();
    until(&mut c3, &mut mc, |m| m.ended.is_some()).await;
    assert!(mc.ended.as_deref().is_some_and(|w| w.contains("full")), "{:?}", mc.ended);
    // Stop: both closed.
    assert_eq!(h.stop().await.sessions_closed, 2);
    assert_eq!(closes.load(Ordering::SeqCst), 4);
}

/// A caves store that remembers the turn of every save.
struct Saves(Arc<std::sync::Mutex<Vec<u64>>>);

impl CavesStore for Saves {
    fn save(&mut self, game: &Caves) -> Result<(), StoreError> {
        self.0.lock().map_err(|_| StoreError("poisoned".into()))?.push(game.turn().0);
        Ok(())
    }
    fn load(&mut self) -> Result<Option<Caves>, StoreError> {
        Ok(None)
    }
    fn saved(&mut self) -> Result<Option<String>, StoreError> {
        Ok(None)
    }
    fn finish(&mut self, _: &Caves, _: &str) -> Result<String, StoreError> {
        Ok("nowhere".into())
    }
}

#[tokio::test]
async fn a_closed_tab_saves_the_caves_run_at_once_and_a_reload_takes_it_back() {
    let saves = Arc::new(std::sync::Mutex::new(Vec::new()));
    let s = Arc::clone(&saves);
    let factory: torchlit_web::Factory = Arc::new(move |_: &torchlit_web::protocol::Launch| {
        let world = UltimaWorld::parse(torchlit_testkit::WORLD_30X20.as_bytes()).expect("world");
        let mut app = App::title(world);
        let store = StoreHandle::new(Saves(Arc::clone(&s)));
        app.set_caves(CavesSetup { store: Some(store), ..CavesSetup::default() });
        Box::new(app) as Box<dyn Screen>
    });
    let h = Harness::start(factory, |_| {}).await;
    let mut ws = h.connect("").await.expect("connect");
    let mut m = Mirror::default();
    until(&mut ws, &mut m, |m| m.text().contains("caves")).await;
    press(&mut ws, "c").await;
    until(&mut ws, &mut m, |m| m.find_sprite("player").is_some()).await;
    move_player(&mut ws, &mut m).await;
    assert!(saves.lock().expect("saves").is_empty(), "nothing saved while playing");
    // The tab closes (a close frame, as a browser sends): saved at once, not a minute
    // later.
    ws.close(None).await.expect("close");
    let start = std::time::Instant::now();
    while saves.lock().expect("saves").is_empty() {
        assert!(start.elapsed() < Duration::from_secs(5), "the run was not saved on close");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let turn = saves.lock().expect("saves")[0];
    assert!(turn >= 1, "the run saved after its moves (turn {turn})");
    // The game stays for the reload, which takes it back where it was.
    let mut again = h.connect(&format!("?token={}", m.token)).await.expect("reconnect");
    let mut m2 = Mirror::default();
    until(&mut again, &mut m2, |m| m.shown()).await;
    assert_eq!(m2.id, m.id, "the same session");
    assert!(h.get("/sessions").await.contains(&format!("turn {turn}")));
    h.stop().await;
}

#[tokio::test]
async fn spectators_watch_read_only_until_the_player_says_no() {
    let h = Harness::start(title_factory(), |_| {}).await;
    let mut p = h.connect("").await.expect("connect");
    let mut pm = Mirror::default();
    until(&mut p, &mut pm, |m| m.shown()).await;
    press(&mut p, "u").await;
    until(&mut p, &mut pm, |m| m.find_sprite("player").is_some()).await;
    let list = h.get("/sessions").await;
    assert!(list.contains(&pm.id), "{list}");
    let mut watchers = Vec::new();
    for _ in 0..3 {
        let mut s = h.connect(&format!("?watch={}", pm.id)).await.expect("watch");
        let mut sm = Mirror::default();
        until(&mut s, &mut sm, |m| m.find_sprite("player").is_some()).await;
        assert!(sm.token.is_empty(), "spectators never see the token");
        watchers.push((s, sm));
    }
    move_player(&mut p, &mut pm).await;
    let now = pm.find_sprite("player");
    for (s, sm) in &mut watchers {
        until(s, sm, |m| m.find_sprite("player") == now).await;
    }
    // A spectator cannot play.
    let (mut s0, _) = watchers.remove(0);
    send(&mut s0, json!({"t": "down", "k": "ArrowLeft"})).await;
    assert!(closed(&mut s0).await);
    // Watching off: spectators are told and the game leaves the list.
    send(&mut p, json!({"t": "watchable", "on": false})).await;
    for (s, sm) in &mut watchers {
        until(s, sm, |m| m.ended.is_some()).await;
    }
    assert!(!h.get("/sessions").await.contains(&pm.id));
    let mut late = h.connect(&format!("?watch={}", pm.id)).await.expect("connect");
    let mut lm = Mirror::default();
    until(&mut late, &mut lm, |m| m.ended.is_some()).await;
    h.stop().await;
}

#[tokio::test]
async fn the_page_and_its_files_are_served() {
    let h = Harness::start(title_factory(), |_| {}).await;
    assert!(h.get("/").await.contains("<canvas"));
    assert!(h.get("/watch").await.contains("<canvas"));
    assert!(h.get("/app.js").await.contains("WebSocket"));
    assert!(h.get("/tiles.json").await.contains("\"player_north\""));
    assert!(!h.get("/../Cargo.toml").await.contains("[package]"));
    h.stop().await;
}

/// A screen with a scene: the scene is sent whole, then as changes; the view the page
/// asks for is the scene's; the mouse reaches the screen; a text page sends frames
/// again, and the scene comes back whole.
#[tokio::test]
async fn scenes_are_sent_as_changes_and_the_mouse_reaches_the_screen() {
    let h = Harness::start(common::room::room_factory(), |_| {}).await;
    let mut ws = h.connect("").await.expect("connect");
    let mut m = Mirror::default();
    send(&mut ws, json!({"t": "view", "w": 12, "h": 8})).await;
    until(&mut ws, &mut m, |m| m.scene.as_ref().is_some_and(|s| s.view[2] == 12)).await;
    let s = m.scene.clone().expect("a scene");
    assert_eq!((s.mode.as_str(), s.view), ("room", [0, 1, 12, 8]));
    assert_eq!(s.hero, Some((5, 5)));
    assert!(s.names().contains(&"bat".to_string()), "{:?}", s.names());
    assert_eq!(s.panel["title"], "The room");
    assert_eq!(s.log, vec!["Welcome to the room.".to_string()]);
    assert_eq!(s.rows()[4], "#....@...b..");
    // A step east scrolls the view by one column: only that column and what changed.
    let before = m.bytes;
    press(&mut ws, "ArrowRight").await;
    until(&mut ws, &mut m, |m| m.scene.as_ref().is_some_and(|s| s.hero == Some((6, 5)))).await;
    let s = m.scene.clone().expect("a scene");
    assert_eq!(s.view, [0, 1, 12, 8], "the camera is clamped at the west wall");
    press(&mut ws, "ArrowRight").await;
    until(&mut ws, &mut m, |m| m.scene.as_ref().is_some_and(|s| s.hero == Some((7, 5)))).await;
    let s = m.scene.clone().expect("a scene");
    assert_eq!(s.view, [1, 1, 12, 8]);
    assert_eq!(s.rows()[4], "......@.b...");
    assert_eq!(s.log.last().map(String::as_str), Some("You step to 7,5."));
    let step = m.bytes - before;
    assert!(step < 1200, "two steps took {step} bytes");
    // Hover: the look text; a click on the bat (two cells east): a step, then a hit.
    send(&mut ws, json!({"t": "mouse", "k": "hover", "x": 9, "y": 5})).await;
    until(&mut ws, &mut m, |m| {
        m.scene
            .as_ref()
            .is_some_and(|s| s.panel["look"].as_str().is_some_and(|l| l.contains("bat")))
    })
    .await;
    for _ in 0..2 {
        send(&mut ws, json!({"t": "mouse", "k": "click", "x": 9, "y": 5})).await;
    }
    until(&mut ws, &mut m, |m| {
        m.scene.as_ref().is_some_and(|s| s.log.iter().any(|l| l.contains("hit")))
    })
    .await;
    // A text page: frames again; closing it brings the scene back whole.
    press(&mut ws, "?").await;
    until(&mut ws, &mut m, |m| m.scene.is_none() && m.text().contains("Help for the room")).await;
    send(&mut ws, json!({"t": "mouse", "k": "text", "x": 2, "y": 1})).await;
    until(&mut ws, &mut m, |m| m.scene.is_some()).await;
    assert_eq!(m.scene.as_ref().map(|s| s.log.len()), Some(5), "welcome, three steps, a hit");
    // A spectator gets the same scene.
    let mut spy = h.connect(&format!("?watch={}", m.id)).await.expect("watch");
    let mut ms = Mirror::default();
    until(&mut spy, &mut ms, |ms| ms.scene.is_some()).await;
    assert_eq!(ms.scene.as_ref().map(SceneRows::rows), m.scene.as_ref().map(SceneRows::rows));
    h.stop().await;
}

use common::SceneMirror as SceneRows;

#[tokio::test]
async fn deep_links_reach_the_factory_and_bad_ones_get_a_notice() {
    let seen = Arc::new(std::sync::Mutex::new(Vec::new()));
    let s = Arc::clone(&seen);
    let factory: torchlit_web::Factory = Arc::new(move |l: &torchlit_web::protocol::Launch| {
        s.lock().expect("lock").push(l.clone());
        Box::new(common::room::Room::default()) as Box<dyn Screen>
    });
    let h = Harness::start(factory, |_| {}).await;
    let mut ws = h.connect("?play=maze&seed=42&level=fixed").await.expect("connect");
    let mut m = Mirror::default();
    until(&mut ws, &mut m, |m| m.scene.is_some()).await;
    let mut bad = h.connect("?play=tetris&seed=1").await.expect("connect");
    let mut mb = Mirror::default();
    until(&mut bad, &mut mb, |m| m.scene.is_some() && m.notice.is_some()).await;
    assert!(mb.notice.as_deref().is_some_and(|n| n.contains("tetris")), "{:?}", mb.notice);
    let got = seen.lock().expect("lock").clone();
    assert_eq!(got[0].play.as_deref(), Some("maze"));
    assert_eq!((got[0].seed.as_deref(), got[0].level.as_deref()), (Some("42"), Some("fixed")));
    assert_eq!(got[1], torchlit_web::protocol::Launch::default());
    h.stop().await;
}
