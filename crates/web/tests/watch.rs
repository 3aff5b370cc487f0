//! What `/watch` lists (`GET /sessions`): only sessions in a game, not pages on the title
//! menu nor connections that never became a page; "playing for" counts from the game's
//! start, not from when the page opened.

mod common;

use std::time::Duration;

use common::{Harness, Mirror, press, title_factory, until};
use serde_json::Value;
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;

async fn listed(h: &Harness) -> Vec<Value> {
    let body = h.get("/sessions").await;
    serde_json::from_str::<Value>(&body)
        .ok()
        .and_then(|v| v.as_array().cloned())
        .unwrap_or_else(|| panic!("a JSON list: {body}"))
}

#[tokio::test]
async fn only_games_in_play_are_listed_with_the_games_age() {
    let h = Harness::start(title_factory(), |_| {}).await;
    // A connection that asks for the upgrade and never finishes it, and a plain TCP
    // connection that says nothing: no session.
    let mut half = TcpStream::connect(h.addr).await.expect("connect");
    let upgrade = format!(
        "GET /ws HTTP/1.1\r\nHost: {0}\r\nOrigin: http://{0}\r\nUpgrade: websocket\r\n",
        h.addr
    );
    half.write_all(upgrade.as_bytes()).await.expect("write");
    let _silent = TcpStream::connect(h.addr).await.expect("connect");
    // A page on the title menu: a session, but no game.
    let mut ws = h.connect("").await.expect("connect");
    let mut m = Mirror::default();
    until(&mut ws, &mut m, |m| m.text().contains("caves")).await;
    tokio::time::sleep(Duration::from_millis(2300)).await;
    assert_eq!(listed(&h).await, Vec::<Value>::new(), "nothing is in a game yet");

    // Into ultima: listed, for under a second (the page is more than 2 s old).
    press(&mut ws, "u").await;
    until(&mut ws, &mut m, |m| m.find_sprite("player").is_some()).await;
    let list = listed(&h).await;
    assert_eq!(list.len(), 1, "{list:?}");
    assert_eq!(list[0]["id"], m.id.as_str());
    assert!(list[0]["status"].as_str().is_some_and(|s| s.starts_with("ultima")), "{list:?}");
    assert!(list[0]["seconds"].as_u64().is_some_and(|s| s < 2), "the game's age: {list:?}");
    assert_eq!(list[0]["connected"], true);
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let later = listed(&h).await;
    assert!(later[0]["seconds"].as_u64().is_some_and(|s| s >= 1), "the clock runs: {later:?}");

    // Back on the title menu: not listed; a new game starts its clock again.
    press(&mut ws, "Escape").await;
    until(&mut ws, &mut m, |m| m.find_sprite("player").is_none()).await;
    let wait = async {
        while !listed(&h).await.is_empty() {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    };
    let gone = tokio::time::timeout(Duration::from_secs(5), wait).await;
    assert!(
        gone.is_ok(),
        "back on the title menu, the game leaves the list: {:?}",
        listed(&h).await
    );
    tokio::time::sleep(Duration::from_millis(1100)).await;
    press(&mut ws, "c").await;
    until(&mut ws, &mut m, |m| m.find_sprite("player").is_some()).await;
    let again = listed(&h).await;
    assert!(again[0]["status"].as_str().is_some_and(|s| s.starts_with("caves")), "{again:?}");
    assert!(again[0]["seconds"].as_u64().is_some_and(|s| s < 1), "a new game's age: {again:?}");
    drop(half);
    h.stop().await;
}
