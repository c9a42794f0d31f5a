//! Stacks notation.
//!
//! - Cell: row letter then place in the row, e.g. `c4`. Rows run `a` (Light's near row, at
//!   Light's side) to `e`, `g` or `i` (Dark's near row) for sides 3, 4, 5; places run 1 to
//!   the row's length, left to right as Light sees the board.
//! - Move:
//!   - `+a2`: enter one piece from the reserve onto `a2`;
//!   - `b2-c3`: move the top piece of `b2` to `c3`; `b2-c3x2`: the top two pieces;
//!   - `e1-off`: move the top piece of `e1` off the board; `e1-offx3`: the top three;
//!   - `pass`: the player to move has no legal step at all.
//!
//!   A group of one is written without `x1`; counts are 2 to 24 without leading zeros.
//! - Options: `side=3`, `side=4`, `side=5`, followed by ` diabolical` for Diabolical Stacks,
//!   e.g. `side=3` or `side=4 diabolical`.
//! - Position: `<variant> <board> <reserves> <to move>`, then for Diabolical Stacks only
//!   `<history>`:
//!   - variant: the side, with `d` after it for Diabolical Stacks (`3`, `5d`);
//!   - board: rows `a` first separated by `/`, each row's cells left to right separated by
//!     `,`; a cell is `-` when empty, else its pieces bottom to top (`LLD` is a Dark piece on
//!     two Light ones);
//!   - reserves: Light's and Dark's pieces in reserve, `12,12` (pieces off the board are
//!     what is neither in reserve nor on the board);
//!   - to move: the colour letter of the seat whose turn it is and the moves left in the
//!     turn, `L1` at the start (the first player's one-move turn), `D2`, ...;
//!   - history: `-`, or the 16-hex-digit keys of the earlier positions since the last step
//!     that entered a piece or moved pieces off (none of those can occur again), oldest
//!     first, separated by `,`. The game is drawn when the position's own key is there twice.
//!
//!   The start of a default game is `3 -,-,-/-,-,-,-/-,-,-,-,-/-,-,-,-/-,-,- 12,12 L1`.
//!
//! Serde uses the same notation, so a deserialised position is always a validated one.

use std::fmt;
use std::str::FromStr;

use super::rules::{
    cell_count, row_count, row_len, row_letter, valid_side, Cell, Colour, Dest, Stacks, StacksMove,
    StacksOptions, MAX_SIDE, MOVES_PER_TURN, PIECES,
};
use crate::core::clip;
use crate::core::{Game, NotationError};

/// The most pieces one stack (or group) can hold.
const MOST_IN_A_STACK: usize = 2 * PIECES as usize;

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", row_letter(self.row), u32::from(self.pos) + 1)
    }
}

impl FromStr for Cell {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let rows = row_count(MAX_SIDE);
        let bad = || {
            NotationError::new(
                "cell",
                format!(
                    "\"{}\" is not a cell like c4 (rows a to {}, places 1 to {})",
                    clip(s),
                    row_letter(rows - 1),
                    rows
                ),
            )
        };
        let bytes = s.as_bytes();
        let [r, p] = bytes else {
            return Err(bad());
        };
        if !(b'a'..b'a' + rows).contains(r) || !(b'1'..=b'0' + rows).contains(p) {
            return Err(bad());
        }
        Ok(Cell {
            row: r - b'a',
            pos: p - b'1',
        })
    }
}

impl fmt::Display for StacksMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StacksMove::Pass => f.write_str("pass"),
            StacksMove::Enter(cell) => write!(f, "+{cell}"),
            StacksMove::Move { from, to, count } => {
                write!(f, "{from}-")?;
                match to {
                    Dest::Cell(c) => write!(f, "{c}")?,
                    Dest::Off => f.write_str("off")?,
                }
                if *count != 1 {
                    write!(f, "x{count}")?;
                }
                Ok(())
            }
        }
    }
}

fn parse_count(text: &str) -> Result<u8, NotationError> {
    let canonical = !text.is_empty()
        && text.len() <= 2
        && text.bytes().all(|b| b.is_ascii_digit())
        && !text.starts_with('0');
    text.parse::<u8>()
        .ok()
        .filter(|&n| canonical && n >= 2 && usize::from(n) <= MOST_IN_A_STACK)
        .ok_or_else(|| {
            NotationError::new(
                "move",
                format!(
                    "\"x{}\" is not a group size of 2 to {MOST_IN_A_STACK} (a single piece has no x)",
                    clip(text)
                ),
            )
        })
}

impl FromStr for StacksMove {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s == "pass" {
            return Ok(StacksMove::Pass);
        }
        if let Some(cell) = s.strip_prefix('+') {
            return Ok(StacksMove::Enter(cell.parse()?));
        }
        let (from, rest) = s.split_once('-').ok_or_else(|| {
            NotationError::new(
                "move",
                format!(
                    "\"{}\" is not like +a2, b2-c3, b2-c3x2, e1-off or pass",
                    clip(s)
                ),
            )
        })?;
        let (to, count) = match rest.split_once('x') {
            Some((to, n)) => (to, parse_count(n)?),
            None => (rest, 1),
        };
        let to = if to == "off" {
            Dest::Off
        } else {
            Dest::Cell(to.parse()?)
        };
        Ok(StacksMove::Move {
            from: from.parse()?,
            to,
            count,
        })
    }
}

impl fmt::Display for StacksOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "side={}", self.side)?;
        if self.diabolical {
            f.write_str(" diabolical")?;
        }
        Ok(())
    }
}

impl FromStr for StacksOptions {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || {
            NotationError::new(
                "options",
                format!("\"{}\" is not like side=3 or side=4 diabolical", clip(s)),
            )
        };
        let (side_part, diabolical) = match s.split_once(' ') {
            Some((side, "diabolical")) => (side, true),
            Some(_) => return Err(bad()),
            None => (s, false),
        };
        let digits = side_part.strip_prefix("side=").ok_or_else(bad)?;
        let side = match digits.as_bytes() {
            [d @ b'0'..=b'9'] => d - b'0',
            _ => return Err(bad()),
        };
        let options = StacksOptions { side, diabolical };
        options
            .validate()
            .map_err(|e| NotationError::new("options", e.0))?;
        Ok(options)
    }
}

impl fmt::Display for Stacks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.side)?;
        if self.diabolical {
            f.write_str("d")?;
        }
        f.write_str(" ")?;
        let mut i = 0;
        for row in 0..row_count(self.side) {
            if row > 0 {
                f.write_str("/")?;
            }
            for pos in 0..row_len(self.side, row) {
                if pos > 0 {
                    f.write_str(",")?;
                }
                let stack = self.board.get(i).ok_or(fmt::Error)?;
                i += 1;
                if stack.is_empty() {
                    f.write_str("-")?;
                }
                for c in stack {
                    write!(f, "{}", c.letter())?;
                }
            }
        }
        write!(
            f,
            " {},{} {}{}",
            self.reserve[0],
            self.reserve[1],
            Colour::of_seat(self.turn).letter(),
            self.left
        )?;
        if self.diabolical {
            f.write_str(" ")?;
            if self.history.is_empty() {
                f.write_str("-")?;
            }
            for (k, key) in self.history.iter().enumerate() {
                if k > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{key:016x}")?;
            }
        }
        Ok(())
    }
}

fn parse_stack(token: &str) -> Result<Vec<Colour>, NotationError> {
    if token == "-" {
        return Ok(Vec::new());
    }
    if token.is_empty() || token.len() > MOST_IN_A_STACK {
        return Err(NotationError::new(
            "position",
            format!("\"{}\" is not a stack like LLD or -", clip(token)),
        ));
    }
    token
        .chars()
        .map(|c| {
            Colour::from_letter(c).ok_or_else(|| {
                NotationError::new("position", format!("'{c}' is not a piece (L or D)"))
            })
        })
        .collect()
}

fn parse_small(text: &str, what: &str, most: u8) -> Result<u8, NotationError> {
    let canonical = !text.is_empty()
        && text.len() <= 2
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'));
    text.parse::<u8>()
        .ok()
        .filter(|&n| canonical && n <= most)
        .ok_or_else(|| {
            NotationError::new(
                "position",
                format!("\"{}\" is not {what} (0 to {most})", clip(text)),
            )
        })
}

impl FromStr for Stacks {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = |why: String| NotationError::new("position", why);
        let parts: Vec<&str> = s.split(' ').collect();
        let (variant, rest) = parts
            .split_first()
            .ok_or_else(|| err("the position is empty".into()))?;
        let (side, diabolical) = match variant.as_bytes() {
            [d @ b'0'..=b'9'] => (d - b'0', false),
            [d @ b'0'..=b'9', b'd'] => (d - b'0', true),
            _ => {
                return Err(err(format!(
                    "\"{}\" is not a variant like 3 or 3d",
                    clip(variant)
                )))
            }
        };
        if !valid_side(side) {
            return Err(err(format!("the board's side is 3 to 5, not {side}")));
        }
        let fields = if diabolical { 4 } else { 3 };
        if rest.len() != fields {
            return Err(err(format!(
                "expected {} fields: variant, board, reserves, to move{}",
                fields + 1,
                if diabolical { ", history" } else { "" }
            )));
        }
        let rows: Vec<&str> = rest[0].split('/').collect();
        if rows.len() != usize::from(row_count(side)) {
            return Err(err(format!(
                "the board has {} rows, not {}",
                rows.len(),
                row_count(side)
            )));
        }
        let mut board = Vec::with_capacity(cell_count(side));
        for (row, text) in (0u8..).zip(&rows) {
            let tokens: Vec<&str> = text.split(',').collect();
            if tokens.len() != usize::from(row_len(side, row)) {
                return Err(err(format!(
                    "row {} has {} cells, not {}",
                    row_letter(row),
                    tokens.len(),
                    row_len(side, row)
                )));
            }
            for token in tokens {
                board.push(parse_stack(token)?);
            }
        }
        let (light, dark) = rest[1]
            .split_once(',')
            .ok_or_else(|| err(format!("\"{}\" is not reserves like 12,12", clip(rest[1]))))?;
        let reserve = [
            parse_small(light, "a reserve", PIECES)?,
            parse_small(dark, "a reserve", PIECES)?,
        ];
        let (turn, left) = match rest[2].as_bytes() {
            [c, n @ b'1'..=b'9'] if n - b'0' <= MOVES_PER_TURN => {
                let colour = Colour::from_letter(char::from(*c));
                (colour, n - b'0')
            }
            _ => (None, 0),
        };
        let turn = turn.ok_or_else(|| {
            err(format!(
                "\"{}\" is not a colour and moves left like L2",
                clip(rest[2])
            ))
        })?;
        let mut history = Vec::new();
        if diabolical && rest[3] != "-" {
            for key in rest[3].split(',') {
                history.push(crate::core::parse_hex_key(key)?);
            }
        }
        let game = Stacks {
            side,
            diabolical,
            board,
            reserve,
            turn: turn.seat(),
            left,
            history,
        };
        game.check_invariants().map_err(err)?;
        Ok(game)
    }
}

crate::core::serde_via_notation!(Stacks, StacksMove, StacksOptions);
