//! Stacks' board: colours, cells and rows, and the way forward for each seat.

use crate::core::Seat;

/// Pieces each player owns.
pub const PIECES: u8 = 12;
/// Smallest board side offered.
pub const MIN_SIDE: u8 = 3;
/// Largest board side offered.
pub const MAX_SIDE: u8 = 5;
/// The board side a new game gets by default (19 cells).
pub const DEFAULT_SIDE: u8 = 3;
/// Moves a normal turn is worth.
pub const MOVES_PER_TURN: u8 = 2;

// ---------------------------------------------------------------------------------------------
// Colours
// ---------------------------------------------------------------------------------------------

/// A player's colour: seat 1 plays Light, seat 2 Dark.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// Light (`L`), seat 1, near row `a`.
    Light,
    /// Dark (`D`), seat 2, near row at the opposite end.
    Dark,
}

/// Both colours, in seat order.
pub const COLOURS: [Colour; 2] = [Colour::Light, Colour::Dark];

impl Colour {
    /// The colour of `seat` (0 Light, anything else Dark).
    pub const fn of_seat(seat: Seat) -> Colour {
        if seat == 0 {
            Colour::Light
        } else {
            Colour::Dark
        }
    }

    /// The seat playing this colour.
    pub const fn seat(self) -> Seat {
        match self {
            Colour::Light => 0,
            Colour::Dark => 1,
        }
    }

    /// The other colour.
    pub const fn other(self) -> Colour {
        match self {
            Colour::Light => Colour::Dark,
            Colour::Dark => Colour::Light,
        }
    }

    /// The notation letter, `L` or `D`.
    pub const fn letter(self) -> char {
        match self {
            Colour::Light => 'L',
            Colour::Dark => 'D',
        }
    }

    /// The notation letter as a string.
    pub const fn letter_str(self) -> &'static str {
        match self {
            Colour::Light => "L",
            Colour::Dark => "D",
        }
    }

    /// The colour for a notation letter (upper case only).
    pub fn from_letter(c: char) -> Option<Colour> {
        COLOURS.into_iter().find(|col| col.letter() == c)
    }

    /// The colour's name, `Light` or `Dark`.
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Light => "Light",
            Colour::Dark => "Dark",
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Geometry
// ---------------------------------------------------------------------------------------------

/// A cell named by its row (0 = row `a`, Light's near row) and its place in the row (0 = the
/// leftmost cell, written `1`), as Light sees the board. Whether it lies on a board depends on
/// the board's side ([`is_on_board`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// Row from Light's side: 0 is row `a`.
    pub row: u8,
    /// Place in the row from the left: 0 is written `1`.
    pub pos: u8,
}

impl Cell {
    /// The cell at `row` and `pos` (both from 0), whatever the board.
    pub const fn new(row: u8, pos: u8) -> Cell {
        Cell { row, pos }
    }
}

/// Where a group goes: a cell, or off the board past the far row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dest {
    /// Onto this cell.
    Cell(Cell),
    /// Off the board.
    Off,
}

/// Whether `side` is a board side the game offers (3 to 5).
pub fn valid_side(side: u8) -> bool {
    (MIN_SIDE..=MAX_SIDE).contains(&side)
}

/// Number of rows of a board of `side`: `2 * side - 1`.
pub const fn row_count(side: u8) -> u8 {
    2 * side - 1
}

/// Number of cells in `row` of a board of `side` (0 for a row not on the board): `side` on the
/// two short rows, `2 * side - 1` on the middle row.
pub fn row_len(side: u8, row: u8) -> u8 {
    if row >= row_count(side) {
        return 0;
    }
    let from_edge = row.min(row_count(side) - 1 - row);
    side + from_edge
}

/// Number of cells on a board of `side`: 19, 37 or 61.
pub fn cell_count(side: u8) -> usize {
    (0..row_count(side))
        .map(|r| usize::from(row_len(side, r)))
        .sum()
}

/// Whether `cell` lies on a board of `side`.
pub fn is_on_board(side: u8, cell: Cell) -> bool {
    cell.pos < row_len(side, cell.row)
}

/// Every cell of a board of `side`, row `a` first, each row left to right (the order of
/// [`cell_index`]).
pub fn cells(side: u8) -> Vec<Cell> {
    (0..row_count(side))
        .flat_map(|row| (0..row_len(side, row)).map(move |pos| Cell { row, pos }))
        .collect()
}

/// The index of `cell` in [`cells`], if it lies on the board.
pub fn cell_index(side: u8, cell: Cell) -> Option<usize> {
    if !is_on_board(side, cell) {
        return None;
    }
    let before: usize = (0..cell.row).map(|r| usize::from(row_len(side, r))).sum();
    Some(before + usize::from(cell.pos))
}

/// Where to draw `cell`: its horizontal centre in half cell widths from the board's vertical
/// axis (negative to the left, as Light sees the board), and its row (0 = row `a`, Light's
/// near row, drawn nearest Light). Pointy-top hexagons in horizontal rows: a cell's centre is
/// one row above its forward neighbours' shared edge, half a cell to either side.
pub fn draw_position(side: u8, cell: Cell) -> (i32, u8) {
    let len = i32::from(row_len(side, cell.row));
    (2 * i32::from(cell.pos) - (len - 1), cell.row)
}

/// The row at `seat`'s side of a board of `side` (row `a` for Light, the last row for Dark):
/// where that seat enters its pieces.
pub fn near_row(side: u8, seat: Seat) -> u8 {
    if seat == 0 {
        0
    } else {
        row_count(side) - 1
    }
}

/// The row at the opposite side (the other seat's near row): where `seat`'s groups leave.
pub fn far_row(side: u8, seat: Seat) -> u8 {
    near_row(side, 1 - seat.min(1))
}

/// The cells one row forward from `cell` for `seat` (away from its side) that share an edge
/// with it, left to right: two, or one at a side edge, none on the far row (whose cells lead
/// off the board instead) or for a cell not on the board.
pub fn forward(side: u8, cell: Cell, seat: Seat) -> Vec<Cell> {
    if !is_on_board(side, cell) || cell.row == far_row(side, seat) {
        return Vec::new();
    }
    let next = if seat == 0 {
        cell.row + 1
    } else {
        cell.row - 1
    };
    let len = row_len(side, cell.row);
    let next_len = row_len(side, next);
    // A longer next row is offset half a cell left: the cells at `pos` and `pos + 1`. A
    // shorter one is offset half a cell right: `pos - 1` and `pos`.
    let candidates: [Option<u8>; 2] = if next_len > len {
        [Some(cell.pos), Some(cell.pos + 1)]
    } else {
        [cell.pos.checked_sub(1), Some(cell.pos)]
    };
    candidates
        .into_iter()
        .flatten()
        .filter(|&pos| pos < next_len)
        .map(|pos| Cell { row: next, pos })
        .collect()
}

/// How many of `colour`'s pieces sit together at the top of `stack`.
pub fn own_run(stack: &[Colour], colour: Colour) -> usize {
    stack.iter().rev().take_while(|&&c| c == colour).count()
}

/// The letter of row `row` (0 = `a`).
pub fn row_letter(row: u8) -> char {
    char::from(b'a'.saturating_add(row))
}

pub(super) fn name(cell: Cell) -> String {
    format!("{}{}", row_letter(cell.row), u32::from(cell.pos) + 1)
}
