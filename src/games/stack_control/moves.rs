//! Stack Control's moves and options.

use super::board::*;
use super::pieces::*;
use crate::core::SetupError;

/// A move: the stack on `from` moves onto the stack on `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StackMove {
    /// Where the moving stack stands.
    pub from: Square,
    /// The stack it lands on.
    pub to: Square,
}

/// The options: one scoring colour per seat, in seat order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StackControlOptions {
    /// Seat `i` scores colour `colours[i]`.
    pub colours: Vec<Colour>,
}

impl StackControlOptions {
    /// Checks 2 to 5 distinct colours.
    ///
    /// # Errors
    /// When the count is wrong or a colour repeats.
    pub fn validate(&self) -> Result<(), SetupError> {
        let n = self.colours.len();
        if !(2..=5).contains(&n) {
            return Err(SetupError(format!(
                "Stack Control is for 2 to 5 players, not {n}"
            )));
        }
        for (i, c) in self.colours.iter().enumerate() {
            if self.colours[..i].contains(c) {
                return Err(SetupError(format!(
                    "two players cannot both score {}",
                    c.name()
                )));
            }
        }
        Ok(())
    }
}
