//! The 6x6 board: its squares ([`Square`]) and their neighbours in the eight directions,
//! what stands on a square, and the two sides with their starting and goal rows.

use crate::core::{grid, Seat, Side};

/// Squares on a side of the board (6x6: nine 2x2 tiles).
pub const BOARD_SIZE: i32 = 6;

/// The two sides: seat 1 plays Suns (starting row 1), seat 2 Moons (starting row 6).
pub const SIDES: [Side; 2] = [
    Side {
        letter: "S",
        name: "Suns",
    },
    Side {
        letter: "M",
        name: "Moons",
    },
];

/// A square of the 6x6 board: index `row * 6 + file`, `a1` = 0, `f6` = 35 (its rank is the
/// row, 0 for row 1).
pub type Square = grid::Square<6>;

/// The row (0-based) where `seat` starts: row 1 for seat 1, row 6 for seat 2.
pub const fn start_row(seat: Seat) -> i32 {
    if seat == 0 {
        0
    } else {
        BOARD_SIZE - 1
    }
}

/// The row (0-based) `seat`'s special coins must reach: the opponent's starting row.
pub const fn goal_row(seat: Seat) -> i32 {
    start_row(1 - (seat & 1))
}

/// The side name of a seat ("Suns", "Moons").
pub fn side_name(seat: Seat) -> &'static str {
    SIDES.get(seat).map_or("?", |s| s.name)
}

/// What stands on a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Cell {
    Empty,
    Lone(Seat),
    Pair,
}
