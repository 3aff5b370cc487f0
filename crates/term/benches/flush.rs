//! What one terminal frame costs torchlit's side: a screen renders a full map into a new
//! [`Frame`] (every cell set: glyph, colours, sprites), [`FrameView`] copies it into
//! ratatui's buffer, and ratatui diffs and writes it (to a `TestBackend`, no tty). Frames
//! of 80x24 (the smallest terminal) and 200x60 (a big one), each step changing a few
//! cells as a turn does. Thread CPU time, what a frame costs on a shared machine.
//!
//! ```sh
//! cargo bench -p torchlit-term --bench flush
//! ```

use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use torchlit_console::{Cell, Frame, Point, Rgb, Size, Sprite};
use torchlit_term::FrameView;

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
/// creature on terrain, a few changed each step.
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

/// What a screen's render does: a new frame, every cell set.
fn render(size: Size, step: u32) -> Frame {
    let mut frame = Frame::with_size(size);
    for y in 0..size.height {
        for x in 0..size.width {
            frame.set(Point::new(x as i32, y as i32), cell(x, y, step));
        }
    }
    frame
}

fn flush(c: &mut Criterion) {
    for (w, h) in [(80u16, 24u16), (200, 60)] {
        let size = Size::new(u32::from(w), u32::from(h));
        let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("a test terminal");
        let mut step = 0;
        c.bench_function(&format!("render + draw + flush {w}x{h} (thread CPU)"), |b| {
            b.iter_custom(|iters| {
                let start = thread_cpu();
                for _ in 0..iters {
                    step += 1;
                    let frame = render(size, step);
                    terminal.draw(|f| f.render_widget(FrameView(&frame), f.area())).expect("drawn");
                }
                thread_cpu() - start
            })
        });
        let mut buf = Buffer::empty(Rect::new(0, 0, w, h));
        c.bench_function(&format!("render + FrameView {w}x{h} (thread CPU)"), |b| {
            b.iter_custom(|iters| {
                let start = thread_cpu();
                for _ in 0..iters {
                    step += 1;
                    let frame = render(size, step);
                    FrameView(&frame).render(buf.area, &mut buf);
                }
                thread_cpu() - start
            })
        });
    }
}

criterion_group!(benches, flush);
criterion_main!(benches);
