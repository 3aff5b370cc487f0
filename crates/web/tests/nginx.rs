//! The documented nginx set-up (`deploy/nginx/torchlit.conf`) in front of a public
//! server: Debian's nginx is started on a free port with a temporary prefix (no root
//! needed), and a player registers, logs in and plays through it. Skipped, with a
//! message, where nginx is not installed.

mod common;

use std::time::Duration;

use common::http::{connect_with_cookie, post_login, request};
use common::{Harness, Mirror, nginx, press, title_factory, until};
use torchlit_web::Public;

#[tokio::test]
async fn a_player_plays_through_nginx() {
    if !nginx::installed() {
        eprintln!("SKIPPED: {} is not installed (apt-get install nginx)", nginx::NGINX);
        return;
    }
    let data = tempfile::tempdir().expect("tempdir");
    let prefix = tempfile::tempdir().expect("tempdir");
    let mut public = Public::new(data.path());
    public.trusted_proxy = Some("127.0.0.1".parse().expect("ip"));
    let h = Harness::start(title_factory(), move |o| o.public = Some(public)).await;
    let proxy = nginx::start(prefix.path(), h.addr, 1024);
    let front = proxy.addr;

    let page = request(front, "GET", "/", &[], "").await;
    assert_eq!(page.status, 200, "{page:?}");
    let r = post_login(front, "register", "Ann", "through the proxy", &[]).await;
    assert_eq!(r.status, 200, "{r:?}");
    let cookie = r.cookie().expect("cookie");
    let me = request(front, "GET", "/api/me", &[("Cookie", &cookie)], "").await;
    assert_eq!(me.json()["name"], "Ann", "{me:?}");
    let refused = connect_with_cookie(front, "", None).await;
    assert_eq!(common::http::refused_status(&refused), Some(401));

    let mut ws = connect_with_cookie(front, "", Some(&cookie)).await.expect("upgraded via nginx");
    let mut m = Mirror::default();
    until(&mut ws, &mut m, |m| m.text().contains("ultima")).await;
    press(&mut ws, "u").await;
    until(&mut ws, &mut m, |m| m.find_sprite("player").is_some()).await;
    let start = m.find_sprite("player");
    for key in ["ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp"] {
        press(&mut ws, key).await;
    }
    let moved = tokio::time::timeout(
        Duration::from_secs(5),
        until(&mut ws, &mut m, |m| m.scene.as_ref().is_some_and(|s| s.turn > 1)),
    )
    .await;
    assert!(moved.is_ok(), "no turn passed via nginx (from {start:?}):\n{}", m.text());
    let list = request(front, "GET", "/sessions", &[], "").await;
    assert!(list.body.contains("\"player\":\"Ann\""), "{list:?}");
    h.stop().await;
}
