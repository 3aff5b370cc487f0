//! Load benchmark (not a test): N concurrent sessions on loopback, half of them in
//! `maze` (24 ticks a second), half in `caves`, each pressing an arrow every 100 ms.
//!
//! ```text
//! cargo run --release -p torchlit-web --example load -- [SESSIONS] [SECONDS]
//! ```
//!
//! Defaults: 200 sessions for 60 s. Reports input-to-frame latency (from sending a
//! key-down to the next frame message received; p50/p99), the server's CPU per session
//! (session threads and server runtime threads, from /proc), memory per session (growth
//! of the process's resident set, clients included, so an upper bound) and the bytes a
//! second each page receives.

#[path = "../tests/common/mod.rs"]
mod common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{Harness, Mirror, press, title_factory, until};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::Message;

/// (utime + stime) in clock ticks of this process's threads whose name starts with
/// one of `prefixes`.
fn cpu_ticks(prefixes: &[&str]) -> u64 {
    let mut total = 0;
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else { return 0 };
    for t in tasks.flatten() {
        let Ok(stat) = std::fs::read_to_string(t.path().join("stat")) else { continue };
        let (Some(open), Some(close)) = (stat.find('('), stat.rfind(')')) else { continue };
        let name = &stat[open + 1..close];
        if !prefixes.iter().any(|p| name.starts_with(p)) {
            continue;
        }
        let fields: Vec<&str> = stat[close + 2..].split(' ').collect();
        let num = |i: usize| fields.get(i).and_then(|f| f.parse::<u64>().ok()).unwrap_or(0);
        total += num(11) + num(12);
    }
    total
}

fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1).and_then(|n| n.parse().ok()))
        })
        .unwrap_or(0)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

#[derive(Default)]
struct Totals {
    latencies: Vec<Duration>,
    bytes: usize,
    frames: usize,
    maze_bytes: usize,
}

async fn session(h: Arc<Harness>, maze: bool, run_for: Duration, totals: Arc<Mutex<Totals>>) {
    let Ok(mut ws) = h.connect("").await else { return };
    let mut m = Mirror::default();
    until(&mut ws, &mut m, |m| m.w > 0).await;
    press(&mut ws, if maze { "m" } else { "c" }).await;
    if maze {
        for _ in 0..3 {
            press(&mut ws, "Enter").await; // through the welcome pages
        }
    }
    until(&mut ws, &mut m, |m| m.find_sprite("player").is_some()).await;
    let (mut bytes, mut frames, mut lat) = (0usize, 0usize, Vec::new());
    let start = Instant::now();
    let mut next_key = Instant::now();
    let mut pending: Option<Instant> = None;
    let arrows = ["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"];
    let mut n = 0usize;
    while start.elapsed() < run_for {
        tokio::select! {
            msg = ws.next() => match msg {
                Some(Ok(Message::Text(t))) => {
                    bytes += t.len();
                    frames += 1;
                    if let Some(sent) = pending.take() {
                        lat.push(sent.elapsed());
                    }
                }
                Some(Ok(_)) => {}
                _ => break,
            },
            () = tokio::time::sleep_until(next_key.into()) => {
                let k = arrows[(n / 3) % 4];
                n += 1;
                let down = format!(r#"{{"t":"down","k":"{k}","c":false,"r":false}}"#);
                let up = format!(r#"{{"t":"up","k":"{k}","c":false}}"#);
                if ws.send(Message::Text(down.into())).await.is_err() { break; }
                pending = Some(Instant::now());
                if ws.send(Message::Text(up.into())).await.is_err() { break; }
                next_key += Duration::from_millis(100);
            }
        }
    }
    let mut t = totals.lock().await;
    t.latencies.extend(lat);
    t.bytes += bytes;
    t.frames += frames;
    if maze {
        t.maze_bytes += bytes;
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let sessions: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(200);
    let seconds: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(60);
    let run_for = Duration::from_secs(seconds);

    // The server on a runtime of its own ("srv-" threads), the clients on another.
    let server_rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("srv-worker")
        .enable_all()
        .build()
        .expect("server runtime");
    let client_rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("client-worker")
        .enable_all()
        .build()
        .expect("client runtime");
    let rss_before = rss_kib();
    let h = server_rt.block_on(Harness::start(title_factory(), |o| o.max_sessions = sessions));
    let h = Arc::new(h);
    let totals = Arc::new(Mutex::new(Totals::default()));
    let (cpu_before, wall) = client_rt.block_on(async {
        let mut tasks = Vec::new();
        for i in 0..sessions {
            let (h, t) = (Arc::clone(&h), Arc::clone(&totals));
            tasks.push(tokio::spawn(session(h, i % 2 == 0, run_for, t)));
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        // Measure CPU from when everyone plays.
        tokio::time::sleep(Duration::from_secs(2)).await;
        let cpu_before = cpu_ticks(&["session-", "srv-worker"]);
        let wall = Instant::now();
        for t in tasks {
            let _ = t.await;
        }
        (cpu_before, wall.elapsed())
    });
    let rss_after = rss_kib();
    let cpu = cpu_ticks(&["session-", "srv-worker"]).saturating_sub(cpu_before);
    let h = Arc::try_unwrap(h).unwrap_or_else(|_| panic!("the harness is shared"));
    server_rt.block_on(h.stop());
    let mut t = client_rt.block_on(async { std::mem::take(&mut *totals.lock().await) });
    t.latencies.sort();
    let ticks_per_s = 100.0; // USER_HZ on Linux
    let cpu_s = cpu as f64 / ticks_per_s;
    let n = sessions as f64;
    println!(
        "sessions {sessions} (half maze at 24 ticks/s, half caves), {seconds} s, a key every 100 ms"
    );
    println!("| measure | value |");
    println!("|---|---|");
    println!(
        "| input-to-frame latency p50 | {:.2} ms |",
        percentile(&t.latencies, 0.5).as_secs_f64() * 1e3
    );
    println!(
        "| input-to-frame latency p99 | {:.2} ms |",
        percentile(&t.latencies, 0.99).as_secs_f64() * 1e3
    );
    println!("| latency samples | {} |", t.latencies.len());
    println!(
        "| server CPU per session | {:.2} % of a core |",
        100.0 * cpu_s / wall.as_secs_f64() / n
    );
    println!(
        "| memory per session (RSS growth / N, clients included) | {:.0} KiB |",
        (rss_after.saturating_sub(rss_before)) as f64 / n
    );
    println!("| bytes/s per session (all) | {:.0} |", t.bytes as f64 / n / seconds as f64);
    println!(
        "| bytes/s per maze session | {:.0} |",
        t.maze_bytes as f64 / (n / 2.0) / seconds as f64
    );
    println!(
        "| bytes/s per caves session | {:.0} |",
        (t.bytes - t.maze_bytes) as f64 / (n / 2.0) / seconds as f64
    );
    println!("| bytes per frame message | {:.0} |", t.bytes as f64 / t.frames.max(1) as f64);
}
