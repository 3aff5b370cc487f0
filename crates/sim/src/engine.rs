//! The engine every mode shares: actors, speed and energy, cool-downs, the state hash.
//!
//! Modes own their state types; these pieces give them one way to store actors (stable
//! ids, iteration in id order), to let fast actors act more often (energy), to count
//! real-time delays (tick cool-downs), and to hash a state the same everywhere. Words are
//! the screens' business (`torchlit-ui`'s grammar): the sim sends events, never text.

mod actors;
mod cooldown;
mod energy;
mod hash;

pub use actors::{ActorId, Actors};
pub use cooldown::Cooldown;
pub use energy::{ACTION_COST, Energy, Speed};
#[cfg(feature = "serde")]
pub use hash::{state_hash, state_hash_without_tail};
