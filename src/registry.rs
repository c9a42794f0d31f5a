//! The games by slug, and a string-level API over them.
//!
//! Everything here speaks in strings (options, positions, moves), so tests, tools and the UI's
//! generic parts can drive any game without knowing its types:
//!
//! ```
//! use stackplay::registry;
//! let mut game = registry::create("stack-control", "colours=RB", 7).unwrap();
//! let first = game.legal_moves()[0].clone();
//! game.play(&first).unwrap();
//! assert!(game.outcome().is_none());
//! let copy = registry::load("stack-control", &game.position()).unwrap();
//! assert_eq!(copy.position(), game.position());
//! ```

pub use crate::core::any::{AnyGame, GameEntry, GameResult};
use crate::core::ApiError;

/// Every registered game, in menu order.
pub fn games() -> &'static [GameEntry] {
    &crate::games::GAMES
}

/// The game registered under `slug`.
///
/// # Errors
/// [`ApiError::UnknownGame`] when there is none.
pub fn find(slug: &str) -> Result<&'static GameEntry, ApiError> {
    games()
        .iter()
        .find(|g| g.info().slug == slug)
        .ok_or_else(|| ApiError::UnknownGame(slug.chars().take(40).collect()))
}

/// A new game of `slug` from options notation and a seed.
///
/// # Errors
/// Unknown slug, or options that do not parse or cannot start a game.
pub fn create(slug: &str, options: &str, seed: u64) -> Result<Box<dyn AnyGame>, ApiError> {
    find(slug)?.create(options, seed)
}

/// A game of `slug` from position notation.
///
/// # Errors
/// Unknown slug, or a position that does not parse.
#[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
pub fn load(slug: &str, position: &str) -> Result<Box<dyn AnyGame>, ApiError> {
    find(slug)?.load(position)
}
