//! `torchlit serve` ended by a signal (SIGTERM from a service manager, SIGHUP when the
//! terminal that started it closes, Ctrl-C's SIGINT): every game in progress is closed,
//! which saves it, and the server says how many it closed.
#![cfg(unix)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use tungstenite::client::IntoClientRequest;

/// How long the server may take to start, answer or stop (the machine may be busy).
const PATIENCE: Duration = Duration::from_secs(60);

/// `torchlit serve` on a free local port with its data in `data`; the process, its
/// standard output after the first line, and the address it printed.
fn serve(data: &Path) -> (Child, BufReader<ChildStdout>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_torchlit"))
        .arg("--data-dir")
        .arg(data)
        .args(["serve", "--addr", "127.0.0.1:0"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("torchlit starts");
    let mut out = BufReader::new(child.stdout.take().expect("piped"));
    let mut line = String::new();
    out.read_line(&mut line).expect("the first line");
    let addr = line
        .trim()
        .strip_prefix("open http://")
        .and_then(|a| a.strip_suffix('/'))
        .unwrap_or_else(|| panic!("an address line: {line:?}"))
        .to_string();
    (child, out, addr)
}

/// `GET path` over plain HTTP/1.1: the whole answer.
fn get(addr: &str, path: &str) -> String {
    let mut s = TcpStream::connect(addr).expect("connect");
    let req = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).expect("write");
    let mut out = String::new();
    let _ = s.read_to_string(&mut out);
    out
}

/// The caves run saved in `data`, if there is one: its turn.
fn saved_turn(data: &Path) -> Option<u64> {
    use torchlit_ui::caves::{StoreHandle, WorldsStore};
    let paths = torchlit_save::Paths::in_dir(data);
    let config = torchlit_save::Config::default();
    let store = StoreHandle::new(WorldsStore::new(torchlit_save::Store::new(&paths), &config));
    store.load().expect("the store reads").map(|game| game.turn().0)
}

#[test]
fn signals_close_and_save_every_game_of_the_server() {
    for signal in ["TERM", "HUP", "INT"] {
        let data = tempfile::tempdir().expect("a temporary directory");
        let (mut server, mut out, addr) = serve(data.path());
        let mut req =
            format!("ws://{addr}/ws?play=caves&seed=42").into_client_request().expect("a url");
        let origin = format!("http://{addr}").parse().expect("a header");
        req.headers_mut().insert("origin", origin);
        let (mut ws, _) = tungstenite::connect(req).expect("the socket opens");
        let send = |ws: &mut tungstenite::WebSocket<_>, text: &str| {
            ws.send(tungstenite::Message::Text(text.into())).expect("sent");
        };
        send(&mut ws, r#"{"t":"size","w":80,"h":24}"#);
        for _ in 0..3 {
            send(&mut ws, r#"{"t":"down","k":".","c":false,"r":false}"#);
            send(&mut ws, r#"{"t":"up","k":".","c":false}"#);
        }
        let start = Instant::now();
        while !get(&addr, "/sessions").contains("caves: depth 1, turn 3") {
            assert!(start.elapsed() < PATIENCE, "no turn 3: {}", get(&addr, "/sessions"));
            std::thread::sleep(Duration::from_millis(100));
        }
        let pid = server.id().to_string();
        let sent = Command::new("kill").args([&format!("-{signal}"), pid.as_str()]).status();
        assert!(sent.is_ok_and(|s| s.success()), "kill -{signal}");
        let start = Instant::now();
        let status = loop {
            if let Ok(Some(status)) = server.try_wait() {
                break status;
            }
            if start.elapsed() > PATIENCE {
                let _ = server.kill();
                panic!("SIG{signal}: the server did not stop");
            }
            std::thread::sleep(Duration::from_millis(100));
        };
        let mut rest = String::new();
        let _ = out.read_to_string(&mut rest);
        assert!(status.success(), "SIG{signal}: {status}");
        assert!(rest.contains("closed 1 games"), "SIG{signal}: {rest:?}");
        assert_eq!(saved_turn(data.path()), Some(3), "SIG{signal}: the three turns are saved");
    }
}
