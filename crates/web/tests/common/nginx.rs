//! Debian's nginx with the documented site (`deploy/nginx/torchlit.conf`), started on a
//! free loopback port with a temporary prefix (no root needed): what the nginx test and
//! the load benchmark (`examples/load.rs --nginx`) put in front of a server.

use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Where Debian installs nginx.
pub const NGINX: &str = "/usr/sbin/nginx";

/// A running nginx; killed when dropped.
pub struct Nginx {
    child: Child,
    /// Where it listens.
    pub addr: SocketAddr,
}

impl Drop for Nginx {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Nginx {
    /// Its process id (for its CPU time and memory in /proc).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

/// Whether nginx is installed.
pub fn installed() -> bool {
    Path::new(NGINX).exists()
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").expect("bind").local_addr().expect("addr").port()
}

/// Starts nginx (one worker process, `connections` connections at most: each proxied
/// WebSocket takes two, the client's and the upstream's) with the deploy config in
/// `prefix`, forwarding a free loopback port to `upstream`; waits until it listens.
///
/// # Panics
/// The config is missing or changed shape, nginx does not start or listen within 5 s
/// (with its error log).
pub fn start(prefix: &Path, upstream: SocketAddr, connections: usize) -> Nginx {
    let conf = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../deploy/nginx/torchlit.conf"
    ))
    .expect("deploy/nginx/torchlit.conf");
    assert!(conf.contains("server 127.0.0.1:8080;") && conf.contains("listen 8088;"));
    let port = free_port();
    let site = conf
        .replace("server 127.0.0.1:8080;", &format!("server {upstream};"))
        .replace("listen 8088;", &format!("listen 127.0.0.1:{port};"));
    std::fs::write(prefix.join("torchlit.conf"), site).expect("write");
    let p = prefix.display();
    let files = 2 * connections + 64;
    let main = format!(
        "daemon off;\nmaster_process off;\nworker_processes 1;\nworker_rlimit_nofile {files};\n\
         pid {p}/nginx.pid;\nerror_log {p}/error.log warn;\n\
         events {{ worker_connections {connections}; }}\n\
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
        .stdin(Stdio::null())
        .spawn()
        .expect("nginx starts");
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().expect("addr");
    let nginx = Nginx { child, addr };
    let start = Instant::now();
    while std::net::TcpStream::connect(addr).is_err() {
        let log = std::fs::read_to_string(prefix.join("error.log")).unwrap_or_default();
        assert!(start.elapsed() < Duration::from_secs(5), "nginx did not listen: {log}");
        std::thread::sleep(Duration::from_millis(50));
    }
    nginx
}
