//! The engine core shared by every game: the [`Game`] trait, outcomes, seats, errors,
//! the seeded random generator, game records and the registry of games by slug.
//!
//! Nothing here imports a web crate: the engines build and test natively.

#[cfg(not(target_arch = "wasm32"))]
pub mod conformance;
pub mod error;
pub mod game;
pub mod playout;
pub mod record;
pub mod registry;
pub mod rng;

pub use error::{ApiError, NotationError, PlayError, SetupError};
pub use game::{Game, GameInfo, Outcome, Seat, Viewer};
pub use record::{GameRecord, PlayerInfo, Timeline, RECORD_FORMAT};
pub use registry::{AnyGame, GameEntry};
pub use rng::Rng;
