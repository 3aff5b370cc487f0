//! The engine every mode shares: actors, speed and energy, cool-downs, messages, the state hash.
//!
//! Modes own their state types; these pieces give them one way to store actors (stable
//! ids, iteration in id order), to let fast actors act more often (energy), to count
//! real-time delays (tick cool-downs), and to word what happened (second-person messages).

mod actors;
mod cooldown;
mod energy;
mod grammar;
mod hash;

pub use actors::{ActorId, Actors};
pub use cooldown::Cooldown;
pub use energy::{ACTION_COST, Energy, Speed};
pub use grammar::{Noun, capitalize, indefinite, sentence, third_person};
#[cfg(feature = "serde")]
pub use hash::{state_hash, state_hash_without_tail};
