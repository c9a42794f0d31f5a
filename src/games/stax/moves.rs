//! Moves and options ([`StaxMove`], [`StaxOptions`]) and why a move is refused
//! ([`Refusal`]).

use std::fmt;

use super::cell::Cell;
use super::rules::{MAX_PLAYERS, MIN_PLAYERS};
use super::tile::TileKind;
use crate::core::SetupError;

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

/// Why a move (or a tried placement or landing on the board) is not legal: for the UI to
/// explain refusals, and the text of [`PlayError::Illegal`](crate::core::PlayError::Illegal).
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
    /// The cell is beyond [`COORD_LIMIT`](super::cell::COORD_LIMIT).
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
