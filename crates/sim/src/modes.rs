//! One module per playable mode; a mode uses the shared engine, never another mode.

pub mod caves;
pub mod chase;
pub mod maze;
pub mod overworld;
pub mod ultima;
