//! The 6x6 board: its squares ([`Square`]) and their neighbours in the eight directions,
//! what stands on a square, and the two sides with their starting and goal rows.

use crate::core::{Seat, Side};

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

/// A square of the 6x6 board: index `row * 6 + file`, `a1` = 0, `f6` = 35.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub(super) u8);

impl Square {
    /// The square at `file` (0 = a) and `row` (0 = row 1), if on the board.
    pub fn new(file: i32, row: i32) -> Option<Square> {
        ((0..BOARD_SIZE).contains(&file) && (0..BOARD_SIZE).contains(&row))
            .then(|| Square((row * BOARD_SIZE + file) as u8))
    }

    /// The square with this index (0..36).
    pub fn from_index(i: usize) -> Option<Square> {
        (i < 36).then_some(Square(i as u8))
    }

    /// Index 0..36.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File 0..6 (a..f).
    pub const fn file(self) -> i32 {
        (self.0 as i32) % BOARD_SIZE
    }

    /// Row 0..6 (rows 1..6).
    pub const fn row(self) -> i32 {
        (self.0 as i32) / BOARD_SIZE
    }

    /// The square `df` files and `dr` rows away, if on the board.
    pub fn offset(self, df: i32, dr: i32) -> Option<Square> {
        Square::new(self.file() + df, self.row() + dr)
    }

    /// Every square, a1 first, then b1 .. f1, a2 ..
    pub fn all() -> impl Iterator<Item = Square> {
        (0..36).map(Square)
    }

    /// The eight squares around it that are on the board.
    pub fn neighbours(self) -> impl Iterator<Item = Square> {
        DIRECTIONS
            .iter()
            .filter_map(move |&(df, dr)| self.offset(df, dr))
    }
}

/// The eight directions, in the order moves are listed.
const DIRECTIONS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

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
