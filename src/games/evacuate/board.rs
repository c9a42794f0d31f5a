//! Evacuate's pieces, its games (modes) and the club's triangle grid, as data (rulings 1 to
//! 4, 15 and 17); the rules that use them are in `rules.rs` and its siblings (`movement.rs`,
//! `releases.rs`, `rounds.rs`).

use crate::core::Seat;

/// Ground-floor spaces, numbered 1 (next to door A) to 8 (next to door B).
pub const SPACES: u8 = 8;
/// Levels of the movement portion (and the starting ceiling).
pub const LEVELS: u8 = 6;
/// The grey shaded spaces (two at each end of the floor).
pub const SHADED: [u8; 4] = [1, 2, 7, 8];
/// The starting places O1 to O4.
pub const START_SPACES: [u8; 4] = [3, 4, 5, 6];
/// Trios per colour in the two-player game (one of them is the colour's occupants).
pub const TRIOS: u8 = 4;
/// Match points that win the "first to 14" match.
pub const TARGET: u32 = 14;
/// Number of triangles of the movement portion.
pub const TRIANGLES: usize = SPACES as usize * LEVELS as usize;

/// A colour of pyramids.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// Green (`G`), player 1.
    Green,
    /// Yellow (`Y`), player 1.
    Yellow,
    /// Red (`R`), player 2.
    Red,
    /// Blue (`B`), player 2.
    Blue,
    /// Black (`K`): player 1's pugilist in Phobos Pugilists (ruling 17).
    Black,
    /// White (`W`): player 2's pugilist in Phobos Pugilists.
    White,
}

/// The four colours of the trios, in notation order (the pugilists' black and white are
/// single pieces, never counted in stashes or scores).
pub const COLOURS: [Colour; 4] = [Colour::Green, Colour::Yellow, Colour::Red, Colour::Blue];

impl Colour {
    /// Index in [`COLOURS`].
    pub const fn index(self) -> usize {
        match self {
            Colour::Green => 0,
            Colour::Yellow => 1,
            Colour::Red => 2,
            Colour::Blue => 3,
            Colour::Black => 4,
            Colour::White => 5,
        }
    }

    /// The notation letter.
    pub const fn letter(self) -> char {
        match self {
            Colour::Green => 'G',
            Colour::Yellow => 'Y',
            Colour::Red => 'R',
            Colour::Blue => 'B',
            Colour::Black => 'K',
            Colour::White => 'W',
        }
    }

    /// The colour for a notation letter.
    pub fn from_letter(c: char) -> Option<Colour> {
        [
            COLOURS[0],
            COLOURS[1],
            COLOURS[2],
            COLOURS[3],
            Colour::Black,
            Colour::White,
        ]
        .into_iter()
        .find(|col| col.letter() == c)
    }

    /// The colour's name.
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Green => "green",
            Colour::Yellow => "yellow",
            Colour::Red => "red",
            Colour::Blue => "blue",
            Colour::Black => "black",
            Colour::White => "white",
        }
    }

    /// The seat that owns this colour in the two-player game (the pugilists: their owners).
    pub const fn owner(self) -> Seat {
        match self {
            Colour::Green | Colour::Yellow | Colour::Black => 0,
            Colour::Red | Colour::Blue | Colour::White => 1,
        }
    }

    /// Whether this is a pugilist's colour (black or white).
    pub const fn is_pugilist(self) -> bool {
        matches!(self, Colour::Black | Colour::White)
    }
}

/// Which game of Evacuate is played: the table's size, or the two-player variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Mode {
    /// Two players, two colours each (rules 1 to 14).
    #[default]
    Two,
    /// Three players, one colour each, blue wild (ruling 15).
    Three,
    /// Four players, one colour each (ruling 16).
    Four,
    /// Phobos Pugilists: two players, one colour and one pugilist each (rules 17 and 18).
    Pugilists,
}

impl Mode {
    /// Number of seats.
    pub const fn seats(self) -> usize {
        match self {
            Mode::Two | Mode::Pugilists => 2,
            Mode::Three => 3,
            Mode::Four => 4,
        }
    }

    /// The colours `seat` plays (its own colours: what it scores and what ends its round).
    pub const fn colours(self, seat: Seat) -> &'static [Colour] {
        use Colour::{Blue, Green, Red, Yellow};
        match (self, seat) {
            (Mode::Two, 0) => &[Green, Yellow],
            (Mode::Two, _) => &[Red, Blue],
            (Mode::Three, 0) => &[Yellow],
            (Mode::Three, 1) => &[Green],
            (Mode::Three, _) => &[Red],
            (Mode::Four, 0) => &[Blue],
            (Mode::Four, 1) => &[Yellow],
            (Mode::Four, 2) => &[Green],
            (Mode::Four, _) => &[Red],
            (Mode::Pugilists, 0) => &[Green],
            (Mode::Pugilists, _) => &[Red],
        }
    }

    /// The seat that owns `colour` (a pugilist: its owner); `None` for blue with three players
    /// (wild) and for colours not in this game.
    pub const fn owner(self, colour: Colour) -> Option<Seat> {
        use Colour::{Black, Blue, Green, Red, White, Yellow};
        match (self, colour) {
            (Mode::Two, Green | Yellow)
            | (Mode::Three, Yellow)
            | (Mode::Four, Blue)
            | (Mode::Pugilists, Green | Black) => Some(0),
            (Mode::Two, Red | Blue)
            | (Mode::Three, Green)
            | (Mode::Four, Yellow)
            | (Mode::Pugilists, Red | White) => Some(1),
            (Mode::Three, Red) | (Mode::Four, Green) => Some(2),
            (Mode::Four, Red) => Some(3),
            _ => None,
        }
    }

    /// Whether `p` counts as `seat`'s own (rules 9 and 11): its colours, its pugilist, and
    /// blue when blue is wild.
    pub const fn owns(self, seat: Seat, p: Piece) -> bool {
        match self.owner(p.colour) {
            Some(s) => s == seat,
            None => self.wild() && matches!(p.colour, Colour::Blue),
        }
    }

    /// Whether blue is wild (three players).
    pub const fn wild(self) -> bool {
        matches!(self, Mode::Three)
    }

    /// Trios of each colour in play (one of them is the occupants): 4 with two players, 5
    /// otherwise.
    pub const fn trios(self) -> u8 {
        match self {
            Mode::Two => TRIOS,
            _ => 5,
        }
    }
}

/// The colours `seat` plays in the two-player game (player 1 green and yellow, player 2 red
/// and blue); [`Mode::colours`] for every game.
pub fn colours_of(seat: Seat) -> [Colour; 2] {
    if seat == 0 {
        [Colour::Green, Colour::Yellow]
    } else {
        [Colour::Red, Colour::Blue]
    }
}

/// A pyramid's size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Size {
    /// Pawn, 1 pip.
    Pawn,
    /// Drone, 2 pips.
    Drone,
    /// Queen, 3 pips.
    Queen,
}

/// Every size, smallest first.
pub const SIZES: [Size; 3] = [Size::Pawn, Size::Drone, Size::Queen];

impl Size {
    /// Pips: 1, 2 or 3.
    pub const fn pips(self) -> u8 {
        match self {
            Size::Pawn => 1,
            Size::Drone => 2,
            Size::Queen => 3,
        }
    }

    /// Index in [`SIZES`].
    pub const fn index(self) -> usize {
        self.pips() as usize - 1
    }

    /// The size of so many pips.
    pub fn from_pips(pips: u8) -> Option<Size> {
        SIZES.into_iter().find(|s| s.pips() == pips)
    }

    /// The size's name.
    pub const fn name(self) -> &'static str {
        match self {
            Size::Pawn => "pawn",
            Size::Drone => "drone",
            Size::Queen => "queen",
        }
    }
}

/// A pyramid: a colour and a size. Written `G3` (a green queen).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// Its colour.
    pub colour: Colour,
    /// Its size.
    pub size: Size,
}

impl Piece {
    /// A pyramid.
    pub const fn new(colour: Colour, size: Size) -> Piece {
        Piece { colour, size }
    }
}

/// The starting trees on O1..O4 (spaces 3 to 6), bottom to top (ruling 4).
pub const TREES: [[Piece; 3]; 4] = [
    [
        Piece::new(Colour::Blue, Size::Queen),
        Piece::new(Colour::Red, Size::Drone),
        Piece::new(Colour::Green, Size::Pawn),
    ],
    [
        Piece::new(Colour::Green, Size::Queen),
        Piece::new(Colour::Yellow, Size::Drone),
        Piece::new(Colour::Blue, Size::Pawn),
    ],
    [
        Piece::new(Colour::Red, Size::Queen),
        Piece::new(Colour::Blue, Size::Drone),
        Piece::new(Colour::Yellow, Size::Pawn),
    ],
    [
        Piece::new(Colour::Yellow, Size::Queen),
        Piece::new(Colour::Green, Size::Drone),
        Piece::new(Colour::Red, Size::Pawn),
    ],
];

/// The starting trees of Phobos Pugilists on O1..O4, bottom to top (ruling 17): player 1 is
/// green with the black pugilist, player 2 red with the white one.
pub const PUGILIST_TREES: [&[Piece]; 4] = [
    &[
        Piece::new(Colour::Green, Size::Queen),
        Piece::new(Colour::Green, Size::Drone),
        Piece::new(Colour::Red, Size::Pawn),
    ],
    &[
        Piece::new(Colour::Black, Size::Queen),
        Piece::new(Colour::Red, Size::Queen),
        Piece::new(Colour::Red, Size::Drone),
        Piece::new(Colour::Green, Size::Pawn),
    ],
    &[
        Piece::new(Colour::White, Size::Queen),
        Piece::new(Colour::Green, Size::Queen),
        Piece::new(Colour::Green, Size::Drone),
        Piece::new(Colour::Red, Size::Pawn),
    ],
    &[
        Piece::new(Colour::Red, Size::Queen),
        Piece::new(Colour::Red, Size::Drone),
        Piece::new(Colour::Green, Size::Pawn),
    ],
];

/// A door of the club.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Door {
    /// Door A, beyond space 1.
    A,
    /// Door B, beyond space 8.
    B,
}

/// A triangle of the movement portion: the row of a floor space (1..8) and a level (1..6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tri {
    /// The floor space of its row, 1 to 8.
    pub space: u8,
    /// Its level, 1 (next to the floor) to 6.
    pub level: u8,
}

impl Tri {
    /// The triangle at `space`, `level` (both from 1), whatever the board.
    pub const fn new(space: u8, level: u8) -> Tri {
        Tri { space, level }
    }

    /// Whether it lies on the board (ignoring the ceiling).
    pub const fn on_board(self) -> bool {
        self.space >= 1 && self.space <= SPACES && self.level >= 1 && self.level <= LEVELS
    }

    /// Its index (0..48) in [`all_triangles`] order.
    pub const fn index(self) -> usize {
        (self.space as usize).saturating_sub(1) * LEVELS as usize
            + (self.level as usize).saturating_sub(1)
    }

    /// The triangle of an index (an index past the board gives a triangle off the board).
    pub fn from_index(i: usize) -> Tri {
        let l = LEVELS as usize;
        Tri {
            space: u8::try_from(i / l + 1).unwrap_or(u8::MAX),
            level: u8::try_from(i % l + 1).unwrap_or(u8::MAX),
        }
    }
}

/// Every triangle, space 1 first, each row level 1 first.
pub fn all_triangles() -> Vec<Tri> {
    (0..TRIANGLES).map(Tri::from_index).collect()
}

/// The door each triangle points at, by space (index 0 is space 1) and level (index 0 is
/// level 1): door A when `space + level` is even (ruling 2), so rows and columns alternate.
pub const DIRECTIONS: [[Door; LEVELS as usize]; SPACES as usize] = directions();

const fn directions() -> [[Door; LEVELS as usize]; SPACES as usize] {
    let mut table = [[Door::A; LEVELS as usize]; SPACES as usize];
    let mut s = 0;
    while s < SPACES as usize {
        let mut l = 0;
        while l < LEVELS as usize {
            // Space s + 1 and level l + 1: their sum has the parity of s + l.
            if (s + l) % 2 == 1 {
                table[s][l] = Door::B;
            }
            l += 1;
        }
        s += 1;
    }
    table
}

/// The door a triangle points at ([`DIRECTIONS`]); off the board, by the same parity rule.
pub fn direction(t: Tri) -> Door {
    let cell = usize::from(t.space)
        .checked_sub(1)
        .and_then(|s| DIRECTIONS.get(s))
        .zip(usize::from(t.level).checked_sub(1))
        .and_then(|(row, l)| row.get(l));
    match cell {
        Some(d) => *d,
        None if (u16::from(t.space) + u16::from(t.level)).is_multiple_of(2) => Door::A,
        None => Door::B,
    }
}

/// The triangles touching each triangle's sides ([`sides`]) as masks (bit `i` for the
/// triangle of index `i`), by ceiling (0 to 6) and triangle index.
pub(super) const TOUCHING: [[u64; TRIANGLES]; LEVELS as usize + 1] = touching_table();

const fn touching_table() -> [[u64; TRIANGLES]; LEVELS as usize + 1] {
    let l = LEVELS as usize;
    let mut table = [[0; TRIANGLES]; LEVELS as usize + 1];
    let mut ceiling = 0;
    while ceiling <= l {
        let mut i = 0;
        while i < TRIANGLES {
            let (space, level) = (i / l + 1, i % l + 1);
            let mut near = 0u64;
            if level > 1 {
                near |= 1 << (i - 1);
            }
            if level < ceiling {
                near |= 1 << (i + 1);
            }
            match DIRECTIONS[space - 1][level - 1] {
                Door::A if space < SPACES as usize => near |= 1 << (i + l),
                Door::B if space > 1 => near |= 1 << (i - l),
                _ => {}
            }
            table[ceiling][i] = near;
            i += 1;
        }
        ceiling += 1;
    }
    table
}

/// What one side of a triangle touches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Touch {
    /// Another triangle.
    Tri(Tri),
    /// The floor, the ceiling or the board's edge (never counts for surrounding).
    Boundary,
}

/// The three sides of `t` under a ceiling at `ceiling` (ruling 3): left (floor at level 1),
/// right (ceiling at the top level), flat side (board edge past space 1 or 8).
pub fn sides(t: Tri, ceiling: u8) -> [Touch; 3] {
    let left = if t.level <= 1 {
        Touch::Boundary
    } else {
        Touch::Tri(Tri::new(t.space, t.level - 1))
    };
    let right = if t.level >= ceiling {
        Touch::Boundary
    } else {
        Touch::Tri(Tri::new(t.space, t.level + 1))
    };
    let flat_space = match direction(t) {
        Door::A => t.space.checked_add(1),
        Door::B => t.space.checked_sub(1),
    };
    let flat = if let Some(f) = flat_space.filter(|f| (1..=SPACES).contains(f)) {
        Touch::Tri(Tri::new(f, t.level))
    } else {
        Touch::Boundary
    };
    [left, right, flat]
}
