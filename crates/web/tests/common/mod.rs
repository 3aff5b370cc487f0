//! A server on a free loopback port and a WebSocket client that mirrors the frames it
//! receives, shared by the socket tests, the browser tests and the load benchmark.
#![allow(dead_code, missing_docs)]

pub mod chrome;
pub mod http;
pub mod nginx;
pub mod room;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::{Error as WsError, Message};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use torchlit_sim::formats::UltimaWorld;
use torchlit_ui::App;
use torchlit_web::{Factory, Options, Screen, Server, Stopped, Tileset};

pub type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// The title menu with the test world (caves and maze without saves).
pub fn title_factory() -> Factory {
    Arc::new(|_: &torchlit_web::protocol::Launch| {
        let world = UltimaWorld::parse(torchlit_testkit::WORLD_30X20.as_bytes()).expect("world");
        Box::new(App::title(world)) as Box<dyn Screen>
    })
}

pub struct Harness {
    pub addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    task: Option<tokio::task::JoinHandle<std::io::Result<Stopped>>>,
}

impl Harness {
    pub async fn start(factory: Factory, tweak: impl FnOnce(&mut Options)) -> Harness {
        let mut options =
            Options::new(Tileset::builtin(torchlit_ui::sprite::ALL).expect("tileset"));
        tweak(&mut options);
        let server = Server::bind("127.0.0.1:0".parse().expect("addr"), options, factory)
            .await
            .expect("bind");
        let addr = server.local_addr().expect("addr");
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        let task = tokio::spawn(server.run(async move {
            let _ = rx.await;
        }));
        Harness { addr, stop: Some(tx), task: Some(task) }
    }

    /// Stops the server (closing every session) and reports.
    pub async fn stop(mut self) -> Stopped {
        if let Some(tx) = self.stop.take() {
            let _ = tx.send(());
        }
        let task = self.task.take().expect("running");
        tokio::time::timeout(Duration::from_secs(20), task)
            .await
            .expect("the server stops in time")
            .expect("task")
            .expect("serve")
    }

    pub async fn connect(&self, query: &str) -> Result<Ws, WsError> {
        connect_with_origin(self.addr, query, Some(&format!("http://{}", self.addr))).await
    }

    /// `GET path` over plain HTTP/1.1: the body.
    pub async fn get(&self, path: &str) -> String {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let mut s = TcpStream::connect(self.addr).await.expect("connect");
        let req =
            format!("GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n", self.addr);
        s.write_all(req.as_bytes()).await.expect("write");
        let mut out = Vec::new();
        s.read_to_end(&mut out).await.expect("read");
        let text = String::from_utf8_lossy(&out).into_owned();
        text.split_once("\r\n\r\n").map(|(_, b)| b.to_string()).unwrap_or_default()
    }
}

pub async fn connect_with_origin(
    addr: SocketAddr,
    query: &str,
    origin: Option<&str>,
) -> Result<Ws, WsError> {
    let mut req = format!("ws://{addr}/ws{query}").into_client_request()?;
    if let Some(o) = origin {
        req.headers_mut().insert("origin", HeaderValue::from_str(o).expect("header"));
    }
    let (ws, _) = tokio_tungstenite::connect_async(req).await?;
    Ok(ws)
}

/// What a page would show: the cells, applied from full frames and diffs.
#[derive(Default, Debug)]
pub struct Mirror {
    pub w: usize,
    pub h: usize,
    pub cells: Vec<Value>,
    pub sprites: Vec<String>,
    pub token: String,
    pub id: String,
    pub ended: Option<String>,
    pub messages: usize,
    pub bytes: usize,
    /// The scene, while the screen has one (its cells by map coordinate).
    pub scene: Option<SceneMirror>,
    /// The last notice.
    pub notice: Option<String>,
}

/// What a page keeps of a scene.
#[derive(Default, Debug, Clone)]
pub struct SceneMirror {
    pub mode: String,
    pub turn: u64,
    pub view: [i64; 4],
    pub hero: Option<(i64, i64)>,
    pub cells: std::collections::BTreeMap<(i64, i64), Value>,
    pub entities: Vec<Value>,
    pub marks: Vec<Value>,
    pub panel: Value,
    pub log: Vec<String>,
    pub messages: usize,
}

impl SceneMirror {
    fn apply(&mut self, m: &Value) {
        let n = |v: &Value| v.as_i64().expect("a number");
        let view: Vec<i64> = m["view"].as_array().expect("view").iter().map(n).collect();
        self.view = [view[0], view[1], view[2], view[3]];
        let [vx, vy, vw, vh] = self.view;
        self.cells.retain(|(x, y), _| *x >= vx && *y >= vy && *x < vx + vw && *y < vy + vh);
        for c in m["c"].as_array().expect("cells") {
            self.cells.insert((n(&c[0]), n(&c[1])), c.clone());
        }
        self.mode = m["mode"].as_str().expect("mode").to_string();
        self.turn = m["turn"].as_u64().expect("turn");
        self.hero = m["hero"].as_array().map(|h| (n(&h[0]), n(&h[1])));
        if let Some(e) = m.get("e") {
            self.entities = e.as_array().expect("entities").clone();
        }
        if let Some(mk) = m.get("m") {
            self.marks = mk.as_array().expect("marks").clone();
        }
        if let Some(p) = m.get("p") {
            self.panel = p.clone();
        }
        if m.get("lr").is_some() {
            self.log.clear();
        }
        for l in m.get("log").and_then(Value::as_array).into_iter().flatten() {
            self.log.push(l[0].as_str().unwrap_or_default().to_string());
        }
        self.messages += 1;
    }

    /// The names of the entities in view.
    pub fn names(&self) -> Vec<String> {
        self.entities.iter().map(|e| e[5].as_str().unwrap_or_default().to_string()).collect()
    }

    /// The view as rows of glyphs (as SceneMap::rows).
    pub fn rows(&self) -> Vec<String> {
        let [vx, vy, vw, vh] = self.view;
        let mut rows = Vec::new();
        for y in vy..vy + vh {
            let mut s = String::new();
            for x in vx..vx + vw {
                let e = self.entities.iter().rev().find(|e| e[0] == x && e[1] == y);
                let c = e.map(|e| &e[3]).or_else(|| self.cells.get(&(x, y)).map(|c| &c[3]));
                s.push_str(c.and_then(Value::as_str).unwrap_or(" "));
            }
            rows.push(s);
        }
        rows
    }
}

impl Mirror {
    pub fn apply(&mut self, text: &str) {
        self.messages += 1;
        self.bytes += text.len();
        let m: Value = serde_json::from_str(text).expect("the server sends JSON");
        match m["t"].as_str() {
            Some("hello") => {
                self.sprites = m["sprites"]
                    .as_array()
                    .expect("sprites")
                    .iter()
                    .map(|s| s.as_str().unwrap_or_default().to_string())
                    .collect();
                self.token = m["token"].as_str().unwrap_or_default().to_string();
                self.id = m["id"].as_str().unwrap_or_default().to_string();
            }
            Some("full") => {
                self.scene = None;
                self.w = m["w"].as_u64().expect("w") as usize;
                self.h = m["h"].as_u64().expect("h") as usize;
                self.cells = m["c"].as_array().expect("cells").clone();
                assert_eq!(self.cells.len(), self.w * self.h);
            }
            Some("diff") => {
                for d in m["c"].as_array().expect("cells") {
                    let a = d.as_array().expect("a cell");
                    let i = a[0].as_u64().expect("index") as usize;
                    self.cells[i] = Value::Array(a[1..].to_vec());
                }
            }
            Some("scene") => {
                if m["reset"] == true {
                    self.scene = Some(SceneMirror::default());
                }
                self.scene.as_mut().expect("a scene starts with a reset").apply(&m);
            }
            Some("notice") => self.notice = m["text"].as_str().map(str::to_string),
            Some("end") => self.ended = Some(m["why"].as_str().unwrap_or_default().to_string()),
            other => panic!("unexpected message {other:?}"),
        }
    }

    /// Whether anything is shown (a frame or a scene).
    pub fn shown(&self) -> bool {
        self.w > 0 || self.scene.is_some()
    }

    pub fn text(&self) -> String {
        if let Some(sc) = &self.scene {
            return sc.rows().join("\n") + "\n" + &sc.log.join("\n");
        }
        let mut s = String::new();
        for row in self.cells.chunks(self.w.max(1)) {
            for c in row {
                s.push_str(c[0].as_str().unwrap_or(" "));
            }
            s.push('\n');
        }
        s
    }

    /// How many cells of the scene (or the frame) show terrain sprite `name`.
    pub fn terrain_count(&self, name: &str) -> usize {
        match &self.scene {
            Some(s) => s
                .cells
                .values()
                .filter(|c| {
                    self.sprites.get(c[2].as_u64().unwrap_or(0) as usize).is_some_and(|n| n == name)
                })
                .count(),
            None => (0..self.cells.len()).filter(|&i| self.sprite_name(i) == name).count(),
        }
    }

    pub fn sprite_name(&self, i: usize) -> &str {
        let n = self.cells[i][3].as_u64().unwrap_or(0) as usize;
        self.sprites.get(n).map_or("none", String::as_str)
    }

    /// Where the first cell showing a sprite whose name starts with `prefix` is (in a
    /// scene: the first entity's map cell).
    pub fn find_sprite(&self, prefix: &str) -> Option<(usize, usize)> {
        if let Some(s) = &self.scene {
            return s
                .entities
                .iter()
                .find(|e| {
                    let n = e[2].as_u64().unwrap_or(0) as usize;
                    self.sprites.get(n).is_some_and(|name| name.starts_with(prefix))
                })
                .map(|e| {
                    (e[0].as_u64().unwrap_or(0) as usize, e[1].as_u64().unwrap_or(0) as usize)
                });
        }
        (0..self.cells.len())
            .find(|&i| self.sprite_name(i).starts_with(prefix))
            .map(|i| (i % self.w, i / self.w))
    }
}

/// Reads messages into `mirror` until `done` holds (or panics after 10 s).
pub async fn until(ws: &mut Ws, mirror: &mut Mirror, done: impl Fn(&Mirror) -> bool) {
    let wait = async {
        while !done(mirror) {
            match ws.next().await {
                Some(Ok(Message::Text(t))) => mirror.apply(t.as_str()),
                Some(Ok(_)) => {}
                other => panic!("the connection ended: {other:?}\n{}", mirror.text()),
            }
        }
    };
    if tokio::time::timeout(Duration::from_secs(10), wait).await.is_err() {
        panic!("timed out; the screen:\n{}", mirror.text());
    }
}

/// Whether the server closes `ws` within 5 s (a close frame, an error or the end).
pub async fn closed(ws: &mut Ws) -> bool {
    let wait = async {
        loop {
            match ws.next().await {
                Some(Ok(Message::Text(_) | Message::Ping(_) | Message::Pong(_))) => {}
                _ => return true,
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(5), wait).await.unwrap_or(false)
}

pub async fn send(ws: &mut Ws, v: Value) {
    ws.send(Message::Text(v.to_string().into())).await.expect("send");
}

/// Presses and releases `key` (a browser `KeyboardEvent.key`).
pub async fn press(ws: &mut Ws, key: &str) {
    send(ws, json!({"t": "down", "k": key, "c": false, "r": false})).await;
    send(ws, json!({"t": "up", "k": key, "c": false})).await;
}
