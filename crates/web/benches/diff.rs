//! What the browser's frame diff costs per tick: [`torchlit_web::protocol::diff`] between
//! two full map frames (every cell with sprites) that differ in a few cells, as after a
//! turn, and between two equal frames (an idle tick: nothing is sent). Thread CPU time.
//!
//! ```sh
//! cargo bench -p torchlit-web --bench diff
//! ```

use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use torchlit_console::{Cell, Frame, Point, Rgb, Size, Sprite};
use torchlit_web::protocol::{SpriteTable, diff};

/// CPU time of this thread so far.
fn thread_cpu() -> Duration {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

const SPRITES: [Sprite; 8] = [
    Sprite::new("floor"),
    Sprite::new("wall"),
    Sprite::new("door_closed"),
    Sprite::new("water"),
    Sprite::new("player"),
    Sprite::new("orc"),
    Sprite::new("potion"),
    Sprite::new("stairs_down"),
];

/// A map-like cell for (`x`, `y`) at step `step`: most cells terrain, some with a
/// creature on terrain, about one in a hundred changed each step.
fn cell(x: u32, y: u32, step: u32) -> Cell {
    let h = x.wrapping_mul(31).wrapping_add(y.wrapping_mul(17));
    let moved = (h + step).is_multiple_of(97);
    let k = (h + u32::from(moved)) as usize;
    let sprite = SPRITES[k % SPRITES.len()];
    let under = if k % 10 == 4 { SPRITES[0] } else { Sprite::NONE };
    Cell {
        glyph: char::from(b'#' + (k % 40) as u8),
        fg: Rgb((k * 7) as u8, 200, 90),
        bg: Rgb::BLACK,
        bold: k.is_multiple_of(13),
        sprite,
        under,
        light: 255 - (k % 64) as u8,
    }
}

fn frame(size: Size, step: u32) -> Frame {
    let mut frame = Frame::with_size(size);
    for y in 0..size.height {
        for x in 0..size.width {
            frame.set(Point::new(x as i32, y as i32), cell(x, y, step));
        }
    }
    frame
}

fn diffs(c: &mut Criterion) {
    let table = SpriteTable::new(&SPRITES);
    for (w, h) in [(80u32, 24u32), (200, 60)] {
        let size = Size::new(w, h);
        let (a, b) = (frame(size, 0), frame(size, 1));
        let same = a.clone();
        for (name, now) in [("a turn", &b), ("idle", &same)] {
            c.bench_function(&format!("diff {w}x{h}, {name} (thread CPU)"), |bench| {
                bench.iter_custom(|iters| {
                    let start = thread_cpu();
                    for _ in 0..iters {
                        std::hint::black_box(diff(std::hint::black_box(&a), now, &table));
                    }
                    thread_cpu() - start
                })
            });
        }
    }
}

criterion_group!(benches, diffs);
criterion_main!(benches);
