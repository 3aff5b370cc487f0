//! Plain HTTP/1.1 requests with headers (cookies, X-Forwarded-For) and a WebSocket
//! connection that carries a cookie: what the account tests, the nginx test and the load
//! benchmark use.

use std::net::SocketAddr;

use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Error as WsError;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;

use super::Ws;

/// An HTTP answer.
#[derive(Debug, Clone)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Reply {
    /// The first header called `name` (any case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    /// The `Set-Cookie` header.
    pub fn set_cookie(&self) -> Option<&str> {
        self.header("set-cookie")
    }

    /// `name=value` of the login cookie set, for a `Cookie` header.
    pub fn cookie(&self) -> Option<String> {
        let c = self.set_cookie()?;
        Some(c.split(';').next()?.trim().to_string())
    }

    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or(Value::Null)
    }
}

/// One request on a new connection (`Connection: close`).
pub async fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> Reply {
    let mut s = TcpStream::connect(addr).await.expect("connect");
    let mut req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    if !body.is_empty() {
        req.push_str("Content-Type: application/json\r\n");
    }
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    req.push_str("\r\n");
    req.push_str(body);
    s.write_all(req.as_bytes()).await.expect("write");
    let mut out = Vec::new();
    s.read_to_end(&mut out).await.expect("read");
    parse(&String::from_utf8_lossy(&out))
}

fn parse(text: &str) -> Reply {
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((text, ""));
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect();
    // Small bodies come whole; a chunked one keeps its chunk sizes (tests look inside).
    Reply { status, headers, body: body.to_string() }
}

/// `POST /api/<what>` with `{"name", "password"}`.
pub async fn post_login(
    addr: SocketAddr,
    what: &str,
    name: &str,
    password: &str,
    headers: &[(&str, &str)],
) -> Reply {
    let body = serde_json::json!({ "name": name, "password": password }).to_string();
    request(addr, "POST", &format!("/api/{what}"), headers, &body).await
}

/// A WebSocket to `/ws{query}` from the server's own origin, with `cookie` (`name=value`).
pub async fn connect_with_cookie(
    addr: SocketAddr,
    query: &str,
    cookie: Option<&str>,
) -> Result<Ws, WsError> {
    let mut req = format!("ws://{addr}/ws{query}").into_client_request()?;
    let origin = format!("http://{addr}");
    req.headers_mut().insert("origin", HeaderValue::from_str(&origin).expect("header"));
    if let Some(c) = cookie {
        req.headers_mut().insert("cookie", HeaderValue::from_str(c).expect("header"));
    }
    let (ws, _) = tokio_tungstenite::connect_async(req).await?;
    Ok(ws)
}

/// The HTTP status of a refused WebSocket upgrade (`None` when it was accepted or
/// failed another way).
pub fn refused_status(r: &Result<Ws, WsError>) -> Option<u16> {
    match r {
        Err(WsError::Http(resp)) => Some(resp.status().as_u16()),
        _ => None,
    }
}
