//! Stack Control notation.
//!
//! - Square: `a1` .. `h8` (file letter, rank digit).
//! - Move: `from-to`, e.g. `c3-e5`.
//! - Options: `colours=RBY`, one colour letter per seat (R red, Y yellow, G green, B blue,
//!   K black).
//! - Position: `<board> <seats> <to move>`. The board lists ranks 8 to 1 separated by `/`,
//!   each rank's squares a to h separated by `,`; a square is `-` when empty, else its
//!   pyramids bottom to top, each a colour letter and a pip count (`R3G1` is a green pawn on a
//!   red queen). Seats are the scoring colours in seat order, lower case for a seat that is
//!   out. To move is the seat number, from 1.
//!
//! Serde uses the same notation, so a deserialised position is always a validated one.

use std::fmt;
use std::str::FromStr;

use super::rules::{
    Colour, Pyramid, Size, Square, Stack, StackControl, StackControlOptions, StackMove, COLOURS,
    PYRAMIDS_PER_KIND, STACK_MOST,
};
use crate::core::clip;
use crate::core::{Game, NotationError};

impl fmt::Display for StackMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

impl FromStr for StackMove {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (from, to) = s.trim().split_once('-').ok_or_else(|| {
            NotationError::new("move", format!("\"{}\" is not like c3-e5", clip(s)))
        })?;
        Ok(StackMove {
            from: from.parse()?,
            to: to.parse()?,
        })
    }
}

impl fmt::Display for StackControlOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letters: String = self.colours.iter().map(|c| c.letter()).collect();
        write!(f, "colours={letters}")
    }
}

impl FromStr for StackControlOptions {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        let letters = s.strip_prefix("colours=").ok_or_else(|| {
            NotationError::new(
                "options",
                format!("\"{}\" is not like colours=RBY", clip(s)),
            )
        })?;
        let colours = letters
            .chars()
            .map(|c| {
                Colour::from_letter(c).ok_or_else(|| {
                    NotationError::new("options", format!("'{c}' is not one of R, Y, G, B, K"))
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let options = StackControlOptions { colours };
        options
            .validate()
            .map_err(|e| NotationError::new("options", e.0))?;
        Ok(options)
    }
}

impl fmt::Display for StackControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8).rev() {
            for file in 0..8 {
                if file > 0 {
                    f.write_str(",")?;
                }
                let sq = Square::new(file, rank).ok_or(fmt::Error)?;
                let stack = self.stack(sq);
                if stack.is_empty() {
                    f.write_str("-")?;
                }
                for p in stack {
                    write!(f, "{}{}", p.colour.letter(), p.size.pips())?;
                }
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        f.write_str(" ")?;
        for (seat, colour) in self.colours.iter().enumerate() {
            let c = colour.letter();
            let c = if self.is_in(seat) {
                c
            } else {
                c.to_ascii_lowercase()
            };
            write!(f, "{c}")?;
        }
        write!(f, " {}", self.turn + 1)
    }
}

fn parse_stack(token: &str) -> Result<Vec<Pyramid>, NotationError> {
    if token == "-" {
        return Ok(Vec::new());
    }
    let chars: Vec<char> = token.chars().collect();
    if chars.is_empty() || !chars.len().is_multiple_of(2) || chars.len() > 24 {
        return Err(NotationError::new(
            "position",
            format!("\"{}\" is not a stack like R3G1 or -", clip(token)),
        ));
    }
    chars
        .chunks(2)
        .map(|pair| {
            let colour = Colour::from_letter(pair[0]).filter(|_| pair[0].is_ascii_uppercase());
            let size = pair[1].to_digit(10).and_then(|d| Size::from_pips(d as u8));
            match (colour, size) {
                (Some(colour), Some(size)) => Ok(Pyramid { colour, size }),
                _ => Err(NotationError::new(
                    "position",
                    format!("\"{}{}\" is not a pyramid like R3", pair[0], pair[1]),
                )),
            }
        })
        .collect()
}

impl FromStr for StackControl {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = |why: String| NotationError::new("position", why);
        let parts: Vec<&str> = s.split_whitespace().collect();
        let [board_part, seats_part, turn_part] = parts[..] else {
            return Err(err(
                "expected three fields: board, seats, seat to move".into()
            ));
        };
        let ranks: Vec<&str> = board_part.split('/').collect();
        if ranks.len() != 8 {
            return Err(err(format!("the board has {} ranks, not 8", ranks.len())));
        }
        let mut board = [Stack::EMPTY; 64];
        for (i, rank_text) in ranks.iter().enumerate() {
            let squares: Vec<&str> = rank_text.split(',').collect();
            if squares.len() != 8 {
                return Err(err(format!(
                    "rank {} has {} squares, not 8",
                    8 - i,
                    squares.len()
                )));
            }
            for (file, token) in squares.iter().enumerate() {
                board[(7 - i) * 8 + file] = Stack::from_slice(&parse_stack(token)?)
                    .ok_or_else(|| {
                        err(format!(
                            "\"{}\" holds more than {STACK_MOST} pyramids: a stack keeps at most two of each size",
                            clip(token)
                        ))
                    })?;
            }
        }
        let mut colours = Vec::new();
        let mut in_game = Vec::new();
        for c in seats_part.chars() {
            let colour =
                Colour::from_letter(c).ok_or_else(|| err(format!("'{c}' is not a seat colour")))?;
            colours.push(colour);
            in_game.push(c.is_ascii_uppercase());
        }
        StackControlOptions {
            colours: colours.clone(),
        }
        .validate()
        .map_err(|e| err(e.0))?;
        let canonical =
            turn_part.bytes().all(|b| b.is_ascii_digit()) && !turn_part.starts_with('0');
        let turn: usize = Some(turn_part)
            .filter(|_| canonical)
            .and_then(|t| t.parse().ok())
            .filter(|t| (1..=colours.len()).contains(t))
            .ok_or_else(|| err(format!("\"{}\" is not a seat number", clip(turn_part))))?;
        let mut removed = [[0u8; 3]; 5];
        for colour in COLOURS {
            for size in Size::ALL {
                let n = board
                    .iter()
                    .flat_map(Stack::as_slice)
                    .filter(|p| p.colour == colour && p.size == size)
                    .count();
                let n = u8::try_from(n)
                    .ok()
                    .filter(|&n| n <= PYRAMIDS_PER_KIND)
                    .ok_or_else(|| {
                        err(format!(
                            "there are more than {PYRAMIDS_PER_KIND} {} {}s",
                            colour.name(),
                            size.name()
                        ))
                    })?;
                removed[colour.index()][usize::from(size.pips() - 1)] = PYRAMIDS_PER_KIND - n;
            }
        }
        let game = StackControl {
            board,
            colours,
            in_game,
            turn: turn - 1,
            removed,
        };
        // Among other things this requires the seat to move to be in, so some seat is.
        game.check_invariants().map_err(err)?;
        Ok(game)
    }
}

crate::core::serde_via_notation!(StackControl, StackMove, StackControlOptions);
