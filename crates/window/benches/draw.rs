//! Drawing a full 80x50 map scene at 32 px into a pixel buffer (no window): wall time,
//! and the drawing thread's CPU time (what a frame costs when the machine is shared).

use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use torchlit_window::Renderer;

#[path = "../tests/support/scene.rs"]
mod scene;

/// CPU time of this thread so far.
fn thread_cpu() -> Duration {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

fn full_map(c: &mut Criterion) {
    let mut renderer = Renderer::new().expect("bundled assets");
    let (scene, w, h) = scene::full_map(&renderer);
    let mut buf = vec![0u32; (w * h) as usize];
    c.bench_function("draw 80x50 scene at 32 px", |b| {
        b.iter(|| renderer.draw(std::hint::black_box(&scene), &mut buf, w, h))
    });
    c.bench_function("draw 80x50 scene at 32 px (thread CPU time)", |b| {
        b.iter_custom(|iters| {
            let start = thread_cpu();
            for _ in 0..iters {
                renderer.draw(std::hint::black_box(&scene), &mut buf, w, h);
            }
            thread_cpu() - start
        })
    });
}

criterion_group!(benches, full_map);
criterion_main!(benches);
