//! Stack Control's board: squares and how far a stack reaches from one.

/// A square of the 8x8 board: index `rank * 8 + file`, `a1` = 0, `h8` = 63.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at `file` (0 = a) and `rank` (0 = 1), if on the board.
    pub fn new(file: i32, rank: i32) -> Option<Square> {
        ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| Square((rank * 8 + file) as u8))
    }

    /// The square with this index (0..64).
    pub fn from_index(i: usize) -> Option<Square> {
        (i < 64).then_some(Square(i as u8))
    }

    /// Index 0..64.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File 0..8 (a..h).
    pub const fn file(self) -> i32 {
        (self.0 % 8) as i32
    }

    /// Rank 0..8 (1..8).
    pub const fn rank(self) -> i32 {
        (self.0 / 8) as i32
    }

    /// Every square, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }

    /// Whether this is one of the four corners (empty at the start).
    pub const fn is_corner(self) -> bool {
        matches!(self.0, 0 | 7 | 56 | 63)
    }
}

pub(super) const DIRECTIONS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

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
