//! The computer opponent: one Monte Carlo tree search (UCT) generic over [`Game`], so every
//! game, including one added later, gets a computer player with no code of its own.
//!
//! - Every seat has its reward (2 to 5 players): winners share the win, a draw splits it,
//!   and where the game keeps scores the others are ranked by them ([`outcome_rewards`]).
//! - A turn of several steps is searched as the steps it is: a tree node's mover is
//!   [`Game::to_move`], which may be the same seat several times in a row.
//! - Hidden information: the search starts from what its seat knows ([`Game::recall`]: what
//!   it may see and what it must remember, such as Evade's earlier peeks) and samples one
//!   whole position per iteration with [`Game::determinize`] (single-observer
//!   information-set search: the tree's edges are moves, and an edge counts as available only
//!   in the samples where it is legal).
//! - Seeded with the project's [`Rng`](crate::core::Rng): the same position, budget and seed give the same
//!   move whenever the time cap is not what stopped the search.
//! - The clock is passed in (`&dyn Fn() -> f64`, milliseconds): `std::time::Instant` panics
//!   in `wasm32-unknown-unknown`, where a Web Worker passes `performance.now()`; native
//!   callers use [`native_clock`].
//!
//! Nothing here imports a web crate.

mod hint;
mod reward;
pub mod safety;
mod search;

pub use hint::{hint, Hint, CHECK_MS, CHECK_PLAYS, SAMPLES};
pub use reward::{heuristic_rewards, outcome_rewards};
pub use search::{chances, ranked, search, Choice, Settings};

use crate::core::{Game, GameInfo, PlayError, Strength};

/// How much the computer may think: an iteration count, and a time cap that stops the
/// search earlier on a slow device. When the cap is not reached the move depends only on
/// the position, the budget and the seed.
///
/// The three strengths are each game's iteration counts ([`GameInfo::strengths`]), capped at
/// thinking times of 0.2 s, 1 s and 3 s ([`Budget::SECONDS`]): the same position, strength
/// and seed give the same move wherever the search reaches its count inside its time.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Budget {
    /// Most search iterations (one walk down the tree and one random playout each; at least
    /// one is always run).
    pub iterations: u32,
    /// Most thinking time in milliseconds by the clock given to the search; `None` for
    /// iterations alone (the same move on every machine).
    pub time_cap_ms: Option<f64>,
}

impl Budget {
    /// The most thinking time of the quick, normal and strong strengths, in seconds.
    pub const SECONDS: [f64; 3] = [0.2, 1.0, 3.0];

    /// The budget of `strength` for `game`: the game's count for it
    /// ([`GameInfo::strengths`]), capped at the strength's time ([`Budget::SECONDS`]).
    pub fn of(strength: Strength, game: &GameInfo) -> Budget {
        let i = match strength {
            Strength::Quick => 0,
            Strength::Normal => 1,
            Strength::Strong => 2,
        };
        Budget {
            iterations: game.strengths[i],
            time_cap_ms: Some(Budget::SECONDS[i] * 1000.0),
        }
    }

    /// The quick strength for `game` (at most 0.2 s).
    pub fn quick(game: &GameInfo) -> Budget {
        Budget::of(Strength::Quick, game)
    }

    /// The normal strength for `game` (at most 1 s).
    pub fn normal(game: &GameInfo) -> Budget {
        Budget::of(Strength::Normal, game)
    }

    /// The strong strength for `game` (at most 3 s).
    pub fn strong(game: &GameInfo) -> Budget {
        Budget::of(Strength::Strong, game)
    }

    /// A fixed number of iterations and no time cap: reproducible everywhere.
    pub const fn iterations(iterations: u32) -> Budget {
        Budget {
            iterations,
            time_cap_ms: None,
        }
    }

    /// The preset called `quick`, `normal` or `strong` ([`Strength::label`]), for `game`.
    pub fn preset(name: &str, game: &GameInfo) -> Option<Budget> {
        Strength::from_label(name).map(|strength| Budget::of(strength, game))
    }
}

/// A clock in milliseconds from `std::time::Instant` (native builds only: `Instant` panics
/// in `wasm32-unknown-unknown`, where the caller passes `performance.now()` instead).
#[cfg(not(target_arch = "wasm32"))]
pub fn native_clock() -> impl Fn() -> f64 {
    let start = std::time::Instant::now();
    move || start.elapsed().as_secs_f64() * 1000.0
}

/// The move the computer plays for the seat to move in `game`, with the default
/// [`Settings`]. `game` may be the whole position or what the mover knows of it
/// ([`Game::recall`]): the search only ever looks at the latter.
///
/// # Errors
/// [`PlayError::GameOver`] when nobody is to move.
pub fn best_move<G: Game>(
    game: &G,
    budget: &Budget,
    seed: u64,
    clock: &dyn Fn() -> f64,
) -> Result<G::Move, PlayError> {
    search(game, budget, &Settings::default(), seed, clock).map(|c| c.mv)
}
