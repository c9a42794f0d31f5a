//! Stacks' moves and options.

use crate::core::SetupError;

use super::board::*;

// ---------------------------------------------------------------------------------------------
// Moves and options
// ---------------------------------------------------------------------------------------------

/// One step of a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StacksMove {
    /// One piece from the reserve onto this cell of the mover's near row (`+a2`).
    Enter(Cell),
    /// The top `count` pieces of `from` move to `to` (`b2-c3`, `b2-c3x2`, `e1-off`).
    Move {
        /// The cell the group leaves.
        from: Cell,
        /// Where it goes.
        to: Dest,
        /// How many pieces from the top, at least 1.
        count: u8,
    },
    /// The mover has no legal step at all and passes the turn (`pass`).
    Pass,
}

/// The options: the board's side and the variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StacksOptions {
    /// The board's side, 3 to 5.
    pub side: u8,
    /// Diabolical Stacks (rulings 9 to 11) instead of Stacks.
    pub diabolical: bool,
}

impl Default for StacksOptions {
    fn default() -> Self {
        StacksOptions {
            side: DEFAULT_SIDE,
            diabolical: false,
        }
    }
}

impl StacksOptions {
    /// Checks the side is 3, 4 or 5.
    ///
    /// # Errors
    /// When it is not.
    pub fn validate(&self) -> Result<(), SetupError> {
        if valid_side(self.side) {
            Ok(())
        } else {
            Err(SetupError(format!(
                "the board's side is {MIN_SIDE} to {MAX_SIDE}, not {}",
                self.side
            )))
        }
    }
}
