//! The players' colours, the 13 tile kinds (pointer masks, their rotations and
//! orientations, the reserve bits) and the tiles on the table.

use super::rules::MAX_PLAYERS;
use crate::core::Seat;

/// A player's colour: seat 1 Light, seat 2 Dark, seat 3 Red.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// Light (`L`), seat 1, who starts.
    Light,
    /// Dark (`D`), seat 2.
    Dark,
    /// Red (`R`), seat 3 of a three-player game.
    Red,
}

/// The colours in seat order.
pub const COLOURS: [Colour; 3] = [Colour::Light, Colour::Dark, Colour::Red];

impl Colour {
    /// The colour of `seat` (0 Light, 1 Dark, anything else Red).
    pub const fn of_seat(seat: Seat) -> Colour {
        match seat {
            0 => Colour::Light,
            1 => Colour::Dark,
            _ => Colour::Red,
        }
    }

    /// The seat playing this colour.
    pub const fn seat(self) -> Seat {
        match self {
            Colour::Light => 0,
            Colour::Dark => 1,
            Colour::Red => 2,
        }
    }

    /// The notation letter: `L`, `D` or `R`.
    pub const fn letter(self) -> char {
        match self {
            Colour::Light => 'L',
            Colour::Dark => 'D',
            Colour::Red => 'R',
        }
    }

    /// The notation letter as a string.
    pub const fn letter_str(self) -> &'static str {
        match self {
            Colour::Light => "L",
            Colour::Dark => "D",
            Colour::Red => "R",
        }
    }

    /// The colour of a notation letter (upper case only).
    pub fn from_letter(c: char) -> Option<Colour> {
        COLOURS.into_iter().find(|col| col.letter() == c)
    }

    /// The colour's name: `Light`, `Dark` or `Red`.
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Light => "Light",
            Colour::Dark => "Dark",
            Colour::Red => "Red",
        }
    }
}

/// `mask` turned `k` steps counter-clockwise: a pointer to direction `d` then points to
/// `(d + k) % 6`.
pub const fn rotate(mask: u8, k: u32) -> u8 {
    let k = k % 6;
    let m = (mask & 63) as u32;
    (((m << k) | (m >> (6 - k))) & 63) as u8
}

/// `mask` mirrored across the east-west axis: direction `d` goes to `(6 - d) % 6`.
pub const fn mirror(mask: u8) -> u8 {
    let mut out = 0u8;
    let mut d = 0;
    while d < 6 {
        if mask & (1 << d) != 0 {
            out |= 1 << ((6 - d) % 6);
        }
        d += 1;
    }
    out
}

/// Sorted distinct values of `items[..n]` in place; returns the new length.
const fn sort_dedup(items: &mut [u8; 12], n: usize) -> usize {
    let mut i = 1;
    while i < n {
        let mut j = i;
        while j > 0 && items[j - 1] > items[j] {
            let t = items[j - 1];
            items[j - 1] = items[j];
            items[j] = t;
            j -= 1;
        }
        i += 1;
    }
    let mut out = 0;
    let mut k = 0;
    while k < n {
        if out == 0 || items[out - 1] != items[k] {
            items[out] = items[k];
            out += 1;
        }
        k += 1;
    }
    out
}

/// The 13 tile kinds of ruling 1, in reserve order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TileKind {
    /// `K`: no pointers, the king.
    King,
    /// `1`: one pointer.
    One,
    /// `2A`: two adjacent pointers.
    TwoA,
    /// `2V`: two pointers one edge apart (a V).
    TwoV,
    /// `2I`: two opposite pointers (a straight line).
    TwoI,
    /// `3F`: three pointers in a row (a fan).
    ThreeF,
    /// `3Y`: three alternate pointers (a Y).
    ThreeY,
    /// `3X`: the asymmetric three-pointer tile `{0,1,3}`, placeable either side up (its
    /// mirror is `{0,2,3}`).
    ThreeX,
    /// `4A`: four pointers, the two missing ones adjacent.
    FourA,
    /// `4V`: four pointers, the two missing ones one edge apart.
    FourV,
    /// `4I`: four pointers, the two missing ones opposite.
    FourI,
    /// `5`: five pointers.
    Five,
    /// `Q`: six pointers, the queen.
    Queen,
}

/// Every kind, in reserve order (bit `i` of a reserve is `KINDS[i]`).
pub const KINDS: [TileKind; 13] = [
    TileKind::King,
    TileKind::One,
    TileKind::TwoA,
    TileKind::TwoV,
    TileKind::TwoI,
    TileKind::ThreeF,
    TileKind::ThreeY,
    TileKind::ThreeX,
    TileKind::FourA,
    TileKind::FourV,
    TileKind::FourI,
    TileKind::Five,
    TileKind::Queen,
];

/// Each kind's pointer mask in its first orientation.
const BASES: [u8; 13] = [
    0, 0b1, 0b11, 0b101, 0b1001, 0b111, 0b10101, 0b1011, 0b111100, 0b111010, 0b110110, 0b11111,
    0b111111,
];

const NAMES: [&str; 13] = [
    "K", "1", "2A", "2V", "2I", "3F", "3Y", "3X", "4A", "4V", "4I", "5", "Q",
];

/// The kind (index into [`KINDS`]) of every mask.
const KIND_OF: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut k = 0;
    while k < 13 {
        let mut r = 0;
        while r < 6 {
            t[rotate(BASES[k], r) as usize] = k as u8;
            t[rotate(mirror(BASES[k]), r) as usize] = k as u8;
            r += 1;
        }
        k += 1;
    }
    t
};

/// The distinct rotations (no flip) of every mask, ascending, with their count.
const ROTATIONS: [([u8; 12], u8); 64] = {
    let mut t = [([0u8; 12], 0u8); 64];
    let mut m = 0;
    while m < 64 {
        let mut items = [0u8; 12];
        let mut r = 0;
        while r < 6 {
            items[r as usize] = rotate(m as u8, r);
            r += 1;
        }
        let n = sort_dedup(&mut items, 6);
        t[m] = (items, n as u8);
        m += 1;
    }
    t
};

/// Every orientation of every kind (both sides for the two-sided one), ascending.
const ORIENTATIONS: [([u8; 12], u8); 13] = {
    let mut t = [([0u8; 12], 0u8); 13];
    let mut k = 0;
    while k < 13 {
        let mut items = [0u8; 12];
        let mut r = 0;
        while r < 6 {
            items[r as usize] = rotate(BASES[k], r);
            items[r as usize + 6] = rotate(mirror(BASES[k]), r);
            r += 1;
        }
        let n = sort_dedup(&mut items, 12);
        t[k] = (items, n as u8);
        k += 1;
    }
    t
};

/// The distinct rotations (not flipped) of `mask`, ascending: what a tile showing `mask` may
/// be turned to after a move.
pub fn rotations(mask: u8) -> &'static [u8] {
    let (items, n) = &ROTATIONS[usize::from(mask & 63)];
    &items[..usize::from(*n)]
}

impl TileKind {
    /// Its place in [`KINDS`] (and its bit in a reserve).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Its short name: `K`, `1`, `2A`, `2V`, `2I`, `3F`, `3Y`, `3X`, `4A`, `4V`, `4I`, `5`, `Q`.
    pub const fn name(self) -> &'static str {
        NAMES[self as usize]
    }

    /// The kind of a short name.
    pub fn from_name(name: &str) -> Option<TileKind> {
        NAMES.iter().position(|&n| n == name).map(|i| KINDS[i])
    }

    /// The kind whose pointer pattern `mask` is (every mask is exactly one kind's).
    pub const fn of_mask(mask: u8) -> TileKind {
        KINDS[KIND_OF[(mask & 63) as usize] as usize]
    }

    /// Its pointer mask in its first orientation (`3X`: `{0,1,3}`).
    pub const fn base(self) -> u8 {
        BASES[self as usize]
    }

    /// How many pointers it has.
    pub const fn pointers(self) -> u32 {
        BASES[self as usize].count_ones()
    }

    /// Whether it may be laid either side up with a different pattern (only `3X`).
    pub const fn two_sided(self) -> bool {
        matches!(self, TileKind::ThreeX)
    }

    /// Every distinct way to lay it (rotations, and both sides for `3X`), as pointer masks,
    /// ascending: 1 for the king and queen, 2 for `3Y`, 3 for `2I` and `4I`, 12 for `3X`,
    /// 6 for the rest.
    pub fn orientations(self) -> &'static [u8] {
        let (items, n) = &ORIENTATIONS[self as usize];
        &items[..usize::from(*n)]
    }

    /// A few words for people: "king", "two adjacent pointers", ...
    pub const fn description(self) -> &'static str {
        match self {
            TileKind::King => "king (no pointers)",
            TileKind::One => "one pointer",
            TileKind::TwoA => "two adjacent pointers",
            TileKind::TwoV => "two pointers one apart",
            TileKind::TwoI => "two opposite pointers",
            TileKind::ThreeF => "three pointers in a row",
            TileKind::ThreeY => "three alternate pointers",
            TileKind::ThreeX => "three pointers, asymmetric (either side up)",
            TileKind::FourA => "four pointers, two adjacent missing",
            TileKind::FourV => "four pointers, two one apart missing",
            TileKind::FourI => "four pointers, two opposite missing",
            TileKind::Five => "five pointers",
            TileKind::Queen => "queen (six pointers)",
        }
    }
}

/// A full reserve: every kind.
pub const FULL_RESERVE: u16 = (1 << 13) - 1;
pub(super) const KING_BIT: u16 = 1;
pub(super) const QUEEN_BIT: u16 = 1 << 12;

/// A tile on the table: whose it is and where its pointers point (its kind follows from
/// the pattern, [`TileKind::of_mask`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Tile {
    pub(super) owner: u8,
    pub(super) mask: u8,
}

impl Tile {
    /// A tile of `owner` (0 to 2) showing the pointers `mask` (6 bits).
    pub fn new(owner: Seat, mask: u8) -> Tile {
        Tile {
            owner: u8::try_from(owner.min(MAX_PLAYERS - 1)).unwrap_or(0),
            mask: mask & 63,
        }
    }

    /// The seat that owns it.
    pub fn owner(self) -> Seat {
        usize::from(self.owner)
    }

    /// Its pointers as a mask over [`DIRECTIONS`](super::cell::DIRECTIONS).
    pub fn mask(self) -> u8 {
        self.mask
    }

    /// Its kind.
    pub fn kind(self) -> TileKind {
        TileKind::of_mask(self.mask)
    }

    /// Whether it points in direction `d`.
    pub fn points(self, d: usize) -> bool {
        d < 6 && self.mask & (1 << d) != 0
    }

    /// Whether it is a king.
    pub fn is_king(self) -> bool {
        self.mask == 0
    }

    /// The directions it points to, ascending.
    pub fn directions(self) -> Vec<usize> {
        (0..6).filter(|&d| self.points(d)).collect()
    }

    /// For the two-sided `3X`: `Some(true)` when it shows `{0,1,3}` turned, `Some(false)`
    /// when flipped (`{0,2,3}` turned); `None` for every other kind.
    pub fn front_side_up(self) -> Option<bool> {
        (self.kind() == TileKind::ThreeX).then(|| rotations(BASES[7]).contains(&self.mask))
    }
}
