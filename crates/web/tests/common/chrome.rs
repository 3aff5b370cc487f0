//! Headless Chromium over WebDriver (chromedriver) at 1280x800, and screenshots as
//! pixels: what the browser tests drive. Skipped, with a message, where `chromium` or
//! `chromedriver` is not installed.

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::json;

/// Whether a WebDriver answers `GET /status` on `port` as ready.
fn status_ready(port: u16) -> bool {
    use std::io::{Read, Write};
    let Ok(mut stream) = std::net::TcpStream::connect(("127.0.0.1", port)) else {
        return false;
    };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(2)));
    let request =
        format!("GET /status HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n");
    if stream.write_all(request.as_bytes()).is_err() {
        return false;
    }
    let mut body = String::new();
    let _ = stream.read_to_string(&mut body);
    body.contains("\"ready\":true") || body.contains("\"ready\": true")
}

fn find_on_path(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|d| names.iter().map(move |n| d.join(n)))
        .find(|p| p.is_file())
}

pub struct Driver {
    child: Child,
    port: u16,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Driver {
    /// Starts chromedriver on a free port. The port is picked by binding port 0 and
    /// letting it go, so another test's server can take it first: then chromedriver exits
    /// and a bare connect would reach that server. A driver counts as up only when its
    /// `/status` answers as chromedriver's does; otherwise it is tried on another port.
    pub fn start() -> Option<Driver> {
        let driver = find_on_path(&["chromedriver"])?;
        find_on_path(&["chromium", "chromium-browser", "google-chrome"])?;
        for _ in 0..5 {
            let port = TcpListener::bind("127.0.0.1:0").ok()?.local_addr().ok()?.port();
            let child = Command::new(&driver)
                .arg(format!("--port={port}"))
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .ok()?;
            let mut d = Driver { child, port };
            let start = Instant::now();
            while start.elapsed() < Duration::from_secs(10) {
                if d.child.try_wait().ok().flatten().is_some() {
                    break;
                }
                if status_ready(port) {
                    return Some(d);
                }
                std::thread::sleep(Duration::from_millis(50));
            }
        }
        None
    }

    pub async fn client(&self) -> Client {
        let mut caps = serde_json::Map::new();
        caps.insert(
            "goog:chromeOptions".into(),
            json!({"args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                "--disable-dev-shm-usage", "--window-size=1280,800",
                "--force-device-scale-factor=1"]}),
        );
        ClientBuilder::new(HttpConnector::new())
            .capabilities(caps)
            .connect(&format!("http://127.0.0.1:{}", self.port))
            .await
            .expect("a WebDriver session")
    }
}

/// A screenshot as RGB pixels.
pub struct Shot {
    pub w: usize,
    pub h: usize,
    pub rgb: Vec<[u8; 3]>,
    pub png: Vec<u8>,
}

impl Shot {
    pub async fn take(c: &Client) -> Shot {
        let png = c.screenshot().await.expect("screenshot");
        let mut reader =
            png::Decoder::new(std::io::Cursor::new(png.as_slice())).read_info().expect("a PNG");
        let mut buf = vec![0; reader.output_buffer_size().expect("size")];
        let info = reader.next_frame(&mut buf).expect("pixels");
        let step = info.color_type.samples();
        let rgb = buf[..info.buffer_size()].chunks(step).map(|p| [p[0], p[1], p[2]]).collect();
        Shot { w: info.width as usize, h: info.height as usize, rgb, png }
    }

    #[allow(dead_code)]
    pub fn count(&self, colour: [u8; 3]) -> usize {
        self.rgb.iter().filter(|p| p.iter().zip(colour).all(|(a, b)| a.abs_diff(b) <= 6)).count()
    }

    /// The centre of the pixels of `colour`, if there are some.
    #[allow(dead_code)]
    pub fn centre(&self, colour: [u8; 3]) -> Option<(f64, f64)> {
        let (mut n, mut sx, mut sy) = (0.0, 0.0, 0.0);
        for (i, p) in self.rgb.iter().enumerate() {
            if p.iter().zip(colour).all(|(a, b)| a.abs_diff(b) <= 6) {
                n += 1.0;
                sx += (i % self.w) as f64;
                sy += (i / self.w) as f64;
            }
        }
        (n > 0.0).then(|| (sx / n, sy / n))
    }

    pub fn save(&self, name: &str) {
        if let Some(dir) = std::env::var_os("TORCHLIT_SCREENSHOTS") {
            let dir = PathBuf::from(dir);
            let _ = std::fs::create_dir_all(&dir);
            std::fs::write(dir.join(format!("{name}.png")), &self.png).expect("write screenshot");
        }
        assert!(self.h > 0);
    }
}

/// A WebDriver session, or `None` (and a message saying why the test is skipped).
pub async fn start_browser(name: &str) -> Option<(Driver, Client)> {
    let Some(driver) = Driver::start() else {
        eprintln!(
            "SKIPPED {name}: chromium and chromedriver are not installed (apt-get install \
             chromium chromium-driver)"
        );
        return None;
    };
    let c = driver.client().await;
    Some((driver, c))
}
