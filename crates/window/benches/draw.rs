//! Drawing a full 80x50 map scene at 32 px into a pixel buffer (no window).

use criterion::{Criterion, criterion_group, criterion_main};
use torchlit_window::Renderer;

#[path = "../tests/support/scene.rs"]
mod scene;

fn full_map(c: &mut Criterion) {
    let mut renderer = Renderer::new().expect("bundled assets");
    let (scene, w, h) = scene::full_map(&renderer);
    let mut buf = vec![0u32; (w * h) as usize];
    c.bench_function("draw 80x50 scene at 32 px", |b| {
        b.iter(|| renderer.draw(std::hint::black_box(&scene), &mut buf, w, h))
    });
}

criterion_group!(benches, full_map);
criterion_main!(benches);
