//! Replaying recordings of the committed catalog (`testdata/recordings/`): a full
//! `--verify` of the long caves game, of the ten-minute maze game and of the long
//! overworld game, and seeking to the middle of each from the end (the replay screen's snapshots). Targets: caves well under
//! a second, maze at least 200x real time (under 3 s), a seek under 100 ms. Also prints the
//! bytes each recording's inputs take.
//!
//! ```text
//! cargo bench -p torchlit-ui --bench replay -- --warm-up-time 1 --measurement-time 3
//! ```

use std::hint::black_box;
use std::path::PathBuf;

use criterion::Criterion;
use torchlit_save::recording::read_info;
use torchlit_ui::replay;

fn recording(name: &str) -> Vec<u8> {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/recordings").join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    for name in ["caves-long.tlrec", "maze-ten-minutes.tlrec", "overworld-long.tlrec"] {
        let bytes = recording(name);
        if let Ok((h, s)) = read_info(&bytes) {
            let unit = if h.mode == "maze" { "minute" } else { "turn" };
            let per = if h.mode == "maze" { s.turns as f64 / 1440.0 } else { s.turns as f64 };
            println!(
                "{name}: {} bytes for {} steps ({} turns/ticks): {:.2} bytes per {unit}",
                bytes.len(),
                s.steps,
                s.turns,
                bytes.len() as f64 / per.max(1.0)
            );
        }
        c.bench_function(&format!("replay/verify/{name}"), |b| {
            b.iter(|| replay::verify(black_box(&bytes)).map(|v| v.hash))
        });
        let mut r = replay::open(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        let len = r.len();
        r.seek(len).unwrap_or_else(|e| panic!("{name}: {e}"));
        // Two seeks per iteration: to the middle, and back to the end.
        c.bench_function(&format!("replay/seek_middle_and_back_to_end/{name}"), |b| {
            b.iter(|| {
                r.seek(len / 2).ok();
                let h = r.hash();
                r.seek(len).ok();
                h
            })
        });
    }
    c.final_summary();
}
