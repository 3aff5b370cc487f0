//! Each player's data is theirs: two accounts play caves and the overworld on one public
//! server; neither sees (`/api/me`) nor opens (the world list, a name typed) the other's
//! saves, and their files live under `players/<id>/`.

mod common;

use std::path::Path;
use std::sync::Arc;

use common::http::{Reply, connect_with_cookie, post_login, request};
use common::{Harness, Mirror, Ws, press, until};
use torchlit_save::{Config, Paths, Store};
use torchlit_sim::formats::UltimaWorld;
use torchlit_ui::App;
use torchlit_ui::caves::{CavesSetup, StoreHandle, WorldsStore};
use torchlit_ui::overworld::{OverworldSetup, Worlds};
use torchlit_web::protocol::Launch;
use torchlit_web::{Factory, PlayerFiles, Public, SaveEntry, ScoreEntry, Screen};

/// The title menu with caves and overworld saving in the session's player dir (as
/// `torchlit serve --public` sets it up).
fn player_factory() -> Factory {
    Arc::new(|launch: &Launch| {
        let world = UltimaWorld::parse(torchlit_testkit::WORLD_30X20.as_bytes()).expect("world");
        let mut app = App::title(world);
        let dir = launch.player.as_ref().expect("a public server's sessions have a player");
        let paths = Paths::in_dir(&dir.dir);
        let config = Config::defaults();
        let store = StoreHandle::new(WorldsStore::new(Store::new(&paths), &config));
        app.set_caves(CavesSetup { store: Some(store), ..CavesSetup::default() });
        let worlds = Worlds::with_store(Store::new(&paths), config.clone());
        let setup = OverworldSetup::from_config(Some(worlds), &config, "5".into()).expect("keys");
        app.set_overworld(setup);
        Box::new(app) as Box<dyn Screen>
    })
}

struct Files;

impl PlayerFiles for Files {
    fn saves(&self, dir: &Path) -> Vec<SaveEntry> {
        Store::list(&Store::new(&Paths::in_dir(dir)))
            .unwrap_or_default()
            .into_iter()
            .filter_map(|e| e.info.ok())
            .map(|i| SaveEntry { mode: i.mode, name: i.name, when: i.last_played })
            .collect()
    }
    fn scores(&self, _: &Path) -> Vec<ScoreEntry> {
        Vec::new()
    }
}

async fn typed(ws: &mut Ws, text: &str) {
    for c in text.chars() {
        press(ws, &c.to_string()).await;
    }
}

/// Plays a caves turn and makes an overworld world called `world`, then leaves.
async fn play_both(h: &Harness, cookie: &str, world: &str) {
    let mut ws = connect_with_cookie(h.addr, "", Some(cookie)).await.expect("accepted");
    let mut m = Mirror::default();
    until(&mut ws, &mut m, |m| m.text().contains("caves")).await;
    press(&mut ws, "c").await;
    until(&mut ws, &mut m, |m| m.find_sprite("player").is_some()).await;
    // `S` saves the run and goes back to the title menu.
    press(&mut ws, "S").await;
    until(&mut ws, &mut m, |m| m.scene.is_none() && m.text().contains("overworld")).await;
    press(&mut ws, "o").await;
    until(&mut ws, &mut m, |m| m.text().contains("new world")).await;
    press(&mut ws, "n").await;
    until(&mut ws, &mut m, |m| m.text().contains("Name")).await;
    typed(&mut ws, world).await;
    press(&mut ws, "Enter").await;
    press(&mut ws, "Enter").await;
    until(&mut ws, &mut m, |m| m.find_sprite("player").is_some()).await;
    // Leaving the world saves and closes it (an open world is locked by its session); on
    // the map one Esc asks, the second leaves.
    press(&mut ws, "Escape").await;
    press(&mut ws, "Escape").await;
    until(&mut ws, &mut m, |m| m.scene.is_none()).await;
    drop(ws);
}

fn names(me: &Reply) -> Vec<String> {
    me.json()["saves"]
        .as_array()
        .map(|a| a.iter().map(|s| format!("{}/{}", s["mode"], s["name"])).collect())
        .unwrap_or_default()
}

async fn me(h: &Harness, cookie: &str) -> Reply {
    request(h.addr, "GET", "/api/me", &[("Cookie", cookie)], "").await
}

#[tokio::test]
async fn two_players_never_see_each_others_saves() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut public = Public::new(dir.path());
    public.files = Arc::new(Files);
    let h = Harness::start(player_factory(), move |o| o.public = Some(public)).await;
    let pw = "a long password";
    let ann = post_login(h.addr, "register", "Ann", pw, &[]).await.cookie().expect("cookie");
    let bob = post_login(h.addr, "register", "Bob", pw, &[]).await.cookie().expect("cookie");
    play_both(&h, &ann, "annsworld").await;
    play_both(&h, &bob, "bobsworld").await;

    // Saved when the pages went: wait for both overworld saves.
    let mut a = Vec::new();
    let mut b = Vec::new();
    for _ in 0..50 {
        a = names(&me(&h, &ann).await);
        b = names(&me(&h, &bob).await);
        if a.iter().any(|n| n.contains("annsworld")) && b.iter().any(|n| n.contains("bobsworld")) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(a.iter().any(|n| n.starts_with("\"caves\"")), "Ann's caves run: {a:?}");
    assert!(b.iter().any(|n| n.starts_with("\"caves\"")), "Bob's caves run: {b:?}");
    assert!(
        a.iter().any(|n| n.contains("annsworld")) && !a.iter().any(|n| n.contains("bobs")),
        "{a:?}"
    );
    assert!(
        b.iter().any(|n| n.contains("bobsworld")) && !b.iter().any(|n| n.contains("anns")),
        "{b:?}"
    );
    // On disk under the ids, never the names.
    for (id, world) in [(1, "annsworld"), (2, "bobsworld")] {
        let worlds = dir.path().join("players").join(id.to_string()).join("worlds");
        let list = std::fs::read_dir(&worlds).expect("the player's worlds").count();
        assert!(list >= 2, "{world}: {}", worlds.display());
    }
    assert!(!dir.path().join("worlds").exists(), "nothing in the server's own worlds");

    // Bob's world list shows only his; typing Ann's world's name opens nothing.
    let mut ws = connect_with_cookie(h.addr, "", Some(&bob)).await.expect("accepted");
    let mut m = Mirror::default();
    until(&mut ws, &mut m, |m| m.text().contains("overworld")).await;
    press(&mut ws, "o").await;
    until(&mut ws, &mut m, |m| m.text().contains("new world")).await;
    press(&mut ws, "l").await;
    until(&mut ws, &mut m, |m| m.text().contains("bobsworld")).await;
    assert!(!m.text().contains("annsworld"), "{}", m.text());
    typed(&mut ws, "annsworld").await;
    press(&mut ws, "Enter").await;
    press(&mut ws, "Escape").await;
    until(&mut ws, &mut m, |m| m.text().contains("new world")).await;
    assert!(m.find_sprite("player").is_none(), "Ann's world did not open:\n{}", m.text());
    h.stop().await;
}
