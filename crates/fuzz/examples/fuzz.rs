//! A stable, seeded byte mutator over the committed corpus: no compiler instrumentation,
//! so it is blind to coverage, but it needs no nightly compiler.
//!
//! ```text
//! cargo run --release -p torchlit-fuzz --example fuzz -- TARGET SECONDS [SEED]
//! ```
//!
//! Each round picks a corpus input, applies 1 to 8 random edits (flip, replace with an
//! interesting byte or digit run, insert, delete, duplicate a slice, splice another
//! input) and runs the target. A panic stops the run: the input is written to
//! `fuzz/crashes/TARGET-SEED-N` and the run exits with status 1. At the end it prints
//! `TARGET: N execs in S s (seed X)`.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use torchlit_rng::{Rng, Seed};

const INTERESTING: &[&[u8]] = &[
    b"0",
    b"-1",
    b"4096",
    b"4097",
    b"2048",
    b"65536",
    b"4294967295",
    b"99999999999999999999",
    b"\n",
    b"\r\n",
    b" ",
    b"\t",
    b"@",
    b"#",
    b".",
    b"+",
    b"A",
    b"Z",
    b"s",
    b"\0",
    b"\xff",
    b"[keys.caves]\n",
    b"[play]\n",
    b"= [\"",
    b"\"]\n",
    b"1e308",
    b"nan",
    b"inf",
    b"\xe2\x82\xac",
];

fn mutate(rng: &mut Rng, input: &mut Vec<u8>, corpus: &[Vec<u8>]) {
    let edits = 1 + rng.below(8);
    for _ in 0..edits {
        let len = input.len() as u64;
        let at = if len == 0 { 0 } else { rng.below(len) as usize };
        match rng.below(7) {
            0 if len > 0 => input[at] ^= 1 << rng.below(8),
            1 if len > 0 => input[at] = rng.below(256) as u8,
            2 => {
                let piece = INTERESTING[rng.below(INTERESTING.len() as u64) as usize];
                input.splice(at..at, piece.iter().copied());
            }
            3 if len > 0 => {
                let n = (1 + rng.below(16) as usize).min(input.len() - at);
                input.drain(at..at + n);
            }
            4 if len > 0 => {
                let n = (1 + rng.below(64) as usize).min(input.len() - at);
                let piece: Vec<u8> = input[at..at + n].to_vec();
                let to = rng.below(len + 1) as usize;
                input.splice(to..to, piece);
            }
            5 if !corpus.is_empty() => {
                let other = &corpus[rng.below(corpus.len() as u64) as usize];
                if !other.is_empty() {
                    let from = rng.below(other.len() as u64) as usize;
                    let n = (1 + rng.below(256) as usize).min(other.len() - from);
                    input.splice(at..at, other[from..from + n].iter().copied());
                }
            }
            _ => {
                let digits = 1 + rng.below(12);
                let run: Vec<u8> = (0..digits).map(|_| b'0' + rng.below(10) as u8).collect();
                input.splice(at..at, run);
            }
        }
        input.truncate(1 << 20);
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let name = args.next().ok_or("usage: fuzz TARGET SECONDS [SEED]")?;
    let seconds: u64 = args.next().ok_or("usage: fuzz TARGET SECONDS [SEED]")?.parse()?;
    let seed: u64 = match args.next() {
        Some(s) => s.parse()?,
        None => std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH)?.as_secs(),
    };
    let target = torchlit_fuzz::target(&name).ok_or(format!("no target {name:?}"))?;
    let root: PathBuf = [env!("CARGO_MANIFEST_DIR"), "..", "..", "fuzz"].iter().collect();
    let mut corpus = Vec::new();
    for entry in std::fs::read_dir(root.join("corpus").join(&name))? {
        corpus.push(std::fs::read(entry?.path())?);
    }
    if corpus.is_empty() {
        corpus.push(Vec::new());
    }
    std::panic::set_hook(Box::new(|_| {})); // a crash is reported below, once
    let mut rng = Rng::new(Seed(seed));
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let started = Instant::now();
    let mut execs: u64 = 0;
    while Instant::now() < deadline {
        for _ in 0..64 {
            let mut input = corpus[rng.below(corpus.len() as u64) as usize].clone();
            mutate(&mut rng, &mut input, &corpus);
            execs += 1;
            if std::panic::catch_unwind(|| target(&input)).is_err() {
                let dir = root.join("crashes");
                std::fs::create_dir_all(&dir)?;
                let path = dir.join(format!("{name}-{seed}-{execs}"));
                std::fs::write(&path, &input)?;
                let _ = std::panic::take_hook();
                eprintln!("{name}: crash after {execs} execs: {}", path.display());
                std::process::exit(1);
            }
        }
    }
    println!("{name}: {execs} execs in {:.0} s (seed {seed})", started.elapsed().as_secs_f64());
    Ok(())
}
