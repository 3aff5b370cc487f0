//! One module per playable mode; a mode uses the shared engine, never another mode.

pub mod ultima;
