//! The tutorial's game (`examples/tutorial.rs`) in a desktop window instead of the
//! terminal: the same screen, drawn as text in a real font.
//!
//! ```text
//! cargo run -p torchlit --features window --example tutorial_window
//! ```

#[allow(dead_code)]
#[path = "tutorial.rs"]
mod tutorial;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let seed = torchlit::rng::Seed::from_input("tutorial");
    let screen = tutorial::TutorialScreen::new(seed)?;
    torchlit::window::run(Box::new(screen))?;
    Ok(())
}
