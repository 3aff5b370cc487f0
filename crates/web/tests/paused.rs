//! A real-time game waits while its page is gone (issue 29, maze): the session runs no
//! tick between the page leaving and coming back with its token.

use torchlit_console::Point;

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use common::{Harness, Mirror, until};
use torchlit_console::{Frame, Input, Rgb, Screen, Transition};

/// A real-time screen that counts its ticks.
struct Ticking(Arc<AtomicUsize>);

impl Screen for Ticking {
    fn render(&self, frame: &mut Frame) {
        frame.print_at(Point::new(0, 0), "ticking", Rgb::WHITE, Rgb::BLACK);
    }
    fn handle(&mut self, _: Input) -> Transition {
        Transition::Stay
    }
    fn wants_ticks(&self) -> bool {
        true
    }
    fn tick(&mut self) -> Transition {
        self.0.fetch_add(1, Ordering::SeqCst);
        Transition::Stay
    }
}

#[tokio::test]
async fn a_real_time_game_waits_while_its_page_is_gone() {
    let ticks = Arc::new(AtomicUsize::new(0));
    let t = Arc::clone(&ticks);
    let factory: torchlit_web::Factory = Arc::new(move |_: &torchlit_web::protocol::Launch| {
        Box::new(Ticking(Arc::clone(&t))) as Box<dyn Screen>
    });
    let h = Harness::start(factory, |o| o.reattach = Duration::from_secs(10)).await;
    let ws = h.connect("").await.expect("connect");
    let mut ws = ws;
    let mut m = Mirror::default();
    until(&mut ws, &mut m, |m| m.shown()).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(ticks.load(Ordering::SeqCst) > 0, "it ticks while the page is there");
    let token = m.token.clone();
    drop(ws);
    // The session sees the page go, then runs no tick while it is gone.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let gone = ticks.load(Ordering::SeqCst);
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(ticks.load(Ordering::SeqCst), gone, "no tick without a page (24 a second ran)");
    let mut again = h.connect(&format!("?token={token}")).await.expect("reconnect");
    let mut m2 = Mirror::default();
    until(&mut again, &mut m2, |m| m.shown()).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let back = ticks.load(Ordering::SeqCst);
    assert!(back > gone && back < gone + 24, "it ticks again from where it was: {gone} -> {back}");
    h.stop().await;
}
