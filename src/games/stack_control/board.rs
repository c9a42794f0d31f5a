//! Stack Control's board: squares and how far a stack reaches from one.

use crate::core::grid;

/// A square of the 8x8 board: index `rank * 8 + file`, `a1` = 0, `h8` = 63.
pub type Square = grid::Square<8>;

pub(super) use grid::DIRECTIONS;

impl Square {
    /// Whether this is one of the four corners (empty at the start).
    pub const fn is_corner(self) -> bool {
        matches!(self.index(), 0 | 7 | 56 | 63)
    }
}

/// The squares `d` squares away from `from` (1 to 3) in the eight directions, as a bit set
/// (bit `i` for square `i`): where a stack topped by `d` pips may land when they hold a
/// stack. Shifts by whole ranks drop off the board by themselves; a shift along a rank is
/// made only when it stays on it.
pub(super) fn reach_mask(from: usize, d: u8) -> u64 {
    let bit = 1u64 << (from % 64);
    let (file, d) = (from % 8, usize::from(d));
    let rank = 8 * d;
    let mut mask = bit << rank | bit >> rank;
    if file + d <= 7 {
        let east = bit << d;
        mask |= east | east << rank | east >> rank;
    }
    if file >= d {
        let west = bit >> d;
        mask |= west | west << rank | west >> rank;
    }
    mask
}
