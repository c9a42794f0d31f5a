//! Moves and options: [`EvadeMove`] (setup, peek, step, pass, draw offers) and
//! [`EvadeOptions`] (the rules as written or "show me my own coins").

use super::board::Square;
use super::coins::Value;

/// A move: one step of a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EvadeMove {
    /// The secret setup: the values put on files a to f of the mover's starting row.
    Setup([Value; 6]),
    /// A peek at the mover's own coin on this square (rules as written only).
    Peek(Square),
    /// One coin moves one square; onto a lone enemy coin it freezes both.
    Step {
        /// Where the coin stands.
        from: Square,
        /// Where it goes.
        to: Square,
    },
    /// No coin can move: the turn passes.
    Pass,
    /// The player whose turn it is offers a draw (before peeking or moving).
    Offer,
    /// The opponent accepts the draw on offer: the game is drawn.
    Accept,
    /// The opponent declines the draw on offer: the offerer goes on with the turn.
    Decline,
}

/// The options: whether each player is shown the values of their own coins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct EvadeOptions {
    /// On: the "show me my own coins" variant (no peeking). Off: the rules as written.
    pub own_coins_shown: bool,
}
