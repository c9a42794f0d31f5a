//! STAX rules, per `shared/rulings/stax.md` (see the module doc of `games::stax` for the
//! choices made where the text and rulings are silent).

use std::fmt;

use crate::core::{
    Fact, Game, GameInfo, Outcome, PlayError, Rng, Seat, SeatCard, SetupChoices, SetupError,
    SetupForm, Side, SideRule, Viewer,
};

/// Tiles each player owns (ruling 1).
pub const TILES_PER_PLAYER: usize = 13;
/// Fewest players.
pub const MIN_PLAYERS: usize = 2;
/// Most players.
pub const MAX_PLAYERS: usize = 3;
/// Cells further than this from the origin (in `q` or `r`) are not part of the table the
/// engine knows: the notation refuses them. A game would need tens of millions of moves to
/// drift that far.
pub const COORD_LIMIT: i32 = 1_000_000_000;

/// The six directions of the hex grid in axial coordinates `(dq, dr)`, numbered 0 to 5
/// counter-clockwise from east as drawn with pointy-top hexagons and `r` growing downwards:
/// 0 east, 1 north-east, 2 north-west, 3 west, 4 south-west, 5 south-east. Direction `d`
/// and `(d + 3) % 6` are opposite. A tile's pointers are a 6-bit mask over these numbers.
pub const DIRECTIONS: [(i32, i32); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

// ---------------------------------------------------------------------------------------------
// Colours
// ---------------------------------------------------------------------------------------------

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

/// The name of `seat`'s colour.
fn seat_name(seat: Seat) -> &'static str {
    Colour::of_seat(seat).name()
}

/// A kind in the move list's words: "king", "queen", or its short name ("3Y").
fn kind_words(kind: TileKind) -> &'static str {
    match kind {
        TileKind::King => "king",
        TileKind::Queen => "queen",
        _ => kind.name(),
    }
}

/// A tile in the move list's words: "Dark's 3F".
fn tile_words(t: Tile) -> String {
    format!("{}'s {}", seat_name(t.owner()), kind_words(t.kind()))
}

/// Where a laid or moved tile points, for the move list: " pointing E NW SW", or nothing for
/// the king and the queen.
fn pointing(mask: u8) -> String {
    if matches!(mask, 0 | 63) {
        return String::new();
    }
    let mut out = String::from(" pointing");
    for (d, name) in ["E", "NE", "NW", "W", "SW", "SE"].into_iter().enumerate() {
        if mask & (1 << d) != 0 {
            out.push(' ');
            out.push_str(name);
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Cells
// ---------------------------------------------------------------------------------------------

/// A cell of the unbounded hex table in axial coordinates; the third cube coordinate is
/// `s = -q - r`. Cells order by `r`, then `q` (rows top to bottom as drawn, left to right).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cell {
    /// Column-like coordinate, growing east.
    pub q: i32,
    /// Row coordinate, growing south-east/south-west (downwards as drawn).
    pub r: i32,
}

impl Ord for Cell {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.r, self.q).cmp(&(other.r, other.q))
    }
}

impl PartialOrd for Cell {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Cell {
    /// The cell `0,0`, where the first tile goes.
    pub const ORIGIN: Cell = Cell { q: 0, r: 0 };

    /// The cell at `q`, `r`.
    pub const fn new(q: i32, r: i32) -> Cell {
        Cell { q, r }
    }

    /// The third cube coordinate, `-q - r` (in 64 bits, so it never overflows).
    pub fn s(self) -> i64 {
        -i64::from(self.q) - i64::from(self.r)
    }

    /// Whether both coordinates lie within [`COORD_LIMIT`] of the origin.
    pub fn in_range(self) -> bool {
        (-COORD_LIMIT..=COORD_LIMIT).contains(&self.q)
            && (-COORD_LIMIT..=COORD_LIMIT).contains(&self.r)
    }

    /// The neighbour in direction `d` (0 to 5, see [`DIRECTIONS`]; taken modulo 6).
    pub fn neighbour(self, d: usize) -> Cell {
        let (dq, dr) = DIRECTIONS[d % 6];
        Cell {
            q: self.q.saturating_add(dq),
            r: self.r.saturating_add(dr),
        }
    }

    /// The six neighbours, in direction order.
    pub fn neighbours(self) -> [Cell; 6] {
        [0, 1, 2, 3, 4, 5].map(|d| self.neighbour(d))
    }

    /// Where to draw the cell's centre, for pointy-top hexagons whose centre-to-corner size
    /// is 1 and with `y` growing downwards: `x = √3 (q + r/2)`, `y = 3r/2`. Direction `d`
    /// then points at the angle `60° × d` counter-clockwise from east.
    pub fn centre(self) -> (f64, f64) {
        let (q, r) = (f64::from(self.q), f64::from(self.r));
        (3f64.sqrt() * (q + r / 2.0), 1.5 * r)
    }

    /// The direction and distance (at least 1) from `self` to `other` when they lie on one
    /// straight line of cells, else `None`.
    pub fn line_to(self, other: Cell) -> Option<(usize, i64)> {
        let dq = i64::from(other.q) - i64::from(self.q);
        let dr = i64::from(other.r) - i64::from(self.r);
        DIRECTIONS.iter().enumerate().find_map(|(d, &(uq, ur))| {
            let n = if uq != 0 {
                dq / i64::from(uq)
            } else {
                dr / i64::from(ur)
            };
            (n >= 1 && dq == n * i64::from(uq) && dr == n * i64::from(ur)).then_some((d, n))
        })
    }
}

// ---------------------------------------------------------------------------------------------
// Pointer masks and tile kinds
// ---------------------------------------------------------------------------------------------

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
const KING_BIT: u16 = 1;
const QUEEN_BIT: u16 = 1 << 12;

// ---------------------------------------------------------------------------------------------
// Tiles
// ---------------------------------------------------------------------------------------------

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

    /// Its pointers as a mask over [`DIRECTIONS`].
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

// ---------------------------------------------------------------------------------------------
// Moves and options
// ---------------------------------------------------------------------------------------------

/// One move of the game: a turn (a placement or a tile moving), or a step of a draw offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StaxMove {
    /// A tile of `kind` from the reserve onto the empty `cell`, showing the pointers `mask`
    /// (`3X:013@1,-1`, `K@0,0`).
    Place {
        /// The tile's kind.
        kind: TileKind,
        /// Its pointers as laid (one of [`TileKind::orientations`]).
        mask: u8,
        /// Where it goes.
        cell: Cell,
    },
    /// The top tile of `from` moves in a straight line to `to` and is turned to show `mask`
    /// (`1,0>-1,0:345`); `mask` is `None` for a king or queen, whose turning changes nothing.
    Travel {
        /// Where it starts.
        from: Cell,
        /// Where it lands.
        to: Cell,
        /// Its pointers on arrival (a rotation of what it showed), `None` for a king or queen.
        mask: Option<u8>,
    },
    /// The player to move offers a draw (`offer`).
    Offer,
    /// The player asked accepts the draw offered (`accept`).
    Accept,
    /// The player asked declines the draw offered (`decline`); the offering player then
    /// plays their turn.
    Decline,
}

impl StaxMove {
    /// The placement of `kind` showing `mask` on `cell`.
    pub fn place(kind: TileKind, mask: u8, cell: Cell) -> StaxMove {
        StaxMove::Place {
            kind,
            mask: mask & 63,
            cell,
        }
    }

    /// The move from `from` to `to` arriving as `mask`, written canonically (no mask for a
    /// king or queen).
    pub fn travel(from: Cell, to: Cell, mask: u8) -> StaxMove {
        let mask = mask & 63;
        StaxMove::Travel {
            from,
            to,
            mask: (mask != 0 && mask != 63).then_some(mask),
        }
    }
}

/// The options: how many play (2 or 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StaxOptions {
    /// Players, 2 or 3.
    pub players: u8,
}

impl Default for StaxOptions {
    fn default() -> Self {
        StaxOptions { players: 2 }
    }
}

impl StaxOptions {
    /// Checks the player count is 2 or 3.
    ///
    /// # Errors
    /// When it is not.
    pub fn validate(&self) -> Result<(), SetupError> {
        if (MIN_PLAYERS..=MAX_PLAYERS).contains(&usize::from(self.players)) {
            Ok(())
        } else {
            Err(SetupError(format!(
                "STAX is for 2 or 3 players, not {}",
                self.players
            )))
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Why a move is refused
// ---------------------------------------------------------------------------------------------

/// Why a move (or a tried placement or landing on the board) is not legal: for the UI to
/// explain refusals, and the text of [`PlayError::Illegal`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The game is over.
    GameOver,
    /// A draw offer waits for an answer: only `accept` or `decline`.
    AnswerTheOffer,
    /// There is no draw offer to answer.
    NoOffer,
    /// The player already offered a draw this turn and it was declined.
    AlreadyOffered,
    /// The cell is beyond [`COORD_LIMIT`].
    OffTheTable,
    /// The tile is not in the player's reserve.
    NotInReserve(TileKind),
    /// The first placements of Light and Dark may not be the queen (ruling 3).
    NoQueenInOpening,
    /// The pointers given are not a way to lay (or turn) this tile.
    BadPointers,
    /// The very first tile goes on `0,0`.
    FirstTileAtOrigin,
    /// The second tile must share an edge with the first.
    MustTouchFirstTile,
    /// Tiles are placed on empty cells only.
    Occupied,
    /// A placed tile must share edges with two or more stacks.
    NeedsTwoNeighbours,
    /// The tile would point at the enemy king, directly or through stacks pointing the same
    /// way (ruling 4), along this direction.
    PointsAtEnemyKing(usize),
    /// Some stack would have no path of steps down to the table (ruling 8).
    BreaksStepRule,
    /// The stacks would no longer form one group (ruling 7).
    BreaksOneGroup,
    /// There is no stack on the cell.
    NoStack,
    /// The top tile of that stack is not the mover's.
    NotYourTile,
    /// Tiles move only once their owner's king is on the table (ruling 5).
    KingNotPlaced,
    /// The tile has no neighbouring cell lower than itself (ruling 6).
    NoFreeSide,
    /// The destination is not along one of the tile's pointers (the king: not a neighbour).
    NotInLine,
    /// This empty cell on the way (or the landing cell) shares no edge with another stack.
    LonelyCell(Cell),
    /// The stack on this cell does not point the way of travel: the move ends there.
    Blocked(Cell),
    /// Nobody lands on their own king.
    OwnKing,
    /// With three players, nobody lands on the previous player's king.
    PreviousKing,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::GameOver => f.write_str("the game is over"),
            Refusal::AnswerTheOffer => {
                f.write_str("a draw has been offered: accept or decline it first")
            }
            Refusal::NoOffer => f.write_str("no draw has been offered"),
            Refusal::AlreadyOffered => {
                f.write_str("a draw was already offered and declined this turn")
            }
            Refusal::OffTheTable => f.write_str("that cell is too far away"),
            Refusal::NotInReserve(kind) => {
                write!(f, "tile {} is not in the reserve", kind.name())
            }
            Refusal::NoQueenInOpening => {
                f.write_str("the queen may not be the first tile a player places")
            }
            Refusal::BadPointers => f.write_str("the tile cannot show those pointers"),
            Refusal::FirstTileAtOrigin => f.write_str("the first tile goes on 0,0"),
            Refusal::MustTouchFirstTile => {
                f.write_str("the second tile must share an edge with the first")
            }
            Refusal::Occupied => f.write_str("tiles are placed on empty cells only"),
            Refusal::NeedsTwoNeighbours => {
                f.write_str("a placed tile must share edges with two or more stacks")
            }
            Refusal::PointsAtEnemyKing(_) => f.write_str("the tile would point at the enemy king"),
            Refusal::BreaksStepRule => {
                f.write_str("a stack would have no path of steps down to the table (step rule)")
            }
            Refusal::BreaksOneGroup => f.write_str("the stacks would split into separate groups"),
            Refusal::NoStack => f.write_str("there is no tile there"),
            Refusal::NotYourTile => f.write_str("the top tile there is not yours"),
            Refusal::KingNotPlaced => {
                f.write_str("tiles may move only once their owner's king is on the table")
            }
            Refusal::NoFreeSide => f.write_str("the tile has no free side"),
            Refusal::NotInLine => f.write_str("the tile does not point that way"),
            Refusal::LonelyCell(c) => {
                write!(f, "the empty cell {c} touches no other stack")
            }
            Refusal::Blocked(c) => {
                write!(
                    f,
                    "the stack on {c} does not point the way: the move ends there"
                )
            }
            Refusal::OwnKing => f.write_str("nobody may land on their own king"),
            Refusal::PreviousKing => f.write_str("nobody may land on the previous player's king"),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The position
// ---------------------------------------------------------------------------------------------

/// Where a game stands between turns: a seat's turn, or a draw offer being answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The seat in turn plays; `offered` once it offered a draw this turn and was declined.
    Turn {
        /// Whether the seat in turn already offered a draw this turn.
        offered: bool,
    },
    /// The seat in turn offered a draw; `answering` is to accept or decline.
    Answer {
        /// The seat asked.
        answering: Seat,
    },
    /// Everybody accepted the draw offered by the seat in turn: the game is over.
    Agreed,
}

/// Where a king is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KingState {
    /// Still in the reserve.
    InReserve,
    /// On the table (always a top tile), at this cell.
    OnTable(Cell),
    /// Captured.
    Captured,
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// `winner` landed on `loser`'s king.
    Captured {
        /// Who captured.
        winner: Seat,
        /// Whose king was taken.
        loser: Seat,
    },
    /// `loser`, to move, had no legal turn; `winner` moved just before.
    NoTurn {
        /// Who moved last.
        winner: Seat,
        /// Who could not play.
        loser: Seat,
    },
    /// The same position occurred for the third time.
    Repetition,
    /// The players agreed to a draw.
    Agreed,
}

/// The smallest hexagon-aligned region holding every stack: "the area of the tiles in play".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounds {
    /// Smallest `q` of a stack.
    pub min_q: i32,
    /// Largest `q` of a stack.
    pub max_q: i32,
    /// Smallest `r` of a stack.
    pub min_r: i32,
    /// Largest `r` of a stack.
    pub max_r: i32,
    /// Smallest `s = -q - r` of a stack.
    pub min_s: i64,
    /// Largest `s` of a stack.
    pub max_s: i64,
}

impl Bounds {
    /// Whether `cell` lies in the region.
    pub fn contains(&self, cell: Cell) -> bool {
        (self.min_q..=self.max_q).contains(&cell.q)
            && (self.min_r..=self.max_r).contains(&cell.r)
            && (self.min_s..=self.max_s).contains(&cell.s())
    }
}

/// A STAX position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stax {
    /// Players, 2 or 3.
    pub(super) players: u8,
    /// Every stack, bottom to top, sorted by cell; none is empty.
    pub(super) stacks: Vec<(Cell, Vec<Tile>)>,
    /// Each seat's reserve: bit `i` set while `KINDS[i]` is unplayed.
    pub(super) reserve: [u16; MAX_PLAYERS],
    /// The seat whose turn it is (the offering seat while an offer is answered).
    pub(super) turn: u8,
    /// A turn, or an offer being answered, or an agreed draw.
    pub(super) phase: Phase,
    /// The keys of the earlier positions since the last placement (none of those can come
    /// back after a placement), oldest first.
    pub(super) history: Vec<u64>,
    /// Derived: the key of this position ([`Stax::key`]).
    pub(super) key: u64,
    /// Derived: how the game ended, if it did.
    pub(super) end: Option<End>,
}

static INFO: GameInfo = GameInfo {
    slug: "stax",
    name: "STAX",
    designer: "Cameron Browne",
    min_players: 2,
    max_players: 3,
    pitch: "Place and move hexagonal tiles along their pointers, stack without leaving a \
            cliff, and land on the enemy king.",
    hidden_information: false,
    search_per_second: 3_000,
};

// ---------------------------------------------------------------------------------------------
// A dense grid of heights and top tiles around the stacks, for the rules' searches
// ---------------------------------------------------------------------------------------------

const EMPTY: u8 = 0xFF;
/// Empty cells around the stacks' bounding box kept in the grid.
const MARGIN: i32 = 2;

/// Heights and top tiles (packed `owner << 6 | mask`, [`EMPTY`] for none) over the stacks'
/// bounding box grown by [`MARGIN`] cells; cells outside are empty table.
///
/// Stacks never lie in the two outer rings, so the neighbours of a stack, or of a cell next
/// to one, are found by fixed index offsets; an offset from an outer-ring cell may wrap to
/// the other edge, which is outer ring too and as empty as the true neighbour.
#[derive(Clone)]
struct Grid {
    q0: i32,
    r0: i32,
    w: i32,
    h: i32,
    height: Vec<u8>,
    top: Vec<u8>,
    /// The index offset of each direction.
    off: [isize; 6],
    /// The cells holding a stack when the grid was built.
    occ: Vec<usize>,
    /// Scratch for the searches: a cell is marked when its stamp is `stamp_now`.
    stamp: Vec<u32>,
    stamp_now: u32,
    queue: Vec<usize>,
}

impl Grid {
    fn new(stacks: &[(Cell, Vec<Tile>)]) -> Grid {
        let (mut q_lo, mut q_hi, mut r_lo, mut r_hi) = (0i32, 0i32, 0i32, 0i32);
        if let Some((first, _)) = stacks.first() {
            (q_lo, q_hi, r_lo, r_hi) = (first.q, first.q, first.r, first.r);
        }
        for (c, _) in stacks {
            q_lo = q_lo.min(c.q);
            q_hi = q_hi.max(c.q);
            r_lo = r_lo.min(c.r);
            r_hi = r_hi.max(c.r);
        }
        // Positions are one group (checked before any grid is built), so the box is small.
        let w = q_hi.saturating_sub(q_lo).saturating_add(1 + 2 * MARGIN);
        let h = r_hi.saturating_sub(r_lo).saturating_add(1 + 2 * MARGIN);
        let size = usize::try_from(w).unwrap_or(0) * usize::try_from(h).unwrap_or(0);
        let wi = isize::try_from(w).unwrap_or(0);
        let mut grid = Grid {
            q0: q_lo.saturating_sub(MARGIN),
            r0: r_lo.saturating_sub(MARGIN),
            w,
            h,
            height: vec![0; size],
            top: vec![EMPTY; size],
            off: DIRECTIONS.map(|(dq, dr)| dq as isize + dr as isize * wi),
            occ: Vec::with_capacity(stacks.len()),
            stamp: vec![0; size],
            stamp_now: 0,
            queue: Vec::with_capacity(64),
        };
        for (c, tiles) in stacks {
            if let (Some(i), Some(t)) = (grid.index(*c), tiles.last()) {
                grid.height[i] = u8::try_from(tiles.len()).unwrap_or(u8::MAX);
                grid.top[i] = (t.owner << 6) | t.mask;
                grid.occ.push(i);
            }
        }
        grid
    }

    /// The index of `(x, y)` (grid coordinates), if inside.
    fn at(&self, x: i32, y: i32) -> Option<usize> {
        ((0..self.w).contains(&x) && (0..self.h).contains(&y))
            .then(|| usize::try_from(y * self.w + x).unwrap_or(0))
    }

    fn index(&self, c: Cell) -> Option<usize> {
        let x = i64::from(c.q) - i64::from(self.q0);
        let y = i64::from(c.r) - i64::from(self.r0);
        match (i32::try_from(x), i32::try_from(y)) {
            (Ok(x), Ok(y)) => self.at(x, y),
            _ => None,
        }
    }

    fn cell(&self, i: usize) -> Cell {
        let (x, y) = self.coords(i);
        Cell::new(self.q0 + x, self.r0 + y)
    }

    fn coords(&self, i: usize) -> (i32, i32) {
        let i = i32::try_from(i).unwrap_or(0);
        (i % self.w, i / self.w)
    }

    /// The neighbour of `i` in direction `d` (see the type's doc), if inside.
    fn nb(&self, i: usize, d: usize) -> Option<usize> {
        i.checked_add_signed(self.off[d])
            .filter(|&j| j < self.height.len())
    }

    /// The height of `i`'s neighbour in direction `d`.
    fn nb_height(&self, i: usize, d: usize) -> u8 {
        self.nb(i, d).map_or(0, |j| self.height[j])
    }

    /// How many of `i`'s neighbours hold a stack.
    fn stack_neighbours(&self, i: usize) -> usize {
        (0..6).filter(|&d| self.nb_height(i, d) > 0).count()
    }

    /// Whether one of `i`'s neighbours is empty table.
    fn open_neighbour(&self, i: usize) -> bool {
        (0..6).any(|d| self.nb_height(i, d) == 0)
    }

    fn next_stamp(&mut self) -> u32 {
        self.stamp_now = self.stamp_now.wrapping_add(1);
        if self.stamp_now == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.stamp_now = 1;
        }
        self.queue.clear();
        self.stamp_now
    }

    /// The occupied cells now: those of the build still occupied, and `extra` (a cell that
    /// was empty then and holds a stack now).
    fn stacks_now(&self, extra: Option<usize>) -> impl Iterator<Item = usize> + '_ {
        self.occ
            .iter()
            .copied()
            .chain(extra)
            .filter(|&i| self.height[i] > 0)
    }

    /// Ruling 8: from every stack a path of steps (heights differing by at most one) down to
    /// an empty table cell. `extra` as in [`Grid::stacks_now`].
    fn step_rule_holds(&mut self, extra: Option<usize>) -> bool {
        let now = self.next_stamp();
        let mut stacks = 0;
        let mut queue = std::mem::take(&mut self.queue);
        for i in self.stacks_now(extra) {
            stacks += 1;
            if self.height[i] == 1 && self.open_neighbour(i) {
                queue.push(i);
            }
        }
        for &i in &queue {
            self.stamp[i] = now;
        }
        let mut k = 0;
        while k < queue.len() {
            let i = queue[k];
            k += 1;
            let hi = self.height[i];
            for d in 0..6 {
                if let Some(j) = self.nb(i, d) {
                    let hj = self.height[j];
                    if hj > 0 && self.stamp[j] != now && hi.abs_diff(hj) <= 1 {
                        self.stamp[j] = now;
                        queue.push(j);
                    }
                }
            }
        }
        let reached = queue.len();
        self.queue = queue;
        reached == stacks
    }

    /// Ruling 7: every stack in one edge-connected group. `extra` as in
    /// [`Grid::stacks_now`].
    fn one_group(&mut self, extra: Option<usize>) -> bool {
        let now = self.next_stamp();
        let stacks = self.stacks_now(extra).count();
        let Some(first) = self.stacks_now(extra).next() else {
            return true;
        };
        let mut queue = std::mem::take(&mut self.queue);
        self.stamp[first] = now;
        queue.push(first);
        let mut k = 0;
        while k < queue.len() {
            let i = queue[k];
            k += 1;
            for d in 0..6 {
                if let Some(j) = self.nb(i, d) {
                    if self.height[j] > 0 && self.stamp[j] != now {
                        self.stamp[j] = now;
                        queue.push(j);
                    }
                }
            }
        }
        let reached = queue.len();
        self.queue = queue;
        reached == stacks
    }
}

/// The seats that matter to the seat in turn: the king it hunts and the one it may not touch.
#[derive(Clone, Copy)]
struct Roles {
    me: u8,
    /// The next seat: its king is the enemy king (captured by landing; not to be pointed at
    /// by placements).
    target: u8,
    /// With three players, the previous seat: its king may not be landed on.
    prev: Option<u8>,
}

/// A cell the seat in turn could move a top tile to by the line rules alone.
#[derive(Clone, Copy)]
struct Land {
    from: Cell,
    /// The grid cells moved from and to.
    src: usize,
    dst: usize,
    landing: Landing,
    tile: Tile,
}

/// What landing on a cell does.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Landing {
    /// Onto an empty cell or on top of a stack.
    Plain,
    /// Onto the enemy king: captures it.
    Capture,
}

impl Stax {
    /// A new game for `players` (2 or 3): empty table, full reserves, Light to place.
    ///
    /// # Errors
    /// When `players` is not 2 or 3.
    pub fn start(players: usize) -> Result<Stax, SetupError> {
        let options = StaxOptions {
            players: u8::try_from(players).unwrap_or(0),
        };
        options.validate()?;
        let mut game = Stax {
            players: options.players,
            stacks: Vec::new(),
            reserve: [0; MAX_PLAYERS],
            turn: 0,
            phase: Phase::Turn { offered: false },
            history: Vec::new(),
            key: 0,
            end: None,
        };
        for r in game.reserve.iter_mut().take(players) {
            *r = FULL_RESERVE;
        }
        game.settle();
        Ok(game)
    }

    /// A position from its parts, checked ([`Game::check_invariants`]) and settled (its
    /// key and ending computed): what the notation parser builds.
    ///
    /// # Errors
    /// The first broken invariant.
    pub(super) fn from_parts(
        players: usize,
        stacks: Vec<(Cell, Vec<Tile>)>,
        reserve: [u16; MAX_PLAYERS],
        turn: Seat,
        phase: Phase,
        history: Vec<u64>,
    ) -> Result<Stax, String> {
        let mut game = Stax {
            players: u8::try_from(players).map_err(|_| format!("{players} players"))?,
            stacks,
            reserve,
            turn: u8::try_from(turn).map_err(|_| format!("seat {turn}"))?,
            phase,
            history,
            key: 0,
            end: None,
        };
        game.invariants()?;
        game.settle();
        match game.end {
            Some(End::Agreed) | None => {}
            Some(_) if game.phase != (Phase::Turn { offered: false }) => {
                return Err("the game is over: no draw offer can be pending".into())
            }
            Some(_) => {}
        }
        Ok(game)
    }

    // --- Reading the position -----------------------------------------------------------

    /// Number of players.
    pub fn players(&self) -> usize {
        usize::from(self.players)
    }

    /// Every stack with its tiles bottom to top, sorted by cell (row `r`, then `q`).
    pub fn stacks(&self) -> &[(Cell, Vec<Tile>)] {
        &self.stacks
    }

    /// The tiles on `cell`, bottom to top (empty for an empty cell).
    pub fn stack(&self, cell: Cell) -> &[Tile] {
        self.find(cell).map_or(&[], |i| &self.stacks[i].1)
    }

    /// The number of tiles on `cell` (0 = table).
    pub fn height(&self, cell: Cell) -> usize {
        self.stack(cell).len()
    }

    /// The top tile on `cell`.
    pub fn top(&self, cell: Cell) -> Option<Tile> {
        self.stack(cell).last().copied()
    }

    /// The kinds `seat` still has in reserve, in [`KINDS`] order.
    pub fn reserve(&self, seat: Seat) -> Vec<TileKind> {
        let bits = self.reserve_bits(seat);
        KINDS
            .into_iter()
            .filter(|k| bits & (1 << k.index()) != 0)
            .collect()
    }

    /// Whether `seat` still has `kind` in reserve.
    pub fn in_reserve(&self, seat: Seat, kind: TileKind) -> bool {
        self.reserve_bits(seat) & (1 << kind.index()) != 0
    }

    fn reserve_bits(&self, seat: Seat) -> u16 {
        if seat < self.players() {
            self.reserve[seat]
        } else {
            0
        }
    }

    /// Where `seat`'s king is.
    pub fn king(&self, seat: Seat) -> KingState {
        if self.in_reserve(seat, TileKind::King) {
            return KingState::InReserve;
        }
        self.stacks
            .iter()
            .find(|(_, tiles)| {
                tiles
                    .last()
                    .is_some_and(|t| t.is_king() && t.owner() == seat)
            })
            .map_or(KingState::Captured, |(c, _)| KingState::OnTable(*c))
    }

    /// The seat whose turn it is (the seat that offered, while a draw offer is answered).
    pub fn turn(&self) -> Seat {
        usize::from(self.turn)
    }

    /// The turn, a draw offer being answered, or an agreed draw.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// How the game ended, if it did.
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// The seat whose king `seat` hunts: the next seat in turn order.
    pub fn enemy_of(&self, seat: Seat) -> Seat {
        (seat + 1) % self.players().max(1)
    }

    /// The area of the tiles in play: the smallest hexagon-aligned region (ranges of `q`,
    /// `r` and `s`) holding every stack; `None` on an empty table.
    pub fn bounds(&self) -> Option<Bounds> {
        let (first, _) = self.stacks.first()?;
        let mut b = Bounds {
            min_q: first.q,
            max_q: first.q,
            min_r: first.r,
            max_r: first.r,
            min_s: first.s(),
            max_s: first.s(),
        };
        for (c, _) in &self.stacks {
            b.min_q = b.min_q.min(c.q);
            b.max_q = b.max_q.max(c.q);
            b.min_r = b.min_r.min(c.r);
            b.max_r = b.max_r.max(c.r);
            b.min_s = b.min_s.min(c.s());
            b.max_s = b.max_s.max(c.s());
        }
        Some(b)
    }

    /// Tiles placed so far (every seat), captured kings included.
    pub fn placed(&self) -> usize {
        (0..self.players())
            .map(|s| TILES_PER_PLAYER - self.reserve[s].count_ones() as usize)
            .sum()
    }

    /// The earlier positions' keys kept for the repetition rule (since the last placement),
    /// oldest first.
    pub fn history(&self) -> &[u64] {
        &self.history
    }

    /// A 64-bit key (FNV-1a) of what the repetition rule compares: every stack, the reserves
    /// and the seat in turn.
    pub fn key(&self) -> u64 {
        self.key
    }

    /// How many times this position has occurred (1 the first time; 3 ends the game).
    pub fn occurrences(&self) -> usize {
        1 + self.history.iter().filter(|&&k| k == self.key).count()
    }

    fn compute_key(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |b: u8| {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        };
        eat(self.players);
        for (c, tiles) in &self.stacks {
            c.q.to_le_bytes().into_iter().for_each(&mut eat);
            c.r.to_le_bytes().into_iter().for_each(&mut eat);
            eat(u8::try_from(tiles.len()).unwrap_or(u8::MAX));
            for t in tiles {
                eat((t.owner << 6) | t.mask);
            }
        }
        for r in &self.reserve {
            r.to_le_bytes().into_iter().for_each(&mut eat);
        }
        eat(self.turn);
        h
    }

    fn find(&self, cell: Cell) -> Option<usize> {
        self.stacks.binary_search_by(|(c, _)| c.cmp(&cell)).ok()
    }

    fn roles(&self) -> Roles {
        let n = self.players.max(1);
        Roles {
            me: self.turn,
            target: (self.turn + 1) % n,
            prev: (n == 3).then_some((self.turn + 2) % n),
        }
    }

    fn is_over(&self) -> bool {
        self.end.is_some()
    }

    /// Whether it is a seat's real turn (not an offer being answered, not over).
    fn in_turn(&self) -> bool {
        !self.is_over() && matches!(self.phase, Phase::Turn { .. })
    }

    // --- Placements ---------------------------------------------------------------------

    /// Whether the placement is one of the two opening placements (the queen is excluded).
    fn opening(&self) -> bool {
        self.placed() < 2
    }

    /// The kinds the seat in turn may place now (as reserve bits).
    fn placeable_bits(&self) -> u16 {
        let bits = self.reserve_bits(self.turn());
        if self.opening() {
            bits & !QUEEN_BIT
        } else {
            bits
        }
    }

    /// The empty cells where the seat in turn could place by position alone (before the
    /// pointer and step rules), in cell order.
    fn placement_cells(&self, grid: &Grid) -> Vec<usize> {
        match self.placed() {
            0 => grid.index(Cell::ORIGIN).into_iter().collect(),
            1 => match self.stacks.first() {
                Some((c, _)) => {
                    let mut v: Vec<usize> = c
                        .neighbours()
                        .into_iter()
                        .filter_map(|n| grid.index(n))
                        .collect();
                    crate::core::sort_small(&mut v);
                    v
                }
                None => Vec::new(),
            },
            _ => {
                // Empty cells next to two or more stacks: those listed twice or more among
                // the stacks' empty neighbours (counted per cell, so in cell order; no sort).
                let mut count = vec![0u8; grid.height.len()];
                for &i in &grid.occ {
                    for d in 0..6 {
                        if let Some(j) = grid.nb(i, d).filter(|&j| grid.height[j] == 0) {
                            count[j] = count[j].saturating_add(1);
                        }
                    }
                }
                (0..count.len()).filter(|&j| count[j] >= 2).collect()
            }
        }
    }

    /// The directions in which a tile placed on grid cell `i` would point at the enemy king
    /// (ruling 4), as a mask.
    fn king_lines(&self, grid: &Grid, i: usize, roles: Roles) -> u8 {
        let KingState::OnTable(_) = self.king(usize::from(roles.target)) else {
            return 0;
        };
        let (x0, y0) = grid.coords(i);
        let mut bad = 0u8;
        for (d, &(dq, dr)) in DIRECTIONS.iter().enumerate() {
            let (mut x, mut y) = (x0 + dq, y0 + dr);
            // Beyond the grid there is no stack: the line has left the area in play.
            while let Some(j) = grid.at(x, y) {
                let top = grid.top[j];
                if top != EMPTY {
                    if top & 63 == 0 && top >> 6 == roles.target {
                        bad |= 1 << d;
                        break;
                    }
                    if top & (1 << d) == 0 {
                        break;
                    }
                }
                x += dq;
                y += dr;
            }
        }
        bad
    }

    /// Whether a tile placed on the empty grid cell `i` keeps the step rule.
    fn placement_keeps_steps(grid: &mut Grid, i: usize) -> bool {
        // Next to open table the new tile steps down itself, and any path that ended on its
        // cell (from a height-1 stack) goes on through it: nothing can break.
        if grid.open_neighbour(i) {
            return true;
        }
        grid.height[i] = 1;
        let ok = grid.step_rule_holds(Some(i));
        grid.height[i] = 0;
        ok
    }

    /// Why placing `kind` showing `mask` on `cell` is illegal now, if it is.
    ///
    /// # Errors
    /// The reason.
    pub fn placement_refusal(&self, kind: TileKind, mask: u8, cell: Cell) -> Result<(), Refusal> {
        self.turn_open()?;
        if !cell.in_range() {
            return Err(Refusal::OffTheTable);
        }
        if !kind.orientations().contains(&mask) {
            return Err(Refusal::BadPointers);
        }
        if !self.in_reserve(self.turn(), kind) {
            return Err(Refusal::NotInReserve(kind));
        }
        if self.opening() && kind == TileKind::Queen {
            return Err(Refusal::NoQueenInOpening);
        }
        if self.find(cell).is_some() {
            return Err(Refusal::Occupied);
        }
        let mut grid = Grid::new(&self.stacks);
        let idx = grid.index(cell);
        match self.placed() {
            0 if cell != Cell::ORIGIN => return Err(Refusal::FirstTileAtOrigin),
            1 if idx.is_none_or(|i| grid.stack_neighbours(i) == 0) => {
                return Err(Refusal::MustTouchFirstTile)
            }
            0 | 1 => {}
            _ if idx.is_none_or(|i| grid.stack_neighbours(i) < 2) => {
                return Err(Refusal::NeedsTwoNeighbours)
            }
            _ => {}
        }
        let Some(i) = idx else {
            return Err(Refusal::NeedsTwoNeighbours);
        };
        let bad = self.king_lines(&grid, i, self.roles()) & mask;
        if bad != 0 {
            return Err(Refusal::PointsAtEnemyKing(bad.trailing_zeros() as usize));
        }
        if !Self::placement_keeps_steps(&mut grid, i) {
            return Err(Refusal::BreaksStepRule);
        }
        Ok(())
    }

    /// Every cell where the seat in turn may place `kind` now, with the orientations allowed
    /// there (pointer masks, ascending): empty when it may not place that kind at all.
    pub fn placements_for(&self, kind: TileKind) -> Vec<(Cell, Vec<u8>)> {
        let mut out: Vec<(Cell, Vec<u8>)> = Vec::new();
        if !self.in_turn() || self.placeable_bits() & (1 << kind.index()) == 0 {
            return out;
        }
        self.for_each_placement(1 << kind.index(), &mut |mv| {
            if let StaxMove::Place { mask, cell, .. } = mv {
                match out.last_mut() {
                    Some((c, masks)) if *c == cell => masks.push(mask),
                    _ => out.push((cell, vec![mask])),
                }
            }
            false
        });
        out
    }

    /// Calls `f` on every legal placement of the kinds in `kinds` (reserve bits) until it
    /// returns `true`; returns whether it stopped early.
    fn for_each_placement(&self, kinds: u16, f: &mut dyn FnMut(StaxMove) -> bool) -> bool {
        let bits = self.placeable_bits() & kinds;
        if bits == 0 {
            return false;
        }
        let roles = self.roles();
        let mut grid = Grid::new(&self.stacks);
        for i in self.placement_cells(&grid) {
            if grid.height[i] != 0 || !Self::placement_keeps_steps(&mut grid, i) {
                continue;
            }
            let bad = self.king_lines(&grid, i, roles);
            let cell = grid.cell(i);
            for kind in KINDS {
                if bits & (1 << kind.index()) == 0 {
                    continue;
                }
                for &mask in kind.orientations() {
                    if mask & bad == 0 && f(StaxMove::Place { kind, mask, cell }) {
                        return true;
                    }
                }
            }
        }
        false
    }

    // --- Moves --------------------------------------------------------------------------

    /// Whether the seat in turn may move tiles at all (its king is on the table).
    fn may_move(&self) -> bool {
        matches!(self.king(self.turn()), KingState::OnTable(_))
    }

    /// What landing on grid cell `j` (heights as they are with the mover lifted) does, or
    /// why it may not be landed on.
    fn landing(grid: &Grid, j: usize, roles: Roles) -> Result<Landing, Refusal> {
        if grid.height[j] == 0 {
            return if grid.stack_neighbours(j) > 0 {
                Ok(Landing::Plain)
            } else {
                Err(Refusal::LonelyCell(grid.cell(j)))
            };
        }
        let top = grid.top[j];
        if top & 63 != 0 {
            return Ok(Landing::Plain);
        }
        let owner = top >> 6;
        if owner == roles.me {
            Err(Refusal::OwnKing)
        } else if Some(owner) == roles.prev {
            Err(Refusal::PreviousKing)
        } else {
            Ok(Landing::Capture)
        }
    }

    /// Whether the cell may be passed over in direction `d` (heights as they are with the
    /// mover lifted).
    fn passable(grid: &Grid, j: usize, d: usize) -> Result<(), Refusal> {
        if grid.height[j] == 0 {
            if grid.stack_neighbours(j) > 0 {
                Ok(())
            } else {
                Err(Refusal::LonelyCell(grid.cell(j)))
            }
        } else if grid.top[j] & (1 << d) != 0 {
            Ok(())
        } else {
            Err(Refusal::Blocked(grid.cell(j)))
        }
    }

    /// With the mover lifted off `src`: whether landing on `dst` keeps rules 7 and 8.
    fn landing_keeps_rules(
        grid: &mut Grid,
        src: usize,
        dst: usize,
        landing: Landing,
    ) -> Result<(), Refusal> {
        let extra = (grid.height[dst] == 0).then_some(dst);
        if landing == Landing::Plain {
            grid.height[dst] += 1;
        }
        // With something left under the mover, the stacks only gain a cell next to one of
        // them: still one group.
        let group = grid.height[src] > 0 || grid.one_group(extra);
        let steps = group && grid.step_rule_holds(extra);
        if landing == Landing::Plain {
            grid.height[dst] -= 1;
        }
        if !group {
            Err(Refusal::BreaksOneGroup)
        } else if !steps {
            Err(Refusal::BreaksStepRule)
        } else {
            Ok(())
        }
    }

    /// Whether the tile on grid cell `i` (height `h`) has a free side.
    fn free_side(grid: &Grid, i: usize) -> bool {
        let h = grid.height[i];
        (0..6).any(|d| grid.nb_height(i, d) < h)
    }

    /// Calls `f(from, to, tile)` on every legal (from, to) of the seat in turn (only from
    /// `only` when given) until it returns `true`; returns whether it stopped early.
    fn for_each_travel(
        &self,
        only: Option<Cell>,
        f: &mut dyn FnMut(Cell, Cell, Tile) -> bool,
    ) -> bool {
        if !self.may_move() {
            return false;
        }
        let mut grid = Grid::new(&self.stacks);
        self.for_each_landing(&mut grid, only, &mut |grid, l| {
            Self::landing_keeps_rules(grid, l.src, l.dst, l.landing).is_ok()
                && f(l.from, grid.cell(l.dst), l.tile)
        })
    }

    /// Calls `f` on every cell the seat in turn could move a top tile to (only from `only`
    /// when given) by the line rules alone, before the group and step rules, with the tile
    /// lifted off `grid` (built on this position), until it returns `true`; returns whether
    /// it stopped early. The caller checks that the seat may move.
    fn for_each_landing(
        &self,
        grid: &mut Grid,
        only: Option<Cell>,
        f: &mut dyn FnMut(&mut Grid, Land) -> bool,
    ) -> bool {
        let roles = self.roles();
        for (from, tiles) in &self.stacks {
            if only.is_some_and(|c| c != *from) {
                continue;
            }
            let Some(&tile) = tiles.last() else { continue };
            if tile.owner != roles.me {
                continue;
            }
            let Some(src) = grid.index(*from) else {
                continue;
            };
            if !Self::free_side(grid, src) {
                continue;
            }
            let (sx, sy) = grid.coords(src);
            grid.height[src] -= 1;
            let king = tile.is_king();
            let mut stop = false;
            for (d, &(dq, dr)) in DIRECTIONS.iter().enumerate() {
                if stop {
                    break;
                }
                if !king && !tile.points(d) {
                    continue;
                }
                let (mut x, mut y) = (sx + dq, sy + dr);
                while let Some(j) = grid.at(x, y) {
                    if let Ok(landing) = Self::landing(grid, j, roles) {
                        let land = Land {
                            from: *from,
                            src,
                            dst: j,
                            landing,
                            tile,
                        };
                        if f(grid, land) {
                            stop = true;
                            break;
                        }
                    }
                    if king || Self::passable(grid, j, d).is_err() {
                        break;
                    }
                    x += dq;
                    y += dr;
                }
            }
            grid.height[src] += 1;
            if stop {
                return true;
            }
        }
        false
    }

    /// Why moving the top tile of `from` to `to` is illegal now, if it is (whatever it is
    /// turned to on arrival).
    ///
    /// # Errors
    /// The reason.
    pub fn travel_refusal(&self, from: Cell, to: Cell) -> Result<(), Refusal> {
        self.turn_open()?;
        if !from.in_range() || !to.in_range() {
            return Err(Refusal::OffTheTable);
        }
        let tile = self.top(from).ok_or(Refusal::NoStack)?;
        let roles = self.roles();
        if tile.owner != roles.me {
            return Err(Refusal::NotYourTile);
        }
        if !self.may_move() {
            return Err(Refusal::KingNotPlaced);
        }
        let mut grid = Grid::new(&self.stacks);
        let src = grid.index(from).ok_or(Refusal::NoStack)?;
        if !Self::free_side(&grid, src) {
            return Err(Refusal::NoFreeSide);
        }
        let (d, n) = from.line_to(to).ok_or(Refusal::NotInLine)?;
        if (tile.is_king() && n != 1) || (!tile.is_king() && !tile.points(d)) {
            return Err(Refusal::NotInLine);
        }
        grid.height[src] -= 1;
        let result = Self::walk_to(&mut grid, src, d, n, roles);
        grid.height[src] += 1;
        result
    }

    /// With the mover lifted off `src`: whether it may travel `n` cells in direction `d` and
    /// land there keeping rules 7 and 8.
    fn walk_to(grid: &mut Grid, src: usize, d: usize, n: i64, roles: Roles) -> Result<(), Refusal> {
        let (sx, sy) = grid.coords(src);
        let (dq, dr) = DIRECTIONS[d];
        let (mut x, mut y) = (sx, sy);
        for step in 1..=n {
            x += dq;
            y += dr;
            // Cells outside the grid are empty and touch no stack.
            let Some(j) = grid.at(x, y) else {
                let c = Cell::new(grid.q0.saturating_add(x), grid.r0.saturating_add(y));
                return Err(Refusal::LonelyCell(c));
            };
            if step == n {
                let landing = Self::landing(grid, j, roles)?;
                return Self::landing_keeps_rules(grid, src, j, landing);
            }
            Self::passable(grid, j, d)?;
        }
        Err(Refusal::NotInLine)
    }

    /// Every cell the top tile of `from` may move to now (for the seat in turn).
    pub fn destinations(&self, from: Cell) -> Vec<Cell> {
        let mut out = Vec::new();
        if self.in_turn() {
            self.for_each_travel(Some(from), &mut |_, to, _| {
                out.push(to);
                false
            });
        }
        out
    }

    /// The pointer masks the top tile of `from` may show on arrival (its distinct rotations,
    /// same side up; one for a king or queen).
    pub fn arrival_masks(&self, from: Cell) -> Vec<u8> {
        self.top(from)
            .map(|t| rotations(t.mask).to_vec())
            .unwrap_or_default()
    }

    /// The cells whose top tile the seat in turn may move somewhere now.
    pub fn movable(&self) -> Vec<Cell> {
        let mut out: Vec<Cell> = Vec::new();
        if self.in_turn() {
            self.for_each_travel(None, &mut |from, _, _| {
                if out.last() != Some(&from) {
                    out.push(from);
                }
                false
            });
        }
        out
    }

    /// Whether the top tile of `cell` has a free side (a neighbour lower than itself).
    pub fn has_free_side(&self, cell: Cell) -> bool {
        let h = self.height(cell);
        h > 0 && cell.neighbours().iter().any(|&n| self.height(n) < h)
    }

    // --- Turns and moves ----------------------------------------------------------------

    /// `Ok` when the seat in turn may place or move now.
    fn turn_open(&self) -> Result<(), Refusal> {
        if self.is_over() {
            Err(Refusal::GameOver)
        } else if matches!(self.phase, Phase::Answer { .. }) {
            Err(Refusal::AnswerTheOffer)
        } else {
            Ok(())
        }
    }

    /// A legal turn drawn with `rng`, every one equally likely ([`Game::random_move`]): the
    /// placements and moves of [`Stax::for_each_turn`] are listed without the group and step
    /// rules (the slow part), which are checked only for what is drawn; the offer of a draw,
    /// when allowed, is one more item.
    fn random_turn(&self, offered: bool, rng: &mut Rng) -> Option<StaxMove> {
        /// Moves whose legality is decided together.
        #[derive(Clone, Copy)]
        enum Item {
            /// Placements on grid cell `i`, showing no pointer in `bad`.
            Place {
                i: usize,
                bad: u8,
            },
            /// A move to a cell, in any rotation.
            Travel(Land),
            Offer,
        }
        let roles = self.roles();
        let bits = self.placeable_bits();
        let mut grid = Grid::new(&self.stacks);
        let mut items = Vec::with_capacity(64);
        let mut counts = Vec::with_capacity(64);
        let places = |bad: u8| {
            KINDS
                .into_iter()
                .filter(move |k| bits & (1 << k.index()) != 0)
                .flat_map(move |kind| {
                    kind.orientations()
                        .iter()
                        .filter(move |&&m| m & bad == 0)
                        .map(move |&mask| (kind, mask))
                })
        };
        if bits != 0 {
            for i in self.placement_cells(&grid) {
                if grid.height[i] != 0 {
                    continue;
                }
                let bad = self.king_lines(&grid, i, roles);
                let n = u32::try_from(places(bad).count()).unwrap_or(0);
                if n > 0 {
                    items.push(Item::Place { i, bad });
                    counts.push(n);
                }
            }
        }
        if self.may_move() {
            self.for_each_landing(&mut grid, None, &mut |_, land| {
                items.push(Item::Travel(land));
                counts.push(u32::try_from(rotations(land.tile.mask).len()).unwrap_or(0));
                false
            });
        }
        if !offered {
            items.push(Item::Offer);
            counts.push(1);
        }
        let (g, k) = rng.draw_legal(&mut counts, |g| match items[g] {
            Item::Place { i, .. } => Self::placement_keeps_steps(&mut grid, i),
            Item::Travel(l) => {
                grid.height[l.src] -= 1;
                let ok = Self::landing_keeps_rules(&mut grid, l.src, l.dst, l.landing).is_ok();
                grid.height[l.src] += 1;
                ok
            }
            Item::Offer => true,
        })?;
        let k = usize::try_from(k).unwrap_or(usize::MAX);
        match items[g] {
            Item::Place { i, bad } => places(bad).nth(k).map(|(kind, mask)| StaxMove::Place {
                kind,
                mask,
                cell: grid.cell(i),
            }),
            Item::Travel(l) => rotations(l.tile.mask)
                .get(k)
                .map(|&m| StaxMove::travel(l.from, grid.cell(l.dst), m)),
            Item::Offer => Some(StaxMove::Offer),
        }
    }

    /// Calls `f` on every legal turn (placements, then moves) until it returns `true`.
    fn for_each_turn(&self, f: &mut dyn FnMut(StaxMove) -> bool) -> bool {
        if self.for_each_placement(FULL_RESERVE, f) {
            return true;
        }
        self.for_each_travel(None, &mut |from, to, tile| {
            rotations(tile.mask)
                .iter()
                .any(|&m| f(StaxMove::travel(from, to, m)))
        })
    }

    /// Whether the seat in turn has any legal turn (placement or move).
    fn has_turn(&self) -> bool {
        self.for_each_turn(&mut |_| true)
    }

    /// Why `mv` is not legal here, if it is not.
    ///
    /// # Errors
    /// The reason.
    pub fn refusal(&self, mv: &StaxMove) -> Result<(), Refusal> {
        if self.is_over() {
            return Err(Refusal::GameOver);
        }
        match *mv {
            StaxMove::Offer => match self.phase {
                Phase::Turn { offered: false } => Ok(()),
                Phase::Turn { offered: true } => Err(Refusal::AlreadyOffered),
                _ => Err(Refusal::AnswerTheOffer),
            },
            StaxMove::Accept | StaxMove::Decline => match self.phase {
                Phase::Answer { .. } => Ok(()),
                _ => Err(Refusal::NoOffer),
            },
            StaxMove::Place { kind, mask, cell } => self.placement_refusal(kind, mask, cell),
            StaxMove::Travel { from, to, mask } => {
                self.travel_refusal(from, to)?;
                let tile = self.top(from).ok_or(Refusal::NoStack)?;
                let fits = match mask {
                    None => tile.mask == 0 || tile.mask == 63,
                    Some(m) => m != 0 && m != 63 && rotations(tile.mask).contains(&m),
                };
                if fits {
                    Ok(())
                } else {
                    Err(Refusal::BadPointers)
                }
            }
        }
    }

    /// Plays `mv`, known to be legal.
    fn apply(&mut self, mv: &StaxMove) {
        let n = self.players.max(1);
        match *mv {
            StaxMove::Offer => {
                self.phase = Phase::Answer {
                    answering: usize::from((self.turn + 1) % n),
                };
                return;
            }
            StaxMove::Accept => {
                if let Phase::Answer { answering } = self.phase {
                    let next = (answering + 1) % usize::from(n);
                    self.phase = if next == self.turn() {
                        Phase::Agreed
                    } else {
                        Phase::Answer { answering: next }
                    };
                }
                self.settle();
                return;
            }
            StaxMove::Decline => {
                self.phase = Phase::Turn { offered: true };
                return;
            }
            StaxMove::Place { kind, mask, cell } => {
                let seat = self.turn();
                self.reserve[seat] &= !(1 << kind.index());
                let tile = Tile::new(seat, mask);
                match self.stacks.binary_search_by(|(c, _)| c.cmp(&cell)) {
                    Ok(i) => self.stacks[i].1.push(tile),
                    Err(i) => self.stacks.insert(i, (cell, vec![tile])),
                }
                // The reserves only shrink: no earlier position can occur again.
                self.history.clear();
            }
            StaxMove::Travel { from, to, mask } => {
                let Some(i) = self.find(from) else { return };
                let Some(mut tile) = self.stacks[i].1.pop() else {
                    return;
                };
                if let Some(m) = mask {
                    tile.mask = m;
                }
                if self.stacks[i].1.is_empty() {
                    self.stacks.remove(i);
                }
                match self.stacks.binary_search_by(|(c, _)| c.cmp(&to)) {
                    Ok(j) => {
                        let tiles = &mut self.stacks[j].1;
                        if tiles.last().is_some_and(|t| t.is_king()) {
                            // Only the enemy king can be landed on: captured, removed.
                            tiles.pop();
                        }
                        tiles.push(tile);
                    }
                    Err(j) => self.stacks.insert(j, (to, vec![tile])),
                }
                self.history.push(self.key);
            }
        }
        self.turn = (self.turn + 1) % n;
        self.phase = Phase::Turn { offered: false };
        self.settle();
    }

    /// Recomputes what follows from the position: its key and how the game ended.
    pub(super) fn settle(&mut self) {
        self.key = self.compute_key();
        self.end = self.compute_end();
    }

    fn compute_end(&self) -> Option<End> {
        if self.phase == Phase::Agreed {
            return Some(End::Agreed);
        }
        let n = self.players();
        for loser in 0..n {
            if self.king(loser) == KingState::Captured {
                return Some(End::Captured {
                    winner: (loser + n - 1) % n,
                    loser,
                });
            }
        }
        if self.occurrences() >= 3 {
            return Some(End::Repetition);
        }
        if matches!(self.phase, Phase::Turn { .. }) && !self.has_turn() {
            let loser = self.turn();
            return Some(End::NoTurn {
                winner: (loser + n - 1) % n,
                loser,
            });
        }
        None
    }

    /// Checks what must hold in every position; the notation parser calls it too.
    fn invariants(&self) -> Result<(), String> {
        let n = self.players();
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&n) {
            return Err(format!("{n} players"));
        }
        if self.turn() >= n {
            return Err(format!("seat {} is in turn", self.turn() + 1));
        }
        if self.reserve[n..].iter().any(|&r| r != 0)
            || self.reserve.iter().any(|&r| r > FULL_RESERVE)
        {
            return Err("a reserve holds tiles nobody owns".into());
        }
        // Every tile accounted for exactly once: reserve, table, or a captured king.
        let mut seen = [0u16; MAX_PLAYERS];
        for (c, tiles) in &self.stacks {
            if !c.in_range() {
                return Err(format!("{c} is too far away"));
            }
            if tiles.is_empty() {
                return Err(format!("an empty stack is listed at {c}"));
            }
            for (k, t) in tiles.iter().enumerate() {
                let seat = t.owner();
                if seat >= n || t.mask > 63 {
                    return Err(format!("a tile on {c} belongs to nobody"));
                }
                let bit = 1 << t.kind().index();
                if seen[seat] & bit != 0 || self.reserve[seat] & bit != 0 {
                    return Err(format!(
                        "{} has two {} tiles",
                        seat_name(seat),
                        t.kind().name()
                    ));
                }
                seen[seat] |= bit;
                if t.is_king() && k + 1 != tiles.len() {
                    return Err(format!("a king is buried on {c}"));
                }
            }
        }
        let mut captured = 0;
        for (seat, (on_table, reserve)) in seen.iter().zip(&self.reserve).take(n).enumerate() {
            let missing = FULL_RESERVE & !(on_table | reserve);
            if missing == KING_BIT {
                captured += 1;
            } else if missing != 0 {
                return Err(format!(
                    "{} has only {} of its {TILES_PER_PLAYER} tiles",
                    seat_name(seat),
                    TILES_PER_PLAYER - missing.count_ones() as usize
                ));
            }
        }
        if captured > 1 {
            return Err("two kings are captured".into());
        }
        for w in self.stacks.windows(2) {
            if w[0].0 >= w[1].0 {
                return Err(format!("the stacks are not in cell order at {}", w[1].0));
            }
        }
        // The opening: Light places first (on 0,0), Dark second.
        match self.placed() {
            0 if self.turn != 0 => return Err("Light places the first tile".into()),
            1 if self.turn != 1
                || self.stacks.len() != 1
                || self.stacks[0].0 != Cell::ORIGIN
                || self.stacks[0].1[0].owner != 0 =>
            {
                return Err("after Light's first tile on 0,0, Dark places".into())
            }
            _ => {}
        }
        if !self.stacks.is_empty() {
            if self.bounds().is_some_and(|b| {
                i64::from(b.max_q) - i64::from(b.min_q) > self.stacks.len() as i64
                    || i64::from(b.max_r) - i64::from(b.min_r) > self.stacks.len() as i64
            }) {
                return Err("the stacks do not form one group".into());
            }
            let mut grid = Grid::new(&self.stacks);
            if !grid.one_group(None) {
                return Err("the stacks do not form one group".into());
            }
            if !grid.step_rule_holds(None) {
                return Err("a stack has no path of steps down to the table".into());
            }
        }
        match self.phase {
            Phase::Answer { answering } if answering >= n || answering == self.turn() => {
                return Err(format!("seat {} answers its own offer", answering + 1));
            }
            Phase::Answer { .. } | Phase::Turn { offered: true } | Phase::Agreed
                if captured > 0 =>
            {
                return Err("a king is captured but the game goes on".into());
            }
            _ => {}
        }
        for &k in &self.history {
            if self.history.iter().filter(|&&x| x == k).count() > 2 {
                return Err("a position occurred three times but the game went on".into());
            }
        }
        Ok(())
    }
}

impl Game for Stax {
    type Move = StaxMove;
    type Options = StaxOptions;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn setup_form(players: usize) -> Result<SetupForm, SetupError> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(SetupError(format!(
                "STAX is for 2 or 3 players, not {players}"
            )));
        }
        Ok(SetupForm {
            sides: SideRule::Fixed(
                COLOURS[..players]
                    .iter()
                    .map(|c| Side {
                        letter: c.letter_str(),
                        name: c.name(),
                    })
                    .collect(),
            ),
            options: Vec::new(),
        })
    }

    fn options_from(choices: &SetupChoices) -> Result<StaxOptions, SetupError> {
        let players = choices.sides.len();
        Self::setup_form(players)?.check(players, choices)?;
        let options = StaxOptions {
            players: u8::try_from(players).unwrap_or(0),
        };
        options.validate()?;
        Ok(options)
    }

    fn new(options: &StaxOptions, _seed: u64) -> Result<Self, SetupError> {
        Stax::start(usize::from(options.players))
    }

    fn seats(&self) -> usize {
        self.players()
    }

    fn to_move(&self) -> Option<Seat> {
        if self.is_over() {
            return None;
        }
        match self.phase {
            Phase::Answer { answering } => Some(answering),
            _ => Some(self.turn()),
        }
    }

    fn legal_moves(&self) -> Vec<StaxMove> {
        let mut out = Vec::new();
        if self.is_over() {
            return out;
        }
        match self.phase {
            Phase::Answer { .. } => {
                out.push(StaxMove::Accept);
                out.push(StaxMove::Decline);
            }
            Phase::Turn { offered } => {
                out.reserve(256);
                self.for_each_turn(&mut |mv| {
                    out.push(mv);
                    false
                });
                if !offered {
                    out.push(StaxMove::Offer);
                }
            }
            Phase::Agreed => {}
        }
        out
    }

    fn winning_move(&self) -> Option<StaxMove> {
        // A move onto the enemy king that keeps the group and step rules; it wins when the
        // capture ends the game for the mover (checked by playing it: captures are rare).
        if !matches!(self.phase, Phase::Turn { .. }) || self.is_over() || !self.may_move() {
            return None;
        }
        let me = self.to_move()?;
        let mut grid = Grid::new(&self.stacks);
        let mut found = None;
        self.for_each_landing(&mut grid, None, &mut |grid, l| {
            if l.landing == Landing::Capture
                && Self::landing_keeps_rules(grid, l.src, l.dst, l.landing).is_ok()
            {
                found = rotations(l.tile.mask)
                    .first()
                    .map(|&m| StaxMove::travel(l.from, grid.cell(l.dst), m));
            }
            found.is_some()
        });
        let mv = found?;
        let mut next = self.clone();
        (next.play(&mv).is_ok() && next.outcome().is_some_and(|o| o.winners == [me])).then_some(mv)
    }

    fn random_move(&self, rng: &mut Rng) -> Option<StaxMove> {
        match self.phase {
            Phase::Turn { offered } if !self.is_over() => self.random_turn(offered, rng),
            _ => {
                let mut moves = self.legal_moves();
                let pick = rng.below(moves.len().max(1) as u64) as usize;
                (pick < moves.len()).then(|| moves.swap_remove(pick))
            }
        }
    }

    fn play(&mut self, mv: &StaxMove) -> Result<(), PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        self.refusal(mv)
            .map_err(|r| PlayError::Illegal(r.to_string()))?;
        self.apply(mv);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        let end = self.end?;
        Some(match end {
            End::Captured { winner, loser } => Outcome::win(
                winner,
                format!("{} captured {}'s king", seat_name(winner), seat_name(loser)),
            ),
            End::NoTurn { winner, loser } => Outcome::win(
                winner,
                format!(
                    "{} had no legal turn: {} wins",
                    seat_name(loser),
                    seat_name(winner)
                ),
            ),
            End::Repetition => Outcome {
                winners: Vec::new(),
                scores: None,
                reason: "the same position occurred for the third time: a draw".into(),
            },
            End::Agreed => Outcome {
                winners: Vec::new(),
                scores: None,
                reason: "the players agreed to a draw".into(),
            },
        })
    }

    fn view(&self, _viewer: Viewer) -> Self {
        self.clone()
    }

    fn describe_move(&self, mv: &StaxMove, _viewer: Viewer) -> String {
        let who = seat_name(Game::to_move(self).unwrap_or_default());
        let mut after = self.clone();
        if after.play(mv).is_err() {
            return mv.to_string();
        }
        let text = match *mv {
            StaxMove::Offer => format!("{who} offers a draw"),
            StaxMove::Accept | StaxMove::Decline => format!(
                "{who} {}s the draw",
                if *mv == StaxMove::Accept {
                    "accept"
                } else {
                    "decline"
                }
            ),
            StaxMove::Place { kind, mask, cell } => {
                format!(
                    "{who} places its {} on {cell}{}",
                    kind_words(kind),
                    pointing(mask)
                )
            }
            StaxMove::Travel { from, to, mask } => {
                let onto = match self.top(to) {
                    Some(t) if t.is_king() => {
                        format!(" and captures {}'s king", seat_name(t.owner()))
                    }
                    Some(t) => format!(" onto {}", tile_words(t)),
                    None => String::new(),
                };
                let tile = self.top(from).map(tile_words).unwrap_or_default();
                let turned = mask.map(pointing).unwrap_or_default();
                let comma = if onto.is_empty() || turned.is_empty() {
                    ""
                } else {
                    ","
                };
                format!("{tile} moves {from} to {to}{onto}{comma}{turned}")
            }
        };
        match after.end {
            Some(End::NoTurn { loser, .. }) => {
                format!("{text} ({} has no legal turn)", seat_name(loser))
            }
            Some(End::Repetition) => format!("{text} (third repetition)"),
            _ => text,
        }
    }

    fn seat_label(&self, seat: Seat) -> Option<String> {
        (seat < self.players()).then(|| Colour::of_seat(seat).letter().to_string())
    }

    fn seat_card(&self, seat: Seat) -> SeatCard {
        if seat >= self.players() {
            return SeatCard::default();
        }
        let reserve = self.reserve(seat);
        let names: Vec<&str> = reserve.iter().map(|k| k.name()).collect();
        let king = match self.king(seat) {
            KingState::InReserve => "in reserve".to_string(),
            KingState::OnTable(c) => format!("on the table ({c})"),
            KingState::Captured => "captured".to_string(),
        };
        SeatCard {
            side: seat_name(seat).to_string(),
            score: None,
            out: false,
            facts: vec![
                Fact::new("tiles in reserve", reserve.len()),
                Fact::new(
                    "reserve",
                    if names.is_empty() {
                        "none".to_string()
                    } else {
                        names.join(" ")
                    },
                ),
                Fact::new("king", king),
            ],
        }
    }

    fn table_facts(&self) -> Vec<Fact> {
        let mut facts = Vec::new();
        let seen = self.occurrences();
        if seen > 1 {
            facts.push(Fact::new("this position seen", format!("{seen} times")));
        }
        match self.phase {
            Phase::Answer { answering } if !self.is_over() => facts.push(Fact::new(
                "draw offered",
                format!(
                    "by {}, {} to answer",
                    seat_name(self.turn()),
                    seat_name(answering)
                ),
            )),
            _ => {}
        }
        facts
    }

    fn check_invariants(&self) -> Result<(), String> {
        self.invariants()?;
        let mut copy = self.clone();
        copy.settle();
        if copy.key != self.key || copy.end != self.end {
            return Err("the cached key or ending is stale".into());
        }
        Ok(())
    }
}
