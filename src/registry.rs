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

pub use crate::ai::Budget;
mod any;

use crate::core::ApiError;
pub use any::{AnyGame, GameEntry, GameResult};

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

/// The computer's move in a game of `slug`, in move notation: for the seat to move in
/// `position` (position notation; in a game with hidden information, the position as that
/// seat sees it is enough, and all the search ever looks at), thinking within `budget` by
/// `clock` (milliseconds; natively [`crate::ai::native_clock`], in a Web Worker
/// `performance.now()`). The same position, budget and seed give the same move whenever the
/// time cap is not reached.
///
/// ```
/// use stackplay::{ai, registry};
/// use stackplay::registry::Budget;
/// let game = registry::create("stack-control", "colours=RB", 7).unwrap();
/// let clock = ai::native_clock();
/// let budget = Budget::iterations(200);
/// let mv = registry::best_move("stack-control", &game.position(), &budget, 1, &clock).unwrap();
/// assert!(game.legal_moves().contains(&mv));
/// let again = registry::best_move("stack-control", &game.position(), &budget, 1, &clock);
/// assert_eq!(again.unwrap(), mv);
/// ```
///
/// # Errors
/// Unknown slug, a position that does not parse or is inconsistent, or a finished game.
#[cfg(not(all(target_arch = "wasm32", feature = "ui")))]
pub fn best_move(
    slug: &str,
    position: &str,
    budget: &Budget,
    seed: u64,
    clock: &dyn Fn() -> f64,
) -> Result<String, ApiError> {
    find(slug)?.best_move(position, budget, seed, clock)
}
