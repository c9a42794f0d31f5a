//! The engine core shared by every game: the [`Game`] trait, outcomes, seats, errors,
//! the seeded random generator, the new-game form declarations, and [`AnyGame`] (any game
//! driven through strings). It knows no game: the table of games lives in `crate::games`.
//!
//! Nothing here imports a web crate: the engines build and test natively.

pub mod any;
#[cfg(not(target_arch = "wasm32"))]
pub mod conformance;
pub mod error;
pub mod game;
pub mod playout;
pub mod rng;
pub mod setup;

pub use any::{AnyGame, GameEntry};
pub use error::{ApiError, NotationError, PlayError, SetupError};
pub use game::{Game, GameInfo, Outcome, Seat, Viewer};
pub use rng::Rng;
pub use setup::{Fact, OptionKind, OptionSpec, SeatCard, SetupChoices, SetupForm, Side, SideRule};
