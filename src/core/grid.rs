//! Square boards of `N` by `N` squares (Stack Control's 8x8, Evade's 6x6): a square, its
//! neighbours in the eight directions, and its notation (`a1`: file letter, rank digit).

use std::fmt;
use std::str::FromStr;

use super::{clip, NotationError};

/// A square of an `N` x `N` board: index `rank * N + file`, `a1` = 0 (`N` is at most 9, so
/// that a rank is one digit).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square<const N: u8>(u8);

/// The eight directions as (files, ranks), clockwise from "up the board", in the order the
/// games list their moves.
pub const DIRECTIONS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

impl<const N: u8> Square<N> {
    /// Squares on a side.
    pub const SIDE: i32 = N as i32;
    /// Squares on the board.
    pub const COUNT: usize = N as usize * N as usize;

    /// The square at `file` (0 = a) and `rank` (0 = 1), if on the board.
    pub fn new(file: i32, rank: i32) -> Option<Self> {
        ((0..Self::SIDE).contains(&file) && (0..Self::SIDE).contains(&rank))
            .then(|| Square((rank * Self::SIDE + file) as u8))
    }

    /// The square with this index (0 .. `N * N`).
    pub fn from_index(i: usize) -> Option<Self> {
        (i < Self::COUNT).then_some(Square(i as u8))
    }

    /// Index 0 .. `N * N`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File 0 .. `N` (a, b, ..).
    pub const fn file(self) -> i32 {
        self.0 as i32 % Self::SIDE
    }

    /// Rank 0 .. `N` (ranks 1 .. `N`).
    pub const fn rank(self) -> i32 {
        self.0 as i32 / Self::SIDE
    }

    /// The square `df` files and `dr` ranks away, if on the board.
    pub fn offset(self, df: i32, dr: i32) -> Option<Self> {
        Self::new(self.file() + df, self.rank() + dr)
    }

    /// Every square, a1 first, then b1 .., a2 ..
    pub fn all() -> impl Iterator<Item = Self> {
        (0..Self::COUNT as u8).map(Square)
    }

    /// The squares around it that are on the board, in the order of [`DIRECTIONS`].
    pub fn neighbours(self) -> impl Iterator<Item = Self> {
        DIRECTIONS
            .iter()
            .filter_map(move |&(df, dr)| self.offset(df, dr))
    }
}

impl<const N: u8> fmt::Display for Square<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = char::from(b'a' + self.file() as u8);
        write!(f, "{file}{}", self.rank() + 1)
    }
}

impl<const N: u8> FromStr for Square<N> {
    type Err = NotationError;
    /// `a1` .. : a file letter (a capital is read as its small letter) and a rank digit,
    /// nothing else.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || {
            let last = char::from(b'a' + N - 1);
            NotationError::new("square", format!("\"{}\" is not a1..{last}{N}", clip(s)))
        };
        let mut chars = s.chars();
        let (Some(f), Some(r), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(bad());
        };
        let f = f.to_ascii_lowercase();
        if !f.is_ascii_lowercase() || !r.is_ascii_digit() {
            return Err(bad());
        }
        let file = (f as i32) - ('a' as i32);
        let rank = (r as i32) - ('1' as i32);
        Self::new(file, rank).ok_or_else(bad)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_read_and_write_their_notation_on_both_sizes() {
        for sq in Square::<8>::all() {
            assert_eq!(sq.to_string().parse::<Square<8>>().ok(), Some(sq));
        }
        assert_eq!(Square::<8>::all().count(), 64);
        assert_eq!(
            Square::<6>::all().last().map(|s| s.to_string()),
            Some("f6".into())
        );
        assert_eq!(
            "B2".parse::<Square<6>>().map(|s| s.to_string()),
            Ok("b2".into())
        );
        for bad in ["g1", "a7", "a0", "G1", "a", "a10", "", "1a", "é1"] {
            assert!(bad.parse::<Square<6>>().is_err(), "{bad}");
        }
        assert!("h8".parse::<Square<8>>().is_ok());
        let err = "i1".parse::<Square<8>>().map_err(|e| e.to_string());
        assert!(err.is_err_and(|e| e.contains("a1..h8")));
    }

    #[test]
    fn neighbours_stay_on_the_board() {
        let corner = Square::<6>::new(0, 0);
        let around: Vec<String> =
            corner.map_or(vec![], |c| c.neighbours().map(|s| s.to_string()).collect());
        assert_eq!(around, ["a2", "b2", "b1"]);
        let middle = Square::<8>::new(3, 3).map_or(0, |c| c.neighbours().count());
        assert_eq!(middle, 8);
    }
}
