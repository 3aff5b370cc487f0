//! The documented nginx set-up (`deploy/nginx/torchlit.conf`) in front of a public
//! server: Debian's nginx is started on a free port with a temporary prefix (no root
//! needed), and a player registers, logs in and plays through it. Skipped, with a
//! message, where nginx is not installed.

mod common;

use std::path::Path;
use std::process::{Child, Command};
use std::time::Duration;

use common::http::{connect_with_cookie, post_login, request};
use common::{Harness, Mirror, press, title_factory, until};
use torchlit_web::Public;

const NGINX: &str = "/usr/sbin/nginx";

struct Nginx(Child);

impl Drop for Nginx {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").expect("bind").local_addr().expect("addr").port()
}

/// Starts nginx with the deploy config, forwarding `127.0.0.1:port` to `upstream`.
fn start_nginx(prefix: &Path, port: u16, upstream: std::net::SocketAddr) -> Nginx {
    let conf = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../deploy/nginx/torchlit.conf"
    ))
    .expect("deploy/nginx/torchlit.conf");
    assert!(conf.contains("server 127.0.0.1:8080;") && conf.contains("listen 8088;"));
    let site = conf
        .replace("server 127.0.0.1:8080;", &format!("server {upstream};"))
        .replace("listen 8088;", &format!("listen 127.0.0.1:{port};"));
    std::fs::write(prefix.join("torchlit.conf"), site).expect("write");
    let p = prefix.display();
    let main = format!(
        "daemon off;\nmaster_process off;\nworker_processes 1;\npid {p}/nginx.pid;\nerror_log {p}/error.log warn;\n\
         events {{ worker_connections 1024; }}\n\
         http {{\n  access_log off;\n  client_body_temp_path {p}/body;\n  proxy_temp_path {p}/proxy;\n\
         fastcgi_temp_path {p}/fastcgi;\n  uwsgi_temp_path {p}/uwsgi;\n  scgi_temp_path {p}/scgi;\n\
         include {p}/torchlit.conf;\n}}\n"
    );
    std::fs::write(prefix.join("nginx.conf"), main).expect("write");
    let child = Command::new(NGINX)
        .arg("-p")
        .arg(prefix)
        .arg("-c")
        .arg(prefix.join("nginx.conf"))
        .spawn()
        .expect("nginx starts");
    Nginx(child)
}

#[tokio::test]
async fn a_player_plays_through_nginx() {
    if !Path::new(NGINX).exists() {
        eprintln!("SKIPPED: {NGINX} is not installed (apt-get install nginx)");
        return;
    }
    let data = tempfile::tempdir().expect("tempdir");
    let prefix = tempfile::tempdir().expect("tempdir");
    let mut public = Public::new(data.path());
    public.trusted_proxy = Some("127.0.0.1".parse().expect("ip"));
    let h = Harness::start(title_factory(), move |o| o.public = Some(public)).await;
    let port = free_port();
    let _nginx = start_nginx(prefix.path(), port, h.addr);
    let front: std::net::SocketAddr = format!("127.0.0.1:{port}").parse().expect("addr");
    // nginx takes a moment to listen.
    let mut up = false;
    for _ in 0..50 {
        if tokio::net::TcpStream::connect(front).await.is_ok() {
            up = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let log = std::fs::read_to_string(prefix.path().join("error.log")).unwrap_or_default();
    assert!(up, "nginx did not listen: {log}");

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
