//! Game records: what is saved and shared. The position is rebuilt by replaying the moves.

use std::rc::Rc;

use serde::{Deserialize, Serialize};

pub use crate::core::PlayerInfo;
use crate::core::{AnyGame, ApiError, Seat};
use crate::registry;

/// The record format this build writes and reads.
pub const RECORD_FORMAT: u32 = 1;

const MAX_NAME_CHARS: usize = 40;
const MAX_MOVES: usize = 20_000;

/// Every position of a game from its start, and who made each move. Positions are shared
/// (`Rc`), so copying a timeline is cheap, and a move extends it without replaying the game.
#[derive(Debug, Clone)]
pub struct Timeline {
    /// `positions[i]` is the position after `i` moves.
    positions: Vec<Rc<dyn AnyGame>>,
    /// `movers[i]` is the seat that made move `i + 1`.
    movers: Vec<Seat>,
}

impl Timeline {
    /// A timeline holding only the start.
    pub fn new(start: Box<dyn AnyGame>) -> Self {
        Timeline {
            positions: vec![Rc::from(start)],
            movers: Vec::new(),
        }
    }

    /// How many moves it holds.
    pub fn moves(&self) -> usize {
        self.movers.len()
    }

    /// The position after `moves` moves (the last one when there are fewer).
    pub fn position(&self, moves: usize) -> &Rc<dyn AnyGame> {
        &self.positions[moves.min(self.positions.len() - 1)]
    }

    /// The last position.
    pub fn last(&self) -> &Rc<dyn AnyGame> {
        self.position(self.moves())
    }

    /// The seat that made move `i + 1`.
    pub fn mover(&self, i: usize) -> Option<Seat> {
        self.movers.get(i).copied()
    }

    /// Forgets every move after the first `moves`.
    pub fn truncate(&mut self, moves: usize) {
        self.positions.truncate(moves + 1);
        self.movers.truncate(moves);
    }

    /// Plays `mv` (move notation) after the last position; returns its canonical notation.
    ///
    /// # Errors
    /// When it does not parse or is not legal; the timeline is then unchanged.
    pub fn push(&mut self, mv: &str) -> Result<String, ApiError> {
        let last = self.last();
        let mover = last.to_move().unwrap_or_default();
        let mut next = last.clone_box();
        let canonical = next.play(mv)?;
        self.positions.push(Rc::from(next));
        self.movers.push(mover);
        Ok(canonical)
    }
}

/// Everything needed to rebuild a game exactly: which game, its options, its seed and its moves.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Record format version ([`RECORD_FORMAT`]).
    pub format: u32,
    /// Game slug.
    pub game: String,
    /// Options notation.
    pub options: String,
    /// The seed of all the game's randomness.
    pub seed: u64,
    /// One entry per seat.
    pub players: Vec<PlayerInfo>,
    /// Moves in move notation, in the order played.
    pub moves: Vec<String>,
}

impl GameRecord {
    /// A record of a game not yet begun.
    pub fn new(game: &str, options: &str, seed: u64, players: Vec<PlayerInfo>) -> Self {
        GameRecord {
            format: RECORD_FORMAT,
            game: game.to_string(),
            options: options.to_string(),
            seed,
            players,
            moves: Vec::new(),
        }
    }

    /// The starting position.
    ///
    /// # Errors
    /// Unknown game or bad options.
    pub fn start(&self) -> Result<Box<dyn AnyGame>, ApiError> {
        registry::create(&self.game, &self.options, self.seed)
    }

    /// The position after the first `upto` moves (all of them when `upto` is larger).
    ///
    /// # Errors
    /// When the game cannot start or a move is refused; the message names the move.
    pub fn replay(&self, upto: usize) -> Result<Box<dyn AnyGame>, ApiError> {
        Ok(self.replay_canonical(upto)?.0)
    }

    /// The position after the first `upto` moves, and those moves in canonical notation.
    fn replay_canonical(&self, upto: usize) -> Result<(Box<dyn AnyGame>, Vec<String>), ApiError> {
        self.replay_from(self.start()?, upto)
    }

    /// Plays the first `upto` moves on `game` (the start); returns it and the canonical moves.
    fn replay_from(
        &self,
        mut game: Box<dyn AnyGame>,
        upto: usize,
    ) -> Result<(Box<dyn AnyGame>, Vec<String>), ApiError> {
        let mut canonical = Vec::with_capacity(upto.min(self.moves.len()));
        for (i, mv) in self.moves.iter().take(upto).enumerate() {
            canonical.push(play_recorded(game.as_mut(), i, mv)?);
        }
        Ok((game, canonical))
    }

    /// Every position from the start to the end, and who made each move.
    ///
    /// # Errors
    /// When the game cannot start or a move is refused; the message names the move.
    pub fn timeline(&self) -> Result<Timeline, ApiError> {
        let mut line = Timeline::new(self.start()?);
        for (i, mv) in self.moves.iter().enumerate() {
            line.push(mv).map_err(|e| refused(i, mv, &e))?;
        }
        Ok(line)
    }

    /// Checks everything a record from outside must satisfy: known format and game, options
    /// that start a game, one player per seat with sensible names, and moves that all replay.
    ///
    /// # Errors
    /// [`ApiError::BadRecord`] (or a more precise error) saying what is wrong.
    pub fn validate(&self) -> Result<Box<dyn AnyGame>, ApiError> {
        Ok(self.checked()?.0)
    }

    /// The record validated in full ([`GameRecord::validate`]), with every move rewritten in
    /// its canonical notation (so ` C3-E5 ` from a hand-edited file is stored as `c3-e5`).
    ///
    /// # Errors
    /// As [`GameRecord::validate`].
    pub fn normalised(&self) -> Result<GameRecord, ApiError> {
        let (_, moves) = self.checked()?;
        Ok(GameRecord {
            moves,
            ..self.clone()
        })
    }

    /// Every check of [`GameRecord::validate`]; the final position and the canonical moves.
    fn checked(&self) -> Result<(Box<dyn AnyGame>, Vec<String>), ApiError> {
        if self.format != RECORD_FORMAT {
            return Err(ApiError::BadRecord(format!(
                "it is in format version {}, and this app reads version {RECORD_FORMAT}",
                self.format
            )));
        }
        if self.moves.len() > MAX_MOVES {
            return Err(ApiError::BadRecord("it has too many moves".into()));
        }
        let start = self.start()?;
        if self.players.len() != start.seats() {
            return Err(ApiError::BadRecord(format!(
                "it names {} players for a {}-seat game",
                self.players.len(),
                start.seats()
            )));
        }
        for (seat, p) in self.players.iter().enumerate() {
            if p.name.trim().is_empty() || p.name.chars().count() > MAX_NAME_CHARS {
                return Err(ApiError::BadRecord(format!(
                    "player names must be 1 to {MAX_NAME_CHARS} characters"
                )));
            }
            let colour_ok = match start.seat_label(seat) {
                Some(label) => p.colour == label,
                None => {
                    p.colour.len() <= 16
                        && p.colour
                            .chars()
                            .all(|c| c.is_ascii_alphanumeric() || c == '#')
                }
            };
            if !colour_ok {
                return Err(ApiError::BadRecord(format!(
                    "player {}'s colour \"{}\" does not fit the game",
                    seat + 1,
                    short(&p.colour)
                )));
            }
        }
        self.replay_from(start, self.moves.len())
    }

    /// The record as JSON (what files and links carry).
    pub fn to_json(&self) -> String {
        // A record holds only strings and numbers, so serialising cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// A record from JSON, fully validated, its moves in canonical notation.
    ///
    /// # Errors
    /// When the text is not a record or the record is not valid.
    pub fn from_json(text: &str) -> Result<Self, ApiError> {
        let record: GameRecord = serde_json::from_str(text).map_err(|e| {
            ApiError::BadRecord(
                if e.is_eof() {
                    "it is cut short: part of the game record is missing"
                } else if e.is_data() {
                    "it is not a game record (parts of one are missing or of the wrong kind)"
                } else {
                    "it is not a game record"
                }
                .into(),
            )
        })?;
        record.normalised()
    }

    /// The record packed for a URL (base64url of its JSON, no padding).
    pub fn to_link_payload(&self) -> String {
        base64url_encode(self.to_json().as_bytes())
    }

    /// A record from a URL payload made by [`GameRecord::to_link_payload`], fully validated.
    ///
    /// # Errors
    /// When the payload is damaged or the record is not valid.
    pub fn from_link_payload(payload: &str) -> Result<Self, ApiError> {
        if payload.trim().is_empty() {
            return Err(ApiError::BadRecord("the link carries no game".into()));
        }
        if payload.len() > 2_000_000 {
            return Err(ApiError::BadRecord(
                "the link is too long to be a game".into(),
            ));
        }
        let bytes = base64url_decode(payload.trim())
            .ok_or_else(|| ApiError::BadRecord("the link is damaged (not base64url)".into()))?;
        let text = String::from_utf8(bytes)
            .map_err(|_| ApiError::BadRecord("the link is damaged (not text)".into()))?;
        Self::from_json(&text)
    }
}

/// Plays move `i` (from 0) of a record; a refusal names the move.
fn play_recorded(game: &mut dyn AnyGame, i: usize, mv: &str) -> Result<String, ApiError> {
    game.play(mv).map_err(|e| refused(i, mv, &e))
}

/// The error for move `i` (from 0) of a record being refused.
fn refused(i: usize, mv: &str, e: &ApiError) -> ApiError {
    ApiError::BadRecord(format!(
        "move {} ({}) cannot be played: {e}",
        i + 1,
        short(mv)
    ))
}

fn short(s: &str) -> String {
    let mut out: String = s.chars().take(24).collect();
    if s.chars().count() > 24 {
        out.push('…');
    }
    out
}

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Base64url without padding.
pub fn base64url_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 4 / 3 + 3);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        let chars = chunk.len() + 1;
        for i in 0..chars {
            out.push(B64[((n >> (18 - 6 * i)) & 63) as usize] as char);
        }
    }
    out
}

/// Decodes base64url (padding optional); `None` on any bad character or length.
pub fn base64url_decode(text: &str) -> Option<Vec<u8>> {
    let text = text.trim_end_matches('=');
    if text.len() % 4 == 1 {
        return None;
    }
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let mut acc: u32 = 0;
    let mut bits = 0;
    for c in text.bytes() {
        let v = B64.iter().position(|&x| x == c)? as u32;
        acc = (acc << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64url_round_trips() {
        for len in 0..40 {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 37 + 11) as u8).collect();
            let enc = base64url_encode(&bytes);
            assert!(!enc.contains('='));
            assert_eq!(base64url_decode(&enc), Some(bytes));
        }
        assert_eq!(base64url_decode("a"), None);
        assert_eq!(base64url_decode("ab!d"), None);
    }
}
